"""Secrets by construction in Cosmo;code (issue 9, "Secrets leak through replies" 2-4; G-2).

The leaks, each as reported, then the property: changing what is hidden (the hands, the
order of the undrawn cards) leaves every public output identical until the game ends:
replies to accepted and refused lines, the prompt and toolbar, `show`, `log`, the
exports and --json. What is private (`hand`, `hint`, the masked prompt and its errors)
goes to a collector of its own and is not compared.
"""

import random
import re
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.export import render as export
from referee.games.cosmocode import receiving
from referee.games.cosmocode.state import order
from tests.cosmocode.helpers import GAME, open_session, say


def _private(shell, answers=()):
    """Route the private channels into a list: shown text, and the masked prompt's questions
    (answered from ``answers`` in turn, None once they run out: no terminal)."""
    seen = []
    queue = list(answers)
    shell.show_private = lambda owner, text: seen.append(("shown", owner, text))

    def ask(owner, question):
        seen.append(("asked", owner, question))
        return queue.pop(0) if queue else None

    shell.ask_secret = ask
    return seen


def _public(session, shell, line):
    """Everything the table sees after ``line``."""
    state = session.state
    reply = say(shell, line)
    return tuple(_untimed(text) for text in (reply, GAME.prompt(state), tuple(GAME.toolbar(state)), GAME.show(shell.context),
            say(shell, "log"), say(shell, "score"),
            export(GAME, session.header, session.records, finished=session.over, fmt="json"),
            export(GAME, session.header, session.records, finished=session.over, fmt="text"),
            repr(GAME.result(state))))


def _untimed(text):
    """The same output at another moment: clock times and stamps taken out."""
    text = re.sub(r"\d{4}-\d\d-\d\dT[\d:.]+", "T", str(text))
    text = re.sub(r'"at": [\d.]+', '"at": T', text)
    return re.sub(r"\b\d\d:\d\d(:\d\d)?\b", "T", text)


# -- the three leaks as reported ----------------------------------------------------------


def test_issue9_leak2_an_illegal_flip_is_refused_before_any_question_about_the_hand(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path)
    private = _private(shell)
    say(shell, "start Ann", "deal Ann 5a 5b 9a", "receive short 5b 2a")
    text = say(shell, "flip #2 with 5")
    assert text == "✗ 4a needs a card of the same number: 5 cannot flip the 2 (4a)"
    assert private == []  # nothing was asked


def test_issue9_leak2_which_copy_pays_is_asked_privately_naming_no_card(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path)
    private = _private(shell, answers=["b"])
    say(shell, "start Ann", "deal Ann 5a 5b 9a", "receive short 5b 2a")
    text = say(shell, "flip #1 with 5")
    assert "5b now reads 5a (blue 5b spent)" in text and "5a or 5b" not in text
    [(kind, owner, question)] = private
    assert kind == "asked" and owner == "Ann"
    assert question == "which 5? in full, e.g. 5a or g5b: "  # the same whatever the hand
    assert session.state.hands[0] == ("B5a", "B9a")


def test_issue9_leak2_a_wrong_private_answer_is_refused_without_repeating_it(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path)
    _private(shell, answers=["9c"])
    say(shell, "start Ann", "deal Ann 5a 5b 9a", "receive short 5b 2a")
    before = session.state
    text = say(shell, "flip #1 with 5")
    assert text == "✗ Ann's answer is not one 5 of Ann's hand; nothing was done (the answer is not shown)" and session.state == before


def test_issue9_leak2_a_masked_answer_naming_a_card_not_held_is_not_repeated(tmp_path, monkeypatch):
    """Ann holds 5b only and answers `a` at the masked question: the rules' "Ann holds no
    blue 5a" would tell the table what she typed unseen, and so which 5 she holds."""
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path)
    say(shell, "start Ann", "deal Ann 2a 5b 9a", "receive short 5b 2a")
    before = session.state
    for answer in ("a", "5a", "alpha"):
        _private(shell, answers=[answer])
        text = say(shell, "flip #1 with 5")
        assert text == "✗ Ann's answer is not one 5 of Ann's hand; nothing was done (the answer is not shown)", answer
        assert "5a" not in text and session.state == before
    _private(shell, answers=["b"])
    assert "blue 5b spent" in say(shell, "flip #1 with 5")


def test_issue9_leak2_a_masked_answer_may_still_name_an_unnamed_card(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path)
    say(shell, "start Ann", "deal Ann 5b", "receive short 5b 2a")
    _private(shell, answers=["a"])  # two cards unnamed: one may be the 5a
    assert "blue 5a spent" in say(shell, "flip #1 with 5")
    assert session.state.unknown[0] == 1 and session.state.hands[0] == ("B5b",)


def test_issue9_leak3_a_mistyped_card_at_the_masked_deal_prompt_is_told_privately(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path)
    private = _private(shell, answers=["9 5a 5b"])
    say(shell, "start Ann")
    text = say(shell, "deal Ann")
    assert text == "✗ cards not taken; Ann alone was shown why (G-2)"
    assert "9" not in text.replace("G-2", "")
    assert ("shown", "Ann") == private[-1][:2] and "'9': say its channel too" in private[-1][2]
    assert session.state.unknown[0] == 3
    _private(shell, answers=["5a 5a 5a"])  # a third 5a: the copies check, also private
    assert say(shell, "deal Ann") == text
    _private(shell, answers=["5a 5b 9a"])
    assert say(shell, "deal Ann") == "✓ the referee was told 3 of Ann's cards (3 told so far; Ann holds 3)"


def test_issue9_leak4_a_refusal_names_only_what_was_typed(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, mode="digital", seed=24, first="Ann")
    say(shell, "receive short")
    assert session.state.revealed[1].number == 9 and "B10a" in session.state.hands[0]
    text = say(shell, "flip #2 with 10")
    assert text == "✗ 4a needs a card of the same number: 10 cannot flip the 9 (4a)"


def test_issue9_leak4_a_number_alone_never_finds_a_colour_that_cannot_pay(tmp_path, monkeypatch):
    """`tune #1 up with 4` with only a blue 4 in hand: the refusal says no green 4, not
    that a blue one is held (the old search tried every colour, and said 'is not green')."""
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, first="Ann")
    session._states[-1] = replace(session.state, unknown=(0, 3), hands=(("B4a",), ()))
    say(shell, "receive mid 2a 9b")
    assert say(shell, "tune #1 up with 4") == "✗ Ann holds no green 4 (4c)"
    session._states[-1] = replace(session.state, hands=((), ()))
    assert say(shell, "tune #1 up with 4") == "✗ Ann holds no green 4 (4c)"


# -- the property -----------------------------------------------------------------------------


def _varied(state, drawn, rng):
    """``state`` with its hidden contents changed: each hand's cards exchanged with blue
    cards never drawn in the run, and each deck's undrawn part shuffled."""
    decks = [list(d) for d in state.decks]
    hands = [list(h) for h in state.hands]
    blue_tail = list(range(drawn[0], len(decks[0])))
    for hand in hands:
        for i in range(len(hand)):
            if blue_tail and rng.random() < 0.7:
                j = blue_tail.pop(rng.randrange(len(blue_tail)))
                hand[i], decks[0][j] = decks[0][j], hand[i]
    for colour, deck in enumerate(decks):
        tail = deck[drawn[colour]:]
        rng.shuffle(tail)
        deck[drawn[colour]:] = tail
    return replace(state, decks=tuple(map(tuple, decks)), hands=tuple(tuple(sorted(h, key=order)) for h in hands))


def _realise(session, template):
    """Lines whose acceptance the table can judge from what it sees: payments are made
    with a number or colour that the public checks refuse (a payment that could be made
    would rightly differ between hands)."""
    state = session.state
    first = state.revealed[0] if state.revealed else None
    kind, _, number = template.partition(":")
    if kind == "flip":  # any number but the one on the card: refused by number, whatever the hand
        number = int(number)
        return f"flip #1 with {number if not first or number != first.number else number % 10 + 1}"
    if kind == "tune":
        return f"tune #1 up with b{number}"
    if kind == "indicator":
        return "indicator with 3" if state.perks[state.turn or 0] == "b" else f"indicator with g{number} {number}"
    if template == "discard":
        return "show" if state.phase == "discard" else "discard 3"
    return template


TEMPLATES = st.one_of(
    st.sampled_from([
        "receive short", "receive mid", "receive long", "short", "long", "take", "take #1", "take #2", "take #3",
        "pass", "perk a", "perk b", "hint", "hand", "hand Ann", "Ben: hand", "Ben: hint", "Ben: take",
        "undo yes", "redo", "discard", "take 7a", "deal Ann 1a", "start Ben", "help flip", "finish",
    ]),
    st.builds("{}:{}".format, st.sampled_from(["flip", "flip", "tune", "indicator"]), st.integers(1, 10)),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 40), templates=st.lists(TEMPLATES, max_size=24), shuffle=st.integers(0, 10**6))
def test_issue9_hidden_cards_change_no_public_output_before_the_end(tmp_path_factory, monkeypatch, seed,
                                                                     templates, shuffle):
    monkeypatch.setenv("NO_COLOR", "1")
    runs = []
    drawn = None
    for variant in (False, True):
        session, shell = open_session(tmp_path_factory.mktemp("g"), mode="digital", seed=seed, first="Ann")
        _private(shell)
        start = session.state
        if variant:
            session._states[-1] = _varied(start, drawn, random.Random(shuffle))
            assert session.state != start or not any(len(d) > n for d, n in zip(start.decks, drawn))
        seen = []
        shortest = [len(d) for d in start.decks]
        for template in templates:
            if session.over:
                break
            seen.append(_public(session, shell, _realise(session, template)))
            shortest = [min(low, len(now)) for low, now in zip(shortest, session.state.decks)]
        if not variant:  # what the run drew from the top of each deck (undo puts it back): kept as it is
            drawn = [len(d) - low for d, low in zip(start.decks, shortest)]
        runs.append(seen)
    assert runs[0] == runs[1]


TABLE_HANDS = ["5a 5b 9a", "5a 7b 9a", "5a 1a 1b", "5a 5a 2b", "9b 5a 10a"]


def test_issue9_table_mode_hands_typed_unseen_change_no_public_output(tmp_path, monkeypatch):
    """Five hands for Ann typed at the masked prompt, each able to pay the one flip made:
    the table sees the same at every step, the masked questions included (only their
    answers, `hand` and `hint` are private)."""
    monkeypatch.setenv("NO_COLOR", "1")
    runs, questions = [], []
    for number, hand in enumerate(TABLE_HANDS):
        session, shell = open_session(tmp_path / str(number), first="Ann")
        private = _private(shell, answers=["9 5a", hand, "2a", "5a"])
        lines = ["deal Ann", "deal Ann", "receive short 5b 2a", "flip #2 with 5", "flip #2 with 2", "hint",
                 "hand", "Ben: hand", "Ben: flip #1 with 5", "flip #1 with 5", "take", "indicator with g1 g2",
                 "tune #1 up with 4", "receive long 1a 2a 3a", "hint", "take 1a", "log"]
        runs.append([_public(session, shell, line) for line in lines])
        questions.append([(owner, text) for kind, owner, text in private if kind == "asked"])
    assert all(run == runs[0] for run in runs)
    assert all(asked == questions[0] for asked in questions) and len(questions[0]) == 4


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(others=st.lists(st.sampled_from([f"{n}{c}" for n in range(1, 11) for c in "ab" if (n, c) != (5, "a")]),
                     min_size=2, max_size=2),
       templates=st.lists(st.sampled_from([
           "receive short 5b 2a", "receive mid 4a 4b", "receive long 1a 2a 3a", "flip #1 with 5", "flip #2 with 3",
           "tune #1 up with b4", "indicator with g1 2", "take", "take #1", "pass", "hint", "hand", "Ben: hand",
           "Ben: take", "perk a", "discard 5", "finish", "undo yes", "show"]), max_size=16))
def test_issue9_table_mode_property_hidden_hand_changes_no_public_output(tmp_path_factory, monkeypatch, others,
                                                                        templates):
    """Ann's hand typed unseen: a 5a and two cards drawn at random, against one fixed hand:
    the public lines (paying only with the 5a, or refused by checks that need no hidden
    card) give the table the same replies, refusals, questions, toolbar, show, log and
    exports."""
    monkeypatch.setenv("NO_COLOR", "1")
    runs = []
    for hand in ("5a 9b 10b", " ".join(["5a"] + others)):
        session, shell = open_session(tmp_path_factory.mktemp("t"), first="Ann")
        private = _private(shell, answers=[hand] + ["5a"] * 20)
        seen = [_public(session, shell, "deal Ann")]
        for line in templates:
            seen.append(_public(session, shell, line))
            if session.over:  # the end shows the deal in the log: a secret only until then
                seen.pop()
                break
        seen.append([(owner, text) for kind, owner, text in private if kind == "asked"])
        runs.append(seen)
    assert runs[0] == runs[1]


def test_issue9_g2_digital_cards_typed_after_receive_are_no_oracle_on_the_deck(tmp_path, monkeypatch):
    """Seed 24 turns up 10a 9a: typing them after `receive short` was accepted while any
    other guess was refused, so a table could probe the undrawn cards. Every guess now
    gets the same refusal and leaves the game as it was."""
    monkeypatch.setenv("NO_COLOR", "1")
    session, shell = open_session(tmp_path, mode="digital", seed=24, first="Ann")
    assert receiving.peek(session.state, "short") == ["B10a", "B9a"]
    before = session.state
    right, wrong = say(shell, "receive short 10a 9a"), say(shell, "receive short 1a 1b")
    assert right == wrong == "✗ in digital mode the referee reveals the cards itself (G-2)"
    assert session.state == before and not session.events
    assert "it is Ann's turn, not Ben's (CO-2)" in say(shell, "Ben: receive short 10a 9a")  # the turn first


# -- issue 18 item 1: which cards were named, and paying with them -------------------------------

# What Ann names at the masked prompt: as many cards in each answer, in one game the 5a she
# pays with (the payment takes a named card), in the other a card she never pays with (it
# takes an unnamed one). Before issue 18 the unnamed count this leaves was public: the
# picture's "(1 unnamed)", the deal's reply, `moves`, and whether a payment was asked about.
NAMED = (["5a", "1a 2a"], ["9b", "1a 2a"])


def _answering(shell, deals):
    """The private channels: a deal's question answered from ``deals`` in turn, every
    question about which card pays answered `5a` (the card both hands pay with)."""
    seen, queue = [], list(deals)

    def ask(owner, question):
        seen.append(("asked", owner, question))
        if question.startswith("type your cards"):
            return queue.pop(0) if queue else None
        return "5a"

    shell.show_private = lambda owner, text: seen.append(("shown", owner, text))
    shell.ask_secret = ask
    return seen


def _named_in(session, player):
    """How many cards the table saw enter ``player``'s hand: named by deals (their counts
    are public) and taken (public), from the log (the same on the code before issue 18)."""
    count = 0
    for action in session.events:
        if action.get("do") == "deal" and action.get("player") == player:
            count += len(action.get("cards") or ())
        elif action.get("do") == "take" and action.get("by") == player:
            count += sum(1 for name in action.get("names") or () if not name.startswith("red"))
    return count


def _realise_named(session, line):
    """A payment only when the hand's size less every card the table saw enter it covers
    it: then it is paid in both games (from a named card or an unnamed one); otherwise a
    payment one hand can make and the other cannot would rightly differ."""
    state = session.state
    if line.startswith("flip") and state.turn is not None:
        if state.hand_size(state.turn) - _named_in(session, state.player) < 1:
            return "show"
    return line


def _run_named(home, lines, deals):
    session, shell = open_session(home, first="Ann")
    private = _answering(shell, deals)
    seen = []
    for line in lines:
        line = _realise_named(session, line)
        seen.append(_public(session, shell, line) + (say(shell, "moves"),))
        if session.over:
            seen.pop()
            break
    seen.append([(owner, text) for kind, owner, text in private if kind == "asked"])
    return seen, session


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(templates=st.lists(st.sampled_from([
    "receive short 5b 2a", "receive mid 4a 4b", "flip #1 with 5", "flip #1 with 5a", "take", "pass", "hint",
    "hand", "Ben: hand", "Ben: receive short 3a 3b", "deal Ann", "deal Ann 7b", "deal Ann 3a 3b 4a", "undo yes",
    "show"]), max_size=14))
def test_issue18_item1_cosmocode_which_cards_were_named_and_paying_with_them_changes_no_public_output(
        tmp_path_factory, monkeypatch, templates):
    """Ann names one card unseen, the 5a she then pays with in one game, another card in
    the other; she pays, and names more: the table sees the same replies, refusals,
    questions, picture, `moves`, log and exports."""
    monkeypatch.setenv("NO_COLOR", "1")
    lines = ["deal Ann", "receive short 5b 2a", "flip #1 with 5a"] + templates
    runs = [_run_named(tmp_path_factory.mktemp("t"), lines, deals)[0] for deals in NAMED]
    assert runs[0] == runs[1]


def test_issue18_item1_cosmocode_the_named_course_reaches_what_it_varies(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    lines = ["deal Ann", "receive short 5b 2a", "flip #1 with 5", "show", "deal Ann", "take", "Ben: receive mid 4a 4b",
             "Ben: pass", "receive short 5b 2a", "flip #1 with 5", "show"]
    one, first = _run_named(tmp_path / "a", lines, NAMED[0])
    two, second = _run_named(tmp_path / "b", lines, NAMED[1])
    assert one == two
    _seen, first = _run_named(tmp_path / "c", lines[:4], NAMED[0])
    _seen, second = _run_named(tmp_path / "d", lines[:4], NAMED[1])
    assert first.state.unknown != second.state.unknown  # the split the picture once showed: (2 unnamed), (1 unnamed)
    assert "5b now reads 5a (blue 5a spent)" in one[2][0]
    assert "(" not in one[3][0].split("hand", 1)[1]  # the picture says the hand's size alone
