"""What players type in a Cosmo;code game, read into the fields of a move (core.play).

A player names cards as they read them (``7b``, ``g4``, ``#2`` for the second revealed
card); a reading finds the revealed card meant and leaves every judgement to the rules
(moves.MOVES: the checks of dealing.py, receiving.py, manipulate.py and taking.py), so a
refusal always cites its rule and replay meets the same refusals. A reading raises only
InputError, for words it cannot read; which card of a hand pays, and the cards a player
types unseen, are the moves' ``gather`` (reading_hand.py), asked once the rules that need
no hidden card have passed. Each reading's docstring is its command's help.
"""

import functools

from referee.core.errors import InputError
from referee.games.cosmocode import cards

_RANGES = {"short": "short", "s": "short", "blue": "short", "mid": "mid", "m": "mid", "middle": "mid",
           "green": "mid", "long": "long", "l": "long", "red": "long"}
_WAYS = ("up", "down", "+", "-")


# -- completion ------------------------------------------------------------------------


def players(session, words):
    return list(session.players) if not words else []


def ranges(session, words):
    return ["short", "mid", "long"] if not words else []


def _readings(session):
    return [f"{s.number}{s.channel}" for s in session.state.revealed]


def revealed(session, words):
    """`take`: the revealed cards by their readings, once."""
    return _readings(session) if not words else []


def flip_words(session, words):
    """`flip 7b with 7`: a revealed card, then `with` (once), then the number it needs
    (public: the card's own number; nothing about the hand is offered)."""
    if not words:
        return _readings(session)
    if len(words) == 1:
        return ["with"]
    if len(words) == 2 and words[1].lower() == "with":
        shown = session.state.revealed
        try:
            index = target(session.state, words[0])
        except InputError:  # `flip 5z with`: its refusal when typed, nothing offered
            return []
        return [str(shown[index].number)] if 0 <= index < len(shown) else []  # `#5` of three: the rules' (CO-2)
    return []


def tune_words(session, words):
    """`tune 5a up with 4`: a revealed card, up or down, then `with` (once)."""
    if not words:
        return _readings(session)
    if len(words) == 1:
        return ["up", "down"]
    if len(words) == 2 and words[1].lower() in _WAYS:
        return ["with"]
    return []


def indicator_words(session, words):
    return ["with"] if not words else []


def perks(session, words):
    return ["a", "b"] if not words else []


# -- the revealed card meant ---------------------------------------------------------------


def target(state, token):
    """Which revealed card a player means: ``#2``, or its reading (``7b``, ``7``).

    ``#N`` is the N-th revealed card as counted; one past the revealed cards is the rules'
    to refuse (CO-2, manipulate.revealed_at), not the reading's."""
    if not state.revealed:  # the phase check comes first: only a bug gets here
        raise InputError(f"{token}: no cards are revealed")
    text = token.strip().lower()
    if text.startswith("#") and text[1:].isdecimal():
        return _numbered(state, text)
    return _read_as(state, token, text)


def _numbered(state, text):
    """The index ``#N`` names (``#0`` is -1: refused by the rules, as any index out of range)."""
    if len(text[1:].lstrip("0")) > 2:  # bounded before it is read (issue 18 item 13): never a revealed card
        count = len(state.revealed)
        raise InputError(f"{cards.quoted(text)} is not one of the revealed cards: there "
                         f"{'is' if count == 1 else 'are'} {count}, #1 to #{count} (CO-2)")
    return int(text[1:].lstrip("0") or "0") - 1


def _read_as(state, token, text):
    """The revealed card that reads ``text`` now, else the one printed so (``7``: any channel)."""
    _colour, number, channel = cards.parse(text)
    for now in (True, False):
        found = [i for i, s in enumerate(state.revealed)
                 if (s.number if now else cards.number(s.card)) == number
                 and channel in (None, s.channel if now else cards.channel(s.card))]
        readings = {(state.revealed[i].number, state.revealed[i].channel) for i in found}
        if len(readings) > 1:
            raise InputError(f"{token} could be " + " or ".join(f"{n}{c}" for n, c in sorted(readings))
                             + "; give the channel too")
        if found:
            return found[0]
    shown = " ".join(f"{s.number}{s.channel}" for s in state.revealed)
    raise InputError(f"no revealed card reads {token}; the revealed cards read {shown} (or say #1, #2 ...)")


def _with(words):
    """Split ``7b with 7`` into the part before and after ``with`` (the word may be left out)."""
    lowered = [w.lower() for w in words]
    if "with" in lowered:
        at = lowered.index("with")
        return words[:at], words[at + 1:]
    return words[:1], words[1:]


def _cards_typed(words, state=None, index=None):
    """``words``, each read as a card (a word that is none is refused as typed); which
    card of the hand each one is, the move's ``gather`` finds. With the ``index`` of the
    revealed card they pay for: read only when it is one (`flip #5 with x` of three is
    refused for the #5 first, CO-2, by the rules)."""
    if index is None or 0 <= index < len(state.revealed):
        for word in words:
            cards.parse(word)
    return list(words)


# -- who makes a move ----------------------------------------------------------------------


def spoken(read):
    """``read`` with the log's "who" on every action it makes: whoever said the line, else
    the player to act (Cosmo;code's log names whose attempt each step was)."""

    @functools.wraps(read)
    def reading(ctx, text):
        made = read(ctx, text)
        who = ctx.speaker or ctx.state.player
        if not who or not isinstance(made, (dict, list)):
            return made
        if isinstance(made, list):
            return [dict(action, by=who) for action in made]
        return dict(made, by=who)

    return reading


# -- the turn ---------------------------------------------------------------------------------


def read_start(ctx, text):
    """Name the start player (table mode: the table chose at random)."""
    if not text.strip():
        raise InputError("who starts? e.g. `start Ann`")
    return {"player": ctx.player(text.split()[0])}


@spoken
def read_receive(ctx, text):
    """Choose the range to receive from: short (blue), mid (green), long (red).

    In digital mode the referee reveals the cards. In table mode add the cards that came
    up, `receive long 4a 6a 5b`, or say them next with `reveal`. While a range is awaited
    the word `receive` may be left out: `long`.
    """
    words = text.split()
    if not words:
        raise InputError("which range? `receive short`, `receive mid` or `receive long`")
    range_ = _RANGES.get(words[0].lower())
    if range_ is None:
        raise InputError(f"{words[0]!r} is not a range: short, mid or long{_range_meant(words)}")
    state = ctx.state
    if state.phase == "reveal" and words[1:] and range_ == state.range:  # said the range twice: the reveal
        return [dict(_revealed_cards(state, words[1:]), do="reveal")]
    if words[1:] and state.mode == "digital":  # whatever the deck holds: never an oracle on it (G-2)
        return {"range": range_, "typed": words[1:]}  # refused by the rules before the deck is read
    if words[1:]:
        return {"range": range_, "cards": [cards.parse_full(w, cards.RANGE_COLOUR[range_]) for w in words[1:]]}
    return {"range": range_}  # digital mode: the cards that come up are the move's gather


def _range_meant(words):
    """What a mistyped range most likely meant (`shrt`, or `recieve short` typed at the
    range prompt, where a bare answer is a range): a suggestion, never a guess acted on."""
    import difflib

    said = words[0].lower()
    if words[1:] and words[1].lower() in _RANGES and difflib.get_close_matches(said, ["receive"], 1, 0.7):
        return f"; did you mean `receive {' '.join(words[1:])}`?"
    close = difflib.get_close_matches(said, ["short", "mid", "middle", "long"], 1, 0.6)
    if close:
        return f"; did you mean `{_RANGES[close[0]]}`?"
    return " (type help for the commands)"


@spoken
def read_reveal(ctx, text):
    """Table mode: the cards that came up for the range chosen, e.g. `reveal 3a 7b`."""
    words = text.replace(",", " ").split()
    if not words:
        raise InputError("which cards came up? e.g. `reveal 3a 7b`")
    return _revealed_cards(ctx.state, words)


def _revealed_cards(state, words):
    colour = cards.RANGE_COLOUR[state.range]
    return {"cards": [cards.parse_full(w, colour) for w in words]}


@spoken
def read_flip(ctx, text):
    """4a: pay one blue card of the same number to flip a revealed card's channel.

    `flip 7b with 7`. With perk b a green card may pay: `flip 7b with g7`.
    """
    shown, pay = _with(text.split())
    if len(shown) != 1 or len(pay) != 1:
        raise InputError("flip one revealed card with one card: e.g. `flip 7b with 7` (4a)")
    index = target(ctx.state, shown[0])
    return {"target": index, "typed": _cards_typed(pay, ctx.state, index)}


@spoken
def read_indicator(ctx, text):
    """4b: pay two blue cards to flip the channel indicator (green too with perk b)."""
    words = [w for w in text.split() if w.lower() != "with"]
    if len(words) != 2:
        raise InputError("the indicator is flipped with two cards: e.g. `indicator with 2 9` (4b)")
    return {"typed": _cards_typed(words)}


@spoken
def read_tune(ctx, text):
    """4c: pay one green card to move a revealed card's number up or down by one.

    `tune 5a up with 4` (the green 4 pays). After this, 4a and 4b are closed this turn.
    """
    head, pay = _with(text.split())
    if len(head) == 1 and len(pay) == 2 and pay[0].lower() in _WAYS:
        head, pay = head + pay[:1], pay[1:]  # `tune 5a up 4`
    if len(head) != 2 or len(pay) != 1:
        raise InputError("say the card, up or down, and the green card: e.g. `tune 5a up with 4` (4c)")
    way = head[1].lower()
    if way not in _WAYS:
        raise InputError(f"{head[1]!r}: a number goes up or down (4c)")
    index = target(ctx.state, head[0])
    return {"target": index, "step": 1 if way in ("up", "+") else -1, "typed": _cards_typed(pay, ctx.state, index)}


@spoken
def read_take(ctx, text):
    """Take what the range allows: short takes every card on the channel; mid and long one.

    `take` alone for short range; `take 5a` names the card for mid and long.
    """
    words = text.split()
    if [w.lower() for w in words] in (["nothing"], ["none"]):
        return [{"do": "pass"}]
    state = ctx.state
    if state.range == "short" and not words:
        chosen = state.takeable()
    elif words:  # the range's own rule refuses what it does not take (3a, 3b, 3c), once each is read
        chosen = [target(state, word) for word in words]
    else:
        allowed = state.takeable()
        readings = {(state.revealed[i].number, state.revealed[i].channel) for i in allowed}
        if len(readings) > 1:
            raise InputError("take which one? " + ", ".join(f"`take {n}{c}`" for n, c in sorted(readings)))
        chosen = allowed[:1]
    # (`#5` of three has no name: the rules refuse it, CO-2)
    names = [cards.show(state.revealed[i].card) for i in chosen if 0 <= i < len(state.revealed)]
    return {"cards": chosen, "names": names}


@spoken
def read_pass(ctx, text):
    """End the attempt taking nothing, when nothing can be taken (also `take nothing`)."""
    return {}


@spoken
def read_discard(ctx, text):
    """Rule 6: over the hand limit after taking, discard down to it (`discard 3 g7`)."""
    words = text.replace(",", " ").split()
    if not words:
        raise InputError("which cards? e.g. `discard 3 g7` (g for green)")
    if words[0].lower() in ("short", "mid", "middle", "long", "receive"):  # `short 3a 4a` at `discard?`:
        # a receive, which the phase refuses until the discard is done (6), not "not a card"
        return [{"do": "receive", "range": words[0].lower()}]
    return {"typed": _cards_typed(words)}


@spoken
def read_perk(ctx, text):
    """Rule 5: after a first red card, choose a (short reveals 3 blue) or b (green pays 4a/4b)."""
    return {"perk": text.strip().lower()}  # the rules check it, after checking that a perk is due


def read_finish(ctx, text):
    """G-6: end the game early; the most red cards win (a tie is shared).

    Between turns the game ends at once; during a turn, when that turn ends.
    """
    if text.strip():
        raise InputError("finish takes nothing after it")
    return {}  # the table's decision, not the player to act's: by whoever said it, if anyone


# -- what a player may see ----------------------------------------------------------------


def read_deal(ctx, text):
    """Table mode: tell the referee blue cards in a hand it has not been told (e.g. the first three).

    Optional: without it the referee trusts what players pay with. `deal Ann` alone asks
    Ann to type her cards unseen (masked, kept out of the history); in a script give them
    on the line. Kept out of the log until the game ends.
    """
    words = text.replace(",", " ").split()
    if not words:
        raise InputError("`deal PLAYER CARD ...`, e.g. `deal Ann 3a 5b 9a`, or `deal Ann` to type them unseen")
    player = ctx.player(words[0])
    if words[1:]:  # said on the line, for the table to read: read once only the owner may name them (G-2)
        return {"player": player, "typed": words[1:]}
    return {"player": player}  # typed unseen by the owner: the move's gather asks
