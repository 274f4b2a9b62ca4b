"""A non-editable install carries the word lists (issue 11 item 1).

The lists live in the top-level ``wordlists/`` folder and setup.py maps them into the
package as ``referee/wordlists/``. A checkout (and an editable install) reads them in
place, so only a real build can show that an installed copy has them. setuptools'
``build`` is what fills a wheel (``pip install .`` builds one with it): it runs here on a
copy of the sources, offline, in about a second, and the lexicon is then run from the
built tree alone. Marked ``packaging`` (``pytest -m packaging`` runs just these); CI runs
every test, these included.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHIPPED = {"README.md", "SCOWL-COPYRIGHT", "enable.txt", "scowl-large-extra.txt", "abbreviations.txt",
           "names-and-acronyms.txt", "house-allow.txt", "house-deny.txt", "lexicon-table.txt"}

pytestmark = pytest.mark.packaging


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    pytest.importorskip("setuptools", reason="the build needs setuptools, which pip installs referee with")
    source = tmp_path_factory.mktemp("source")
    for name in ("setup.py", "setup.cfg", "README.rst"):
        shutil.copy(REPO / name, source / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(REPO / "referee", source / "referee", ignore=ignore)
    shutil.copytree(REPO / "wordlists", source / "wordlists", ignore=ignore)
    shutil.copytree(REPO / "man", source / "man", ignore=ignore)
    out = tmp_path_factory.mktemp("build")
    result = subprocess.run([sys.executable, "setup.py", "-q", "build", "--build-base", str(out)],
                            cwd=source, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    return out / "lib"


def test_item1_a_non_editable_build_installs_the_word_lists_in_the_package(built):
    folder = built / "referee" / "wordlists"
    assert SHIPPED <= {path.name for path in folder.iterdir()}
    for name in SHIPPED:
        assert (folder / name).read_bytes() == (REPO / "wordlists" / name).read_bytes(), name
    assert not (built / "wordlists").exists()  # inside the package, not a stray top-level folder


def test_item1_the_installed_lexicon_reads_its_own_lists(built, tmp_path):
    code = (
        "import json, referee, referee.core.lexicon as m\n"
        "lex = m.Lexicon()\n"
        "print(json.dumps([referee.__file__, m.wordlists_folder(),"
        " [lex.verdict(w).source for w in ('cat', 'favourite', 'xx', 'toronto', 'za')]]))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(built))
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    where, folder, sources = json.loads(result.stdout)
    assert where.startswith(str(built)) and folder == str(built / "referee" / "wordlists")
    assert sources == ["enable", "scowl", "abbreviation", "names", "allow"]


def _data_files():
    """Every file of the package that is not Python: card tables, rule tables, ..."""
    found = []
    for path in sorted((REPO / "referee").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".py", ".pyc"):
            found.append(path.relative_to(REPO))
    return found


def test_issue9_item6_one_package_data_rule_ships_every_games_data_files(built):
    """setup.cfg's one rule (``* = *.tsv, ruletable.md``) must cover each game's data: a
    new game's table in a format it does not name fails here, not at a player's table."""
    data = _data_files()
    assert {p.parts[2] for p in data if p.parts[1] == "games"} >= {"connexion", "connections", "colors", "cosmocode"}
    missing = [str(p) for p in data if not (built / p).is_file()]
    assert not missing, f"not installed (extend setup.cfg's package_data rule): {missing}"
    for path in data:
        assert (built / path).read_bytes() == (REPO / path).read_bytes(), path


def test_issue9_item6_the_installed_copy_reads_its_tables_and_rules(built, tmp_path):
    code = (
        "import json, referee\n"
        "from referee.games import GAMES, load\n"
        "from referee.games.connexion import cards\n"
        "print(json.dumps([referee.__file__, len(cards.deck()), len(cards.letters()),"
        " {e.name: list(load(e.name).rule_table().ids) for e in GAMES}]))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(built))
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    where, deck, letters, rules = json.loads(result.stdout)
    assert where.startswith(str(built))
    assert (deck, letters) == (28, 24)
    from referee.games import GAMES, load

    assert all(len(ids) > 6 for ids in rules.values()), rules  # each game's own rules and the core's G-n
    for item in GAMES:  # the installed tables are the checkout's, id for id (issue 9 item 4)
        assert rules[item.name] == list(load(item.name).rule_table().ids), item.name


def test_issue20_item20_a_non_editable_build_installs_the_manual_pages(built):
    """`pip install .` is not editable: the pages must be inside the package for
    `referee help GAME` to find them away from the checkout."""
    pages = sorted(p.name for p in (REPO / "man").glob("*.1"))
    assert len(pages) >= 6
    folder = built / "referee" / "man"
    assert pages == sorted(p.name for p in folder.glob("*.1"))
    for name in pages:
        assert (folder / name).read_bytes() == (REPO / "man" / name).read_bytes(), name
    assert not (built / "man").exists()


def test_issue20_item20_the_installed_copy_shows_a_games_page_without_man(built, tmp_path):
    """From the built tree alone, in a folder with no checkout and no `man` on the PATH,
    `referee help cosmos` prints the installed page as text."""
    code = "import sys; from referee.cli import main; sys.argv = ['referee', 'help', 'ct']; main()"
    env = dict(os.environ, PYTHONPATH=str(built), PATH=str(tmp_path), COLUMNS="50")
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.startswith("REFEREE-COSMOS(1)\n")
    assert "referee-cosmos - referee Crafting the Cosmos" in " ".join(result.stdout.split())
    assert "IN-GAME COMMANDS" in result.stdout and ".TP" not in result.stdout
