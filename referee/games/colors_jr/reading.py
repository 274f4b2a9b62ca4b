"""What players type in a Jr game, read into the fields of a move: the top cards laid
out, a take (a pile and a colour or shape, read against the top card it is said of),
the new top cards turned up. One line for anything unreadable (an InputError); the core
(core.play) has already refused a move Jr lacks, a wrong phase and a wrong turn, and
the rules refuse the rest after.

The docstring of each reading is its command's help.
"""


from referee.core.errors import InputError
from referee.games.colors import grid
from referee.games.colors.reading import words_of
from referee.games.colors_jr.state import SIZE, cell_name
from referee.games.colors_jr.taking import value_of


def _by(ctx):
    return ctx.speaker or ctx.state.player


def read_grid(ctx, args):
    """Enter the play area's cards as laid out (table mode), row by row from a1.

    Five codes a row (three in Jr), any number of rows on one line: `grid Rs Om Yp Gc Bg`.
    While the referee waits for them the word `grid` may be left out.
    """
    cards = [ctx.state.names.parse(w) for w in words_of(args)]
    if not cards:
        raise InputError("which cards? e.g. `grid Rs Om Yp Gc Bg`, five codes a row (Setup 2)")
    return {"cards": cards, "rows": True}


def _value(state, cell, word):
    """The colour or shape a Jr player names, read against the top card it is said of."""
    import difflib  # only when a word is mistyped: not before the first prompt
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
        on_card = [(s, v) for s, v in found if value_of(top, s) == v]
        if len(on_card) == 1:
            return on_card[0]
        if len(on_card) > 1:
            raise InputError(f"{word!r} could be the colour or the shape; say it in full (CC-7)")
    return found[0]


def read_take(ctx, args):
    """Jr: name a top card's colour or shape and take the cards joined to it (CC-7).

    `take b2 red` takes the top card at b2 and every top card touching it (also
    diagonally) through red top cards.
    """
    words = words_of(args)
    if len(words) != 2:
        raise InputError("take which pile, naming what? e.g. `take b2 red` or `take b2 star` (CC-7)")
    first, second = words
    if not grid.is_cell(first) and grid.is_cell(second):
        first, second = second, first
    cell = grid.parse(first, size=SIZE)
    side, value = _value(ctx.state, cell, second)
    return {"cell": cell, "side": side, "value": value, "by": _by(ctx)}


def take_words(ctx, words):
    """The piles with a top card, then the colour and shape of the one named."""
    state = ctx.state
    if not words:
        return [cell_name(c) for c, top in enumerate(state.tops) if top is not None]
    try:
        top = state.tops[grid.parse(words[0], size=SIZE)]
    except InputError:
        return []
    if top is None:
        return []
    return [state.names.colors[top // 5], state.names.shapes[top % 5]]


def read_top(ctx, args):
    """Jr, table mode: the new top cards turned up after a take, `empty` for a pile gone.

    In the order of the cells taken (the prompt names them); the word `top` may be left out.
    """
    import difflib  # only when a word is mistyped: not before the first prompt
    state = ctx.state
    cards = []
    for word in words_of(args):
        if word.lower() in ("empty", "gone", "-", "none"):
            cards.append(None)
        elif not state.names.is_card(word) and difflib.get_close_matches(word.lower(), ["empty"], cutoff=0.7):
            raise InputError(f"{word!r} is not a card; did you mean empty (a pile gone)? (CC-7)")
        else:
            cards.append(state.names.parse(word))
    if not cards:
        raise InputError("which cards were turned up? e.g. `top Rs empty` (CC-7)")
    return {"cards": cards}


def read_finish(ctx, args):
    """End the game early (G-6): the score as it stands then decides.

    The game ends when the current round ends (at once at a round's start).
    """
    if args.strip():
        raise InputError(f"finish takes nothing after it, not {args.strip()!r} (G-6)")
    return {}
