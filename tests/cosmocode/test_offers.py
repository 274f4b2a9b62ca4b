"""Help and completion show each mode only its own commands (Game.offers), and what they
leave out could never have been used there: the rules refuse it at every point of a game."""

import os
import re

import pytest

from tests.cosmocode.helpers import GAME, open_session, say

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
EVERY = {"start", "receive", "reveal", "flip", "indicator", "tune", "take", "nothing", "discard", "perk",
         "deal", "hand", "hint", "finish"}
# one refusal citing a rule; a long one naming the move typed is broken between words
REFUSED = re.compile(r"^✗ .+ \((\d[a-c]?|CO-\d|G-\d|End)\)$", re.S)

# A typed line for each left-out command, by its name and by its aliases, well formed, so
# only the rules can refuse it.
TRIES = {
    "start": ["start Ann", "start Ben", "first Ben", "Ann: start Ann"],
    "reveal": ["reveal 3a 7b", "reveal 4a 6a 5b", "cards 1b 2b", "reveal 2a 9b"],
    "deal": ["deal Ann 1a", "deal Ben 2b 3b 4b", "holds Cy 5a"],
}


def help_commands(shell):
    """The game's commands `help` lists: the first word of each entry of its section."""
    text = say(shell, "help")
    section = text.split("At any time")[0].splitlines()[1:]
    return {line.split()[0] for line in section if line and not line[0].isspace()}


@pytest.mark.parametrize("mode, first, hidden", [
    ("digital", "random", {"start", "reveal", "deal"}),  # the referee deals, reveals and draws the start player
    ("digital", "Ben", {"start", "reveal", "deal"}),
    ("table", "random", set()),  # the table names the start player with `start`
    ("table", "Ann", {"start"}),  # the option named the start player
])
def test_help_lists_exactly_the_commands_of_the_mode(tmp_path, monkeypatch, mode, first, hidden):
    monkeypatch.setenv("NO_COLOR", "1")
    _session, shell = open_session(tmp_path, ("Ann", "Ben"), mode=mode, seed=3, first=first)
    assert set(GAME.commands.commands) == EVERY  # a new command gets a decision here
    assert help_commands(shell) == EVERY - hidden
    for name in hidden:
        assert "not part of this game as it is set up" in say(shell, f"help {name}")


def _lines(name, drop=()):
    with open(os.path.join(EXAMPLES, name), encoding="utf-8") as handle:
        lines = [line.strip() for line in handle]
    return [line for line in lines if line and not line.startswith("#") and line not in drop]


@pytest.mark.parametrize("mode, first, players, options, script, drop", [
    ("digital", "random", ("Ann", "Ben", "Cy"), {}, "cosmocode-digital.txt", ()),
    ("table", "Ann", ("Ann", "Ben"), {"hand_limit": 5}, "cosmocode-table.txt", ("start Ann",)),
])
def test_what_help_leaves_out_is_refused_by_the_rules_at_every_point(tmp_path, monkeypatch, mode, first, players,
                                                                      options, script, drop):
    """Each example game, with every left-out command tried before each of its lines
    (a fresh game, mid-turn, a discard, a perk, the end): always a refusal citing a rule,
    and the game as it was."""
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, players, mode=mode, seed=10, first=first, **options)
    hidden = [name for name in sorted(EVERY) if not GAME.offers(session.state, name)]
    assert hidden
    phases = set()
    for line in _lines(script, drop) + ["show"]:
        before, written = session.state, len(session.journal.records)
        phases.add(before.phase)
        for name in hidden:
            for typed in TRIES[name]:
                shell.printed.clear()
                assert not shell.execute(typed), typed
                assert len(shell.printed) == 1 and REFUSED.match(shell.printed[0]), (typed, shell.printed)
                assert session.state is before and len(session.journal.records) == written
                assert GAME.offers(session.state, name) is False
        shell.execute(line)
    assert phases == {"receive", "manipulate", "discard", "perk", "over"}  # every phase a turn goes through
