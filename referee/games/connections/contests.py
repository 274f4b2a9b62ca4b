"""Contests, objections and votes: a connection put to the table (G-4, CN-4, CN-7).

A contest (Classic, Endless, Rummy) may follow only the play it is about, so the state
before that play is kept (``before``) and an overturn is that state with the card back
in hand, one more card drawn and the turn used: no score or round end needs to be
unpicked by hand. The play that ends a round is the one most worth contesting, so
``before`` outlives the round's end until a hand is entered or the next starter card is
laid.

Quick Play and Quads work the other way (CN-7): a card or a quad stands as soon as it is
made, an objection opens a vote of its own (``votes``, several at once) while play goes
on, and an upheld objection takes back just that card or quad. The round's end waits for
the open votes, and the state just before it (``ended``) lets an objection to a play of
the round reopen it while nothing else has happened.

As in plays.py, ``check_x`` raises the first rule broken and returns what it worked out,
``x`` is the pure effect. A contest's ``cell`` and ``of`` are read with ``action.get``:
both default to None, and a bare vote opens an objection with no typed action at all
(implied_objection), as a reply asks which vote a journalled ballot was for.
"""

from referee.core.errors import RuleError
from referee.core.states import evolve
from referee.core.votes import Vote
from referee.games.connections import layout
from referee.games.connections.approval import Approval
from referee.games.connections.layout import cell_name
from referee.games.connections.rounds import end_turn, round_end_due, timed_from
from referee.games.connections.state import add_at, cell_of, seat_of, set_at
from referee.core.worked import remembered

OBJECTED = ("quick", "quads")  # the variants where a play stands unless a player objects (CN-7)


def _vote(state, question, subject):
    return Vote(question, tuple(state.players), tie_keeps=state.options.get("tie", "keep") != "reject",
                subject=subject)


# -- contest: the last play put to a vote (G-4, CN-4), or an objection (CN-7) -------------


@remembered
def check_contest(state, action):
    """The vote a contest opens, and the state it opens in."""
    if state.variant in OBJECTED:
        return objection(state, action)
    if state.last is None or state.before is None:
        raise RuleError("only the last play may be contested, before anything else happens", rule="CN-4")
    cell = action.get("cell")
    if cell is not None and state.last.get("cell") is not None and tuple(cell) != state.last["cell"]:
        raise RuleError(f"only the last play may be contested: the card at {cell_name(state.last['cell'])}",
                        rule="CN-4")
    player = state.players[state.last["seat"]]
    if action.get("of") not in (None, player):  # `contest Ben` when the last play was Ann's
        raise RuleError(f"the last play is {player}'s, not {action['of']}'s; only it may be contested: `contest`",
                        rule="CN-4")
    what = f"card at {cell_name(state.last['cell'])}" if state.last.get("cell") else state.last["kind"]
    pairs = "; ".join(state.last["pairs"])
    question = f"Does {player}'s {what} connect ({pairs})?"
    return state, _vote(state, question, ("contest", state.last["seat"]))


def contest(state, action):
    base, vote = check_contest(state, action)
    if state.variant in OBJECTED:
        return evolve(base, votes=base.votes + (vote,), ended=None)
    return evolve(state, vote=vote)


def objection(state, action):
    """CN-7: (the state it opens in, the Approval vote) of an objection to a Quick Play card
    or a quad. Any play of the round may be objected to until a card is played against it
    (Quick Play) and until the round is over: the play that ends the round reopens it until
    its vote is settled, as long as nothing else has happened since (``ended``)."""
    base = state.ended if state.ended is not None else state
    if base is state and state.phase == "count":
        raise RuleError("the round is over and a hand is entered already: its plays stand; `undo` to go back",
                        rule="CN-7")
    subject, label, question = (_object_card if state.variant == "quick" else _object_quad)(base, action)
    what = f"the card at {label}" if state.variant == "quick" else f"{label.split()[0]}'s quad at {label.split()[1]}"
    if subject in base.settled:
        raise RuleError(f"the table accepted {what} by vote already", rule="CN-7")
    if any(v.label == label for v in base.votes):
        raise RuleError(f"{what} is before the table already: `vote {label} PLAYER yes|no`", rule="CN-7")
    # a game saved before CN-7 has no `approval` option: its votes were G-4 majorities
    vote = Approval(question, tuple(base.players), tie_keeps=base.options.get("tie", "keep") != "reject",
                    subject=subject, label=label, unanimous=base.options.get("approval", "majority") == "all")
    return base, vote


def _object_card(state, action):
    """Quick Play: the card objected to (at the cell given, else the latest of the player
    named, as in Quads, else the last play) as (subject, label, question)."""
    if action.get("cell") is None and action.get("of") is not None:
        cell = _latest_of(state, action["of"])
    elif action.get("cell") is None:
        last = state.last or {}
        if last.get("kind") != "play":
            raise RuleError("say which card: `contest X,Y`", rule="CN-7")
        cell = tuple(last["cell"])
    else:
        cell = cell_of(action)
    card = state.cells.get(cell)
    if card is None:
        raise RuleError(f"there is no card at {cell_name(cell)}", rule="CN-7")
    if card.owner not in state.players:
        raise RuleError("the starter card is nobody's play", rule="CN-7")
    if action.get("of") not in (None, card.owner):  # `contest Ben 1,0` when the card there is Ann's
        raise RuleError(f"the card at {cell_name(cell)} is {card.owner}'s, not {action['of']}'s", rule="CN-7")
    later = _played_against(state.cells, cell)
    if later:
        raise RuleError(f"the card at {cell_name(later[0])} was played against it since; an objection comes before "
                        "the table builds on a card", rule="CN-7")
    label = cell_name(cell)
    question = f"Does {card.owner}'s card at {label} connect ({_links(state.cells, cell, card)})?"
    return ("play", state.seat(card.owner), cell), label, question


def _latest_of(state, owner):
    """Quick Play: the cell of ``owner``'s latest card on the table (the layout keeps the
    order of play), as `contest Ann` names Ann's latest quad in Quads."""
    theirs = [c for c, card in state.cells.items() if card.owner == owner]
    if not theirs:
        raise RuleError(f"{owner} has no card on the table to object to", rule="CN-7")
    return theirs[-1]


def _played_against(cells, cell):
    """The cells next to ``cell`` played after it (the layout keeps the order of play)."""
    order = list(cells)
    x, y = cell
    around = {(x + dx, y + dy) for dx, dy, _s, _f in layout.STEPS}
    return [c for c in order[order.index(cell) + 1:] if c in around]


def _links(cells, cell, card):
    """The pairs the card at ``cell`` makes with the others, as the question puts them."""
    rest = {c: k for c, k in cells.items() if c != cell}
    try:
        return "; ".join(p.text() for p in layout.pairs(rest, cell, card))
    except RuleError:  # a card left alone by a correction: nothing it connects to
        return "no pairs"


def _object_quad(state, action):
    """Quads: the quad objected to (the owner's quad at the cell given, their latest, or the
    last one made) as (subject, label, question)."""
    owner = action.get("of")
    if owner is None:
        last = state.last or {}
        if "quad" not in last:
            raise RuleError("say whose quad: `contest Ann 0,0` (its south-west card) or `contest Ann`", rule="CN-7")
        seat, corner = last["seat"], tuple(last["quad"])
    else:
        seat = seat_of(state, owner)
        if action.get("cell") is None:
            if not state.quads[seat]:
                raise RuleError(f"{owner} has no quad to object to", rule="CN-7")
            corner = state.quads[seat][-1]
        else:
            corner = cell_of(action)
    player = state.players[seat]
    if corner not in state.quads[seat]:
        raise RuleError(f"{player} has no quad at {cell_name(corner)} (a quad is named by its south-west card)",
                        rule="CN-7")
    links = "; ".join(f"{a} ↔ {b}" for a, b in layout.inner_pairs(state.areas[seat], corner))
    label = f"{player} {cell_name(corner)}"
    return ("quad", seat, corner), label, f"Is {player}'s quad at {cell_name(corner)} valid ({links})?"


def object_to(state, action):
    """The state with the objection open (CN-7)."""
    base, vote = objection(state, action)
    return evolve(base, votes=base.votes + (vote,), ended=None)


# -- vote ---------------------------------------------------------------------------------


def open_vote(state, label):
    """The vote a ballot is for: the contest, or the CN-7 vote named ``label`` (which may be
    left out while only one is open)."""
    if state.vote is not None:
        return state.vote
    if not state.votes:
        raise RuleError("no vote is open; `contest` opens one", rule="G-4")
    if label is None:
        if len(state.votes) > 1:
            named = ", ".join(v.label for v in state.votes)
            raise RuleError(f"{len(state.votes)} votes are open ({named}): say which, e.g. "
                            f"`vote {state.votes[0].label} all yes`", rule="CN-7")
        return state.votes[0]
    for vote_ in state.votes:
        if vote_.label.lower() == str(label).lower():
            return vote_
    named = ", ".join(v.label for v in state.votes)
    raise RuleError(f"no vote is open on {label}; the open one{'s are' if len(state.votes) > 1 else ' is'} {named}",
                    rule="CN-7")


def implied_objection(state, action):
    """A vote with nothing open puts the last card or quad to the table first (Quick Play,
    Quads): the way games saved before CN-7, where every play went to a vote, replay as they
    were played. The state the ballots are cast in."""
    if state.vote is None and not state.votes and state.variant in OBJECTED and action.get("on") is None:
        try:
            return object_to(state, {"do": "contest"})
        except RuleError:
            raise RuleError("no vote is open; `contest X,Y` objects to a card (CN-7)", rule="G-4") from None
    return state


def question(state, action):
    """(the state the ballots go into, the vote they are for): the contest open, the CN-7
    vote named (or the only one), or the objection a bare vote opens (implied_objection)."""
    state = implied_objection(state, action)
    if state.vote is None and not state.votes:
        raise RuleError("no vote is open; `contest` opens one", rule="G-4")
    if state.vote is None:
        return state, open_vote(state, action.get("on"))
    if action.get("on") is not None:
        raise RuleError(f"one vote is open ({state.vote.describe()}): vote without naming it", rule="G-4")
    return state, state.vote


@remembered
def check_vote(state, action):
    """(the state the ballots go into, the vote they are for, that vote once they are cast)."""
    state, target = question(state, action)
    current = target
    try:
        for voter, yes in action.ballots:
            current = current.cast(voter, yes)
    except (TypeError, ValueError):
        raise RuleError("a ballot is a player and yes or no", rule="G-4")
    return state, target, current


def tally(state, action):
    """The line a vote its check takes writes into the log when it settles the question
    (G-4): the question, the counts, carried or refused; None while ballots are awaited."""
    _state, target, current = check_vote(state, action)
    if current.outcome() is None:
        return None
    return target.settled_line(action.ballots, stands="the play stands")


def vote(state, action):
    state, target, current = check_vote(state, action)
    at = action.at
    verdict = current.outcome()
    if state.vote is None:  # CN-7: one of the open objections; once all have voted it settles its own play
        index = state.votes.index(target)
        if verdict is None:
            return evolve(state, votes=set_at(state.votes, index, current))
        state = evolve(state, votes=state.votes[:index] + state.votes[index + 1:])
        if verdict:
            state = evolve(state, settled=state.settled.add(current.subject))
        else:
            state = _overturn_objected(state, current.subject)
        return round_end_due(state, at)
    if verdict is None:
        return evolve(state, vote=current)
    state = evolve(state, vote=None)
    if verdict:
        return timed_from(evolve(state, before=None, last=None), at)
    return timed_from(overturn(state, current.subject[1], at), at)


def _overturn_objected(state, subject):
    """CN-4 for an objection the table upheld: a Quick Play card goes back to its player's hand
    and they draw one more; a quad simply does not count (its cards stay, to be reworked)."""
    kind, seat, where = subject
    if kind == "quad":
        return evolve(state, quads=set_at(state.quads, seat, tuple(c for c in state.quads[seat] if c != where)),
                       last=None)
    draws = 1 if state.piles[0] > 0 else 0
    cells = {c: k for c, k in state.cells.items() if c != where}
    return evolve(state, cells=cells, hands=add_at(state.hands, seat, 1 + draws),
                   piles=add_at(state.piles, 0, -draws), last=None)


def overturn(state, seat, at):
    """CN-4: the card goes back to the player's hand, its score is undone, and they draw one more."""
    before = state.before
    draws = 1 if before.piles[0] > 0 else 0
    state = evolve(before, hands=add_at(before.hands, seat, draws), piles=add_at(before.piles, 0, -draws),
                    before=None, last=None, vote=None)
    if state.variant in ("classic", "endless"):
        return end_turn(state, at)  # the turn was used
    return state
