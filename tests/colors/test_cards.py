"""CC-1: the cards, their codes and renaming."""

import pytest

from referee.core.errors import InputError
from referee.games.colors.cards import WILD, Names, card_of, full_deck, parse_names


def test_cc1_hundred_cards_four_of_each_of_twenty_five_kinds():
    deck = full_deck()
    assert len(deck) == 100
    assert sorted(set(deck)) == list(range(25))
    assert all(deck.count(k) == 4 for k in range(25))


def test_cc1_codes_are_colour_letter_then_shape_letter():
    names = Names()
    assert names.code(card_of(0, 0)) == "Rs"
    assert names.code(card_of(4, 4)) == "Bg"
    assert names.code(WILD) == "W"
    for card in range(25):
        assert names.parse(names.code(card)) == card
        assert names.parse(names.code(card).lower()) == card
        assert names.parse(names.name(card).replace(" ", "-")) == card


def test_cc1_a_code_typed_shape_first_still_reads():
    assert Names().parse("sR") == card_of(0, 0)


def test_cc1_wild_spellings():
    for text in ("W", "w", "*", "wild"):
        assert Names().parse(text) == WILD


@pytest.mark.parametrize("text", ["", "R", "Rx", "Xs", "Rs1", "red", "red-sun", "W2", "ß"])
def test_cc1_a_bad_code_is_one_input_error(text):
    with pytest.raises(InputError):
        Names().parse(text)


def test_cc1_names_are_renameable_and_the_codes_follow():
    names = Names(parse_names("cyan,magenta,white,kobalt,lime", "colors"),
                  parse_names("sun,nova,quasar,asteroid,halo", "shapes"))
    assert names.code(card_of(1, 2)) == "Mq"
    assert names.parse("Mq") == card_of(1, 2)
    assert names.name(card_of(1, 2)) == "magenta quasar"


@pytest.mark.parametrize("text", ["red,orange,yellow,green", "red,rose,yellow,green,blue", "red,orange,yellow,green,b1ue"])
def test_cc1_names_must_be_five_with_distinct_initials(text):
    with pytest.raises(InputError):
        parse_names(text, "colors")


def test_hands_break_between_cards_on_a_narrow_terminal():
    import click

    from referee.games.colors import rules, view

    s = rules.initial({"players": ["Ann", "Ben"], "mode": "digital", "seed": 5, "options": {"variant": "wild"}})
    for width in (40, 50, 80):
        lines = [click.unstyle(line) for line in view.hands(s, width=width).splitlines()]
        assert all(len(line) <= width for line in lines), (width, lines)
        codes = [w[:-1] for line in lines for w in line.split(":", 1)[-1].split() if not w.startswith("(")]
        assert codes == [s.names.code(c) for h in s.hands for c in h]  # every card, whole, in order
    assert len(view.hands(s, width=100).splitlines()) == 2
