"""The commands every game has: help, show, score, log, rules, rule, why, moves, undo,
redo, save, quit.

They read the game only through the :class:`referee.core.game.Game` interface, so a new
game gets all of them, and their help, by being a Game.
"""


from referee.core import render, ruleview
from referee.core.commands import CommandSet, offered
from referee.core.errors import InputError, RuleError
from referee.core.options import table as options_table
from referee.core.text import cut

SHELL = CommandSet()
_CONFIRM = {"yes", "y", "-y", "--yes", "!"}


def _command_words(session, words):
    return sorted(session.commands.commands) if not words else []


def _help_examples(session):
    """The game's first command and one of its rule ids, for help's own help."""
    commands = getattr(session, "commands", None)
    games = [c.name for c in (commands.commands.values() if commands else ()) if c.group == "game"]
    return {"command": games[0] if games else "undo", "ruling": _rule_examples(session)["ruling"]}


@SHELL.command("help", "?", "h", usage="help [COMMAND]", complete=_command_words, group="table",
               fill=_help_examples)
def help_command(session, args):
    """List the commands, or explain one.

    `help {command}` explains the {command} command; `help rules` lists the table
    options; `help {ruling}` shows a rule, as `rule {ruling}` does.
    """
    commands = session.commands
    if args:
        if args.strip().lower() == "rules":
            return rules_command(session, "")
        if commands.exact(args.split()[0]) is None and session.game.rule_table().find(args):
            return rule_command(session, args)  # `help CX-9`: the rule, as `rule CX-9` shows it
        cmd = commands.lookup(args.split()[0])
        width = render.terminal_width()
        lines = [render.heading(_wrap_usage(cmd.usage, width, "    ")), cmd.summary_for(session)]
        rule = _rule_of_command(session, cmd)
        if rule:
            lines.append(f"rule: {rule} (`rule {rule}` shows its words)")
        if not offered(session, cmd):
            lines.append("(not part of this game as it is set up: its variant, mode, players or options)")
        if cmd.details:
            lines += ["", _reflowed(cmd.details_for(session))]
        if cmd.aliases:
            lines.append("also: " + ", ".join(cmd.aliases))
        return "\n".join([lines[0], _wrap_summary("\n".join(lines[1:]), width)])
    width = render.terminal_width()
    sections = []
    for group, title in (("game", session.game.title), ("table", "At any time")):
        rows = [(c.usage, c.summary_for(session)) for c in commands.commands.values()
                if c.group == group and offered(session, c)]
        if rows:
            sections.append(render.heading(title) + "\n" + _usage_list(rows, width))
    first = session.players[0] if session.players else "Ann"
    sections.append(render.wrap_text(
        f"A line may start with who says it (`{first}: ...`) and the referee checks the turn. Tab completes.", width))
    return render.Long("\n\n".join(sections))


def _reflowed(text):
    """A docstring's paragraphs each as one line, for wrap_text to break at the screen's
    width, as click rewraps help: the docstring's own line breaks were made for the source
    at 80 columns and left a ragged edge on a phone."""
    paragraphs = [" ".join(p.split()) for p in text.split("\n\n")]
    return "\n\n".join(p for p in paragraphs if p)


def _usage_list(rows, width):
    """Usage beside summary when both fit the width; on a narrower screen (a phone) each
    usage on a line of its own with its summary wrapped under it, rather than two columns
    squeezed until every summary is a tower of single words."""
    if render.fits((), rows, width, narrowest=30):
        return _two_columns(rows, width)
    lines = []
    for usage, summary in rows:
        lines.append(_wrap_usage(usage, width, "    "))
        lines.append(_wrap_summary("  " + summary, width))
    return "\n".join(lines)


def _wrap_usage(usage, width, hang):
    """A usage broken between words, its later lines indented by ``hang``; a `|` between
    two forms stays at the end of a line (`... ] |` / `vote all yes|no`), since a line
    that starts with `|` reads as a command of its own."""
    forms = usage.split(" | ")
    room = width - len(hang)
    # each form that fits a line is one word to the wrapping ("\x00" for its spaces), so a
    # line breaks between forms first; the `|` is glued to the form before it
    glued = "\x00| ".join(form.replace(" ", "\x00") if render.visible(form) + 2 <= room else form
                          for form in forms)
    return render.wrap_text(glued, width, hang=hang).replace("\x00", " ")


def _wrap_summary(text, width):
    """A summary broken between words, a short `quoted command` kept whole on one line:
    `rule` / `Turns` broken apart reads as two words, not as one command."""
    import re

    glued = re.sub(r"`[^`\n]{1,24}`", lambda m: m.group(0).replace(" ", "\x00"), text)
    return render.wrap_text(glued, width).replace("\x00", " ")


def _two_columns(rows, width, gap=2, narrowest=30):
    """Usages in a left column, summaries beside them. A usage wider than its column (the
    summaries keep ``narrowest`` columns) wraps with its later lines indented two more,
    so `[PILE] N` does not stand at the left edge where a command would."""
    usage_width = max(render.visible(usage) for usage, _ in rows)
    summary_room = width - usage_width - gap
    longest_summary = max(render.visible(summary) for _, summary in rows)
    if summary_room < min(narrowest, longest_summary):
        usage_width = max(10, width - gap - min(narrowest, longest_summary))
    lefts = [_wrap_usage(usage, usage_width, "  ").split("\n") for usage, _ in rows]
    usage_width = max(render.visible(line) for left in lefts for line in left)  # as wide as the wrapped need
    summary_width = max(10, width - usage_width - gap)
    lines = []
    for left, (usage, summary) in zip(lefts, rows):
        right = _wrap_summary(summary, summary_width).split("\n") if summary else [""]
        for number in range(max(len(left), len(right))):
            cell = left[number] if number < len(left) else ""
            text = right[number] if number < len(right) else ""
            lines.append((cell + " " * (usage_width - render.visible(cell) + gap) + text).rstrip())
    return "\n".join(lines)


@SHELL.command("show", "board", "s", usage="show", group="table")
def show_command(session, args):
    """Draw the table as it is now."""
    return session.game.show(session)


@SHELL.command("clear", usage="clear", group="table", whole=True)
def clear_command(session, args):
    """Clear the screen (Ctrl-L too); the scrollback and the game stay as they were."""
    session.shell.clear_screen()


@SHELL.command("score", "scores", usage="score", group="table")
def score_command(session, args):
    """The scoreboard so far."""
    headers, rows = session.game.scoreboard(session.state, getattr(session, "width", None))
    return render.table(headers, rows)


@SHELL.command("log", usage="log [N]", group="table")
def log_command(session, args):
    """The scribe's record: every event that stands, numbered (the last N with a number)."""
    from referee.core.export import lines

    from referee.core.export import outcome

    rows = lines(session.game, session.records, finished=session.over, states=session.states)
    if args:
        digits = args.strip()
        # read only once bounded by the rows there are (issue 18, item 13); 0 is refused,
        # as rows[-0:] is every row and rows[--1:] all but the first
        count = _bounded(digits, max(1, len(rows))) if digits.isdecimal() else 0
        if digits.isdecimal() and digits.strip("0") and count is None:
            count = max(1, len(rows))  # more than there are: all of them
        if not count:
            shown = args if len(args) <= 40 else args[:40] + "…"
            raise InputError(f"log takes a number of events, 1 or more, not {shown!r}")
        rows = rows[-count:]
    if not rows:
        return "Nothing has happened yet."
    table = render.table(("#", "time", "who", "what"), rows, fmt="plain")
    ending = outcome(session.game, session.state)  # a finished game's scores and winners
    if ending:
        table += "\n" + render.fit_text("\n".join(ending), render.terminal_width())
    return render.Long(table)  # paged when tall


@SHELL.command("rules", "options", usage="rules", group="table")
def rules_command(session, args):
    """The table options in force (RULINGS choices) with their defaults."""
    rows = options_table(session.game.options, session.options)
    header = f"{session.game.title}: mode {session.header.get('mode', 'table')}"
    if not rows:
        return header + "\nThis game has no table options."
    headers = ("option", "in force", "default", "ruling", "meaning")
    width = render.terminal_width()
    if render.fits(headers, rows, width, narrowest=30):
        return header + "\n" + render.table(headers, rows)
    # Five columns do not fit a phone: one block per option, its meaning wrapped under it.
    blocks = []
    for name, value, default, rule, meaning in rows:
        blocks.append(render.wrap_text(f"{name} = {value}  (default {default}, {rule})", width))
        blocks.append(render.wrap_text("  " + meaning, width))
    return header + "\n" + "\n".join(blocks)


# -- rules as data at the table (issue 9 item 4; DESIGN 6) ---------------------------


def _rule_of_command(session, cmd):
    """The rule of the move ``cmd`` makes (its declared ``move``, else the move of its own
    name or alias), when the game declares its moves; None otherwise."""
    moves = getattr(session.game, "moves", None)
    if moves is None:
        return None
    for name in ((cmd.move,) if cmd.move else cmd.words):
        if name in moves:
            return moves.rule_of(name)
    return None


def _rule_ids(session, words):
    """`rule ` completes to the table's ids, each with its first words beside it."""
    if words:
        return []
    return [(rule.id, ruleview.clipped(ruleview.gist(rule), 30)) for rule in session.game.rule_table()]


def _rule_examples(session):
    """Ids of the game's own rule table for `rule`'s help (`rule CN-2`, `rule Classic` in
    Connections): a ruling's id, a rulebook step's, and the ruling typed loosely. Taken
    from the table, so no game's help speaks of another game's rules."""
    ids = [rule.id for rule in session.game.rule_table()]
    own = [i for i in ids if not i.startswith("G-")] or ids or ["G-1"]
    rulings = [i for i in own if "-" in i and i.split("-")[-1].isdigit()] or own
    ruling = rulings[min(1, len(rulings) - 1)]  # the second: the first is often who may play
    step = _a_step(own, rulings, ruling)
    loose = ruling.lower().replace("-", "").replace(" ", "")
    examples = f"`rule {ruling}`" + (f", `rule {step}`" if step != ruling else "")
    return {"examples": examples, "ruling": ruling, "loose": loose}


def _a_step(own, rulings, ruling):
    """A rulebook step's id for the example (`4c`), else any id that is not a ruling."""
    steps = [i for i in own if i[0].isdigit() and not i.isdigit()] or [i for i in own if i[0].isdigit()] \
        or [i for i in own if i not in rulings] or [ruling]
    return steps[0]


@SHELL.command("rule", usage="rule [ID]", complete=_rule_ids, group="table", fill=_rule_examples)
def rule_command(session, args):
    """Show a rule's words by its id ({examples}); alone, list the ids.

    Every refusal names the rule it applies in brackets; `why` shows the words of the
    last one. Ids are the rulings' (G-1, {ruling}, ...) and the rulebook's own steps. Case
    and dashes do not matter: `rule {loose}` is `rule {ruling}`.
    """
    table = session.game.rule_table()
    width = render.terminal_width()
    if not args.strip():
        size = max((len(rule.id) for rule in table), default=0) + 2
        lines = [render.heading(render.wrap_text(f"{session.game.title}: rules by id", width))]
        for rule in table:
            lines.append(rule.id.ljust(size) + ruleview.clipped(ruleview.gist(rule), max(10, width - size - 1)))
        lines.append(render.wrap_text("`rule ID` shows a rule's words; `why`, the last refusal's.", width))
        return render.Long("\n".join(lines))
    rule = table.find(args)
    if rule is None:
        near = table.suggest(args)
        hint = f"did you mean {near}?" if near else "`rule` lists them"
        raise InputError(f"no rule {args.strip()!r} in this game; {hint}")
    return ruleview.rule_text(rule, width)  # printed, never paged: see _NOT_PAGED


@SHELL.command("why", usage="why", group="table")
def why_command(session, args):
    """The words of the rule the last refusal cited."""
    width = render.terminal_width()
    last = getattr(session, "last_refusal", None)
    if last is None:
        return render.fit_lines("Nothing has been refused since the game was opened.", width)  # a phone: 50
    message, rule_id = last
    message = " ".join(message.split())  # as refused, before it was broken to the screen
    table = session.game.rule_table()
    if not rule_id:
        rule_id = _cited_in_words(message, table)
    if not rule_id:
        return render.wrap_text(f"The last refusal cited no rule: it was about what was typed. ({message})", width,
                                hang="  ")
    rule = table.find(rule_id)
    said = render.wrap_text(f"Refused: {message}", width, hang="  ")  # indented as the refusal was
    if rule is None:
        return said + "\n" + render.wrap_text(f"{rule_id} is not in {session.game.title}'s rule table.", width)
    return said + "\n\n" + ruleview.rule_text(rule, width)  # printed, never paged: see _NOT_PAGED


# `why`, `rule ID` and `moves` are asked in the middle of play, on a phone of 20 rows as
# often as not: they are printed (the terminal's scrollback keeps them), never paged,
# since lines the table types ahead would go to the pager as its commands. The long
# lists one browses (help, log, the rule index, find) stay render.Long, paged when tall.
_NOT_PAGED = ("why", "rule ID", "moves")


def _cited_in_words(message, table):
    """The rule id a refusal names in brackets, when the game's table has it: a refusal
    about what was typed may still name its rule in its words, at the end (`... (CC-1)`)
    or mid-sentence (`KITESURF not in the lexicon (CN-5): check the card, ...`); the one
    it ends with first, else the last one named."""
    import re

    # an id alone in brackets, or last in a bracket's list ("(option nebula_points, CT-8)")
    cited = [group.rsplit(",", 1)[-1].strip() for group in re.findall(r"\(([^()]+)\)", message)]
    cited = [word for word in cited if word and not re.search(r"\s", word)]
    ending = re.search(r"[(,]\s*([^()\s,]+)\)\s*$", message)
    for rule_id in ([ending.group(1)] if ending else []) + cited[::-1]:
        if table.find(rule_id) is not None:
            return rule_id
    return None


@SHELL.command("moves", usage="moves", group="table")
def moves_command(session, args):
    """What the player to act may do now, with each move's rule."""
    game, state = session.game, session.state
    width = render.terminal_width()
    commands = session.commands
    if game.moves is None:  # a game not yet declaring its moves: its commands, as help lists them
        rows = [(c.usage, c.summary_for(session)) for c in commands.commands.values()
                if c.group == "game" and offered(session, c)]
        return render.heading(f"{game.title}: its commands") + "\n" + _usage_list(rows, width)
    phase = game.moves.phases.of(state)
    if phase.over:
        sentence, rule = game.moves.phases.waiting(state)
        return render.wrap_text(f"No moves: {sentence}" + (f" ({rule})" if rule else ""), width)
    who = _who_may_act(session, phase)
    rows = _open_moves(session, commands)
    if not rows:
        return render.wrap_text(f"{who}: no moves are open now.", width)
    # printed, never paged: see _NOT_PAGED
    return render.heading(render.wrap_text(f"{who} may now:", width)) + "\n" + _usage_list(rows, width)


def _who_may_act(session, phase):
    """Who `moves` speaks to: the player to act, anyone, or "Ann's turn; each player" when
    the open moves differ in who may make them (Ann places, anyone claims: Move.acts)."""
    from referee.core.phases import EVERY, SEAT, player_to_act

    if len(session.players) == 1:  # Solitaire: no "each player", no "Sol's turn" to contest
        return session.players[0]
    state, phases = session.state, session.game.moves.phases
    acting = player_to_act(state)
    everyone = tuple(state.players)
    if callable(phase.acts):
        seats = tuple(phases.acting(state)) or everyone
    elif phase.acts == SEAT and acting:
        seats = (acting,)
    else:
        seats = everyone
    by_move = {tuple(move.acts(state)) if move.acts is not None else seats
               for move in session.game.moves.open_now(state)}
    alone = [group for group in by_move if len(group) == 1]
    if len(by_move) > 1 and alone:  # one seat's turn, and moves anyone may make meanwhile
        if acting and acting != alone[0][0]:  # ConneXion: Ann claims while Ben is the one to place next
            return f"{acting}'s turn, {alone[0][0]} next; each player"
        return f"{alone[0][0]}'s turn; each player"
    if phase.acts == EVERY and acting and not phase.default:  # a turn under way, which anyone may contest
        return f"{acting}'s turn; each player"
    if seats == everyone and len(everyone) > 1:
        return {EVERY: "Each player"}.get(phase.acts, "Anyone")
    return " or ".join(seats) or "Anyone"


def _open_moves(session, commands):
    """(usage, summary with its rule) of each move open now that the game as set up has,
    typed as its command says."""
    by_move = {}
    for cmd in commands.commands.values():
        if cmd.group == "game":
            for name in ((cmd.move,) if cmd.move else cmd.words):
                by_move.setdefault(name, cmd)
    rows = []
    for move in session.game.moves.open_now(session.state):
        cmd = by_move.get(move.name)
        if cmd is not None and not offered(session, cmd):
            continue  # not part of the game as set up (its variant, its mode)
        usage = cmd.usage if cmd is not None else move.name
        summary = move.summary or (cmd.summary_for(session) if cmd is not None else "")
        rule = f" ({move.rule})" if move.rule and f"({move.rule})" not in summary else ""
        rows.append((usage, (summary + rule).strip()))
    return rows


@SHELL.command("undo", "u", usage="undo [N | to EVENT] [yes]", group="table")
def undo_command(session, args):
    """Take back the last action, or N of them, or back to just after event EVENT.

    Undoing a digital draw, a payment from a hand only the referee holds, or the end of
    the game cannot un-see it, so the referee asks first; in a script add `yes` (e.g.
    `undo 2 yes`). Use `adjust` for a correction found later that
    should stay in the log. After it, the table is drawn as `show` draws it.
    """
    words = args.lower().split()
    confirmed = bool(words) and words[-1] in _CONFIRM
    if confirmed:
        words = words[:-1]
    if not words:
        count = 1
    elif words[0] == "to" and len(words) == 2 and words[1].isdecimal():
        done = len(session.records)
        event = _bounded(words[1], done)
        if event is None:
            raise RuleError(f"there is no event {_typed_number(words[1])}; the log has {done}", rule="G-3")
        count = session.steps_back_to(event)
        if count == 0:
            return "Already there; nothing undone."
    elif len(words) == 1 and words[0].isdecimal():
        count = _steps(words[0], len(session.records), "undo", "undone")
    else:
        raise InputError("undo takes a number of steps or `to EVENT`, e.g. `undo 2`, `undo to 14`")
    if not session.records:
        raise RuleError("nothing to undo", rule="G-3")
    revealed = session.revealed_by_last(min(count, len(session.records)))
    revealed += _end_that_revealed(session, min(count, len(session.records)))
    if revealed and not confirmed:
        what = "; ".join(revealed)
        if not session.confirm(f"This undoes what the table has already seen ({what}). Undo anyway?"):
            raise RuleError(f"not undone: it would take back what was revealed ({what}); add `yes` to insist",
                            rule="G-3")
    told = _told(session, min(count, len(session.records)))
    session.undo(count)
    described = "; ".join(reversed(told))
    return _redrawn(session, render.fit_lines(render.ok(f"undone: {described}"), render.terminal_width()))


def _bounded(digits, most):
    """The number ``digits`` (decimal digits as typed) when it is at most ``most``, else
    None: read only once it is known to be small, so a number of any length (int() refuses
    one over 4,300 digits, issue 18 item 13) costs nothing and raises nothing."""
    digits = digits.lstrip("0") or "0"
    if len(digits) > len(str(most)):
        return None
    number = int(digits)
    return number if number <= most else None


def _typed_number(digits):
    """A number as typed, for a refusal: a very long one by its length, not in full."""
    return cut(digits.lstrip("0") or "0", 12, "digits")


def _steps(digits, most, verb, done):
    """How many steps `undo N` / `redo N` takes: 1 to what can be taken back (``most``),
    else one line saying how many can (issue 18, item 13)."""
    count = _bounded(digits, most)
    if count is not None and count >= 1:
        return count
    if digits.strip("0") == "":
        raise RuleError(f"{verb} takes a number of steps, 1 or more", rule="G-3")
    if most == 0:
        raise RuleError(f"nothing to {verb}", rule="G-3")
    can = f"only {most} step{'s' if most != 1 else ''} can be {done}"
    raise RuleError(f"{verb} {_typed_number(digits)}: {can}; nothing was {done}", rule="G-3")


def _end_that_revealed(session, count):
    """["the end, ..."] when the last ``count`` actions include the one that ended the
    game: guarded as a revealed draw is (G-3), in every game. With secrets (a hand dealt
    in secret, totals hidden during play, CC-4, and in digital mode the seed, from which
    every hand and deck follow) the end showed them, the log and the exports name them,
    and undoing it would put the game back in play with them out; without, it showed the
    final scores and the winner. [] when no end is undone."""
    game, records = session.game, session.records
    if not session.over:
        return []
    try:
        states = session.states
        first = len(records) - count
        ended = [index for index in range(first, len(records))
                 if game.is_over(states[index + 1]) and not game.is_over(states[index])]
        if not ended:
            return []
        before = states[ended[-1]]
        hidden_totals = any(score is None for score in game.scores(before).values())
        secret_moves = any(game.is_secret(record["action"]) for record in records[: ended[-1] + 1])
    except Exception:  # a bug in a game's scores costs the question, never the undo
        return []
    if hidden_totals or secret_moves:
        return ["the end, which showed the hidden " + ("totals" if hidden_totals else "cards")]
    if session.header.get("mode") == "digital" and session.header.get("seed") is not None:
        return ["the end, which showed the seed of the shuffle"]
    # Any other end (ConneXion, Connections): the table has seen the final scores and the
    # winner; taking that back is asked first as in every game (issue 18, item 15; G-3).
    return ["the end, which showed the final scores"]


@SHELL.command("redo", usage="redo [N]", group="table")
def redo_command(session, args):
    """Put back what undo took back (until a new action is made).

    After it, the table is drawn as `show` draws it.
    """
    if args and not args.isdecimal():
        raise InputError("redo takes a number of steps")
    count = _steps(args, session.can_redo, "redo", "redone") if args else 1
    redone = session.redo(count)
    return _redrawn(session, render.fit_lines(render.ok("redone: " + "; ".join(_told(session, len(redone)))),
                                              render.terminal_width()))


def _redrawn(session, said):
    """``said`` (what undo or redo took back or put back), then the table as it now
    stands: what typing `show` shows (the game's own `show` where it has one, e.g.
    Connections' window around the latest play), as a new game's welcome draws it. The
    line alone left the table to type `show` to see which board it was back to."""
    cmd = getattr(session, "commands", None)
    cmd = cmd.exact("show") if cmd is not None else None
    board = cmd.handler(session, "") if cmd is not None else session.game.show(session)
    if isinstance(board, render.Private):  # never the case for a board; kept apart if it were
        return [said, board]
    if isinstance(board, (list, tuple)):
        return [said] + [part for part in board if part]
    return [said, board] if board else said


def _told(session, count):
    """The log lines of the last ``count`` actions, oldest first, as the log tells them
    (a secret one in its public form until the end)."""
    from referee.core.export import last_lines

    return [what for _number, _when, _who, what in last_lines(session, count)]


@SHELL.command("save", usage="save", group="table")
def save_command(session, args):
    """Check the game is saved and say where: every action is written as it is made.

    If the save file was deleted meanwhile, the whole game is written again from what the
    referee holds, and the reply says so; it never says "saved" without having checked."""
    note = session.journal.confirm() if hasattr(session.journal, "confirm") else None
    if hasattr(session.journal, "check_writable"):
        session.journal.check_writable()
    said = render.ok(f"saved as {session.header['id']} ({session.journal.path}); every action is "
                     "written as it is made")
    return render.fit_lines(f"{note}\n{said}" if note else said, render.terminal_width())


@SHELL.command("quit", "exit", "q", usage="quit", group="table")
def quit_command(session, args):
    """Leave; the game stays saved and `referee resume` picks it up."""
    session.shell.leaving = True
    return session.farewell()


# -- the night's clocks (issue 20 item 19; core.clocks) --------------------------------


@SHELL.command("clock", "clocks", usage="clock", group="table", whole=True)
def clock_command(session, args):
    """Each player's thinking time, turns and time a turn; the game's time.

    A player's clock runs from the start of their turn to their last line of it; a resume
    does not count the night between, and `pause` stops every clock. With `-o clock=20m`
    each player has 20 minutes for the whole game, chess-clock style: the time left is
    shown here and in the status line, and the referee says once when it runs out
    (advisory, G-5). A game without turns of its own keeps the game's time only.
    """
    from referee.core import clocks

    return clocks.table_text(session, session.clock(), getattr(session, "width", None) or render.terminal_width())


@SHELL.command("pause", usage="pause", group="table", whole=True)
def pause_command(session, args):
    """Stop every clock for a break; `pause` again (or a move) starts them.

    The pause is kept in the save like any event (G-3), so a resumed game knows it; when
    the clocks start again, the running turn's timer starts from its full time, as after a
    resume (G-5).
    """
    if session.over:
        raise RuleError("the game is over; its clocks have stopped", rule="G-3")
    paused = session.pause()
    said = ("⏸ paused: every clock is stopped; `pause` again (or a move) starts them" if paused
            else "the clocks run again; a timed turn starts from its full time (G-5)")
    return render.fit_lines(said if paused else render.ok(said), render.terminal_width())
