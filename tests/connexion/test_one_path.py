"""Issue 19 item 1 for ConneXion: a typed move runs each of its checks once (core.play),
the lexicon is asked only once the cheap rules passed, and the package has no import
circle (item 3), counting imports inside functions."""

import ast
from collections import Counter
from pathlib import Path

import pytest

from referee.games.connexion import claims, paths, reading
from referee.games.connexion import services
from tests.tables import open_table, typed

METAPHOR = ("place mu", "place eta", "place phi", "place alpha", "place omicron", "place rho")
PACKAGE = Path(claims.__file__).parent


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    return open_table("connexion", tmp_path, seed=None, timer=0)


def _counting(monkeypatch, calls, module, name):
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls[name] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)


@pytest.fixture
def calls(monkeypatch):
    """How often the claim's checks and the lexicon run, counted where they are defined
    (the claims module's own calls go through the module, so a second run anywhere is seen):
    verify_claim (the turn, the time, the word not scored yet) and the path's check
    (paths.claimed_path, which hands a path it would refuse to check_path)."""
    found = Counter()
    _counting(monkeypatch, found, claims, "verify_claim")
    _counting(monkeypatch, found, paths, "claimed_path")
    monkeypatch.setattr(claims, "claimed_path", paths.claimed_path)
    real_lexicon = services.lexicon

    def lexicon(session):
        found["lexicon"] += 1
        return real_lexicon(session)

    monkeypatch.setattr(reading, "lexicon", lexicon)
    return found


@pytest.mark.parametrize("line", ["word metaphor", "Ben: word metaphor"])
def test_an_accepted_word_runs_each_check_once_and_is_journalled_by_its_claimant(table, calls, line):
    session, shell, out = table
    typed(shell, out, *METAPHOR)
    calls.clear()
    assert shell.execute(line), out[-1]
    assert calls == {"verify_claim": 1, "claimed_path": 1, "lexicon": 1}
    assert session.last["by"] == "Ben" and session.last["verdict"] == "word"
    assert session.speaker is None  # the shell's, for one line only


def test_a_word_out_of_turn_is_refused_before_the_lexicon_is_asked(table, calls):
    session, shell, out = table
    typed(shell, out, *METAPHOR)
    calls.clear()
    assert not shell.execute("Ann: word metaphor")
    assert "it is Ben's turn, not Ann's (CX-5)" in out[-1]
    assert calls["lexicon"] == 0 and calls["claimed_path"] == 0


def test_a_path_the_board_cannot_spell_is_refused_before_the_lexicon_is_asked(table, calls):
    session, shell, out = table
    text = typed(shell, out, "place mu", "place eta", "word mezzo")
    assert "no path on the board spells MEZZO" in text
    assert calls["lexicon"] == 0


def test_a_typed_path_with_a_slip_is_read_before_the_turn_is_checked(table):
    """The one order that changed (issue 19 item 1): a typed path's positions are words,
    read before the claim's rules run, so a mistyped one is said first even out of turn."""
    session, shell, out = table
    typed(shell, out, *METAPHOR)
    assert not shell.execute("Ann: word metaphor 1-2-x")
    assert "'x' is not a position" in out[-1]
    assert not shell.execute("Ann: word metaphor 1-2-3-5-6")
    assert "it is Ben's turn, not Ann's (CX-5)" in out[-1]


def test_bonus_alone_lays_the_sun_through_the_bonus_command(tmp_path, monkeypatch):
    """`bonus` alone is the start_bonus move: its reading returns that whole action."""
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = open_table("connexion", tmp_path, seed=None, timer=0)
    assert not shell.execute("bonus")
    assert "the bonus round comes after position 24's turn; 24 cards are still to place (CX-10)" in out[-1]
    assert session.journal.records == []


def _imports(path, package):
    """The modules of ``package`` that ``path`` imports, at the top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found.update([node.module] if node.module else [a.name for a in node.names])
        elif isinstance(node, ast.ImportFrom) and node.module == package:
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(package + "."):
            found.add(node.module[len(package) + 1:])
    return {name.split(".")[0] for name in found} - {path.stem}


def test_issue19_item3_no_import_circle_in_the_package():
    package = "referee.games.connexion"
    graph = {p.stem: _imports(p, package) for p in PACKAGE.glob("*.py") if p.stem != "__init__"}

    def reaches(start, goal, seen):
        for step in graph.get(start, ()):
            if step == goal:
                return True
            if step not in seen:
                seen.add(step)
                if reaches(step, goal, seen):
                    return True
        return False

    circles = sorted(name for name in graph if reaches(name, name, set()))
    assert circles == [], f"modules in an import circle: {circles}"
