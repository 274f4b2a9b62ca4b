"""Issue 21 item 2: Cosmic Colors' (and Colors Jr's) public picture, drawn by the screen.

``Game.picture`` gives the screen the table's public facts as data (kind "colors": the
5×5 play area's top cards with their stack heights, the last play, the draw pile's count,
every hand face up, whose turn; kind "colors_jr": the nine piles and the cards taken).
Three things are checked: nothing hidden (the draw pile's order, the cards under Jr's top
cards, the teams' totals while CC-4 keeps them secret, the seed) moves the picture while
what the table sees does; the picture says what the terminal's `show` says along the
example games; and in headless Chromium the drawing shows the moves as they are made.
Screenshots at TV and phone sizes go to artefacts/screens/colors-drawn-*.png and
colors_jr-drawn-*.png for a person to look at.
"""

import dataclasses
import json
import random

import click
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.context import Sight
from referee.games.colors.cards import KINDS, WILD
from tests.tables import open_table
from tests.screen.screens import CHROMIUM, SHOTS, board as _board, example as _example, launch, reread as _reread  # noqa: E402

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _digital(home, seed=3, **options):
    """A digital two-player game with wilds, one play made: Ann's wild on b2."""
    session, shell, _out = open_table("colors", home, mode="digital", seed=seed, variant="wild", **options)
    assert shell.execute("play W@b2")
    return session, shell


# -- 1. secrecy -------------------------------------------------------------------------


def _hidden_changed(state, rng):
    """``state`` with what CC-4 and G-2 hide changed: the draw pile's order (its size
    kept), the teams' totals, the cards the referee has not seen."""
    pile = list(state.pile)
    rng.shuffle(pile)
    points = (rng.randrange(200), rng.randrange(200))
    unseen = tuple(rng.randrange(5) for _ in range(KINDS))
    return dataclasses.replace(state, pile=tuple(pile), points=points, unseen=unseen)


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_issue21_item2_colors_the_pile_s_order_secret_totals_and_seed_leave_the_picture_unchanged(tmp_path, rng):
    session, shell = _digital(tmp_path / str(rng.random()))
    shell.execute("keep")
    replayed = _reread(session)
    board = _board(replayed)
    state = replayed.state
    changed = _hidden_changed(state, rng)
    assert changed.points != state.points  # a secret total did change
    replayed._states[-1] = changed
    replayed.header = dict(replayed.header, seed=rng.randrange(10**9))
    assert _board(replayed) == board
    assert board["scores"] is None and "points" not in json.dumps(board)


def test_issue21_item2_colors_the_live_game_s_pile_reversed_and_other_totals_leave_the_picture(tmp_path):
    """The live session (not a reread one): the pile in the other order and other secret
    totals give the same picture, and no seed is in it."""
    session, _shell = _digital(tmp_path / "a")
    board = _board(_reread(session))
    state = session.state
    other = dataclasses.replace(state, pile=tuple(reversed(state.pile)), points=(state.points[1] + 9, 0))
    session._states[-1] = other
    assert _board(session) == board
    assert "seed" not in json.dumps(board)


def test_issue21_item2_colors_a_public_change_does_change_the_picture(tmp_path):
    """The positive control: the secrecy tests above could fail, since what the table sees
    (a hand, a top card, a stack's height, the pile's count, open scores) moves the picture."""
    session, shell = _digital(tmp_path / "hidden")
    replayed = _reread(session)
    board = _board(replayed)
    state = replayed.state
    stacks = list(state.stacks)
    for change in (dict(hands=((state.hands[0][1:]),) + state.hands[1:]),
                   dict(stacks=(stacks[0][:-1] + (WILD,),) + tuple(stacks[1:])),
                   dict(stacks=(stacks[0] + (stacks[0][-1],),) + tuple(stacks[1:])),
                   dict(pile_count=state.pile_count - 1)):
        replayed._states[-1] = dataclasses.replace(state, **change)
        assert _board(replayed) != board, change
    open_session, _shell = _digital(tmp_path / "open", open_scores=True)
    opened = _reread(open_session)
    board = _board(opened)
    assert [team["points"] for team in board["scores"]] == list(opened.state.points)
    opened._states[-1] = dataclasses.replace(opened.state, points=(opened.state.points[0] + 1, 0))
    assert _board(opened) != board  # open scores (CC-4): the totals are the table's


def test_issue21_item2_colors_jr_the_cards_under_the_tops_and_the_seed_stay_out(tmp_path):
    session, shell, _out = open_table("colors", tmp_path, mode="digital", seed=4, variant="jr")
    top = session.state.piles[4][-1]
    word = session.state.names.colors[top // 5]
    assert shell.execute(f"take b2 {word}")
    replayed = _reread(session)
    board = _board(replayed)
    state = replayed.state
    under = [c for pile in state.piles for c in pile[:-1]]
    random.Random(1).shuffle(under)
    piles = []
    for pile in state.piles:
        size = max(len(pile) - 1, 0)
        piles.append(tuple(under[:size]) + pile[-1:])
        under = under[size:]
    changed = dataclasses.replace(state, piles=tuple(piles))
    assert changed.piles != state.piles and changed.tops == state.tops
    replayed._states[-1] = changed
    replayed.header = dict(replayed.header, seed=99)
    assert _board(replayed) == board
    # the positive control: a top card, a pile's size or a card taken does move it
    for change in (dict(piles=(state.piles[0][:-1],) + state.piles[1:]),
                   dict(taken=(state.taken[0] + (0,),) + state.taken[1:])):
        replayed._states[-1] = dataclasses.replace(state, **change)
        assert _board(replayed) != board, change


# -- 2. the picture agrees with the terminal's -------------------------------------------


def _face(card):
    return "·" if card is None else card["code"] + card["glyph"]


def _agrees(session):
    """Every fact of the picture is in `Game.show`'s text, said the terminal's way."""
    board = _board(session)
    text = click.unstyle(session.game.show(Sight(session, 400)))
    lines = text.splitlines()
    assert lines[0].split() == list(board["columns"])
    for row in range(board["size"]):
        cells = [c for c in board["cells"] if c["row"] == row]
        assert lines[1 + row].split() == [str(row + 1)] + [_face(c["card"]) for c in cells], text
    state = session.state
    assert [c["height"] for c in board["cells"]] == [len(s) for s in state.stacks]
    shown = [line for line in lines[1 + board["size"]:-1]]
    for who in board["players"]:
        if who["hand"] is None:
            assert not any(line.lstrip("▶ ").startswith(who["name"] + " (") for line in shown)
            continue
        mark = "▶ " if who["acts"] else "  "
        cards = " ".join(_face(c) for c in who["hand"]) or "(no cards)"
        assert f"{mark}{who['name']} ({who['side']}, {len(who['hand'])}): {cards}" in shown, text
    assert lines[-1] == board["status"]
    if board["phase"] not in ("setup", "over"):
        assert board["status"].startswith(f"{board['turn']} (")
        assert f"draw pile {board['pile']}" in board["status"]
    return board


def _agrees_jr(session):
    board = _board(session)
    text = click.unstyle(session.game.show(Sight(session, 400)))
    lines = text.splitlines()
    assert lines[0].split() == list(board["columns"])
    for row in range(board["size"]):
        words = []
        for pile in (p for p in board["piles"] if p["row"] == row):
            words.append("--" if pile["card"] is None else _face(pile["card"]))
            if pile["count"] is not None:
                words.append(str(pile["count"]))
        assert lines[1 + row].split() == [str(row + 1)] + words, text
    assert lines[-1] == board["status"]
    if board["phase"] in ("play", "reveal"):
        counts = ", ".join(f"{p['name']} {p['count']}" for p in board["players"])
        assert f"cards: {counts}" in board["status"]
        assert all(p["count"] == len(p["taken"]) for p in board["players"])
    if board["turn"]:
        assert board["status"].startswith(f"{board['turn']} to take; empty piles {board['gone']}")
    return board


@pytest.mark.parametrize("name", ("colors-2p", "colors-4p"))
def test_issue21_item2_colors_the_picture_says_what_the_terminal_picture_says(tmp_path, name):
    session, shell, lines = _example(name, tmp_path)
    seen = {"setup": 0, "play": 0, "stacked": 0, "last": 0, "scored": 0}
    _agrees(session)
    for line in lines:
        shell.execute(line)
        board = _agrees(session)
        seen["setup"] += board["phase"] == "setup"
        seen["play"] += board["phase"] == "play"
        seen["stacked"] += any(c["height"] > 1 for c in board["cells"])
        seen["last"] += bool(board["last"] and board["last"]["cells"])
        seen["scored"] += bool(board["last"] and board["last"]["scored"])
    if board["mode"] == "digital":
        del seen["setup"]  # dealt by the referee: no play area or hand is typed in
    assert all(seen.values()), seen  # the example reaches every kind of picture compared
    if board["phase"] == "over":
        assert board["scores"] is not None and board["winners"]


def test_issue21_item2_colors_jr_the_picture_says_what_the_terminal_picture_says(tmp_path):
    session, shell, lines = _example("colors-jr", tmp_path)
    seen = {"reveal": 0, "taken": 0, "gone": 0}
    _agrees_jr(session)
    for line in lines:
        shell.execute(line)
        board = _agrees_jr(session)
        seen["reveal"] += any(p["awaited"] for p in board["piles"])
        seen["taken"] += any(p["taken"] for p in board["players"])
        seen["gone"] += board["gone"] > 0
    assert all(seen.values()), seen
    assert board["phase"] == "over" and board["winners"]


def test_issue21_item2_colors_jr_digital_piles_show_their_sizes(tmp_path):
    session, _shell, _out = open_table("colors", tmp_path, players=("Ann", "Ben", "Cy"), mode="digital", seed=4,
                                       variant="jr")
    board = _agrees_jr(session)
    assert sum(p["count"] for p in board["piles"]) == 100 and board["turn"] == "Ann"


# -- 3. in a browser -----------------------------------------------------------------------

DRAWN = """() => {
    const box = document.getElementById('drawn');
    if (box.hidden || !box.querySelector('.co')) return null;
    const texts = (s, root) => Array.from((root || box).querySelectorAll(s)).map(n => n.textContent);
    return {
        cells: Array.from(box.querySelectorAll('.co-area .co-cell'), n => ({
            cell: n.dataset.cell, code: texts('.co-code', n).join(''), height: texts('.co-height', n).join(''),
            played: n.classList.contains('co-played'), shapes: n.querySelectorAll('.co-shape > *').length})),
        seats: texts('.co-seat-name'),
        hands: Array.from(box.querySelectorAll('.co-seat .co-hand'), n => texts('.co-code', n).join(' ')),
        status: texts('.co-status')[0],
        text: box.textContent,
        pictureHidden: document.getElementById('picture').hidden,
    };
}"""


def _height(cell, jr):
    """A stack's (a digital Jr pile's) size as drawn: ×N from 2 cards up, a lone card bare."""
    height = cell["count"] if jr else cell["height"]
    return f"×{height}" if cell["card"] and height and height > 1 else ""


def _expected(board, jr=False):
    cells = board["piles"] if jr else board["cells"]
    last = board["last"]["cells"] if board["last"] else []
    return {
        "cells": [{"cell": c["cell"], "code": c["card"]["code"] if c["card"] else "", "height": _height(c, jr),
                   "played": c["cell"] in last} for c in cells],
        "seats": [("▶ " if s["acts"] else "") + s["name"] for s in board["players"]],
        "hands": [" ".join(c["code"] for c in (s["taken"] if jr else s["hand"] or [])) for s in board["players"]],
        "status": board["status"],
    }


def _wait_drawn(page, board, jr=False):
    """Wait until the page draws ``board`` (its status and cells), then check every fact
    the drawing shows against the picture."""
    want = _expected(board, jr)
    page.wait_for_function(
        """(want) => {
            const box = document.getElementById('drawn');
            const status = box.querySelector('.co-status');
            const codes = Array.from(box.querySelectorAll('.co-area .co-cell'),
                                     n => Array.from(n.querySelectorAll('.co-code'), c => c.textContent).join(''));
            return !box.hidden && status && status.textContent === want.status
                && codes.join('|') === want.cells.map(c => c.code).join('|');
        }""", arg=want, timeout=5000)
    got = page.evaluate(DRAWN)
    assert got is not None and got["pictureHidden"]
    for cell in got["cells"]:
        assert cell["shapes"] > 0 or not cell["code"], cell  # every card is drawn with its shape, not colour alone
        del cell["shapes"]
    for key, value in want.items():
        assert got[key] == value, key
    return got


def _browse(example, tmp_path, stop, kind, check):
    playwright = pytest.importorskip("playwright.sync_api")
    from referee.screen.background import Running
    from referee.screen.seats import Seats

    session, shell, lines = _example(example, tmp_path)
    jr = kind == "colors_jr"
    running = Running(session.journal.path, Seats(session.players), interval=0.05).start()
    try:
        with playwright.sync_playwright() as driver:
            browser = launch(driver)
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.goto(running.base + "/")
            _wait_drawn(page, _board(session), jr)
            for line in lines[:stop]:
                before = len(session.events)
                shell.execute(line)
                if len(session.events) == before:
                    continue
                board = _board(session)
                check(_wait_drawn(page, board, jr), board)
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{kind}-drawn-1280x720.png"), full_page=True)
            page.set_viewport_size({"width": 360, "height": 740})
            page.screenshot(path=str(SHOTS / f"{kind}-drawn-360x740.png"), full_page=True)
            widest = page.evaluate("""() => Math.max(...Array.from(document.querySelectorAll('#drawn *'),
                                                                 n => n.getBoundingClientRect().right))""")
            assert widest <= 360, f"the drawing is wider than a phone: {widest}px"
            browser.close()
    finally:
        running.stop()
    return board


@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium here (.ci/run installs Debian's)")
def test_issue21_item2_colors_the_page_draws_each_move_at_tv_and_phone_sizes(tmp_path):
    seen = set()

    def check(got, board):
        if board["last"] and board["last"]["cells"]:
            seen.add("played")
            assert f"Last: {board['last']['player']} played {board['last']['value']}" in got["text"]
        if any(c["height"] > 1 for c in board["cells"]):
            seen.add("stacked")
        if board["scores"] is None and board["phase"] != "setup":
            assert "team totals: secret (CC-4)" in got["text"]

    board = _browse("colors-2p", tmp_path, STOP, "colors", check)
    assert seen == {"played", "stacked"} and board["phase"] == "draw"


@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium here (.ci/run installs Debian's)")
def test_issue21_item2_colors_jr_the_page_draws_each_take_at_tv_and_phone_sizes(tmp_path):
    seen = set()

    def check(got, board):
        if board["last"]:
            seen.add("taken")
            assert f"Last: {board['last']['player']} named {board['last']['value']} at" in got["text"]
        if board["gone"]:
            seen.add("gone")
            assert f"{board['gone']}/2" in got["text"]

    board = _browse("colors-jr", tmp_path, STOP_JR, "colors_jr", check)
    assert seen == {"taken", "gone"} and board["phase"] != "over"


STOP = 23  # lines of the 2-player example played in the browser: the grid, the hands, two plays, Ben to draw
STOP_JR = 58  # lines of the Jr example: the piles laid out, takes until one pile is gone, the last round on


GRID = ("Rs Om Yp Gc Bg", "Rm Op Yc Gg Bs", "Rp Oc Yg Gs Bm", "Rc Og Ys Gm Bp", "Rg Os Ym Gp Bc")


def test_issue21_item2_colors_a_table_that_typed_no_hands_is_drawn_with_its_cards_held_unseen(tmp_path):
    """Hands are optional at a table (issue 20 item 5): a hand nobody typed holds cards
    the referee has not seen, drawn as such, never as a card they are not."""
    session, shell, _out = open_table("colors", tmp_path)
    for line in GRID + ("play Ys@c4 Ys@c5",):
        assert shell.execute(line), line
    drawn = _board(session)
    held = [card for seat in drawn["players"] for card in (seat.get("hand") or [])]
    assert held and all(card.get("unknown") and card["code"] == "?" for card in held if card.get("unknown"))
    assert any(card.get("unknown") for card in held)
