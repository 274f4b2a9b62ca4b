"""Cosmo;code's rules for what only one seat may ask for: a hand (its owner's alone) and
a hint (the player to act's, with the whole hand known), each a ``check_X`` raising
RuleError citing ruletable.md, asked by the questions of commands.py.

The moves' rules live by topic, each a ``check_X(state, action)`` and a pure effect
``X(state, action)`` that moves.py declares: the setting up, the start player and the
deal in dealing.py, receiving and revealing in receiving.py, the manipulations in
manipulate.py, the taking, the turn's end and the end of the game in taking.py, the card
bookkeeping they share in ledger.py.

The other names it imports, and ``apply`` at its end, are here for callers that read
them from ``rules`` and are not this package's to change: ``bench/cosmocode_bench.py`` (``initial``, ``apply``,
``RuleError``, ``Shown``: it folds seeded games through the rules alone) and the secrecy
tests (``_order``, ``peek``). ``apply`` is ``MOVES.apply``, the declared moves in the
core's order of checks.
"""

from referee.core.errors import RuleError
from referee.games.cosmocode.dealing import initial  # noqa: F401 (the bench)
from referee.games.cosmocode.moves import MOVES
from referee.games.cosmocode.receiving import peek  # noqa: F401 (the secrecy tests)
from referee.games.cosmocode.state import Shown, order as _order  # noqa: F401 (the bench; the secrecy tests)
from referee.games.cosmocode.taking import over_rule, over_text


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
    if state.hand(state.turn).unknown:  # whether it knows all depends on the hand: said to its owner alone
        raise RuleError(f"no hint; {state.player} alone was shown why", rule="G-2",
                        private=f"the referee does not know all of {state.player}'s hand (`deal` names it)",
                        owner=state.player)


def check_hand(state, player, speaker):
    """A hand is shown to its owner only (G-2)."""
    if speaker and speaker != player:
        raise RuleError(f"a hand is shown only to its owner: {player} asks for it, not {speaker}", rule="G-2")


apply = MOVES.apply  # the bench folds seeded games through it
