"""What the table types for the setup of Crafting the Cosmos in table mode: the order it
laid the energy tokens in (`tokens Ann dark Ben dark dark Cy`). The words are read here
(players by any case or a unique prefix, `dark`/`d`); whether the order is one the
setup allows is the rules' (setup.check_tokens, CT-2)."""

from referee.core.errors import InputError
from referee.games.cosmos.reading import named_player


def complete_tokens(ctx, words):
    return list(ctx.state.players) + ["dark"]


def read_tokens(ctx, args):
    """Say the order the energy tokens were laid, from Light clockwise (table mode).

    Each player's token once and the dark ones where they fell, e.g.
    `tokens Ann dark Ben dark dark Cy` (`d` is short for dark). The
    player whose token was laid last is the first player."""
    words = args.replace(",", " ").split()
    if not words:
        raise InputError("which order? e.g. `tokens Ann dark Ben dark dark Cy`")
    return {"order": ["dark" if w.lower() in ("dark", "d") else named_player(ctx, w) for w in words]}
