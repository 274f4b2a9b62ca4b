"""An action as the rules read it: a frozen record of one move's fields (pokerkit's
operation records), still the very mapping the journal holds. Apart from core.moves so
that what checks an action's kind (core.worked) needs no move declarations loaded."""

from collections.abc import Mapping
from types import SimpleNamespace

# Fields the core adds to every action as it is journalled (Session.stamp): never part
# of a move's declaration, never refused as unknown.
STAMPS = ("do", "at", "by", "resumed")

_FIELDS_AS_KEYWORDS = SimpleNamespace.__init__


class Action(SimpleNamespace, Mapping):
    """One action as the rules read it (pokerkit's operation records): frozen, its fields
    as attributes (``action.word``), an optional field that is absent read as its declared
    default (``optional={"verdict": "word"}``), so a default is written once, in the
    move's declaration, not as ``action.get("verdict") or "word"`` in its check and again
    in its effect. It is still the mapping the journal holds (same keys, ``action["word"]``,
    ``dict(action)``, equal to that dict), so every old save replays unchanged.

    The fields are the instance's own ``__dict__``, so reading one is an ordinary
    attribute lookup (a replay reads thousands). It is a SimpleNamespace so that a
    move's kind, whose ``__init__`` is SimpleNamespace's own, is made in C from the
    journal's dict (``kind(**fields)``, Move.read): a replay makes one per event, and
    that costs less than half of an ``object.__new__`` and a ``__dict__`` set. An absent field is a class attribute of
    the move's own kind of Action (:func:`kind`, made once per move), its default, so it
    is read as fast; the stamps a move does not declare read as None the same way. Only
    a name that is no field at all reaches ``__getattr__``, which refuses it.
    (``action.get`` and the other mapping methods keep their names: a default that
    would hide one is read through ``__getattr__`` only, as before.)"""

    __slots__ = ()
    _defaults = {}  # a move's kind (Action.kind) says its optional fields' defaults
    do = at = by = resumed = None  # the STAMPS, when an action was never stamped

    def __init__(self, fields, defaults=None):
        if defaults:
            object.__setattr__(self, "__class__", Action.kind(defaults))
        self.__dict__.update(fields)

    @staticmethod
    def kind(defaults):
        """The kind of Action whose absent fields read as ``defaults`` (made once for the
        same defaults)."""
        key = repr(sorted(defaults.items(), key=repr))
        made = _KINDS.get(key)
        if made is None:
            absent = {name: value for name, value in defaults.items() if not _hides(name)}
            made = _KINDS[key] = type("Action", (Action,), {"_defaults": dict(defaults), "__slots__": (),
                                                            "__init__": _FIELDS_AS_KEYWORDS, **absent})
        return made

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

    def __ne__(self, other):  # SimpleNamespace's own would answer for two namespaces only
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __reduce__(self):  # copy and pickle: SimpleNamespace's would call Action() without its fields
        return Action, (dict(self.__dict__), type(self)._defaults)

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
