"""Cosmic ConneXion's phases and turns as data (DESIGN 3): per phase, who acts, the moves
it opens, the prompt, what a bare answer means, the toolbar's "waiting for" and the
sentence (with its rule) refusing any other move.

Who acts: anyone at the table may answer what the game waits for (a card drawn, a vote)
and contest or finish, so no phase is one seat's; the two moves only one seat may make
say whose it is themselves (``Move.acts``, moves.py: the placer places, CX-7; the word's
player pilfers, CX-9), refused by the core with the phase's ``turn_rule``. A claim's
turn (CX-5) and the bonus sentence's (CX-10) are still their rules' to check: the
placing phase's refusal cites CX-7, and the sun holder's is said in words of its own.

The rules keep three phases in ``state.phase`` (placing, bonus, over); an answer the game
waits for (the celestial card drawn, a pilfer, a vote) is ``state.pending``, and is a
phase of its own here (``phase_of``), so `place` during a vote is refused by the table
below, before any rule runs. ``state.turn`` is the seat of the player to act.
"""

from referee.core.phases import ANYONE, Phase, Phases
from referee.games.connexion import turns, view


def phase_of(state):
    return state.pending[0] if state.pending else state.phase


def _waiting(state):
    return turns.waiting(state)[0]


def _rule(state):
    return turns.waiting(state)[1]


def _first(state):
    """The toolbar's first part outside a card or a vote: the status line's first clause."""
    return view.status(state).split(";")[0]


def _card_status(state):
    claim = state.pending_claim()
    return f"card {claim.player} drew for {claim.word.upper()}?"


def _vote_status(state):
    vote = state.open_vote()
    return f"vote: waiting for {', '.join(vote.missing)}" if vote.missing else "vote"


def _placing_prompt(state):
    if not state.placed:
        return f"{state.placer} places 1> "
    return f"{state.claimant}> "


_SAYS = dict(waiting=_waiting, rule=_rule)

PLAYING = ("placing", "card", "pilfer", "vote", "bonus", "over")

PHASES = Phases([
    # Two players act while cards are placed: the placer of the next card (its Move.acts,
    # CX-7) and the player whose turn it is to claim words (the claim's rule, CX-5).
    # `pilfer` and `card` are opened here only to be refused with their own rules (CX-9,
    # CX-8: none is due).
    Phase("placing", moves=("place", "claim", "pilfer", "card", "contest", "start_bonus", "bonus", "finish"), acts=ANYONE,
          prompt=_placing_prompt, status=_first, turn_rule="CX-7", next=PLAYING, **_SAYS),
    # Table mode: the scribe names the card drawn for the word just accepted.
    Phase("card", moves=("card", "contest"), acts=ANYONE, prompt="card? ", default="card",
          status=_card_status, next=("placing", "pilfer", "vote", "bonus"), **_SAYS),
    # Only the word's player pilfers (its Move.acts, CX-9), but anyone may contest (G-4).
    Phase("pilfer", moves=("pilfer", "contest"), acts=ANYONE, prompt="pilfer? ", default="pilfer",
          status=_first, turn_rule="CX-9", next=("placing", "vote", "bonus"), **_SAYS),
    # Anyone records ballots, their own or the table's (`vote all yes`).
    Phase("vote", moves=("vote",), acts=ANYONE, prompt="vote? ", default="vote", status=_vote_status,
          next=("placing", "card", "pilfer", "vote", "over"), **_SAYS),
    # The sun holder makes the sentence (the bonus's check says so, CX-10); the table may finish.
    Phase("bonus", moves=("bonus", "finish"), acts=ANYONE,
          prompt=lambda state: f"{state.sun_holder} bonus> ", default="bonus", status=_first,
          next=("vote", "over"), **_SAYS),
    # After the end only `adjust` may still correct the record (G-1).
    Phase("over", moves=("adjust",), acts=ANYONE, prompt="over> ", status=_first, over=True, **_SAYS),
], phase_of=phase_of)
