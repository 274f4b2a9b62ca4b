"""Issue 19, item 4 for Cosmic Colors: Colors Jr, the other game in the box, is its own
rules package (colors_jr, python-chess's VARIANTS) that `referee colors --variant jr`
still names; the game as set up is said only through Move.offered and Command.offered;
replies are data (core.reply.Reply) that the shell breaks once, the box's way."""

import ast
from pathlib import Path

import click
import pytest

from referee.core.commands import CommandSet
from referee.core.game import Game
from referee.core.reply import Reply
from referee.games import load
from referee.games.colors import commands, view
from referee.games.colors.game import Colors
from referee.games.colors.moves import MOVES
from referee.games.colors_jr.game import GAME as JR
from referee.games.colors_jr.game import ColorsJr
from referee.games.colors_jr.moves import MOVES as JR_MOVES

from .shell import new

GAMES = Path(__file__).resolve().parents[2] / "referee" / "games"
COLORS, COLORS_JR = GAMES / "colors", GAMES / "colors_jr"


def _imported(path):
    """The referee modules a file imports, imports inside functions counted."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return {name for name in found if name.startswith("referee.")}


# -- item 4: Jr is a package of its own --------------------------------------------------------


def test_issue19_item4_the_team_game_knows_nothing_of_jr_s_rules():
    """No module of colors imports colors_jr (Jr imports the box's helpers, never the other
    way round), and no module of colors asks whether its state is Jr's."""
    for path in sorted(COLORS.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not [m for m in _imported(path) if m.startswith("referee.games.colors_jr")], path.name
        assert "JrState" not in text and 'variant == "jr"' not in text and "_is_jr" not in text, path.name
    assert not (COLORS / "jr.py").exists()
    assert any(m.startswith("referee.games.colors.") for p in COLORS_JR.glob("*.py") for m in _imported(p))


def test_issue19_item4_variant_jr_hands_the_session_the_jr_game_of_the_same_name():
    colors = load("colors")
    assert colors.variant({"options": {"variant": "jr"}}) is JR
    for variant in ("standard", "wild", "short"):
        assert colors.variant({"options": {"variant": variant}}) is colors
    assert isinstance(JR, ColorsJr) and not isinstance(JR, Colors)
    assert (JR.name, JR.title, JR.options) == (colors.name, colors.title, colors.options)  # saves, `rules`, -o


def test_issue19_item4_a_jr_session_is_played_by_jr_s_own_declarations(tmp_path):
    session, shell, out = new(tmp_path, players=("Ann", "Ben", "Cy"), variant="jr")
    assert session.game is JR and session.game.moves is JR_MOVES
    top = session.state.tops[0]
    assert shell.execute(f"take a1 {session.state.names.colors[top // 5]}")
    assert session.events[-1]["do"] == "take" and session.state.turn == 1


def test_issue19_item4_the_box_has_one_rulebook():
    """Jr's rule table is the box's: the same rules, word for word, so `rule` and `why`
    read the same whichever game is on the table."""
    assert (COLORS_JR / "ruletable.md").read_text(encoding="utf-8") == \
        (COLORS / "ruletable.md").read_text(encoding="utf-8")
    assert JR.rule_table().ids == load("colors").rule_table().ids


@pytest.mark.parametrize("name", ["grid", "hand", "play", "pass", "discard", "keep", "swap", "draw", "adjust",
                                  "take", "top", "hint"])
def test_issue19_item4_a_command_both_games_know_reads_the_same_in_their_help(name):
    """The box's words are declared once (Jr builds its moves from the team game's), so a
    command's help cannot drift between the two games; only score, finish, review and
    cards say what differs."""
    team, junior = commands.COMMANDS.commands[name], JR.commands.commands[name]
    assert (team.usage, team.aliases, team.summary, team.details) == \
        (junior.usage, junior.aliases, junior.summary, junior.details)


# -- item 4 (B): the game as set up only through Move.offered and Command.offered -----------------


def test_issue19_item4_neither_game_overrides_offers_or_check_offered():
    for cls in (Colors, ColorsJr):
        assert "offers" not in vars(cls) and "check_offered" not in vars(cls), cls.__name__
    assert MOVES["swap"].offered is not None and MOVES["take"].offered is not None
    assert commands.COMMANDS.commands["hand"].offered is not None  # a question every team game has
    assert commands.COMMANDS.commands["hint"].offered is not None  # hints on (CC-8)


@pytest.mark.parametrize("players, hints, shown", [
    (("Ann", "Ben"), True, {"hand", "hint"}), (("Ann", "Ben", "Cy", "Di"), True, {"hand", "hint", "swap"}),
    (("Ann", "Ben"), False, {"hand"}),
])
def test_issue19_item4_help_shows_hand_hint_and_swap_as_the_table_is_set_up(tmp_path, players, hints, shown):
    session, shell, out = new(tmp_path, players=players, hints=hints)
    offered = {name for name in ("hand", "hint", "swap") if session.game.offers(session.state, name)}
    assert offered == shown
    assert shell.execute("hand") and "Ann (shapes" in click.unstyle(out[-1])  # digital too: hands are public


def test_issue19_item4_a_jr_table_typing_a_team_move_is_told_it_is_not_jr_s(tmp_path):
    session, shell, out = new(tmp_path, players=("Ann", "Ben"), variant="jr")
    for line, word in (("hand", "a hand"), ("play Rs@b2", "play"), ("pass", "pass"), ("keep", "keep"),
                       ("swap Rs for Ym", "swap"), ("draw Rs", "draw"), ("adjust pile 3", "adjust")):
        assert not shell.execute(line)
        said = " ".join(click.unstyle(out[-1]).split())
        assert said == f"✗ {word} is not part of Cosmic Colors Jr; Jr players `take CELL COLOUR|SHAPE` (CC-7)"
        assert not session.game.offers(session.state, line.split()[0])
    assert not session.events


# -- item 1: replies are data, broken once by the shell ------------------------------------------


_FITTING = ("fit_text", "fit_lines", "fit_words", "view.fit(", "fit_to_terminal", "terminal_width", "wrap_text",
            "render.ok(", "render.Private(", "render.Long(", "fit_replies", "shown_status")


@pytest.mark.parametrize("folder", [COLORS, COLORS_JR], ids=["colors", "colors_jr"])
@pytest.mark.parametrize("module", ["replies.py", "commands.py"])
def test_issue19_item1_replies_and_questions_neither_fit_nor_mark_their_lines(folder, module):
    text = (folder / module).read_text(encoding="utf-8")
    assert not [word for word in _FITTING if word in text]


def test_issue19_item1_a_move_s_reply_is_a_reply_and_json_keeps_it_as_data(tmp_path):
    session, shell, out = new(tmp_path, mode="digital")
    assert shell.execute("pass")
    assert shell.execute("keep")
    told = shell.told[-1]
    assert told["tone"] == "ok" and told["public"][0] == "Ann keeps every card" and "board" in told["pictures"]
    assert click.unstyle(out[-1]).startswith("✓ Ann keeps every card")


def test_issue19_item1_the_box_breaks_a_tick_line_with_room_for_its_mark_and_a_refusal_indented():
    words = " ".join(["word"] * 30)
    ticked = click.unstyle(view.breaking(Reply.ok(words).text(), 50)).split("\n")
    assert ticked[0].startswith("✓ word") and all(len(line) <= 50 for line in ticked)
    assert all(len(line) <= 48 and line.startswith("word") for line in ticked[1:])  # flush left, room for ✓
    refused = click.unstyle(view.breaking("✗ " + words, 50)).split("\n")
    assert all(line.startswith("  word") for line in refused[1:])  # the house's refusal: indented under ✗
    picture = "    " + " " * 60  # a line drawn for its width is never broken
    assert view.breaking("x\n" + "ab", 50) == "x\nab" and JR.fit("ab", 50) == "ab"
    assert Colors().fit(picture, 80) == picture


def test_issue19_item1_the_score_of_one_team_is_a_private_reply_for_that_team(tmp_path):
    session, shell, out = new(tmp_path)
    private = []
    shell.show_private = lambda owner, text: private.append((owner, click.unstyle(str(text))))
    assert shell.execute("score shapes")
    assert private == [("Shapes (Ann)", "Shapes (Ann): 0 points")]
    assert shell.told[-1] == {"public": [], "private_for": "Shapes (Ann)"}


def test_issue19_item1_no_fit_replies_in_either_game():
    for game in (load("colors"), JR):
        assert isinstance(game.commands, CommandSet)
        assert not any(getattr(cmd.handler, "fitted", False) for cmd in game.commands.commands.values())
        assert type(game).fit is not Game.fit  # the box breaks its own way (view.breaking)


# -- item 2: whose turn comes only from the phase table -----------------------------------------


def test_issue19_item2_whose_turn_comes_from_the_phase_tables_of_both_games(tmp_path):
    """No phase of either game acts for EVERY seat; a move said by the wrong seat is refused
    by the phase table in the game's own words and rule (Turns; Jr's CC-7)."""
    from referee.core.phases import EVERY

    for moves in (MOVES, JR_MOVES):
        assert not [p.name for p in moves.phases.phases.values() if p.acts == EVERY]
    session, shell, out = new(tmp_path)
    assert not shell.execute("Ben: pass")
    assert " ".join(click.unstyle(out[-1]).split()) == "✗ it is Ann's turn, not Ben's (Turns)"
    session, shell, out = new(tmp_path / "jr", players=("Ann", "Ben"), variant="jr")
    assert not shell.execute("Ben: take a1 red")
    assert " ".join(click.unstyle(out[-1]).split()) == "✗ it is Ann's turn, not Ben's (CC-7)"
