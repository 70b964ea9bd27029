"""The hand evaluator (docs/tsukuru.md, "Tiles, sets and the evaluator"): every
arrangement of 8 tiles (concealed and open) that totals 10 (TK10, [D5]), each once
(``finishes``), what one scores bonus by bonus (``score``, TK12-TK14), and ``reaches``,
the quick test of whether a hand reaches a total at all, asked first since most hands
do not finish.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections import Counter
from collections.abc import Iterator

import attrs

from aves_core.games.tsukuru.tiles import (
    BLUE,
    COLOURS,
    COPIES,
    INDEX,
    KINDS,
    PURPLE,
    RED,
    Counts,
    colour_of,
    tiles_of,
    value_of,
)

__all__ = ["BONUS_NAMES", "SHAPES", "TARGET", "Arrangement", "Score", "TileSet", "arrangement_of",
           "finishes", "free_tiles", "hand_colours", "open_value", "reaches", "score",
           "set_colours", "set_value", "totals"]

TARGET = 10
"""The total a finish must reach (TK10)."""


def set_colours(tiles: tuple[str, ...]) -> tuple[str, ...]:
    """The colours three tiles may take as a set (TK6): one colour when a red or blue
    tile fixes it, both when all three are purple, none when they are no set."""
    if len(tiles) != 3 or any(code not in INDEX for code in tiles):
        return ()
    printed = {colour_of(code) for code in tiles} - {PURPLE}
    if len(printed) > 1:
        return ()
    values = sorted(value_of(code) for code in tiles)
    triple = values[0] == values[2]
    run = values[1] == values[0] + 1 and values[2] == values[1] + 1
    if not (triple or run):
        return ()
    return tuple(printed) if printed else COLOURS


def set_value(tiles: tuple[str, ...], colour: str) -> int:
    """A set's value (TK7): a triple 0, a blue run its lowest value, a red run its
    highest."""
    values = [value_of(code) for code in tiles]
    if min(values) == max(values):
        return 0
    return min(values) if colour == BLUE else max(values)


@attrs.frozen(order=False)
class TileSet:
    """Three tiles in canonical order that make a set, and the colour it has (TK6)."""

    tiles: tuple[str, str, str]
    colour: str

    @property
    def value(self) -> int:
        """Its value (TK7)."""
        try:
            return _SHAPE_VALUES[self.tiles, self.colour]
        except (KeyError, TypeError):  # no shape of the table (or tiles in a list)
            return set_value(self.tiles, self.colour)

    @property
    def all_purple(self) -> bool:
        """Whether its colour is named by its owner (three purple tiles)."""
        return all(colour_of(code) == PURPLE for code in self.tiles)

    def token(self) -> str:
        """Its notation: the tiles run together, and ``=R``/``=B`` for three purples
        (``B4B5P6``, ``P5P6P7=B``)."""
        text = "".join(self.tiles)
        return f"{text}={self.colour}" if self.all_purple else text

    def __str__(self) -> str:
        return self.token()


def _set_shapes() -> tuple[TileSet, ...]:
    """Every set the 61 tiles allow, in canonical order of their tiles (then colour)."""
    shapes: list[TileSet] = []
    for combo in itertools.combinations_with_replacement(range(len(KINDS)), 3):
        if any(combo.count(index) > COPIES[index] for index in set(combo)):
            continue
        tiles = tuple(KINDS[index] for index in combo)
        shapes.extend(TileSet((tiles[0], tiles[1], tiles[2]), colour)
                      for colour in sorted(set_colours(tiles), reverse=True))  # R, then B
    return tuple(shapes)


_SHAPE_VALUES: dict[tuple[tuple[str, ...], str], int] = {}
"""Each shape's value by its tiles and colour, filled below: an open set's value is read
on every legal-move listing (a set of another shape is computed)."""
SHAPES = _set_shapes()
"""Every set the 61 tiles allow, in canonical order of their tiles (then red, blue)."""
_NEEDS = tuple(tuple(sorted(Counter(INDEX[code] for code in shape.tiles).items()))
               for shape in SHAPES)
_MASKS = tuple(sum(1 << index for index, _count in need) for need in _NEEDS)
_REPEATS = tuple(tuple((index, count) for index, count in need if count > 1)
                 for need in _NEEDS)
"""Each shape's kinds as a bit mask, and the kinds it needs more than one of: the quick
test of whether a hand holds it."""
_VALUES = tuple(shape.value for shape in SHAPES)
_SHAPE_VALUES.update(((shape.tiles, shape.colour), value)
                     for shape, value in zip(SHAPES, _VALUES, strict=True))
_FACE = tuple(value_of(code) for code in KINDS)
_LOST = tuple(sum(value_of(code) for code in shape.tiles) - shape.value for shape in SHAPES)
"""What declaring each shape takes off the total of the tiles: their faces less its
value."""
_PURPLES = tuple(index for index, code in enumerate(KINDS) if code[0] == PURPLE)


@attrs.frozen
class Arrangement:
    """What a finisher declares: its concealed sets (in canonical order) and, under
    advanced scoring, the colour of each purple tile in no set (by value)."""

    sets: tuple[TileSet, ...] = ()
    colours: tuple[tuple[str, str], ...] = ()

    def tokens(self) -> tuple[str, ...]:
        """Its notation after the verb: the sets, then ``P8=R`` for each free purple."""
        return (*(shape.token() for shape in self.sets),
                *(f"{code}={colour}" for code, colour in self.colours))

    def __str__(self) -> str:
        return " ".join(self.tokens())


def arrangement_of(tokens: tuple[str, ...]) -> Arrangement:
    """The arrangement a finish's tokens declare (tokens the rules accepted: sets of three
    tiles, ``=R``/``=B`` after three purples, then ``P8=R`` for each free purple)."""
    sets, colours = [], []
    for token in tokens:
        tiles, _, colour = token.partition("=")
        if len(tiles) == 2:
            colours.append((tiles, colour))
            continue
        three = (tiles[0:2], tiles[2:4], tiles[4:6])
        if not colour:
            colour = next(code[0] for code in three if code[0] != PURPLE)
        sets.append(TileSet(three, colour))
    return Arrangement(tuple(sets), tuple(colours))


def _declared(counts: list[int], shapes: list[int], start: int) -> Iterator[tuple[int, ...]]:
    """Every list of set shapes (``shapes[start:]``, in their order, a shape again
    allowed) that the tiles of ``counts`` can make at once, the empty list first."""
    yield ()
    for position in range(start, len(shapes)):
        need = _NEEDS[shapes[position]]
        if all(counts[index] >= count for index, count in need):
            for index, count in need:
                counts[index] -= count
            for tail in _declared(counts, shapes, position):
                yield (shapes[position], *tail)
            for index, count in need:
                counts[index] += count


@functools.lru_cache(maxsize=1 << 15)
def _declarations(concealed: Counts) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Each way to declare sets of ``concealed``: the shapes, and the total of the sets
    and the free tiles."""
    counts = list(concealed)
    held = sum(1 << index for index, count in enumerate(counts) if count)
    fitting = [shape for shape, mask in enumerate(_MASKS) if not mask & ~held
               and all(counts[index] >= count for index, count in _REPEATS[shape])]
    whole = sum(face * count for face, count in zip(_FACE, counts, strict=True))
    lost = _LOST
    return tuple((shapes, whole - sum(lost[shape] for shape in shapes))
                 for shapes in _declared(counts, fitting, 0))


def totals(concealed: Counts, open_sets: tuple[TileSet, ...] = ()) -> tuple[int, ...]:
    """Every total the hand's arrangements reach, in increasing order: why a hand
    cannot finish, when 10 is not among them. Every view shows its seat's: they are
    read off the hand's parts, as ``reaches`` reads one total (a hand the parts do not
    answer for lists its arrangements)."""
    opened = open_value(open_sets)
    parts = _parts(concealed)
    if parts is None:
        return tuple(sorted({opened + total for _shapes, total in _declarations(concealed)}))
    (red_face, _, red_lost, red_sets), (blue_face, _, blue_lost, blue_sets) = parts
    lost = red_lost | blue_lost
    for red_takes, red_uses in red_sets:  # a red set and a blue set
        for blue_takes, blue_uses in blue_sets:
            if not red_uses & blue_uses:
                lost |= 1 << (red_takes + blue_takes)
    return _less(opened + red_face + blue_face, lost)


@functools.lru_cache(maxsize=1 << 14)
def _less(whole: int, lost: int) -> tuple[int, ...]:
    """``whole`` less each amount of the bit mask ``lost``, in increasing order (few
    masks recur: cached)."""
    return tuple(whole - taken for taken in range(lost.bit_length() - 1, -1, -1)
                 if lost >> taken & 1)


def open_value(open_sets: tuple[TileSet, ...]) -> int:
    """The values of the open sets together (TK7): 10 less this is what the concealed
    tiles must total for a finish."""
    total = 0
    for shape in open_sets:  # a loop: most hands have one open set or none
        total += shape.value
    return total


# --- the quick test (docs/tsukuru.md, "Tiles, sets and the evaluator") ----------------

_PURPLE_FIRST = _PURPLES[0]
_PRINTED = tuple(next((colour_of(code) for code in shape.tiles if colour_of(code) != PURPLE),
                      PURPLE) for shape in SHAPES)
_PURPLES_USED = tuple(sum(1 << (index - _PURPLE_FIRST) for index, _count in need
                          if index >= _PURPLE_FIRST) for need in _NEEDS)
_POSITIONS = ({index: index if index < 8 else index - 7
               for index in (*range(8), *_PURPLES)},
              {index: index - 8 for index in (*range(8, 15), *_PURPLES)})
"""Where each kind stands in a red part's key (the 8 red kinds, then the 4 purples) and
in a blue part's (the 7 blue kinds, then the 4 purples)."""
_PART_FACES = (tuple(_FACE[index] for index in _POSITIONS[0]),
               (*(_FACE[index] for index in range(8, 15)), 0, 0, 0, 0))
"""The face of each kind of a part's key (the blue part leaves its purples to the red
part)."""
_GUARD = int.from_bytes(b"\x80" * 12, "little")
"""A part's counts are packed a byte each: with the high bit of every byte set, taking
a set's tiles off leaves every high bit set exactly when the part holds the set."""
_SEVENS = int.from_bytes(b"\x7f" * 12, "little")
"""Added to packed counts (8 at most each), it sets the high bit of each kind held."""

_Shape = tuple[int, int, int, bool]


def _part_shapes(positions: dict[int, int], colour: str) -> tuple[_Shape, ...]:
    """The shapes a part may hold, each as (its tiles packed like the part's counts, what
    it takes off the total, the purple tiles it uses, whether it has ``colour``)."""
    return tuple((sum(count << 8 * positions[index] for index, count in need),
                  _LOST[shape], _PURPLES_USED[shape], _PRINTED[shape] == colour)
                 for shape, need in enumerate(_NEEDS)
                 if all(index in positions for index, _count in need))


_PART_SHAPES = (_part_shapes(_POSITIONS[0], RED), _part_shapes(_POSITIONS[1], BLUE))


@functools.cache
def _held_shapes(held: int, blue: int) -> tuple[_Shape, ...]:
    """The shapes of a red part (``blue`` 0) or a blue part (1) whose kinds are all
    among ``held`` (the high bits of its packed counts plus ``_SEVENS``): a part checks
    the counts of these few."""
    return tuple(shape for shape in _PART_SHAPES[blue]
                 if not (shape[0] + _SEVENS) & _GUARD & ~held)


_TOO_MANY = 1 << 20
"""The tile count of a part the tables do not answer for (over 8 tiles, two copies of
a purple, a count that is no tile count): ``reaches`` lists its arrangements instead."""

_Part = tuple[int, int, int, tuple[tuple[int, int], ...]]
"""A part of a hand: the faces of its tiles (the blue part's without its purples, which
the red part counts), its tile count the same way, the bit mask of what the
arrangements of its tiles alone take off their faces, and each set of its colour it
holds as (what it takes off, the purple tiles it uses as a bit mask)."""
_NO_PART: _Part = (0, _TOO_MANY, 0, ())
_RED_PARTS: dict[Counts, _Part] = {}
_BLUE_PARTS: dict[Counts, _Part] = {}
_PARTS_HELD = 1 << 16
"""The most parts a table keeps, past which it is emptied."""


def _part(key: Counts, blue: int) -> _Part:
    """The part of a hand ``key`` is: a red key (``blue`` 0) is the 8 red counts then
    the 4 purple counts; a blue key (``blue`` 1) the 7 blue counts then the 4 purple
    counts. At most 8 tiles hold at most two sets, so the pairs of sets are all."""
    try:
        counts = bytes(key)  # refuses a count that is no int from 0 to 255
    except (TypeError, ValueError):
        return _NO_PART
    tiles = sum(counts[:7] if blue else counts)
    if len(counts) != 12 - blue or tiles > 8 or max(counts[-4:]) > 1:
        return _NO_PART
    packed = int.from_bytes(counts, "little")
    guarded, guard = packed | _GUARD, _GUARD
    fitting = [shape for shape in _held_shapes((packed + _SEVENS) & guard, blue)
               if (guarded - shape[0]) & guard == guard]
    face = sum(map(operator.mul, _PART_FACES[blue], counts))
    if not fitting:
        return face, tiles, 1, ()  # declaring nothing takes nothing off
    reached = 1
    for first, (needs, lost, _uses, _own) in enumerate(fitting):
        reached |= 1 << lost
        rest = guarded - needs
        for other_needs, other, _other_uses, _other_own in fitting[first:]:
            if (rest - other_needs) & guard == guard:
                reached |= 1 << (lost + other)
    return face, tiles, reached, tuple([(lost, uses) for _needs, lost, uses, own in fitting
                                        if own])


def _parts(concealed: Counts) -> tuple[_Part, _Part] | None:
    """The red and the blue part of a hand, from their tables; None for a hand they do
    not answer for (no tuple, or over 8 tiles: three sets may fit)."""
    if type(concealed) is not tuple:
        return None
    reds, blues = _RED_PARTS, _BLUE_PARTS
    red_key = concealed[:8] + concealed[15:]  # the red kinds, then the purples
    red = reds.get(red_key)
    if red is None:
        if len(reds) >= _PARTS_HELD:
            reds.clear()
        red = reds[red_key] = _part(red_key, 0)
    blue_key = concealed[8:]  # the blue kinds, then the purples
    blue = blues.get(blue_key)
    if blue is None:
        if len(blues) >= _PARTS_HELD:
            blues.clear()
        blue = blues[blue_key] = _part(blue_key, 1)
    if red[1] + blue[1] > 8:  # three sets may fit, or the part is no hand's
        return None
    return red, blue


def reaches(concealed: Counts, total: int) -> bool:
    """Whether some way to declare sets of ``concealed`` totals ``total`` (``total in
    totals(concealed)``): the quick test before ``finishes`` lists the arrangements."""
    parts = _parts(concealed)
    if parts is None:  # no hand, or three sets may fit: list them
        return any(reached == total for _shapes, reached in _declarations(concealed))
    (red_face, _, red_lost, red_sets), (blue_face, _, blue_lost, blue_sets) = parts
    lost = red_face + blue_face - total
    if lost < 0:
        return False
    if (red_lost | blue_lost) >> lost & 1:
        return True
    for red_takes, red_uses in red_sets:  # a red set and a blue set (few: no generator)
        for blue_takes, blue_uses in blue_sets:
            if red_takes + blue_takes == lost and not red_uses & blue_uses:
                return True
    return False


@functools.lru_cache(maxsize=1 << 15)
def finishes(concealed: Counts, open_sets: tuple[TileSet, ...] = (),
             advanced: bool = False) -> tuple[Arrangement, ...]:
    """Every arrangement of the hand (``concealed`` tiles as counts, and its open sets)
    whose total is 10, each once: in the order of its sets, and under ``advanced``
    scoring once for each colouring of the purple tiles in no set (red before blue)."""
    need = TARGET - open_value(open_sets)
    if not reaches(concealed, need):
        return ()
    found = []
    for shapes, total in _declarations(concealed):
        if total != need:
            continue
        sets = tuple(SHAPES[shape] for shape in shapes)
        free = list(concealed)
        for shape in shapes:
            for index, count in _NEEDS[shape]:
                free[index] -= count
        purples = [KINDS[index] for index in _PURPLES if free[index]]
        if not advanced or not purples:
            found.append(Arrangement(sets))
            continue
        for colours in itertools.product((RED, BLUE), repeat=len(purples)):
            found.append(Arrangement(sets, tuple(zip(purples, colours, strict=True))))
    return tuple(found)


def free_tiles(concealed: Counts, arrangement: Arrangement) -> Counts | None:
    """The concealed tiles in none of the arrangement's sets (None: the sets need tiles
    the hand does not hold)."""
    free = list(concealed)
    for shape in arrangement.sets:
        for code in shape.tiles:
            free[INDEX[code]] -= 1
    return None if min(free, default=0) < 0 else tuple(free)


def hand_colours(concealed: Counts, open_sets: tuple[TileSet, ...],
                 arrangement: Arrangement) -> list[tuple[str, int]]:
    """Every tile of the finished hand as (final colour, value): a tile in a set has the
    set's colour, a free purple its declared colour (``P`` if none was declared)
    [D8]."""
    free = free_tiles(concealed, arrangement)
    if free is None:
        raise ValueError("the arrangement's sets are not in the hand")
    declared = dict(arrangement.colours)
    hand = [(shape.colour, value_of(code)) for shape in (*open_sets, *arrangement.sets)
            for code in shape.tiles]
    for code in tiles_of(free):
        printed = colour_of(code)
        hand.append((declared.get(code, PURPLE) if printed == PURPLE else printed,
                     value_of(code)))
    return hand


BONUS_NAMES = {
    "finish": "Finish", "dealer": "Dealer's finish", "closed": "Closed",
    "no_ones": "No Ones", "half_color": "Half Color", "seven": "Seven",
    "straight": "Straight", "two_blues": "Two Blues", "under_five": "Under Five",
    "single_color": "Single Color", "eight": "Eight", "heaven": "Heaven",
    "god_ten": "God Ten", "double_four": "Double Four", "multi": "Multi",
    "double_three": "Double Three", "single_four": "Single Four",
    "single_three": "Single Three",
}
"""Each part of a score as a player reads it."""


@attrs.frozen
class Score:
    """What a finish scores: the points and their parts, in the order of TK12-TK14, as
    (code, points) pairs (``BONUS_NAMES`` names them)."""

    points: int
    parts: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        return ", ".join(f"{BONUS_NAMES[code]} +{points}" for code, points in self.parts)


def _straight(hand: list[tuple[str, int]]) -> bool:
    for colour in COLOURS:
        values = {value for tile_colour, value in hand if tile_colour == colour}
        if any(all(start + step in values for step in range(5)) for start in range(5)):
            return True
    return False


def _family(hand: list[tuple[str, int]]) -> tuple[str, int] | None:
    """The one family bonus the hand scores, if any (TK14, [D9])."""
    groups = Counter(hand)
    fours = [key for key, count in groups.items() if count >= 4]
    threes = [key for key, count in groups.items() if count == 3]
    if len(fours) >= 2:
        return ("double_four", 10)
    if fours and threes:
        return ("multi", 5)
    if len(threes) >= 2:
        return ("double_three", 4 if threes[0][1] == threes[1][1] else 3)
    if fours:
        return ("single_four", 2)
    if threes:
        return ("single_three", 1)
    return None


def score(concealed: Counts, open_sets: tuple[TileSet, ...], arrangement: Arrangement, *,
          advanced: bool, dealer: bool = False, heaven: bool = False) -> Score:
    """What the arrangement scores (TK12): 1 under basic scoring; under advanced, 3 for
    the dealer or 2, and every bonus the hand shows (TK13, TK14). ``heaven``: the
    finish is a ``finish`` on the seat's first turn of the round."""
    if not advanced:
        return Score(1, (("finish", 1),))
    hand = hand_colours(concealed, open_sets, arrangement)
    values = [value for _colour, value in hand]
    blues = sum(colour == BLUE for colour, _value in hand)
    reds = sum(colour == RED for colour, _value in hand)
    held = {code for shape in open_sets for code in shape.tiles} | set(tiles_of(concealed))
    parts = [("dealer", 3) if dealer else ("finish", 2)]
    checks = (
        ("closed", 1, not open_sets),
        ("no_ones", 1, 1 not in values),
        ("half_color", 1, reds == 4 and blues == 4),
        ("seven", 1, 7 in values),
        ("straight", 1, _straight(hand)),
        ("two_blues", 1, blues == 2),
        ("under_five", 2, max(values) < 5),
        ("single_color", 3 if reds == len(hand) else 2, len(hand) in (reds, blues)),
        ("eight", 2, "P8" in held),
        ("heaven", 3, heaven),
        ("god_ten", 25, len(set(values)) == 1),
    )
    parts.extend((code, points) for code, points, holds in checks if holds)
    family = _family(hand)
    if family is not None:
        parts.append(family)
    return Score(sum(points for _code, points in parts), tuple(parts))
