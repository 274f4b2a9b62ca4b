"""Cosmo;code's moves and phases, each declared once (core.moves, core.phases).

Per move: the fields of its action (as the journal holds them), its check and pure
effect (rules.py, manipulate.py, taking.py), its log line and its rule. Per phase: who acts, the moves it opens,
the prompt, what a bare answer means, the toolbar's first part and the sentence (with its
rule) that refuses any other move. From these the core derives the game's ``apply``
(over → phase → turn → the move's rule), the prompt, the default command, the toolbar's
first part, the log lines and `moves`.
"""

from referee.core.moves import Move, MoveSet
from referee.core.phases import ANYONE, Phase, Phases
from referee.games.cosmocode import cards, manipulate, rules, taking

# -- log lines ------------------------------------------------------------------------------


def _pay(pay):
    pay = pay if isinstance(pay, list) else [pay]
    return " and ".join(cards.show(c) for c in pay)


def _start_line(action):
    return f"{action.get('player')} starts"


def _deal_line(action):
    named = action.get("cards") or ()
    return f"names {len(named)} cards in {action.get('player')}'s hand: " + " ".join(cards.short(c) for c in named)


def _deal_public(action):
    """How many cards were named, and in whose hand, is the table's to know (the picture
    shows the count); which cards stays hidden until the game ends (G-2)."""
    count = len(action.get("cards") or ())
    return (f"names {count} card{'s' if count != 1 else ''} in {action.get('player')}'s hand "
            "(which: hidden until the game ends)")


def _receive_line(action):
    shown = action.get("cards")
    text = f"tries {action.get('range')} range"
    if shown:
        text += ": reveals " + " ".join(cards.short(c) for c in shown)
    return text


def _reveal_line(action):
    return "reveals " + " ".join(cards.short(c) for c in action.get("cards") or ())


def _flip_line(action):
    return f"4a: flips revealed card #{action.get('target', 0) + 1} with {_pay(action.get('pay'))}"


def _indicator_line(action):
    return f"4b: flips the channel indicator with {_pay(action.get('pay'))}"


def _tune_line(action):
    way = "up" if action.get("step") == 1 else "down"
    return f"4c: moves revealed card #{action.get('target', 0) + 1} {way} with {_pay(action.get('pay'))}"


def _take_line(action):
    taken = action.get("names") or []
    return "takes " + (" ".join(taken) if taken else "nothing")


def _discard_line(action):
    return "discards " + " ".join(cards.show(c) for c in action.get("cards") or ())


# -- the moves ----------------------------------------------------------------------------------


def _table_mode(state):
    """Moves only a table-mode game has: in digital mode the referee deals and reveals."""
    return state.mode == "table"


MOVE_LIST = (
    Move("start", rules.start, _start_line, rule="CO-1", check=rules.check_start, fields={"player": str},
         anytime=True, summary="name the start player (table mode)"),  # anytime: its own check says who started
    Move("deal", rules.deal, _deal_line, rule="G-1", check=rules.check_deal, offered=_table_mode,
         absent="in digital mode the referee dealt the hands itself", absent_rule="G-2",
         fields={"player": str, "cards": list, "unseen": bool}, optional=("unseen",), public=_deal_public, anytime=True,
         ready=lambda state: any(state.told_so_far(seat) < rules.HAND for seat in range(len(state.players))),
         # while a hand's start cards were not all told (public counts; how many are unnamed is secret)
         summary="tell the referee blue cards in a hand (table mode)"),
    Move("receive", rules.receive, _receive_line, rule="2", check=rules.check_receive,
         fields={"range": str, "cards": list}, optional=("cards",),
         summary="choose a range: short, mid or long"),
    Move("reveal", rules.reveal, _reveal_line, rule="3", check=rules.check_reveal, fields={"cards": list},
         offered=_table_mode, absent="in digital mode the referee reveals the cards itself", absent_rule="G-2",
         summary="say the cards that came up (table mode)"),
    Move("flip", manipulate.flip, _flip_line, rule="4a", check=manipulate.check_flip, fields={"target": int, "pay": str},
         ready=lambda state: not state.tuned,  # 4c closes 4a and 4b (`moves` leaves them out)
         summary="4a: one blue card flips a revealed card's channel"),
    Move("indicator", manipulate.indicator, _indicator_line, rule="4b", check=manipulate.check_indicator,
         fields={"pay": list}, ready=lambda state: not state.tuned, summary="4b: two blue cards flip the channel indicator"),
    Move("tune", manipulate.tune, _tune_line, rule="4c", check=manipulate.check_tune,
         fields={"target": int, "step": int, "pay": str},
         summary="4c: one green card moves a revealed number by one"),
    Move("take", taking.take, _take_line, rule="3", check=taking.check_take,
         fields={"cards": list, "names": list}, optional=("names",), ready=lambda state: bool(state.takeable()),
         summary="take what the range allows"),
    Move("pass", taking.pass_, lambda action: "takes nothing", rule="3", check=taking.check_pass,
         ready=lambda state: not state.takeable(),  # `moves` lists take or pass, as the picture says
         summary="end the attempt taking nothing"),
    Move("discard", taking.discard, _discard_line, rule="6", check=taking.check_discard, fields={"cards": list},
         summary="discard down to the hand limit"),
    Move("perk", taking.perk, lambda action: f"chooses perk {action.get('perk')}", rule="5",
         check=taking.check_perk, fields={"perk": str}, summary="choose perk a or b after a first red card"),
    Move("finish", taking.finish, lambda action: "ends the game early (G-6): the most red cards win", rule="G-6",
         check=taking.check_finish, anytime=True, summary="end the game early: the most red cards win"),
)


# -- the phases ---------------------------------------------------------------------------------


def _manipulate_prompt(state):
    return f"{state.player} ({state.range})> "


def _discard_waiting(state):
    return f"{state.player} holds more than {state.limit} cards: `discard CARD ...` first"


def _over_status(state):
    """The toolbar's first part once the game is over: that it is, and who won (short: a
    phone's 50 columns keep it before the indicator)."""
    won = rules.winners(state)
    if not won:
        return "game over: no winner"
    return "game over: " + ", ".join(won) + (" won" if len(won) == 1 else " share the win")


PHASES = Phases([
    Phase("start", moves=("start",), acts=ANYONE, prompt="who starts? ", default="start", status="start PLAYER",
          waiting="the table names the start player first: `start PLAYER`", rule="CO-1", next=("receive", "over")),
    Phase("receive", moves=("receive",), prompt="{player} range? ", default="receive", status="{player}: receive",
          waiting="{player} first chooses a range: `receive short|mid|long`", rule="2", turn_rule="1",
          next=("reveal", "manipulate", "over")),
    Phase("reveal", moves=("reveal",), prompt="{player} reveal? ", default="reveal",
          status=lambda state: f"{state.player}: reveal {state.range}",
          waiting="{player} first says which cards came up: `reveal 3a 7b`", rule="3", turn_rule="1",
          next=("manipulate",)),
    Phase("manipulate", moves=("flip", "indicator", "tune", "take", "pass"), prompt=_manipulate_prompt,
          status=lambda state: f"{state.player}: manipulate {state.range}",
          waiting="{player} has revealed cards: manipulate them, then `take` (or `pass` if nothing can be taken)",
          rule="4", turn_rule="1", next=("discard", "perk", "receive", "over")),
    Phase("discard", moves=("discard",), prompt="{player} discard? ", default="discard", status="{player}: discard",
          waiting=_discard_waiting, rule="6", turn_rule="1", next=("discard", "perk", "receive", "over")),
    Phase("perk", moves=("perk",), prompt="{player} perk a|b? ", default="perk", status="{player}: perk a|b",
          waiting="{player} took a first red card and chooses a perk first: `perk a` or `perk b`", rule="5",
          turn_rule="1", next=("receive", "over")),
    Phase("over", acts=ANYONE, prompt="over> ", status=_over_status, waiting=rules.over_text, rule=rules.over_rule,
          over=True),
])

MOVES = MoveSet(MOVE_LIST, PHASES)
