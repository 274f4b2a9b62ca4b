"""What the table is told after a line, as data (DESIGN 4).

A move's reply says what happened, not how a terminal shows it: the lines everyone may
read, the part only one seat may read and whose it is, and the rule it rests on. The
shell renders it once (fitted to the terminal, the private part wiped after its owner
read it); a script prints the same lines plainly; another kind of screen can take the
fields as they are. Handlers of questions may still return plain text, which is a reply
with public lines only.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Reply:
    public: tuple = ()  # lines everyone at the table may read, in order
    private: str = None  # text for ``owner``'s eyes only (a hand, a value drawn)
    owner: str = None  # the seat ``private`` belongs to
    rule: str = None  # the rule the reply rests on, when it names one
    long: bool = False  # may run longer than the screen: the pager's, in a terminal

    def __post_init__(self):
        if isinstance(self.public, str):
            object.__setattr__(self, "public", (self.public,) if self.public else ())
        if self.private is not None and not self.owner:
            raise ValueError("a private reply names its owner")

    def parts(self):
        """The reply as the shell's texts: its public text (render.Long when ``long``),
        then its private part as a render.Private for the owner alone."""
        from referee.core import render

        parts = []
        text = "\n".join(line for line in self.public if line is not None)
        if text:
            parts.append(render.Long(text) if self.long else text)
        if self.private:
            parts.append(render.Private(self.private, self.owner))
        return parts
