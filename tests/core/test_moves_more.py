"""Core v2, the one way (issue 9 items 1-2): a move the game as set up does not have is
declared once, with ``Move(offered=..., absent=..., absent_rule=...)``, and the rules,
`moves`, help and completion all derive from it; `moves` in an EVERY phase with a turn
under way names whose turn it is."""

from dataclasses import dataclass, replace

import pytest

from referee.core.builtins import SHELL
from referee.core.commands import CommandSet
from referee.core.errors import RuleError
from referee.core.game import Game
from referee.core.moves import Move, MoveSet
from referee.core.phases import EVERY, SEAT, Phase, Phases
from referee.core.session import Session
from referee.core.shell import Shell
from tests.core.conftest import fake_header


def words(text):
    return " ".join(text.split())


@dataclass(frozen=True)
class Table:
    players: tuple = ("Ann", "Ben")
    turn: int = 0
    phase: str = "play"
    variant: str = "classic"
    played: int = 0


def _play(state, action):
    return replace(state, played=state.played + 1, turn=1 - state.turn)


def _check_run(state, action):
    if action["cards"] < 3:
        raise RuleError(f"a run is three cards or more, not {action['cards']}", rule="G-3")


def _rummy(state):
    return state.variant == "rummy"


MOVE_LIST = (
    Move("play", _play, lambda a: "plays", rule="G-1", summary="play a card"),
    Move("run", _play, lambda a: f"lays a run of {a['cards']}", rule="G-3", check=_check_run,
         fields={"cards": int}, offered=_rummy, absent="runs are Rummy's; {state.variant} plays cards one by one",
         absent_rule="G-5", summary="lay a run"),
    Move("swap", _play, lambda a: "swaps", rule="G-2", offered=lambda s: len(s.players) == 4,
         absent=lambda s: f"swapping is for 4 players, not {len(s.players)}", summary="swap with a teammate"),
    Move("finish", lambda s, a: replace(s, phase="over"), lambda a: "ends the game", rule="G-6", anytime=True,
         summary="end the game now"),
)


def _moves(acts=SEAT):
    return MoveSet(MOVE_LIST, Phases([
        Phase("play", moves=("play", "run", "swap"), acts=acts, status="{player} to play",
              waiting="{player} plays first", rule="G-1", turn_rule="G-3", next=("over",)),
        Phase("over", over=True, waiting="the game is over", rule="G-6"),
    ]))


MOVES = _moves()


def test_issue9_item1_a_move_the_variant_lacks_is_refused_with_its_absent_text_and_rule():
    with pytest.raises(RuleError) as refused:
        MOVES.apply(Table(), {"do": "run", "cards": 3})
    assert str(refused.value).startswith("runs are Rummy's; classic plays cards one by one")
    assert refused.value.rule == "G-5"
    assert MOVES.apply(Table(variant="rummy"), {"do": "run", "cards": 3}).played == 1


def test_issue9_item1_absent_may_be_a_function_and_its_rule_defaults_to_the_moves():
    with pytest.raises(RuleError) as refused:
        MOVES.apply(Table(), {"do": "swap"})
    assert str(refused.value).startswith("swapping is for 4 players, not 2") and refused.value.rule == "G-2"


def test_issue9_item1_offered_comes_after_phase_and_turn_and_before_the_moves_check():
    # the turn first (the order every game had before it declared offered)
    with pytest.raises(RuleError) as turn:
        MOVES.apply(Table(), {"do": "run", "cards": 1, "by": "Ben"})
    assert turn.value.rule == "G-3" and "Ann's turn, not Ben's" in str(turn.value)
    # then the variant, before the move's own check could speak of a run's length
    with pytest.raises(RuleError) as absent:
        MOVES.apply(Table(), {"do": "run", "cards": 1})
    assert absent.value.rule == "G-5"
    # the game over says so first
    with pytest.raises(RuleError) as over:
        MOVES.apply(Table(phase="over"), {"do": "run", "cards": 3})
    assert over.value.rule == "G-6"


def test_issue9_item1_can_and_open_now_leave_out_what_the_game_as_set_up_lacks():
    assert not MOVES.can(Table(), {"do": "run", "cards": 3})
    assert [m.name for m in MOVES.open_now(Table())] == ["play", "finish"]
    four = Table(players=("Ann", "Ben", "Cy", "Di"), variant="rummy")
    assert [m.name for m in MOVES.open_now(four)] == ["play", "run", "swap", "finish"]
    assert MOVES.offered(Table(), "run") is False and MOVES.offered(Table(), "play") is True
    assert MOVES.offered(Table(), "score") is True  # not a move: not the move set's to hide


def test_issue9_item1_a_move_without_offered_is_always_offered():
    move = MOVE_LIST[0]
    assert move.offered is None and move.offered_in(Table()) and move.offered_in(Table(variant="x"))


# -- through a game and its shell: Game.offers, help, `moves` ---------------------------


class Cards(Game):
    """Two seats, a Rummy variant with runs, a command whose name is not its move's."""

    name, title = "cards", "Cards"
    commands = CommandSet()
    moves = MOVES

    def initial(self, header):
        return Table(players=tuple(header["players"]), variant=header["options"].get("variant", "classic"))

    def result(self, state):
        return {"finished": False, "players": [], "winners": []}


@Cards.commands.command("play", usage="play")
def _play_command(session, args):
    """Play a card."""
    session.do({"do": "play"})
    return "played"


@Cards.commands.command("lay", usage="lay N", move="run")
def _lay_command(session, args):
    """Lay a run of N cards."""
    session.do({"do": "run", "cards": int(args)})
    return "laid"


@pytest.fixture
def table(phone, tmp_path):

    opened = []

    def open_table(game=None, **options):
        game = game or Cards()
        header = fake_header(options=options)
        opened.append(header)
        session = Session.start(game, header, str(tmp_path / f"cards-{len(opened)}.jsonl"))
        printed = []
        shell = Shell(session, SHELL.extend(game.commands), out=printed.append)
        shell.printed = printed
        return shell
    return open_table


def test_issue9_item2_game_offers_derives_from_the_moves_offered_through_the_commands_move(table):
    classic = table()
    game = classic.session.game
    assert game.offers(classic.session.state, "play")
    assert not game.offers(classic.session.state, "lay")  # `lay` makes a run (move="run"): Rummy's
    assert game.offers(classic.session.state, "help")  # a question, no move: offered
    rummy = table(variant="rummy")
    assert rummy.session.game.offers(rummy.session.state, "lay")


def test_issue9_item2_help_and_moves_leave_out_a_move_the_variant_lacks_and_typed_it_is_refused(table):
    classic = table()
    classic.execute("moves")
    listing = classic.printed[-1]
    assert listing.splitlines()[0] == "Ann may now:" and "play" in listing and "lay N" not in listing and "run" not in listing
    classic.execute("help")
    assert "lay N" not in classic.printed[-1] and "play" in classic.printed[-1]
    classic.execute("lay 3")
    assert words(classic.printed[-1]) == "✗ runs are Rummy's; classic plays cards one by one (G-5)"
    assert classic.session.state.played == 0  # refused: the game is as it was
    rummy = table(variant="rummy")
    rummy.execute("moves")
    assert "lay N" in rummy.printed[-1]


def test_issue9_item2_moves_in_an_every_phase_names_whose_turn_it_is(table):
    class Open(Cards):
        moves = _moves(acts=EVERY)

    shell = table(Open())
    shell.execute("moves")
    assert shell.printed[-1].splitlines()[0] == "Ann's turn; each player may now:"
    shell.execute("play")
    shell.execute("moves")
    assert shell.printed[-1].splitlines()[0] == "Ben's turn; each player may now:"


# -- the state toolkit: a hand pays a cost without telling the table what it holds ------


def test_issue9_item3_hand_pay_takes_the_whole_cost_from_known_then_unknown_cards():
    from referee.core.pieces import Hand

    hand = Hand(("light", "dark", "light"), unknown=1)
    paid = hand.pay(["light", "light", "time"])
    assert paid == Hand(("dark",), 0) and hand == Hand(("light", "dark", "light"), 1)
    assert hand.pay([]) == hand


def test_issue9_leak_a_hand_that_cannot_pay_says_only_the_cost_and_its_size_publicly():
    from referee.core.pieces import Hand

    hand = Hand(("dark", "dark"), unknown=0)
    with pytest.raises(RuleError) as refused:
        hand.pay(["light", "dark"], rule="CT-5", owner="Ann")
    public = str(refused.value)
    assert public == "Ann's hand of 2 cannot pay light dark; `hand Ann` shows what the referee counts (CT-5)"
    assert "dark dark" not in public
    assert refused.value.private is None  # issue 18 item 4: nothing private volunteered; `hand Ann` asks
    assert Hand(("dark", "light")).pay(["dark"], owner="Ann") == Hand(("light",))  # all or nothing: the
    with pytest.raises(RuleError):  # hand itself is never changed by a refused payment
        Hand(("dark",)).pay(["dark", "dark"], owner="Ann")


def test_issue9_leak_hand_remove_tells_its_owner_what_the_referee_counts_not_the_table():
    from referee.core.pieces import Hand

    with pytest.raises(RuleError) as refused:
        Hand(("5a", "7b")).remove("9b", rule="4", owner="Ann")
    assert str(refused.value) == "Ann holds no 9b; `hand Ann` shows what the referee counts (4)"
    assert "5a" not in str(refused.value)
    assert refused.value.private is None  # issue 18 item 4: nothing private volunteered; `hand Ann` asks
    with pytest.raises(RuleError) as unnamed:
        Hand().remove("9b")
    assert unnamed.value.private is None  # no seat named: nothing private to route


# -- a command whose move the game as set up lacks is refused before its words are read --


def test_issue9_item1_a_command_for_a_move_the_variant_lacks_is_refused_before_its_words(table):
    classic = table()
    classic.execute("lay x")  # `lay` would fail to read "x" as a number: the variant speaks first
    assert words(classic.printed[-1]) == "✗ runs are Rummy's; classic plays cards one by one (G-5)"
    assert classic.context.last_refusal[1] == "G-5"  # `why` explains the rule it cited
    rummy = table(variant="rummy")
    rummy.execute("lay 2")  # offered: the command reads its words and the move's check speaks
    assert words(rummy.printed[-1]) == "✗ a run is three cards or more, not 2 (G-3)"


def test_issue9_item1_the_early_refusal_keeps_the_rules_order_turn_before_variant(table):
    classic = table()
    classic.execute("Ben: lay x")
    assert words(classic.printed[-1]) == "✗ it is Ann's turn, not Ben's (G-3)"
    classic.session.do({"do": "finish"})
    classic.execute("lay x")
    assert words(classic.printed[-1]) == "✗ the game is over (G-6)"


def test_issue9_item1_a_move_without_offered_is_left_to_its_command(table):
    shell = table()
    assert shell.session.game.check_offered(shell.session.state, "play") is None
    assert shell.session.game.check_offered(shell.session.state, "help") is None


# -- Move.ready: what `moves` lists, narrowed by the state, one predicate per move ----------


def _check_finish(state, action):
    if not state.played:
        raise RuleError("nothing has been played yet; nothing to finish", rule="G-6")


READY = MoveSet(
    [Move("play", _play, lambda a: "plays", rule="G-1"),
     Move("undo_play", _play, lambda a: "takes back", rule="G-1", ready=lambda s: s.played > 0),
     Move("finish", lambda s, a: replace(s, phase="over"), lambda a: "ends", rule="G-6", anytime=True,
          check=_check_finish, ready=lambda s: READY.can(s, {"do": "finish"}))],  # a bare move: ask its check
    Phases([Phase("play", moves=("play", "undo_play"), next=("over",)),
            Phase("over", over=True, waiting="the game is over", rule="G-6")]))


def test_issue9_item1_ready_narrows_open_now_and_never_refuses():
    fresh = Table()
    assert [m.name for m in READY.open_now(fresh)] == ["play"]
    assert READY.apply(fresh, {"do": "undo_play"}).played == 1  # not ready is not refused
    later = READY.apply(fresh, {"do": "play"})
    assert [m.name for m in READY.open_now(later)] == ["play", "undo_play", "finish"]
