"""Cosmo;code's rules in one place to look them up, and what only one seat may ask for.

The rules are pure functions, one module per part of the game, each move a
``check_X(state, action)`` raising :class:`RuleError` citing an id of ruletable.md (the
rulebook's steps ``4c``, ``End``; the rulings ``CO-3``; the house rules ``G-6``) and an
effect ``X(state, action)`` run only once every check passed: the setting up, the start
player and the deal in dealing.py, receiving and revealing in receiving.py, the
manipulations in manipulate.py, the taking, the turn's end and the end of the game in
taking.py, the card bookkeeping they share in ledger.py. moves.py declares them, and the
core runs the checks that come before them (the game is not over, the phase opens the
move, the player to act) from the phase table of phases.py. Nothing here prints, asks or
reads a clock; the digital decks are shuffled from the header's seed (and each reshuffle
from the seed and how many came before), so a journal replays to the same cards.

This module sits above them all (nothing the moves use imports it): the names the
questions (`hint`, `hand`), the tests and the benches use are reachable from here, and
:func:`apply` folds an action through the declared moves.
"""


from referee.core.errors import InputError, RuleError  # noqa: F401
from referee.games.cosmocode.dealing import (DEALT, check_deal, check_dealer, check_start, deal,  # noqa: F401
                                             initial, start)
from referee.games.cosmocode.ledger import check_copies, draw, readable, rng  # noqa: F401
from referee.games.cosmocode.manipulate import verify_flip, verify_indicator, verify_tune  # noqa: F401
from referee.games.cosmocode.moves import MOVES
from referee.games.cosmocode.receiving import (check_receive, check_reveal, peek, receive,  # noqa: F401
                                               refuse_named_in_digital, reveal)
from referee.games.cosmocode.state import (HAND, RANGES, REVEAL, WIN_REDS, Shown, State, is_run,  # noqa: F401
                                           order, put, takeable)
from referee.games.cosmocode.taking import (excess, over_rule, over_text, stalled, verify_discard,  # noqa: F401
                                            why_not, winners)

_order = order  # the name the tests and the hint use


def apply(state, action):
    """The declared moves (moves.MOVES) applied in the core's order of checks: for the
    tests and benches that fold actions through the rules alone."""
    return MOVES.apply(state, action)


# -- what only one seat may ask for ------------------------------------------------------------


def check_hint(state, asker=None):
    """A hint needs a game on and revealed cards, is for the player to act (it tells what
    their hand can pay for), and needs the whole hand known."""
    if state.phase == "over":
        raise RuleError(over_text(state), rule=over_rule(state))
    if state.phase != "manipulate":
        raise RuleError("a hint needs revealed cards: `receive short|mid|long` first", rule="4")
    if asker and asker != state.player:
        raise RuleError(f"the hint is for the player to act, {state.player}: it tells what their hand can pay for",
                        rule="G-2")
    if state.unknown[state.turn]:  # whether it knows all depends on the hand: said to its owner alone
        raise RuleError(f"no hint; {state.player} alone was shown why", rule="G-2",
                        private=f"the referee does not know all of {state.player}'s hand (`deal` names it)",
                        owner=state.player)


def check_hand(state, player, speaker):
    """A hand is shown to its owner only (G-2)."""
    if speaker and speaker != player:
        raise RuleError(f"a hand is shown only to its owner: {player} asks for it, not {speaker}", rule="G-2")
