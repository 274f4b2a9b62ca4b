"""`referee screen` over HTTP (issue 21): the public page and its data, the seats' pages
behind their tokens, live updates, and secrecy by construction through the HTTP layer."""

import asyncio
import dataclasses
import json
import random

import pytest

pytest.importorskip("aiohttp")

from aiohttp.test_utils import TestClient, TestServer  # noqa: E402

from referee.core import watch  # noqa: E402
from referee.screen.seats import Seats  # noqa: E402
from referee.screen.server import Screen, app  # noqa: E402
from tests.screen.screens import letters_shuffled  # noqa: E402
from tests.tables import open_table  # noqa: E402

TOKENS = {"Ann": "ann-token-0123456789abcdef", "Ben": "ben-token-0123456789abcdef", "Cy": "cy-token-0123456789abcdef"}


def _cosmocode(home, seed=7):
    session, shell, _out = open_table("cosmocode", home, players=("Ann", "Ben", "Cy"), mode="digital", seed=seed,
                                      first="Ann")
    return session, shell


def _serve(session, check, interval=0.05):
    """Run ``check(client, screen)`` against a screen of ``session``'s save."""
    async def run():
        screen = Screen(session.journal.path, Seats(session.players, TOKENS), interval=interval)
        async with TestClient(TestServer(app(screen))) as client:
            return await check(client, screen)
    return asyncio.run(run())


async def _first_event(client, path):
    response = await client.get(path)
    line = await asyncio.wait_for(response.content.readline(), 5)
    response.close()
    assert line.startswith(b"data: ")
    return json.loads(line[len(b"data: "):])


def test_issue21_item2_the_public_page_and_its_data_show_what_watch_shows(tmp_path):
    session, shell = _cosmocode(tmp_path)
    shell.execute("receive short")

    async def check(client, screen):
        page = await client.get("/")
        html = await page.text()
        view = await (await client.get("/public.json")).json()
        event = await _first_event(client, "/events")
        script = await client.get("/static/screen.js")
        return page, html, view, event, script.status, (await client.get("/static/../setup.cfg")).status

    page, html, view, event, script, outside = _serve(session, check)
    assert page.status == 200 and "script-src 'self'" in page.headers["Content-Security-Policy"]
    assert page.headers["Referrer-Policy"] == "no-referrer" and 'data-kind="public"' in html
    assert view == event and view["game"] == "Cosmo;code" and view["players"] == ["Ann", "Ben", "Cy"]
    assert "tries short range" in view["last"][-1]["what"] and "hand 3" in view["picture"]
    assert "\x1b" not in json.dumps(view)  # styles are the page's, not a terminal's
    assert script == 200 and outside == 404


def test_issue21_item3_a_seat_sees_its_own_hand_and_a_wrong_token_gets_404_and_nothing_of_the_game(tmp_path):
    session, _shell = _cosmocode(tmp_path)
    hands = {p: session.game.view.hand_text(session.state, s) for s, p in enumerate(session.players)}

    async def check(client, screen):
        mine = await (await client.get(f"/seat/{TOKENS['Ann']}/view.json")).json()
        page = await client.get(f"/seat/{TOKENS['Ann']}")
        wrong = [await client.get(path) for path in ("/seat/nope", "/seat/nope/view.json", "/seat/nope/events",
                                                      f"/seat/{TOKENS['Ann'][:-1]}/view.json", "/seat/")]
        return mine, page.status, [(r.status, await r.text()) for r in wrong]

    mine, page, wrong = _serve(session, check)
    assert mine["player"] == "Ann" and mine["private"] and all(card in mine["private"] for card in
                                                               hands["Ann"].split(":", 1)[1].split() if card[0].isdigit())
    assert page == 200
    for status, text in wrong:
        assert status == 404 and "Ann" not in text and "cosmo" not in text.lower()


def test_issue21_item4_no_endpoint_changes_the_game(tmp_path):
    session, _shell = _cosmocode(tmp_path)
    before = open(session.journal.path, "rb").read()

    async def check(client, screen):
        return [(await client.request(method, path)).status for method in ("POST", "PUT", "DELETE")
                for path in ("/", "/events", f"/seat/{TOKENS['Ann']}/view.json")]

    assert set(_serve(session, check)) == {405}
    assert open(session.journal.path, "rb").read() == before


def test_issue21_item2_the_page_follows_a_move_made_by_another_process(tmp_path):
    """The save changes under the screen (the REPL writes it): every open page hears of it."""
    session, shell = _cosmocode(tmp_path)

    async def check(client, screen):
        response = await client.get("/events")
        first = json.loads((await response.content.readline())[6:])
        await response.content.readline()
        shell.execute("receive short")  # the other process: here the same one writing the same file
        line = await asyncio.wait_for(response.content.readline(), 3)
        response.close()
        return first, json.loads(line[6:])

    first, after = _serve(session, check)
    assert first["last"] == [] and "tries short range" in after["last"][-1]["what"]


@pytest.mark.parametrize("seed", range(6))
def test_issue21_item4_hidden_hands_and_decks_leave_every_public_response_identical(tmp_path, seed):
    """Two games that differ only in what nobody may see give byte-identical public answers."""
    rng = random.Random(seed)
    session, shell = _cosmocode(tmp_path, seed=7)
    shell.execute("receive short")
    shell.execute("take")

    async def public(client):
        page = await (await client.get("/")).read()
        data = await (await client.get("/public.json")).read()
        event = await _first_event(client, "/events")
        return page, data, json.dumps(event)

    async def check(client, screen):
        screen.refresh()
        seen = await public(client)
        state = screen.session.state
        everything = [c for hand in state.hands for c in hand] + [c for deck in state.decks for c in deck]
        rng.shuffle(everything)
        hands, rest = [], everything
        for hand in state.hands:
            hands.append(tuple(sorted(rest[:len(hand)])))
            rest = rest[len(hand):]
        decks = []
        for deck in state.decks:
            decks.append(tuple(rest[:len(deck)]))
            rest = rest[len(deck):]
        screen.session._states[-1] = dataclasses.replace(state, hands=tuple(hands), decks=tuple(decks))
        screen.session.header = dict(screen.session.header, seed=rng.randrange(10**9))
        screen._public = None
        screen.version += 1
        changed = await public(client)
        mine = await (await client.get(f"/seat/{TOKENS['Ann']}/view.json")).json()
        return seen, changed, state.hands[0] != hands[0], mine

    seen, changed, differs, mine = _serve(session, check, interval=60)
    assert seen == changed
    if differs:  # the check could fail: Ann's own page does show the change
        assert mine["private"]


def test_issue21_item4_tokens_are_unguessable_and_new_each_run():
    first, second = Seats(("Ann", "Ben")), Seats(("Ann", "Ben"))
    assert first.tokens["Ann"] != second.tokens["Ann"] and len(first.tokens["Ann"]) >= 24
    assert first.player(first.tokens["Ben"]) == "Ben" and first.player(second.tokens["Ben"]) is None
    assert first.player("") is None and first.player(first.tokens["Ben"] + "x") is None


def test_issue21_watch_and_the_screen_read_the_same_save(tmp_path):
    """The screen replays the save as watch does: one reader, one picture source."""
    session, shell = _cosmocode(tmp_path)
    shell.execute("receive short")
    loaded, problem = watch.load(session.journal.path)
    assert problem is None

    async def check(client, screen):
        return await (await client.get("/public.json")).json()

    view = _serve(session, check)
    frame = watch.frame(loaded, 80)
    import click

    assert view["picture"].split("\n")[0] in click.unstyle(frame)


def test_issue21_item4_the_page_scripts_write_text_only():
    """No script of the page can turn game text into markup: none uses the APIs that would."""
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "referee" / "screen" / "static"
    for script in folder.glob("*.js"):
        code = script.read_text(encoding="utf-8")
        for api in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
            assert api not in code, f"{script.name} uses {api}"


def test_issue21_item2_at_the_end_the_page_has_the_final_scores_the_winner_and_the_chart(tmp_path):
    session, shell, _out = open_table("connexion", tmp_path, players=("Ann", "Ben"), mode="digital", seed=3)
    assert shell.execute("place " + session.state.hands[0][0])
    for line in ("finish", "yes"):
        shell.execute(line)
    assert session.over

    async def check(client, screen):
        return await (await client.get("/public.json")).json()

    view = _serve(session, check)
    import click

    from referee.core import chart

    summary = click.unstyle(str(session.game.summary(session)))
    assert view["over"] and view["summary"].split("\n")[0] in summary
    assert "Shared win: Ann, Ben" in view["summary"] and "Final scores" in view["summary"]
    assert view["chart"] == click.unstyle(chart.of_session(session, 80) or "")
    assert view["clock"] is None and view["scores"]["rows"] == []


def _public_answers(session, change):
    """The public page, its data and its first event, before and after ``change(state)``
    replaces the last state with one that differs only in hidden contents (at one moment:
    the turn clock counts down between two looks)."""
    import referee.screen.public as views

    real = views._now
    now = real()
    views._now = lambda: now
    async def public(client):
        return ((await (await client.get("/")).read()), (await (await client.get("/public.json")).read()),
                json.dumps(await _first_event(client, "/events")))

    async def check(client, screen):
        screen.refresh()
        seen = await public(client)
        screen.session._states[-1] = change(screen.session.state)
        screen.session.header = dict(screen.session.header, seed=987654321)
        screen._public = None
        screen.version += 1
        return seen, await public(client)

    try:
        return _serve(session, check, interval=60)
    finally:
        views._now = real


@pytest.mark.parametrize("seed", range(4))
def test_issue21_item4_connexion_digital_letters_and_draw_order_leave_every_public_answer_identical(tmp_path, seed):
    rng = random.Random(seed)
    session, shell, _out = open_table("connexion", tmp_path, mode="digital", seed=3)
    assert shell.execute("place " + session.state.hands[0][0])

    before, after = _public_answers(session, lambda state: letters_shuffled(state, rng))
    assert before == after


@pytest.mark.parametrize("points", [(0, 0), (321, 123), (57, 400)])
def test_issue21_item4_colors_secret_totals_and_pile_leave_every_public_answer_identical(tmp_path, points):
    session, shell, _out = open_table("colors", tmp_path, mode="digital", seed=3)
    shell.execute("pass")

    def change(state):
        pile = list(state.pile)
        random.Random(sum(points)).shuffle(pile)
        return dataclasses.replace(state, points=points, pile=tuple(pile))

    before, after = _public_answers(session, change)
    assert before == after


def test_issue21_item4_colors_open_scores_do_show_so_the_secrecy_test_could_fail(tmp_path):
    session, shell, _out = open_table("colors", tmp_path, mode="digital", seed=3, open_scores=True)
    shell.execute("pass")
    before, after = _public_answers(session, lambda state: dataclasses.replace(state, points=(321, 123)))
    assert before[1] != after[1] and b"321" in after[1]


def test_issue21_item3_a_colors_seat_sees_its_teams_secret_total_and_no_one_else_does(tmp_path):
    session, shell, _out = open_table("colors", tmp_path, mode="digital", seed=3)
    shell.execute("pass")
    state = session.state
    session._states[-1] = dataclasses.replace(state, points=(321, 123))
    from referee.screen.private import private_view

    ann, ben = private_view(session, "Ann"), private_view(session, "Ben")
    ann_team, ben_team = state.team_name(state.team_of(0)), state.team_name(state.team_of(1))
    assert ann["private"] == f"{ann_team}: 321 points" and ben["private"] == f"{ben_team}: 123 points"
    assert "123" not in ann["private"] and "321" not in ben["private"]
