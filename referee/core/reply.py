"""What the table is told after a line, as data (DESIGN 4).

A move's reply says what happened, not how a terminal shows it: the lines everyone may
read, the part only one seat may read and whose it is, the rule it rests on, whether it
is an accepted move's (``tone``) and the pictures it refers to. The shell renders it
once (fitted to the terminal by the game's own breaking, the private part wiped after
its owner read it); a script prints the same lines plainly; ``--json`` and another kind
of screen take :meth:`Reply.as_dict`, its public fields as they are. Handlers of
questions may still return plain text, which is a reply with public lines only.
"""

from dataclasses import dataclass

TONES = (None, "ok")  # "ok": an accepted move, shown after a tick


@dataclass(frozen=True)
class Reply:
    """What one line told the table: public lines, a part for one seat, the rule, and how a screen may show it."""

    public: tuple = ()  # lines everyone at the table may read, in order
    private: str = None  # text for ``owner``'s eyes only (a hand, a value drawn)
    owner: str = None  # the seat ``private`` belongs to
    rule: str = None  # the rule the reply rests on, when it names one
    long: bool = False  # may run longer than the screen: the pager's, in a terminal
    tone: str = None  # "ok": the reply to an accepted move
    pictures: tuple = ()  # the public pictures it refers to ("board", "scores"), for a screen that draws them

    def __post_init__(self):
        if isinstance(self.public, str):
            object.__setattr__(self, "public", (self.public,) if self.public else ())
        object.__setattr__(self, "public", tuple(line for line in self.public if line is not None))
        if self.private is not None and not self.owner:
            raise ValueError("a private reply names its owner")
        if self.tone not in TONES:
            raise ValueError(f"a reply's tone is one of {TONES}, not {self.tone!r}")
        if isinstance(self.pictures, str):
            object.__setattr__(self, "pictures", (self.pictures,))

    @classmethod
    def ok(cls, *lines, **fields):
        """The reply to an accepted move: its lines, the first after a tick."""
        return cls(public=lines, tone="ok", **fields)

    def text(self):
        """The public lines as one text, the tick before an accepted move's first."""
        from referee.core import render

        text = "\n".join(self.public)
        if self.tone == "ok" and text:
            text = render.ok(text)
        return text

    def parts(self, fit=None):
        """The reply as the shell's texts: its public text (render.Long when ``long``),
        then its private part as a render.Private for the owner alone. ``fit(text)``
        breaks each (the game's breaking at the screen's width); None: as they are."""
        from referee.core import render

        fit = fit or (lambda text: text)
        parts = []
        text = self.text()
        if text:
            text = fit(text)
            parts.append(render.Long(text) if self.long else text)
        if self.private:
            parts.append(render.Private(fit(self.private), self.owner))
        return parts

    def as_dict(self):
        """The public reply as JSON takes it (``--json``, a screen that is not a
        terminal): plain lines without a terminal's styles; of the private part only
        whose it is, never its text (DESIGN 5)."""
        import click

        told = {"public": [click.unstyle(line) for line in self.public]}
        if self.tone:
            told["tone"] = self.tone
        if self.rule:
            told["rule"] = self.rule
        if self.pictures:
            told["pictures"] = list(self.pictures)
        if self.private:
            told["private_for"] = self.owner
        return told
