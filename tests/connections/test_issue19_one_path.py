"""Issue 19 in Connections: every move is typed through its own declaration (moves.py:
words, reading, gathering, reply) and the core runs its path once (core.play), so the
order of what is checked and asked is the engine's, not each handler's."""

import pytest

from referee.games.connections.commands import COMMANDS
from referee.games.connections.moves import MOVES
from referee.games.connections.reading import AS_PRINTED
from tests.connections.helpers import new_session


def typed(shell, out, line):
    del out[:]
    shell.execute(line)
    return "\n".join(str(part) for part in out)


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    return lambda variant="classic", players=("Ann", "Ben"): new_session(tmp_path / variant, variant, players)


def test_issue19_every_move_is_typed_by_its_own_command_and_only_show_is_left_to_commands():
    """A command that makes a move runs core.play (``plays``): no handler of the game's
    own can check the phase again or forget to."""
    game_commands = {name: cmd for name, cmd in COMMANDS.commands.items() if cmd.group == "game"}
    assert {name for name, cmd in game_commands.items() if cmd.plays is None} == {"show"}
    assert {cmd.plays.name for cmd in game_commands.values() if cmd.plays} == {move.name for move in MOVES}


def test_issue19_a_move_the_phase_does_not_open_is_refused_before_its_words_are_read(table):
    """Before the starter card a mistyped `play` is told what the game waits for, not how
    a card is typed: the phase is asked first (the order changed on purpose, issue 19)."""
    session, shell, out = table()
    text = typed(shell, out, "play nonsense")
    assert text == "✗ first lay the starter card, not `play`: `start NORTH/EAST/SOUTH/WEST POINTS` (CN-6)"
    assert session.journal.records == []


def test_issue19_the_lexicon_is_asked_only_about_a_card_the_rules_take(table):
    """The play's rules are its ``check_first``: a card that connects to nothing is refused
    with its rule and nobody is asked whether KITESURF is a slip."""
    session, shell, out = table()
    typed(shell, out, "start tiger/head/tree/ocean 1")
    asked = []
    shell.confirm = lambda question: asked.append(question) or True
    text = typed(shell, out, "play 5,5 kitesurf/apple/river/head 2")
    assert text.startswith("✗") and "(CN-2)" in text and asked == []
    typed(shell, out, "play 1,0 kitesurf/apple/river/head 2")
    assert len(asked) == 1 and session.events[-1]["unchecked"] == ["kitesurf"]


def test_issue19_the_bang_and_a_late_typed_in_time_never_reach_the_journal(table):
    """`!` and `late` are the line's, settled by the gathering: the journal keeps only what
    the rules and the log read (``unchecked``; ``late`` only for a play that was late)."""
    session, shell, out = table()
    typed(shell, out, "start tiger/head/tree/ocean 1 !")
    assert AS_PRINTED not in session.events[-1]
    assert typed(shell, out, "play 1,0 kitesurf/apple/river/head 2 ! late").startswith("✓")
    last = session.events[-1]
    assert AS_PRINTED not in last and "late" not in last and last["unchecked"] == ["kitesurf"]
    assert last["pairs"] == ["head ↔ head"]
