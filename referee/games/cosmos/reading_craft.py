"""How the words of the craft phase of Crafting the Cosmos are read: `place`,
`supernova`, `stabilise`, `move`, `complete`, `advanced`, `set`, `discharge` and `end`,
declared on their moves (moves.py; power cards are reading_power's).

Words are read here into actions; every judgement (what is loose, the sliders, the
hand, the supplies, the slots) is the rules' (craft.py), so a refusal cites its rule and
replay meets the same refusals. Counts come before what they count (`place 2 H proto`);
a nebula is named by its size (`n2`, `nebula 2`). Three things are asked rather than
typed, once the rules have let the move through (``gather``): an advanced life token's
value in table mode (at a masked prompt, for its owner alone; in digital mode the
referee draws it), whether to score a nebula above the points a tile is read for, and
whether to end a turn with pieces still loose (they would be lost).
"""

import re

from referee.core.errors import InputError
from referee.games.cosmos import autoplace, craft
from referee.games.cosmos.reading import (Pattern, can_ask_unseen, energy_type, number, said_by, shown, small,
                                        star_type, words_of)
from referee.games.cosmos.state import ENERGY, SIZES, STARS

_INSIST = ("!", "yes", "y", "anyway")
_NEBULA = Pattern(r"^(?:n|neb|nebula|s|size)([123])$")
_COUNTED = Pattern(r"^(\d+)([a-z]+)$")


def _piece(word):
    """A star type, proto or stable life as typed (`move`); supernova passed on for the
    rules to refuse with its reason."""
    said = word.lower().rstrip(",")
    if said in ("proto", "p", "purple"):
        return "proto"
    if said in ("stable", "green"):
        return "stable"
    if said in ("supernova", "nova", "sn"):
        return "supernova"
    try:
        return star_type(word)
    except InputError:
        raise InputError(f"{shown(word)!r} cannot be moved: a star (H, He, O, C), proto or stable") from None


def _insisted(words):
    """(the words without a last `!`, `yes`, `y` or `anyway`, whether there was one)."""
    insist = bool(words) and (words[-1] in _INSIST or words[-1].endswith("!"))
    if insist:
        words = words[:-1] if words[-1] in _INSIST else words[:-1] + [words[-1][:-1]]
    return words, insist


# -- completion ------------------------------------------------------------------------------


def complete_star(ctx, words):
    return list(STARS) if not words else []


def complete_place(ctx, words):
    return list(STARS) + ["n1", "n2", "n3", "proto"]


def complete_piece(ctx, words):
    return list(STARS) + ["proto", "stable"]


def complete_size(ctx, words):
    return [str(s) for s in SIZES] if not words else []


def complete_type(ctx, words):
    return list(ENERGY) if not words else []


def complete_end(ctx, words):
    return ["nebula", "stabilise"] if not words else (["1", "2", "3"] if words[0].startswith("n") else [])


# -- place -----------------------------------------------------------------------------------


def _placed(stars, nebulae, proto):
    action = {"do": "place"}
    if stars:
        action["stars"] = stars
    if nebulae:
        action["nebulae"] = nebulae
    if proto:
        action["proto"] = proto
    return action


def _everything(board):
    """The place action for everything loose on ``board`` (`place` alone, `place all`)."""
    if board is None:
        return {"do": "place"}
    stars = [star for star, n in zip(STARS, board.loose_stars) for _ in range(n)]
    nebulae = [size for size, n in zip(SIZES, board.loose_nebulae) for _ in range(n)]
    return _placed(stars, nebulae, board.loose_proto)


def _place_piece(word, words, at, n, got):
    """``n`` of the piece ``word`` (the word at ``at``, lowered) into ``got``; the index of
    the piece's last word (`nebula 2` is two)."""
    nebula = _NEBULA.match(word)
    if nebula:
        got["nebulae"] += [small(nebula.group(1), "a nebula's size")] * n
    elif word in ("n", "neb", "nebula", "nebulae", "size"):
        if at + 1 >= len(words) or words[at + 1] not in ("1", "2", "3"):
            raise InputError("which size of nebula? e.g. `place n2` or `place nebula 2`")
        at += 1
        got["nebulae"] += [int(words[at])] * n
    elif word in ("proto", "p", "life"):
        got["proto"] += n
    else:
        try:
            got["stars"] += [star_type(word)] * n
        except InputError:
            raise InputError(f"{shown(words[at])!r}: place stars (H, He, O, C), nebulae (n1, n2, n3) or "
                             "proto life, e.g. `place 2 H n2 proto`") from None
    return at


def read_place(state, words):
    """`place 2 H He n2 proto`: the action's stars, nebulae, proto; nothing typed (or
    `all`) places everything loose."""
    seat = state.turn
    if not words or [w.lower() for w in words] in (["all"], ["everything"]):
        return _everything(state.boards[seat] if seat is not None else None)
    got = {"stars": [], "nebulae": [], "proto": 0}
    times, at = None, 0
    while at < len(words):
        word = words[at].lower()
        if word.isdecimal():
            if times is not None:
                raise InputError(f"{times} {shown(word)}? a count, then what: e.g. `place 2 H`")
            times = small(word, "a count of pieces")
        else:
            glued = _COUNTED.match(word)
            if glued and not _NEBULA.match(word):
                times, word = small(glued.group(1), "a count of pieces"), glued.group(2)
            at = _place_piece(word, words, at, 1 if times is None else times, got)
            times = None
        at += 1
    if times is not None:
        raise InputError(f"{times} what? e.g. `place {times} H`")
    return _placed(got["stars"], got["nebulae"], got["proto"])


def reading_place(ctx, args):
    """Place loose pieces on your board: stars, nebulae, proto life.

    `place` alone places everything loose. Or say what: `place 2 H He n2 proto`
    (a count before a piece; a nebula by its size: n1, n2, n3). Where on the board
    is yours to choose (CT-1): the referee keeps the counts.
    """
    return said_by(ctx, read_place(ctx.state, words_of(args)))


# -- the sliders -----------------------------------------------------------------------------


def read_supernova(ctx, args):
    """Spend 1 supernova: a regular star on your board becomes a supernova.

    `supernova He`. It completes a nebula as any star; for the goals it counts only as a
    supernova, never as the He it was (Goals).
    """
    words = words_of(args)
    if len(words) != 1:
        raise InputError("which star becomes a supernova? e.g. `supernova He`")
    return said_by(ctx, {"star": star_type(words[0])})


def read_stabilise(ctx, args):
    """Spend DNA: proto life on your board becomes stable life, 1 per DNA.

    `stabilise` (one), `stabilise 2`.
    """
    words = words_of(args)
    if len(words) > 1:
        raise InputError("how many? e.g. `stabilise 2`")
    return said_by(ctx, {"count": number(words[0], "a number of proto life") if words else 1})


def read_move(ctx, args):
    """Spend 1 graviton: move a star or a life token (never a supernova).

    `move He`, `move proto`, `move stable`; several in one line, one graviton each:
    `move H H He`, `move 3 H`. Where to is yours (CT-1): logged.
    """
    words = words_of(args)
    if not words:
        raise InputError("move what? e.g. `move He`, `move proto` or `move 2 H He`")
    pieces, count = [], None
    for word in words:
        said = word.lower()
        glued = _COUNTED.match(said)
        if said.isdecimal():
            count = _moves(said, count)
            continue
        if glued and not said.isdecimal():
            count, word = _moves(glued.group(1), count), glued.group(2)
        piece = _which_star(ctx.state) if word.lower() in ("star", "stars") else _piece(word)
        pieces += [piece] * (1 if count is None else count)
        count = None
        if len(pieces) > MOST_MOVES:
            raise InputError(f"a line moves {MOST_MOVES} pieces at most: one graviton each")
    if count is not None or not pieces:
        raise InputError("a count comes before what it counts: e.g. `move 2 H`")
    return said_by(ctx, {"piece": " ".join(pieces)})


MOST_MOVES = 20  # far above a turn's gravitons (a shift gives at most 3, and a card or two more)


def _moves(text, count):
    if count is not None:
        raise InputError("one count before each piece: e.g. `move 2 H He`")
    n = small(text, "a count of pieces to move", MOST_MOVES)
    if n < 1:
        raise InputError("move 1 piece or more: e.g. `move 2 H`")
    return n


def _which_star(state):
    """`move star`: the one type of star the board holds, asked when it holds several; with
    none, "star" for the rules to say so (issue 20 item 12: not "'star' cannot be moved")."""
    board = state.boards[state.turn] if state.turn is not None and state.boards else None
    kinds = [star for star, n in zip(STARS, board.stars) if n] if board else []
    if len(kinds) > 1:
        raise InputError(f"which star moves: {', '.join(kinds[:-1])} or {kinds[-1]}? e.g. `move {kinds[0]}`")
    return kinds[0] if kinds else "star"


# -- complete, advanced life -----------------------------------------------------------------


def nebula_points(state):
    """The most points a nebula tile is read for before the referee asks again (CT-8: the
    rulebook gives no values; table option ``nebula_points``, default 15)."""
    value = (state.options or {}).get("nebula_points", NEBULA_POINTS)
    return value if isinstance(value, int) and not isinstance(value, bool) else NEBULA_POINTS


NEBULA_POINTS = 15


_NUMBER_WORDS = ("size", "for", "points", "pts", "point", "nebula", "n")


def _numbers(words, skip=_NUMBER_WORDS):
    said = [w for w in words if w.lower() not in skip]
    out = []
    for word in said:
        nebula = _NEBULA.match(word.lower())
        out.append(small(nebula.group(1), "a nebula's size") if nebula else number(word))
    return out


def read_complete(ctx, args):
    """Complete a nebula of that size on your board, for the points printed on it.

    `complete 2 8`: a size 2 nebula for 8 points (the page on completing is missing
    from our rulebook: the points are as you read them, CT-5). Above the table option
    nebula_points (default 15) the referee asks first (CT-8); `complete 3 18 !` insists.
    """
    words, insist = _insisted(words_of(args))
    said = [w for w in words if w and w.lower() not in _NUMBER_WORDS]
    if len(said) != 2:
        raise InputError("say the size and the points: e.g. `complete 2 8`")
    size = _numbers(said[:1])[0]
    points = number(said[1], "a nebula's points (CT-8)", craft.MOST_POINTS)
    return said_by(ctx, {"size": size, "points": points, "insist": insist})


def gather_complete(ctx, action):
    """CT-8: a slip (`complete 1 999999`) is asked about before it scores, once the rules
    have let the move through; `!` on the line (``insist``) scores without asking."""
    action = dict(action)
    insist = action.pop("insist", False)
    size, points = action["size"], action["points"]
    most = nebula_points(ctx.state)
    if points > most and not insist:
        if not ctx.confirm(f"{points} points for a size {size} nebula, above {most} (CT-8): score it?"):
            raise InputError(f"{points} points is above the {most} a nebula tile is read for (option nebula_points, "
                             f"CT-8); nothing was done: check the tile, `complete {size} {points} !` scores it")
    return action


def read_advanced(ctx, args):
    """Create advanced life on a completed nebula with 6 life around it.

    `advanced 2 3`: on a size 2 nebula, 3 of the 6 life tokens around it proto life
    (discarded; the stable stay). Digital: the referee draws the token; `hand NAME`
    shows you alone its value. Table: you draw it and type its value unseen when asked
    (a script gives it last: `advanced 2 3 7`). Values stay hidden until the end.
    """
    values = _numbers(words_of(args), skip=("size", "proto", "nebula", "n", "on", "with"))
    if len(values) not in (2, 3):
        raise InputError("say the nebula's size and how many of the 6 life are proto: e.g. `advanced 2 3`")
    action = {"size": values[0], "proto": values[1]}
    if len(values) == 3:
        action["value"] = values[2]
    return said_by(ctx, action)


def gather_advanced(ctx, action):
    """The token's value, once the board and the stack allow the move (check_first): the
    stack's top in digital mode, else typed on the line (a script) or at the owner's
    masked prompt, never echoed."""
    state = ctx.state
    if state.mode == "digital":
        if "value" in action:
            raise InputError("in digital mode the referee draws the token: `advanced SIZE PROTO`")
        return dict(action, value=craft.advanced_value(state, action))
    if "value" in action:
        return action
    return dict(action, value=_ask_value(ctx, state.player, action["size"], action["proto"]), unseen=True)


ASKS = 3  # a value typed wrong is asked again, up to this many times in all


def _ask_value(ctx, name, size, proto):
    """The value typed at the owner's masked prompt, asked again (never echoed) while it is
    not a number or not a value the token drawn now can have (craft.possible_value: what
    its owner may know), up to ASKS times; nothing typed drops the command."""
    state = ctx.state
    question = "your advanced life token's value (hidden): "
    for asked in range(ASKS):
        typed = ctx.ask_secret(name, question)
        if typed is None or not typed.strip():
            if can_ask_unseen(ctx):
                raise InputError(f"no value typed, nothing was done; `advanced {size} {proto}` asks again, unseen")
            raise InputError(f"in a script the value comes last: `advanced {size} {proto} VALUE`")
        text = typed.strip()
        if not text.isdecimal():
            why = "not a number"  # never echoed: it was typed unseen
        elif len(text.lstrip("0")) > 3:  # bounded before it is read (issue 18 item 13); no token is worth that
            why = "not a value a token can have"
        else:
            value = int(text.lstrip("0") or "0")
            if craft.possible_value(state, value, unseen=True) or asked == ASKS - 1:
                return value  # the last try goes to the rules, which refuse it (to its owner alone)
            group = "group 1" if len(craft.drawn_values(state)) < 2 * len(state.players) else "group 2"
            why = f"not possible for the token drawn now ({group}: {craft.GROUPS[group]})"
        if asked == ASKS - 1:
            raise InputError(f"{name}'s answer is {why}; nothing was done")
        question = f"that is {why}; your advanced life token's value (hidden): "
    raise AssertionError("unreachable")  # the loop returns or raises


# -- energy card actions ---------------------------------------------------------------------


def read_set(ctx, args):
    """Discard 5 matching energy cards for 6 points (as often as you can pay).

    `set light` (short forms: l, t, g, c).
    """
    words = words_of(args)
    if len(words) != 1:
        raise InputError("which type? e.g. `set light`")
    return said_by(ctx, {"type": energy_type(words[0])})


# -- discharge the time chamber --------------------------------------------------------------


def read_discharge(words):
    """`discharge 2 points 5 H He`: crystal tokens spent, points, stars gained."""
    action, stars, times = {"do": "discharge"}, [], None
    at = 0
    while at < len(words):
        word = words[at].lower()
        if word in ("crystal", "crystals", "tokens", "token"):
            if times is None:
                raise InputError("how many crystal tokens? e.g. `discharge 2`")
            action["crystals"], times = times, None
        elif word in ("points", "pts", "point"):
            if at + 1 < len(words) and words[at + 1].isdecimal():
                # `points 5` as the usage says; a number just before it is the crystal tokens
                # (`discharge 2 points 5 H`: 2 tokens, 5 points, not 2 points and 5 H)
                if times is not None:
                    if "crystals" in action:
                        raise InputError(f"{times} what? e.g. `discharge 2 points 5 H`")
                    action["crystals"], times = times, None
                at += 1
                action["points"] = small(words[at], "the points a discharge gives")
            elif times is not None:  # `5 points` (the number said first)
                action["points"], times = times, None
            else:
                raise InputError("how many points? e.g. `discharge 2 points 5`")
        elif word.isdecimal():
            if times is not None:
                action.setdefault("crystals", times)
            times = small(word)
        else:
            glued = _COUNTED.match(word)
            n = 1 if times is None else times
            if glued:
                n, word = small(glued.group(1), "a count of stars"), glued.group(2)
            stars += [star_type(word)] * n
            times = None
        at += 1
    if times is not None:
        if "crystals" in action:
            raise InputError(f"{times} what? e.g. `discharge 2 points 5 H`")
        action["crystals"] = times
    if stars:
        action["stars"] = stars
    return action


def reading_discharge(ctx, args):
    """Discharge the time chamber, recorded as you report it (its page is missing, CT-1).

    `discharge 2 points 5 H He`: 2 time crystal tokens spent from the top of your
    board (to the box), 5 points, an H and an He star gained (loose: place them).
    """
    words = words_of(args)
    if not words:
        raise InputError("say what it spent and gave: e.g. `discharge 2 points 5 H`")
    return said_by(ctx, read_discharge(words))


# -- end of the turn (Omega) -----------------------------------------------------------------


def read_end(words):
    """`end nebula 2` / `end n2` / `end 2` / `end stabilise`: the action and whether the
    line insisted (`!`, `yes`) on losing what is loose."""
    words = list(words)
    insist = False
    while words and (words[-1].lower() in _INSIST or words[-1].endswith("!")):
        last = words.pop().rstrip("!")
        insist = True
        if last and last.lower() not in _INSIST:
            words.append(last)
    said = [w.lower() for w in words]
    if not said:
        raise InputError("end how? `end nebula 1|2|3` (take one) or `end stabilise` (1 proto life)")
    if said[0] in ("stabilise", "stabilize", "stab", "stable", "s") and len(said) == 1:
        return {"do": "end", "choice": "stabilise"}, insist
    nebula = _NEBULA.match(said[0]) or re.match(r"^([123])$", said[0])
    if nebula and len(said) == 1:
        return {"do": "end", "choice": "nebula", "size": int(nebula.group(1))}, insist
    if said[0] in ("nebula", "neb", "n") and len(said) == 2 and said[1] in ("1", "2", "3"):
        return {"do": "end", "choice": "nebula", "size": int(said[1])}, insist
    raise InputError(f"{shown(' '.join(words), 40)!r}: `end nebula 1|2|3` or `end stabilise`")


def reading_end(ctx, args):
    """End your turn (Ω): take a nebula of size 1, 2 or 3, or stabilise 1 proto life.

    Then the sliders go to 0 and loose pieces are lost: the referee asks first when
    something is left (`end nebula 1 !` ends without asking).
    """
    action, insist = read_end(words_of(args))
    return said_by(ctx, dict(action, insist=insist))


def gather_end(ctx, action):
    """Whether to end a turn with pieces still loose (they would be lost), asked once the
    rules have let the end through; `!` on the line (``insist``) ends without asking."""
    action = dict(action)
    insist = action.pop("insist", False)
    state = autoplace.placed_first(ctx.state, action)  # what is placed first is not lost
    name, left = state.player, craft.lost(state.boards[state.turn])
    if left and not insist:
        lost = "it is lost" if len(left) == 1 and left[0].startswith("1 ") else "they are lost"
        if not ctx.confirm(f"{name} still has {', '.join(left)}: {lost}. End the turn?"):
            raise InputError(f"not ended: {name} still has {', '.join(left)}; place or spend them, "
                             f"or `end {_end_words_of(action)} !` to lose them")
    return action


def _end_words_of(action):
    return f"nebula {action['size']}" if action["choice"] == "nebula" else "stabilise"
