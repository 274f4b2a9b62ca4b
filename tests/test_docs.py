"""The docs stay in step with the code: README.rst, the man pages and .ci/run.

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
from referee.core import manual
from referee.core.builtins import SHELL
from referee.games import GAMES, entry, load

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.rst"
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


def _variants(entry):
    """The game and every other game its box holds (Cosmic Colors Jr), as `variant` picks."""
    game = load(entry.name)
    found = [game]
    flag = entry.flag("variant")
    for choice in flag.choices if flag else ():
        other = game.variant({"options": {"variant": choice}})
        if all(other is not g for g in found):
            found.append(other)
    return found


def _game_commands():
    """(game entry, game, the commands a player can type in it: the shell's plus the
    game's), for every game and every other game in its box (Cosmic Colors Jr)."""
    return [(entry, game, SHELL.extend(game.commands)) for entry in GAMES for game in _variants(entry)]


def _all_long_options():
    words = set()
    for _, cmd, ctx in COMMANDS:
        for option in _options(cmd, ctx):
            words.update(w for w in option.opts + option.secondary_opts if w.startswith("--"))
    for _, _, commands in _game_commands():  # in-game flags such as `find --json`
        for command in commands.commands.values():
            words.update(re.findall(r"--[a-z][a-z-]*", command.usage))
    return words


# -- reading the man pages (troff source) ----------------------------------------------
#
# Like git, the tool has one page for itself (man/referee.1: the utilities, the options and
# in-game commands every game has, saves) and one page a game (man/referee-GAME.1: its
# options, its own in-game commands, table options and examples). Each check reads the
# page where its subject belongs.

_ALTERNATING = {"BR", "RB", "BI", "IB", "RI", "IR"}
_SINGLE = {"B", "I", "SB", "SM"}


def _unescape(text):
    return manual.plain(text).replace("\u00a0", " ")


def _squash(text):
    return re.sub(r"\s+", " ", text).strip()


class Page:
    """One man page as plain text plus its headings, tagged paragraphs and verbatim lines.

    ``subsections`` maps each .SH to its .SS titles; ``entries`` lists (section,
    subsection, tag, body) for every .TP; ``sections`` maps each .SH to its text;
    ``verbatim`` lists the lines of its .nf blocks (examples, transcripts)."""

    def __init__(self, path):
        self.path = path
        self.name = path.name
        texts, self.subsections, self.entries, self.sections, self.verbatim = [], {}, [], {}, []
        section = subsection = None
        entry = None
        waiting_for_tag = nofill = False

        def close():
            nonlocal entry
            if entry is not None:
                self.entries.append((section, subsection, _squash(entry[0] or ""), _squash(" ".join(entry[1]))))
            entry = None

        for raw in path.read_text(encoding="utf-8").splitlines():
            if raw.startswith('.\\"') or raw.startswith("'\\\""):
                continue
            if raw.startswith((".", "'")):
                macro, _, rest = raw[1:].partition(" ")
                args = manual._args(rest)
                if macro in ("SH", "SS"):
                    close()
                    title = _squash(_unescape(" ".join(args)))
                    if macro == "SH":
                        section, subsection = title, None
                        self.subsections.setdefault(section, [])
                    else:
                        subsection = title
                        self.subsections[section].append(title)
                    texts.append(title)
                    continue
                if macro == "TP":
                    close()
                    entry, waiting_for_tag = [None, []], True
                    continue
                if macro in ("PP", "P", "LP", "RS", "RE", "IP"):
                    close()
                    continue
                if macro in ("nf", "fi"):
                    nofill = macro == "nf"
                    continue
                if macro in _ALTERNATING:
                    line = "".join(_unescape(a) for a in args)
                elif macro in _SINGLE:
                    line = " ".join(_unescape(a) for a in args)
                else:
                    continue  # .TH, .br, .nh, .ad: layout only
            else:
                line = _unescape(raw)
            texts.append(line)
            self.sections[section] = self.sections.get(section, "") + " " + line
            if nofill:
                self.verbatim.append(line)
            if entry is not None and waiting_for_tag:
                entry[0], waiting_for_tag = line, False
            elif entry is not None:
                entry[1].append(line)
        close()
        self.text = _squash(" ".join(texts))
        self.sections = {k: _squash(v) for k, v in self.sections.items()}

    def tags(self, section, subsection=None):
        return [tag for sh, ss, tag, _ in self.entries if sh == section and (subsection is None or ss == subsection)]


MAN_DIR = ROOT / "man"
MAN = MAN_DIR / "referee.1"


def game_page_path(name):
    return MAN_DIR / f"referee-{name}.1"


TOOL = Page(MAN)
PAGES = {entry.name: Page(game_page_path(entry.name)) for entry in GAMES}
ALL_PAGES = [TOOL] + list(PAGES.values())
PAGE_IDS = [page.name for page in ALL_PAGES]
GAME_NAMES = {entry.name for entry in GAMES}


def _page_of(name):
    """The page that documents `referee NAME`: a game's own, else the whole tool's."""
    return PAGES[name] if name in GAME_NAMES else TOOL


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


# -- the man pages against the command line ----------------------------------------------


def test_man_page_documents_every_command_with_its_usage():
    """referee.1 has the group and each utility under COMMANDS; a game's usage is its own
    page's synopsis."""
    documented = TOOL.subsections.get("COMMANDS", [])
    utilities = [(name, cmd, ctx) for name, cmd, ctx in COMMANDS if name not in GAME_NAMES]
    for name, cmd, ctx in utilities:
        assert _usage(name, cmd, ctx) in documented, f"man/referee.1 COMMANDS lacks .SS {_usage(name, cmd, ctx)!r}"
    assert len(documented) == len(utilities), f"man/referee.1 documents commands that do not exist: {documented}"
    for name, cmd, ctx in COMMANDS:
        if name in GAME_NAMES:
            assert _usage(name, cmd, ctx) in PAGES[name].sections["SYNOPSIS"], f"{PAGES[name].name} SYNOPSIS"


def _documented_options(name, cmd, ctx):
    if name in GAME_NAMES:
        return PAGES[name].tags("OPTIONS")
    return TOOL.tags("COMMANDS", _usage(name, cmd, ctx))


@pytest.mark.parametrize("name, cmd, ctx", COMMANDS, ids=COMMAND_IDS)
def test_man_page_lists_exactly_the_options_of(name, cmd, ctx):
    """Each option's first column in --help (``-p, --players NAMES``) is a tag, and no more:
    a game's under OPTIONS in its page, a utility's under its usage in referee.1."""
    expected = sorted(option.get_help_record(ctx)[0] for option in _options(cmd, ctx))
    assert sorted(_documented_options(name, cmd, ctx)) == expected


@pytest.mark.parametrize("name, cmd, ctx", COMMANDS, ids=COMMAND_IDS)
def test_every_option_spelling_appears_in_man_page(name, cmd, ctx):
    page = _page_of(name)
    for option in _options(cmd, ctx):
        for spelling in option.opts + option.secondary_opts:
            assert _mentions(page.text, spelling), f"{spelling} of `referee {name}` is not in man/{page.name}"
        choices = getattr(option.type, "choices", None)
        if choices:
            assert "[" + "|".join(choices) + "]" in page.text, f"choices of {option.opts} not in man/{page.name}"


def test_issue20_item20_referee_1_gives_the_options_every_game_takes():
    """GAME OPTIONS in referee.1 lists the game options that are not one game's own flag
    (-p, -m, --seed, --script, --manual ...), each once, and no other."""
    common = set()
    for name, cmd, ctx in COMMANDS:
        if name in GAME_NAMES:
            own = {decl for flag in entry(name).flags for decl in flag.decls}
            common.update(o.get_help_record(ctx)[0] for o in _options(cmd, ctx) if not own & set(o.opts))
    tags = TOOL.tags("GAME OPTIONS")
    assert len(tags) == len(set(tags)) and set(tags) == common


def test_man_page_mentions_game_aliases():
    for item in GAMES:
        for alias in item.aliases:
            assert f"referee {alias}" in PAGES[item.name].text, f"`referee {alias}` is not in man/referee-{item.name}.1"
            assert f"referee {alias}" in TOOL.sections["DESCRIPTION"], f"`referee {alias}` is not in man/referee.1"


@pytest.mark.parametrize("page", ALL_PAGES, ids=PAGE_IDS)
def test_man_page_long_options_all_exist(page):
    known = _all_long_options()
    unknown = sorted(set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", page.text)) - known)
    assert not unknown, f"man/{page.name} mentions options that do not exist: {unknown}"


# -- the man pages against the in-game commands ---------------------------------------------


@pytest.mark.parametrize("entry, game, commands", _game_commands(),
                         ids=[type(g).__module__.split(".")[-2] for _, g, _ in _game_commands()])
def test_man_page_documents_every_in_game_command(entry, game, commands):
    """A game's own command is a tag under IN-GAME COMMANDS in its page; one every game has
    (the shell's) is a tag under IN-GAME COMMANDS, At any time, in referee.1."""
    for command in commands.commands.values():
        page = PAGES[entry.name] if command.group == "game" else TOOL
        where = None if command.group == "game" else "At any time"
        found = [body for sh, ss, tag, body in page.entries
                 if sh == "IN-GAME COMMANDS" and tag == command.usage and (where is None or ss == where)]
        assert found, f"in-game `{command.usage}` is not a tag in man/{page.name}"
        body = found[0]
        if command.aliases:
            also = "Also " + ", ".join(command.aliases) + "."
            assert also in body, f"man/{page.name} should say {also!r} under {command.name}"
        else:
            assert "Also " not in body, f"man/{page.name} gives {command.name} aliases it does not have"
        assert _mentions(page.text, command.name)


@pytest.mark.parametrize("page", ALL_PAGES, ids=PAGE_IDS)
def test_man_page_in_game_commands_all_exist(page):
    """Each page documents commands of its own: a game's page the game's, referee.1 the
    shell's (`finish` in the ConneXion page is ConneXion's)."""
    names = set()
    for item, game, commands in _game_commands():
        if page is TOOL:
            names.update(SHELL.commands)
        elif page is PAGES[item.name]:
            names.update(n for n, c in commands.commands.items() if c.group == "game")
    for tag in page.tags("IN-GAME COMMANDS"):
        assert tag.split()[0] in names, f"man/{page.name} documents an in-game command that does not exist: {tag!r}"


@pytest.mark.parametrize("entry", GAMES, ids=[e.name for e in GAMES])
def test_man_page_documents_every_table_option_with_default_and_ruling(entry):
    """Under TABLE OPTIONS, a game's page lists exactly its options (and its variants')."""
    expected = set()
    for game in _variants(entry):
        expected |= {f"{option.name} (default {option.show(option.default)}; {option.rule})" for option in game.options}
    assert set(PAGES[entry.name].tags("TABLE OPTIONS")) == expected


def test_man_page_table_options_are_all_under_a_game():
    """referee.1 says how options are set and lists none: each game's are in its page,
    with no subsection there."""
    assert TOOL.tags("TABLE OPTIONS") == [] and TOOL.subsections["TABLE OPTIONS"] == []
    for page in PAGES.values():
        assert page.subsections["TABLE OPTIONS"] == []


def test_man_page_has_the_sections_of_a_manual():
    for section in ("NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "GAME OPTIONS", "IN-GAME COMMANDS",
                    "TABLE OPTIONS", "FILES", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES", "SEE ALSO"):
        assert section in TOOL.subsections, f"man/referee.1 lacks .SH {section}"
    assert set(TOOL.tags("EXIT STATUS")) == {"0", "1", "2", "3"}
    assert {"REFEREE_HOME", "NO_COLOR"} <= set(TOOL.tags("ENVIRONMENT"))


@pytest.mark.parametrize("entry", GAMES, ids=[e.name for e in GAMES])
def test_issue20_item20_each_game_has_a_page_of_its_own(entry):
    """man/referee-GAME.1 has the sections of a manual, names itself and the game, and
    points to referee(1); referee.1 names it twice (the games' list and SEE ALSO)."""
    page = PAGES[entry.name]
    for section in ("NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "IN-GAME COMMANDS", "TABLE OPTIONS",
                    "RULE IDS", "EXAMPLES", "SEE ALSO"):
        assert section in page.subsections, f"man/{page.name} lacks .SH {section}"
    assert page.sections["NAME"].startswith(f"referee-{entry.name} - ")
    assert load(entry.name).title in page.sections["NAME"]
    assert "referee(1)" in page.sections["SEE ALSO"]
    assert f"referee-{entry.name}(1)" in TOOL.sections["DESCRIPTION"]
    assert f"referee-{entry.name}(1)" in TOOL.sections["SEE ALSO"]
    assert f"referee help {entry.name}" in page.text


def test_issue20_item20_the_man_folder_holds_the_tools_page_and_one_a_game():
    assert sorted(p.name for p in MAN_DIR.iterdir()) == sorted(["referee.1"] + [f"referee-{e.name}.1" for e in GAMES])


def _command_lines(lines):
    """Every `referee ...` command in some lines of text, as argument lists."""
    found = []
    for line in lines:
        line = line.strip()
        if line.startswith("$ "):
            line = line[2:]
        for part in re.split(r"&&|\|", line):
            try:
                words = shlex.split(part, comments=True)  # a shell comment is no argument
            except ValueError:
                continue
            words = [w for w in words if not re.match(r"^\d?>", w)]  # redirections
            if words[:1] == ["referee"]:
                found.append(words[1:])
    return found


def _parses(args, monkeypatch, tmp_path):
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


_MAN_EXAMPLES = [(page.name, args) for page in ALL_PAGES for args in _command_lines(page.verbatim)]


@pytest.mark.parametrize("page, args", _MAN_EXAMPLES, ids=[f"{p}: " + " ".join(a)[:60] for p, a in _MAN_EXAMPLES])
def test_issue20_item20_man_page_example_lines_parse(page, args, monkeypatch, tmp_path):
    """Each `referee ...` line of a page's examples and transcripts (the guide each game's
    page took over from the README) is accepted by the real command line."""
    _parses(args, monkeypatch, tmp_path)


def test_issue20_item20_every_page_has_examples_to_check():
    for page in ALL_PAGES:
        assert any(p == page.name for p, _ in _MAN_EXAMPLES), f"man/{page.name} shows no `referee` line"


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
    return _command_lines(line for _, block in _readme_blocks() for line in block.splitlines())


@pytest.mark.parametrize("args", _readme_command_lines(), ids=lambda a: " ".join(a)[:60])
def test_readme_command_lines_parse(args, monkeypatch, tmp_path):
    """Each `referee ...` line in a README example is accepted by the real command line."""
    _parses(args, monkeypatch, tmp_path)


def test_readme_names_every_command_and_where_its_options_are():
    """The README names every command and each game's page; every option of a command is
    in the page that documents the command (test_every_option_spelling_appears_in_man_page)."""
    text = README.read_text(encoding="utf-8")
    for name, cmd, ctx in COMMANDS:
        if name:
            assert f"referee {name}" in text, f"README.rst never shows `referee {name}`"
    for item in GAMES:
        assert f"man/referee-{item.name}.1" in text, f"README.rst never says where {item.name}'s page is"
    assert "man/referee.1" in text
