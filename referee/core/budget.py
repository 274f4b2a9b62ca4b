"""The clocks' settings, which a first prompt needs without the clocks themselves
(core.clocks reads those from the journal when asked): the budget a table may set for
each player's whole game (`-o clock=20m`, chess-clock style, advisory like G-5's turn
timer) and the pause (`pause`), a journal record of its own (kind ``pause`` or ``go``)
that stops every clock until `pause` again or the next move."""

from referee.core.errors import InputError
from referee.core.options import Option

PAUSE, GO = "pause", "go"


def budget_option():
    """The table option of a per-player budget for the whole game, chess-clock style:
    advisory like G-5's turn timer (the referee says when it runs out; the table decides)."""
    return BudgetOption("clock", 0, "G-5",
                        "each player's thinking time for the whole game, e.g. 20m, 90s or 1h (off: none); "
                        "advisory: the referee says when it runs out")


def parse_duration(text):
    """Seconds from `20m`, `90s`, `1h`, `1h30m`, `1:30:00`, `20:00` or a bare number of
    minutes; 0 from `off`, `no`, `none` or 0. None when it reads as none of these."""
    import re

    text = text.strip().lower().replace(" ", "")
    if text in ("off", "no", "none", "0", ""):
        return 0
    if re.fullmatch(r"\d{1,3}", text):
        return int(text) * 60
    if re.fullmatch(r"\d{1,2}(:\d{2}){1,2}", text):
        parts = [int(p) for p in text.split(":")]
        seconds = 0
        for part in parts:
            seconds = seconds * 60 + part
        return seconds  # m:ss or h:mm:ss
    found = re.fullmatch(r"(?:(\d{1,3})h)?(?:(\d{1,4})m(?:in)?)?(?:(\d{1,5})s)?", text)
    if found and any(found.groups()):
        hours, minutes, seconds = (int(g or 0) for g in found.groups())
        return hours * 3600 + minutes * 60 + seconds
    return None


def duration(seconds):
    """A budget as a table says it: 20m, 1h30m, 90s; off for none."""
    seconds = int(seconds or 0)
    if not seconds:
        return "off"
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return (f"{hours}h" if hours else "") + (f"{minutes}m" if minutes else "") + (f"{secs}s" if secs else "")


BUDGET_MAX = 24 * 3600


class BudgetOption(Option):
    """`-o clock=20m`: read as a duration, kept in the header as seconds, shown as typed."""

    def parse(self, text):
        if len(text) > 40:
            raise InputError(f"option {self.name} takes a time such as 20m, not a {len(text)}-character value")
        seconds = parse_duration(text)
        if seconds is None:
            raise InputError(f"option {self.name} takes a time such as 20m, 90s or 1h30m, not {text.strip()!r}")
        if seconds > BUDGET_MAX:
            raise InputError(f"option {self.name} takes at most 24h, not {text.strip()!r}")
        return seconds

    def show(self, value):
        return duration(value) if isinstance(value, int) and not isinstance(value, bool) else super().show(value)


def budget(session):
    value = (session.options or {}).get("clock", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def is_paused(records):
    """Whether the last pause in ``records`` is still on (read from the end: a move is
    stamped with it, so it costs a record or two, not the whole journal)."""
    for record in reversed(records):
        kind = record.get("kind")
        if kind == PAUSE:
            return True
        if kind in (GO, "do"):
            return False
    return False
