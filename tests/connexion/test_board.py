"""CX-1: the diamond's positions and which of them touch."""

import pytest

from referee.core.errors import InputError
from referee.games.connexion import board


def test_cx1_twenty_five_positions_in_diamond_rows():
    assert board.POSITIONS == tuple(range(1, 26))
    rows = [board.coords(p)[0] for p in board.POSITIONS]
    assert [rows.count(r) for r in range(9)] == [1, 2, 3, 4, 5, 4, 3, 2, 1]
    # numbered row by row from the top, left to right
    assert rows == sorted(rows)
    for p, q in zip(board.POSITIONS, board.POSITIONS[1:]):
        (row_p, x_p), (row_q, x_q) = board.coords(p), board.coords(q)
        assert row_p < row_q or x_p < x_q


def test_cx1_half_card_columns():
    assert board.coords(1) == (0, 4)
    assert board.coords(2) == (1, 3) and board.coords(3) == (1, 5)
    assert [board.coords(p) for p in range(11, 16)] == [(4, 0), (4, 2), (4, 4), (4, 6),
                                                        (4, 8)]
    assert board.coords(25) == (8, 4)


def test_cx1_position_1_touches_2_and_3_diagonally_only():
    assert board.NEIGHBOURS[1] == (2, 3)
    assert board.touching(1, 2) and board.touching(1, 3)
    assert board.touching(2, 3)  # horizontal, same row
    assert not board.touching(1, 4) and not board.touching(1, 5)


def test_cx1_row5_horizontal_neighbours():
    middle = range(11, 16)
    for p in middle:
        same_row = [q for q in board.NEIGHBOURS[p] if q in middle]
        assert same_row == [q for q in (p - 1, p + 1) if q in middle]
    assert not board.touching(11, 13)


def test_cx1_no_vertical_contact():
    # same half-column, two rows apart: straight above/below, never touching
    assert board.coords(1)[1] == board.coords(5)[1]
    assert not board.touching(1, 5)
    for p in board.POSITIONS:
        for q in board.POSITIONS:
            if p != q and board.coords(p)[1] == board.coords(q)[1]:
                assert not board.touching(p, q), (p, q)


def test_cx1_centre_touches_six():
    assert board.NEIGHBOURS[13] == (8, 9, 12, 14, 17, 18)


def test_cx1_sun_position_touches_bottom_pair():
    assert board.NEIGHBOURS[25] == (23, 24)


def test_cx1_contact_symmetric_and_never_self():
    for p in board.POSITIONS:
        assert p not in board.NEIGHBOURS[p]
        for q in board.NEIGHBOURS[p]:
            assert p in board.NEIGHBOURS[q]
            assert board.touching(p, q) and board.touching(q, p)


def test_cx1_edge_count():
    # 16 horizontal contacts (n - 1 per row) + 40 diagonal (2 per card of the shorter
    # of two adjacent rows)
    assert sum(len(n) for n in board.NEIGHBOURS.values()) == 2 * (16 + 40)


@pytest.mark.parametrize("text, expected", [("7", 7), (" 7 ", 7), ("#12", 12),
                                            ("25", 25), ("1", 1)])
def test_parse_position(text, expected):
    assert board.parse_position(text) == expected


@pytest.mark.parametrize("text", ["0", "26", "x", "7.5", "", "-1", "٣"])
def test_parse_position_refuses(text):
    with pytest.raises(InputError, match="1 to 25"):
        board.parse_position(text)
