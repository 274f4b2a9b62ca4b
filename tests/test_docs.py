"""The docs stay in step with the code: README.rst, man/referee.1 and .ci/run.

Everything is read from the registries the program itself uses (the click group, the
shell's and each game's command sets, the table options), so a new option, command or
alias that is not documented, or a documented one that no longer exists, fails here.
"""

import re
import shlex
from pathlib import Path

import click
import pytest

from referee.cli import main
from referee.core.builtins import SHELL
from referee.games import GAMES, load

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.rst"
MAN = ROOT / "man" / "referee.1"
CI = ROOT / ".ci" / "run"

INSTALL_AND_PLAY = "python3 -m pip install . && referee connexion --players Ann,Ben,Cy"
INSTALL_AND_TEST = "python3 -m pip install '.[test]' && python3 -m pytest"


# -- the program's own registries ------------------------------------------------------


def _root_context():
    return main.make_context("referee", [], resilient_parsing=True)


def _commands():
    """(name, command, context) for the group itself and every subcommand, games included."""
    root = _root_context()
    found = [("", main, root)]
    for name in main.list_commands(root):
        cmd = main.get_command(root, name)
        found.append((name, cmd, cmd.make_context(name, [], parent=root, resilient_parsing=True)))
    return found


COMMANDS = _commands()
COMMAND_IDS = [name or "referee" for name, _, _ in COMMANDS]


def _usage(name, cmd, ctx):
    return " ".join(["referee"] + ([name] if name else []) + cmd.collect_usage_pieces(ctx))


def _options(cmd, ctx):
    """The options --help shows (a hidden one is not documented, as click does not list it)."""
    return [p for p in cmd.get_params(ctx) if isinstance(p, click.Option) and not p.hidden]


def _game_commands():
    """(game entry, the commands a player can type in it: the shell's plus the game's)."""
    return [(entry, SHELL.extend(load(entry.name).commands)) for entry in GAMES]


def _all_long_options():
    words = set()
    for _, cmd, ctx in COMMANDS:
        for option in _options(cmd, ctx):
            words.update(w for w in option.opts + option.secondary_opts if w.startswith("--"))
    for _, commands in _game_commands():  # in-game flags such as `find --json`
        for command in commands.commands.values():
            words.update(re.findall(r"--[a-z][a-z-]*", command.usage))
    return words


# -- reading the man page (troff source) ----------------------------------------------

_ALTERNATING = {"BR", "RB", "BI", "IB", "RI", "IR"}
_SINGLE = {"B", "I", "SB", "SM"}
_ESCAPES = [
    (r"\-", "-"), (r"\(aq", "'"), (r"\(dq", '"'), (r"\(em", "--"), (r"\(en", "-"),
    (r"\e", "\\"), (r"\&", ""), (r"\ ", " "), (r"\~", " "),
]


def _unescape(text):
    text = re.sub(r"\\f(\[[^\]]*\]|\(..|.)", "", text)  # font changes
    for escape, plain in _ESCAPES:
        text = text.replace(escape, plain)
    return text


def _macro_args(rest):
    """Split a macro's arguments as troff does: by spaces, double quotes grouping."""
    args, current, quoted, started = [], [], False, False
    for ch in rest:
        if ch == '"':
            quoted, started = not quoted, True
        elif ch in " \t" and not quoted:
            if started:
                args.append("".join(current))
            current, started = [], False
        else:
            current.append(ch)
            started = True
    if started:
        args.append("".join(current))
    return args


def _squash(text):
    return re.sub(r"\s+", " ", text).strip()


def _man():
    """The man page as plain text plus its headings and tagged paragraphs.

    Returns (text, subsections, entries): ``subsections`` maps each .SH to its .SS
    titles; ``entries`` lists (section, subsection, tag, body) for every .TP.
    """
    texts, subsections, entries = [], {}, []
    section = subsection = None
    entry = None
    waiting_for_tag = False

    def close():
        nonlocal entry
        if entry is not None:
            entries.append((section, subsection, _squash(entry[0] or ""), _squash(" ".join(entry[1]))))
        entry = None

    for raw in MAN.read_text(encoding="utf-8").splitlines():
        if raw.startswith('.\\"') or raw.startswith("'\\\""):
            continue
        if raw.startswith((".", "'")):
            macro, _, rest = raw[1:].partition(" ")
            args = _macro_args(rest)
            if macro in ("SH", "SS"):
                close()
                title = _squash(_unescape(" ".join(args)))
                if macro == "SH":
                    section, subsection = title, None
                    subsections.setdefault(section, [])
                else:
                    subsection = title
                    subsections[section].append(title)
                texts.append(title)
                continue
            if macro == "TP":
                close()
                entry, waiting_for_tag = [None, []], True
                continue
            if macro in ("PP", "P", "LP", "RS", "RE"):
                close()
                continue
            if macro in _ALTERNATING:
                line = "".join(_unescape(a) for a in args)
            elif macro in _SINGLE:
                line = " ".join(_unescape(a) for a in args)
            else:
                continue  # .TH, .nf, .fi, .br, .nh, .ad: layout only
        else:
            line = _unescape(raw)
        texts.append(line)
        if entry is not None and waiting_for_tag:
            entry[0], waiting_for_tag = line, False
        elif entry is not None:
            entry[1].append(line)
    close()
    return _squash(" ".join(texts)), subsections, entries


MAN_TEXT, MAN_SUBSECTIONS, MAN_ENTRIES = _man()


def _tags(section, subsection=None):
    return [tag for sh, ss, tag, _ in MAN_ENTRIES if sh == section and (subsection is None or ss == subsection)]


def _mentions(text, word):
    """``word`` stands alone in ``text`` (so -p is not found inside --players)."""
    return re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text) is not None


# -- reading the README (reStructuredText) -----------------------------------------------

_CODE_DIRECTIVES = ("code", "code-block", "sourcecode")


def _readme_blocks():
    """The literal and code blocks of README.rst in order: (line number of the marker, text)."""
    lines = README.read_text(encoding="utf-8").splitlines()
    blocks = []
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        directive = re.match(r"\.\.\s+([\w-]+)::", stripped)
        starts = False
        if directive:
            starts = directive.group(1) in _CODE_DIRECTIVES
        elif stripped.endswith("::") and not stripped.startswith(".."):
            starts = True
        if not starts:
            i += 1
            continue
        marker = i
        indent = len(line) - len(line.lstrip())
        i += 1
        while i < len(lines) and (not lines[i].strip() or re.match(r"\s+:[\w-]+:", lines[i])):
            i += 1  # blank lines and directive options
        body = []
        while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > indent):
            body.append(lines[i])
            i += 1
        while body and not body[-1].strip():
            body.pop()
        if body:
            cut = min(len(b) - len(b.lstrip()) for b in body if b.strip())
            blocks.append((marker, "\n".join(b[cut:] for b in body)))
    return blocks


def _ci_test_command():
    lines = [ln.strip() for ln in CI.read_text(encoding="utf-8").splitlines()]
    commands = [ln for ln in lines if "pytest" in ln and not ln.startswith("#")]
    assert len(commands) == 1, f".ci/run should run pytest on exactly one line, found {commands}"
    return commands[0]


# -- the man page against the command line -------------------------------------------------


def test_man_page_documents_every_command_with_its_usage():
    documented = MAN_SUBSECTIONS.get("COMMANDS", [])
    for name, cmd, ctx in COMMANDS:
        assert _usage(name, cmd, ctx) in documented, f"man/referee.1 COMMANDS lacks .SS {_usage(name, cmd, ctx)!r}"
    assert len(documented) == len(COMMANDS), f"man/referee.1 documents commands that do not exist: {documented}"


@pytest.mark.parametrize("name, cmd, ctx", COMMANDS, ids=COMMAND_IDS)
def test_man_page_lists_exactly_the_options_of(name, cmd, ctx):
    """Each option's first column in --help (``-p, --players NAMES``) is a tag, and no more."""
    expected = sorted(option.get_help_record(ctx)[0] for option in _options(cmd, ctx))
    documented = sorted(_tags("COMMANDS", _usage(name, cmd, ctx)))
    assert documented == expected


@pytest.mark.parametrize("name, cmd, ctx", COMMANDS, ids=COMMAND_IDS)
def test_every_option_spelling_appears_in_man_page(name, cmd, ctx):
    for option in _options(cmd, ctx):
        for spelling in option.opts + option.secondary_opts:
            assert _mentions(MAN_TEXT, spelling), f"{spelling} of `referee {name}` is not in man/referee.1"
        choices = getattr(option.type, "choices", None)
        if choices:
            assert "[" + "|".join(choices) + "]" in MAN_TEXT, f"choices of {option.opts} not in man/referee.1"


def test_man_page_mentions_game_aliases():
    for entry in GAMES:
        for alias in entry.aliases:
            assert f"referee {alias}" in MAN_TEXT, f"`referee {alias}` is not in man/referee.1"


def test_man_page_long_options_all_exist():
    known = _all_long_options()
    unknown = sorted(set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", MAN_TEXT)) - known)
    assert not unknown, f"man/referee.1 mentions options that do not exist: {unknown}"


# -- the man page against the in-game commands --------------------------------------------


@pytest.mark.parametrize("entry, commands", _game_commands(), ids=[e.name for e in GAMES])
def test_man_page_documents_every_in_game_command(entry, commands):
    game = load(entry.name)
    for command in commands.commands.values():
        where = game.title if command.group == "game" else "At any time"
        found = [(ss, body) for sh, ss, tag, body in MAN_ENTRIES if sh == "IN-GAME COMMANDS" and tag == command.usage]
        assert found, f"in-game `{command.usage}` is not a tag in man/referee.1"
        mine = [(ss, body) for ss, body in found if ss == where]  # two games may share a usage (`finish`)
        assert mine, command.name
        subsection, body = mine[0]
        if command.aliases:
            also = "Also " + ", ".join(command.aliases) + "."
            assert also in body, f"man/referee.1 should say {also!r} under {command.name}"
        else:
            assert "Also " not in body, f"man/referee.1 gives {command.name} aliases it does not have"
        assert _mentions(MAN_TEXT, command.name)


def test_man_page_in_game_commands_all_exist():
    names = set()
    for _, commands in _game_commands():
        names.update(commands.commands)
    for tag in _tags("IN-GAME COMMANDS"):
        assert tag.split()[0] in names, f"man/referee.1 documents an in-game command that does not exist: {tag!r}"


@pytest.mark.parametrize("entry", GAMES, ids=[e.name for e in GAMES])
def test_man_page_documents_every_table_option_with_default_and_ruling(entry):
    """Under TABLE OPTIONS, a subsection titled as the game lists exactly its options."""
    game = load(entry.name)
    expected = {f"{option.name} (default {option.show(option.default)}; {option.rule})" for option in game.options}
    assert set(_tags("TABLE OPTIONS", game.title)) == expected


def test_man_page_table_options_are_all_under_a_game():
    titles = {load(entry.name).title for entry in GAMES}
    assert set(MAN_SUBSECTIONS["TABLE OPTIONS"]) <= titles
    assert all(ss in titles for sh, ss, _, _ in MAN_ENTRIES if sh == "TABLE OPTIONS")


def test_man_page_has_the_sections_of_a_manual():
    for section in ("NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "IN-GAME COMMANDS", "TABLE OPTIONS",
                    "FILES", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES", "SEE ALSO"):
        assert section in MAN_SUBSECTIONS, f"man/referee.1 lacks .SH {section}"
    assert set(_tags("EXIT STATUS")) == {"0", "1", "2", "3"}
    assert {"REFEREE_HOME", "NO_COLOR"} <= set(_tags("ENVIRONMENT"))


# -- the README ----------------------------------------------------------------------------


def test_readme_opens_with_the_two_commands():
    blocks = _readme_blocks()
    assert [text for _, text in blocks[:2]] == [INSTALL_AND_PLAY, INSTALL_AND_TEST]


def test_readme_has_only_a_title_and_one_sentence_before_the_commands():
    lines = README.read_text(encoding="utf-8").splitlines()[: _readme_blocks()[0][0]]
    lines = [ln for ln in lines if ln.strip()]
    assert len(lines) >= 3 and set(lines[1]) == {"="} and len(lines[1]) >= len(lines[0]), "a title first"
    paragraph = " ".join(lines[2:])
    assert not re.search(r"[.!?]\s+\S", paragraph), f"one sentence only before the commands: {paragraph!r}"
    text = README.read_text(encoding="utf-8")
    start = text.index(lines[2])
    assert "\n\n" not in text[start: text.index("::", start)].strip(), "one paragraph only before the commands"


def test_readme_test_command_is_what_ci_runs():
    assert _ci_test_command() == INSTALL_AND_TEST
    assert _readme_blocks()[1][1] == _ci_test_command()


def test_readme_long_options_all_exist():
    text = README.read_text(encoding="utf-8")
    known = _all_long_options()
    unknown = sorted(set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", text)) - known)
    assert not unknown, f"README.rst mentions options that do not exist: {unknown}"


def _readme_command_lines():
    """Every `referee ...` command line in the README's literal blocks, as argument lists."""
    found = []
    for _, block in _readme_blocks():
        for line in block.splitlines():
            line = line.strip()
            if line.startswith("$ "):
                line = line[2:]
            for part in re.split(r"&&|\|", line):
                try:
                    words = shlex.split(part)
                except ValueError:
                    continue
                words = [w for w in words if not re.match(r"^\d?>", w)]  # redirections
                if words[:1] == ["referee"]:
                    found.append(words[1:])
    return found


@pytest.mark.parametrize("args", _readme_command_lines(), ids=lambda a: " ".join(a)[:60])
def test_readme_command_lines_parse(args, monkeypatch, tmp_path):
    """Each `referee ...` line in a README example is accepted by the real command line."""
    monkeypatch.chdir(ROOT)  # example scripts are named relative to the checkout
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    root = _root_context()
    if not args or args[0].startswith("-"):
        with pytest.raises(click.exceptions.Exit) as done:
            main.make_context("referee", list(args))
        assert done.value.exit_code == 0
        return
    cmd = main.get_command(root, args[0])
    assert cmd is not None, f"no command `referee {args[0]}`"
    with cmd.make_context(args[0], list(args[1:]), parent=root):
        pass


def test_readme_names_every_command_and_option():
    text = README.read_text(encoding="utf-8")
    for name, cmd, ctx in COMMANDS:
        if name:
            assert f"referee {name}" in text, f"README.rst never shows `referee {name}`"
        for option in _options(cmd, ctx):
            longs = [w for w in option.opts if w.startswith("--")]
            assert any(_mentions(text, w) for w in longs), f"README.rst never mentions {longs} of `referee {name}`"
