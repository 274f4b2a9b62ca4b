"""Crafting the Cosmos's phase table: who acts in each phase, which moves it opens, what
the prompt and toolbar say the game waits for, and the sentence (with its rule) that
refuses any other move. The core derives the prompt, the default command, the toolbar's
first part and the first checks of every move from it (core.phases), so they are said
once, here.

A round (Round) is each player's energy phase (shift, then collect and a refill of the
display) and craft phase, then the end phase, whose steps that wait for the table (the
counts of a goal, the goal card revealed, the hand limit) are phases of their own. The
setup's table-mode steps (the order the energy tokens were laid, the face-up energy
cards, the first goal) are phases too; digital mode starts at the first goal.
"""

from referee.core.phases import ANYONE, SEAT, Phase, Phases
from referee.games.cosmos import ending

# The moves each phase opens, by name; the topic modules declare them (moves.py).
OPENS = {
    "tokens": ("tokens",),
    "display": ("display",),
    "goal": ("goal",),
    "energy": ("shift",),
    "collect": ("take", "nebula"),
    "refill": ("display",),
    "craft": ("place", "supernova", "stabilise", "move", "complete", "advanced", "power", "use", "set",
              "discharge", "end"),
    "count": ("count",),
    "limit": ("discard",),
    "over": (),
}


def _s(count, word):
    return f"{count} {word}{'' if count == 1 else 's'}"


def _goal_rule(state):
    """The first goal is the setup's (step 3); the later ones the end phase's (step 3)."""
    return "Setup" if not state.scored and not any(state.track) else "End phase"


def _goal_status(state):
    return "setup: name the first goal" if _goal_rule(state) == "Setup" else "end phase: name the new goal"


def sizes_left(state):
    """The nebula sizes whose stack still holds a tile (all three when none does: the
    chemistry tile is then not due anyway)."""
    left = [size for size in (1, 2, 3) if state.left(f"nebula{size}")]
    return left or [1, 2, 3]


def _collect_status(state):
    due = []
    if state.to_take:
        due.append(f"take {_s(state.to_take, 'card')}")
    if state.nebula_due:
        due.append("nebula " + "|".join(map(str, sizes_left(state))))
    return f"{state.player}: " + ", ".join(due or ["collect"])


def _collect_prompt(state):
    return f"{state.player} {'take' if state.to_take or not state.nebula_due else 'nebula'}? "


def _collect_default(state):
    """A bare line takes cards while some are due, then names the nebula's size."""
    return "take" if state.to_take or not state.nebula_due else "nebula"


def _collect_waiting(state):
    due = []
    if state.to_take:
        due.append(f"take {_s(state.to_take, 'energy card')} (`take deck`, or a type on display)")
    if state.nebula_due:
        due.append(f"choose the chemistry nebula (`nebula {sizes_left(state)[-1]}`)")
    return f"{state.player} first collects: " + " and ".join(due or ["the resources gained"])


def _refill_status(state):
    return f"refill the display ({4 - len(state.display)})"


def refill_example(state):
    """`display CARD ...` with as many CARDs as the display lacks: the words to type, never
    a card named, which read as an order to lay that very card (`display light`)."""
    from referee.games.cosmos import energycards

    n = max(1, energycards.missing(state))
    return "`display " + " ".join(["CARD"] * n) + "` (each a type: light, time, gravity or chemistry)"


def _tokens_status(state):
    """The toolbar under `tokens? ` shows the words to type (`e.g. Ann dark Ben dark dark
    dark`: the players in seat order, the dark tokens between and after them) when they
    fit a phone's line; else what the table says."""
    from referee.games.cosmos.state import DARK_TOKENS

    darks = DARK_TOKENS.get(len(state.players), 3)
    order = []
    for player in state.players:
        order.append(player)
        if darks:
            order.append("dark")
            darks -= 1
    order += ["dark"] * darks
    said = f"tokens, e.g. {' '.join(order)}"
    return said if len(said) <= 50 else "setup: tokens as laid"


def _refill_waiting(state):
    return f"the table first names the cards that refill the display: {refill_example(state)}"


def _craft_status(state):
    return f"{state.player}: craft, then end"


def _counting(state):
    """The goal being counted by the card's name ("life in Phi"), not its key ("phi"):
    the table looks for the card."""
    from referee.games.cosmos import goals

    goal = state.track[-1] if state.track else None
    return goals.label(goal) if goal else "the goal"


def _count_status(state):
    return f"count: {_counting(state)}"


def _count_waiting(state):
    return (f"the table first gives each player's count for {_counting(state)}: "
            f"`count {' '.join(f'{p} 0' for p in state.players[:2])} ...`")


def _over_hand(state):
    return [p for p, hand in zip(state.players, state.hands) if len(hand) > 10]


def _limit_status(state):
    over = _over_hand(state)
    return "hand limit: " + ", ".join(over) + " discard" if over else "hand limit"


def _limit_waiting(state):
    over = _over_hand(state)
    who = ", ".join(over) if over else "a player"
    return f"{who} first discards down to 10 energy cards: `discard {over[0] if over else 'Ann'} light time`"


def _over_status(state):
    won = ending.winners(state)
    if not won:
        return "game over: no winner"
    return "game over: " + ", ".join(won) + (" won" if len(won) == 1 else " share the win")


def _over_waiting(state):
    if state.early:  # the rule is cited once, after it; the way back is said (as Colors says it)
        return "the game is over: the table ended it early; `undo` takes that back, `score` shows the final scores"
    return "the game is over: `score` shows the final scores"


def _over_rule(state):
    return "G-6" if state.early else "End"


PHASE_LIST = [
    Phase("tokens", moves=OPENS["tokens"], acts=ANYONE, prompt="tokens? ", default="tokens",
          status=_tokens_status,
          waiting="the table first says the order the energy tokens were laid: `tokens Ann dark Ben ...`",
          rule="CT-2", next=("display",)),
    Phase("display", moves=OPENS["display"], acts=ANYONE, prompt="display? ", default="display",
          status="setup: the 4 face-up cards",
          waiting="the table first names the 4 face-up energy cards: `display light time time chem`",
          rule="Setup", next=("goal",)),
    Phase("goal", moves=OPENS["goal"], acts=ANYONE, prompt="goal? ", default="goal", status=_goal_status,
          waiting="the table first names the goal card revealed: `goal NAME`", rule=_goal_rule,
          next=("energy", "limit", "over")),
    Phase("energy", moves=OPENS["energy"], acts=SEAT, prompt="{player} shift? ", default="shift",
          status="{player}: energy, shift",
          waiting="{player} first shifts energy: `shift 3` (own token) or `shift 2 time 1`", rule="Shift",
          turn_rule="Round", next=("collect", "refill", "craft")),
    Phase("collect", moves=OPENS["collect"], acts=SEAT, prompt=_collect_prompt, default=_collect_default,
          status=_collect_status, waiting=_collect_waiting, rule="Controls", turn_rule="Round",
          next=("collect", "refill", "craft")),
    Phase("refill", moves=OPENS["refill"], acts=ANYONE, prompt="refill? ", default="display",
          status=_refill_status,
          waiting=_refill_waiting,
          rule="Resources", next=("craft",)),
    Phase("craft", moves=OPENS["craft"], acts=SEAT, prompt="{player} craft> ", status=_craft_status,
          waiting="{player} is crafting: when done, `end nebula 1|2|3` or `end stabilise`", rule="CT-5",
          turn_rule="Round", next=("energy", "count", "goal", "limit", "over")),
    Phase("count", moves=OPENS["count"], acts=ANYONE, prompt="count? ", default="count", status=_count_status,
          waiting=_count_waiting, rule="CT-6", next=("goal", "limit", "energy", "over")),
    Phase("limit", moves=OPENS["limit"], acts=ANYONE, prompt="discard? ", default="discard", status=_limit_status,
          waiting=_limit_waiting, rule="End phase", next=("limit", "energy", "over")),
    Phase("over", moves=OPENS["over"], acts=ANYONE, prompt="over> ", status=_over_status, waiting=_over_waiting,
          rule=_over_rule, over=True),
]


class _Phases(Phases):
    """The phase table, whose bare-line answer may depend on the state (collect: `take`
    while cards are due, then `nebula`): a phase's ``default`` is a command's name or a
    function of the state giving one."""

    def default(self, state):
        name = self.of(state).default
        return name(state) if callable(name) else name


PHASES = _Phases(PHASE_LIST)

