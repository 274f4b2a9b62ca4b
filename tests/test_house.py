"""The house rules of the code: what every game in ``referee.games.GAMES`` declares the
one way (issue 9, "one place to add a game"; referee/games/README.md).

A fifth game gets these checks for free and cannot opt out: its Game has a MoveSet; its
phase table is connected (every ``next`` names a phase, every phase can be reached from
where a new game starts); every move is opened by a phase (or is ``anytime``, or is
never offered: core.moves.never, the other game's in a box) and cites
a rule of its table; the commands, readings, replies, the game object and the views
refuse nothing (the rules do); the Game does not write again what the core derives from
the MoveSet; and a new game's ``state.turn`` is a seat number or None whatever its mode
and variant. Issue 19 adds the house as a whole: no import circle between referee
modules (imports inside functions counted), the core's floors (apps > terminal > engine,
only the apps knowing the game registry), and no module of a game making or judging a
move itself (core.play runs every move's path); each scan is seen to fail on a package
built to break it.
"""

import ast
import inspect
from pathlib import Path

import pytest

from referee.core.errors import InputError
from referee.core.game import Game
from referee.core.moves import MoveSet, never
from referee.core.options import resolve
from referee.games import GAMES, load

NAMES = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
GAME_NAMES = [entry.name for entry in GAMES]
# What Game derives from ``moves`` (core/game.py): a game writing one again has two answers.
DERIVED = ("apply", "describe", "describe_public", "is_secret", "prompt", "default_command", "is_over", "toolbar")
# The modules that read words and draw pictures: a refusal there escapes the rules' tests and replay.
NOT_RULES = ("commands.py", "game.py", "view.py", "replies.py", "lines.py")


def _not_rules(path):
    """Whether ``path`` reads words, draws pictures or wires the game up (no refusal of a
    rule there): the files above, and every reading module (`reading.py`,
    `reading_energy.py`)."""
    return path.name in NOT_RULES or path.name.startswith("reading")



def _package(name):
    return Path(inspect.getfile(_load(name).__class__)).parent


def _base(name):
    """The built game a house id names: ``colors`` for ``colors:jr``."""
    return name.partition(":")[0]


def _box(name):
    """Every mode × every value of the entry's choice flags (variants), as option dicts,
    with the game that plays each (Game.variant: a different game in the same box)."""
    entry = next(e for e in GAMES if e.name == name)
    choices = [(flag.option, tuple(flag.choices)) for flag in entry.flags if getattr(flag, "choices", None)]
    setups = [{}]
    for option, values in choices:
        setups = [dict(s, **{option: v}) for s in setups for v in values]
    game = _load(name)
    values = resolve(game.options, ())
    return [(mode, options, game.variant({"options": dict(values, **options)}))
            for mode in entry.modes for options in setups]


def _variants():
    """The house ids of the games a built game's box holds beside it (``colors:jr``):
    each its own package, held to the same shape and checks as every built game."""
    found = []
    for name in (entry.name for entry in GAMES):
        base = _load(name)
        for _mode, options, game in _box(name):
            if game is not base:
                key = f"{name}:{'-'.join(str(v) for v in options.values() if v)}"
                if game not in [g for _, g in found]:
                    found.append((key, game))
    return found


def _load(name):
    """The Game a house id names: a built game's (referee.games.load), or the one its
    box hands a session for a variant (``colors:jr``, Game.variant)."""
    base = load(_base(name))
    if ":" not in name:
        return base
    return next(game for key, game in VARIANTS if key == name)


def _setups(name):
    """The setups (mode, options) the game of house id ``name`` plays."""
    game = _load(name)
    return [(mode, options) for mode, options, plays in _box(_base(name)) if plays is game]


def _initial(name, mode, options):
    """A new game's state for ``mode`` and ``options``, with the fewest players they seat."""
    game = load(_base(name))
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
        return game.variant(header).initial(header)
    raise AssertionError(f"{name} {mode} {options}: no player count starts a game")


VARIANTS = _variants()
# Every game the house holds to its shape: the built games, and the games their boxes hold (Colors Jr)
HOUSE_NAMES = GAME_NAMES + [key for key, _ in VARIANTS]


def _initial_states(name):
    return [(mode, options, _initial(name, mode, options)) for mode, options in _setups(name)]


STATES = {}


def initial_states(name):
    if name not in STATES:
        STATES[name] = _initial_states(name)
    return STATES[name]


@pytest.mark.parametrize("name", HOUSE_NAMES)
def test_issue9_house_the_game_declares_its_moves_in_a_moveset(name):
    game = _load(name)
    assert isinstance(game.moves, MoveSet), f"{name}: Game.moves is {game.moves!r}, not a core.moves.MoveSet"


@pytest.mark.parametrize("name", HOUSE_NAMES)
def test_issue9_house_every_next_phase_exists_and_every_phase_is_reachable_from_a_new_game(name):
    phases = _load(name).moves.phases
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


@pytest.mark.parametrize("name", HOUSE_NAMES)
def test_issue9_house_every_move_is_opened_by_a_phase_or_is_anytime(name):
    moves = _load(name).moves
    opened = {m for phase in moves.phases.phases.values() for m in phase.moves}
    # a move declared only to be refused with its reason (the other game's in the box) is never offered
    orphans = [m.name for m in moves if not m.anytime and m.name not in opened and m.offered is not never]
    assert not orphans, f"{name}: no phase opens {orphans}"


@pytest.mark.parametrize("name", HOUSE_NAMES)
def test_issue9_house_every_move_and_phase_cites_an_id_of_the_game_s_rule_table(name):
    game = _load(name)
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


@pytest.mark.parametrize("name", HOUSE_NAMES)
def test_issue9_house_commands_game_and_views_raise_no_rule_error(name):
    folder = _package(name)
    offences = [f"{folder.name}/{path.name}:{line}: {text}"
                for path in sorted(folder.iterdir()) if path.suffix == ".py" and _not_rules(path)
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


@pytest.mark.parametrize("name", HOUSE_NAMES)
def test_issue9_house_the_game_does_not_override_what_the_core_derives_from_its_moves(name):
    cls = type(_load(name))
    written = [f"{klass.__name__}.{attr}" for klass in cls.__mro__ if klass is not Game and issubclass(klass, Game)
               for attr in DERIVED if attr in vars(klass)]
    assert not written, f"{name}: {written} written again; Game derives them from moves (core/game.py)"


@pytest.mark.parametrize("name", HOUSE_NAMES)
def test_issue9_house_seats_are_players_names_and_turn_a_seat_number_in_every_mode_and_variant(name):
    for mode, options, state in initial_states(name):
        where = f"{name} {mode} {options}"
        assert isinstance(state.players, tuple) and all(isinstance(p, str) for p in state.players), \
            f"{where}: state.players is {state.players!r}, not a tuple of names"
        turn = state.turn
        assert turn is None or (isinstance(turn, int) and not isinstance(turn, bool)
                                and 0 <= turn < len(state.players)), f"{where}: state.turn is {turn!r}"


@pytest.mark.parametrize("name", HOUSE_NAMES)
def test_issue9_house_every_move_says_what_it_does_for_help_and_moves(name):
    blank = [move.name for move in _load(name).moves if not move.summary.strip()]
    assert not blank, f"{name}: moves without a summary (help and `moves` show it): {blank}"


@pytest.mark.parametrize("name", HOUSE_NAMES)
def test_issue9_house_a_command_s_move_names_a_declared_move(name):
    """A command registered with ``move=`` (its name is not the move's) is how help, `moves`
    and Move.offered find its move: a slip there would silently show or hide the command."""
    game = _load(name)
    wrong = [(cmd.name, cmd.move) for cmd in game.commands.commands.values() if cmd.move and cmd.move not in game.moves]
    assert not wrong, f"{name}: commands naming no declared move: {wrong}"


# -- issue 19: one house ---------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent / "referee"
# The three floors of the core (DESIGN "Shape"): the command-line apps know the game
# registry and the terminal; the terminal knows the engine; the engine knows neither.
APPS = {"referee.cli", "referee.cli_settings", "referee.utilities", "referee.core.launch", "referee.core.watch", "referee.core.chart", "referee.core.stats",
        "referee.core.store", "referee.core.lock"}
TERMINAL = {"referee.core.shell", "referee.core.completion", "referee.core.builtins", "referee.core.ruleview",
            "referee.core.context"}
# The modules of a game that read words, draw pictures or wire it up: none of them makes a
# move or asks the rules itself (core.play runs the move's whole path, once).
CALLS_OF_THE_ENGINE = {"do", "check", "verify", "can", "apply", "available", "allow", "check_offered"}


def module_name(path, root=ROOT):
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(root=ROOT):
    """{module: {referee modules it imports}}, imports inside functions counted: a circle
    hidden inside a function is a circle all the same."""
    known = {module_name(p, root) for p in root.rglob("*.py")}
    found = {}
    for path in sorted(root.rglob("*.py")):
        here = module_name(path, root)
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            for name in names:
                while name and name not in known:
                    name = name.rpartition(".")[0]
                if name and name != here and name.startswith(root.name):
                    targets.add(name)
        found[here] = targets
    for here, targets in found.items():  # `from referee.games import x` names the package too: keep the module
        found[here] = {t for t in targets if not any(o.startswith(t + ".") for o in targets)} | \
                      {t for t in targets if t.count(".") >= 2}
    return found


def circles(graph):
    """The strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, groups, counter = {}, {}, [], set(), [], [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on.add(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                other = stack.pop()
                on.discard(other)
                group.append(other)
                if other == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def floor_breaches(graph):
    """Imports that go up a floor, or reach the game registry from below the apps."""
    breaches = []
    for here, targets in graph.items():
        if not here.startswith("referee.core") or here in APPS:
            continue
        for target in sorted(targets):
            if target in APPS or target.startswith("referee.games") or (here not in TERMINAL and target in TERMINAL):
                breaches.append(f"{here} -> {target}")
    return breaches


def engine_calls(path):
    """(line, call) of every call in ``path`` that makes or judges a move itself:
    ``session.do(...)``, ``ctx.check(...)``, ``MOVES.can(...)``, ``rules.available(...)``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in CALLS_OF_THE_ENGINE:
            owner = node.func.value
            said = owner.id if isinstance(owner, ast.Name) else owner.attr if isinstance(owner, ast.Attribute) else ""
            if said in ("session", "ctx", "MOVES", "moves", "rules", "game") or said.endswith("session"):
                found.append((node.lineno, f"{said}.{node.func.attr}"))
    return found


def test_issue19_house_no_import_circle_between_referee_modules():
    found = circles(imports())
    assert not found, "import circles (imports inside functions counted):\n" + "\n".join(" ".join(c) for c in found)


def test_issue19_house_no_floor_of_the_core_imports_one_above_it_or_the_game_registry():
    breaches = floor_breaches(imports())
    assert not breaches, "imports across the floors (apps > terminal > engine):\n" + "\n".join(breaches)


@pytest.mark.parametrize("name", HOUSE_NAMES)
def test_issue19_house_no_module_of_a_game_makes_or_judges_a_move_itself(name):
    """Every file of the package, not only `commands.py`: the rules judge, core.play makes."""
    folder = _package(name)
    rules_side = {"moves.py", "phases.py"}  # the declarations themselves (MoveSet, `ready=MOVES.can`)
    offences = [f"{folder.name}/{path.name}:{line}: {call}"
                for path in sorted(folder.glob("*.py")) if path.name not in rules_side
                for line, call in engine_calls(path) if call.endswith((".do", ".check"))
                or path.name.startswith(("commands", "reading")) or path.name.endswith("_reading.py")]
    assert not offences, f"{name}: moves made or judged outside the engine's path:\n" + "\n".join(offences)


def test_issue19_house_the_scans_find_a_broken_package(tmp_path):
    """The house checks fail on a package built to break them: a circle through an import
    inside a function, a core engine module importing the shell and a game, and a
    commands module that makes its move itself."""
    package = tmp_path / "referee"
    (package / "core").mkdir(parents=True)
    (package / "games" / "bad").mkdir(parents=True)
    for folder in (package, package / "core", package / "games", package / "games" / "bad"):
        (folder / "__init__.py").write_text("")
    (package / "core" / "session.py").write_text("from referee.core import shell\nimport referee.games.bad.moves\n")
    (package / "core" / "shell.py").write_text("def f():\n    from referee.core.session import x\n")
    (package / "games" / "bad" / "moves.py").write_text("")
    bad = package / "games" / "bad" / "commands.py"
    bad.write_text("def take(session, args):\n    return session.do({'do': 'take'})\n")
    graph = imports(package)
    assert circles(graph) == [["referee.core.session", "referee.core.shell"]]
    assert floor_breaches(graph) == ["referee.core.session -> referee.core.shell",
                                     "referee.core.session -> referee.games.bad.moves"]
    assert engine_calls(bad) == [(2, "session.do")]


# The package's modules, each with one job (referee/games/README.md): every game has them.
SHAPE = ("__init__.py", "ruletable.md", "state.py", "lines.py", "moves.py", "phases.py", "reading.py", "replies.py",
         "view.py", "game.py", "commands.py")
# Names of the old shapes, which no package keeps beside the new ones.
OLD_SHAPES = ("registry.py", "*_commands.py", "*_reading.py")


@pytest.mark.parametrize("name", HOUSE_NAMES)
def test_issue19_house_every_game_has_the_same_modules_with_the_same_jobs(name):
    folder = _package(name)
    missing = [module for module in SHAPE if not (folder / module).exists()]
    old = sorted(path.name for pattern in OLD_SHAPES for path in folder.glob(pattern))
    assert not missing and not old, f"{name}: missing {missing}; in an old shape {old}"


# -- issue 19 items 2 and 4: replies are data, whose turn is the phase table's ----------

# What turns a reply into a terminal's text: a game's replies and questions return
# core.reply.Reply (its tick, its private part, its length as fields) and leave breaking
# lines to the shell, which fits every reply once with Game.fit.
TERMINAL_TEXT = {"ok", "Private", "Long", "fit_text", "fit_lines", "fit_words", "wrap_text", "wrap_line",
                 "terminal_width", "fit_to_terminal", "fit_replies", "fitted"}
REPLY_MODULES = ("replies.py", "commands.py")


def terminal_text(path):
    """(line, call) of each call in ``path`` that styles, routes or breaks a reply as a
    terminal would: ``render.ok(...)``, ``render.Private(...)``, ``view.fit(...)``,
    ``COMMANDS.fit_replies()``, ``terminal_width()``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        owner = func.value.id if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) else ""
        styled_by_render = name in ("ok", "Private", "Long") and owner not in ("render", "")
        if (name in TERMINAL_TEXT and not styled_by_render) or (name == "fit" and owner in ("view", "render")):
            found.append((node.lineno, f"{owner + '.' if owner else ''}{name}"))
    return found


def game_packages():
    """Every game's package, the games in the same box (Colors Jr) among them."""
    return sorted({_package(name) for name in GAME_NAMES})


@pytest.mark.parametrize("folder", game_packages(), ids=lambda folder: folder.name)
def test_issue19_item2_house_replies_and_questions_are_data_the_shell_fits_once(folder):
    offences = [f"{folder.name}/{path.name}:{line}: {call}" for path in sorted(folder.glob("*.py"))
                if path.name in REPLY_MODULES for line, call in terminal_text(path)]
    assert not offences, "replies made into terminal text by the game:\n" + "\n".join(offences)


@pytest.mark.parametrize("folder", game_packages(), ids=lambda folder: folder.name)
def test_issue19_item4_house_no_game_asks_the_terminal_its_width(folder):
    offences = [f"{folder.name}/{path.name}:{line}" for path in sorted(folder.glob("*.py"))
                for line, call in terminal_text(path) if call.endswith("terminal_width")]
    assert not offences, "the terminal's width asked by a game (ctx.width says it):\n" + "\n".join(offences)


def every_phases(path):
    """Lines where ``path`` names the core's EVERY (each seat acts, the move checks which)."""
    return sorted({node.lineno for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                   if (isinstance(node, ast.Name) and node.id == "EVERY")
                   or (isinstance(node, ast.alias) and node.name == "EVERY")
                   or (isinstance(node, ast.Attribute) and node.attr == "EVERY")} - {None})


@pytest.mark.parametrize("folder", game_packages(), ids=lambda folder: folder.name)
def test_issue19_item4_house_whose_turn_comes_from_the_phase_table_alone(folder):
    """No EVERY phase, whose moves would check the turn by hand: a phase's ``acts`` or a
    move's ``acts`` (boardgame.io's activePlayers) names who may act."""
    offences = [f"{folder.name}/{path.name}:{line}" for path in sorted(folder.glob("*.py"))
                for line in every_phases(path)]
    assert not offences, "EVERY phases:\n" + "\n".join(offences)


def test_issue19_item2_item4_house_the_scans_find_a_package_that_breaks_them(tmp_path):
    bad = tmp_path / "replies.py"
    bad.write_text("from referee.core import render\nfrom referee.core.phases import EVERY\n"
                   "def told(ctx, before, after, action):\n"
                   "    return render.ok(view.fit('x', render.terminal_width()))\n")
    assert terminal_text(bad) == [(4, "render.ok"), (4, "view.fit"), (4, "render.terminal_width")]
    assert every_phases(bad) == [2]
    bad.write_text("def told(ctx, before, after, action):\n    return Reply.ok('x')\n")
    assert terminal_text(bad) == []  # the reply as data is the house's way
