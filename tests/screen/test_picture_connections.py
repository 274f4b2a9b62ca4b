"""Issue 21 item 2 for the Connections Card Game: the public picture as data
(games/connections/picture.py) and its drawing in the browser (screen/static/connections.js).

The cards are physical (CN-1), so the referee holds no card of a hand or the pile: what
must stay out is what the table no longer sees on it (a card sent back to a hand by a
contest, a Quads `take`, a Rummy steal, the snapshots a contest would restore) and the
seed. Two games that differ only there give the same dict, while a public change (a
hand's size, a word, the pile) does change it; at every line of the six example games
each card box the terminal draws is in the picture with the same words and points; and
in a headless Chromium the drawing shows the moves as they are made, cards at their
cells (negative ones too). Screenshots at TV and phone sizes go to
artefacts/screens/connections-drawn-*.png for a person to look at.
"""

import dataclasses
import json
import re

import click
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.context import Sight
from referee.games.connections.layout import Card
from tests.tables import open_table
from tests.screen.screens import CHROMIUM, SHOTS, board as _board, example, launch as _browser, reread as _reread  # noqa: E402

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
EXAMPLES = ("classic", "endless", "solitaire", "quick", "quads", "rummy")


def _example(name, home):
    """A new game set up as examples/connections-NAME.txt says, and its lines."""
    return example(f"connections-{name}", home)


def _faces(board):
    """Every card the picture shows, as (north, east, south, west, points)."""
    cards = [c for area in board["layouts"] for c in area["cards"]]
    cards += [c for player in board["runs"] for run in player["runs"] for c in run["cards"]]
    return [(c["north"], c["east"], c["south"], c["west"], c["points"]) for c in cards]


def _played(shell, session, lines):
    for line in lines:
        shell.execute(line)
    return session


# -- 1. secrecy -------------------------------------------------------------------------


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_issue21_item2_connections_the_snapshots_and_the_seed_leave_the_picture_unchanged(tmp_path, rng):
    """What a contest or an objection would restore (``before``, ``ended``: earlier
    layouts, cards now in a hand) and the seed are not the table's to see."""
    session, shell, lines = _example(rng.choice(("classic", "quick", "quads")), tmp_path / str(rng.random()))
    replayed = _reread(_played(shell, session, lines[:rng.randrange(3, 16)]))
    board = _board(replayed)
    state = replayed.state
    earlier = list(replayed._states)
    replayed._states[-1] = dataclasses.replace(state, before=rng.choice(earlier), ended=rng.choice(earlier + [None]))
    replayed.header = dict(replayed.header, seed=rng.randrange(10**9))
    assert _board(replayed) == board


def test_issue21_item2_connections_two_seeds_show_the_same_picture(tmp_path):
    boards = []
    for seed in (1, 2):
        session, shell, _out = open_table("connections", tmp_path / str(seed), players=("Ann", "Ben"), seed=seed)
        _played(shell, session, ["start cowboy/race/tiger/bowl 2", "play 1,0 surf/lawn/ice/track 1"])
        boards.append(_board(_reread(session)))
    assert boards[0] == boards[1]
    assert "seed" not in json.dumps(boards[0])


@pytest.mark.parametrize("name, upto, card", [
    # a contest lost: Cy's card goes back to his hand (CN-4)
    ("classic", "vote Ann no Ben yes Cy no", ("sword", "river", "board", "rubber", 3)),
    # a Quads `take`: Ann's card goes back to her hand
    ("quads", "Ann: take 4,1", ("owl", "round", "bone", "tree", 3)),
    # a Rummy steal: the east end of Cy's run goes into Ben's hand
    ("rummy", "steal Cy 1 east", ("chair", "umbrella", "salad", "sword", 4)),
])
def test_issue21_item2_connections_a_card_back_in_a_hand_leaves_the_picture(tmp_path, name, upto, card):
    session, shell, lines = _example(name, tmp_path)
    stop = lines.index(upto)
    _played(shell, session, lines[:stop])
    assert card in _faces(_board(_reread(session)))  # on the table, all could see it ...
    assert shell.execute(lines[stop])
    board = _board(_reread(session))
    assert card not in _faces(board)  # ... now in a hand, it is not drawn


def test_issue21_item2_connections_a_public_change_does_change_the_picture(tmp_path):
    """The positive control: the secrecy tests above could fail, since what the table
    sees (a hand's size, a card's word or points, the pile, whose turn) moves the picture."""
    session, shell, lines = _example("classic", tmp_path)
    replayed = _reread(_played(shell, session, lines[:6]))
    board = _board(replayed)
    state = replayed.state
    cell, card = next(iter(state.cells.items()))
    for change in (dict(hands=(state.hands[0] + 1,) + state.hands[1:]),
                   dict(cells={**state.cells, cell: Card(("other",) + card.words[1:], card.points, card.owner)}),
                   dict(cells={**state.cells, cell: Card(card.words, 1 + card.points % 5, card.owner)}),
                   dict(piles=(state.piles[0] - 1,)),
                   dict(turn=(state.turn + 1) % len(state.players))):
        replayed._states[-1] = dataclasses.replace(state, **change)
        assert _board(replayed) != board, change
    replayed._states[-1] = dataclasses.replace(state, before=None)
    assert _board(replayed) == board


# -- 2. the picture agrees with the terminal's -------------------------------------------

BOX_TOP = re.compile(r"┌ (\S+) ─+ (\d) ┐")


def _fit(word):
    return word if len(word) <= 14 else word[:13] + "…"


def _boxes(text):
    """The card boxes the terminal drew: (group, label, north, east, south, west, points),
    the group being the Quads area ("Ann") or the Rummy run ("Ann 1") a box is under."""
    lines = text.splitlines()
    group, player, found = None, None, []
    for i, line in enumerate(lines):
        head = re.match(r"^(\S+)'s area: ", line) or re.match(r"^(\S+): (\d+ runs?|no runs)", line)
        if head:
            group = player = head.group(1)
        run = re.match(r"^run (\d+) \(", line)
        if run:
            group = f"{player} {run.group(1)}"
        for top in BOX_TOP.finditer(line):
            c = top.start()
            north, west, east, south = (lines[i + k].ljust(c + 16)[c + 1: c + 15].strip() for k in (1, 2, 3, 4))
            found.append((group, top.group(1), north, east, south, west, int(top.group(2))))
    return found


def _drawn_boxes(board):
    """The picture's cards said the terminal's way, words cut as its boxes cut them."""
    found = set()
    for area in board["layouts"]:
        for c in area["cards"]:
            found.add((area["owner"], c["cell"], *(_fit(c[s]) for s in ("north", "east", "south", "west")),
                       c["points"]))
    for player in board["runs"]:
        for run in player["runs"]:
            for c in run["cards"]:
                found.add((f"{player['player']} {run['number']}", f"#{c['place']}",
                           *(_fit(c[s]) for s in ("north", "east", "south", "west")), c["points"]))
    return found


def _agrees(session):
    """Every card box `Game.show` draws is in the picture, with its words and points; the
    sizes, quads, runs, hands and status say what the terminal says."""
    board = _board(session)
    text = click.unstyle(session.game.show(Sight(session, 400)))
    boxes = _boxes(text)
    assert set(boxes) <= _drawn_boxes(board), text
    assert text.splitlines()[-1] == board["status"]
    for area in board["layouts"]:
        size = area["size"]
        cards = f"{size['cards']} card{'s' if size['cards'] != 1 else ''}, "
        assert (cards + f"{size['connections']} connection{'s' if size['connections'] != 1 else ''}" in text
                or not area["cards"])
        if area["owner"]:
            count = len(area["quads"])
            assert f"{area['owner']}'s area: {count} quad{'s' if count != 1 else ''}" in text
    for player in board["runs"]:
        if player["runs"]:
            assert f"{player['player']}: {len(player['runs'])} run" in text
            assert f"{player['points']} points" in text
    if board["variant"] != "solitaire" and board["phase"] == "play" and not board["votes"]:
        hands = " ".join(f"{s['name']} {s['hand']}" for s in board["seats"])
        assert f"hands {hands}" in text
    if board["turn"]:
        assert f"; {board['turn']} " in board["status"]
    return board, boxes


@pytest.mark.parametrize("name", EXAMPLES)
def test_issue21_item2_connections_the_picture_says_what_the_terminal_picture_says(tmp_path, name):
    session, shell, lines = _example(name, tmp_path)
    seen = {"boxes": 0, "last": 0, "negative": 0}
    _agrees(session)
    for line in lines:
        shell.execute(line)
        board, boxes = _agrees(session)
        seen["boxes"] += bool(boxes)
        seen["last"] += board["last"] is not None
        seen["negative"] += any(c["x"] < 0 for area in board["layouts"] for c in area["cards"])
    if name in ("quads", "rummy"):
        seen.pop("negative")  # their areas and runs start at 0,0 and grow east
    assert all(seen.values()), seen  # the example reaches every kind of picture compared


def test_issue21_item2_connections_the_whole_layout_not_the_terminal_window(tmp_path):
    """The terminal shows a window around the last play; the picture has every card, and
    the starter and the last play marked."""
    session, shell, lines = _example("classic", tmp_path)
    _played(shell, session, lines[:lines.index("hand Ben 5 2")])
    board, boxes = _agrees(session)
    (area,) = board["layouts"]
    assert len(area["cards"]) == len(session.state.cells) > len(boxes)
    assert [c["cell"] for c in area["cards"] if c["starter"]] == ["0,0"]
    assert [c["cell"] for c in area["cards"] if c["last"]] == ["1,-1"] == [",".join(map(str, board["last"]["cell"]))]
    assert area["bounds"] == {"x": [-2, 3], "y": [-1, 1]}


# -- 3. in a browser -----------------------------------------------------------------------

DRAWN = """() => {
    const box = document.getElementById('drawn');
    if (box.hidden || !box.querySelector('.cn')) return null;
    const text = (node, s) => { const n = node.querySelector(s); return n ? n.textContent : null; };
    const cards = within => Array.from(within.querySelectorAll('.cn-card'), card => {
        const r = card.getBoundingClientRect();
        return {cell: text(card, '.cn-cell'), words: ['.cn-n', '.cn-e', '.cn-s', '.cn-w'].map(s => text(card, s)),
                points: text(card, '.cn-pts'), tag: text(card, '.cn-tag'), last: card.classList.contains('cn-last'),
                left: r.left, top: r.top, right: r.right, bottom: r.bottom};
    });
    return {
        grids: Array.from(box.querySelectorAll('.cn-grid'), cards),
        rows: Array.from(box.querySelectorAll('.cn-row'), cards),
        lastRuns: box.querySelectorAll('.cn-lastrun').length,
        seats: Array.from(box.querySelectorAll('.cn-seat-name'), n => n.textContent),
        hands: Array.from(box.querySelectorAll('.cn-hand-count'), n => n.textContent),
        scores: Array.from(box.querySelectorAll('.cn-score-count'), n => n.textContent),
        quads: Array.from(box.querySelectorAll('.cn-quad-name'), n => n.textContent),
        status: text(box, '.cn-status'),
        text: box.textContent,
        pictureHidden: document.getElementById('picture').hidden,
    };
}"""


def _wait_drawn(page, board):
    """Wait until the page draws ``board`` (its status and its cards), then check every
    card the drawing shows against the picture, and each at its place on its grid."""
    count = sum(len(area["cards"]) for area in board["layouts"])
    page.wait_for_function(
        """([status, count]) => {
            const box = document.getElementById('drawn');
            const shown = box.querySelector('.cn-status');
            return !box.hidden && shown && shown.textContent === status
                && box.querySelectorAll('.cn-grid .cn-card').length === count;
        }""", arg=[board["status"], count], timeout=5000)
    got = page.evaluate(DRAWN)
    assert got is not None and got["pictureHidden"]
    areas = [area for area in board["layouts"] if area["cards"]]
    assert len(got["grids"]) == len(areas)
    for area, grid in zip(areas, got["grids"]):
        _on_grid(area["cards"], grid)
    names = [("▶ " if s["acts"] else "") + ("★ " if s["won"] else "") + s["name"] for s in board["seats"]]
    if board["variant"] != "solitaire":
        assert got["seats"] == names
        assert got["hands"] == [str(s["hand"]) for s in board["seats"]]
        assert got["scores"] == [str(s["score"]) for s in board["seats"]]
    return got


def _on_grid(cards, grid):
    """Each card of a layout drawn with its words, points and marks, east of the cards
    with a smaller x and below the cards with a greater y, as on the table."""
    drawn = {c["cell"]: c for c in grid}
    assert len(drawn) == len(grid) == len(cards)
    for card in cards:
        shown = drawn[card["cell"]]
        assert shown["words"] == [card["north"], card["east"], card["south"], card["west"]]
        assert shown["points"] == str(card["points"])
        assert shown["last"] == card["last"] and (shown["tag"].startswith("LAST") == card["last"])
        if card["starter"]:
            assert "START" in shown["tag"]
        for other in cards:  # east is to the right, north is above, as on the table
            there = drawn[other["cell"]]
            if other["x"] > card["x"]:
                assert there["left"] >= shown["right"] - 1
            if other["y"] > card["y"]:
                assert there["bottom"] <= shown["top"] + 1


@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium here (.ci/run installs Debian's)")
def test_issue21_item2_connections_the_page_draws_each_move_at_tv_and_phone_sizes(tmp_path):
    playwright = pytest.importorskip("playwright.sync_api")
    from referee.screen.background import Running
    from referee.screen.seats import Seats

    session, shell, lines = _example("classic", tmp_path)
    running = Running(session.journal.path, Seats(session.players), interval=0.05).start()
    try:
        with playwright.sync_playwright() as driver:
            browser = _browser(driver)
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.goto(running.base + "/")
            got = _wait_drawn(page, _board(session))
            assert "No card on the table yet." in got["text"]
            seen = set()
            for line in lines[:STOP]:
                before = len(session.events)
                shell.execute(line)
                if len(session.events) == before:
                    continue
                board = _board(session)
                got = _wait_drawn(page, board)
                if board["votes"]:
                    seen.add("vote")
                    assert "? " + board["votes"][0]["question"] in got["text"]
                    voted = [c["cell"] for c in board["layouts"][0]["cards"] if c["voted"]]
                    assert [c["cell"] for c in got["grids"][0] if "VOTE?" in c["tag"]] == voted and voted
                if any(c["x"] < 0 for c in board["layouts"][0]["cards"]):
                    seen.add("west of the starter")
                if board["last"]:
                    seen.add("last")
                    assert f"Last play: {board['last']['player']} at " in got["text"]
            assert seen == {"vote", "last", "west of the starter"}
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "connections-drawn-1280x720.png"), full_page=True)
            grid = page.locator(".cn-grid").bounding_box()
            assert grid["width"] <= 1280 and grid["height"] <= 720 * 0.6  # the layout is what a TV sees first
            page.set_viewport_size({"width": 360, "height": 740})
            page.wait_for_timeout(200)
            page.screenshot(path=str(SHOTS / "connections-drawn-360x740.png"), full_page=True)
            phone = page.evaluate("""() => {
                const wrap = document.querySelector('.cn-scroll');
                const last = wrap.querySelector('.cn-last').getBoundingClientRect();
                const box = wrap.getBoundingClientRect();
                return {right: box.right, scrolls: wrap.scrollWidth > wrap.clientWidth,
                        lastIn: last.left >= box.left - 1 && last.right <= box.right + 1,
                        page: document.documentElement.scrollWidth,
                        font: parseFloat(getComputedStyle(wrap.querySelector('.cn-word')).fontSize)};
            }""")
            assert phone["right"] <= 360 and phone["page"] <= 360  # the grid scrolls, not the page
            assert phone["scrolls"] and phone["lastIn"]  # ... and shows the last play first
            assert phone["font"] >= 12  # words a phone can read
            browser.close()
    finally:
        running.stop()


STOP = 16  # lines of the Classic example played in the browser: a contest, cards west of the starter


@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium here (.ci/run installs Debian's)")
@pytest.mark.parametrize("name, through", [
    ("quads", "Ann: play 4,1 cheese/night/bone/tree 2"),  # a quad made again, after a `take`
    ("rummy", "run chair/umbrella/salad/sword 4; star/mine/round/beach 5; beach/owl/banana/coal 2; "
              "desk/coal/bowl/barn 2"),  # a run just laid, with the card Ben stole
])
def test_issue21_item2_connections_quads_areas_and_rummy_runs_are_drawn(tmp_path, name, through):
    playwright = pytest.importorskip("playwright.sync_api")
    from referee.screen.background import Running
    from referee.screen.seats import Seats

    session, shell, lines = _example(name, tmp_path)
    _played(shell, session, lines[:lines.index(through) + 1])
    board = _board(session)
    running = Running(session.journal.path, Seats(session.players), interval=0.05).start()
    try:
        with playwright.sync_playwright() as driver:
            browser = _browser(driver)
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.goto(running.base + "/")
            got = _wait_drawn(page, board)
            if name == "quads":
                corners = [f"{c[0]},{c[1]}" for area in board["layouts"] for c in area["quads"]]
                assert sorted(q.split()[-1] for q in got["quads"]) == sorted(corners) and corners
                assert any(q.startswith("new quad") for q in got["quads"]) == any(a["quad"] for a in board["layouts"])
                for area in board["layouts"]:
                    assert f"{area['owner']}'s area: {len(area['quads'])} quad" in got["text"]
            else:
                runs = [(p["player"], r) for p in board["runs"] for r in p["runs"]]
                assert runs
                shown = [(c["cell"], c["words"], c["points"]) for row in got["rows"] for c in row]
                assert shown == [(f"#{c['place']}", [c["north"], c["east"], c["south"], c["west"]], str(c["points"]))
                                 for _p, r in runs for c in r["cards"]]
                assert got["lastRuns"] == 1 == sum(r["last"] for _p, r in runs)  # the run just laid, lit whole
                assert f"Last play: {board['last']['player']} laid run " in got["text"]
                for player, run in runs:
                    assert f"run {run['number']} ({len(run['cards'])} cards, {run['points']} points)" in got["text"]
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"connections-drawn-{name}-1280x720.png"), full_page=True)
            page.set_viewport_size({"width": 360, "height": 740})
            page.wait_for_timeout(200)
            page.screenshot(path=str(SHOTS / f"connections-drawn-{name}-360x740.png"), full_page=True)
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
            browser.close()
    finally:
        running.stop()
