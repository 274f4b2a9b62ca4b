"""The setup of Crafting the Cosmos (CT-2): a new game's state, and the one setup step a
table tells the referee in table mode (the order the energy tokens were laid).

The supplies start full (state.empty_supply) less each player's starting pieces (1
nebula of each size, 1 proto life, 1 H star); the time crystals are 6/9/11 in the
supply, one on each board and the rest in the box. In digital mode the referee does
what the table would: it shuffles the energy deck (seeded, so a journal replays to the
same cards), deals 4 cards to each hand and 4 to the display, draws the order of the
energy tokens and stacks the advanced life tokens; the game then waits for the first
goal, a physical card in both modes. In table mode the hands are 4 unknown cards each,
and the table says the token order (`tokens`), then the display (energy's `display`),
then the goal.
"""

import random

from referee.core.errors import RuleError
from referee.core.pieces import Hand
from referee.core.states import evolve
from referee.games.cosmos.state import (ADVANCED_GROUP1, ADVANCED_GROUP2, CONTROLS, DARK, DARK_TOKENS, ENERGY,
                                        ENERGY_COPIES, GOAL_DECK, SIZES, Board, State, empty_supply)

HAND = 4  # energy cards dealt to each player (Setup I)
DISPLAY = 4  # face-up energy cards (Setup 5)
DECK = ENERGY_COPIES * len(ENERGY)  # 60


def rng(seed, *salt):
    """The generator of one shuffle: the header's seed and what is shuffled, so a journal
    replays to the same cards (cosmocode's ledger.rng)."""
    return random.Random(":".join(str(part) for part in (seed,) + salt))


def starting_supply(n):
    """The supplies once each of ``n`` players took its starting pieces (Player board
    setup A, C, H): the crystals on the boards are counted out already (empty_supply)."""
    supply = empty_supply(n)
    for name in [f"nebula{size}" for size in SIZES] + ["life", "H"]:
        supply[name] = supply[name].take(n)
    return supply


def token_order(seed, n):
    """The order the energy tokens are placed in digital mode: the players' seats and
    DARK_TOKENS[n] dark ones, shuffled (Setup: "randomly place an energy token")."""
    order = list(range(n)) + [DARK] * DARK_TOKENS[n]
    rng(seed, "tokens").shuffle(order)
    return order


def lay(order):
    """(controls, first): token k goes to control k % 4, clockwise from Light; the first
    player is the one whose token is placed last (CT-2)."""
    controls = [[] for _ in CONTROLS]
    for k, token in enumerate(order):
        controls[k % len(CONTROLS)].append(token)
    first = next(token for token in reversed(order) if token != DARK)
    return tuple(tuple(c) for c in controls), first


def advanced_stack(seed, n):
    """2n random group-1 tokens on the 16 group-2 tokens, shuffled, top first (Setup 7)."""
    group1, group2 = list(ADVANCED_GROUP1), list(ADVANCED_GROUP2)
    rng(seed, "advanced", 1).shuffle(group1)
    rng(seed, "advanced", 2).shuffle(group2)
    return tuple(group1[: 2 * n] + group2)


def energy_deck(seed):
    deck = [kind for kind in ENERGY for _ in range(ENERGY_COPIES)]
    rng(seed, "energy").shuffle(deck)
    return deck


def initial(header):
    players = tuple(header["players"])
    n = len(players)
    mode = header.get("mode") or "table"
    seed = header.get("seed")
    common = dict(players=players, mode=mode, options=dict(header.get("options") or {}), seed=seed,
                  boards=tuple(Board() for _ in players), supply=starting_supply(n), goals_left=GOAL_DECK)
    if mode != "digital":
        return State(phase="tokens", hands=tuple(Hand(unknown=HAND) for _ in players), deck_left=DECK - HAND * n,
                     stack_left=2 * n + len(ADVANCED_GROUP2), **common)
    deck = energy_deck(seed)
    hands = tuple(Hand(tuple(deck[HAND * seat: HAND * (seat + 1)])) for seat in range(n))
    deck = deck[HAND * n:]
    display, deck = tuple(deck[:DISPLAY]), tuple(deck[DISPLAY:])
    controls, first = lay(token_order(seed, n))
    stack = advanced_stack(seed, n)
    return State(phase="goal", hands=hands, display=display, deck=deck, deck_left=len(deck), controls=controls,
                 first=first, stack=stack, stack_left=len(stack), **common)


# -- the tokens move (table mode) ----------------------------------------------------------------


def check_tokens(state, action):
    """The order as laid: each player's token once, and exactly DARK_TOKENS[n] dark ones."""
    if state.phase != "tokens":
        raise RuleError("the energy tokens are laid already; `adjust` corrects a count (G-1)", rule="CT-2")
    order = action["order"]
    n = len(state.players)
    strange = [w for w in order if w != "dark" and w not in state.players]
    if strange:
        raise RuleError(f"{strange[0]!r} is neither a player nor dark", rule="CT-2")
    for player in state.players:
        laid = order.count(player)
        if not laid:
            raise RuleError(f"{player}'s energy token is missing from the order laid", rule="CT-2")
        if laid > 1:
            raise RuleError(f"{player}'s energy token is laid {laid} times; each player has one", rule="CT-2")
    darks = order.count("dark")
    if darks != DARK_TOKENS[n]:
        raise RuleError(f"{n} players lay {DARK_TOKENS[n]} dark energy tokens, not {darks}", rule="CT-2")


def tokens(state, action):
    order = [DARK if w == "dark" else state.players.index(w) for w in action["order"]]
    controls, first = lay(order)
    return evolve(state, controls=controls, first=first, phase="display")


