"""Table options: the RULINGS that are choices, each with its default, typed by a table.

A game declares its options once; the same declarations parse ``-o name=value`` on the
command line, fill the journal header (every option in force, defaults included, so a
log shows which house rules were played) and answer ``rules`` in the shell.
"""

from dataclasses import dataclass

from referee.core.errors import InputError

_TRUE = {"yes", "y", "true", "on", "1"}
_FALSE = {"no", "n", "false", "off", "0"}


@dataclass(frozen=True)
class Option:
    """One table choice a rule leaves open (a RULINGS option): its default, its rule and how `-o` reads it."""

    name: str
    default: object
    rule: str
    help: str
    choices: tuple = ()
    maximum: int = None  # the largest whole number a table may choose

    def parse(self, text):
        """Read a value typed by a player, in the type of the default."""
        text = text.strip().lower()
        numeric = isinstance(self.default, (int, float)) and not isinstance(self.default, bool)
        if len(text) > (40 if numeric else 1000):  # bounded before it is read, quoted short (issue 18 item 13)
            raise InputError(f"option {self.name} takes {self._kind()}, not a {len(text)}-character value")
        if isinstance(self.default, bool):
            return self._yes_no(text)
        if isinstance(self.default, int):
            return self._whole(text)
        if isinstance(self.default, float):  # it came back as a string before
            return self._number(text)
        if self.choices:
            return self._choice(text)
        return text

    def _yes_no(self, text):
        """A yes/no option's value from the words for yes and no."""
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise InputError(f"option {self.name} takes yes or no, not {text!r}")

    def _whole(self, text):
        """A whole-number option's value: 0 or more, and at most its maximum if it has one."""
        try:
            value = int(text)
        except ValueError:
            raise InputError(f"option {self.name} takes a whole number, not {text!r}")
        if value < 0:
            raise InputError(f"option {self.name} cannot be negative")
        if self.maximum is not None and value > self.maximum:
            raise InputError(f"option {self.name} takes at most {self.maximum}, not {value}")
        return value

    def _number(self, text):
        """A number option's value: finite, 0 or more (a float, not the string typed)."""
        try:
            value = float(text)
        except ValueError:
            raise InputError(f"option {self.name} takes a number, not {text!r}")
        if not 0 <= value < float("inf"):
            raise InputError(f"option {self.name} takes a number, 0 or more, not {text!r}")
        return value

    def _choice(self, text):
        """One of the option's choices, matched whatever the case, kept as declared."""
        for choice in self.choices:
            if text == str(choice).lower():
                return choice
        raise InputError(f"option {self.name} takes one of {', '.join(self.choices)}, not {text!r}")

    def holds(self, value):
        """Whether ``value``, read from a save's header, is a value :meth:`parse` could
        have given: a save edited by hand must not reach the rules with a list where a
        name goes (issue 18: a save is checked once, on open)."""
        default = self.default
        if isinstance(default, bool):
            return isinstance(value, bool)
        if isinstance(value, bool):
            return False
        if isinstance(default, int):
            return isinstance(value, int) and value >= 0 and (self.maximum is None or value <= self.maximum)
        if isinstance(default, float):
            return isinstance(value, (int, float)) and 0 <= value < float("inf")
        if self.choices:
            return value in self.choices
        if default is None:
            return value is None or (isinstance(value, str) and len(value) <= 1000)
        return isinstance(value, str) and len(value) <= 1000

    def _kind(self):
        if isinstance(self.default, bool):
            return "yes or no"
        if isinstance(self.default, (int, float)):
            return "a number" if isinstance(self.default, float) else "a whole number"
        if self.choices:
            return "one of " + ", ".join(self.choices)
        return "a short value"

    def show(self, value):
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)


def resolve(declared, pairs):
    """Defaults overridden by ``name=value`` strings; unknown names are refused."""
    by_name = {option.name: option for option in declared}
    values = {option.name: option.default for option in declared}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        name = name.strip().lower().replace("-", "_")
        if not sep:
            raise InputError(f"an option is written name=value, not {pair!r}")
        if name not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise InputError(f"no table option {name!r}; this game has: {known}")
        values[name] = by_name[name].parse(text)
    return values


def table(declared, values):
    """Rows for the ``rules`` view: option, value in force, default, ruling, meaning."""
    return [
        (o.name, o.show(values.get(o.name, o.default)), o.show(o.default), o.rule, o.help)
        for o in declared
    ]
