"""The slow things a ConneXion table needs, loaded once: the table's lexicon and the
finder's index over every word it accepts.

Readings (a claim's verdict), questions (`find`, `check`) and the missed-words review
all ask here, so none of them imports another to reach them. Both come from what the
session holds (its header's word and deny lists): nothing here is a rule.
"""

import threading

from referee.games.connexion import finder

_index_lock = threading.Lock()
_indexes = {}


def lexicon(session):
    from referee.core.lexicon import for_session

    return for_session(session)  # the table's own word and deny lists, from the header


def word_index(session):
    """The finder's index over every accepted word, built once per set of word lists."""
    key = (tuple(session.lexicon_files), tuple(session.header.get("deny") or ()))
    with _index_lock:
        if key not in _indexes:
            lex = lexicon(session)
            _indexes[key] = finder.WordIndex.streamed(lex.accepted_stream())  # no list of the words: 13 MB less at the peak
        return _indexes[key]


def warm(session):
    def build_index():
        try:
            word_index(session)
        except Exception:
            pass  # the first real use reports the problem in one line

    lexicon(session).load_in_background()
    threading.Thread(target=build_index, daemon=True, name="referee-word-index").start()
