"""What the table sees of a Crafting the Cosmos game: the main board as one compact
picture, a player's board, the supplies, the goal track, the scoreboard and the end.

Views return text and never change the game. They show what lies face up on the real
table and nothing else: hand SIZES (never contents), how many advanced life tokens a
player holds (face down: never their values before the end), the energy deck's count
(never its order), the advanced life stack's count. So two states that differ only in
hidden contents draw the same text (tests/cosmos/test_view.py holds every view to it).
Everything is laid out for a 50-column phone terminal: the ring of controls is a 2×2
square of two cells of at most 23 columns, other lines break between words.
"""

from referee.core import render
from referee.games.cosmos import ending, goals
from referee.games.cosmos.state import (ACTIVE, CAPACITY, CHAMBER, CONTROLS, DARK, GOAL_SPACES, PASSIVE,
                                        SIZES, SLOT_COSTS, SOURCES, STARS)

DARK_MARK = "•"
_SHORT = {"dna": "DNA", "supernova": "SN", "nebula": "neb"}
_PASSIVE = {"cards": "card", "crystal": "crystal", "graviton": "grav", "proto": "proto"}
_NAMES = {"light": "Light", "time": "Time", "gravity": "Gravity", "chemistry": "Chemistry"}
_SOURCE_HEADERS = {"goals": "goal", "sets": "set", "power": "pow", "nebulae": "neb", "advanced": "adv",
                   "other": "oth"}
_PHASES = {
    "tokens": "setup: the energy tokens' order",
    "display": "the energy card display",
    "goal": "turn up a goal card and name it: `goal proto`",
    "energy": "{player}: energy phase, shift",
    "collect": "{player}: energy phase, collect",
    "refill": "the display to refill",
    "craft": "{player}: craft phase",
    "count": "end phase: a goal's counts",
    "limit": "end phase: hand limit",
    "over": "game over",
}


NATURAL = 100  # the columns of a script's or a pipe's screen (render.terminal_width's default)


def _width(width):
    """The columns a view may use: its caller's (a command's ``ctx.width``, the shell's
    and `watch`'s context for Game.show and Game.summary). A caller that names none (a
    test, a bare session) gets a script's width: a view never asks the terminal."""
    return width or NATURAL


def _screen(width):
    """The scoreboard's columns: its caller's (`score` hands the context's, `watch` its
    own screen's); a caller that names none gets a script's width, like every view."""
    return width or NATURAL


NB = "\u00a0"  # a no-break space: an item (`H 3`, `2 free (cost 3)`) never breaks inside


def _keep(text):
    """``text`` as one word for the line breaking: it shows the same, never split."""
    return text.replace(" ", NB)


def _list(items):
    """Items for a line, `a · b · c`, each kept whole and its `·` kept with it, so a line
    broken for the width never starts with a `·`."""
    items = [_keep(str(item)) for item in items]
    return " ".join(item + (NB + "·" if number < len(items) - 1 else "") for number, item in enumerate(items))


def _fit(parts, width, indent="  "):
    """Words joined into lines of ``width``, broken at spaces but never at a no-break
    space (str.split would break there too)."""
    return render.fit_words([p for part in parts for p in str(part).split(" ") if p.strip()], width, indent)


# -- who is who ------------------------------------------------------------------------


def tags(players):
    """A short tag per player for the ring (a control holds three tokens, a cell is 23
    columns): the name's first four letters, or fewer when they tell it apart; names alike
    in their first four letters are told apart by seat (`Chr1`, `Chr2`)."""
    found = []
    for seat, name in enumerate(players):
        tag = name[:4]
        if any(other[:4].lower() == tag.lower() for i, other in enumerate(players) if i != seat):
            tag = f"{name[:3]}{seat + 1}"
        found.append(tag)
    return found


def token_tag(state, token, names=None):
    names = names or tags(state.players)
    return DARK_MARK if token == DARK else names[token]


def goal_name(goal):
    """How a goal card is shown: goals.label (the reference card's name, a free-text goal
    as typed); '-' for an empty space of the track."""
    return "-" if goal is None else goals.label(goal)


def phase_text(state):
    """What the game is at, in words: whose turn and which phase or step."""
    text = _PHASES.get(state.phase, state.phase or "")
    return text.format(player=state.player or "")


def hand_size(state, seat):
    return len(state.hands[seat]) if state.hands else 0


def advanced_count(state, seat):
    """Advanced life tokens ``seat`` holds: public (they lie face down), their values not."""
    return len(state.boards[seat].advanced)


def over(state):
    return state.phase == "over"


# -- the main board ---------------------------------------------------------------------


def reward_text(control):
    """A control's rewards in a few characters, `3H|card`: active | passive per token."""
    active = "+".join(f"{'' if amount == 1 else amount}{_SHORT.get(what, what)}"
                      for what, amount in ACTIVE[control].items())
    return f"{active}|{_PASSIVE.get(PASSIVE[control], PASSIVE[control])}"


def _cell(state, index, size, names):
    """The lines of one control: name and rewards, its energy tokens, the power tokens."""
    control = CONTROLS[index]
    tokens = state.controls[index]
    head = f"{_NAMES[control]} {reward_text(control)}"
    if len(head) > size:
        head = f"{_NAMES[control][:4]} {reward_text(control)}"
    shown = " ".join(token_tag(state, t, names) for t in tokens) or "(no token)"
    if len(tokens) >= CAPACITY:
        shown += " full"
    lines = [render.style(head, bold=True), f" {shown}"]
    powers = []
    for seat in range(len(state.players)):
        count = state.power_tokens(seat)[index] if state.boards else 0
        if count:
            powers.append(names[seat] + (f"×{count}" if count > 1 else ""))
    if powers:
        wrapped = render.wrap_line("power " + " ".join(powers), size - 1, size - 3)
        lines += [" " + wrapped[0]] + ["   " + line for line in wrapped[1:]]
    return lines


def ring(state, width=None):
    """The four controls in their clockwise ring, a 2×2 square: Light → Time on top,
    Gravity under Time, Chemistry under Light and back up to Light."""
    width = _width(width)
    size = max(16, min(28, (width - 3) // 2))
    names = tags(state.players)
    cells = [_cell(state, index, size, names) for index in range(len(CONTROLS))]

    def row(left, right, arrow):
        height = max(len(left), len(right))
        out = []
        for line in range(height):
            a = left[line] if line < len(left) else ""
            b = right[line] if line < len(right) else ""
            mid = f" {arrow} " if line == 0 else "   "
            out.append((a + " " * (size - render.visible(a)) + mid + b).rstrip())
        return out

    light, time, gravity, chemistry = cells
    between = " ↑" + " " * (size + 3 - 2) + " ↓"
    return "\n".join(row(light, time, "→") + [between] + row(chemistry, gravity, "←"))


def goal_line(state, width=None):
    """The goal track, top space first (the fourth is scored), and the goals still face down."""
    spaces = [f"{n} {goal_name(goal)}" for n, goal in enumerate(state.track, start=1)]
    return _fit(["Goals: " + _list(spaces + [f"{state.goals_left} in the deck"])], _width(width))


def display_line(state, width=None):
    cards = " ".join(state.display) or "(empty)"
    return _fit(["Display: " + _list([cards, f"energy deck {state.deck_left}", f"discard {len(state.discard)}"])],
                _width(width))


def supply_lines(state, width=None):
    """The supplies left (CT-4): stars by type, life, nebulae by size, time crystals (and
    the box's, once the supply is out), the advanced life stack."""
    width = _width(width)
    left = state.left
    stars = "stars " + " ".join(f"{s} {left(s)}" for s in STARS)
    nebulae = "nebulae 1/2/3 " + "/".join(str(left(f"nebula{size}")) for size in SIZES)
    crystals = f"time crystals {left('crystals')}"
    if not left("crystals"):
        crystals += f" (box {left('box')})"
    items = [stars, f"life {left('life')}", nebulae, crystals, f"advanced life {state.stack_left}"]
    return _fit(["Supply: " + _list(items)], width)


def players_lines(state, width=None):
    """Per player: the tag in the ring, the hand's size, the points so far (without
    advanced life before the end) and the advanced life tokens held; ▶ to act."""
    width = _width(width)
    names = tags(state.players)
    tag_w = max(len(t) for t in names)
    name_w = max(len(p) for p in state.players)
    tagged = names != list(state.players)  # the ring's tags, told beside the names they stand for
    lines = []
    for seat, player in enumerate(state.players):
        mark = "▶" if seat == state.turn and not over(state) else " "
        score = total(state, seat)
        parts = f"hand {hand_size(state, seat)} · {score} pts"
        count = advanced_count(state, seat) if state.boards else 0
        if count:
            parts += f" · adv {count}"
        tag = f"{names[seat]:<{tag_w}} " if tagged else ""
        line = f"{mark} {tag}{player:<{name_w}}  {parts}"
        lines.append(line if render.visible(line) <= width else _fit([line], width, "    "))
    return lines


def status_line(state, width=None):
    parts = [f"Round {state.round}"]
    if state.first is not None:
        parts.append(f"1st player {state.players[state.first]}")
    text = phase_text(state)
    if text:
        parts.append(text)
    if state.ending and not over(state):
        parts.append("last round (G-6)" if state.early else "last round (CT-7)")
    return _fit([_list(parts)], _width(width))


def picture(state, width=None):
    """The whole table at a glance (`show`): the ring, the goal track, the display, the
    supplies, each player's hand size and points, and what the game is at."""
    width = _width(width)
    lines = [ring(state, width), render.style("(active|passive per token · • dark)", dim=True),
             goal_line(state, width), display_line(state, width), supply_lines(state, width)]
    if state.boards:
        lines += players_lines(state, width)
    lines.append(status_line(state, width))
    return "\n".join(lines)


# -- a player's board -----------------------------------------------------------------------


def score_track(points):
    """The score track as the physical one shows ``points`` (Points): the marker on a
    space of 0-49; from 50 the +50 token, from 100 that token flipped to +100. No token
    says 150 (each player has one double-sided token), so from 150 the marker has gone
    round once more than the token says: we say so, and the total, rather than invent
    a space 57 the track does not have."""
    marker, laps = points % 50, points // 50
    if laps == 0:
        return f"marker on {marker}"
    token = "+50 token" if laps == 1 else "+100 token"
    text = f"{token}, marker on {marker}"
    if laps > 2:
        more = laps - 2
        text += f", {more} lap{'s' if more > 1 else ''} past the token"
    return f"{text} ({points})"


def chamber_text(board):
    """The time chamber: six spaces, ◆ on the one the climbing crystal is on."""
    spaces = ["◆" if space == board.chamber else "·" for space in range(CHAMBER)]
    on_top = f"{board.crystals} crystal{'s' if board.crystals != 1 else ''} on top"
    return f"{_keep('[' + ' '.join(spaces) + ']')} space {board.chamber}, {on_top}"


def _counts(values, names=STARS):
    return " ".join(_keep(f"{name} {value}") for name, value in zip(names, values))


def _nebula(nebula):
    text = f"size {nebula.size}"
    if nebula.complete:
        text += f" done {nebula.points}pts"
    if nebula.advanced:
        text += " +adv"
    return text


def _slots(board):
    out = []
    for number, (slot, cost) in enumerate(zip(board.power, SLOT_COSTS), start=1):
        out.append(f"{number} {slot[0]} ({slot[1]})" if slot else f"{number} free (cost {cost})")
    return out


def total(state, seat):
    """The points ``seat`` has so far: before the end without advanced life (face down,
    CT-7); at the end ending's final points, the revealed values included."""
    if over(state):
        return ending.final_points(state)[seat]["total"]
    return sum(value for source, value in zip(SOURCES, state.boards[seat].points) if source != "advanced")


def advanced_points(board):
    return sum(value for value in board.advanced if isinstance(value, int))


def _loose(b):
    """What was gained and not yet placed, in words."""
    loose = [f"{n} {s}" for s, n in zip(STARS, b.loose_stars) if n]
    loose += [f"{n} size {s} nebula{'e' if n > 1 else ''}" for s, n in zip(SIZES, b.loose_nebulae) if n]
    if b.loose_proto:
        loose.append(f"{b.loose_proto} proto life")
    return loose


def _sources(b, revealed):
    """The points by source; advanced life's only once revealed ("?" while face down)."""
    sources = []
    for source, value in zip(SOURCES, b.points):
        if source == "advanced":
            value = advanced_points(b) if revealed else ("?" if b.advanced else 0)
        sources.append(_keep(f"{source} {value}"))
    return sources


def _board_lines(state, seat, revealed, points):
    b = state.boards[seat]
    yield f"Stars: {_counts(b.stars)}"
    if any(b.novae):
        yield f"Supernovae (were): {_counts(b.novae)}"
    yield "Life: " + _list([f"proto {b.proto}", f"stable {b.stable}"])
    yield "Nebulae: " + (_list(_nebula(n) for n in b.nebulae) or "none")
    if b.advanced:
        values = f": {_values(b)} points" if revealed else " (face down)"
        yield f"Advanced life: {len(b.advanced)}{values}"
    loose = _loose(b)
    if loose:
        yield "To place: " + _list(loose) + " (lost at the end of the turn)"
    yield "Sliders: " + _list(f"{name} {value}" for name, value in
                              (("supernova", b.supernova), ("DNA", b.dna), ("graviton", b.graviton)))
    yield f"Time chamber: {chamber_text(b)}"
    yield "Power: " + _list(_slots(b))
    yield "Points: " + _list(_sources(b, revealed))
    yield f"Score track: {score_track(points)}"
    yield f"Energy cards in hand: {hand_size(state, seat)}"
    if b.omega:
        yield f"End of turn chosen: {b.omega}"


def board_text(state, seat, private=False, width=None):
    """One player's board as counts (`board PLAYER`): what lies on it, what was gained and
    not placed, the sliders, the time chamber, the power cards, the points by source and
    the score track. Public: advanced life as a count of face-down tokens until the end
    (``private``, for the owner's eyes only, adds their values)."""
    width = _width(width)
    points = total(state, seat)
    lines = [render.heading(f"{state.players[seat]}'s board · {points} points")]
    lines += [_fit([text], width) for text in _board_lines(state, seat, over(state) or private, points)]
    return "\n".join(lines)


def _values(board):
    """`8 + 5 = 13`: advanced life tokens' values and their sum (a value not typed yet: ?)."""
    shown = " + ".join(str(v) if isinstance(v, int) else "?" for v in board.advanced)
    return f"{shown} = {advanced_points(board)}" if len(board.advanced) > 1 else shown


def advanced_text(state, seat):
    """The values of ``seat``'s advanced life tokens, for their owner's eyes only (a
    Reply's private part): "You may look at your own advanced life tokens at any time"."""
    values = state.boards[seat].advanced
    if not values:
        return f"{state.players[seat]} holds no advanced life token"
    return f"{state.players[seat]}'s advanced life: {_values(state.boards[seat])} points"


# -- supplies and goals -------------------------------------------------------------------


def supply_text(state, width=None):
    """`supply`: every supply left, one kind a line."""
    width = _width(width)
    left = state.left
    crystals = f"Time crystals: {left('crystals')} in the supply"
    if not left("crystals"):
        ended = state.phase == "over"
        crystals += f", {left('box')} in the box" + ("" if ended else " (the game ends after this round's end phase)")
    lines = [
        f"Stars: {_counts([left(s) for s in STARS])}",
        f"Life tokens: {left('life')}",
        "Nebulae: " + _list(f"size {size} {left(f'nebula{size}')}" for size in SIZES),
        crystals,
        f"Advanced life stack: {state.stack_left}",
        f"Energy deck: {state.deck_left} · discard pile {len(state.discard)}",
        f"Display: {' '.join(state.display) or '(empty)'}",
    ]
    return "\n".join(_fit([line], width) for line in lines)


def goals_text(state, width=None):
    """`goals`: the track, top first, with the space that scores; the goals scored and
    who scored what."""
    width = _width(width)
    lines = [render.heading(f"Goal track ({state.goals_left} in the deck):")]
    for number, goal in enumerate(state.track, start=1):
        scores = " (scored on reaching it)" if number == GOAL_SPACES else ""
        lines.append(_fit([f"{number} {goal_name(goal)}{scores}"], width, "    "))
    if state.scored:
        lines.append(render.heading("Scored:"))
    for goal, counts, points in state.scored:
        who = [f"{name} {counts.get(name, '-')}→{points.get(name, 0)}" for name in state.players
               if name in counts or name in points]
        lines.append(_fit([f"{goal_name(goal)}: " + (", ".join(who) or "nobody scored")], width, "    "))
    return "\n".join(lines)


# -- scores and the end ---------------------------------------------------------------------


def _source_values(state, seat):
    """(source, value) of ``seat``'s points: advanced life "?" until the end while the
    player holds a token (their count is public, their values are not: CT-7)."""
    b = state.boards[seat]
    values = []
    for source, value in zip(SOURCES, b.points):
        if source == "advanced":
            value = advanced_points(b) if over(state) else ("?" if b.advanced else 0)
        values.append((source, value))
    return values


def scoreboard(state, width=None):
    """(headers, rows) for `score`: points by source, advanced life "?" until the end,
    the total (without advanced life until the end) and the energy cards in hand, the
    tie-break (CT-7). A column per source where the screen has room for it; on a phone
    (nine columns cannot fit 50) the sources are one cell of words that wraps."""
    width = _screen(width)
    headers = ["player"] + [_SOURCE_HEADERS[s] for s in SOURCES] + ["total", "hand"]
    rows = []
    for seat, player in enumerate(state.players):
        values = [value for _source, value in _source_values(state, seat)]
        rows.append([player] + values + [total(state, seat), hand_size(state, seat)])
    if render.fits(headers, rows, width):
        return headers, rows
    rows = []
    for seat, player in enumerate(state.players):
        shown = [f"{source}\u00a0{value}" for source, value in _source_values(state, seat) if value]
        rows.append([player, total(state, seat), hand_size(state, seat), ", ".join(shown) or "-"])
    return ["player", "total", "hand", "by source"], rows


def how_it_ended(state):
    """One line on why the game stopped (CT-7, G-6)."""
    if state.early:
        return "The table ended the game early (G-6)."
    why = []
    if not state.left("crystals"):
        why.append("the time crystal supply ran out")
    if not state.goals_left and not any(state.track):
        why.append("the last goal was scored")
    if not why:
        return "The game is over (CT-7)."
    return f"The game ended after the end phase: {' and '.join(why)} (CT-7)."


def final(state, width=None):
    """The end: why it ended, the advanced life revealed, the final scoreboard with each
    source of points, and the winners (ties: most energy cards in hand, else shared)."""
    width = _width(width)
    lines = [render.heading(_fit([how_it_ended(state)], width))]
    revealed = [f"{p} {_values(state.boards[s])}" for s, p in enumerate(state.players) if state.boards[s].advanced]
    if revealed:
        lines.append(_fit(["Advanced life revealed: " + ", ".join(revealed)], width))
    headers, rows = scoreboard(state, width)
    lines.append(render.table(headers, rows, width=width))
    won = ending.winners(state)
    best = [total(state, state.seat(p)) for p in won]
    if len(won) == 1:
        why = ""
        if ending.tie_broken(state):
            why = f" (tied on points; most energy cards in hand: {hand_size(state, state.seat(won[0]))})"
        lines.append(render.heading(_fit([f"Winner: {won[0]} with {best[0]} points{why}"], width)))
    elif won:
        lines.append(render.heading(_fit([f"Winners (shared): {', '.join(won)} with {best[0]} points "
                                          "and as many energy cards"], width)))
    return "\n".join(lines)


def status_parts(state):
    """The toolbar's parts after the phase's own, most important first (the shell drops
    whole parts that do not fit): the round, the last round, the goals left."""
    if over(state):
        return []
    parts = [f"round {state.round}"]
    if state.ending:
        parts.append("last round")
    parts.append(f"goals left {state.goals_left}")
    return parts
