"""The second screen in a real headless Chromium (issue 21 proof): each game's public
page shows what `watch --once` shows after each move of an example game, follows a move
made elsewhere, a seat's page shows that seat's own cards and nobody else's, and a wrong
token shows nothing of the game. Screenshots at TV and phone sizes are kept under
``artefacts/screens`` for a person to look at.

Needs Debian's ``chromium`` (``.ci/run`` installs it) and Playwright; skipped, saying
why, on a machine without them.
"""

import click
import pytest

from referee.core import watch
from referee.core.context import Sight
from referee.screen.background import Running
from referee.screen.seats import Seats
from tests.screen.screens import SHOTS, example as _example
from tests.tables import open_table

EXAMPLES = ("colors-2p", "connexion-digital", "connections-classic", "cosmocode-digital", "cosmos-2p")
MOVES = 8  # moves of each example followed in the browser, one by one


def _facts(session):
    """What `watch --once` shows that the page must show too: the status and the last move."""
    loaded, problem = watch.load(session.journal.path)
    assert problem is None
    frame = click.unstyle(watch.frame(loaded, 80))
    picture = click.unstyle(loaded.game.show(Sight(loaded, 80)) or "")
    return loaded, frame, picture


def _page_text(page, selector):
    return page.locator(selector).inner_text()


@pytest.mark.parametrize("name", EXAMPLES)
def test_issue21_proof_the_public_page_shows_what_watch_shows_after_each_move(tmp_path, browser, name):
    session, shell, lines = _example(name, tmp_path)
    running = Running(session.journal.path, Seats(session.players), interval=0.05).start()
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.goto(running.base + "/")
        made = 0
        for line in lines:
            if made >= MOVES:
                break
            before = len(session.events)
            shell.execute(line)
            if len(session.events) == before:
                continue
            made += 1
            loaded, frame, picture = _facts(session)
            number = len(loaded.records)
            page.wait_for_function(  # an undo goes back: the last move listed is the one now last
                """([n, picture]) => {
                    const items = document.querySelectorAll('#last li');
                    return items.length && items[items.length - 1].textContent.startsWith('#' + n + ' ')
                        && document.getElementById('picture').textContent === picture;
                }""", arg=[number, picture], timeout=5000)
            last = page.locator("#last li").last.inner_text()
            assert last.split(" ", 1)[1] in frame.replace("\n    ", " ")
            status = _page_text(page, "#status")
            assert status.split(" · ")[0] in frame
        assert made, f"{name}: no move was made"
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}-1280x720.png"), full_page=True)
        page.set_viewport_size({"width": 360, "height": 740})
        page.screenshot(path=str(SHOTS / f"{name}-360x740.png"), full_page=True)
        page.close()
    finally:
        running.stop()


def test_issue21_proof_a_seat_sees_its_own_hand_and_nothing_of_anothers(tmp_path, browser):
    session, shell, lines = _example("cosmocode-digital", tmp_path)
    seats = Seats(session.players)
    running = Running(session.journal.path, seats, interval=0.05).start()
    try:
        view = session.game.view
        hands = {p: click.unstyle(view.hand_text(session.state, s)) for s, p in enumerate(session.players)}
        page = browser.new_page(viewport={"width": 360, "height": 740})
        page.goto(seats.link(running.base, "Ann"))
        page.wait_for_function("() => document.getElementById('secret').textContent.length > 0", timeout=5000)
        secret = _page_text(page, "#secret")
        assert secret.strip() == hands["Ann"].strip()
        body = page.locator("body").inner_text()
        assert hands["Ben"].split(":", 1)[1].strip() not in body and "Ben holds" not in body
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "cosmocode-seat-360x740.png"), full_page=True)
        page.set_viewport_size({"width": 1280, "height": 720})
        page.screenshot(path=str(SHOTS / "cosmocode-seat-1280x720.png"), full_page=True)
        for wrong in ("/seat/" + seats.tokens["Ann"][:-1], "/seat/", "/seat/x/events"):
            answer = page.goto(running.base + wrong)
            assert answer.status == 404
            assert "Ann" not in page.content() and "Cosmo" not in page.content()
        page.close()
    finally:
        running.stop()


HOSTILE = '<img src=x onerror="document.title=\'owned\'"><script>document.title="owned"</script>'


def test_issue21_item4_text_from_the_game_is_never_markup(tmp_path, browser, monkeypatch):
    """Every text of the game is written into the page as text: markup in a picture, a
    score, a move or a private answer shows as typed and never runs."""
    import referee.screen.server as server

    session, shell, _out = open_table("connexion", tmp_path, players=("Ann", "Ben"))
    shell.execute("place alpha")
    real = server.public_view

    def hostile(session):
        view = real(session)
        view["picture"] = view["status"] = HOSTILE
        view["scores"] = {"headers": [HOSTILE], "rows": [[HOSTILE]]}
        view["last"] = [{"number": 1, "who": HOSTILE, "what": HOSTILE}]
        return view

    monkeypatch.setattr(server, "public_view", hostile)
    monkeypatch.setattr(server, "private_view", lambda session, player: {"player": player, "private": HOSTILE})
    seats = Seats(session.players)
    running = Running(session.journal.path, seats, interval=0.05).start()
    try:
        for url, where in ((running.base + "/", "#picture"), (seats.link(running.base, "Ann"), "#secret")):
            page = browser.new_page()
            page.goto(url)
            page.wait_for_function("s => document.querySelector(s).textContent.length > 0", arg=where, timeout=5000)
            assert page.locator(where).inner_text() == HOSTILE
            assert page.locator("main img, main script, header img, header script").count() == 0
            assert page.title() != "owned"
            page.close()
    finally:
        running.stop()

