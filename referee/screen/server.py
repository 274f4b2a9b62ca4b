"""The HTTP side of `referee screen`: one game, read-only, pushed live to browsers.

aiohttp serves it (the standard library's http.server says it is not for this). The
save is looked at as `referee watch` looks at it (its size, time and inode, every
``interval`` seconds; no lock, nothing written), replayed when it changes, and each
page's data is sent to every open page at once as a Server-Sent Event. Every answer
carries a strict Content-Security-Policy and no Referer leaves a page (a seat's link
is its key); only GET is served, so no request can change the game.
"""

import asyncio
import json
from importlib import resources

from aiohttp import web

from referee.screen.private import ask, private_view
from referee.screen.public import public_view

POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
          "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
HEADERS = {"Content-Security-Policy": POLICY, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
           "Cache-Control": "no-store", "X-Frame-Options": "DENY"}
TYPES = {".js": "text/javascript", ".css": "text/css"}


def _shipped():
    """The page's own files: its script, its style and each game's drawing (<kind>.js)."""
    folder = resources.files("referee.screen").joinpath("static")
    return {entry.name: TYPES[suffix] for entry in folder.iterdir()
            for suffix in TYPES if entry.name.endswith(suffix)}


STATIC = _shipped()
# Each game's drawing, loaded before the page's script, which calls the one a picture names.
DRAWINGS = "\n".join([f'<link rel="stylesheet" href="/static/{name}">' for name in sorted(STATIC)
                       if name.endswith(".css") and name != "screen.css"]
                      + [f'<script src="/static/{name}" defer></script>' for name in sorted(STATIC)
                         if name.endswith(".js") and name != "screen.js"])
SCREEN = web.AppKey("screen", object)  # the Screen an application serves
FOLLOWER = web.AppKey("follower", asyncio.Task)  # the task that looks at the save
TOLD = 5  # private answers kept for a seat's page
KEEPALIVE = 15.0  # seconds between comments on a quiet event stream (proxies drop silent ones)


class Screen:
    """The game at ``path`` as its pages show it, kept up to date by :meth:`follow`."""

    def __init__(self, path, seats, interval=0.2):
        self.path, self.seats, self.interval = path, seats, interval
        self.session, self.problem, self.mark = None, None, object()
        self.version = 0
        self.changed = asyncio.Event()
        self._public = None
        self.open = {}  # player -> how many of their pages are open now
        self.told = {}  # player -> the private answers the REPL sent them (this process only, never saved)

    def shows(self, player):
        """Whether ``player`` has their page open now (the REPL sends their secrets there)."""
        return self.open.get(player, 0) > 0

    def tell(self, player, text):
        """A private answer for ``player``'s page alone (a hint, a value drawn): kept in
        memory, the last few, and pushed to their open page at once."""
        told = self.told.setdefault(player, [])
        told.append(text)
        del told[:-TOLD]
        self._bump()

    def _bump(self):
        self.version += 1
        self.changed.set()
        self.changed = asyncio.Event()

    def refresh(self):
        """Replay the save if it changed; True when the pages have something new."""
        from referee.core.watch import load, signature

        mark = signature(self.path)
        if mark == self.mark:
            return False
        self.mark = mark
        session, problem = load(self.path)
        self.session, self.problem = session or self.session, problem
        self._public = None
        self._bump()
        return True

    def public(self):
        if self._public is None:
            view = public_view(self.session) if self.session is not None else {}
            view["problem"] = self.problem or ""
            self._public = json.dumps(view, ensure_ascii=False)
        return self._public

    def private(self, player):
        view = private_view(self.session, player) if self.session is not None else {"player": player, "private": ""}
        view["told"] = list(self.told.get(player, ()))
        return json.dumps(view, ensure_ascii=False)

    def hint(self, player):
        """The game's `hint` for ``player``, asked from their page (nothing is changed)."""
        text = ask(self.session, player, "hint") if self.session is not None else ""
        return json.dumps({"player": player, "hint": text}, ensure_ascii=False)

    async def follow(self):
        while True:
            try:
                self.refresh()
            except Exception:  # a bug drawing costs a frame, never the screen
                from referee.core.shell import log_bug

                log_bug("(referee screen: reading the save)")
            await asyncio.sleep(self.interval)


def app(screen):
    """The aiohttp application serving ``screen``."""
    application = web.Application(middlewares=[_headers])
    application[SCREEN] = screen
    application.router.add_get("/", _page("public"))
    application.router.add_get("/public.json", _json(lambda player: screen.public()))
    application.router.add_get("/events", _events(lambda player: screen.public()))
    application.router.add_get("/seat/{token}", _seat(_page("seat")))
    application.router.add_get("/seat/{token}/view.json", _seat(_json(screen.private)))
    application.router.add_get("/seat/{token}/events", _seat(_events(screen.private, seat=True)))
    application.router.add_get("/seat/{token}/hint.json", _seat(_json(screen.hint)))
    application.router.add_get("/static/{name}", _static)
    application.router.add_get("/favicon.ico", _no_icon)
    application.on_startup.append(_start)
    application.on_cleanup.append(_stop)
    return application


@web.middleware
async def _headers(request, handler):
    try:
        response = await handler(request)
    except web.HTTPException as error:
        response = web.Response(status=error.status, text="not found\n" if error.status == 404 else error.reason)
    if not response.prepared:
        response.headers.update(HEADERS)
    return response


def _seat(handler):
    """``handler`` for a seat's own pages: a wrong or missing token is 404, with no text of the game."""
    async def seat(request):
        player = request.app[SCREEN].seats.player(request.match_info["token"])
        if player is None:
            raise web.HTTPNotFound()
        return await handler(request, player)
    return seat


def _page(kind):
    async def page(request, player=None):
        return web.Response(text=_asset("page.html").replace("{kind}", kind).replace("{scripts}", DRAWINGS),
                            content_type="text/html", charset="utf-8")
    return page


def _json(data):
    async def answer(request, player=None):
        return web.Response(text=data(player), content_type="application/json", charset="utf-8")
    return answer


def _events(data, seat=False):
    """A Server-Sent Event stream: the page's data now, then again each time it changes.
    A seat's open stream is how the REPL knows that player's page is open."""
    async def stream(request, player=None):
        screen = request.app[SCREEN]
        response = web.StreamResponse(headers=dict(HEADERS, **{"Content-Type": "text/event-stream"}))
        await response.prepare(request)
        if seat:
            screen.open[player] = screen.open.get(player, 0) + 1
        try:
            sent = None
            while True:
                if sent != screen.version:
                    sent = screen.version
                    await response.write(f"data: {data(player)}\n\n".encode("utf-8"))
                changed = screen.changed
                try:
                    await asyncio.wait_for(changed.wait(), KEEPALIVE)
                except asyncio.TimeoutError:
                    await response.write(b": still here\n\n")
        finally:
            if seat:
                screen.open[player] -= 1
    return stream


async def _no_icon(request):
    """Browsers ask for an icon on every page: none, and no 404 in their console."""
    return web.Response(status=204)


async def _static(request):
    name = request.match_info["name"]
    if name not in STATIC:
        raise web.HTTPNotFound()
    return web.Response(text=_asset(name), content_type=STATIC[name], charset="utf-8")


def _asset(name):
    return resources.files("referee.screen").joinpath("static", name).read_text(encoding="utf-8")


async def _start(application):
    screen = application[SCREEN]
    screen.refresh()
    application[FOLLOWER] = asyncio.get_running_loop().create_task(screen.follow())


async def _stop(application):
    application[FOLLOWER].cancel()
