"""Cosmo;code's public picture as data, for a screen that draws it itself (`referee
screen`, static/cosmocode.js) instead of showing the terminal's text.

It holds the facts view.picture prints and nothing more, so the secrecy of the terminal
picture (G-2) carries over by construction: the indicator, each deck's and discard
pile's SIZE (digital mode; never a card in them), the cards revealed this attempt as they
lie and as they read now, and per seat the red cards (face up, CO-6), the perk and the
hand's size. A hand's size is what the terminal shows too; never its cards, nor how many
of them are named or unnamed (that split moves with what is held, G-2). The seed and the
header are not read at all.
"""

import click

from referee.games.cosmocode import cards, taking, view

# Which range each colour's deck serves (rule 3): a label, so no pile is told by colour alone.
_RANGE_OF = {colour: range_ for range_, colour in cards.RANGE_COLOUR.items()}


def picture(state):
    """The public picture of ``state`` as a JSON-able dict (``kind`` names the drawing)."""
    over = state.phase == "over"
    return {
        "kind": "cosmocode",
        "mode": state.mode,
        "indicator": _channel(state.indicator),
        "piles": _piles(state),
        "attempt": _attempt(state),
        "seats": [_seat(state, seat, over) for seat in range(len(state.players))],
        "turn": None if over else state.player,
        "phase": state.phase,
        "over": over,
        "winners": taking.winners(state) if over else [],
        "ending": bool(state.ending and not over),
        "status": click.unstyle(view.status(state)),
    }


def _channel(channel):
    return {"channel": channel, "glyph": cards.GLYPH[channel], "name": cards.CHANNEL_NAME[channel]}


def _piles(state):
    """Each colour's draw pile and discard pile as counts; none in table mode, where the
    piles lie on the table and the referee does not follow them."""
    if state.decks is None:
        return []
    return [{"colour": colour, "range": _RANGE_OF[colour], "deck": len(deck), "discard": len(discard)}
            for colour, deck, discard in zip(cards.COLOURS, state.decks, state.discards)]


def _attempt(state):
    """The attempt under way: who tries which range, and the cards revealed for it (none
    yet while a table-mode reveal is awaited); None between attempts."""
    if state.phase not in ("reveal", "manipulate") or state.range is None:
        return None
    takeable = state.takeable() if state.revealed else []
    return {
        "player": state.player,
        "range": state.range,
        "colour": cards.RANGE_COLOUR[state.range],
        "reveals": state.reveal_count(),
        "cards": [_revealed(shown, index in takeable, shown.channel == state.indicator)
                  for index, shown in enumerate(state.revealed)],
        "takeable": len(takeable),
        "tuned": bool(state.tuned),
    }


def _revealed(shown, takeable, on):
    """A revealed card: as it lies (``face``) and as manipulation makes it read now."""
    face = cards.short(shown.card)
    reads = f"{shown.number}{shown.channel}"
    return {"colour": cards.colour(shown.card), "face": face, "number": shown.number, "channel": shown.channel,
            "glyph": cards.GLYPH[shown.channel], "changed": reads != face, "on": on, "takeable": takeable}


def _seat(state, seat, over):
    return {
        "name": state.players[seat],
        "reds": [{"face": cards.short(card), "number": cards.number(card), "channel": cards.channel(card),
                  "glyph": cards.GLYPH.get(cards.channel(card), "")} for card in state.reds[seat]],
        "perk": state.perks[seat],
        "hand": state.hand_size(seat),  # the size the terminal shows, never what is in it (G-2)
        "acts": seat == state.turn and not over,
    }
