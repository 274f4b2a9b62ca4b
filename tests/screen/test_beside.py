"""`--screen`: the screen served beside the REPL, and a seat's secrets sent to their own
open page instead of the shared terminal (issue 21 item 3)."""

import json
import threading
import time
import urllib.request

import pytest

pytest.importorskip("aiohttp")

from click.testing import CliRunner  # noqa: E402

from referee.cli import main  # noqa: E402
from referee.screen.background import Running  # noqa: E402
from referee.screen.beside import _links  # noqa: E402
from referee.screen.seats import Seats  # noqa: E402
from tests.tables import open_table  # noqa: E402


def _cosmocode(home):
    return open_table("cosmocode", home, players=("Ann", "Ben", "Cy"), mode="digital", seed=7, first="Ann")


class _Page:
    """A seat's page held open in a thread: the event stream, read as a browser reads it."""

    def __init__(self, url):
        self.events, self.response = [], urllib.request.urlopen(url, timeout=10)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        try:
            for raw in self.response:
                if raw.startswith(b"data: "):
                    self.events.append(json.loads(raw[6:]))
        except Exception:
            pass

    def wait(self, test, timeout=5):
        end = time.time() + timeout
        while time.time() < end:
            if any(test(event) for event in self.events):
                return True
            time.sleep(0.02)
        return False

    def close(self):
        self.response.close()


def test_issue21_item3_a_secret_for_a_seat_whose_page_is_open_goes_there_not_to_the_terminal(tmp_path):
    session, shell, out = _cosmocode(tmp_path)
    seats = Seats(session.players)
    running = Running(session.journal.path, seats, interval=0.05).start()
    shell.private_screen, shell.interactive = running, True
    try:
        page = _Page(seats.link(running.base, "Ann") + "/events")
        assert page.wait(lambda event: event["player"] == "Ann")
        deadline = time.time() + 5
        while not running.shows("Ann") and time.time() < deadline:
            time.sleep(0.02)
        hand = session.game.view.hand_text(session.state, 0)
        assert shell.execute("Ann: hand")
        assert out[-1] == "(on Ann's screen)" and hand not in "\n".join(out)
        assert page.wait(lambda event: any(hand in told for told in event.get("told", ())))
        page.close()
        shown = []
        shell._ask = lambda question: shown.append(question) or None  # Ben's page is not open: asked here
        shell.execute("Ben: hand")
        assert "For Ben only" in shown[0] and "(on Ben's screen)" not in out
    finally:
        running.stop()


def test_issue21_item1_links_say_the_public_page_then_each_seat_and_each_seat_has_a_qr_code_that_fits_a_phone():
    seats = Seats(("Ann", "Ben"))
    lines = _links("http://127.0.0.1:8750", seats, qr=True)
    text = [line for line in lines if "█" not in line]
    assert "http://127.0.0.1:8750/" in text[-4] and text[-2:] == [
        "Ann: " + seats.link("http://127.0.0.1:8750", "Ann"), "Ben: " + seats.link("http://127.0.0.1:8750", "Ben")]
    code = lines[lines.index("Ann's page:") + 1].split("\n")
    assert len(code) > 10 and max(len(row) for row in code) <= 50
    assert not any("█" in line for line in _links("http://127.0.0.1:8750", seats, qr=False))


def test_issue21_item1_screen_without_a_game_says_so_in_one_line(tmp_path):
    result = CliRunner().invoke(main, ["screen", "nope-9", "--no-qr"], env={"REFEREE_HOME": str(tmp_path)})
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert len(result.output.strip().split("\n")) == 1


def test_issue21_item1_a_port_taken_is_one_line(tmp_path):
    session, shell, out = _cosmocode(tmp_path)
    shell.execute("receive short")
    first = Running(session.journal.path, Seats(session.players)).start()
    try:
        port = int(first.base.rsplit(":", 1)[1])
        result = CliRunner().invoke(main, ["screen", session.header["id"], "--port", str(port), "--no-qr"],
                                    env={"REFEREE_HOME": str(tmp_path)})
        assert result.exit_code == 1 and f"port {port}" in result.output and "Traceback" not in result.output
    finally:
        first.stop()


def test_issue21_item4_kept_links_are_private_and_the_same_next_time_and_new_without(tmp_path, monkeypatch):
    import os
    import stat

    from referee.screen.seats import kept

    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    first, again = kept("cosmocode-1", ("Ann", "Ben")), kept("cosmocode-1", ("Ann", "Ben"))
    assert first.tokens == again.tokens and Seats(("Ann", "Ben")).tokens != first.tokens
    path = tmp_path / "screens" / "cosmocode-1.json"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600 and stat.S_IMODE(os.stat(path.parent).st_mode) == 0o700
    path.write_text('{"Ann": "short", "Ben": "<script>"}')  # edited by hand: new links, never these
    assert kept("cosmocode-1", ("Ann", "Ben")).tokens["Ann"] != "short"
    assert kept("cosmocode-1", ("Ann", "Cy")).tokens != first.tokens  # another table's seats
    os.unlink(path)
    os.symlink(tmp_path / "elsewhere.json", path)
    kept("cosmocode-1", ("Ann", "Ben"))  # a link put there is replaced, never written through
    assert not (tmp_path / "elsewhere.json").exists() and not os.path.islink(path)


def test_issue21_item5_help_and_a_game_without_screen_never_load_the_screens_libraries(tmp_path):
    import subprocess
    import sys

    code = """
import sys
from click.testing import CliRunner
from referee.cli import main
runner = CliRunner()
assert runner.invoke(main, ["--help"]).exit_code == 0
result = runner.invoke(main, ["cosmocode", "--players", "Ann,Ben"], input="start Ann\\nquit\\n")
assert result.exit_code == 0, result.output
print(sorted(m for m in ("aiohttp", "segno", "referee.screen") if m in sys.modules))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         env={**__import__("os").environ, "REFEREE_HOME": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_issue21_proof_the_page_follows_a_move_made_by_another_process(tmp_path):
    """The REPL in another process resumes the game and moves: the open page hears it."""
    import os
    import subprocess
    import sys

    session, shell, out = _cosmocode(tmp_path)
    assert shell.execute("receive short")
    seats = Seats(session.players)
    running = Running(session.journal.path, seats, interval=0.05).start()
    try:
        page = _Page(running.base + "/events")
        assert page.wait(lambda event: [m["number"] for m in event.get("last", ())] == [1])
        env = dict(os.environ, REFEREE_HOME=str(tmp_path), NO_COLOR="1")
        done = subprocess.run([sys.executable, "-m", "referee", "resume", session.header["id"], "--script", "-"],
                              input="take\n", capture_output=True, text=True, env=env, timeout=60)
        assert done.returncode == 0, done.stdout + done.stderr
        assert page.wait(lambda event: "takes" in (event.get("last") or [{}])[-1].get("what", ""))
        page.close()
    finally:
        running.stop()


def test_issue21_item1_referee_screen_serves_this_machine_only_by_default_and_says_where(tmp_path):
    """`referee screen` prints the public address first, then a line a seat; without
    --lan it listens on 127.0.0.1 alone; Ctrl-C (here SIGINT) stops it with exit 0."""
    import os
    import signal
    import subprocess
    import sys

    session, shell, out = _cosmocode(tmp_path)
    assert shell.execute("receive short")
    env = dict(os.environ, REFEREE_HOME=str(tmp_path), NO_COLOR="1")
    server = subprocess.Popen([sys.executable, "-m", "referee", "screen", session.header["id"], "--port", "0",
                               "--no-qr"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        lines = [server.stdout.readline().strip() for _ in range(6)]
        public = next(line for line in lines if line.startswith("Screen: "))
        base = public.split()[1].rstrip("/")
        assert base.startswith("http://127.0.0.1:")
        assert [line.split(":")[0] for line in lines if line.startswith(("Ann:", "Ben:", "Cy:"))] == ["Ann", "Ben", "Cy"]
        assert lines.index(public) < min(i for i, line in enumerate(lines) if line.startswith("Ann:"))
        with urllib.request.urlopen(base + "/public.json", timeout=10) as answer:
            assert json.loads(answer.read())["game"] == "Cosmo;code"
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=15) == 0
    finally:
        if server.poll() is None:
            server.kill()


def test_issue21_item1_the_links_break_between_words_on_a_phone():
    seats = Seats(("Ann", "Ben"))
    import click

    lines = click.unstyle("\n".join(_links("http://127.0.0.1:43961", seats, qr=False, width=50))).split("\n")
    assert all(len(line) <= 50 for line in lines[:4])
    assert " ".join(line.strip() for line in lines[:2]) == "Screen: http://127.0.0.1:43961/ (open it on the TV)"
    assert lines[-2:] == [f"{p}: {seats.link('http://127.0.0.1:43961', p)}" for p in ("Ann", "Ben")]
