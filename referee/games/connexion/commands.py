"""What players type in a ConneXion game, turned into actions for the rules.

Each handler reads its words, does the slow or impure part that the rules must not do
(asking the lexicon, finding a path on the board), builds one action, hands it to the
session and returns what the table should see. Everything a player can get wrong is
refused by the rules or by the parsing here with one line; nothing is printed here.
"""

import json
import re
import threading

from referee.core import render
from referee.core.commands import CommandSet
from referee.core.errors import InputError, RefereeError, RuleError
from referee.core.votes import read_ballots
from referee.games.connexion import board as geometry
from referee.games.connexion import cards, finder, paths, rules, view
from referee.games.connexion.moves import MOVES, claim_may_start

COMMANDS = CommandSet()
_LATE = {"late", "--late"}
_NUMBER = re.compile(r"[-+]?\d+(\.\d+)?")


def _split_late(args):
    """A trailing `late` is the table's leave for a claim after the timer (G-5)."""
    words = args.split()
    late = bool(words) and words[-1].lower() in _LATE
    return (words[:-1] if late else words), late


def _timed(session, action, typed_late):
    """The action stamped once (so its time is the one the rules judge) and marked `late`
    when it is late and the table took it: by typing `late`, or by option late=accept
    (G-5). A `late` typed in time is dropped, so the log never calls a claim late that was
    not; a late one without leave is left unmarked for the rules to refuse."""
    action = session.stamp(action)
    action.pop("late", None)
    state = session.state
    accept = state.options.get("late", "refuse") == "accept"
    if rules.late_by(state, action) and (typed_late or accept):
        action["late"] = True
    return action


def _pending_marker(session):
    """What identifies the moment a remembered refusal belongs to: it goes stale after any
    accepted action, undo or redo (the record grows with each)."""
    return len(session.journal.records)


# -- slow things, loaded once and in the background ------------------------------------

_index_lock = threading.Lock()
_indexes = {}


def lexicon(session):
    from referee.core.lexicon import for_session

    return for_session(session)  # the table's own word and deny lists, from the header


def word_index(session):
    """The finder's index over every accepted word, built once per set of word lists."""
    key = (tuple(session.lexicon_files), tuple(session.header.get("deny") or ()))
    with _index_lock:
        if key not in _indexes:
            lex = lexicon(session)
            _indexes[key] = finder.WordIndex(None, ordered=lex.accepted_sorted())
        return _indexes[key]


def warm(session):
    def build_index():
        try:
            word_index(session)
        except Exception:
            pass  # the first real use reports the problem in one line

    lexicon(session).load_in_background()
    threading.Thread(target=build_index, daemon=True, name="referee-word-index").start()


# -- completion helpers -----------------------------------------------------------------


def _letters(session, words):
    """The letters not on the board yet: public, so a completion menu on the shared screen
    never shows a digital hand (G-2); the rules refuse one the placer does not hold."""
    state = session.state
    if words or state.next_position is None:
        return []
    return [letter.name.lower() for key, letter in cards.letters().items() if key not in state.board]


def _players(session, words):
    return list(session.players)


def _vote_words(session, words):
    if len(words) % 2 == 0:
        return list(session.players) + ["all"]
    return ["yes", "no"]


def _pile_cards(session, words):
    """The cards that can be named as drawn: the table's pile in table mode, in the deck's
    order (in digital mode the pile is face down and the referee draws: nothing to offer,
    and its order is a secret)."""
    state = session.state
    if state.mode == "digital" or words:
        return []
    order = [n for n, _v, _a in state.deck]
    return [(name, _value_shown(state, name)) for name in sorted(state.pile, key=order.index)]


def _value_shown(state, name):
    """A card's value beside its name in completion: the rulebook's or the one the scribe
    entered; a value the rulebook does not give is asked for when the card comes up (CX-8)."""
    for card, value, assumed in state.deck:
        if card == name:
            if name in state.values:
                return render.number(state.values[name])
            return "value asked" if assumed else render.number(value)
    return None


def _sentence_words(session, words):
    """The scribe's words the bonus sentence may still use (each as often as it was logged)."""
    left = {}
    for claim in session.state.scribe_words():
        left[claim.word] = left.get(claim.word, 0) + 1
    for word in rules.sentence_words(" ".join(words)):
        if left.get(word):
            left[word] -= 1
    return sorted(word for word, count in left.items() if count > 0)


def _held_cards(session, words):
    if not words:
        return [p for p in session.players if p != session.state.claimant] + ["none"]
    if len(words) == 1 and words[0] in session.players:
        return list(session.state.held_by(words[0]))
    return []


# -- parsing helpers ----------------------------------------------------------------------


def _word(text):
    word = text.strip().lower()
    if not word:
        raise InputError("which word? e.g. `word metaphor`")
    if not re.fullmatch(r"[a-z]+", word):
        raise InputError(f"{text!r} is not a word of letters a to z")
    return word


def _card_name(session, text):
    deck = [cards.Celestial(n, v, a, "") for n, v, a in session.state.deck]
    return cards.celestial(text, deck).name


def _number(text, what):
    try:
        value = float(text)
    except ValueError:
        raise InputError(f"{what} is a number, not {text!r}")
    if value != value or value in (float("inf"), float("-inf")):
        raise InputError(f"{what} is a number, not {text!r}")
    return int(value) if value.is_integer() else value


# -- the game's commands ---------------------------------------------------------------------


@COMMANDS.command("place", "p", "put", usage="place LETTER", complete=_letters)
def place_command(session, args):
    """Put a Greek letter card in the next position of the diamond.

    The letter by name, glyph or the start of its name: `place sigma`, `place Σ`,
    `place sig`. Placement k is made by player (k-1) mod n (CX-7); in digital mode the
    card must be in that player's hand.
    """
    words = args.split()
    if not words:
        raise InputError("which letter? e.g. `place sigma` or `place Σ`")
    position = None
    if len(words) == 2 and words[1].lstrip("#").isdigit():
        position = geometry.parse_position(words[1])
    elif len(words) != 1:
        raise InputError("place takes one letter, e.g. `place sigma` (optionally its position: `place sigma 5`)")
    letter = cards.letter(words[0])
    state = session.state
    action = {"do": "place", "letter": letter.key, "position": position or state.next_position, "by": state.placer}
    if session.speaker and session.speaker != state.placer:
        action["by"] = session.speaker
    state = session.do(action)
    done = render.ok(f"{letter.name} {letter.upper}{letter.lower} at position {action['position']}: {state.claimant}'s turn")
    status = view.fit(view.status(state))
    return [done, view.placed(state, reply_rows=_rows([done, status])), status]


@COMMANDS.command("word", "w", "claim", usage="word WORD [PATH] [late]")
def word_command(session, args):
    """Claim a word for the player whose turn it is; the referee finds its path.

    `word metaphor` finds a path; `word metaphor 12-13-8-9-4` checks the one given.
    Add `late` to accept a claim after the turn timer ran out (G-5).
    """
    words, late = _split_late(args)
    if not words:
        raise InputError("which word? e.g. `word metaphor`")
    word = _word(words[0])
    state = session.state
    probe = _timed(session, {"do": "claim", "word": word, "by": session.speaker or state.claimant}, late)
    claim_may_start(state, probe)  # out of turn, late or scored already: said before the search
    min_cards = state.options.get("min_cards", 2)
    if len(words) > 1:  # the path typed: the readings of its cards are looked up, the rules judge it
        positions = [geometry.parse_position(p) for p in re.split(r"[-,\s]+", " ".join(words[1:])) if p]
        steps = paths.readings(state, word, positions)
    else:
        path = finder.find_path(state.positions, word, min_cards)
        steps = path.steps if path is not None else ()
    paths.check_path(state, word, steps, min_cards)  # before the lexicon is asked (the one path check)
    verdict = lexicon(session).verdict(word)
    action = dict(probe, path=[list(step) for step in steps], verdict=verdict.verdict, reason=verdict.reason,
                  zipf=round(verdict.zipf, 2))
    if state.mode == "digital" and verdict.verdict == "word" and state.pile and not state.struck(word):
        action["draws"] = state.pile[0]  # so the scribe's log says which card the word drew
    try:
        state = session.do(action)
    except RuleError as error:
        # An unknown word (CX-6) or a struck one (CX-11) may still be let in by `contest`.
        if verdict.verdict == "unknown" or error.rule == "CX-11":
            session.last_refused = (dict(action), _pending_marker(session))
        raise
    session.last_refused = None
    claim = state.claims[-1]
    outcome = [view.fit(f"{word.upper()} = {view.spelled(steps)}"), view.fit(_claim_outcome(state, claim))]
    return [view.claimed(state, steps, reply_rows=_rows(outcome))] + outcome


def _rows(lines):
    return sum(text.count("\n") + 1 for text in lines)


def _claim_outcome(state, claim, by_vote=False):
    if claim.status == "voting":
        return render.style(f"{claim.word.upper()} is {claim.verdict} ({claim.reason}); ", fg="yellow") + view.status(state)
    if claim.status == "refused":
        return render.refusal(f"{claim.word.upper()} refused by the table")
    why = "by a table vote" if by_vote or claim.verdict in ("rare", "unknown") else claim.reason
    text = f"{claim.player}: {claim.word.upper()} accepted ({why})"
    if claim.card:
        text += f", draws {claim.card} ({render.number(state.value_of(claim.card))})"
    if state.pending:
        return render.ok(text) + "\n" + view.status(state)
    if not claim.card and not state.pile:
        text += "; the pile is empty" + ("" if len(claim.word) >= rules.PILFER_LETTERS else " and the word is under 4 letters: no card (CX-9)")
    return render.ok(text)


@COMMANDS.command("card", "c", "drew", usage="card NAME [VALUE]", complete=_pile_cards)
def card_command(session, args):
    """Name the celestial card drawn for the last word (table mode).

    While the referee waits for it, the name alone is enough: `mars`. A card whose value
    the rulebook does not give needs its printed value the first time: `card virgo 44`,
    or, once the referee has asked for it, the value alone: `44`.
    """
    words = args.split()
    if not words:
        raise InputError("which card? e.g. `card mars`")
    value = None
    if len(words) > 0 and _NUMBER.fullmatch(words[-1]):
        value = _number(words[-1], "a card's value")
        words = words[:-1]
    elif any(ch.isdigit() for ch in words[-1]):  # 4,5 or 1e9: a value mistyped, not a card's name
        raise InputError(f"{words[-1]!r} is not a value a card prints; type it as 44 or 4.5")
    if words:
        name = _card_name(session, " ".join(words))
    else:  # the printed value alone answers "type the printed one" (CX-8)
        asked = getattr(session, "asked_value", None)
        if not asked or asked[1] != _pending_marker(session):
            raise InputError(f"which card is worth {args.strip()}? name it: `card NAME {args.strip()}`")
        name = asked[0]
    state = session.state
    pending = state.pending
    action = {"do": "card", "card": name}
    if pending and pending[0] == "card":
        action["by"] = state.claims[pending[1]].player
    if value is not None:
        rules.check_printed_value(session.state, name, value)
        action["value"] = value
    try:
        state = session.do(action)
    except RuleError:
        needs_value = value is None and name not in state.values and any(n == name and a for n, _v, a in state.deck)
        session.asked_value = (name, _pending_marker(session)) if needs_value else None
        raise
    session.asked_value = None
    claim = state.claims[[i for i, c in enumerate(state.claims) if c.card == name][-1]]
    return render.ok(f"{claim.player} takes {name} ({render.number(state.value_of(name))}) for {claim.word.upper()}; {len(state.pile)} left in the pile")


@COMMANDS.command("pilfer", "steal", usage="pilfer PLAYER CARD | pilfer none", complete=_held_cards)
def pilfer_command(session, args):
    """Take one celestial card from another player (CX-9: pile empty, a word of 4+ letters)."""
    words = args.split()
    if not words:
        raise InputError("pilfer from whom? e.g. `pilfer Ben mars`, or `pilfer none`")
    if words[0].lower() in ("none", "nothing", "skip", "no"):
        session.do({"do": "pilfer", "skip": True})
        return render.ok("nothing pilfered")
    if len(words) < 2:
        raise InputError("say the card too, e.g. `pilfer Ben mars`")
    victim = session.player(words[0])
    name = _card_name(session, " ".join(words[1:]))
    action = {"do": "pilfer", "from": victim, "card": name}
    pending = session.state.pending
    if pending and pending[0] == "pilfer" and not session.speaker:
        action["by"] = session.state.claims[pending[1]].player
    state = session.do(action)
    thief = state.holder_of(name)
    return render.ok(f"{thief} pilfers {name} ({render.number(state.value_of(name))}) from {victim}")


@COMMANDS.command("contest", "challenge", usage="contest [WORD]")
def contest_command(session, args):
    """Put the last judgement to a table vote (G-4).

    After a refused word (not a word, CX-6; or struck by an earlier vote, CX-11),
    `contest` asks the table to let it in; otherwise it asks whether the last accepted
    word stands. Every player then votes.
    """
    remembered = getattr(session, "last_refused", None)
    refused = remembered[0] if remembered and remembered[1] == _pending_marker(session) else None
    target = args.strip().lower() or None
    if refused and (target is None or target == refused["word"]):
        action = dict(refused, do="contest")
        for stamp in ("at", "late", "resumed", "draws"):
            action.pop(stamp, None)
        state = session.do(action)
        session.last_refused = None
    else:
        state = session.do({"do": "contest", "target": target} if target else {"do": "contest"})
    return view.status(state)


@COMMANDS.command("vote", "v", usage="vote PLAYER yes|no [PLAYER yes|no ...] | vote all yes|no", complete=_vote_words)
def vote_command(session, args):
    """Record votes on the open question; a strict majority decides (G-4).

    `vote Ann yes Ben no`, `vote all yes`. While a vote is open the word `vote` may be
    left out: `Ann yes`. A line that names its speaker may give their ballot alone:
    `Cy: no` (the way a player says it at the table).
    """
    if session.speaker and len(args.split()) == 1:
        args = f"{session.speaker} {args}"
    ballots = read_ballots(args, session)
    before = session.state.pending
    action = {"do": "vote", "ballots": [list(b) for b in ballots]}
    drawn = _drawn_if_carried(session.state, ballots)
    if drawn:
        action["draws"] = drawn  # so the scribe's log says which card the word drew
    state = session.do(action)
    question = before[1] if before and before[0] == "vote" else None
    if state.pending and state.pending[0] == "vote" and state.pending[1].question == (question.question if question else None):
        return state.pending[1].describe()
    lines = [before[1].settled_line(ballots)]
    subject = before[1].subject
    if subject[0] in ("rare", "override", "contest"):
        claim = state.claims[subject[1]]
        if claim.status == "accepted":
            lines.append(_claim_outcome(state, claim, by_vote=subject[0] != "contest"))
        elif claim.status == "struck":
            lines.append(render.refusal(f"{claim.word.upper()} is struck from the list; what it earned is given back"))
        else:
            lines.append(render.refusal(f"{claim.word.upper()} is not accepted"))
    elif state.phase != "over":
        lines.append(view.status(state))
    return lines


def _drawn_if_carried(state, ballots):
    """The card a digital draw gives a rare or overridden word if these ballots carry it."""
    if state.mode != "digital" or not state.pile or not state.pending or state.pending[0] != "vote":
        return None
    vote = state.pending[1]
    if vote.subject[0] not in ("rare", "override"):
        return None
    try:
        for voter, yes in ballots:
            vote = vote.cast(voter, yes)
    except RefereeError:
        return None  # the rules refuse these ballots and say why
    return state.pile[0] if vote.outcome() else None




@COMMANDS.command("words", "list", usage="words")
def words_command(session, args):
    """The scribe's list: every accepted word, by player."""
    return view.words_by_player(session.state)


@COMMANDS.command("find", "f", usage="find [--json] [PREFIX]")
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
    if as_json:
        return render.Data(json.dumps([{"word": w, "path": [list(s) for s in p.steps], "zipf": round(lex.zipf(w), 2)}
                                       for w, p in items]))
    if not items:
        return "No word can be formed on the board now." if not prefix else f"No word starting {prefix.upper()} can be formed now."
    claimed = {c.word for c in state.claims if c.status == "accepted"}
    struck = {c.word for c in state.claims if state.struck(c.word)}
    rows = [(w.upper() + (" (claimed)" if w in claimed else " (struck)" if w in struck else ""), f"{lex.zipf(w):.1f}",
             view.spelled(p.steps)) for w, p in items]
    # A full board forms hundreds of words: the shell pages it in a terminal (render.Long).
    return render.Long("\n".join([render.table(("word", "zipf", "path"), rows), f"{len(items)} words."]))


def _review_words(session, words):
    """`all` and the turns, once the game is over (before, the review is refused)."""
    state = session.state
    if words or state.phase != "over":
        return []
    return ["all"] + [str(n) for n in range(1, state.placed + 1)]


@COMMANDS.command("review", usage="review [TURN | all]", complete=_review_words)
def review_command(session, args):
    """After the game: the words each turn's player could have claimed and did not.

    Turn by turn, best first (longest, then commonest), with how many there were and
    each player's tally. `review 13` lists every missed word of turn 13, `review all`
    of every turn. Refused before the end: it would coach the player on turn.
    """
    from referee.games.connexion import review

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
    return render.Long(review.text(review.of_session(session), best=best, only=only))


@COMMANDS.command("check", "lookup", usage="check WORD", )
def check_command(session, args):
    """The lexicon's verdict on a word, without claiming it."""
    word = _word(args)
    v = lexicon(session).verdict(word)
    return f"{v.word.upper()}: {v.verdict} (zipf {v.zipf:.2f}; {v.reason})"


@COMMANDS.command("bonus", "sentence", usage="bonus [SENTENCE] [--future] [late]", complete=_sentence_words)
def bonus_command(session, args):
    """The sun holder's bonus sentence, from the scribe's list (CX-10).

    `bonus` alone lays the sun and starts the bonus round's timer; `bonus WE MET A
    METAPHOR` enters the sentence (at the bonus prompt the sentence alone is enough).
    The referee flags the future tense; the table then votes on grammar (and on the
    tense): +25 a word, +50 in the future tense.
    """
    words, late = _split_late(args)
    future = "--future" in words
    words = [w for w in words if w != "--future"]
    if not words:
        state = session.do({"do": "start_bonus"})
        return [view.diamond(state), view.status(state)]
    action = {"do": "bonus", "sentence": " ".join(words)}
    if future:
        action["future"] = True
    state = session.do(_timed(session, action, late))
    flagged = "future tense flagged: 50 a word if the table agrees" if state.bonus.future else "not in the future tense: 25 a word"
    return [f"“{state.bonus.sentence}”: {len(state.bonus.words)} words from the list; {flagged}", view.status(state)]


@COMMANDS.command("finish", "end", usage="finish [early | no bonus]", complete=lambda session, words: [] if words else ["early", "no bonus"])
def finish_command(session, args):
    """End the game and show the final scores.

    After position 24's turn (and the sun holder's bonus sentence, or `finish no bonus`)
    the game ends as the rules say. `finish early`, or `finish` before the diamond is
    full, stops the game now: the scores as they stand decide, and the log says the game
    was ended early (G-6).
    """
    text = " ".join(args.lower().split())
    action = {"do": "finish"}
    if text in ("early", "now"):
        action["early"] = True
    elif text in ("no bonus", "nobonus", "skip"):
        action["no_bonus"] = True
    elif text:
        raise InputError("finish takes `early` or `no bonus`, or nothing")
    slip = not text and session.state.placed < rules.LAST
    if session.state.placed < rules.LAST:
        action["early"] = True  # so the log says so (G-6); the rules end it early either way
    session.do(action)
    # A newcomer may type `end` or `finish` meaning their turn, not the game: the final
    # scores say so on their last line (game.summary), where a phone's screen still shows it.
    session.finish_note = view.fit("That ends the whole game, not a turn (G-6); `undo` takes it back") if slip else None
    return None  # the shell shows the final scores when a line ends the game


@COMMANDS.command("hand", usage="hand PLAYER", complete=_players)
def hand_command(session, args):
    """Show one player the Greek letters they hold (digital mode); hidden again after.

    `Ann: hand Ann` (or `hand Ann`) shows Ann's hand to Ann; a player who names
    themselves sees only their own hand (G-2), and `Ann: hand` is enough.
    """
    state = session.state
    rules.check_hand_view(state, None, None)
    if not args.strip() and not session.speaker:
        raise InputError("whose hand? e.g. `hand Ann`")
    player = session.player(args.strip()) if args.strip() else session.speaker
    rules.check_hand_view(state, session.speaker, player)
    letters = cards.letters()
    held = state.hands[state.players.index(player)]
    text = f"{player} holds: " + (", ".join(f"{letters[k].name} {letters[k].upper}{letters[k].lower}" for k in held) or "nothing")
    return render.Private(view.fit(text), player)  # for the owner's eyes, wiped after (G-2)


@COMMANDS.command("deck", "pile", usage="deck")
def deck_command(session, args):
    """The celestial cards: values, who holds each, how many are left to draw."""
    state = session.state
    rows = []
    for name, value, assumed in state.deck:
        holder = state.holder_of(name)
        where = holder or ("pile" if state.mode == "table" else "pile (face down)")
        shown = render.number(state.values.get(name, value))
        note = "entered" if name in state.values else ("assumed" if assumed else "")
        if state.mode == "table" and note == "assumed":
            # At the table the scribe types the printed value when the card comes up (CX-8);
            # the deck file's reading is never used, so showing it would only mislead.
            shown, note = "?", "when drawn"
        rows.append((name, shown, note, where))
    if state.mode == "digital":
        rows = [r for r in rows if r[3] != "pile (face down)"]
        if not rows:  # an empty table's bare header tells a newcomer nothing
            return f"No celestial card drawn yet; {len(state.pile)} left to draw, face down."
    return [render.table(("card", "value", "note", "where"), rows), f"{len(state.pile)} left to draw."]


@COMMANDS.command("adjust", "fix", usage="adjust give CARD to PLAYER | return CARD | value CARD N | points PLAYER N")
def adjust_command(session, args):
    """Correct the record with a logged event (a miscount found later); not an undo."""
    words = args.split()
    if not words:
        raise InputError("adjust what? `adjust give mars to Ben`, `adjust return mars`, `adjust value virgo 44`, `adjust points Ann -5`")
    what = words[0].lower()
    if what == "give" and "to" in [w.lower() for w in words[1:]]:
        at = [w.lower() for w in words].index("to")
        action = {"do": "adjust", "what": "give", "card": _card_name(session, " ".join(words[1:at])),
                  "to": session.player(" ".join(words[at + 1:]))}
    elif what == "return" and len(words) > 1:
        action = {"do": "adjust", "what": "return", "card": _card_name(session, " ".join(words[1:]))}
    elif what == "value" and len(words) > 2:
        action = {"do": "adjust", "what": "value", "card": _card_name(session, " ".join(words[1:-1])),
                  "value": _number(words[-1], "a card's value")}
    elif what == "points" and len(words) == 3:
        action = {"do": "adjust", "what": "points", "player": session.player(words[1]), "points": _number(words[2], "points")}
    else:
        raise InputError("adjust give CARD to PLAYER | adjust return CARD | adjust value CARD N | adjust points PLAYER N")
    if what == "value":
        rules.check_printed_value(session.state, action["card"], action["value"], correcting=True)
    if what == "give":
        rules.check_value_known(session.state, action["card"])
    session.do(action)
    return render.ok(MOVES.describe(action))


COMMANDS.fit_replies()  # every reply fits a 50-column phone; the diamond already does
