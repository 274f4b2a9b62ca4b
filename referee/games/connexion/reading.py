"""How the words a ConneXion table types become actions (core.play runs them).

Each ``read_x(ctx, text)`` turns the words after a move's command into the action's
fields, raising only InputError for words that name nothing; its docstring is the
command's help. A reading may look at the state (the next position, the card a claim
drew, the path a word takes on the board) but never judges: the rules do, once, after
it. Each ``gather_x(ctx, action)`` adds what the words do not say and the rules cannot
compute (the lexicon's verdict, the card a digital draw gives, whether a claim came
late), after the first checks passed. The ``complete_x`` helpers are the commands'
completion.
"""

import re

from referee.core import render
from referee.core.errors import InputError, RefereeError
from referee.core.votes import read_ballots
from referee.games.connexion import board as geometry
from referee.games.connexion import bonus, cards, celestial, claims, finder, paths, values, view
from referee.games.connexion.services import lexicon
from referee.games.connexion.state import LAST

_LATE = {"late", "--late"}
_NUMBER = re.compile(r"[-+]?\d+(\.\d+)?")


# -- who says it, and when -------------------------------------------------------------


def _split_late(args):
    """A trailing `late` is the table's leave for a claim after the timer (G-5)."""
    words = args.split()
    late = bool(words) and words[-1].lower() in _LATE
    return (words[:-1] if late else words), late


def _timed(state, action):
    """``action`` (stamped, so its time is the one the rules judge) marked `late` when it
    is late and the table took it: by typing `late`, or by option late=accept (G-5). A
    `late` typed in time is dropped, so the log never calls a claim late that was not."""
    typed = action.pop("late", False)
    accept = state.options.get("late", "refuse") == "accept"
    if claims.late_by(state, action) and (typed or accept):
        action["late"] = True
    return action


def remembered(ctx, name):
    """What this game remembered on the context between lines (``last_refused``: a refused
    word for `contest`; ``asked_value``: the card whose printed value was asked;
    ``finish_note``: the line a bare `finish` mid-game adds to the final scores). Terminal
    memory (core.context), so read from the context's own attributes, never through it from
    the session behind it; None where nothing was remembered (a replayed session)."""
    return vars(ctx).get(name)


def pending_marker(session):
    """What identifies the moment a remembered refusal belongs to: it goes stale after any
    accepted action, undo or redo (the record grows with each)."""
    return len(session.journal.records)


# -- completion helpers -----------------------------------------------------------------


def complete_letters(session, words):
    """The letters not on the board yet: public, so a completion menu on the shared screen
    never shows a digital hand (G-2); the rules refuse one the placer does not hold."""
    state = session.state
    if words or state.next_position is None:
        return []
    return [letter.name.lower() for key, letter in cards.letters().items() if key not in state.board]


def complete_votes(session, words):
    if len(words) % 2 == 0:
        return list(session.players) + ["all"]
    return ["yes", "no"]


def complete_pile(session, words):
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


def complete_sentence(session, words):
    """The scribe's words the bonus sentence may still use (each as often as it was logged)."""
    left = {}
    for claim in session.state.scribe_words():
        left[claim.word] = left.get(claim.word, 0) + 1
    for word in bonus.sentence_words(" ".join(words)):
        if left.get(word):
            left[word] -= 1
    return sorted(word for word, count in left.items() if count > 0)


def complete_held(session, words):
    """Whom to pilfer, then their cards, each with its value beside it (the cards won
    lie face up; issue 20 item 11), as pgcli shows a column's type."""
    if not words:
        return [p for p in session.players if p != session.state.claimant] + ["none"]
    named = [p for p in session.players if p.lower() == words[0].lower()]
    if len(words) == 1 and named:
        return [(card, _value_shown(session.state, card)) for card in session.state.held_by(named[0])]
    return []


def complete_finish(session, words):
    return [] if words else ["early", "no bonus"]


# -- parsing helpers ----------------------------------------------------------------------


def word_of(text):
    word = text.strip().lower()
    if not word:
        raise InputError("which word? e.g. `word metaphor`")
    if not re.fullmatch(r"[a-z]+", word):
        raise InputError(f"{text!r} is not a word of letters a to z")
    return word


def card_name(session, text):
    deck = [cards.Celestial(n, v, a, "") for n, v, a in session.state.deck]
    return cards.celestial(text, deck).name


def number(text, what):
    try:
        value = float(text)
    except ValueError:
        raise InputError(f"{what} is a number, not {text!r}")
    if value != value or value in (float("inf"), float("-inf")):
        raise InputError(f"{what} is a number, not {text!r}")
    return int(value) if value.is_integer() else value


# -- place (CX-7) ---------------------------------------------------------------------------


def read_place(ctx, args):
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
    state = ctx.state
    return {"letter": letter.key, "position": position or state.next_position, "by": ctx.speaker or state.placer}


# -- word (CX-2 to CX-6, G-5) -------------------------------------------------------------------


def read_word(ctx, args):
    """Claim a word for the player whose turn it is; the referee finds its path.

    `word metaphor` finds a path; `word metaphor 12-13-8-9-4` checks the one given.
    Add `late` to accept a claim after the turn timer ran out (G-5).
    """
    words, late = _split_late(args)
    if not words:
        raise InputError("which word? e.g. `word metaphor`")
    word = word_of(words[0])
    state = ctx.state
    action = {"word": word, "by": ctx.speaker or state.claimant}
    if late:
        action["late"] = True  # the table's leave, judged once the action has its time
    if len(words) > 1:  # the path typed: the readings of its cards are looked up, the rules judge it
        positions = [geometry.parse_position(p) for p in re.split(r"[-,\s]+", " ".join(words[1:])) if p]
        steps = paths.readings(state, word, positions)
    else:
        path = finder.find_path(state.positions, word, state.options.get("min_cards", 2))
        steps = path.steps if path is not None else ()
    action["path"] = [list(step) for step in steps]
    return action


def gather_word(ctx, action):
    """A claim that passed its first checks (the turn, the time, the path): whether it came
    late, the lexicon's verdict, and in digital mode the card it draws, so the scribe's
    log says which. A word the rules will refuse as unknown (CX-6) or struck (CX-11) is
    remembered, so `contest` can put it to the table."""
    state = ctx.state
    action = _timed(state, action)
    word = action["word"]
    verdict = lexicon(ctx).verdict(word)
    action.update(verdict=verdict.verdict, reason=verdict.reason, zipf=round(verdict.zipf, 2))
    if state.mode == "digital" and verdict.verdict == "word" and state.pile and not state.struck(word):
        action["draws"] = state.pile[0]
    if verdict.verdict == "unknown" or state.struck(word):
        ctx.last_refused = (dict(action), pending_marker(ctx))
    return action


# -- card (CX-8) ----------------------------------------------------------------------------------


def read_card(ctx, args):
    """Name the celestial card drawn for the last word (table mode).

    While the referee waits for it, the name alone is enough: `mars`. A card whose value
    the rulebook does not give needs its printed value the first time: `card virgo 44`,
    or, once the referee has asked for it, the value alone: `44`.
    """
    words = args.split()
    if not words:
        raise InputError("which card? e.g. `card mars`")
    value = None
    if _NUMBER.fullmatch(words[-1]):
        value = number(words[-1], "a card's value")
        words = words[:-1]
    elif any(ch.isdigit() for ch in words[-1]):  # 4,5 or 1e9: a value mistyped, not a card's name
        raise InputError(f"{words[-1]!r} is not a value a card prints; type it as 44 or 4.5")
    if words:
        name = card_name(ctx, " ".join(words))
    else:  # the printed value alone answers "type the printed one" (CX-8)
        asked = remembered(ctx, "asked_value")
        if not asked or asked[1] != pending_marker(ctx):
            raise InputError(f"which card is worth {args.strip()}? name it: `card NAME {args.strip()}`")
        name = asked[0]
    state = ctx.state
    action = {"card": name}
    pending = state.pending
    if pending and pending[0] == "card":
        action["by"] = state.claims[pending[1]].player
    if value is not None:
        action["value"] = value
    return action


def gather_card(ctx, action):
    """A value typed is one a real card prints (celestial.check_printed_value: asked of what
    the scribe types, never of a save replayed); a card whose value the rulebook does not
    give, named without one, is remembered, so the value alone answers the refusal."""
    state, name, value = ctx.state, action["card"], action.get("value")
    if value is not None:
        celestial.check_printed_value(state, name, value)
    needs_value = value is None and name not in state.values and any(n == name and a for n, _v, a in state.deck)
    recalled = values.recall(name) if needs_value and values.applies(ctx, state, name) else None
    if recalled is not None:  # read off this card in an earlier game on this machine (item 3)
        action["value"], needs_value = recalled, False
    ctx.value_recalled = name if recalled is not None else None
    ctx.asked_value = (name, pending_marker(ctx)) if needs_value else None
    return action


# -- pilfer (CX-9) ----------------------------------------------------------------------------------


def read_pilfer(ctx, args):
    """Take one celestial card from another player (CX-9: pile empty, a word of 4+ letters)."""
    words = args.split()
    if not words:
        raise InputError("pilfer from whom? e.g. `pilfer Ben mars`, or `pilfer none`")
    if words[0].lower() in ("none", "nothing", "skip", "no"):
        return {"skip": True}
    if len(words) < 2:
        raise InputError("say the card too, e.g. `pilfer Ben mars`")
    victim = ctx.player(words[0])
    action = {"from": victim, "card": card_name(ctx, " ".join(words[1:]))}
    state = ctx.state
    pending = state.pending
    if pending and pending[0] == "pilfer" and not ctx.speaker:
        action["by"] = state.claims[pending[1]].player
    return action


# -- contest and vote (G-4) ---------------------------------------------------------------------


def read_contest(ctx, args):
    """Put the last judgement to a table vote (G-4).

    After a refused word (not a word, CX-6; or struck by an earlier vote, CX-11),
    `contest` asks the table to let it in; otherwise it asks whether the last accepted
    word stands. Every player then votes.
    """
    kept = remembered(ctx, "last_refused")
    refused = kept[0] if kept and kept[1] == pending_marker(ctx) else None
    target = args.strip().lower() or None
    if refused and (target is None or target == refused["word"]):
        action = dict(refused, do="contest")
        for stamp in ("at", "late", "resumed", "draws"):
            action.pop(stamp, None)
        return action
    return {"target": target} if target else {}


def read_vote(ctx, args):
    """Record votes on the open question; a strict majority decides (G-4).

    `vote Ann yes Ben no`, `vote all yes`. While a vote is open the word `vote` may be
    left out: `Ann yes`. A line that names its speaker may give their ballot alone:
    `Cy: no` (the way a player says it at the table).
    """
    if ctx.speaker and len(args.split()) == 1:
        args = f"{ctx.speaker} {args}"
    return {"ballots": [list(b) for b in read_ballots(args, ctx)]}


def gather_vote(ctx, action):
    """In digital mode, the card a rare or overridden word draws if these ballots carry it,
    so the scribe's log says which."""
    drawn = _drawn_if_carried(ctx.state, action["ballots"])
    if drawn:
        action["draws"] = drawn
    return action


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


# -- the bonus round and the end (CX-10, G-6) -----------------------------------------------------


def read_bonus(ctx, args):
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
        return [{"do": "start_bonus"}]
    action = {"sentence": " ".join(words)}
    if future:
        action["future"] = True
    if late:
        action["late"] = True  # the table's leave, judged once the action has its time
    return action


def gather_bonus(ctx, action):
    """Whether the sentence came late with the table's leave (G-5)."""
    return _timed(ctx.state, action)


def read_finish(ctx, args):
    """End the game and show the final scores.

    After position 24's turn (and the sun holder's bonus sentence, or `finish no bonus`)
    the game ends as the rules say. `finish early`, or `finish` before the diamond is
    full, stops the game now: the scores as they stand decide, and the log says the game
    was ended early (G-6).
    """
    text = " ".join(args.lower().split())
    action = {}
    if text in ("early", "now"):
        action["early"] = True
    elif text in ("no bonus", "nobonus", "skip"):
        action["no_bonus"] = True
    elif text:
        raise InputError("finish takes `early` or `no bonus`, or nothing")
    placed = ctx.state.placed
    if placed < LAST:
        action["early"] = True  # so the log says so (G-6); the rules end it early either way
    # A newcomer may type `end` or `finish` meaning their turn, not the game: the final
    # scores say so on their last line (game.summary), where a phone's screen still shows it.
    slip = not text and placed < LAST
    ctx.finish_note = view.fit("That ends the whole game, not a turn (G-6); `undo` takes it back", ctx.width) if slip else None
    if slip:
        action["ask"] = True  # gather_finish asks first, once the phase has let `finish` through
    return action


def gather_finish(ctx, action):
    """A bare `finish` or `end` before position 24 ends the whole game, which a newcomer
    may not mean (they may mean their turn: `done`): at a terminal the table is asked
    first; a script cannot answer, so it finishes as typed, the note saying so (G-6).
    `finish early` never asks."""
    action = dict(action)
    if action.pop("ask", False) and ctx.interactive:
        state = ctx.state
        if not ctx.confirm(f"End the whole game now, at position {state.placed} of {LAST}? "
                           "(`done` ends only a claiming turn)"):
            ctx.finish_note = None
            raise InputError("not finished: the game goes on; `done` ends a claiming turn, "
                             "`finish early` ends the game without asking")
        ctx.finish_note = None  # the table said yes: no note that it was the whole game
    return action


# -- adjust (G-1) -----------------------------------------------------------------------------------


def read_adjust(ctx, args):
    """Correct the record with a logged event (a miscount found later); not an undo."""
    words = args.split()
    if not words:
        raise InputError("adjust what? `adjust give mars to Ben`, `adjust return mars`, `adjust value virgo 44`, `adjust points Ann -5`")
    what = words[0].lower()
    if what == "give" and "to" in [w.lower() for w in words[1:]]:
        at = [w.lower() for w in words].index("to")
        return {"what": "give", "card": card_name(ctx, " ".join(words[1:at])), "to": ctx.player(" ".join(words[at + 1:]))}
    if what == "return" and len(words) > 1:
        return {"what": "return", "card": card_name(ctx, " ".join(words[1:]))}
    if what == "value" and len(words) > 2:
        return {"what": "value", "card": card_name(ctx, " ".join(words[1:-1])),
                "value": number(words[-1], "a card's value")}
    if what == "points" and len(words) == 3:
        return {"what": "points", "player": ctx.player(words[1]), "points": number(words[2], "points")}
    raise InputError("adjust give CARD to PLAYER | adjust return CARD | adjust value CARD N | adjust points PLAYER N")


def gather_adjust(ctx, action):
    """What the scribe types is checked as typed, never of a save replayed (G-3): a value
    is one a real card prints, and a card the rulebook gives no value for is not given
    before its value is entered (celestial.check_printed_value, celestial.check_value_known)."""
    if action["what"] == "value":
        celestial.check_printed_value(ctx.state, action["card"], action["value"], correcting=True)
    if action["what"] == "give":
        celestial.check_value_known(ctx.state, action["card"])
    return action
