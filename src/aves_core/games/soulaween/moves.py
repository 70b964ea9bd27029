"""Soulaween's moves: Put, Reap, Rotate and Keep, as frozen values with a notation.

The notation is ``SEAT:put CELL FACE``, ``SEAT:reap PATTERN``, ``SEAT:rotate``
and ``SEAT:keep``, for example ``0:put b3 white`` and ``1:reap a1-d4``.
``str(move)`` writes it and ``parse_move`` reads it back. A pattern is named by
its two ends (a chain), two opposite corners (a square) or its four cells (a
tilted L, and any four cells on input).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TypeAlias

import attrs

from aves_core.games.soulaween.board import (
    CELL_NAMES,
    FACES,
    PATTERN_BY_MASK,
    cell_index,
    mask_of,
    parse_cells,
)
from aves_core.kernel.errors import ArgumentError, NotationError, require_int

__all__ = ["Keep", "Move", "Put", "Reap", "Rotate", "parse_move"]


def _int_field(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    require_int(value, f"a move's {attribute.name}")


def _cell_field(_instance: object, _attribute: object, value: str) -> None:
    cell_index(value)


def _face_field(_instance: object, _attribute: object, value: str) -> None:
    if value not in FACES:
        raise ArgumentError(f"a face is 'black' or 'white', not {value!r}")


def _sorted_cells(cells: Iterable[str]) -> tuple[str, ...]:
    if isinstance(cells, str) or not isinstance(cells, Iterable):
        raise ArgumentError(f"a reap's cells are a sequence of cell names, not {cells!r}")
    names = tuple(cells)
    for name in names:
        cell_index(name)
    return tuple(sorted(set(names)))


def _four_cells(_instance: object, _attribute: object, value: tuple[str, ...]) -> None:
    if len(value) != 4:
        raise ArgumentError(f"a reap names four different cells, not {len(value)} "
                            f"({', '.join(value)})")


@attrs.frozen(repr=False, cache_hash=True)
class Put:
    """``player`` puts a piece on the empty ``cell`` with ``face`` up."""

    player: int = attrs.field(validator=_int_field)
    cell: str = attrs.field(validator=_cell_field)
    face: str = attrs.field(validator=_face_field)

    def __str__(self) -> str:
        return f"{self.player}:put {self.cell} {self.face}"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@attrs.frozen(repr=False, cache_hash=True)
class Reap:
    """``player`` reaps the pattern of ``cells`` (four cell names, kept sorted)."""

    player: int = attrs.field(validator=_int_field)
    cells: tuple[str, ...] = attrs.field(converter=_sorted_cells, validator=_four_cells)

    @property
    def mask(self) -> int:
        """The cells as a mask."""
        return mask_of(CELL_NAMES.index(name) for name in self.cells)

    def __str__(self) -> str:
        pattern = PATTERN_BY_MASK.get(self.mask)
        return f"{self.player}:reap {pattern if pattern else '-'.join(self.cells)}"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@attrs.frozen(repr=False, cache_hash=True)
class Rotate:
    """A Hei & Bai ``player`` turns to their other stance at the end of their turn."""

    player: int = attrs.field(validator=_int_field)

    def __str__(self) -> str:
        return f"{self.player}:rotate"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@attrs.frozen(repr=False, cache_hash=True)
class Keep:
    """A Hei & Bai ``player`` keeps their stance at the end of their turn."""

    player: int = attrs.field(validator=_int_field)

    def __str__(self) -> str:
        return f"{self.player}:keep"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


Move: TypeAlias = Put | Reap | Rotate | Keep
"""Any move."""

_NOTATION = re.compile(
    r"\s*(?P<player>-?\d{1,30})\s*:\s*(?:put\s+(?P<cell>\S+)\s+(?P<face>\S+)"
    r"|reap\s+(?P<pattern>\S+)|(?P<word>rotate|keep))\s*")


def parse_move(text: str) -> Move:
    """Read a move: ``0:put b3 white``, ``1:reap a1-d4``, ``0:rotate``, ``0:keep``."""
    if not isinstance(text, str):
        raise ArgumentError(f"a move's text must be a str, not {type(text).__name__}")
    found = _NOTATION.fullmatch(text)
    if found is None:
        raise NotationError(f"{text[:40]!r} is not a move: write SEAT:put CELL FACE, "
                            "SEAT:reap PATTERN, SEAT:rotate or SEAT:keep, for example "
                            "0:put b3 white")
    player = int(found["player"])
    if found["cell"] is not None:
        if found["face"] not in FACES:
            raise NotationError(f"{found['face'][:20]!r} is not a face: black or white")
        return Put(player, found["cell"], found["face"])
    if found["pattern"] is not None:
        return Reap(player, parse_cells(found["pattern"]))
    return Rotate(player) if found["word"] == "rotate" else Keep(player)
