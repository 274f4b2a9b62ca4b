"""What players type in a Connections game, read into the fields of a move (moves.py).

Each ``read_x(ctx, text)`` turns the words after a move's command into its action's
fields; its docstring is the command's help. A reading raises InputError only for words
that name nothing (no card, no cell, no player of that name); whether the move may be
made now is the rules' to say, and the core asks them (core.play). What the words do not
say (the lexicon's verdict on a card's words, a play after the turn time) is gathered
after the rules' first checks (reading_gather.py).

A card line may end with `!` (the card as printed, CN-5) or `late` (the table's leave,
G-5): the reading marks the action with them (``AS_PRINTED``, ``late``) for the gathering
to settle before the action is journalled.
"""

from referee.core.errors import InputError
from referee.core.text import cut
from referee.core.votes import NO, YES, read_ballots
from referee.games.connections import layout
from referee.games.connections.layout import cell_name
from referee.games.connections.reading_words import (is_cell, parse_card, parse_cards, parse_cell, run_card,
                                                     split_confirm, split_flags, whole)

AS_PRINTED = "as_printed"  # the scribe's `!`: the gathering takes it off, it is never journalled
_ENDS = {"e": "east", "east": "east", "w": "west", "west": "west"}


def _who(ctx, action):
    """Who acts, for the rules and the log: the line's speaker (`Ann: play ...`, which the
    turnless variants need), else the player whose turn it is."""
    if ctx.speaker:
        action["by"] = ctx.speaker
    elif ctx.state.turn is not None and ctx.state.phase == "play":
        action["by"] = ctx.state.current
    return action


def _flagged(action, confirmed, late=False):
    """The action with the line's `!` and `late` marked, for the gathering to settle."""
    if confirmed:
        action[AS_PRINTED] = True
    if late:
        action["late"] = True
    return action


def _nothing_after(text, word):
    if text.strip():
        raise InputError(f"{word} takes nothing after it")
    return {}


# -- completion ---------------------------------------------------------------------------


def players(ctx, words):
    return list(ctx.players) if not words else []


def openings(ctx, words):
    if words:
        return []
    state = ctx.state
    cells = state.area(state.turn or 0) if state.variant == "quads" else state.cells
    return sorted(cell_name(c) for c in layout.openings(cells))


def vote_words(ctx, words):
    if not words:  # the open votes' cells first (CN-7), then the voters
        return [v.label for v in ctx.state.votes if " " not in v.label] + list(ctx.players) + ["all"]
    if words and is_cell(words[0]):
        words = words[1:]
    return list(ctx.players) + ["all"] if len(words) % 2 == 0 else ["yes", "no"]


def adjust_words(ctx, words):
    if not words:
        return ["hand", "pile"]
    return list(ctx.players) if len(words) == 1 and words[0].lower() == "hand" else []


# -- the readings -------------------------------------------------------------------------


def read_start(ctx, text):
    """Lay the starter card at 0,0 and deal the round (CN-6).

    `start tiger/head/tree/ocean 1`. The hands are counted as dealt: five cards each in
    Classic (four from six players), four in Endless, ten in Quick Play. A side may be
    typed `?`, as in `play`: its word is asked for when a card touches it.
    """
    text, confirmed = split_confirm(text)
    return _flagged({"card": parse_card(text, unknown=True)}, confirmed)  # nobody's move: the starter comes off the pile


def read_play(ctx, text):
    """Play a CARD, NORTH/EAST/SOUTH/WEST POINTS as it lies, at cell X,Y (north is y+1).

    `play 1,0 fruit/salad/bowl/ice cream 3`: the referee lists the pairs the card makes
    with its neighbours and scores them (CN-3). In Quick Play and Quads say who plays:
    `Ann: play 1,0 ...`; the play stands unless someone objects (`contest`, CN-7). A side
    that touches nothing may be typed `?` or left out (`play 1,1 ?/?/?/hair 4`, or
    `///hair 4`): its word is asked for when a later card touches it. A word the lexicon
    does not know is asked about; add `!` at the end to enter the card as printed. Add
    `late` when the table allows a play after the turn time ran out (G-5).
    """
    if not text.strip():
        raise InputError("where and which card? e.g. `play 1,0 fruit/salad/bowl/ice cream 3`")
    cell, rest = parse_cell(text)
    text, confirmed, late = split_flags(rest)
    card = parse_card(text, unknown=True)
    return _flagged(_who(ctx, {"cell": list(cell), "card": card}), confirmed, late)


def read_draw(ctx, text):
    """Take the next card from the draw pile (in Quads, from pile 1 to 4).

    Classic and Endless: when you cannot connect; you may play that card at once, or
    `pass`. Rummy: every turn starts with a draw. Quick Play and Quads: anyone, any
    time (`Ann: draw`, or `draw 2 Ann` in Quads).
    """
    action = {}
    for word in text.split():
        if word.isdecimal():
            if len(word.lstrip("0")) > 1:  # bounded before it is read: no game has pile 10 (issue 18 item 13)
                raise InputError(f"there is no pile {cut(word, 12, 'digits')}: Quads has piles 1 to 4, the others "
                                 "one draw pile (CN-6)")
            action["pile"] = int(word.lstrip("0") or "0")
        else:
            action["by"] = ctx.player(word)
    if ctx.speaker and action.get("by", ctx.speaker) != ctx.speaker:
        raise InputError(f"{ctx.speaker} says {action['by']} draws: say one name, `{action['by']}: draw`")
    if "by" not in action:
        _who(ctx, action)
    return action


def read_pass(ctx, text):
    """End your turn without playing (after drawing, or with the pile empty)."""
    return _who(ctx, _nothing_after(text, "pass"))


def read_contest(ctx, text):
    """Put a play's connections to a table vote (G-4, CN-4; CN-7).

    Classic, Endless, Rummy: the last play only (`contest`, or `contest 1,0`); every
    player votes, a strict majority decides, and a tie keeps the play (option `tie`).
    Quick Play: any card of the round no card has been played against since
    (`Ben: contest 1,0`, `contest Ann` for Ann's latest card, or `contest` for the last
    play); Quads: a quad, named by its
    owner and its south-west card (`contest Ann 0,0`, or `contest Ann` for her latest).
    There the play stands only if all accept (option `approval`), and play goes on while
    the vote is open. An overturned card goes back to the hand, its score is undone, and
    its player draws one more card; an overturned quad does not count.
    """
    action = {}
    words = text.split()
    if words and not is_cell(words[0]):
        action["of"] = ctx.player(words[0])
        words = words[1:]
    if words:
        cell, rest = parse_cell(" ".join(words))
        if rest:
            raise InputError("contest takes at most a player and a cell, e.g. `contest 1,0` or `contest Ann 0,0`")
        action["cell"] = list(cell)
    return action


def _vote_label(ctx, words):
    """The vote a ballot line names first, if any: a cell (`1,0`) or a player and a cell (`Ann 0,0`)."""
    if words and is_cell(words[0]):
        return cell_name(parse_cell(words[0])[0]), words[1:]
    if len(words) > 1 and is_cell(words[1]) and ctx.find_player(words[0]):
        return f"{ctx.find_player(words[0])} {cell_name(parse_cell(words[1])[0])}", words[2:]
    return None, words


def read_vote(ctx, text):
    """Record votes on an open question (G-4, CN-7).

    `vote Ann yes Ben no`, `vote all yes`. While a vote is open the word `vote` may be
    left out: `Ann yes`, and a player who names themselves may give the ballot
    alone: `Cy: no`. When several Quick Play or Quads votes are open, name the one
    voted ON first, as the contest did: `vote 1,0 all no`, `vote Ann 0,0 Ben yes`. In
    Quick Play and Quads a vote with nothing open is an objection to the last card or
    quad, put to the table at once.
    """
    label, words = _vote_label(ctx, text.split())
    if len(words) == 1 and ctx.speaker:  # `Cy: no`: a player who names themselves casts their own ballot
        words = [ctx.speaker, words[0]]
    action = {"ballots": [list(b) for b in _ballots(ctx, " ".join(words))]}
    if label is not None:
        action["on"] = label
    return action


def _ballots(ctx, text):
    """The ballots as the core reads them (core.votes), but a ballot that is not yes or
    no cites the ruling that says so (G-4: every player votes yes/no), as the core's
    reading cannot (issue 20 item 12). Pair by pair as the core goes, so the first slip
    is the one told."""
    words = text.replace(",", " ").split()
    if words and not len(words) % 2:
        for name, ballot in zip(words[::2], words[1::2]):
            if ballot.strip().lower() not in YES | NO:
                raise InputError(f"a vote is yes or no, not {ballot.strip().lower()!r} (G-4)")
            if name.lower() not in ("all", "everyone", "*"):
                ctx.player(name)
    return read_ballots(text, ctx)


def read_hand(ctx, text):
    """Enter the points left in a player's hand at the round's end.

    One number per card, `hand Ben 3 2 5` (as many as the referee counts in the hand),
    or the whole hand's points as ONE number, `hand Ben 25`: a single number is always
    the total, which for a one-card hand is that card's points. A player who names
    themselves may leave their name out: `Cy: 10`, or at the `hand>` prompt. Classic deducts them,
    Quick Play gives them to the player who went out, Rummy deducts them from the runs
    (CN-6). An empty hand needs no entry.
    """
    words = text.replace(",", " ").split()
    if not words:
        raise InputError("whose hand? e.g. `hand Ben 3 2 5` (one number per card) or `hand Ben 10` (the total)")
    if ctx.speaker and (words[0].lstrip("-").isdigit() or words[0].lower() == "none"):  # `Cy: 10`: a player who names themselves enters their own hand
        words = [ctx.speaker] + words
    player = ctx.player(words[0])
    numbers = [] if [w.lower() for w in words[1:]] in ([], ["none"]) else \
        [whole(w, "a card's points") for w in words[1:]]
    if len(numbers) == 1:
        return {"player": player, "total": numbers[0]}
    return {"player": player, "points": numbers}


def read_round(ctx, text):
    """Close the round where the variant leaves it to the table (CN-6).

    Endless and Solitaire: when the cards or the table space run out. Classic, Quads
    and Rummy: only once the draw pile is empty and nobody can play. Quick Play too,
    and then nobody went out, so nobody scores the round.
    """
    return _nothing_after(text, "round")


def read_finish(ctx, text):
    """End the game after the round under way, closed now, in any variant (G-6).

    The round is closed as usual (the hands left are entered and deducted where the
    variant counts them), and the scores then decide the winner. Between rounds the game ends at once; the log says it was
    ended early. Endless and Solitaire end this way when the table space runs out.
    """
    return _nothing_after(text, "finish")


def read_take(ctx, text):
    """Quads: take a card of your own area back into your hand (`Ann: take 1,0`)."""
    cell, rest = parse_cell(text)
    if rest:
        raise InputError("take takes one cell, e.g. `Ann: take 1,0`")
    return _who(ctx, {"cell": list(cell)})


def read_return(ctx, text):
    """Quads: put a card you do not want back on one of the four piles (`Ann: return 3`)."""
    if not text.strip():
        raise InputError("which pile, 1 to 4? e.g. `Ann: return 3` (CN-6)")
    return _who(ctx, {"pile": whole(text, "a pile")})


def read_run(ctx, text):
    """Rummy: lay a run of three or more cards in a line, west to east (CN-6).

    Each card as it lies, NORTH/EAST/SOUTH/WEST POINTS, separated by `;`; each card's
    east word meets the next card's west word. North and south touch nothing in a run:
    they may be `?` or left out (`?/salad/?/fruit 3`). Add `late` when the table allows
    it after the turn time ran out (G-5).
    """
    text, confirmed, late = split_flags(text)
    if not text:
        raise InputError("which cards? e.g. `run a/b/c/d 1; e/f/g/h 2; i/j/k/l 3`")
    return _flagged(_who(ctx, {"cards": parse_cards(text)}), confirmed, late)


def read_extend(ctx, text):
    """Rummy: add a card at one end of one of your runs (`extend 1 east a/b/c/d 2`); `?` and `late` as for `run`."""
    text, confirmed, late = split_flags(text)
    words = text.split(None, 2)
    if len(words) < 3:
        raise InputError("extend RUN east|west CARD, e.g. `extend 1 east fruit/salad/bowl/ice cream 3`")
    end = dict(_ENDS, right="east", left="west").get(words[1].lower())
    if end is None:
        raise InputError(f"a run grows at its east or west end, not {words[1]!r} (CN-6)")
    card = run_card(words[2])
    action = {"run": whole(words[0], "a run's number"), "end": end, "card": card}
    return _flagged(_who(ctx, action), confirmed, late)


def read_steal(ctx, text):
    """Rummy: at any point of your turn (before or after the draw, CN-8), take the end card
    of another player's run of four or more; `late` as for `run`."""
    text, _confirmed, late = split_flags(text)
    words = text.split()
    if len(words) != 3:
        raise InputError("steal PLAYER RUN east|west, e.g. `steal Ben 1 east`")
    victim = ctx.player(words[0])
    end = _ENDS.get(words[2].lower())
    if end is None:
        raise InputError(f"take the card at the east or west end, not {words[2]!r} (CN-6)")
    action = {"from": victim, "run": whole(words[1], "a run's number"), "end": end}
    return _flagged(_who(ctx, action), False, late)


def read_adjust(ctx, text):
    """Set a hand or pile the scribe miscounted to what the table counts (G-1); logged, not an undo.

    `adjust hand Ben 6` after a draw nobody typed (with `adjust pile N` first if the box
    would not hold the extra card), `adjust pile 3 20` in Quads. The round goes on from the
    corrected count: `hand` entries must match it, and a hand found empty ends the round as
    an emptied hand does in the variant.
    """
    words = text.split()
    what = words[0].lower() if words else ""
    state = ctx.state
    if what == "hand" and len(words) == 3:
        player = ctx.player(words[1])
        return {"what": "hand", "player": player, "count": whole(words[2], "a count of cards"),
                "was": state.hands[state.seat(player)]}
    if what == "pile" and len(words) in (2, 3):
        action = {"what": "pile", "count": whole(words[-1], "a count of cards")}
        if len(words) == 3:
            action["pile"] = whole(words[1], "a pile")
        if 1 <= action.get("pile", 1) <= len(state.piles):  # another pile is the rules' to refuse
            action["was"] = state.piles[action.get("pile", 1) - 1]
        return action
    raise InputError("adjust hand PLAYER N or adjust pile [PILE] N, e.g. `adjust hand Ben 6`, `adjust pile 107`")
