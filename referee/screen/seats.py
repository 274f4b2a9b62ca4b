"""The private links: one unguessable token a seat, compared in constant time.

A token is the only key to a seat's page (issue 21 item 4): made by ``secrets`` for
each run of `referee screen`, never written to the save, the log or the public page,
and looked up by comparing it with every seat's token in full, so the time an answer
takes says nothing about how much of a guess was right.
"""

import hmac
import secrets

TOKEN_BYTES = 18  # 144 bits, 24 characters in a URL


class Seats:
    def __init__(self, players, tokens=None):
        self.players = tuple(players)
        self.tokens = dict(tokens) if tokens else {p: secrets.token_urlsafe(TOKEN_BYTES) for p in self.players}

    def player(self, token):
        """The player whose token ``token`` is, or None; every token compared in full."""
        found = None
        given = str(token).encode("utf-8", errors="replace")
        for player, kept in self.tokens.items():
            if hmac.compare_digest(given, kept.encode("ascii")):
                found = player
        return found

    def link(self, base, player):
        return f"{base.rstrip('/')}/seat/{self.tokens[player]}"


def kept(ident, players):
    """Seats for game ``ident`` whose links stay the same from one `referee screen
    --keep-links` to the next (phones keep their bookmarks): read from a private file
    in the referee's folder (0600 in a 0700 folder, never through a symlink), made and
    written there when missing or not this game's seats. The file is the players' own,
    like a save: the tokens are never in the save, the log or a page."""
    import json
    import os
    import re

    from referee.core import files

    folder = os.path.join(files.home(), "screens")
    path = os.path.join(folder, f"{ident}.json")
    valid = re.compile(r"[A-Za-z0-9_-]{24,64}")
    try:
        fd = files.open_private(path, os.O_RDONLY)
        with os.fdopen(fd, "rb") as handle:
            tokens = json.loads(handle.read(8192).decode("utf-8"))
        if (isinstance(tokens, dict) and list(tokens) == list(players)
                and all(isinstance(t, str) and valid.fullmatch(t) for t in tokens.values())):
            return Seats(players, tokens)
    except (OSError, ValueError):
        pass
    seats = Seats(players)
    files.private_folder(folder)
    files.replace(path, json.dumps(seats.tokens).encode("utf-8"))
    return seats
