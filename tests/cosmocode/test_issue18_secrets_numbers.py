"""Issue 18 in Cosmo;code: the unnamed count of a hand never reaches public text (item 1,
G-2 revised), and a number typed is bounded before it is read (item 13).
"""

import re

from click.testing import CliRunner

from referee.cli import main
from tests.cosmocode.helpers import open_session, say

HUGE = "9" * 5000
REPRO = ["start Ann", "DEAL", "receive short 5a 8b", "take", "Ben: receive mid 3a 3b", "flip 3b with 3a", "show",
         "moves", "log"]


def _script(home, lines):
    env = {"REFEREE_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "80"}
    result = CliRunner().invoke(main, ["cosmocode", "--players", "Ann,Ben", "--mode", "table", "--script", "-"],
                                input="\n".join(lines) + "\n", env=env)
    return result.output + getattr(result, "stderr", "")


def _public(text, dealt):
    """Without the game's id, clock times and the line that named the cards (typed at the
    masked prompt at a table; the repro typed it on the line)."""
    text = re.sub(r"cosmocode-\d+", "ID", text)
    text = re.sub(r"\b\d\d:\d\d(:\d\d)?\b", "T", text)
    return "\n".join(line for line in text.splitlines() if line.strip() != f"> {dealt}")


def _same_public(tmp_path, lines, deals=("deal Ben 3a", "deal Ben 7a")):
    """The public output of ``lines`` played twice, its DEAL line each of ``deals`` (hidden
    contents), asserted byte for byte the same; that output."""
    outputs = []
    for number, dealt in enumerate(deals):
        played = [dealt if line == "DEAL" else line for line in lines]
        outputs.append(_public(_script(tmp_path / str(number), played), dealt))
    assert outputs[0] == outputs[1]
    return outputs[0]


def test_issue18_item1_cosmocode_deal_then_payment_public_output_identical_whichever_card_was_named(tmp_path):
    """`deal Ben 3a` in one game, `deal Ben 7a` in the other, then Ben pays a 3a: the
    picture said "(2 unnamed)" against "(1 unnamed)"; now the same, byte for byte."""
    text = _same_public(tmp_path, REPRO)
    assert "unnamed" not in text and "✓ 3b now reads 3a (blue 3a spent)" in text
    assert "✓ the referee was told 1 of Ben's cards (1 told so far; Ben holds 3)" in text
    assert " ▶ Ben  reds -  perk -  hand 2" in text


def test_issue18_item1_cosmocode_watch_and_show_say_the_hand_size_alone(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, first="Ann")
    say(shell, "deal Ben 7a", "receive short 5a 8b", "take", "Ben: receive mid 3a 3b", "flip 3b with 3a")
    env = {"REFEREE_HOME": str(tmp_path), "NO_COLOR": "1"}
    watched = CliRunner().invoke(main, ["watch", session.header["id"], "--once", "--no-color"], env=env).output
    for text in (say(shell, "show"), watched):
        assert "hand 2" in text and "unnamed" not in text


def test_issue18_item1_cosmocode_a_deal_naming_more_than_is_unnamed_is_taken_by_public_counts(tmp_path, monkeypatch):
    """Ben named 7a, paid an unnamed 3a: one card is unnamed. Naming two more is not refused
    for that (it would tell the table that the card paid was not the one named); only the
    public counts refuse a deal: the hand's size, and the 3 cards dealt at the start."""
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, first="Ann")
    say(shell, "deal Ben 7a", "receive short 5a 8b", "take", "Ben: receive mid 3a 3b", "flip 3b with 3a")
    assert session.state.unknown[1] == 1
    assert say(shell, "deal Ben 1a 2a") == "✓ the referee was told 2 of Ben's cards (3 told so far; Ben holds 2)"
    assert session.state.hands[1] == ("B1a", "B2a") and session.state.unknown[1] == 0
    assert say(shell, "deal Ben 4a").startswith("✗ Ben was dealt 3 blue cards at the start (Preparation 3) and 3 "
                                                 "were named already")
    assert say(shell, "deal Ann 1b 2b 3b 4b").startswith("✗ Ann was dealt 3 blue cards at the start")
    assert say(shell, "deal Ann 1b 2b 3b 4b 6b") == "✗ Ann holds 4 cards; 5 named (G-1)"


def test_issue18_item1_cosmocode_no_hint_for_an_unnamed_card_is_said_to_its_owner_alone(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, first="Ann")
    shown = []
    shell.show_private = lambda owner, text: shown.append((owner, str(text)))
    say(shell, "receive short 5a 8b")
    text = say(shell, "hint")
    assert text == ""  # accepted or not, a hint is the player's alone: the table sees nothing either way
    assert shown == [("Ann", "the referee does not know all of Ann's hand (`deal` names it)")]


def test_issue18_item13_cosmocode_a_revealed_card_by_a_5000_digit_number_is_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, first="Ann")
    say(shell, "deal Ann 5a 5b 9a", "receive short 5b 2a")
    before = session.state
    for line in (f"flip #{HUGE} with 5", f"take #{HUGE}", f"flip #{'0' * 5000}1 with 5", f"flip {HUGE} with 5",
                 f"flip #1 with {HUGE}"):
        text = say(shell, line)
        assert text.startswith("✗") and "internal error" not in text and len(text) < 300, (line[:30], text)
        assert session.state == before


# -- probes: a deal typed on the line is decided by public facts alone -----------------------

PROBE_DEAL = ["start Ann", "DEAL", "deal Ben 3a 3a", "Ann: deal Ben 3a", "show", "moves", "log"]


def test_issue18_probe_cosmocode_deal_on_the_line_is_decided_by_public_counts_alone(tmp_path):
    """`deal Ben 3a` in one game, `deal Ben 7a` in the other, then `deal Ben 3a 3a`: it was
    refused in the first game only (a third blue 3a), telling the table Ben's first card.
    Now taken in both, the cards named now the truth (G-1); byte for byte the same."""
    text = _same_public(tmp_path, PROBE_DEAL)
    assert "✓ the referee was told 2 of Ben's cards (3 told so far; Ben holds 3)" in text
    assert "cards not taken" not in text and "Traceback" not in text and "internal error" not in text


def test_issue18_probe_cosmocode_only_the_owner_names_their_cards(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, first="Ann")
    asked = []
    shell.ask_secret = lambda owner, question: asked.append(owner) or "3a"
    before = session.state
    assert say(shell, "Ann: deal Ben 3a") == "✗ only Ben names Ben's cards, not Ann (G-2)"
    assert say(shell, "Ann: deal Ben") == "✗ only Ben names Ben's cards, not Ann (G-2)"
    assert session.state == before and asked == []  # refused before anything is asked
    assert say(shell, "Ben: deal Ben 3a").startswith("✓ the referee was told 1 of Ben's cards")
    assert say(shell, "deal Ben 5a").startswith("✓ the referee was told 1 of Ben's cards (2 told so far")


def test_issue18_probe_cosmocode_deal_renames_cards_told_before_that_cannot_all_be_held(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, first="Ann")
    say(shell, "deal Ben 3a", "deal Ben 3a 3a")
    assert session.state.hands[1] == ("B3a", "B3a") and session.state.unknown[1] == 1
    assert session.state.told_so_far(1) == 3 and session.state.hand_size(1) == 3


def test_issue18_probe_cosmocode_deal_at_the_masked_prompt_still_meets_the_owners_cards(tmp_path, monkeypatch):
    """At Ben's masked prompt the cards are his alone: the ones he named before still count,
    and the reason is shown to him alone."""
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, first="Ann")
    shown = []
    shell.show_private = lambda owner, text: shown.append((owner, str(text)))
    shell.ask_secret = lambda owner, question: "3a 3a"
    say(shell, "deal Ben 3a")
    before = session.state
    assert say(shell, "deal Ben") == "✗ cards not taken; Ben alone was shown why (G-2)"
    assert session.state == before and shown and shown[-1][0] == "Ben" and "3a" in shown[-1][1]


PROBE_PAY = ["start Ann", "DEAL", "receive short 5a 8b", "take", "Ben: receive mid 3a 3b", "flip 3b with 3a",
             "indicator with 9a 9b", "show", "hand Ben", "moves", "log"]


def test_issue18_probe_cosmocode_payment_on_the_line_is_decided_by_public_counts_alone(tmp_path):
    """Ben named 3a in one game, 7a in the other, paid a 3a, then `indicator with 9a 9b`:
    taken in one game, refused ("Ben holds no blue 9a") in the other. A blue card the
    referee was not told is trusted while the hand holds a blue card (G-1)."""
    outputs = []
    for number, dealt in enumerate(("deal Ben 3a", "deal Ben 7a")):
        lines = [dealt if line == "DEAL" else line for line in PROBE_PAY]
        text = _public(_script(tmp_path / str(number), lines), dealt)
        # `hand Ben` is Ben's own (the script shows it): what it says is his
        outputs.append(re.sub(r"(?m)^Ben holds blue:.*$", "HAND", text))
    assert outputs[0] == outputs[1]
    text = outputs[0]
    assert "✓ the indicator now shows beta (blue 9a and blue 9b spent)" in text
    assert "holds no" not in text and "Traceback" not in text


def test_issue18_probe_cosmocode_payment_beyond_the_blue_cards_held_is_refused_alike(tmp_path):
    """The refusal that stays: more blue cards paid than the hand holds (its size less
    its greens, all in sight), the same words whichever cards were named."""
    text = _same_public(tmp_path, ["start Ann", "DEAL", "receive mid 2a 9b", "flip 9b with 9a", "flip 2a with 2b",
                                   "indicator with 4a 5a", "show"], deals=("deal Ann 1a 2a 3a", "deal Ann 7a 7b 9a"))
    assert "✗ Ann holds no blue 5a (4b)" in text and "✓ 2a now reads 2b (blue 2b spent)" in text


def test_issue18_probe_cosmocode_undo_of_a_digital_payment_asks_first(tmp_path):
    """A payment typed in a player's name shows a card of a hand only the referee held;
    `undo` took it back without a question, leaving no trace of the probe in the log
    (hostile tester after the hardening). It asks first now, as undoing a reveal does."""
    from click.testing import CliRunner

    from referee.cli import main

    result = CliRunner().invoke(main, ["cosmocode", "-p", "Ann,Ben", "-m", "digital", "--seed", "69402",
                                       "-o", "first=Ann", "--script", "-", "--no-color"],
                                input="receive mid\nflip 9b with 9\nundo\n",
                                env={"REFEREE_HOME": str(tmp_path / "home"), "COLUMNS": "80"})
    assert "✓ 9b now reads 9a (blue 9b spent)" in result.output
    assert ("✗ not undone: it would take back what was revealed (cards paid from Ann's hand); "
            "add `yes` to insist (G-3)") in " ".join(result.output.split())
