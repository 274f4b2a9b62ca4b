"""What tripped a newcomer playing Crafting the Cosmos at a table (playtest findings P.. in
/work/notes/v3/cosmos-findings.md), each pinned by the words a player typed."""

from referee.core.states import evolve
from referee.games.cosmos import energy, reading_craft, reading_power, replies
from referee.games.cosmos.phases import _count_status
from referee.games.cosmos.state import Goal
from tests.cosmos.helpers import new_game, play, table, with_controls, with_hand
from tests.tables import typed


def test_playtest_p20_discharge_reads_its_own_usage_example():
    """`discharge N [points P] [STAR ...]`: the help's `discharge 2 points 5 H He` is 2
    crystal tokens, 5 points, an H and an He — it was read as 2 points and 5 H + He."""
    assert reading_craft.read_discharge("2 points 5 H He".split()) == \
        {"do": "discharge", "crystals": 2, "points": 5, "stars": ["H", "He"]}
    assert reading_craft.read_discharge("1 points 3 H".split()) == \
        {"do": "discharge", "crystals": 1, "points": 3, "stars": ["H"]}
    # the other spellings still read as before
    assert reading_craft.read_discharge("2 5 points H".split()) == \
        {"do": "discharge", "crystals": 2, "points": 5, "stars": ["H"]}
    assert reading_craft.read_discharge("2 crystals 5 points H".split()) == \
        {"do": "discharge", "crystals": 2, "points": 5, "stars": ["H"]}
    assert reading_craft.read_discharge("points 5".split()) == {"do": "discharge", "points": 5}


def test_playtest_p20_a_discharge_without_crystal_tokens_is_refused_at_the_table(tmp_path):
    session, shell, out = table(tmp_path, ("Ann", "Ben"))
    typed(shell, out, "goal proto", "shift 3", "take", "nebula 2", "place")
    before = session.state
    said = typed(shell, out, "discharge 1 points 3 H")
    assert "✗" in said and "CT-1" in said and session.state == before


def test_playtest_p16_finish_with_words_is_refused_and_points_to_end(tmp_path):
    """`finish turn` (a newcomer ending a turn) ended the whole game after the round."""
    session, shell, out = table(tmp_path, ("Ann", "Ben"))
    typed(shell, out, "goal proto")
    said = typed(shell, out, "finish turn")
    assert "✗" in said and "end nebula" in said and "end stabilise" in said
    assert not session.state.early and not session.state.ending
    said = typed(shell, out, "finish")
    assert session.state.early and "undo" in said


def test_playtest_p12_the_count_prompt_names_the_goal_card_not_its_key():
    state = evolve(new_game(("Ann", "Ben")), track=(None, None, None, Goal("phi", None)))
    assert _count_status(state) == "count: life in Phi"


def test_playtest_p3_p22_hint_away_from_a_shift_says_what_to_do(tmp_path):
    session, shell, out = table(tmp_path, ("Ann", "Ben"))
    said = typed(shell, out, "hint")  # at the setup's goal prompt
    assert "✗" not in said and "goal" in said
    typed(shell, out, "goal proto", "shift 3", "take", "nebula 2")
    said = typed(shell, out, "hint")  # in the craft phase
    assert "✗" not in said and "end nebula" in said and "end stabilise" in said


def test_playtest_p23_the_deck_running_out_is_said(tmp_path):
    """Table mode: the referee reshuffled the discard pile silently; the table must do it."""
    session, shell, out = table(tmp_path, ("Ann", "Ben"), mode="table")
    typed(shell, out, "tokens Ann dark dark dark Ben dark", "display light time gravity chemistry", "goal proto",
          "shift 3", "take", "nebula 2", "place", "power light Time Dilation", "end stabilise !",
          "adjust deck 0")
    assert session.state.deck_left == 0 and len(session.state.discard) == 2 and session.state.player == "Ann"
    typed(shell, out, "shift 1 gravity 2")  # Ann: own token to time, a dark one to light: 1 card
    assert session.state.to_take == 1
    said = typed(shell, out, "take deck")
    assert session.state.reshuffles == 1
    assert "discard pile" in said and "shuffle" in said


def test_playtest_p17_done_pass_next_lead_to_the_end_of_the_turn(tmp_path):
    """A newcomer ending a turn types `done`, `pass` or `next`: they were unknown commands
    (`next` even suggested `quit`); now they are `end` and say its two choices."""
    session, shell, out = table(tmp_path, ("Ann", "Ben"))
    typed(shell, out, "goal proto", "shift 3", "take", "nebula 2", "place")
    for word in ("done", "pass", "next"):
        said = typed(shell, out, word)
        assert "end nebula 1|2|3" in said and "end stabilise" in said and "quit" not in said
    player = session.state.player
    typed(shell, out, "done stabilise !")
    assert session.state.player != player and session.state.phase == "energy"


def test_playtest_p26_the_log_says_the_goals_scored_and_the_rounds(tmp_path):
    """A tracked goal scored inside the round's last `end`, and the new round, were in no
    line of the log: the table could not trace its goal points."""
    session, shell, out = table(tmp_path, ("Ann", "Ben"))
    names = iter(["helium", "oxygen", "carbon", "nebula1", "crystals"])
    typed(shell, out, "goal proto")
    while not session.state.scored:
        phase = session.state.phase
        if phase == "goal":
            typed(shell, out, f"goal {next(names)}")
        elif phase == "discard":
            for seat, hand in enumerate(session.state.hands):
                if len(hand) > 10:
                    name = session.state.players[seat]
                    typed(shell, out, f"{name}: discard {name} " + " ".join(hand.known[:len(hand) - 10]))
        else:
            typed(shell, out, "shift 3", "take", "nebula 2", "place", "end stabilise !")
    said = typed(shell, out, "log")
    assert "proto life scored" in said and "round 2, " in said


def test_playtest_p9_the_collect_prompt_offers_only_the_nebula_sizes_left():
    """With the size 1 stack empty the toolbar said `nebula 1|2|3` and `nebula 1` was refused."""
    from referee.games.cosmos.replies import next_text
    from referee.games.cosmos.phases import _collect_status, _collect_waiting

    state = new_game(("Ann", "Ben"))
    supply = dict(state.supply)
    supply["nebula1"] = supply["nebula1"].take(supply["nebula1"].count)
    player = state.player
    state = with_controls(evolve(state, supply=supply), {"light": [player], "time": ["dark", "dark"],
                                                          "gravity": ["dark", "dark"], "chemistry": []})
    state = play(state, {"do": "shift", "steps": [["own", None, 3]]})
    assert state.phase == "collect" and state.nebula_due
    assert "`nebula 2` or `nebula 3`" in next_text(state) and "nebula 1" not in next_text(state)
    assert _collect_status(state).endswith("nebula 2|3") and "nebula 1" not in _collect_waiting(state)


def test_playtest_p13_a_discard_the_hand_cannot_make_says_discard_not_pay():
    from referee.core.errors import RuleError
    from referee.games.cosmos.ending import check_discard

    state = with_hand(new_game(("Ann", "Ben")), "Ann", *(["time"] * 11))
    state = evolve(state, phase="discard", turn=None)
    try:
        check_discard(state, {"do": "discard", "player": "Ann", "cards": ["light"]})
    except RuleError as error:
        assert "cannot discard light" in str(error) and "pay" not in str(error) and error.rule == "End phase"
        assert error.private is None and "`hand Ann`" in str(error)  # Ann reads her hand with `hand Ann` (issue 18)
    else:
        raise AssertionError("a light Ann does not hold was discarded")


def test_playtest_p27_p21_use_takes_the_star_a_card_gives_and_echoes_the_choices():
    """`use Molecular Cloud H` (it gives an H) was "not a choice"; `use Star Stuff gain`
    without a payment answered with `use Star Stuff ... pay light`, hiding where `gain` goes."""
    from referee.core.errors import InputError

    state = new_game(("Ann", "Ben"))
    assert reading_power.read_use(state, "Molecular Cloud H".split()) == \
        reading_power.read_use(state, "Molecular Cloud".split())
    try:
        reading_power.read_use(state, "Star Stuff gain".split())
    except InputError as error:
        assert "`use Star Stuff gain pay light`" in str(error)
    else:
        raise AssertionError("Star Stuff's payment was not asked for")
    try:
        reading_power.read_use(state, "Molecular Cloud C".split())
    except InputError as error:
        assert "not a choice" in str(error)
    else:
        raise AssertionError("a C was taken from Molecular Cloud, which gives an H")


def test_playtest_p19_the_refill_example_lays_as_many_cards_as_are_missing(tmp_path):
    """One card to lay, and the example said `display light time` (a refusal: 1 card, not 2)."""
    session, shell, out = table(tmp_path, ("Ann", "Ben"), mode="table")
    typed(shell, out, "tokens Ann dark dark dark Ben dark", "display light time gravity chemistry", "goal proto",
          "shift 1 chemistry 2")  # Ben: own token to time, a dark one to light: 1 card
    said = typed(shell, out, "take light")
    assert session.state.phase == "refill" and "`display CARD`" in said  # issue 20 item 2: no card named
    said = typed(shell, out, "take deck")  # refused: the refill comes first
    assert "`display CARD`" in said and "`display CARD CARD`" not in said
    typed(shell, out, "display light")
    assert session.state.phase == "craft"


def test_playtest_p24_telling_more_cards_than_untold_says_how_many_are_untold():
    """It said "the referee knows all but 5 of Ann's 5"."""
    from referee.core.errors import RuleError
    from referee.games.cosmos.corrections import check_tell

    state = new_game(("Ann", "Ben"), mode="table")
    ann = state.hands[0]
    assert ann.unknown == len(ann) == 4
    try:
        check_tell(state, {"do": "tell", "player": "Ann", "cards": ["light"] * 9})
    except RuleError as error:
        # issue 18 item 1: refused by the hand's size alone (how many are untold is secret)
        assert str(error) == "Ann named 9 cards, but Ann holds only 4 (G-1)" and "all but" not in str(error)
    else:
        raise AssertionError("9 cards told of a hand of 4")


def test_playtest_p2_the_first_screen_says_how_to_name_the_goal_card(tmp_path):
    """Digital mode opened on `goal?` and "a goal card to name": a newcomer who let the
    referee deal expected it to reveal the goal; the picture now says what to type."""
    from referee.games.cosmos import view

    state = new_game(("Ann", "Ben"))
    fresh_state = evolve(state, phase="goal", turn=None, track=(None, None, None, None), scored=())
    from referee.core import render

    picture = view.picture(fresh_state, width=50)
    plain = picture.replace("\xa0", " ")
    assert "turn up a goal card" in plain and "`goal proto`" in plain
    assert all(render.visible(line) <= 50 for line in picture.splitlines())


def test_playtest_p18_help_lists_the_commands_in_the_order_of_play(tmp_path):
    """`help` began with adjust, tell, hand, finish and put shift, take and hint last."""
    session, shell, out = table(tmp_path, ("Ann", "Ben"), mode="table")
    said = typed(shell, out, "help")
    at = [said.index(usage) for usage in ("tokens PLAYER", "goal NAME", "shift N", "take CARD", "place [PIECE",
                                          "end nebula", "count PLAYER", "discard PLAYER", "adjust PLAYER",
                                          "board [PLAYER]")]
    assert at == sorted(at), said


def test_playtest_ct2_a_player_named_d_or_dark_is_refused_at_the_start():
    """Players typed as initials (A,B,C,D): `tokens A d B d C d D` read D as a dark token,
    so D's token could never be laid and the game could not start."""
    from referee.games import load

    game = load("cosmos")
    for players in (["A", "B", "C", "D"], ["Ann", "dark"]):
        refused = game.players_refusal({"players": players, "mode": "table", "options": {}})
        assert refused and "dark energy token" in refused and "(CT-2)" in refused
    assert game.players_refusal({"players": ["Ann", "Dee", "Dan"], "mode": "table", "options": {}}) is None
    assert "2 to 4" in game.players_refusal({"players": ["Ann"], "mode": "table", "options": {}})


def test_examples_nits_a_single_crystal_token_and_the_supply_after_the_end():
    """`use Time Dilation` filling the chamber says "+1 time crystal token" (not
    "tokens"); `supply` once the game is over no longer says it ends after this round."""
    from referee.core.states import evolve
    from referee.games.cosmos import view
    from referee.games.cosmos.state import Board
    from tests.cosmos.helpers import new_game

    before = Board(chamber=5)
    assert "+1 time crystal token," in replies.changes_text(before, evolve(before, chamber=0, crystals=1)) + ","
    assert "+2 gravitons" in replies.changes_text(before, evolve(before, graviton=2))
    state = new_game(("Ann", "Ben"))
    supply = dict(state.supply)
    supply["crystals"] = supply["crystals"].take(supply["crystals"].count)
    playing = evolve(state, supply=supply, ending=True)
    assert "ends after this round" in view.supply_text(playing)
    assert "ends after this round" not in view.supply_text(evolve(playing, phase="over"))


def test_goals_help_of_supernova_says_it_counts_only_as_a_supernova_for_the_goals():
    """The rulebook (Goals): supernovae "count only as their own type"; help once said a
    supernova kept its former type for the goals."""
    from referee.games.cosmos.commands import COMMANDS

    details = " ".join(COMMANDS.commands["supernova"].details.split())
    assert "only as a supernova" in details and "former type for the goals" not in details


def test_issue20_item12_a_shift_refusal_quotes_what_was_typed(tmp_path):
    """`shift 9` was refused as "'own 9' moves 9 spaces": the action's field name, words
    nobody typed. Each shift refusal quotes the shift in the words of the command (a number
    your token, a control and a number the dark token there) and still cites its rule."""
    session, shell, out = table(tmp_path, ("Ann", "Ben"), seed=2)
    typed(shell, out, "goal proto")
    before = session.state
    for line, says in (("shift 9", "'shift 9' moves 9 spaces; a shift moves 3 in all (CT-3)"),
                       ("shift 2 2", "'shift 2 2' moves 4 spaces; a shift moves 3 in all (CT-3)"),
                       ("shift -1 4", "'shift -1 4': each token moves 1 space or more, clockwise only (Shift)"),
                       ("shift Ben 3", "'shift Ben 3': you may move only your own and dark tokens, not Ben's "
                                       "(Shift)")):
        said = " ".join(typed(shell, out, line).split())
        assert f"✗ {says}" in said and "'own" not in said
        assert session.state == before
    assert energy.typed_text([["own", None, 1], ["dark", "time", 2]]) == "shift 1 time 2"  # as the examples type it
