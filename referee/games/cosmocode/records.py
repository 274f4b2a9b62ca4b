"""Cosmo;code's record for `referee stats` (issue 12): the fastest win, counted in the
winner's own turns (a game won by a second red card; an early end, G-6, is no record)."""

from referee.core.stats import Record


def records(session):
    final = session.state
    if not session.over or not final.winner:
        return []
    turns, seat = 0, None
    for state in session.states:
        if state.turn is not None and state.turn != seat:
            seat = state.turn
            if state.players[seat] == final.winner:
                turns += 1
    if not turns:
        return []
    return [Record("fastest win", final.winner, turns, f"won on turn {turns}", low=True)]
