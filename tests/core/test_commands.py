"""The command registry: one entry per command, so help, completion and dispatch agree."""

import pytest

from referee.core.builtins import SHELL
from referee.core.commands import CommandSet
from referee.core.errors import InputError
from tests.core.fakegame import COMMANDS


@pytest.fixture
def registry():
    reg = CommandSet()

    @reg.command("place", "p", usage="place LETTER")
    def place(session, args):
        """Put a letter on the board.

        It goes in the next position.
        """

    @reg.command("pilfer", usage="pilfer PLAYER CARD")
    def pilfer(session, args):
        """Take a card."""

    @reg.command("word", "w", "claim")
    def word(session, args):
        """Claim a word."""

    return reg


def test_exact_name(registry):
    assert registry.lookup("place").name == "place"
    assert registry.exact("WORD").name == "word"
    assert registry.exact("wor") is None


def test_alias(registry):
    assert registry.lookup("p").name == "place"
    assert registry.lookup("claim").name == "word"
    assert registry.lookup("W").name == "word"


def test_unique_prefix(registry):
    assert registry.lookup("pla").name == "place"
    assert registry.lookup("pil").name == "pilfer"
    assert registry.lookup("cl").name == "word"  # a prefix of an alias names its command


def test_ambiguous_prefix_message():
    reg = CommandSet()
    for name in ("score", "scores-by-round", "show"):
        reg.command(name)(lambda session, args: None)
    with pytest.raises(InputError, match=r"'s' could be score, scores-by-round, show; type more of it"):
        reg.lookup("s")


def test_did_you_mean(registry):
    with pytest.raises(InputError, match=r"no command 'plaec'; did you mean 'place'\?"):
        registry.lookup("plaec")


def test_no_suggestion_for_nonsense(registry):
    with pytest.raises(InputError, match="no command 'xyzzy'; type help for the list"):
        registry.lookup("xyzzy")


def test_help_text_comes_from_the_docstring(registry):
    cmd = registry.lookup("place")
    assert cmd.usage == "place LETTER"
    assert cmd.summary == "Put a letter on the board."
    assert cmd.details == "It goes in the next position."
    assert cmd.words == ("place", "p")
    assert registry.lookup("word").usage == "word"  # the name when no usage is given


def test_extend_merges_without_changing_either_set():
    merged = SHELL.extend(COMMANDS)
    assert merged.lookup("add").name == "add" and merged.lookup("undo").name == "undo"
    assert "add" not in SHELL.commands and "undo" not in COMMANDS.commands


def test_game_command_overrides_a_shell_command_of_the_same_name():
    game = CommandSet()

    @game.command("score")
    def score(session, args):
        """The game's own scoreboard."""

    merged = SHELL.extend(game)
    assert merged.lookup("score").handler is score
    # The old command's alias must not still run the old handler behind the new name.
    with pytest.raises(InputError, match="did you mean 'score'"):
        merged.lookup("scores")
    assert merged.lookup("sco") is merged.lookup("score")


def test_empty_word_is_not_an_ambiguous_prefix_of_everything(registry):
    with pytest.raises(InputError, match=r"^no command given; type a command \(help lists them\)$"):
        registry.lookup("")


# -- tables that fit a phone terminal ---------------------------------------------------


def test_a_table_wider_than_the_terminal_wraps_its_widest_text_column():
    from referee.core import render

    rows = [("Ann", "Mars (4), Leo (36), Kuiper Belt (9.5), Sun (0), Aries (24)", 73.5)]
    text = render.table(("player", "cards", "total"), rows, width=44)
    assert max(len(line) for line in text.splitlines()) <= 44
    assert "73.5" in text and "Aries" in text  # nothing lost, numbers whole


def test_a_table_that_fits_is_left_as_tabulate_draws_it():
    from referee.core import render
    from tabulate import tabulate

    rows = [("Ann", "Mars (4)", 4)]
    assert render.table(("player", "cards", "total"), rows, width=80) == tabulate(rows, headers=("player", "cards", "total"))


def test_scripts_get_a_fixed_width_not_the_window(monkeypatch):
    from referee.core import render

    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.setattr("sys.stdout.isatty", lambda: False, raising=False)
    assert render.terminal_width() == 100
    monkeypatch.setenv("COLUMNS", "48")
    assert render.terminal_width() == 48


def test_a_two_letter_slip_is_not_suggested_a_one_letter_alias():
    commands = CommandSet()

    @commands.command("show", "s")
    def show(session, args):
        """Draw the table."""

    with pytest.raises(InputError) as refused:
        commands.lookup("bs")
    assert "did you mean" not in str(refused.value) and "type help for the list" in str(refused.value)


def test_fit_words_breaks_between_words_measuring_without_colour_codes():
    import click

    from referee.core import render

    parts = [click.style(w, fg="red") for w in "Ann holds 4b 5b 7a 9a".split()]
    text = render.fit_words(parts, 12, indent="  ")
    assert [click.unstyle(line) for line in text.splitlines()] == ["Ann holds 4b", "  5b 7a 9a"]
    assert render.fit_words(["averyveryverylongword", "x"], 5, indent="") == "averyveryverylongword\nx"
    assert render.fit_text("a b c\nd e", 3, indent="") == "a b\nc\nd e"
    assert render.visible(click.style("Rs★", fg="red")) == 3


# -- commands.fitted: one wrapper for the games that fit their own replies to a phone ------


def _fit_to(width):
    from referee.core import render

    return lambda text, margin: render.fit_lines(text, width - margin)


def test_fitted_breaks_a_reply_and_a_refusal_between_words_keeping_the_rule():
    from referee.core.commands import fitted
    from referee.core.errors import RuleError

    def refuse(session, args):
        raise RuleError("time is up for Ann's turn (12 s past 60 s); add `late` if the table allows it",
                        rule="CX-7, G-5")

    with pytest.raises(RuleError) as caught:
        fitted(refuse, _fit_to(30))(None, "")
    text = str(caught.value)
    assert all(len(line) <= 28 for line in text.splitlines()) and len(text.splitlines()) > 2
    assert caught.value.rule == "CX-7, G-5" and text.count("CX-7") == 1  # not cited twice
    reply = fitted(lambda s, a: ["one two three four five six seven eight nine"], _fit_to(20))(None, "")
    assert max(len(line) for line in reply.splitlines()) <= 20


def test_fitted_keeps_a_long_reply_long_and_leaves_data_alone():
    from referee.core import render
    from referee.core.commands import fitted

    words = "word " * 30
    long_reply = fitted(lambda s, a: render.Long(words), _fit_to(20))(None, "")
    assert isinstance(long_reply, render.Long) and max(len(line) for line in long_reply.splitlines()) <= 20
    data = render.Data('[{"word": "metaphor", "path": [[1, "m"], [2, "eta"]], "zipf": 3.1}]')
    assert fitted(lambda s, a: data, _fit_to(20))(None, "") is data


def test_fit_replies_wraps_every_handler_once_even_when_asked_twice(monkeypatch):
    """CommandSet.fit_replies is each game's last step; a second call (a module read
    again) must not wrap a handler twice, or every reply is fitted twice over."""
    from referee.core.commands import CommandSet

    monkeypatch.setenv("COLUMNS", "20")
    commands = CommandSet()
    calls = []

    @commands.command("say")
    def say(session, args):
        calls.append(args)
        return "one two three four five six seven eight nine"

    commands.fit_replies()
    wrapped = commands.commands["say"].handler
    commands.fit_replies()
    assert commands.commands["say"].handler is wrapped and wrapped is not say
    reply = wrapped(None, "x")
    assert max(len(line) for line in reply.splitlines()) <= 20 and calls == ["x"]
