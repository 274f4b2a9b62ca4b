"""Secrets in the shell (issue 9 item 5, core side; DESIGN 5): a reply marked
render.Private and the private part of a refusal go to their owner through
session.show_private (the wiped display `hand` uses), never to the public output, in
the REPL and in the plain loop for scripts alike.
"""

import pytest

from referee.core import render
from referee.core.builtins import SHELL
from referee.core.commands import CommandSet, fitted
from referee.core.errors import RuleError
from referee.core.shell import Shell
from tests.core.fakegame import GAME

SECRETS = CommandSet()


@SECRETS.command("peek", usage="peek")
def peek_command(session, args):
    """Ann's hand, for her eyes only."""
    return render.Private("Ann holds the ace of stars", "Ann")


@SECRETS.command("both", usage="both")
def both_command(session, args):
    """A public reply and a private one."""
    return ["✓ Ann looked at her hand", render.Private("Ann holds the ace of stars", "Ann")]


@SECRETS.command("pay", usage="pay CARD")
def pay_command(session, args):
    """Pay with a card the speaker may not hold."""
    raise RuleError("Ann cannot pay with that card", rule="G-1",
                    private="you hold no blue 5: your hand is 2a 9b", owner="Ann")


@SECRETS.command("guess", usage="guess")
def guess_command(session, args):
    """A refusal with a private part and no owner named."""
    raise RuleError("that guess is refused", rule="G-1", private="the card under the cup is the 7")


@SECRETS.command("wide", usage="wide")
def wide_command(session, args):
    """A long private reply, fitted to the screen like every reply."""
    return render.Private("Ann's hand: " + " ".join(f"card{n}" for n in range(30)), "Ann")


for _name in ("pay", "wide"):  # as games wrap their handlers (commands.fitted)
    SECRETS.commands[_name].handler = fitted(SECRETS.commands[_name].handler,
                                             lambda text, margin: render.fit_text(text, 50 - margin))


@pytest.fixture
def table(session, home):
    """A plain-loop shell (scripts, pipes) whose public output and private displays are
    collected apart: ``public`` and ``private`` lists."""
    public, private = [], []
    sh = Shell(session, SHELL.extend(GAME.commands).extend(SECRETS), out=public.append)
    sh.show_private = lambda owner, text: private.append((owner, text))
    return sh, public, private


def test_issue9_item5_a_private_reply_goes_to_its_owner_not_the_table(table):
    shell, public, private = table
    assert shell.execute("peek")
    assert private == [("Ann", "Ann holds the ace of stars")]
    assert not any("ace" in text for text in public)


def test_issue9_item5_a_reply_of_public_and_private_parts_keeps_them_apart(table):
    shell, public, private = table
    shell.execute("both")
    assert public == ["✓ Ann looked at her hand"]
    assert private == [("Ann", "Ann holds the ace of stars")]


def test_issue9_item5_a_refusal_prints_its_public_words_and_shows_the_rest_to_its_owner(table):
    shell, public, private = table
    assert not shell.execute("Ben: pay 5b")
    assert public == ["✗ Ann cannot pay with that card (G-1)"]
    assert private == [("Ann", "✗ you hold no blue 5: your hand is 2a 9b")]
    assert shell.context.last_refusal == ("Ann cannot pay with that card (G-1)", "G-1")  # why: public words only
    shell.execute("why")
    assert "2a 9b" not in public[-1] and "G-1 · RULINGS" in public[-1]


def test_issue9_item5_a_private_part_without_owner_goes_to_the_player_to_act_only(table, monkeypatch):
    from referee.core import phases

    shell, public, private = table
    monkeypatch.setattr(phases, "player_to_act", lambda state: "Ben")
    shell.execute("guess")
    shell.execute("Ben: guess")
    assert private == [("Ben", "✗ the card under the cup is the 7")] * 2
    shell.execute("Ann: guess")  # Ann spoke, Ben is to act: whose cards? nobody is shown
    assert public == ["✗ that guess is refused (G-1)"] * 3
    assert len(private) == 2


def test_issue9_item5_a_private_part_with_nobody_to_show_it_to_is_not_shown(table):
    shell, public, private = table
    shell.execute("guess")  # nobody spoke and the fake game has no player to act
    assert public == ["✗ that guess is refused (G-1)"]
    assert private == []


def test_issue9_item5_fitted_keeps_a_reply_private_and_a_refusal_its_private_part(table):
    shell, public, private = table
    shell.execute("wide")
    (owner, text), = private
    assert owner == "Ann" and isinstance(text, str) and "card29" in text
    assert max(len(line) for line in text.splitlines()) <= 50 and not public
    shell.execute("pay 5b")
    assert private[-1] == ("Ann", "✗ you hold no blue 5: your hand is 2a 9b")
    assert public[-1] == "✗ Ann cannot pay with that card (G-1)"


def test_issue9_item5_the_plain_loop_prints_a_private_part_only_the_way_show_private_does(session, home):
    """Scripts and pipes: the shell's own show_private prints the private text by itself
    (the script's operator is the one at the keyboard, as `hand` has always behaved
    there); it is never folded into the public refusal line, so a collector of public
    output (the games' secrecy tests, --json's stderr play) sees it apart."""
    printed = []
    shell = Shell(session, SHELL.extend(GAME.commands).extend(SECRETS), out=printed.append)
    shown = []
    real = shell.show_private
    shell.show_private = lambda owner, text: (shown.append(text), real(owner, text))
    shell.run_lines(["pay 5b", "peek"])
    assert printed == ["> pay 5b", "✗ Ann cannot pay with that card (G-1)", "✗ you hold no blue 5: your hand is 2a 9b",
                       "> peek", "Ann holds the ace of stars"]
    assert shown == [printed[2], printed[4]]  # each private line came through show_private, once


@pytest.fixture
def repl(session, home):
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    printed = []
    sh = Shell(session, SHELL.extend(GAME.commands).extend(SECRETS), out=printed.append, interactive=True)
    sh.printed = printed
    with create_pipe_input() as pipe:
        yield sh, pipe, DummyOutput()


def test_issue9_item5_in_the_repl_a_private_reply_and_a_refusal_s_private_part_are_wiped(repl, capsys):
    shell, pipe, output = repl
    asked = []
    ask = shell._ask
    shell._ask = lambda message, **settings: (asked.append(message), ask(message, **settings))[1]
    pipe.send_text("peek\r\r\rpay 5b\r\r\radd 2\r\x04")
    shell.run_interactive(input=pipe, output=output)
    ready = "For Ann only: press Enter when only Ann is looking "  # issue 18, item 16
    assert asked == [ready, "Ann: press Enter to hide this ", ready, "Ann: press Enter to hide this "]
    # shown on the alternate screen, which leaving restores (issue 18, item 2)
    assert capsys.readouterr().out.count("\x1b[?1049l") == 2
    assert shell.session.state.total == 2
