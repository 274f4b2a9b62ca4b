"""What players ask a ConneXion game that changes nothing: the scribe's list, the words
the board forms, the missed-words review, a word's verdict, a hand, the deck.

The commands that make a move are declared on the moves themselves (moves.py: their
words, reading.py: how the words are read, replies.py: what the table is told), and the
core runs each of them on its one path (core.play). ``COMMANDS`` is those and these.
"""

import json

from referee.core import render
from referee.core.commands import CommandSet
from referee.core.errors import InputError
from referee.core.reply import Reply
from referee.games.connexion import cards, finder, placing, turns, values, view
from referee.games.connexion.moves import MOVES
from referee.games.connexion.reading import word_of
from referee.games.connexion.services import lexicon, word_index  # noqa: F401 (also asked here by bench/)

QUESTIONS = CommandSet()


def _players(session, words):
    return list(session.players)


@QUESTIONS.command("words", "list", usage="words")
def words_command(session, args):
    """The scribe's list: every accepted word, by player."""
    return Reply(public=view.as_lines(view.words_by_player(session.state)), pictures=("words",))


@QUESTIONS.command("find", "f", usage="find [--json] [PREFIX]")
def find_command(session, args):
    """Every word the lexicon accepts that the board can form now, with a path each.

    Commonest words first. `find meta` lists only words starting with META; `--json`
    gives the full list as JSON (word, path, zipf).
    """
    words = args.split()
    as_json = "--json" in words
    words = [w for w in words if w != "--json"]
    prefix = words[0].lower() if words else ""
    state = session.state
    found = finder.find_all(state.positions, word_index(session), state.options.get("min_cards", 2))
    lex = lexicon(session)
    items = [(w, p) for w, p in found.items() if w.startswith(prefix)]
    items.sort(key=lambda item: (-lex.zipf(item[0]), item[0]))
    if as_json:  # data for a program: printed as it is, never fitted to a screen
        return render.Data(json.dumps([{"word": w, "path": [list(s) for s in p.steps], "zipf": round(lex.zipf(w), 2)}
                                       for w, p in items]))
    if not items:
        return Reply(public=("No word can be formed on the board now." if not prefix
                             else f"No word starting {prefix.upper()} can be formed now.",))
    claimed = {c.word for c in state.claims if c.status == "accepted"}
    struck = {c.word for c in state.claims if state.struck(c.word)}
    rows = [(w.upper() + (" (claimed)" if w in claimed else " (struck)" if w in struck else ""), f"{lex.zipf(w):.1f}",
             view.spelled(p.steps)) for w, p in items]
    # A full board forms hundreds of words: the shell pages it in a terminal (long).
    return Reply(public=view.as_lines(render.table(("word", "zipf", "path"), rows), f"{len(items)} words."), long=True)


def _review_words(session, words):
    """`all` and the turns, once the game is over (before, the review is refused)."""
    state = session.state
    if words or state.phase != "over":
        return []
    return ["all"] + [str(n) for n in range(1, state.placed + 1)]


@QUESTIONS.command("review", usage="review [TURN | all]", complete=_review_words)
def review_command(session, args):
    """After the game: the words each turn's player could have claimed and did not.

    Turn by turn, best first (common words, then rare ones; longest first), with how
    many there were and each player's tally. `review 13` lists every missed word of turn 13, `review all`
    of every turn. Refused before the end: it would coach the player on turn.
    """
    from referee.games.connexion import review  # the first prompt does not need it (DESIGN budgets)

    review.check_over(session.state)  # before reading the arguments: nothing is said mid-game
    text = args.strip().lower().lstrip("#")
    turns = session.state.placed
    best, only = review.BEST, None
    if text == "all":
        best = None
    elif text.isdigit() and 1 <= int(text) <= turns:
        best, only = None, int(text)
    elif text:
        which = f"a turn from 1 to {turns}" if turns else "nothing (no card was placed)"
        raise InputError(f"review takes {which} or `all`, not {args.strip()!r}")
    # broken by the review itself (a turn's words hang under it) at the screen's width
    return Reply(public=view.as_lines(review.text(review.of_session(session), session.width, best=best, only=only)),
                 long=True)


@QUESTIONS.command("check", "lookup", usage="check WORD", )
def check_command(session, args):
    """The lexicon's verdict on a word, without claiming it."""
    word = word_of(args)
    v = lexicon(session).verdict(word)
    return Reply(public=(f"{v.word.upper()}: {v.verdict} (zipf {v.zipf:.2f}; {v.reason})",))


@QUESTIONS.command("hand", usage="hand PLAYER", complete=_players)
def hand_command(session, args):
    """Show one player the Greek letters they hold (digital mode); hidden again after.

    `Ann: hand Ann` (or `hand Ann`) shows Ann's hand to Ann; a player who names
    themselves sees only their own hand (G-2), and `Ann: hand` is enough.
    """
    state = session.state
    placing.check_hand_view(state, None, None)
    if not args.strip() and not session.speaker:
        raise InputError("whose hand? e.g. `hand Ann`")
    player = session.player(args.strip()) if args.strip() else session.speaker
    placing.check_hand_view(state, session.speaker, player)
    letters = cards.letters()
    held = state.hands[state.players.index(player)]
    text = f"{player} holds: " + (", ".join(f"{letters[k].name} {letters[k].upper}{letters[k].lower}" for k in held) or "nothing")
    return Reply(private=text, owner=player)  # for the owner's eyes, wiped after (G-2)


@QUESTIONS.command("done", "next", "pass", usage="done")
def done_command(session, args):
    """End your claiming turn: the next player places the next card.

    Nothing is recorded: a claiming turn ends when the next card is placed (CX-7), so
    `done` says who places next. Unlike `finish` (or `end`), it never ends the game.
    """
    state = session.state
    turns.check_done(state, session.speaker)
    if state.next_position:
        then = f"{state.placer} places position {state.next_position} (`place LETTER`)"
    elif state.sun_holder:
        then = f"the bonus round: {state.sun_holder} holds the sun (`bonus`), or `finish no bonus`"
    else:
        then = "`finish` ends the game"
    return Reply(public=(f"{state.claimant}'s claiming turn is over; next: {then}.",))


@QUESTIONS.command("deck", "pile", usage="deck")
def deck_command(session, args):
    """The celestial cards: values, who holds each, how many are left to draw."""
    state = session.state
    kept = values.kept() if state.mode == "table" and getattr(session, "interactive", False) else {}
    rows = []
    for name, value, assumed in state.deck:
        holder = state.holder_of(name)
        where = holder or ("pile" if state.mode == "table" else "pile (face down)")
        shown = render.number(state.values.get(name, value))
        note = "entered" if name in state.values else ("assumed" if assumed else "")
        if state.mode == "table" and note == "assumed":
            # At the table the scribe types the printed value when the card comes up (CX-8);
            # the deck file's reading is never used, so showing it would only mislead. A
            # value this machine kept from an earlier game is the one taken (issue 20 item 3).
            shown, note = (render.number(kept[name]), "kept") if name in kept else ("?", "when drawn")
        rows.append((name, shown, note, where))
    if state.mode == "digital":
        rows = [r for r in rows if r[3] != "pile (face down)"]
        if not rows:  # an empty table's bare header tells a newcomer nothing
            return Reply(public=(f"No celestial card drawn yet; {len(state.pile)} left to draw, face down.",))
    table = render.table(("card", "value", "note", "where"), rows)
    # 29 rows at a table: on a phone the pager shows its head first (issue 20 item 7)
    return Reply(public=view.as_lines(table, f"{len(state.pile)} left to draw."), pictures=("deck",), long=True)


@QUESTIONS.command("values", usage="values [forget]", complete=lambda session, words: [] if words else ["forget"],
                   offered=lambda state: state.mode == "table")
def values_command(session, args):
    """The card values this machine kept from earlier table games; `values forget` clears them.

    A printed value typed for a card the rulebook gives no value for (CX-8) is kept, and a
    later interactive game takes it without asking when that card is drawn. Forget them for
    another box, or a slip kept by mistake.
    """
    word = args.strip().lower()
    if word in ("forget", "clear"):
        count = values.forget()
        return Reply(public=(f"Forgot {count} card value{'s' if count != 1 else ''}; each is asked again "
                             "when its card is drawn." if count else "No card value was kept on this machine.",))
    if word:
        raise InputError(f"`values` lists the kept card values, `values forget` clears them; not {args.strip()!r}")
    kept = values.kept()
    if not kept:
        return Reply(public=("No card value is kept on this machine yet: a value typed when its card is drawn "
                             "is kept for later games.",))
    order = [name for name, _value, _assumed in session.state.deck]
    rows = sorted(kept.items(), key=lambda item: (order.index(item[0]) if item[0] in order else len(order), item[0]))
    table = render.table(("card", "value"), [(name, render.number(value)) for name, value in rows])
    return Reply(public=view.as_lines(table, "Kept on this machine from earlier games; `values forget` clears them."))


def _in_order(commands, names):
    """``commands`` listed in ``names``' order (help lists them so), the rest after."""
    ordered = CommandSet()
    for name in list(names) + [n for n in commands.commands if n not in names]:
        ordered.add(commands.commands[name])
    return ordered


# Help lists the table's commands in the order a game meets them, moves and questions mixed.
_HELP_ORDER = ("place", "word", "done", "card", "pilfer", "contest", "vote", "words", "find", "review", "check", "bonus",
               "finish", "hand", "deck", "values", "adjust")

# Every reply is a core.reply.Reply (but `find --json`'s data): the shell fits it, and each
# refusal, once at the screen's width (a phone is 50 columns).
COMMANDS = _in_order(MOVES.commands().extend(QUESTIONS), _HELP_ORDER)
