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
