"""The core's table loader (issue 9 item 6): a component table typed by hand is read or
refused in one line that names the file and the line."""

import pytest

from referee.core import tables
from referee.core.errors import InputError
from referee.core.tables import Column

TILES = (
    Column("name", unique=True, key=str.lower),
    Column("cost", "whole", says="a whole number of credits"),
    Column("weight", "number"),
    Column("kind", "choice", choices=("Planet", "Moon", "Belt")),
    Column("note", required=False),
)
HEADER = "name\tcost\tweight\tkind\tnote\n"


def read(body, header=HEADER):
    return tables.read(header + body, "tiles.tsv", TILES, noun="tile")


def refusal(body, header=HEADER):
    with pytest.raises(InputError) as error:
        read(body, header)
    message = str(error.value)
    assert "\n" not in message
    return message


def test_issue9_item6_rows_are_typed_and_know_their_line():
    rows = read("# a comment\n\nMars\t3\t0.5\tplanet\tred\nPhobos  Major\t0\t1e-2\tMOON\n")
    assert [dict(r) for r in rows] == [
        {"name": "Mars", "cost": 3, "weight": 0.5, "kind": "Planet", "note": "red"},
        {"name": "Phobos Major", "cost": 0, "weight": 0.01, "kind": "Moon", "note": ""},
    ]
    assert [r.line for r in rows] == [4, 5] and rows[1].where == "tiles.tsv, line 5"
    assert isinstance(rows[0]["cost"], int) and isinstance(rows[0]["weight"], float)


def test_issue9_item6_a_shuffled_header_is_refused_with_its_line():
    message = refusal("3\tMars\t0.5\tPlanet\n", header="# tiles\ncost\tname\tweight\tkind\tnote\n")
    assert message.startswith("tiles.tsv, line 2: the header must be")
    assert "name, cost, weight, kind, note" in message


def test_issue9_item6_too_many_cells_names_the_line():
    assert refusal("Mars\t3\t0.5\tPlanet\tred\textra\n").startswith("tiles.tsv, line 2: found 6 tab-separated cells")


def test_issue9_item6_an_empty_required_cell_names_its_column():
    assert refusal("Mars\t3\t0.5\n") == "tiles.tsv, line 2: the kind cell is empty."
    assert refusal("Mars\t3\t0.5\tPlanet\n\t1\t1\tMoon\n") == "tiles.tsv, line 3: the name cell is empty."


@pytest.mark.parametrize("cell", ["three", "-1", "2.5", "nan"])
def test_issue9_item6_a_bad_whole_number_says_what_it_must_be(cell):
    assert refusal(f"Mars\t{cell}\t0.5\tPlanet\n") == (
        f"tiles.tsv, line 2: the cost {cell!r} of Mars is not a whole number of credits.")


@pytest.mark.parametrize("cell", ["heavy", "-0.5", "inf", "nan"])
def test_issue9_item6_a_bad_number_names_file_line_and_row(cell):
    assert refusal(f"Mars\t3\t{cell}\tPlanet\n") == (
        f"tiles.tsv, line 2: the weight {cell!r} of Mars is not a number, 0 or more.")


def test_issue9_item6_a_choice_not_offered_lists_the_choices():
    assert refusal("Mars\t3\t0.5\tStar\n") == (
        "tiles.tsv, line 2: the kind of Mars must be Planet, Moon or Belt, not 'Star'.")


def test_issue9_item6_a_duplicate_names_both_lines_by_the_columns_key():
    assert refusal("Mars\t3\t0.5\tPlanet\nVenus\t1\t1\tPlanet\nMARS\t2\t1\tPlanet\n") == (
        "tiles.tsv, line 4: the tile MARS is already on line 2.")


def test_issue9_item6_a_column_check_names_the_cell():
    columns = (Column("name"), Column("code", check=lambda v: None if v.isupper() else "is not upper case"))
    with pytest.raises(InputError, match=r"^t.tsv, line 3: the code cell 'ab' is not upper case\.$"):
        tables.read("name\tcode\nA\tAB\nB\tab\n", "t.tsv", columns)


def test_issue9_item6_no_rows_and_no_header():
    assert refusal("") == "tiles.tsv lists no tiles."
    assert refusal("", header="# only a comment\n") == "tiles.tsv has no header line and no tiles."


def test_issue9_item6_an_unknown_kind_is_a_maintainers_error_at_once():
    with pytest.raises(ValueError, match="no kind 'date'"):
        tables.read("when\n1\n", "t.tsv", (Column("when", "date"),))


def test_issue9_item6_a_players_file_that_cannot_be_read_is_one_line(tmp_path):
    with pytest.raises(InputError, match=r"^Cannot read the tile file .*absent.tsv: No such file"):
        tables.file_text(tmp_path / "absent.tsv", "tile file")
    latin = tmp_path / "latin.tsv"
    latin.write_bytes("name\nSönne\n".encode("latin-1"))
    with pytest.raises(InputError, match=r"^The tile file .*latin.tsv is not UTF-8 text\.$"):
        tables.file_text(latin, "tile file")
    (tmp_path / "good.tsv").write_text(HEADER + "Mars\t3\t0.5\tPlanet\n", encoding="utf-8")
    rows = tables.read(tables.file_text(tmp_path / "good.tsv"), "good.tsv", TILES)
    assert rows[0]["name"] == "Mars"


def test_issue9_item6_connexion_reads_its_deck_through_the_core_loader():
    from referee.games.connexion import cards

    assert cards.DECK_COLUMNS == ("name", "value", "status", "note")
    deck = cards.parse_deck("name\tvalue\tstatus\tnote\nSun\t0\tdocumented\nVirgo\t44\tASSUMED\tx\n", "d.tsv")
    assert [(c.name, c.value, c.assumed, c.note) for c in deck] == [("Sun", 0, False, ""), ("Virgo", 44, True, "x")]
    with pytest.raises(InputError, match=r"^d.tsv, line 3: the card asteroid-belt is already on line 2\.$"):
        cards.parse_deck("name\tvalue\tstatus\tnote\nAsteroid Belt\t4.5\tdocumented\nasteroid-belt\t1\tassumed\n",
                         "d.tsv")
