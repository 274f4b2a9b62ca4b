"""Game.offers: help and completion show each variant, mode and table only its own
commands (CC-7, G-2, 3b, CC-8), and whatever they leave out is refused by the rules
there, at a fresh game and in mid-game, so hiding a command never hides a usable one."""

import re

import pytest

from .build import GRID
from .shell import GAME, new, one_refusal

EVERYONE = {"score", "hint", "review", "cards", "finish"}
STANDARD = {"hand", "play", "pass", "discard", "keep", "draw"}
JR = {"take", "top"}

# (variant, mode, players, hints) -> the game commands `help` lists, written out by hand
EXPECTED = {
    ("standard", "table", 2, True): EVERYONE | STANDARD | {"grid", "adjust"},
    ("standard", "table", 4, True): EVERYONE | STANDARD | {"grid", "adjust", "swap"},
    ("standard", "digital", 2, True): EVERYONE | STANDARD - {"draw"},
    ("standard", "digital", 4, True): EVERYONE | STANDARD - {"draw"} | {"swap"},
    ("wild", "table", 2, True): EVERYONE | STANDARD | {"grid", "adjust"},
    ("wild", "digital", 4, True): EVERYONE | STANDARD - {"draw"} | {"swap"},
    ("short", "table", 4, True): EVERYONE | STANDARD | {"grid", "adjust", "swap"},
    ("short", "digital", 2, True): EVERYONE | STANDARD - {"draw"},
    ("jr", "table", 2, True): EVERYONE | JR | {"grid"},
    ("jr", "table", 3, True): EVERYONE | JR | {"grid"},
    ("jr", "digital", 4, True): EVERYONE | {"take"},
    ("standard", "table", 2, False): EVERYONE - {"hint"} | STANDARD | {"grid", "adjust"},
    ("standard", "digital", 4, False): EVERYONE - {"hint"} | STANDARD - {"draw"} | {"swap"},
    ("jr", "digital", 2, False): {"score", "review", "cards", "take", "finish"},
}

PLAYERS = ("Ann", "Ben", "Cy", "Di")
HANDS = {2: ["Rs Rm Rp Rc Rg Ys Ym Yp Yc Yg", "Os Om Op Oc Og Bs Bm Bp Bc Bg"],
         4: ["Rs Rm Rp Rc Rg Ys Ym", "Os Om Op Oc Og Bs Bm", "Gs Gm Gp Gc Gg Yp Yc", "Bp Bc Bg Rs Rm Op Og"]}
JR_GRID = "Rs Rm Bg / Os Gs Rc / Yp Rp Bs"
RULE = re.compile(r"\((CC-\d|G-\d|[1-4][a-d]?|Turns|Setup[^)]*)\)")


def start(tmp_path, config):
    variant, mode, players, hints = config
    return new(tmp_path, players=PLAYERS[:players], mode=mode, variant=variant, hints=hints)


def help_commands(shell, out):
    """The command words the game's section of `help` begins its lines with."""
    shell.execute("help")
    section = out[-1].split("At any time")[0]
    words = {line.split()[0] for line in section.splitlines() if line and not line[0].isspace()}
    return words & set(GAME.commands.commands)


def completions(shell, text):
    from prompt_toolkit.document import Document

    from referee.core.completion import CommandCompleter

    return {c.text for c in CommandCompleter(shell).get_completions(Document(text), None)}


@pytest.mark.parametrize("config", list(EXPECTED), ids=lambda c: "-".join(map(str, c)))
def test_cc7_help_lists_exactly_the_commands_of_the_variant_and_mode(tmp_path, config):
    session, shell, out = start(tmp_path, config)
    assert help_commands(shell, out) == EXPECTED[config]
    hidden = set(GAME.commands.commands) - EXPECTED[config]
    words = completions(shell, "")
    assert not {w for w in words if shell.commands.exact(w).name in hidden}
    assert {"help", "undo"} <= words and EXPECTED[config] <= words


def sample_lines(session, command):
    """Lines a player might type for ``command``: bare, and with the cards and cells it takes."""
    state = session.state
    names = state.names
    hand = [names.code(c) for c in state.hands[state.turn]] if getattr(state, "hands", ()) else []
    mine = hand[:2] if len(hand) >= 2 else ["Rs", "Ym"]
    return {
        "grid": ["grid", "grid Rs Om Yp Gc Bg", "row Rs Rm Bg"],
        "hand": ["hand", "hand Ann", "hand Ann " + " ".join(["Rs", "Om", "Yp", "Gc", "Bg"] * 2)],
        "play": ["play", f"play {mine[0]}@b2", f"play {mine[0]}@b2 keep", "play W@c3 as red"],
        "pass": ["pass", "pass keep"],
        "discard": ["discard", f"discard {mine[0]}", f"discard {' '.join(mine)}"],
        "keep": ["keep", f"keep {mine[0]}"],
        "swap": ["swap", f"swap {mine[0]} for {mine[1]}", f"swap {' '.join(mine)} for Bp Gc"],
        "draw": ["draw", "draw Rs", "draw Rs Ym"],
        "hint": ["hint", "best", "hint now"],
        "take": ["take", "take b2 red", "take a1 star", "t a1 red"],
        "top": ["top", "top Rs", "top empty", "turned Ym Rc"],
        "adjust": ["adjust", "adjust pile 3", "adjust hand Ann Rs", "fix pile 0"],
    }[command]


def assert_hidden_are_refused(session, shell, out):
    hidden = [name for name in GAME.commands.commands if not session.game.offers(session.state, name)]
    assert hidden  # every configuration leaves something out
    for name in hidden:
        for line in sample_lines(session, name):
            before, events = session.state, len(session.events)
            assert not shell.execute(line), (session.state.phase, line)
            assert session.state == before and len(session.events) == events
            assert one_refusal(out[-1]) and RULE.search(out[-1].replace("\n  ", " ")), (line, out[-1])


def standard_points(session, shell, mode, players):
    """Fresh, then (table mode) after the grid and after the hands, at the discard and at the next play."""
    yield
    if mode == "table":
        assert shell.execute("grid " + " ".join(GRID.split()))
        yield
        for player, hand in zip(PLAYERS, HANDS[players]):
            assert shell.execute(f"hand {player} {hand}")
        assert session.state.phase == "play"
    assert shell.execute("pass")
    assert session.state.phase == "discard"
    yield
    assert shell.execute("keep")
    if session.state.phase == "draw":
        assert shell.execute("draw " + " ".join(["Gm", "Bc"][:session.state.draw_need]))
    assert session.state.phase == "play" and session.state.player == "Ben"
    yield


def jr_points(session, shell, mode):
    """Fresh, then (table mode) the piles laid and a take waiting for its new top card, then the next take."""
    yield
    if mode == "table":
        assert shell.execute("grid " + JR_GRID)
        yield
        assert shell.execute("take c1 galaxy")
        assert session.state.phase == "reveal"
        yield
        assert shell.execute("top Yc")
    else:
        top = session.state.tops[0]
        assert shell.execute(f"take a1 {session.state.names.colors[top // 5]}")
    assert session.state.phase == "play" and session.state.player == "Ben"
    yield


@pytest.mark.parametrize("config", list(EXPECTED), ids=lambda c: "-".join(map(str, c)))
def test_cc7_every_command_left_out_is_refused_with_its_rule_fresh_and_mid_game(tmp_path, config):
    session, shell, out = start(tmp_path, config)
    variant, mode, players, hints = config
    points = jr_points(session, shell, mode) if variant == "jr" else standard_points(session, shell, mode, players)
    for _ in points:
        assert_hidden_are_refused(session, shell, out)
