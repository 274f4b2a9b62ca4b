"""The questions a Cosmic Colors table asks (the hands, a hint, the review, the score, how
cards are typed), which change nothing, and the commands of every move (moves.py
declares them: words, reading, reply; core.play runs them). Each answer is a
core.reply.Reply whose lines the shell breaks once (Colors.fit); a picture drawn for
the screen (the hands, broken between cards) takes the context's width.

`hand` is both: with no card after it, it shows the hands (public, Setup 3); with cards,
it enters one at a table, the move's whole path (core.play).
"""

from referee.core import render
from referee.core.commands import CommandSet
from referee.core.errors import InputError
from referee.core.states import evolve
from referee.core.play import command_of, play
from referee.core.reply import Reply
from referee.games.colors import grid, hint, questions, reading, view
from referee.games.colors.cards import UNKNOWN, WILD
from referee.games.colors.moves import ALSO_TYPED, MOVES

QUESTIONS = CommandSet()


def _say(state, cards, cells):
    return " ".join(f"{state.names.code(c)}@{grid.name(cell)}" for c, cell in zip(cards, cells))


def tailor(commands, state):
    """A shell's own command set (help reads it) with the usages of a table of two: no
    swap there (3b), so none in a usage either. The game's shared set is left alone:
    only the shell's copy gets the new entries."""
    if commands is COMMANDS or len(state.players) == 4:
        return commands
    for name, cmd in COMMANDS.commands.items():
        if commands.commands.get(name) is cmd and "|swap" in cmd.usage:
            commands.add(evolve(cmd, usage=cmd.usage.replace("|swap", "")))
    return commands


def _always(state):
    """Every team game has the question (`hand` shows the hands in digital mode too)."""
    return True


def _hints_on(state):
    """CC-8: the hint is there unless the table plays with `--no-hints`."""
    return bool(state.options.get("hints", True))


def _hand_words(session, words):
    return list(session.players) if not words else []


@QUESTIONS.command("hand", "hands", usage="hand [PLAYER] [CARD ...]", complete=_hand_words, offered=_always)
def hand_command(session, args):
    """Enter a player's hand (optional at a table), or show the hands (public, Setup 3).

    `hand Ann Rs Ym Bp Gc Og Rm Yc`; while the referee waits for hands, the cards alone
    go to the next player without one. `hand` alone shows every hand.

    The hands are the table's choice. Entered, the referee checks that each card played,
    discarded or swapped is held, `hint` and the end's review show the best play, and
    each redraw is typed (`draw`). Not entered, a table that wants only the score types
    the play area and plays at once: cards played are taken as held (G-1), redraws are
    counted, the score and the end are kept the same. A hand entered later, at any time
    (as many cards as the count says the player holds), brings its `hint` and checks.
    """
    player, words = reading.hand_words(session, args)
    if not words:
        return Reply(public=(view.shown_hand(session.state, player, session.width),), pictures=("hands",))
    return play(session, MOVES["hand"], args)  # a hand entered: the move's own path (G-2, Setup 3)


# -- help at the table -----------------------------------------------------------------------


def asked_for_hint(state, args, check):
    """`hint` as typed: refused by ``check`` (CC-8) when hints are off whatever follows
    the word, else when a word follows it, else by ``check`` for the state it meets.
    Colors Jr's hint reads its words the same way."""
    if not state.options.get("hints", True):
        check(state)  # CC-8: off here, whatever follows the word
    if args.strip():
        raise InputError("hint takes nothing after it: it is for the player to move (CC-8)")
    check(state)


@QUESTIONS.command("hint", "best", usage="hint", offered=_hints_on)
def hint_command(session, args):
    """The best-scoring legal play for the player to move, with its score (CC-8).

    Off at tables that play with `--no-hints`.
    """
    state = session.state
    asked_for_hint(state, args, questions.check_hint)
    side = state.side_of(state.turn)
    best = hint.best_play(state.tops, state.hands[state.turn], side)
    if not best.cells:
        return Reply(public=(f"{state.player} has no card to play: `pass`",))
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
    return Reply(public=(view.picture(state, played=played, scored=scored, tops=tuple(tops)),
                         f"Best for {state.player}: `play {_say(state, best.cards, best.cells)}{said}: {sums} = "
                         f"{best.points}"), pictures=("board",))


@QUESTIONS.command("review", usage="review")
def review_command(session, args):
    """Each turn's points against the best play there was (CC-8); at the game's end.

    A row a turn: taller than the screen, it is paged.
    """
    state = session.state
    if args.strip():
        raise InputError("review takes nothing after it (CC-8)")
    questions.check_review(state)
    if not state.turns:
        return Reply(public=("No turn has been played.",))
    return Reply(public=(view.review(state, bests(state)),), pictures=("review",), long=True)


def bests(state):
    """Each turn's best play, None where the hand was not entered (G-1: nothing to search)."""
    return [None if UNKNOWN in t.hand else hint.best_play(t.tops, t.hand, t.side) for t in state.turns]


def _score_words(session, words):
    return list(session.players) + ["shapes", "colors"] if not words else []


@QUESTIONS.command("score", "scores", usage="score [WHO]", complete=_score_words)
def score_command(session, args):
    """The scoreboard, as much of it as the table may see now.

    Points stay hidden until the end (CC-4); `score shapes` (or a player's name, or `Ann:
    score me`) shows that team its own, wiped from the screen when they press Enter. A
    player who names themselves may ask only for their own team's.
    """
    state = session.state
    headers, rows = session.game.scoreboard(state)
    text = args.strip().lower()
    if not text:
        return Reply(public=(render.table(headers, rows),), pictures=("scores",))
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
    text = f"{name}: {state.points[team]} points"
    if questions.scores_visible(state):  # the end, or open scores: the table may see it
        return Reply(public=(text,))
    return Reply(private=text, owner=name)  # CC-4: for that team's eyes, wiped


@QUESTIONS.command("cards", "legend", usage="cards")
def cards_command(session, args):
    """How cards are typed: colour letter then shape letter (CC-1)."""
    if args.strip():
        raise InputError("cards takes nothing after it (CC-1)")
    names = session.state.names
    return Reply(public=(names.legend(), f"e.g. {names.code(0)} is a {names.name(0)}; cells a1 (top left) to e5"))


# The game's commands in the order help lists them: the moves' own (moves.py) and `pass` and
# `keep` among them, the questions after.
ORDER = ("grid", "hand", "play", "pass", "discard", "keep", "swap", "draw", "adjust", "finish", "hint", "review",
          "score", "take", "top", "cards")


def in_order(commands):
    """The commands in help's order (ORDER), each paragraph of their help on one line, so
    a phone's 50 columns wrap it evenly rather than at the source's breaks."""
    ordered = CommandSet()
    for name in ORDER:
        cmd = commands.commands[name]
        paragraphs = [" ".join(p.split()) for p in cmd.details.split("\n\n")]
        ordered.add(evolve(cmd, details="\n\n".join(p for p in paragraphs if p)) if cmd.details else cmd)
    assert set(ordered.commands) == set(commands.commands), "a command missing from ORDER"
    return ordered


_TYPED = MOVES.commands()
for _move in ALSO_TYPED:
    _TYPED.add(command_of(_move))
COMMANDS = in_order(_TYPED.extend(QUESTIONS))
