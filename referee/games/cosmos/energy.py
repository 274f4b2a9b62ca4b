"""The energy phase of Crafting the Cosmos (CT-3, CT-4): shift energy, collect, refill.

A shift is a sequence of steps, each moving ONE energy token some spaces clockwise
(Light → Time → Gravity → Chemistry → Light), one space at a time, a full control (3
tokens) skipped at no cost. The action says which token by who owns it ("own", "dark",
or a player's name, which the rules refuse unless it is the mover's) and, for a dark
token, the control it starts from at that moment of the sequence. Clockwise is the only
way a step can go: the syntax has no direction, and a negative count is refused.

"3 spaces in all" is read as exactly 3 (RULINGS CT-3: "3 spaces in all"; the rulebook's
"may move a combined total of 3" is the budget of one shift, and its note that a token
can end where it started "by moving 3 times and skipping over a full control" counts the
three spaces as made). A player is never stuck with fewer: at most 7 tokens lie on the
board (4 players and 3 dark), so the three other controls are never all full, and the own
token alone can always move 3 spaces. A token never lands in a full control: it skips it,
so "ending in a full control" cannot happen; the tests show the skip.

What the shift yields is a pure function of the board after it (:func:`rewards`), so the
hint and the tests compute it the way the move does; :func:`collect` then takes it from the
finite supplies (CT-4), keeping in ``state.gained`` what was given and what a supply could
not give, for the reply and the view. Energy cards gained are taken with ``take`` (from
the display or the deck, in one line or several), the chemistry nebula tile with
``nebula``; then :func:`end_energy_phase` refills the display and opens the craft phase.
"""


from referee.core.errors import RuleError
from referee.core.states import evolve, set_seat
from referee.core.text import cut as shown
from referee.core.worked import remembered
from referee.games.cosmos import energycards, supplies
from referee.games.cosmos.state import (ACTIVE, CAPACITY, CHAMBER, CONTROLS, DARK, ENERGY, NO_POWER, PASSIVE,
                                        SHIFT, SIZES, STARS)

# Every kind of resource a shift can yield, in the order replies list them.
RESOURCES = ("H", "He", "O", "C", "nebula", "supernova", "dna", "graviton", "crystal", "proto", "cards")
NAMES = {"H": "H", "He": "He", "O": "O", "C": "C", "nebula": "nebula tile", "supernova": "supernova",
         "dna": "DNA", "graviton": "graviton", "crystal": "crystal step", "proto": "proto life",
         "cards": "energy card"}
SUPPLY_OF = {"H": "H", "He": "He", "O": "O", "C": "C", "proto": "life"}  # resources taken from a supply


# -- reading a shift -----------------------------------------------------------------------


def steps_text(steps):
    """A shift's steps as a player reads them: 'own 2, dark@time 1'."""
    try:
        parts = []
        for who, control, n in steps:
            if who == "dark":
                parts.append(f"dark@{control} {n}")
            elif control:
                parts.append(f"{who}@{control} {n}")
            else:
                parts.append(f"{who} {n}")
        return ", ".join(parts)
    except (TypeError, ValueError):
        return repr(steps)


def typed_text(steps):
    """A shift as the player types it, for its refusals to quote: 'shift 2 time 1' (a
    number alone is the own token, a control and a number the dark token there, a name and
    a number that player's token: reading_energy.read_steps reads it back the same)."""
    try:
        parts = []
        for who, control, n in steps:
            if who == "dark":
                parts.append(f"{control} {n}" if control else f"dark {n}")
            elif control:
                parts.append(f"{who}@{control} {n}")
            elif who == "own":
                parts.append(f"{n}")
            else:
                parts.append(f"{who} {n}")
        return " ".join(["shift"] + parts)
    except (TypeError, ValueError):
        return f"shift {steps!r}"


def _read_step(step, steps):
    if not (isinstance(step, (list, tuple)) and len(step) == 3):
        raise RuleError(f"'{typed_text(steps)}': a step is a token and how far it moves", rule="Shift")
    who, control, n = step
    if not isinstance(who, str) or not isinstance(n, int) or isinstance(n, bool):
        raise RuleError(f"'{typed_text(steps)}': a step is a token and how far it moves", rule="Shift")
    if control is not None and control not in CONTROLS:
        raise RuleError(f"'{typed_text(steps)}': {control!r} is no control (light, time, gravity, chemistry)",
                        rule="Shift")
    return who, control, n


def _move_one(controls, start, token):
    """``controls`` with one ``token`` taken out of control ``start`` and moved one space
    clockwise, skipping full controls (they cost no space): (controls, where it landed)."""
    tokens = list(controls[start])
    tokens.remove(token)
    controls = controls[:start] + (tuple(tokens),) + controls[start + 1:]
    at = start
    for _ in range(len(CONTROLS)):
        at = (at + 1) % len(CONTROLS)
        if len(controls[at]) < CAPACITY:
            break
    return controls[:at] + (controls[at] + (token,),) + controls[at + 1:], at


_PLAIN = (list, tuple)


def _checked_steps(state, steps):
    """The steps read, refused unless each moves 1 or more (Shift) and all 3 in all: the
    rulebook's "combined total of 3" read as exactly 3 is the ruling's, so that refusal
    cites CT-3 (issue 20 item 12). The steps as typed (typed_text) are written out only
    for a refusal: an accepted shift never needs them."""
    if not isinstance(steps, (list, tuple)) or not steps:
        raise RuleError("a shift moves tokens 3 spaces in all: e.g. `shift 3`", rule="CT-3")
    read, total, short = [], 0, False
    for step in steps:  # each step's form first, all of them, then the spaces
        if type(step) in _PLAIN and len(step) == 3 and type(step[0]) is str and type(step[2]) is int and (
                step[1] is None or step[1] in CONTROLS):
            who, control, n = step  # a journal's step as written: _read_step would take it as it is
            read.append(step)  # read only by unpacking it (shifted)
        else:
            who, control, n = _read_step(step, steps)
            read.append((who, control, n))
        total += n
        short = short or n < 1
    if short:
        raise RuleError(f"'{typed_text(steps)}': each token moves 1 space or more, clockwise only", rule="Shift")
    if total != SHIFT:
        raise RuleError(f"'{typed_text(steps)}' moves {total} space{'s' if total != 1 else ''}; a shift moves "
                        f"{SHIFT} in all", rule="CT-3")
    return read


def _own_at(controls, seat, name, control, steps):
    for at, tokens in enumerate(controls):
        if seat in tokens:
            break
    else:
        raise RuleError(f"{name}'s energy token is not on the main board", rule="CT-3")
    if control is not None and CONTROLS[at] != control:
        raise RuleError(f"'{typed_text(steps)}': {name}'s token is in {CONTROLS[at]}, not {control}", rule="Shift")
    return at


def _dark_at(controls, control, steps):
    if control is None:
        raise RuleError(f"'{typed_text(steps)}': say which control the dark token leaves, e.g. dark@time 1",
                        rule="Shift")
    at = CONTROLS.index(control)
    if DARK not in controls[at]:
        raise RuleError(f"'{typed_text(steps)}': no dark token lies in {control} then", rule="Shift")
    return at


def _not_movable(state, who, steps):
    other = "another player's" if who not in state.players else f"{who}'s"
    return RuleError(f"'{typed_text(steps)}': you may move only your own and dark tokens, not {other}", rule="Shift")


# Per control, the others clockwise from it and then itself: where a token moving one space
# may land, full controls skipped (Shift).
_AFTER = tuple(tuple((at + k) % len(CONTROLS) for k in range(1, len(CONTROLS) + 1)) for at in range(len(CONTROLS)))


def shifted(state, seat, steps):
    """The controls after ``seat``'s shift ``steps``, every Shift rule checked: a RuleError
    quoting what was typed otherwise (typed_text). Pure: the hint and the move both use it."""
    read = _checked_steps(state, steps)
    controls = [list(tokens) for tokens in state.controls]
    name = state.players[seat]
    own_spaces = 0
    for who, control, n in read:  # the token each step moves and the control it leaves, as the board lies then
        if who == "own" or who == name:
            token, at = seat, _own_at(controls, seat, name, control, steps)
            own_spaces += n
        elif who == "dark":
            token, at = DARK, _dark_at(controls, control, steps)
        else:
            raise _not_movable(state, who, steps)
        for _ in range(n):  # one space at a time, written out: a replayed shift makes up to 3
            controls[at].remove(token)
            for at in _AFTER[at]:  # the next control clockwise that is not full
                if len(controls[at]) < CAPACITY:
                    break
            controls[at].append(token)
    if own_spaces < 1:
        raise RuleError(f"'{typed_text(steps)}': {state.players[seat]}'s own token must move at least 1 space",
                        rule="Shift")
    return tuple(map(tuple, controls))


# -- what a shift yields -------------------------------------------------------------------


def rewards(controls, seat, power):
    """{resource: amount} the board ``controls`` yields to ``seat`` with ``power`` (power
    tokens per control): the ACTIVE reward where the own token is, and from EVERY control
    the PASSIVE reward once per energy token there (any owner, dark included) plus once
    per power token of the player's there, even with no energy token (CT-3)."""
    got = _ZERO.copy()
    for tokens, active, passive, extra in zip(controls, _ACTIVE_ITEMS, _PASSIVE_OF, power):
        if seat in tokens:
            for resource, amount in active:
                got[resource] += amount
        got[passive] += len(tokens) + extra
    return got


_ZERO = dict.fromkeys(RESOURCES, 0)  # rewards' start, copied (a copy costs a sixth of fromkeys)
_ACTIVE_ITEMS = tuple(tuple(ACTIVE[control].items()) for control in CONTROLS)  # rewards' tables, by control index
_PASSIVE_OF = tuple(PASSIVE[control] for control in CONTROLS)


def yield_of(state, seat, steps):
    """What ``seat``'s shift ``steps`` would yield (before the supplies say what they can
    give): {resource: amount}. Refused like the shift itself."""
    return rewards(shifted(state, seat, steps), seat, state.power_tokens(seat))


_NONE = (0,) * len(RESOURCES)  # each resource's amount when ``wanted`` does not say it
_STACKS = tuple(f"nebula{size}" for size in SIZES)  # the nebula stacks' supplies
_LIMITED = tuple(r for r in RESOURCES if r in SUPPLY_OF or r in ("nebula", "cards"))  # what can run short


def givable(state, wanted):
    """(given, short): what the supplies can give of ``wanted`` now, and what they cannot.
    Stars and proto life come from their reserves, the nebula tile from any non-empty
    stack, energy cards from the display, the deck and the discard pile (reshuffled);
    sliders and crystal steps are never short (crystals come from the box: CT-4), so
    only the others are looked at, in RESOURCES order."""
    given = dict(zip(RESOURCES, map(wanted.get, RESOURCES, _NONE)))
    return given, _limited(state, given)


def _limited(state, given):
    """givable's ``short``, ``given`` (every resource, in RESOURCES order) cut down in
    place to what the supplies hold: a shift's own fresh rewards need no copy."""
    short, supply = {}, state.supply
    for resource in _LIMITED:
        amount = given[resource]
        if not amount:  # nothing wanted is nothing given, whatever the supply holds
            continue
        name = SUPPLY_OF.get(resource)
        if name is not None:
            there = supply[name].count
        elif resource == "nebula":
            there = 0
            for stack in _STACKS:
                if supply[stack].count:
                    there = 1
                    break
        else:  # cards
            there = len(state.display) + energycards.available(state)
        if amount > there:
            given[resource], short[resource] = there, amount - there
    return short


def amount_text(counts, keys=RESOURCES):
    """'1 O, 2 DNA, 3 crystal steps': the non-zero amounts, in the replies' order."""
    parts = []
    for key in keys:
        n = counts.get(key, 0)
        if n:
            name = NAMES[key]
            plural = name if n == 1 or key in STARS or key in ("dna", "proto") else name + "s"
            parts.append(f"{n} {plural}")
    return ", ".join(parts) or "nothing"


def collect(state, seat, wanted, controls=None):
    """``state`` after ``seat`` collects ``wanted`` (CT-3), each resource taken from its
    supply as far as it goes (CT-4: "If there is not enough of a given resource, the player
    may not take it"): stars and proto life to the pieces to place this turn, sliders up,
    crystal steps up the time chamber (supplies.climbed), energy cards and the nebula tile
    still to choose (``to_take``, ``nebula_due``). ``state.gained`` keeps the control of
    the active reward, what was given, what was short and the new crystal tokens.

    ``controls`` (the shift's new controls; None: the board's as it is) are made in the
    same step: a replayed shift builds its new state once, not once per supply and slider
    it touches."""
    given, short = givable(state, wanted)
    return _collected(state, seat, given, short, state.controls if controls is None else controls)


def _collected(state, seat, given, short, controls):
    """collect's state from what the supplies give (``given``, every resource in
    RESOURCES order) and what they could not (``short``), the board's ``controls`` after
    the shift; its changes written out in the one call that makes the new state (a
    replayed shift is about a sixth of a game's events)."""
    b = state.boards[seat]
    supply, loose_stars = state.supply, b.loose_stars
    h, he, o, c, proto = given["H"], given["He"], given["O"], given["C"], given["proto"]
    if h or he or o or c or proto:
        supply = dict(supply)
        less = supplies.less
        if h:
            supply["H"] = less(supply["H"], h)
        if he:
            supply["He"] = less(supply["He"], he)
        if o:
            supply["O"] = less(supply["O"], o)
        if c:
            supply["C"] = less(supply["C"], c)
        if proto:
            supply["life"] = less(supply["life"], proto)
        loose_stars = (loose_stars[0] + h, loose_stars[1] + he, loose_stars[2] + o, loose_stars[3] + c)
    steps = given["crystal"]
    if steps and b.chamber + steps < CHAMBER:  # the crystal climbs, no new token (supplies.climbed's first case)
        chamber, crystals, ending, tokens = b.chamber + steps, b.crystals, state.ending, (0, 0)
    elif steps:
        chamber, crystals, supply, ending, tokens = supplies.climbed(b, supply, state.ending, steps)
    else:
        chamber, crystals, ending, tokens = b.chamber, b.crystals, state.ending, (0, 0)
    board = evolve(b, loose_stars=loose_stars, loose_proto=b.loose_proto + proto,
                   supernova=b.supernova + given["supernova"], dna=b.dna + given["dna"],
                   graviton=b.graviton + given["graviton"], chamber=chamber, crystals=crystals)
    where = None  # the control of the active reward
    for control, held in zip(CONTROLS, controls):
        if seat in held:
            where = control
            break
    gained = {"control": where, "got": given, "short": short, "tokens": tokens}
    to_take, nebula_due = given["cards"], bool(given["nebula"])
    boards = set_seat(state.boards, seat, board)
    if to_take or nebula_due:
        return evolve(state, phase="collect", controls=controls, supply=supply, ending=ending, boards=boards,
                      gained=gained, to_take=to_take, nebula_due=nebula_due)
    return end_energy_phase(state, controls=controls, supply=supply, ending=ending, boards=boards, gained=gained,
                            to_take=to_take, nebula_due=nebula_due)


def _after_collect(state, changes):
    """``state`` with ``changes`` made, then still collecting or, with nothing left to
    take, at the end of the energy phase: one new state for both."""
    if changes.get("to_take", state.to_take) or changes.get("nebula_due", state.nebula_due):
        return evolve(state, changes, phase="collect")
    return end_energy_phase(state, **changes)


_CARD_FIELDS = frozenset(("display", "deck", "deck_left", "discard", "reshuffles"))  # what a refill reads


def end_energy_phase(state, **changes):
    """After collecting: the display refilled up to 4 ("New faceup cards are revealed at
    the end of each player's energy phase"), then the craft phase. Digital: from the deck;
    table: phase "refill" while cards are missing and deck or discard pile has some (the
    table names them with ``display``). ``changes`` are made in the same step; those the
    refill reads (a take's cards) first."""
    if state.mode == "digital":
        if _CARD_FIELDS.intersection(changes):
            state, changes = evolve(state, changes), {}
        changes.update(to_take=0, nebula_due=False)
        return energycards.refill(state, phase="craft", **changes)
    changes.update(to_take=0, nebula_due=False)  # table mode: the cards still to lay, as the changes leave them
    get = changes.get
    missing = energycards.missing_of(get("display", state.display), get("deck_left", state.deck_left),
                                     get("discard", state.discard))
    return evolve(state, changes, phase="refill" if missing else "craft")


# -- the moves -------------------------------------------------------------------------------


@remembered
def _shift_controls(state, action):
    return shifted(state, state.turn, action["steps"])


def check_shift(state, action):
    _shift_controls(state, action)  # the effect right after takes these controls (core.worked)


class _Typed(dict):
    """An action's fields read as the rules read an Action (``action.cards``)."""

    def __getattr__(self, name):
        return self.get(name)


def check_shift_line(state, action):
    """For `shift 3 take deck nebula 2`, the collect typed on its line (``then``: the take
    and nebula actions) checked in the state the shift leaves, before anything is made: a
    line refused is refused whole. The shift itself is refused first, by its own check
    (shifted) as the shift is made here; a shift without ``then`` meets that check as the
    move's ``check`` right after this one (gather_shift, between them, asks nothing)."""
    then = action.get("then") or ()
    if not then:
        return
    state = shift(state, action)
    for step in then:
        step = _Typed(step)
        check, effect = (check_nebula, nebula) if step["do"] == "nebula" else (check_take, take)
        if step["do"] == "take":
            check_take_first(state, step)
        check(state, step)
        state = effect(state, step)


def shift(state, action):
    seat = state.turn
    controls = _shift_controls(state, action)  # as its check made them, or made now
    power = state.power_tokens(seat) if any(state.boards[seat].power) else NO_POWER
    given = rewards(controls, seat, power)  # a new dict: givable's cut made on it
    return _collected(state, seat, given, _limited(state, given), controls)


def _cards_text(cards):
    return " ".join(str(card) for card in cards) if isinstance(cards, (list, tuple)) else repr(cards)


def _cards_word(count):
    return f"card{'s' if count != 1 else ''}"


def check_take_first(state, action):
    """A line asking for more energy cards than are due (``many``, the reading's count, and
    ``typed``, the words as typed: neither is a field, never journalled), refused in the
    words typed before a card is read or drawn."""
    if action.get("many") is not None:
        raise RuleError(f"'take {shown(action.get('typed', ''), 60)}': {state.player} takes {state.to_take} energy "
                        f"{_cards_word(state.to_take)}, not {action['many']}", rule="CT-3")


def check_take(state, action):
    cards = action.cards
    if not state.to_take:
        due = ": choose the nebula tile, `nebula 1|2|3`" if state.nebula_due else ""
        raise RuleError(f"{state.player} has no energy cards to take{due}", rule="CT-3")
    if not cards:
        raise RuleError("take which energy cards? e.g. `take light deck`", rule="CT-3")
    for card in cards:
        if card != "deck" and card not in ENERGY:
            raise RuleError(f"'take {_cards_text(cards)}': {card!r} is neither an energy type nor the deck",
                            rule="CT-3")
    if len(cards) > state.to_take:
        raise RuleError(f"'take {_cards_text(cards)}': {state.player} takes {state.to_take} energy "
                        f"card{'s' if state.to_take != 1 else ''}, not {len(cards)}", rule="CT-3")
    for kind in set(cards) - {"deck"} if cards.count("deck") != len(cards) else ():  # (a set only for a face-up card)
        if cards.count(kind) > state.display.count(kind):
            lying = ", ".join(state.display) or "nothing"
            raise RuleError(f"'take {_cards_text(cards)}': the display holds {state.display.count(kind)} {kind} "
                            f"(it shows {lying})", rule="CT-3")
    if cards.count("deck") > energycards.available(state):
        raise RuleError(f"'take {_cards_text(cards)}': the energy deck and discard pile hold "
                        f"{energycards.available(state)}; take the rest from the display", rule="CT-4")


def take(state, action):
    """The energy cards gained, each from the display (a type lying there, known to the
    referee) or the deck (digital: dealt from the secret deck into the known hand; table:
    an unknown card). Taken in one line or several, until ``to_take`` is used up.

    The take that ends a digital energy phase deals the display's refill (end_energy_phase)
    on from the same deck, after its own cards, in the same step."""
    seat = state.turn
    cards = action["cards"]
    wanted, display = cards.count("deck"), state.display
    if wanted == len(cards):  # all from the deck: the display stays as it lies
        faceup = ()
    else:
        faceup = tuple(card for card in cards if card != "deck")
        display = list(display)
        for card in faceup:
            display.remove(card)
        display = tuple(display)
    to_take = state.to_take - len(cards)
    refilled = state.mode == "digital" and not to_take and not state.nebula_due
    missing = max(0, energycards.DISPLAY - len(display)) if refilled else 0
    state, changes, drawn = energycards.deal(state, wanted + missing)
    if missing:
        drawn, laid = drawn[:wanted], drawn[wanted:]
        display += tuple(laid)
    known = faceup + tuple(card for card in drawn if card is not None) if drawn else faceup
    unknown = len(faceup) + len(drawn) - len(known)
    hands = set_seat(state.hands, seat, state.hands[seat].add(*known, unknown=unknown))
    if refilled:
        return evolve(state, nebula_due=False, phase="craft", display=display, hands=hands, to_take=to_take,
                      **changes)
    changes.update(display=display, hands=hands, to_take=to_take)
    return _after_collect(state, changes)


def check_nebula(state, action):
    size = action.size
    if not state.nebula_due:
        raise RuleError(f"{state.player} has no nebula tile to choose", rule="CT-3")
    if size not in SIZES:
        raise RuleError(f"'nebula {size}': a nebula tile is of size 1, 2 or 3", rule="Controls")
    if not state.left(f"nebula{size}"):
        others = [str(s) for s in SIZES if state.left(f"nebula{s}")]
        raise RuleError(f"the size {size} nebula stack is empty: choose size {' or '.join(others)}", rule="CT-4")


def nebula(state, action):
    """The chemistry control's nebula tile, of the size chosen, from the top of that stack,
    to the pieces to place this turn."""
    seat, size = state.turn, action["size"]
    supply = supplies.take(state, f"nebula{size}", 1)[0]
    b = state.boards[seat]
    loose = tuple(n + (1 if at == size - 1 else 0) for at, n in enumerate(b.loose_nebulae))
    boards = set_seat(state.boards, seat, evolve(b, loose_nebulae=loose))
    return _after_collect(state, {"supply": supply, "boards": boards, "nebula_due": False})


def check_display_first(state, action):
    """A line naming more face-up cards than are missing (``many`` and ``typed``, as for
    `take`), refused in the words typed before a card is read."""
    if action.get("many") is not None:
        wanted = energycards.missing(state)
        raise RuleError(f"'display {shown(action.get('typed', ''), 60)}': {wanted} {_cards_word(wanted)} "
                        f"{'are' if wanted != 1 else 'is'} to be laid face up, not {action['many']}", rule="Setup")


def check_display(state, action):
    cards = action.cards
    typed = _cards_text(cards)
    if not isinstance(cards, list) or not cards:
        raise RuleError("which cards lie face up? e.g. `display light time gravity light`", rule="Setup")
    for card in cards:
        if card not in ENERGY:
            raise RuleError(f"'display {typed}': {card!r} is no energy type (light, time, gravity, "
                            "chemistry)", rule="Setup")
    wanted = energycards.missing(state)
    if len(cards) != wanted:
        raise RuleError(f"'display {typed}': {wanted} card{'s' if wanted != 1 else ''} "
                        f"{'are' if wanted != 1 else 'is'} to be laid face up, not {len(cards)}",
                        rule="Setup" if state.phase == "display" else "Resources")
    energycards.check_copies(state, cards, "Setup")


def display(state, action):
    """Table mode: the face-up energy cards the table laid (setup: 4, then the first goal;
    refill: the missing ones, then the craft phase), off the deck's count."""
    state = energycards.lay(state, action["cards"])
    return evolve(state, phase="goal" if state.phase == "display" else "craft")
