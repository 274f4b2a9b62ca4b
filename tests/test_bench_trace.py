"""bench/trace_move.py traces a real accepted move: if the shell path it drives changed
under it (a setup line refused, the traced line refused, nothing counted), its figures
would be figures of nothing, and nobody reading the issue note would know."""

import importlib.util
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _bench():
    spec = importlib.util.spec_from_file_location("trace_move", os.path.join(ROOT, "bench", "trace_move.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_each_traced_move_is_accepted_and_counted(monkeypatch, tmp_path):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    bench = _bench()
    for move in bench.MOVES:
        figures = bench.trace(move)
        assert figures["accepted"], (move, figures["reply"])
        for name in ("calls", "files", "hops", "distinct_hops"):
            assert isinstance(figures[name], int) and figures[name] > 0, (move, name, figures[name])
        assert figures["files"] == len(figures["file_list"])
        assert figures["hops"] <= figures["calls"] and figures["distinct_hops"] <= figures["hops"]
        assert sum(figures["checks"].values()) > 0, (move, "no named check ran")
        assert all(isinstance(count, int) and count >= 0 for count in figures["checks"].values())
    assert os.environ["REFEREE_HOME"] == str(tmp_path / "home")  # the bench puts the test's home back


def test_table_names_each_move_and_figure():
    bench = _bench()
    results = [{"move": "word", "line": "word oi", "accepted": True, "calls": 10, "files": 3, "hops": 4,
                "distinct_hops": 2, "checks": {"stamp": 1, "check_claim": 2}}]
    text = bench.table(results)
    assert "word oi" in text and "cross-file hops" in text
    assert [line.split()[-1] for line in text.splitlines() if line.strip().startswith("check_claim")] == ["2"]
