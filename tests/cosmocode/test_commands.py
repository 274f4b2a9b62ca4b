"""Cosmo;code's commands through the shell: parsing, refusals worded for the table, views."""

import json
import re
from dataclasses import replace

import pytest

from referee.core.export import render as export
from referee.games.cosmocode import dealing, view
from referee.games.cosmocode.moves import MOVES
from referee.games.cosmocode.state import WIN_REDS
from tests.cosmocode.helpers import GAME, open_session, say


def _one_line(text):
    """A reply as one line again, however the terminal's width broke it."""
    return " ".join(text.split())


@pytest.fixture
def table_game(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, ("Ann", "Ben", "Cy"), first="Ann")
    return session, shell


@pytest.fixture
def digital_game(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    return open_session(tmp_path, ("Ann", "Ben"), mode="digital", seed=1)


def test_rule3_receive_and_reveal_in_one_line_or_two(table_game):
    session, shell = table_game
    text = say(shell, "receive short 3a 7b")
    assert "Ann reveals 3a 7b" in text and "[3a] [7b]" in text
    say(shell, "take")
    say(shell, "mid", "reveal 2a 9b")  # the word receive left out while a range is awaited
    assert [s.card for s in session.state.revealed] == ["G2a", "G9b"]


def test_rule4a_flip_by_reading_with_a_card_number(table_game):
    session, shell = table_game
    say(shell, "receive mid 2a 9b")
    text = say(shell, "flip 9b with 9")
    assert "9b now reads 9a (blue 9 spent)" in text and "[9b→9a]" in text
    assert session.state.unknown[0] == 2
    assert "Ann takes green 9b (read as 9a)" in say(shell, "take 9a")  # the card meant, as printed and as read
    assert session.state.hands[0] == ("G9b",)


def test_rule3c_a_card_taken_by_its_reading_is_named_as_printed_and_as_read(table_game):
    session, shell = table_game
    session._states[-1] = replace(session.state, hands=(("G1a", "G9b"),) + session.state.hands[1:], unknown=(0, 3, 3))
    say(shell, "receive long 5a 8a 9a", "tune 5a up with g9", "tune 6a up with g1")
    assert session.state.hands[0] == ()
    assert _one_line(say(shell, "take 7a")).startswith("✓ Ann takes red 5a (read as 7a)")
    assert session.state.reds[0] == ("R5a",)


def test_rule4a_refusals_cite_the_step(table_game):
    session, shell = table_game
    say(shell, "deal Ann 1a 2a 3a", "receive mid 2a 9b")
    assert "same number: 1 cannot flip the 9 (4a)" in say(shell, "flip 9b with 1")  # issue 9 leak 4: as typed
    # Ann named all her cards: a 9a she did not name is trusted, re-naming one she named
    # (issue 18: whether it is taken may not depend on which cards were named); with no
    # blue card left, a blue card is refused by the hand's public size
    assert "Ann holds no blue" not in say(shell, "flip 9b with 9a")
    assert "no revealed card reads 5b" in say(shell, "flip 5b with 5")
    assert "flip one revealed card with one card" in say(shell, "flip 9b")


def test_rule4c_then_4a_is_refused_through_the_shell(table_game):
    session, shell = table_game
    say(shell, "receive mid 2a 9b")
    session_state = session.state
    session._states[-1] = replace(session_state, hands=(("G5a",), (), ()))
    say(shell, "tune 2a up with 5")
    assert session.state.revealed[0].number == 3
    assert "4a is closed (4c)" in say(shell, "flip 9b with 9")
    assert "4b is closed (4c)" in say(shell, "indicator with 1 2")


def test_rule4c_wording_variants(table_game):
    session, shell = table_game
    say(shell, "receive long 4a 6a 5b")
    session._states[-1] = replace(session.state, hands=(("G1a", "G2a"), (), ()))
    assert "6a now reads 5a" not in say(shell, "tune 6a sideways with 1")
    assert "6a now reads 7a" in say(shell, "tune 6a up 1")
    assert "7a now reads 6a" in say(shell, "tune #2 down with g2")
    assert session.state.hands[0] == ()


def test_rule3b_take_needs_the_card_named_when_they_differ(table_game):
    session, shell = table_game
    say(shell, "receive mid 2a 9a")
    assert "take which one? `take 2a`, `take 9a`" in say(shell, "take")
    assert "Ann takes green 2a" in say(shell, "take 2")


def test_rule3a_short_take_takes_all_and_refuses_a_choice(table_game):
    session, shell = table_game
    say(shell, "receive short 3a 7a")
    assert say(shell, "take 3a").endswith("taken: 3a, 7a; `take` alone takes them (3a)")  # issue 20: its rule id
    assert "Ann takes blue 3a, blue 7a" in say(shell, "take")


def test_rule1_a_player_speaking_out_of_turn_is_refused(table_game):
    session, shell = table_game
    assert "it is Ann's turn, not Ben's (CO-2)" in say(shell, "Ben: receive short 3a 7b")
    assert session.state.phase == "receive"


def test_rule6_discard_through_the_shell(table_game):
    session, shell = table_game
    full = ("B1a", "B2a", "B3a", "B4a", "G5a", "G6a", "G7a", "G7b")
    session._states[-1] = replace(session.state, hands=(full, (), ()), unknown=(0, 3, 3))
    say(shell, "receive short 8a 9a", "take")
    assert session.state.phase == "discard"
    asked = []
    shell.ask_secret = lambda player, question: asked.append(question) or "b"  # the masked prompt
    assert "discarded green 7b" in say(shell, "discard 7")  # both channels held (table mode): asked unseen
    assert asked == ["which 7? in full, e.g. 7a or g7b: "]
    del shell.ask_secret  # the shell's own again: no terminal (a script), the line says the card in full
    undo = say(shell, "undo yes")
    assert "undone" in undo or "✓" in undo, undo
    session._states[-1] = replace(session.state, hands=(full[:6] + ("B7a", "G7b", "B8a", "B9a"),) + session.state.hands[1:])
    assert "discarded blue 7a" in say(shell, "discard 7")  # blue before green: nothing asked (G-2)


def test_g2_a_discard_of_a_number_alone_asks_nothing_whatever_colours_the_hand_holds(tmp_path, monkeypatch):
    """`discard 6` is the blue 6 before the green: were the referee to ask which colour
    only when the hand holds both, the question would tell the table so. (Digital mode;
    table mode asks every time at a terminal, the next test.)"""
    monkeypatch.setenv("NO_COLOR", "1")
    for mode, seed in (("digital", 1),):
        session, shell = open_session(tmp_path / mode, ("Ann", "Ben"), mode=mode, seed=seed, first="Ann",
                                      hand_limit=2)
        asked = []
        shell.ask_secret = lambda player, question: asked.append(question) or "g6a"
        for hand, expected in ((("B6a", "G6a", "G9b"), "discarded blue 6a"), (("G6a", "G9b", "B2a"), "discarded green 6a")):
            state = replace(session.state, hands=(hand,) + session.state.hands[1:], unknown=(0, 0), turn=0,
                            phase="discard", range="short")
            session._states[-1] = state
            assert _one_line(say(shell, "discard 6")).startswith("✓ " + expected), mode
            assert asked == [] and "G9b" in session.state.hands[0]



def test_rule5_perk_prompt_and_bare_answer(table_game):
    session, shell = table_game
    say(shell, "receive long 3a 4a 5a", "take 4a")
    assert GAME.prompt(session.state) == "Ann perk a|b? "
    say(shell, "b")  # the word perk left out while a perk is awaited
    assert session.state.perks[0] == "b"


def test_g2_digital_hand_shown_only_on_request(digital_game):
    session, shell = digital_game
    seen = []
    shell.show_private = lambda owner, text: seen.append((owner, text))
    assert say(shell, "hand Ben") == ""
    owner, text = seen[0]
    assert owner == "Ben" and text.startswith("Ben holds blue: ")
    for card in session.state.hands[1]:
        assert card[1:] in text


def test_g2_public_views_do_not_depend_on_hand_contents(digital_game):
    """Swap the hands' contents (same sizes): show, score, the picture and the log read the same."""
    session, shell = digital_game
    say(shell, "receive short")
    state = session.state
    other = replace(state, hands=tuple(tuple("B10b" for _ in h) for h in state.hands))
    assert view.picture(state, 80) == view.picture(other, 80)
    assert view.scoreboard(state) == view.scoreboard(other)
    assert GAME.toolbar(state) == GAME.toolbar(other)
    log = export(GAME, session.header, session.records, finished=False, fmt="json")
    assert json.loads(log)["header"]["seed"] == "(hidden until the game ends)"
    public = {s.card for s in state.revealed}
    for hand in state.hands:
        for card in set(hand) - public:
            assert f'"{card}"' not in log


def test_hint_shown_privately_to_the_player_to_act(digital_game):
    session, shell = digital_game
    seen = []
    shell.show_private = lambda owner, text: seen.append((owner, text))
    assert "needs revealed cards" in say(shell, "hint")
    say(shell, "receive long")
    assert say(shell, "hint") == ""
    assert seen and seen[0][0] == session.state.player


def test_hint_named_for_someone_else_is_refused(digital_game):
    session, shell = digital_game
    say(shell, "receive long")
    other = [p for p in session.players if p != session.state.player][0]
    assert "the hint is for the player to act" in say(shell, f"hint {other}")
    assert "the hint is for the player to act" in say(shell, f"{other}: hint")


def test_hand_without_a_name_is_the_player_to_act(digital_game):
    session, shell = digital_game
    seen = []
    shell.show_private = lambda owner, text: seen.append(owner)
    say(shell, "hand")
    assert seen == [session.state.player]


def test_rule3_take_nothing_and_its_other_words(table_game):
    session, shell = table_game
    say(shell, "receive mid 2a 9b", "take nothing")
    assert session.state.player == "Ben"
    say(shell, "receive mid 2a 9b", "pass")
    assert session.state.player == "Cy"
    say(shell, "receive mid 2a 9a")
    assert "can be taken" in say(shell, "nothing") and session.state.player == "Cy"


def test_g2_digital_receive_takes_no_cards_and_undo_asks(digital_game):
    session, shell = digital_game
    assert "referee reveals the cards itself (G-2)" in say(shell, "receive short 1a 2a")
    say(shell, "receive short")
    assert "not undone: it would take back what was revealed" in say(shell, "undo")
    assert "undone" in say(shell, "undo yes") and session.state.phase == "receive"


def test_co4_no_reshuffle_flag_through_the_cli(tmp_path):
    from click.testing import CliRunner

    from referee.cli import main

    result = CliRunner().invoke(main, ["code", "--players", "Ann,Ben", "--no-reshuffle", "--mode", "digital", "--seed",
                                       "1", "--script", "-"], input="rules\n",
                                env={"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1"})
    assert result.exit_code == 0
    assert "reshuffle   no" in result.stdout


def test_co1_option_first_must_name_a_player(tmp_path):
    from click.testing import CliRunner

    from referee.cli import main

    result = CliRunner().invoke(main, ["cosmocode", "--players", "Ann,Ben", "-o", "first=Zed"],
                                env={"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1"})
    assert result.exit_code == 2 and "who is not playing" in result.output


def test_rule2_a_mistyped_range_suggests_what_was_meant_and_changes_nothing(table_game):
    session, shell = table_game
    before = session.state
    assert say(shell, "recieve short") == "✗ 'recieve' is not a range: short, mid or long; did you mean `receive short`?"
    assert say(shell, "receive shrt 3a 4b") == "✗ 'shrt' is not a range: short, mid or long; did you mean `short`?"
    assert say(shell, "lnog") == "✗ 'lnog' is not a range: short, mid or long; did you mean `long`?"
    assert say(shell, "zzz") == "✗ 'zzz' is not a range: short, mid or long (type help for the commands)"
    assert session.state == before


def test_malformed_lines_are_one_line_each(table_game):
    session, shell = table_game
    before = session.state
    for line in ["receive", "receive far", "flip", "take 11a", "tune", "indicator with 1", "discard", "perk",
                 "reveal", "start Zed", "hand Zed", "deal Ann", "deal Ann 3x", "flip #9 with 1", "take #0"]:
        text = say(shell, line)
        assert text.startswith("✗ ") and "internal error" not in text, line
        assert all(more.startswith("  ") for more in text.splitlines()[1:]), line  # one refusal, broken to fit
    assert session.state == before


def test_prompt_and_toolbar_say_who_acts(table_game):
    session, shell = table_game
    assert GAME.prompt(session.state) == "Ann range? "
    say(shell, "receive long 1a 2a 4b")
    assert GAME.prompt(session.state) == "Ann (long)> "
    assert "Ann: manipulate long" in GAME.toolbar(session.state)


def test_co1_option_first_is_said_as_the_player_is_seated(tmp_path):
    """`-o first=ann` (options are read in lower case) shows as Ann in `rules`."""
    from click.testing import CliRunner

    from referee.cli import main

    result = CliRunner().invoke(main, ["cosmocode", "--players", "Ann,Ben", "-o", "first=ann", "--script", "-"],
                                input="rules\n", env={"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1"})
    assert result.exit_code == 0 and re.search(r"first +Ann +random", result.output) and not re.search(r"\bann\b", result.output)


def test_rules_lists_the_table_options(table_game):
    session, shell = table_game
    text = say(shell, "rules")
    for name, rule in (("reshuffle", "CO-4"), ("hand_limit", "CO-6"), ("first", "CO-1")):
        assert name in text and rule in text


def test_result_counts_red_cards(table_game):
    session, shell = table_game
    state = replace(session.state, reds=(("R1a",), (), ()))
    assert GAME.result(state)["players"][0] == {"name": "Ann", "score": 1}
    over = replace(state, phase="over", winner="Ann")
    assert GAME.result(over)["winners"] == ["Ann"] and "Winner: Ann" in view.final(over, 80)
    assert WIN_REDS == 2


def test_issue13_hint_ranks_its_options_fewest_cards_spent_first(table_game):
    session, shell = table_game
    seen = []
    shell.show_private = lambda owner, text: seen.append(text)
    say(shell, "deal Ann 3a 5b 9a", "receive short 3b 9b", "hint")
    assert seen == ["Ann: 4 ways, fewest cards spent first:\n"
                    "1. take 1 (3a), spending 1 card: flip 3b with 3a\n"
                    "2. take 1 (9a), spending 1 card: flip 9b with 9a\n"
                    "3. take 2 (3b 9b), spending 2 cards: indicator with 3a 5b\n"
                    "4. take 2 (3a 9a), spending 2 cards: flip 3b with 3a; flip 9b with 9a"]


def test_issue13_hint_leaves_out_a_way_that_only_adds_cards_to_a_cheaper_one():
    from referee.games.cosmocode import hint
    from tests.cosmocode.test_hint import situation

    # mid 4a 4b: flip 4b with the blue 4 (1 card). Flipping the indicator and 4a instead
    # spends that same 4 and two more for the same take: found, but not offered
    state = situation("mid", [(4, "a"), (4, "b")], ["B4a", "B1a", "B2a"])
    assert sorted(plan.cost for _key, _count, plan in hint._options(state)) == [1, 3]
    assert [(count, plan.cost) for count, plan in hint.ranked(state)] == [(1, 1)]
    # mid 4b 7b: flip both (the 4 and the 7) or the indicator (the 1 and the 2): both
    # offered, so a player keeping the 4 and 7 sees the other way
    state = situation("mid", [(4, "b"), (7, "b")], ["B4a", "B7a", "B1a", "B2a"])
    ways = [sorted(card for step in plan.steps for card in hint._paid(step)) for _count, plan in hint.ranked(state)]
    assert sorted(ways) == [["B1a", "B2a"], ["B4a", "B7a"]]


def test_issue13_completion_after_with_does_not_repeat_with(table_game):
    from prompt_toolkit.document import Document

    from referee.core.completion import CommandCompleter

    session, shell = table_game
    say(shell, "receive mid 2a 9b")

    def offered(text):
        return [c.text for c in CommandCompleter(shell).get_completions(Document(text), None)]

    assert offered("flip ") == ["2a", "9b"]
    assert offered("flip 9b ") == ["with"]
    assert offered("flip 9b with ") == ["9"]  # the number it needs, nothing of the hand
    assert offered("flip 9b with 9 ") == []
    assert offered("tune 2a ") == ["up", "down"]
    assert offered("tune 2a up ") == ["with"]
    assert offered("tune 2a up with ") == []
    assert offered("indicator ") == ["with"] and offered("indicator with ") == []
    assert offered("take ") == ["2a", "9b"] and offered("take 2a ") == []


def test_hint_needs_the_whole_hand_named_in_table_mode(table_game):
    session, shell = table_game
    say(shell, "deal Ann 3a", "receive short 3b 9b")
    assert "does not know all of Ann's hand" in say(shell, "hint")


def test_hand_in_table_mode_shows_what_the_referee_knows(table_game):
    session, shell = table_game
    seen = []
    shell.show_private = lambda owner, text: seen.append(text)
    assert "same number: 3 cannot flip the 2 (4a)" in say(shell, "deal Ann 3a", "receive mid 2a 2b", "flip 2b with 3")
    say(shell, "flip 2b with 2", "take 2a", "hand Ann")  # the 2 paid is one of the unnamed cards
    assert seen[-1] == "Ann holds blue: 3a; green: 2a; and 1 blue card not named to the referee"


# -- found in review ------------------------------------------------------------------------------


def test_g2_a_speaker_asking_for_hand_sees_their_own_not_the_player_to_acts(digital_game):
    session, shell = digital_game
    seen = []
    shell.show_private = lambda owner, text: seen.append((owner, text))
    other = [p for p in session.players if p != session.state.player][0]
    say(shell, f"{other}: hand")
    assert seen and seen[0][0] == other and seen[0][1].startswith(f"{other} holds")


def test_g2_a_speaker_cannot_ask_for_someone_elses_hand(digital_game):
    session, shell = digital_game
    seen = []
    shell.show_private = lambda owner, text: seen.append(owner)
    me, other = session.players
    text = say(shell, f"{me}: hand {other}")
    assert seen == [] and text.startswith("✗ a hand is shown only to its owner") and "(G-2)" in text
    say(shell, f"{me}: hand {me}")
    assert seen == [me]


def test_rule1_discard_out_of_turn_is_refused_before_the_hand_is_read(table_game):
    session, shell = table_game
    full = ("B1a", "B2a", "B3a", "B4a", "G5a", "G6a", "B7a", "G7b")
    session._states[-1] = replace(session.state, hands=(full, (), ()), unknown=(0, 3, 3))
    say(shell, "receive short 8a 9a", "take")
    text = say(shell, "Ben: discard 7")  # Ann holds a blue and a green 7: Ben must not learn it
    assert text == "✗ it is Ann's turn, not Ben's (CO-2)"


def test_rule6_the_discard_line_says_how_far_over_which_limit_and_how_to_name_a_green(table_game):
    session, shell = table_game
    full = ("B1a", "B2a", "B3a", "B4a", "G5a", "G6a", "G7a", "G7b")
    session._states[-1] = replace(session.state, hands=(full, (), ()), unknown=(0, 3, 3))
    text = _one_line(say(shell, "receive short 8a 9a", "take"))
    assert ("Ann holds 10 cards, 2 over the limit of 8: `discard` 2, e.g. `discard 3` (blue) or "
            "`discard g7` (rule 6)") in text


def test_rule6_a_discard_not_held_cites_rule_6(table_game):
    session, shell = table_game
    full = ("B1a", "B2a", "B3a", "B4a", "G5a", "G6a", "G7a", "G7b")
    session._states[-1] = replace(session.state, hands=(full, (), ()), unknown=(0, 3, 3))
    say(shell, "receive short 8a 9a", "take")
    assert say(shell, "discard 3 3") == "✗ Ann holds no other blue 3 (CO-6)"  # one blue 3, named twice


def test_preparation3_deal_of_a_green_card_says_hands_start_blue(table_game):
    session, shell = table_game
    text = say(shell, "deal Ann 1a g2a")
    assert "range" not in text and "the hands dealt at the start (Preparation 3) hold only blue cards" in text


def test_rule5_perk_out_of_its_time_names_what_is_awaited(table_game):
    session, shell = table_game
    assert say(shell, "perk c") == "✗ Ann first chooses a range, not `perk`: `receive short|mid|long` (CO-2)"
    say(shell, "receive long 3a 4a 5a", "take 4a")
    assert "choose `perk a`" in say(shell, "perk c") and session.state.phase == "perk"


def test_g1_table_mode_a_number_alone_asks_which_channel_when_both_are_held(table_game):
    session, shell = table_game
    say(shell, "deal Ann 8a 8b 3a", "receive mid 8a 8b")
    text = _one_line(say(shell, "flip 8b with 8"))
    assert text == ("✗ 8: nothing was done; say the card in full, with colour and channel, e.g. 8a or g8b"
                    ) and session.state.hands[0] == ("B3a", "B8a", "B8b")
    say(shell, "flip 8b with 8b")
    assert session.state.hands[0] == ("B3a", "B8a")
    assert "8a now reads 8b" in say(shell, "flip 8a with 8")  # one channel left: no question


def test_g1_a_number_named_as_often_as_the_hand_holds_it_pays_with_all_and_asks_nothing(table_game):
    """In a script (no terminal to ask at, and every line public), `indicator with 1 1`
    from a hand of 1a and 1b: no card to tell apart, so no question."""
    session, shell = table_game
    asked = []

    class Script:  # no terminal to ask at, as the shell says of itself
        interactive = False

        def ask(self, player, question):
            asked.append(question)

    shell.ask_secret = Script().ask
    say(shell, "deal Ann 1a 1b 7a", "receive mid 4b 5b")
    assert "the indicator now shows beta (blue 1a and blue 1b spent)" in _one_line(say(shell, "indicator with 1 1"))
    assert asked == [] and session.state.hands[0] == ("B7a",)
    session._states[-1] = replace(session.state, phase="discard", options=dict(session.state.options, hand_limit=2),
                                  hands=(("B2a", "B2b", "G2a", "B7a"),) + session.state.hands[1:])
    assert "discarded blue 2a, blue 2b" in say(shell, "discard 2 2")
    assert asked == [] and session.state.hands[0] == ("G2a", "B7a")


@pytest.mark.parametrize("width", [50, 80])
def test_picture_fits_a_phone_terminal_with_colour_codes_measured_out(width, monkeypatch):
    import re

    monkeypatch.delenv("NO_COLOR", raising=False)
    from referee.core import render

    monkeypatch.setattr(render, "_color", True)
    state = dealing.initial({"id": None, "players": ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"], "mode": "digital",
                           "seed": 3, "options": {"reshuffle": True, "hand_limit": 8, "first": "Ann"}})
    state = MOVES.apply(state, {"do": "receive", "range": "long"})
    state = replace(state, tuned=True, reds=(("R10a",), ("R9b",)) + ((),) * 4, unknown=(0, 0, 0, 0, 0, 0))
    lines = view.picture(state, width).splitlines()
    visible = [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in lines]
    assert "\x1b[" in "".join(lines)  # the colours are there, and not counted
    assert max(len(line) for line in visible) <= width
    assert any("4c used" in line for line in visible) and visible[0].startswith("Channel indicator")
    rows = [line for line in visible if " reds " in line]
    assert len(rows) == 6 and len({line.index("perk") for line in rows}) == 1  # columns line up


def test_toolbar_says_what_is_awaited_in_a_newcomers_words(table_game):
    """The perk and discard prompts read `Ann: perk a|b`, `Ann: discard` (not `perk long`,
    the range of a turn already taken); a game won on a tuned card closes nothing."""
    session, shell = table_game
    say(shell, "receive long 3a 4a 5a", "take 4a")
    assert GAME.toolbar(session.state)[0] == "Ann: perk a|b"
    say(shell, "perk b")
    session._states[-1] = replace(session.state, hands=(("G1b",), ("G1a",) * 8, ()), unknown=(3, 0, 3))
    say(shell, "receive short 2a 3a", "take")
    assert GAME.toolbar(session.state)[0] == "Ben: discard"
    say(shell, "discard g1 g1", "Cy: receive mid 6a 7a")
    assert GAME.toolbar(session.state)[0] == "Cy: manipulate mid"
    say(shell, "take 6a", "receive long 5a 7a 8a", "tune #1 up with g1")
    assert "4a/4b closed" in GAME.toolbar(session.state)
    say(shell, "take 6a")
    assert session.state.phase == "over" and "4a/4b closed" not in GAME.toolbar(session.state)


def test_toolbar_names_only_who_holds_a_red_card(table_game):
    session, shell = table_game
    assert not any(part.startswith("reds") for part in GAME.toolbar(session.state))
    say(shell, "receive long 3a 4a 5a", "take 4a")
    assert "reds Ann 1" in GAME.toolbar(session.state)


def test_welcome_is_broken_between_words_to_the_terminal(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "50")
    session, shell = open_session(tmp_path, ("Ann", "Ben"), mode="digital", seed=1)
    text = GAME.welcome(shell.context)  # as the launcher does: the context says the width
    assert max(len(line) for line in text.splitlines()) <= 50
    assert "`hand PLAYER` shows a hand to its owner only." in " ".join(text.split())


def test_g2_private_texts_fit_the_terminal_so_the_wipe_after_enter_takes_all_of_them(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "40")
    session, shell = open_session(tmp_path, ("Ann", "Ben"), first="Ann")
    seen = []
    shell.show_private = lambda owner, text: seen.append(text)
    full = ("B1a", "B2a", "B3a", "B4a", "B5b", "G1a", "G2a", "G9a")
    session._states[-1] = replace(session.state, hands=(full, ()), unknown=(0, 3))
    say(shell, "receive long 5a 1b 6b", "hint", "hand")
    hint_seen, hand_seen = seen
    assert "tune" in hint_seen and "G" not in hand_seen and "9a" in hand_seen
    for text in seen:
        assert max(len(line) for line in text.splitlines()) <= 40, text
    import re

    steps = [step for line in hint_seen.splitlines() for step in re.findall(r"\b(?:indicator|flip|tune) [^;]*", line)]
    assert len(steps) == 5 and all(re.search(r" with \S+( \S+)?$", step) for step in steps)  # never broken inside one


@pytest.mark.parametrize("line", ["take", "take 7", "flip 7 with 7", "tune #9 up with 3", "indicator with 1"])
def test_rule1_out_of_turn_is_said_before_any_question_about_the_cards(table_game, line):
    session, shell = table_game
    say(shell, "receive mid 2a 9a")
    assert say(shell, f"Ben: {line}") == "✗ it is Ann's turn, not Ben's (CO-2)"


def test_g2_deal_player_alone_asks_for_the_cards_unseen(tmp_path):
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    session, shell = open_session(tmp_path)
    shell.interactive = True
    with create_pipe_input() as pipe:
        pipe.send_text("start Ann\rdeal Ann\r3a 5b 9a\r\x04")
        shell.run_interactive(input=pipe, output=DummyOutput())
    deal = [a for a in session.events if a["do"] == "deal"]
    assert deal and deal[0]["player"] == "Ann" and deal[0]["cards"] == ["B3a", "B5b", "B9a"]
    assert not any("3a 5b 9a" in line for line in shell.printed)


def test_g2_ctrl_c_at_a_masked_question_does_nothing_and_never_says_at_a_terminal_nor_on_the_line(tmp_path, monkeypatch):
    """Ctrl-C at `which 8?` or at `deal Ann`'s prompt: nothing done, in words that fit a
    terminal too (not "at a terminal the referee asks unseen", said to one)."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path)
    shell.interactive = True
    with create_pipe_input() as pipe:
        pipe.send_text("start Ann\rdeal Ann 8a 8b 3a\rreceive mid 8a 8b\rflip 8b with 8\r8\x03deal Ben\r9\x03\x04")
        shell.run_interactive(input=pipe, output=DummyOutput())
    said = _one_line(" ".join(shell.printed))
    assert "✗ 8: nothing was done; say the card in full" in said
    assert "✗ no cards named, nothing was done; `deal Ben` asks again, unseen" in said and "at a terminal" not in said
    assert "on the line" not in said  # a terminal is not told to say the cards for the table to read
    assert session.state.hands[0] == ("B3a", "B8a", "B8b") and session.state.unknown[1] == 3


def test_g2_deal_player_alone_in_a_script_says_how_to_give_the_cards(tmp_path):
    session, shell = open_session(tmp_path)
    text = say(shell, "start Ann", "deal Ann")
    assert "no cards named, nothing was done; `deal Ann CARD ...` names them on the line" in _one_line(text)
    assert not [a for a in session.events if a["do"] == "deal"]


def test_issue9_gap_table_mode_asks_which_card_whatever_the_hand_holds(tmp_path, monkeypatch):
    """The masked `which 7?` question came only when the hand held both channels, so the
    table, seeing it asked, learnt that. At a terminal, table mode now asks whenever a
    payment lacks its channel and the player named cards to the referee (the picture
    shows that count): the same question for every hand; the answer picks the card."""
    monkeypatch.setenv("NO_COLOR", "1")
    for hand, spent in (("7a 7b", "blue 7b"), ("7a 3b", "blue 7a"), ("1a 9a", "blue 7b")):
        session, shell = open_session(tmp_path / hand.replace(" ", ""), first="Ann")
        asked = []
        answers = [hand, "b" if "7b" in hand or "7a" not in hand else "7"]
        shell.ask_secret = lambda player, question: asked.append((player, question)) or answers.pop(0)
        say(shell, "deal Ann", "receive short 7b 2a")
        text = say(shell, "flip #1 with 7")
        assert f"({spent} spent)" in text, text
        assert asked[-1] == ("Ann", "which 7? in full, e.g. 7a or g7b: ")


def test_co2_a_place_past_the_revealed_cards_is_refused_with_its_rule(table_game):
    """`tune #3 ...` after a two-card reveal: refused by the rules, quoting #3, saying how
    many were revealed and citing CO-2 (it was a bare '#3: there are 2 revealed cards')."""
    session, shell = table_game
    say(shell, "start Ann", "receive mid 5a 2b")
    before = session.state
    for line in ("tune #3 up with g2", "flip #3 with 5", "take #3", "take #0"):
        text = say(shell, line)
        assert text.startswith("✗ #") and "is not one of the revealed cards: there are 2, #1 to #2 (CO-2)" in text, line
        assert session.state == before


def test_co2_completion_after_a_place_past_the_revealed_cards_offers_nothing(table_game):
    """`flip #5 with <tab>`: the place is refused by the rules now (CO-2); completion
    offers nothing instead of raising that refusal inside the completer."""
    from referee.games.cosmocode.reading import flip_words as _flip_words

    session, shell = table_game
    say(shell, "receive mid 2a 9b")
    assert _flip_words(session, ["#5", "with"]) == [] and _flip_words(session, ["#2", "with"]) == ["9"]


def test_rule_preparation_and_goal_are_in_the_table_as_the_replies_name_them(table_game):
    """A deal refusal speaks of "Preparation 3" (the three blue cards each player draws):
    `rule Preparation` now prints the rulebook's words instead of "no rule"."""
    session, shell = table_game
    text = _one_line(say(shell, "rule preparation"))
    assert text.startswith("Preparation · rulebook, Preparation")
    assert "every player draws three(3) short-ranged cards" in text
    assert "two long-ranged rescue signals" in _one_line(say(shell, "rule Goal"))


def test_rule6_a_range_typed_at_the_discard_prompt_is_told_to_discard_first(tmp_path, monkeypatch):
    """At `Ann discard?` a bare line is a discard, so `short 3a 4a` was "'short' is not a
    card"; a newcomer who meant the next reception is told the discard comes first (6)."""
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, first="Ann", hand_limit=4)
    say(shell, "short 1a 2a", "take", "short 3a 4a", "take")
    assert session.state.phase == "discard"
    before = session.state
    for line in ("short 5a 6a", "long", "discard short", "receive mid"):
        assert say(shell, line) == "✗ Ann holds more than 4 cards, not `receive`: `discard CARD ...` first (CO-6)", line
        assert session.state == before
