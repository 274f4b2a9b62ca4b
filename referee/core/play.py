"""The one path every typed move takes (DESIGN 2; boardgame.io's MAKE_MOVE, python-chess's
``push_san`` → ``parse_san`` → ``push``).

A move declares its words, its reading, its checks, its effect, its log line and its
reply once (core.moves.Move); :func:`play` runs them in a fixed order, each once: the
game is not over, the phase opens the move, it is the speaker's turn and the game as set
up has it (before a word is read, so a wrong turn is said before a word's slip) → the
words read into an action → stamped → the rules that must pass before anyone is asked
(``check_first``) → what the words do not say (``gather``: a verdict, a draw, a masked
answer) → the move's own rule → its effect → journalled → the reply. No command handler calls the session itself, so a check cannot run twice or
be forgotten, and the reply is built from the states before and after, not from a
second look at the rules.

``ctx`` is what the shell hands every command (today the session, which carries the
terminal's questions: ``confirm`` and the masked ``ask_secret``).
"""

from referee.core.reply import Reply
from referee.core.text import cleaned


def play(ctx, move, text):
    """Make the move typed as ``move``'s command with ``text`` after it; returns its reply."""
    before = ctx.state
    ctx.game.moves.allow(before, move, {"by": ctx.speaker} if ctx.speaker else {})
    read = move.reading(ctx, text)
    if read is None or isinstance(read, (str, Reply)):  # answered without a move (a question declined)
        return read
    actions = read if isinstance(read, list) else [read]
    for number, action in enumerate(actions):
        action = ctx.stamp(dict({"do": move.name}, **action))
        if action["do"] == move.name:
            if move.check_first is not None:
                move.check_first(ctx.state, move.partial(action))
            if move.gather is not None:
                action = cleaned(dict(move.gather(ctx, action)))  # what it added (a masked answer) cleaned like the rest
        # The first checks ran before the first action: a later one meets them all again,
        # in the state the earlier ones left (its phase may have moved on).
        ctx.do(action, allowed=move if number == 0 else None)
    action = ctx.last  # as journalled: stamped with who and when, read as the rules read it
    if action.get("do") == move.name:
        action = move.read(action)
    if move.reply is None:
        return Reply.ok(move.line(action))
    return move.reply(ctx, before, ctx.state, action)


def command_of(move):
    """The command that types ``move``: its words, usage and completion, its help from
    the reading's docstring (as a handler's), its handler :func:`play`."""
    from referee.core.commands import Command, summary_and_details

    def handler(ctx, text):
        return play(ctx, move, text)

    handler.__doc__ = move.reading.__doc__
    handler.__name__ = f"{move.name}_move"
    summary, details = summary_and_details(move.reading)
    return Command(move.words[0], handler, move.usage or move.words[0], tuple(move.words[1:]), move.complete,
                   summary or move.summary, details, "game", move.name, move.fill, move.unseen, plays=move)
