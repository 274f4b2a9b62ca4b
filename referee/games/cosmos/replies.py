"""What the table is told after each move of Crafting the Cosmos (core.moves.Move.reply:
``fn(ctx, before, after, action)``): the move's ✓ line, what it gained or lost, what the
player still has to place or spend, the end phase it ran and what the game waits for
next. Built from the states before and after and the action as journalled, never from a
second look at the rules; nothing here refuses.

Each reply is data (core.reply.Reply): its lines as said, never broken here, so the shell
breaks them once for the screen it shows them on (Game.fit) and ``--json`` keeps them
whole. Only the ring a shift shows is drawn for the screen's width: it is a picture.
"""

from dataclasses import replace

from referee.core.phases import text
from referee.core.reply import Reply
from referee.games.cosmos import craft, energy, energycards, ending, goals, lines, phases, power, view
from referee.games.cosmos.state import SIZES, SLOT_COSTS, STARS

# -- shared ------------------------------------------------------------------------------------


def _said(*lines):
    """The lines that say something: a part with nothing to say ("") is no blank line."""
    return tuple(line for line in lines if line)


def _ok(*lines, **fields):
    """An accepted move's reply: its lines that say something, the first after the tick."""
    return Reply.ok(*_said(*lines), **fields)


def still(state, seat):
    """``still loose: 2 H, 1 graviton`` for the player's board, or ""."""
    left = craft.loose_parts(state.boards[seat])
    return "still to place or spend: " + ", ".join(left) if left else ""


def reply(state, seat, said):
    """A move's ✓ line, then what the player still has to place or spend this turn."""
    return _ok(said, still(state, seat))


def waiting(state):
    """What the game waits for now (the phase's toolbar words)."""
    try:
        said = text(phases.PHASES.of(state).status, state)
    except Exception:  # a phase another part of the game is still writing: say nothing
        return ""
    return f"next: {said}" if said else ""


# -- the setup --------------------------------------------------------------------------------


def tokens_laid(ctx, before, after, action):
    return Reply(public=(f"energy tokens laid; {after.players[after.first]} is first player",))


# -- the energy phase -------------------------------------------------------------------------


def short_text(state, short):
    """What a supply could not give after a shift, one line each."""
    said = []
    for resource, n in short.items():
        if resource in energy.SUPPLY_OF:
            name = state.supply[energy.SUPPLY_OF[resource]].name
            said.append(f"the {name} could not give {energy.amount_text({resource: n})}")
        elif resource == "nebula":
            said.append("every nebula stack is empty: no nebula tile")
        elif resource == "cards":
            said.append(f"deck, discard pile and display could not give {energy.amount_text({resource: n})}")
    return said


def _collect_text(state):
    parts = []
    if state.to_take:
        shown = " ".join(state.display) or "empty"
        n = state.to_take
        example = " ".join(["deck"] * n) if n <= 3 else f"{n} deck"  # the whole count: it takes them all
        parts.append(f"take {n} energy card{'s' if n != 1 else ''} (display: {shown}), e.g. `take {example}`")
    if state.nebula_due:
        sizes = [f"`nebula {size}`" for size in phases.sizes_left(state)]
        said = sizes[0] if len(sizes) == 1 else ", ".join(sizes[:-1]) + " or " + sizes[-1]
        parts.append(f"choose the nebula tile: {said}")
    return "next: " + "; ".join(parts)


def next_text(state):
    """What the energy phase waits for now, with the words to type."""
    if state.phase == "collect":
        return _collect_text(state)
    if state.phase == "refill":
        n = energycards.missing(state)
        return f"next: the table lays {n} card{'s' if n != 1 else ''} face up: {phases.refill_example(state)}"
    if state.phase == "craft":
        return f"{state.player}'s craft phase: place, spend, then `end`"
    return ""


def _crystal_lines(before, after, gained):
    from_supply, from_box = gained.get("tokens", (0, 0))
    out = []
    if from_supply:
        out.append(f"time chamber full: {from_supply} new crystal token{'s' if from_supply != 1 else ''} "
                   "from the supply")
    if from_box:
        out.append(f"time crystal supply out: {from_box} from the box; the game ends after this round's "
                   "end phase (CT-4)")
    elif after.ending and not before.ending:
        out.append("the time crystal supply is now out: the game ends after this round's end phase (CT-4)")
    return out


def shift_reply(before, after, steps, width=None):
    """A shift: the steps, the ring as the tokens now lie (a picture drawn for ``width``,
    for the table to check its own), what was gained and what a supply could not give."""
    name = before.players[before.turn]
    gained = after.gained or {}
    out = [f"{name} shifts {energy.steps_text(steps)}: own token in {gained.get('control')}",
           *view.ring(after, width).split("\n"), "gains " + energy.amount_text(gained.get("got", {}))]
    out += short_text(before, gained.get("short", {}))
    crystals = _crystal_lines(before, after, gained)
    out += crystals
    out.append(next_text(after))
    return _ok(*out, pictures=("ring",), rule="CT-4" if any("(CT-4)" in line for line in crystals) else None)


def shifted(ctx, before, after, action):
    if action.get("do") != "shift":  # `shift 3 take ...`: the shift, then what was collected, one answer
        return _shifted_and_collected(ctx, before, after, action)
    return shift_reply(before, after, action["steps"], ctx.width)


def _shifted_and_collected(ctx, before, after, action):
    made = [record["action"] for record in ctx.records[-3:]]
    shift = next(done for done in reversed(made) if done.get("do") == "shift")
    mid = energy.shift(before, shift)  # the state between the shift and the collect
    said = shift_reply(before, mid, shift["steps"], ctx.width)
    collected = taken(ctx, mid, after, action)
    return replace(said, public=said.public[:-1] + collected.public)


def drew_text(state, seat, count):
    """Digital mode: a draw announced as a count, and where its owner sees the cards.
    Nothing private is shown unasked (G-2: hidden information only on an explicit
    per-player command), so the shared screen never holds a hand the taker did not
    ask for; `hand NAME` is that command."""
    if not count or state.mode != "digital":
        return ""
    name = state.players[seat]
    return f"{name} drew {count} card{'s' if count != 1 else ''} (`hand {name}` shows {'them' if count != 1 else 'it'})"


def reshuffled(before, after):
    """The line that says the energy deck ran out and the discard pile became the new deck
    ('' when it did not): at a real table somebody has to shuffle it before drawing on."""
    if after.reshuffles <= before.reshuffles:
        return ""
    pile = len(before.discard)
    if after.mode == "table":
        return (f"the energy deck ran out: shuffle the discard pile ({pile} card{'s' if pile != 1 else ''}) "
                "into a new deck and draw from it (Resources)")
    return f"the energy deck ran out: the discard pile ({pile}) was shuffled into a new deck (Resources)"


def _took(state, seat, cards):
    """("Ann takes time from the display and 2 from the deck", how many from the deck)."""
    faceup = [card for card in cards if card != "deck"]
    deck = cards.count("deck")
    parts = [" ".join(faceup) + " from the display"] if faceup else []
    if deck:
        parts.append(f"{deck} from the deck")
    return f"{state.players[seat]} takes " + " and ".join(parts), deck


def taken(ctx, before, after, action):
    seat = before.turn
    if action.get("do") == "nebula":  # `take time nebula 3`: the cards (when due), then the tile, one answer
        tile = f"{before.player} takes a size {action['size']} nebula tile"
        if not before.to_take:
            return _ok(tile, reshuffled(before, after), next_text(after))
        said, deck = _took(before, seat, ctx.records[-2]["action"]["cards"])  # this line's take, just before
        return _ok(said, drew_text(after, seat, deck), tile, reshuffled(before, after), next_text(after))
    said, deck = _took(before, seat, action["cards"])
    return _ok(said, drew_text(after, seat, deck), reshuffled(before, after), next_text(after))


def nebula_taken(ctx, before, after, action):
    return _ok(f"{before.player} takes a size {action['size']} nebula tile", reshuffled(before, after),
               next_text(after))


def laid(ctx, before, after, action):
    return _ok("face up: " + " ".join(after.display), reshuffled(before, after),
               next_text(after) if after.phase == "craft" else "")


# -- the craft phase -------------------------------------------------------------------------


def placed(ctx, before, after, action):
    return reply(after, before.turn, lines.place(action).replace("places", f"{before.player} places", 1))


def novaed(ctx, before, after, action):
    return reply(after, before.turn, f"{before.player}'s {action['star']} star is now a supernova")


def stabilised(ctx, before, after, action):
    return reply(after, before.turn, f"{before.player} stabilises {action['count']} proto life")


def moved(ctx, before, after, action):
    return reply(after, before.turn, f"{before.player} {lines.move({'piece': action['piece']})}")


def completed(ctx, before, after, action):
    return reply(after, before.turn, f"{before.player} completes a size {action['size']} nebula: "
                                     f"{action['points']} points")


def created(ctx, before, after, action):
    # Digital: the value drawn is not shown unasked (G-2: only on an explicit per-player
    # command); `hand NAME` shows it to its owner with the energy hand.
    name = before.player
    shown = f"; `hand {name}` shows it to {name}" if before.mode == "digital" else ""
    return reply(after, before.turn, f"{name} creates advanced life on a size {action['size']} nebula; "
                                     f"{action['proto']} proto life back to the supply (value hidden until the "
                                     f"end{shown})")


def set_made(ctx, before, after, action):
    return reply(after, before.turn, f"{before.player} discards 5 {action['type']} for 6 points")


def discharged(ctx, before, after, action):
    return reply(after, before.turn, f"{before.player} {lines.discharge(action)}")


def _end_done(before, after, action):
    seat = before.turn
    if action["choice"] != "nebula":
        return "stabilises 1 proto life"
    if after.boards[seat].nebulae == before.boards[seat].nebulae:
        return "no nebula tile is left in any stack (CT-4)"
    return "takes a size {} nebula".format(action["size"])


def ended(ctx, before, after, action):
    """The turn's end, what it lost, the end phase the last turn of a round runs, and what
    the game waits for next."""
    left = craft.lost(before.boards[before.turn])
    done = _end_done(before, after, action)
    out = [f"{before.player} ends the turn: {done}", "lost: " + ", ".join(left) if left else ""]
    out += ending.report(before, after)
    out.append(waiting(after))
    return _ok(*out, rule="CT-4" if done.endswith("(CT-4)") else None)


# -- power cards -----------------------------------------------------------------------------


def gained_power(ctx, before, after, action):
    kind, slot = action["type"], action["slot"]
    listed = power.other_deck(action["card"], kind)
    return _ok(f"{before.player} keeps {action['card']} in slot {slot} ({SLOT_COSTS[slot - 1]} {kind} paid); a "
               f"power token goes to the {kind} control",
               f"drawn from the {kind} deck as the table says; the rulebook lists it under {listed} (G-1)"
               if listed else "", still(after, before.turn), rule="G-1" if listed else None)


def used(ctx, before, after, action):
    seat = before.turn
    said = f"{before.player} {lines.use(action)}"
    changed = changes_text(before.boards[seat], after.boards[seat])
    return reply(after, seat, said + (f"; now {changed}" if changed else ""))


def _counted_changes(before, after):
    said = []
    for field, where in (("stars", ""), ("novae", " supernova"), ("loose_stars", " loose")):
        for star, old, new in zip(STARS, getattr(before, field), getattr(after, field)):
            if new != old:
                said.append(f"{new - old:+d} {star}{where}")
    for size, old, new in zip(SIZES, before.loose_nebulae, after.loose_nebulae):
        if new != old:
            said.append(f"{new - old:+d} loose size {size} nebula")
    return said


def changes_text(before, after):
    """What a power card changed on a board, said shortly: ``+1 H loose, +6 points``."""
    said = _counted_changes(before, after)
    if len(after.nebulae) == len(before.nebulae) and after.nebulae != before.nebulae:
        said.append("a size 1 nebula replaced by a size 2")
    for field, what in (("proto", "proto life"), ("stable", "stable life"), ("graviton", "graviton"),
                        ("crystals", "time crystal token")):
        old, new = getattr(before, field), getattr(after, field)
        if new != old:
            plural = "s" if abs(new - old) != 1 and field in ("graviton", "crystals") else ""
            said.append(f"{new - old:+d} {what}{plural}")
    if (after.chamber, after.crystals) != (before.chamber, before.crystals):
        said.append(f"time chamber on {after.chamber}")
    if after.score != before.score:
        said.append(f"{after.score - before.score:+d} points")
    return ", ".join(said)


# -- the goals and the end phase ------------------------------------------------------------


def _counted(goal):
    """What a goal counts and who counts it, for the reply that reveals it."""
    if goal.name not in goals.reference() and not goal.metric:
        return "the table counts it when it is scored (`count`)"
    who = "the referee counts it" if goals.tracked(goal) else "the table counts it (`count`)"
    return f"it counts {goals.says(goal)}; {who}"


def _reported(before, after, *first):
    """A line the end phase waits on, then what the end phase did after it (ending.report)."""
    return Reply(public=_said(*first, *ending.report(before, after)))


def goal_named(ctx, before, after, action):
    shown = after.track[0]
    begins = before.phase == "goal" and ending.at_setup(before) and after.turn is not None
    return _reported(before, after, f"goal on the top space: {goals.label(shown)}", _counted(shown),
                     f"round 1: {after.player} begins" if begins else "")


def counted(ctx, before, after, action):
    return Reply(public=_said(*ending.report(before, after)) or ("counted",))


def discarded(ctx, before, after, action):
    player, cards = action["player"], action["cards"]
    left = len(after.hands[after.seat(player)])
    return _reported(before, after, f"{player} discards {' '.join(cards)}; {left} energy cards left")


# -- corrections ----------------------------------------------------------------------------


def told_text(player, count, hand):
    """A tell's reply: how many cards were named, how many so far, the hand's size. All
    public; how many are still untold is not said (G-2: it moves with payments by an
    amount that depends on which cards were told)."""
    return (f"the referee was told {count} of {player}'s cards ({hand.told} told so far; "
            f"{player} holds {len(hand)})")


def told(ctx, before, after, action):
    player = action["player"]
    return Reply.ok(told_text(player, len(action["cards"]), after.hands[after.seat(player)]))


def finished(ctx, before, after, action):
    if after.phase == "over":
        return Reply.ok("the game is over (ended early, G-6)", rule="G-6")
    return Reply.ok("the game ends after this round's end phase (G-6); `undo` takes it back", rule="G-6")


def corrected(ctx, before, after, action):
    """`adjust` makes one of three moves (adjust, token, deck): its log line after a tick."""
    said = {"adjust": lines.adjust, "token": lines.token, "deck": lines.deck}
    return Reply.ok(said[action["do"]](action))
