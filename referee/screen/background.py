"""A screen served from a thread of its own: beside a game's REPL in the same process
(`--screen`), and for the browser tests. The game's terminal keeps the main thread;
the screen's event loop only reads the save, so the two never share a state."""

import asyncio
import threading


class Running:
    """A screen being served: its address (``base``) and how to stop it."""

    def __init__(self, path, seats, host="127.0.0.1", port=0, interval=0.2):
        self.path, self.seats, self.host, self.port, self.interval = path, seats, host, port, interval
        self.base, self.error, self.screen = None, None, None
        self._ready = threading.Event()
        self._loop = None
        self._stopped = None
        self._thread = threading.Thread(target=self._run, name="referee-screen", daemon=True)

    def start(self):
        self._thread.start()
        self._ready.wait(10)
        if self.error is not None:
            raise self.error
        return self

    def shows(self, player):
        """Whether ``player``'s own page is open: the REPL then sends their secrets there."""
        return self.screen is not None and self.screen.shows(player)

    def tell(self, player, text):
        """Send ``text`` to ``player``'s page (from the REPL's thread)."""
        self._loop.call_soon_threadsafe(self.screen.tell, player, text)

    def stop(self):
        if self._loop is not None and self._stopped is not None:
            self._loop.call_soon_threadsafe(self._stopped.set)
        self._thread.join(10)

    def _run(self):
        try:
            asyncio.run(self._serve())
        except BaseException as error:  # the port taken: said to the caller, not a thread's traceback
            self.error = error
            self._ready.set()

    async def _serve(self):
        from aiohttp import web

        from referee.screen.server import Screen, app

        self._loop, self._stopped = asyncio.get_running_loop(), asyncio.Event()
        self.screen = Screen(self.path, self.seats, interval=self.interval)
        runner = web.AppRunner(app(self.screen), access_log=None, shutdown_timeout=0.5)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        await site.start()
        self.base = f"http://{self.host}:{site._server.sockets[0].getsockname()[1]}"
        self._ready.set()
        try:
            await self._stopped.wait()
        finally:
            await runner.cleanup()
