"""The command line end to end (click's CliRunner): exit codes scripts can rely on, no tracebacks.

Exit codes (referee.core.launch): 0 every line accepted, 1 could not start/load/save,
2 usage, 3 the script ran but some lines were refused.
"""

import csv
import io
import json
import os
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from referee import __version__
from referee.core import store

GAME_LINES = "place mu\nplace eta\nscore\nquit\n"


@pytest.fixture
def run(run_cli):
    return run_cli


@pytest.fixture
def played(run):
    result = run("connexion", "--players", "Ann,Ben", script=GAME_LINES)
    assert result.exit_code == 0, result.output
    return "connexion-1"


# -- help, version and laziness (DESIGN 5) ---------------------------------------------------


def test_help_lists_the_games_and_the_utilities(run):
    result = run("--help")
    assert result.exit_code == 0
    assert "connexion" in result.output
    for utility in ("word", "games", "resume", "log"):
        assert f"  {utility} " in result.output


def test_version(run):
    result = run("--version")
    assert result.exit_code == 0
    assert __version__ in result.output and "referee" in result.output


def test_design5_importing_the_cli_loads_no_game_no_lexicon_no_prompt_toolkit():
    code = (
        "import sys, referee.cli\n"
        "heavy = [m for m in ('wordfreq', 'prompt_toolkit', 'referee.games.connexion.claims',"
        " 'referee.games.connexion.game', 'referee.core.lexicon') if m in sys.modules]\n"
        "print(heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_design5_help_itself_loads_no_game():
    code = (
        "import sys\nfrom click.testing import CliRunner\nfrom referee.cli import main\n"
        "CliRunner().invoke(main, ['--help'])\n"
        "print([m for m in ('wordfreq', 'prompt_toolkit', 'referee.games.connexion.claims') if m in sys.modules])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_issue19_help_builds_no_utility_and_names_each_as_its_own_help_opens():
    """`referee --help` lists the utilities from cli_settings.UTILITIES without loading
    referee.utilities (a fifth of --help's own cost, issue 19's --help budget); each summary
    must still be the first sentence the utility's own help opens with."""
    code = (
        "import sys\nfrom click.testing import CliRunner\nfrom referee.cli import main\n"
        "CliRunner().invoke(main, ['--help'])\nprint('referee.utilities' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    from referee.cli_settings import UTILITIES
    from referee.utilities import COMMANDS

    assert sorted(COMMANDS) == sorted(UTILITIES)
    for name, summary in UTILITIES.items():
        own = " ".join(COMMANDS[name].help.split())
        assert own.startswith(" ".join(summary.split())), name


# -- playing by script ------------------------------------------------------------------------


def test_script_of_accepted_lines_exits_0(run):
    result = run("connexion", "--players", "Ann,Ben", script=GAME_LINES)
    assert result.exit_code == 0, result.output
    assert "> place mu" in result.output and "Saved. Resume with: referee resume connexion-1" in result.output
    assert "Traceback" not in result.output


def test_script_with_a_refused_line_exits_3(run):
    result = run("connexion", "--players", "Ann,Ben", script="place mu\nplace mu\nfrobnicate\n")
    assert result.exit_code == 3
    assert "✗ Mu" in result.output and "already on the board" in result.output
    assert "✗ no command 'frobnicate'" in result.output


def test_players_missing_without_a_terminal_is_a_usage_error(run):
    result = run("connexion", input="place mu\n")
    assert result.exit_code == 2
    assert "--players" in result.output
    assert "Traceback" not in result.output


def test_unknown_game_option_is_one_line(run):
    result = run("connexion", "--players", "Ann,Ben", "-o", "speed=3", script="quit\n")
    assert result.exit_code in (1, 2)
    assert "no table option 'speed'" in result.output and "min_cards" in result.output
    assert "Traceback" not in result.output


def test_a_mistyped_choice_names_the_closest_one(run):
    """Play-test: `--variant quikc` listed the variants but did not say which was meant."""
    result = run("connections", "--variant", "quikc", "--players", "Ann,Ben", script="quit\n")
    assert result.exit_code == 2 and "Did you mean 'quick'?" in result.output
    result = run("connexion", "-m", "digtal", "--players", "Ann,Ben", script="quit\n")
    assert result.exit_code == 2 and "Did you mean 'digital'?" in result.output
    result = run("connections", "--variant", "zzz", "--players", "Ann,Ben", script="quit\n")
    assert result.exit_code == 2 and "Did you mean" not in result.output and "'rummy'" in result.output


def test_unwritable_save_folder_exits_1(run, home):
    home.mkdir(parents=True, exist_ok=True)
    (home / "games").write_text("a file where the folder should be")
    result = run("connexion", "--players", "Ann,Ben", script="place mu\n")
    assert result.exit_code == 1
    assert "save folder" in result.output or "save file" in result.output
    assert result.output.count("\n") == 1
    assert "Traceback" not in result.output


def test_a_line_that_cannot_be_saved_stops_the_script_and_exits_1(run, monkeypatch):
    from referee.core.errors import JournalError
    from referee.core.journal import Journal

    real = Journal.append

    def fail_on_second(journal, record):
        if len(journal.records) >= 1:
            raise JournalError(f"cannot write the save file {journal.path}: No space left on device")
        return real(journal, record)

    with monkeypatch.context() as patched:
        patched.setattr(Journal, "append", fail_on_second)
        result = run("connexion", "--players", "Ann,Ben", script="place mu\nplace eta\nplace nu\n")
    assert result.exit_code == 1
    assert "No space left on device" in result.output
    assert "> place nu" not in result.output
    resumed = run("resume", "1", script="score\n")
    assert resumed.exit_code == 0, resumed.output
    assert json.loads(run("games", "--json").output)[0]["events"] == 1


def test_a_script_that_is_not_utf8_is_one_line(run):
    result = run("connexion", "--players", "Ann,Ben", script=b"place mu\nplace \xff\xfe\n")
    assert result.exit_code == 3
    assert "not UTF-8 text" in result.output
    assert "Traceback" not in result.output


# -- games, log, resume -------------------------------------------------------------------------


def test_games_empty(run):
    result = run("games")
    assert result.exit_code == 0
    assert "No saved games yet" in result.output


def test_games_after_a_game(run, played):
    result = run("games")
    assert result.exit_code == 0
    assert "connexion-1" in result.output and "Ann, Ben" in result.output
    rows = json.loads(run("games", "--json").output)
    assert rows[0]["id"] == "connexion-1" and rows[0]["events"] == 2 and rows[0]["finished"] is False


def test_games_lists_the_others_when_one_file_is_damaged(run, played):
    with open(store.path_of("connexion-2"), "w") as handle:
        handle.write("not a save file\n")
    result = run("games")
    assert result.exit_code == 0, result.output
    assert "connexion-1" in result.output and "connexion-2" in result.output and "damaged" in result.output


def test_log_text(run, played):
    result = run("log", played, "--format", "text")
    assert result.exit_code == 0
    assert "Cosmic ConneXion, game connexion-1" in result.output
    assert "places Mu" in result.output and "places Eta" in result.output


def test_log_md(run, played):
    result = run("log", "last", "-f", "md")
    assert result.exit_code == 0
    assert result.output.startswith("# Cosmic ConneXion, game connexion-1")
    assert "| places Mu" in result.output.replace("  ", " ") or "places Mu" in result.output


def test_log_csv(run, played):
    result = run("log", "1", "-f", "csv")
    assert result.exit_code == 0
    rows = list(csv.reader(io.StringIO(result.output)))
    assert rows[0] == ["n", "time", "who", "what"]
    assert [r[2] for r in rows[1:3]] == ["Ann", "Ben"]
    assert "Mu" in rows[1][3]


def test_log_json(run, played):
    result = run("log", played, "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["finished"] is False
    assert [e["action"]["letter"] for e in data["events"]] == ["mu", "eta"]


def test_log_of_a_missing_game_is_one_line(run, played):
    result = run("log", "99")
    assert result.exit_code == 1
    assert "no saved game '99'" in result.output


def test_resume_continues_the_game(run, played):
    result = run("resume", played, script="place nu\nlog\n")
    assert result.exit_code == 0, result.output
    assert "places Nu" in result.output
    assert json.loads(run("games", "--json").output)[0]["events"] == 3


def test_resume_after_a_torn_last_line_warns_and_goes_on(run, played):
    with open(store.path_of(played), "ab") as handle:
        handle.write(b'{"kind":"do","n":3,"action":{"do":"pla')
    result = run("resume", played, script="place nu\n")
    assert result.exit_code == 0, result.output
    assert "torn" in result.output and "line 4" in result.output
    assert "Traceback" not in result.output
    assert json.loads(run("games", "--json").output)[0]["events"] == 3
    again = run("resume", played, script="score\n")
    assert "torn" not in again.output


def test_resume_of_a_corrupt_file_is_one_line_and_exit_1(run, played):
    path = store.path_of(played)
    lines = open(path, encoding="utf-8").read().splitlines()
    lines[1] = "{this is not json"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    result = run("resume", played, script="score\n")
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert result.output.count("\n") == 1
    assert "line 2" in result.output and path in result.output


def test_resume_of_a_damaged_action_is_one_line_and_exit_1(run, played):
    with open(store.path_of(played), "a", encoding="utf-8") as handle:
        handle.write('{"kind":"do","n":3,"action":{"do":"place"}}\n')
    result = run("resume", played, script="score\n")
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert "event 3" in result.output


def test_resume_with_no_games(run):
    result = run("resume")
    assert result.exit_code == 1
    assert "no saved games" in result.output


def test_piped_stdin_is_the_plain_loop(run):
    result = run("connexion", "--players", "Ann,Ben", input="place mu\nplace eta\n")
    assert result.exit_code == 0, result.output
    assert "> place eta" in result.output
    assert json.loads(run("games", "--json").output)[0]["events"] == 2


def test_json_on_exit_is_the_only_thing_on_stdout(run):
    result = run("connexion", "--players", "Ann,Ben", "--json", script="place mu\n")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["id"] == "connexion-1" and data["events"] == 1
    assert [p["name"] for p in data["players"]] == ["Ann", "Ben"]
    assert "> place mu" in result.stderr


def test_log_and_games_of_a_record_with_a_bad_time_are_one_line(run, played):
    with open(store.path_of(played), "a", encoding="utf-8") as handle:
        handle.write('{"kind":"do","n":3,"action":{"do":"place","letter":"nu","position":3,"at":"yesterday"}}\n')
    result = run("log", played)
    assert result.exit_code == 1 and "Traceback" not in result.output and "line 4" in result.output
    result = run("games")
    assert result.exit_code == 0 and "damaged" in result.output


# -- game-specific flags, modes and option bounds ----------------------------------------


def _fake_command(monkeypatch, **entry_fields):
    """A game command built from a made-up entry, with launch.start replaced by a recorder."""
    from referee import cli
    from referee.core import launch
    from referee.games import Entry

    seen = {}
    monkeypatch.setattr(launch, "start", lambda name, **kwargs: seen.update(kwargs, name=name))
    entry = Entry("fake", "Fake", "A fake game.", "tests.core.fakegame", **entry_fields)
    return cli._game_command(entry), seen


def test_a_choice_flag_becomes_a_table_option(monkeypatch):
    from referee.games import Flag

    cmd, seen = _fake_command(monkeypatch, flags=(Flag(("--variant",), "variant", "Which variant.", ("a", "b")),))
    result = CliRunner().invoke(cmd, ["-p", "Ann,Ben", "--variant", "b", "-o", "variant=a"])
    assert result.exit_code == 0, result.output
    assert seen["options"] == ("variant=a", "variant=b")  # resolve() reads left to right: the flag wins
    assert "--variant [a|b]" in CliRunner().invoke(cmd, ["--help"]).output


def test_an_on_off_flag_sets_its_value_only_when_given(monkeypatch):
    from referee.games import Flag

    cmd, seen = _fake_command(monkeypatch, flags=(Flag(("--no-hints",), "hints", "No hints.", value="no"),))
    CliRunner().invoke(cmd, ["-p", "Ann,Ben"])
    assert seen["options"] == ()
    CliRunner().invoke(cmd, ["-p", "Ann,Ben", "--no-hints"])
    assert seen["options"] == ("hints=no",)


def test_a_bad_choice_flag_is_a_usage_error(monkeypatch):
    from referee.games import Flag

    cmd, seen = _fake_command(monkeypatch, flags=(Flag(("--variant",), "variant", "Which variant.", ("a", "b")),))
    result = CliRunner().invoke(cmd, ["-p", "Ann,Ben", "--variant", "c"])
    assert result.exit_code == 2 and not seen


def test_a_mode_the_game_does_not_have_is_a_usage_error(run, monkeypatch):
    from referee.games.connexion.game import GAME

    monkeypatch.setattr(type(GAME), "modes", ("table",))
    result = run("connexion", "--players", "Ann,Ben", "--mode", "digital", script="quit\n")
    assert result.exit_code == 2
    assert "table mode only" in result.output


def test_cx7_timer_option_has_the_same_bound_as_dash_t(run):
    result = run("connexion", "--players", "Ann,Ben", "-o", "timer=5000", script="quit\n")
    assert result.exit_code == 2
    assert "at most 3600" in result.output


# -- one referee per saved game --------------------------------------------------------


def test_a_game_open_in_another_live_process_is_refused(run, played, home):
    holder = ("import sys, time; from referee.core import lock; lock.hold(sys.argv[1], 'x'); "
              "print('held', flush=True); time.sleep(30)")
    other = subprocess.Popen([sys.executable, "-c", holder, store.path_of(played)], stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout.readline().strip() == "held"
        before = open(store.path_of(played), "rb").read()
        result = run("resume", played, script="place delta\n")
        assert result.exit_code == 1
        assert f"game {played} is open in another referee (process {other.pid})" in result.output
        assert open(store.path_of(played), "rb").read() == before
    finally:
        other.kill()
        other.wait()


def test_a_stale_lock_of_a_dead_process_is_taken_over(run, played):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    with open(store.path_of(played) + ".lock", "w") as handle:
        handle.write(f"{dead.pid}\n")
    result = run("resume", played, script="place delta\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Delta" in result.output


def test_lock_files_are_not_saved_games(run, played):
    with open(store.path_of(played) + ".lock", "w") as handle:
        handle.write("1\n")
    assert store.all_ids() == [played]


def test_an_unexpected_error_outside_the_shell_is_one_line_exit_1_and_logged(run, played, home, monkeypatch):
    from referee.core import export

    monkeypatch.setattr(export, "render", lambda *a, **k: 1 / 0)
    result = run("log", played)
    assert result.exit_code == 1
    assert "internal error (ZeroDivisionError)" in result.output and "Traceback" not in result.output
    assert "ZeroDivisionError" in open(f"{home}/errors.log", encoding="utf-8").read()


def test_a_game_being_played_holds_its_lock_and_leaves_none_behind(home):
    script = "import os, sys; from referee.cli import main; main(['connexion', '-p', 'Ann,Ben'])"
    child = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True, env=dict(os.environ, REFEREE_HOME=str(home)))
    child.stdin.write("place mu\n")
    child.stdin.flush()
    lock = store.path_of("connexion-1") + ".lock"
    for _ in range(600):  # the child writes its lock before its first prompt (30 s: a loaded machine)
        if os.path.exists(lock):
            break
        time.sleep(0.05)
    assert open(lock).read().strip() == str(child.pid)
    child.communicate("quit\n", timeout=30)
    assert not os.path.exists(lock)


def test_a_game_left_before_anything_was_played_is_not_kept(run):
    result = run("connexion", "--players", "Ann,Ben", script="help\nscore\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Nothing was played, so no game is kept." in result.output
    assert store.all_ids() == []
    assert "No saved games yet" in run("games").output


def test_a_game_with_one_action_is_kept_even_if_undone(run):
    result = run("connexion", "--players", "Ann,Ben", script="place mu\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    assert store.all_ids() == ["connexion-1"]


def test_dash_t_for_a_game_without_a_turn_timer_is_a_usage_error(run, monkeypatch):
    from referee.games.connexion.game import GAME

    monkeypatch.setattr(type(GAME), "options", tuple(o for o in GAME.options if o.name != "timer"))
    result = run("connexion", "--players", "Ann,Ben", "-t", "30", script="quit\n")
    assert result.exit_code == 2
    assert "Cosmic ConneXion has no turn timer" in result.output


def test_a_game_without_timer_or_words_offers_neither_dash_t_nor_dash_w(monkeypatch):
    cmd, seen = _fake_command(monkeypatch, timer=False, words=False)
    assert "--timer" not in CliRunner().invoke(cmd, ["--help"]).output
    assert "--wordlist" not in CliRunner().invoke(cmd, ["--help"]).output
    assert CliRunner().invoke(cmd, ["-p", "Ann,Ben", "-t", "30"]).exit_code == 2
    result = CliRunner().invoke(cmd, ["-p", "Ann,Ben"])
    assert result.exit_code == 0 and seen["name"] == "fake" and "timer" not in seen and "wordlists" not in seen


# -- one place to add a game (issue 9 item 6) ----------------------------------------------


def test_issue9_item6_every_built_game_is_its_packages_entry():
    import importlib

    from referee.games import BUILT, GAMES

    assert [e.name for e in GAMES] == list(BUILT)
    for item in GAMES:
        assert importlib.import_module(f"referee.games.{item.name}").ENTRY is item
        assert item.players is not None, f"{item.name} says who may play"


def test_issue9_item6_names_and_aliases_are_unique_and_each_opens_its_game(run):
    from referee.games import GAMES

    spoken = [w for item in GAMES for w in (item.name, *item.aliases)]
    assert len(spoken) == len(set(spoken))
    for item in GAMES:
        for word in (item.name, *item.aliases):
            result = run(word, "--help")
            assert result.exit_code == 0, word
            assert item.summary.split(":")[0] in " ".join(result.output.split()), word


@pytest.mark.parametrize("args, said", [
    (["cosmocode", "-p", "A,B,C,D,E,F,G"], "Cosmo;code is for 2 to 6 players, not 7 (CO-1)"),
    (["code", "-p", "Ann"], "Cosmo;code is for 2 to 6 players, not 1 (CO-1)"),
    (["connexion", "-p", "Ann"], "Cosmic ConneXion is for 2 to 8 players, not 1 (CX-7)"),
    (["cx", "-p", "A,B,C,D,E,F,G,H,I"], "Cosmic ConneXion is for 2 to 8 players, not 9 (CX-7)"),
    (["colors", "-p", "Ann,Ben,Cy"], "Cosmic Colors is for 2 or 4 players (two teams), not 3 (CC-5); "
                                     "3 can play the Jr variant (-o variant=jr)"),
    (["colors", "-p", "A,B,C,D,E", "--variant", "jr"], "Cosmic Colors Jr is for 2 to 4 players, not 5 (CC-7)"),
    (["connections", "-p", "Ann"], "Classic is for 2 to 8 players, not 1 (CN-6)"),
    (["cn", "-p", "Ann,Ben", "-o", "variant=solitaire"], "Solitaire is for one player, not 2 (CN-6)"),
])
def test_issue9_item6_the_player_count_is_checked_once_by_the_entry(run, home, args, said):
    result = run(*args, script="quit\n")
    assert result.exit_code == 2, result.output
    assert said in " ".join(result.output.split())
    assert "Traceback" not in result.output
    assert not (home / "games").exists() or not list((home / "games").iterdir())  # nothing saved


def test_issue9_item6_seats_read_as_the_table_says_them():
    from referee.games import Seats

    assert Seats(2, 6, "CO-1").refusal("Cosmo;code", 4) is None
    assert Seats(2, 6, "CO-1").refusal("Cosmo;code", 7) == "Cosmo;code is for 2 to 6 players, not 7 (CO-1)"
    teams = Seats(2, 4, "T-1", counts=(2, 4), by=("variant", {"jr": Seats(2, 4, "T-2", who="Jr")}))
    assert teams.refusal("Teams", 3) == "Teams is for 2 or 4 players, not 3 (T-1)"
    assert teams.refusal("Teams", 3, {"variant": "jr"}) is None
    assert teams.refusal("Teams", 5, {"variant": "jr"}) == "Jr is for 2 to 4 players, not 5 (T-2)"
    assert teams.refusal("Teams", 4, {"variant": "standard"}) is None  # a variant not listed: the game's own
    assert Seats(1, 1, "S-1", who="Solitaire").refusal("X", 2) == "Solitaire is for one player, not 2 (S-1)"
    assert Seats(3, 4, "Q-1").refusal("Q", 2) == "Q is for 3 to 4 players, not 2 (Q-1)"


def test_issue9_item6_a_player_count_refusal_cites_an_id_of_the_games_table():
    from referee.games import GAMES, load

    for item in GAMES:
        table = load(item.name).rule_table()
        seats = [item.players] + list(item.players.by[1].values() if item.players.by else ())
        for each in seats:
            assert each.rule in table, (item.name, each.rule)


def test_issue9_item6_a_timer_entry_gives_dash_t_and_the_option_one_bound(monkeypatch):
    from referee.games import TIMER_MAX, Timer

    cmd, seen = _fake_command(monkeypatch, timer=Timer(30, "F-1", "turn time"))
    shown = CliRunner().invoke(cmd, ["--help"]).output
    assert "-t, --timer SECONDS" in shown
    result = CliRunner().invoke(cmd, ["-p", "Ann,Ben", "-t", str(TIMER_MAX + 1)])
    assert result.exit_code == 2 and not seen
    option = Timer(30, "F-1", "turn time").option()
    assert (option.name, option.default, option.rule, option.maximum) == ("timer", 30, "F-1", TIMER_MAX)
    untimed, _ = _fake_command(monkeypatch)
    assert "--timer" not in CliRunner().invoke(untimed, ["--help"]).output


def test_issue9_item6_a_table_only_entry_hides_mode_and_seed(monkeypatch):
    cmd, _ = _fake_command(monkeypatch, modes=("table",))
    shown = CliRunner().invoke(cmd, ["--help"]).output
    assert "--seed" not in shown and "--mode" not in shown


def test_issue9_item6_the_game_packages_import_no_game_code():
    """`referee --help` imports each game's package for its ENTRY: that import must stay
    the entry alone (no rules, commands, views, core modules beyond what the cli has)."""
    code = (
        "import sys\nbefore = set(sys.modules)\nimport referee.games\n"
        "print(' '.join(sorted(m for m in set(sys.modules) - before if m.startswith('referee'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    from referee.games import BUILT

    assert set(out.stdout.split()) == {"referee", "referee.games"} | {f"referee.games.{n}" for n in BUILT}


def test_issue9_item6_a_usage_error_on_a_phone_breaks_between_words(monkeypatch):
    from referee.core import launch, render

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    message = "Cosmic Colors is for 2 or 4 players (two teams), not 3 (CC-5); 3 can play the Jr variant (-o variant=jr)"
    monkeypatch.setattr(sys, "stderr", Terminal())
    monkeypatch.setattr(render, "terminal_size", lambda fallback=None: os.terminal_size((50, 20)))
    lines = ("Error: " + launch._Usage(message).format_message()).split("\n")
    assert all(len(line) <= 50 for line in lines) and len(lines) == 3
    assert " ".join(" ".join(lines)[len("Error: "):].split()) == message
    monkeypatch.setattr(sys, "stderr", io.StringIO())  # a pipe: one line, as scripts read it
    assert launch._Usage(message).format_message() == message


@pytest.mark.parametrize("word", ["connections", "colors"])
def test_issue9_item6_a_games_help_fits_a_phone_and_names_its_choices_in_words(word):
    env = dict(os.environ, COLUMNS="50")
    narrow = subprocess.run([sys.executable, "-m", "referee", word, "--help"], capture_output=True, text=True,
                            env=env, check=True).stdout
    assert all(len(line) <= 50 for line in narrow.splitlines()), narrow
    assert "--variant VARIANT" in narrow and "[" not in narrow.split("--variant")[1].split("\n")[0]
    wide = subprocess.run([sys.executable, "-m", "referee", word, "--help"], capture_output=True, text=True,
                          env=dict(os.environ, COLUMNS="100"), check=True).stdout
    assert "--variant [" in wide


@pytest.mark.parametrize("typed, meant", [("conexion", "connexion"), ("colour", "colors"), ("resme", "resume")])
def test_issue9_item6_a_mistyped_game_suggests_the_right_one(run, typed, meant):
    result = run(typed, "-p", "Ann,Ben")
    assert result.exit_code == 2
    assert f"No such command {typed!r}; did you mean {meant!r}?" in result.output


def test_issue9_item6_an_unknown_word_is_clicks_plain_refusal(run):
    result = run("xyzzy")
    assert result.exit_code == 2 and "No such command 'xyzzy'." in result.output


def test_issue9_item6_a_save_edited_to_seat_too_many_is_refused_by_the_same_rule(run, home):
    result = run("cosmocode", "-p", "Ann,Ben", "-o", "first=Ann", script="receive short\n")
    assert result.exit_code in (0, 3), result.output
    path = store.path_of("cosmocode-1")
    lines = open(path, encoding="utf-8").read().splitlines()
    header = json.loads(lines[0])
    header["players"] = ["Ann", "Ben", "Cy", "Di", "Ed", "Fy", "Gus"]
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join([json.dumps(header)] + lines[1:]) + "\n")
    resumed = run("resume", "cosmocode-1", script="score\n")
    assert resumed.exit_code == 1
    assert f"{path} line 1: Cosmo;code is for 2 to 6 players, not 7 (CO-1)" in " ".join(resumed.output.split())
    assert "Traceback" not in resumed.output


def test_g2_a_digital_seed_drawn_for_the_table_is_too_large_to_search(run, home):
    """The seed of a digital game started without --seed decides every hand and the deck,
    and what the table sees (a display, a token order) narrows it: drawn from 10**9 it
    could be found by trying them all offline. Drawn from 2**53 (still exact in any JSON
    reader) it cannot: among ten games one seed at least lies above 10**9."""
    seeds = []
    for _ in range(10):
        result = run("cosmocode", "--players", "Ann,Ben", "--mode", "digital", script="receive short\nquit\n")
        assert result.exit_code == 0, result.output
    for game_id in store.all_ids():
        with open(store.path_of(game_id), encoding="utf-8") as journal:
            seeds.append(json.loads(journal.readline())["seed"])  # the header, first line of the save
    assert len(seeds) == 10
    assert all(isinstance(seed, int) and 0 <= seed < 2**53 for seed in seeds)
    assert max(seeds) > 10**9


def test_issue19_terminal_size_reads_as_shutil_does_without_importing_it(monkeypatch):
    """render.terminal_size stands in for shutil.get_terminal_size before the first prompt
    (shutil brings zlib, bz2 and lzma): the same answer, $COLUMNS and $LINES first."""
    import shutil

    from referee.core import render

    for columns, lines in (("50", "30"), ("", ""), ("abc", "0"), ("120", "")):
        monkeypatch.setenv("COLUMNS", columns)
        monkeypatch.setenv("LINES", lines)
        assert tuple(render.terminal_size((77, 11))) == tuple(shutil.get_terminal_size((77, 11)))
