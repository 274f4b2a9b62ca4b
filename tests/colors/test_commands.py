"""Commands as typed: play syntaxes, refusals in one line, secret totals (CC-4), hints (CC-8)."""

import pytest

from referee.games.colors import grid, hint
from referee.games.colors.cards import WILD

from .build import GRID
from .shell import GAME, new, one_refusal


def first_best(session):
    s = session.state
    return hint.best_play(s.tops, s.hands[s.turn], s.side_of(s.turn))


def line_for(session, best):
    names = session.state.names
    return " ".join(f"{names.code(c)}@{grid.name(x)}" for c, x in zip(best.cards, best.cells))


@pytest.mark.parametrize("style", ["at", "equals", "loose", "cells-first"])
def test_1d_play_reads_in_several_spellings(tmp_path, style):
    session, shell, out = new(tmp_path)
    best = first_best(session)
    names = session.state.names
    codes = [names.code(c) for c in best.cards]
    cells = [grid.name(x) for x in best.cells]
    text = {"at": " ".join(f"{c}@{x}" for c, x in zip(codes, cells)),
            "equals": " ".join(f"{x}={c}" for c, x in zip(codes, cells)),
            "loose": " ".join(f"{c} {x}" for c, x in zip(codes, cells)),
            "cells-first": " ".join(cells + codes)}[style]
    assert shell.execute("play " + text), out[-1]
    assert session.state.turns[-1].points == best.points


MALFORMED = ["play", "play Rs", "play b2", "play Rs@", "play @b2", "play Rs@z9", "play Xx@b2", "play Rs@b2 Rs@b2 Rs",
             "play Rs@b2 as purple", "play ☄@b2", "play Rs@b2@c2", "discard Rs Rs Rs", "swap", "swap Rs",
             "swap for", "draw", "take b2 red", "top Rs", "grid Rs", "hand Ann Rs", "score Zed", "pass now",
             "play Rs@b0", "play Rs@b99999999999999999999", "hint now", "review", "hand Zed", "p Rs@a1 Rs@a1"]


@pytest.mark.parametrize("line", MALFORMED)
def test_malformed_and_refused_lines_are_one_line_and_change_nothing(tmp_path, line):
    session, shell, out = new(tmp_path)
    before = session.state
    shell.execute(line)
    assert session.state == before
    assert out and all("internal error" not in o for o in out)
    assert one_refusal(out[-1]), out[-1]


def test_cc4_totals_are_hidden_in_score_and_show_until_the_end(tmp_path):
    session, shell, out = new(tmp_path)
    shell.execute("play " + line_for(session, first_best(session)))
    points = session.state.points[0]
    assert points > 0
    shell.execute("score")
    assert "hidden (CC-4)" in out[-1] and str(points) not in out[-1].split("hidden")[0].split()[-1:]
    shell.execute("show")
    assert "hidden" not in out[-1] and f"{points} points" not in out[-1]
    shell.execute("log")
    assert f"= {points}" not in out[-1]
    assert GAME.result(session.state)["players"][0]["score"] is None


def test_cc4_a_team_asks_for_its_own_total_privately(tmp_path):
    session, shell, out = new(tmp_path)
    shell.execute("play " + line_for(session, first_best(session)))
    seen = []
    shell.show_private = lambda owner, text: seen.append((owner, text))
    shell.execute("score shapes")
    assert seen == [("Shapes (Ann)", f"Shapes (Ann): {session.state.points[0]} points")]
    shell.execute("score Ben")
    assert seen[-1][0] == "Colors (Ben)"


def test_cc4_open_scores_shows_them(tmp_path):
    session, shell, out = new(tmp_path, open_scores=True)
    shell.execute("play " + line_for(session, first_best(session)))
    shell.execute("score")
    assert "hidden" not in out[-1] and str(session.state.points[0]) in out[-1]


def test_cc8_hint_shows_the_best_play_and_its_score(tmp_path):
    session, shell, out = new(tmp_path)
    best = first_best(session)
    shell.execute("hint")
    assert f"`play {line_for(session, best)}`" in out[-1] and out[-1].endswith(f"= {best.points}")


def test_cc8_no_hints_turns_it_off(tmp_path):
    session, shell, out = new(tmp_path, hints=False)
    assert not shell.execute("hint")
    assert "(CC-8)" in out[-1]


def test_1a_wilds_alone_take_the_best_value_or_the_one_said(tmp_path):
    session, shell, out = new(tmp_path, variant="wild")
    assert session.state.hands[0].count(WILD) == 2
    assert shell.execute("play W@c3 as moon")
    assert session.state.turns[-1].value == 1
    shell.execute("undo")
    assert shell.execute("play W@c3")
    turn = session.state.turns[-1]
    tops = list(turn.tops)
    tops[grid.parse("c3")] = WILD
    best = max(grid.score(tuple(tops), 1 << grid.parse("c3"), "shapes", v)[0] for v in range(5))
    assert turn.points == best


def test_setup_table_prompts_for_rows_then_hands(tmp_path):
    session, shell, out = new(tmp_path, mode="table")
    assert GAME.prompt(session.state) == "row 1? "
    rows = GRID.split("\n")[1:6]
    for row in rows:
        assert shell.execute(row)  # a bare row goes to `grid`
    assert GAME.prompt(session.state) == "Ann's hand? "
    assert shell.execute("Rs Rm Rp Rc Rg Ys Ym Yp Yc Yg")
    assert GAME.prompt(session.state) == "Ben's hand? "
    assert shell.execute("Os Om Op Oc Og Bs Bm Bp Bc Bg")
    assert GAME.prompt(session.state) == "Ann (shapes) plays> "


def test_cc5_three_players_are_refused_except_in_jr():
    from referee.games import players_refusal

    # who may play is the entry's, checked once when the game starts (issue 9 item 6)
    options = {o.name: o.default for o in GAME.options}
    assert players_refusal(GAME.entry, 3, options) == (
        "Cosmic Colors is for 2 or 4 players (two teams), not 3 (CC-5); 3 can play the Jr variant (-o variant=jr)")
    assert players_refusal(GAME.entry, 3, dict(options, variant="jr")) is None
    assert players_refusal(GAME.entry, 5, dict(options, variant="jr")) == (
        "Cosmic Colors Jr is for 2 to 4 players, not 5 (CC-7)")


def test_cc1_renamed_colours_are_typed_by_their_letters(tmp_path):
    session, shell, out = new(tmp_path, colors="cyan,magenta,white,kobalt,lime")
    shell.execute("cards")
    assert "C cyan" in out[-1]
    hand = session.state.hands[0]
    assert session.state.names.code(hand[0])[0] in "CMWKL"


def test_cc4_export_hides_nothing_secret_and_points_stay_out_of_the_log(tmp_path):
    session, shell, out = new(tmp_path)
    shell.execute("play " + line_for(session, first_best(session)))
    for action in session.events:
        assert "points" not in action
        assert GAME.describe(action).startswith("plays")


def test_digital_undo_of_a_redraw_asks_first(tmp_path):
    session, shell, out = new(tmp_path)
    shell.execute("pass")
    shell.execute("discard " + session.state.names.code(session.state.hands[0][0]))
    assert not shell.execute("undo")
    assert "revealed" in out[-1]
    assert shell.execute("undo yes")


def test_cc7_jr_digital_undo_of_a_take_asks_first(tmp_path):
    session, shell, out = new(tmp_path, players=("Ann", "Ben", "Cy"), variant="jr")
    shell.execute("hint")
    take = out[-1].split("`")[1]
    assert shell.execute(take)
    assert not shell.execute("undo")  # the cards under the ones taken have been seen
    assert shell.execute("undo yes")


def test_prompt_and_toolbar_say_who_acts(tmp_path):
    session, shell, out = new(tmp_path, players=("Ann", "Ben", "Cy", "Di"))
    assert GAME.prompt(session.state) == "Ann (shapes) plays> "
    shell.execute("pass")
    assert GAME.prompt(session.state) == "Ann discards> "
    assert "Ann (shapes) to discard or swap" in GAME.toolbar(session.state)[0]
    shell.execute("discard")
    assert GAME.prompt(session.state) == "Ben (colors) plays> "


def test_3a_the_discard_may_follow_the_play_on_one_line(tmp_path):
    session, shell, out = new(tmp_path)
    best = first_best(session)
    hand = list(session.state.hands[0])
    for card in best.cards:
        hand.remove(card)
    code = session.state.names.code(hand[0])
    assert shell.execute(f"play {line_for(session, best)} discard {code}")
    assert [a["do"] for a in session.events] == ["play", "discard"]
    assert session.state.player == "Ben"


def test_3a_a_refused_discard_refuses_the_whole_line(tmp_path):
    session, shell, out = new(tmp_path)
    before = session.state
    assert not shell.execute(f"play {line_for(session, first_best(session))} discard Rs Rs Rs")
    assert "(3a)" in out[-1] and session.state == before and not session.events


def test_completion_offers_the_cards_in_hand_and_jr_values(tmp_path):
    session, shell, out = new(tmp_path)
    play = shell.commands.exact("play")
    codes = {session.state.names.code(c) for c in session.state.hands[0]}
    offered = set(play.complete(session, []))
    assert codes <= offered and all(o.split("@")[0] in codes for o in offered)
    session, shell, out = new(tmp_path / "jr", players=("Ann", "Ben"), variant="jr")
    take = shell.commands.exact("take")
    assert len(take.complete(session, [])) == 9
    top = session.state.tops[0]
    assert take.complete(session, ["a1"]) == [session.state.names.colors[top // 5], session.state.names.shapes[top % 5]]


def test_setup_a_hand_said_by_its_player_is_theirs(tmp_path):
    session, shell, out = new(tmp_path, players=("Ann", "Ben", "Cy", "Di"), mode="table")
    assert shell.execute("Cy: Gs Gm Gp Gc Gg Yp Yc")  # before the grid: still Cy's hand, not grid cards
    s = session.state
    assert not any(s.stacks) and s.entered == (2,) and len(s.hands[2]) == 7
    for row in GRID.split("\n")[1:6]:
        assert shell.execute(row)
    assert GAME.prompt(session.state) == "Ann's hand? "
    assert shell.execute("Ben: Os Om Op Oc Og Bs Bm")  # the prompt waits for Ann; Ben said it
    assert session.state.entered == (1, 2) and session.state.hands[0] == ()


def test_setup_a_hand_card_is_not_read_as_a_player_it_begins(tmp_path):
    session, shell, out = new(tmp_path, players=("Oscar", "Ben"), mode="table")
    for row in GRID.split("\n")[1:6]:
        assert shell.execute(row)
    assert shell.execute("hand Os Om Op Oc Og Bs Bm Bp Bc Bg")  # Os the orange star, for Oscar (first waiting)
    assert session.state.entered == (0,) and len(session.state.hands[0]) == 10
    assert not shell.execute("hand Zed Os Om Op Oc Og Bs Bm Bp Bc Bg")
    assert "'Zed' is neither a player (Oscar, Ben) nor a card" in out[-1]


def test_welcome_on_resume_does_not_call_the_player_to_move_the_first(tmp_path):
    session, shell, out = new(tmp_path)
    assert "Ann plays first." in GAME.welcome(session)
    assert shell.execute("pass keep")
    text = GAME.welcome(session)
    assert "plays first" not in text and "Ben (colors) to play" in text


@pytest.mark.parametrize("open_scores", [False, True])
def test_cc8_jr_review_waits_for_the_end_without_citing_secret_totals(tmp_path, open_scores):
    session, shell, out = new(tmp_path, players=("Ann", "Ben", "Cy"), variant="jr", open_scores=open_scores)
    assert not shell.execute("review")
    assert "(CC-8)" in out[-1] and "CC-4" not in out[-1] and "Game over" not in out[-1]


def test_3a_keep_alone_discards_nothing(tmp_path):
    session, shell, out = new(tmp_path)
    assert shell.execute("pass")
    assert not shell.execute("keep Rs")
    assert session.state.phase == "discard"
    assert not shell.execute("play Rs@a1")
    assert "`discard CARDS` or `keep` (3a)" in out[-1]
    assert shell.execute("keep")
    s = session.state
    assert s.phase == "play" and s.player == "Ben" and s.discards == () and len(s.hands[0]) == 10


def test_3a_a_bare_line_of_cards_at_the_discard_prompt_is_the_discard(tmp_path):
    session, shell, out = new(tmp_path)
    names = session.state.names
    codes = [names.code(c) for c in session.state.hands[0][:2]]
    assert not shell.execute(" ".join(codes))  # at the play prompt cards alone are no command
    assert "no command" in out[-1]
    assert shell.execute("pass")
    assert shell.execute(" ".join(codes))
    assert session.events[-1]["do"] == "discard" and session.events[-1]["cards"] == list(session.state.discards)
    assert [names.code(c) for c in session.state.discards] == codes and session.state.player == "Ben"
    assert shell.execute("pass")
    assert shell.execute("keep")  # bare, as before
    assert session.state.player == "Ann" and len(session.state.discards) == 2


STARS = "Rs Os Ys Gs Bs Rs Os Ys Gs Bs"
ALL_STARS = "play " + " ".join(f"{c}@{x}" for c, x in zip(STARS.split(), "a1 b1 c1 d1 e1 a2 b2 c2 d2 e2".split()))


def table_game(tmp_path, ann, ben, **options):
    session, shell, out = new(tmp_path, mode="table", **options)
    assert shell.execute("grid " + " ".join(GRID.split()))
    assert shell.execute(f"hand Ann {ann}") and shell.execute(f"hand Ben {ben}")
    return session, shell, out


@pytest.mark.parametrize("follow", ["keep", "discard", "discard none", "then keep"])
def test_3a_keep_after_a_play_that_empties_the_hand_is_accepted(tmp_path, follow):
    session, shell, out = table_game(tmp_path, STARS, "Om Op Oc Og Bm Bp Bc Bg Ym Yp")
    assert shell.execute(f"{ALL_STARS} {follow}"), out[-1]
    s = session.state
    assert s.hands[0] == () and s.phase == "draw" and s.draw_need == 10 and s.player == "Ann"
    assert [a["do"] for a in session.events[-1:]] == ["play"] and s.discards == ()


def test_3a_a_discard_after_a_play_that_empties_the_hand_is_still_refused(tmp_path):
    session, shell, out = table_game(tmp_path, STARS, "Om Op Oc Og Bm Bp Bc Bg Ym Yp")
    before = session.state
    assert not shell.execute(f"{ALL_STARS} discard Rs")
    assert "no card is left to discard" in out[-1] and "(3a)" in out[-1] and session.state == before


def test_cc8_a_hint_of_wilds_alone_names_their_value_once(tmp_path):
    session, shell, out = table_game(tmp_path, "Rs Rc Op Yg Yg Yg Gp Bs Bp Bg", "Os Om Op Oc Og Bs Bm Bp Bc Bg",
                                     variant="wild")
    assert shell.execute("hint")
    line = out[-1].splitlines()[-1]
    assert line == "Best for Ann: `play W@b3 as moon`: 1 card + 5 connected + 3 bonus = 9"
    assert shell.execute(line.split("`")[1])
    assert session.state.turns[-1].points == 9 and session.state.turns[-1].value == 1


def test_g3_undo_and_redo_say_the_line_the_log_says_with_renamed_colours(tmp_path):
    from referee.core.export import lines

    session, shell, out = new(tmp_path, colors="cyan,magenta,white,kobalt,lime")
    assert shell.execute("play " + line_for(session, first_best(session)))
    said = lines(GAME, session.records, False, states=session.states)[-1][3]
    assert any(letter in said for letter in "CMWKL")  # the table's own codes, not the default ones
    for command in ("undo", "redo"):
        assert shell.execute(command)
        board = GAME.show(session)  # the line, then the board as `show` draws it
        assert out[-1].endswith("\n" + board), out[-1]
        assert out[-1][: -len(board) - 1].split(f"{command}ne: ", 1)[1].split() == said.split()


def test_issue12_watch_says_the_last_moves_as_the_log_does_with_renamed_colours(tmp_path):
    from referee.core.export import lines
    from referee.core.watch import frame

    session, shell, out = new(tmp_path, colors="cyan,magenta,white,kobalt,lime")
    assert shell.execute("play " + line_for(session, first_best(session)))
    said = lines(GAME, session.records, False, states=session.states)[-1][3]
    assert " ".join(said.split()) in " ".join(frame(session, width=80).split())
