"""Issue 20 ("Quicker than paper"), Cosmic Colors' items: a table that only wants the
score types the play area and plays (item 5); the end's review on request, the final
scores and the winner last (item 8)."""

import click

from referee.core.session import Session
from tests.tables import open_table, plays_and_replays, typed

from .shell import one_refusal

GRID_ROWS = ("Rs Om Yp Gc Bg", "Rm Op Yc Gg Bs", "Rp Oc Yg Gs Bm", "Rc Og Ys Gm Bp", "Rg Os Ym Gp Bc")


def _table(home, players=("Ann", "Ben"), **options):
    session, shell, out = open_table("colors", home, players, "table", **options)
    for row in GRID_ROWS:
        assert shell.execute(row), out[-1]
    return session, shell, out


def _flat(text):
    return " ".join(text.split())


def _said(shell, out, *lines):
    return click.unstyle(typed(shell, out, *lines))


# -- item 5: the hands are optional ------------------------------------------------------------


def test_issue20_item5_a_score_only_table_types_the_grid_and_plays(tmp_path):
    """Setup was the grid's 5 rows and a line a hand (7 lines with two, 9 with four):
    now 5, and the first play begins the game; a card played is taken as held (G-1)."""
    session, shell, out = _table(tmp_path, ("Ann", "Ben", "Cy", "Di"))
    setup_lines = 5
    assert session.state.phase == "setup" and setup_lines == len(GRID_ROWS)
    said = _said(shell, out, "play Ys@c4 Ys@c5")  # no hand was typed: Ann's cards are taken as held
    assert "Ann plays star: 2 cards" in said
    assert "Playing without the hands of Ann, Ben, Cy, Di: cards played are taken as held (G-1)" in said
    state = session.state
    assert state.phase == "discard" and state.player == "Ann"
    assert [len(h) for h in state.hands] == [5, 7, 7, 7]  # the counts go on: 7 each, 2 played
    assert state.pile_count == 100 - 25 - 4 * 7
    said = _said(shell, out, "keep")  # the redraw is counted, not typed (nobody typed the hand)
    assert "Ann keeps every card" in said and "Ben (colors) to play; draw pile 45" in said
    assert [len(h) for h in session.state.hands] == [7, 7, 7, 7]
    assert "7 not entered" in said
    # what the referee does check still holds: four copies of a card (CC-1), the turn, the rules of a play
    said = _said(shell, out, "play Ys@a1 Ys@a2")  # the grid showed one, Ann played two
    assert one_refusal(said) and "all 4 Ys (yellow star) are already accounted for (CC-1)" in said
    assert "it is Ben's turn, not Cy's (Turns)" in _said(shell, out, "Cy: play Rs@a1")
    said = _said(shell, out, "play Rs@a1 Rs@c3")
    assert "(1c)" in said and one_refusal(said)
    assert shell.execute("play Bs@e2 Bm@e3 discard Rs Rm")
    assert session.state.player == "Cy" and session.state.pile_count == 45 - 4
    plays_and_replays(session, shell, ["pass keep", "play Om@b1 keep"])  # the journal replays it
    assert session.state.turns[-1].points == 1 + 4 + 3  # Om@b1: 1 card, the oranges b2-b5 connected, the bonus


def test_issue20_item5_a_score_only_game_ends_by_the_counts(tmp_path):
    """CC-6 from the counts alone: the pile gone and a team out of cards ends the game."""
    session, shell, out = _table(tmp_path)
    assert shell.execute("play Ys@c4 keep")
    assert shell.execute("adjust pile 0")  # the table sees the pile gone (G-1, CC-9)
    said = _said(shell, out, "play Rs@a1 Rm@a2 Rp@a3 Rc@a4 Rg@a5 Rs@b1 Rm@b2 Rp@b3 Rc@b4 Rg@b5")
    assert session.state.phase == "over"
    assert "the draw pile is gone and Colors (Ben) holds no cards (CC-6)" in said


def test_issue20_item5_a_hand_typed_later_brings_hint_and_the_hand_checks(tmp_path):
    session, shell, out = _table(tmp_path)
    assert shell.execute("play Ys@c4 keep")
    assert shell.execute("pass keep")
    said = _said(shell, out, "hint")
    assert one_refusal(said) and "a hint needs Ann's hand, which was not entered: `hand Ann CARD ...` " \
                                  "(10 cards) enters it (CC-8)" in said
    said = _said(shell, out, "hand Ann Rs Rm Rp Rc Os")
    assert one_refusal(said) and "Ann holds 10 cards by the count, not 5" in said and "(CC-9)" in said
    said = _said(shell, out, "hand Ann Rs Rm Rp Rc Os Om Op Oc Gs Gm")
    assert "Ann's hand entered: `hint` and the hand checks follow it" in said
    assert session.state.hands[0] == tuple(sorted(session.state.names.parse(c) for c in
                                                  "Rs Rm Rp Rc Os Om Op Oc Gs Gm".split()))
    assert "Best for Ann: `play" in _said(shell, out, "hint")
    said = _said(shell, out, "play Bs@e2")  # the hand checks: Ann does not hold it
    assert one_refusal(said) and "Ann does not hold Bs (blue star) (CC-2)" in said
    assert shell.execute("play Rs@d2 discard Gm")
    assert session.state.phase == "draw" and session.state.draw_need == 2  # her redraw is typed now
    assert shell.execute("draw Bg Bp")
    assert session.state.player == "Ben" and 0 not in [len(h) for h in session.state.hands]
    # Ben's hand was never typed: his cards are still taken as held, his redraw counted
    assert shell.execute("play Bs@e2 keep") and session.state.player == "Ann"
    resumed = Session.resume(session.game, session.journal.path)
    assert resumed.state == session.state


def test_issue20_item5_a_table_may_still_enter_every_hand(tmp_path):
    """The old way is unchanged: the hands typed, then the checks from the first play."""
    session, shell, out = _table(tmp_path)
    assert session.game.prompt(session.state) == "Ann's hand? "
    assert shell.execute("Rs Rm Rp Rc Os Om Op Oc Gs Gm")
    assert shell.execute("Bs Bm Bp Bc Bg Ys Ym Yp Yc Yg")
    said = _said(shell, out, "play Gc@a1")
    assert one_refusal(said) and "Ann does not hold Gc (green comet) (CC-2)" in said
    said = _said(shell, out, "play Rs@d2")
    assert "Playing without" not in said and session.state.phase == "discard"


def test_issue20_item5_help_says_what_each_choice_gives(tmp_path):
    session, shell, out = open_table("colors", tmp_path, ("Ann", "Ben"), "table")
    said = " ".join(_said(shell, out, "help hand").split())
    assert "Entered, the referee checks that each card played, discarded or swapped is held, `hint`" in said
    assert "each redraw is typed" in said
    assert "Not entered, a table that wants only the score types the play area and plays at once: cards " \
           "played are taken as held (G-1), redraws are counted" in said
    assert "A hand entered later, at any time" in said
    welcome = " ".join(click.unstyle(session.game.welcome(session)).split())
    assert "then each hand for `hint` and the hand checks, or `play` at once to keep only the score" in welcome
    for row in GRID_ROWS:
        shell.execute(row)
    said = _said(shell, out, "discard")  # what setup waits for names the other choice
    assert "or play without them (`play CARD@CELL ...`)" in said


# -- item 8: the end of a game -------------------------------------------------------------------


def test_issue20_item8_the_review_is_asked_for_and_the_winner_is_the_last_line(tmp_path):
    session, shell, out = _table(tmp_path)
    assert shell.execute("Rs Rm Rp Rc Os Om Op Oc Gs Gm")  # Ann's hand entered: her turns have a best play
    assert shell.execute("play Rs@d2 keep")
    assert shell.execute("adjust pile 0")  # the table sees the pile gone (G-1, CC-9)
    said = _said(shell, out, "play Rs@a1 Rm@a2 Rp@a3 Rc@a4 Rg@a5 Rs@b1 Rm@b2 Rp@b3 Rc@b4 Rg@b5")
    assert session.state.phase == "over"
    end = said[said.index("Game over"):].splitlines()
    assert end[-1] == "✓ Colors (Ben) win."  # the final scores, then the winner, last
    assert end[-3].startswith("Shapes (Ann)") and end[-2].startswith("Colors (Ben)")
    assert "`review` compares each of the 2 turns with the best play there was (CC-8)." in end
    assert "best is" not in said  # no turn-by-turn table at the end
    said = _said(shell, out, "review")  # on request, paged when taller than the screen
    assert "best is" in said and "hand not entered" in said  # Ben's hand was never typed
    assert any(line.split()[:4] == ["1", "Ann", "Rs@d2", "6"] for line in said.splitlines())
    reply = session.game.commands.commands["review"].handler(shell.context, "")
    assert reply.long


def test_issue20_item5_the_full_play_area_names_the_choice(tmp_path):
    session, shell, out = open_table("colors", tmp_path, ("Ann", "Ben"), "table")
    said = _said(shell, out, *GRID_ROWS)
    assert " ".join(said.split()).endswith("setup: play area 25/25; hands to enter: Ann, Ben Next each hand "
                                          "(`hand Ann CARD ...`) for `hint` and the hand checks, or `play` now "
                                          "to keep only the score (`help hand`).")
    assert said.count("Next each hand") == 1  # once, when the last row is in


def test_issue20_item8_jr_review_is_asked_for_and_the_winner_is_the_last_line(tmp_path):
    """Jr's end as the team game's: the takes table (a row a take) on request, the cards
    taken and the winner last."""
    session, shell, out = open_table("colors", tmp_path, ("Ann", "Ben"), "table", variant="jr")
    said = _said(shell, out, "grid Rs Rm Rp", "grid Gc Gg Gs", "grid Bc Bg Bs", "take a1 red", "top empty empty Ym",
                 "take a2 green")
    assert session.state.phase == "over"
    end = said[said.index("Game over"):].splitlines()
    assert end[-1] == "✓ A tie: Ann and Ben share the victory."
    assert end[-3].split() == ["Ann", "3"] and end[-2].split() == ["Ben", "3"]
    assert "`review` compares each of the 2 takes with the biggest there was (CC-8)." in _flat(said)
    assert "named" not in said  # no take-by-take table at the end
    said = _said(shell, out, "review")
    assert [line.split() for line in said.splitlines()[2:]] == [["1", "Ann", "a1", "red", "3", "3"],
                                                                  ["2", "Ben", "a2", "green", "3", "3"]]
    assert "wins" not in said and "share" not in said
    reply = session.game.commands.commands["review"].handler(shell.context, "")
    assert reply.long


# -- a gap: the other game's moves in the box --------------------------------------------------------


def test_issue20_gap_the_other_game_s_moves_are_never_offered_not_anytime(tmp_path):
    """Each game declares the other's moves only to refuse them with their reason: never
    offered (core.moves.never), not `anytime` to get past the house's phase check, and in
    no phase; typed, they are still told whose they are, in any phase and at the end."""
    from referee.core.moves import never
    from referee.games.colors.moves import MOVES as TEAM
    from referee.games.colors_jr.moves import MOVES as JR

    lacking = {"colors": ["take", "reveal"], "jr": ["hand", "play", "discard", "swap", "draw", "adjust"]}
    for key, moves in (("colors", TEAM), ("jr", JR)):
        others = [m.name for m in moves if m.offered is never]
        assert others == lacking[key]
        assert not any(moves[name].anytime for name in others)
        assert not any(name in phase.moves for phase in moves.phases.phases.values() for name in others)
    session, shell, out = open_table("colors", tmp_path, ("Ann", "Ben"), "table", variant="jr")
    assert _flat(_said(shell, out, "play Rs@a1")) == ("✗ play is not part of Cosmic Colors Jr; Jr players "
                                              "`take CELL COLOUR|SHAPE` (CC-7)")  # in setup
    _said(shell, out, "grid Rs Rm Rp", "grid Gc Gg Gs", "grid Bc Bg Bs")
    listed = _said(shell, out, "moves")
    assert "take CELL" in listed and "play" not in listed and "adjust" not in listed
    _said(shell, out, "take a1 red", "top empty empty Ym", "take a2 green")
    assert session.state.phase == "over"
    assert _flat(_said(shell, out, "adjust pile 3")) == ("✗ adjust is not part of Cosmic Colors Jr; Jr players "
                                                 "`take CELL COLOUR|SHAPE` (CC-7)")  # at the end too
    session, shell, out = open_table("colors", tmp_path / "team", ("Ann", "Ben"), "table")
    assert _flat(_said(shell, out, "take a1 red")) == "✗ `take` is Cosmic Colors Jr's move; here a turn is `play` (CC-7)"
