"""The one path of a typed move (issue 19 item 1, DESIGN 2): a move declares its words,
reading and reply, and core.play runs over → phase → turn → offered → read → stamp →
check → effect → journal → reply, each once, with no handler of the game's own."""

from collections import Counter
from dataclasses import dataclass, replace

import pytest

from referee.core.builtins import SHELL
from referee.core.errors import InputError, RuleError
from referee.core.game import Game
from referee.core.moves import Move, MoveSet
from referee.core.phases import SEAT, Phase, Phases
from referee.core.reply import Reply
from referee.core.session import Session
from referee.core.shell import Shell
from tests.core.conftest import fake_header

CALLS = Counter()


@dataclass(frozen=True)
class Pile:
    players: tuple = ("Ann", "Ben")
    turn: int = 0
    phase: str = "play"
    total: int = 0


def _read_add(ctx, text):
    """Add N to the pile.

    `add 3`; the pile ends the game at 10."""
    CALLS["read"] += 1
    if not text.strip().isdecimal():
        raise InputError(f"add takes a whole number, e.g. `add 3`, not {text.strip()!r}")
    return {"n": int(text)}


def _check_add(state, action):
    CALLS["check"] += 1
    if action["n"] > 5:
        raise RuleError(f"at most 5 a turn, not {action['n']}", rule="P-1")


def _add(state, action):
    CALLS["effect"] += 1
    total = state.total + action["n"]
    return replace(state, total=total, turn=1 - state.turn, phase="over" if total >= 10 else "play")


def _read_pass(ctx, text):
    """Pass the turn, unless you are asked first and say no."""
    if text.strip() == "maybe":
        return "nothing done: say `pass` or nothing"
    return {}


def _told(ctx, before, after, action):
    return Reply(public=(f"✓ {action.get('by') or 'someone'} adds {action['n']}", f"pile {after.total}"),
                 private=f"between us: {after.total}", owner=action.get("by") or "Ann")


MOVES = MoveSet((
    Move("add", _add, lambda a: f"adds {a['n']}", rule="P-1", check=_check_add, fields={"n": int},
         words=("add", "plus"), usage="add N", reading=_read_add, reply=_told),
    Move("pass", lambda s, a: replace(s, turn=1 - s.turn), lambda a: "passes", rule="P-2",
         words=("pass",), reading=_read_pass),
), Phases([
    Phase("play", moves=("add", "pass"), acts=SEAT, waiting="{player} plays first", rule="P-1",
          turn_rule="P-3", next=("over",)),
    Phase("over", over=True, waiting="the pile is full", rule="P-1"),
]))


class PileGame(Game):
    name = "pile"
    title = "Pile"
    moves = MOVES
    commands = MOVES.commands()

    def initial(self, header):
        return Pile(players=tuple(header["players"]))

    def scoreboard(self, state, width=None):
        return f"pile {state.total}"


def _table(tmp_path):
    game = PileGame()
    session = Session.start(game, fake_header(), str(tmp_path / "pile.jsonl"))
    out, private = [], []
    shell = Shell(session, SHELL.extend(game.commands), out=out.append)
    shell.show_private = lambda owner, text: private.append((owner, str(text)))
    CALLS.clear()
    return session, shell, out, private


def test_issue19_item1_each_step_of_a_typed_move_runs_once(tmp_path):
    session, shell, out, private = _table(tmp_path)
    assert shell.execute("add 3")
    assert CALLS == {"read": 1, "check": 1, "effect": 1}
    assert session.state.total == 3 and len(session.journal.records) == 1
    assert out[-1] == "✓ someone adds 3\npile 3"


def test_issue19_item1_the_reply_is_data_its_private_part_goes_to_its_owner_alone(tmp_path):
    session, shell, out, private = _table(tmp_path)
    shell.execute("Ann: add 3")
    assert "between us" not in "\n".join(out)
    assert private == [("Ann", "between us: 3")]


def test_issue19_item1_a_wrong_turn_is_said_before_the_words_are_read(tmp_path):
    session, shell, out, private = _table(tmp_path)
    assert not shell.execute("Ben: add lots")
    assert "it is Ann's turn, not Ben's (P-3)" in out[-1]
    assert CALLS["read"] == 0 and session.journal.records == []


def test_issue19_item1_a_finished_game_refuses_before_reading(tmp_path):
    session, shell, out, private = _table(tmp_path)
    shell.execute("add 5")
    shell.execute("add 5")
    CALLS.clear()
    assert not shell.execute("add nonsense")
    assert "the pile is full (P-1)" in out[-1] and CALLS["read"] == 0


def test_issue19_item1_words_that_name_nothing_and_rules_refuse_leave_no_record(tmp_path):
    session, shell, out, private = _table(tmp_path)
    assert not shell.execute("add three")
    assert "add takes a whole number" in out[-1]
    assert not shell.execute("plus 6")  # the alias types the same move; its rule refuses
    assert "at most 5 a turn, not 6 (P-1)" in out[-1]
    assert session.journal.records == [] and session.state.total == 0


def test_issue19_item1_a_reading_may_answer_without_a_move(tmp_path):
    session, shell, out, private = _table(tmp_path)
    assert shell.execute("pass maybe")
    assert out[-1] == "nothing done: say `pass` or nothing" and session.journal.records == []
    assert shell.execute("pass")
    assert out[-1].endswith("passes") and session.state.turn == 1  # no reply declared: the log line


def test_issue19_item1_help_comes_from_the_reading_and_replay_meets_the_same_rules(tmp_path):
    session, shell, out, private = _table(tmp_path)
    cmd = PileGame.commands.exact("plus")
    assert cmd.name == "add" and cmd.usage == "add N" and cmd.summary == "Add N to the pile."
    assert cmd.plays is MOVES["add"]
    shell.execute("add 4")
    shell.execute("add 2")
    resumed = Session.resume(session.game, session.journal.path)
    assert resumed.state == session.state


def test_issue19_item1_a_record_said_for_another_seat_meets_every_check(tmp_path):
    """An action whose `by` is not the speaker the first checks ran for is checked in
    full, as replay would: live play and replay cannot disagree."""
    session, shell, out, private = _table(tmp_path)
    with pytest.raises(RuleError, match="it is Ann's turn, not Ben's"):
        session.do({"do": "add", "n": 1, "by": "Ben"}, allowed=MOVES["add"])
    assert session.journal.records == []


# -- a move that asks something the words do not say ----------------------------------


def _check_secret_first(state, action):
    CALLS["first"] += 1
    if state.total >= 5:
        raise RuleError("no secret adds past 5", rule="P-2")


def _check_secret(state, action):
    CALLS["check"] += 1
    if action["n"] > 3:
        raise RuleError("a secret add is 3 at most", rule="P-2")


def _gather_secret(ctx, action):
    CALLS["gather"] += 1
    answer = ctx.ask_secret(action.get("by") or "Ann", "how many? ")
    if answer is None or not answer.isdecimal():
        raise InputError("nothing was done")
    return dict(action, n=int(answer))


SECRET = Move("hide", _add, lambda a: f"adds {a['n']}", rule="P-2", check=_check_secret, fields={"n": int},
              public=lambda a: "adds something", words=("hide",), reading=lambda ctx, text: {},
              gather=_gather_secret, check_first=_check_secret_first)
ASKING = MoveSet((SECRET,), Phases([
    Phase("play", moves=("hide",), acts=SEAT, turn_rule="P-3", next=("over",)),
    Phase("over", over=True, waiting="the pile is full", rule="P-1"),
]))


class AskingGame(PileGame):
    moves = ASKING
    commands = ASKING.commands()


def test_issue19_item1_the_rules_refuse_before_anyone_is_asked_and_gathered_fields_are_journalled(tmp_path):
    game = AskingGame()
    session = Session.start(game, fake_header(), str(tmp_path / "ask.jsonl"))
    out, asked = [], []
    shell = Shell(session, SHELL.extend(game.commands), out=out.append)
    shell.ask_secret = lambda owner, question: asked.append(owner) or "2"
    CALLS.clear()
    assert shell.execute("hide")
    assert CALLS == {"first": 1, "gather": 1, "check": 1, "effect": 1}
    assert session.last["n"] == 2 and asked == ["Ann"]
    shell.execute("hide")
    shell.execute("hide")  # total 6: refused by the first rule, nobody asked
    CALLS.clear()
    asked.clear()
    assert not shell.execute("hide")
    assert "no secret adds past 5 (P-2)" in out[-1] and asked == [] and CALLS["gather"] == 0
    resumed = Session.resume(game, session.journal.path)  # replay runs check_first and check
    assert resumed.state == session.state


def test_issue19_item1_an_action_named_for_the_player_to_act_is_not_checked_twice(tmp_path):
    """A reading may fill in ``by`` with the player to act when nobody spoke: whose turn
    it is holds by definition, so the fast path applies (one check); anyone else is
    checked in full and refused."""
    session, shell, out, private = _table(tmp_path)
    session.do({"do": "add", "n": 2, "by": "Ann"}, allowed=MOVES["add"])
    assert CALLS["check"] == 1 and session.state.total == 2
    with pytest.raises(RuleError, match="it is Ben's turn, not Ann's"):
        session.do({"do": "add", "n": 2, "by": "Ann"}, allowed=MOVES["add"])


# -- typed actions (issue 19 item 3) ---------------------------------------------------


def test_issue19_item3_the_rules_read_a_frozen_typed_action_with_its_declared_defaults():
    from referee.core.moves import Action

    seen = []
    move = Move("say", lambda s, a: seen.append(a) or s, lambda a: f"says {a.word}", rule="P-1",
                fields={"word": str, "verdict": str}, optional={"verdict": "word"})
    action = move.read({"do": "say", "word": "cat", "by": "Ann"})
    assert isinstance(action, Action)
    assert (action.word, action.verdict, action.by, action.at) == ("cat", "word", "Ann", None)
    assert action == {"do": "say", "word": "cat", "by": "Ann"} and dict(action)["word"] == "cat"
    assert "verdict" not in action  # the default is read, never written: the journal keeps what was said
    with pytest.raises(AttributeError):
        action.word = "dog"
    with pytest.raises(AttributeError, match="no field 'colour'"):
        action.colour
    moves = MoveSet((move,), Phases([Phase("play", moves=("say",), acts=SEAT, next=())]))
    moves.apply(Pile(), {"do": "say", "word": "cat", "verdict": "name"})
    assert isinstance(seen[-1], Action) and seen[-1].verdict == "name"


def test_issue19_item5_the_terminal_writes_nothing_on_the_session(tmp_path):
    """The shell hands commands a core.context.Context: its questions, its commands and
    the last refusal live there, and the session stays the game alone."""
    session, shell, out, private = _table(tmp_path)
    before = set(vars(session))
    shell.execute("add 3")
    shell.execute("add nine")
    shell.execute("why")
    assert set(vars(session)) == before
    assert not {"shell", "shell_commands", "confirm", "ask_secret", "show_private", "last_refusal"} & before
    assert shell.context.last_refusal[0].startswith("add takes a whole number")
    assert shell.context.state is session.state and shell.context.commands is shell.commands


def test_issue19_item4_a_phase_may_name_the_seats_that_act_by_a_function(tmp_path):
    """boardgame.io's activePlayers: the phase table says who may act, so no rule checks
    the turn by hand; `moves` says who."""
    moves = MoveSet((Move("add", _add, lambda a: f"adds {a['n']}", rule="P-1", fields={"n": int},
                          words=("add",), reading=_read_add),),
                    Phases([Phase("play", moves=("add",), acts=lambda s: s.players[s.turn:s.turn + 1] + ("Cy",),
                                  turn_rule="P-3", next=("over",)),
                            Phase("over", over=True, waiting="the pile is full", rule="P-1")]))

    class Three(PileGame):
        pass

    Three.moves, Three.commands = moves, moves.commands()
    session = Session.start(Three(), fake_header(players=["Ann", "Ben", "Cy"]), str(tmp_path / "three.jsonl"))
    out = []
    shell = Shell(session, SHELL.extend(Three.commands), out=out.append)
    assert moves.phases.acting(session.state) == ("Ann", "Cy")
    assert not shell.execute("Ben: add 1")
    assert "it is Ann or Cy's turn, not Ben's (P-3)" in out[-1]
    assert shell.execute("Cy: add 1") and session.last["by"] == "Cy"
    shell.execute("moves")
    assert "Ben or Cy may now" in out[-1]


def test_issue19_item1_what_gather_adds_is_cleaned_like_what_was_typed(tmp_path):
    """A masked answer reaches the rules and the journal with its control characters
    shown escaped, as a typed line does (issue 18 item 7): gather is no way around it."""
    def gather_note(ctx, action):
        return dict(action, note="\x1b[2Jwiped")

    noting = Move("note", lambda s, a: s, lambda a: f"notes {a.note}", rule="P-1", fields={"note": str},
                  words=("note",), reading=lambda ctx, text: {}, gather=gather_note)
    moves = MoveSet((noting,), Phases([Phase("play", moves=("note",), acts=SEAT, next=())]))

    class Noting(PileGame):
        pass

    Noting.moves, Noting.commands = moves, moves.commands()
    session = Session.start(Noting(), fake_header(), str(tmp_path / "note.jsonl"))
    out = []
    shell = Shell(session, SHELL.extend(Noting.commands), out=out.append)
    assert shell.execute("note")
    assert session.last["note"] == "\\x1b[2Jwiped" and "\x1b[2J" not in "\n".join(out)
    assert "\x1b" not in open(session.journal.path, encoding="utf-8").read()


def test_issue19_item1_a_line_of_several_moves_checks_each_after_the_first_in_the_state_it_meets(tmp_path):
    """The first checks ran before the first action of a line only: a later one meets
    them all again, so a line whose first moves end the game cannot make one more."""
    def read_many(ctx, text):
        return [{"n": int(word)} for word in text.split()]

    many = Move("add", _add, lambda a: f"adds {a['n']}", rule="P-1", fields={"n": int},
                words=("add",), reading=read_many)
    moves = MoveSet((many,), Phases([Phase("play", moves=("add",), acts=SEAT, next=("over",)),
                                     Phase("over", over=True, waiting="the pile is full", rule="P-1")]))

    class Many(PileGame):
        pass

    Many.moves, Many.commands = moves, moves.commands()
    session = Session.start(Many(), fake_header(), str(tmp_path / "many.jsonl"))
    out = []
    shell = Shell(session, SHELL.extend(Many.commands), out=out.append)
    assert not shell.execute("add 5 5 1")
    assert "the pile is full (P-1)" in out[-1]
    assert session.state.total == 10 and len(session.events) == 2


def test_issue19_item4_a_move_may_name_its_own_seats_over_the_phase(tmp_path):
    """A claim by anyone while the placer places: the move says who may make it, the
    phase the rest; no rule checks the turn by hand."""
    moves = MoveSet((Move("add", _add, lambda a: f"adds {a['n']}", rule="P-1", fields={"n": int},
                          words=("add",), reading=_read_add),
                     Move("shout", lambda s, a: s, lambda a: "shouts", rule="P-4", words=("shout",),
                          reading=lambda ctx, text: {}, acts=lambda s: s.players)),
                    Phases([Phase("play", moves=("add", "shout"), turn_rule="P-3", next=("over",)),
                            Phase("over", over=True, waiting="the pile is full", rule="P-1")]))

    class Shouting(PileGame):
        pass

    Shouting.moves, Shouting.commands = moves, moves.commands()
    session = Session.start(Shouting(), fake_header(), str(tmp_path / "shout.jsonl"))
    out = []
    shell = Shell(session, SHELL.extend(Shouting.commands), out=out.append)
    assert not shell.execute("Ben: add 1")
    assert "it is Ann's turn, not Ben's (P-3)" in out[-1]
    assert shell.execute("Ben: shout") and session.last["by"] == "Ben"


def test_issue19_item2_a_reply_is_fitted_once_by_the_games_breaking_and_kept_as_public_data(tmp_path, monkeypatch):
    """The shell fits a Reply once (Game.fit, at the screen's width) and keeps its public
    part as data for --json: the private text never, only whose it is."""
    session, shell, out, private = _table(tmp_path)
    seen = []
    session.game.fit = lambda text, width: seen.append(width) or text.upper()
    monkeypatch.setattr("referee.core.render.terminal_width", lambda: 33)
    assert shell.execute("Ann: add 3")
    assert out[-1] == "✓ ANN ADDS 3\nPILE 3" and private == [("Ann", "BETWEEN US: 3")]
    assert seen == [33, 33]
    assert shell.told[-1] == {"public": ["✓ Ann adds 3", "pile 3"], "private_for": "Ann"}
    assert "between us" not in str(shell.told)


def test_issue19_item2_a_moves_reply_by_default_is_its_log_line_with_a_tick_as_data():
    from referee.core import render

    render.set_color(False)
    reply = Reply.ok("Ann adds 3", rule="P-1", pictures="board")
    assert reply.text() == "✓ Ann adds 3"
    assert reply.as_dict() == {"public": ["Ann adds 3"], "tone": "ok", "rule": "P-1", "pictures": ["board"]}
    with pytest.raises(ValueError):
        Reply(public=("x",), tone="loud")
    with pytest.raises(ValueError):
        Reply(private="a hand")


def test_issue19_item4_a_variant_that_is_its_own_game_is_what_the_session_plays(tmp_path):
    """python-chess's VARIANTS: a table option picks a different game in the same box;
    the session asks the game once, before the first state, and plays that one."""
    class Small(PileGame):
        def initial(self, header):
            return Pile(players=tuple(header["players"]), total=7)

    class Box(PileGame):
        def variant(self, header):
            return SMALL if header.get("options", {}).get("small") else self

    SMALL = Small()
    small = Session.start(Box(), fake_header(options={"small": True}), str(tmp_path / "small.jsonl"))
    plain = Session.start(Box(), fake_header(), str(tmp_path / "plain.jsonl"))
    assert small.game is SMALL and small.state.total == 7
    assert isinstance(plain.game, Box) and plain.state.total == 0
