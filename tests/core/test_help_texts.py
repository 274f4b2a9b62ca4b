"""What the playtest of the finished Table-ready work found in the core's own texts:
help that outgrew a phone's screen, a refusal without its rule, and `referee --help`
cutting the utilities' one line mid-sentence."""

import os
import re
import subprocess
import sys

from referee.core import render
from referee.core.builtins import SHELL
from referee.core.commands import CommandSet  # noqa: F401  (the shell fixture's registry)


def test_help_is_a_long_reply_so_a_terminal_pages_it(shell):
    reply = SHELL.exact("help").handler(shell.context, "")
    assert isinstance(reply, render.Long)
    assert "At any time" in reply


def test_g3_undo_refused_for_what_was_revealed_cites_its_rule(shell):
    shell.execute("draw")
    assert shell.execute("undo") is False
    assert shell.printed[-1].rstrip().endswith("(G-3)")


def test_referee_help_gives_each_utility_its_whole_first_sentence():
    for width in ("80", "50"):
        env = dict(os.environ, COLUMNS=width)
        result = subprocess.run([sys.executable, "-m", "referee", "--help"], env=env, capture_output=True, text=True)
        assert result.returncode == 0
        utilities = result.stdout.split("Utilities:")[1]
        assert "..." not in utilities
        assert "unfinished one played" in " ".join(utilities.split())
        assert max(len(line) for line in result.stdout.splitlines()) <= int(width)


def test_help_command_reflows_its_paragraphs_at_a_phones_width(tmp_path, monkeypatch):
    """`help undo` at 50 columns: each paragraph filled line by line, no ragged short line
    left where the docstring happened to break in the source."""
    from tests.tables import open_table

    monkeypatch.setenv("COLUMNS", "50")
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = open_table("connexion", tmp_path)
    for name in ("undo", "word", "bonus"):
        assert shell.execute(f"help {name}")
        text = out[-1]
        lines = text.splitlines()
        assert max(len(line) for line in lines) <= 50
        details = lines[lines.index("") + 1:]  # the docstring's paragraphs, after usage and summary
        assert len(details) > 2
        for line, following in zip(details, details[1:]):
            if line and following and not following.startswith("also:"):
                # greedy filling: the next line's first word would not have fitted here (a
                # code span counts as one word: it is never broken, issue 20 item 7)
                first = re.match(r"\S*`[^`]*`\S*|\S+", following.lstrip()).group(0)
                assert len(line) + 1 + len(first) > 50, (name, line, following)
