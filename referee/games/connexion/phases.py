"""Cosmic ConneXion's phases and turns as data (DESIGN 3): per phase, who acts, the moves
it opens, the prompt, what a bare answer means, the toolbar's "waiting for" and the
sentence (with its rule) refusing any other move.

The rules keep three phases in ``state.phase`` (placing, bonus, over); an answer the game
waits for (the celestial card drawn, a pilfer, a vote) is ``state.pending``, and is a
phase of its own here (``phase_of``), so `place` during a vote is refused by the table
below, before any rule runs. ``state.turn`` is the seat of the player to act.
"""

from referee.core.phases import ANYONE, EVERY, Phase, Phases
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
    # Two players act while cards are placed: the placer of the next card (CX-7) and the
    # player whose turn it is to claim words (CX-5); each move checks its own.
    Phase("placing", moves=("place", "claim", "contest", "start_bonus", "bonus", "finish"), acts=EVERY,
          prompt=_placing_prompt, status=_first, next=PLAYING, **_SAYS),
    # Table mode: the scribe names the card drawn for the word just accepted.
    Phase("card", moves=("card", "contest"), acts=ANYONE, prompt="card? ", default="card",
          status=_card_status, next=("placing", "pilfer", "vote", "bonus"), **_SAYS),
    # Only the word's player pilfers (the pilfer's check), but anyone may contest (G-4).
    Phase("pilfer", moves=("pilfer", "contest"), acts=EVERY, prompt="pilfer? ", default="pilfer",
          status=_first, next=("placing", "vote", "bonus"), **_SAYS),
    Phase("vote", moves=("vote",), acts=EVERY, prompt="vote? ", default="vote", status=_vote_status,
          next=("placing", "card", "pilfer", "vote", "over"), **_SAYS),
    # The sun holder makes the sentence (the bonus's check says so, CX-10); the table may finish.
    Phase("bonus", moves=("bonus", "finish"), acts=EVERY,
          prompt=lambda state: f"{state.sun_holder} bonus> ", default="bonus", status=_first,
          next=("vote", "over"), **_SAYS),
    # After the end only `adjust` may still correct the record (G-1).
    Phase("over", moves=("adjust",), acts=ANYONE, prompt="over> ", status=_first, over=True, **_SAYS),
], phase_of=phase_of)
