"""Soulaween's moves, declared by their notation (docs/soulaween.md, "Moves and their
notation"): ``0:put b3 white``, ``1:reap a1-d4``, ``0:rotate``, ``0:keep``.
"""

from __future__ import annotations

from typing import Any, TypeAlias

import attrs

from aves_core.games.soulaween.board import (
    CELL_NAMES,
    FACES,
    PATTERN_BY_MASK,
    PATTERNS,
    cell_index,
    mask_of,
    parse_cells,
)
from aves_core.kernel.convert import FieldError, describe
from aves_core.kernel.errors import NotationError
from aves_core.kernel.notation import Codec, Token, move

__all__ = ["CELL", "CELLS", "FACE", "MOVES", "Keep", "Move", "Put", "Reap", "Rotate"]


class _Named(Token):
    """One of a few names, written as itself; a word of the field's shape that is none
    of them is refused with ``code`` (a ``NotationError`` when read, a ``FieldError``
    from JSON), saying why."""

    def __init__(self, pattern: str, name: str, names: tuple[str, ...], what: str,
                 code: str | None = None) -> None:
        super().__init__(pattern, name)
        self.names, self.what_is, self.code = frozenset(names), what, code

    def read(self, text: str) -> str:
        if text not in self.names:
            raise NotationError(f"{text[:20]!r} is not {self.what_is}", code=self.code)
        return text

    def from_json(self, data: Any) -> str:
        text = super().from_json(data)
        if text not in self.names:
            raise FieldError(f"{text[:20]!r} is not {self.what_is}", code=self.code or "schema")
        return text


CELL = _Named(r"[a-z][0-9]", "CELL", CELL_NAMES, "a cell: a column a-d and a row 1-4, such as b3",
              "unknown_cell")
"""A cell of the mat: ``b3``."""
FACE = _Named(r"[a-z]+", "FACE", FACES, "a face: black or white")
"""A piece's face: ``black`` or ``white``."""


class _Cells(Codec[tuple[str, ...]]):
    """A reap's four cells (in name order), written as their pattern's name, or joined
    by ``-`` when they form none. JSON: the list of the four cells."""

    name = "PATTERN"
    pattern = r"[a-z][0-9](?:-[a-z][0-9])+"
    what = "a tuple of cell names"

    def write(self, value: tuple[str, ...]) -> str:
        if all(cell in CELL.names for cell in value):
            pattern = PATTERN_BY_MASK.get(mask_of(map(CELL_NAMES.index, value)))
            if pattern is not None:
                return str(pattern)
        return "-".join(value)

    def read(self, text: str) -> tuple[str, ...]:
        cells = parse_cells(text)
        if self.write(cells) != text:
            raise NotationError(f"{text[:40]!r} is written {self.write(cells)}: a reap has "
                                "one text")
        return cells

    def admits(self, value: object) -> bool:
        return type(value) is tuple and all(type(cell) is str for cell in value)

    def to_json(self, value: tuple[str, ...]) -> Any:
        return list(value)

    def from_json(self, data: Any) -> tuple[str, ...]:
        # Each bad cell named by its path (a cell that is no cell: unknown_cell).
        if type(data) is not list:
            raise FieldError(f"expected a list, got {describe(data)}")
        if len(data) != 4:
            raise FieldError(f"a reap names four cells, not {len(data)}")
        for index, cell in enumerate(data):
            try:
                CELL.from_json(cell)
            except FieldError as error:
                raise FieldError(error.message, path=f"[{index}]", code=error.code) from None
            if cell in data[:index]:
                raise FieldError(f"a reap names four different cells, and {cell!r} is named "
                                 "twice", path=f"[{index}]")
        return tuple(sorted(data))


def _in_name_order(cells: Any) -> Any:
    """A reap's cells as a tuple in name order (a1 a2 ... d4, which is string order), so
    that a reap is the same value whatever order its cells are given in."""
    if isinstance(cells, list | tuple) and all(type(cell) is str for cell in cells):
        return tuple(sorted(cells))
    return cells


CELLS = _Cells()
"""A reap's pattern: ``a1-d4``, ``b2-c3``, ``a1-a2-a3-b3``."""


@move("{player}:put {cell} {face}", cell=CELL, face=FACE)
class Put:
    """``player`` puts a piece on the empty ``cell`` with ``face`` up."""

    player: int
    cell: str
    face: str


@move("{player}:reap {cells}", cells=CELLS)
class Reap:
    """``player`` reaps the pattern of ``cells`` (four cell names, kept in name order)."""

    player: int
    cells: tuple[str, ...] = attrs.field(converter=_in_name_order)

    @property
    def mask(self) -> int:
        """The cells as a mask."""
        return mask_of(cell_index(name) for name in self.cells)


@move("{player}:rotate")
class Rotate:
    """A Hei & Bai ``player`` turns to their other stance at the end of their turn."""

    player: int


@move("{player}:keep")
class Keep:
    """A Hei & Bai ``player`` keeps their stance at the end of their turn."""

    player: int


Move: TypeAlias = Put | Reap | Rotate | Keep
"""Any move."""

MOVES: tuple[tuple[Move, ...], ...] = tuple(
    (*(Put(seat, cell, face) for cell in CELL_NAMES for face in FACES),
     *(Reap(seat, pattern.cells) for pattern in PATTERNS), Rotate(seat), Keep(seat))
    for seat in (0, 1))
"""Every move of each seat: puts by cell index (black, then white), reaps by pattern,
rotate and keep (the game's ``all_moves``, the encoding's action indices)."""
