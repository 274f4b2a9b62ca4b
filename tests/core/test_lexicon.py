"""Tests for referee.core.lexicon, one group per step of the decision order.

The examples are real entries of the shipped lists (checked in the files), so a test
fails if a list changes under it as well as if the code does. Timing budgets are in
bench/lexicon_bench.py, not here.
"""

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import referee
from referee.core import lexicon as lexicon_module
from referee.core.errors import InputError
from referee.core.lexicon import Lexicon, Verdict, default_lexicon

WORDLISTS = Path(lexicon_module.wordlists_folder())
REPO = Path(referee.__file__).parent.parent


def _list_words(name):
    return set((WORDLISTS / name).read_text().split())


@pytest.fixture(scope="module")
def lex():
    """The real lexicon, loaded once for the module: loading is the slow part."""
    lexicon = Lexicon()
    lexicon.verdict("warm")
    return lexicon


@pytest.fixture
def house(tmp_path, monkeypatch):
    """Point the house allow/deny lists at files the test writes; the big lists stay real."""
    real = lexicon_module._shipped
    files = {"house-allow.txt": tmp_path / "allow.txt", "house-deny.txt": tmp_path / "deny.txt"}
    for path in files.values():
        path.write_text("# test house list\n")
    monkeypatch.setattr(
        lexicon_module, "_shipped", lambda name: str(files[name]) if name in files else real(name)
    )
    return files


# -- step 1: refusals nothing overrules ------------------------------------------------


@pytest.mark.parametrize(
    "text", ["don't", "ice cream", "café", "x1", "", "   ", "co-op", "naïve", "\u0130stanbul"]
)
def test_step1_refuses_text_that_is_not_a_to_z(lex, text):
    verdict = lex.verdict(text)
    assert verdict == Verdict(text.strip().lower(), "unknown", 0.0, "not a-z letters", "form")


@pytest.mark.parametrize("letter", ["x", "B", "q"])
def test_step1_refuses_single_letters_other_than_a_and_i(lex, letter):
    verdict = lex.verdict(letter)
    assert (verdict.verdict, verdict.source) == ("unknown", "letter")
    assert verdict.zipf >= 2.0  # wordfreq knows every letter, which is why this step exists
    assert "single letters" in verdict.reason


def test_step1_deny_list_beats_enable_allow_and_table_lists(house, tmp_path):
    house["house-deny.txt"].write_text("hello  # test reason\nza\ngameplay\n")
    house["house-allow.txt"].write_text("za\n")
    table = tmp_path / "ours.txt"
    table.write_text("gameplay\n")
    lexicon = Lexicon(extra_lists=[table])
    for word in ["hello", "za", "gameplay"]:
        verdict = lexicon.verdict(word)
        assert (verdict.verdict, verdict.source, verdict.reason) == (
            "unknown", "deny", "in the house deny list"), word
    assert lexicon.verdict("world").verdict == "word"


def test_step1_shipped_deny_list_parses_and_every_entry_is_refused(lex):
    deny = lexicon_module._read_list(lexicon_module._shipped("house-deny.txt"))
    assert all(lex.verdict(word).source == "deny" for word in deny)


# -- step 2: the lists that make a word ------------------------------------------------


def test_step2_accepts_a_and_i(lex):
    for text in ["a", "I", " i "]:
        verdict = lex.verdict(text)
        assert (verdict.verdict, verdict.source) == ("word", "letter")


def test_step2_accepts_enable_words(lex):
    assert "qat" in _list_words("enable.txt")
    verdict = lex.verdict("qat")
    assert verdict == Verdict("qat", "word", verdict.zipf, "in ENABLE", "enable")
    assert verdict.zipf < 2.0  # a list word is accepted however rare wordfreq finds it


def test_step2_accepts_scowl_extras_such_as_british_spellings(lex):
    assert "favourite" in _list_words("scowl-large-extra.txt")
    assert "favourite" not in _list_words("enable.txt")
    verdict = lex.verdict("favourite")
    assert verdict == Verdict("favourite", "word", verdict.zipf, "in the SCOWL extras", "scowl")


def test_step2_house_allow_list_accepts_words_no_list_has(lex):
    verdict = lex.verdict("za")
    assert verdict == Verdict("za", "word", verdict.zipf, "in the house allow list", "allow")


def test_step2_house_allow_list_beats_names(lex):
    assert "ok" in _list_words("names-and-acronyms.txt")
    verdict = lex.verdict("OK")
    assert (verdict.verdict, verdict.source) == ("word", "allow")


def test_step2_shipped_allow_list_holds_only_words_the_big_lists_lack():
    allow = lexicon_module._read_list(lexicon_module._shipped("house-allow.txt"))
    assert allow, "the shipped allow list should parse to some words"
    assert not allow & (_list_words("enable.txt") | _list_words("scowl-large-extra.txt"))


def test_step2_table_list_accepts_its_words_and_names_the_file(tmp_path):
    table = tmp_path / "mylist.txt"
    table.write_text("# our house words\nGameplay\n\n  bromance  # from last week\r\ntoronto\n")
    lexicon = Lexicon(extra_lists=[table])
    for word in ["gameplay", "bromance", "toronto"]:  # toronto: step 2 comes before names
        verdict = lexicon.verdict(word)
        assert (verdict.verdict, verdict.source, verdict.reason) == (
            "word", "table", "in the table's list mylist.txt"), word
    assert "gameplay" in lexicon.accepted()
    assert Lexicon().verdict("bromance").verdict != "word"  # only that table's lexicon


def test_step2_table_list_plain_fast_path_matches_the_slow_path(tmp_path):
    plain = tmp_path / "plain.txt"
    plain.write_text("gameplay\nbromance\n")
    fancy = tmp_path / "fancy.txt"
    fancy.write_text("# c\nGAMEPLAY\nbromance # c\n")
    assert lexicon_module._read_list(str(plain)) == lexicon_module._read_list(str(fancy))


@pytest.mark.parametrize(
    "content, line, quoted",
    [
        (b"hello\ndon't\n", 2, "don't"),
        (b"# header\n\nhello world\n", 3, "hello world"),
        (b"ok\ncaf\xc3\xa9\n", 2, "café"),
        (b"ok\nzz\n\xff\xfe\n", 3, "UTF-8"),
        (b"hello\nx\n", 2, "single letters"),
    ],
)
def test_step2_bad_table_list_line_is_input_error_naming_file_and_line(
    tmp_path, content, line, quoted
):
    table = tmp_path / "mylist.txt"
    table.write_bytes(content)
    lexicon = Lexicon(extra_lists=[table])  # lazy: the file is not read yet
    with pytest.raises(InputError) as caught:
        lexicon.verdict("hello")
    message = str(caught.value)
    assert f"{table}:{line}:" in message
    assert quoted in message


def test_step2_unreadable_table_list_is_input_error_naming_the_file(tmp_path):
    missing = tmp_path / "nope.txt"
    with pytest.raises(InputError, match="nope.txt"):
        Lexicon(extra_lists=[missing]).verdict("hello")
    with pytest.raises(InputError, match="cannot read word list"):
        Lexicon(extra_lists=[tmp_path]).verdict("hello")  # a directory


# -- step 3: names and acronyms ---------------------------------------------------------


@pytest.mark.parametrize("name", ["toronto", "Nasa", "miami"])
def test_step3_refuses_names_and_acronyms(lex, name):
    assert name.lower() in _list_words("names-and-acronyms.txt")
    verdict = lex.verdict(name)
    assert (verdict.word, verdict.verdict, verdict.source) == (name.lower(), "unknown", "names")
    assert verdict.reason == "a name or acronym, not a word"
    assert verdict.zipf >= 2.0  # step 4 would have put it to a vote


# -- step 4: rare words go to a table vote -----------------------------------------------


def test_step4_puts_a_frequent_word_no_list_has_to_a_vote(lex):
    for name in ["enable.txt", "scowl-large-extra.txt", "names-and-acronyms.txt"]:
        assert "gameplay" not in _list_words(name)
    verdict = lex.verdict("gameplay")
    assert (verdict.verdict, verdict.source) == ("rare", "wordfreq")
    assert verdict.zipf == 3.98  # wordfreq 3.x; >= 2.0 is what matters
    assert verdict.reason == "in no list; wordfreq Zipf 3.98 >= 2.0, put to a table vote"
    assert not lex.accepts("gameplay")


def test_step4_threshold_is_rare_zipf(lex):
    zipf = lex.zipf("gameplay")
    strict = Lexicon(rare_zipf=zipf + 0.01)
    assert strict.verdict("gameplay").verdict == "unknown"
    assert Lexicon(rare_zipf=zipf).verdict("gameplay").verdict == "rare"


# -- step 5: the rest ---------------------------------------------------------------------


def test_step5_refuses_a_word_no_list_has_below_the_rare_line(lex):
    verdict = lex.verdict("alchohol")  # a misspelling wordfreq has seen, but seldom
    reason = "in no list and rare (Zipf 1.59 < 2.0)"
    assert verdict == Verdict("alchohol", "unknown", 1.59, reason, "none")


def test_step5_refuses_a_string_wordfreq_never_saw(lex):
    verdict = lex.verdict("qzxvk")
    assert verdict == Verdict("qzxvk", "unknown", 0.0, "in no list and unknown to wordfreq", "none")


def test_step5_reason_never_rounds_across_the_line():
    assert lexicon_module._format_zipf(1.96) == "1.96"
    assert lexicon_module._format_zipf(2.4) == "2.4"
    assert lexicon_module._format_zipf(2.0) == "2.0"


# -- normalisation, helpers, accepted() ---------------------------------------------------


def test_normalisation_is_case_insensitive_and_strips(lex):
    assert lex.verdict("  HeLLo\n") == lex.verdict("hello")
    assert lex.verdict("HELLO").word == "hello"
    assert lex.accepts("Favourite") and not lex.accepts("Toronto")


def test_zipf_grades_a_to_z_words_only(lex):
    assert lex.zipf("The") > 6.0
    assert lex.zipf("don't") == 0.0
    assert lex.zipf("hello") == lex.verdict("hello").zipf


def test_accepted_holds_list_words_and_lone_letters_only(lex):
    words = lex.accepted()
    assert isinstance(words, frozenset)
    assert {"aardvark", "qat", "favourite", "za", "ok", "a", "i"} <= words
    assert not {"toronto", "gameplay", "alchohol", "x", "b"} & words
    assert lex.accepted() is words  # built once


def test_accepted_excludes_the_deny_list(house):
    house["house-deny.txt"].write_text("hello\n")
    lexicon = Lexicon()
    assert "hello" not in lexicon.accepted()
    assert "world" in lexicon.accepted()


def test_accepted_agrees_with_verdict(lex):
    """The finder lists accepted() words; each must also pass verdict(). A stride through
    the sorted set checks every part of the alphabet in milliseconds."""
    sample = sorted(lex.accepted())[::7]
    refused = [word for word in sample if lex.verdict(word).verdict != "word"]
    assert len(sample) > 25000 and refused == []


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_verdict_never_raises_and_gives_one_of_three_verdicts(lex, text):
    verdict = lex.verdict(text)
    assert verdict.verdict in {"word", "rare", "unknown"}
    assert verdict.word == text.strip().lower()
    assert isinstance(verdict.zipf, float) and verdict.reason


# -- laziness, loading once, sharing ------------------------------------------------------


def _python(code):
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=REPO, capture_output=True, text=True, check=True
    ).stdout


def test_import_leaves_wordfreq_and_the_lists_unloaded():
    out = _python(
        "import sys\n"
        "opened = []\n"
        "sys.addaudithook(lambda e, a: opened.append(str(a[0])) if e == 'open' else None)\n"
        "import referee.core.lexicon as m\n"
        "lex = m.Lexicon()\n"
        "print('wordfreq' in sys.modules, any(p.endswith('.txt') for p in opened))\n"
        "lex.verdict('hello')\n"
        "print('wordfreq' in sys.modules, sum(p.endswith('lexicon-table.txt') for p in opened))\n"
    )
    assert out.split() == ["False", "False", "False", "1"]


def test_item2_listed_words_and_the_rare_band_are_decided_without_wordfreq():
    """Every list's words, a rare-band word, the finder's accepted() and its grades: no
    wordfreq. Only a word in no list and below the rare band imports it, to grade it."""
    out = _python(
        "import sys\n"
        "import referee.core.lexicon as m\n"
        "lex = m.Lexicon()\n"
        "seen = [lex.verdict(w).source for w in ['cat', 'favourite', 'toronto', 'xx', 'ok', 'gameplay', 'q', 'a']]\n"
        "words = lex.accepted(); grades = [lex.zipf(w) for w in sorted(words)[::500]]\n"
        "print(' '.join(seen), 'wordfreq' in sys.modules)\n"
        "print(lex.verdict('alchohol').zipf, 'wordfreq' in sys.modules)\n"
    )
    assert out.split("\n")[:2] == [
        "enable scowl names abbreviation allow wordfreq letter letter False", "1.59 True"]


def test_background_load_and_concurrent_verdicts_load_once(monkeypatch):
    lexicon = Lexicon()
    real_build = Lexicon._build
    builds = []

    def slow_build(self):
        builds.append(1)
        time.sleep(0.05)  # widen the window in which a second load could start
        return real_build(self)

    monkeypatch.setattr(Lexicon, "_build", slow_build)
    lexicon.load_in_background()
    results = []
    threads = [
        threading.Thread(target=lambda: results.append(lexicon.verdict("hello"))) for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    results.append(lexicon.verdict("favourite"))
    for thread in threads:
        thread.join()
    lexicon._thread.join()
    assert len(builds) == 1
    assert [v.verdict for v in results] == ["word"] * 5


def test_lexicons_share_the_shipped_lists(lex, tmp_path):
    table = tmp_path / "t.txt"
    table.write_text("gameplay\n")
    other = Lexicon(extra_lists=[table], rare_zipf=3.0)
    assert other._load().table is lex._load().table
    assert other.accepts("gameplay") and not lex.accepts("gameplay")


def test_background_load_error_surfaces_in_the_foreground(tmp_path):
    table = tmp_path / "bad.txt"
    table.write_text("don't\n")
    lexicon = Lexicon(extra_lists=[table])
    lexicon.load_in_background()
    lexicon._thread.join()
    with pytest.raises(InputError, match="bad.txt:1:"):
        lexicon.verdict("hello")


def test_default_lexicon_is_shared_per_tuple_of_lists(tmp_path):
    table = tmp_path / "t.txt"
    table.write_text("gameplay\n")
    assert default_lexicon() is default_lexicon(())
    assert default_lexicon([str(table)]) is default_lexicon((table,))
    assert default_lexicon((table,)) is not default_lexicon()


# -- issue 11 item 1: word lists v2, abbreviations refused ---------------------------------


@pytest.mark.parametrize("text", "st bk kl ps xx xxxix iv div est".split())
def test_item1_abbreviations_and_roman_numerals_are_refused_with_their_own_reason(lex, text):
    assert text in _list_words("abbreviations.txt")
    verdict = lex.verdict(text)
    assert verdict == Verdict(text, "unknown", verdict.zipf,
                              "an abbreviation or Roman numeral, not a word", "abbreviation")
    assert verdict.zipf >= 2.0  # frequent: without step 3 it would be put to a vote


@pytest.mark.parametrize("text", ["mr", "tv", "MR"])
def test_item1_mr_and_tv_are_refused(lex, text):
    assert lex.verdict(text).verdict == "unknown"
    assert lex.verdict(text).source in {"names", "abbreviation"}


def test_item1_shipped_lists_live_in_the_top_level_wordlists_folder():
    assert WORDLISTS == REPO / "wordlists"  # the checkout's; an installed copy is tests/test_packaging.py's
    names = {path.name for path in WORDLISTS.iterdir()}
    assert {"README.md", "SCOWL-COPYRIGHT", "enable.txt", "scowl-large-extra.txt", "abbreviations.txt",
            "names-and-acronyms.txt", "house-allow.txt", "house-deny.txt", "lexicon-table.txt"} <= names
    assert not (REPO / "referee" / "wordlists").exists()  # one copy, where the project says


def _sample(name, stride):
    return sorted(_list_words(name) - {"a"})[::stride]  # a: the SCOWL extras have it, step 2 says why


def test_item1_referee_word_verdicts_for_a_sample_of_each_list():
    """`referee word` as a player runs it, on words taken from each shipped list."""
    from click.testing import CliRunner

    from referee.cli import main

    expected = {
        "enable.txt": ("word", "enable", 4000),
        "scowl-large-extra.txt": ("word", "scowl", 300),
        "names-and-acronyms.txt": ("unknown", "names", 800),
        "abbreviations.txt": ("unknown", None, 150),  # the ones also in names say "name"
        "house-allow.txt": ("word", "allow", 1),
    }
    import json

    for name, (verdict, source, stride) in expected.items():
        words = _sample(name, stride) if name != "house-allow.txt" else sorted(
            lexicon_module._read_list(str(WORDLISTS / name)))
        result = CliRunner().invoke(main, ["word", "--json", *words])
        assert result.exit_code == (0 if verdict == "word" else 3), name
        got = [json.loads(line) for line in result.output.splitlines()]
        assert [g["word"] for g in got] == words
        assert {g["verdict"] for g in got} == {verdict}, name
        if source:
            assert {g["source"] for g in got} == {source}, name
        else:
            abbreviations = [g for g in got if g["word"] not in _list_words("names-and-acronyms.txt")]
            assert abbreviations and {g["source"] for g in abbreviations} == {"abbreviation"}


# -- issue 11 item 2: one compact table, graded at build time -----------------------------


def _table():
    lines = (WORDLISTS / "lexicon-table.txt").read_text(encoding="ascii").splitlines()
    header = dict(field.split("=", 1) for field in lines[0].split()[1:])
    rows = {}
    for line in lines[1:]:
        word, _, field = line.partition(" ")
        rows[word] = (field[0], int(field[1:]) / 100 if len(field) > 1 else 0.0)
    return header, rows


def test_item2_table_was_built_from_these_lists_and_this_wordfreq():
    """Fails when a list or wordfreq changes without `python wordlists/build_table.py`."""
    from importlib.metadata import version

    header, rows = _table()
    assert header["format"] == lexicon_module.TABLE_FORMAT
    assert header["lists"] == lexicon_module.lists_digest(str(WORDLISTS)), "a list changed: rebuild the table"
    assert header["wordfreq"] == version("wordfreq"), "wordfreq changed: rebuild the table"
    assert float(header["rare"]) == lexicon_module.RARE_ZIPF
    assert int(header["words"]) == len(rows)


def test_item2_table_files_every_list_word_under_its_first_list():
    _header, rows = _table()
    seen = set()
    for name, code in lexicon_module.SOURCES:
        words = _list_words(name) - seen
        assert {word for word in words if rows.get(word, "?")[0] != code} == set(), name
        seen |= words
    assert {w: rows[w][0] for w in lexicon_module._read_list(str(WORDLISTS / "house-allow.txt")) - seen} == {
        w: "h" for w in lexicon_module._read_list(str(WORDLISTS / "house-allow.txt")) - seen}
    assert {word for word, (code, _z) in rows.items() if code in "esnb"} == seen


def test_item2_table_grades_agree_with_wordfreq_on_a_sample():
    from wordfreq import zipf_frequency

    _header, rows = _table()
    sample = sorted(rows)[::97]
    wrong = {word: (rows[word][1], zipf_frequency(word, "en")) for word in sample
             if rows[word][1] != zipf_frequency(word, "en")}
    assert len(sample) > 2000 and wrong == {}


def test_item2_rare_band_holds_every_frequent_word_in_no_list():
    """A word in no list is in the table exactly when wordfreq grades it 2.0 or more
    (checked over wordfreq's own most frequent words), so the table can decide step 4."""
    from wordfreq import top_n_list, zipf_frequency

    _header, rows = _table()
    missing, extra = [], []
    for word in top_n_list("en", 60000)[::7]:
        if not (word.isascii() and word.isalpha() and word.islower()):
            continue
        code = rows.get(word, ("-",))[0]
        if code in "esnbh":
            continue
        frequent = zipf_frequency(word, "en") >= lexicon_module.RARE_ZIPF
        if frequent and code != "r":
            missing.append(word)
        if not frequent and code == "r" and len(word) > 1:
            extra.append(word)
    assert missing == [] and extra == []


def test_item2_table_lookup_agrees_with_a_dict_of_the_table(lex):
    _header, rows = _table()
    table = lex._load().table
    for word in sorted(rows)[::211] + ["a", "zzz", "zyzzyvas", "aa", "aaa"]:
        assert table.find(word) == rows.get(word), word
    for word in ["", "aaaaaaa", "zzzzzzzzz", "qzxvk", "catx", "ca"]:
        assert table.find(word) == rows.get(word), word


def test_item2_accepted_is_the_table_words_of_enable_and_scowl_plus_house_words(lex):
    _header, rows = _table()
    expected = {w for w, (code, _z) in rows.items() if code in "es"} | {"a", "i"}
    expected |= lexicon_module._read_list(str(WORDLISTS / "house-allow.txt"))
    expected -= lexicon_module._read_list(str(WORDLISTS / "house-deny.txt"))
    assert lex.accepted() == expected - set("bcdefghjklmnopqrstuvwxyz")


def test_item2_a_word_only_in_a_table_list_is_graded_zero_without_wordfreq(tmp_path):
    table = tmp_path / "family.txt"
    table.write_text("grandmasaurus\n")
    lexicon = Lexicon(extra_lists=[table])
    assert lexicon.verdict("grandmasaurus") == Verdict(
        "grandmasaurus", "word", 0.0, "in the table's list family.txt", "table")


# -- issue 11 item 6: a table's own deny list ---------------------------------------------


def test_item6_table_deny_list_refuses_words_every_other_list_accepts(tmp_path):
    deny = tmp_path / "family-deny.txt"
    deny.write_text("# not at our table\nDamn\nza\ngameplay\n")
    ours = tmp_path / "ours.txt"
    ours.write_text("gameplay\n")
    lexicon = Lexicon(extra_lists=[ours], deny_lists=[deny])
    for word in ["damn", "za", "gameplay"]:
        assert lexicon.verdict(word) == Verdict(
            word, "unknown", lexicon.verdict(word).zipf, "in the table's deny list family-deny.txt", "deny")
    assert lexicon.verdict("cat").verdict == "word"
    assert not {"damn", "za", "gameplay"} & lexicon.accepted()
    assert {"cat", "damn"} <= Lexicon().accepted()  # only that table's lexicon


def test_item6_bad_deny_list_is_one_line_naming_file_and_line(tmp_path):
    deny = tmp_path / "deny.txt"
    deny.write_text("hello\nice cream\n")
    with pytest.raises(InputError, match=r"deny.txt:2: 'ice cream' is not a word"):
        Lexicon(deny_lists=[deny]).verdict("cat")


def test_item6_default_lexicon_and_for_session_key_on_deny_lists(tmp_path):
    deny = tmp_path / "deny.txt"
    deny.write_text("cat\n")

    class Session:
        header = {"wordlists": [], "deny": [str(deny)]}

    assert lexicon_module.for_session(Session()) is default_lexicon((), (str(deny),), grade_unlisted=False, quote=False)
    assert default_lexicon((), (str(deny),)) is not default_lexicon()
    assert not lexicon_module.for_session(Session()).accepts("cat")
    Session.header = {"wordlists": []}  # a journal from before --deny
    assert lexicon_module.for_session(Session()) is default_lexicon(grade_unlisted=False, quote=False)


def test_item3_accepted_sorted_is_accepted_in_order_sharing_the_strings(tmp_path):
    """The finder's index takes the sorted list as it is (no sort holding the interpreter
    in a background thread); it must be exactly accepted(), table and deny lists included."""
    ours = tmp_path / "ours.txt"
    ours.write_text("gameplay\nbromance\ncat\n")
    deny = tmp_path / "deny.txt"
    deny.write_text("dog\nbromance\n")
    for lexicon in (Lexicon(), Lexicon(extra_lists=[ours], deny_lists=[deny])):
        ordered = lexicon.accepted_sorted()
        assert ordered == sorted(lexicon.accepted()) and len(set(ordered)) == len(ordered)
        word = ordered[len(ordered) // 2]
        assert next(w for w in lexicon.accepted() if w == word) is word  # one string, two holders
    assert "gameplay" in ordered and not {"dog", "bromance"} & set(ordered)


def test_item2_finder_index_over_the_sorted_list_alone_finds_what_a_set_index_finds(lex):
    """ConneXion builds its index from accepted_sorted() alone (no set of the words): the
    words and paths found must be those of an index built the old way from accepted()."""
    import random

    from referee.games.connexion import cards, finder

    light = finder.WordIndex(None, ordered=lex.accepted_sorted())
    full = finder.WordIndex(lex.accepted())
    assert len(light) == len(full) and "metaphor" in light and "toronto" not in light and "zzzz" not in light
    keys = list(cards.letters())
    for seed in range(3):
        placed = dict(zip(range(1, 25), random.Random(seed).sample(keys, 24)))
        assert finder.find_all(placed, light) == finder.find_all(placed, full)


def test_item2_a_game_refuses_a_word_in_no_list_without_loading_wordfreq():
    """A typo claimed at the table is below the table's rare line, which is all step 5
    needs: a game's lexicon says so without loading wordfreq (~47 MB, ~300 ms);
    `referee word` still grades it exactly."""
    out = _python(
        "import sys\n"
        "import referee.core.lexicon as m\n"
        "class Session:\n"
        "    header = {'wordlists': []}\n"
        "lex = m.for_session(Session())\n"
        "v = lex.verdict('alchohol')\n"
        "print(v.verdict, v.source, repr(v.reason), lex.verdict('gameplay').verdict, lex.zipf('qzxvk'),"
        " 'wordfreq' in sys.modules)\n"
        "print(m.default_lexicon().verdict('alchohol').zipf, 'wordfreq' in sys.modules)\n"
    )
    assert out.splitlines() == ["unknown none 'in no list and rarer than Zipf 2.0' rare 0.0 False", "1.59 True"]


def test_item2_a_rare_line_below_the_tables_still_asks_wordfreq():
    lexicon = Lexicon(rare_zipf=1.5, grade_unlisted=False)
    assert lexicon.verdict("alchohol").verdict == "rare"  # Zipf 1.59: not in the table, yet >= 1.5


def test_issue19_accepted_stream_is_accepted_sorted_without_the_list(tmp_path):
    """The finder's index reads accepted_stream() once instead of accepted_sorted() (13 MB
    of strings a game never needs again): the same words in the same order, with a
    table's own list merged in and its deny list taken out; no list is kept."""
    ours, deny = tmp_path / "ours.txt", tmp_path / "deny.txt"
    ours.write_text("zzzzq\naaaab\nbromancex\nmetaphor\n", encoding="utf-8")
    deny.write_text("dog\nzzzzq\ncat\n", encoding="utf-8")
    for options in ({}, {"extra_lists": [ours]}, {"extra_lists": [ours], "deny_lists": [deny]}):
        streamed = list(Lexicon(**options).accepted_stream())
        assert streamed == Lexicon(**options).accepted_sorted()
    lexicon = Lexicon(extra_lists=[ours], deny_lists=[deny])
    assert "aaaab" in lexicon.accepted_stream() and lexicon._ordered is None
