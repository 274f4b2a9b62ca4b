"""Issue 20 ("Quicker than paper") for Connections: a `finish` that ends the game mid-round
says what it did (item 17), every refusal cites a rule of the game's table (item 12), and
a side that touches nothing need not be typed (item 4)."""

import pytest

from tests.connections.helpers import new_session
from tests.tables import typed

PLAYERS = {"classic": ("Ann", "Ben", "Cy"), "quick": ("Ann", "Ben"), "quads": ("Ann", "Ben"),
           "endless": ("Ann", "Ben"), "rummy": ("Ann", "Ben"), "solitaire": ("Sol",)}


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    return lambda variant="quick", **options: new_session(tmp_path, variant, PLAYERS[variant], **options)


def flat(text):
    return " ".join(text.split())


# -- item 17: Quick Play `finish` mid-round says what it did, and that `undo` takes it back --------


def test_issue20_item17_quick_play_finish_mid_round_says_the_round_scores_nothing_and_undo_takes_it_back(table):
    session, shell, out = table("quick")
    typed(shell, out, "start cowboy/race/tiger/bowl 2", "Ann: play 1,0 surf/lawn/ice/track 1 !")
    said = typed(shell, out, "finish")
    assert session.state.phase == "over"
    assert ("✓ the table ends the game (G-6): round 1 is cut short and scores nothing, since nobody went out "
            "(CN-6); `undo` takes it back") in flat(said)
    assert flat(said).index("`undo` takes it back") < flat(said).index("Final scores")  # the scores come last
    shell.confirm = lambda question: True  # the table answers yes to "Undo anyway?"
    typed(shell, out, "undo")
    assert session.state.phase == "play" and session.state.cells.get((1, 0)) is not None  # as it said


@pytest.mark.parametrize("variant, words", [
    ("quads", "the table ends the game (G-6): round 1 is closed with the quads made (CN-6); `undo` takes it back"),
    ("endless", "the table says the space ran out: the game is over (CN-8); `undo` takes it back"),
    ("solitaire", "the table says the space ran out: the game is over (CN-8); `undo` takes it back"),
])
def test_issue20_item17_a_finish_that_ends_the_game_mid_round_says_what_it_did_in_every_variant(table, variant,
                                                                                                 words):
    session, shell, out = table(variant)
    if variant != "quads":
        typed(shell, out, "start cowboy/race/tiger/bowl 2")
    said = flat(typed(shell, out, "finish"))
    assert session.state.phase == "over" and words in said and said.index(words) < said.index("Final scores")



# -- item 12: every refusal cites the rule id that says it: no bare section, no silence ---------


def _rulings():
    """The ids a Connections refusal may cite: the rulings (CN-n, G-n), not the rulebook's
    sections, whose bare names, "(Classic)", "(Quick)", read as the variant's name."""
    from referee.core import ruletable

    table = ruletable.for_game("connections")
    return ruletable.RuleTable([rule for rule in table if rule.source == "RULINGS"])


def test_issue20_item12_no_refusal_in_the_source_cites_a_section_of_the_rulebook():
    from tests.test_rule_citations import _sources, static_offences

    offences = static_offences(_sources("connections"), _rulings())
    assert not offences, "\n".join(offences)


def test_issue20_item12_no_refusal_made_in_play_cites_a_section_of_the_rulebook(tmp_path):
    """The examples of every variant with random lines after them, and fresh tables: each
    RuleError made cites a ruling (a rule computed at run time included: the turn's, the
    draw's)."""
    from tests.test_rule_citations import _played

    offences = _played("connections", tmp_path).offences(_rulings())
    assert not offences, "\n".join(offences)


@pytest.mark.parametrize("variant, lines, refused, rule", [
    ("classic", ["Ben: play 1,0 surf/lawn/ice/track 1"], "it is Ann's turn, not Ben's (CN-6)", "CN-6"),
    ("classic", ["pass"], "Ann must draw first: a player who cannot connect draws (CN-6)", "CN-6"),
    ("endless", ["pass"], "Ann must draw first: a player who cannot connect draws (CN-8)", "CN-8"),
    ("endless", ["draw", "draw"], "Ann has drawn this turn already; you may play the card drawn, or pass (CN-8)",
     "CN-8"),
    ("quick", ["play 1,0 surf/lawn/ice/track 1"], "Quick Play has no turns: say who it is", "CN-6"),
    ("quads", ["Ann: draw"], "Quads has four draw piles: say which, `draw 1` to `draw 4` (CN-6)", "CN-6"),
    ("rummy", ["pass"], "Ann must draw first: each turn starts with a draw (CN-6)", "CN-6"),
    ("quick", ["Ann: play 1,0 surf/lawn/ice/track 1 !", "vote Ann nope"], "a vote is yes or no, not 'nope' (G-4)",
     "G-4"),
    ("quick", ["draw 12"], "there is no pile 12: Quads has piles 1 to 4, the others one draw pile (CN-6)", "CN-6"),
])
def test_issue20_item12_a_refusal_cites_the_ruling_that_says_it_and_why_shows_it(table, variant, lines, refused,
                                                                                 rule):
    session, shell, out = table(variant)
    if variant not in ("quads", "rummy"):
        typed(shell, out, "start cowboy/race/tiger/bowl 2")
    said = flat(typed(shell, out, *lines))
    assert refused in said and said.endswith(f"({rule})")
    assert f"{rule} · RULINGS" in flat(typed(shell, out, "why"))


# -- item 4: a side that touches nothing is typed `?` (or left out), asked for when a card touches it ----


def _answering(shell, *answers):
    """The table's answers to the visible questions (ctx.ask), in order; the questions asked."""
    asked, given = [], list(answers)
    shell.ask = lambda question, default=None: asked.append(question) or (given.pop(0) if given else default)
    return asked


def test_issue20_item4_a_side_typed_question_mark_is_asked_for_when_a_later_card_touches_it(table):
    session, shell, out = table("classic")
    typed(shell, out, "start tiger/head/tree/ocean 1")
    asked = _answering(shell)
    said = typed(shell, out, "play 1,0 ?/?/?/hair 4")  # only the west side meets a card: nothing asked
    assert asked == [] and "✓ Ann plays ?/?/?/hair (4) at 1,0" in said and "4 + 1 = 5" in flat(said)
    assert session.state.cells[(1, 0)].words == ("?", "?", "?", "hair")
    asked = _answering(shell, "Comb")
    said = typed(shell, out, "play 2,0 brush/tooth/paste/comb 2")
    assert asked == ["Word on the east side of the card at 1,0 (?/?/?/hair 4), meeting COMB?"]
    assert "pairs: comb ↔ comb" in said and "2 + 4 = 6" in flat(said)
    assert session.state.cells[(1, 0)].words == ("?", "comb", "?", "hair")  # learned once, kept
    assert session.events[-1]["sides"] == [[1, 0, "east", "comb"]]
    log = flat(typed(shell, out, "log"))
    assert "plays brush/tooth/paste/comb (2) at 2,0: comb ↔ comb; 2 + 4 = 6; the east side at 1,0 is comb" in log
    from referee.core.session import Session

    assert Session.resume(session.game, session.journal.path).state == session.state  # the journal replays it


def test_issue20_item4_a_side_left_out_is_read_as_question_mark_and_a_touching_one_is_asked_at_once(table):
    session, shell, out = table("classic")
    typed(shell, out, "start tiger/// 1")  # the starter's sides left out but its north one
    assert session.state.cells[(0, 0)].words == ("tiger", "?", "?", "?")
    asked = _answering(shell, "ocean", "Sea")
    said = typed(shell, out, "play -1,0 ?/?/?/? 3")  # its east side meets the starter's west side: both asked
    assert asked == ["Word on the west side of the card at 0,0 (tiger/?/?/? 1)?",
                     "Word on the east side of the card for -1,0, meeting OCEAN?"]
    assert "pairs: sea ↔ ocean" in said and "3 + 1 = 4" in flat(said)
    assert session.state.cells[(-1, 0)].words == ("?", "sea", "?", "?")
    assert session.state.cells[(0, 0)].words == ("tiger", "?", "?", "ocean")


def test_issue20_item4_no_word_said_refuses_the_play_and_changes_nothing(table):
    session, shell, out = table("classic")
    typed(shell, out, "start ?/head/?/? 1")
    before, events = session.state, len(session.events)
    _answering(shell)  # nobody answers (a script with no line left)
    said = typed(shell, out, "play 0,1 sky/cloud/rain/sun 2")
    assert flat(said) == ("✗ the north side of the card at 0,0 is `?` and a card touches it there: say its word "
                          "when asked (CN-2)")
    assert session.state == before and len(session.events) == events
    _answering(shell, "7up")
    assert "has a number in it" in typed(shell, out, "play 0,1 sky/cloud/rain/sun 2")
    assert session.state == before


def test_issue20_item4_a_script_answers_the_question_with_its_next_line(tmp_path):
    from tests.tables import run_script

    script = tmp_path / "night.txt"
    script.write_text("start tiger/head/tree/? 1\nplay -1,0 bird/ocean/fish/sand 2\nocean\n", encoding="utf-8")
    result = run_script(["connections", "-p", "Ann,Ben", "--script", str(script), "--json"], tmp_path, columns=80)
    import json

    assert json.loads(result.stdout)["players"][0]["score"] == 2 + 1  # ocean ↔ ocean: one pair, ×1
    assert "Word on the west side of the card at 0,0 (tiger/head/tree/? 1), meeting OCEAN?\n> ocean" in result.stderr
    assert "refused" not in result.stderr.lower()


def test_issue20_item4_keystrokes_of_a_play_touching_one_side(table):
    """The note's figure: a play that touches one side, typed in full and with `?`."""
    before, after = "play 1,1 fruit/salad/bowl/hair 4", "play 1,1 ?/?/?/hair 4"
    assert (len(before), len(after)) == (32, 21)


def test_issue20_item4_quads_ask_for_a_side_when_a_card_of_the_quad_meets_it(table):
    session, shell, out = table("quads")
    _answering(shell, "paw")
    typed(shell, out, "Ann: play 0,0 ?/?/?/? 1")  # the quad's first card touches nothing
    said = typed(shell, out, "Ann: play 1,0 ?/?/?/paw 2")
    assert "Ann plays ?/?/?/paw (2) at 1,0" in said
    assert session.state.areas[0][(0, 0)].words == ("?", "paw", "?", "?")


def test_issue20_item4_contest_ben_in_quick_play_is_bens_latest_card(table):
    session, shell, out = table("quick")
    typed(shell, out, "start tiger/head/tree/ocean 1", "Ben: play 1,0 a/b/c/head 1 !", "Ann: play 0,1 x/y/tiger/z 1 !",
          "Ann: play -1,0 a/ocean/c/d 1 !")
    said = typed(shell, out, "Ann: contest Ben")
    assert "Does Ben's card at 1,0 connect (head ↔ head)?" in said
    assert [v.label for v in session.state.votes] == ["1,0"]
    said = typed(shell, out, "Ben: contest Ann")
    assert "Does Ann's card at -1,0 connect (ocean ↔ ocean)?" in said  # her latest, not her first


def test_issue20_item4_a_slip_answered_no_offers_the_line_back(table):
    session, shell, out = table("classic")
    typed(shell, out, "start tiger/head/tree/ocean 1")
    offered = []
    shell.confirm = lambda question: False
    shell.retype = lambda: offered.append(True)
    assert "KITESURF not in the lexicon (CN-5)" in typed(shell, out, "play 1,0 kitesurf/apple/river/head 2")
    assert offered == [True]
    offered.clear()
    typed(shell, out, "play 5,5 kitesurf/apple/river/head 2")  # a rule's refusal is no slip to mend
    assert offered == []
    assert "back at the prompt" not in typed(shell, out, "play 1,0 kitesurf/apple/river/head 2")  # a script's


def test_issue20_item4_an_interactive_table_is_told_the_line_is_back_to_mend(table):
    """A newcomer typed the whole corrected line after the refused one came back, and got
    both glued together: the refusal now says where the line went, at a terminal only."""
    session, shell, out = table("classic")
    typed(shell, out, "start tiger/head/tree/ocean 1")
    shell.confirm = lambda question: False
    shell.interactive = True
    said = flat(typed(shell, out, "play 1,0 kitesurf/apple/river/head 2"))
    assert said.endswith("to enter it as printed; the line is back at the prompt to mend (Ctrl-U clears it)")


def test_issue20_gap_why_after_the_lexicon_refusal_shows_cn5(table):
    """The refusal names CN-5 mid-sentence ("… (CN-5): check the card …"); `why` found no
    rule after it and said it cited none."""
    session, shell, out = table("classic")
    typed(shell, out, "start tiger/head/tree/ocean 1")
    shell.confirm = lambda question: False
    said = typed(shell, out, "play 1,0 kitesurf/apple/river/head 2")
    assert flat(said) == ("✗ KITESURF not in the lexicon (CN-5): check the card, or end the line with `!` to enter "
                          "it as printed")  # word for word as before
    why = flat(typed(shell, out, "why"))
    assert "cited no rule" not in why and "CN-5" in why and "typing slips" in why


def test_issue20_item4_rummy_runs_leave_north_and_south_out(table):
    """A run lies west to east: its cards' north and south sides never touch a card."""
    session, shell, out = table("rummy")
    typed(shell, out, "draw")
    said = typed(shell, out, "run ?/salad/?/fruit 3; /bowl//salad 2; ?/spoon/?/bowl 1 !")
    assert "Ann lays a run of 3: salad ↔ salad; bowl ↔ bowl" in flat(said)
    assert session.state.runs[0][0][1].words == ("?", "bowl", "?", "salad")
    typed(shell, out, "draw")
    before = session.state
    said = typed(shell, out, "extend 1 east ?/?/?/spoon 2")
    assert flat(said) == ("✗ a run's cards meet east to west: type their east and west words; only north and south "
                          "may be `?` (CN-6)")
    assert session.state == before


def test_issue20_item8_the_end_says_the_winner_last_and_the_toolbar_that_the_game_is_over(table):
    """A newcomer's play at 80x24: "Played in 0:45." came after "Winner: Cy", and the
    toolbar still said "Classic round 5/5" once the game was over."""
    session, shell, out = table("classic")
    typed(shell, out, "start tiger/head/tree/ocean 1")
    session.clock = lambda: session.events[0]["at"] + 60
    said = typed(shell, out, "finish", *(f"hand {player} {10 + n}" for n, player in enumerate(session.players)))
    lines = [line for line in said.splitlines() if line.strip()]
    assert lines[-1].startswith("Winner") and any(line.startswith("Played in") for line in lines)
    assert session.game.toolbar(session.state)[0].startswith("Game over")
