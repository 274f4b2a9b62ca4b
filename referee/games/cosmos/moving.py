"""What Shooting Star and Wormhole move, and whether the board holds it (Use, CT-1).

Where a piece goes is the player's to say (the board's geometry is not in the rulebook),
but WHAT moves is a count the referee keeps: a card is never paid for a move of a piece
the board does not hold (issue 20 item 13: a supernova nobody has, a nebula already
completed, stable life that was the card's own cost). The piece is kept in the action as
the player typed it (`supernova`, `He`, `nebula 3`, `proto 3`), so the log says it in
their words; it is read here, by the rules, when the card is used, and a refusal quotes
the card's own words from the rulebook's reference.

The reference says what each card moves (powercards.tsv, ``move:sky`` and ``move:life``);
a card whose move is only logged (Binary Star: the star it turned back) is not read here.
"""

from referee.core.errors import RuleError
from referee.games.cosmos.reading import Pattern
from referee.games.cosmos.state import STARS

# The cards' words (rulebook, Power Card Reference), quoted by their refusals.
WORDS = {"sky": "Move 1 star, supernova, or incomplete nebula in your galaxy anywhere",
         "life": "Move up to 3 proto life anywhere or move up to 3 stable life anywhere. If you have fewer "
                 "than 3 proto or stable life, you can still move the life you do have"}
MOST_LIFE = 3  # Wormhole moves up to 3

_STARS = {star.lower(): star for star in STARS}
_NOVA = ("supernova", "supernovae", "nova", "sn")
_NEBULA = Pattern(r"^(?:n|neb|nebula|nebulae)([123])?$")
_LIFE = {"proto": "proto", "p": "proto", "purple": "proto", "stable": "stable", "green": "stable"}
_IGNORED = ("a", "an", "the", "1", "one", "star", "stars", "life", "tile", "size", "of")


def check(board, name, card, what, piece):
    """Refuse (RuleError, rule Use) the move ``card`` makes of ``piece`` (the words typed)
    unless ``board`` (as it is once the card's cost is paid) holds that piece."""
    said = WORDS[what]
    if not piece or not str(piece).split():
        example = "He`, `supernova` or `nebula 3" if what == "sky" else "proto 3` or `stable 2"
        raise RuleError(f"{card} moves what? \"{said}\": e.g. `use {card} {example}`", rule="Use")
    words = str(piece).lower().replace(",", " ").split()
    if what == "sky":
        _check_sky(board, name, card, said, words, piece)
    else:
        _check_life(board, name, card, said, words, piece)


def _not_read(card, said, piece):
    return RuleError(f"{card}: \"{said}\", not {piece!r}", rule="Use")


def _check_sky(board, name, card, said, words, piece):
    """A star (`He`, `star`), a supernova (`supernova`, `He supernova`) or an incomplete
    nebula (`nebula 3`, `n3`, `nebula`): one of them, that the board holds."""
    star, nova, nebula, size = _sky_words(words, card, said, piece)
    if nebula:
        if star or nova:
            raise _not_read(card, said, piece)
        _check_nebula(board, name, card, said, size)
        return
    if not star and not nova and "star" not in words:
        raise _not_read(card, said, piece)
    counts = board.novae if nova else board.stars
    held = counts[STARS.index(star)] if star else sum(counts)
    if held < 1:
        kind = ("supernova" if nova else "star") if not star else (f"{star} supernova" if nova
                                                                   else f"regular {star} star")
        raise RuleError(f"{card}: \"{said}\": {name} has no {kind} on the board", rule="Use")


def _sky_words(words, card, said, piece):
    """(star type, supernova?, nebula?, nebula size) the words name; a word that names
    none of them is refused with the card's own words."""
    star, nova, nebula, size = None, False, False, None
    for at, word in enumerate(words):
        glued = _NEBULA.match(word)
        if word in _STARS:
            star = _STARS[word]
        elif word in _NOVA:
            nova = True
        elif glued:
            nebula, size = True, int(glued.group(1)) if glued.group(1) else size
        elif _nebula_size(words, at, nebula):
            size = int(word)
        elif word not in _IGNORED:
            raise _not_read(card, said, piece)
    return star, nova, nebula, size


def _nebula_size(words, at, nebula):
    """Whether ``words[at]`` is a nebula's size: 1 to 3 beside a nebula (`nebula 3`,
    `3 nebula`), or 2 or 3 after `size`."""
    word = words[at]
    if word in ("1", "2", "3") and (nebula or any(_NEBULA.match(w) for w in words[at + 1:])):
        return True
    return word in ("2", "3") and at > 0 and words[at - 1] == "size"


def _check_nebula(board, name, card, said, size):
    tiles = [n for n in board.nebulae if size is None or n.size == size]
    if not any(not n.complete for n in tiles):
        which = f"size {size} nebula" if size else "nebula"
        why = f"every {which} of {name}'s is complete" if tiles else f"{name} has no {which} on the board"
        raise RuleError(f"{card}: \"{said}\": {why}", rule="Use")


def _check_life(board, name, card, said, words, piece):
    """Up to 3 proto life or up to 3 stable life (`proto 3`, `2 stable`, `stable`): one
    kind, 1 to 3 of it, and at least one of that kind on the board; fewer than typed
    moves what there is, as the card says."""
    kinds, counts = set(), []
    for word in words:
        if word in _LIFE:
            kinds.add(_LIFE[word])
        elif word.isdecimal() and len(word) <= 3:
            counts.append(int(word))
        elif word not in ("a", "the", "of", "life"):
            raise _not_read(card, said, piece)
    if len(kinds) != 1 or len(counts) > 1:
        raise _not_read(card, said, piece)
    kind = kinds.pop()
    count = counts[0] if counts else 1
    if not 1 <= count <= MOST_LIFE:
        raise RuleError(f"{card}: \"{said}\", not {count}", rule="Use")
    held = board.proto if kind == "proto" else board.stable
    if held < 1:
        raise RuleError(f"{card}: \"{said}\": {name} has no {kind} life on the board"
                        + (" once its cost is paid" if kind == "stable" else ""), rule="Use")
