"""When the rules refuse the questions only one seat may ask: a hand (its owner's alone)
and a hint (the player to act's, with the whole hand known). They change nothing and are
not journalled, but what they may tell is a rule (G-2), so their refusals live here,
pure, beside the moves' checks, where the rules tests reach them; commands.py asks them.
"""

from referee.core.errors import RuleError
from referee.games.cosmocode.taking import over_rule, over_text


def check_hint(state, asker=None):
    """A hint needs a game on and revealed cards, is for the player to act (it tells what
    their hand can pay for), and needs the whole hand known."""
    if state.phase == "over":
        raise RuleError(over_text(state), rule=over_rule(state))
    if state.phase != "manipulate":
        raise RuleError("a hint needs revealed cards: `receive short|mid|long` first", rule="CO-2")
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
