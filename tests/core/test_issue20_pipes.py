"""Issue 20 item 18: board rows written to a file or a pipe carry no trailing spaces
(they are padded to line up on a screen; in a file the padding is noise to diff and
grep). On a terminal the text is written as it is."""

import io
import os

import click
import pytest

from referee.core import render
from tests.core.test_chart import EXAMPLES, replay_command, run


class Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("name", ["colors-2p.txt", "connexion-digital.txt", "connections-solitaire.txt"])
def test_issue20_item18_a_game_played_into_a_pipe_writes_no_trailing_space(name, tmp_path):
    args = [os.path.join(EXAMPLES, a[len("examples/"):]) if a.startswith("examples/") else a
            for a in replay_command(name)]
    result = run(args, tmp_path, NO_COLOR="1", COLUMNS="80")
    lines = result.output.split("\n")
    assert len(lines) > 100 and "Final scores" in result.output
    assert [line for line in lines if line != line.rstrip()] == []
    boards = {"colors-2p.txt": "      a     b     c     d     e", "connexion-digital.txt": "2 ·       3 ·",
              "connections-solitaire.txt": "· 2,-1          · 3,-1"}
    assert any(line.endswith(boards[name]) for line in lines)  # the board's rows are there, unpadded


def test_issue20_item18_the_other_commands_into_a_pipe_write_no_trailing_space(tmp_path):
    args = [os.path.join(EXAMPLES, a[len("examples/"):]) if a.startswith("examples/") else a
            for a in replay_command("colors-2p.txt")]
    run(args, tmp_path, NO_COLOR="1")
    for command in (["games"], ["stats"], ["chart", "last"], ["log", "last"]):
        output = run(command, tmp_path, NO_COLOR="1", COLUMNS="80").output
        assert output.strip(), command
        assert [line for line in output.split("\n") if line != line.rstrip()] == [], command


def test_issue20_item18_unpadded_keeps_the_styles_and_a_terminal_keeps_the_padding():
    row = "  a   " + click.style("b", bold=True) + "   " + click.style("  ", bg="blue")
    plain = render.unpadded(row + "\n   \nlast  ")
    assert click.unstyle(plain) == "  a   b\n\nlast"
    assert plain.split("\n")[0].endswith("\x1b[0m")  # no style left open
    assert render.for_stream("a  ", file=Terminal()) == "a  "
    assert render.for_stream("a  ", file=io.StringIO()) == "a"
