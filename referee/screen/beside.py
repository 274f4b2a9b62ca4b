"""`--screen`: the second screen served beside a game's REPL, in the same process.

Kept apart from the `referee screen` command (referee.screen.main), which the launcher
does not import: the launcher imports this module only when `--screen` is given.
"""

from referee.core import render


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


def _links(base, seats, qr, width=None):
    """The lines that say where the screen is. With ``qr``, first each seat's QR code
    under its name (a phone's camera opens it); then, together and last, so they stay in
    view above the prompt on a small terminal: the public page's address, then one line
    a seat with its link. Words are broken between, never inside, at ``width`` (the
    terminal's): an address is one word."""
    width = width or render.terminal_width()
    lines = []
    if qr:
        for player in seats.players:
            lines += [f"{player}'s page:", _qr_text(seats.link(base, player))]
    lines += [render.heading(render.fit_text(f"Screen: {base}/ (open it on the TV)", width)),
              render.fit_text("Each player's own page (keep these links to yourselves):", width)]
    lines += [f"{player}: {seats.link(base, player)}" for player in seats.players]
    return lines


def _qr_text(link):
    """The QR code of ``link`` as terminal text (half-height blocks), for a phone's camera."""
    import io

    import segno

    buffer = io.StringIO()
    segno.make(link, error="l").terminal(out=buffer, compact=True)
    return buffer.getvalue().rstrip("\n")
