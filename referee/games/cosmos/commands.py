"""Everything players type in Crafting the Cosmos: the commands of its moves (declared on
the moves, moves.py, each running its whole path through core.play), then the questions
that change nothing (`hint`, `hand`, `board`, `supply`, `goals`). Each answers with a
core.reply.Reply whose lines the shell breaks once for its screen (a phone is 50 columns);
the pictures (a board, the supplies, the goal track, the hints) are drawn for the width
the context says.

The questions refuse nothing the rules judge and show only what is public, but `hand`,
which is shown to its owner alone (G-2); they are answered at any moment of the game,
the end included. `board` is the game's own: the shell's `show` (alias `s`) still draws
the main board.
"""

from referee.core.commands import CommandSet, whose_hand
from referee.core.errors import InputError
from referee.core.phases import text
from referee.core.reply import Reply
from referee.games.cosmos import corrections, craft, hint, phases, view
from referee.games.cosmos.moves import MOVES
from referee.games.cosmos.replies import next_text

QUESTIONS = CommandSet()


def picture(text, name, long=False):
    """A question's answer that is a picture drawn for the context's width (``name``: which
    one, for a screen that draws its own): its lines, each an entry of the reply's."""
    return Reply(public=tuple(text.split("\n")), pictures=(name,), long=long)


def _players(ctx, words):
    return list(ctx.state.players) if not words else []


# -- the energy phase ----------------------------------------------------------------------------


def _no_shift_now(state):
    """What `hint` says away from a shift: what the game waits for, with the words to type
    (a newcomer asks for a hint exactly when unsure what comes next; a ✗ citing CT-3 did
    not tell them)."""
    if state.phase == "craft" and state.turn is not None:
        left = craft.lost(state.boards[state.turn])
        todo = f"still to place or spend: {', '.join(left)}; then " if left else "when done, "
        return (f"no shift to hint: {state.player} is crafting; {todo}end the turn with "
                "`end nebula 1|2|3` or `end stabilise` (`moves` lists the rest)")
    said = next_text(state).removeprefix("next: ") if state.phase in ("collect", "refill") else ""
    if not said:
        said = text(phases.PHASES.of(state).status, state)
    return f"no shift to hint now ({said}); `moves` lists what may be done, with examples"


@QUESTIONS.command("hint", usage="hint [all]", complete=lambda ctx, words: ["all"] if not words else [])
def hint_command(ctx, args):
    """The shifts you can make now and what each yields, best first, with the command.

    The best 5; `hint all` lists every different yield. Shown to the whole table: a
    shift's yield depends only on what all can see (the board, power cards,
    supplies, display), never on a hand. Away from a shift it says what the game
    waits for instead.
    """
    word = args.strip().lower()
    if word not in ("", "all"):
        raise InputError("`hint` or `hint all`: it is for the player to shift")
    if ctx.state.phase != "energy":
        return Reply(public=(_no_shift_now(ctx.state),))
    if word == "all":
        return picture(hint.hint_text(ctx.state, ctx.width, limit=None), "hints", long=True)
    return picture(hint.hint_text(ctx.state, ctx.width), "hints")


# -- a hand, to its owner only -----------------------------------------------------------------


def _hand_text(state, seat):
    hand = state.hands[seat]
    order = ("light", "time", "gravity", "chemistry")
    known = sorted(hand.known, key=order.index)
    parts = [f"{kind} {known.count(kind)}" for kind in order if known.count(kind)]
    said = f"{state.players[seat]} holds {len(hand)}: " + (", ".join(parts) or "no card the referee knows")
    if hand.unknown:
        said += f"; and {hand.unknown} the referee was not told"
    advanced = state.boards[seat].advanced
    if advanced:
        said += "; advanced life: " + " ".join(str(v) for v in advanced)
    return said


@QUESTIONS.command("hand", usage="hand [PLAYER]", complete=lambda ctx, words: list(ctx.players) if not words else [])
def hand_command(ctx, args):
    """Show one player their energy hand (and advanced life values), to them only.

    `Ann: hand` is Ann's; `hand Ann` is Ann's too, shown wiped like any secret; with no
    name, the player to act's."""
    state = ctx.state
    player = whose_hand(ctx, args)
    corrections.check_hand(state, player, ctx.speaker)
    return Reply(private=_hand_text(state, state.seat(player)), owner=player)


# -- the books: a board, the supplies, the goal track ---------------------------------------------


def _whose(ctx, args):
    """The seat a `board` line means: the player named, else the speaker, else the player
    to act."""
    words = args.split()
    if len(words) > 1:
        raise InputError(f"one player at a time, e.g. `board {ctx.state.players[0]}`")
    state = ctx.state
    if words:
        return state.players.index(ctx.player(words[0]))
    name = ctx.speaker or state.player
    if name is None:
        raise InputError(f"whose board? e.g. `board {state.players[0]}`")
    return state.players.index(name)


@QUESTIONS.command("board", usage="board [PLAYER]", complete=_players)
def board_command(ctx, args):
    """A player's board: counts, sliders, time chamber, power cards, score track.

    Stars by type, supernovae by the type they were, proto and stable life,
    nebulae (size, completed, points, advanced life), what was gained and
    not yet placed, the three sliders, the time chamber and the crystals on
    top, the power card slots (free ones with their cost), points by source
    and the score track with its +50/+100 token as the real one shows it.
    Public: advanced life shows as a count of face-down tokens until the
    end, a hand as its size. `board Ann`; `board` alone is the speaker's or
    the player to act's. `show` draws the main board."""
    return picture(view.board_text(ctx.state, _whose(ctx, args), width=ctx.width), "board")


@QUESTIONS.command("supply", "supplies", usage="supply")
def supply_command(ctx, args):
    """What the supplies hold: stars, life, nebulae, time crystals.

    Stars H/He/O/C, life tokens, nebula tiles by size, time crystals (and
    the box's once the supply is out: the game then ends after this round's
    end phase), the advanced life stack, the energy deck, discard pile and
    display (CT-4). e.g. `supply`."""
    if args.strip():
        raise InputError("`supply` takes no words; it shows every supply")
    return picture(view.supply_text(ctx.state, ctx.width), "supply")


@QUESTIONS.command("goals", usage="goals")
def goals_command(ctx, args):
    """The goal track, top first, and who scored each goal so far.

    The goal on the fourth space is scored in the end phase (CT-6); the
    goals still face down are counted. e.g. `goals`."""
    if args.strip():
        raise InputError("`goals` takes no words; it shows the track and the goals scored")
    return picture(view.goals_text(ctx.state, ctx.width), "goals")


COMMANDS = MOVES.commands().extend(QUESTIONS)

# `help` lists the commands in the order of play (setup, energy phase, craft phase, end
# phase), then the corrections and the questions: a newcomer reads it top-down as "what do
# I do" (playtest P18).
_PLAY_ORDER = ("tokens", "display", "goal", "shift", "take", "nebula", "hint", "place", "supernova", "stabilise",
               "move", "complete", "advanced", "set", "power", "use", "discharge", "end", "count", "discard",
               "adjust", "tell", "hand", "finish", "board", "supply", "goals")
COMMANDS.commands = dict(sorted(COMMANDS.commands.items(),
                                key=lambda item: _PLAY_ORDER.index(item[0]) if item[0] in _PLAY_ORDER
                                else len(_PLAY_ORDER)))

