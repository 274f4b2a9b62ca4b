"""Issue 13 (Table-ready), ConneXion's part: what broke or got in the way at a real table.

One test (or a few) per item, named after it: CX-11 (a struck word stays struck), the
bonus sentence waited for (CX-10), bare answers and their completion, `adjust points` in
a column of its own, the claim's board on a short terminal, `find` paged, one way to be
late (G-5), `finish` early (G-6) and a hand seen only by its owner (G-2).
"""

from dataclasses import replace

import pytest

from referee.core import render
from referee.core.errors import RuleError
from referee.core.reply import Reply
from referee.games import load
from referee.games.connexion import view
from referee.games.connexion.moves import MOVES
from tests.connexion.test_rules import METAPHOR, METAPHOR_BOARD, _bonus_ready, claim, new, play
from tests.tables import open_table, typed

GAME = load("connexion")
AM_BOARD = [{"do": "place", "letter": "alpha", "position": 1}, {"do": "place", "letter": "mu", "position": 2}]
AM = claim("am", (1, "a"), (2, "m"))
NO = {"do": "vote", "ballots": [["Ann", False], ["Ben", False]]}
YES = {"do": "vote", "ballots": [["Ann", True], ["Ben", True]]}


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("LINES", raising=False)
    return open_table("connexion", tmp_path, seed=None, timer=0)


def _clocked(session, start=1000.0):
    """A session clock the test moves by hand: [now]."""
    now = [start]
    session.clock = lambda: now[0]
    return now


# -- Defect 3: CX-11 -------------------------------------------------------------------------


def test_cx11_struck_word_cannot_be_claimed_again():
    state = play(new(), *AM_BOARD, AM, {"do": "card", "card": "Mars"}, {"do": "contest"}, NO)
    assert state.claims[-1].status == "struck"
    with pytest.raises(RuleError, match=r"AM was struck by the table's vote; `contest` puts it to a new vote \(CX-11\)"):
        MOVES.apply(state, dict(AM, at=0))


def test_cx11_struck_word_stays_struck_even_with_repeats_allowed():
    state = play(new(repeats=True), *AM_BOARD, AM, {"do": "card", "card": "Mars"}, {"do": "contest"}, NO)
    with pytest.raises(RuleError, match="CX-11"):
        MOVES.apply(state, dict(AM, at=0))


def test_cx11_a_word_the_table_voted_down_as_rare_stays_refused():
    state = play(new(), *AM_BOARD, claim("am", (1, "a"), (2, "m"), verdict="rare"), NO)
    assert state.claims[-1].status == "refused"
    with pytest.raises(RuleError, match="CX-11"):
        MOVES.apply(state, dict(AM, verdict="rare", at=0))


def test_cx11_a_new_contest_lets_a_struck_word_back_in():
    state = play(new(), *AM_BOARD, AM, {"do": "card", "card": "Mars"}, {"do": "contest"}, NO)
    state = play(state, dict(AM, do="contest"))
    assert state.pending[1].question == "Does AM come back?"
    state = play(state, YES, {"do": "card", "card": "Venus"})
    assert state.claims[-1].status == "accepted" and state.held_by("Ben") == ("Venus",)
    assert state.struck("am") is None  # let back in: the scribe's list has it again
    with pytest.raises(RuleError, match="CX-5"):  # and it scores once, as any word
        MOVES.apply(state, dict(AM, at=0))


def test_cx11_a_new_contest_voted_down_again_keeps_it_struck():
    state = play(new(), *AM_BOARD, AM, {"do": "card", "card": "Mars"}, {"do": "contest"}, NO, dict(AM, do="contest"), NO)
    assert state.held_by("Ben") == () and state.struck("am")
    with pytest.raises(RuleError, match="CX-11"):
        MOVES.apply(state, dict(AM, at=0))


def test_cx11_contest_of_a_word_nobody_refused_is_refused():
    state = play(new(), *AM_BOARD)
    with pytest.raises(RuleError, match="AM was not refused; `word am` claims it.*G-4"):
        MOVES.apply(state, dict(AM, do="contest", at=0))


def test_cx11_at_the_table_the_issues_repro(table):
    session, shell, out = table
    typed(shell, out, "place alpha", "place mu", "word am", "card mercury", "contest", "vote all no")
    text = typed(shell, out, "word am")
    assert "AM was struck by the table's vote; `contest` puts it to a new vote (CX-11)" in text
    assert session.state.held_by("Ben") == () and len(session.state.claims) == 1
    text = typed(shell, out, "contest", "vote all yes", "mercury")
    assert "Does AM come back? yes 2, no 0: carried" in text
    assert "Ben: AM accepted (by a table vote)" in text
    assert session.state.held_by("Ben") == ("Mercury",)


def test_cx11_a_remembered_refusal_goes_stale_after_another_action(table):
    session, shell, out = table
    typed(shell, out, "place alpha", "place mu", "word am", "card mercury", "contest", "vote all no", "word am",
          "place omicron")
    text = typed(shell, out, "contest")
    assert "Does AM come back?" not in text and session.state.pending is None  # not Ann's claim of Ben's word


# -- Defect 4: finish waits for the bonus sentence --------------------------------------------


def test_finish_waits_for_bonus_sentence_cx10():
    state = play(_bonus_ready(), {"do": "start_bonus"})
    assert state.phase == "bonus" and state.bonus is None
    with pytest.raises(RuleError, match=r"the bonus round waits for Ann's sentence.*`finish no bonus`.*\(CX-10\)"):
        MOVES.apply(state, {"do": "finish", "at": 0})
    with pytest.raises(RuleError, match="CX-10"):  # before the sun is laid, as before
        MOVES.apply(_bonus_ready(), {"do": "finish", "at": 0})


def test_finish_no_bonus_or_early_ends_the_bonus_round_cx10_g6():
    state = play(_bonus_ready(), {"do": "start_bonus"})
    skipped = MOVES.apply(state, {"do": "finish", "no_bonus": True, "at": 0})
    assert skipped.phase == "over" and not skipped.early and skipped.total("Ann") == 0
    early = MOVES.apply(state, {"do": "finish", "early": True, "at": 0})
    assert early.phase == "over" and early.early


def test_finish_waits_for_bonus_sentence_cx10_through_the_shell(table):
    session, shell, out = table
    session._states[-1] = replace(_bonus_ready(), options=session.state.options)
    text = typed(shell, out, "bonus", "finish")
    assert "waits for Ann's sentence" in text and not session.over


# -- Bare answers and what tab offers for them -------------------------------------------------


def test_bare_printed_value_answers_type_the_printed_one_cx8(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "word me")
    text = " ".join(typed(shell, out, "virgo").split())  # as one line, however the terminal is wide
    assert "type the printed one (the number alone, or `card Virgo VALUE`) (CX-8)" in text
    text = typed(shell, out, "44")
    assert "Ben takes Virgo (44) for ME" in text and session.state.held_by("Ben") == ("Virgo",)


def test_bare_number_with_no_question_asked_is_one_line_cx8(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "word me")
    text = typed(shell, out, "44")
    assert text == "✗ which card is worth 44? name it: `card NAME 44`"
    assert session.state.pending == ("card", 0)


def test_bare_sentence_at_the_bonus_prompt_cx10(table):
    session, shell, out = table
    session._states[-1] = replace(_bonus_ready(), options=session.state.options)
    typed(shell, out, "bonus")
    assert GAME.prompt(session.state) == "Ann bonus> " and GAME.default_command(session.state) == "bonus"
    text = typed(shell, out, "A metaphor.")
    assert "“A metaphor.”: 2 words from the list" in text and session.state.bonus.words == ("a", "metaphor")
    assert typed(shell, out, "score").startswith("player")  # a command still runs at the bonus prompt


def _candidates(session, shell):
    """What tab offers for a bare answer: the game's default command's own completer."""
    name = GAME.default_command(session.state)
    command = shell.commands.exact(name)
    return name, command.complete


def test_bare_answers_complete_card_names_player_names_and_words(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "word me")
    name, complete = _candidates(session, shell)
    offered = dict(complete(session, []))  # card name -> the value shown beside it
    assert name == "card" and {"Mars", "Virgo", "Sun"} <= set(offered)
    assert complete(session, ["Virgo"]) == []
    typed(shell, out, "mars", "place iota", "place omicron", "place nu", "word von")  # rare: a vote
    name, complete = _candidates(session, shell)
    assert name == "vote" and complete(session, []) == ["Ann", "Ben", "all"]
    assert complete(session, ["Ann"]) == ["yes", "no"]
    session._states[-1] = replace(_bonus_ready(), options=session.state.options)
    typed(shell, out, "bonus")
    name, complete = _candidates(session, shell)
    assert name == "bonus" and complete(session, []) == ["a", "metaphor", "rho", "will"]
    assert complete(session, ["a", "metaphor"]) == ["rho", "will"]


def test_bare_answers_card_names_complete_with_their_values_cx8(table):
    """Tab at `card?` shows each card's value beside it: the rulebook's (Mars 4, the Sun 0),
    one the scribe entered, and for a card whose value the rulebook does not give, that it
    is asked for when drawn (CX-8), never the deck file's assumption."""
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "word me")
    offered = dict(_candidates(session, shell)[1](session, []))
    assert offered["Mars"] == "4" and offered["Sun"] == "0" and offered["Virgo"] == "value asked"
    typed(shell, out, "virgo", "38")
    assert session.state.values.get("Virgo") == 38
    offered = dict(shell.commands.exact("card").complete(session, []))
    assert "Virgo" not in offered and offered["Mars"] == "4"  # drawn: no longer in the pile


def test_bare_answers_pilfer_completes_players_then_their_cards(table):
    session, shell, out = table
    state = play(new(), *METAPHOR_BOARD)
    session._states[-1] = replace(state, options=session.state.options, pile=(), held=(("Mars",), ()))
    typed(shell, out, "word metaphor")
    name, complete = _candidates(session, shell)
    assert name == "pilfer" and complete(session, []) == ["Ann", "none"]
    assert complete(session, ["Ann"]) == [("Mars", "4")]  # its value beside it (issue 20 item 11)


def test_g2_digital_card_completion_offers_nothing_from_the_face_down_pile(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = open_table("connexion", tmp_path, mode="digital", seed=3, timer=0)
    assert shell.commands.exact("card").complete(session, []) == []


# -- adjust points in a column of its own -----------------------------------------------------


def test_adjust_points_show_in_a_column_of_their_own(table):
    session, shell, out = table
    headers, _rows = view.scoreboard(session.state)
    assert "adjusted" not in headers  # no column until there is a correction
    typed(shell, out, "place mu", "place eta", "word me", "mars", "adjust points Ann -5")
    headers, rows = view.scoreboard(session.state)
    assert headers == ("player", "cards", "card points", "bonus", "adjusted", "total")
    assert rows[0] == ("Ann", "-", "0", "0", "-5", "-5")
    assert rows[1] == ("Ben", "Mars 4", "4", "0", "0", "4")


def test_adjust_points_are_not_bonus_points():
    state = play(_bonus_ready(), {"do": "bonus", "sentence": "A metaphor."}, YES,
                 {"do": "adjust", "what": "points", "player": "Ann", "points": 3})
    assert state.points("Ann") == (0, 50, 3) and state.total("Ann") == 53


# -- the claim's board on a short terminal -----------------------------------------------------


def test_claim_on_a_short_terminal_shows_only_the_paths_rows(table, monkeypatch):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "place phi", "place alpha", "place omicron", "place rho")
    monkeypatch.setenv("LINES", "20")
    text = typed(shell, out, "word metaphor")
    assert "the path's rows; `show` draws the board" in text
    assert "25 ·" not in text and " 1 Μμ" in text and " 6 Ρρ" in text  # rows 0-2 only
    assert "METAPHOR = m(1) eta(2) ph(3) o(5) r(6)" in text and "Ben: METAPHOR accepted" in text
    assert len(text.splitlines()) <= 20 - 2
    assert "25 ·" in typed(shell, out, "show")  # the whole board on demand


def test_claim_on_a_tall_terminal_or_in_a_script_shows_the_whole_diamond(table, monkeypatch):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta")
    monkeypatch.setenv("LINES", "40")
    assert "25 ·" in typed(shell, out, "word me")
    state = session.state
    assert view.claimed(state, ((1, "m"), (2, "eta")), rows=None) == view.diamond(state, path=((1, "m"), (2, "eta")))


def test_claimed_view_fits_fifty_columns_on_a_phone():
    state = play(new(), *METAPHOR_BOARD)
    path = tuple(tuple(step) for step in METAPHOR["path"])
    for text in (view.claimed(state, path, rows=20), view.claimed(state, path, rows=60)):
        assert max(render.visible(line) for line in text.splitlines()) <= 50


# -- find through the pager ------------------------------------------------------------------------


def test_find_returns_a_long_reply_for_the_pager(table):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "place phi", "place alpha", "place omicron", "place rho")
    find = shell.commands.exact("find")
    for args in ("", "me"):
        reply = find.handler(session, args)
        assert isinstance(reply, Reply) and reply.long, args
    assert isinstance(find.handler(session, "--json"), render.Data)  # paged, never fitted: JSON stays JSON
    text = find.handler(session, "").text()
    assert "META" in text and "words." in text


# -- G-5: one way to be late -------------------------------------------------------------------------


def test_g5_late_option_is_a_table_option():
    assert "late" in {option.name for option in GAME.options}
    with pytest.raises(RuleError, match="time is up for Ben's turn"):
        MOVES.apply(play(new(timer=60), *METAPHOR_BOARD), dict(METAPHOR, at=61.0))


def test_g5_late_accept_takes_a_late_claim_silently_marked_late():
    state = play(new(timer=60, late="accept"), *METAPHOR_BOARD)
    accepted = MOVES.apply(state, dict(METAPHOR, at=100.0))
    assert accepted.claims[-1].late
    assert not MOVES.apply(state, dict(METAPHOR, at=30.0)).claims[-1].late


def test_g5_late_bonus_sentence_needs_the_tables_leave():
    state = play(replace(_bonus_ready(), options=dict(_bonus_ready().options, timer=60)), {"do": "start_bonus"})
    with pytest.raises(RuleError, match=r"time is up for the bonus sentence \(40\u00a0s past 60\u00a0s\).*\(G-5\)"):
        MOVES.apply(state, {"do": "bonus", "sentence": "a metaphor", "at": 100.0})
    assert MOVES.apply(state, {"do": "bonus", "sentence": "a metaphor", "at": 100.0, "late": True}).bonus.late


def test_g5_late_typed_at_the_end_of_a_line_is_logged_late(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = open_table("connexion", tmp_path, seed=None, timer=60)
    now = _clocked(session)
    typed(shell, out, "place mu", "place eta")
    now[0] += 61
    assert "time is up for Ben's turn (1\u00a0s past 60\u00a0s); add `late` if the table allows it (G-5)" in typed(
        shell, out, "word me")
    assert "accepted" in typed(shell, out, "word me late")
    assert session.events[-1]["late"] is True and session.state.claims[-1].late
    assert "late by the table's leave" in typed(shell, out, "log")


def test_g5_late_typed_in_time_is_not_logged_late(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = open_table("connexion", tmp_path, seed=None, timer=60)
    _clocked(session)
    typed(shell, out, "place mu", "place eta", "word me late")
    assert "late" not in session.events[-1] and not session.state.claims[-1].late


def test_g5_late_accept_logs_a_late_claim_without_the_word(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = open_table("connexion", tmp_path, seed=None, timer=60, late="accept")
    now = _clocked(session)
    typed(shell, out, "place mu", "place eta")
    now[0] += 90
    assert "accepted" in typed(shell, out, "word me")
    assert session.events[-1]["late"] is True
    assert "late by the table's leave" in typed(shell, out, "log")


# -- G-6: finish early ------------------------------------------------------------------------------


@pytest.mark.parametrize("line", ["finish early", "finish"])
def test_g6_finish_early_scores_as_they_stand_and_says_so(table, line):
    session, shell, out = table
    typed(shell, out, "place mu", "place eta", "word me", "mars")
    text = typed(shell, out, line)
    assert session.over and session.state.early
    assert "The table ended the game early, after 2 of 24 placements" in text and "Winner: Ben" in text
    assert "ends the game early (G-6)" in typed(shell, out, "log")


# -- G-2: a hand is seen by its owner only ----------------------------------------------------------


def _digital(tmp_path, seed):
    session, shell, out = open_table("connexion", tmp_path / str(seed), mode="digital", seed=seed, timer=0)
    return session, shell, out


def test_g2_a_player_sees_only_their_own_hand(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = _digital(tmp_path, 3)
    text = typed(shell, out, "Ben: hand Ann")
    assert text == "✗ Ben may see only their own hand, not Ann's (G-2)"
    assert "Ben holds:" in typed(shell, out, "Ben: hand Ben")


def test_g2_public_output_is_the_same_whatever_the_hidden_hands(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    public = ["show", "score", "words", "deck", "log", "rules", "Ben: hand Ann", "Ann: hand Ben", "hand Zed",
              "card mars", "contest", "finish no bonus", "find", "words"]
    seen = []
    for seed in (3, 4, 11):
        session, shell, out = _digital(tmp_path, seed)
        text = typed(shell, out, *public)
        seen.append(text.replace(session.header["id"], "ID"))
    assert seen[0] == seen[1] == seen[2]


def test_place_on_a_short_terminal_shows_the_rows_in_play(table, monkeypatch):
    session, shell, out = table
    monkeypatch.setenv("LINES", "20")
    text = typed(shell, out, "place mu")
    assert "(the rows in play; `show` draws the board)" in text and "25 ·" not in text
    assert " 1 Μμ" in text and " 2 ·" in text  # the card placed and the next position
    assert len(text.splitlines()) <= 20 - 3
    for letter in ["eta", "phi", "alpha", "omicron", "rho", "nu", "beta", "gamma", "delta", "epsilon", "zeta",
                   "theta", "iota", "kappa", "lambda", "xi", "pi", "sigma", "tau"]:
        text = typed(shell, out, f"place {letter}")
        assert len(text.splitlines()) <= 20 - 3, letter
    assert "20 Ττ" in text and "21 ·" in text


def test_phone_every_reply_of_the_table_example_fits_fifty_columns(tmp_path, monkeypatch):
    import os

    monkeypatch.setenv("NO_COLOR", "1")
    session, shell, out = open_table("connexion", tmp_path, players=("Ann", "Ben", "Cy"), seed=None, timer=0)
    monkeypatch.setenv("COLUMNS", "50")
    monkeypatch.setenv("LINES", "20")
    example = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "connexion-table.txt")
    with open(example, encoding="utf-8") as handle:
        script = [line.strip() for line in handle if line.strip() and not line.startswith("#")]
    text = typed(shell, out, *script, "find", "deck", "words", "score")
    wide = [line for line in text.splitlines() if render.visible(line) > 50]
    assert not wide, wide[:3]


def test_g2_place_completion_offers_the_letters_off_the_board_not_the_placers_hand(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    offers = []
    for seed in (3, 4):
        session, shell, out = _digital(tmp_path, seed)
        offers.append(shell.commands.exact("place").complete(session, []))
    assert len(offers[0]) == 24 and offers[0] == offers[1]  # every letter, whoever holds it


def test_cx11_the_log_says_a_struck_word_was_put_to_a_new_vote(table):
    session, shell, out = table
    typed(shell, out, "place alpha", "place mu", "word am", "card mercury", "contest", "vote all no", "word am",
          "contest")
    assert "puts AM, struck by an earlier vote, to a new vote (CX-11)" in typed(shell, out, "log")
