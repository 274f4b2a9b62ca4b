"""The questions a Cosmic Colors table asks (the hands, a hint, the review, the score, how
cards are typed), which change nothing, and the commands of every move (moves.py
declares them: words, reading, reply; core.play runs them).

`hand` is both: with no card after it, it shows the hands (public, Setup 3); with cards,
it enters one at a table, the move's whole path (core.play).
"""

import re

from referee.core import render
from referee.core.commands import CommandSet
from referee.core.errors import InputError
from referee.core.pieces import evolve
from referee.core.play import command_of, play
from referee.games.colors import grid, hint, jr, questions, reading, view
from referee.games.colors.cards import WILD
from referee.games.colors.moves import ALSO_TYPED, MOVES

QUESTIONS = CommandSet()


def _is_jr(state):
    return state.variant == "jr"


def _say(state, cards, cells):
    return " ".join(f"{state.names.code(c)}@{grid.name(cell)}" for c, cell in zip(cards, cells))


_VARIANT_LINE = re.compile(r"^(Jr|Team game): ")


def variant_details(details, jr_game):
    """A command's help for this table only: the docstring's ``Jr:`` and ``Team game:``
    paragraphs are the two variants' readings, and a Jr table told of team totals it does
    not keep (or a team table of Jr's rounds) is misled. Each paragraph is rejoined to one
    line so the help wraps to the terminal between words, not at the source's breaks."""
    keep = "Jr" if jr_game else "Team game"
    paragraphs, current, show = [], [], True
    for line in details.splitlines() + [""]:
        mark = _VARIANT_LINE.match(line)
        if mark or not line.strip():
            if current and show:
                paragraphs.append(" ".join(current))
            current, show = [], True
            if mark:
                show = mark.group(1) == keep
                line = line[mark.end():]
                line = line[:1].upper() + line[1:]
            if not line.strip():
                continue
        current.append(line.strip())
    return "\n\n".join(paragraphs)


def tailor(session):
    """Give the session's own command set (help reads it) the help of its variant, for
    the commands whose docstring reads differently in Jr and the team game, each
    paragraph on one line so a phone's 50 columns wrap it evenly. The game's shared set
    is left alone: only the session's copy gets the new entries."""
    commands = getattr(session, "commands", None)
    if commands is None or commands is COMMANDS:
        return
    jr_game = _is_jr(session.state)
    pairs = not jr_game and len(session.state.players) != 4  # no swap (3b): not in a usage either
    for name, cmd in COMMANDS.commands.items():  # every one: its paragraphs rejoined too
        if commands.commands.get(name) is not cmd:
            continue
        changes = {"details": variant_details(cmd.details, jr_game)} if cmd.details else {}
        if pairs and "|swap" in cmd.usage:
            changes["usage"] = cmd.usage.replace("|swap", "")
        if changes:
            commands.add(evolve(cmd, **changes))


def _hand_words(session, words):
    return list(session.players) if not words else []


@QUESTIONS.command("hand", "hands", usage="hand [PLAYER] [CARD ...]", complete=_hand_words)
def hand_command(session, args):
    """Enter a player's hand (table setup), or show the hands (they are public, Setup 3).

    `hand Ann Rs Ym Bp Gc Og Rm Yc`; while the referee waits for hands, the cards alone
    go to the next player without one. `hand` alone shows every hand.
    """
    player, words = reading.hand_words(session, args)
    if not words:
        return view.shown_hand(session.state, player, session.width)
    return play(session, MOVES["hand"], args)  # a hand entered: the move's own path (G-2, Setup 3)


# -- help at the table -----------------------------------------------------------------------


@QUESTIONS.command("hint", "best", usage="hint")
def hint_command(session, args):
    """The best-scoring legal play for the player to move, with its score (CC-8).

    Off at tables that play with `--no-hints`.
    """
    state = session.state
    if not state.options.get("hints", True):
        questions.check_hint(state)  # CC-8: off here, whatever follows the word
    if args.strip():
        raise InputError("hint takes nothing after it: it is for the player to move (CC-8)")
    questions.check_hint(state)
    if _is_jr(state):
        size, cell, side, value = jr.best_take(state.tops)
        cells = jr.group(state.tops, cell, side, value)
        return [view.jr_picture(state, taken=cells),
                view.fit(f"Best for {state.player}: `take {jr._name(cell)} {state.names.value_name(side, value)}`: "
                         f"{size} card" + ("s" if size != 1 else ""), session.width)]
    side = state.side_of(state.turn)
    best = hint.best_play(state.tops, state.hands[state.turn], side)
    if not best.cells:
        return f"{state.player} has no card to play: `pass`"
    tops = list(state.tops)
    for card, cell in zip(best.cards, best.cells):
        tops[cell] = card
    played = grid.mask_of(best.cells)
    scored = grid.score(tuple(tops), played, side, best.value)[4]
    count, matches, bonus = best.parts
    sums = f"{count} card{'s' if count > 1 else ''} + {matches} connected" + (f" + {bonus} bonus" if bonus else "")
    value = state.names.value_name(side, best.value)
    # wilds alone say their value in the play itself, so it is not named again after it
    said = f" as {value}`" if all(c == WILD for c in best.cards) else f"` ({value})"
    return [view.picture(state, played=played, scored=scored, tops=tuple(tops)),
            view.fit(f"Best for {state.player}: `play {_say(state, best.cards, best.cells)}{said}: {sums} = "
                     f"{best.points}", session.width)]


@QUESTIONS.command("review", usage="review")
def review_command(session, args):
    """Each turn's points against the best play there was (CC-8); at the game's end."""
    state = session.state
    if args.strip():
        raise InputError("review takes nothing after it (CC-8)")
    questions.check_review(state)
    if _is_jr(state):  # Jr's counts are public (CC-7); the review is the end's summary
        return view.final_jr(state, session.width)
    if not state.turns:
        return "No turn has been played."
    return view.review(state, bests(state))


def bests(state):
    return [hint.best_play(t.tops, t.hand, t.side) for t in state.turns]


def _score_words(session, words):
    return list(session.players) + ["shapes", "colors"] if not words else []


@QUESTIONS.command("score", "scores", usage="score [WHO]", complete=_score_words)
def score_command(session, args):
    """The scoreboard, as much of it as the table may see now.

    Jr: the cards each player has taken, public all game (CC-7).
    Team game: points stay hidden until the end (CC-4); `score shapes` (or a player's
    name, or `Ann: score me`) shows that team its own, wiped from the screen when they
    press Enter. A player who names themselves may ask only for their own team's.
    """
    state = session.state
    headers, rows = session.game.scoreboard(state)
    text = args.strip().lower()
    if not text:
        return render.table(headers, rows)
    if _is_jr(state):
        return render.table(headers, rows)
    team = None
    if text in ("me", "mine", "us", "own"):
        if not session.speaker:
            raise InputError(f"whose team? say who asks: `{session.players[0]}: score me` (CC-4)")
        text = session.speaker.lower()
    if text in ("shapes", "shape"):
        team = 0 if state.side_of_team(0) == "shapes" else 1
    elif text in ("colors", "colours", "color", "colour"):
        team = 0 if state.side_of_team(0) == "colors" else 1
    else:
        player = session.find_player(text)
        if player is None:
            raise InputError(f"whose score? {args.strip()!r} is neither a team (shapes, colors) nor a player "
                             f"({', '.join(session.players)}) (CC-4)")
        team = state.team_of(state.players.index(player))
    questions.check_total(state, session.speaker, team)
    name = state.team_name(team)
    text = view.fit(f"{name}: {state.points[team]} points", session.width)
    if questions.scores_visible(state):  # the end, or open scores: the table may see it
        return text
    return render.Private(text, name)  # CC-4: for that team's eyes, wiped


@QUESTIONS.command("cards", "legend", usage="cards")
def cards_command(session, args):
    """How cards are typed: colour letter then shape letter (CC-1)."""
    if args.strip():
        raise InputError("cards takes nothing after it (CC-1)")
    names = session.state.names
    return view.fit(names.legend() + f"\ne.g. {names.code(0)} is a {names.name(0)}; cells a1 (top left) to "
                    + ("c3" if _is_jr(session.state) else "e5"), session.width)


# The game's commands in the order help lists them: the moves' own (moves.py) and `pass` and
# `keep` among them, the questions after.
_ORDER = ("grid", "hand", "play", "pass", "discard", "keep", "swap", "draw", "adjust", "finish", "hint", "review",
          "score", "take", "top", "cards")


def _in_order(commands):
    ordered = CommandSet()
    for name in _ORDER:
        ordered.add(commands.commands[name])
    assert set(ordered.commands) == set(commands.commands), "a command missing from _ORDER"
    return ordered


_TYPED = MOVES.commands()
for _move in ALSO_TYPED:
    _TYPED.add(command_of(_move))
COMMANDS = _in_order(_TYPED.extend(QUESTIONS))
