"""The manual pages where `man` is not installed (issue 20 item 20): `referee help GAME`
and `referee GAME --manual` show a game's own page, `referee help` the whole tool's,
through `man` when a terminal has it, else through a small roff reader and the pager.
"""

import os
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.core import manual
from referee.games import GAMES
from tests.test_docs import ALL_PAGES, PAGE_IDS, PAGES, TOOL, game_page_path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _run(args, monkeypatch, tmp_path, columns="72"):
    monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    return CliRunner().invoke(main, args)


def _rendered(page_path, width=72):
    return manual.render(page_path.read_text(encoding="utf-8"), width)


@pytest.mark.parametrize("args", [["help", "cosmos"], ["help", "ct"], ["help", "Crafting"], ["cosmos", "--manual"],
                                  ["ct", "--manual", "--players", "Ann,Ben"]])
def test_issue20_item20_help_and_manual_show_the_games_own_page(args, monkeypatch, tmp_path):
    result = _run(args, monkeypatch, tmp_path)
    assert result.exit_code == 0, result.output
    assert result.output == _rendered(game_page_path("cosmos"))
    assert result.output.startswith("REFEREE-COSMOS(1)\n")


@pytest.mark.parametrize("args", [["help"], ["help", "referee"], ["help", "stats"], ["help", "watch"]])
def test_issue20_item20_help_alone_or_for_a_utility_shows_the_whole_tools_page(args, monkeypatch, tmp_path):
    result = _run(args, monkeypatch, tmp_path)
    assert result.exit_code == 0, result.output
    assert result.output == _rendered(TOOL.path)


def test_issue20_item20_help_names_the_pages_there_are_for_an_unknown_topic(monkeypatch, tmp_path):
    result = _run(["help", "chess"], monkeypatch, tmp_path)
    assert result.exit_code == 2
    assert "no manual page for 'chess'" in result.output
    assert all(entry.name in result.output for entry in GAMES)


@pytest.mark.parametrize("entry", GAMES, ids=[e.name for e in GAMES])
def test_issue20_item20_manual_starts_no_game(entry, monkeypatch, tmp_path):
    """--manual is read first and ends the command: no prompt, no save, whatever follows."""
    result = _run([entry.name, "--players", "Ann,Ben", "--manual", "-o", "nonsense=1"], monkeypatch, tmp_path)
    assert result.exit_code == 0, result.output
    assert result.output == _rendered(game_page_path(entry.name))
    assert not any(files for _, _, files in os.walk(tmp_path))


@pytest.mark.parametrize("page", ALL_PAGES, ids=PAGE_IDS)
@pytest.mark.parametrize("width", [50, 80])
def test_issue20_item20_the_reader_leaves_no_roff_and_fits_the_screen(page, width):
    """On a 50-column phone every line fits but a verbatim example's (as in `man`), no
    macro or escape is left, and every tagged paragraph's tag is there."""
    text = _rendered(page.path, width)
    verbatim = {line.strip() for line in page.verbatim}
    for line in text.splitlines():
        assert not re.match(r"\.[A-Za-z]{1,2}\b", line.strip()), line
        assert not re.search(r"\\[f(\[&e-]", line), line
        assert len(line) <= width or line.strip() in verbatim, line
        assert line == line.rstrip(), repr(line)
    squashed = " ".join(text.split())
    for _, _, tag, _ in page.entries:
        assert tag in squashed, tag
    for section in page.subsections:
        assert f"\n{section}\n" in text


def test_issue20_item20_man_shows_the_page_when_a_terminal_has_it(monkeypatch):
    calls, paged = [], []
    monkeypatch.setattr(manual, "_terminal", lambda: True)
    monkeypatch.setattr(manual.shutil, "which", lambda name: "/usr/bin/man" if name == "man" else None)
    monkeypatch.setattr(manual.subprocess, "call", lambda args: calls.append(args) or 0)
    monkeypatch.setattr(manual.click, "echo_via_pager", paged.append)
    manual.show("referee-colors")
    assert calls == [["/usr/bin/man", "-l", manual.path("referee-colors")]] and paged == []


@pytest.mark.parametrize("man", [None, "/usr/bin/man"], ids=["no man", "man fails"])
def test_issue20_item20_without_man_the_page_goes_through_the_pager(man, monkeypatch):
    """No `man` (a phone), or a `man` that cannot format the page: the reader's text, fitted
    to the terminal, through click's pager."""
    paged = []
    monkeypatch.setenv("COLUMNS", "50")
    monkeypatch.setattr(manual, "_terminal", lambda: True)
    monkeypatch.setattr(manual.shutil, "which", lambda name: man)
    monkeypatch.setattr(manual.subprocess, "call", lambda args: 16)
    monkeypatch.setattr(manual.click, "echo_via_pager", paged.append)
    manual.show("referee-connexion")
    assert paged == [_rendered(PAGES["connexion"].path, 50)]


def test_issue20_item20_the_pages_are_read_from_the_checkout_when_not_installed():
    """An editable install has no referee/man/: the checkout's man/ is read in place."""
    assert os.path.samefile(manual.folder(), os.path.join(ROOT, "man")) or os.path.isfile(
        os.path.join(os.path.dirname(manual.__file__), "..", "man", "referee.1"))
    assert os.path.isfile(manual.path("referee-cosmocode"))


def test_issue20_item20_help_stays_fast():
    """`referee --help` and a game's --help import no manual reader (DESIGN 5)."""
    code = ("import sys\nfrom referee.cli import main\n"
            "for args in (['--help'], ['cosmos', '--help'], ['help', '--help']):\n"
            "    try:\n        main(args)\n    except SystemExit:\n        pass\n"
            "print('referee.core.manual' in sys.modules, 'referee.games.cosmos.game' in sys.modules, file=sys.stderr)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.stderr.strip().splitlines()[-1] == "False False"
    assert "--manual" in result.stdout and "help" in result.stdout


def test_issue20_item20_the_reader_lays_out_the_macros_the_pages_use():
    source = "\n".join([
        '.\\" a comment', '.TH REFEREE\\-X 1 "November 2026"', ".SH NAME", "referee\\-x \\- a game",
        ".SH OPTIONS", ".TP", ".BR \\-p \", \" \\-\\-players \" \\fINAMES\\fR\"", "Players in seat order,",
        ".B comma\\-separated .", ".TP", ".B \\-\\-json", "One object.", ".PP", "Then \\(em a list:",
        ".IP \\(bu 2", "first item", ".IP \\(bu 2", "second\\ item", ".PP", ".RS", ".nf", "\\&.  kept  as is",
        ".fi", ".RE", "After \\[u03A9]\\e\\(aq."])
    assert manual.render(source, 72) == "\n".join([
        "REFEREE-X(1)", "", "NAME", "       referee-x - a game", "", "OPTIONS", "",
        "       -p, --players NAMES", "              Players in seat order, comma-separated .", "",
        "       --json", "              One object.", "", "       Then \u2014 a list:", "",
        "       \u2022      first item", "", "       \u2022      second item", "",
        "              .  kept  as is", "       After \u03a9\\'.", ""])
