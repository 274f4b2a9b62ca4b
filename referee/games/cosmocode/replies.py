"""What the table is told after each Cosmo;code move (a Move's ``reply``, core.play): what
happened, in a player's words, from the states before and after and the action as
journalled, then the picture. Nothing here reads a hand: a deal says how many cards were
told, never which (G-2).

Each is a core.reply.Reply of unfitted lines: the shell breaks them once for its screen
(Game.fit); only the picture is drawn for the context's width, as a board must be.
"""

from referee.core.reply import Reply
from referee.games.cosmocode import cards, view


def _told(ctx, state, text, **fields):
    """An accepted move's line, then the board as it now stands."""
    return Reply.ok(text, view.picture(state, ctx.width), pictures=("board",), **fields)


def start(ctx, before, after, action):
    return _told(ctx, after, f"{after.player} starts")


def receive(ctx, before, after, action):
    """A receive, or the reveal it was (`receive RANGE CARDS` said again while a reveal is awaited)."""
    if after.phase == "reveal":
        return _told(ctx, after, f"{after.player} tries {action['range']} range")
    return reveal(ctx, before, after, action)


def reveal(ctx, before, after, action):
    return _told(ctx, after, f"{after.player} reveals " + " ".join(cards.short(s.card) for s in after.revealed))


def flip(ctx, before, after, action):
    index, card = action["target"], action["pay"]
    was, now = before.revealed[index], after.revealed[index]
    return _told(ctx, after, f"{was.number}{was.channel} now reads {now.number}{now.channel} ({cards.show(card)} spent)")


def indicator(ctx, before, after, action):
    return _told(ctx, after, f"the indicator now shows {cards.CHANNEL_NAME[after.indicator]} "
                        f"({' and '.join(cards.show(c) for c in action['pay'])} spent)")


def tune(ctx, before, after, action):
    index, card = action["target"], action["pay"]
    was, now = before.revealed[index], after.revealed[index]
    return _told(ctx, after, f"{was.number}{was.channel} now reads {now.number}{now.channel} "
                        f"({cards.show(card)} spent; 4a and 4b are closed this turn)")


def take(ctx, before, after, action):
    """What was taken, each card as printed (and as it read, when a manipulation changed
    that); a `take nothing` is the pass it was."""
    if action["do"] == "pass":
        return pass_(ctx, before, after, action)
    said = [name + _read_as(before.revealed[i]) for name, i in zip(action.get("names") or (), action["cards"])]
    text = f"{before.player} takes " + (", ".join(said) if said else "nothing")
    return _told(ctx, after, text)


def _read_as(shown):
    """` (read as 7b)` for a taken card a manipulation made read differently: `take 7b`
    takes the printed red 5b, and a newcomer should see that it is the card meant."""
    reading = f"{shown.number}{shown.channel}"
    return "" if cards.short(shown.card) == reading else f" (read as {reading})"


def pass_(ctx, before, after, action):
    return _told(ctx, after, "nothing taken; the revealed cards go to their discard pile")


def discard(ctx, before, after, action):
    return _told(ctx, after, "discarded " + ", ".join(cards.show(c) for c in action["cards"]))


def perk(ctx, before, after, action):
    return _told(ctx, after, f"{before.player} takes perk {action['perk']}")


def finish(ctx, before, after, action):
    if after.phase != "over":
        return _told(ctx, after, f"the game ends when {after.player}'s turn ends (G-6)", rule="G-6")
    return _told(ctx, after, "the table ends the game early (G-6)", rule="G-6")


def deal(ctx, before, after, action):
    """How many cards the referee was told, of whose hand: public counts only (how many
    are still unnamed is secret, G-2)."""
    player, named = action["player"], action["cards"]
    seat = after.seat(player)
    return Reply.ok(f"the referee was told {len(named)} of {player}'s cards ({after.told_so_far(seat)} told so far; "
                    f"{player} holds {after.hand_size(seat)})")
