"""Rules as data (issue 9 item 4; DESIGN 6): each game's rule table, read from package
data, agrees with RULINGS.md, and a player can look a rule up at the table (`rule ID`,
`rule`, `why`, `moves`, `help COMMAND`, completion of `rule `).
"""

import re
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from referee.core import render, ruletable, ruleview
from referee.core.builtins import SHELL
from referee.core.commands import CommandSet
from referee.core.errors import InputError, RuleError
from referee.core.game import Game
from referee.core.moves import Move, MoveSet
from referee.core.phases import Phase, Phases
from referee.core.session import Session
from referee.core.shell import Shell
from referee.games import GAMES, load
from tests.core.conftest import fake_header

REPO = Path(__file__).resolve().parents[2]
RULINGS_COPY = REPO / "tests" / "data" / "RULINGS.md"
RULINGS_SHARED = REPO.parent / "shared" / "RULINGS.md"
NAMES = [entry.name for entry in GAMES]


# -- RULINGS.md, read as the table files quote it ---------------------------------------


def rulings(path=RULINGS_COPY):
    """{game name or "": {id: text}} from RULINGS.md: each `- ID text` bullet with its
    indented continuation lines (a table included), under its game's `## ... (`referee
    NAME`)` heading; the general rulings (G-n) under ""."""
    found, game, current = {"": {}}, "", None
    for line in path.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^## .*\(`referee (\w+)`\)", line)
        if heading:
            game, current = heading.group(1), None
            found.setdefault(game, {})
            continue
        bullet = re.match(r"^- ([A-Z]+-\d+) (.*)$", line)
        if bullet:
            current = bullet.group(1)
            found[game][current] = bullet.group(2)
        elif current and (line.startswith("  ") or not line.strip()):
            found[game][current] += "\n" + line
        elif line.strip():
            current = None
    return found


def words(text):
    """Text compared as words: line breaks and indentation do not count."""
    return " ".join(text.split())


def test_issue9_item4_the_rulings_copy_is_the_shared_file():
    if not RULINGS_SHARED.exists():
        pytest.skip("no ../shared/RULINGS.md beside this checkout")
    assert RULINGS_COPY.read_bytes() == RULINGS_SHARED.read_bytes(), (
        "tests/data/RULINGS.md differs from ../shared/RULINGS.md: copy it again (and update the tables)")


def test_issue9_item4_the_core_table_holds_every_general_ruling_word_for_word():
    table = ruletable.load(ruletable.CORE)
    general = rulings()[""]
    assert set(general) == {f"G-{n}" for n in range(1, 7)}
    for rule_id, text in general.items():
        assert rule_id in table, f"referee/core/ruletable.md lacks {rule_id}"
        assert words(table.find(rule_id).text) == words(text), f"{rule_id} differs from RULINGS.md"


@pytest.mark.parametrize("name", NAMES)
def test_issue9_item4_each_game_table_holds_its_rulings_word_for_word(name):
    table = ruletable.for_game(name)
    ours = rulings().get(name, {})
    assert ours, f"RULINGS.md has no section for `referee {name}`"
    missing = [rule_id for rule_id in ours if rule_id not in table]
    differ = [rule_id for rule_id, text in ours.items()
              if rule_id in table and words(table.find(rule_id).text) != words(text)]
    assert not missing and not differ, (
        f"referee/games/{name}/ruletable.md: missing {missing or 'none'}; "
        f"text not as in RULINGS.md: {differ or 'none'}")
    for rule_id in ruletable.load(ruletable.CORE).ids:  # the general rulings come with every game
        assert rule_id in table


@pytest.mark.parametrize("name", NAMES)
def test_issue9_item4_every_rule_has_a_source_and_words(name):
    table = ruletable.for_game(name)
    assert table.title == load(name).title
    for rule in table:
        assert rule.source.strip() and rule.text.strip(), rule.origin


# -- the file format and the look-up -----------------------------------------------------


SAMPLE = """# Sample: rule table

Notes before the first rule are not a rule.

## 4c · rulebook, rule 4 (c)
Move a revealed card up or down by one.

## CX-9 · RULINGS
Pilfer: a word of 4+ letters
takes a card.

| a | b |
|---|---|

## End · rulebook, End of the Game
The first to two red cards wins.
"""


def test_issue9_item4_parse_reads_id_source_and_text_up_to_the_next_heading():
    rules = ruletable.parse(SAMPLE, "sample.md")
    assert [(r.id, r.source) for r in rules] == [("4c", "rulebook, rule 4 (c)"), ("CX-9", "RULINGS"),
                                                ("End", "rulebook, End of the Game")]
    assert rules[1].text == "Pilfer: a word of 4+ letters\ntakes a card.\n\n| a | b |\n|---|---|"
    assert rules[0].origin == "sample.md line 5"


@pytest.mark.parametrize("text, complaint", [
    ("## CX-1 RULINGS\ntext\n", "line 1: a rule heading is `## ID · source`"),
    ("## CX-1 · RULINGS\n\n## CX-2 · RULINGS\nx\n", "rule CX-1 has no text"),
])
def test_issue9_item4_a_broken_table_file_names_its_line(text, complaint):
    with pytest.raises(ruletable.RuleTableError, match=re.escape(complaint)):
        ruletable.parse(text, "bad.md")


def test_issue9_item4_an_id_given_twice_is_refused_even_spelt_differently():
    rules = ruletable.parse("## CX-9 · RULINGS\na\n## cx9 · RULINGS\nb\n", "twice.md")
    with pytest.raises(ruletable.RuleTableError, match="cx9 is already CX-9"):
        ruletable.RuleTable(rules)


@pytest.mark.parametrize("typed, found", [
    ("CX-9", "CX-9"), ("cx9", "CX-9"), ("rule CX-9", "CX-9"), ("Cx 9", "CX-9"), ("rule cx-9", "CX-9"),
    ("4c", "4c"), ("4C", "4c"), ("rule 4c", "4c"), ("4(c)", "4c"), ("END", "End"), ("rules: end", "End"),
    ("CX-99", None), ("5", None), ("", None),
])
def test_issue9_item4_lookup_forgives_case_dashes_and_the_word_rule(typed, found):
    table = ruletable.RuleTable(ruletable.parse(SAMPLE))
    rule = table.find(typed)
    assert (rule.id if rule else None) == found


def test_issue9_item4_a_refusal_must_cite_the_id_exactly_but_a_player_may_type_it_loosely():
    table = ruletable.RuleTable(ruletable.parse(SAMPLE))
    assert "CX-9" in table and "cx9" not in table and "rule 4c" not in table
    assert table.suggest("CX-99") == "CX-9" and table.suggest("zzzz") is None


def test_issue9_item4_a_table_is_read_once():
    ruletable.load.cache_clear()
    first = ruletable.for_game("connexion")
    assert ruletable.for_game("connexion") is first
    assert load("connexion").rule_table() is first


def test_issue9_item4_a_game_without_a_table_file_still_has_the_general_rulings():
    from tests.core.fakegame import GAME

    assert GAME.rule_table().ids == tuple(f"G-{n}" for n in range(1, 7))


# A non-editable build ships every rule table, id for id: tests/test_packaging.py
# (test_issue9_item6_the_installed_copy_reads_its_tables_and_rules), on its one build.


# -- at the table: rule, why, moves, help, completion -------------------------------------


def play(home, name, *lines, players=("Ann", "Ben"), **options):
    """What ``lines`` printed in a fresh table game of ``name`` (the session, the lines)."""
    from tests.tables import open_table

    session, shell, out = open_table(name, home, list(players), **options)
    for line in lines:
        shell.execute(line)
    return session, list(out)



@pytest.mark.parametrize("name, typed, rule_id, says", [
    ("connexion", "rule CX-9", "CX-9", "Pilfer: once the pile is empty"),
    ("connexion", "rule cx9", "CX-9", "Pilfer"),
    ("colors", "rule CC-4", "CC-4", "Point totals are secret"),
    ("connections", "rule cn3", "CN-3", "SNACK–ICE CREAM"),
    ("cosmocode", "rule co-3", "CO-3", "Manipulations"),
    ("cosmocode", "rule g3", "G-3", "Undo removes the last event"),
])
def test_issue9_item4_rule_id_prints_the_rule_fitted_to_a_phone(phone, name, typed, rule_id, says):
    _, out = play(phone, name, typed)
    text = out[-1]
    assert text.splitlines()[0] == f"{rule_id} · RULINGS"
    assert says in words(text)
    plain = ruleview.marked(ruletable.for_game(name).find(rule_id).text)  # `*is*` shows as `is`
    assert words(text.split("\n", 1)[1]) == words(plain)
    assert max(render.visible(line) for line in text.splitlines()) <= 50


@pytest.mark.parametrize("name", NAMES)
def test_issue9_item4_every_rule_of_every_table_fits_a_phone_between_words(name, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    for rule in ruletable.for_game(name):
        shown = ruleview.rule_text(rule, 50)
        assert max(render.visible(line) for line in shown.splitlines()) <= 50, rule.id
        same = prose if "\n|" in rule.text else words  # a table's words, in any order; prose, in order
        assert same(shown) == same(f"{rule.id} · {rule.source} " + ruleview.marked(rule.text)), rule.id


def prose(text):
    """Words compared as a multiset once a table's pipes and rules are set aside: a rule's
    Markdown table is laid out as a table (its headers' words stacked on a phone)."""
    return sorted(word for word in text.replace("|", " ").split() if set(word) - set("-:"))


def test_issue9_item4_markdown_emphasis_shows_as_the_terminal_does(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    assert ruleview.marked("the log *is* the record; **one(1) green card**; 2*i and x*y") == (
        "the log is the record; one(1) green card; 2*i and x*y")


def test_issue9_item4_rule_alone_lists_every_id_one_line_each(phone):
    _, out = play(phone, "connexion", "rule")
    lines = out[-1].splitlines()
    ids = ruletable.for_game("connexion").ids
    assert lines[0] == "Cosmic ConneXion: rules by id"
    assert [line.split()[0] for line in lines[1:1 + len(ids)]] == list(ids)
    assert words(" ".join(lines[1 + len(ids):])) == "`rule ID` shows a rule's words; `why`, the last refusal's."
    assert all(render.visible(line) <= 50 for line in lines)


def test_issue9_item4_an_unknown_rule_is_one_line_with_a_suggestion(phone):
    session, out = play(phone, "connexion", "rule CX-99")
    assert out[-1] == "✗ no rule 'CX-99' in this game; did you mean CX-9?"
    assert not session.events


def test_issue9_item4_why_before_any_refusal_says_so(phone):
    _, out = play(phone, "connexion", "why")
    said = out[-1].splitlines()
    assert " ".join(out[-1].split()) == "Nothing has been refused since the game was opened."
    assert max(len(line) for line in said) <= 50  # broken between words on a phone, not by the terminal


def test_issue9_item4_why_after_a_typo_says_it_cited_no_rule(phone):
    _, out = play(phone, "connexion", "plce alpha", "why")
    assert words(out[-1]).startswith("The last refusal cited no rule: it was about what was typed.")


class Dice(Game):
    """A two-seat dice game with a MoveSet and a hidden die under the cup."""

    name, title = "dice", "Dice"
    commands = CommandSet()

    def initial(self, header):
        return Tally(players=tuple(header["players"]))

    def result(self, state):
        return {"finished": False, "players": [], "winners": []}


@dataclass(frozen=True)
class Tally:
    players: tuple = ("Ann", "Ben")
    turn: int = 0
    phase: str = "roll"
    points: int = 0


def _check_add(state, action):
    if not 1 <= action["n"] <= 6:
        raise RuleError(f"a die shows 1 to 6, not {action['n']}", rule="G-1")


Dice.moves = MoveSet(
    [Move("add", lambda s, a: replace(s, points=s.points + a["n"], turn=1 - s.turn), lambda a: f"adds {a['n']}",
          rule="G-1", check=_check_add, fields={"n": int}, summary="Add what the die shows."),
     Move("finish", lambda s, a: replace(s, phase="over"), lambda a: "ends the game", rule="G-6", anytime=True,
          summary="End the game now.")],
    Phases([Phase("roll", moves=("add",), status="{player} rolls", waiting="{player} rolls first", rule="G-1",
                  turn_rule="G-3", next=("over",)),
            Phase("over", over=True, waiting="the game is over", rule="G-6")]),
)


@Dice.commands.command("add", usage="add N")
def _add(session, args):
    """Add N to the total."""
    try:
        n = int(args)
    except ValueError:
        raise InputError(f"add takes a number, not {args!r}")
    session.do({"do": "add", "n": n})
    return "added"


@Dice.commands.command("stop", usage="stop", move="finish")
def _stop(session, args):
    """Stop the game."""
    session.do({"do": "finish"})
    return "stopped"


@pytest.fixture
def dice(tmp_path, phone):
    game = Dice()
    session = Session.start(game, fake_header(), str(tmp_path / "dice.jsonl"))
    printed = []
    shell = Shell(session, SHELL.extend(game.commands), out=printed.append)
    shell.printed = printed
    return shell


def test_issue9_item4_why_after_a_refusal_prints_the_rule_it_cited(dice):
    dice.execute("add 9")
    refusal = dice.printed[-1]
    assert refusal == "✗ a die shows 1 to 6, not 9 (G-1)"
    dice.execute("why")
    text = dice.printed[-1]
    assert text.splitlines()[0] == "Refused: a die shows 1 to 6, not 9 (G-1)"
    assert "G-1 · RULINGS" in text and "The physical table is the truth." in text
    dice.execute("Ben: add 3")
    dice.execute("why")
    assert "it is Ann's turn, not Ben's (G-3)" in dice.printed[-1] and "G-3 · RULINGS" in dice.printed[-1]


def test_issue9_item4_why_names_a_cited_rule_missing_from_the_table(dice):
    dice.context.last_refusal = ("the die fell off (Z-9)", "Z-9")
    dice.execute("why")
    assert dice.printed[-1].endswith("Z-9 is not in Dice's rule table.")


def test_issue9_item4_moves_lists_what_the_player_to_act_may_do_with_each_rule(dice):
    dice.execute("moves")
    text = dice.printed[-1]
    assert text.splitlines()[0] == "Ann may now:"
    assert "add N" in text and "Add what the die shows. (G-1)" in words(text)
    assert "stop" in text and "End the game now. (G-6)" in words(text)  # the command that makes it
    dice.execute("add 2")
    dice.execute("moves")
    assert dice.printed[-1].splitlines()[0] == "Ben may now:"
    dice.execute("stop")
    dice.execute("moves")
    assert dice.printed[-1] == "No moves: the game is over (G-6)"


def test_issue9_item4_moves_leaves_out_what_the_game_as_set_up_does_not_offer(dice, monkeypatch):
    monkeypatch.setattr(Dice, "offers", lambda self, state, command: command != "stop")
    dice.execute("moves")
    assert "add N" in dice.printed[-1] and "stop" not in dice.printed[-1]


def test_issue9_item4_moves_falls_back_to_the_commands_of_a_game_without_a_moveset(shell):
    shell.execute("moves")
    assert shell.printed[-1].splitlines()[0] == "Fake Counter: its commands"
    assert "add N" in shell.printed[-1] and "draw" in shell.printed[-1]


def test_issue9_item4_help_command_shows_the_rule_of_its_move(dice):
    dice.execute("help add")
    assert "rule: G-1 (`rule G-1` shows its words)" in dice.printed[-1]
    dice.execute("help stop")
    assert "rule: G-6" in dice.printed[-1]
    dice.execute("help rule")
    assert "rule:" not in dice.printed[-1]


def test_issue9_item4_help_with_a_rule_id_shows_the_rule(phone):
    _, out = play(phone, "colors", "help CC-4", "help cc4", "help rule")
    assert out[0] == out[1] and out[0].splitlines()[0] == "CC-4 · RULINGS"
    assert out[2].splitlines()[0] == "rule [ID]"  # a command's own name comes first


def test_issue9_item4_rule_completes_to_the_ids(dice):
    from prompt_toolkit.document import Document

    from referee.core.completion import CommandCompleter

    completer = CommandCompleter(dice)
    offered = [c.text for c in completer.get_completions(Document("rule "), None)]
    assert offered == list(Dice().rule_table().ids)
    assert [c.text for c in completer.get_completions(Document("rule G-"), None)] == [f"G-{n}" for n in range(1, 7)]
    assert "rule" in [c.text for c in completer.get_completions(Document("ru"), None)]


def test_issue20_item12_one_letter_bold_in_a_rule_table_shows_without_markup():
    """`3 **H** star tokens` showed as `3 H** star tokens` (the bold ran on to the next
    `**`): each strong span ends at its own closing asterisks."""
    from referee.core import render
    from referee.core.ruleview import marked

    render.set_color(False)
    assert marked("3 **H** star tokens and **He** ones") == "3 H star tokens and He ones"
    assert marked("**3 H stars** and *visits*") == "3 H stars and visits"
