"""The questions a Crafting the Cosmos table asks of the books: a player's board, the
supplies left, the goal track. They change nothing and refuse nothing; what they show
is public (the view module keeps hands and advanced life values out), so they are
answered to the whole table, at any moment of the game, the end included.

`board` is the game's own: the shell's `show` (alias `s`) still draws the main board.
"""

from referee.core.errors import InputError
from referee.games.cosmos import view
from referee.games.cosmos.registry import COMMANDS


def _players(session, words):
    return list(session.state.players) if not words else []


def _whose(session, args):
    """The seat a `board` line means: the player named, else the speaker, else the player
    to act."""
    words = args.split()
    if len(words) > 1:
        raise InputError(f"one player at a time, e.g. `board {session.state.players[0]}`")
    state = session.state
    if words:
        return state.players.index(session.player(words[0]))
    name = session.speaker or state.player
    if name is None:
        raise InputError(f"whose board? e.g. `board {state.players[0]}`")
    return state.players.index(name)


@COMMANDS.command("board", usage="board [PLAYER]", complete=_players)
def board_command(session, args):
    """A player's board: counts, sliders, time chamber, power cards, score track.

    Stars by type, supernovae by the type they were, proto and stable life,
    nebulae (size, completed, points, advanced life), what was gained and
    not yet placed, the three sliders, the time chamber and the crystals on
    top, the power card slots (free ones with their cost), points by source
    and the score track with its +50/+100 token as the real one shows it.
    Public: advanced life shows as a count of face-down tokens until the
    end, a hand as its size. `board Ann`; `board` alone is the speaker's or
    the player to act's. `show` draws the main board."""
    return view.board_text(session.state, _whose(session, args))


@COMMANDS.command("supply", "supplies", usage="supply")
def supply_command(session, args):
    """What the supplies hold: stars, life, nebulae, time crystals.

    Stars H/He/O/C, life tokens, nebula tiles by size, time crystals (and
    the box's once the supply is out: the game then ends after this round's
    end phase), the advanced life stack, the energy deck, discard pile and
    display (CT-4). e.g. `supply`."""
    if args.strip():
        raise InputError("`supply` takes no words; it shows every supply")
    return view.supply_text(session.state)


@COMMANDS.command("goals", usage="goals")
def goals_command(session, args):
    """The goal track, top first, and who scored each goal so far.

    The goal on the fourth space is scored in the end phase (CT-6); the
    goals still face down are counted. e.g. `goals`."""
    if args.strip():
        raise InputError("`goals` takes no words; it shows the track and the goals scored")
    return view.goals_text(session.state)
