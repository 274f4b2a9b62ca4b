"""Saves attacked (issue 13, defects 1, 2, 5, 7, 9): two processes, stale and damaged
locks, damaged, moved and strange save files, and what a resumed game says.

Real processes race here (the lock is the kernel's, so only real processes prove it);
everything else goes through click's CliRunner. No assertion depends on timing: a race
that the lock lost would show as two winners or a journal with a repeated number.
"""

import errno
import json
import os
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.core import lock, store
from referee.core.journal import Journal, effective

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE = os.path.join(ROOT, "examples", "connexion-table.txt")
PLAYED = "place mu\nplace eta\nscore\nquit\n"


@pytest.fixture
def run(home, tmp_path):
    runner = CliRunner()

    def invoke(*args, script=None):
        args = list(args)
        if script is not None:
            path = tmp_path / f"script-{len(list(tmp_path.glob('script-*')))}.txt"
            path.write_text(script, encoding="utf-8")
            args += ["--script", str(path)]
        return runner.invoke(main, args, catch_exceptions=False)

    yield invoke
    lock.release_all()


@pytest.fixture
def played(run):
    result = run("connexion", "--players", "Ann,Ben", script=PLAYED)
    assert result.exit_code == 0, result.output
    return "connexion-1"


def numbers(path):
    """The record numbers of a save file, which must read cleanly."""
    journal, warnings = Journal.open(path, repair=False)
    assert warnings == []
    return [r["n"] for r in journal.records]


def env(home):
    return dict(os.environ, REFEREE_HOME=str(home), NO_COLOR="1", PYTHONPATH=ROOT)


# -- defect 1: the lock race -------------------------------------------------------

RACER = r"""
import sys
from referee.core import lock
from referee.core.errors import JournalError
path = sys.argv[1]
if sys.argv[2] == "exclusive":
    lock.fcntl = None  # as on Windows, or a file system that refuses flock
for line in sys.stdin:
    if line.strip() == "go":
        try:
            lock.hold(path, "connexion-1")
            print("won", flush=True)
        except JournalError as error:
            print("lost " + str(error), flush=True)
    elif line.strip() == "release":
        lock.release(path)
        print("released", flush=True)
"""


@pytest.mark.parametrize("mode", ["flock", "exclusive"])
def test_issue13_1_two_processes_racing_for_a_lock_200_times_one_wins_each_time(tmp_path, mode):
    path = str(tmp_path / "connexion-1.jsonl")
    racers = [subprocess.Popen([sys.executable, "-c", RACER, path, mode], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True, env=dict(os.environ, PYTHONPATH=ROOT)) for _ in range(2)]
    try:
        for round_ in range(200):
            for racer in racers:  # both told at once; neither waits for the other's answer
                racer.stdin.write("go\n")
                racer.stdin.flush()
            answers = [racer.stdout.readline().strip() for racer in racers]
            winners = [r for r, a in zip(racers, answers) if a == "won"]
            assert len(winners) == 1, (round_, answers)
            loser = answers[1 - racers.index(winners[0])]
            assert loser.startswith("lost game connexion-1 is open in another referee (process ")
            winners[0].stdin.write("release\n")
            winners[0].stdin.flush()
            assert winners[0].stdout.readline().strip() == "released"
    finally:
        for racer in racers:
            racer.stdin.close()
            racer.wait(timeout=30)
    assert not os.path.exists(path + ".lock")  # the last holder removed it


COUNTER = r"""
import os, sys
from referee.core import lock
from referee.core.errors import JournalError
path, counter, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
if sys.argv[4] == "exclusive":
    lock.fcntl = None
done = 0
while done < rounds:
    try:
        lock.hold(path, "connexion-1")
    except JournalError:
        continue
    value = int(open(counter).read())  # read, let the other run, write: lost if two were in
    os.sched_yield()
    with open(counter, "w") as handle:
        handle.write(str(value + 1))
    lock.release(path)  # removes the lock file: the other may have it open right now
    done += 1
"""


@pytest.mark.parametrize("mode", ["flock", "exclusive"])
def test_issue13_1_a_lock_taken_and_removed_200_times_never_lets_two_in(tmp_path, mode):
    """The unlink race: the holder removes the lock file as it leaves while the other may
    have just opened it; a process that locked a removed file must notice and retry."""
    path, counter = str(tmp_path / "connexion-1.jsonl"), tmp_path / "counter"
    counter.write_text("0")
    workers = [subprocess.Popen([sys.executable, "-c", COUNTER, path, str(counter), "100", mode],
                                env=dict(os.environ, PYTHONPATH=ROOT)) for _ in range(2)]
    assert [w.wait(timeout=120) for w in workers] == [0, 0]
    assert counter.read_text() == "200"


def test_issue13_1_two_resumes_started_together_one_plays_one_is_refused(home, tmp_path):
    """The issue's own reproduction, end to end, a few times over."""
    with open(EXAMPLE, encoding="utf-8") as handle:
        lines = handle.read().splitlines(keepends=True)
    first, rest = tmp_path / "first.txt", tmp_path / "rest.txt"
    first.write_text("".join(lines[:40]), encoding="utf-8")
    rest.write_text("".join(lines[40:]), encoding="utf-8")
    overlapped = 0
    for attempt in range(3):
        ident = f"connexion-{attempt + 1}"
        started = subprocess.run([sys.executable, "-m", "referee", "connexion", "-p", "Ann,Ben,Cy", "--script",
                                  str(first)], env=env(home), capture_output=True)
        assert started.returncode == 3  # the example's deliberate typo is refused
        before = numbers(store.path_of(ident))
        racers = [subprocess.Popen([sys.executable, "-m", "referee", "resume", ident, "--script", str(rest)],
                                   env=env(home), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                  for _ in range(2)]
        results = [(r.wait(timeout=120), r.stderr.read()) for r in racers]
        for r in racers:
            r.stdout.close()
            r.stderr.close()
        codes = sorted(code for code, _ in results)
        if 1 in codes:  # they overlapped: one played, the other was refused in one line
            assert codes in ([0, 1], [1, 3]), results
            refused = [err for code, err in results if code == 1][0]
            assert f"game {ident} is open in another referee (process " in refused
            assert len(refused.strip().splitlines()) == 1
            overlapped += 1
        after = numbers(store.path_of(ident))
        assert after[: len(before)] == before and after == list(range(1, len(after) + 1))
        assert len(after) > len(before)
        assert not os.path.exists(store.path_of(ident) + ".lock")
    assert overlapped  # started together, they met at the lock at least once (in practice every time)


def test_issue13_1_two_games_started_at_the_same_instant_get_two_ids(home, tmp_path):
    script = tmp_path / "play.txt"
    script.write_text(PLAYED, encoding="utf-8")
    for attempt in range(2):
        starters = [subprocess.Popen([sys.executable, "-m", "referee", "connexion", "-p", "Ann,Ben", "--script",
                                      str(script)], env=env(home), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, text=True) for _ in range(2)]
        results = [(s.wait(timeout=120), s.stderr.read()) for s in starters]
        for s in starters:
            s.stderr.close()
        assert [code for code, _ in results] == [0, 0], results
    ids = store.all_ids()
    assert ids == ["connexion-1", "connexion-2", "connexion-3", "connexion-4"]
    for ident in ids:  # the header's id is the file's name, and each file is whole
        journal, warnings = Journal.open(store.path_of(ident), repair=False)
        assert warnings == [] and [r["n"] for r in journal.records] == [1, 2]
        with open(store.path_of(ident), encoding="utf-8") as handle:
            assert json.loads(handle.readline())["id"] == ident


def test_issue13_1_a_start_moves_past_a_number_another_start_has_locked(run, home):
    holder = ("import sys, time; from referee.core import lock; lock.hold(sys.argv[1], 'x'); "
              "print('held', flush=True); sys.stdin.read()")
    other = subprocess.Popen([sys.executable, "-c", holder, store.path_of("connexion-1")], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=ROOT))
    try:
        assert other.stdout.readline().strip() == "held"
        result = run("connexion", "--players", "Ann,Ben", script=PLAYED)
        assert result.exit_code == 0, result.output
        assert store.all_ids() == ["connexion-2"]
    finally:
        other.communicate("", timeout=30)


def test_issue13_1_the_lock_is_taken_before_the_journal_is_read(run, played, monkeypatch):
    order = []
    real_hold, real_open = lock.hold, Journal.open.__func__
    monkeypatch.setattr(lock, "hold", lambda *a: (order.append("lock"), real_hold(*a))[1])
    reading = classmethod(lambda cls, *a, **k: (order.append("read"), real_open(cls, *a, **k))[1])
    monkeypatch.setattr(Journal, "open", reading)
    assert run("resume", played, script="quit\n").exit_code == 0
    assert order[0] == "lock" and "read" in order


# -- defect 2: stale and strange locks ----------------------------------------------


def _dead_pid():
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    return dead.pid


@pytest.mark.parametrize("content", ["garbage\n", "-1\n", "99999999999999999999\n", "", "\x00\xff\n", "DEAD"])
def test_issue13_2_a_lock_holding_no_process_id_is_taken_over(run, played, content):
    with open(store.path_of(played) + ".lock", "w", encoding="latin-1") as handle:
        handle.write(content)
    result = run("resume", played, script="place delta\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Delta" in result.output and "internal error" not in result.output


def test_issue13_2_a_lock_of_a_dead_process_is_taken_over(run, played):
    with open(store.path_of(played) + ".lock", "w") as handle:
        handle.write(f"{_dead_pid()}\n")
    result = run("resume", played, script="place delta\nquit\n")
    assert result.exit_code == 0, result.output


def test_issue13_2_a_lock_whose_pid_now_belongs_to_another_program_is_taken_over(run, played):
    """After a reboot the pid in a left-over lock may be any program's: it holds no lock."""
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        with open(store.path_of(played) + ".lock", "w") as handle:
            handle.write(f"{other.pid}\n")
        result = run("resume", played, script="place delta\nquit\n")
        assert result.exit_code == 0, result.output
    finally:
        other.kill()
        other.wait()


def test_issue13_2_a_lock_left_by_a_referee_killed_with_sigkill_is_taken_over(run, played, home):
    child = subprocess.Popen([sys.executable, "-m", "referee", "resume", played], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env(home))
    lockfile = store.path_of(played) + ".lock"
    for _ in range(600):  # until the child has locked (its pid is in the file)
        if os.path.exists(lockfile) and open(lockfile).read().strip() == str(child.pid):
            break
        time.sleep(0.05)
    child.kill()
    child.wait()
    child.stdin.close()
    child.stdout.close()
    assert os.path.exists(lockfile)  # left behind, yet it blocks nothing
    result = run("resume", played, script="place delta\nquit\n")
    assert result.exit_code == 0, result.output


def test_issue13_2_a_lock_path_that_is_a_fifo_is_one_line(run, played):
    os.mkfifo(store.path_of(played) + ".lock")
    result = run("resume", played, script="quit\n")
    assert result.exit_code == 1
    assert "is not a regular file" in result.output and len(result.output.strip().splitlines()) == 1


def _no_flock(monkeypatch):
    def refuse(fd, how):
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(lock.fcntl, "flock", refuse)


@pytest.mark.parametrize("content", ["garbage\n", "-1\n", "99999999999999999999\n", "", "dead"])
def test_issue13_2_without_flock_a_stale_lock_is_taken_over(run, played, monkeypatch, content):
    """Where the file system refuses flock (ENOLCK: some shared storage), exclusive create."""
    _no_flock(monkeypatch)
    lockfile = store.path_of(played) + ".lock"
    with open(lockfile, "w") as handle:
        handle.write(_dead_pid_text() if content == "dead" else content)
    os.utime(lockfile, (time.time() - 3600, time.time() - 3600))  # left there an hour ago
    result = run("resume", played, script="place delta\nquit\n")
    assert result.exit_code == 0, result.output
    assert not os.path.exists(store.path_of(played) + ".lock")


def _dead_pid_text():
    return f"{_dead_pid()}\n"


def test_issue13_2_without_flock_an_empty_lock_just_made_is_a_referee_starting(run, played, monkeypatch):
    """Its pid is written just after the exclusive create: not stale, so not taken over."""
    _no_flock(monkeypatch)
    open(store.path_of(played) + ".lock", "w").close()
    result = run("resume", played, script="quit\n")
    assert result.exit_code == 1
    assert f"game {played} is open in another referee (another process)" in result.output


def test_issue13_2_without_flock_a_live_holder_is_one_line_naming_the_lock(run, played, monkeypatch):
    _no_flock(monkeypatch)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        lockfile = store.path_of(played) + ".lock"
        with open(lockfile, "w") as handle:
            handle.write(f"{other.pid}\n")
        result = run("resume", played, script="quit\n")
        assert result.exit_code == 1
        assert f"open in another referee (process {other.pid})" in result.output
        assert f"delete {lockfile}" in result.output and len(result.output.strip().splitlines()) == 1
    finally:
        other.kill()
        other.wait()


def test_issue13_2_without_fcntl_at_all_the_lock_still_excludes(played, home, monkeypatch):
    """Windows has no fcntl: exclusive create with the pid, the same refusal."""
    monkeypatch.setattr(lock, "fcntl", None)
    path = store.path_of(played)
    lock.hold(path, played)
    try:
        assert open(path + ".lock").read().strip() == str(os.getpid())
        holder = ("import sys; from referee.core import lock; lock.fcntl = None\n"
                  "try:\n lock.hold(sys.argv[1], 'x')\nexcept Exception as e:\n print(e)")
        said = subprocess.run([sys.executable, "-c", holder, path], capture_output=True, text=True,
                              env=dict(os.environ, PYTHONPATH=ROOT)).stdout
        assert f"open in another referee (process {os.getpid()})" in said
    finally:
        lock.release(path)
    assert not os.path.exists(path + ".lock")


# -- defect 5: resume with no id -------------------------------------------------------


def test_issue13_5_resume_without_id_opens_the_game_played_last_and_says_which(run):
    assert run("connexion", "--players", "Ann,Ben", script=PLAYED).exit_code == 0
    assert run("connexion", "--players", "Cy,Dee", script=PLAYED).exit_code == 0
    time.sleep(0.01)  # the records' times (milliseconds) must differ for "last" to be defined
    assert run("resume", "connexion-1", script="place delta\nquit\n").exit_code == 0
    result = run("resume", script="quit\n")
    assert result.exit_code == 0, result.output
    assert "Resuming connexion-1 (Cosmic ConneXion, Ann, Ben), last played today at " in result.output


def test_issue13_5_last_played_is_said_in_words_a_phone_may_break_between():
    from referee.core.launch import _day_and_time

    now = time.mktime((2026, 11, 23, 20, 0, 0, 0, 0, -1))
    assert _day_and_time(now - 600, now) == "today at 19:50"
    assert _day_and_time(now - 86400, now) == "yesterday at 20:00"
    assert _day_and_time(now - 3 * 86400, now) == "on 2026-11-20 at 20:00"
    assert _day_and_time(None, now) == "at an unknown time"


def test_issue13_5_resume_without_id_skips_a_finished_game(run):
    assert run("connexion", "--players", "Ann,Ben", script=PLAYED).exit_code == 0
    time.sleep(0.01)
    finished = run("connexion", "--players", "Cy,Dee", script="place mu\nfinish early\nquit\n")
    assert store.summary_of("connexion-2")["finished"], finished.output
    result = run("resume", script="quit\n")
    assert result.exit_code == 0, result.output
    assert "Resuming connexion-1 " in result.output


def test_issue13_5_resume_without_id_when_every_game_has_ended_is_one_line(run):
    run("connexion", "--players", "Cy,Dee", script="place mu\nfinish early\nquit\n")
    assert store.summary_of("connexion-1")["finished"]
    result = run("resume", script="quit\n")
    assert result.exit_code == 1
    assert "every saved game has ended" in result.output and len(result.output.strip().splitlines()) == 1


def test_issue13_5_log_without_id_is_the_game_played_last_finished_or_not(run):
    assert run("connexion", "--players", "Ann,Ben", script=PLAYED).exit_code == 0
    assert run("connexion", "--players", "Cy,Dee", script=PLAYED).exit_code == 0
    time.sleep(0.01)
    assert run("resume", "connexion-1", script="place delta\nquit\n").exit_code == 0
    assert "game connexion-1" in run("log").output


# -- defect 7: damaged and moved saves ---------------------------------------------


def test_issue13_7a_a_renamed_save_is_the_game_its_file_name_says(run, played):
    os.rename(store.path_of(played), store.path_of("connexion-7"))
    result = run("resume", "7", script="quit\n")
    assert result.exit_code == 0, result.output
    assert "game connexion-7" in result.output and "referee resume connexion-7" in result.output
    assert "connexion-1" not in result.output
    assert "game connexion-7" in run("log", "7").output
    assert [r["id"] for r in json.loads(run("games", "--json").output)] == ["connexion-7"]


def test_issue13_7a_a_copied_save_is_two_games(run, played):
    with open(store.path_of(played), "rb") as src, open(store.path_of("connexion-2"), "wb") as dst:
        dst.write(src.read())
    assert run("resume", "connexion-2", script="place delta\nquit\n").exit_code == 0
    assert len(numbers(store.path_of("connexion-2"))) == len(numbers(store.path_of(played))) + 1


def _damage_action(path, number):
    """Remove the card from the action of record ``number`` (as a hand edit might)."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines(keepends=True)
    record = json.loads(lines[number])
    record["action"] = {"do": record["action"]["do"]}
    lines[number] = json.dumps(record) + "\n"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("".join(lines))


def test_issue13_7b_log_of_a_damaged_action_names_file_and_line(run, played):
    _damage_action(store.path_of(played), 1)
    for args in (("log", played), ("resume", played)):
        result = run(*args, script="quit\n") if args[0] == "resume" else run(*args)
        assert result.exit_code == 1, args
        assert f"{store.path_of(played)} line 2: event 1 " in result.output
        assert "internal error" not in result.output and len(result.output.strip().splitlines()) == 1


def test_issue13_7c_a_damaged_complete_last_line_is_an_error_and_the_file_is_untouched(run, played):
    path = store.path_of(played)
    with open(path, "ab") as handle:
        handle.write(b'{"kind":"do","n":3,"act\n')
    before = open(path, "rb").read()
    result = run("resume", played, script="quit\n")
    assert result.exit_code == 1
    assert f"{path} line 4: not JSON" in result.output and "crash" not in result.output
    assert open(path, "rb").read() == before


def test_issue13_7c_an_incomplete_last_line_is_a_tear_and_is_cut_off(run, played):
    path = store.path_of(played)
    with open(path, "ab") as handle:
        handle.write(b'{"kind":"do","n":3,"act')
    result = run("resume", played, script="quit\n")
    assert result.exit_code == 0, result.output
    assert "line 4: the last line was torn (a crash mid-write)" in result.output
    assert numbers(path) == [1, 2]


def test_issue13_7c_a_damaged_middle_line_names_its_line_and_the_file_is_untouched(run, played):
    path = store.path_of(played)
    with open(path, "rb") as handle:
        lines = handle.read().split(b"\n")
    lines[1] = lines[1][:20]
    with open(path, "wb") as handle:
        handle.write(b"\n".join(lines))
    before = open(path, "rb").read()
    for args in (("resume", played), ("log", played)):
        result = run(*args, script="quit\n") if args[0] == "resume" else run(*args)
        assert result.exit_code == 1 and f"{path} line 2: not JSON" in result.output
    assert open(path, "rb").read() == before


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_issue13_7d_a_fifo_or_folder_at_the_save_path_is_one_line_and_never_hangs(home, played, kind):
    path = store.path_of("connexion-2")
    os.mkfifo(path) if kind == "fifo" else os.mkdir(path)
    for args in (["games"], ["log", "connexion-2"], ["resume", "connexion-2"]):
        done = subprocess.run([sys.executable, "-m", "referee"] + args, env=env(home), capture_output=True,
                              text=True, stdin=subprocess.DEVNULL, timeout=60)
        said = done.stdout + done.stderr
        assert "not a regular file" in said or "is a folder" in said, (args, said)
        assert "Traceback" not in said
        if args[0] != "games":
            assert done.returncode == 1 and len(said.strip().splitlines()) == 1
        else:
            assert done.returncode == 0 and "connexion-1" in said  # the other game still listed


def _save_by(path, version):
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["referee"] = version
    lines[0] = json.dumps(header) + "\n"
    return lines


def test_issue13_7e_a_replay_failure_says_what_is_wrong_and_mentions_versions_only_when_they_differ(run, played):
    from referee import __version__

    path = store.path_of(played)
    _damage_action(path, 2)
    said = run("resume", played, script="quit\n").output
    # A place without its letter: the moves cannot read it (Core v2's ActionError), so it is
    # damaged, said without the error's type name.
    assert f"{path} line 3: event 2 is damaged: the game cannot read it (a place action without" in said
    assert "version" not in said and "ActionError" not in said
    lines = _save_by(path, "0.0.1")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("".join(lines))
    said = run("resume", played, script="quit\n").output
    assert "line 3: event 2 is damaged" in said and f"saved by referee 0.0.1 and this is {__version__}" in said


def test_issue13_7e_an_action_the_game_cannot_read_says_so_with_the_error(run, played):
    path = store.path_of(played)
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines(keepends=True)
    record = json.loads(lines[1])
    record["action"] = {"no": "do"}  # not even the kind of action
    lines[1] = json.dumps(record) + "\n"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("".join(lines))
    for args in (("resume", played), ("log", played)):
        said = run(*args, script="quit\n").output if args[0] == "resume" else run(*args).output
        assert f"{path} line 2: event 1 " in said and "internal error" not in said and "version" not in said


def test_issue13_7e_a_move_the_rules_refuse_on_replay_quotes_the_refusal(run, played):
    path = store.path_of(played)
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines(keepends=True)
    lines.append(lines[-1].replace('"n": 2', '"n": 3').replace('"n":2', '"n":3'))  # Eta placed twice
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("".join(lines))
    said = run("resume", played, script="quit\n").output
    assert f"{path} line 4: event 3 does not replay: the rules refuse it (" in said
    assert "version" not in said


def test_issue13_7f_games_and_log_agree_with_resume_about_a_damaged_save(run, played):
    assert run("connexion", "--players", "Cy,Dee", script=PLAYED).exit_code == 0
    _damage_action(store.path_of(played), 1)
    refused = run("resume", played, script="quit\n").output.strip()
    rows = {r["id"]: r for r in json.loads(run("games", "--json").output)}
    assert rows[played]["game"] == "damaged" and rows[played]["error"] in refused
    assert rows["connexion-2"]["game"] == "connexion" and "error" not in rows["connexion-2"]
    table = " ".join(run("games").output.split())
    assert f"{played} is damaged: {store.path_of(played)} line 2: event 1 " in table
    assert run("log", played).exit_code == 1


# -- defect 9: where the game stands after a resume -------------------------------------


def test_issue13_9_resume_says_the_last_accepted_event_in_words(run, played):
    result = run("resume", played, script="quit\n")
    assert "Last accepted: #2 Ben: places Eta (Ηη) at position 2" in result.output, result.output


def test_issue13_9_resume_after_an_undo_says_where_the_game_stands(run, played):
    assert run("resume", played, script="undo\nquit\n").exit_code == 0
    result = run("resume", played, script="quit\n")
    assert "Last accepted: undo of 1 step; the game stands after #1 Ann: places Mu" in result.output


def test_issue13_9_the_resume_note_never_shows_a_secret(tmp_path):
    from referee.core.session import Session
    from tests.core.conftest import fake_header, ticking
    from tests.core.fakegame import GAME

    path = str(tmp_path / "fake-1.jsonl")
    session = Session.start(GAME, fake_header(), path, clock=ticking())
    session.do({"do": "add", "n": 2})
    session.do({"do": "draw"})
    drawn = session.state.shown[-1]
    note = Session.resume(GAME, path, clock=ticking()).resume_note()
    assert note == "Last accepted: #2 (hidden until the game ends)" and drawn not in note
