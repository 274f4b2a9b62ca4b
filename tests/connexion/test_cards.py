"""CX-3 (the letter cards' readings) and CX-8 (the celestial deck), as shipped data."""

import unicodedata

import pytest

from referee.core.errors import InputError
from referee.games.connexion import cards

# RULINGS CX-3, copied by hand: card -> (name, upper reads, lower reads, English, variant)
CX3 = {
    "Alpha": ("alpha", "a", "a", "a", ""),
    "Beta": ("beta", "b", "", "b", ""),
    "Gamma": ("gamma", "", "", "g", ""),
    "Delta": ("delta", "", "", "d", ""),
    "Epsilon": ("epsilon", "e", "", "e", ""),
    "Zeta": ("zeta", "z", "", "z", ""),
    "Eta": ("eta", "h", "", "e", "n"),
    "Theta": ("theta", "", "", "th", ""),
    "Iota": ("iota", "i", "i", "i", ""),
    "Kappa": ("kappa", "k", "k", "k", ""),
    "Lambda": ("lambda", "", "", "l", ""),
    "Mu": ("mu", "m", "", "m", "u"),
    "Nu": ("nu", "n", "", "n", "v"),
    "Xi": ("xi", "", "", "x", ""),
    "Omicron": ("omicron", "o", "o", "o", ""),
    "Pi": ("pi", "", "", "p", ""),
    "Rho": ("rho", "p", "p", "r", ""),
    "Sigma": ("sigma", "", "", "s", "o"),
    "Tau": ("tau", "t", "t", "t", ""),
    "Upsilon": ("upsilon", "y", "u", "u", ""),
    "Phi": ("phi", "", "", "ph", ""),
    "Chi": ("chi", "x", "x", "ch", ""),
    "Psi": ("psi", "", "", "ps", ""),
    "Omega": ("omega", "", "", "o", "w"),
}
WHICH = ("name", "upper", "lower", "english", "variant")

ZODIAC = ("Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra", "Scorpius",
          "Ophiuchus", "Sagittarius", "Capricornus", "Aquarius", "Pisces")


def test_cx3_twenty_four_cards_in_alphabet_order():
    table = cards.letters()
    assert [letter.name for letter in table.values()] == list(CX3)
    assert list(table) == [row[0] for row in CX3.values()]


@pytest.mark.parametrize("card", list(CX3))
def test_cx3_readings_match_the_ruling(card):
    letter = cards.letters()[CX3[card][0]]
    expected = []
    for text, which in zip(CX3[card], WHICH):
        if text and text not in [t for t, _ in expected]:
            expected.append((text, which))
    assert letter.readings == tuple(expected)
    assert letter.key == CX3[card][0] and letter.name == card


def test_cx3_glyphs_are_the_greek_letters():
    for letter in cards.letters().values():
        assert unicodedata.name(letter.upper) == f"GREEK CAPITAL LETTER {letter.name.upper()}"\
            .replace("LAMBDA", "LAMDA")
        assert unicodedata.name(letter.lower) == f"GREEK SMALL LETTER {letter.name.upper()}"\
            .replace("LAMBDA", "LAMDA")


def test_cx3_rho_glyph_reads_p_and_english_r():
    rho = cards.letters()["rho"]
    assert dict(rho.readings) == {"rho": "name", "p": "upper", "r": "english"}


def test_faq5_eta_reads_its_name_and_h():
    texts = cards.letters()["eta"].texts
    assert {"eta", "h", "e"} <= set(texts)


@pytest.mark.parametrize("key, variant", [("eta", "n"), ("mu", "u"), ("nu", "v"),
                                          ("sigma", "o"), ("omega", "w")])
def test_faq6_cursive_variants(key, variant):
    assert (variant, "variant") in cards.letters()[key].readings


def test_readings_are_distinct_lowercase_texts():
    for letter in cards.letters().values():
        texts = letter.texts
        assert len(set(texts)) == len(texts)
        assert all(t.isascii() and t.isalpha() and t.islower() for t in texts)


def test_tables_load_once():
    assert cards.letters() is cards.letters()
    assert cards.deck() is cards.deck()


@pytest.mark.parametrize("typed, key", [
    ("sigma", "sigma"), ("SIGMA", "sigma"), (" Sigma ", "sigma"), ("σ", "sigma"),
    ("Σ", "sigma"), ("ς", "sigma"), ("sig", "sigma"), ("pi", "pi"), ("ph", "phi"),
    ("µ", "mu"),  # MICRO SIGN, as some keyboards type mu
    ("Ω", "omega"), ("omi", "omicron"), ("lambda", "lambda"), ("λ", "lambda"),
])
def test_letter_lookup(typed, key):
    assert cards.letter(typed).key == key


def test_letter_ambiguous_prefix_lists_candidates():
    with pytest.raises(InputError) as error:
        cards.letter("om")
    assert "Omicron" in str(error.value) and "Omega" in str(error.value)


def test_letter_did_you_mean():
    with pytest.raises(InputError, match="did you mean Sigma"):
        cards.letter("sgima")


@pytest.mark.parametrize("typed", ["", "  ", "q", "zz", "Ϙ"])
def test_letter_refuses(typed):
    with pytest.raises(InputError):
        cards.letter(typed)


# --- CX-8: the celestial deck ---------------------------------------------------------

def test_cx8_shipped_deck_has_28_unique_cards():
    deck = cards.deck()
    assert len(deck) == 28
    assert len({card.name.casefold() for card in deck}) == 28


def test_cx8_documented_values():
    deck = {card.name: card for card in cards.deck()}
    documented = {name: card.value for name, card in deck.items() if not card.assumed}
    assert documented["Sun"] == 0
    assert documented["Mercury"] == 1
    assert documented["Mars"] == 4
    assert documented["Asteroid Belt"] == 4.5
    assert documented["Jupiter"] == 5
    # nothing else is passed off as fact beyond CX-8's "Mercury 1 ... Jupiter 5"
    assert set(documented) == {"Sun", "Mercury", "Venus", "Earth", "Mars",
                               "Asteroid Belt", "Jupiter"}


def test_cx8_zodiac_and_pluto_are_assumptions_with_notes():
    deck = {card.name: card for card in cards.deck()}
    assert all(deck[name].assumed for name in ZODIAC)
    assert deck["Pluto"].assumed and deck["Pluto"].value == 9
    assert all(card.note for card in deck.values() if card.assumed)
    assert sum(deck[name].value for name in ZODIAC) == pytest.approx(360, abs=2)


def test_cx8_planets_by_position_from_sun():
    deck = {card.name: card.value for card in cards.deck()}
    order = ["Sun", "Mercury", "Venus", "Earth", "Mars", "Asteroid Belt", "Jupiter",
             "Saturn", "Uranus", "Neptune", "Pluto"]
    assert [deck[name] for name in order] == [0, 1, 2, 3, 4, 4.5, 5, 6, 7, 8, 9]


def write(tmp_path, text, name="mine.tsv"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_cx8_replacement_deck(tmp_path):
    path = write(tmp_path, "# our printed deck\n\nname\tvalue\tstatus\tnote\n"
                           "Sun\t0\tdocumented\n"
                           "Comet\t12\tdocumented\tprinted\n"
                           "Virgo\t44\tASSUMED\t\n")
    deck = cards.deck(path)
    assert [(c.name, c.value, c.assumed) for c in deck] == [
        ("Sun", 0, False), ("Comet", 12, False), ("Virgo", 44, True)]
    assert deck[1].note == "printed"


@pytest.mark.parametrize("body, fragment", [
    ("Sun\t0\tdocumented\nsun\t1\tassumed\n", "line 3"),           # duplicate name
    ("Sun\tzero\tdocumented\n", "line 2"),                          # bad value
    ("Sun\t-1\tdocumented\n", "line 2"),
    ("Sun\tnan\tdocumented\n", "line 2"),
    ("Sun\t0\tprinted\n", "documented or assumed"),                 # bad status
    ("Sun\t0\tdocumented\tnote\textra\n", "line 2"),                # too many cells
    ("Sun\t0\n", "status cell is empty"),
    ("\t0\tdocumented\n", "name cell is empty"),
    ("", "no cards"),
])
def test_cx8_malformed_deck_names_file_and_line(tmp_path, body, fragment):
    path = write(tmp_path, "name\tvalue\tstatus\tnote\n" + body)
    with pytest.raises(InputError) as error:
        cards.deck(path)
    assert fragment in str(error.value)
    assert str(path) in str(error.value) or fragment == "no cards"


def test_cx8_deck_header_is_checked(tmp_path):
    path = write(tmp_path, "value\tname\tstatus\tnote\n0\tSun\tdocumented\n")
    with pytest.raises(InputError, match="line 1.*header"):
        cards.deck(path)


def test_cx8_missing_deck_file(tmp_path):
    with pytest.raises(InputError, match="Cannot read the deck file"):
        cards.deck(tmp_path / "absent.tsv")


def test_cx8_deck_file_not_utf8(tmp_path):
    path = tmp_path / "latin.tsv"
    path.write_bytes("name\tvalue\tstatus\tnote\nSönne\t0\tassumed\n".encode("latin-1"))
    with pytest.raises(InputError, match="not UTF-8"):
        cards.deck(path)


@pytest.mark.parametrize("typed, name", [
    ("sun", "Sun"), ("SUN", "Sun"), ("asteroid belt", "Asteroid Belt"),
    ("Asteroid-Belt", "Asteroid Belt"), ("kuiper", "Kuiper Belt"), ("sat", "Saturn"),
    ("oph", "Ophiuchus"),
])
def test_celestial_lookup(typed, name):
    assert cards.celestial(typed, cards.deck()).name == name


def test_celestial_ambiguous_and_did_you_mean():
    deck = cards.deck()
    with pytest.raises(InputError, match="Saturn"):
        cards.celestial("s", deck)
    with pytest.raises(InputError, match="did you mean Pisces"):
        cards.celestial("pices", deck)


def test_letters_file_malformed():
    header = "card\tname\tupper\tlower\tupper_reads\tlower_reads\tenglish\tvariant\n"
    with pytest.raises(InputError, match="line 3.*glyph"):
        cards.parse_letters(header + "Alpha\talpha\tΑ\tα\ta\ta\ta\n"
                            "Other\tother\tΑ\tβ\t\t\to\n", "letters.tsv")
    with pytest.raises(InputError, match="line 2.*lowercase"):
        cards.parse_letters(header + "Alpha\talpha\tΑ\tα\tA\ta\ta\n", "letters.tsv")
    with pytest.raises(InputError, match="line 2.*english cell is empty"):
        cards.parse_letters(header + "Alpha\talpha\tΑ\tα\n", "letters.tsv")
