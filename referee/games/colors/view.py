"""How a Cosmic Colors game looks: the grid picture, hands, the arithmetic of a play, tables.

Colour goes through render.style, so NO_COLOR and pipes get plain text; the marks that
matter (a played cell in [ ], a cell it scored in ( ), a wild's ✱) are characters, not
colour alone, so they read the same either way. ``breaking`` is how both games of the
box (the team game and Jr, colors_jr) break their replies for a screen.
"""

import click

from referee.core import render
from referee.games.colors import grid
from referee.games.colors import lines as scribe
from referee.games.colors.cards import UNKNOWN, WILD

HIDDEN = "hidden (CC-4)"


def fit(text, width):
    """A message broken between words to ``width`` (a phone is 50 columns), which the
    caller gives (a reply its context's, ``ctx.width``): the terminal would otherwise cut
    it mid-word. Without a width (a screen that fits what it is given itself, as `watch`
    does) the text is left whole."""
    return render.wrap_text(text, width) if width else text


def ok(text, width):
    """A ✓ line fitted with room for its mark."""
    return render.ok(fit(text, width - 2 if width else None))


def ticked(text):
    """A ✓ line in a reply whose first line is a picture (the board, then the play's
    sum): Reply.ok would tick the board. Left whole; ``breaking`` fits it."""
    return render.ok(text)


def breaking(text, width):
    """How the box breaks a reply for a screen ``width`` columns wide (Game.fit of both
    its games): a line that fits is kept as it is (a picture's, a hand's drawn for the
    width); a ✓ line is broken between words with room for its mark, its later lines
    flush left; any other line broken between words, flush left; a refusal the house's
    way (render.fit_lines, its later lines indented under the ✗)."""
    if click.unstyle(text).startswith("✗ "):
        return render.fit_lines(text, width)
    mark = render.ok("")
    lines = []
    for line in str(text).split("\n"):
        if render.visible(line) <= width:
            lines.append(line)
        elif line.startswith(mark):
            lines.append(mark + render.wrap_text(line[len(mark):], width - 2))
        else:
            lines.append(render.wrap_text(line, width))
    return "\n".join(lines)


def card_text(names, card):
    return "·" if card is None else names.code(card) + names.glyph(card)


def styled(names, card, text, strong=False):
    if card is None:
        return render.style(text, dim=True)
    if card == WILD:
        return render.style(text, bold=True, reverse=strong)
    colour = names.ansi(card)
    styles = {"fg": colour} if colour is not None else {}
    return render.style(text, bold=True if strong or colour is None else False, underline=strong, **styles)


def picture(state, played=0, scored=0, size=grid.SIZE, tops=None):
    """The grid, a1 top left; ``played`` cells in [ ], other ``scored`` cells in ( )."""
    tops = state.tops if tops is None else tops
    names = state.names
    lines = ["    " + "".join(f"  {c}   " for c in "abcde"[:size])]
    for row in range(size):
        cells = []
        for col in range(size):
            index = row * size + col
            card = tops[index]
            text = card_text(names, card)
            if played >> index & 1:
                left, right = "[", "]"
            elif scored >> index & 1:
                left, right = "(", ")"
            else:
                left, right = " ", " "
            pad = " " * (3 - len(text))
            cells.append(left + styled(names, card, text, strong=bool(scored >> index & 1)) + right + pad + " ")
        lines.append(f" {row + 1}  " + "".join(cells).rstrip())
    return "\n".join(lines)


def hand_text(names, hand):
    if not hand:
        return "(no cards)"
    return " ".join(styled(names, c, names.code(c) + names.glyph(c)) for c in hand)


def hands(state, width):
    """One line a hand, broken between cards (never inside one) when the screen is narrow."""
    lines = []
    for seat, player in enumerate(state.players):
        if state.phase == "setup" and seat not in state.entered:
            continue
        side = state.side_of(seat)
        marker = "▶ " if seat == state.turn and state.phase != "over" else "  "
        label = f"{marker}{player} ({side}, {len(state.hands[seat])}):"
        lines.extend(_wrapped(label, state.names, state.hands[seat], width))
    return "\n".join(lines)


def _wrapped(label, names, hand, width):
    if not hand:
        return [f"{label} (no cards)"]
    cards = [styled(names, c, names.code(c) + names.glyph(c)) for c in hand if c != UNKNOWN]
    if UNKNOWN in hand:  # a hand the table did not enter (G-1): its cards are taken as held
        count = hand.count(UNKNOWN)
        cards.append(f"{'+ ' if cards else ''}{count} not entered")
    if not width:  # left whole for a screen that fits it itself
        return [" ".join([label] + cards)]
    return render.fit_words([label] + cards, width, indent="    ").split("\n")


def without_hands(state):
    """The first play made before every hand was entered: what the referee does without
    them (G-1) and how a hand typed later brings them back."""
    missing = [p for s, p in enumerate(state.players) if s not in state.entered]
    who = ", ".join(missing)
    return (f"Playing without the hands of {who}: cards played are taken as held (G-1) and redraws are "
            f"counted; `hand {missing[0]} CARD ...` enters one later, for `hint` and the hand checks.")


def shown_status(state, width):
    """The status as printed: broken between words on a phone (the toolbar takes
    ``status`` whole, in parts it drops when they do not fit)."""
    return fit(status(state), width)


def status(state):
    """One line saying who is to do what, and the draw pile."""
    if state.phase == "setup":
        rows = sum(1 for s in state.stacks if s)
        waiting = [p for s, p in enumerate(state.players) if s not in state.entered]
        parts = [f"setup: play area {rows}/25"]
        if waiting:
            parts.append("hands to enter: " + ", ".join(waiting))
        return "; ".join(parts)
    if state.phase == "over":
        return "game over" + (" (ended early by the table, G-6)" if state.early else "")
    discard = "to discard or swap" if len(state.players) == 4 else "to discard"  # a swap is for four (3b)
    step = {"play": "to play", "discard": discard, "draw": f"to draw {state.draw_need}"}[state.phase]
    text = f"{state.player} ({state.side_of(state.turn)}) {step}; draw pile {state.pile_count}"
    if state.removed:
        text += f" ({state.removed} put away, Short Game)"
    if state.ending:
        text += "; the game ends after this turn (G-6)"
    return text


def next_step(state, width):
    """What the player to act does next after a play: the discard (or swap), the redraw,
    or (a new turn) the hands (drawn for ``width``) and the status; left for the shell
    to break (``breaking``)."""
    if state.phase == "discard":
        swap = " or `swap CARDS for CARDS`" if len(state.players) == 4 else ""
        ending = " (then the game ends, G-6)" if state.ending else ""
        return f"{state.player}: `discard` up to 2 cards or `keep` them{swap}{ending}"
    if state.phase == "draw":
        return f"{state.player} draws {state.draw_need}: `draw CARDS` (`draw CARDS empty` if the pile runs out)"
    return hands(state, width) + "\n" + status(state)


def shown_hand(state, player, width):
    """`hand PLAYER`: that player's hand (hands are public, Setup 3), drawn for ``width``;
    `hand`: every hand."""
    if player:
        seat = state.players.index(player)
        if state.phase == "setup" and seat not in state.entered:  # not "(no cards)": none typed yet
            return f"{player}'s hand is not entered yet: `hand {player} CARD ...` (Setup 3)"
        return "\n".join(_wrapped(f"{player} ({state.side_of(seat)}):", state.names, state.hands[seat], width))
    return hands(state, width) or "No hand is entered yet."


def arithmetic(state, turn):
    """``Ann plays red: 2 cards + 3 connected + 1 bonus = 6`` (2a, 2b)."""
    count, matches, bonus = turn.parts
    if not count:
        return f"{state.players[turn.seat]} passes: 0 points"
    value = state.names.value_name(turn.side, turn.value)
    sums = f"{count} card{'s' if count > 1 else ''} + {matches} connected"
    if bonus:
        sums += f" + {bonus} bonus"
    return f"{state.players[turn.seat]} plays {value}: {sums} = {turn.points}"


def toolbar(state):
    """The toolbar's parts, most important first (the shell drops whole parts that do not
    fit): who is to act and how, then the pile, hands and (open) scores. The phase table
    shows the first; the game adds the rest (status_parts)."""
    parts = status(state).split("; ")
    put_away = f" ({state.removed} put away, Short Game)"
    if state.removed and len(parts) > 1 and parts[1].endswith(put_away):
        # the pile's count is what the end waits for (CC-6): on a phone the Short Game's
        # note must not push it off the bar, so the note goes last, dropped first
        parts[1] = parts[1].replace(put_away, "")
    else:
        put_away = ""
    if state.phase != "setup":
        parts.append("hands " + " ".join(f"{p} {len(h)}" for p, h in zip(state.players, state.hands)))
        if scores_visible(state):
            parts.append(" ".join(f"{state.side_of_team(t)} {state.points[t]}" for t in (0, 1)))
    if put_away:
        parts.append(put_away.strip(" ()"))
    return parts


def narrate(before, action, after, final):
    """(who, what) of an action in the log, knowing the states around it: the line in the
    game's own card names, and the players the rules passed for holding no card (CC-2)."""
    from referee.games.colors import rules

    text = scribe.line(action, before)
    if not scribe.said(action):  # an old journal's sentence names them already
        passed = rules.passed_without_cards(before, after)
        if passed:
            text += "; " + "; ".join(f"{p} passes, no cards left" for p in passed)
    return action.get("by", ""), text


def scores_visible(state):
    from referee.games.colors.questions import scores_visible as visible

    return visible(state)


def scoreboard(state):
    visible = scores_visible(state)
    rows = []
    for team in (0, 1):
        shown = state.points[team] if visible else HIDDEN
        rows.append((state.team_name(team), shown, state.team_cards(team)))
    return ("team", "points", "cards in hand"), rows


def review(state, bests):
    """Per turn: what was played against the best play there was (CC-8)."""
    rows = []
    for number, (turn, best) in enumerate(zip(state.turns, bests), start=1):
        played = _placed(state, turn.cards, turn.cells, turn.side, turn.value)
        if best is None:  # the hand was not entered (G-1): no best to compare with
            rows.append((number, state.players[turn.seat], played, turn.points, "?", "hand not entered"))
            continue
        suggestion = _placed(state, best.cards, best.cells, turn.side, best.value)
        rows.append((number, state.players[turn.seat], played, turn.points, best.points, suggestion))
    # short headers: six columns fit a phone's 50 with the plays wrapped between cards,
    # each header on one line ("best play" wrapped under "best" read as two columns)
    return render.table(("#", "player", "played", "pts", "best", "best is"), rows)


def _placed(state, cards, cells, side, value):
    """`Rs@b2 Ys@c2`, `pass`; wilds alone say what they stood for (`W@c2 as moon`), as
    the log and the hint do, or the review would leave it to be guessed."""
    text = " ".join(f"{state.names.code(c)}@{grid.name(cell)}" for c, cell in zip(cards, cells)) or "pass"
    if cards and all(c == WILD for c in cards) and value is not None and 0 <= value < 5:
        text += " as " + state.names.value_name(side, value)
    return text


def _why_over(state):
    """The first line of the end: why the game stopped, so a table that did not see it
    coming (a newcomer expects a last round) is told the rule that ended it."""
    if state.early:
        return "Game over: ended early by the table (G-6)."
    empty = [t for t in (0, 1) if state.team_cards(t) == 0]
    if state.pile_count == 0 and empty:
        who = " and ".join(state.team_name(t) for t in empty)
        hold = "holds" if len(empty) == 1 and len(state.seats_of(empty[0])) == 1 else "hold"
        return f"Game over: the draw pile is gone and {who} {hold} no cards (CC-6)."
    return "Game over."


def final(state, width=None):
    """The end: why the game stopped, where the review is (`review`, on request: a turn a
    row would scroll the scores away), then the final scores and the winner, last, where
    the eye is when the game ends."""
    from referee.games.colors import rules

    headers, rows = scoreboard(state)
    lines = [render.heading(fit(_why_over(state), width))]
    if state.turns:
        count = len(state.turns)
        lines.append(fit(f"`review` compares {'each of the ' + str(count) + ' turns' if count > 1 else 'the turn'} "
                         "with the best play there was (CC-8).", width))
    lines.append(render.table(headers, rows, width=width))
    teams = rules.winners(state)
    if len(teams) == 1:
        why = ""
        if state.points[0] == state.points[1]:
            why = " (a tie on points: the team with cards left wins, CC-6)"
        lines.append(ok(f"{state.team_name(teams[0])} win{why}.", width))
    else:
        lines.append(render.ok("A tie: the victory is shared."))
    return "\n".join(lines)
