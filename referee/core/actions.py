"""An action as the rules read it: a frozen record of one move's fields (pokerkit's
operation records), still the very mapping the journal holds. Apart from core.moves so
that what checks an action's kind (core.worked) needs no move declarations loaded."""

from collections.abc import Mapping

# Fields the core adds to every action as it is journalled (Session.stamp): never part
# of a move's declaration, never refused as unknown.
STAMPS = ("do", "at", "by", "resumed")


class Action(Mapping):
    """One action as the rules read it (pokerkit's operation records): frozen, its fields
    as attributes (``action.word``), an optional field that is absent read as its declared
    default (``optional={"verdict": "word"}``), so a default is written once, in the
    move's declaration, not as ``action.get("verdict") or "word"`` in its check and again
    in its effect. It is still the mapping the journal holds (same keys, ``action["word"]``,
    ``dict(action)``, equal to that dict), so every old save replays unchanged.

    The fields are the instance's own ``__dict__``, so reading one is an ordinary
    attribute lookup (a replay reads thousands). An absent field is a class attribute of
    the move's own kind of Action (:func:`kind`, made once per move), its default, so it
    is read as fast; the stamps a move does not declare read as None the same way. Only
    a name that is no field at all reaches ``__getattr__``, which refuses it.
    (``action.get`` and the other mapping methods keep their names: a default that
    would hide one is read through ``__getattr__`` only, as before.)"""

    _defaults = {}  # a move's kind (Action.kind) says its optional fields' defaults
    do = at = by = resumed = None  # the STAMPS, when an action was never stamped

    def __init__(self, fields, defaults=None):
        if defaults:
            object.__setattr__(self, "__class__", Action.kind(defaults))
        object.__setattr__(self, "__dict__", dict(fields))

    @staticmethod
    def kind(defaults):
        """The kind of Action whose absent fields read as ``defaults`` (made once for the
        same defaults)."""
        key = repr(sorted(defaults.items(), key=repr))
        made = _KINDS.get(key)
        if made is None:
            absent = {name: value for name, value in defaults.items() if not _hides(name)}
            made = _KINDS[key] = type("Action", (Action,), {"_defaults": dict(defaults), "__slots__": (), **absent})
        return made

    @classmethod
    def _made(cls, fields):
        """Move.read's constructor, on the move's own kind: one dict copy, nothing else."""
        action = object.__new__(cls)
        object.__setattr__(action, "__dict__", dict(fields))
        return action

    def __getitem__(self, name):
        return self.__dict__[name]

    def get(self, name, default=None):  # Mapping's goes through __getitem__ and a KeyError
        return self.__dict__.get(name, default)

    def __contains__(self, name):
        return name in self.__dict__

    def __iter__(self):
        return iter(self.__dict__)

    def __len__(self):
        return len(self.__dict__)

    def __eq__(self, other):
        if isinstance(other, Action):
            other = other.__dict__
        return self.__dict__ == other if isinstance(other, dict) else NotImplemented

    def __getattr__(self, name):  # only for a field the action does not hold
        defaults = type(self)._defaults
        if name in defaults or name in STAMPS:
            return defaults.get(name)
        raise AttributeError(f"{self.__dict__.get('do', 'this')} action has no field {name!r}")

    def __setattr__(self, name, value):
        raise AttributeError("an action is frozen: make a new one (dict(action, field=value))")

    def __repr__(self):
        return f"Action({self.__dict__!r})"

    __hash__ = None


_KINDS = {}  # Action.kind's, by their defaults


def _hides(name):
    """Whether a default named ``name`` would hide what Action itself has (a mapping
    method, a dunder): such a default is answered by ``__getattr__`` instead."""
    return name.startswith("_") or (name not in STAMPS and hasattr(Action, name))
