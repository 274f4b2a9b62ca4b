"""What players type in a Connections game, turned into actions for the rules.

A card is typed as it lies on the table: its four words north/east/south/west separated
by slashes (a side may have several words) and its points last, e.g.
`play 1,0 fruit/salad/bowl/ice cream 3`. The words go past the lexicon first (CN-5): a
word it does not know may be a typing slip, so the referee asks; in a script, where
nobody can answer, a trailing `!` (or `yes`) enters the card as printed. Handlers
parse, ask, build one action and return what the table should see (replies.py words
it); nothing prints here, and nothing here refuses a move: the rules (moves.py) do,
citing their rule, and a handler raises InputError only for words it cannot read.
"""

import re

from referee.core import render
from referee.core.commands import CommandSet
from referee.core.errors import InputError
from referee.core.text import cut
from referee.core.votes import read_ballots
from referee.games.connections import lines as lines_of
from referee.games.connections import replies, rules, view
from referee.games.connections.layout import cell_name

COMMANDS = CommandSet()
CONFIRM = {"!", "yes", "--yes"}
LATE = {"late", "--late"}  # G-5: the table's leave for a play after the turn time (ConneXion's word too)
_CELL = re.compile(r"^\(?\s*([-+]?\d+)\s*,\s*([-+]?\d+)\s*\)?(?:\s+|$)(.*)$", re.S)
CARD_HELP = "a card is NORTH/EAST/SOUTH/WEST POINTS, e.g. `fruit/salad/bowl/ice cream 3` (CN-1)"


# -- the lexicon, loaded in the background -------------------------------------------


def lexicon(session):
    from referee.core.lexicon import for_session

    return for_session(session)  # the table's own word and deny lists, from the header


def warm(session):
    lexicon(session).load_in_background()


def odd_words(session, words):
    """The words of a card the lexicon does not know (names it knows are fine: AFRICA is printed)."""
    lex = lexicon(session)
    tokens = []
    for side in words:
        for token in re.split(r"[\s\-/]+", side):
            # letters only, accents kept: stripping é from HÉAD would pass it as HAD
            token = "".join(ch for ch in token.lower() if ch.isalpha())
            if token and token not in tokens:
                tokens.append(token)
    odd = []
    for token in tokens:
        verdict = lex.verdict(token)
        if verdict.verdict == "unknown" and verdict.source != "names":
            odd.append(token)
    return odd


def _checked(session, words, confirmed):
    """CN-5: ask about words that may be slips; never block a card the table says is printed so."""
    odd = odd_words(session, words)
    if not odd or confirmed:
        return odd
    shown = ", ".join(w.upper() for w in odd)
    if session.confirm(f"{shown}: not in the lexicon. A typing slip? Enter the card as typed?"):
        return odd
    raise InputError(f"{shown} not in the lexicon (CN-5): check the card, or end the line with `!` "
                     "to enter it as printed")


# -- parsing ------------------------------------------------------------------------------


def split_confirm(text):
    """A trailing `!` or `yes` is the scribe insisting on the card as typed."""
    text, confirmed, _late = split_flags(text, late_allowed=False)
    return text, confirmed


def split_flags(text, late_allowed=True):
    """The words a card line may end with, in any order: `!` (or `yes`) enters the card as
    printed (CN-5), `late` is the table's leave for a play after the turn time (G-5). The
    card's points come before them, so a side word such as LATE is never taken for one."""
    text = text.strip()
    confirmed = late = False
    while True:
        words = text.split()
        last = words[-1].lower() if words else ""
        if last in CONFIRM:
            text, confirmed = text[: text.rfind(words[-1])].rstrip(), True
        elif late_allowed and last in LATE:
            text, late = text[: text.rfind(words[-1])].rstrip(), True
        elif text.endswith("!"):
            text, confirmed = text[:-1].rstrip(), True
        else:
            return text, confirmed, late


def _stamped(session, action, typed_late):
    """The action as it will be journalled, marked late when it is (G-5): with the table's
    `late`, or silently under option late=accept; a `late` typed in time is dropped, so
    the log never calls a play late that was not. Unmarked and late, the rules refuse it."""
    action = session.stamp(action)
    action.pop("late", None)
    accept = session.state.options.get("late", "refuse") == "accept"
    if rules.late_by(session.state, action) and (typed_late or accept):
        action["late"] = True
    return action


def parse_cell(text):
    match = _CELL.match(text.strip())
    if not match:
        raise InputError(f"a cell is X,Y (e.g. 1,0 or -2,3), not {text.split()[0] if text.split() else text!r} (CN-1)")
    return (_bounded(match.group(1), "a cell's coordinate"), _bounded(match.group(2), "a cell's coordinate")), \
        match.group(3).strip()


def parse_card(text):
    """``fruit/salad/bowl/ice cream 3`` → {"words": [...], "points": 3}.

    The points are the last word and nothing else: `-3` or `3.0` must not leave a stray
    `-` or `3.` in the west word, and a second number means the line is not a card.
    """
    text = text.strip()
    if not text:
        raise InputError(f"which card? {CARD_HELP}")
    parts = text.rsplit(None, 1)
    if len(parts) < 2 or "/" in parts[1]:
        raise InputError(f"the card's points come last; {CARD_HELP}")
    sides, points = parts
    if not re.fullmatch(r"[-+]?\d+", points):
        raise InputError(f"the card's points come last, a number 1 to 5, not {points!r}; {CARD_HELP}")
    words = [" ".join(w.split()) for w in sides.split("/")]
    if len(words) != 4:
        raise InputError(f"{len(words)} side{'s' if len(words) != 1 else ''} given; {CARD_HELP}")
    if not all(words):
        missing = [s for s, w in zip(("north", "east", "south", "west"), words) if not w]
        raise InputError(f"no word for the {', '.join(missing)} side; {CARD_HELP}")
    for word in words:
        if not any(ch.isalpha() for ch in word) or any(not ch.isprintable() for ch in word):
            raise InputError(f"{word!r} is not a word printed on a card; {CARD_HELP}")
        if any(ch.isdigit() for ch in word):
            raise InputError(f"{word!r} has a number in it: the points are typed once, last; {CARD_HELP}")
    points = _bounded(points, "a card's points")
    if not 1 <= points <= 5:
        raise InputError(f"a card is worth 1 to 5 points, not {points} (CN-1)")
    return {"words": [w.lower() for w in words], "points": points}


def _who(session, action):
    """Who acts, for the rules and the log: the line's speaker (`Ann: play ...`, which the
    turnless variants need), else the player whose turn it is."""
    if session.speaker:
        action["by"] = session.speaker
    elif session.state.turn is not None and session.state.phase == "play":
        action["by"] = session.state.current
    return action


def _whole(text, what):
    if not re.fullmatch(r"[-+]?\d+", text.strip()):
        raise InputError(f"{what} is a whole number, not {text!r}")
    return _bounded(text.strip(), what)


def _bounded(text, what, digits=100):
    """``int(text)`` for a signed whole number already matched, refused in one line past
    ``digits`` digits before it is read (over 4,300 digits ``int`` raises; issue 18 item 13)."""
    sign = -1 if text.startswith("-") else 1
    number = text.lstrip("+-").lstrip("0") or "0"
    if len(number) > digits:
        raise InputError(f"{what} has {len(number)} digits: no game of Connections counts that far")
    return sign * int(number)


# -- completion ---------------------------------------------------------------------------


def _players(session, words):
    return list(session.players) if not words else []


def _openings(session, words):
    if words:
        return []
    from referee.games.connections import layout

    state = session.state
    cells = state.area(state.turn or 0) if state.variant == "quads" else state.cells
    return sorted(cell_name(c) for c in layout.openings(cells))


def _vote_words(session, words):
    if not words:  # the open votes' cells first (CN-7), then the voters
        return [v.label for v in session.state.votes if " " not in v.label] + list(session.players) + ["all"]
    if words and _is_cell(words[0]):
        words = words[1:]
    return list(session.players) + ["all"] if len(words) % 2 == 0 else ["yes", "no"]


# -- the game's commands ----------------------------------------------------------------------


@COMMANDS.command("start", "starter", usage="start NORTH/EAST/SOUTH/WEST POINTS [!]")
def start_command(session, args):
    """Lay the starter card at 0,0 and deal the round (CN-6).

    `start tiger/head/tree/ocean 1`. The hands are counted as dealt: five cards each in
    Classic (four from six players), four in Endless, ten in Quick Play.
    """
    text, confirmed = split_confirm(args)
    card = parse_card(text)
    action = {"do": "start", "card": card}  # nobody's move: the starter comes off the pile
    session.check(action)  # refuse a wrong moment before asking about words
    unchecked = _checked(session, card["words"], confirmed)
    if unchecked:
        action["unchecked"] = unchecked
    state = session.do(action)
    lines = [render.ok(f"starter card {'/'.join(card['words'])} ({card['points']}) at 0,0")]
    if state.variant != "solitaire":
        lines[0] += f"; {rules.deal_size(state.variant, len(state.players))} cards dealt to each player"
    return replies.after(state, lines)


@COMMANDS.command("play", "p", usage="play X,Y CARD [!] [late]", complete=_openings)
def play_command(session, args):
    """Play a CARD, NORTH/EAST/SOUTH/WEST POINTS as it lies, at cell X,Y (north is y+1).

    `play 1,0 fruit/salad/bowl/ice cream 3`: the referee lists the pairs the card makes
    with its neighbours and scores them (CN-3). In Quick Play and Quads say who plays:
    `Ann: play 1,0 ...`; the play stands unless someone objects (`contest`, CN-7). A word
    the lexicon does not know is asked about; add `!` at the end to enter the card as
    printed. Add `late` when the table allows a play after the turn time ran out (G-5).
    """
    if not args.strip():
        raise InputError("where and which card? e.g. `play 1,0 fruit/salad/bowl/ice cream 3`")
    cell, rest = parse_cell(args)
    text, confirmed, late = split_flags(rest)
    card = parse_card(text)
    action = _stamped(session, _who(session, {"do": "play", "cell": list(cell), "card": card}), late)
    rules.verify(session.state, action)  # every check in the core's order: the game, the phase, then the play's
    seat, cell, _card, pairs, value, arithmetic = rules.check_play(session.state, action)  # for the log
    action["pairs"] = [p.text() for p in pairs]
    if arithmetic:
        action["arithmetic"] = arithmetic
        action["score"] = value
    unchecked = _checked(session, card["words"], confirmed)
    if unchecked:
        action["unchecked"] = unchecked
    if session.state.variant == "quads":
        made = (session.check(action)[1].last or {}).get("quad")
        if made is not None:
            action["quad"] = list(made)  # for the log: the play made a quad (CN-7)
    before = session.state
    state = session.do(action)
    player = before.players[seat]
    lines = replies.play_lines(state, player, cell, card, action["pairs"], arithmetic)
    if action.get("late"):
        lines.append("  played after the turn time ran out; the table allowed it (G-5)")
    if state.variant == "classic" and state.owed is not None and state.emptied == seat and state.phase == "play" \
            and state.hands[seat] == 0 and len(state.owed) == len(state.players) - 1:
        lines.append(f"{player}'s hand is empty: everyone else takes one more turn (CN-6)")
    lines += replies.approval_news(before, state, seat)
    return replies.after(state, lines, before)


@COMMANDS.command("draw", "d", usage="draw [PILE] [PLAYER]")
def draw_command(session, args):
    """Take the next card from the draw pile (in Quads, from pile 1 to 4).

    Classic and Endless: when you cannot connect; you may play that card at once, or
    `pass`. Rummy: every turn starts with a draw. Quick Play and Quads: anyone, any
    time (`Ann: draw`, or `draw 2 Ann` in Quads).
    """
    action = {"do": "draw"}
    for word in args.split():
        if word.isdecimal():
            if len(word.lstrip("0")) > 1:  # bounded before it is read: no game has pile 10 (issue 18 item 13)
                raise InputError(f"there is no pile {cut(word, 12, 'digits')}: Quads has piles 1 to 4, the others one draw pile")
            action["pile"] = int(word.lstrip("0") or "0")
        else:
            action["by"] = session.player(word)
    if session.speaker and action.get("by", session.speaker) != session.speaker:
        raise InputError(f"{session.speaker} says {action['by']} draws: say one name, `{action['by']}: draw`")
    if "by" not in action:
        _who(session, action)
    state = session.do(action)
    who = action.get("by") or state.current
    where = f" from pile {action['pile']}" if "pile" in action else ""
    return [render.ok(f"{who} draws a card{where}; holds {state.hands[state.seat(who)]}"), view.status(state)]


@COMMANDS.command("pass", "done", usage="pass | done")
def pass_command(session, args):
    """End your turn without playing (after drawing, or with the pile empty)."""
    if args.strip():
        raise InputError("pass takes nothing after it")
    before = session.state
    state = session.do(_who(session, {"do": "pass"}))
    lines = [render.ok(f"{before.current} passes")]
    if state.phase == "count" and before.phase == "play":
        lines.append("The round is over (CN-6).")
    if len(state.rounds) > len(before.rounds) and state.phase != "over":
        lines.append(replies.round_result(state, before))
    return lines + [view.status(state)]


@COMMANDS.command("contest", "challenge", "object", usage="contest [PLAYER] [X,Y]", complete=_players)
def contest_command(session, args):
    """Put a play's connections to a table vote (G-4, CN-4; CN-7).

    Classic, Endless, Rummy: the last play only (`contest`, or `contest 1,0`); every
    player votes, a strict majority decides, and a tie keeps the play (option `tie`).
    Quick Play: any card of the round no card has been played against since
    (`Ben: contest 1,0`, or `contest` for the last play); Quads: a quad, named by its
    owner and its south-west card (`contest Ann 0,0`, or `contest Ann` for her latest).
    There the play stands only if all accept (option `approval`), and play goes on while
    the vote is open. An overturned card goes back to the hand, its score is undone, and
    its player draws one more card; an overturned quad does not count.
    """
    action = {"do": "contest"}
    words = args.split()
    if words and not _is_cell(words[0]):
        action["of"] = session.player(words[0])
        words = words[1:]
    if words:
        cell, rest = parse_cell(" ".join(words))
        if rest:
            raise InputError("contest takes at most a player and a cell, e.g. `contest 1,0` or `contest Ann 0,0`")
        action["cell"] = list(cell)
    state = session.do(action)
    if state.vote is not None:
        return [state.vote.describe(), "Vote with `vote PLAYER yes|no` (or `vote all yes`); yes keeps the play."]
    opened = state.votes[-1]
    rule = "all must accept" if opened.unanimous else "a strict majority decides"
    meanwhile = "The round ends once it is settled." if state.emptied is not None else "Play goes on meanwhile."
    return [opened.describe(), f"Vote with `vote {opened.label} PLAYER yes|no` (or `vote {opened.label} all yes`); "
                               f"{rule} (CN-7). {meanwhile}"]


def _is_cell(word):
    return bool(_CELL.match(word)) and "," in word


def _vote_label(session, words):
    """The vote a ballot line names first, if any: a cell (`1,0`) or a player and a cell (`Ann 0,0`)."""
    if words and _is_cell(words[0]):
        return cell_name(parse_cell(words[0])[0]), words[1:]
    if len(words) > 1 and _is_cell(words[1]) and session.find_player(words[0]):
        return f"{session.find_player(words[0])} {cell_name(parse_cell(words[1])[0])}", words[2:]
    return None, words


@COMMANDS.command("vote", "v", usage="vote [ON] PLAYER|all yes|no ...",
                  complete=_vote_words)
def vote_command(session, args):
    """Record votes on an open question (G-4, CN-7).

    `vote Ann yes Ben no`, `vote all yes`. While a vote is open the word `vote` may be
    left out: `Ann yes`, and a player who names themselves may give the ballot
    alone: `Cy: no`. When several Quick Play or Quads votes are open, name the one
    voted ON first, as the contest did: `vote 1,0 all no`, `vote Ann 0,0 Ben yes`. In
    Quick Play and Quads a vote with nothing open is an objection to the last card or
    quad, put to the table at once.
    """
    label, words = _vote_label(session, args.split())
    if len(words) == 1 and session.speaker:  # `Cy: no`: a player who names themselves casts their own ballot
        words = [session.speaker, words[0]]
    ballots = read_ballots(" ".join(words), session)
    before = session.state
    action = {"do": "vote", "ballots": [list(b) for b in ballots]}
    if label is not None:
        action["on"] = label
    session.check(action)  # refused here, with the rule, if it is not a vote the table may cast now
    _base, target, current = rules.check_vote(before, session.stamp(action))  # which vote, and whether it settles
    settled = current.outcome() is not None
    if settled:
        action["tally"] = target.settled_line(ballots, stands="the play stands")  # G-4: into the log
    state = session.do(action)
    if not settled:
        current = state.vote if state.vote is not None else next(v for v in state.votes if v.label == target.label)
        return current.describe()
    return replies.vote_outcome(before, state, ballots, target)


@COMMANDS.command("hand", "left", usage="hand PLAYER POINTS... | TOTAL", complete=_players)
def hand_command(session, args):
    """Enter the points left in a player's hand at the round's end.

    One number per card, `hand Ben 3 2 5` (as many as the referee counts in the hand),
    or the whole hand's points as ONE number, `hand Ben 25`: a single number is always
    the total, which for a one-card hand is that card's points. A player who names
    themselves may leave their name out: `Cy: 10`, or at the `hand>` prompt. Classic deducts them,
    Quick Play gives them to the player who went out, Rummy deducts them from the runs
    (CN-6). An empty hand needs no entry.
    """
    words = args.replace(",", " ").split()
    if not words:
        raise InputError("whose hand? e.g. `hand Ben 3 2 5` (one number per card) or `hand Ben 10` (the total)")
    if session.speaker and (words[0].lstrip("-").isdigit() or words[0].lower() == "none"):  # `Cy: 10`: a player who names themselves enters their own hand
        words = [session.speaker] + words
    player = session.player(words[0])
    numbers = [] if [w.lower() for w in words[1:]] in ([], ["none"]) else \
        [_whole(w, "a card's points") for w in words[1:]]
    action = {"do": "hand", "player": player}
    if len(numbers) == 1:
        action["total"] = numbers[0]
    else:
        action["points"] = numbers
    before = session.state
    state = session.do(action)
    held = before.hands[before.seat(player)]
    if "total" in action:
        left = f"{held} card{'s' if held != 1 else ''} worth {numbers[0]}"
    else:
        left = f"{' + '.join(str(v) for v in numbers) or 'nothing'} = {sum(numbers)}"
    lines = [render.ok(f"{player} has {left} left in hand")]
    if len(state.rounds) > len(before.rounds):
        lines.append(replies.round_result(state, before))
        if state.phase != "over":
            lines.append(view.status(state))
    else:
        lines.append(view.status(state))
    return lines


@COMMANDS.command("round", "endround", usage="round")
def round_command(session, args):
    """Close the round where the variant leaves it to the table (CN-6).

    Endless and Solitaire: when the cards or the table space run out. Classic, Quads
    and Rummy: only once the draw pile is empty and nobody can play. Quick Play too,
    and then nobody went out, so nobody scores the round.
    """
    if args.strip():
        raise InputError("round takes nothing after it")
    before = session.state
    state = session.do({"do": "round"})
    lines = [render.ok(f"round {before.round} closed")]
    if state.phase == "over":  # the final scores follow (and Solitaire's web)
        return lines
    if len(state.rounds) > len(before.rounds):
        lines.append(replies.round_result(state, before))
    lines.append(view.status(state))
    return lines


@COMMANDS.command("finish", "end", usage="finish")
def finish_command(session, args):
    """End the game after the round under way, closed now, in any variant (G-6).

    The round is closed as usual (the hands left are entered and deducted where the
    variant counts them), and the scores then decide the winner. Between rounds the game ends at once; the log says it was
    ended early. Endless and Solitaire end this way when the table space runs out.
    """
    if args.strip():
        raise InputError("finish takes nothing after it")
    action = {"do": "finish"}
    before = session.state
    after = session.check(action)[1]
    if after.early:
        action["early"] = True  # G-6: the log says so
    state = session.do(action)
    if state.phase == "over":
        return None  # the shell shows the final scores
    lines = [render.ok("the game ends after this round (G-6)")]
    if state.phase == "count" and before.phase == "play":
        lines.append(f"Round {before.round} is closed now: enter the hands left, then the game is over.")
    return lines + [view.status(state)]


@COMMANDS.command("take", "pickup", usage="take X,Y")
def take_command(session, args):
    """Quads: take a card of your own area back into your hand (`Ann: take 1,0`)."""
    cell, rest = parse_cell(args)
    if rest:
        raise InputError("take takes one cell, e.g. `Ann: take 1,0`")
    action = _who(session, {"do": "take", "cell": list(cell)})
    state = session.do(action)
    return [render.ok(f"{action.get('by')} takes back the card at {cell_name(cell)}"), view.status(state)]


@COMMANDS.command("return", "putback", usage="return PILE")
def return_command(session, args):
    """Quads: put a card you do not want back on one of the four piles (`Ann: return 3`)."""
    pile = _whole(args, "a pile") if args.strip() else None
    if pile is None:
        raise InputError("which pile, 1 to 4? e.g. `Ann: return 3` (CN-6)")
    action = _who(session, {"do": "return", "pile": pile})
    state = session.do(action)
    return [render.ok(f"{action.get('by')} returns a card to pile {pile}"), view.status(state)]


def _cards(text):
    parts = [p for p in re.split(r"[;|]", text)]
    if any(not p.strip() for p in parts):
        raise InputError("cards in a run are separated by `;`, e.g. `run a/b/c/d 1; e/f/g/h 2; i/j/k/l 3`")
    return [parse_card(p) for p in parts]


@COMMANDS.command("run", "meld", usage="run CARD; CARD; CARD [...] [!] [late]")
def run_command(session, args):
    """Rummy: lay a run of three or more cards in a line, west to east (CN-6).

    Each card as it lies, NORTH/EAST/SOUTH/WEST POINTS, separated by `;`; each card's
    east word meets the next card's west word. Add `late` when the table allows it after
    the turn time ran out (G-5).
    """
    text, confirmed, late = split_flags(args)
    if not text:
        raise InputError("which cards? e.g. `run a/b/c/d 1; e/f/g/h 2; i/j/k/l 3`")
    cards = _cards(text)
    action = _stamped(session, _who(session, {"do": "run", "cards": cards}), late)
    session.check(action)
    unchecked = _checked(session, [w for c in cards for w in c["words"]], confirmed)
    if unchecked:
        action["unchecked"] = unchecked
    player, before = session.state.current, session.state
    state = session.do(action)
    lines = [render.ok(f"{player} lays a run of {len(cards)}: " + "; ".join(_run_pairs(cards)))]
    return replies.after(state, lines, before)


def _run_pairs(cards):
    return [f"{a['words'][1]} ↔ {b['words'][3]}" for a, b in zip(cards, cards[1:])]


@COMMANDS.command("extend", "x", usage="extend RUN east|west CARD [!] [late]")
def extend_command(session, args):
    """Rummy: add a card at one end of one of your runs (`extend 1 east a/b/c/d 2`); `late` as for `run`."""
    text, confirmed, late = split_flags(args)
    words = text.split(None, 2)
    if len(words) < 3:
        raise InputError("extend RUN east|west CARD, e.g. `extend 1 east fruit/salad/bowl/ice cream 3`")
    end = {"e": "east", "east": "east", "w": "west", "west": "west", "right": "east", "left": "west"}.get(words[1].lower())
    if end is None:
        raise InputError(f"a run grows at its east or west end, not {words[1]!r} (CN-6)")
    card = parse_card(words[2])
    action = _stamped(session, _who(session, {"do": "extend", "run": _whole(words[0], "a run's number"), "end": end,
                                              "card": card}), late)
    session.check(action)
    unchecked = _checked(session, card["words"], confirmed)
    if unchecked:
        action["unchecked"] = unchecked
    before = session.state
    state = session.do(action)
    pair = (state.last or {}).get("pairs") or ()
    lines = [render.ok(f"run {action['run']} grows at its {end} end" + (": " + "; ".join(pair) if pair else ""))]
    return replies.after(state, lines, before)


@COMMANDS.command("steal", "st", usage="steal PLAYER RUN east|west [late]", complete=_players)
def steal_command(session, args):
    """Rummy: at any point of your turn (before or after the draw, CN-8), take the end card
    of another player's run of four or more; `late` as for `run`."""
    text, _confirmed, late = split_flags(args)
    words = text.split()
    if len(words) != 3:
        raise InputError("steal PLAYER RUN east|west, e.g. `steal Ben 1 east`")
    victim = session.player(words[0])
    end = {"e": "east", "east": "east", "w": "west", "west": "west"}.get(words[2].lower())
    if end is None:
        raise InputError(f"take the card at the east or west end, not {words[2]!r} (CN-6)")
    action = _stamped(session, _who(session, {"do": "steal", "from": victim, "run": _whole(words[1], "a run's number"),
                                              "end": end}), late)
    state = session.do(action)
    return [render.ok(f"{state.current} steals the {end} end of {victim}'s run {action['run']}"), view.status(state)]


def _adjust_words(session, words):
    if not words:
        return ["hand", "pile"]
    return list(session.players) if len(words) == 1 and words[0].lower() == "hand" else []


@COMMANDS.command("adjust", "fix", usage="adjust hand PLAYER N | adjust pile [PILE] N", complete=_adjust_words)
def adjust_command(session, args):
    """Set a hand or pile the scribe miscounted to what the table counts (G-1); logged, not an undo.

    `adjust hand Ben 6` after a draw nobody typed (with `adjust pile N` first if the box
    would not hold the extra card), `adjust pile 3 20` in Quads. The round goes on from the
    corrected count: `hand` entries must match it, and a hand found empty ends the round as
    an emptied hand does in the variant.
    """
    words = args.split()
    what = words[0].lower() if words else ""
    if what == "hand" and len(words) == 3:
        action = {"do": "adjust", "what": "hand", "player": session.player(words[1]),
                  "count": _whole(words[2], "a count of cards")}
    elif what == "pile" and len(words) in (2, 3):
        action = {"do": "adjust", "what": "pile", "count": _whole(words[-1], "a count of cards")}
        if len(words) == 3:
            action["pile"] = _whole(words[1], "a pile")
    else:
        raise InputError("adjust hand PLAYER N or adjust pile [PILE] N, e.g. `adjust hand Ben 6`, `adjust pile 107`")
    before = session.state
    session.check(action)
    if what == "hand":
        action["was"] = before.hands[before.seat(action["player"])]
    else:
        action["was"] = before.piles[action.get("pile", 1) - 1]
    state = session.do(action)
    lines = [render.ok(lines_of.adjust(action))]
    if state.phase == "over":
        return lines  # the shell shows the final scores
    if len(state.rounds) > len(before.rounds):
        lines.append(replies.round_result(state, before))
    elif state.phase == "count" and before.phase == "play":
        lines.append("The round is over (CN-6).")
    elif state.owed is not None and before.owed is None:
        lines.append(f"{action['player']}'s hand is empty: everyone else takes one more turn (CN-6)")
    return lines + [view.status(state)]


@COMMANDS.command("show", "board", "s", usage="show [all | X,Y]", group="game")
def show_command(session, args):
    """Draw the table: a window around the latest play, `show all`, or around a cell."""
    state = session.state
    text = args.strip().lower()
    if text in ("all", "everything", "full"):
        return [view.table_view(state, everything=True), view.status(state)]
    focus = None
    if text:
        focus, rest = parse_cell(text)
        if rest:
            raise InputError("show takes `all` or one cell, e.g. `show 3,-1`")
    if state.phase == "start" and not state.cells:
        return view.status(state)
    return [view.table_view(state, focus=focus), view.status(state)]


COMMANDS.fit_replies(view.fit)  # every reply fits a 50-column phone (after a slash or comma at worst)
