"""How the words that gain and use power cards in Crafting the Cosmos are read (Power,
Use, CT-5), declared on the moves `power` and `use` (moves.py): the card named (a
reference card by part of its name, or one the reference lacks with its cost, entered
once), the choices its effect asks for and the energy cards paid, read into one action
for power.py. Apart from reading_craft.py, whose moves are the board's, because a power
card's words (names, costs, choices) are a language of their own. A name close to a
reference card is asked about once the rules let the card through (``gather``).
"""

from referee.core.errors import InputError
from referee.games.cosmos import power
from referee.games.cosmos.reading import energy_type, number, said_by, shown, small, star_type, words_of
from referee.games.cosmos.state import ENERGY, SLOT_COSTS, STARS


def complete_power(ctx, words):
    """`power`: a type, then the next word of a card of that type in the reference that
    is not in play (cards lie face up: nothing secret), then `slot`."""
    if not words:
        return list(ENERGY)
    try:
        kind = energy_type(words[0])
    except InputError:
        return []
    said = [w.lower() for w in words[1:]]
    names = [card.name.split() for card in power.reference().values()
             if card.type == kind and power.holder(ctx.state, card.name) is None]
    following = sorted({name[len(said)] for name in names
                        if len(name) > len(said) and [w.lower() for w in name[:len(said)]] == said})
    return following or ["slot"]


def complete_held(ctx, words):
    """`use`: the power cards in the speaker's slots (public: they lie face up)."""
    state = ctx.state
    if words or state.turn is None:
        return []
    return [slot[0] for slot in state.boards[state.turn].power if slot]


def cheapest_slot(board):
    """The free slot a power card goes to when none is said: the cheapest, then the first."""
    free = power.free_slots(board)
    if not free:
        return 1  # the rules refuse: no free slot
    return min(free, key=lambda slot: (SLOT_COSTS[slot - 1], slot))


def _slot(rest):
    """(the words before `slot N`, N or None): `slot N` comes last."""
    lowered = [w.lower() for w in rest]
    if "slot" not in lowered:
        return rest, None
    at = lowered.index("slot")
    if at + 1 >= len(rest) or len(rest) != at + 2:
        raise InputError("`slot N` comes last: e.g. `power light Time Dilation slot 2`")
    return rest[:at], number(rest[at + 1], "a slot (1 to 4)")


def read_power(ctx, args):
    """Gain a power card: pay 2/3/3/4 matching energy cards for slot 1/2/3/4.

    Draw that many from the deck of that type, keep one and name it:
    `power light Relativity Delta slot 2` (Δ Ψ Φ may be typed delta psi phi). Without
    `slot N` the cheapest free slot. Its power token goes to that type's control.
    A name close to a card of the reference is asked about (`!` at the end keeps it).
    """
    words = words_of(args)
    if len(words) < 2:
        raise InputError("say the type and the card kept: e.g. `power light Time Dilation`")
    kind = energy_type(words[0])
    rest, slot = _slot(words[1:])
    if not rest:
        raise InputError("which card did you keep? e.g. `power light Time Dilation`")
    state = ctx.state
    seat = state.turn
    if slot is None:
        slot = cheapest_slot(state.boards[seat]) if seat is not None else 1
    insist = rest[-1] == "!" or rest[-1].endswith("!")
    if insist:
        rest = rest[:-1] if rest[-1] == "!" else rest[:-1] + [rest[-1][:-1]]
    card = power.card_name(state, _named(" ".join(rest)))
    return said_by(ctx, {"type": kind, "slot": slot, "card": card, "insist": insist})


def gather_power(ctx, action):
    """A name the reference lacks but is close to (`Time Dilaton`) is asked about, once the
    rules have let the move through; `!` on the line (``insist``) keeps it as named."""
    action = dict(action)
    insist = action.pop("insist", False)
    card = action["card"]
    meant = _meant(ctx.state, card)
    if meant and not insist:
        if not ctx.confirm(f"{card} is not in the reference: did you mean {meant}? Keep {card!r} as named?"):
            raise InputError(f"nothing was done: did you mean {meant}? (end the line with `!` to keep "
                             f"{card!r} as named)")
    return action


def _meant(state, card):
    """A reference card a name the reference lacks is close to (`Time Dilaton`): a slip to
    ask about, since a time or chemistry card is named freely (CT-5). None otherwise."""
    import difflib

    if power.known(state, card) is not None:
        return None
    names = {power.key(c.name): c.name for c in power.reference().values()}
    close = difflib.get_close_matches(power.key(card), list(names), n=1, cutoff=0.75)
    return names[close[0]] if close else None


_KEYWORDS = ("pay", "cost", "points")
MOST_PAID = 12  # words after `pay` or `cost` (the reference's dearest card costs 5 and a graviton)
NAME_LENGTH = 60  # the longest card name read: the reference's longest is under 30 characters


def _named(text):
    """A card name as typed, refused in one line when longer than any card's: a name is
    echoed by replies and refusals and kept in the log (issue 18 items 13, 14)."""
    if len(text) > NAME_LENGTH:
        raise InputError(f"{shown(text)!r}: a power card's name is {NAME_LENGTH} characters at most")
    return text


def _split_card(state, words):
    """(card name, the words after it): the longest run of words naming a card in the
    player's slots, else one the game knows, else the words up to a keyword."""
    seat = state.turn
    held = [slot[0] for slot in state.boards[seat].power if slot] if seat is not None else []
    names = {power.key(name) for name in held}
    names |= set(power.reference()) | {power.key(entry[0]) for entry in state.learned}
    # A name of k words is typed in k words at most (a typed word is one word of the key
    # or more: `RelativityΔ`), so only the first k words are tried: linear in the words
    # typed, where trying every run was quadratic (issue 18 item 14: 10,000 words, 12 s).
    longest = max((len(name.split()) for name in names), default=0)
    for end in range(min(len(words), longest), 0, -1):
        if power.key(" ".join(words[:end])) in names:
            return power.card_name(state, " ".join(words[:end])), words[end:]
    longest = max((len(power.key(name).split()) for name in held), default=0)
    for end in range(min(len(words), longest), 0, -1):  # part of the name of one card held: `use fission`
        said = power.key(" ".join(words[:end]))
        fits = [name for name in held if said in power.key(name).split() or power.key(name).startswith(said)]
        if len(fits) == 1 and len(said) >= 3:
            return fits[0], words[end:]
    lowered = [w.lower() for w in words]
    end = next((at for at, w in enumerate(lowered) if w in _KEYWORDS), len(words))
    if end == 0:
        raise InputError("use which card? e.g. `use Time Dilation`")
    return power.card_name(state, _named(" ".join(words[:end]))), words[end:]


def _sections(words):
    """The words after a card: {"": choices, "pay": [...], "cost": [...], "points": [...]}."""
    parts, current = {"": []}, ""
    for word in words:
        if word.lower() in _KEYWORDS:
            current = word.lower()
            parts.setdefault(current, [])
            continue
        parts[current].append(word)
    return parts


def _fill_pay(card, typed, choices=""):
    """The energy cards paid: the cost's typed units as printed, and the words after
    `pay` for its `any` and `matching` units (one word pays all the matching ones).
    ``choices``: the words typed after the card, echoed in the example."""
    fixed = [unit for unit in card.cost.cards if unit in ENERGY]
    open_units = [unit for unit in card.cost.cards if unit not in ENERGY]
    if not open_units:
        return list(typed) if typed else fixed
    if not typed:
        raise InputError(f"{card.name} costs {card.cost}: say which cards pay, e.g. "
                         f"`use {card.name} {shown(choices) if choices else '...'} pay light`")
    if len(typed) == len(card.cost.cards):
        return list(typed)
    if len(typed) == 1 and all(unit == "matching" for unit in open_units):
        return fixed + typed * len(open_units)
    if len(typed) == len(open_units):
        return fixed + list(typed)
    return list(typed)  # the rules say why it does not pay


def _cost_and_points(parts, action):
    """A card the reference lacks: its `cost` and the `points` it gave, into ``action``."""
    for section, said in parts.items():  # a cost is a few cards: refused in one line before it is read
        if section in ("pay", "cost") and len(said) > MOST_PAID:
            raise InputError(f"`{section}` with {len(said)} words: a power card costs {MOST_PAID} cards at most")
    if "cost" in parts:
        action["cost"] = list(power.cost_units(parts["cost"]))
    if "points" in parts:
        values = [number(w) for w in parts["points"]]
        if len(values) != 1:
            raise InputError("`points N`: the points the card gave, e.g. `points 3`")
        action["points"] = values[0]


def _choice(word, card, effects, wants_stars, action):
    """One word of the choices into ``action``; the star it names when the card acts on
    or gives one the player chooses; the word itself when it names no choice of the card."""
    said = word.lower()
    if said in ("supernova", "nova", "sn") and "discard" in effects:
        action["supernova"] = True
    elif said in ("gain", "replace") and "nebula" in effects:
        action["nebula"] = said
    elif said.isdecimal() and "stabilise" in effects:
        action["count"] = small(said, "a count of proto life")
    elif said in _STAR_WORDS and wants_stars:
        return star_type(word), None
    elif not (said in _STAR_WORDS and ("star", star_type(word)) in card.effects):
        return None, word
    # else: the star the card gives anyway (`use Molecular Cloud H`): naming it is no error
    return None, None


def _choices(name, card, words, action):
    """The choices typed after the card's name (a target, a star, `supernova`, `gain`, a
    count, a piece to move), into ``action``."""
    effects = [part for part, _argument in card.effects]
    wants_target = any(part in ("nova", "unnova", "discard") for part in effects)
    wants_star = any(part in ("star", "place") and argument in (None, "any") for part, argument in card.effects)
    stars, other = [], []
    for word in words:
        star, unread = _choice(word, card, effects, wants_target or wants_star, action)
        stars += [star] if star else []
        other += [unread] if unread else []
    if wants_target and stars:
        action["target"] = stars.pop(0)
    if wants_star and stars:
        action["star"] = stars.pop(0)
    other = stars + other
    if other:
        if "move" not in effects:
            raise InputError(f"{shown(' '.join(other))!r}: not a choice {name} asks for; "
                             f"`help use` shows the words")
        action["piece"] = " ".join(other)


def read_use(state, words):
    """`use Speed of Light C pay time`: the use action."""
    name, rest = _split_card(state, words)
    parts = _sections(rest)
    action = {"do": "use", "card": name}
    _cost_and_points(parts, action)
    card = power.known(state, name)
    if card is None:
        card = power.Card(name, "", power.Cost.of(action.get("cost", ())), ())
    typed = [energy_type(w) for w in parts.get("pay", [])]
    action["pay"] = _fill_pay(card, typed, " ".join(parts[""]))
    _choices(name, card, parts[""], action)
    return action


_STAR_WORDS = {star.lower() for star in STARS}


def reading_use(ctx, args):
    """Use a power card in your slots, at its cost (as often as you can pay).

    The choices follow the card's name: a star to gain (`use Speed of Light C pay time`,
    5 matching: one type says them all), the star it acts on (`use Core Collapse He
    pay light`: any card pays, said after `pay`), `gain` or `replace` (Star Stuff),
    how many proto life it stabilises (`use Solar Wind H 2`), `supernova` for a
    supernova discarded (Nuclear Fission: target, then the star gained). A card the
    reference lacks: its cost once, `use Catalyst cost chem chem`, and any points it
    gave, `points 3`; other effects go in with `adjust`.
    """
    words = words_of(args)
    if not words:
        raise InputError("use which card? e.g. `use Time Dilation`")
    return said_by(ctx, read_use(ctx.state, words))
