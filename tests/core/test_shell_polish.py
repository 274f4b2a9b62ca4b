"""Playtesters' findings on the core shell and builtins (replay-findings.md, 22:10-22:20):
the pager, help's rule examples, the moves listing, why's wrapping and citation, a
mistyped command at a bare-answer prompt, the masked prompt's width."""

import os
import re

import pytest

from referee.core import render
from referee.core import shell as shell_module
from tests.tables import open_table, typed

GAME_IDS = {"connexion": "CX-", "connections": "CN-", "colors": "CC-", "cosmocode": "CO-"}



# -- 1. the pager: secure less, and only for the lists one browses ------------------------


def test_pager1_less_runs_secure_whatever_the_environment_says():
    changes = shell_module.pager_environment({"LESS": "-s", "LESSSECURE": "0"})
    assert changes["LESSSECURE"] == "1"  # no `s` log file, no `!` shell, no `v` editor, no `:e`
    assert changes["LESSHISTFILE"] == "-"  # no history file written either
    assert changes["LESS"].startswith("-RFXKE ")  # quits at once when it fits one screen, and at its last page
    assert "-Ps" in changes["LESS"] and "q back to the game" in changes["LESS"] and changes["LESS"].endswith("$")


def test_pager1_a_pager_the_player_chose_is_used_and_still_gets_lesssecure():
    changes = shell_module.pager_environment({"PAGER": "less -S"})
    assert changes["LESSSECURE"] == "1" and changes["LESS"].startswith("-RFXK")
    changes = shell_module.pager_environment({"PAGER": "more"})
    assert changes["LESSSECURE"] == "1" and "LESS" not in changes  # more's own settings stand


def test_pager1_ctrl_c_in_the_pager_ends_the_pager_not_the_game(phone, monkeypatch):
    import click

    seen = []

    def paging(text, color=None):
        seen.append({name: os.environ.get(name) for name in ("LESSSECURE", "LESSHISTFILE", "LESS")})
        raise KeyboardInterrupt  # Ctrl-C while the pager is up

    monkeypatch.setattr(click, "echo_via_pager", paging)
    monkeypatch.setenv("PAGER", "less")
    monkeypatch.setenv("LESSSECURE", "0")
    monkeypatch.delenv("LESS", raising=False)
    session, shell, out = open_table("connections", phone, ["Ann", "Ben", "Cy"])
    shell.pager("\n".join(["x"] * 100))  # returns: no KeyboardInterrupt out of the shell
    assert seen == [{"LESSSECURE": "1", "LESSHISTFILE": "-", "LESS": shell_module.LESS_FLAGS}] and out == []
    assert os.environ["LESSSECURE"] == "0" and "LESS" not in os.environ  # the player's own settings come back


@pytest.mark.parametrize("line, paged", [("why", False), ("rule CN-6", False), ("moves", False),
                                         ("help", True), ("rule", True)])
def test_pager1_why_rule_and_moves_are_printed_never_paged(phone, monkeypatch, line, paged):
    """Asked mid-play on a 20-row phone, their lines typed ahead must not become less commands."""
    session, shell, out = open_table("connections", phone, ["Ann", "Ben", "Cy"])
    shell.execute("play 1,0 a/b/c/d 2")  # refused, citing the long CN-6
    shell.interactive = True
    monkeypatch.setattr(shell_module, "_terminal_size", lambda: (6, 50))
    through_pager = []
    shell.pager = through_pager.append
    out.clear()
    assert shell.execute(line)
    assert bool(through_pager) is paged and bool(out) is not paged


# -- 2. help's rule examples come from the game's own table ------------------------------


@pytest.mark.parametrize("name", sorted(GAME_IDS))
def test_help2_rule_examples_are_the_games_own_ids(phone, name):
    session, shell, out = open_table(name, phone)
    table = session.game.rule_table()
    for text in (typed(shell, out, "help"), typed(shell, out, "help rule")):
        cited = re.findall(r"`rule ([^`]+)`", text)
        assert cited and all(table.find(rule_id) is not None for rule_id in cited), cited
        others = [prefix for game, prefix in GAME_IDS.items() if game != name]
        assert not any(prefix in text for prefix in others), text
    assert GAME_IDS[name] in typed(shell, out, "help rule")


def test_help2_help_names_a_command_of_this_game_not_connexions_word(phone):
    session, shell, out = open_table("colors", phone)
    text = typed(shell, out, "help help")
    named = re.findall(r"`help ([a-z]+)` explains", text)
    assert "`help word`" not in text and named and named[0] in session.game.commands.commands


# -- 3. moves: a wrapped usage is indented; one player is not "each player" ------------------


def test_moves3_a_usage_wider_than_its_column_wraps_indented_at_80_columns():
    from referee.core.builtins import _usage_list

    rows = [("adjust hand PLAYER N | adjust pile [PILE] N", "Correct a hand's points or the pile, said in the log (G-3)"),
            ("play CELL WORDS", "Lay a card " + "and more words " * 4)]
    text = _usage_list(rows, 72)  # the summaries keep 30 columns: the usage wraps
    lines = text.splitlines()
    assert all(len(line) <= 72 for line in lines)
    assert lines[0].startswith("adjust hand") and lines[1].startswith("  ") and "[PILE]" in lines[1]
    starts = [line for line in lines if not line.startswith(" ")]
    assert [line.split()[0] for line in starts] == ["adjust", "play"]  # nothing else at the left edge


def test_moves3_a_usage_that_fits_keeps_one_line_beside_its_summary():
    from referee.core.builtins import _usage_list

    assert _usage_list([("undo", "Take back"), ("show", "Draw it")], 80) == "undo  Take back\nshow  Draw it"


def test_moves3_solitaire_says_the_one_player_may_now(phone):
    session, shell, out = open_table("connections", phone, ["Sol"], variant="solitaire")
    text = typed(shell, out, "moves")
    assert text.startswith("Sol may now:") and "each player" not in text.lower()


# -- 4. why: the Refused line wraps indented like the refusal; an id in its words counts ------


def test_why4_the_refused_line_wraps_with_the_refusals_indent(phone):
    session, shell, out = open_table("connections", phone, ["Ann", "Ben", "Cy"])
    shell.execute("play 1,0 surf/lawn/ice/track 1")
    refused = out[-1]
    said = typed(shell, out, "why").split("\n\n")[0]
    assert said.startswith("Refused: ") and "\n" in said
    assert all(line.startswith("  ") for line in said.splitlines()[1:])
    assert "".join(said[len("Refused: "):].split()) == "".join(refused[2:].split())


def test_why4_an_input_refusal_ending_with_a_rule_id_shows_that_rule(phone):
    session, shell, out = open_table("connections", phone, ["Ann", "Ben"], variant="rummy")
    shell.execute("run a;b;c")
    assert re.search(r"\((CN-\d|Rummy)\)\s*$", " ".join(out[-1].split())), out[-1]
    text = typed(shell, out, "why")
    assert "cited no rule" not in text and text.startswith("Refused: ")


# -- 5. a mistyped command at a bare-answer prompt, for every game ----------------------------


def _at_range_prompt(phone):
    session, shell, out = open_table("cosmocode", phone, mode="digital", seed=3, first="Ann")
    assert session.game.default_command(session.state) == "receive"
    return session, shell, out


@pytest.mark.parametrize("line, meant", [("scroe", "'score'"), ("rul co3", "'rule' or 'rules'"),
                                         ("hlep", "'help'")])
def test_default5_a_mistyped_command_at_a_bare_answer_prompt_is_named(phone, line, meant):
    session, shell, out = _at_range_prompt(phone)
    before = session.state
    assert shell.execute(line) is False
    word = line.split()[0]
    assert " ".join(out[-1].split()) == f"✗ no command {word!r}; did you mean {meant}?"
    assert session.state == before


@pytest.mark.parametrize("line", ["shrot", "Ann", "Ben short"])
def test_default5_an_answer_or_a_player_mistyped_keeps_the_answers_refusal(phone, line):
    session, shell, out = _at_range_prompt(phone)
    assert shell.execute(line) is False
    assert "no command" not in out[-1] and "range" in out[-1]


def test_default5_an_answer_the_prompt_reads_is_still_accepted(phone):
    session, shell, out = _at_range_prompt(phone)
    assert shell.execute("short") is True


# -- the masked prompt shows the same thing whatever is typed (leak-hunter 22:11) ------------


def test_leak_mask_the_hidden_prompt_shows_nothing_of_what_is_typed():
    from prompt_toolkit.document import Document
    from prompt_toolkit.layout.processors import TransformationInput

    processor = shell_module.HideTyped()
    shown = []
    for text in ("5a 5b 9a", "10a 5b 9a", "g5b", ""):
        fragments = [("", text)]
        result = processor.apply_transformation(
            TransformationInput(None, Document(text), 0, lambda i: i, fragments, 80, 1))
        shown.append((result.fragments, result.source_to_display(len(text))))
    assert shown == [([], 0)] * 4


def test_leak_ask_secret_uses_the_hiding_processor_not_stars(phone, monkeypatch):
    session, shell, out = _at_range_prompt(phone)
    shell.interactive = True
    asked = {}
    monkeypatch.setattr(shell, "_ask", lambda message, **settings: asked.update(settings) or "5a")
    assert shell.ask_secret("Ann", "your cards? ") == "5a"
    assert "is_password" not in asked and type(asked["input_processors"][0]).__name__ == "_HideTyped"


# -- undo of an end that showed secrets asks first (leak-hunter 22:15; G-3) ------------------


def test_g3_undoing_an_end_that_showed_a_secret_hand_asks_first(phone):
    session, shell, out = open_table("cosmocode", phone)
    for line in ("start Ann", "deal Ann 5a 5b 9a", "finish"):
        assert shell.execute(line), out[-1]
    assert session.over
    assert shell.execute("undo") is False
    assert "the end, which showed the hidden cards" in " ".join(out[-1].split()) and "(G-3)" in out[-1]
    assert session.over  # refused: the game stays ended
    assert shell.execute("undo yes") and not session.over


def test_g3_undoing_an_end_that_showed_secret_totals_asks_first(phone):
    session, shell, out = open_table("colors", phone, mode="digital", seed=5, variant="wild")
    for line in ("play W@c3 as moon", "keep", "finish"):
        assert shell.execute(line), out[-1]
    assert shell.execute("undo") is False and "hidden totals" in " ".join(out[-1].split())


def test_g3_undoing_the_end_of_a_digital_game_asks_first_its_seed_was_shown(phone):
    """The end of a digital game shows its seed (the exports name it), from which every
    hand and deck follow: undoing it would play on with them known (leak hunter, issue 10)."""
    session, shell, out = open_table("cosmocode", phone, mode="digital", seed=5)
    assert shell.execute("finish"), out[-1]
    assert session.over
    assert shell.execute("undo") is False and "showed the seed" in " ".join(out[-1].split())
    assert shell.execute("undo yes") and not session.over


def test_g3_undoing_an_end_with_nothing_hidden_asks_first_too(shell):
    """The fake game: totals public, no secret move; its end showed the final scores, and
    undoing it is asked first as in every game (issue 18, item 15; was: taken at once)."""
    for n in range(1, 5):
        shell.execute(f"add {n}")
    assert shell.session.over
    assert shell.execute("undo") is False and "the end, which showed the final scores" in shell.printed[-1]
    assert shell.session.over
    assert shell.execute("undo yes") is True and not shell.session.over


# -- a rule's Markdown table at a phone's width (leak-hunter 22:14, `rule CX-3`) -------------


@pytest.mark.parametrize("columns", [50, 80])
def test_rule_cx3_its_card_table_is_laid_out_whole_rows_within_the_width(phone, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", str(columns))
    session, shell, out = open_table("connexion", phone)
    text = typed(shell, out, "rule CX-3")
    lines = text.splitlines()
    assert all(len(line) <= columns for line in lines)
    assert not any(line.lstrip().startswith("|") for line in lines)  # no raw Markdown rows
    rows = [line.split() for line in lines if line.split()[:1] in (["Alpha"], ["Omega"], ["Upsilon"])]
    assert rows == [["Alpha", "alpha", "a", "a", "a"], ["Upsilon", "upsilon", "y", "u", "u"],
                    ["Omega", "omega", "o", "w"]]  # one line per card, its cells in order


# -- connexion playtester 22:22: the undo question answered with `undo yes` -------------------


def test_g3_undo_question_answered_with_undo_yes_says_undone_only(repl):
    shell, pipe, output = repl
    pipe.send_text("draw\rundo\rundo yes\r\x04")
    shell.run_interactive(input=pipe, output=output)
    assert shell.session.events == []  # the draw is undone, once
    assert not [line for line in shell.printed if line.startswith("✗")]  # no "not undone" before it
    assert any(line.startswith("✓ undone") for line in shell.printed)


def test_g3_undo_question_answered_with_another_command_still_says_not_undone(repl):
    shell, pipe, output = repl
    pipe.send_text("draw\rundo\radd 2\r\x04")
    shell.run_interactive(input=pipe, output=output)
    refusals = [line for line in shell.printed if line.startswith("✗")]
    assert len(refusals) == 1 and refusals[0].startswith("✗ not undone")


# -- connexion playtester 22:22: moves' header and a usage's `|` -------------------------------


def test_moves3_a_usage_never_wraps_to_a_line_starting_with_a_bar():
    from referee.core.builtins import _usage_list

    rows = [("vote PLAYER yes|no [PLAYER yes|no ...] | vote all yes|no", "Record votes on an open question (G-4)"),
            ("adjust hand PLAYER N | adjust pile [PILE] N", "Correct a hand")]
    for width in (50, 72, 80):
        lines = _usage_list(rows, width).splitlines()
        assert not any(line.lstrip().startswith("|") for line in lines), width
        assert all(len(line) <= width for line in lines)
    assert _usage_list(rows, 72).splitlines()[:2] == [
        "vote PLAYER yes|no [PLAYER yes|no ...] |  Record votes on an open",
        "  vote all yes|no                         question (G-4)"]


def test_moves3_a_vote_is_no_ones_turn(phone):
    """connexion: a contested claim puts a vote to the table (a phase anyone answers,
    issue 19 item 4): `moves` does not head it with the player whose turn it was."""
    session, shell, out = open_table("connexion", phone)
    for line in ("place iota", "place omicron", "word oi", "uranus 7", "contest"):
        assert shell.execute(line), out[-1]
    assert session.game.default_command(session.state) == "vote" and session.state.turn is not None
    text = typed(shell, out, "moves")
    assert text.startswith("Anyone may now:"), text


# -- connexion playtester 22:22: a number keeps its unit when a line is broken ----------------


def test_g5_a_no_break_space_keeps_a_number_with_its_unit():
    text = "time is up for the bonus sentence (40\u00a0s past 60\u00a0s); add `late`"
    for width in range(12, 50):
        for fitted in (render.fit_lines(text, width), render.wrap_text(text, width)):
            assert "60\u00a0s" in fitted and "40\u00a0s" in fitted, (width, fitted)


def test_default5_the_answers_own_command_mistyped_keeps_the_answers_suggestion(phone):
    session, shell, out = _at_range_prompt(phone)
    assert shell.execute("recieve short") is False
    assert "no command" not in out[-1] and "did you mean `receive short`" in " ".join(out[-1].split())


def test_default5_a_word_only_loosely_like_a_command_stays_the_answers(phone):
    """colors playtester 22:37: `zed` at the discard prompt is a mistyped card, not `end`."""
    session, shell, out = open_table("colors", phone, mode="digital", seed=5, variant="wild")
    assert shell.execute("play W@c2 as moon"), out[-1]
    assert session.game.default_command(session.state) == "discard"
    assert shell.execute("zed") is False
    assert "no command" not in out[-1] and "zed" in out[-1]


@pytest.mark.parametrize("width", [50, 60, 72, 80])
def test_help2_a_quoted_example_is_never_broken_across_lines(width):
    from referee.core.builtins import _usage_list

    rows = [("rule [ID]", "Show a rule's words by its id (`rule CX-2`, `rule Turns`); alone, list the ids."),
            ("help [COMMAND]", "List the commands, or explain one.")]
    text = _usage_list(rows, width)
    assert all(line.count("`") % 2 == 0 for line in text.splitlines()), text
    assert all(len(line) <= width for line in text.splitlines())


# -- cosmocode playtester 22:40: suggest only what the game as set up offers -----------------


def test_lookup_suggests_only_commands_the_game_as_set_up_offers(phone):
    session, shell, out = _at_range_prompt(phone)  # digital: `reveal` is table mode's
    assert not session.game.offers(session.state, "reveal")
    for line in ("revael 1a", "revale"):  # at the range prompt, and as a command of its own
        assert shell.execute(line) is False
        said = " ".join(out[-1].split())
        assert said == f"✗ no command {line.split()[0]!r}; in digital mode the referee reveals the cards itself (G-2)"
    assert shell.execute("receive short")
    assert shell.execute("revale") is False and "did you mean 'reveal'" not in out[-1]


def test_lookup_a_close_command_the_game_lacks_says_why_it_lacks_it(tmp_path):
    """colors with two players lacks swap (its Move.offered, 3b; issue 19): `swpa` is told
    why, as cosmocode's `revael` is, rather than pointed at a command it cannot use."""
    import click

    session, shell, out = open_table("colors", tmp_path, mode="digital", seed=5)
    assert shell.execute("pass")
    assert shell.execute("swpa Rs for Gm") is False
    said = " ".join(click.unstyle(out[-1]).split())
    assert said == "✗ no command 'swpa'; swapping is for 4 players only; with 2, `discard` up to 2 cards (3b)"


def test_lookup_with_shown_filters_prefixes_and_close_words():
    from referee.core.builtins import SHELL

    hide_redo = lambda cmd: cmd.name != "redo"  # noqa: E731
    with pytest.raises(Exception, match="did you mean 'undo'"):
        SHELL.lookup("undu", shown=hide_redo)
    with pytest.raises(Exception, match="type help for the list"):
        SHELL.lookup("redu", shown=hide_redo)
    assert SHELL.lookup("red", shown=hide_redo).name == "redo"  # typed out, it is still found
    assert SHELL.near("rdo", shown=hide_redo) == [] and SHELL.near("redp") == ["redo"]


@pytest.mark.parametrize("name", sorted(GAME_IDS))
def test_help2_help_rule_keeps_each_quoted_example_on_one_line(phone, name):
    session, shell, out = open_table(name, phone)
    text = typed(shell, out, "help rule")
    assert all(line.count("`") % 2 == 0 for line in text.splitlines()), text


# -- core gaps 3: undo and redo draw the table as it now stands, in every game --------------

AFTER_ONE_MOVE = {  # a game just set up, and lines that make moves the table can see on the board
    "connexion": ({}, ("place iota", "place omicron")),
    "connections": ({"players": ["Ann", "Ben", "Cy"]}, ("start cowboy/race/tiger/bowl 2",
                                                         "play 1,0 surf/lawn/ice/track 1")),
    "colors": ({"mode": "digital", "seed": 5, "variant": "wild"}, ("play W@c2 as moon",)),
    "cosmocode": ({}, ("start Ann", "deal Ann 2a 5b 9a", "receive short 5a 8b")),
}


@pytest.mark.parametrize("name", sorted(AFTER_ONE_MOVE))
def test_g3_gaps3_undo_and_redo_show_the_board_as_show_draws_it(phone, name):
    settings, lines = AFTER_ONE_MOVE[name]
    session, shell, out = open_table(name, phone, **settings)
    for line in lines:
        assert shell.execute(line), out[-1]
    played = typed(shell, out, "show")
    undone = typed(shell, out, "undo yes")
    board = typed(shell, out, "show")
    assert board != played  # the undo changed what the board shows
    assert undone.startswith("✓ undone: ") and undone.endswith("\n" + board), undone
    redone = typed(shell, out, "redo")
    assert redone.startswith("✓ redone: ") and redone.endswith("\n" + played), redone
    assert all(len(line) <= 50 for line in (undone + "\n" + redone).splitlines()), undone + redone


def test_g3_gaps3_undo_to_where_it_is_and_a_refused_undo_draw_nothing(phone):
    session, shell, out = open_table("cosmocode", phone)
    assert typed(shell, out, "undo") == "✗ nothing to undo (G-3)"
    assert shell.execute("start Ann")
    assert typed(shell, out, "undo to 1") == "Already there; nothing undone."
