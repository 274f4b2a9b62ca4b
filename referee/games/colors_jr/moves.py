"""Every move of Cosmic Colors Jr declared once, from the words that type it to the
reply (core.moves, core.play): the rules it runs, its log line, its reading and its
reply, opened by the phases of ``phases``.

Jr is typed with the box's words: ``grid``, ``take``, ``top`` and ``finish`` are built
from the team game's declarations of them (colors.moves: the same words, usage and
fields), with Jr's rules. The team game's own moves (a hand, a play, a discard...) are
declared too, as moves Jr lacks (Move.offered), so a Jr table typing one is told so
(CC-7) rather than that no such command exists; like the team game, Jr says what the
game as set up lacks before the phase (colors.moves.TableMoves).
"""

from referee.core.moves import never
from referee.core.states import evolve
from referee.games.colors import moves as team
from referee.games.colors_jr import lines, reading, replies, rules
from referee.games.colors_jr.phases import PHASES, phase_of


def _grid_ready(state):
    """`moves` offers the piles' top cards while the layout waits for them."""
    return phase_of(state) == "jr-setup"


def _finish_ready(state):
    """`moves` offers `finish` when it would be taken: not before a take, not once asked (G-6)."""
    return MOVES.can(state, {"do": "finish"})


def _lacks(move, word):
    """The team game's ``move`` as a move Jr lacks, named ``word`` in its refusal (CC-7):
    never offered (core.moves.never), so no phase of Jr's opens it."""
    return evolve(move, offered=never, absent=f"{word} is not part of Cosmic Colors Jr; Jr players "
                  "`take CELL COLOUR|SHAPE`", absent_rule="CC-7", anytime=False, ready=None)


_OPEN = {"offered": None, "absent": None, "absent_rule": None}

MOVES = team.TableMoves([
    evolve(team.MOVES["grid"], effect=rules.setup, check=rules.check_setup, reading=reading.read_grid,
           reply=replies.setup, ready=_grid_ready),
    _lacks(team.MOVES["hand"], "a hand"),
    _lacks(team.MOVES["play"], "play"),
    _lacks(team.MOVES["discard"], "discard"),
    _lacks(team.MOVES["swap"], "swap"),
    _lacks(team.MOVES["draw"], "draw"),
    evolve(team.MOVES["take"], effect=rules.take, line=lines.take_line, check=rules.check_take,
           reading=reading.read_take, reply=replies.taken, complete=reading.take_words, **_OPEN),
    evolve(team.MOVES["reveal"], effect=rules.reveal, line=lines.reveal_line, check=rules.check_reveal,
           reading=reading.read_top, reply=replies.revealed,
           **dict(_OPEN, **team.table_only("in digital mode the referee turns the piles' cards itself", "G-2"))),
    _lacks(team.MOVES["adjust"], "adjust"),
    evolve(team.MOVES["finish"], effect=rules.finish, check=rules.check_finish, reading=reading.read_finish,
           reply=replies.finished, ready=_finish_ready),
], PHASES)

# `pass` and `keep`, the team game's two more commands for a play and a discard, each
# named so in Jr's refusal.
PASS = _lacks(team.PASS, "pass")
KEEP = _lacks(team.KEEP, "keep")
ALSO_TYPED = (PASS, KEEP)
