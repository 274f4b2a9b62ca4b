"""CX-1, CX-2, CX-4 and FAQ 2-7: finding and checking words on the diamond."""

import random
from pathlib import Path as FilePath

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.errors import InputError, RuleError
from referee.games.connexion import cards
from referee.games.connexion.finder import (Path, WordIndex, find_all, find_path,
                                            nearest, verify_path)

WORDLISTS = FilePath(__file__).resolve().parents[2] / "wordlists"
KEYS = list(cards.letters())

# FAQ 5: Mu, Eta, Phi, Omicron, Rho touching in that chain (1-2-4-7-11 are diagonal
# neighbours down the left edge of the diamond).
METAPHOR_BOARD = {1: "mu", 2: "eta", 4: "phi", 7: "omicron", 11: "rho"}


# --- an independent model of the rules, for checking the finder against ---------------

ROWS = (1, 2, 3, 4, 5, 4, 3, 2, 1)
XY = {}
for _row, _n in enumerate(ROWS):
    for _i in range(_n):
        XY[len(XY) + 1] = (_row, 5 - _n + 2 * _i)


def touch(p, q):
    (rp, xp), (rq, xq) = XY[p], XY[q]
    return (rp == rq and abs(xp - xq) == 2) or (abs(rp - rq) == 1 and abs(xp - xq) == 1)


def texts(key):
    return [text for text, _ in cards.letters()[key].readings]


def required(word, min_cards):
    return 1 if word in ("a", "i") else min_cards


def assert_valid(board, path, min_cards=2):
    """A path obeys CX-1/2/4 and spells its word."""
    assert isinstance(path, Path)
    positions = [p for p, _ in path.steps]
    assert all(p in board for p in positions)
    for p, q in zip(positions, positions[1:]):
        assert p != q, "same card twice in a row (FAQ 3)"
        assert touch(p, q), f"{p} and {q} do not touch (CX-1)"
    for position, text in path.steps:
        assert text in texts(board[position])
    assert "".join(text for _, text in path.steps) == path.word
    assert len(path.steps) >= required(path.word, min_cards)


def naive_find_all(board, words, min_cards, max_visits):
    """Every walk of up to max_visits visits, pruned only by 'is a prefix of a word'."""
    prefixes = {w[:i] for w in words for i in range(1, len(w) + 1)}
    found = set()

    def walk(last, text, visits):
        if text in words and visits >= required(text, min_cards):
            found.add(text)
        if visits == max_visits:
            return
        for q, key in board.items():
            if last is not None and (q == last or not touch(last, q)):
                continue
            for reading in texts(key):
                if text + reading in prefixes:
                    walk(q, text + reading, visits + 1)

    walk(None, "", 0)
    return found


def random_board(rng, size):
    positions = rng.sample(range(1, 25), size)
    return dict(zip(positions, rng.sample(KEYS, size)))


def random_walk_words(rng, board, count, longest):
    """Strings some walk spells (with revisits), so that the word list has hits."""
    out = set()
    for _ in range(count):
        p = rng.choice(list(board))
        text = rng.choice(texts(board[p]))
        for _ in range(rng.randrange(0, 5)):
            nxt = [q for q in board if q != p and touch(p, q)]
            if not nxt:
                break
            p = rng.choice(nxt)
            text += rng.choice(texts(board[p]))
        if len(text) <= longest:
            out.add(text)
    return out


@pytest.fixture(scope="module")
def english():
    words = set()
    for name in ("enable.txt", "scowl-large-extra.txt"):
        words.update((WORDLISTS / name).read_text(encoding="utf-8").split())
    return frozenset(words)


@pytest.fixture(scope="module")
def english_index(english):
    return WordIndex(english)


# --- the rulebook's examples and FAQ ---------------------------------------------------

def test_faq5_metaphor():
    path = find_path(METAPHOR_BOARD, "METAPHOR")
    assert path.steps == ((1, "m"), (2, "eta"), (4, "ph"), (7, "o"), (11, "r"))
    assert path.word == "metaphor"
    assert_valid(METAPHOR_BOARD, path)


def test_faq5_metaphor_with_omega_for_the_o():
    board = {**METAPHOR_BOARD, 7: "omega"}
    assert find_path(board, "metaphor").steps[3] == (7, "o")


def test_faq5_metaphor_found_in_the_real_word_list(english_index):
    found = find_all(METAPHOR_BOARD, english_index)
    assert "metaphor" in found
    assert_valid(METAPHOR_BOARD, found["metaphor"])


def test_faq3_no_immediate_revisit():
    board = {1: "sigma", 2: "alpha"}
    assert find_path(board, "ss") is None       # Sigma, Sigma: twice in a row
    assert find_path(board, "so") is None       # s and o are both on Sigma
    assert find_path(board, "sas").steps == ((1, "s"), (2, "a"), (1, "s"))


def test_faq4_revisit_reads_another_representation():
    board = {1: "sigma", 2: "eta"}
    path = find_path(board, "ohs")
    assert path.steps == ((1, "o"), (2, "h"), (1, "s"))


def test_faq2_any_direction():
    board = {2: "tau", 3: "alpha", 1: "omicron"}
    assert find_path(board, "at").steps == ((3, "a"), (2, "t"))   # right to left
    assert find_path(board, "ta").steps == ((2, "t"), (3, "a"))   # left to right
    assert find_path(board, "ao").steps == ((3, "a"), (1, "o"))   # diagonal, upwards
    assert find_path(board, "tot").steps == ((2, "t"), (1, "o"), (2, "t"))


@pytest.mark.parametrize("key, variant", [("eta", "n"), ("mu", "u"), ("nu", "v"),
                                          ("sigma", "o"), ("omega", "w")])
def test_faq6_variants(key, variant):
    board = {1: key, 2: "alpha"}
    assert find_path(board, variant + "a").steps == ((1, variant), (2, "a"))


def test_cx3_glyph_readings_rho_reads_p_and_r():
    board = {1: "rho", 2: "alpha"}
    assert find_path(board, "pa").steps == ((1, "p"), (2, "a"))
    assert find_path(board, "ra").steps == ((1, "r"), (2, "a"))
    assert find_path(board, "rhoa").steps == ((1, "rho"), (2, "a"))


def test_cx3_upsilon_upper_reads_y_lower_u():
    board = {1: "upsilon", 2: "alpha"}
    assert find_path(board, "ya").steps[0] == (1, "y")
    assert find_path(board, "ua").steps[0] == (1, "u")


def test_faq7_one_letter_words_a_and_i():
    board = {1: "alpha", 2: "iota", 3: "beta"}
    assert find_path(board, "a").steps == ((1, "a"),)
    assert find_path(board, "I").steps == ((2, "i"),)
    assert find_path(board, "a", min_cards=3).steps == ((1, "a"),)
    assert find_path(board, "b") is None        # other letters need two visits
    found = find_all(board, WordIndex(["a", "i", "b", "ab"]))
    assert set(found) == {"a", "i", "ab"}


def test_cx4_one_card_does_not_make_a_word():
    board = {1: "alpha", 2: "lambda", 3: "phi"}
    assert find_path(board, "alpha", min_cards=1).steps == ((1, "alpha"),)
    # two or more visits: a + l + ph + a, coming back to Alpha
    assert find_path(board, "alpha").steps == ((1, "a"), (2, "l"), (3, "ph"), (1, "a"))
    assert find_path({1: "alpha"}, "alpha") is None
    # find_all must not let the one-visit "alpha" hide the four-visit walk
    found = find_all(board, WordIndex(["alpha"]))
    assert found["alpha"].steps == ((1, "a"), (2, "l"), (3, "ph"), (1, "a"))


def test_cx4_min_cards_option():
    board = {1: "mu", 2: "sigma"}
    assert len(find_path(board, "mus").steps) == 2
    assert find_path(board, "mus", min_cards=3) is None
    assert len(find_path(METAPHOR_BOARD, "metaphor", min_cards=5).steps) == 5
    assert find_path(METAPHOR_BOARD, "metaphor", min_cards=6) is None
    index = WordIndex(["mus", "sigma", "a"])
    assert set(find_all(board, index)) == {"mus"}
    assert set(find_all(board, index, min_cards=1)) == {"mus", "sigma"}
    assert set(find_all(board, index, min_cards=3)) == set()


def test_find_path_prefers_fewest_visits():
    # "xi" is one visit to Xi, or two visits (Chi's x, then Iota's i); Xi at 1 does
    # not touch Iota at 5
    board = {1: "xi", 4: "chi", 5: "iota"}
    assert find_path(board, "xi", min_cards=1).steps == ((1, "xi"),)
    assert find_path(board, "xi").steps == ((4, "x"), (5, "i"))
    # "tot": Tau, Omicron, Tau (3 visits) rather than a longer walk
    board = {1: "tau", 2: "omicron", 3: "alpha", 4: "sigma", 5: "omega"}
    assert len(find_path(board, "tot").steps) == 3


def test_find_path_is_case_and_space_insensitive():
    assert find_path(METAPHOR_BOARD, " MetaPhor ").word == "metaphor"
    assert find_path(METAPHOR_BOARD, "") is None
    assert find_path(METAPHOR_BOARD, "méta") is None


def test_nearest_says_how_far_the_board_goes():
    board = {p: key for p, key in METAPHOR_BOARD.items() if key != "rho"}
    assert find_path(board, "metaphor") is None
    assert nearest(board, "metaphor") == "metapho"
    assert nearest(board, "zebra") == ""
    assert nearest(METAPHOR_BOARD, "Metaphors") == "metaphor"


# --- verify_path: a path the player gives ----------------------------------------------

def test_verify_path_accepts_and_fills_readings():
    path = verify_path(METAPHOR_BOARD, "Metaphor", [1, 2, 4, 7, 11])
    assert path == Path("metaphor", ((1, "m"), (2, "eta"), (4, "ph"), (7, "o"), (11, "r")))


def test_verify_path_faq4_revisit():
    path = verify_path({1: "sigma", 2: "eta"}, "ohs", [1, 2, 1])
    assert path.steps == ((1, "o"), (2, "h"), (1, "s"))


def refusal(board, word, positions, **options):
    with pytest.raises(RuleError) as error:
        verify_path(board, word, positions, **options)
    return error.value


def test_verify_path_cx1_not_touching():
    error = refusal({1: "alpha", 5: "tau", 2: "omicron"}, "at", [1, 5])
    assert error.rule == "CX-1" and "1 and 5 do not touch" in str(error)


def test_verify_path_cx2_same_card_twice_in_a_row():
    error = refusal({1: "sigma", 2: "alpha"}, "so", [1, 1])
    assert error.rule == "CX-2" and "twice in a row" in str(error)


def test_verify_path_cx2_readings_do_not_spell_the_word():
    error = refusal(METAPHOR_BOARD, "metaphor", [1, 2, 4, 7])
    assert error.rule == "CX-2" and "METAPHO" in str(error)
    error = refusal(METAPHOR_BOARD, "met", [1, 2])
    assert error.rule == "CX-2" and "no further than ME" in str(error)
    error = refusal(METAPHOR_BOARD, "me", [1, 2, 1])
    assert error.rule == "CX-2" and "already spelled after 2 of the 3" in str(error)


def test_verify_path_cx2_empty_position():
    error = refusal(METAPHOR_BOARD, "mo", [1, 3])
    assert error.rule == "CX-2" and "position 3" in str(error)


def test_verify_path_cx4_too_few_cards():
    error = refusal({1: "alpha", 2: "tau"}, "alpha", [1])
    assert error.rule == "CX-4" and "(CX-4)" in str(error)
    assert verify_path({1: "alpha"}, "a", [1]).steps == ((1, "a"),)
    error = refusal(METAPHOR_BOARD, "metaphor", [1, 2, 4, 7, 11], min_cards=6)
    assert error.rule == "CX-4"


@pytest.mark.parametrize("positions", [[], [0, 1], [1, 26]])
def test_verify_path_bad_positions_are_input_errors(positions):
    with pytest.raises(InputError):
        verify_path(METAPHOR_BOARD, "me", positions)


# --- the word index ----------------------------------------------------------------------

def test_word_index_prefixes_and_words():
    index = WordIndex(["metaphor", "Meta", "meta", "mu"])
    assert "meta" in index and "metaphor" in index and "metap" not in index
    assert index.is_prefix("metap") and index.is_prefix("meta") and index.is_prefix("m")
    assert not index.is_prefix("metaphors") and not index.is_prefix("x")
    assert len(index) == 3


# --- find_all against brute force ---------------------------------------------------------

@pytest.mark.parametrize("seed", range(40))
def test_cx2_find_all_matches_brute_force(seed, english):
    rng = random.Random(seed)
    board = random_board(rng, rng.choice([2, 3, 5, 8, 12, 24]))
    min_cards = rng.choice([1, 2, 2, 3])
    longest = 7
    short_english = [w for w in sorted(english) if len(w) <= longest]
    words = set(rng.sample(short_english, 400)) | {"a", "i"}
    words |= random_walk_words(rng, board, 200, longest)
    expected = naive_find_all(board, words, min_cards, max_visits=longest)
    found = find_all(board, WordIndex(words), min_cards=min_cards)
    assert set(found) == expected
    for word, path in found.items():
        assert path.word == word
        assert_valid(board, path, min_cards)
        shortest = find_path(board, word, min_cards=min_cards)
        assert shortest is not None and len(shortest.steps) == len(path.steps)
        assert verify_path(board, word, path.positions, min_cards=min_cards) == path
    for word in words - expected:
        assert find_path(board, word, min_cards=min_cards) is None


def test_find_all_needs_revisits(english):
    # "sas" needs Sigma twice; brute force and finder must both find it
    board = {1: "sigma", 2: "alpha"}
    words = {"sas", "ss", "sass", "asa"}
    assert set(find_all(board, WordIndex(words))) == naive_find_all(board, words, 2, 4)
    assert set(find_all(board, WordIndex(words))) == {"sas", "asa"}


def test_find_all_full_board_real_words(english_index):
    rng = random.Random(2024)
    board = dict(zip(range(1, 25), rng.sample(KEYS, 24)))
    found = find_all(board, english_index)
    assert len(found) > 100
    for word, path in found.items():
        assert word in english_index
        assert_valid(board, path)
        assert len(find_path(board, word).steps) == len(path.steps)


def test_find_path_rejects_a_malformed_board():
    with pytest.raises(ValueError):
        find_path({25: "alpha"}, "a")
    with pytest.raises(ValueError):
        find_path({1: "digamma"}, "a")


# --- find_all against a plain state search on full boards (issue 11 item 4) --------------

def reference_fewest_visits(board, ordered, min_cards):
    """Every word of the sorted list ``ordered`` the board spells, with its fewest visits.

    A plain breadth-first search over (text read, last position, visits capped at the
    CX-4 minimum), one position at a time: no masks, no shared readings, no links kept;
    "is a prefix of some word" by bisecting the sorted list. It shares nothing with
    find_all but the card table.
    """
    from bisect import bisect_left

    words = set(ordered)

    def is_prefix(text):
        i = bisect_left(ordered, text)
        return i < len(ordered) and ordered[i].startswith(text)

    fewest = {}
    frontier = set()
    for p, key in board.items():
        for reading in texts(key):
            if is_prefix(reading):
                frontier.add((reading, p, min(1, min_cards)))
    seen = set(frontier)
    visits = 1
    while frontier:
        for text, _, counted in frontier:
            if text in words and text not in fewest and counted >= required(text, min_cards):
                fewest[text] = visits
        following = set()
        for text, p, counted in frontier:
            for q, key in board.items():
                if q == p or not touch(p, q):
                    continue
                for reading in texts(key):
                    state = (text + reading, q, min(counted + 1, max(1, min_cards)))
                    if state not in seen and is_prefix(state[0]):
                        seen.add(state)
                        following.add(state)
        frontier = following
        visits += 1
    return fewest


@pytest.fixture(scope="module")
def english_ordered(english):
    return sorted(english)


@pytest.mark.parametrize("seed", range(8))
def test_cx2_find_all_on_full_boards_matches_a_plain_state_search(seed, english_ordered,
                                                                   english_index):
    """Full 24-card boards, the real word lists: the same words, each with a valid path
    of the fewest visits, whatever the search does to be fast."""
    rng = random.Random(1000 + seed)
    board = dict(zip(range(1, 25), rng.sample(KEYS, 24)))
    min_cards = (2, 2, 3, 1)[seed % 4]
    expected = reference_fewest_visits(board, english_ordered, min_cards)
    found = find_all(board, english_index, min_cards=min_cards)
    assert set(found) == set(expected)
    for word, path in found.items():
        assert path.word == word
        assert_valid(board, path, min_cards)
        assert len(path.steps) == expected[word], word


@pytest.mark.parametrize("seed", range(30))
def test_cx2_find_all_on_partial_boards_matches_a_plain_state_search(seed, english_ordered):
    """Boards with gaps and word lists with many shared prefixes (walks the board
    spells, their shorter starts and a sample of English)."""
    rng = random.Random(2000 + seed)
    board = random_board(rng, rng.choice([3, 6, 10, 16, 20, 23]))
    min_cards = rng.choice([1, 2, 2, 3])
    words = set(rng.sample(english_ordered, 3000)) | {"a", "i"}
    walks = random_walk_words(rng, board, 300, 12)
    words |= walks | {w[:n] for w in walks for n in range(1, len(w))}
    ordered = sorted(words)
    expected = reference_fewest_visits(board, ordered, min_cards)
    found = find_all(board, WordIndex(words), min_cards=min_cards)
    assert set(found) == set(expected)
    for word, path in found.items():
        assert_valid(board, path, min_cards)
        assert len(path.steps) == expected[word], word


# --- the trie behind find_all (issue 11 item 4) -------------------------------------------

def trie_words(table, node=0, text=""):
    """Every word the packed trie holds, read back from it alone (depth first)."""
    from referee.games.connexion.wordindex import LETTER_BITS, TERMINAL

    value = table[node]
    if value & TERMINAL:
        yield text
    letters = value & LETTER_BITS
    child = value >> 32
    for code in range(26):
        if letters & (1 << code):
            yield from trie_words(table, child, text + chr(97 + code))
            child += 1


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(alphabet="abcz", min_size=1, max_size=7), max_size=40))
def test_issue11_item4_trie_holds_exactly_the_words_and_their_prefixes(words):
    from referee.games.connexion.wordindex import build_trie, walk

    ordered = sorted(set(words))
    table = build_trie(ordered)
    assert list(trie_words(table)) == ordered  # nothing lost, nothing made up, in order
    prefixes = {""} | {w[:n] for w in ordered for n in range(len(w) + 1)}
    for text in prefixes | {"zz", "ca", "abcza", "b" * 8}:
        assert (walk(table, text) is not None) == (text in prefixes), text
    nodes = {walk(table, text) for text in prefixes}
    assert len(nodes) == len(prefixes) == len(table)  # one node per prefix, no spare


def test_issue11_item4_trie_of_no_words_finds_nothing():
    assert find_all({1: "alpha", 2: "iota"}, WordIndex([])) == {}
    assert find_all({1: "alpha", 2: "iota"}, WordIndex(["", "a"])) == {"a": Path("a", ((1, "a"),))}


def test_issue11_item4_spellable_filter_keeps_every_text_a_board_spells():
    """The trie holds only words some run of card readings spells: the filter may drop
    CAT, FISH and JAZZ (no card reads C alone, F, J or Q), never a text a walk reads."""
    from referee.games.connexion.wordindex import _card_texts, spellable_pattern

    spellable = spellable_pattern(_card_texts()).fullmatch
    rng = random.Random(11)
    for _ in range(30):
        board = random_board(rng, rng.choice([2, 5, 12, 24]))
        for text in random_walk_words(rng, board, 100, 30):
            assert spellable(text), text
    for word in ("omicron", "chi", "echo", "ache", "psi", "metaphor", "a", "xx"):
        assert spellable(word), word
    for word in ("cat", "fish", "jazz", "quiz", "omicra", "c", "", "Alpha", "t-shirt"):
        assert not spellable(word), word


def test_issue11_item4_index_answers_for_every_word_searches_only_the_spellable():
    index = WordIndex(["cat", "chat", "fish", "omicron", "ace"])
    assert "cat" in index and "fish" in index and len(index) == 5  # membership: every word
    assert index.is_prefix("ca") and index.is_prefix("fi")
    assert index.node("cat") is None and index.node("fi") is None and index.node("ac") is None
    assert index.node("chat") is not None and index.node("omicron") is not None
    board = {1: "chi", 2: "alpha", 3: "tau"}  # 1 touches 2 and 3; CHAT = chi, alpha, tau
    assert set(find_all(board, index)) == {"chat"}


def test_issue19_a_streamed_index_answers_as_the_sorted_list_index():
    """A game builds its index with WordIndex.streamed from the lexicon's iterator, keeping
    the words as sorted lines of one bytes object instead of a list of strings (peak
    memory): membership, length, prefixes and the trie must be those of the list index,
    including for text no line can hold."""
    words = sorted({"a", "ab", "alpha", "alphas", "beta", "chi", "omicron", "zeta", "zetas", "mu"})
    listed, streamed = WordIndex(None, ordered=words), WordIndex.streamed(iter(words))
    assert len(streamed) == len(listed) == len(words) and streamed.table == listed.table
    asked = words + ["", "al", "alph", "alphab", "b", "zz", "z", "A", "é", "a\nab", "0", "{"]
    assert [t in streamed for t in asked] == [t in listed for t in asked]
    assert [streamed.is_prefix(t) for t in asked] == [listed.is_prefix(t) for t in asked]
    empty = WordIndex.streamed(iter([]))
    assert len(empty) == 0 and "" not in empty and not empty.is_prefix("") and not empty.is_prefix("a")
