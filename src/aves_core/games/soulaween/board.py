"""The Soulaween mat ([decision]: 4x4, cells ``a1`` … ``d4``, column letter then row
number): cells, faces, neighbours and the patterns that can be reaped.

A cell is an index 0 to 15 (``row * 4 + column``) and a set of cells a 16-bit mask, so
that a flip or a pattern test is one integer operation; every mask the rules need is
computed once here.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from aves_core.kernel.errors import ArgumentError, NotationError

__all__ = ["BLACK", "CELL_INDEX", "CELL_NAMES", "CHAIN", "DIAGONAL", "FACES", "FULL", "NAME_ORDER",
           "ORTHOGONAL", "PATTERNS", "PATTERN_BY_MASK", "SQUARE", "TILTED_L", "WHITE", "Pattern",
           "cell_index", "cells_of", "mask_of", "parse_cells", "parse_pattern"]

SIZE = 4
BLACK = "black"
"""A soul piece's black face."""
WHITE = "white"
"""A soul piece's white face."""
FACES = (BLACK, WHITE)
"""The two faces of a soul piece ([decision]: called black and white)."""

CHAIN = "chain"
"""A pattern of four in a line."""
SQUARE = "square"
"""A pattern of a 2x2 square."""
TILTED_L = "tilted_l"
"""A pattern of the L tetromino, in any of its 8 rotations and reflections ([decision])."""

FULL = (1 << SIZE * SIZE) - 1
"""The mask of every cell."""

CELL_NAMES = tuple(f"{'abcd'[index % SIZE]}{index // SIZE + 1}" for index in range(SIZE * SIZE))
"""Each cell's name by index: ``CELL_NAMES[0] == "a1"``, ``CELL_NAMES[15] == "d4"``."""
CELL_INDEX = {name: index for index, name in enumerate(CELL_NAMES)}
"""Each cell's index by name: ``CELL_INDEX["b3"] == 9``."""
NAME_ORDER = tuple(sorted(range(SIZE * SIZE), key=CELL_NAMES.__getitem__))
"""The cells in name order (a1 a2 a3 a4 b1 ...), the order puts are listed in."""


def cell_index(name: str) -> int:
    """The index of a cell named like ``b3`` (``NotationError`` for no cell)."""
    if not isinstance(name, str):
        raise ArgumentError(f"a cell is named by a str such as 'b3', not {type(name).__name__}")
    index = CELL_INDEX.get(name)
    if index is None:
        raise NotationError(f"{name[:20]!r} is not a cell: a column a-d and a row 1-4, "
                            "such as b3", code="unknown_cell")
    return index


def cells_of(mask: int) -> tuple[str, ...]:
    """The names of a mask's cells, in name order."""
    return tuple(CELL_NAMES[index] for index in NAME_ORDER if mask >> index & 1)


def mask_of(cells: Iterable[int]) -> int:
    """The mask of cell indexes."""
    return sum(1 << index for index in set(cells))


def _neighbours(steps: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """Each cell's neighbours one of ``steps`` (columns, rows) away, as masks."""
    return tuple(mask_of(index + dc + dr * SIZE for dc, dr in steps
                         if 0 <= index % SIZE + dc < SIZE and 0 <= index // SIZE + dr < SIZE)
                 for index in range(SIZE * SIZE))


ORTHOGONAL = _neighbours(((1, 0), (-1, 0), (0, 1), (0, -1)))
"""Each cell's orthogonal neighbours (what a put flips, but for Bai's)."""
DIAGONAL = _neighbours(((1, 1), (1, -1), (-1, 1), (-1, -1)))
"""Each cell's diagonal neighbours (what Bai's put flips)."""


@attrs.frozen(order=False)
class Pattern:
    """Four cells of one shape (a chain, a 2x2 square or a tilted L)."""

    kind: str
    mask: int
    cells: tuple[str, ...] = attrs.field(eq=False)
    """The cells' names, in name order."""

    def __str__(self) -> str:
        # A chain by its two ends, a square by two opposite corners, an L by its cells.
        if self.kind == TILTED_L:
            return "-".join(self.cells)
        return f"{self.cells[0]}-{self.cells[-1]}"


Shape = frozenset[tuple[int, int]]
"""Cells as (column, row) pairs."""


def _turned(shape: Shape) -> set[Shape]:
    """The shape's 8 rotations and reflections, each moved to the corner."""
    found = set()
    for _rotation in range(4):
        shape = frozenset((row, -column) for column, row in shape)  # a quarter turn
        for cells in (shape, frozenset((-column, row) for column, row in shape)):  # a mirror
            low_c, low_r = min(c for c, _ in cells), min(r for _, r in cells)
            found.add(frozenset((c - low_c, r - low_r) for c, r in cells))
    return found


def _placed(kind: str, shapes: Iterable[Shape]) -> list[Pattern]:
    """A pattern of ``kind`` for each of ``shapes`` at every place on the mat it fits."""
    patterns = []
    for shape in shapes:
        for dc in range(SIZE - max(c for c, _ in shape)):
            for dr in range(SIZE - max(r for _, r in shape)):
                mask = mask_of((r + dr) * SIZE + c + dc for c, r in shape)
                patterns.append(Pattern(kind, mask, cells_of(mask)))
    return patterns


PATTERNS = tuple(sorted(
    _placed(CHAIN, [*_turned(frozenset((0, row) for row in range(SIZE))),
                    frozenset((i, i) for i in range(SIZE)),
                    frozenset((i, SIZE - 1 - i) for i in range(SIZE))])
    + _placed(SQUARE, [frozenset({(0, 0), (1, 0), (0, 1), (1, 1)})])
    + _placed(TILTED_L, _turned(frozenset({(0, 0), (0, 1), (0, 2), (1, 2)}))),
    key=lambda pattern: (pattern.cells, pattern.kind)))
"""Every pattern of the mat, in the order of their cells' names (the order reaps are
listed in): 10 chains (rows, columns, diagonals), 9 squares and 48 tilted Ls."""
PATTERN_BY_MASK = {pattern.mask: pattern for pattern in PATTERNS}
"""The pattern of a set of four cells, if they form one (the shapes never share a mask)."""
_BY_ENDS = {(pattern.cells[0], pattern.cells[-1]): pattern for pattern in PATTERNS
            if pattern.kind != TILTED_L}
# A square's other pair of opposite corners names it too (b3-c2 is b2-c3). The two
# corners of a square are next to each other and a chain's ends three cells apart, so
# the names never clash.
_BY_ENDS.update({(pattern.cells[1], pattern.cells[2]): pattern for pattern in PATTERNS
                 if pattern.kind == SQUARE})


def parse_cells(text: str) -> tuple[str, ...]:
    """The four cells a reap names, in name order, read as a person may type them: a
    chain by its two ends (``a1-d4`` or ``d4-a1``), a square by two opposite corners
    (``b2-c3`` or ``b3-c2``), or four different cells in any order (``a1-a2-a3-b3``),
    which need not form a pattern: whether they do is for the rules to say
    (``not_reapable``). The notation's own reader takes only the text a reap writes."""
    if not isinstance(text, str):
        raise ArgumentError(f"a pattern is named by a str, not {type(text).__name__}")
    names = [name.strip() for name in text.split("-")]
    if len(names) in (2, 4):  # each a cell (unknown_cell), in name order, which is text order
        cells = tuple(sorted({CELL_NAMES[cell_index(name)] for name in names}))
        if len(cells) == len(names) == 4:
            return cells
        if len(cells) == len(names) == 2 and cells in _BY_ENDS:
            return _BY_ENDS[cells].cells
    raise NotationError(f"{text[:40]!r} is no pattern: name a chain by its ends (a1-d4), "
                        "a square by two opposite corners (b2-c3), or four different "
                        "cells (a1-a2-a3-b3)")


def parse_pattern(text: str) -> Pattern:
    """A pattern from its text, as ``parse_cells`` reads it; ``NotationError`` when the
    cells form no pattern."""
    cells = parse_cells(text)
    pattern = PATTERN_BY_MASK.get(mask_of(CELL_INDEX[name] for name in cells))
    if pattern is None:
        raise NotationError(f"{text[:40]!r} is no pattern: its four cells are no chain, "
                            "square or tilted L")
    return pattern
