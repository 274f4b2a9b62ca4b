"""How the words that correct the referee and tell it about hands are read: `adjust`
(G-1; `adjust token` and `adjust deck` make the moves `token` and `deck`), `tell` (table
mode, typed unseen) and `finish` (G-6), declared on their moves (moves.py). Words are
read here; whether a correction fits the supplies, and who may tell, is the rules'
(corrections.py).
"""

from referee.core.errors import InputError
from referee.games.cosmos.reading import can_ask_unseen, energy_type, named_player, shown, small
from referee.games.cosmos.state import SOURCES, STARS

_STARS = {star.lower(): star for star in STARS}
_SIMPLE = {"proto": "proto", "stable": "stable", "dna": "dna", "graviton": "graviton", "gravitons": "graviton",
           "grav": "graviton", "supernova": "supernova", "sn": "supernova", "chamber": "chamber",
           "crystals": "crystals", "crystal": "crystals", "hand": "hand", "cards": "hand"}
_SOURCES = {source: source for source in SOURCES if source != "advanced"}
_SOURCES.update({"goal": "goals", "set": "sets", "nebula": "nebulae", "neb": "nebulae"})
EXAMPLES = "e.g. `adjust Ann He 3`, `adjust Ann points other +2`, `adjust Ann graviton 0`"


def _count_name(words):
    """The count `adjust` names (corrections.COUNTS' key), from the words between the
    player and the value."""
    said = [w.lower() for w in words]
    if len(said) == 1 and said[0] in _STARS:
        return _STARS[said[0]]
    if len(said) == 1 and said[0] in _SIMPLE:
        return _SIMPLE[said[0]]
    if len(said) == 2 and said[0] in ("nova", "novae", "supernovae") and said[1] in _STARS:
        return f"nova {_STARS[said[1]]}"
    if said[:1] == ["points"] and len(said) == 2 and said[1] in _SOURCES:
        return f"points {_SOURCES[said[1]]}"
    if said[:1] in (["loose"], ["unplaced"]):
        rest = "".join(said[1:])
        if rest in _STARS:
            return f"loose {_STARS[rest]}"
        if rest == "proto":
            return "loose proto"
        if rest in ("nebula1", "nebula2", "nebula3", "neb1", "neb2", "neb3"):
            return f"loose nebula{rest[-1]}"
    raise InputError(f"{shown(' '.join(words), 40)!r} is not a count the referee keeps; `help adjust` lists them")


def complete_player(ctx, words):
    return list(ctx.players) if not words else []


def read_adjust(ctx, args):
    """Correct a count the referee keeps to what the table shows (G-1).

    `adjust Ann He 3` sets Ann's placed He stars to 3; `+2` or `-1` changes it by that.
    Counts: stars H He O C; `nova H` (supernovae by their type); `loose H`, `loose proto`,
    `loose nebula 2` (gained, not placed); proto, stable; the sliders supernova, dna,
    graviton; chamber (time chamber space); crystals (tokens on top); `points goals`
    (sets, power, nebulae, other); hand (table mode: its size). What comes from a supply
    returns to it or comes out of it. `adjust token Ann time` puts Ann's energy token in
    the time control, `adjust token dark light time` a dark one; `adjust deck 30`
    sets the energy deck's count (table mode). Logged."""
    words = args.replace(",", " ").split()
    if words and words[0].lower() in ("token", "tokens", "ring"):
        return [_adjust_token(ctx, words[1:])]
    if words and words[0].lower() == "deck":
        if len(words) != 2 or not words[1].isdecimal():
            raise InputError("`adjust deck N`: the energy deck's count, e.g. `adjust deck 30`")
        return [{"do": "deck", "count": small(words[1], "the energy deck's count")}]
    if len(words) < 3:
        raise InputError(f"`adjust PLAYER COUNT N`, {EXAMPLES}")
    player = named_player(ctx, words[0])
    what = _count_name(words[1:-1])
    typed = words[-1]
    relative = typed[:1] in "+-"
    digits = typed[1:] if relative else typed
    if not digits.isdecimal():
        raise InputError(f"{shown(typed)!r} is not a number: N sets the count, +N or -N changes it")
    value = small(digits, "a count") * (-1 if typed.startswith("-") else 1)
    action = {"player": player, "what": what, "value": value}
    if relative:
        action["relative"] = True
    return action


def _adjust_token(ctx, words):
    """`adjust token Ann time` (a player's token) or `adjust token dark light time` (a dark
    token, from the control it is in): the move `token`."""
    if len(words) not in (2, 3):
        raise InputError("`adjust token PLAYER CONTROL` or `adjust token dark FROM TO`, "
                         "e.g. `adjust token Ann time`")
    if words[0].lower() in ("dark", "d"):
        if len(words) != 3:
            raise InputError("say where the dark token is and where it goes: `adjust token dark light time`")
        return {"do": "token", "token": "dark", "from": energy_type(words[1]), "to": energy_type(words[2])}
    if len(words) != 2:
        raise InputError("`adjust token PLAYER CONTROL`, e.g. `adjust token Ann time`")
    return {"do": "token", "token": named_player(ctx, words[0]), "to": energy_type(words[1])}


def _unseen(word):
    """A card typed at the masked prompt; a word that is not one is passed on as typed, so
    the rules refuse it in words for its owner alone: a refusal here would show the table
    what was typed unseen."""
    try:
        return energy_type(word)
    except InputError:
        return word


def read_tell(ctx, args):
    """Table mode: name cards of your own hand to the referee (`tell Ann` asks them unseen).

    Optional: without it the referee trusts what is paid. `tell Ann` asks Ann to type her
    cards at a masked prompt, kept out of the history and of the log until the game ends;
    in a script give them on the line (`tell Ann light time`)."""
    words = args.replace(",", " ").split()
    if not words:
        raise InputError("`tell PLAYER`, e.g. `tell Ann`, then type the cards unseen")
    # the cards on the line are read once the rules let the tell through (gather_tell)
    return {"player": named_player(ctx, words[0]), "line": words[1:]}


def gather_tell(ctx, action):
    """The cards told: on the line (for all to read anyway), else typed at the owner's
    masked prompt, once the rules have said who may tell (check_first)."""
    action = dict(action)
    line, player = action.pop("line", None), action["player"]
    if line:
        return dict(action, cards=[energy_type(w) for w in line])
    typed = ctx.ask_secret(player, "type your cards, e.g. light time (hidden): ")
    if not typed or not typed.strip():
        if can_ask_unseen(ctx):  # Ctrl-C or nothing at the masked prompt
            raise InputError(f"no cards named, nothing was done; `tell {player}` asks again")
        raise InputError(f"no cards named, nothing was done; a script names them on the line: "
                         f"`tell {player} light time`")
    return dict(action, cards=[_unseen(w) for w in typed.replace(",", " ").split()])


def read_finish(ctx, args):
    """End the game early (G-6): after this round's end phase, the scores as they stand.

    Before the first turn it ends at once."""
    if args.strip():  # `finish turn`, `finish my turn`: a player ending a turn, not the game
        raise InputError(f"`finish` takes no words: it ends the whole game (G-6), not '{shown(args.strip(), 40)}'; "
                         "to end your turn: `end nebula 1|2|3` or `end stabilise`")
    return {}
