"""Corrections and the table's own words to the referee, open at any time (but the end).

- ``adjust`` (G-1: the physical table is the truth): a count the referee holds that the
  table finds wrong is set to what the table shows, and logged. What comes from a supply
  goes back to it or comes out of it, so a correction never makes a piece the box lacks
  (CT-4). Counts: a player's placed stars and supernovae by type, proto and stable life,
  pieces gained but not placed (loose), the three sliders, the time chamber, the time
  crystal tokens on top, points by source, and (table mode) a hand's size. ``token``
  (`adjust token Ann time`) puts an energy token of the ring where the table has it;
  ``deck`` (`adjust deck 30`, table mode) sets the energy deck's count.
- ``tell`` (table mode): a player names cards of their own hand, typed unseen, so the
  referee knows them (the unknown cards become known); the log says only how many until
  the game ends.
- ``finish`` (G-6): the game ends after this round's end phase, the scores as they then
  stand deciding; before the first turn there is nothing to play out and it ends at once.
- ``check_hand``: a hand is shown to its owner only (the `hand` command).
"""

from referee.core.errors import RuleError
from referee.core.pieces import Hand
from referee.core.states import evolve, set_seat
from referee.games.cosmos import supplies
from referee.games.cosmos.state import (CAPACITY, CHAMBER, CONTROLS, DARK, ENERGY, ENERGY_COPIES, SIZES, SOURCES,
                                        STARS)

# What `adjust` may set: name -> (Board field, index in it or None, supply or None).
# A star's supply is its type's reserve; life is the life tokens; a loose nebula its stack.
COUNTS = {}
for _i, _star in enumerate(STARS):
    COUNTS[_star] = ("stars", _i, _star)
    COUNTS[f"nova {_star}"] = ("novae", _i, _star)
    COUNTS[f"loose {_star}"] = ("loose_stars", _i, _star)
for _i, _size in enumerate(SIZES):
    COUNTS[f"loose nebula{_size}"] = ("loose_nebulae", _i, f"nebula{_size}")
COUNTS.update({
    "proto": ("proto", None, "life"),
    "stable": ("stable", None, "life"),
    "loose proto": ("loose_proto", None, "life"),
    "supernova": ("supernova", None, None),
    "dna": ("dna", None, None),
    "graviton": ("graviton", None, None),
    "chamber": ("chamber", None, None),
    "crystals": ("crystals", None, "crystals"),
})
for _source in SOURCES:
    if _source != "advanced":  # advanced life is secret and scored at the end (CT-7)
        COUNTS[f"points {_source}"] = ("points", SOURCES.index(_source), None)
HAND = "hand"
SAID = {"nova": "supernovae", "loose": "unplaced", "chamber": "time chamber space", "crystals": "time crystal tokens",
        "dna": "DNA slider", "graviton": "graviton slider", "supernova": "supernova slider"}


def label(what):
    """How a count is said in a line: `H stars`, `supernovae (He)`, `unplaced nebula2`."""
    if what in STARS:
        return f"{what} stars"
    if what.startswith("nova "):
        return f"supernovae ({what[5:]})"
    if what.startswith("loose "):
        return f"unplaced {what[6:]}"
    if what.startswith("points "):
        return f"points ({what[7:]})"
    return SAID.get(what, what)


def _value(board, what):
    name, index, _ = COUNTS[what]
    held = getattr(board, name)
    return held if index is None else held[index]


def _with(board, what, value):
    name, index, _ = COUNTS[what]
    if index is None:
        return {name: value}
    values = list(getattr(board, name))
    values[index] = value
    return {name: tuple(values)}


# -- adjust -------------------------------------------------------------------------------------


def _target(state, action):
    """(seat, old value, new value) of an adjust; refuses what cannot be set (G-1)."""
    player, what = action["player"], action["what"]
    if player not in state.players:
        raise RuleError(f"{player!r} is not playing", rule="G-1")
    seat = state.players.index(player)
    if what == HAND:
        old = len(state.hands[seat])
    elif what in COUNTS:
        old = _value(state.boards[seat], what)
    else:
        raise RuleError(f"the referee keeps no count {what!r} to correct", rule="G-1")
    new = old + action.value if action.relative else action.value
    return seat, old, new


def check_adjust(state, action):
    seat, old, new = _target(state, action)
    what = action["what"]
    if new < 0:
        raise RuleError(f"{action['player']}'s {label(what)} would be {new}: a count is 0 or more", rule="G-1")
    if new == old:
        raise RuleError(f"{action['player']}'s {label(what)} is {old} already; nothing to correct", rule="G-1")
    if what == "chamber" and new >= CHAMBER:
        raise RuleError(f"the time chamber's spaces are 0 to {CHAMBER - 1}, not {new}", rule="Resources")
    if what == HAND:
        _check_hand_size(state, seat, old, new)
        return
    supply = COUNTS[what][2]
    if supply is not None and new > old:
        state.supply[supply].take(new - old)  # refuses with CT-4 when the supply lacks them


def _check_hand_size(state, seat, old, new):
    if state.mode == "digital":
        raise RuleError("in digital mode the referee dealt every card itself; a hand's size follows its cards",
                        rule="G-2")
    if new > old and new - old > state.deck_left:
        raise RuleError(f"the energy deck holds {state.deck_left}; {new - old} more cannot come from it",
                        rule="Resources")


def adjust(state, action):
    seat, old, new = _target(state, action)
    what = action["what"]
    if what == HAND:
        hand = state.hands[seat]
        state = evolve(state, hands=set_seat(state.hands, seat, _resized(hand, new)), deck_left=state.deck_left - (new - old))
        return state
    supply = COUNTS[what][2]
    if supply is not None:
        changed = supplies.take_all(state, supply, new - old) if new > old else supplies.give_back(state, supply, old - new)
        state = evolve(state, supply=changed)
        if supply == "crystals" and not changed["crystals"].count:
            state = evolve(state, ending=True)  # the supply is out: the game ends after this end phase (CT-7)
    return supplies.board(state, seat, **_with(state.boards[seat], what, new))


def _resized(hand, size):
    """A table-mode hand of ``size`` cards: more are cards the referee does not know; fewer
    drop the unknown ones first, then the last it was told of."""
    if size >= len(hand):
        return Hand(hand.known, hand.unknown + size - len(hand), hand.told)
    unknown = max(0, hand.unknown - (len(hand) - size))
    return Hand(hand.known[: size - unknown], unknown, hand.told)


# -- the ring: an energy token where the table has it ------------------------------------------


def _token_move(state, action):
    """(source index, target index, token) of a correction of the ring; refuses (G-1, Shift)."""
    token, target = action["token"], action["to"]
    if target not in CONTROLS:
        raise RuleError(f"{target!r} is no control: light, time, gravity or chemistry", rule="G-1")
    if not any(state.controls):
        raise RuleError("no energy token is laid yet: `tokens` says the order first", rule="CT-2")
    if token == "dark":
        source = action.get("from")
        if source not in CONTROLS:
            raise RuleError("say where the dark token is: `adjust token dark light time`", rule="G-1")
        if DARK not in state.tokens(source):
            raise RuleError(f"the {source} control holds no dark token", rule="G-1")
        seat, start = DARK, CONTROLS.index(source)
    elif token in state.players:
        seat = state.players.index(token)
        start = state.where(seat)
    else:
        raise RuleError(f"{token!r} is neither a player nor dark", rule="G-1")
    end = CONTROLS.index(target)
    if start == end:
        raise RuleError(f"{token}'s token is in {target} already" if token != "dark"
                        else f"that dark token is in {target} already", rule="G-1")
    if len(state.controls[end]) >= CAPACITY:
        raise RuleError(f"the {target} control is full: it holds at most {CAPACITY} tokens", rule="Shift")
    return start, end, seat


def check_token(state, action):
    _token_move(state, action)


def token(state, action):
    start, end, seat = _token_move(state, action)
    controls = [list(c) for c in state.controls]
    controls[start].remove(seat)
    controls[end].append(seat)
    return evolve(state, controls=tuple(tuple(c) for c in controls))


# -- the energy deck's count (table mode) -----------------------------------------------------


def check_deck(state, action):
    count = action["count"]
    if state.mode == "digital":
        raise RuleError("in digital mode the referee holds the energy deck itself; its count follows its cards",
                        rule="G-2")
    if count < 0:
        raise RuleError(f"the energy deck cannot hold {count} cards", rule="G-1")
    if count == state.deck_left:
        raise RuleError(f"the energy deck counts {count} already; nothing to correct", rule="G-1")
    held = sum(len(hand) for hand in state.hands) + len(state.display) + len(state.discard)
    if count + held > len(ENERGY) * ENERGY_COPIES:
        raise RuleError(f"with {held} cards in hands, the display and the discard pile, the deck holds at most "
                        f"{len(ENERGY) * ENERGY_COPIES - held}, not {count}", rule="Resources")


def deck(state, action):
    return evolve(state, deck_left=action["count"])


# -- tell (table mode) -------------------------------------------------------------------------


def check_teller(state, action):
    """Who may tell, and that the hand holds a card: the move's ``check_first``, run before
    the cards are asked unseen (counted as one card while none is named yet)."""
    player = action["player"]
    if player not in state.players:
        raise RuleError(f"{player!r} is not playing", rule="G-1")
    speaker = action.get("by")
    if speaker and speaker != player:
        raise RuleError(f"only {player} names {player}'s cards, not {speaker}", rule="G-2")
    if not len(state.hands[state.players.index(player)]):
        _too_many(player, len(action.get("cards") or ["?"]), 0)


def _too_many(player, count, held):
    held = f"holds only {held}" if held else "holds no energy card"
    raise RuleError(f"{player} named {count} card{'s' if count != 1 else ''}, but {player} {held}", rule="G-1")


def check_tell(state, action):
    """The cards told, after check_teller (the move's ``check_first``)."""
    player, cards = action["player"], action["cards"]
    if not cards:
        raise RuleError("name at least one card", rule="G-1")
    hand = state.hands[state.players.index(player)]
    strange = [c for c in cards if c not in ENERGY]
    if strange:  # typed unseen: the refusal is for the owner alone
        raise RuleError(f"{player} named a word that is no energy type; nothing was told", rule="G-1",
                        private=f"not an energy type: {' '.join(map(str, strange))} (light, time, gravity, chemistry)",
                        owner=player)
    if len(cards) > len(hand):  # the hand's size is public: the only count a tell is refused by
        _too_many(player, len(cards), len(hand))


def tell(state, action):
    """The hand with the cards named (Hand.tell): never refused for how many cards are
    still untold, a count that depends on which cards were told before (G-2)."""
    seat = state.players.index(action["player"])
    told = state.hands[seat].tell(action["cards"])
    return evolve(state, hands=set_seat(state.hands, seat, told))


# -- finish (G-6) ------------------------------------------------------------------------------


def _before_play(state):
    """The setup is not done: no turn was played, nothing to play the round out for."""
    return state.phase in ("tokens", "display") or (state.phase == "goal" and not any(state.track)
                                                     and not state.scored)


def check_finish(state, action):
    if state.early or state.ending:
        raise RuleError("the game already ends after this round's end phase", rule="G-6")


def finish(state, action):
    if _before_play(state):
        from referee.games.cosmos import ending

        return ending.final(evolve(state, early=True, ending=True))
    return evolve(state, early=True, ending=True)


# -- hand (a question, no move) -----------------------------------------------------------------


def check_hand(state, player, speaker):
    """A hand is shown to its owner only (G-2)."""
    if speaker and speaker != player:
        raise RuleError(f"a hand is shown only to its owner: {player}'s, not to {speaker}", rule="G-2")
