"""Cosmo;code's moves, each declared once from the words to the reply (core.moves, core.play).

Per move: the fields of its action (as the journal holds them), its checks and pure
effect (dealing.py, receiving.py, manipulate.py, taking.py), its log line (lines.py) and
its rule; and how it is typed: its command and aliases, the reading of its words
(reading.py), what the words do not say (``gather``, reading_hand.py: a card of the
hand, cards typed unseen, a digital draw) with the rules that must refuse before anyone
is asked (``check_first``), and its reply (replies.py). The phase table is phases.py.
From these the core derives the game's ``apply`` (over → phase → turn → the move's
rule), every move's command, the prompt, the default command, the toolbar's first part,
the log lines and `moves`.
"""

from referee.core.moves import Move, MoveSet
from referee.games.cosmocode import dealing, lines, manipulate, reading, reading_hand, receiving, replies, taking
from referee.games.cosmocode.phases import PHASES
from referee.games.cosmocode.state import HAND, table_mode


MOVE_LIST = (
    Move("start", dealing.start, lines.start_line, rule="CO-1", check=dealing.check_start, fields={"player": str},
         anytime=True, summary="name the start player (table mode)",  # anytime: its own check says who started
         words=("start", "first"), usage="start PLAYER", reading=reading.read_start, reply=replies.start,
         complete=reading.players),
    Move("deal", dealing.deal, lines.deal_line, rule="G-1", check=dealing.check_deal, offered=table_mode,
         absent="in digital mode the referee dealt the hands itself", absent_rule="G-2",
         fields={"player": str, "cards": list, "unseen": bool}, optional={"unseen": False}, public=lines.deal_public,
         anytime=True,
         ready=lambda state: any(state.told_so_far(seat) < HAND for seat in range(len(state.players))),
         # while a hand's start cards were not all told (public counts; how many are unnamed is secret)
         summary="tell the referee blue cards in a hand (table mode)",
         words=("deal", "holds"), usage="deal PLAYER [CARD ...]", reading=reading.read_deal, reply=replies.deal,
         complete=reading.players, check_first=dealing.check_deal_first, gather=reading_hand.gather_deal),
    Move("receive", receiving.receive, lines.receive_line, rule="2", check=receiving.check_receive,
         fields={"range": str, "cards": list}, optional={"cards": None},
         ready=lambda state: state.phase == "receive",  # open while revealing only for the reveal said again
         summary="choose a range: short, mid or long",
         words=("receive", "r", "try"), usage="receive short|mid|long [CARDS]", reading=reading.read_receive,
         reply=replies.receive, complete=reading.ranges, check_first=receiving.check_receive_first,
         gather=reading_hand.gather_receive),
    Move("reveal", receiving.reveal, lines.reveal_line, rule="3", check=receiving.check_reveal,
         fields={"cards": list}, offered=table_mode, absent="in digital mode the referee reveals the cards itself",
         absent_rule="G-2", summary="say the cards that came up (table mode)",
         words=("reveal", "cards"), usage="reveal CARD CARD [CARD]", reading=reading.read_reveal,
         reply=replies.reveal),
    Move("flip", manipulate.flip, lines.flip_line, rule="4a", check=manipulate.check_flip,
         fields={"target": int, "pay": str},
         ready=lambda state: not state.tuned,  # 4c closes 4a and 4b (`moves` leaves them out)
         summary="one blue card flips a revealed card's channel",
         words=("flip", "4a", "channel"), usage="flip CARD with CARD", reading=reading.read_flip,
         reply=replies.flip, complete=reading.flip_words, check_first=manipulate.check_flip_first,
         gather=reading_hand.gather_flip),
    Move("indicator", manipulate.indicator, lines.indicator_line, rule="4b", check=manipulate.check_indicator,
         fields={"pay": list}, ready=lambda state: not state.tuned,
         summary="two blue cards flip the channel indicator",
         words=("indicator", "4b", "ind"), usage="indicator with CARD CARD", reading=reading.read_indicator,
         reply=replies.indicator, complete=reading.indicator_words, check_first=manipulate.check_indicator_first,
         gather=reading_hand.gather_indicator),
    Move("tune", manipulate.tune, lines.tune_line, rule="4c", check=manipulate.check_tune,
         fields={"target": int, "step": int, "pay": str},
         summary="one green card moves a revealed number by one",
         words=("tune", "4c", "shift"), usage="tune CARD up|down with CARD", reading=reading.read_tune,
         reply=replies.tune, complete=reading.tune_words, check_first=manipulate.check_tune_first,
         gather=reading_hand.gather_tune),
    Move("take", taking.take, lines.take_line, rule="3", check=taking.check_take,
         fields={"cards": list, "names": list}, optional={"names": ()}, ready=lambda state: bool(state.takeable()),
         summary="take what the range allows",
         words=("take", "t"), usage="take [CARD]", reading=reading.read_take, reply=replies.take,
         complete=reading.revealed),
    Move("pass", taking.pass_, lines.pass_line, rule="3", check=taking.check_pass,
         ready=lambda state: not state.takeable(),  # `moves` lists take or pass, as the picture says
         summary="end the attempt taking nothing",
         words=("nothing", "pass", "none"), usage="nothing", reading=reading.read_pass, reply=replies.pass_),
    Move("discard", taking.discard, lines.discard_line, rule="6", check=taking.check_discard, fields={"cards": list},
         summary="discard down to the hand limit",
         words=("discard", "drop"), usage="discard CARD [CARD ...]", reading=reading.read_discard,
         reply=replies.discard, check_first=taking.check_discard_first, gather=reading_hand.gather_discard),
    Move("perk", taking.perk, lines.perk_line, rule="5", check=taking.check_perk, fields={"perk": str},
         summary="choose perk a or b after a first red card",
         words=("perk",), usage="perk a|b", reading=reading.read_perk, reply=replies.perk, complete=reading.perks),
    Move("finish", taking.finish, lines.finish_line, rule="G-6", check=taking.check_finish, anytime=True,
         summary="end the game early: the most red cards win",
         words=("finish", "end"), usage="finish", reading=reading.read_finish, reply=replies.finish),
)

MOVES = MoveSet(MOVE_LIST, PHASES)
