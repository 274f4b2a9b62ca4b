"""Table options: typed by the table as name=value, every option in force recorded with its default."""

import pytest

from referee.core.errors import InputError
from referee.core.options import Option, resolve, table
from tests.core.fakegame import GAME

TARGET, LOUD, COLOUR = GAME.options


@pytest.mark.parametrize("text", ["yes", "Y", "true", "on", "1"])
def test_bool_option_reads_yes(text):
    assert LOUD.parse(text) is True


@pytest.mark.parametrize("text", ["no", "N", "false", "off", "0"])
def test_bool_option_reads_no(text):
    assert LOUD.parse(text) is False


def test_bool_option_refuses_other_words():
    with pytest.raises(InputError, match="loud takes yes or no"):
        LOUD.parse("maybe")


def test_int_option():
    assert TARGET.parse(" 25 ") == 25
    with pytest.raises(InputError, match="whole number"):
        TARGET.parse("ten")
    with pytest.raises(InputError, match="cannot be negative"):
        TARGET.parse("-3")


def test_choice_option():
    assert COLOUR.parse("Blue") == "blue"
    with pytest.raises(InputError, match="one of red, blue"):
        COLOUR.parse("green")


def test_resolve_fills_every_default():
    assert resolve(GAME.options, []) == {"target": 10, "loud": False, "colour": "red"}


def test_resolve_overrides_by_name():
    values = resolve(GAME.options, ["target=20", "LOUD = yes", "colour=blue"])
    assert values == {"target": 20, "loud": True, "colour": "blue"}


def test_resolve_reads_dashes_as_underscores():
    option = Option("min_cards", 2, "CX-4", "cards a word joins")
    assert resolve((option,), ["min-cards=3"]) == {"min_cards": 3}


def test_unknown_option_is_refused_with_the_list():
    with pytest.raises(InputError) as caught:
        resolve(GAME.options, ["speed=3"])
    assert "no table option 'speed'" in str(caught.value)
    assert "colour, loud, target" in str(caught.value)


def test_option_without_a_value_is_refused():
    with pytest.raises(InputError, match="name=value"):
        resolve(GAME.options, ["loud"])


def test_rules_table_shows_value_default_and_ruling():
    rows = table(GAME.options, {"target": 20, "loud": True})
    assert rows[0] == ("target", "20", "10", "F-2", "the total that ends the game")
    assert rows[1][:3] == ("loud", "yes", "no")
    assert rows[2][:3] == ("colour", "red", "red")


def test_float_option_reads_a_number():
    option = Option("half_points", 0.5, "X-1", "points for a half")
    assert option.parse("1.5") == 1.5
    assert resolve((option,), []) == {"half_points": 0.5}
    with pytest.raises(InputError, match="half_points takes a number"):
        option.parse("lots")


def test_choice_declared_in_capitals_is_matched_and_kept_as_declared():
    option = Option("deck", "Base", "X-2", "which deck", choices=("Base", "Expansion"))
    assert option.parse("expansion") == "Expansion"
    assert option.parse("BASE") == "Base"
