"""Issue 13, friction "Phone (50×20)": every table and help text breaks between words at the
terminal's width (render.table, render.wrap_text), never mid-word as tabulate's own
maxcolwidths does (`8 conn` / `ected`, `gree` / `n,blue`)."""

import os
import re
import shlex

import pytest
from click.testing import CliRunner
from prompt_toolkit.utils import get_cwidth

from referee.core import render

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
VIEWS = ["help", "rules", "score", "log"]


def words(text):
    """The words of ``text`` as a reader sees them: a word cut in two shows as two
    fragments that are not words of the text laid out wide."""
    return set(re.findall(r"[^\s,/;|()\[\]`'.:=-]+", text))


def test_item3_table_cells_break_between_words_not_mid_word():
    rows = [("colours", "red,green,blue", "CC-1", "the colours in play, with 8 connected cards")]
    text = render.table(("option", "value", "rule", "meaning"), rows, width=40)
    assert max(get_cwidth(line) for line in text.splitlines()) <= 40
    assert "conn" not in words(text) and "ected" not in words(text)
    assert "connected" in words(text) and {"red", "green", "blue"} <= words(text)
    assert not re.search(r"gree\s|\sn,", text)


def test_item3_wrap_line_breaks_after_a_comma_and_cuts_only_a_word_wider_than_the_line():
    assert render.wrap_line("red,green,blue,yellow", 10) == ["red,green,", "blue,", "yellow"]
    assert render.wrap_line("a verylongword b", 6) == ["a", "verylo", "ngword", "b"]
    assert render.wrap_line("one two three", 7, later=5) == ["one two", "three"]
    assert render.wrap_line("", 5) == [""]


def test_item3_wrap_text_keeps_indentation_and_hangs_continuations():
    text = render.wrap_text("vote PLAYER yes|no [PLAYER yes|no ...]\n\n  Record votes", 20, hang="    ")
    assert text.splitlines() == ["vote PLAYER yes|no", "    [PLAYER yes|no", "    ...]", "", "  Record votes"]


def test_item3_a_wrapped_header_keeps_tabulates_padding_within_the_width():
    rows = [("x", "a long meaning that must wrap over several lines")]
    text = render.table(("a very long header", "meaning"), rows, width=30)
    assert max(get_cwidth(line) for line in text.splitlines()) <= 30


def _examples():
    for name in sorted(os.listdir(EXAMPLES)):
        if name.endswith(".txt"):
            with open(os.path.join(EXAMPLES, name), encoding="utf-8") as handle:
                command = next(line for line in handle if re.match(r"#( Replay:)? referee ", line))
            args = shlex.split(command.split("referee", 1)[1])
            script = args.index("--script")
            del args[script:script + 2]
            yield pytest.param(name, args, id=name[:-4])


def _play(tmp_path, args, name, columns, views):
    """The example played to its last 25 lines short of the end, then ``views``; what they printed."""
    from referee.cli import main

    with open(os.path.join(EXAMPLES, name), encoding="utf-8") as handle:
        lines = [line for line in handle.read().splitlines() if line.strip() and not line.startswith("#")]
    marker = "# ---- views"
    script = "\n".join(lines[: max(1, len(lines) - 25)] + [marker] + views) + "\n"
    env = {"REFEREE_HOME": str(tmp_path / str(columns)), "COLUMNS": str(columns), "NO_COLOR": "1"}
    result = CliRunner().invoke(main, [*args, "--script", "-"], input=script, env=env)
    assert "Traceback" not in result.output and "internal error" not in result.output
    return result.output.split(marker, 1)[1]


@pytest.mark.parametrize("name, args", list(_examples()))
def test_item3_help_rules_score_and_log_of_every_game_fit_50_columns_between_words(tmp_path, name, args):
    from referee.core.builtins import SHELL
    from referee.games import load

    game = load(args[0])
    views = VIEWS + [f"help {c.name}" for c in SHELL.extend(game.commands).commands.values()]
    narrow = _play(tmp_path, args, name, 50, views)
    wide = _play(tmp_path, args, name, 400, views)
    too_wide = [line for line in narrow.splitlines() if get_cwidth(line) > 50 and not line.startswith("> ")]
    assert not too_wide
    cut = words(narrow) - words(wide) - {"default"}  # `rules` on a phone says "(default 60, CX-7)"
    cut = {w for w in cut if not re.fullmatch(r"\d+", w)}  # log times differ between the two runs
    assert not cut, f"fragments of words: {sorted(cut)}"


def test_item3_a_table_that_cannot_fit_without_cutting_a_word_is_one_block_per_row():
    rows = [("Ann", "Kuiper Belt 9.5, Capricornus 28, Sagittarius 33", 147.5, 0)]
    text = render.table(("player", "cards", "card points", "bonus"), rows, width=24)
    assert text.splitlines() == ["Ann", "  cards: Kuiper Belt", "    9.5, Capricornus 28,",
                                 "    Sagittarius 33", "  card points: 147.5", "  bonus: 0"]


def test_item3_rules_on_a_phone_is_one_block_per_option(shell, monkeypatch):
    monkeypatch.setenv("COLUMNS", "30")
    shell.execute("rules")
    lines = shell.printed[-1].splitlines()
    assert "target = 10  (default 10, F-2)" not in lines  # wrapped between words, one space
    assert "target = 10 (default 10, F-2)" in lines and "  the total that ends the game" in lines
    assert max(get_cwidth(line) for line in lines) <= 30
    monkeypatch.setenv("COLUMNS", "120")
    shell.execute("rules")
    assert shell.printed[-1].splitlines()[1].split() == ["option", "in", "force", "default", "ruling", "meaning"]
