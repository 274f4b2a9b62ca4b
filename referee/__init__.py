"""referee: a scribe and arbiter that sits beside a physical tabletop game."""

__version__ = "0.2.0"
