"""What a newcomer's playtest of the Core v2 port found (issue 9): `moves` offering what
its rule would refuse, a speaker's own ballot or hand, and refusals citing a rule whose
words did not explain them."""

import pytest

from referee.core import ruletable
from referee.core.errors import RuleError
from referee.games.connections.moves import MOVES
from tests.connections.helpers import do, new_session
from tests.tables import typed

PLAYERS = {"classic": ("Ann", "Ben", "Cy"), "quick": ("Ann", "Ben"), "quads": ("Ann", "Ben"),
           "rummy": ("Ann", "Ben"), "solitaire": ("Sol",)}


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    return lambda variant="classic", **options: new_session(tmp_path, variant, PLAYERS[variant], **options)


def listed(text):
    """The moves a `moves` listing offers (the first word of each usage line that names one)."""
    names = {move.name for move in MOVES}
    return {line.split()[0] for line in text.splitlines()[1:] if line.strip() and not line[0].isspace()} & names


def test_issue9_item1_moves_leaves_out_contest_vote_and_finish_before_the_first_play(table):
    session, shell, out = table()
    assert listed(typed(shell, out, "moves")) == {"start", "adjust"}  # nothing to contest, vote on or score yet


def test_issue9_item1_moves_offers_pass_only_after_the_draw_and_round_only_when_it_may_close(table):
    session, shell, out = table()
    typed(shell, out, "start cowboy/race/tiger/bowl 2")
    first = listed(typed(shell, out, "moves"))
    assert {"play", "draw", "finish"} <= first and not {"pass", "round", "contest", "vote"} & first
    typed(shell, out, "draw")
    drew = listed(typed(shell, out, "moves"))
    assert "pass" in drew and "draw" not in drew  # one draw a turn, then play it or pass (CN-6)
    typed(shell, out, "pass", "play 1,0 surf/lawn/ice/track 1")
    played = listed(typed(shell, out, "moves"))
    assert "contest" in played and "vote" not in played  # a contest opens the vote (CN-4, G-4)
    typed(shell, out, "contest")
    assert listed(typed(shell, out, "moves")) == {"vote"}


def test_issue9_item1_moves_offers_what_it_lists_every_listed_bare_move_is_accepted(table):
    session, shell, out = table()
    typed(shell, out, "start cowboy/race/tiger/bowl 2", "draw")
    for bare in ("pass",):
        assert bare in listed(typed(shell, out, "moves"))
        assert "✗" not in typed(shell, out, bare)


def test_issue9_item1_rummy_moves_offers_runs_only_after_the_turns_draw_and_steal_before(table):
    session, shell, out = table("rummy")
    before = listed(typed(shell, out, "moves"))
    assert "draw" in before and "steal" in before and not {"run", "extend", "pass"} & before  # CN-6, CN-8
    typed(shell, out, "draw")
    after = listed(typed(shell, out, "moves"))
    assert {"run", "extend", "pass"} <= after and "draw" not in after


def test_cn7_quick_moves_offers_an_objection_once_a_card_is_played_and_quads_once_a_quad_is_made(table):
    session, shell, out = table("quick")
    typed(shell, out, "start cowboy/race/tiger/bowl 2")
    assert not {"contest", "vote"} & listed(typed(shell, out, "moves"))
    typed(shell, out, "Ann: play 1,0 surf/lawn/ice/track 1")
    assert {"contest", "vote"} <= listed(typed(shell, out, "moves"))  # a bare vote objects to the last card
    session, shell, out = table("quads")
    assert "contest" not in listed(typed(shell, out, "moves"))
    typed(shell, out, "Ann: play 0,0 a/b/c/d 1 !", "Ann: play 1,0 a/b/c/d 1 !", "Ann: play 0,1 a/b/c/d 1 !",
          "Ann: play 1,1 b/c/d/e 1 !")
    assert len(session.state.quads[0]) == 1 and "contest" in listed(typed(shell, out, "moves"))


def test_issue9_item1_solitaire_moves_leaves_out_finish_before_the_starter_card(table):
    session, shell, out = table("solitaire")
    assert listed(typed(shell, out, "moves")) == {"start", "adjust"}


def test_g4_a_player_who_names_themselves_may_give_their_ballot_alone(table):
    session, shell, out = table()
    typed(shell, out, "start cowboy/race/tiger/bowl 2", "play 1,0 surf/lawn/ice/track 1", "Ben: contest")
    text = typed(shell, out, "Cy: no")
    assert "yes 0, no 1; waiting for Ann, Ben" in " ".join(text.split())
    typed(shell, out, "Ann: vote no", "Ben: yes")
    assert session.state.vote is None and session.state.cells.get((1, 0)) is None  # 2 of 3 said no (CN-4)
    assert "✗" in typed(shell, out, "no")  # with nobody named, a lone ballot is still refused: whose?


def test_cn6_a_player_who_names_themselves_may_enter_their_own_hand(table):
    session, shell, out = table()
    typed(shell, out, "start cowboy/race/tiger/bowl 2", "play 1,0 surf/lawn/ice/track 1", "finish")
    assert "Ben has 5 cards worth 12 left in hand" in " ".join(typed(shell, out, "Ben: 12").split())
    assert "Cy has 2 + 2 + 1 + 1 + 1 = 7" in typed(shell, out, "Cy: hand 2 2 1 1 1")
    typed(shell, out, "Ann: none 4")  # the speaker's name is left out only before numbers: this is refused
    assert session.state.phase == "count" and set(session.state.counted) == {1, 2}
    typed(shell, out, "Ann: 4")
    assert session.state.phase == "over"


def test_cn1_a_hand_total_no_hand_can_hold_cites_the_cards_points_rule(table):
    from tests.connections.helpers import started

    state = started("classic")
    state = do(do(state, "play", cell=[1, 0], card={"words": ["surf", "lawn", "ice", "track"], "points": 1}),
               "finish")
    with pytest.raises(RuleError) as refused:
        do(state, "hand", player="Ben", total=99)
    assert refused.value.rule == "CN-1"
    assert "1–5 points" in ruletable.for_game("connections").find("CN-1").text


def test_g6_after_finish_a_refusal_cites_g6_whose_words_say_the_table_stopped_the_game(table):
    session, shell, out = table()
    typed(shell, out, "start cowboy/race/tiger/bowl 2", "finish", "hand Ann 5", "hand Ben 5", "hand Cy 5")
    assert session.state.phase == "over" and session.state.early
    assert "(G-6)" in typed(shell, out, "draw")
    assert "stop any game early" in typed(shell, out, "why")


def test_issue9_item4_a_turn_refusal_cites_the_ruling_on_variants_and_why_quotes_its_turns(table):
    """Issue 20 item 12 changed the citation on purpose: a bare "(Classic)", "(Rummy)" or
    "(Quick)" read as the variant's name, so these refusals cite CN-6, whose words name
    each variant's turns and draws; `rule Classic` still quotes the rulebook."""
    session, shell, out = table()
    typed(shell, out, "start cowboy/race/tiger/bowl 2")
    assert "it is Ann's turn, not Ben's (CN-6)" in typed(shell, out, "Ben: play 1,0 surf/lawn/ice/track 1")
    said = " ".join(typed(shell, out, "why").split())
    assert "CN-6 · RULINGS" in said and "every other player takes one more turn" in said
    assert "a player who cannot connect draws (CN-6)" in typed(shell, out, "pass")
    assert "cannot connect → draw one" in " ".join(typed(shell, out, "why").split())
    session, shell, out = table("rummy")
    assert "each turn starts with a draw (CN-6)" in typed(shell, out, "pass")
    assert "draw one per turn" in " ".join(typed(shell, out, "why").split())
    session, shell, out = table("quick")
    typed(shell, out, "start cowboy/race/tiger/bowl 2")
    assert "(CN-6)" in typed(shell, out, "play 1,0 surf/lawn/ice/track 1")
    assert "Quick Play (10 cards, no turns" in " ".join(typed(shell, out, "why").split())
    assert "Take turns connecting cards" in " ".join(typed(shell, out, "rule Classic").split())


def test_issue9_item4_the_rulebook_sections_quote_the_rulebook_word_for_word():
    import os

    # the rulebook sits in ../shared/ beside a checkout (as tests/core/test_ruletable.py reads RULINGS.md)
    path = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "rules", "connections.txt")
    book = " ".join(open(path, encoding="utf-8").read().split()) if os.path.exists(path) else None
    table = ruletable.for_game("connections")
    for rule_id in ("Classic", "Endless", "Solitaire", "Quick", "Quads", "Rummy"):
        text = " ".join(table.find(rule_id).text.split())
        assert text and table.find(rule_id).source.startswith("rulebook")
        if book is not None:
            for paragraph in table.find(rule_id).text.split("\n\n"):
                assert " ".join(paragraph.split()) in book, (rule_id, paragraph[:40])


def test_issue9_item2_the_toolbar_says_what_is_awaited_the_starter_card_then_whose_hands():
    from referee.games.connections.game import GAME
    from tests.connections.helpers import new_state

    state = new_state("classic", ("Ann", "Ben", "Cy"))
    assert GAME.toolbar(state)[0] == "lay the starter card"
    counting = do(do(do(state, "start", card={"words": ["a", "b", "c", "d"], "points": 1}), "finish"),
                  "hand", player="Ann", total=5)
    assert GAME.toolbar(counting)[0] == "hands left: Ben, Cy"


def test_cn6_quads_round_refusal_speaks_of_its_four_draw_piles():
    from tests.connections.helpers import new_state

    state = do(new_state("quads", ("Ann", "Ben")), "draw", pile=1, by="Ann")
    with pytest.raises(RuleError, match="once the four draw piles are empty"):
        do(state, "round")


def test_issue9_item2_a_mistyped_command_at_the_vote_or_hand_prompt_is_named_not_read_as_a_ballot(table):
    session, shell, out = table()
    typed(shell, out, "start cowboy/race/tiger/bowl 2", "play 1,0 surf/lawn/ice/track 1", "contest")
    assert "no command 'scroe'; did you mean 'score'?" in typed(shell, out, "scroe")
    assert "did you mean 'vote'?" in typed(shell, out, "voet Ann yes")
    assert "no player 'Dan'" in typed(shell, out, "Dan yes")  # not close to a command: about a player
    assert session.state.vote is not None and session.state.vote.ballots == ()
    typed(shell, out, "all yes", "finish")
    assert "did you mean 'hand'?" in typed(shell, out, "hnad Ben 5")
    assert session.state.counted == {}
    assert "Ben has 5 cards worth 5" in typed(shell, out, "Ben 5")


def test_issue20_item11_moves_lists_vote_while_two_votes_are_open(tmp_path, monkeypatch):
    """With two CN-7 objections open a bare `vote all yes` must say which, so `moves` once
    left `vote` out exactly when the table had the most to vote on: its probe names each
    open vote too, and what it lists is accepted."""
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    session, shell, out = new_session(tmp_path, "quick", ("Ann", "Ben", "Cy"))
    typed(shell, out, "start school/ship/mine/tire 2", "Ann: play 1,0 sword/wave/fur/pirate 2",
          "Ben: play -1,0 queen/wheels/bread/dragon 1", "Cy: contest -1,0", "Ben: contest 1,0")
    assert len(session.state.votes) == 2
    assert "vote" in listed(typed(shell, out, "moves"))
    assert "✗" not in typed(shell, out, "vote 1,0 all yes")
    assert len(session.state.votes) == 1 and "vote" in listed(typed(shell, out, "moves"))
    assert "✗" not in typed(shell, out, "vote all yes")  # one left: a bare vote settles it
    assert not session.state.votes and "vote" not in listed(typed(shell, out, "moves"))
