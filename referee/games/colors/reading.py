"""What players type in a Cosmic Colors game, read into the fields of a move.

Each reading turns the words after a command into an action's fields (one line for
anything unreadable, an InputError), computing only from the state in front of it: the
card a code names, the cells of a play, the value a play of wilds scores most with, the
cards a digital redraw deals. The core (core.play) has already refused a move the game
as set up lacks, a wrong phase and a wrong turn; the rules refuse the rest after. A play
reads as fast as it is said: ``play Rs@b2 Ys@c2``, ``play b2 c2 Rs Ys`` or ``p Rs b2``.

The docstring of each reading is its command's help.
"""

import re

from referee.core.errors import InputError
from referee.core.reply import Reply
from referee.games.colors import grid, rules, view
from referee.games.colors.cards import UNKNOWN, WILD

_NONE = {"none", "nothing", "no", "-", "0", "skip", "keep"}
_EMPTY = {"empty", "out", "gone"}  # CC-9: the draw pile ran out during a redraw

THEN = rules.THEN  # a play's note of the discard or swap said on its line, for check_first; never journalled


# -- reading words ----------------------------------------------------------------------


def words_of(args):
    return [w for w in re.split(r"[\s,;/|]+", args.strip()) if w]


def _by(ctx):
    return ctx.speaker or ctx.state.player


def parse_play(state, args):
    """(cards, cells, value said or None) from `Rs@b2 Ys@c2`, `b2=Rs`, `Rs b2 Ys c2` or `b2 c2 Rs Ys`."""
    words = words_of(args)
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


def split_follow(args):
    """`play Rs@b2 discard Gm`: the play, then the discard or swap said on the same line."""
    match = re.search(r"(?:^|[\s,;])(?:then\s+)?(discard|keep|swap)\b(.*)$", args, flags=re.IGNORECASE)
    if not match:
        return args, None
    return args[:match.start()], (match.group(1).lower(), match.group(2))


def _keeps(follow):
    """`keep`, or a `discard` of nothing: a follow-up that changes no hand."""
    word, rest = follow
    words = words_of(rest)
    if word == "keep":
        return not words
    return word == "discard" and (not words or (len(words) == 1 and words[0].lower() in _NONE))


# -- completion ----------------------------------------------------------------------------


def hand_codes(ctx, words):
    """The cards the player to move holds, as codes (the hands are public, Setup 3)."""
    state = ctx.state
    if state.phase == "setup" or not state.hands:
        return []
    return sorted({state.names.code(c) for c in state.hands[state.turn] if c != UNKNOWN})


def play_words(ctx, words):
    """After a card, `CARD@CELL` for each cell; otherwise the cards in hand."""
    codes = hand_codes(ctx, words)
    return codes + [f"{code}@{grid.name(cell)}" for code in codes for cell in range(grid.CELLS)]


def adjust_words(ctx, words):
    if not words:
        return ["pile", "hand"]
    return list(ctx.players) if len(words) == 1 and words[0].lower() == "hand" else []


# -- setup (table mode) -------------------------------------------------------------------


def read_grid(ctx, args):
    """Enter the play area's cards as laid out (table mode), row by row from a1.

    Five codes a row (three in Jr), any number of rows on one line: `grid Rs Om Yp Gc Bg`.
    While the referee waits for them the word `grid` may be left out.
    """
    state = ctx.state
    if said_own_hand(ctx):  # `Cy: Gc Gm ...` while setting up is Cy's hand, not more grid
        player, words = hand_words(ctx, args)
        if not words:
            return Reply(public=(view.shown_hand(state, player, ctx.width),), pictures=("hands",))
        return [dict({"do": "hand"}, **read_hand(ctx, args))]
    cards = [state.names.parse(w) for w in words_of(args)]
    if not cards:
        raise InputError("which cards? e.g. `grid Rs Om Yp Gc Bg`, five codes a row (Setup 2)")
    return {"cards": cards, "rows": True}


def hand_owner(ctx, word):
    """The player a hand line starts with; `Os` is a card even at a table with an Oscar."""
    exact = [p for p in ctx.players if p.lower() == word.lower()]
    if exact:
        return exact[0]
    return None if ctx.state.names.is_card(word) else ctx.find_player(word)


def named_player(ctx, word, rule):
    """The player ``word`` names, or one line naming the players and the rule at stake."""
    player = ctx.find_player(word)
    if player is None:
        raise InputError(f"no player {word.strip()!r}; the players are {', '.join(ctx.players)} ({rule})")
    return player


def said_own_hand(ctx):
    """A player names themselves before a line of cards whose hand is still to be entered."""
    state = ctx.state
    speaker = ctx.speaker
    return (speaker is not None and state.phase == "setup"
            and state.players.index(speaker) not in state.entered)


def hand_words(ctx, args):
    """(the player a `hand` line names or None, the words after it). A word that is neither
    a player nor a card is one line naming the players, except while a table sets up,
    where the hand's own reading says whose hand is meant."""
    state = ctx.state
    words = words_of(args)
    player = hand_owner(ctx, words[0]) if words else None
    if player:
        words = words[1:]
    if words and player is None and not state.names.is_card(words[0]) \
            and not (state.phase == "setup" and state.mode != "digital"):
        named_player(ctx, words[0], "Setup 3")  # `hand Zed`: one line naming the players
    return player, words


def read_hand(ctx, args):
    """A hand entered at the table (Setup 3): the player named, else the one who speaks,
    else the next without one while setup waits for hands; then the cards. Typed with
    `hand`, which shows the hands when no card follows (commands.hand_command)."""
    state = ctx.state
    player, words = hand_words(ctx, args)
    if player is None and ctx.speaker is not None:
        player = ctx.speaker  # `Ben: Os Om ...` is Ben's hand, whoever the prompt waits for
    if player is None:
        if state.phase == "setup" and not state.names.is_card(words[0]):
            raise InputError(f"whose hand? {words[0]!r} is neither a player ({', '.join(state.players)}) "
                             "nor a card (Setup 3)")
        waiting = [p for s, p in enumerate(state.players) if s not in state.entered]
        if not waiting or state.phase != "setup":
            raise InputError(f"whose hand? e.g. `hand {state.players[0]} Rs Ym ...` (Setup 3)")
        player = waiting[0]
    return {"player": player, "cards": [state.names.parse(w) for w in words], "by": player}


# -- a turn ---------------------------------------------------------------------------------


def read_play(ctx, args):
    """Play cards of your team's one colour or shape onto touching cells (1a-1d).

    `play Rs@b2 Ys@c2` (or `play b2 c2 Rs Ys`); the score is shown with the cells that
    scored. A play of wilds only may say what they stand for (`play W@c3 as red`);
    unsaid, they stand for the value that scores most, and the sum names it.
    The discard or swap may follow on the same line: `play Rs@b2 discard Gm`, `... keep`.
    """
    args, follow = split_follow(args)
    cards, cells, value = parse_play(ctx.state, args)
    return _play(ctx, cards, cells, value, follow)


def read_pass(ctx, args):
    """Play no cards this turn (CC-2); the discard or swap and the redraw follow."""
    args, follow = split_follow(args)
    if args.strip():
        raise InputError("pass takes nothing after it but a discard or swap: `pass discard Rs` (CC-2)")
    return _play(ctx, [], [], None, follow)


def _play(ctx, cards, cells, value, follow):
    """The play's fields and, said on the same line, the discard or swap after it: both
    are checked before either is made (the play's check_first), so a refused line
    changes nothing. A `keep` after a play that leaves no card to keep is dropped."""
    state = rules.begun(ctx.state)  # the first play may begin a game without the hands (G-1)
    action = {"cards": cards, "cells": cells, "by": _by(ctx)}
    if cards and value is None and all(c == WILD for c in cards) and state.phase == "play":
        value = _best_wild_value(state, cards, cells)
    if value is not None:
        action["value"] = value
    if not follow:
        return action
    keeps = _keeps(follow)
    then = None
    if rules.leaves_a_discard(state, cards):
        word, rest = follow
        try:
            then = _FOLLOW[word](ctx, rest, played=len(cards))
        except InputError as unread:  # said after the play's own refusal, as the line reads
            action[THEN] = {"keeps": keeps, "action": None, "unread": str(unread)}
            return [action]
    elif not keeps:  # the rules say there is nothing to discard (3a)
        then = False
    if then is None:
        return action
    action[THEN] = {"keeps": keeps, "action": then or None}
    return [action] + ([then] if then else [])


def journalled(ctx, action):
    """The play as journalled (its gather): without the note of what its line said after it."""
    return rules.unnoted(action)


def read_discard(ctx, args):
    """Discard up to 2 cards from your hand (3a); `discard` alone (or `keep`) keeps them all.

    Then the redraw back to a full hand (4): dealt by the referee in digital mode,
    entered with `draw` in table mode.
    """
    return _discard(ctx, args)


def read_keep(ctx, args):
    """Keep every card: discard none (3a), then the redraw."""
    if args.strip():
        raise InputError("keep takes nothing after it; to discard, `discard Rs` (up to 2 cards) (3a)")
    return _discard(ctx, "")


def _discard(ctx, args, played=None):
    """A discard's fields; ``played``: the cards a play on the same line takes from the hand first."""
    state = ctx.state
    words = words_of(args)
    cards = [] if not words or (len(words) == 1 and words[0].lower() in _NONE) else [state.names.parse(w) for w in words]
    action = {"do": "discard", "cards": cards, "by": _by(ctx)}
    if state.phase == "discard" or played is not None:
        draws = rules.digital_draws(state, len(state.hands[state.turn]) - (played or 0) - len(cards))
        if draws:
            action["draws"] = draws  # the log says what was dealt
    return action


def read_swap(ctx, args):
    """Swap up to 2 cards with your teammate, card for card (3b, 4 players only).

    `swap Rs Ym for Bp Gc`: you give Rs and Ym and take Bp and Gc from your teammate.
    """
    return _swap(ctx, args)


def _swap(ctx, args, played=None):
    state = ctx.state
    words = words_of(args)
    lowered = [w.lower() for w in words]
    if "for" not in lowered:
        raise InputError("swap what for what? e.g. `swap Rs Ym for Bp Gc` (yours, then your teammate's) (3b)")
    at = lowered.index("for")
    give = [state.names.parse(w) for w in words[:at]]
    take = [state.names.parse(w) for w in words[at + 1:]]
    action = {"do": "swap", "give": give, "take": take, "by": _by(ctx)}
    if (state.phase == "discard" or played is not None) and len(give) == len(take):
        draws = rules.digital_draws(state, len(state.hands[state.turn]) - (played or 0))
        if draws:
            action["draws"] = draws  # the log says what was dealt
    return action


_FOLLOW = {"discard": _discard, "keep": lambda ctx, args, played=None: _discard(ctx, "", played), "swap": _swap}


def read_draw(ctx, args):
    """Enter the cards drawn back to a full hand (table mode, 4).

    While the referee waits for them the word `draw` may be left out. If the pile runs
    out first, say so: `draw Rs Ym empty` (or `draw empty`) takes fewer cards and sets
    the pile to 0 (CC-9).
    """
    state = ctx.state
    words = words_of(args)
    empty = bool(words) and words[-1].lower() in _EMPTY  # CC-9: `draw Rs empty`, the pile ran out
    if empty:
        words = words[:-1]
    cards = [state.names.parse(w) for w in words]
    if not cards and not empty:
        raise InputError("which cards were drawn? e.g. `draw Rs Ym` (`draw Rs empty` if the pile ran out) (4)")
    action = {"cards": cards, "by": _by(ctx)}
    if empty:
        action["empty"] = True
    return action


def read_adjust(ctx, args):
    """Set the draw pile or a hand the scribe miscounted to what the table sees (G-1, CC-9).

    Table mode; logged as an event, not an undo. `adjust pile 12` after a card was lost
    or Short Game put away another number; `adjust hand Ben Rs Ym Bp` (every card Ben
    holds, `none` for no card) after a slip found too late to `undo`. A hand may gain
    only cards the box still holds; the game goes on from the corrected counts.
    """
    state = ctx.state
    words = words_of(args)
    what = words[0].lower() if words else ""
    if what == "pile" and len(words) == 2 and words[1].isdecimal():
        return {"what": "pile", "count": int(words[1]), "was": state.pile_count}
    if what == "hand" and len(words) >= 3:
        player = named_player(ctx, words[1], "CC-9")
        rest = words[2:]
        cards = [] if len(rest) == 1 and rest[0].lower() in _NONE else [state.names.parse(w) for w in rest]
        was = state.hands[state.players.index(player)]
        return {"what": "hand", "player": player, "cards": cards, "was": list(was)}
    if what == "pile" and len(words) == 2:
        raise InputError(f"the draw pile's count is a number of cards, not {words[1]!r}: e.g. `adjust pile 12` (CC-9)")
    raise InputError("adjust pile N or adjust hand PLAYER CARD ..., e.g. `adjust pile 12`, "
                     "`adjust hand Ben Rs Ym Bp` (CC-9)")


def read_finish(ctx, args):
    """End the game early (G-6): the score as it stands then decides.

    Between turns it ends at once; after a play, when that turn's discard (or swap)
    and redraw are done. Hidden points are shown as at a normal end and the winner is
    named as usual (a tie on points: CC-6).
    """
    if args.strip():
        raise InputError(f"finish takes nothing after it, not {args.strip()!r} (G-6)")
    return {}


# -- Jr's moves, which this game lacks ---------------------------------------------------------


def read_take(ctx, args):
    """Jr: name a top card's colour or shape and take the cards joined to it (CC-7).

    `take b2 red` takes the top card at b2 and every top card touching it (also
    diagonally) through red top cards.
    """
    return {}  # never read here: the move is refused first (Move.offered); Jr reads it (colors_jr)


def read_top(ctx, args):
    """Jr, table mode: the new top cards turned up after a take, `empty` for a pile gone.

    In the order of the cells taken (the prompt names them); the word `top` may be left out.
    """
    return {}  # never read here: the move is refused first (Move.offered); Jr reads it (colors_jr)
