"""How the words of the energy phase of Crafting the Cosmos are read: `shift`, `take`,
`nebula` and `display` (table mode), declared on their moves (moves.py). Words are read
here into actions; every judgement (3 spaces in all, whose token, what the display
holds, what is left) is the rules' (energy.py), so a refusal cites its rule and replay
meets the same refusals.

The shift's short syntax: a bare number moves your own token (`shift 3`); a control and
a number move the dark token leaving that control (`shift 2 time 1`, `t1`, `dark@time 1`,
`dark time 1`); `own 2` says it in full; steps are made in the order typed. There is no
way to say "counterclockwise": every step goes clockwise.
"""

import re

from referee.core.errors import InputError, RuleError
from referee.games.cosmos import energy, energycards
from referee.games.cosmos.reading import Pattern, energy_type, meant, number, said_by, shown, small
from referee.games.cosmos.state import CONTROLS, DARK, ENERGY

_GLUED = Pattern(r"^(dark@|dark:|dark)?([a-z]+)[@:]?(-?\d+)$")


# -- completion ---------------------------------------------------------------------------------


def complete_shift(ctx, words):
    """`shift <Tab>`: own and the controls (`shift gravity` moves your token there); after
    `to`, the controls; after a number, only the controls holding a dark token, the ones
    a step can move a token out of (issue 20 item 11); after a control, its spaces."""
    if not words:
        return ["own"] + list(CONTROLS)
    last = words[-1].lower()
    if last == "to":
        return list(CONTROLS)
    if _control(last) is not None or last in ("own", "dark"):
        return []
    controls = ctx.state.controls or ()
    return ["own"] + [name for name, tokens in zip(CONTROLS, controls) if DARK in tokens]


def complete_take(ctx, words):
    return sorted(set(ctx.state.display)) + ["deck"]


def complete_types(ctx, words):
    return list(ENERGY)


def complete_size(ctx, words):
    return ["1", "2", "3"] if not words else []


# -- reading ---------------------------------------------------------------------------------------


def _count(word):
    """A step's spaces as typed: a whole number, negative too (the rules refuse it: clockwise only)."""
    text = word.strip().rstrip(",")
    if re.fullmatch(r"-?\d+", text):
        return _spaces(text)
    raise InputError(f"{shown(word)!r} is not a number of spaces")


def _spaces(text):
    """A step's spaces, bounded before it is read: a shift moves 3 in all (Shift)."""
    return small(text, "a token's move (a shift moves 3 spaces in all)", 99)


def _control(word):
    try:
        return energy_type(word)
    except InputError:
        return None


def _meant_type(word):
    """' (did you mean light?)' for a mistyped energy type (`lihgt`)."""
    return meant(word, list(ENERGY) + ["deck"])


def _meant(word, ctx=None):
    """' (did you mean time?)' for a mistyped control (`tiem`) or player (`Anne`): a
    suggestion, never a guess acted on."""
    players = list(getattr(ctx, "players", None) or ()) if ctx is not None else []
    return meant(word, list(CONTROLS) + ["chem", "grav", "dark", "own"] + players)


def _to_control(ctx, words):
    """`shift to gravity` / `shift gravity`: the own token's steps to that control, when
    one shift the rules allow ends it there (3 spaces away: `shift 3`; nearer, the dark
    token that makes up the rest when only one can); else one line with the shifts that
    do, as `hint` words them. None when the words name no control alone."""
    control = _control_named(words)
    state = ctx.state
    if control is None or state.turn is None or state.phase != "energy":
        return None  # not this reading; or the phase table refuses the shift in its own words
    ways = _ways_to(state, control)
    alone = [steps for steps in ways if len(steps) == 1]  # the own token alone: `shift 3`
    if len(ways) == 1 or alone:
        return (alone or ways)[0]
    from referee.games.cosmos import hint

    said = " or ".join(f"`{hint.command(steps)}`" for steps in ways[:3])
    raise InputError(f"{control} is nearer than 3 spaces: say which dark token moves the rest, e.g. {said} (CT-3)")


def _control_named(words):
    """The control `shift to X` / `shift X` names; None for other words; a word after
    `to` that is no control is refused with the controls (and a near one)."""
    said = [w for w in words if w != "to"]
    if len(said) != 1 or (len(words) == 2 and words[0] != "to") or len(words) > 2:
        return None
    control = _control(said[0])
    if control is None and words[0] == "to":
        raise InputError(f"{shown(said[0])!r} is not a control: light, time, gravity or chemistry" + _meant(said[0]))
    return control


def _ways_to(state, control):
    """The shifts the rules allow that end the player's token in ``control``, fewest steps
    first; refused in words when there is none."""
    from referee.games.cosmos import hint  # the shifts the rules allow, as the hint tries them

    seat, at = state.turn, CONTROLS.index(control)
    ways = sorted((steps for steps, controls in hint.shifts(state, seat) if seat in controls[at]),
                  key=lambda steps: (len(steps), hint.command(steps)))
    if not ways and seat in state.controls[at]:
        raise InputError(f"{state.player}'s token is in {control} already: a shift moves it on 1 to 3 spaces, "
                         "clockwise; `hint` lists the shifts")
    if not ways:
        raise InputError(f"no shift takes {state.player}'s token to {control} this turn (3 spaces in all, "
                         "clockwise); `hint` lists the shifts")
    return ways


def read_steps(ctx, args):
    """``args`` of `shift` as the action's steps: [[who, control, n], ...] in the order typed."""
    words = args.replace(",", " ").lower().split()
    if not words:
        raise InputError("shift how? e.g. `shift 3` (your token 3 spaces) or `shift 2 time 1` "
                         "(yours 2, the dark token in time 1); `hint` lists them all")
    to = _to_control(ctx, words)
    if to is not None:
        return to
    steps = []
    at = 0

    def spaces_after(what):
        nonlocal at
        if at + 1 >= len(words):
            raise InputError(f"how many spaces for {what}? e.g. `{what} 1`")
        at += 1
        return _count(words[at])

    while at < len(words):
        word = words[at]
        glued = _GLUED.match(word)
        if re.fullmatch(r"-?\d+", word):
            steps.append(["own", None, _spaces(word)])
        elif word == "own":
            steps.append(["own", None, spaces_after("own")])
        elif word.startswith("own") and re.fullmatch(r"own[@:]?-?\d+", word):
            steps.append(["own", None, _spaces(re.sub(r"^own[@:]?", "", word))])
        elif word in ("dark", "d") or word.startswith(("dark@", "dark:")):
            name = word.split("@", 1)[1] if "@" in word else word.split(":", 1)[1] if ":" in word else None
            if not name:
                if at + 1 >= len(words) or _control(words[at + 1]) is None:
                    raise InputError("which dark token? name its control: e.g. `dark@time 1`")
                at += 1
                name = words[at]
            control = _control(name)
            if control is None:
                raise InputError(f"{shown(name)!r} is not a control: light, time, gravity or chemistry")
            steps.append(["dark", control, spaces_after(control)])
        elif _control(word):
            steps.append(["dark", _control(word), spaces_after(word)])
        elif glued and _control(glued.group(2)):
            steps.append(["dark", _control(glued.group(2)), _spaces(glued.group(3))])
        elif ctx.find_player(word):
            player = ctx.find_player(word)
            steps.append([player, None, spaces_after(player)])
        else:
            raise InputError(f"{shown(word)!r}{_meant(word, ctx)}: say a number (your token), a control and a number "
                             "(the dark token there), e.g. `shift 2 time 1`")
        at += 1
    return steps


def asked(words, most):
    """How many cards ``words`` ask for when that is more than ``most`` (a number too long
    to read as it is typed, shortened), else None: counted before a list is built, so
    `take 100000000 deck` costs nothing (issue 18 item 13). The rules refuse it
    (energy.check_take_first, check_display_first) in the words typed."""
    total, times = 0, None
    for word in words:
        if word.isdecimal():
            if len(word.lstrip("0")) > len(str(most)):  # more than `most` whatever follows
                return shown(word, 40)
            times = int(word.lstrip("0") or "0")
            continue
        total, times = total + (1 if times is None else times), None
    return total if total > most else None


def _cards(words, allowed, what):
    """Words as a list of cards, a number before a word repeating it (`2 deck`)."""
    cards, times = [], None
    for word in words:
        if word.isdecimal():
            if times is not None:
                raise InputError(f"{times} {shown(word)}: a number, then what, e.g. `2 deck`")
            times = small(word, "a count of cards")
            continue
        cards += [allowed(word)] * (1 if times is None else times)
        times = None
    if times is not None:
        raise InputError(f"{times} what? e.g. `{times} {what}`")
    return cards


def _energy_or_deck(word):
    if word.lower().rstrip(",") in ("deck", "d", "draw"):
        return "deck"
    try:
        return energy_type(word)
    except InputError:
        raise InputError(f"{shown(word)!r} is neither an energy type (light, time, gravity, chemistry) nor "
                         "the deck" + _meant_type(word)) from None


# -- the readings (their docstrings are the commands' help) -----------------------------------


def read_shift(ctx, args):
    """Move energy tokens 3 spaces clockwise in all, then collect (CT-3).

    A number alone moves your own token: `shift 3`. A control and a number move the
    dark token in that control: `shift 2 time 1` is yours 2, then the dark token in
    time 1 (`t1`, `dark@time 1` say the same). Steps go in the order typed; full
    controls are skipped for free; your own token moves at least 1. `hint` lists
    every shift with what it yields. What is collected may follow in the same line:
    `shift 3 take deck nebula 2` (as `take` reads it).
    """
    words = args.replace(",", " ").split()
    lowered = [w.lower() for w in words]
    if "take" not in lowered:
        _no_bare_nebula(words)
        return said_by(ctx, {"steps": read_steps(ctx, args)})
    at = lowered.index("take")
    shift = said_by(ctx, {"do": "shift", "steps": read_steps(ctx, " ".join(words[:at]))})
    return _then_take(ctx, shift, words[at + 1:])


def _no_bare_nebula(words):
    """`shift to chemistry nebula 3`: the collect follows `take` on a shift's line, said
    so rather than refused as a shift's words ("'to': say a number")."""
    before, size = _nebula_part(words)
    if size is not None and before:
        raise InputError(f"the collect follows `take`: `shift {' '.join(before)} take nebula {size}` "
                         f"(the cards from the deck), or `take light deck nebula {size}` after the shift (CT-4)")


def _then_take(ctx, shift, words):
    """The collect of `shift 3 take ...`, read in the state the shift would leave (the
    cards due are counted there), passed to the rules on the shift (``then``: its
    check_first checks the whole line before anything is made, its gather takes it out).
    Nothing when the shift is refused (its own refusal is the line's) or leaves nothing
    to collect."""
    try:
        after = energy.shift(ctx.state, shift)
    except RuleError:
        return [shift]
    if after.phase != "collect":
        return [shift]
    collected = _collect(ctx, after, words, " ".join(words))
    return [dict(shift, then=collected)] + collected


def gather_shift(ctx, action):
    """The shift as journalled: without the collect its line carried (``then``), which is
    journalled as its own moves."""
    return {name: value for name, value in action.items() if name != "then"}


_SIZE = Pattern(r"^(?:n|neb|nebula)([123])$")


def _nebula_part(words):
    """(the words before the nebula's, the size said or None): `take time nebula 3` (or
    `n3`) names the chemistry nebula tile in the same answer, last."""
    lowered = [w.lower() for w in words]
    for at, word in enumerate(lowered):
        glued = _SIZE.match(word)
        if glued and at == len(words) - 1:
            return words[:at], int(glued.group(1))
        if word in ("nebula", "neb", "n") and at == len(words) - 2:
            return words[:at], number(words[at + 1], "a nebula size (1, 2 or 3)")
    return words, None


def read_take(ctx, args):
    """Take the energy cards gained: face-up types from the display, or `deck`.

    `take light deck deck`; a number repeats a word: `take 2 deck`. `take` alone
    draws them all from the deck. Several lines may share them out. When the
    chemistry nebula is due too, its size may end the answer: `take time nebula 3`.
    """
    words = args.replace(",", " ").split()
    read = _collect(ctx, ctx.state, words, args)
    if len(read) == 1 and read[0]["do"] == "take":  # the take alone, as it always was read
        return {name: value for name, value in read[0].items() if name != "do"}
    return read


def _collect(ctx, state, words, args):
    """The collect's actions (a take, and the nebula when its size ends the words), read in ``state``."""
    words, size = _nebula_part(words)
    if size is not None and not state.nebula_due:
        raise InputError(f"no nebula tile is due: {state.player}'s own token ends elsewhere than chemistry "
                         f"this turn; the cards alone: `take {' '.join(words) or 'deck'}` (CT-4)")
    if size is not None:
        nebula = said_by(ctx, {"do": "nebula", "size": size})
        if not state.to_take:
            return [nebula]
        if not words:  # `take nebula 3`: the cards from the deck, as `take` alone
            words = ["deck"] * state.to_take
        first = dict(_take(ctx, state, words, args), do="take")
        return [first, nebula] if "many" not in first else [first]
    return [dict(_take(ctx, state, words, args), do="take")]


def _take(ctx, state, words, args):
    if not state.to_take:  # nothing is read: the rules say why nothing is taken (CT-3)
        return said_by(ctx, {"cards": []})

    many = asked(words, state.to_take) if words else None
    if many is not None:  # more than are due: refused by the rules in the words typed (check_take_first)
        return said_by(ctx, {"cards": [], "many": many, "typed": args.strip()})
    cards = _cards(words, _energy_or_deck, "deck") if words else ["deck"] * state.to_take
    return said_by(ctx, {"cards": cards})


def read_nebula(ctx, args):
    """Choose the size of the chemistry control's nebula tile (from that size's stack)."""
    words = args.split()
    if len(words) != 1:
        raise InputError("which size? `nebula 1`, `nebula 2` or `nebula 3`")
    return said_by(ctx, {"size": number(words[0], "a nebula size (1, 2 or 3)")})


def read_display(ctx, args):
    """Table mode: name the energy cards laid face up (setup: 4; refill: the missing).

    `display light time gravity light`; a number repeats a type: `display 2 light
    time chem`. Short forms: l, t, g, c.
    """
    words = args.replace(",", " ").split()
    if not words:
        raise InputError("which cards? e.g. `display light time gravity light`")
    wanted = energycards.missing(ctx.state)

    many = asked(words, max(wanted, 1))
    if many is not None:  # more than are missing: refused by the rules in the words typed (check_display_first)
        return {"cards": [], "many": many, "typed": args.strip()}
    return {"cards": _cards(words, energy_type, "light")}
