"""Issue 12 item 5: `referee watch`, a live, read-only, public picture of a game.

The live tests play a game through a Session in one thread while `watch.follow` polls its
journal in another, with a short interval and a bounded number of pictures; the secrecy
tests change what the table may not see (hands, decks, the seed, secret totals) and
check that the picture stays exactly the same.
"""

import dataclasses
import os
import random
import threading
import time

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli import main
from referee.core import lock, render, store, watch
from referee.core.builtins import SHELL
from referee.core.session import Session
from referee.core.shell import Shell
from tests.tables import open_table

NOW = 1_800_000_000.0
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def plain(text):
    import click

    return click.unstyle(text)


def reread(session):
    """The save as `watch` reads it: replayed from the file, no lock, nothing written."""
    loaded, problem = watch.load(session.journal.path)
    assert problem is None, problem
    return loaded


def run(args, home, **env):
    render.set_color(None)
    return CliRunner().invoke(main, args, env={"REFEREE_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "50", **env})


# -- live -------------------------------------------------------------------------------


def test_item5_watch_follows_the_journal_as_another_terminal_writes_it(tmp_path):
    session, shell, _out = open_table("cosmocode", tmp_path, first="Ann")
    moves = ["deal Ann 2a 5b 9a", "receive short 5a 8b", "take", "Ben: receive mid 3a 3b"]
    frames = []

    def table():
        for line in moves:
            time.sleep(0.15)
            assert shell.execute(line), line

    player = threading.Thread(target=table)
    player.start()
    count = watch.follow(session.journal.path, frames.append, interval=0.02, frames=len(moves) + 1, polls=1000,
                         width=50)
    player.join()
    assert count == len(frames) >= 2
    assert all(a != b for a, b in zip(frames, frames[1:]))  # each picture drawn once
    assert "#1 " not in plain(frames[0])  # nothing played when watching began
    final = plain(watch.frame(reread(session), 50, NOW))
    assert "Ben: tries mid range" in final
    assert plain(frames[-1]).split("Last moves:")[1] == final.split("Last moves:")[1]


def test_item5_watch_survives_undo_resume_and_the_end(tmp_path):
    session, shell, _out = open_table("cosmocode", tmp_path, first="Ann")
    path = session.journal.path
    shell.execute("deal Ann 2a 5b 9a")
    shell.execute("receive short 5a 8b")
    before = plain(watch.frame(reread(session), 80, NOW))
    assert "#2 Ann: tries short range" in before
    shell.execute("undo")
    undone = plain(watch.frame(reread(session), 80, NOW))
    assert "#2 " not in undone and "#1 " in undone
    resumed = Session.resume(session.game, path)  # the game picked up again in another terminal
    again = Shell(resumed, SHELL.extend(resumed.game.commands), out=lambda text: None)
    assert again.execute("receive short 5a 8b")
    assert "#2 Ann: tries short range" in plain(watch.frame(reread(session), 80, NOW))
    assert again.execute("finish") and again.execute("take")  # the game ends with this turn (G-6)
    assert resumed.over
    over = plain(watch.frame(reread(session), 80, NOW))
    assert "game over" in over and "Winner" in over and "#4 " in over


def test_item5_watch_takes_no_lock_and_writes_nothing_even_over_a_torn_line(tmp_path):
    session, shell, _out = open_table("cosmocode", tmp_path, first="Ann")
    shell.execute("deal Ann 2a 5b 9a")
    path = session.journal.path
    lock.hold(path, session.header["id"])  # the game is open in its own terminal
    try:
        with open(path, "ab") as handle:
            handle.write(b'{"kind":"do","n":2,"act')  # a record being written this instant
        data, folder = open(path, "rb").read(), sorted(os.listdir(os.path.dirname(path)))
        frames = []
        assert watch.follow(path, frames.append, once=True, width=50) == 1
        assert "#1 names 3 cards in Ann's hand" in plain(frames[0])
        result = run(["watch", session.header["id"], "--once"], tmp_path)
        assert result.exit_code == 0, result.output
        assert open(path, "rb").read() == data  # the torn line is the writer's to finish, not watch's to cut
        assert sorted(os.listdir(os.path.dirname(path))) == folder
    finally:
        lock.release(path)


def test_item5_a_save_that_cannot_be_read_is_one_line_and_watching_goes_on(tmp_path):
    session, shell, _out = open_table("cosmocode", tmp_path, first="Ann")
    shell.execute("deal Ann 2a 5b 9a")
    path = session.journal.path
    frames = []
    steps = iter([lambda: None, lambda: open(path, "ab").write(b"not json\n")])

    def sleep(_seconds):
        next(steps, lambda: None)()

    watch.follow(path, frames.append, interval=0, polls=3, width=50, sleep=sleep)
    assert len(frames) == 2
    assert "not JSON" in frames[1] and "#1 names 3 cards" in plain(frames[1])  # the last good picture, and why it stopped


# -- what the picture holds -----------------------------------------------------------


def test_item5_the_picture_has_the_board_scores_turn_timer_and_last_moves(tmp_path):
    session, shell, _out = open_table("connexion", tmp_path, players=("Ann", "Ben", "Cy"), timer=60)
    shell.execute("place alpha")
    shell.execute("place beta")
    replayed = reread(session)
    started, _limit = replayed.game.timer(replayed.state)
    text = plain(watch.frame(replayed, 50, started + 15))
    assert "Αα" in text and "Ββ" in text  # the diamond
    assert "total" in text  # the public scoreboard
    assert "⏱ 0:45" in text and "Ben" in text  # the turn timer, whose turn
    assert "Last moves:" in text and "#2 " in text
    assert max(len(line) for line in text.split("\n")) <= 50
    assert "TIME UP" in plain(watch.frame(replayed, 50, started + 61))


def test_item5_only_the_last_few_moves_are_shown(tmp_path):
    session, shell, _out = open_table("connexion", tmp_path, players=("Ann", "Ben"))
    for letter in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta"):
        shell.execute(f"place {letter}")
    text = plain(watch.frame(reread(session), 80, NOW))
    moves = text.split("Last moves:")[1]
    assert "#7 " in moves and "#3 " in moves and "#2 " not in moves


# -- secrecy (G-2, CC-4): what the table may not see changes nothing on the screen ------


def _digital_cosmocode(home, seed):
    session, shell, _out = open_table("cosmocode", home, players=("Ann", "Ben", "Cy"), mode="digital", seed=seed,
                                      first="Ann")
    return session, shell


def test_item5_g2_digital_hands_and_seed_never_reach_the_picture(tmp_path):
    frames, hands = [], []
    for seed in (1, 2):
        home = tmp_path / str(seed)
        session, _shell = _digital_cosmocode(home, seed)
        hands.append(session.state.hands)
        frames.append(watch.frame(reread(session), 50, NOW))
    assert hands[0] != hands[1]  # two different deals ...
    assert frames[0] == frames[1]  # ... show the same picture
    assert "seed" not in plain(frames[0]).lower()


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_item5_g2_cosmocode_hidden_hands_and_decks_leave_the_picture_unchanged(tmp_path, rng):
    session, shell = _digital_cosmocode(tmp_path / str(rng.random()), 7)
    for line in ("receive short", "take"):
        shell.execute(line)
    replayed = reread(session)
    picture = watch.frame(replayed, 50, NOW)
    state = replayed.state
    everything = [c for hand in state.hands for c in hand] + [c for deck in state.decks for c in deck]
    rng.shuffle(everything)
    hands, rest = [], everything
    for hand in state.hands:  # the same number of cards in each hand, other cards
        hands.append(tuple(sorted(rest[:len(hand)])))
        rest = rest[len(hand):]
    decks = []
    for deck in state.decks:
        decks.append(tuple(rest[:len(deck)]))
        rest = rest[len(deck):]
    changed = dataclasses.replace(state, hands=tuple(hands), decks=tuple(decks), seed=rng.randrange(10**9))
    replayed._states[-1] = changed
    replayed.header = dict(replayed.header, seed=rng.randrange(10**9))
    assert watch.frame(replayed, 50, NOW) == picture


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_item5_g2_connexion_digital_letters_and_draw_order_leave_the_picture_unchanged(tmp_path, rng):
    session, shell, _out = open_table("connexion", tmp_path / str(rng.random()), mode="digital", seed=3)
    assert shell.execute("place " + session.state.hands[0][0])
    replayed = reread(session)
    picture = watch.frame(replayed, 50, NOW)
    state = replayed.state
    letters = [letter for hand in state.hands for letter in hand]
    rng.shuffle(letters)
    hands, rest = [], letters
    for hand in state.hands:  # as many letters each, other letters
        hands.append(tuple(sorted(rest[:len(hand)])))
        rest = rest[len(hand):]
    pile = list(state.pile)
    rng.shuffle(pile)
    replayed._states[-1] = dataclasses.replace(state, hands=tuple(hands), pile=tuple(pile))
    replayed.header = dict(replayed.header, seed=rng.randrange(10**9))
    assert watch.frame(replayed, 50, NOW) == picture


@SETTINGS
@given(st.integers(0, 400), st.integers(0, 400), st.randoms(use_true_random=False))
def test_item5_cc4_secret_totals_and_the_digital_pile_leave_the_picture_unchanged(tmp_path, ours, theirs, rng):
    session, shell, _out = open_table("colors", tmp_path / str(rng.random()), mode="digital", seed=3)
    shell.execute("pass")
    replayed = reread(session)
    picture = watch.frame(replayed, 50, NOW)
    state = replayed.state
    pile = list(state.pile)
    rng.shuffle(pile)
    replayed._states[-1] = dataclasses.replace(state, points=(ours, theirs), pile=tuple(pile))
    assert watch.frame(replayed, 50, NOW) == picture


def test_item5_cc4_open_scores_are_on_the_picture(tmp_path):
    """The secrecy test above could fail: with open scores the same change shows."""
    session, shell, _out = open_table("colors", tmp_path, mode="digital", seed=3, open_scores=True)
    shell.execute("pass")
    replayed = reread(session)
    picture = watch.frame(replayed, 50, NOW)
    replayed._states[-1] = dataclasses.replace(replayed.state, points=(321, 123))
    changed = plain(watch.frame(replayed, 50, NOW))
    assert changed != plain(picture) and "321" in changed


# -- the command ----------------------------------------------------------------------


def test_item5_watch_without_id_follows_the_unfinished_game_played_last(tmp_path):
    first, shell_one, _ = open_table("cosmocode", tmp_path, first="Ann")
    shell_one.execute("finish")
    second, shell_two, _ = open_table("connexion", tmp_path)
    shell_two.execute("place alpha")
    result = run(["watch", "--once"], tmp_path)
    assert result.exit_code == 0, result.output
    assert second.header["id"] in result.output and "Αα" in result.output


def test_item5_no_game_to_watch_is_one_line_and_exit_1(tmp_path):
    result = run(["watch"], tmp_path)
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "no saved games" in result.output


def test_item5_ctrl_c_quits_with_exit_0_and_one_line(tmp_path, monkeypatch):
    session, shell, _out = open_table("cosmocode", tmp_path, first="Ann")
    shell.execute("deal Ann 2a 5b 9a")

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(watch, "follow", interrupted)
    result = run(["watch", session.header["id"]], tmp_path)
    assert result.exit_code == 0
    assert result.output.strip() == f"Stopped watching {session.header['id']}."


def test_item5_when_every_game_has_ended_watch_says_how_to_name_one(tmp_path):
    session, shell, _out = open_table("cosmocode", tmp_path, first="Ann")
    shell.execute("finish")
    result = run(["watch"], tmp_path)
    assert result.exit_code == 1 and "`referee watch ID` shows one" in result.output
    shown = run(["watch", session.header["id"], "--once"], tmp_path)
    assert shown.exit_code == 0 and "game over" in shown.output


def test_item5_g5_a_resumed_game_times_the_turn_from_the_resume_as_its_terminal_does(tmp_path):
    session, shell, _out = open_table("connexion", tmp_path, players=("Ann", "Ben"), timer=60)
    shell.execute("place alpha")
    replayed = reread(session)
    started, _limit = replayed.game.timer(replayed.state)
    assert "TIME UP" in plain(watch.frame(replayed, 80, started + 100))
    assert "⏱ 0:50" in plain(watch.frame(replayed, 80, started + 100, since=started + 90))
    path = session.journal.path
    assert watch.taken_at(path) is None  # nobody has the game open
    lock.hold(path, session.header["id"])  # picked up again in another terminal, nothing played since
    try:
        frames = []
        watch.follow(path, frames.append, once=True, width=80, clock=lambda: watch.taken_at(path) + 10)
        assert "⏱ 0:50" in plain(frames[0])
    finally:
        lock.release(path)


def test_item5_a_bug_in_a_view_is_one_line_and_watching_goes_on(tmp_path, monkeypatch):
    session, shell, _out = open_table("cosmocode", tmp_path, first="Ann")
    shell.execute("deal Ann 2a 5b 9a")

    def broken(_session):
        raise ValueError("view went wrong")

    monkeypatch.setattr(type(session.game), "show", lambda self, s: broken(s))
    frames = []
    assert watch.follow(session.journal.path, frames.append, once=True, width=50) == 1
    assert "internal error drawing" in frames[0] and "Traceback" not in frames[0]


def test_item5_between_moves_only_a_running_timer_redraws(tmp_path):
    untimed, shell, _out = open_table("cosmocode", tmp_path / "a", first="Ann")
    shell.execute("deal Ann 2a 5b 9a")
    ticks = iter(range(10**6))
    frames = []
    watch.follow(untimed.journal.path, frames.append, interval=0, polls=5, redraw=True, width=80,
                 clock=lambda: NOW + next(ticks), sleep=lambda _s: None)
    assert len(frames) == 1
    timed, shell, _out = open_table("connexion", tmp_path / "b", players=("Ann", "Ben"), timer=60)
    shell.execute("place alpha")
    start = timed.state.turn_started
    ticks = iter(range(10**6))
    frames = []
    watch.follow(timed.journal.path, frames.append, interval=0, polls=3, redraw=True, width=80,
                 clock=lambda: start + next(ticks), sleep=lambda _s: None)
    assert len(frames) == 3 and "⏱ 0:58" in plain(frames[-1])
