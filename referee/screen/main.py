"""The `referee screen` command: find the game, make the seats' links, serve until Ctrl-C."""

import asyncio
import sys

import click

from referee.core import render


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


def beside(session, out, port=8750, qr=True):
    """`--screen`: serve ``session``'s save from a thread beside the REPL, say the links
    with ``out``; returns the running screen (its ``shows``/``tell`` route a seat's
    secrets to their page), or None with one line saying why it could not start."""
    from referee.screen.background import Running
    from referee.screen.seats import Seats

    seats = Seats(session.players)
    try:
        running = Running(session.journal.path, seats, port=port).start()
    except OSError as error:
        try:  # the usual port taken (another screen): any free one
            running = Running(session.journal.path, seats, port=0).start()
        except OSError:
            out(render.refusal(f"the screen could not start: {error.strerror or error}"))
            return None
    for line in _links(running.base, seats, qr):
        out(line)
    return running


def _links(base, seats, qr):
    """The lines that say where the screen is: the public page, then each seat's link
    (with its QR code unless ``qr`` is off)."""
    lines = [render.heading(f"Screen: {base}/ (open it on the TV)"),
             "Each player's own page (keep these links to yourselves):"]
    for player in seats.players:
        link = seats.link(base, player)
        lines.append(f"{player}: {link}")
        if qr:
            lines.append(_qr_text(link))
    return lines


def _qr_text(link):
    """The QR code of ``link`` as terminal text (half-height blocks), for a phone's camera."""
    import io

    import segno

    buffer = io.StringIO()
    segno.make(link, error="l").terminal(out=buffer, compact=True)
    return buffer.getvalue().rstrip("\n")


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

