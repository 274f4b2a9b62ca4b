"""The `referee screen` command: find the game, make the seats' links, serve until Ctrl-C."""

import asyncio
import sys

import click

from referee.screen.beside import _links


def main(game_id, lan=False, port=8750, qr=True, keep_links=False, ready=None):
    """Serve game ``game_id`` ("last": the unfinished game played last, as `watch`)."""
    from referee.core import launch, store
    from referee.core.errors import RefereeError
    from referee.screen.seats import Seats, kept

    latest = game_id.strip().lower() in ("last", "latest")
    try:
        ident = store.find(game_id, unfinished=latest)
    except RefereeError as error:
        launch._fail(str(error))
    path = store.path_of(ident)
    from referee.core.watch import load

    session, problem = load(path)
    if problem:
        launch._fail(problem)
    try:
        seats = kept(ident, session.players) if keep_links else Seats(session.players)
    except OSError as error:
        launch._fail(f"the links could not be kept: {error.strerror or error}")
    try:
        asyncio.run(_serve(path, seats, "0.0.0.0" if lan else "127.0.0.1", port, qr, ident, ready))
    except KeyboardInterrupt:
        pass
    except OSError as error:  # the port is taken, or not ours to use
        launch._fail(f"the screen cannot listen on port {port}: {error.strerror or error}")
    click.echo(f"Stopped the screen for {ident}.")
    sys.exit(0)


async def _serve(path, seats, host, port, qr, ident, ready):
    from aiohttp import web

    from referee.screen.server import Screen, app

    runner = web.AppRunner(app(Screen(path, seats)), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    bound = site._server.sockets[0].getsockname()[1]
    base = f"http://{_address(host)}:{bound}"
    click.echo(f"Game {ident}.")
    for line in _links(base, seats, qr):
        click.echo(line)
    click.echo("Read-only; Ctrl-C stops the screen.")
    if ready is not None:
        ready(base, seats)
    try:
        while True:
            await asyncio.sleep(3600)
    finally:
        await runner.cleanup()


def _address(host):
    """The address a phone on this network can reach: this machine's, for --lan."""
    if host != "0.0.0.0":
        return host
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: only the route is looked up
            return probe.getsockname()[0]
    except OSError:
        return socket.gethostbyname(socket.gethostname())

