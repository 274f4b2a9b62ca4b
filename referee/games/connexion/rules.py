"""Cosmic ConneXion's rules: per move, its check and its effect, as pure functions.

``check_x(state, action)`` raises the one refusal type (:class:`RuleError`, citing an id
of ruletable.md or the core's G-n) or returns; ``x(state, action)`` is the move's effect
and runs only after every check passed. They are declared as moves in moves.py, whose
MoveSet runs the checks in boardgame.io's order: the game is not over, the phase (phases.py:
placing, a card to name, a pilfer, a vote, the bonus round) opens the move, the right
player, then the check here. Nothing here prints, asks, reads a clock or draws at random
(the digital shuffle is the header's seed's, dealt by state.initial).

Word validity is judged before an action is made (the lexicon is slow data, not a rule)
and travels in the action as its ``verdict``, so a journal replays exactly even if the
word lists change later. The path of a claim is checked here and only here (CX-1..CX-4),
so a typed path, a found one and a hand-edited journal get the same refusals.
"""

import re

from referee.core.errors import RuleError
from referee.core.moves import ActionError
from referee.core.pieces import evolve, update_seat
from referee.core.timer import check_late, overdue
from referee.core.votes import Vote
from referee.games.connexion import cards
from referee.games.connexion.paths import check_path
from referee.games.connexion.state import LAST, SUN, Bonus, Claim

PILFER_LETTERS = 4  # CX-9
BONUS_PER_WORD, FUTURE_PER_WORD = 25, 50  # CX-10


# -- what the game waits for (the phases' sentences, phases.py) -----------------------


def ended_by(state):
    """The ruling that ended the game, for the refusal of anything typed after it: G-6 when
    the table stopped it early, CX-10 when it ran to its end."""
    return "G-6" if state.early else "CX-10"



def waiting(state):
    """(sentence, rule) refusing a move the phase does not open: what the game waits for."""
    if state.phase == "over":
        return "the game is over; `adjust` can still correct the record", ended_by(state)
    if state.pending:
        kind = state.pending[0]
        if kind == "card":
            word = state.claims[state.pending[1]].word.upper()
            return f"first name the celestial card drawn for {word} (`card NAME`)", "CX-8"
        if kind == "pilfer":
            claim_ = state.claims[state.pending[1]]
            return (f"first say what {claim_.player} pilfers for {claim_.word.upper()} "
                    "(`pilfer PLAYER CARD` or `pilfer none`)"), "CX-9"
        return f"a vote is open ({state.pending[1].question}); finish it with `vote PLAYER yes|no`", "G-4"
    if state.phase == "bonus":
        return (f"the bonus round waits for {state.sun_holder}'s sentence (`bonus SENTENCE`); "
                "`finish no bonus` ends without it"), "CX-10"
    drawn = " (in digital mode the referee draws the cards)" if state.mode == "digital" else ""
    if not state.placed:
        now = f"{state.placer} places position 1"
    elif state.next_position:
        now = f"{state.claimant}'s turn to claim words, then {state.placer} places position {state.next_position}"
    else:
        now = f"{state.claimant}'s turn to claim words, then the bonus round or `finish`"
    return f"no card, pilfer or vote is awaited now{drawn}: {now}", "CX-7"


def is_open(state, name):
    """Whether some player could make the move ``name`` now, as far as the state alone
    says (for `moves`; the move's own check still decides each one). `start_bonus` is
    never listed apart: it is `bonus` typed alone, listed as `bonus`."""
    if name == "start_bonus":
        return False
    if name == "place":
        return state.placed < LAST
    if name == "claim":
        return state.placed > 0
    if name == "contest":
        return state.placed > 0 or bool(state.claims)
    if name == "bonus":
        if state.phase == "bonus":
            return state.bonus is None
        return state.placed >= LAST and state.sun_holder is not None
    return True


def _not_while_pending(state):
    if state.pending:
        sentence, rule = waiting(state)
        raise RuleError(sentence, rule=rule)


def _speaker(state, action, who, rule):
    said = action.get("by")
    if said and who and said != who:
        raise RuleError(f"it is {who}'s turn, not {said}'s", rule=rule)


# -- place (CX-7) ------------------------------------------------------------------


def _position(state, action):
    """Where the card goes: the position typed, else the next one (a default of the state,
    so not the move's declared one)."""
    return state.next_position if action.position is None else action.position


def check_place(state, action):
    if state.placed >= LAST:
        raise RuleError("all 24 Greek letters are placed", rule="CX-1")
    placer = state.placer
    _speaker(state, action, placer, "CX-7")
    key = action["letter"]
    letter_table = cards.letters()
    if key not in letter_table:
        raise RuleError(f"{key!r} is not a Greek letter card", rule="CX-3")
    position = _position(state, action)
    if position != state.next_position:
        raise RuleError(f"the next card goes in position {state.next_position}, not {position}", rule="CX-7")
    name = letter_table[key].name
    if key in state.board:
        raise RuleError(f"{name} is already on the board at position {state.board.index(key) + 1}", rule="CX-7")
    if state.mode == "digital" and key not in state.hands[state.players.index(placer)]:
        # What a hand does not hold is the hand's secret: the table hears only that the
        # letter typed was not placed; the placer is told why (G-2).
        raise RuleError(f"{placer} cannot place {name} now", rule="G-2",
                        private=f"{placer} does not hold {name}; `hand {placer}` shows the letters {placer} holds",
                        owner=placer)


def place(state, action):
    key, position = action["letter"], _position(state, action)
    hands = state.hands
    if state.mode == "digital":
        seat = state.players.index(state.placer)
        hands = update_seat(hands, seat, lambda hand: tuple(k for k in hand if k != key))
    board = state.board[: position - 1] + (key,) + state.board[position:]
    return evolve(state, board=board, hands=hands, turn_started=action.at)


# -- claim (CX-2 to CX-6, CX-11; G-5) ------------------------------------------------------


def _clock(state):
    """(started, limit, what) of the timer running now: the turn's, or the bonus sentence's."""
    limit = state.options.get("timer", 60)
    if state.phase == "bonus":
        return state.bonus_started, limit, "the bonus sentence"
    return state.turn_started, limit, f"{state.claimant}'s turn"


def is_late(state, action):
    """G-5: True when ``action`` comes after its time ran out and the table took it (`late`,
    or option late=accept); refused (one RuleError) when it came late without leave."""
    started, limit, what = _clock(state)
    return check_late(started, limit, action, state.options, what)


def late_by(state, action):
    """Seconds ``action`` (a claim or the bonus sentence) comes after its time ran out; 0 in
    time. A sentence that itself starts the bonus round starts its timer, so it is never late."""
    if action.get("do") == "bonus" and state.phase == "placing":
        return 0
    started, limit, _what = _clock(state)
    return overdue(started, limit, action)


def ran_out(state, action):
    """Whether ``action`` came after its time ran out: what a claim or sentence that
    passed its checks records as late (they refused it already had the table not taken it)."""
    started, limit, _what = _clock(state)
    return overdue(started, limit, action) > 0


def verify_claim(state, action):
    """What a claim is checked for before its path: a card is on the board, the claimant's
    turn (CX-5), in time (G-5), not a word that scored (CX-5)."""
    if state.placed == 0:
        raise RuleError("no card is on the board yet; place position 1 first", rule="CX-7")
    _speaker(state, action, state.claimant, "CX-5")
    word = str(action.get("word", "")).lower()
    is_late(state, action)
    if not state.options.get("repeats", False):
        for earlier in state.claims:
            if earlier.word == word and earlier.status in ("accepted", "voting"):
                raise RuleError(f"{word.upper()} was already claimed by {earlier.player}; each word scores once",
                                rule="CX-5")


def _path(action):
    return tuple((int(p), str(r)) for p, r in action.get("path") or ())


def check_claim_first(state, action):
    """A claim's checks before the lexicon is asked (the move's ``check_first``): the
    turn, the time, a word not scored yet (verify_claim), then its path (CX-1 to CX-4)."""
    verify_claim(state, action)
    check_path(state, action["word"].lower(), _path(action), state.options.get("min_cards", 2))


def check_claim(state, action):
    """A claim's checks once the lexicon judged it (its ``verdict``), after
    :func:`check_claim_first`: not struck by the table (CX-11), a word (CX-6), and in a
    digital journal the card the pile's top (CX-8)."""
    word = action.word.lower()
    if state.struck(word):
        raise RuleError(f"{word.upper()} was struck by the table's vote; `contest` puts it to a new vote",
                        rule="CX-11")
    if action.verdict == "unknown":
        raise RuleError(f"{word.upper()} is not a word ({action.reason}); `contest` puts it to a vote",
                        rule="CX-6")
    if action.verdict == "word":
        _check_draw(state, action)


def _check_draw(state, action):
    """A digital journal says which card a word drew: it must be the pile's top (CX-8)."""
    said = action.draws
    if state.mode == "digital" and state.pile and said is not None and said != state.pile[0]:
        raise RuleError(f"the top of the pile is not {said}; this record does not belong to this game", rule="CX-8")


def claim(state, action):
    return _claim(state, action, late=ran_out(state, action), override=False)


def _claim(state, action, late, override):
    """The claim of ``action`` (a claim, or a contest letting a refused word in), its verdict
    defaulting as its move declares: "word" for a claim, "unknown" for a contest."""
    word, verdict = action.word.lower(), action.verdict
    entry = Claim(word=word, player=state.claimant, path=_path(action), verdict=verdict,
                  reason=action.reason or "", late=late)
    index = len(state.claims)
    if verdict in ("rare", "unknown") or override:
        struck = state.struck(word)
        kind = "rare" if verdict == "rare" and not override else "override"
        question = f"Is {word.upper()} a word?" if not struck else f"Does {word.upper()} come back?"
        tie = state.options.get("tie", "keep") == "keep" and kind == "rare"
        vote_ = Vote(question, state.players, tie_keeps=tie, subject=(kind, index))
        return evolve(state, claims=state.claims.add(evolve(entry, status="voting")), pending=("vote", vote_))
    state, entry, pending = _earns(state, entry, index)
    return evolve(state, claims=state.claims.add(entry), pending=pending)


def _earns(state, claim_, index):
    """What an accepted word earns (CX-8, CX-9): the top card (digital), a card to name
    (table), a pilfer once the pile is empty, or nothing. (state, claim, pending)."""
    if state.pile:
        if state.mode == "digital":
            drawn = state.pile[0]
            state = _give(evolve(state, pile=state.pile[1:]), claim_.player, drawn)
            return state, evolve(claim_, card=drawn), None
        return state, claim_, ("card", index)
    if len(claim_.word) >= PILFER_LETTERS and any(h for p, h in zip(state.players, state.held) if p != claim_.player):
        return state, claim_, ("pilfer", index)
    return state, claim_, None


def _give(state, player, name):
    return evolve(state, held=update_seat(state.held, state.players.index(player), lambda held: held + (name,)))


def _take(state, player, name):
    def without(held):
        held = list(held)
        held.remove(name)
        return tuple(held)

    return evolve(state, held=update_seat(state.held, state.players.index(player), without))


def _set_claim(state, index, **changes):
    """A past claim changed (a vote's outcome, a card named): Chain.set copies, and it is rare."""
    return evolve(state, claims=state.claims.set(index, evolve(state.claims[index], **changes)))


# -- card, pilfer (CX-8, CX-9) -------------------------------------------------------------


def check_printed_value(state, name, value, correcting=False):
    """A value the scribe types is read off a real card, and the rulebook says what a card
    can print: 1 to 90 points, the sun 0. Anything else is a slip (``-3``, ``440``) that
    would silently change the winner, so the commands ask this before the action is made.
    A value the rulebook documents (Mars 4, Jupiter 5) is fact, not the table's to type
    over; and a value entered once stands for the rest of the game (CX-8), so a second,
    different one is a slip unless it is the correction (``adjust value``, ``correcting``).
    It is not part of the move's check: a game saved before this check, with such a value
    in its log, must still replay (G-3)."""
    if not (name == "Sun" and value == 0 or name != "Sun" and 1 <= value <= 90):
        printed = "0" if name == "Sun" else "between 1 and 90"
        raise RuleError(f"{name} cannot be worth {value:g}: the rulebook's cards print {printed}"
                        f"{'' if name == 'Sun' else ' (the sun 0)'}", rule="CX-8")
    documented = next((v for n, v, assumed in state.deck if n == name and not assumed), None)
    if documented is not None and value != documented:
        raise RuleError(f"{name} is worth {documented:g} by the rulebook, not {value:g}; a table whose cards "
                        "print other values plays with its own deck (--deck-file)", rule="CX-8")
    entered = state.values.get(name)
    if not correcting and entered is not None and value != entered:
        raise RuleError(f"{name} was entered as worth {entered:g} earlier in this game and keeps that value; "
                        f"`adjust value {name} {value:g}` corrects it", rule="CX-8")


def check_value_known(state, name):
    """At the table a card the rulebook gives no value for is scored only at the value the
    scribe read off it (CX-8); `adjust give` of such a card, before its value is entered,
    would score the deck file's assumption as if it were printed. Asked by the commands
    before the action is made; like :func:`check_printed_value`, not part of the move's
    check, so a game saved before this check still replays (G-3)."""
    if state.mode == "table" and state.assumed(name) and name not in state.values:
        raise RuleError(f"the rulebook does not give {name}'s value; enter the printed one first "
                        f"(`adjust value {name} VALUE`)", rule="CX-8")


def check_card(state, action):
    name = action["card"]
    if name not in state.pile:
        holder = state.holder_of(name)
        where = f"{holder} holds it" if holder else "it is not in this game's deck"
        raise RuleError(f"{name} cannot be drawn: {where}", rule="CX-8")
    if action.value is None and state.assumed(name) and name not in state.values:
        raise RuleError(f"the rulebook does not give {name}'s value; type the printed one (the number alone, "
                        f"or `card {name} VALUE`)", rule="CX-8")


def card(state, action):
    name, value = action.card, action.value
    index = state.pending[1]
    values = state.values if value is None else dict(state.values, **{name: value})
    state = evolve(state, pile=tuple(c for c in state.pile if c != name), values=values, pending=None)
    state = _give(state, state.claims[index].player, name)
    return _set_claim(state, index, card=name)


def check_pilfer(state, action):
    thief = state.claims[state.pending[1]].player
    _speaker(state, action, thief, "CX-9")
    if action.skip:
        return
    victim, name = action.get("from"), action.card  # `from` is Python's word: read as a key
    if victim == thief:
        raise RuleError("a pilfer takes a card from another player", rule="CX-9")
    if victim not in state.players:
        raise RuleError(f"{victim} is not playing", rule="CX-9")
    if name not in state.held_by(victim):
        raise RuleError(f"{victim} does not hold {name}", rule="CX-9")


def pilfer(state, action):
    index = state.pending[1]
    if action.skip:
        return evolve(state, pending=None)
    victim, name = action["from"], action["card"]
    state = _give(_take(state, victim, name), state.claims[index].player, name)
    return _set_claim(evolve(state, pending=None), index, card=name, pilfered_from=victim)


# -- contest and vote (G-4, CX-11) ----------------------------------------------------------


def _refused_word(action):
    """A contest that puts a refused claim (its word and path) to the table's vote."""
    return bool(action.word) and action.path is not None


def _override(action):
    """The claim a contest of a refused word makes: the table's judgement, not the
    claimant's turn, so neither its speaker nor its time is checked."""
    return dict(action, by=None, at=None)


def check_contest(state, action):
    """Put the last word to the table: an accepted one may be struck, a refused one let in."""
    if _refused_word(action):
        word = str(action.word).lower()
        if action.verdict != "unknown" and not state.struck(word):
            raise RuleError(f"{word.upper()} was not refused; `word {word}` claims it", rule="G-4")
        _not_while_pending(state)
        check_claim_first(state, _override(action))  # the table's judgement: the verdict is not checked
        return
    if not state.claims:
        raise RuleError("there is no word to contest", rule="G-4")
    last = state.claims[-1]
    if last.status != "accepted":
        raise RuleError(f"the last word, {last.word.upper()}, is not standing", rule="G-4")
    wanted = action.target
    if wanted and wanted != last.word:
        raise RuleError(f"only the last word claimed ({last.word.upper()}) can be contested", rule="G-4")


def contest(state, action):
    if _refused_word(action):
        return _claim(state, action, late=False, override=True)  # the table's judgement: never late
    tie = state.options.get("tie", "keep") == "keep"
    last = state.claims[-1]
    # What the word was still owed (a card to name, a pilfer) waits for the outcome.
    vote_ = Vote(f"Does {last.word.upper()} stand?", state.players, tie_keeps=tie,
                 subject=("contest", len(state.claims) - 1, state.pending))
    return evolve(state, pending=("vote", vote_))


def _cast(state, action):
    ballot = state.pending[1]
    for voter, yes in action["ballots"]:
        ballot = ballot.cast(voter, yes)
    return ballot


def check_vote(state, action):
    ballot = _cast(state, action)  # a voter not at the table is refused here (G-4)
    kind = ballot.subject[0]
    if kind not in ("rare", "override", "contest", "grammar", "tense"):
        raise RuleError("this vote cannot be counted", rule="G-4")
    if kind in ("rare", "override") and ballot.outcome():
        _check_draw(state, action)


def vote(state, action):
    ballot = _cast(state, action)
    outcome = ballot.outcome()
    if outcome is None:
        return evolve(state, pending=("vote", ballot))
    state = evolve(state, pending=None)
    kind, index = ballot.subject[:2]
    if kind in ("rare", "override"):
        if not outcome:
            return _set_claim(state, index, status="refused")
        state, entry, pending = _earns(state, evolve(state.claims[index], status="accepted"), index)
        return evolve(state, claims=state.claims.set(index, entry), pending=pending)
    if kind == "contest":
        return evolve(state, pending=ballot.subject[2]) if outcome else _strike(state, index)
    if kind == "grammar":
        if not outcome:
            return _end(evolve(state, bonus=evolve(state.bonus, status="refused")), action.at)
        if state.bonus.future:
            question = "Is the sentence in the future tense?"
            return evolve(state, pending=("vote", Vote(question, state.players, tie_keeps=True, subject=("tense", 0))))
        return _bonus_scored(state, future=False, at=action.at)
    return _bonus_scored(state, future=outcome, at=action.at)  # tense


def _strike(state, index):
    """An overturned word gives back what it earned (G-4)."""
    struck = state.claims[index]
    if struck.card:
        state = _take(state, struck.player, struck.card)
        if struck.pilfered_from:
            state = _give(state, struck.pilfered_from, struck.card)
        elif state.mode == "digital":
            state = evolve(state, pile=(struck.card,) + state.pile)
        else:
            state = evolve(state, pile=state.pile + (struck.card,))
    state = evolve(state, pending=None)
    return _set_claim(state, index, status="struck", card=None, pilfered_from=None)


# -- the bonus round and the end (CX-10, G-6) -------------------------------------------------


FUTURE = re.compile(r"\b(will|shall)\s+[a-z]+|[a-z]+'ll\b|\bgoing\s+to\s+[a-z]+")


def future_tense(sentence):
    """Flag the future (CX-10): will/shall + verb, 'll, going to + verb. The table confirms."""
    return bool(FUTURE.search(sentence.lower()))


def sentence_words(sentence):
    return re.findall(r"[a-z]+(?:'[a-z]+)?", sentence.lower())


def check_start_bonus(state, action):
    if state.placed < LAST:
        left = LAST - state.placed
        raise RuleError(f"the bonus round comes after position 24's turn; {left} "
                        f"{'card is' if left == 1 else 'cards are'} still to place", rule="CX-10")
    if state.sun_holder is None:
        raise RuleError("nobody holds the sun, so there is no bonus round; `finish` ends the game", rule="CX-10")


def start_bonus(state, action):
    board = state.board[:LAST] + (SUN,)
    return evolve(state, phase="bonus", bonus_started=action.at, board=board)


def _bonus_round(state, action):
    """The state the sentence is judged in: a sentence typed before the sun is laid lays it."""
    if state.phase == "placing":
        check_start_bonus(state, action)
        return start_bonus(state, action)
    return state


def check_bonus(state, action):
    state = _bonus_round(state, action)
    if state.bonus is not None:
        raise RuleError("the bonus sentence has been given already", rule="CX-10")
    holder = state.sun_holder
    if action.by and action.by != holder:
        raise RuleError(f"the bonus sentence is {holder}'s to make: {holder} holds the sun", rule="CX-10")
    is_late(state, action)
    words = sentence_words(action.sentence.strip())
    if not words:
        raise RuleError("the bonus sentence has no words", rule="CX-10")
    logged = [c.word for c in state.scribe_words()]
    available = {}
    for word in logged:
        available[word] = available.get(word, 0) + 1
    for word in words:
        if available.get(word, 0) == 0:
            why = "is not on the scribe's list" if word not in logged else "is used more often than it was logged"
            raise RuleError(f"{word.upper()} {why}", rule="CX-10")
        available[word] -= 1


def bonus(state, action):
    state = _bonus_round(state, action)
    sentence = action.sentence.strip()
    future = future_tense(sentence) or bool(action.future)
    entry = Bonus(player=state.sun_holder, sentence=sentence, words=tuple(sentence_words(sentence)), future=future,
                  late=ran_out(state, action))
    vote_ = Vote("Is the sentence grammatical?", state.players, tie_keeps=state.options.get("tie", "keep") == "keep",
                 subject=("grammar", 0))
    return evolve(state, bonus=entry, pending=("vote", vote_))


def _bonus_scored(state, future, at):
    per = FUTURE_PER_WORD if future else BONUS_PER_WORD
    scored = evolve(state.bonus, status="grammatical", future=future, points=per * len(state.bonus.words))
    return _end(evolve(state, bonus=scored), at)


def _end(state, at):
    return evolve(state, phase="over", pending=None, ended_at=at)


def _early(state, action):
    return bool(action.early) or state.placed < LAST


def check_finish(state, action):
    """End the game: after the bonus round, or early at any time between turns (G-6).

    Before position 24 is placed the game can only end early, so `finish` alone does
    that; once the diamond is full the sun holder's bonus sentence is waited for, in the
    placing phase as in the bonus round (CX-10), unless the table says `finish no bonus`
    (or stops the game with `finish early`).
    """
    if not _early(state, action) and state.sun_holder and not action.no_bonus:
        if state.phase == "bonus":
            raise RuleError(f"the bonus round waits for {state.sun_holder}'s sentence (`bonus SENTENCE`); "
                            "`finish no bonus` ends without it", rule="CX-10")
        raise RuleError(f"{state.sun_holder} holds the sun and may make a bonus sentence first "
                        "(`bonus SENTENCE`, or `finish no bonus`)", rule="CX-10")


def finish(state, action):
    return evolve(_end(state, action.at), early=_early(state, action))


# -- adjust: a correction found later, logged as its own event (G-1, G-3) -----------------


_ADJUST_FIELDS = {"give": ("card", "to"), "return": ("card",), "value": ("card", "value"),
                  "points": ("player", "points")}


def check_adjust(state, action):
    what = action["what"]
    if what not in _ADJUST_FIELDS:
        raise RuleError("adjust what? give, return, value or points", rule="G-1")
    missing = [name for name in _ADJUST_FIELDS[what] if action.get(name) is None]
    if missing:
        raise ActionError(f"an adjust {what} action without its {missing[0]!r}")
    name = action.card
    if what == "give":
        to = action["to"]
        if to not in state.players:
            raise RuleError(f"{to} is not playing", rule="G-1")
        holder = state.holder_of(name)
        if holder == to:
            raise RuleError(f"{to} holds {name} already", rule="G-1")
        if not holder and name not in state.pile:
            raise RuleError(f"{name} is not in this game's deck", rule="G-1")
    elif what == "return" and state.holder_of(name) is None:
        raise RuleError(f"nobody holds {name}", rule="G-1")
    elif what == "points" and action["player"] not in state.players:
        raise RuleError(f"{action['player']} is not playing", rule="G-1")


def adjust(state, action):
    what, name = action.what, action.card
    if what == "give":
        holder = state.holder_of(name)
        if holder:
            state = _take(state, holder, name)
        else:
            state = evolve(state, pile=tuple(c for c in state.pile if c != name))
        return _give(state, action["to"], name)
    if what == "return":
        return evolve(_take(state, state.holder_of(name), name), pile=state.pile + (name,))
    if what == "value":
        return evolve(state, values=dict(state.values, **{name: action["value"]}))
    return evolve(state, extra=state.extra.add((action["player"], action["points"])))


# -- what a player may see and do now (not moves) ----------------------------------------


def check_hand_view(state, asker, owner):
    """G-2: a hand is shown to its owner only. A line that names its speaker (`Ben: hand
    Ann`) may ask for the speaker's own hand and no other; the refusal names no card."""
    if state.mode != "digital":
        raise RuleError("in table mode the referee does not know the hands; the cards are in front of you", rule="G-2")
    if asker and asker != owner:
        raise RuleError(f"{asker} may see only their own hand, not {owner}'s", rule="G-2")


def legal_letters(state):
    """The letters the next placer may put down."""
    if state.phase != "placing" or state.placed >= LAST:
        return []
    if state.mode == "digital":
        return list(state.hands[state.players.index(state.placer)])
    return [k for k in cards.letters() if k not in state.board]
