"""What players type in a Cosmo;code game, turned into actions for the rules.

A player names cards as they read them (``7b``, ``g4``, ``#2`` for the second revealed
card); this module finds the card meant (which revealed card, which card of the hand)
and leaves every judgement to the rules (moves.MOVES and the checks of rules.py), so a
refusal always cites its rule and replay meets the same refusals. A command raises only
InputError, for words it cannot read. Handlers return the text the table sees, or a
render.Private reply for one seat's eyes (a hand, a hint), never print.
"""


from referee.core import render
from referee.core.commands import CommandSet, whose_hand
from referee.core.errors import InputError, RuleError
from referee.games.cosmocode import cards, manipulate, rules, view
from referee.games.cosmocode.ledger import named_all
from referee.games.cosmocode.moves import MOVES

COMMANDS = CommandSet()

_RANGES = {"short": "short", "s": "short", "blue": "short", "mid": "mid", "m": "mid", "middle": "mid",
           "green": "mid", "long": "long", "l": "long", "red": "long"}


# -- completion ------------------------------------------------------------------------


def _players(session, words):
    return list(session.players) if not words else []


def _ranges(session, words):
    return ["short", "mid", "long"] if not words else []


def _readings(session):
    return [f"{s.number}{s.channel}" for s in session.state.revealed]


def _revealed(session, words):
    """`take`: the revealed cards by their readings, once."""
    return _readings(session) if not words else []


def _flip_words(session, words):
    """`flip 7b with 7`: a revealed card, then `with` (once), then the number it needs
    (public: the card's own number; nothing about the hand is offered)."""
    if not words:
        return _readings(session)
    if len(words) == 1:
        return ["with"]
    if len(words) == 2 and words[1].lower() == "with":
        try:
            return [str(session.state.revealed[_target(session.state, words[0])].number)]
        except (InputError, RuleError):  # `flip #5 with`: its refusal when typed, nothing offered
            return []
    return []


def _tune_words(session, words):
    """`tune 5a up with 4`: a revealed card, up or down, then `with` (once)."""
    if not words:
        return _readings(session)
    if len(words) == 1:
        return ["up", "down"]
    if len(words) == 2 and words[1].lower() in ("up", "down", "+", "-"):
        return ["with"]
    return []


def _indicator_words(session, words):
    return ["with"] if not words else []


def _perks(session, words):
    return ["a", "b"] if not words else []


# -- reading cards -------------------------------------------------------------------------


def _target(state, token):
    """Which revealed card a player means: ``#2``, or its reading (``7b``, ``7``)."""
    if not state.revealed:  # the phase check comes first: only a bug gets here
        raise InputError(f"{token}: no cards are revealed")
    text = token.strip().lower()
    if text.startswith("#") and text[1:].isdecimal():
        if len(text[1:].lstrip("0")) > 2:  # bounded before it is read (issue 18 item 13): never a revealed card
            count = len(state.revealed)
            raise InputError(f"{cards.quoted(text)} is not one of the revealed cards: there "
                             f"{'is' if count == 1 else 'are'} {count}, #1 to #{count} (CO-2)")
        return manipulate.revealed_at(state, int(text[1:].lstrip("0") or "0") - 1)  # out of range: its rule (CO-2)
    _colour, number, channel = cards.parse(text)
    for reading in ("now", "as dealt"):
        if reading == "now":
            found = [i for i, s in enumerate(state.revealed)
                     if s.number == number and (channel is None or s.channel == channel)]
        else:
            found = [i for i, s in enumerate(state.revealed)
                     if cards.number(s.card) == number and (channel is None or cards.channel(s.card) == channel)]
        readings = {(state.revealed[i].number, state.revealed[i].channel) for i in found}
        if len(readings) > 1:
            raise InputError(f"{token} could be " + " or ".join(f"{n}{c}" for n, c in sorted(readings))
                             + "; give the channel too")
        if found:
            return found[0]
    shown = " ".join(f"{s.number}{s.channel}" for s in state.revealed)
    raise InputError(f"no revealed card reads {token}; the revealed cards read {shown} (or say #1, #2 ...)")


def _terminal(session):
    """Whether a player can be asked something at a masked prompt: a script (whose lines
    the whole table reads, hands included) cannot."""
    asker = getattr(session.ask_secret, "__self__", None)
    return getattr(asker, "interactive", True)


def _hand_card(session, seat, token, colours, held, same=1):
    """The hand card a player means by ``7``, ``7a``, ``g7``; removed from ``held`` (a working copy).

    Nothing here is said to the table about the hand (G-2, DESIGN 5): a number without a
    colour looks only among the colours that may pay, blue before green, so a refusal
    (the rules') names what was typed and nothing found in the hand. Digital mode never
    asks: a hand card's channel does not matter to the rules, any copy will do.

    In table mode the referee must know which physical card left a hand it keeps (its
    channel), so at a terminal a payment typed without its channel, by a player who named
    cards to the referee, is always asked privately (:func:`_ask_which`): whether a
    question comes depends only on what the table sees (the picture's unnamed count),
    never on which cards the hand holds. A script cannot be asked; its lines are read by
    the whole table anyway, so there the card is found from the hand, and a line that fits
    two cards must say the card in full (unless it names the number as often, ``same``,
    as the hand holds cards that fit: `indicator with 1 1` from 1a and 1b).
    """
    state = session.state
    colour, number, channel = cards.parse(token)
    if colour == "red":  # the rules refuse it (CO-6; 4a-4c are paid with blue or green)
        return cards.make("red", number, channel)
    order = [colour] if colour else list(colours)
    fits = sorted((c for c in held if cards.colour(c) in order and cards.number(c) == number
                   and channel in (None, cards.channel(c))), key=rules.order)
    if fits:  # a number alone is blue before green (a discard's too), never a question (G-2)
        fits = [c for c in fits if cards.colour(c) == cards.colour(fits[0])]
    if state.mode == "digital" and fits:  # a hand card's channel never matters to the rules: any copy will do
        fits = fits[:1]
    kinds = sorted(set(fits), key=rules.order)
    if state.mode == "table" and channel is None and state.named(seat) and _terminal(session):
        card = _ask_which(session, seat, token, kinds, colour or order[0], number, order)
    elif len(kinds) > 1 and len(fits) > same:
        raise InputError(f"{token}: nothing was done; say the card in full, with colour and channel, "
                         f"e.g. {number}a or g{number}b")
    elif kinds:
        card = kinds[0]
    elif order[0] == "blue" and state.unknown[seat] > 0:
        return cards.make("blue", number, channel)
    else:
        return cards.make(order[0], number, channel)
    if card in held:
        held.remove(card)
    return card


def _ask_which(session, seat, token, kinds, colour, number, order):
    """Which card the player pays with, asked at the masked prompt: the question names no
    card (its example is built from the number typed), the answer is not echoed, and a
    wrong answer is refused in words that do not repeat it. ``kinds``: the cards of the
    hand that fit (an answer picks one of them, or names a card the referee was not
    told, which the rules then look for among the unnamed ones)."""
    player = session.state.players[seat]
    example = f"{number}a or g{number}b"
    answer = session.ask_secret(player, f"which {token}? in full, e.g. {example}: ")  # fits a phone's line
    if answer is None:
        raise InputError(f"{token}: nothing was done; say the card in full, with colour and channel, "
                         f"e.g. {example}")  # Ctrl-C at the question
    text = answer.strip().lower()
    said = {"a": "a", "alpha": "a", "b": "b", "beta": "b", "blue": "blue", "green": "green", "g": "green"}.get(text)
    try:
        a_colour, a_number, a_channel = cards.parse(text) if said is None else (None, None, None)
    except InputError:
        a_colour = a_number = a_channel = None
        said = said or "?"
    if said in ("a", "b"):
        a_channel = said
    elif said in ("blue", "green"):
        a_colour = said
    refused = InputError(f"{player}'s answer did not name one card; nothing was done")
    if said == "?" or a_number not in (None, number) or a_colour not in (None, *order):
        raise refused
    chosen = [c for c in kinds if a_colour in (None, cards.colour(c)) and a_channel in (None, cards.channel(c))]
    if len(chosen) == 1:
        return chosen[0]
    if not chosen and a_channel:  # a card the referee was not told: the rules look among the unnamed
        card = cards.make(a_colour or colour, number, a_channel)
        state = session.state
        if cards.colour(card) == "blue" and state.unknown[seat] > 0 and not named_all(state, seat, card):
            return card
        # Not in the hand: the rules' "Ann holds no blue 5a" would show the table the
        # answer typed unseen (and so which 5 Ann does hold); the same words as any
        # other answer that names no card of the hand.
    raise refused


def _with(words):
    """Split ``7b with 7`` into the part before and after ``with`` (the word may be left out)."""
    lowered = [w.lower() for w in words]
    if "with" in lowered:
        at = lowered.index("with")
        return words[:at], words[at + 1:]
    return words[:1], words[1:]


def _reply(state, text):
    return [render.ok(text), view.picture(state)]


def _by(session):
    """Who a move is made by: whoever said the line, else the player to act (the log's "who")."""
    return session.speaker or session.state.player


def _do(session, action):
    """Do an action in the name of whoever said it, else of the player to act."""
    who = _by(session)
    if who:
        action = dict(action, by=who)
    return session.do(action)


def _open(session, name):
    """The core's checks before a move's own rule (the game is not over, the phase opens
    ``name``, the speaker is the player to act), run before a hand is read: a line said
    out of turn is refused for that, never with a question that tells what a hand holds."""
    MOVES.phases.allow(session.state, MOVES[name], {"by": session.speaker})
    return session.state


# -- the turn ---------------------------------------------------------------------------------


@COMMANDS.command("start", "first", usage="start PLAYER", complete=_players)
def start_command(session, args):
    """Name the start player (table mode: the table chose at random)."""
    if not args.strip():
        raise InputError("who starts? e.g. `start Ann`")
    state = session.do({"do": "start", "player": session.player(args.split()[0])})
    return _reply(state, f"{state.player} starts")


@COMMANDS.command("receive", "r", "try", usage="receive short|mid|long [CARDS]", complete=_ranges)
def receive_command(session, args):
    """Choose the range to receive from: short (blue), mid (green), long (red).

    In digital mode the referee reveals the cards. In table mode add the cards that came
    up, `receive long 4a 6a 5b`, or say them next with `reveal`. While a range is awaited
    the word `receive` may be left out: `long`.
    """
    words = args.split()
    if not words:
        raise InputError("which range? `receive short`, `receive mid` or `receive long`")
    range_ = _RANGES.get(words[0].lower())
    if range_ is None:
        raise InputError(f"{words[0]!r} is not a range: short, mid or long{_range_meant(words)}")
    state = session.state
    if state.phase == "reveal" and words[1:] and range_ == state.range:  # said the range twice
        return reveal_command(session, " ".join(words[1:]))
    action = {"do": "receive", "range": range_}
    if words[1:] and state.mode == "digital":  # whatever the deck holds: never an oracle on it (G-2)
        _open(session, "receive")
        rules.refuse_named_in_digital(state)
    if words[1:]:
        colour = cards.RANGE_COLOUR[range_]
        action["cards"] = [cards.parse_full(w, colour) for w in words[1:]]
    elif state.mode == "digital":
        who = _by(session)
        MOVES.verify(state, dict(action, by=who) if who else action)  # every check before the deck is read
        action["cards"] = rules.peek(state, range_)  # the log names what came up
    state = _do(session, action)
    if state.phase == "reveal":
        return _reply(state, f"{state.player} tries {range_} range")
    return _reply(state, f"{state.player} reveals " + " ".join(cards.short(s.card) for s in state.revealed))


def _range_meant(words):
    """What a mistyped range most likely meant (`shrt`, or `recieve short` typed at the
    range prompt, where a bare answer is a range): a suggestion, never a guess acted on."""
    import difflib

    said = words[0].lower()
    if words[1:] and words[1].lower() in _RANGES and difflib.get_close_matches(said, ["receive"], 1, 0.7):
        return f"; did you mean `receive {' '.join(words[1:])}`?"
    close = difflib.get_close_matches(said, ["short", "mid", "middle", "long"], 1, 0.6)
    if close:
        return f"; did you mean `{_RANGES[close[0]]}`?"
    return " (type help for the commands)"


@COMMANDS.command("reveal", "cards", usage="reveal CARD CARD [CARD]")
def reveal_command(session, args):
    """Table mode: the cards that came up for the range chosen, e.g. `reveal 3a 7b`."""
    state = _open(session, "reveal")
    words = args.replace(",", " ").split()
    if not words:
        raise InputError("which cards came up? e.g. `reveal 3a 7b`")
    colour = cards.RANGE_COLOUR[state.range]
    state = _do(session, {"do": "reveal", "cards": [cards.parse_full(w, colour) for w in words]})
    return _reply(state, f"{state.player} reveals " + " ".join(cards.short(s.card) for s in state.revealed))


@COMMANDS.command("flip", "4a", "channel", usage="flip CARD with CARD", complete=_flip_words, move="flip")
def flip_command(session, args):
    """4a: pay one blue card of the same number to flip a revealed card's channel.

    `flip 7b with 7`. With perk b a green card may pay: `flip 7b with g7`.
    """
    state = _open(session, "flip")
    target, pay = _with(args.split())
    if len(target) != 1 or len(pay) != 1:
        raise InputError("flip one revealed card with one card: e.g. `flip 7b with 7` (4a)")
    index = _target(state, target[0])
    colour, number, _channel = cards.parse(pay[0])
    rules.verify_flip(state, index, colour, number)  # before any question about the hand
    seat = state.turn
    colours = ("blue", "green") if state.perks[seat] == "b" else ("blue",)
    card = _hand_card(session, seat, pay[0], colours, list(state.hands[seat]))
    before = state.revealed[index]
    state = _do(session, {"do": "flip", "target": index, "pay": card})
    after = state.revealed[index]
    return _reply(state, f"{before.number}{before.channel} now reads {after.number}{after.channel} "
                         f"({cards.show(card)} spent)")


@COMMANDS.command("indicator", "4b", "ind", usage="indicator with CARD CARD", complete=_indicator_words)
def indicator_command(session, args):
    """4b: pay two blue cards to flip the channel indicator (green too with perk b)."""
    state = _open(session, "indicator")
    words = [w for w in args.split() if w.lower() != "with"]
    if len(words) != 2:
        raise InputError("the indicator is flipped with two cards: e.g. `indicator with 2 9` (4b)")
    rules.verify_indicator(state, [cards.parse(w)[0] for w in words])  # before any question about the hand
    seat = state.turn
    colours = ("blue", "green") if state.perks[seat] == "b" else ("blue",)
    held = list(state.hands[seat])
    pay = [_hand_card(session, seat, w, colours, held, same=words[at:].count(w)) for at, w in enumerate(words)]
    state = _do(session, {"do": "indicator", "pay": pay})
    return _reply(state, f"the indicator now shows {cards.CHANNEL_NAME[state.indicator]} "
                         f"({' and '.join(cards.show(c) for c in pay)} spent)")


@COMMANDS.command("tune", "4c", "shift", usage="tune CARD up|down with CARD", complete=_tune_words)
def tune_command(session, args):
    """4c: pay one green card to move a revealed card's number up or down by one.

    `tune 5a up with 4` (the green 4 pays). After this, 4a and 4b are closed this turn.
    """
    state = _open(session, "tune")
    head, pay = _with(args.split())
    if len(head) == 1 and len(pay) == 2 and pay[0].lower() in ("up", "down", "+", "-"):
        head, pay = head + pay[:1], pay[1:]  # `tune 5a up 4`
    if len(head) != 2 or len(pay) != 1:
        raise InputError("say the card, up or down, and the green card: e.g. `tune 5a up with 4` (4c)")
    way = head[1].lower()
    if way not in ("up", "down", "+", "-"):
        raise InputError(f"{head[1]!r}: a number goes up or down (4c)")
    index = _target(state, head[0])
    step = 1 if way in ("up", "+") else -1
    rules.verify_tune(state, index, step, cards.parse(pay[0])[0])  # before any question about the hand
    seat = state.turn
    card = _hand_card(session, seat, pay[0], ("green",), list(state.hands[seat]))
    before = state.revealed[index]
    state = _do(session, {"do": "tune", "target": index, "step": step, "pay": card})
    after = state.revealed[index]
    return _reply(state, f"{before.number}{before.channel} now reads {after.number}{after.channel} "
                         f"({cards.show(card)} spent; 4a and 4b are closed this turn)")


@COMMANDS.command("take", "t", usage="take [CARD]", complete=_revealed)
def take_command(session, args):
    """Take what the range allows: short takes every card on the channel; mid and long one.

    `take` alone for short range; `take 5a` names the card for mid and long.
    """
    words = args.split()
    if [w.lower() for w in words] in (["nothing"], ["none"]):
        return pass_command(session, "")
    state = _open(session, "take")
    if state.range == "short":
        if words:
            raise InputError("short range takes every revealed card on the channel: just `take` (rule 3a)")
        chosen = state.takeable()
    elif words:
        if len(words) != 1:
            raise InputError("mid and long range take one card: e.g. `take 5a`")
        chosen = [_target(state, words[0])]
    else:
        allowed = state.takeable()
        readings = {(state.revealed[i].number, state.revealed[i].channel) for i in allowed}
        if len(readings) > 1:
            raise InputError("take which one? " + ", ".join(f"`take {n}{c}`" for n, c in sorted(readings)))
        chosen = allowed[:1]
    names = [cards.show(state.revealed[i].card) for i in chosen]
    before = state
    state = _do(session, {"do": "take", "cards": chosen, "names": names})
    who = before.player
    said = [name + _read_as(before.revealed[i]) for name, i in zip(names, chosen)]
    text = f"{who} takes " + (", ".join(said) if said else "nothing")
    if state.phase == "over":
        return render.ok(text) + "\n" + view.picture(state)
    return _reply(state, text)


def _read_as(shown):
    """` (read as 7b)` for a taken card a manipulation made read differently: `take 7b`
    takes the printed red 5b, and a newcomer should see that it is the card meant."""
    reading = f"{shown.number}{shown.channel}"
    return "" if cards.short(shown.card) == reading else f" (read as {reading})"


@COMMANDS.command("nothing", "pass", "none", usage="nothing", move="pass")
def pass_command(session, args):
    """End the attempt taking nothing, when nothing can be taken (also `take nothing`)."""
    state = _do(session, {"do": "pass"})
    return _reply(state, "nothing taken; the revealed cards go to their discard pile")


@COMMANDS.command("discard", "drop", usage="discard CARD [CARD ...]")
def discard_command(session, args):
    """Rule 6: over the hand limit after taking, discard down to it (`discard 3 g7`)."""
    state = _open(session, "discard")
    words = args.replace(",", " ").split()
    if not words:
        raise InputError("which cards? e.g. `discard 3 g7` (g for green)")
    if words[0].lower() in ("short", "mid", "middle", "long", "receive"):  # `short 3a 4a` at `discard?`:
        _open(session, "receive")  # the turn goes on only after the discard: say that (6), not "not a card"
    rules.verify_discard(state, [cards.parse(w)[0] for w in words])  # before any question about the hand
    seat = state.turn
    held = list(state.hands[seat])
    chosen = [_hand_card(session, seat, word, ("blue", "green"), held, same=words[at:].count(word))
              for at, word in enumerate(words)]
    state = _do(session, {"do": "discard", "cards": chosen})
    return _reply(state, "discarded " + ", ".join(cards.show(c) for c in chosen))


@COMMANDS.command("perk", usage="perk a|b", complete=_perks)
def perk_command(session, args):
    """Rule 5: after a first red card, choose a (short reveals 3 blue) or b (green pays 4a/4b)."""
    word = args.strip().lower()  # the rules check it, after checking that a perk is due
    player = session.state.player
    state = _do(session, {"do": "perk", "perk": word})
    return _reply(state, f"{player} takes perk {word}")


@COMMANDS.command("finish", "end", usage="finish")
def finish_command(session, args):
    """G-6: end the game early; the most red cards win (a tie is shared).

    Between turns the game ends at once; during a turn, when that turn ends.
    """
    if args.strip():
        raise InputError("finish takes nothing after it")
    action = {"do": "finish"}  # the table's decision, not the player to act's
    if session.speaker:
        action["by"] = session.speaker
    state = session.do(action)
    if state.phase != "over":
        return _reply(state, f"the game ends when {state.player}'s turn ends (G-6)")
    return render.ok("the table ends the game early (G-6)") + "\n" + view.picture(state)


# -- what a player may see ----------------------------------------------------------------


@COMMANDS.command("deal", "holds", usage="deal PLAYER [CARD ...]", complete=_players)
def deal_command(session, args):
    """Table mode: tell the referee blue cards in a hand it has not been told (e.g. the first three).

    Optional: without it the referee trusts what players pay with. `deal Ann` alone asks
    Ann to type her cards unseen (masked, kept out of the history); in a script give them
    on the line. Kept out of the log until the game ends.
    """
    words = args.replace(",", " ").split()
    if not words:
        raise InputError("`deal PLAYER CARD ...`, e.g. `deal Ann 3a 5b 9a`, or `deal Ann` to type them unseen")
    player = session.player(words[0])
    rules.check_dealer(player, session.speaker)  # only the owner, before anything is asked
    action = {"do": "deal", "player": player}
    if len(words) > 1:  # said on the line, for the table to read: a word not a card is refused as typed
        named = [cards.parse_full(w, "blue", rules.DEALT) for w in words[1:]]
    else:
        typed = session.ask_secret(player, "type your cards (they stay hidden): ")
        if not typed or not typed.strip():
            if _terminal(session):  # Ctrl-C (or nothing) at the masked prompt: never "on the line", for all to read
                raise InputError(f"no cards named, nothing was done; `deal {player}` asks again, unseen")
            raise InputError(f"no cards named, nothing was done; `deal {player} CARD ...` names them "
                             "on the line")  # a script: its lines are read by the whole table anyway
        named = [_unseen(w) for w in typed.replace(",", " ").split()]
        action["unseen"] = True  # the owner's private input: checked against the cards told before too
    state = session.do(dict(action, cards=named))
    seat = state.seat(player)  # public counts only: how many are still unnamed is secret (G-2)
    return render.ok(f"the referee was told {len(named)} of {player}'s cards ({state.told_so_far(seat)} told so far; "
                     f"{player} holds {state.hand_size(seat)})")


def _unseen(word):
    """A card typed at the masked prompt; a word that is not one is passed on as typed, so
    the rules refuse it in words for its owner alone (G-2): a refusal here would show the
    table what was typed unseen."""
    try:
        return cards.parse_full(word, "blue", rules.DEALT)
    except InputError:
        return word


@COMMANDS.command("hand", usage="hand [PLAYER]", complete=_players)
def hand_command(session, args):
    """Show one player their hand, only to them (`Ann: hand` is Ann's; else the player to act)."""
    state = session.state
    player = whose_hand(session, args)
    rules.check_hand(state, player, session.speaker)
    return render.Private(render.fit_text(view.hand_text(state, state.seat(player)), render.terminal_width()), player)


@COMMANDS.command("hint", usage="hint [PLAYER]", complete=_players)
def hint_command(session, args):
    """The ways to take something from the revealed cards, fewest cards spent first.

    Shown only to the player to act, since it tells what their hand can pay for;
    naming yourself (`hint Ann`) checks that it is you.
    """
    state = session.state
    asker = session.speaker or (session.player(args.split()[0]) if args.strip() else None)
    try:
        rules.check_hint(state, asker)
    except RuleError as error:
        if error.private and error.owner:  # no hint for a hand not all named: whether the referee knows all
            # of it depends on which cards were paid, so the owner alone hears it, as a hint would be (G-2)
            return render.Private(error.private, error.owner)
        raise
    return render.Private(view.hint_text(state, render.terminal_width()), state.player)


# -- fitting the terminal -------------------------------------------------------------------


COMMANDS.fit_replies()  # every reply fits a 50-column phone
