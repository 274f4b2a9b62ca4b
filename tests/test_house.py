"""The house rules of the code: what every game in ``referee.games.GAMES`` declares the
one way (issue 9, "one place to add a game"; referee/games/README.md).

A fifth game gets these checks for free and cannot opt out: its Game has a MoveSet; its
phase table is connected (every ``next`` names a phase, every phase can be reached from
where a new game starts); every move is opened by a phase (or is ``anytime``) and cites
a rule of its table; the commands, the game object and the views refuse nothing (the
rules do); the Game does not write again what the core derives from the MoveSet; and a
new game's ``state.turn`` is a seat number or None whatever its mode and variant.
"""

import ast
import inspect
from pathlib import Path

import pytest

from referee.core.errors import InputError
from referee.core.game import Game
from referee.core.moves import MoveSet
from referee.core.options import resolve
from referee.games import GAMES, load

NAMES = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
GAME_NAMES = [entry.name for entry in GAMES]
# What Game derives from ``moves`` (core/game.py): a game writing one again has two answers.
DERIVED = ("apply", "describe", "describe_public", "is_secret", "prompt", "default_command", "is_over", "toolbar")
# The modules that read words and draw pictures: a refusal there escapes the rules' tests and replay.
NOT_RULES = ("commands.py", "game.py", "view.py", "replies.py")


def _package(name):
    return Path(inspect.getfile(load(name).__class__)).parent


def _setups(name):
    """Every mode × every value of the entry's choice flags (variants), as option dicts."""
    entry = next(e for e in GAMES if e.name == name)
    choices = [(flag.option, tuple(flag.choices)) for flag in entry.flags if getattr(flag, "choices", None)]
    setups = [{}]
    for option, values in choices:
        setups = [dict(s, **{option: v}) for s in setups for v in values]
    return [(mode, options) for mode in entry.modes for options in setups]


def _initial(name, mode, options):
    """A new game's state for ``mode`` and ``options``, with the fewest players they seat."""
    game = load(name)
    values = resolve(game.options, ())
    values.update(options)
    for count in range(1, len(NAMES) + 1):
        header = {"id": f"{name}-house", "players": NAMES[:count], "mode": mode, "seed": 5,
                  "options": dict(values), "wordlists": []}
        if game.players_refusal(header):
            continue
        try:
            game.prepare(header)
        except InputError:
            continue
        return game.initial(header)
    raise AssertionError(f"{name} {mode} {options}: no player count starts a game")


def _initial_states(name):
    return [(mode, options, _initial(name, mode, options)) for mode, options in _setups(name)]


STATES = {}


def initial_states(name):
    if name not in STATES:
        STATES[name] = _initial_states(name)
    return STATES[name]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_issue9_house_the_game_declares_its_moves_in_a_moveset(name):
    game = load(name)
    assert isinstance(game.moves, MoveSet), f"{name}: Game.moves is {game.moves!r}, not a core.moves.MoveSet"


@pytest.mark.parametrize("name", GAME_NAMES)
def test_issue9_house_every_next_phase_exists_and_every_phase_is_reachable_from_a_new_game(name):
    phases = load(name).moves.phases
    declared = phases.phases
    for phase in declared.values():
        missing = [n for n in phase.next if n not in declared]
        assert not missing, f"{name}: phase {phase.name!r} leads to undeclared {missing}"
    starts = {phases.of(state).name for _, _, state in initial_states(name)}
    reached, todo = set(starts), list(starts)
    while todo:
        for following in declared[todo.pop()].next:
            if following not in reached:
                reached.add(following)
                todo.append(following)
    unreachable = [p.name for p in declared.values() if p.name not in reached and not p.over]
    assert not unreachable, f"{name}: phases {unreachable} cannot be reached from {sorted(starts)} through next"


@pytest.mark.parametrize("name", GAME_NAMES)
def test_issue9_house_every_move_is_opened_by_a_phase_or_is_anytime(name):
    moves = load(name).moves
    opened = {m for phase in moves.phases.phases.values() for m in phase.moves}
    orphans = [m.name for m in moves if not m.anytime and m.name not in opened]
    assert not orphans, f"{name}: no phase opens {orphans}"


@pytest.mark.parametrize("name", GAME_NAMES)
def test_issue9_house_every_move_and_phase_cites_an_id_of_the_game_s_rule_table(name):
    game = load(name)
    table = game.rule_table()
    cited = []
    for move in game.moves:
        cited += [(f"move {move.name}", move.rule)]
        if isinstance(getattr(move, "absent_rule", None), str):
            cited += [(f"move {move.name} (absent)", move.absent_rule)]
    for phase in game.moves.phases.phases.values():
        cited += [(f"phase {phase.name}", r) for r in (phase.rule, phase.turn_rule) if isinstance(r, str)]
    missing = [(where, rule) for where, rule in cited if rule not in table]
    assert not missing, f"{name}: rules cited but not in its ruletable.md: {missing}"


def _rule_errors(path):
    """(line, text) of every RuleError made in a module: `raise RuleError(...)` or a call."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if called == "RuleError":
                found.append((node.lineno, ast.get_source_segment(path.read_text(encoding="utf-8"), node)[:70]))
    return sorted(found)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_issue9_house_commands_game_and_views_raise_no_rule_error(name):
    folder = _package(name)
    offences = [f"{folder.name}/{path.name}:{line}: {text}"
                for path in sorted(folder.iterdir()) if path.name in NOT_RULES
                for line, text in _rule_errors(path)]
    assert not offences, f"{name}: refusals outside the rules layer:\n" + "\n".join(offences)


def test_issue9_house_the_ast_scan_finds_a_rule_error_made_anywhere(tmp_path):
    module = tmp_path / "commands.py"
    module.write_text("from referee.core import errors\n"
                      "def f(x):\n"
                      "    if x:\n"
                      "        raise errors.RuleError('no', rule='G-1')\n"
                      "    return RuleError('later')\n")
    assert sorted(line for line, _ in _rule_errors(module)) == [4, 5]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_issue9_house_the_game_does_not_override_what_the_core_derives_from_its_moves(name):
    cls = type(load(name))
    written = [f"{klass.__name__}.{attr}" for klass in cls.__mro__ if klass is not Game and issubclass(klass, Game)
               for attr in DERIVED if attr in vars(klass)]
    assert not written, f"{name}: {written} written again; Game derives them from moves (core/game.py)"


@pytest.mark.parametrize("name", GAME_NAMES)
def test_issue9_house_seats_are_players_names_and_turn_a_seat_number_in_every_mode_and_variant(name):
    for mode, options, state in initial_states(name):
        where = f"{name} {mode} {options}"
        assert isinstance(state.players, tuple) and all(isinstance(p, str) for p in state.players), \
            f"{where}: state.players is {state.players!r}, not a tuple of names"
        turn = state.turn
        assert turn is None or (isinstance(turn, int) and not isinstance(turn, bool)
                                and 0 <= turn < len(state.players)), f"{where}: state.turn is {turn!r}"


@pytest.mark.parametrize("name", GAME_NAMES)
def test_issue9_house_every_move_says_what_it_does_for_help_and_moves(name):
    blank = [move.name for move in load(name).moves if not move.summary.strip()]
    assert not blank, f"{name}: moves without a summary (help and `moves` show it): {blank}"


@pytest.mark.parametrize("name", GAME_NAMES)
def test_issue9_house_a_command_s_move_names_a_declared_move(name):
    """A command registered with ``move=`` (its name is not the move's) is how help, `moves`
    and Move.offered find its move: a slip there would silently show or hide the command."""
    game = load(name)
    wrong = [(cmd.name, cmd.move) for cmd in game.commands.commands.values() if cmd.move and cmd.move not in game.moves]
    assert not wrong, f"{name}: commands naming no declared move: {wrong}"
