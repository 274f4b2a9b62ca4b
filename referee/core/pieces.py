"""The recurring parts of a board game state, each refusing with its own rule when a
move asks too much of it: finite supplies, and hands of known cards plus an unknown
count. How a state holding them changes (evolve, Chain, per-seat tuples) is core.states'.
"""

from dataclasses import dataclass, replace

from referee.core.errors import RuleError


@dataclass(frozen=True)
class Supply:
    """A finite supply (tokens, a pile): taking more than it holds is refused, citing
    the rule that makes it finite."""

    name: str
    count: int
    rule: str = None

    def take(self, amount=1):
        if amount < 0:
            raise RuleError(f"cannot take {amount} from the {self.name}", rule=self.rule)
        if amount > self.count:
            held = "is empty" if not self.count else f"holds only {self.count}"
            raise RuleError(f"the {self.name} {held}; {amount} cannot be taken", rule=self.rule)
        return replace(self, count=self.count - amount)

    def give(self, amount=1):
        return replace(self, count=self.count + amount)


@dataclass(frozen=True)
class Hand:
    """A hand the referee knows only in part: the cards it was told or dealt, and how
    many more the player holds unseen (table mode).

    ``told`` counts the cards named to the referee so far (`tell`), a public count: each
    tell says how many it names. It never moves with a payment. The split of the hand
    into known and unknown cards does (a payment takes a known card first), and by how
    much depends on which cards were told: so that split is the owner's alone, shown
    only by the owner's `hand` (G-2: no public text depends on hidden contents, counts
    included). Public text says ``len(hand)`` and ``told``, never ``unknown``."""

    known: tuple = ()
    unknown: int = 0
    told: int = 0

    def __len__(self):
        return len(self.known) + self.unknown

    def add(self, *cards, unknown=0):
        return Hand(self.known + tuple(cards), self.unknown + unknown, self.told)

    def holds(self, card):
        return card in self.known

    def remove(self, card, rule=None, owner="the player"):
        """The hand without ``card``: a known one, else one of the unknown (now named).
        Refused when neither can be it. The refusal names only the card asked for,
        which the speaker typed, never what else is held, and volunteers nothing
        private: the owner asks with `hand` (G-2: a hand appears only on an explicit
        per-player command)."""
        if card in self.known:
            known = list(self.known)
            known.remove(card)
            return Hand(tuple(known), self.unknown, self.told)
        if self.unknown:
            return Hand(self.known, self.unknown - 1, self.told)
        raise RuleError(f"{owner} holds no {card}{self._ask(owner)}", rule=rule)

    def pay(self, cards, rule=None, owner="the player"):
        """The hand without every card of ``cards`` (a cost: ``["light", "light"]``), all
        or nothing: each is a known card, else one of the unknown. The refusal says
        only the cost, which the speaker typed, and how many cards the hand holds (the
        table sees that); what the referee counts in it the owner asks for with `hand`."""
        known, unknown = list(self.known), self.unknown
        for card in cards:
            if card in known:
                known.remove(card)
            elif unknown:
                unknown -= 1
            else:
                cost = " ".join(str(c) for c in cards)
                raise RuleError(f"{owner}'s hand of {len(self)} cannot pay {cost}{self._ask(owner)}", rule=rule)
        return Hand(tuple(known), unknown, self.told)

    def tell(self, cards):
        """The hand after its owner named ``cards`` of it (typed unseen), and ``told``
        up by their number. Never refused for what the referee knows already: how many
        cards are still untold is secret (payments take told cards first), so whether a
        tell is taken may depend only on the hand's size, checked by the caller. Names
        that fit among the untold cards are added to them; a tell naming more than that
        re-names cards told before: the cards just named are the truth (G-1), and the
        ones told before are kept as far as the hand has room for them."""
        cards = tuple(cards)
        if len(cards) <= self.unknown:
            return Hand(self.known + cards, self.unknown - len(cards), self.told + len(cards))
        rest = list(self.known)
        for card in cards:
            if card in rest:
                rest.remove(card)
        room = max(0, len(self) - len(cards))
        known = tuple(rest[:room]) + cards
        return Hand(known, len(self) - len(known), self.told + len(cards))

    def pay_told(self, cards, rule=None, owner="the player"):
        """:meth:`pay` for a hand its owner named cards of (``told``, table mode): a cost
        typed on the line is the table's to read, and whether it is taken must not depend
        on which cards were told (issue 18: a light paid from a hand told `light light` was
        taken, from one told `time time` refused when no card was left untold). So it is
        refused only when the hand's size (public) cannot pay it; a card that is neither
        told nor untold is trusted (G-1), a told one not paid by the same cost (if it can)
        was told wrong and goes in its place. A hand nobody told cards of holds only cards
        the table saw come in (taken from the display) and unknown ones: :meth:`pay`."""
        cards = list(cards)
        if not self.told:
            return self.pay(cards, rule=rule, owner=owner)
        if len(cards) > len(self):
            cost = " ".join(str(c) for c in cards)
            raise RuleError(f"{owner}'s hand of {len(self)} cannot pay {cost}{self._ask(owner)}", rule=rule)
        known, unknown = list(self.known), self.unknown
        for at, card in enumerate(cards):
            if card in known:
                known.remove(card)
            elif unknown:
                unknown -= 1
            else:
                spare = list(known)
                for later in cards[at + 1:]:
                    if later in spare:
                        spare.remove(later)
                known.remove((spare or known)[0])
        return Hand(tuple(known), unknown, self.told)

    @staticmethod
    def _ask(owner):
        if owner == "the player":  # no seat named: nobody to point to
            return ""
        return f"; `hand {owner}` shows what the referee counts"
