"""Issue 20 ("Quicker than paper"), the ends of games: the final scores and the winner
are the last thing printed, after the review and the chart (item 8); the missed-words
review names words a player could have known (item 8); every game's end heading says
"Final scores" (item 16).

The example games are replayed through the command line, as a table runs them.
"""

import os

import click
import pytest

from referee.core import ending
from referee.games.connexion import review
from tests.core.test_chart import EXAMPLES, replay_command, run

# Each example, and the last line its game prints when it ends: the winner.
WINNERS = {
    "connexion-digital.txt": "Winner: Ann",
    "cosmos-2p.txt": "Winner: Ben with 33 points",
    "cosmocode-table.txt": "Winner: Ann",
    "colors-2p.txt": "✓ Colors (Ben) win.",
}


def _ended(name, home):
    """What the line that ended the example's game printed: from the echo of that line
    to the next prompt's echo (the script goes on with questions after the end)."""
    args = [os.path.join(EXAMPLES, a[len("examples/"):]) if a.startswith("examples/") else a
            for a in replay_command(name)]
    output = click.unstyle(run(args, home, NO_COLOR="1", COLUMNS="80").output)
    lines = output.split("\n")
    chart = next(i for i, line in enumerate(lines) if line.startswith("Scores by"))
    start = max(i for i in range(chart) if lines[i].startswith("> "))
    stop = next((i for i in range(chart, len(lines)) if lines[i].startswith("> ")), len(lines))
    return [line for line in lines[start + 1:stop] if line.strip()]


@pytest.mark.parametrize("name", sorted(WINNERS))
def test_issue20_item8_the_final_scores_and_the_winner_come_last_after_the_chart(name, tmp_path):
    said = _ended(name, tmp_path)
    assert said[-1] == WINNERS[name]
    chart = next(i for i, line in enumerate(said) if line.startswith("Scores by"))
    table = next(i for i, line in enumerate(said) if line.startswith("-----"))  # the scoreboard's rule
    assert chart < table  # the chart looks back; the scores are the answer, last


def test_issue20_item8_connexion_missed_words_come_before_the_final_scores(tmp_path):
    said = _ended("connexion-digital.txt", tmp_path)
    missed = said.index("Missed words (`review` lists them turn by turn)")
    assert missed < said.index("Final scores")
    assert said[-1] == "Winner: Ann"


def test_issue20_item8_the_ending_puts_the_game_s_look_back_and_the_app_s_additions_first():
    class Game:
        def look_back(self, ctx):
            return "looked back"

        def summary(self, ctx):
            return "Final scores\nWinner: Ann"

    class Session:
        game = Game()

    texts = ending.texts(Session(), None, (lambda session: "a chart", lambda session: None))
    assert texts == ["looked back", "a chart", "Final scores\nWinner: Ann"]


def test_issue20_item8_a_common_word_is_a_better_miss_than_a_longer_one_nobody_knows():
    grades = {"nonsensuous": 1.2, "penetrometers": 1.0, "planets": 4.1, "planet": 4.5, "plan": 5.2,
              "sensuous": 3.2}
    words = sorted(grades, key=review.best_first(grades))
    assert words == ["sensuous", "planets", "planet", "plan", "penetrometers", "nonsensuous"]
    turns = (review.Turn(1, "Ann", (), ("nonsensuous", "plan")), review.Turn(2, "Ben", ("plan",), ("sensuous",)))
    result = review.Review(("Ann", "Ben"), turns, grades)
    assert result.tally("Ann").best_missed == "plan"
    assert result.tally("Ben").best_missed == "sensuous"


def test_issue20_item8_the_example_s_best_misses_are_words_in_common_use(tmp_path):
    """The digital example named PENETROMETERS as both players' best miss."""
    from referee.core import store
    from referee.core.journal import Journal
    from referee.games.connexion import services

    _ended("connexion-digital.txt", tmp_path)
    os.environ["REFEREE_HOME"] = str(tmp_path)
    journal, _ = Journal.open(store.path_of(store.find("last")), repair=False)
    session = store.replayed(journal)
    result = review.of_session(session)
    lexicon = services.lexicon(session)
    for player in result.players:
        best = result.tally(player).best_missed
        assert best != "penetrometers" and lexicon.zipf(best) >= review.KNOWN, (player, best)


# -- item 16: charts count what the game counts; one heading for the end -------------------------

# Each example, the chart's unit and how many of them: what the game itself counts.
COUNTS = {
    "cosmos-2p.txt": ("round", 8),  # 8 rounds of 2 turns; the chart said "turn 1 … 22"
    "colors-jr.txt": ("turn", 27),  # the review numbers 27 takes; the chart said 28
    "colors-2p.txt": ("turn", 27),
    "connections-quick.txt": ("round", 2),  # two rounds played; the chart said "rounds 1-3"
    "connexion-digital.txt": ("turn", 24),  # a turn a position placed; the chart said 26
}


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_issue20_item16_the_chart_counts_what_the_game_counts(name, tmp_path):
    from referee.core import chart, store
    from referee.core.journal import Journal

    _ended(name, tmp_path)
    os.environ["REFEREE_HOME"] = str(tmp_path)
    journal, _ = Journal.open(store.path_of(store.find("last")), repair=False)
    session = store.replayed(journal)
    unit, table = chart.series(session.game, session.states, True)
    assert (unit, len(table) - 1) == COUNTS[name]
    assert table[-1] == session.game.scores(session.state, reveal=True)  # the last point is the final score
    axis = click.unstyle(chart.of_session(session, 80)).split("\n")[-2].split()
    assert axis in ([unit, "1", str(COUNTS[name][1])], [f"{unit}s", f"1-{COUNTS[name][1]}"])


def test_issue20_item16_the_review_and_the_chart_number_colors_turns_alike(tmp_path):
    said = _ended("colors-2p.txt", tmp_path)
    assert "`review` compares each of the 27 turns with the best play there was (CC-8)." in said
    chart = next(i for i, line in enumerate(said) if line.startswith("Scores by turn"))
    assert said[chart + 3].split() == ["turn", "1", "27"]  # under the two teams' rows


@pytest.mark.parametrize("name", ["colors-2p.txt", "colors-jr.txt", "connections-quick.txt", "connexion-digital.txt",
                                  "cosmocode-table.txt", "cosmos-2p.txt"])
def test_issue20_item16_every_game_s_end_heading_says_final_scores(name, tmp_path):
    said = _ended(name, tmp_path)
    chart_end = next(i for i, line in enumerate(said) if line.startswith("▁ "))  # the chart's legend
    assert said[chart_end + 1] == "Final scores"
    assert said.count("Final scores") == 1


def test_issue20_item16_a_summary_already_headed_is_not_headed_twice():
    assert ending.headed("Final scores\nWinner: Ann") == "Final scores\nWinner: Ann"
    assert click.unstyle(ending.headed("Game over.\nAnn wins.")) == "Final scores\nGame over.\nAnn wins."
    assert ending.headed("") == ""
