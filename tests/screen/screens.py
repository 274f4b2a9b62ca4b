"""What the screen's tests share: an example game set up as its header says, the save
read back as the screen reads it, a game's picture as the page gets it, and the headless
Chromium the browser tests drive (Debian's; `.ci/run` installs it)."""

import dataclasses
import json
import shlex
import shutil
from pathlib import Path

from referee.core import watch
from referee.core.context import Sight
from tests.tables import open_table

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artefacts" / "screens"  # screenshots kept from the test run, for a person to look at
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# As the machine's notes say: without the background-networking flags Chromium's calls
# home are refused by the closed network, many at a time.
FLAGS = ("--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync")


def example(name, home):
    """A new game set up as examples/NAME.txt's command line says (players, mode, seed,
    --variant, -o options), its shell and the example's lines."""
    text = (ROOT / "examples" / f"{name}.txt").read_text(encoding="utf-8")
    command = next(line for line in text.splitlines() if line.startswith("#") and " --players " in line)
    words = shlex.split(command.split("referee ", 1)[1])
    game, flags, options = words[0], {}, {}
    for flag, value in zip(words[1::2], words[2::2]):
        if flag == "-o":
            key, raw = value.split("=", 1)
            options[key] = int(raw) if raw.isdigit() else raw
        elif flag == "--variant":
            options["variant"] = value
        else:
            flags[flag] = value
    session, shell, _out = open_table(game, home, players=tuple(flags["--players"].split(",")),
                                      mode=flags.get("--mode", "table"), seed=int(flags.get("--seed", 5)), **options)
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    return session, shell, lines


def reread(session):
    """The save as the screen reads it: replayed from the file, no lock taken."""
    loaded, problem = watch.load(session.journal.path)
    assert problem is None, problem
    return loaded


def board(session):
    """The game's picture as the page gets it: Game.picture on a Sight, through JSON."""
    return json.loads(json.dumps(session.game.picture(Sight(session, 80)), ensure_ascii=False))


def launch(driver):
    """Debian's Chromium, headless, driven by Playwright."""
    return driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=list(FLAGS))


def letters_shuffled(state, rng):
    """A ConneXion state with other letters in each hand (as many each) and the pile in
    another order: what the table may not see, changed."""
    letters = [letter for hand in state.hands for letter in hand]
    rng.shuffle(letters)
    hands, rest = [], letters
    for hand in state.hands:
        hands.append(tuple(sorted(rest[:len(hand)])))
        rest = rest[len(hand):]
    pile = list(state.pile)
    rng.shuffle(pile)
    return dataclasses.replace(state, hands=tuple(hands), pile=tuple(pile))
