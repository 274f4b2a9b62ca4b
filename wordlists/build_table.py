"""Build wordlists/lexicon-table.txt, the lexicon's compact table, from the lists and wordfreq.

Run from the repository after changing a list here or upgrading wordfreq:

    python wordlists/build_table.py

The table holds one sorted line per word, ``word SOURCE[GRADE]``: every word of the
shipped lists filed under the first list that has it (e ENABLE, s SCOWL extras, n names
and acronyms, b abbreviations and numerals), the house-allow words no shipped list has
(h), and every a-z word in no list that wordfreq grades at Zipf 2.0 or more, plus every
single letter (r). GRADE is wordfreq's Zipf frequency in hundredths, left out when 0.
The header records the format, the wordfreq version, the rare line and a hash of the
lists, so tests/core/test_lexicon.py fails when a list or wordfreq changes without a
rebuild. With the table, deciding a listed word never imports wordfreq (DESIGN budgets:
first verdict under 100 ms, peak memory under 60 MB).
"""

import os
import sys
from importlib.metadata import version

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from referee.core.lexicon import (  # noqa: E402 (the repository is put on the path first)
    HOUSE_ALLOW,
    RARE_ZIPF,
    SOURCES,
    TABLE_FORMAT,
    TABLE_NAME,
    _read_list,
    lists_digest,
    table_line,
)

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def build(folder=HERE):
    """The table's text for the lists in ``folder`` and the installed wordfreq."""
    from wordfreq import iter_wordlist, zipf_frequency

    sources = {}
    for name, code in SOURCES:
        with open(os.path.join(folder, name), encoding="ascii") as handle:
            for word in handle.read().split():
                sources.setdefault(word, code)
    for word in _read_list(os.path.join(folder, HOUSE_ALLOW)):
        sources.setdefault(word, "h")
    for word in LETTERS:
        sources.setdefault(word, "r")
    for word in iter_wordlist("en"):
        if word not in sources and word.isascii() and word.isalpha() and word.islower():
            if zipf_frequency(word, "en") >= RARE_ZIPF:
                sources[word] = "r"
    lines = [table_line(word, sources[word], zipf_frequency(word, "en")) for word in sorted(sources)]
    header = (f"#referee-lexicon-table format={TABLE_FORMAT} wordfreq={version('wordfreq')} "
              f"rare={RARE_ZIPF} lists={lists_digest(folder)} words={len(lines)}")
    return "\n".join([header] + lines) + "\n"


def main():
    text = build()
    path = os.path.join(HERE, TABLE_NAME)
    with open(path, "w", encoding="ascii", newline="\n") as handle:
        handle.write(text)
    print(f"{path}: {text.count(chr(10)) - 1} words, {len(text) / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
