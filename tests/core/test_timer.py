"""The advisory turn timer (RULINGS G-5): arithmetic on journal timestamps."""

from referee.core.timer import clock, is_late, remaining, totals


def test_g5_untimed_turn_has_no_countdown():
    assert remaining(None, 60, 100) is None
    assert remaining(100, 0, 200) is None
    assert not is_late(100, 0, 10_000)


def test_g5_countdown_and_time_up():
    assert remaining(100, 60, 130) == 30
    assert not is_late(100, 60, 160)
    assert is_late(100, 60, 160.5)


def test_clock_format():
    assert clock(0) == "0:00"
    assert clock(59.6) == "1:00"
    assert clock(61) == "1:01"
    assert clock(-5) == "-0:05"
    assert clock(3725) == "1:02:05"


def test_totals_per_player():
    turns = [("Ann", 0), ("Ben", 30), ("Ann", 40)]
    assert totals(turns, ["Ann", "Ben"], 100) == {"Ann": 90.0, "Ben": 10.0}
    assert totals([], ["Ann"], 100) == {"Ann": 0.0}


def test_g5_overdue_counts_from_the_later_of_the_turn_start_and_the_resume():
    from referee.core.timer import overdue

    assert overdue(100.0, 60, {"at": 170.0}) == 10.0
    assert overdue(100.0, 60, {"at": 150.0}) == 0
    assert overdue(100.0, 60, {"at": 1170.0, "resumed": 1100.0}) == 10.0
    assert overdue(100.0, 60, {"at": 170.0, "resumed": 50.0}) == 10.0  # a resume before the turn: no change
    assert overdue(100.0, 0, {"at": 9999.0}) == 0  # untimed
    assert overdue(None, 60, {"at": 9999.0}) == 0  # no turn running


def test_g5_gaps1_a_late_refusal_keeps_each_number_with_its_unit_at_any_width():
    """The G-5 refusal spells "40 s past 60 s" with no-break spaces, so a phone's line
    never ends on "60" with the "s" alone on the next one."""
    import pytest

    from referee.core import render
    from referee.core.errors import RuleError
    from referee.core.timer import check_late

    with pytest.raises(RuleError) as refused:
        check_late(100, 60, {"at": 200}, {}, "the bonus sentence")
    text = "✗ " + str(refused.value)
    assert "40\u00a0s past 60\u00a0s" in text
    for width in range(12, 51):
        for fitted in (render.fit_lines(text, width), render.wrap_text(text, width)):
            assert "60\u00a0s" in fitted and "40\u00a0s" in fitted, (width, fitted)
