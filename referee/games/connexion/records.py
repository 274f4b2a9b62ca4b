"""ConneXion's records for `referee stats` (issue 12): the longest and the rarest word the
table accepted, and the most words accepted in one turn. Read from a replayed game, so a
word struck by a later vote is no record (DESIGN 4: stats are a view of the journal).
A record several words or turns reach names the first and says how many (``ties``)."""

from referee.core.stats import Record


def records(session):
    final = session.state
    states = session.states
    zipf = {}
    turn_of = {}  # claim index -> (cards placed when claimed, player)
    for number, action in enumerate(session.events, start=1):
        before, after = states[number - 1], states[number]
        if len(after.claims) > len(before.claims):
            index = len(after.claims) - 1
            turn_of[index] = (after.placed, after.claims[index].player)
            if isinstance(action.get("zipf"), (int, float)):
                zipf[index] = action["zipf"]
    accepted = [(i, c) for i, c in enumerate(final.claims) if c.status == "accepted"]
    found = []
    if accepted:
        i, longest = max(accepted, key=lambda ic: (len(ic[1].word), -ic[0]))
        size = len(longest.word)
        found.append(Record("longest word", longest.player, size, f"{longest.word.upper()}, {size} letters",
                            ties=sum(1 for _i, c in accepted if len(c.word) == size)))
        rated = [(i, c) for i, c in accepted if i in zipf and len(c.word) > 1]
        if rated:
            i, rarest = min(rated, key=lambda ic: (zipf[ic[0]], ic[0]))
            found.append(Record("rarest word", rarest.player, zipf[i], f"{rarest.word.upper()}, Zipf {zipf[i]:.2f}",
                                low=True, ties=sum(1 for j, _c in rated if zipf[j] == zipf[i])))
        per_turn = {}
        for i, c in accepted:
            key = turn_of.get(i)
            if key:
                per_turn.setdefault(key, []).append(c.word)
        if per_turn:
            (placed, player), words = max(per_turn.items(), key=lambda kv: (len(kv[1]), -kv[0][0]))
            found.append(Record("most words in a turn", player, len(words),
                                f"{len(words)} words on the turn of card {placed}",
                                ties=sum(1 for w in per_turn.values() if len(w) == len(words))))
    return found
