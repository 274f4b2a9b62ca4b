"""The craft phase of Crafting the Cosmos (CT-5): what a player does with what the energy
phase gave them, apart from power cards (power.py).

Per move a ``check_<move>(state, action)`` that raises RuleError citing a rule of
ruletable.md, and a pure ``<move>(state, action)``; the player is always the one to act
(the phase table opens these moves to that seat only). The player boards' geometry is not
in the rulebook (CT-1): placing, moving and completing are recorded as the player says,
and only the COUNTS are checked (what is loose, what lies on the board, the sliders, the
supplies). Advanced life values are secret to their owner until the end: the digital
stack is read here, never said; a value typed in table mode is checked possible and a
refusal of it goes to its owner alone.
"""

from collections import Counter as Tally

from referee.core.errors import RuleError
from referee.core.states import evolve, set_seat
from referee.games.cosmos import ending, energycards, supplies
from referee.games.cosmos.state import (ADVANCED_GROUP1, ADVANCED_GROUP2, ENERGY, SET_POINTS, SET_SIZE, SIZES,
                                        STARS, Nebula)

LIFE_AROUND = 6  # life tokens around a completed nebula to create advanced life (Advanced)
MOST_POINTS = 999  # the most a nebula is recorded for, even insisted on (CT-8 asks above the table's option)

# -- small shared helpers ------------------------------------------------------------------


def seat_board(state):
    """(seat, Board, name) of the player to act."""
    seat = state.turn
    return seat, state.boards[seat], state.players[seat]


def bump(values, index, delta):
    """A tuple of counts with ``values[index]`` moved by ``delta``."""
    return set_seat(tuple(values), index, values[index] + delta)


def article(star):
    """"an H star", "an O star", "a He star", "a C star" (as they are said aloud)."""
    return "an" if star in ("H", "O") else "a"


def plural(count, one, many=None):
    return f"{count} {one if count == 1 else (many or one + 's')}"


def loose_parts(board, sliders=True):
    """What ``board`` still has to place or spend, as short phrases ("2 H", "1 graviton")."""
    parts = [f"{n} {star}" for star, n in zip(STARS, board.loose_stars) if n]
    for size, n in zip(SIZES, board.loose_nebulae):
        if n:
            parts.append(f"{n} size {size} nebula" + ("e" if n > 1 else ""))
    if board.loose_proto:
        parts.append(f"{board.loose_proto} proto life")
    if sliders:
        for name, value in (("supernova", board.supernova), ("DNA", board.dna), ("graviton", board.graviton)):
            if value:
                parts.append(plural(value, name) if name != "DNA" else f"{value} DNA")
    return parts


def pay(state, seat, cards, rule):
    """``state`` with ``cards`` (energy types) paid from ``seat``'s hand onto the discard
    pile, all or nothing: the energy module's one way of paying (energycards.discard),
    whose refusal says publicly only the cost and the hand's size, the rest to its owner."""
    return energycards.discard(state, seat, list(cards), rule)


def _star(value, rule):
    if value not in STARS:
        raise RuleError(f"{value!r} is not a star: H, He, O or C", rule=rule)
    return STARS.index(value)


def _size(value, rule):
    if value not in SIZES:
        raise RuleError(f"{value!r} is not a nebula size: 1, 2 or 3", rule=rule)
    return SIZES.index(value)


def _positive(value, what, rule):
    if value < 1:
        raise RuleError(f"{what} must be 1 or more, not {value}", rule=rule)


# -- place ---------------------------------------------------------------------------------


def tally(items):
    """{item: how many}, in the order they first come (collections.Counter's counts
    without its cost, for a check every replayed `place` makes)."""
    counts = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts


_STAR_AT = {star: index for index, star in enumerate(STARS)}  # a star's index in a Board's tuples
_SIZE_AT = {size: index for index, size in enumerate(SIZES)}


def check_place(state, action):
    board = state.boards[state.turn]
    stars, nebulae, proto = action.stars, action.nebulae, action.proto
    stars, nebulae = (tally(stars) if stars else {}), (tally(nebulae) if nebulae else {})
    if not stars and not nebulae and not proto:
        name = state.players[state.turn]
        loose = loose_parts(board, sliders=False)
        if not loose:
            raise RuleError(f"{name} has nothing loose to place", rule="Place")
        raise RuleError(f"say what to place: {name} has {', '.join(loose)} loose", rule="Place")
    for star, n in stars.items():
        index = _STAR_AT.get(star)
        if index is None:
            index = _star(star, "Place")  # refuses it
        if n > board.loose_stars[index]:
            raise RuleError(f"{state.players[state.turn]} has {board.loose_stars[index]} loose {star}, not {n}",
                            rule="Place")
    for size, n in nebulae.items():
        index = _SIZE_AT.get(size)
        if index is None:
            index = _size(size, "Place")  # refuses it
        if n > board.loose_nebulae[index]:
            raise RuleError(f"{state.players[state.turn]} has {board.loose_nebulae[index]} loose size {size} "
                            f"nebulae, not {n}", rule="Place")
    if proto < 0 or proto > board.loose_proto:
        raise RuleError(f"{state.players[state.turn]} has {board.loose_proto} loose proto life, not {proto}",
                        rule="Place")


def place(state, action):
    """The pieces placed: only the counts the action touches change (the others are
    the board's own, equal to a copy)."""
    seat = state.turn
    board = state.boards[seat]
    changes = {}
    if action.stars:
        stars, loose_stars = list(board.stars), list(board.loose_stars)
        for star in action.stars:
            index = _STAR_AT[star]
            stars[index] += 1
            loose_stars[index] -= 1
        changes["stars"], changes["loose_stars"] = tuple(stars), tuple(loose_stars)
    if action.nebulae:
        nebulae, loose_nebulae = list(board.nebulae), list(board.loose_nebulae)
        for size in action.nebulae:
            nebulae.append(Nebula(size))
            loose_nebulae[_SIZE_AT[size]] -= 1
        changes["nebulae"], changes["loose_nebulae"] = tuple(nebulae), tuple(loose_nebulae)
    proto = action.proto
    if proto:
        changes["proto"], changes["loose_proto"] = board.proto + proto, board.loose_proto - proto
    return supplies.board(state, seat, **changes)


# -- sliders: supernova, stabilise, move ----------------------------------------------------


def check_supernova(state, action):
    _seat, board, name = seat_board(state)
    star = action["star"]
    index = _star(star, "Sliders")
    if board.supernova < 1:
        raise RuleError(f"{name}'s supernova slider is at 0", rule="Sliders")
    if board.stars[index] < 1:
        raise RuleError(f"{name} has no regular {star} star on the board to convert", rule="Sliders")


def supernova(state, action):
    seat, board, _name = seat_board(state)
    index = STARS.index(action["star"])
    return supplies.board(state, seat, supernova=board.supernova - 1, stars=bump(board.stars, index, -1),
                          novae=bump(board.novae, index, 1))


def check_stabilise(state, action):
    _seat, board, name = seat_board(state)
    count = action.count
    _positive(count, "the proto life to stabilise", "Sliders")
    if board.dna < count:
        raise RuleError(f"{name}'s DNA slider is at {board.dna}; stabilising {count} needs {count}", rule="Sliders")
    if board.proto < count:
        raise RuleError(f"{name} has {plural(board.proto, 'proto life', 'proto life')} on the board, "
                        f"not {count} to stabilise", rule="Sliders")


def stabilise(state, action):
    seat, board, _name = seat_board(state)
    count = action.count
    return supplies.board(state, seat, dna=board.dna - count, proto=board.proto - count, stable=board.stable + count)


PIECES = STARS + ("proto", "stable")  # what a movement action may move (never a supernova)


def on_board(board, piece):
    """How many of ``piece`` (a star type, "proto" or "stable") lie on ``board``."""
    if piece in STARS:
        return board.stars[STARS.index(piece)]
    return board.proto if piece == "proto" else board.stable


def moved_pieces(action):
    """The pieces a movement action moves, one graviton each: `piece` holds one (``He``) or
    several, space-separated (``H H He``: `move 2 H He`, issue 20 item 1)."""
    return str(action["piece"]).split() or [""]


def check_move(state, action):
    _seat, board, name = seat_board(state)
    pieces = moved_pieces(action)
    for piece in pieces:
        _check_one_move(board, name, piece)
    if len(pieces) > 1 and board.graviton < len(pieces):
        raise RuleError(f"{name}'s graviton slider is at {board.graviton}; moving {len(pieces)} pieces needs "
                        f"{len(pieces)}, one each", rule="Sliders")


def _check_one_move(board, name, piece):
    if piece == "supernova":
        raise RuleError("a supernova may not be moved", rule="Sliders")
    if piece == "star":  # `move star` (reading_craft): which, when the board holds any
        kinds = [star for star, n in zip(STARS, board.stars) if n]
        if kinds:
            raise RuleError(f"which star moves: {' or '.join(kinds)}?", rule="Sliders")
        raise RuleError(f"{name} has no star on the board to move (supernovae may not move)", rule="Sliders")
    if piece not in PIECES:
        raise RuleError(f"{piece!r} cannot be moved: a star (H, He, O, C), proto or stable life", rule="Sliders")
    if board.graviton < 1:
        raise RuleError(f"{name}'s graviton slider is at 0", rule="Sliders")
    if on_board(board, piece) < 1:
        shown = f"{piece} star" if piece in STARS else f"{piece} life"
        raise RuleError(f"{name} has no {shown} on the board to move", rule="Sliders")


def move(state, action):
    seat, board, _name = seat_board(state)
    return supplies.board(state, seat, graviton=board.graviton - len(moved_pieces(action)))


# -- complete a nebula ---------------------------------------------------------------------


def check_complete(state, action):
    _seat, board, name = seat_board(state)
    size = action["size"]
    _size(size, "CT-5")
    if action["points"] < 0:
        raise RuleError(f"points are 0 or more, not {action['points']}", rule="CT-5")
    if action["points"] > MOST_POINTS:  # a hand-edited save: no tile is worth that (CT-8)
        raise RuleError(f"a nebula is worth at most {MOST_POINTS} points here (the save says more)", rule="CT-8")
    if not any(n.size == size and not n.complete for n in board.nebulae):
        raise RuleError(f"{name} has no incomplete size {size} nebula on the board", rule="CT-5")


def complete(state, action):
    seat, board, _name = seat_board(state)
    size, points = action["size"], action["points"]
    nebulae = list(board.nebulae)
    at = next(i for i, n in enumerate(nebulae) if n.size == size and not n.complete)
    nebulae[at] = nebulae[at]._replace(complete=True, points=points)
    return supplies.board(state, seat, nebulae=tuple(nebulae), points=supplies.points(board, "nebulae", points))


# -- advanced life -------------------------------------------------------------------------


def drawn_values(state):
    """The advanced life values drawn so far in the game (every seat's; secret)."""
    return [value for board in state.boards for value in board.advanced]


def possible_value(state, value, unseen=True):
    """Whether the next advanced life token drawn could be worth ``value``, as far as the
    one who drew it may know: the stack is 2 group-1 tokens per player (from 8 8 8 8 7 7 7
    6) on the 16 of group 2 (Setup 7), so the first 2n drawn come from group 1 and the
    rest from group 2 (how many were drawn is public: the tokens lie face down on the
    boards). Never the values other players drew: they are secret, and a refusal that
    depended on them would let a player probe them by typing values unseen.

    The drawer's own values before must fit with this one only when it was typed
    ``unseen`` (at its owner's masked prompt, refused to its owner alone): a value typed
    on the line is the table's to read, and checking it against the values before would
    tell the table whether this one fits them, so what they were (issue 18: `advanced 1 0
    6` then `advanced 2 0 6` refused, `advanced 1 0 8` then `advanced 2 0 6` taken). A
    value on the line is checked against the group alone; where it conflicts with the
    drawer's values before, the words typed now are the truth (G-1). Values before that
    no longer fit together (one of them typed on the line) are not held against a new one
    either: the owner could never type a value that fits them."""
    seat = state.turn
    top = 2 * len(state.players)  # group-1 tokens in the stack
    group1, group2 = Tally(ADVANCED_GROUP1), Tally(ADVANCED_GROUP2)
    from_group1 = len(drawn_values(state)) < top  # every token drawn so far came from group 1
    if value not in (group1 if from_group1 else group2):
        return False
    own = tuple(state.boards[seat].advanced) if seat is not None else ()
    if not unseen or not _own_fit(own, None, top, from_group1):
        return True
    return _own_fit(own, value, top, from_group1)


def _own_fit(own, value, top, from_group1=None):
    """Whether the drawer's values ``own`` (and ``value``, the one drawn now, unless None)
    can have come from the stack: at most ``top`` from group 1, the rest from group 2, and
    ``value`` from group 1 when ``from_group1``."""
    own = Tally(own)
    group1, group2 = Tally(ADVANCED_GROUP1), Tally(ADVANCED_GROUP2)
    last = Tally([value]) if value is not None else Tally()
    if from_group1:
        return own + last <= group1
    values = sorted(own)

    def splits(index, room, later):
        """Some of the drawer's values from group 1 (at most ``room`` more), the rest with
        this one from group 2."""
        if index == len(values):
            return later + last <= group2
        v = values[index]
        for take in range(min(own[v], group1[v], room), -1, -1):
            if splits(index + 1, room - take, later + Tally({v: own[v] - take})):
                return True
        return False

    return splits(0, top, Tally())


def _advanced_nebula(board, size):
    for at, nebula in enumerate(board.nebulae):
        if nebula.size == size and nebula.complete and not nebula.advanced:
            return at
    return None


def verify_advanced(state, action):
    """Every check of an advanced life action but its value's: the move's ``check_first``,
    run before the value is asked unseen, so nobody types a secret for a move the board
    refuses (replay runs it before check_advanced too)."""
    _seat, board, name = seat_board(state)
    size, proto = action["size"], action["proto"]
    _size(size, "Advanced")
    if _advanced_nebula(board, size) is None:
        raise RuleError(f"{name} has no completed size {size} nebula without advanced life", rule="Advanced")
    if not 0 <= proto <= LIFE_AROUND:
        raise RuleError(f"of the 6 life tokens around it, {proto} cannot be proto life", rule="Advanced")
    stable = LIFE_AROUND - proto
    if board.proto < proto or board.stable < stable:
        raise RuleError(f"6 life around it as {proto} proto and {stable} stable: {name} has "
                        f"{board.proto} proto and {board.stable} stable life on the board", rule="Advanced")
    if state.stack_left < 1 or (state.mode == "digital" and not state.stack):
        raise RuleError("the advanced life stack is empty", rule="CT-4")


def check_advanced(state, action):
    """The value's check, after verify_advanced (the move's ``check_first``)."""
    name = state.players[state.turn]
    value = action.value
    if state.mode == "digital":
        if value is not None and value != state.stack[0]:  # a damaged journal: say nothing of the stack
            raise RuleError("the value given is not the token on top of the stack", rule="G-2")
        return
    if value is None:
        raise RuleError(f"{name} types the value of the token drawn (it stays hidden)", rule="Advanced")
    if not possible_value(state, value, unseen=bool(action.unseen)):
        group = "group 1" if len(drawn_values(state)) < 2 * len(state.players) else "group 2"
        raise RuleError(f"{name}'s advanced life value is not possible for the token drawn now; "
                        "check it and type it again", rule="Advanced",
                        private=f"{name} typed {value}: the token drawn now comes from {group} "
                                f"(group 1: {GROUPS['group 1']}; group 2: {GROUPS['group 2']})",
                        owner=name)


GROUPS = {"group 1": " ".join(map(str, ADVANCED_GROUP1)), "group 2": " ".join(map(str, ADVANCED_GROUP2))}


def advanced_value(state, action):
    """The value of the token ``action`` takes: typed (table mode) or the stack's top."""
    value = action.get("value")
    if value is None and state.stack:
        value = state.stack[0]
    return value


def advanced(state, action):
    seat, board, _name = seat_board(state)
    size, proto = action["size"], action["proto"]
    value = advanced_value(state, action)
    nebulae = list(board.nebulae)
    at = _advanced_nebula(board, size)
    nebulae[at] = nebulae[at]._replace(advanced=True)
    stack = state.stack[1:] if state.stack else state.stack
    state = evolve(state, stack=stack, stack_left=state.stack_left - 1,
                   supply=supplies.give_back(state, "life", proto))
    return supplies.board(state, seat, nebulae=tuple(nebulae), proto=board.proto - proto,
                          advanced=board.advanced + (value,))


# -- sets of 5 matching energy cards -------------------------------------------------------


def check_set(state, action):
    seat, _board, _name = seat_board(state)
    kind = action["type"]
    if kind not in ENERGY:
        raise RuleError(f"{kind!r} is not an energy type", rule="Cards")
    energycards.paid_hand(state, seat, [kind] * SET_SIZE, "Cards")


def set_(state, action):
    seat, _board, _name = seat_board(state)
    state = pay(state, seat, [action["type"]] * SET_SIZE, "Cards")
    board = state.boards[seat]
    return supplies.board(state, seat, points=supplies.points(board, "sets", SET_POINTS))


# -- discharge the time chamber (its page is missing: as reported, CT-1) --------------------


def check_discharge(state, action):
    _seat, board, name = seat_board(state)
    crystals, points, stars = action.crystals, action.points, Tally(action.stars)
    if crystals < 0 or points < 0:
        raise RuleError("crystals and points are 0 or more", rule="CT-1")
    if not crystals and not points and not stars:
        raise RuleError("say what the discharge spent and gave: crystal tokens, points, stars", rule="CT-1")
    if crystals > board.crystals:
        raise RuleError(f"{name} has {plural(board.crystals, 'time crystal token')} along the top, "
                        f"not {crystals}", rule="CT-1")
    for star, n in stars.items():
        _star(star, "CT-1")
        if state.left(star) < n:
            raise RuleError(f"the {star} star reserve holds {state.left(star)}, not {n}", rule="CT-4")


def discharge(state, action):
    seat, board, _name = seat_board(state)
    crystals, points = action.crystals, action.points
    supply = supplies.give_back(state, "box", crystals)
    loose = list(board.loose_stars)
    for star in action.stars:
        supply = supplies.take_all(evolve(state, supply=supply), star, 1)
        loose[STARS.index(star)] += 1
    state = evolve(state, supply=supply)
    return supplies.board(state, seat, crystals=board.crystals - crystals, loose_stars=tuple(loose),
                          points=supplies.points(board, "other", points) if points else board.points)


# -- the end of the turn (Omega) -----------------------------------------------------------


def check_end(state, action):
    board = state.boards[state.turn]
    choice = action["choice"]
    if choice == "nebula":
        size = action.get("size")
        if size not in SIZES:
            _size(size, "Omega")  # refuses it
        if state.supply[_STACK[size]].count < 1 and not no_tiles(state):  # none left at all: the turn ends
            raise RuleError(f"the size {size} nebula stack is empty: choose another size or stabilise",
                            rule="CT-4")  # all the same
    elif choice == "stabilise":
        if board.proto < 1:
            name = state.players[state.turn]
            instead = "`end nebula N` takes nothing (every stack is empty)" if no_tiles(state) else "choose a nebula"
            raise RuleError(f"{name} has no proto life on the board to stabilise: {instead}", rule="Omega")
    else:
        raise RuleError(f"{choice!r} is not an end-of-turn choice: a nebula or stabilise", rule="Omega")


def no_tiles(state):
    """Whether every nebula stack is empty: the Ω nebula then gives nothing (CT-4), so a
    player with no proto life on the board can still end the turn."""
    return all(state.left(f"nebula{size}") < 1 for size in SIZES)


def lost(board):
    """What the end of the turn takes away: the loose pieces and the sliders (Omega)."""
    return loose_parts(board)


_NO_LOOSE = {"loose_stars": (0,) * len(STARS), "loose_nebulae": (0,) * len(SIZES), "loose_proto": 0,
             "supernova": 0, "dna": 0, "graviton": 0}  # what the end of a turn leaves loose (Omega)
_STACK = {size: f"nebula{size}" for size in SIZES}  # a nebula size's stack in the supplies


def end(state, action):
    """The Ω choice, then the sliders to 0 and the loose pieces back to their supplies;
    then the ending module says who plays next (or runs the end phase)."""
    seat = state.turn
    board = state.boards[seat]
    supply = state.supply
    changes = dict(_NO_LOOSE, omega=action["choice"])
    loose_stars, loose_nebulae, loose_proto = board.loose_stars, board.loose_nebulae, board.loose_proto
    stars_back, nebulae_back = any(loose_stars), any(loose_nebulae)
    if stars_back or nebulae_back or loose_proto:
        supply = dict(supply)  # the loose pieces go back below (copied once, only when some are)
    if changes["omega"] == "nebula":
        size = action["size"]
        stack = _STACK.get(size) or f"nebula{size}"
        if supply[stack].count:  # else every stack is empty (check_end): nothing is taken (CT-4)
            if supply is state.supply:
                supply = dict(supply)
            supply[stack] = supplies.less(supply[stack], 1)
            changes["nebulae"] = board.nebulae + (Nebula(size),)
    else:
        changes["proto"], changes["stable"] = board.proto - 1, board.stable + 1
    if stars_back:  # (most turns placed everything before they end)
        for star, n in zip(STARS, loose_stars):
            if n:
                supply[star] = supplies.more(supply[star], n)
    if nebulae_back:
        for size, n in zip(SIZES, loose_nebulae):
            if n:
                supply[_STACK[size]] = supplies.more(supply[_STACK[size]], n)
    if loose_proto:
        supply["life"] = supplies.more(supply["life"], loose_proto)
    board = evolve(board, changes)
    return ending.after_turn(state, supply=supply, boards=set_seat(state.boards, seat, board))


# -- readiness for `moves` (Move.ready) -----------------------------------------------------------------


def board_of(state):
    return state.boards[state.turn] if state.turn is not None and state.boards else None


def ready(test):
    """A ``ready`` of `moves`: ``test(state, board)`` on the board of the player to act."""
    def ready(state):
        board = board_of(state)
        return board is not None and bool(test(state, board))
    return ready
