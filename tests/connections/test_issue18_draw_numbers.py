"""Issue 18 item 13 in Connections: `draw` with a huge pile number is one line, read
bounded before anything else (it was "internal error (ValueError)" past 4,300 digits)."""

from tests.cosmocode.helpers import say
from tests.connections.helpers import new_session

HUGE = "9" * 5000


def test_issue18_item13_connections_draw_with_huge_numbers_is_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    for variant in ("classic", "quads"):
        session, shell, _out = new_session(tmp_path / variant, variant=variant)
        if variant == "classic":  # a draw before the starter card is refused before its words are read (issue 19)
            assert say(shell, "start tiger/head/tree/ocean 1 !").startswith("✓")
        before, events = session.state, len(session.events)
        for line in (f"draw {HUGE}", "draw 9223372036854775808", f"draw {HUGE} Ann", f"Ann: draw {HUGE}",
                     f"draw {'0' * 4999}10", "draw 10"):
            text = say(shell, line)
            assert text.startswith("✗") and "internal error" not in text and len(text) < 200, (line[:30], text)
            assert session.state == before and len(session.events) == events
        assert say(shell, "draw 10") == ("✗ there is no pile 10: Quads has piles 1 to 4, the others one draw pile "
                                         "(CN-6)")
        text = say(shell, f"draw {'0' * 5000}1 Ann")  # pile 1, read as typed: refused by the rules if at all
        assert "internal error" not in text and len(text) < 200
