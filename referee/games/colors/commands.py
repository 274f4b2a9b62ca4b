"""What players type in a Cosmic Colors game, turned into actions for the rules.

Handlers read their words into cards and cells (one line for anything unreadable),
build one action, hand it to the session and return what the table should see. A play
reads as fast as it is said: ``play Rs@b2 Ys@c2``, ``play b2 c2 Rs Ys`` or ``p Rs b2``.
"""

import dataclasses
import difflib
import re

from referee.core import render
from referee.core.commands import CommandSet
from referee.core.errors import InputError
from referee.games.colors import grid, hint, jr, questions, rules, view
from referee.games.colors.cards import WILD
from referee.games.colors.moves import MOVES

COMMANDS = CommandSet()
_NONE = {"none", "nothing", "no", "-", "0", "skip", "keep"}
_EMPTY = {"empty", "out", "gone"}  # CC-9: the draw pile ran out during a redraw


# -- reading words ----------------------------------------------------------------------


def _words(args):
    return [w for w in re.split(r"[\s,;/|]+", args.strip()) if w]


def _card_list(state, args):
    return [state.names.parse(w) for w in _words(args)]


def _is_jr(state):
    return state.variant == "jr"


def _say(state, cards, cells=None):
    if cells is None:
        return " ".join(state.names.code(c) for c in cards)
    return " ".join(f"{state.names.code(c)}@{grid.name(cell)}" for c, cell in zip(cards, cells))


def _do(session, action):
    """Make ``action``. Returns the new state, its log line (naming a player the rules
    passed for holding no card, CC-2) and the lines saying who was passed."""
    before = session.state
    state = session.do(action)
    told = view.narrate(before, action, state, state)[1]
    passed = rules.passed_without_cards(before, state)
    return state, told, [view.ok(f"{p} holds no cards: passes (CC-2)") for p in passed]


_VARIANT_LINE = re.compile(r"^(Jr|Team game): ")


def variant_details(details, jr_game):
    """A command's help for this table only: the docstring's ``Jr:`` and ``Team game:``
    paragraphs are the two variants' readings, and a Jr table told of team totals it does
    not keep (or a team table of Jr's rounds) is misled. Each paragraph is rejoined to one
    line so the help wraps to the terminal between words, not at the source's breaks."""
    keep = "Jr" if jr_game else "Team game"
    paragraphs, current, show = [], [], True
    for line in details.splitlines() + [""]:
        mark = _VARIANT_LINE.match(line)
        if mark or not line.strip():
            if current and show:
                paragraphs.append(" ".join(current))
            current, show = [], True
            if mark:
                show = mark.group(1) == keep
                line = line[mark.end():]
                line = line[:1].upper() + line[1:]
            if not line.strip():
                continue
        current.append(line.strip())
    return "\n\n".join(paragraphs)


def tailor(session):
    """Give the session's own command set (help reads it) the help of its variant, for
    the commands whose docstring reads differently in Jr and the team game, each
    paragraph on one line so a phone's 50 columns wrap it evenly. The game's shared set
    is left alone: only the session's copy gets the new entries."""
    commands = getattr(session, "shell_commands", None)
    if commands is None or commands is COMMANDS:
        return
    jr_game = _is_jr(session.state)
    pairs = not jr_game and len(session.state.players) != 4  # no swap (3b): not in a usage either
    for name, cmd in COMMANDS.commands.items():  # every one: its paragraphs rejoined too
        if commands.commands.get(name) is not cmd:
            continue
        changes = {"details": variant_details(cmd.details, jr_game)} if cmd.details else {}
        if pairs and "|swap" in cmd.usage:
            changes["usage"] = cmd.usage.replace("|swap", "")
        if changes:
            commands.add(dataclasses.replace(cmd, **changes))


def parse_play(state, args):
    """(cards, cells, value said or None) from `Rs@b2 Ys@c2`, `b2=Rs`, `Rs b2 Ys c2` or `b2 c2 Rs Ys`."""
    words = _words(args)
    value = None
    if len(words) >= 2 and words[-2].lower() == "as":
        value = state.names.parse_value(state.side_of(state.turn), words[-1])
        words = words[:-2]
    elif words and words[-1].lower() == "as":  # `play W@c3 as` and the value left out
        side = state.side_of(state.turn)
        names = state.names.shapes if side == "shapes" else state.names.colors
        raise InputError(f"as what? name the {side[:-1]} the wilds stand for, e.g. `play W@c3 as {names[0]}` (CC-7)")
    cards, cells = [], []
    for word in words:
        for piece in re.split(r"[@=:/]", word):
            if not piece:
                continue
            if grid.is_cell(piece):
                cells.append(grid.parse(piece))
            else:
                cards.append(state.names.parse(piece))
    if not cards and not cells:
        raise InputError("play what? e.g. `play Rs@b2 Ys@c2` (card@cell), or `pass` (CC-2)")
    if len(cards) != len(cells):
        raise InputError(f"{len(cards)} card{'s' if len(cards) != 1 else ''} and {len(cells)} cell"
                         f"{'s' if len(cells) != 1 else ''}: give one cell for each card, e.g. `play Rs@b2 Ys@c2` (1b)")
    return cards, cells, value


def _best_wild_value(state, cards, cells):
    """All wilds and no `as`: the value that scores most for those cells (the player may say another)."""
    side = state.side_of(state.turn)
    played = grid.mask_of(cells)
    tops = list(state.tops)
    for cell in cells:
        tops[cell] = WILD
    return max(range(5), key=lambda v: (grid.score(tops, played, side, v)[0], -v))


# -- completion ----------------------------------------------------------------------------


def _hand_codes(session, words):
    """The cards the player to move holds, as codes (the hands are public, Setup 3)."""
    state = session.state
    if _is_jr(state) or state.phase == "setup" or not state.hands:
        return []
    return sorted({state.names.code(c) for c in state.hands[state.turn]})


def _play_words(session, words):
    """After a card, `CARD@CELL` for each cell; otherwise the cards in hand."""
    codes = _hand_codes(session, words)
    return codes + [f"{code}@{grid.name(cell)}" for code in codes for cell in range(grid.CELLS)]


def _jr_cells(session, words):
    state = session.state
    if not _is_jr(state):
        return []
    if not words:
        return [jr._name(c) for c, top in enumerate(state.tops) if top is not None]
    try:
        top = state.tops[grid.parse(words[0], size=jr.SIZE)]
    except InputError:
        return []
    if top is None:
        return []
    return [state.names.colors[top // 5], state.names.shapes[top % 5]]


# -- setup (table mode) -------------------------------------------------------------------


@COMMANDS.command("grid", "row", usage="grid CARD ...")
def grid_command(session, args):
    """Enter the play area's cards as laid out (table mode), row by row from a1.

    Five codes a row (three in Jr), any number of rows on one line: `grid Rs Om Yp Gc Bg`.
    While the referee waits for them the word `grid` may be left out.
    """
    state = session.state
    if _said_own_hand(session):  # `Cy: Gc Gm ...` while setting up is Cy's hand, not more grid
        return hand_command(session, args)
    rules.available(state, "grid")
    cards = _card_list(state, args)
    if not cards:
        raise InputError("which cards? e.g. `grid Rs Om Yp Gc Bg`, five codes a row (Setup 2)")
    state = _do(session, {"do": "grid", "cards": cards, "rows": True})[0]
    return _after_setup(session, state)


def _hand_owner(session, word):
    """The player a hand line starts with; `Os` is a card even at a table with an Oscar."""
    exact = [p for p in session.players if p.lower() == word.lower()]
    if exact:
        return exact[0]
    return None if session.state.names.is_card(word) else session.find_player(word)


def _player(session, word, rule):
    """The player ``word`` names, or one line naming the players and the rule at stake."""
    player = session.find_player(word)
    if player is None:
        raise InputError(f"no player {word.strip()!r}; the players are {', '.join(session.players)} ({rule})")
    return player


def _said_own_hand(session):
    """A player names themselves before a line of cards whose hand is still to be entered."""
    state = session.state
    speaker = session.speaker
    return (speaker is not None and not _is_jr(state) and state.phase == "setup"
            and state.players.index(speaker) not in state.entered)


def _after_setup(session, state):
    if _is_jr(state):
        return [view.jr_picture(state), view.shown_jr_status(state)]
    lines = [view.picture(state)]
    if state.phase == "play":
        lines.append(view.hands(state))
    lines.append(view.shown_status(state))
    return lines


def _hand_words(session, words):
    return list(session.players) if not words else []


@COMMANDS.command("hand", "hands", usage="hand [PLAYER] [CARD ...]", complete=_hand_words)
def hand_command(session, args):
    """Enter a player's hand (table setup), or show the hands (they are public, Setup 3).

    `hand Ann Rs Ym Bp Gc Og Rm Yc`; while the referee waits for hands, the cards alone
    go to the next player without one. `hand` alone shows every hand.
    """
    state = session.state
    if _is_jr(state):
        rules.available(state, "hand")  # CC-7: Jr keeps no hands
    words = _words(args)
    player = _hand_owner(session, words[0]) if words else None
    if player:
        words = words[1:]
    if words and player is None and not state.names.is_card(words[0]) \
            and not (state.phase == "setup" and state.mode != "digital"):
        _player(session, words[0], "Setup 3")  # `hand Zed`: one line naming the players
    if not words:
        if player:
            seat = state.players.index(player)
            if state.phase == "setup" and seat not in state.entered:  # not "(no cards)": none typed yet
                return view.fit(f"{player}'s hand is not entered yet: `hand {player} CARD ...` (Setup 3)")
            return "\n".join(view._wrapped(f"{player} ({state.side_of(seat)}):", state.names, state.hands[seat],
                                            render.terminal_width()))
        return view.hands(state) or "No hand is entered yet."
    rules.available(state, "hand")  # G-2: entered at a table only
    if player is None and session.speaker is not None:
        player = session.speaker  # `Ben: Os Om ...` is Ben's hand, whoever the prompt waits for
    if player is None:
        if state.phase == "setup" and not state.names.is_card(words[0]):
            raise InputError(f"whose hand? {words[0]!r} is neither a player ({', '.join(state.players)}) "
                             "nor a card (Setup 3)")
        waiting = [p for s, p in enumerate(state.players) if s not in state.entered]
        if not waiting or state.phase != "setup":
            raise InputError(f"whose hand? e.g. `hand {state.players[0]} Rs Ym ...` (Setup 3)")
        player = waiting[0]
    cards = [state.names.parse(w) for w in words]
    state = _do(session, {"do": "hand", "player": player, "cards": cards, "by": player})[0]
    return _after_setup(session, state)


# -- a turn ---------------------------------------------------------------------------------


def _open_now(session, move):
    """Issue 9 item 2's order for a move typed with words to read: the game is not over,
    the phase opens the move, it is the speaker's turn, each refused by the phase table
    before the words are read, so `play` alone at the discard prompt is told what the
    game waits for (3a), not asked `play what?`."""
    speaker = session.speaker
    MOVES.phases.allow(session.state, MOVES.moves[move], {"by": speaker} if speaker else {})



@COMMANDS.command("play", "p", usage="play CARD@CELL ... [as VALUE] [discard|keep|swap ...]", complete=_play_words)
def play_command(session, args):
    """Play cards of your team's one colour or shape onto touching cells (1a-1d).

    `play Rs@b2 Ys@c2` (or `play b2 c2 Rs Ys`); the score is shown with the cells that
    scored. A play of wilds only may say what they stand for (`play W@c3 as red`);
    unsaid, they stand for the value that scores most, and the sum names it.
    The discard or swap may follow on the same line: `play Rs@b2 discard Gm`, `... keep`.
    """
    state = session.state
    rules.available(state, "play")
    _open_now(session, "play")
    args, follow = split_follow(args)
    cards, cells, value = parse_play(state, args)
    return _play(session, cards, cells, value, follow)


@COMMANDS.command("pass", move="play", usage="pass [discard|keep|swap ...]")
def pass_command(session, args):
    """Play no cards this turn (CC-2); the discard or swap and the redraw follow."""
    state = session.state
    rules.available(state, "play", "pass")
    args, follow = split_follow(args)
    if args.strip():
        raise InputError("pass takes nothing after it but a discard or swap: `pass discard Rs` (CC-2)")
    return _play(session, [], [], None, follow)


def _play(session, cards, cells, value, follow=None):
    state = session.state
    action = {"do": "play", "cards": cards, "cells": cells, "by": session.speaker or state.player}
    if cards and value is None and all(c == WILD for c in cards) and state.phase == "play":
        value = _best_wild_value(state, cards, cells)
    if value is not None:
        action["value"] = value
    then = None
    if follow:  # both checked before either is made, so a refused line changes nothing
        after = session.check(action)[1]
        rules.check_follow(after, _keeps(follow))
        if after.phase == "discard":
            word, rest = follow
            then = _FOLLOW[word](after, session.speaker, rest)
            session.game.moves.verify(after, session.stamp(then))
    count = len(state.turns)
    state, _, passed = _do(session, action)
    turn = state.turns[count]
    lines = []
    if cards:
        lines.append(view.picture(state, played=grid.mask_of(cells), scored=turn.scored))
    lines.append(view.ok(view.arithmetic(state, turn)))
    if then is not None:
        player = state.player
        return lines + _after_turn(session, then, player)
    lines += passed
    if state.phase != "over":
        lines.append(_next_step(state))
    return lines


def _next_step(state):
    if state.phase == "discard":
        swap = " or `swap CARDS for CARDS`" if len(state.players) == 4 else ""
        ending = " (then the game ends, G-6)" if state.ending else ""
        return view.fit(f"{state.player}: `discard` up to 2 cards or `keep` them{swap}{ending}")
    if state.phase == "draw":
        return view.fit(f"{state.player} draws {state.draw_need}: `draw CARDS` (`draw CARDS empty` if the pile "
                        "runs out)")
    return view.hands(state) + "\n" + view.shown_status(state)


@COMMANDS.command("discard", "d", "toss", usage="discard [CARD [CARD]]", complete=_hand_codes)
def discard_command(session, args):
    """Discard up to 2 cards from your hand (3a); `discard` alone (or `keep`) keeps them all.

    Then the redraw back to a full hand (4): dealt by the referee in digital mode,
    entered with `draw` in table mode.
    """
    return _turn_step(session, "discard", _discard_action, args)


def _turn_step(session, what, build, args):
    """A discard, swap or draw: build the action from the words, make it, show the table."""
    state = session.state
    rules.available(state, what)
    _open_now(session, what)
    action = build(state, session.speaker, args)
    return _after_turn(session, action, state.player)


@COMMANDS.command("keep", move="discard", usage="keep")
def keep_command(session, args):
    """Keep every card: discard none (3a), then the redraw."""
    rules.available(session.state, "discard", "keep")  # Jr's refusal first, whatever follows the word
    if args.strip():
        raise InputError("keep takes nothing after it; to discard, `discard Rs` (up to 2 cards) (3a)")
    return discard_command(session, "")


def _discard_action(state, speaker, args):
    words = _words(args)
    cards = [] if not words or (len(words) == 1 and words[0].lower() in _NONE) else [state.names.parse(w) for w in words]
    action = {"do": "discard", "cards": cards, "by": speaker or state.player}
    if state.phase == "discard":
        draws = rules.digital_draws(state, len(state.hands[state.turn]) - len(cards))
        if draws:
            action["draws"] = draws  # the log says what was dealt
    return action


def _after_turn(session, action, before):
    """Make a discard, swap, draw or correction and show what follows it."""
    state, told, _ = _do(session, action)  # the log line names any player passed
    lines = [view.ok(f"{before} {told}" if before else told)]
    if state.phase == "over":
        return lines
    if state.phase == "draw":
        lines.append(_next_step(state))
        return lines
    lines.append(view.picture(state))
    lines.append(view.hands(state))
    lines.append(view.shown_status(state))
    return lines


@COMMANDS.command("swap", "trade", usage="swap CARD [CARD] for CARD [CARD]", complete=_hand_codes)
def swap_command(session, args):
    """Swap up to 2 cards with your teammate, card for card (3b, 4 players only).

    `swap Rs Ym for Bp Gc`: you give Rs and Ym and take Bp and Gc from your teammate.
    """
    return _turn_step(session, "swap", _swap_action, args)


def _swap_action(state, speaker, args):
    words = _words(args)
    lowered = [w.lower() for w in words]
    if "for" not in lowered:
        raise InputError("swap what for what? e.g. `swap Rs Ym for Bp Gc` (yours, then your teammate's) (3b)")
    at = lowered.index("for")
    give = [state.names.parse(w) for w in words[:at]]
    take = [state.names.parse(w) for w in words[at + 1:]]
    action = {"do": "swap", "give": give, "take": take, "by": speaker or state.player}
    if state.phase == "discard" and len(give) == len(take):
        draws = rules.digital_draws(state, len(state.hands[state.turn]))
        if draws:
            action["draws"] = draws  # the log says what was dealt
    return action


def _keeps(follow):
    """`keep`, or a `discard` of nothing: a follow-up that changes no hand."""
    word, rest = follow
    words = _words(rest)
    if word == "keep":
        return not words
    return word == "discard" and (not words or (len(words) == 1 and words[0].lower() in _NONE))


_FOLLOW = {"discard": _discard_action, "keep": lambda state, speaker, args: _discard_action(state, speaker, ""),
           "swap": _swap_action}


def split_follow(args):
    """`play Rs@b2 discard Gm`: the play, then the discard or swap said on the same line."""
    match = re.search(r"(?:^|[\s,;])(?:then\s+)?(discard|keep|swap)\b(.*)$", args, flags=re.IGNORECASE)
    if not match:
        return args, None
    return args[:match.start()], (match.group(1).lower(), match.group(2))


@COMMANDS.command("draw", "drew", usage="draw CARD ... [empty]")
def draw_command(session, args):
    """Enter the cards drawn back to a full hand (table mode, 4).

    While the referee waits for them the word `draw` may be left out. If the pile runs
    out first, say so: `draw Rs Ym empty` (or `draw empty`) takes fewer cards and sets
    the pile to 0 (CC-9).
    """
    return _turn_step(session, "draw", _draw_action, args)


def _draw_action(state, speaker, args):
    words = _words(args)
    empty = bool(words) and words[-1].lower() in _EMPTY  # CC-9: `draw Rs empty`, the pile ran out
    if empty:
        words = words[:-1]
    cards = [state.names.parse(w) for w in words]
    if not cards and not empty:
        raise InputError("which cards were drawn? e.g. `draw Rs Ym` (`draw Rs empty` if the pile ran out) (4)")
    action = {"do": "draw", "cards": cards, "by": speaker or state.player}
    if empty:
        action["empty"] = True
    return action


def _adjust_words(session, words):
    if not words:
        return ["pile", "hand"]
    return list(session.players) if len(words) == 1 and words[0].lower() == "hand" else []


@COMMANDS.command("adjust", "fix", usage="adjust pile N | adjust hand PLAYER CARD ...", complete=_adjust_words)
def adjust_command(session, args):
    """Set the draw pile or a hand the scribe miscounted to what the table sees (G-1, CC-9).

    Table mode; logged as an event, not an undo. `adjust pile 12` after a card was lost
    or Short Game put away another number; `adjust hand Ben Rs Ym Bp` (every card Ben
    holds, `none` for no card) after a slip found too late to `undo`. A hand may gain
    only cards the box still holds; the game goes on from the corrected counts.
    """
    state = session.state
    rules.available(state, "adjust")  # before the words: a digital table is told the rule, not the syntax
    words = _words(args)
    what = words[0].lower() if words else ""
    if what == "pile" and len(words) == 2 and words[1].isdecimal():
        count = int(words[1])
        action = {"do": "adjust", "what": "pile", "count": count, "was": state.pile_count}
    elif what == "hand" and len(words) >= 3:
        player = _player(session, words[1], "CC-9")
        rest = words[2:]
        cards = [] if len(rest) == 1 and rest[0].lower() in _NONE else [state.names.parse(w) for w in rest]
        was = state.hands[state.players.index(player)]
        action = {"do": "adjust", "what": "hand", "player": player, "cards": cards, "was": list(was)}
    elif what == "pile" and len(words) == 2:
        raise InputError(f"the draw pile's count is a number of cards, not {words[1]!r}: e.g. `adjust pile 12` (CC-9)")
    else:
        raise InputError("adjust pile N or adjust hand PLAYER CARD ..., e.g. `adjust pile 12`, "
                         "`adjust hand Ben Rs Ym Bp` (CC-9)")
    return _after_turn(session, action, None)


@COMMANDS.command("finish", "end", usage="finish")
def finish_command(session, args):
    """End the game early (G-6): the score as it stands then decides.

    Jr: the game ends when the current round ends (at once at a round's start).
    Team game: between turns it ends at once; after a play, when that turn's discard
    (or swap) and redraw are done. Hidden points are shown as at a normal end and the
    winner is named as usual (a tie on points: CC-6).
    """
    if args.strip():
        raise InputError(f"finish takes nothing after it, not {args.strip()!r} (G-6)")
    state = session.state
    action = {"do": "finish"}
    if session.speaker:
        action["by"] = session.speaker
    if _is_jr(state):
        state, told, _ = _do(session, action)
        if state.phase == "over":
            return view.ok(told)
        return [view.ok(f"the game ends when this round ends, after {state.players[-1]}'s turn (G-6)"),
                view.shown_jr_status(state)]
    state, told, _ = _do(session, action)
    if state.phase == "over":
        return view.ok(told)
    return [view.ok(f"the game ends when {state.player}'s turn ends (G-6)"), _next_step(state)]


# -- help at the table -----------------------------------------------------------------------


@COMMANDS.command("hint", "best", usage="hint")
def hint_command(session, args):
    """The best-scoring legal play for the player to move, with its score (CC-8).

    Off at tables that play with `--no-hints`.
    """
    state = session.state
    if not state.options.get("hints", True):
        questions.check_hint(state)  # CC-8: off here, whatever follows the word
    if args.strip():
        raise InputError("hint takes nothing after it: it is for the player to move (CC-8)")
    questions.check_hint(state)
    if _is_jr(state):
        size, cell, side, value = jr.best_take(state.tops)
        cells = jr.group(state.tops, cell, side, value)
        return [view.jr_picture(state, taken=cells),
                view.fit(f"Best for {state.player}: `take {jr._name(cell)} {state.names.value_name(side, value)}`: "
                         f"{size} card" + ("s" if size != 1 else ""))]
    side = state.side_of(state.turn)
    best = hint.best_play(state.tops, state.hands[state.turn], side)
    if not best.cells:
        return f"{state.player} has no card to play: `pass`"
    tops = list(state.tops)
    for card, cell in zip(best.cards, best.cells):
        tops[cell] = card
    played = grid.mask_of(best.cells)
    scored = grid.score(tuple(tops), played, side, best.value)[4]
    count, matches, bonus = best.parts
    sums = f"{count} card{'s' if count > 1 else ''} + {matches} connected" + (f" + {bonus} bonus" if bonus else "")
    value = state.names.value_name(side, best.value)
    # wilds alone say their value in the play itself, so it is not named again after it
    said = f" as {value}`" if all(c == WILD for c in best.cards) else f"` ({value})"
    return [view.picture(state, played=played, scored=scored, tops=tuple(tops)),
            view.fit(f"Best for {state.player}: `play {_say(state, best.cards, best.cells)}{said}: {sums} = "
                     f"{best.points}")]


@COMMANDS.command("review", usage="review")
def review_command(session, args):
    """Each turn's points against the best play there was (CC-8); at the game's end."""
    state = session.state
    if args.strip():
        raise InputError("review takes nothing after it (CC-8)")
    questions.check_review(state)
    if _is_jr(state):  # Jr's counts are public (CC-7); the review is the end's summary
        return view.final_jr(state)
    if not state.turns:
        return "No turn has been played."
    return view.review(state, bests(state))


def bests(state):
    return [hint.best_play(t.tops, t.hand, t.side) for t in state.turns]


def _score_words(session, words):
    return list(session.players) + ["shapes", "colors"] if not words else []


@COMMANDS.command("score", "scores", usage="score [WHO]", complete=_score_words)
def score_command(session, args):
    """The scoreboard, as much of it as the table may see now.

    Jr: the cards each player has taken, public all game (CC-7).
    Team game: points stay hidden until the end (CC-4); `score shapes` (or a player's
    name, or `Ann: score me`) shows that team its own, wiped from the screen when they
    press Enter. A player who names themselves may ask only for their own team's.
    """
    state = session.state
    headers, rows = session.game.scoreboard(state)
    text = args.strip().lower()
    if not text:
        return render.table(headers, rows)
    if _is_jr(state):
        return render.table(headers, rows)
    team = None
    if text in ("me", "mine", "us", "own"):
        if not session.speaker:
            raise InputError(f"whose team? say who asks: `{session.players[0]}: score me` (CC-4)")
        text = session.speaker.lower()
    if text in ("shapes", "shape"):
        team = 0 if state.side_of_team(0) == "shapes" else 1
    elif text in ("colors", "colours", "color", "colour"):
        team = 0 if state.side_of_team(0) == "colors" else 1
    else:
        player = session.find_player(text)
        if player is None:
            raise InputError(f"whose score? {args.strip()!r} is neither a team (shapes, colors) nor a player "
                             f"({', '.join(session.players)}) (CC-4)")
        team = state.team_of(state.players.index(player))
    questions.check_total(state, session.speaker, team)
    name = state.team_name(team)
    text = view.fit(f"{name}: {state.points[team]} points")
    if questions.scores_visible(state):  # the end, or open scores: the table may see it
        return text
    return render.Private(text, name)  # CC-4: for that team's eyes, wiped


# -- Jr ---------------------------------------------------------------------------------------


def _jr_value(state, cell, word):
    """The colour or shape a Jr player names, read against the top card it is said of."""
    top = state.tops[cell]
    word = word.lower()
    found = []
    for side in ("colors", "shapes"):
        names = state.names.colors if side == "colors" else state.names.shapes
        for index, name in enumerate(names):
            if word == name or word == name[0] or (len(word) > 1 and name.startswith(word)):
                found.append((side, index))
    if not found:
        names = list(state.names.colors) + list(state.names.shapes)
        close = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
        if close:
            raise InputError(f"{word!r} is not a colour or a shape; did you mean {close[0]}? (CC-7)")
        raise InputError(f"{word!r} is not a colour or a shape: the colours are {', '.join(state.names.colors)}; "
                         f"the shapes {', '.join(state.names.shapes)} (CC-7)")
    if len(found) > 1 and top is not None:
        on_card = [(s, v) for s, v in found if jr.value_of(top, s) == v]
        if len(on_card) == 1:
            return on_card[0]
        if len(on_card) > 1:
            raise InputError(f"{word!r} could be the colour or the shape; say it in full (CC-7)")
    return found[0]


@COMMANDS.command("take", "t", usage="take CELL COLOUR|SHAPE", complete=_jr_cells)
def take_command(session, args):
    """Jr: name a top card's colour or shape and take the cards joined to it (CC-7).

    `take b2 red` takes the top card at b2 and every top card touching it (also
    diagonally) through red top cards.
    """
    state = session.state
    rules.available(state, "take")
    _open_now(session, "take")
    words = _words(args)
    if len(words) != 2:
        raise InputError("take which pile, naming what? e.g. `take b2 red` or `take b2 star` (CC-7)")
    first, second = words
    if not grid.is_cell(first) and grid.is_cell(second):
        first, second = second, first
    cell = grid.parse(first, size=jr.SIZE)
    side, value = _jr_value(state, cell, second)
    action = {"do": "take", "cell": cell, "side": side, "value": value, "by": session.speaker or state.player}
    before = state.player
    state = session.do(action)
    record = state.takes[-1]
    lines = [view.jr_picture(state, taken=record.cells),
             view.ok(f"{before} takes {len(record.cards)} card{'s' if len(record.cards) != 1 else ''}: "
                     + _say(state, record.cards))]
    if state.phase != "over":
        lines.append(view.shown_jr_status(state))
    return lines


@COMMANDS.command("top", "turned", move="reveal", usage="top CARD|empty ...")
def top_command(session, args):
    """Jr, table mode: the new top cards turned up after a take, `empty` for a pile gone.

    In the order of the cells taken (the prompt names them); the word `top` may be left out.
    """
    state = session.state
    rules.available(state, "reveal")
    _open_now(session, "reveal")
    cards = []
    for word in _words(args):
        if word.lower() in ("empty", "gone", "-", "none"):
            cards.append(None)
        elif not state.names.is_card(word) and difflib.get_close_matches(word.lower(), ["empty"], cutoff=0.7):
            raise InputError(f"{word!r} is not a card; did you mean empty (a pile gone)? (CC-7)")
        else:
            cards.append(state.names.parse(word))
    if not cards:
        raise InputError("which cards were turned up? e.g. `top Rs empty` (CC-7)")
    state = session.do({"do": "reveal", "cards": cards})
    lines = [view.jr_picture(state)]
    lines.append(view.shown_jr_status(state) if state.phase != "over" else "")
    return [line for line in lines if line]


@COMMANDS.command("cards", "legend", usage="cards")
def cards_command(session, args):
    """How cards are typed: colour letter then shape letter (CC-1)."""
    if args.strip():
        raise InputError("cards takes nothing after it (CC-1)")
    names = session.state.names
    return view.fit(names.legend() + f"\ne.g. {names.code(0)} is a {names.name(0)}; cells a1 (top left) to "
                    + ("c3" if _is_jr(session.state) else "e5"))
