"""Secrets by construction (issue 9 item 5): what Cosmic Colors keeps hidden never shows.

The game's hidden contents are each team's point total (CC-4: a team sees only its own
until the end), the draw pile in digital mode (G-2: the undrawn cards) and, in digital
Jr, the cards under the piles' top cards. The property: two games that differ ONLY in
those, given the same lines, give the table the same public outputs while the game is
on: every reply and refusal (what goes to one seat privately aside), the prompt, the
toolbar, `show`, the log, every export and the --json result.
"""

import json
import os
from dataclasses import replace

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli import main
from referee.core import export, store
from referee.core.builtins import SHELL
from referee.core.errors import RuleError
from referee.core.options import resolve
from referee.core.session import Session
from referee.core.shell import Shell
from referee.core.reply import Reply
from referee.games.colors import questions
from referee.games.colors.game import Colors
from referee.games.colors_jr import state as jr
from referee.games.colors_jr.game import ColorsJr
from referee.games.colors_jr.taking import best_take

from .build import GRID, state as built
from .test_properties import LINES, TABLE_SETUP, realise

CLOCK = 1795468374.0
EXPORTS = ("text", "md", "csv", "json")


class HiddenJr(ColorsJr):
    """Jr with other hidden contents: its bottom cards moved round the piles."""

    __module__ = ColorsJr.__module__  # the same rule table (`rule`, `why`) as the game's

    def initial(self, header):
        state = super().initial(header)
        if state.mode != "digital":
            return state
        bottoms = [pile[0] for pile in state.piles]
        bottoms = bottoms[1:] + bottoms[:1]
        return replace(state, piles=tuple((b,) + pile[1:] for b, pile in zip(bottoms, state.piles)))


class Hidden(Colors):
    """The same game with other hidden contents: the second team's total 1000 higher,
    the bottom of the digital draw pile in another order, Jr's bottom cards moved round
    the piles (HiddenJr, the box's other game). Nothing the table has seen differs."""

    __module__ = Colors.__module__  # the same rule table (`rule`, `why`) as the game's

    def variant(self, header):
        return HiddenJr() if super().variant(header) is not self else self

    def initial(self, header):
        state = super().initial(header)
        pile = state.pile
        if pile:
            pile = pile[:-12] + tuple(reversed(pile[-12:]))
        return replace(state, points=(0, 1000), pile=pile)


def _still_hidden(state):
    """The altered contents have not come into view: the game is on and (digital) the
    reordered cards are still in the pile, Jr's bottom cards still under others."""
    if state.phase == "over":
        return False
    if isinstance(state, jr.JrState):
        return state.mode != "digital" or all(len(pile) >= 2 for pile in state.piles)
    return state.mode != "digital" or state.pile_count >= 12


def _realise(session, line):
    """`BEST` is the best play (Jr: the biggest take), so random games get somewhere."""
    state = session.state
    if line.startswith("BEST") and isinstance(state, jr.JrState) and state.phase == "play":
        _size, cell, side, value = best_take(state.tops)
        return f"take {jr.cell_name(cell)} {state.names.value_name(side, value)}"
    return realise(session, line)


def _open(game, home, players, mode, variant):
    os.environ["REFEREE_HOME"] = str(home)
    values = resolve(game.options, ())
    values.update(variant=variant)
    header = {"id": None, "players": list(players), "mode": mode, "seed": 7, "options": values, "wordlists": []}
    game.prepare(header)
    header["id"] = store.new_id(game.name)
    session = Session.start(game, header, store.path_of(header["id"]), clock=lambda: CLOCK)
    out, private = [], []
    shell = Shell(session, SHELL.extend(session.game.commands), out=out.append)
    shell.show_private = lambda owner, text: private.append((owner, text))
    return session, shell, out


def _public(session, shell, out, line):
    """Everything the table sees after ``line``: the reply, prompt, toolbar and `show`."""
    out.clear()
    shell.execute(line)
    state = session.state
    return ["\n".join(out), session.game.prompt(state), session.game.toolbar(state), session.game.show(session)]


def _record(session):
    """The log, each export and the --json result, as the table may see them now."""
    game, finished = session.game, session.over
    texts = [export.render(game, session.header, session.records, finished, fmt, states=session.states)
             for fmt in EXPORTS]
    return texts + [json.dumps(game.result(session.state))]


SETUPS = st.sampled_from([(("Ann", "Ben"), "digital", "standard"), (("Ann", "Ben", "Cy", "Di"), "digital", "wild"),
                          (("Ann", "Ben"), "table", "short"), (("Ann", "Ben", "Cy", "Di"), "table", "standard"),
                          (("Ann", "Ben", "Cy"), "digital", "jr")])
SECRET_LINES = st.one_of(LINES, st.sampled_from(
    ["score", "score shapes", "score colors", "score Ben", "Ann: score me", "Ben: score me", "Ann: score colors",
     "Ben: score shapes", "review", "hint", "log", "show", "BEST", "BEST keep", "pass keep"]))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(SECRET_LINES, max_size=30), setup=SETUPS)
def test_issue9_secrecy_hidden_contents_change_no_public_output(tmp_path_factory, lines, setup):
    players, mode, variant = setup
    home = tmp_path_factory.mktemp("secrecy")
    one = _open(Colors(), home / "one", players, mode, variant)
    other = _open(Hidden(), home / "other", players, mode, variant)
    assert one[0].state != other[0].state  # the hidden contents do differ
    if mode == "table" and len(players) == 4:
        lines = TABLE_SETUP + list(lines)
    for line in lines:
        if not _still_hidden(one[0].state):
            break
        typed = _realise(one[0], line)  # from the public state, so the same for both
        seen, seen_other = _public(*one, typed), _public(*other, typed)
        if not _still_hidden(one[0].state):
            break  # this line revealed the contents (the end, the pile's last cards)
        assert seen == seen_other, typed
        assert _record(one[0]) == _record(other[0]), typed


# -- leak 1 (issue 9): the other team's total ----------------------------------------------


LEAK1 = ["colors", "-p", "Ann,Ben", "--mode", "digital", "--variant", "wild", "--seed", "5"]


def _run(home, lines):
    return CliRunner().invoke(main, LEAK1, input="".join(line + "\n" for line in lines),
                              env={"REFEREE_HOME": str(home), "NO_COLOR": "1"})


def test_issue9_leak1_a_player_is_not_told_the_other_team_s_total(tmp_path):
    result = _run(tmp_path, ["play W@c3 as moon", "keep", "Ben: score shapes"])
    told = result.output + (result.stderr if result.stderr_bytes is not None else "")
    last = told[told.index("Ben: score shapes"):] if "Ben: score shapes" in told else told
    assert "Ben plays for Colors (Ben): a team sees only its own total until the end" in told
    assert "(CC-4)" in last
    assert "Shapes (Ann): 6" not in told and "6 points" not in last


def test_issue9_leak1_the_refusal_says_the_same_whatever_the_totals(tmp_path):
    s = built(GRID, ["Rs Rm Rp Rc Rg Os Om", "Ys Ym Yp Yc Yg Gs Gm"])
    for points in ((0, 0), (6, 0), (120, 3)):
        try:
            questions.check_total(replace(s, points=points), "Ben", 0)
        except RuleError as error:
            said = str(error)
        assert "CC-4" in said and str(points[0]) not in said.replace("CC-4", "")
    questions.check_total(s, "Ann", 0)  # her own team's: allowed
    questions.check_total(replace(s, phase="over"), "Ben", 0)  # the end: every total is out


def test_issue9_cc4_a_team_s_total_asked_by_the_table_is_a_private_reply(tmp_path):
    session, shell, out = _open(Colors(), tmp_path, ("Ann", "Ben"), "digital", "standard")
    private = []
    shell.show_private = lambda owner, text: private.append((owner, str(text)))
    assert shell.execute("score shapes")
    assert not any("points" in line for line in out)
    assert private and private[0][0] == "Shapes (Ann)" and private[0][1].endswith("0 points")


def test_issue19_item2_cc4_the_score_command_returns_a_private_reply():
    from referee.games.colors import commands

    class Asked:  # the least of a session the command reads
        state = built(GRID, ["Rs Rm Rp Rc Rg Os Om", "Ys Ym Yp Yc Yg Gs Gm"])
        players = state.players
        speaker = "Ann"
        game = Colors()
        width = 80  # the columns its context gives a reply (core.context.Context.width)

        def find_player(self, text):
            return next((p for p in self.players if p.lower() == text.lower()), None)

    reply = commands.score_command(Asked(), "me")
    assert isinstance(reply, Reply) and reply.owner == "Shapes (Ann)" and not reply.public
    assert reply.private.endswith("0 points")
