"""What players type in the energy phase of Crafting the Cosmos: `shift`, `take`,
`nebula`, `display` (table mode) and `hint`. Words are read here into actions; every
judgement (3 spaces in all, whose token, what the display holds, what is left) is the
rules' (energy.py), so a refusal cites its rule and replay meets the same refusals.

The shift's short syntax: a bare number moves your own token (`shift 3`); a control and
a number move the dark token leaving that control (`shift 2 time 1`, `t1`, `dark@time 1`,
`dark time 1`); `own 2` says it in full; steps are made in the order typed. There is no
way to say "counterclockwise": every step goes clockwise.
"""

import re

from referee.core import render
from referee.core.errors import InputError, RuleError
from referee.games.cosmos import energy, energycards, hint
from referee.games.cosmos.registry import COMMANDS, do, energy_type, number, shown, small
from referee.games.cosmos.state import CONTROLS, ENERGY

_GLUED = re.compile(r"^(dark@|dark:|dark)?([a-z]+)[@:]?(-?\d+)$")


# -- completion ---------------------------------------------------------------------------------


def _shift_words(session, words):
    return ["own"] + list(CONTROLS)


def _take_words(session, words):
    return sorted(set(session.state.display)) + ["deck"]


def _types(session, words):
    return list(ENERGY)


def _sizes(session, words):
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


def _meant(word):
    """' (time?)' for a mistyped control (`tiem`): a suggestion, never a guess acted on."""
    import difflib

    close = difflib.get_close_matches(word, list(CONTROLS) + ["chem", "grav", "dark", "own"], 1, 0.6)
    return f" (did you mean {close[0]}?)" if close else ""


def read_steps(session, args):
    """``args`` of `shift` as the action's steps: [[who, control, n], ...] in the order typed."""
    words = args.replace(",", " ").lower().split()
    if not words:
        raise InputError("shift how? e.g. `shift 3` (your token 3 spaces) or `shift 2 time 1` "
                         "(yours 2, the dark token in time 1); `hint` lists them all")
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
        elif session.find_player(word):
            player = session.find_player(word)
            steps.append([player, None, spaces_after(player)])
        else:
            raise InputError(f"{shown(word)!r}{_meant(word)}: say a number (your token), a control and a number "
                             "(the dark token there), e.g. `shift 2 time 1`")
        at += 1
    return steps


def _cards(words, allowed, what, most=None, too_many=None):
    """Words as a list of cards, a number before a word repeating it (`2 deck`). With
    ``most``: more cards than that are refused (``too_many(n)`` says why) before the
    list is built, so `take 100000000 deck` costs nothing (issue 18 item 13)."""
    if most is not None:
        total, times = 0, None
        for word in words:
            if word.isdecimal():
                if len(word.lstrip("0")) > len(str(most)):  # more than `most` whatever follows
                    raise too_many(shown(word, 40))
                times = int(word.lstrip("0") or "0")
                continue
            total, times = total + (1 if times is None else times), None
        if total > most:
            raise too_many(total)
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
                         "the deck") from None


# -- replies -----------------------------------------------------------------------------------


def _short_text(state, short):
    said = []
    for resource, n in short.items():
        if resource in energy.SUPPLY_OF:
            name = state.supply[energy.SUPPLY_OF[resource]].name
            said.append(f"the {name} could not give {energy.amount_text({resource: n})}")
        elif resource == "nebula":
            said.append("every nebula stack is empty: no nebula tile")
        elif resource == "cards":
            said.append(f"deck, discard pile and display could not give {energy.amount_text({resource: n})}")
    return said


def next_text(state):
    """What the energy phase waits for now, with the words to type."""
    if state.phase == "collect":
        parts = []
        if state.to_take:
            shown = " ".join(state.display) or "empty"
            n = state.to_take
            parts.append(f"take {n} energy card{'s' if n != 1 else ''} (display: {shown}), e.g. "
                         f"`take {' '.join(['deck'] * min(n, 3))}`")
        if state.nebula_due:
            from referee.games.cosmos.phases import sizes_left

            sizes = [f"`nebula {size}`" for size in sizes_left(state)]
            said = sizes[0] if len(sizes) == 1 else ", ".join(sizes[:-1]) + " or " + sizes[-1]
            parts.append(f"choose the nebula tile: {said}")
        return "next: " + "; ".join(parts)
    if state.phase == "refill":
        from referee.games.cosmos import energycards

        n = energycards.missing(state)
        from referee.games.cosmos.phases import refill_example

        return f"next: the table lays {n} card{'s' if n != 1 else ''} face up: {refill_example(state)}"
    if state.phase == "craft":
        return f"{state.player}'s craft phase: place, spend, then `end`"
    return ""


def _view():
    """The views module (views' part), or None while it is not there."""
    try:
        from referee.games.cosmos import view
    except ImportError:
        return None
    return view


def shift_reply(before, after, steps):
    seat = before.turn
    name = before.players[seat]
    gained = after.gained or {}
    lines = [render.ok(f"{name} shifts {energy.steps_text(steps)}: own token in "
                       f"{gained.get('control')}")]
    ring = getattr(_view(), "ring", None)
    if ring is not None:  # the board as the tokens now lie, for the table to check its own
        lines.append(ring(after))
    lines.append("gains " + energy.amount_text(gained.get("got", {})))
    lines += _short_text(before, gained.get("short", {}))
    from_supply, from_box = gained.get("tokens", (0, 0))
    if from_supply:
        lines.append(f"time chamber full: {from_supply} new crystal token{'s' if from_supply != 1 else ''} "
                     "from the supply")
    if from_box:
        lines.append(f"time crystal supply out: {from_box} from the box; the game ends after this round's "
                     "end phase (CT-4)")
    elif after.ending and not before.ending:
        lines.append("the time crystal supply is now out: the game ends after this round's end phase (CT-4)")
    lines.append(next_text(after))
    return "\n".join(line for line in lines if line)


# -- the commands ---------------------------------------------------------------------------------


@COMMANDS.command("shift", "sh", usage="shift N [CONTROL N ...]", complete=_shift_words)
def shift_command(session, args):
    """Move energy tokens 3 spaces clockwise in all, then collect (CT-3).

    A number alone moves your own token: `shift 3`. A control and a number move the
    dark token in that control: `shift 2 time 1` is yours 2, then the dark token in
    time 1 (`t1`, `dark@time 1` say the same). Steps go in the order typed; full
    controls are skipped for free; your own token moves at least 1. `hint` lists
    every shift with what it yields.
    """
    steps = read_steps(session, args)
    before = session.state
    after = do(session, {"do": "shift", "steps": steps})
    return shift_reply(before, after, steps)


@COMMANDS.command("take", "draw", usage="take CARD|deck ...", complete=_take_words)
def take_command(session, args):
    """Take the energy cards gained: face-up types from the display, or `deck`.

    `take light deck deck`; a number repeats a word: `take 2 deck`. `take` alone
    draws them all from the deck. Several lines may share them out.
    """
    state = session.state
    words = args.replace(",", " ").split()
    if not state.to_take:  # its rule first (the phase, the turn, nothing to take)
        session.check({"do": "take", "cards": ["deck"]})

    def too_many(n):
        return RuleError(f"'take {shown(args.strip(), 60)}': {state.player} takes {state.to_take} energy "
                         f"card{'s' if state.to_take != 1 else ''}, not {n}", rule="CT-3")

    cards = (_cards(words, _energy_or_deck, "deck", state.to_take, too_many) if words
             else ["deck"] * state.to_take)
    seat = state.turn
    after = do(session, {"do": "take", "cards": cards})
    faceup = [card for card in cards if card != "deck"]
    deck = cards.count("deck")
    parts = [" ".join(faceup) + " from the display"] if faceup else []
    if deck:
        parts.append(f"{deck} from the deck")
    lines = [render.ok(f"{state.players[seat]} takes " + " and ".join(parts)), drew_text(after, seat, deck),
             reshuffled(state, after)]
    lines.append(next_text(after))
    return "\n".join(line for line in lines if line)


def drew_text(state, seat, count):
    """Digital mode: a draw announced as a count, and where its owner sees the cards.
    Nothing private is shown unasked (G-2: hidden information only on an explicit
    per-player command), so the shared screen never holds a hand the taker did not
    ask for; `hand NAME` is that command."""
    if not count or state.mode != "digital":
        return ""
    name = state.players[seat]
    return f"{name} drew {count} card{'s' if count != 1 else ''} (`hand {name}` shows {'them' if count != 1 else 'it'})"


def reshuffled(before, after):
    """The line that says the energy deck ran out and the discard pile became the new deck
    ('' when it did not): at a real table somebody has to shuffle it before drawing on."""
    if after.reshuffles <= before.reshuffles:
        return ""
    pile = len(before.discard)
    if after.mode == "table":
        return (f"the energy deck ran out: shuffle the discard pile ({pile} card{'s' if pile != 1 else ''}) "
                "into a new deck and draw from it (Resources)")
    return f"the energy deck ran out: the discard pile ({pile}) was shuffled into a new deck (Resources)"


@COMMANDS.command("nebula", usage="nebula 1|2|3", complete=_sizes)
def nebula_command(session, args):
    """Choose the size of the chemistry control's nebula tile (from that size's stack)."""
    words = args.split()
    if len(words) != 1:
        raise InputError("which size? `nebula 1`, `nebula 2` or `nebula 3`")
    size = number(words[0], "a nebula size (1, 2 or 3)")
    state = session.state
    after = do(session, {"do": "nebula", "size": size})
    return "\n".join(line for line in (render.ok(f"{state.player} takes a size {size} nebula tile"),
                                       reshuffled(state, after), next_text(after)) if line)


@COMMANDS.command("display", usage="display CARD ...", complete=_types)
def display_command(session, args):
    """Table mode: name the energy cards laid face up (setup: 4; refill: the missing).

    `display light time gravity light`; a number repeats a type: `display 2 light
    time chem`. Short forms: l, t, g, c.
    """
    words = args.replace(",", " ").split()
    if not words:
        raise InputError("which cards? e.g. `display light time gravity light`")
    wanted = energycards.missing(session.state)
    if not wanted:  # its rule first (digital mode, the phase, a full display)
        session.check({"do": "display", "cards": ["light"]})

    def too_many(n):
        return RuleError(f"'display {shown(args.strip(), 60)}': {wanted} card{'s' if wanted != 1 else ''} "
                         f"{'are' if wanted != 1 else 'is'} to be laid face up, not {n}", rule="Setup")

    cards = _cards(words, energy_type, "light", max(wanted, 1), too_many)
    action = {"do": "display", "cards": cards}
    if session.speaker:
        action["by"] = session.speaker
    before = session.state
    after = session.do(action)
    said = render.ok("face up: " + " ".join(after.display))
    said += "".join("\n" + line for line in [reshuffled(before, after)] if line)
    if after.phase == "craft":
        return said + "\n" + next_text(after)
    return said


def _no_shift_now(state):
    """What `hint` says away from a shift: what the game waits for, with the words to type
    (a newcomer asks for a hint exactly when unsure what comes next; a ✗ citing CT-3 did
    not tell them)."""
    from referee.core.phases import text
    from referee.games.cosmos import craft
    from referee.games.cosmos.moves import MOVES

    if state.phase == "craft" and state.turn is not None:
        left = craft.lost(state.boards[state.turn])
        todo = f"still to place or spend: {', '.join(left)}; then " if left else "when done, "
        return (f"no shift to hint: {state.player} is crafting; {todo}end the turn with "
                "`end nebula 1|2|3` or `end stabilise` (`moves` lists the rest)")
    said = next_text(state).removeprefix("next: ") if state.phase in ("collect", "refill") else ""
    if not said:
        said = text(MOVES.phases.of(state).status, state)
    return f"no shift to hint now ({said}); `moves` lists what may be done, with examples"


@COMMANDS.command("hint", usage="hint [all]", complete=lambda session, words: ["all"] if not words else [])
def hint_command(session, args):
    """The shifts you can make now and what each yields, best first, with the command.

    The best 5; `hint all` lists every different yield. Shown to the whole table: a
    shift's yield depends only on what all can see (the board, power cards,
    supplies, display), never on a hand. Away from a shift it says what the game
    waits for instead.
    """
    word = args.strip().lower()
    if word not in ("", "all"):
        raise InputError("`hint` or `hint all`: it is for the player to shift")
    if session.state.phase != "energy":
        return render.wrap_text(_no_shift_now(session.state), render.terminal_width(), hang="  ")
    if word == "all":
        return render.Long(hint.hint_text(session.state, render.terminal_width(), limit=None))
    return hint.hint_text(session.state, render.terminal_width())
