"""What players type in a Cosmo;code game: every move's command (declared on its Move,
moves.py, and run by core.play), and the questions that change nothing.

The questions here show one seat what only it may see, a hand or a hint, as a
core.reply.Reply whose private part is that seat's alone; they never print, and they
leave the breaking of lines to the shell (Game.fit), which fits every reply and refusal
once for its screen.
"""


from referee.core.commands import CommandSet, whose_hand
from referee.core.errors import RuleError
from referee.core.reply import Reply
from referee.games.cosmocode import questions, view
from referee.games.cosmocode.moves import MOVES
from referee.games.cosmocode.reading import players

QUESTIONS = CommandSet()


@QUESTIONS.command("hand", usage="hand [PLAYER]", complete=players)
def hand_command(ctx, args):
    """Show one player their hand, only to them (`Ann: hand` is Ann's; else the player to act)."""
    state = ctx.state
    player = whose_hand(ctx, args)
    questions.check_hand(state, player, ctx.speaker)
    return Reply(private=view.hand_text(state, state.seat(player)), owner=player)


@QUESTIONS.command("hint", usage="hint [PLAYER]", complete=players)
def hint_command(ctx, args):
    """The ways to take something from the revealed cards, fewest cards spent first.

    Shown only to the player to act, since it tells what their hand can pay for;
    naming yourself (`hint Ann`) checks that it is you.
    """
    state = ctx.state
    asker = ctx.speaker or (ctx.player(args.split()[0]) if args.strip() else None)
    try:
        questions.check_hint(state, asker)
    except RuleError as error:
        if error.private and error.owner:  # no hint for a hand not all named: whether the referee knows all
            # of it depends on which cards were paid, so the owner alone hears it, as a hint would be (G-2)
            return Reply(private=error.private, owner=error.owner)
        raise
    return Reply(private=view.hint_text(state, ctx.width), owner=state.player)


_TURN, _SEEING = CommandSet(), CommandSet()
for _command in MOVES.commands().commands.values():  # help lists `deal` with what a player may see
    (_SEEING if _command.name == "deal" else _TURN).add(_command)
COMMANDS = _TURN.extend(_SEEING).extend(QUESTIONS)
