"""What the table sees of a Cosmo;code game: one compact picture, the scoreboard, the log.

Views return text and never change the game. They show hand sizes, never hand contents:
a hand is seen only through `hand PLAYER` (G-2). ``hand_text`` and ``hint_text`` are the
two texts for one seat's eyes: the commands send them as the private part of a Reply.
"""

from referee.core import render
from referee.games.cosmocode import cards, hint, taking

_STYLE = {"blue": "blue", "green": "green", "red": "red"}


def _words(text):
    return text.split()


def card(text, read=None):
    """A card as it lies, e.g. ``[7a]``; ``[7a→7b]`` when manipulation changed how it reads."""
    shown = cards.short(text)
    if read and read != shown:
        shown = f"{shown}→{read}"
    return render.style(f"[{shown}]", fg=_STYLE[cards.colour(text)], bold=True)


def revealed_line(state, width):
    if not state.revealed:
        return ""
    colour = cards.RANGE_COLOUR[state.range]
    parts = _words(f"{state.player} tries {state.range} range ({colour}):")
    parts += [card(s.card, f"{s.number}{s.channel}") for s in state.revealed]
    takes = state.takeable()
    if takes:
        parts.append(f"· takes {len(takes)}" if state.range == "short" else "· takeable")
    else:
        parts += _words("· nothing to take yet")
    if state.tuned:
        parts += _words("· 4c used: 4a/4b closed")
    return render.fit_words(parts, width)


def picture(state, width):
    """The channel indicator, the revealed cards, and each player's reds, perk and hand count.

    Rows are as narrow as the names and red cards in them, so the picture fits a phone
    terminal; other lines are broken between words to ``width`` (the caller's: a reply's
    ``ctx.width``).
    """
    glyph = cards.GLYPH[state.indicator]
    top = f"Channel indicator: {render.style(glyph + ' ' + cards.CHANNEL_NAME[state.indicator], bold=True)}"
    if state.decks is not None:
        piles = " · ".join(f"{c} {len(d)}/{len(x)}" for c, d, x in zip(cards.COLOURS, state.decks, state.discards))
        piles = f"decks/discards: {piles}"
        together = f"{top}    {piles}"
        top = together if render.visible(together) <= width else f"{top}\n{render.fit_words(_words(piles), width)}"
    lines = [top]
    if state.revealed:
        lines.append(revealed_line(state, width))
    elif state.phase == "reveal":
        lines.append(render.fit_words(_words(f"{state.player} tries {state.range} range: `reveal` the cards that came up"), width))
    named = max(len(p) for p in state.players)
    shown = [" ".join(f"[{cards.short(c)}]" for c in reds) or "-" for reds in state.reds]
    wide = max(len(text) for text in shown)
    for seat, player in enumerate(state.players):
        mark = "▶" if seat == state.turn and state.phase != "over" else " "
        reds = " ".join(card(c) for c in state.reds[seat]) or "-"
        reds += " " * (wide - len(shown[seat]))  # padded by what shows, not by the colour codes
        hand = f"hand {state.hand_size(seat)}"  # never how many are unnamed: that moves with what is held (G-2)
        lines.append(f" {mark} {player:<{named}}  reds {reds}  perk {state.perks[seat] or '-'}  {hand}")
    lines.append(render.fit_words(_words(status(state)), width))
    return "\n".join(lines)


def status(state):
    text = _status(state)
    if state.ending and state.phase != "over":
        text += f" · the game ends when {state.player}'s turn ends (G-6)"
    return text


def _status(state):
    p = state.player
    if state.phase == "over" and state.early:
        return render.heading(f"The table ended the game early (G-6): {early_result(state)}.")
    if state.phase == "over" and state.winner is None:
        return render.heading("The red deck cannot reveal three cards any more, so nobody can take a second: "
                              "the game ends without a winner (CO-4).")
    if state.phase == "over":
        return render.heading(f"{state.winner} took a second red card and wins.")
    if state.phase == "start":
        return "Who starts? `start PLAYER` (CO-1)"
    if state.phase == "receive":
        return f"{p} to receive: `receive short|mid|long`"
    if state.phase == "reveal":
        return f"{p}: `reveal` the {state.reveal_count()} cards that came up, e.g. `reveal 3a 7b`"
    if state.phase == "manipulate":
        return f"{p}: flip / indicator / tune, then `take`" + ("" if state.takeable() else " (or `pass`)")
    if state.phase == "discard":
        excess = state.hand_size(state.turn) - state.limit
        return (f"{p} holds {state.hand_size(state.turn)} cards, {excess} over the limit of {state.limit}: "
                f"`discard` {excess}, e.g. `discard 3` (blue) or `discard g7` (rule 6)")
    if state.phase == "perk":
        return f"{p} took a first red card: `perk a` (short reveals 3) or `perk b` (green pays for 4a/4b)"
    return ""


def scoreboard(state):
    rows = []
    for seat, player in enumerate(state.players):
        reds = " ".join(cards.short(c) for c in state.reds[seat]) or "-"
        rows.append((player, len(state.reds[seat]), reds, state.perks[seat] or "-", state.hand_size(seat)))
    return ("player", "reds", "red cards", "perk", "hand"), rows


def final(state, width):
    headers, rows = scoreboard(state)
    text = [render.heading("Final scores"), render.table(headers, rows)]
    won = taking.winners(state)
    if state.early:
        text.append(render.fit_words(_words("Ended early by the table (G-6): the most red cards win."), width))
    if len(won) == 1:
        text.append(render.heading(f"Winner: {won[0]}"))
    elif won:
        text.append(render.heading(f"Winners (shared): {', '.join(won)}"))
    else:
        text.append(render.heading("No winner: the red deck ran out (CO-4)"))
    return "\n".join(text)


def early_result(state):
    """Who won a game the table ended early, and with how many red cards (G-6)."""
    won = taking.winners(state)
    most = len(state.reds[state.seat(won[0])])
    held = f"{most} red card{'s' if most != 1 else ''}"
    if len(won) == 1:
        return f"{won[0]} wins with {held}"
    return f"{', '.join(won[:-1])} and {won[-1]} share the win with {held} each"


def hand_text(state, seat):
    """A seat's hand for its owner's eyes: the cards the referee knows, by colour, and how
    many it holds unnamed (the split is the owner's alone, G-2)."""
    hand = state.hand(seat)
    parts = []
    for colour in ("blue", "green"):
        mine = [cards.short(c) for c in hand.known if cards.colour(c) == colour]
        parts.append(f"{colour}: {' '.join(mine) or '-'}")
    text = f"{state.players[seat]} holds " + "; ".join(parts)
    if hand.unknown:
        text += f"; and {hand.unknown} blue card{'s' if hand.unknown != 1 else ''} not named to the referee"
    return text


def hint_text(state, width=100):
    """The hint: the ways to take something, numbered, fewest cards spent first; each
    broken to ``width`` between commands (not inside one, so each reads as typed)."""
    found = hint.ranked(state)
    if not found:
        return render.fit_text(f"{state.player}: no way to take anything with this hand ({taking.why_not(state)})",
                              width)
    lines = []
    if len(found) > 1:
        lines.append(render.fit_text(f"{state.player}: {len(found)} ways, fewest cards spent first:", width))
    for number, (count, plan) in enumerate(found, start=1):
        takes = " ".join(_reading_after(state, plan, i) for i in plan.takes)
        what = f"take {count} ({takes})" if state.range == "short" else f"take one of {takes}"
        what = f"{number}. {what}" if len(found) > 1 else f"{state.player}: {what}"
        if not plan.steps:
            lines.append(render.fit_text(f"{what} now, spending nothing", width))
        else:
            spelled = _spell(state, plan)
            words = f"{what}, spending {plan.cost} card{'s' if plan.cost != 1 else ''}:".split()
            lines.append(render.fit_words(words + [f"{step};" for step in spelled[:-1]] + spelled[-1:], width))
    return "\n".join(lines)


def _spell(state, plan):
    revealed = list(state.revealed)
    out = []
    for step in plan.steps:
        out.append(hint.words(step, revealed))
        if step["do"] == "flip":
            s = revealed[step["target"]]
            revealed[step["target"]] = s._replace(channel="b" if s.channel == "a" else "a")
        elif step["do"] == "tune":
            s = revealed[step["target"]]
            revealed[step["target"]] = s._replace(number=s.number + step["step"])
    return out


def _reading_after(state, plan, index):
    s = state.revealed[index]
    number, channel = s.number, s.channel
    for step in plan.steps:
        if step.get("target") == index and step["do"] == "flip":
            channel = "b" if channel == "a" else "a"
        elif step.get("target") == index and step["do"] == "tune":
            number += step["step"]
    return f"{number}{channel}"
