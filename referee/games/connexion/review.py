"""ConneXion's missed-words review (issue 12 item 4): what each player could have claimed.

A view of the journal, like the log (DESIGN 4): the game's events are folded through the
rules to see the board each turn was played on, the finder lists every word the table's
lexicon accepts on that board, and what the player on turn claimed is set against it.
Nothing is stored; the same journal always gives the same review.

Which words count as *available* on a turn (the readings are stated in the README):

- words of the game's lexicon (its --wordlist and --deny included) the board as it stood
  forms with the game's ``min_cards`` (CX-4); a rare word the table voted in is counted
  only on the turn it was claimed, as no list knew it;
- not a word claimed on an earlier turn, unless the game allows ``repeats`` (CX-5);
- not a word the table voted down: struck before the turn, it could not be claimed
  (CX-11); voted down later, the table judged it no word, so it is no miss either.

A word the player claimed on the turn and that still stands is *found*; the rest are
*missed*, best first: the words a player could have known first (wordfreq's Zipf grade of
``KNOWN`` or more: in common use), then the rarer ones, each longest, then commonest
(the lexicon's compact table grades them, so wordfreq is never loaded). Longest alone
named a word nobody at the table knows (NONSENSUOUS, PENETROMETERS) as everyone's best
miss (issue 20 item 8).

Why a whole game takes a fraction of a second (``bench/review_bench.py``): the cards
never move once placed, so any word a turn's board forms, the final board forms too, by
the same path. The finder walks the final board once over the whole lexicon, then each
earlier board over an index of only those few hundred words, which costs it next to
nothing.

Before the end the review is refused: it would coach the player on turn. It reads the
scribe's record (G-3) once that record is complete.
"""

from dataclasses import dataclass

from referee.core import render
from referee.core.errors import RuleError
from referee.games.connexion import finder, services
from referee.games.connexion.state import initial
from referee.games.connexion.moves import MOVES

BEST = 10  # missed words shown per turn in the short review; `review N` shows them all
KNOWN = 3.0  # Zipf grade of a word a player could have known: once in a million words (MOMENTOUS 3.1)
UNBROKEN = 10 ** 6  # the width of a text its caller fits itself


@dataclass(frozen=True)
class Turn:
    """One player's turn to claim words, after the placement that opened it."""

    number: int  # the position placed (1-24), which is also the turn's number
    player: str
    found: tuple  # the words claimed on this turn that stand, in the order claimed
    missed: tuple  # the words that could have been claimed and were not, best first

    @property
    def available(self):
        return len(self.found) + len(self.missed)


@dataclass(frozen=True)
class Tally:
    """A player's turns taken together: distinct words, so a word missed on two turns
    counts once, and one missed then found later counts as found."""

    player: str
    found: frozenset
    available: frozenset
    best_missed: str = None


@dataclass(frozen=True)
class Review:
    """What a finished game's missed-word review found, turn by turn."""

    players: tuple
    turns: tuple
    grades: dict  # word -> Zipf grade, of every word the review names

    def best_first(self, word):
        return best_first(self.grades)(word)

    def tally(self, player):
        found, available = set(), set()
        for turn in self.turns:
            if turn.player == player:
                found.update(turn.found)
                available.update(turn.found, turn.missed)
        missed = available - found
        best = min(missed, key=self.best_first) if missed else None
        return Tally(player, frozenset(found), frozenset(available), best)

    def turn(self, number):
        for turn in self.turns:
            if turn.number == number:
                return turn
        return None


def best_first(grades):
    """The order of the lists, as a sort key: a word in common use before a rare one, then
    longest, then commonest, then alphabetical."""
    return lambda word: (grades.get(word, 0.0) < KNOWN, -len(word), -grades.get(word, 0.0), word)


def check_over(state):
    """The review is for a finished game: mid-game it would tell the player on turn the
    words still open to them, which the rulebook leaves them to discover in their turn
    (rulebook id ``Turns``; it cited G-3, whose words are about the log and undo)."""
    if state.phase != "over":
        raise RuleError("the missed-words review is for after the game: now it would coach the "
                        "player on turn", rule="Turns")


def opened_turns(header, events):
    """Fold ``events`` through the rules: ``(turns, final state)``, each turn as
    ``(number, player, board, index of its first claim)``, its board as it stood."""
    state = initial(header)
    turns = []
    for action in events:
        state = MOVES.apply(state, action)
        if action.get("do") == "place":
            turns.append((state.placed, state.claimant, state.positions, len(state.claims)))
    return turns, state


def review(header, events, index, grade):
    """The review of a finished game, from its journal header and standing events.

    ``index`` is the finder's :class:`~finder.WordIndex` over the game's accepted words;
    ``grade(word)`` its Zipf frequency (the lexicon's table).
    """
    opened, final = opened_turns(header, events)
    check_over(final)
    min_cards = final.options.get("min_cards", 2)
    repeats = bool(final.options.get("repeats", False))
    claims = final.claims
    voted_down = {c.word for c in claims if final.struck(c.word)}
    grades = {}
    turns = []
    if opened:
        everything = finder.find_all(opened[-1][2], index, min_cards)
        # Every earlier board is part of the final one: its words are among these.
        few = finder.WordIndex(frozenset(everything))
        before = {}  # word -> status of its latest claim on an earlier turn
        for at, (number, player, board, first) in enumerate(opened):
            last = at + 1 == len(opened)
            end = len(claims) if last else opened[at + 1][3]
            on_board = everything if last else finder.find_all(board, few, min_cards)
            if repeats:
                taken = {word for word, status in before.items() if status in ("struck", "refused")}
            else:
                taken = before.keys()
            found = tuple(dict.fromkeys(c.word for c in claims[first:end] if c.status == "accepted"))
            missed = [word for word in on_board if word not in taken and word not in voted_down
                      and word not in found]
            for word in missed + list(found):
                if word not in grades:
                    grades[word] = grade(word)
            missed.sort(key=best_first(grades))
            turns.append(Turn(number, player, found, tuple(missed)))
            for c in claims[first:end]:
                before[c.word] = c.status
    return Review(final.players, tuple(turns), grades)


def of_session(session):
    """The review of the game ``session`` holds, with the table's own word lists (the
    finder's index is the one `find` uses, built once per process)."""
    check_over(session.state)
    lexicon = services.lexicon(session)
    return review(session.header, session.events, services.word_index(session), lexicon.zipf)


# -- as text (50 columns on a phone: every line is broken between words) -------------


def _words(words):
    return [word.upper() for word in words]


def _turn_lines(turn, width, best=None):
    if not turn.available:
        return [f"Turn {turn.number}, {turn.player}: no word on the board"]
    head = f"Turn {turn.number}, {turn.player}: found {len(turn.found)} of {turn.available}"
    lines = [head + ("" if turn.missed else ", missed none")]
    if turn.found:
        lines.append(render.fit_words(["  found:"] + _words(turn.found), width, indent="    "))
    if not turn.missed:
        return lines
    shown = turn.missed if best is None else turn.missed[:best]
    parts = [f"  missed {len(turn.missed)}:"] + _words(shown)
    left = len(turn.missed) - len(shown)
    if left:
        parts[-1] += ","
        parts += ["and", str(left), "more", f"(`review {turn.number}`)"]
    lines.append(render.fit_words(parts, width, indent="    "))
    return lines


def tally_line(tally):
    """"Ann found 12 of 140 words available on their turns; best missed: PERSONAE"."""
    text = f"{tally.player} found {len(tally.found)} of {len(tally.available)} words available on their turns"
    if tally.best_missed:
        text += f"; best missed: {tally.best_missed.upper()}"
    return text


def tallies(result, width):
    return "\n".join(render.fit_words(tally_line(result.tally(p)).split(), width) for p in result.players)


def text(result, width, best=BEST, only=None):
    """The review turn by turn, then each player's tally, broken for ``width`` columns (the
    caller's screen). ``best`` missed words a turn (None: all of them); ``only``: one turn's
    number."""
    turns = result.turns if only is None else [t for t in result.turns if t.number == only]
    title = "Missed words, turn by turn" if only is None else f"Missed words of turn {only}"
    lines = [render.heading(render.fit_words(f"{title} (common words first, longest first)".split(), width))]
    if not turns:
        lines.append("No card was placed: there was no turn to review.")
    for turn in turns:
        lines.extend(_turn_lines(turn, width, best))
    if only is None and result.turns:
        lines.append(tallies(result, width))
    return "\n".join(lines)


def summary(result, width=None):
    """The end-of-game summary's few lines: each player's tally, and where the rest is,
    broken for ``width`` columns (None: not broken; the caller fits them)."""
    width = width or UNBROKEN
    if not result.turns:
        return ""
    head = render.fit_words("Missed words (`review` lists them turn by turn)".split(), width)
    return render.heading(head) + "\n" + tallies(result, width)


def as_json(result):
    """The review as data (``referee log ID --review --format json``)."""
    return {
        "turns": [{"turn": t.number, "player": t.player, "available": t.available, "found": list(t.found),
                   "missed": list(t.missed)} for t in result.turns],
        "players": [{"name": p, "found": len(result.tally(p).found), "available": len(result.tally(p).available),
                     "best_missed": result.tally(p).best_missed} for p in result.players],
    }
