"""Issue 20 item 19, the night's clocks: per-player thinking time from the journal's
timestamps, `pause`, `clock`, the end summary and `referee stats`, and `-o clock=20m`."""

import re
import os

import pytest

from referee.core import clocks
from referee.core.builtins import SHELL
from referee.core.errors import InputError
from referee.core.options import resolve
from referee.core.session import Session
from referee.core.shell import Shell
from referee.games import load
from tests.tables import open_table, typed

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "journals-v1")


def _timed(name, home, **options):
    """A test table whose clock the test moves: ``tick(seconds)`` before each line."""
    session, shell, out = open_table(name, home, **options)
    now = [clocks.started(session.header)]
    session.clock = lambda: now[0]

    def say(line, after=0):
        now[0] += after
        return typed(shell, out, line)
    return session, shell, say, now


def test_issue20_item19_a_turn_runs_from_its_start_to_its_players_last_line():
    start = 100.0
    moments = [
        (110, "Ann", "Ann", "Ann"),   # Ann's turn began at the start
        (115, "Ann", "Ann", "Ann"),   # her last line: 15 s
        (135, "Ben", "Ann", "Ben"),   # the turn passed to Ben with no line of its own: his 20 s
        (140, "Ann", "Ben", "Ben"),   # Ann contests in Ben's turn: not her time
        (150, "Ben", "Ben", "Ben"),   # Ben's last line: 35 s in all
        (100000, "Ann", "Ben", "Ann"),  # resumed the next day at 99990: the night is nobody's
        (100100, "Ann", "Ann", "Ann"),  # a 60 s pause inside her turn is not counted
    ]
    counted = clocks.tally(moments, ("Ann", "Ben"), [(100020, 100080)], nights=[(150, 99990)], start=start,
                           actor_now="Ben")
    assert counted.spent == {"Ann": 65.0, "Ben": 35.0}
    assert counted.turns == {"Ann": [15.0, 50.0], "Ben": [35.0]}
    assert clocks.longest_per_turn(counted) == ("Ben", 35.0, 1)
    assert counted.paused == 60
    spent, _game = counted.at(100110)  # Ben's turn is running: his clock runs with it
    assert spent["Ben"] == 45.0 and spent["Ann"] == 65.0


def test_issue20_item19_pause_stops_every_clock_is_journalled_and_replays(tmp_path):
    session, shell, say, now = _timed("connexion", tmp_path, timer=60)
    say("place alpha", after=10)
    say("pass", after=5)
    say("place beta", after=20)
    text = say("pause", after=3)
    assert "paused" in text and session.paused
    assert "⏸ paused" in shell._toolbar(80, now[0] + 500)
    assert "⏱" not in shell._toolbar(80, now[0] + 500)  # the turn timer is stopped too
    assert not shell.time_up_bell(now[0] + 500)
    now[0] += 600  # a break
    text = say("clock")
    # Ben's turn: from Ann's last journalled line (her `pass` is not kept) 25 s, then 3 s, none of the break
    assert re.search(r"Ben \*\s+0:28", text)
    assert "Game time 0:38 (paused 10:00 in all)" in text
    assert "Paused" in text
    kinds = [r["kind"] for r in session.journal.records]
    assert kinds == ["do", "do", "pause"]
    # the save with a pause replays, still paused, and the rules never saw the pause
    again = Session.resume(session.game, session.journal.path, clock=lambda: now[0])
    assert again.paused and len(again.events) == 2
    shell2 = Shell(again, SHELL.extend(again.game.commands), out=[].append)
    assert "⏸ paused" in shell2._toolbar(80, now[0])
    out = []
    shell2.out = out.append
    now[0] += 7
    shell2.execute("pause")
    assert not again.paused and again.journal.records[-1]["kind"] == "go"
    assert again.resumed_at == now[0]  # the timed turn starts afresh (G-5), as after a resume
    now[0] += 4
    spent, _game = clocks.of_session(again).at(now[0])  # the night and the pause are nobody's
    assert spent["Ben"] == pytest.approx(25 + 3 + 4)


def test_issue20_item19_a_move_made_during_a_pause_ends_it(tmp_path):
    session, shell, say, now = _timed("connexion", tmp_path, timer=60)
    say("pause", after=2)
    now[0] += 300
    say("place alpha", after=1)
    assert not session.paused
    assert session.events[-1]["resumed"] == session.events[-1]["at"]  # not late after a long break (G-5)
    assert clocks.of_session(session).spent["Ann"] == pytest.approx(2)  # the move's second was in the pause


def test_issue20_item19_budget_option_reads_a_time_and_shows_it_as_typed():
    game = load("cosmos")
    assert resolve(game.options, ["clock=20m"])["clock"] == 1200
    assert resolve(game.options, ["clock=1h30m"])["clock"] == 5400
    assert resolve(game.options, ["clock=90s"])["clock"] == 90
    assert resolve(game.options, ["clock=15"])["clock"] == 900
    assert resolve(game.options, ["clock=off"])["clock"] == 0
    with pytest.raises(InputError, match="takes a time such as 20m"):
        resolve(game.options, ["clock=soon"])
    option = [o for o in game.options if o.name == "clock"][0]
    assert option.show(1200) == "20m" and option.show(0) == "off" and option.rule == "G-5"
    for name in ("connexion", "connections", "colors", "cosmocode", "cosmos"):
        assert [o.name for o in load(name).options].count("clock") == 1


def test_issue20_item19_budget_shows_time_left_and_says_once_when_it_runs_out(tmp_path):
    session, shell, say, now = _timed("connexion", tmp_path, timer=0, clock=60)
    say("place alpha", after=10)
    assert "Ann ⌛ 0:50" in shell._toolbar(80, now[0])
    text = say("clock")
    assert "left" in text and "0:50" in text and "budget 1m each (advisory, G-5)" in text
    text = say("score", after=55)  # Ann's 65th second: her budget ran out while she thinks
    assert "⌛ Ann's clock has run out (1m for the game)" in text and "advisory, G-5" in text
    assert "Ann ⌛ out" in shell._toolbar(80, now[0])
    text = say("score", after=1)
    assert "run out" not in text  # said once
    assert "out" in say("clock").split("\n")[2]  # Ann's row


def test_issue20_item19_the_end_and_stats_say_who_took_longest_per_turn(tmp_path, monkeypatch):
    session, shell, say, now = _timed("connexion", tmp_path, timer=0)
    say("place alpha", after=10)
    say("pass", after=2)
    say("place beta", after=40)
    say("pass", after=2)
    text = say("finish", after=3)
    # Ann's `pass` is not journalled: Ben's turn runs from her last line (42 s) to his (`finish`, 5 s on)
    assert "Longest per turn: Ben, 0:47 a turn on average (1 turn); Ann 0:10." in text
    assert text.index("Longest per turn") < text.index("Final scores")
    found = clocks.records(session)
    assert [(r["title"], r["player"], r["value"]) for r in found] == [("Longest per turn", "Ben", 47.0)]
    from referee.core import stats

    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    collected = stats.collect()
    wanted = {"record": "Longest per turn", "player": "Ben", "value": 47.0,
              "text": "0:47 a turn on average (1 turn)", "id": session.header["id"]}
    assert any(wanted.items() <= record.items() for record in collected["records"]["connexion"])


def test_issue20_item19_a_script_says_nothing_of_clocks_at_the_end(tmp_path):
    session, shell, out = open_table("connexion", tmp_path, timer=0)
    text = typed(shell, out, "place alpha", "finish")
    assert "Final scores" in text and "Longest per turn" not in text


def test_issue20_item19_quick_play_keeps_the_games_time_only(tmp_path):
    session, shell, say, now = _timed("connections", tmp_path, players=("Ann", "Ben", "Cy"), variant="quick")
    say("start school/ship/mine/tire 2", after=5)
    say("Ann: play 1,0 sword/wave/fur/pirate 2", after=30)
    text = say("clock", after=4)
    assert "no turns of its own" in text and "Game time 0:39" in text
    assert "player" not in text


def test_issue20_item19_old_journals_give_their_clocks_without_a_pause(tmp_path, monkeypatch):
    from tests.test_old_journals import _installed

    for name in ("connexion-table", "cosmocode-table", "colors-2p", "connections-quick"):
        header, path = _installed(name, tmp_path, monkeypatch)
        session = Session.resume(load(header["game"]), path)
        counted = clocks.of_session(session)
        assert not session.paused and counted.paused == 0
        assert all(seconds >= 0 for seconds in counted.spent.values())
        assert "Game time" in clocks.table_text(session, session.clock(), 80)
        os.remove(path)


def test_issue20_item19_a_resume_does_not_count_the_night_between(tmp_path):
    session, shell, say, now = _timed("connexion", tmp_path, timer=60)
    say("place alpha", after=10)
    say("pass", after=5)
    say("place beta", after=20)  # Ben's turn: 25 s so far
    now[0] += 8 * 3600  # saved with Ben thinking; picked up the next evening
    again = Session.resume(session.game, session.journal.path, clock=lambda: now[0])
    shell2 = Shell(again, SHELL.extend(again.game.commands), out=[].append)
    now[0] += 6
    spent, _game = clocks.of_session(again).at(now[0])
    assert spent["Ben"] == pytest.approx(25 + 6)  # the night is nobody's, and the game runs again
    shell2.execute("pause")
    records = again.journal.records
    assert records[-1]["kind"] == "pause" and records[-1]["resumed"] == again.picked_up
    now[0] += 100
    later = Session.resume(session.game, session.journal.path, clock=lambda: now[0])  # the pause replays
    counted = clocks.of_session(later)
    assert later.paused and counted.at(now[0])[0]["Ben"] == pytest.approx(25 + 6)


@pytest.mark.parametrize("name", ["connexion", "connections", "colors", "cosmocode", "cosmos"])
def test_issue20_item19_clock_and_pause_take_no_prefix_a_table_already_types(name):
    """`c` was Colors' `cards`, `cl` ConneXion's `claim`, `pa` every game's `pass`: the
    commands added for the clocks (and item 11's `clear`) are typed whole, so every prefix
    answers as before."""
    from referee.core.commands import CommandSet

    commands = SHELL.extend(load(name).commands)
    before = CommandSet()
    for command in commands.commands.values():
        if command.name not in ("clock", "pause", "clear"):
            before.add(command)

    def found(table, word):
        try:
            return table.lookup(word).name
        except InputError as error:  # refused: only its suggestion may name the new commands
            return "refused" if "could be" not in str(error) else str(error)

    for word in ("c", "cl", "clo", "cloc", "cle", "clea", "p", "pa", "pau", "paus"):
        assert found(commands, word) == found(before, word), word
    assert commands.lookup("clock").name == "clock" and commands.lookup("clocks").name == "clock"
    assert commands.lookup("pause").name == "pause" and commands.lookup("clear").name == "clear"


def _fresh(session):
    """The clocks of ``session`` worked out from nothing kept (a new process's view)."""
    clocks._CACHE.pop(session, None)
    clocks._ACTORS.pop(session, None)
    return clocks.of_session(session)


def test_issue19_the_clocks_after_a_write_fold_only_the_new_states_and_follow_an_undo(tmp_path):
    """The toolbar's clocks after each move used to fold every state of the game again
    (about 10 ms a move for a 200-event game); now they read the states a write added and
    after an undo what still stands, and say what a fresh count says."""
    session, shell, say, now = _timed("connexion", tmp_path, timer=60)
    session._states.every = 2  # a snapshot every 2 states: older ones are folded again when read
    for letter in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"):
        say(f"place {letter}", after=7)
        say("pass", after=2)
    assert len(session.records) == 8
    clocks.of_session(session)
    folded = []
    apply = session._states._apply
    session._states._apply = lambda state, action: folded.append(1) or apply(state, action)
    say("place iota", after=4)
    kept = _figures(clocks.of_session(session))
    assert len(folded) <= 1  # at most the new state, never the game again
    assert kept == _figures(_fresh(session))
    say("undo 2 yes", after=3)
    say("place kappa", after=9)
    assert _figures(clocks.of_session(session)) == _figures(_fresh(session))


def _figures(counted):
    return counted.spent, counted.turns, counted.game, counted.running


def test_issue20_item19_clock_avg_is_of_the_turns_ended_never_above_their_max(tmp_path):
    """Play-test: `Ben *  1:20  1  1:20  0:26`: the average took the turn still running
    (in the time column) over the turns ended (the turns and max columns)."""
    session, shell, say, now = _timed("connexion", tmp_path, timer=0)
    say("place alpha", after=10)
    say("pass", after=5)
    say("place beta", after=20)  # Ben's first turn: 20 s
    say("pass", after=3)
    say("place gamma", after=8)
    say("pass", after=2)
    now[0] += 60  # the next turn runs a minute
    running = [line.split() for line in say("clock").splitlines()[2:4] if line.split()[1] == "*"][0]
    player, _star, time, turns, avg, most = running
    assert turns == "1" and avg == most != time  # one turn ended: its avg is its max, the minute apart
