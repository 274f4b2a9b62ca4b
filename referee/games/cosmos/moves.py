"""Crafting the Cosmos's moves, each declared once from its words to its reply, so the
rules, the log, help and "what may I do now" cannot drift apart: the rules of its part of
the game (setup, energy, craft, power, ending, corrections), its log line (lines), its
reading, completion and what it asks (reading_<part>), its reply (replies), assembled
with the phase table into the game's ``apply`` (core.moves.MoveSet). Each move's command
runs its whole path through core.play.

Five words a reading passes on are not fields and are never journalled: ``insist`` (a
line ending in `!`: complete, end and power score, end or keep without asking),
``line`` (the cards of a `tell` typed on the line, read once the rules have said who may
tell) and ``then`` (the collect typed on a shift's line, checked with the shift), which
``gather`` takes out; ``many`` and ``typed`` (a `take` or `display` asking
for more cards than are due, and the words as typed), which ``check_first`` refuses.
"""

from referee.core.moves import Move, MoveSet
from referee.games.cosmos import (autoplace, corrections, craft, ending, energy, lines, phases, power,
                                  reading_corrections, reading_craft, reading_ending, reading_energy, reading_power,
                                  reading_setup, replies, setup)
from referee.games.cosmos.craft import ready
from referee.games.cosmos.state import SET_SIZE, table_mode

SETUP = (
    Move("tokens", setup.tokens, lines.tokens, rule="CT-2", check=setup.check_tokens, fields={"order": list},
         anytime=True, ready=lambda state: state.phase == "tokens",  # anytime: digital mode hears G-2 first
         offered=table_mode, absent="in digital mode the referee drew the order of the energy tokens itself",
         absent_rule="G-2", summary="say the order the energy tokens were laid (table mode)",
         words=("tokens",), usage="tokens PLAYER|dark ...", complete=reading_setup.complete_tokens,
         reading=reading_setup.read_tokens, reply=replies.tokens_laid),
)

ENERGY = (
    Move("shift", energy.shift, lines.shift, rule="CT-3", check_first=energy.check_shift_line,
         check=energy.check_shift, fields={"steps": list}, gather=reading_energy.gather_shift,
         summary="move energy tokens 3 spaces clockwise, then collect",
         words=("shift", "sh"), usage="shift N [CONTROL N ...]", complete=reading_energy.complete_shift,
         reading=reading_energy.read_shift, reply=replies.shifted),
    Move("take", energy.take, lines.take, rule="CT-3", check_first=energy.check_take_first, check=energy.check_take,
         fields={"cards": list}, ready=lambda state: bool(state.to_take),
         summary="take the energy cards gained: display or deck",
         words=("take", "draw"), usage="take CARD|deck ...", complete=reading_energy.complete_take,
         reading=reading_energy.read_take, reply=replies.taken),
    Move("nebula", energy.nebula, lines.nebula, rule="CT-3", check=energy.check_nebula, fields={"size": int},
         ready=lambda state: bool(state.nebula_due), summary="choose the size of the chemistry nebula tile",
         words=("nebula",), usage="nebula 1|2|3", complete=reading_energy.complete_size,
         reading=reading_energy.read_nebula, reply=replies.nebula_taken),
    Move("display", energy.display, lines.display, rule="Setup", check_first=energy.check_display_first,
         check=energy.check_display, fields={"cards": list},
         offered=table_mode, absent="in digital mode the referee lays the display itself", absent_rule="G-2",
         summary="name the energy cards laid face up (table mode)",
         words=("display",), usage="display CARD ...", complete=reading_energy.complete_types,
         reading=reading_energy.read_display, reply=replies.laid),
)

CRAFT = (
    Move("place", craft.place, lines.place, rule="Place", check=craft.check_place,
         fields={"stars": list, "nebulae": list, "proto": int}, optional={"stars": (), "nebulae": (), "proto": 0},
         ready=ready(lambda s, b: craft.loose_parts(b, sliders=False)),
         summary="place loose stars, nebulae, proto life",
         words=("place", "pl"), usage="place [PIECE ...]", complete=reading_craft.complete_place,
         reading=reading_craft.reading_place, reply=replies.placed),
    Move("supernova", craft.supernova, lines.supernova, rule="Sliders", check=craft.check_supernova,
         fields={"star": str}, ready=ready(lambda s, b: b.supernova), summary="spend 1 supernova: a star becomes one",
         words=("supernova", "nova", "sn"), usage="supernova STAR", complete=reading_craft.complete_star,
         reading=reading_craft.read_supernova, reply=replies.novaed),
    Move("stabilise", craft.stabilise, lines.stabilise, rule="Sliders", check=craft.check_stabilise,
         fields={"count": int}, optional={"count": 1},
         ready=ready(lambda s, b: b.dna and b.proto), summary="spend DNA: proto life becomes stable",
         words=("stabilise", "stabilize", "stab"), usage="stabilise [N]", reading=reading_craft.read_stabilise,
         reply=replies.stabilised),
    Move("move", craft.move, lines.move, rule="Sliders", check=craft.check_move, fields={"piece": str},
         ready=ready(lambda s, b: b.graviton), summary="spend 1 graviton: move a star or life",
         words=("move", "mv"), usage="move PIECE", complete=reading_craft.complete_piece,
         reading=reading_craft.read_move, reply=replies.moved),
    Move("complete", craft.complete, lines.complete, rule="CT-5", check_first=craft.check_complete,
         fields={"size": int, "points": int}, ready=ready(lambda s, b: any(not n.complete for n in b.nebulae)),
         summary="complete a nebula, its points as printed",
         words=("complete", "comp"), usage="complete SIZE POINTS", complete=reading_craft.complete_size,
         reading=reading_craft.read_complete, gather=reading_craft.gather_complete, reply=replies.completed),
    Move("advanced", craft.advanced, lines.advanced, rule="Advanced", check_first=craft.verify_advanced,
         check=craft.check_advanced, public=lines.advanced_public,
         fields={"size": int, "proto": int, "value": int, "unseen": bool}, optional={"value": None, "unseen": False},
         ready=ready(lambda s, b: any(n.complete and not n.advanced for n in b.nebulae)),
         summary="create advanced life on a completed nebula",
         words=("advanced", "adv"), usage="advanced SIZE PROTO", complete=reading_craft.complete_size,
         reading=reading_craft.read_advanced, gather=reading_craft.gather_advanced, reply=replies.created),
    Move("set", craft.set_, lines.set_, rule="Cards", check=craft.check_set, fields={"type": str},
         ready=ready(lambda s, b: len(s.hands[s.turn]) >= SET_SIZE), summary="5 matching energy cards: 6 points",
         words=("set", "sets"), usage="set TYPE", complete=reading_craft.complete_type, reading=reading_craft.read_set,
         reply=replies.set_made),
    Move("discharge", craft.discharge, lines.discharge, rule="CT-1", check=craft.check_discharge,
         fields={"crystals": int, "points": int, "stars": list},
         optional={"crystals": 0, "points": 0, "stars": ()},
         ready=ready(lambda s, b: b.crystals), summary="discharge the time chamber, as reported",
         words=("discharge",), usage="discharge N [points P] [STAR ...]", reading=reading_craft.reading_discharge,
         reply=replies.discharged),
    # done/pass/next: what a newcomer types to end a turn
    Move("end", craft.end, lines.end, rule="Omega", check_first=craft.check_end, fields={"choice": str, "size": int},
         optional=("size",), summary="end the turn: a nebula or stabilise 1",
         words=("end", "omega", "done", "pass", "next"), usage="end nebula SIZE | stabilise",
         complete=reading_craft.complete_end, reading=reading_craft.reading_end, gather=reading_craft.gather_end,
         reply=replies.ended),
)

POWER = (
    Move("power", power.power, lines.power_, rule="Power", check_first=power.check_power,
         fields={"type": str, "slot": int, "card": str}, ready=power.can_gain,
         summary="gain a power card: 2/3/3/4 matching cards",
         words=("power", "pow"), usage="power TYPE CARD [slot N]", complete=reading_power.complete_power,
         reading=reading_power.read_power, gather=reading_power.gather_power, reply=replies.gained_power),
    Move("use", power.use, lines.use, rule="Use", check=power.check_use,
         fields={"card": str, "pay": list, "star": str, "target": str, "supernova": bool, "nebula": str,
                 "count": int, "piece": str, "cost": list, "points": int},
         optional={"star": None, "target": None, "supernova": False, "nebula": None, "count": 0, "piece": None,
                   "cost": None, "points": None},
         ready=power.has_power, summary="use a power card at its cost",
         words=("use",), usage="use CARD [choices] [pay TYPE ...]", complete=reading_power.complete_held,
         reading=reading_power.reading_use, reply=replies.used),
)

ENDING = (
    Move("goal", ending.goal, lines.goal, rule="Goals", check=ending.check_goal, fields={"name": str, "metric": str},
         optional=("metric",), summary="name the goal card revealed: `goal proto`",
         words=("goal",), usage="goal NAME [counts METRIC]", complete=reading_ending.complete_goal,
         reading=reading_ending.reading_goal, reply=replies.goal_named),
    Move("count", ending.count, lines.count, rule="CT-6", check=ending.check_count, fields={"counts": dict},
         summary="the table's counts for the goal scored",
         words=("count",), usage="count PLAYER N [PLAYER N ...]", complete=reading_ending.complete_count,
         reading=reading_ending.reading_count, reply=replies.counted),
    Move("discard", ending.discard, lines.discard, rule="End phase", check=ending.check_discard,
         fields={"player": str, "cards": list}, summary="discard down to 10 energy cards",
         words=("discard",), usage="discard PLAYER TYPE [TYPE ...]", complete=reading_ending.complete_discard,
         reading=reading_ending.reading_discard, reply=replies.discarded),
)

CORRECTIONS = (
    Move("adjust", corrections.adjust, lines.adjust, rule="G-1", check=corrections.check_adjust,
         fields={"player": str, "what": str, "value": int, "relative": bool}, optional={"relative": False},
         anytime=True, summary="correct a count to what the table shows: `adjust Ann He 3`",
         words=("adjust", "correct"), usage="adjust PLAYER COUNT N|+N|-N", complete=reading_corrections.complete_player,
         reading=reading_corrections.read_adjust, reply=replies.corrected),
    Move("token", corrections.token, lines.token, rule="G-1", check=corrections.check_token,
         fields={"token": str, "from": str, "to": str}, optional=("from",), anytime=True,
         ready=lambda state: False,  # a correction: `adjust token` in help, not a move to offer
         summary="put an energy token where the table has it: `adjust token Ann time`"),
    Move("deck", corrections.deck, lines.deck, rule="G-1", check=corrections.check_deck, fields={"count": int},
         anytime=True, ready=lambda state: False,
         summary="set the energy deck's count to what the table has: `adjust deck 30` (table mode)"),
    Move("tell", corrections.tell, lines.tell, rule="G-1", check_first=corrections.check_teller,
         check=corrections.check_tell, fields={"player": str, "cards": list},
         public=lines.tell_public, anytime=True, offered=table_mode,
         absent="in digital mode the referee dealt the hands and knows them", absent_rule="G-2",
         ready=lambda state: any(len(hand) for hand in state.hands),  # public: sizes, never the untold count
         summary="name cards of your own hand to the referee, unseen (table mode)",
         words=("tell",), usage="tell PLAYER [TYPE ...]", complete=reading_corrections.complete_player,
         reading=reading_corrections.read_tell, gather=reading_corrections.gather_tell, reply=replies.told),
    Move("finish", corrections.finish, lines.finish, rule="G-6", check=corrections.check_finish, anytime=True,
         ready=lambda state: not (state.early or state.ending), summary="end the game after this round's end phase (G-6)",
         words=("finish",), usage="finish", reading=reading_corrections.read_finish, reply=replies.finished),
)

# Every craft move but `place` first places what is loose (issue 20 item 1, autoplace.py).
CRAFT = tuple(move if move.name == "place" else autoplace.placing(move) for move in CRAFT)
POWER = tuple(autoplace.placing(move) for move in POWER)

MOVE_LIST = SETUP + ENERGY + CRAFT + POWER + ENDING + CORRECTIONS

PHASES = phases.PHASES

MOVES = MoveSet(MOVE_LIST, PHASES)  # refuses a phase opening a move no part declares
