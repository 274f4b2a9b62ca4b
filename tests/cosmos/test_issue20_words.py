"""Issue 20 item 2: the words players try first. `shift to gravity` / `shift gravity`, the
`tokens?` toolbar's example, the hint in the words players type, goal cards in their
printed words and a command word at `goal?` not taken for a card, a power card drawn
from another deck than the rulebook lists (G-1), did-you-mean for controls and names,
and the refill's example that names no card."""

import pytest

from referee.core.errors import InputError
from referee.core.states import evolve
from referee.games.cosmos import goals, hint, phases, reading_energy
from referee.games.cosmos.game import GAME
from tests.cosmos.helpers import fresh, new_game, table
from tests.tables import typed


@pytest.fixture(autouse=True)
def _plain(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")


class _Ctx:
    def __init__(self, state):
        self.state, self.speaker, self.players = state, None, list(state.players)

    def find_player(self, word):
        return next((p for p in self.players if p.lower() == word.lower()), None)


def test_issue20_item2_shift_to_a_control_moves_the_own_token_there(tmp_path):
    state = new_game(("Ann", "Ben"), seed=7)  # Ann's token in time: light is 3 spaces on
    assert reading_energy.read_steps(_Ctx(state), "to light") == [["own", None, 3]]
    assert reading_energy.read_steps(_Ctx(state), "light") == [["own", None, 3]]
    with pytest.raises(InputError) as caught:  # 2 spaces on: a dark token makes up the rest, the player says which
        reading_energy.read_steps(_Ctx(state), "to chemistry")
    assert "`shift 2 chemistry 1`" in str(caught.value)
    with pytest.raises(InputError) as caught:
        reading_energy.read_steps(_Ctx(state), "to time")
    assert "Ann's token is in time already" in str(caught.value)
    session, shell, out = table(tmp_path, ("Ann", "Ben"), mode="digital", seed=7)
    typed(shell, out, "goal proto")
    said = typed(shell, out, "shift to light")
    assert "✓ Ann shifts own 3: own token in light" in said


def test_issue20_item2_the_tokens_toolbar_gives_an_example():
    for players, example in ((("Ann", "Ben"), "Ann dark Ben dark dark dark"),
                             (("Ann", "Ben", "Cy", "Di"), "Ann dark Ben dark Cy dark Di")):
        state = fresh(players, mode="table")
        assert GAME.toolbar(state)[0] == f"tokens, e.g. {example}"


def test_issue20_item2_hint_words_an_own_step_after_a_dark_one_as_players_type_it():
    assert hint.command([["own", None, 1], ["dark", "gravity", 1], ["own", None, 1]]) == \
        "shift 1 gravity 1 own 1"
    assert hint.command([["own", None, 3]]) == "shift 3"
    state = new_game(("Ann", "Ben"), seed=7)
    for _steps, typed_words in [(s, hint.command(s)) for s, _c in hint.shifts(state, state.turn)]:
        assert reading_energy.read_steps(_Ctx(state), typed_words[len("shift "):]) == _steps


@pytest.mark.parametrize("printed, key", [("most C stars", "carbon"), ("most carbon stars", "carbon"),
                                          ("most proto life", "proto"), ("Most He stars", "helium"),
                                          ("most completed size 1 nebulae", "nebula1"),
                                          ("most time crystals", "crystals"), ("most life in the Phi sector", "phi")])
def test_issue20_item2_a_goal_card_in_its_printed_words_is_the_card_the_referee_counts(tmp_path, printed, key):
    assert goals.find(printed) == key
    session, shell, out = table(tmp_path, ("Ann", "Ben"), mode="digital", seed=7)
    typed(shell, out, printed)  # at `goal?`: the bare answer
    assert session.state.track[0].name == key


def test_issue20_item2_a_card_the_reference_lacks_counts_the_star_its_words_name(tmp_path):
    session, shell, out = table(tmp_path, ("Ann", "Ben"), mode="digital", seed=7)
    said = typed(shell, out, "goal most H stars")
    assert session.state.track[0].metric == "H" and "the referee counts it" in said


@pytest.mark.parametrize("word", ["status", "clock", "pause", "hand", "score"])
def test_issue20_item2_a_bare_command_word_at_goal_is_not_a_card(tmp_path, word):
    session, shell, out = table(tmp_path, ("Ann", "Ben"), mode="digital", seed=7)
    before = session.state
    said = typed(shell, out, f"goal {word}")
    assert "✗" in said and "is a command, not a goal card" in said and session.state == before
    typed(shell, out, "goal advanced")  # a reference card's key that is a command word too
    assert session.state.track[0].name == "advanced"


def test_issue20_item2_a_power_card_from_another_deck_is_the_tables_and_logged_so(tmp_path):
    session, shell, out = table(tmp_path, ("Ann", "Ben"), mode="table", seed=7)
    typed(shell, out, "tokens Ann dark Ben dark dark dark", "display light time gravity chemistry", "goal proto",
          "shift 3 take", "tell Ben chemistry chemistry")
    said = typed(shell, out, "power chemistry Amino Acids")
    assert "✓ Ben keeps Amino Acids in slot 1 (2 chemistry paid)" in said
    assert "drawn from the chemistry deck as the table says; the rulebook lists it under light (G-1)" in said
    assert session.state.boards[1].power[0] == ("Amino Acids", "chemistry")
    log = typed(shell, out, "log")
    assert "keeps Amino Acids (drawn from the chemistry deck; the rulebook lists it under light, G-1)" in \
        " ".join(log.split())


@pytest.mark.parametrize("line, meant", [("take lihgt", "light"), ("take gravty", "gravity"),
                                         ("shift to gravty", "gravity"), ("shift Anne 1", "Ann"),
                                         ("adjust Anne He 3", "Ann")])
def test_issue20_item2_did_you_mean_for_controls_and_names(tmp_path, line, meant):
    session, shell, out = table(tmp_path, ("Ann", "Ben"), mode="digital", seed=7)
    typed(shell, out, "goal proto")
    if line.startswith("take"):
        typed(shell, out, "shift 3")
    said = typed(shell, out, line)
    assert "✗" in said and f"(did you mean {meant}?)" in " ".join(said.split())


def test_issue20_item2_the_refill_example_names_no_card(tmp_path):
    state = evolve(new_game(("Ann", "Ben"), mode="table"), display=("light", "time"), phase="refill")
    assert phases.refill_example(state) == "`display CARD CARD` (each a type: light, time, gravity or chemistry)"
    assert "`display light" not in phases._refill_waiting(state)


# -- issue 20 item 11, the Cosmos part: `shift 2 <Tab>` offers only controls holding a token --------


def _completions(shell, text):
    from prompt_toolkit.document import Document

    from referee.core.completion import CommandCompleter

    return [c.text for c in CommandCompleter(shell).get_completions(Document(text), None)]


def test_issue20_item11_shift_2_tab_offers_only_the_controls_holding_a_dark_token(tmp_path):
    session, shell, out = table(tmp_path, ("Ann", "Ben", "Cy"), mode="table", seed=7)
    typed(shell, out, "tokens Ann Ben Cy dark dark dark", "display light time gravity chemistry", "goal proto")
    # laid one a control, clockwise from light: gravity holds Cy's token alone, no dark one
    assert -1 not in session.state.controls[2] and all(-1 in session.state.controls[i] for i in (0, 1, 3))
    assert _completions(shell, "shift 2 ") == ["own", "light", "time", "chemistry"]
    assert _completions(shell, "shift 2 g") == []
    assert _completions(shell, "shift to ") == ["light", "time", "gravity", "chemistry"]
    assert _completions(shell, "shift 1 time ") == []


# -- issue 19's budget (issue 20 task D): the readings' patterns are compiled on first use ------------


def test_issue19_budget_importing_the_game_compiles_no_reading_pattern():
    import subprocess
    import sys

    probe = ("import re, referee.games.cosmos.game\n"
             "from referee.games.cosmos import moving, reading_craft, reading_energy\n"
             "found = [p for m in (moving, reading_craft, reading_energy) for p in vars(m).values()"
             " if isinstance(p, re.Pattern)]\n"
             "lazy = [reading_craft._NEBULA, reading_craft._COUNTED, reading_energy._GLUED, reading_energy._SIZE,"
             " moving._NEBULA]\n"
             "print(len(found), sum(p._compiled is not None for p in lazy))\n"
             "print(bool(reading_energy._GLUED.match('t1')), lazy[2]._compiled is not None)\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[:2] == ["0 0", "True True"]


def test_issue20_item12_why_finds_the_rule_last_in_a_brackets_list():
    """`complete 2 18` answered no: "… (option nebula_points, CT-8)"; `why` said it cited
    no rule (a newcomer's play at 80x24)."""
    from referee.core.builtins import _cited_in_words
    from referee.games import load

    table = load("cosmos").rule_table()
    said = "18 points is above the 15 a nebula tile of size 2 prints (option nebula_points, CT-8)"
    assert _cited_in_words(said, table) == "CT-8"
    assert _cited_in_words("a refusal about (the end of) nothing", table) is None


def test_issue20_item1_the_take_example_takes_every_card_due():
    """With 4 cards due the example was `take deck deck deck`: typed as shown, it took 3
    and asked again for the fourth."""
    from types import SimpleNamespace

    from referee.games.cosmos.replies import _collect_text

    for due, example in ((1, "`take deck`"), (3, "`take deck deck deck`"), (4, "`take 4 deck`")):
        state = SimpleNamespace(to_take=due, display=("light", "time"), nebula_due=False)
        assert example in _collect_text(state)


@pytest.mark.parametrize("line", ["shift to chemistry nebula 3", "shift 3 nebula 3", "shift 3 n2"])
def test_issue20_item2_a_nebula_on_a_shift_line_without_take_says_where_it_goes(line):
    """A newcomer's `shift to chemistry nebula 3` got "'to': say a number …"."""
    from referee.core.errors import InputError
    from referee.games.cosmos.reading_energy import read_shift

    with pytest.raises(InputError) as refused:
        read_shift(None, line.split(" ", 1)[1])
    assert "the collect follows `take`" in str(refused.value) and "(CT-4)" in str(refused.value)
