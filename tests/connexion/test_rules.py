"""Cosmic ConneXion's rules as pure functions: one test (or a few) per ruling CX-1..CX-10.

States are built by applying actions to ``state.initial``: no session, no journal, no
lexicon (a claim carries its verdict, as the command layer would give it).
"""

import pytest

from referee.core.errors import RuleError
from referee.core.states import evolve
from referee.games.connexion import bonus, paths, placing, state as table
from referee.games.connexion.moves import MOVES

OPTIONS = {"timer": 60, "min_cards": 2, "repeats": False, "tie": "keep"}
SMALL_DECK = [["Sun", 0, False], ["Mars", 4, False], ["Virgo", 44, True]]


def new(players=("Ann", "Ben"), mode="table", deck=None, seed=7, **options):
    header = {"players": list(players), "mode": mode, "seed": seed, "options": dict(OPTIONS, **options)}
    if deck is not None:
        header["deck"] = deck
    return table.initial(header)


def play(state, *actions):
    for action in actions:
        state = MOVES.apply(state, dict({"at": 0.0}, **action))
    return state


def place(*letters, start=1):
    return [{"do": "place", "letter": key, "position": start + i} for i, key in enumerate(letters)]


def claim(word, *path, verdict="word", **extra):
    return dict({"do": "claim", "word": word, "path": [list(step) for step in path], "verdict": verdict,
                 "reason": "test"}, **extra)


# Positions 1..6: 1 touches 2, 3 (diagonal); 2-3 horizontal; 3 touches 5, 6; 5-6 horizontal.
METAPHOR_BOARD = place("mu", "eta", "phi", "alpha", "omicron", "rho")
METAPHOR = claim("metaphor", (1, "m"), (2, "eta"), (3, "ph"), (5, "o"), (6, "r"))


def test_faq5_metaphor_is_accepted_and_earns_a_card():
    state = play(new(), *METAPHOR_BOARD, METAPHOR, {"do": "card", "card": "Mars"})
    assert [c.word for c in state.scribe_words()] == ["metaphor"]
    assert state.held_by("Ben") == ("Mars",)  # Ben placed position 6, so it is Ben's turn
    assert state.total("Ben") == 4


def test_cx1_positions_fill_in_order():
    state = play(new(), *place("mu"))
    with pytest.raises(RuleError, match=r"position 2, not 5.*CX-7"):
        MOVES.apply(state, {"do": "place", "letter": "eta", "position": 5, "at": 0})


def test_cx1_cards_that_do_not_touch_cannot_be_joined():
    state = play(new(), *METAPHOR_BOARD)
    with pytest.raises(RuleError, match=r"positions 1 and 5 do not touch.*CX-1"):
        MOVES.apply(state, claim("mo", (1, "m"), (5, "o")))


def test_cx1_no_vertical_contact():
    # Position 1 (top) and position 5 (two rows below, same column) do not touch.
    state = play(new(), *place("omicron", "eta", "phi", "alpha", "nu"))
    with pytest.raises(RuleError, match="CX-1"):
        MOVES.apply(state, claim("on", (1, "o"), (5, "n")))


def test_cx2_same_card_twice_in_a_row_is_refused():
    state = play(new(), *place("alpha", "nu"))
    with pytest.raises(RuleError, match="twice in a row.*CX-2"):
        MOVES.apply(state, claim("aa", (1, "a"), (1, "a")))


def test_cx2_faq3_a_card_may_be_revisited_after_another():
    # alpha(1) - nu(2) - alpha(1): "ana" visits alpha twice, not in a row.
    state = play(new(), *place("alpha", "nu"), claim("ana", (1, "a"), (2, "n"), (1, "a")))
    assert state.claims[-1].word == "ana"


def test_cx2_faq4_a_revisit_may_read_another_representation():
    # eta(1) - tau(2) - eta(1): ETH reads Eta as "e" on the first visit and as "h" on the second.
    state = play(new(), *place("eta", "tau"), claim("eth", (1, "e"), (2, "t"), (1, "h")))
    assert state.claims[-1].path == ((1, "e"), (2, "t"), (1, "h"))


def test_cx2_the_path_must_spell_the_word():
    state = play(new(), *METAPHOR_BOARD)
    # Three cards cannot spell METAPHOR whatever they read: the refusal says how far they go.
    with pytest.raises(RuleError, match="Mu, Eta, Phi cannot spell METAPHOR.*no further than METAPH.*CX-2"):
        MOVES.apply(state, claim("metaphor", (1, "m"), (2, "e"), (3, "ph")))
    # Cards that can spell it, read otherwise in a hand-edited record: what they read is said.
    with pytest.raises(RuleError, match="the path spells MEPHOR, not METAPHOR.*CX-2"):
        MOVES.apply(state, claim("metaphor", (1, "m"), (2, "e"), (3, "ph"), (5, "o"), (6, "r")))


def test_issue9_cx2_a_typed_path_and_a_journal_path_are_refused_alike():
    """The path check is the rules' alone: a typed path gets its readings looked up and
    the same refusal a claim in the journal gets (it was written three times)."""
    state = play(new(), *METAPHOR_BOARD)
    steps = paths.readings(state, "metaphor", [1, 2, 3, 5, 6])
    assert steps == [(1, "m"), (2, "eta"), (3, "ph"), (5, "o"), (6, "r")]
    for positions, said in (([1, 5], "positions 1 and 5 do not touch (CX-1)"),
                            ([1, 1], "the path visits position 1 twice in a row (CX-2)"),
                            ([1, 2, 9], "position 9 has no card (CX-2)"),
                            ([1, 2, 3], "Mu, Eta, Phi cannot spell METAPHOR")):
        with pytest.raises(RuleError) as typed:
            paths.check_path(state, "metaphor", paths.readings(state, "metaphor", positions), 2)
        with pytest.raises(RuleError) as journal:
            MOVES.apply(state, claim("metaphor", *paths.readings(state, "metaphor", positions)))
        assert said in str(typed.value) and str(typed.value) == str(journal.value)


def test_cx2_an_empty_position_cannot_be_visited():
    state = play(new(), *place("mu", "eta"))
    with pytest.raises(RuleError, match="position 3 has no card"):
        MOVES.apply(state, claim("me", (1, "m"), (3, "e")))


def test_cx3_a_card_reads_only_its_representations():
    state = play(new(), *place("rho", "omicron"))
    with pytest.raises(RuleError, match="Rho does not read 'x'.*CX-3"):
        MOVES.apply(state, claim("xo", (1, "x"), (2, "o")))
    # Rho's glyph reads as p (CX-3): "po" is fine by the path rules.
    assert play(state, claim("po", (1, "p"), (2, "o"))).claims[-1].word == "po"


def test_cx4_one_card_words_only_a_and_i():
    state = play(new(), *place("alpha", "omicron"))
    assert play(state, claim("a", (1, "a"))).claims[-1].word == "a"
    state = play(new(), *place("omicron", "alpha"))
    with pytest.raises(RuleError, match="O joins fewer than 2 card visits; only A and I may stand alone.*CX-4"):
        MOVES.apply(state, claim("o", (1, "o")))


def test_cx4_min_cards_option():
    state = play(new(min_cards=3), *METAPHOR_BOARD)
    with pytest.raises(RuleError, match="fewer than 3 card visits.*CX-4"):
        MOVES.apply(state, claim("me", (1, "m"), (2, "e")))


def test_cx5_each_word_scores_once():
    state = play(new(), *METAPHOR_BOARD, METAPHOR, {"do": "card", "card": "Mars"})
    with pytest.raises(RuleError, match="already claimed by Ben.*CX-5"):
        MOVES.apply(state, dict(METAPHOR, at=1))


def test_cx5_repeats_option_lets_a_word_score_again():
    state = play(new(repeats=True), *METAPHOR_BOARD, METAPHOR, {"do": "card", "card": "Mars"}, METAPHOR)
    assert [c.word for c in state.claims] == ["metaphor", "metaphor"]


def test_cx5_only_the_player_whose_turn_it_is_claims():
    state = play(new(), *METAPHOR_BOARD)
    with pytest.raises(RuleError, match="it is Ben's turn, not Ann's.*CX-5"):
        MOVES.apply(state, dict(METAPHOR, by="Ann", at=0))


def test_cx6_unknown_word_is_refused_with_the_way_to_contest():
    state = play(new(), *METAPHOR_BOARD)
    with pytest.raises(RuleError, match="not a word.*contest.*CX-6"):
        MOVES.apply(state, claim("meta", (1, "m"), (2, "eta"), verdict="unknown"))


def test_cx6_rare_word_goes_to_a_vote_and_a_majority_accepts():
    state = play(new(players=("Ann", "Ben", "Cy")), *METAPHOR_BOARD, claim("meta", (1, "m"), (2, "eta"), verdict="rare"))
    assert state.pending[0] == "vote"
    state = play(state, {"do": "vote", "ballots": [["Ann", True], ["Ben", True], ["Cy", False]]})
    assert state.claims[-1].status == "accepted"
    assert state.pending == ("card", 0)  # then the card is named (table mode)


def test_cx6_rare_word_refused_by_majority():
    state = play(new(players=("Ann", "Ben", "Cy")), *METAPHOR_BOARD, claim("meta", (1, "m"), (2, "eta"), verdict="rare"))
    state = play(state, {"do": "vote", "ballots": [["Ann", False], ["Ben", True], ["Cy", False]]})
    assert state.claims[-1].status == "refused" and state.pending is None
    assert state.scribe_words() == []


def test_g4_tie_keeps_what_was_played_by_default():
    state = play(new(), *METAPHOR_BOARD, claim("meta", (1, "m"), (2, "eta"), verdict="rare"))
    state = play(state, {"do": "vote", "ballots": [["Ann", False], ["Ben", True]]})
    assert state.claims[-1].status == "accepted"


def test_g4_tie_option_reject():
    state = play(new(tie="reject"), *METAPHOR_BOARD, claim("meta", (1, "m"), (2, "eta"), verdict="rare"))
    state = play(state, {"do": "vote", "ballots": [["Ann", False], ["Ben", True]]})
    assert state.claims[-1].status == "refused"


def test_g4_vote_waits_for_every_player():
    state = play(new(players=("Ann", "Ben", "Cy")), *METAPHOR_BOARD, claim("meta", (1, "m"), (2, "eta"), verdict="rare"))
    state = play(state, {"do": "vote", "ballots": [["Ann", True], ["Ben", True]]})
    assert state.pending[0] == "vote" and state.pending[1].missing == ["Cy"]
    with pytest.raises(RuleError, match="vote is open.*G-4"):
        MOVES.apply(state, {"do": "place", "letter": "nu", "position": 7, "at": 0})


def test_g4_unknown_word_let_in_by_a_contest_vote():
    state = play(new(), *METAPHOR_BOARD)
    contest = claim("meph", (1, "m"), (2, "e"), (3, "ph"), verdict="unknown")
    state = play(state, dict(contest, do="contest"), {"do": "vote", "ballots": [["Ann", True], ["Ben", True]]})
    assert state.claims[-1].word == "meph" and state.claims[-1].status == "accepted"


def test_g4_unknown_word_tie_does_not_override():
    state = play(new(), *METAPHOR_BOARD)
    contest = claim("meph", (1, "m"), (2, "e"), (3, "ph"), verdict="unknown")
    state = play(state, dict(contest, do="contest"), {"do": "vote", "ballots": [["Ann", True], ["Ben", False]]})
    assert state.claims[-1].status == "refused" and state.held_by("Ben") == ()


def test_g4_contest_strikes_an_accepted_word_and_returns_its_card():
    state = play(new(), *METAPHOR_BOARD, METAPHOR, {"do": "card", "card": "Mars"}, {"do": "contest"})
    state = play(state, {"do": "vote", "ballots": [["Ann", False], ["Ben", False]]})
    assert state.claims[-1].status == "struck"
    assert state.held_by("Ben") == () and "Mars" in state.pile


def test_g4_contest_upheld_keeps_the_word():
    state = play(new(), *METAPHOR_BOARD, METAPHOR, {"do": "card", "card": "Mars"}, {"do": "contest"})
    state = play(state, {"do": "vote", "ballots": [["Ann", False], ["Ben", True]]})
    assert state.claims[-1].status == "accepted" and state.held_by("Ben") == ("Mars",)


def test_cx7_placement_k_is_made_by_player_k_minus_1_mod_n():
    state = new(players=("Ann", "Ben", "Cy"))
    order = []
    for i, key in enumerate(["alpha", "beta", "gamma", "delta", "epsilon"]):
        order.append(state.placer)
        state = play(state, {"do": "place", "letter": key, "position": i + 1})
    assert order == ["Ann", "Ben", "Cy", "Ann", "Ben"]


def test_cx7_the_count_of_placed_cards_follows_the_board_of_each_state():
    """``placed`` is counted once per board and kept beside it: a placement hands its new
    state the count of its own board (one more than the board it changed), a state made
    from a counted one (evolve copies every attribute) whose board is another counts its
    own board, and the count never shows in the state's repr or equality."""
    before = play(new(players=("Ann", "Ben", "Cy")), *place("alpha", "beta"))
    assert (before.placed, before.placer, before.claimant) == (2, "Cy", "Ben")
    after = play(before, *place("gamma", start=3))
    assert (after.placed, after.next_position, after.placer, after.claimant, after.turn) == (3, 4, "Ann", "Cy", 2)
    fewer = evolve(after, board=before.board)
    assert (fewer.placed, fewer.placer) == (2, "Cy") and after.placed == 3
    again = play(new(players=("Ann", "Ben", "Cy")), *place("alpha", "beta"))  # its count handed on by the placement
    assert vars(again)["_placed"] == (again.board, 2) and vars(again)["_placed"][0] is again.board
    recount = evolve(again, board=again.board[:24] + again.board[24:])  # an equal board, another tuple: counted afresh
    assert vars(recount)["_placed"][0] is not recount.board and recount.placed == 2
    assert before == again and repr(before) == repr(again) and "_placed" not in repr(before)


def test_cx7_wrong_player_cannot_place():
    with pytest.raises(RuleError, match="Ann's turn, not Ben's.*CX-7"):
        MOVES.apply(new(), {"do": "place", "letter": "mu", "position": 1, "by": "Ben", "at": 0})


def test_cx7_each_letter_is_placed_once():
    state = play(new(), *place("mu"))
    with pytest.raises(RuleError, match="Mu is already on the board at position 1.*CX-7"):
        MOVES.apply(state, {"do": "place", "letter": "mu", "position": 2, "at": 0})


def test_cx7_g5_late_claim_needs_the_tables_leave():
    state = play(new(timer=60), *METAPHOR_BOARD)
    with pytest.raises(RuleError, match=r"time is up for Ben's turn \(1\u00a0s past 60\u00a0s\).*\(G-5\)"):
        MOVES.apply(state, dict(METAPHOR, at=61.0))
    accepted = MOVES.apply(state, dict(METAPHOR, at=61.0, late=True))
    assert accepted.claims[-1].late


def test_cx7_timer_zero_is_untimed():
    state = play(new(timer=0), *METAPHOR_BOARD)
    assert MOVES.apply(state, dict(METAPHOR, at=10_000.0)).claims[-1].word == "metaphor"


def test_cx7_no_claim_before_the_first_card():
    with pytest.raises(RuleError, match="place position 1 first"):
        MOVES.apply(new(), claim("a", (1, "a")) | {"at": 0})


def test_g2_digital_mode_deals_every_letter_and_checks_the_hand():
    state = new(players=("Ann", "Ben", "Cy"), mode="digital", seed=3)
    dealt = sorted(k for hand in state.hands for k in hand)
    assert len(dealt) == 24 and len(set(dealt)) == 24
    assert [len(h) for h in state.hands] == [8, 8, 8]
    not_mine = state.hands[1][0]
    with pytest.raises(RuleError, match=r"Ann cannot place \w+ now \(G-2\)") as refused:
        MOVES.apply(state, {"do": "place", "letter": not_mine, "position": 1, "at": 0})
    # Why is the hand's secret: said to its owner only (issue 9 item 5).
    assert "hold" not in str(refused.value)
    assert refused.value.owner == "Ann" and "Ann does not hold" in refused.value.private


def test_g2_digital_deal_is_fixed_by_the_seed():
    a, b, c = (new(mode="digital", seed=s) for s in (11, 11, 12))
    assert a.hands == b.hands and a.pile == b.pile
    assert (a.hands, a.pile) != (c.hands, c.pile)


def test_cx8_digital_mode_draws_the_top_card():
    state = new(mode="digital", seed=5)
    top = state.pile[0]
    # Place whatever the hands allow, then claim the one-letter word a if alpha is down.
    for position in range(1, 25):
        key = placing.legal_letters(state)[0]
        if "alpha" in placing.legal_letters(state):
            key = "alpha"
        state = play(state, {"do": "place", "letter": key, "position": position})
        if key == "alpha":
            break
    state = play(state, claim("a", (state.board.index("alpha") + 1, "a")))
    assert state.held_by(state.claimant) == (top,) and state.pending is None


def test_cx8_table_mode_waits_for_the_card_and_asks_for_an_assumed_value():
    state = play(new(deck=SMALL_DECK), *METAPHOR_BOARD, METAPHOR)
    assert state.pending == ("card", 0)
    with pytest.raises(RuleError, match="does not give Virgo's value.*CX-8"):
        MOVES.apply(state, {"do": "card", "card": "Virgo", "at": 0})
    state = play(state, {"do": "card", "card": "Virgo", "value": 40})
    assert state.total("Ben") == 40  # the printed value entered, kept


def test_cx8_a_card_already_held_cannot_be_drawn():
    state = play(new(deck=SMALL_DECK), *METAPHOR_BOARD, METAPHOR, {"do": "card", "card": "Mars"})
    state = play(state, claim("meta", (1, "m"), (2, "eta")))
    with pytest.raises(RuleError, match="Ben holds it.*CX-8"):
        MOVES.apply(state, {"do": "card", "card": "Mars", "at": 0})


def _empty_pile_state():
    # Deck of one card (Mars); METAPHOR takes it; the next words meet an empty pile.
    state = play(new(deck=[["Mars", 4, False], ["Sun", 0, False]]), *METAPHOR_BOARD)
    state = play(state, METAPHOR, {"do": "card", "card": "Mars"}, {"do": "place", "letter": "nu", "position": 7})
    state = play(state, claim("meta", (1, "m"), (2, "eta")), {"do": "card", "card": "Sun"})
    return state  # Ben holds Mars; Ann holds the Sun; pile empty; Ann's turn (placed 7)


def test_cx9_pilfer_after_a_word_of_four_letters_once_the_pile_is_empty():
    state = _empty_pile_state()
    assert state.pile == () and state.claimant == "Ann" and state.turn == 0  # the seat to act (issue 9)
    state = play(state, claim("meme", (1, "m"), (2, "e"), (1, "m"), (2, "e")))
    assert state.pending == ("pilfer", len(state.claims) - 1)
    state = play(state, {"do": "pilfer", "from": "Ben", "card": "Mars"})
    assert set(state.held_by("Ann")) == {"Sun", "Mars"} and state.held_by("Ben") == ()


def test_cx9_short_word_earns_nothing_once_the_pile_is_empty():
    state = _empty_pile_state()
    state = play(state, claim("or", (5, "o"), (6, "r")))
    assert state.pending is None and state.claims[-1].card is None


def test_cx9_cannot_pilfer_own_card_or_one_not_held():
    state = _empty_pile_state()
    state = play(state, claim("meme", (1, "m"), (2, "e"), (1, "m"), (2, "e")))
    with pytest.raises(RuleError, match="another player.*CX-9"):
        MOVES.apply(state, {"do": "pilfer", "from": "Ann", "card": "Sun", "at": 0})
    with pytest.raises(RuleError, match="Ben does not hold Sun.*CX-9"):
        MOVES.apply(state, {"do": "pilfer", "from": "Ben", "card": "Sun", "at": 0})
    assert play(state, {"do": "pilfer", "skip": True}).pending is None


def _full_board(state):
    keys = ["mu", "eta", "phi", "alpha", "omicron", "rho", "nu", "beta", "gamma", "delta", "epsilon", "zeta",
            "theta", "iota", "kappa", "lambda", "xi", "pi", "sigma", "tau", "upsilon", "chi", "psi", "omega"]
    for position, key in enumerate(keys, start=1):
        state = play(state, {"do": "place", "letter": key, "position": position})
    return state


def test_cx10_bonus_comes_after_position_24():
    state = play(new(), *METAPHOR_BOARD)
    with pytest.raises(RuleError, match="after position 24's turn.*CX-10"):
        MOVES.apply(state, {"do": "bonus", "sentence": "a metaphor", "at": 0})


def _bonus_ready(words=("a", "metaphor", "will", "rho")):
    """Ann holds the sun, and the scribe's list has the given words (paths are faked on a full board)."""
    state = new(deck=[["Sun", 0, False], ["Mars", 4, False], ["Venus", 2, False], ["Earth", 3, False], ["Moon", 3, True]])
    state = _full_board(state)
    from dataclasses import replace

    claims = tuple(table.Claim(word=w, player="Ann", path=()) for w in words)
    return replace(state, claims=claims, held=(("Sun",), ("Mars",)))


def test_cx10_bonus_words_must_come_from_the_scribes_list():
    state = _bonus_ready()
    with pytest.raises(RuleError, match="DOG is not on the scribe's list.*CX-10"):
        MOVES.apply(state, {"do": "bonus", "sentence": "a dog", "at": 0})


def test_cx10_each_logged_word_used_at_most_as_often_as_logged():
    state = _bonus_ready()
    with pytest.raises(RuleError, match="A is used more often than it was logged.*CX-10"):
        MOVES.apply(state, {"do": "bonus", "sentence": "a metaphor a", "at": 0})


def test_cx10_present_tense_sentence_scores_25_a_word():
    state = play(_bonus_ready(), {"do": "bonus", "sentence": "A metaphor."})
    assert not state.bonus.future
    state = play(state, {"do": "vote", "ballots": [["Ann", True], ["Ben", True]]})
    assert state.phase == "over" and state.total("Ann") == 50 and state.total("Ben") == 4


def test_cx10_future_tense_flagged_and_confirmed_scores_50_a_word():
    state = play(_bonus_ready(), {"do": "bonus", "sentence": "Metaphor will rho"})
    assert state.bonus.future
    state = play(state, {"do": "vote", "ballots": [["Ann", True], ["Ben", True]]})
    assert state.pending[1].question == "Is the sentence in the future tense?"
    state = play(state, {"do": "vote", "ballots": [["Ann", True], ["Ben", False]]})  # tie keeps the flag
    assert state.total("Ann") == 150


def test_cx10_future_tense_denied_scores_25_a_word():
    state = play(_bonus_ready(), {"do": "bonus", "sentence": "Metaphor will rho"},
                 {"do": "vote", "ballots": [["Ann", True], ["Ben", True]]},
                 {"do": "vote", "ballots": [["Ann", False], ["Ben", False]]})
    assert state.total("Ann") == 75


def test_cx10_ungrammatical_sentence_scores_nothing():
    state = play(_bonus_ready(), {"do": "bonus", "sentence": "rho a"},
                 {"do": "vote", "ballots": [["Ann", False], ["Ben", False]]})
    assert state.phase == "over" and state.total("Ann") == 0


def test_cx10_future_tense_detection():
    assert bonus.future_tense("we will go")
    assert bonus.future_tense("she'll rest")
    assert bonus.future_tense("I am going to eat")
    assert bonus.future_tense("they shall pass")
    assert not bonus.future_tense("I ate a metaphor")


def test_cx10_no_sun_holder_means_no_bonus_round():
    from dataclasses import replace

    state = replace(_bonus_ready(), held=((), ("Mars",)))
    with pytest.raises(RuleError, match="nobody holds the sun.*CX-10"):
        MOVES.apply(state, {"do": "start_bonus", "at": 0})
    state = MOVES.apply(state, {"do": "finish", "at": 0})
    assert state.phase == "over" and table.winners(state) == ["Ben"]


def test_g6_finish_before_position_24_ends_the_game_early():
    state = play(new(), *METAPHOR_BOARD, METAPHOR, {"do": "card", "card": "Mars"})
    for action in ({"do": "finish", "at": 0}, {"do": "finish", "early": True, "at": 0}):
        over = MOVES.apply(state, action)
        assert over.phase == "over" and over.early
        assert table.winners(over) == ["Ben"]  # the scores as they stand decide


def test_g6_finish_waits_for_an_open_vote_or_an_owed_card():
    state = play(new(), *METAPHOR_BOARD, METAPHOR)
    with pytest.raises(RuleError, match="first name the celestial card.*CX-8"):
        MOVES.apply(state, {"do": "finish", "early": True, "at": 0})


def test_cx10_highest_total_wins_and_a_tie_is_shared():
    from dataclasses import replace

    state = replace(_bonus_ready(), held=(("Earth",), ("Moon",)), values={"Moon": 3})
    state = MOVES.apply(state, {"do": "finish", "at": 0})
    assert table.winners(state) == ["Ann", "Ben"]


def test_the_game_over_refuses_moves_but_allows_adjust():
    state = MOVES.apply(play(new(), *METAPHOR_BOARD), {"do": "finish", "early": True, "at": 0})
    with pytest.raises(RuleError, match="game is over"):
        MOVES.apply(state, {"do": "place", "letter": "nu", "position": 7, "at": 0})
    state = MOVES.apply(state, {"do": "adjust", "what": "points", "player": "Ann", "points": 5, "at": 0})
    assert state.total("Ann") == 5


def test_adjust_gives_a_card_as_a_logged_correction():
    state = play(new(), *METAPHOR_BOARD, METAPHOR, {"do": "card", "card": "Mars"})
    state = play(state, {"do": "adjust", "what": "give", "card": "Mars", "to": "Ann"})
    assert state.held_by("Ann") == ("Mars",) and state.held_by("Ben") == ()


def test_g4_contest_upheld_while_the_card_is_owed_still_waits_for_the_card():
    state = play(new(), *METAPHOR_BOARD, METAPHOR, {"do": "contest"},
                 {"do": "vote", "ballots": [["Ann", True], ["Ben", True]]})
    assert state.pending == ("card", 0)
    state = play(state, {"do": "card", "card": "Mars"})
    assert state.held_by("Ben") == ("Mars",)


def test_g4_contest_struck_while_the_card_is_owed_owes_nothing():
    state = play(new(), *METAPHOR_BOARD, METAPHOR, {"do": "contest"},
                 {"do": "vote", "ballots": [["Ann", False], ["Ben", False]]})
    assert state.pending is None and state.claims[0].status == "struck"


def test_cx10_the_bonus_sentence_belongs_to_the_sun_holder():
    with pytest.raises(RuleError, match="the bonus sentence is Ann's to make: Ann holds the sun.*CX-10"):
        MOVES.apply(_bonus_ready(), {"do": "bonus", "sentence": "a metaphor", "by": "Ben", "at": 0})


def test_cx8_a_digital_claim_that_names_another_card_than_the_top_is_refused():
    state = new(mode="digital", seed=5)
    for position in range(1, 25):
        if "alpha" in placing.legal_letters(state):
            state = play(state, {"do": "place", "letter": "alpha", "position": position})
            break
        state = play(state, {"do": "place", "letter": placing.legal_letters(state)[0], "position": position})
    at = state.board.index("alpha") + 1
    wrong = state.pile[1]
    with pytest.raises(RuleError, match=f"top of the pile is not {wrong}.*CX-8"):
        MOVES.apply(state, claim("a", (at, "a"), draws=wrong) | {"at": 0})
    assert play(state, claim("a", (at, "a"), draws=state.pile[0])).claims[-1].card == state.pile[0]


def test_cx7_g5_a_turn_begun_before_a_resume_is_timed_from_the_resume():
    state = play(new(timer=60), *METAPHOR_BOARD)
    started = state.turn_started
    next_day = started + 86_400
    with pytest.raises(RuleError, match="time is up"):
        MOVES.apply(state, dict(METAPHOR, at=next_day + 10))  # without the resume stamp: a day late
    accepted = MOVES.apply(state, dict(METAPHOR, at=next_day + 10, resumed=next_day))
    assert accepted.claims[-1].word == "metaphor" and not accepted.claims[-1].late
    with pytest.raises(RuleError, match="time is up"):  # the resumed turn still has only 60 s
        MOVES.apply(state, dict(METAPHOR, at=next_day + 61, resumed=next_day))
