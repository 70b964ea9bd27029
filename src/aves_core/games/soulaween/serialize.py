"""Soulaween's values in the library's one cattrs converter.

Phases become their names, moves a tagged union on ``"type"``
(``{"type": "put", "player": 0, "cell": "b3", "face": "white"}``), events
likewise (``{"type": "pieces_reaped", ...}``). A cell that is no cell is the
code ``unknown_cell``, any other bad field ``schema``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cattrs.strategies import configure_tagged_union

from aves_core.games.soulaween.board import CELL_NAMES, FACES
from aves_core.games.soulaween.events import Event
from aves_core.games.soulaween.moves import Move
from aves_core.games.soulaween.phases import Phase
from aves_core.kernel.convert import FieldError, converter, describe, snake_case, structure

__all__ = ["check_pairs", "structure_move"]

_MOVE_TAGS = ("put", "reap", "rotate", "keep")


def _register() -> None:
    converter.register_structure_hook(Phase, lambda value, _type: Phase(value))
    converter.register_unstructure_hook(Phase, lambda phase: phase.value)
    configure_tagged_union(Move, converter, tag_generator=lambda cls: cls.__name__.lower(),
                           tag_name="type")
    configure_tagged_union(Event, converter, tag_generator=snake_case, tag_name="type")


_register()


def structure_move(data: Any) -> Move:
    """A move from its JSON object; ``FieldError`` (path relative to the move) if not."""
    if type(data) is not dict:
        raise FieldError(f"a move must be an object, got {describe(data)}")
    if "type" not in data:
        raise FieldError("the key 'type' is missing", path="type")
    tag = data["type"]
    if type(tag) is not str or tag not in _MOVE_TAGS:
        raise FieldError(f"unknown move type {describe(tag)} (put, reap, rotate or keep)",
                         path="type")
    _check_cells(tag, data)
    move: Move = structure(data, Move)  # type: ignore[arg-type]
    return move


def _check_cells(tag: str, data: dict[str, Any]) -> None:
    """A string that is no cell is ``unknown_cell`` and one that is no face ``schema``,
    each named by its path (the move's own checks would not say which field); a reap
    names four different cells. Fields of the wrong type are left to the converter."""
    if tag == "put":
        face, cell = data.get("face"), data.get("cell")
        if type(cell) is str and cell not in CELL_NAMES:
            raise FieldError(f"{cell[:20]!r} is not a cell: a column a-d and a row 1-4, "
                             "such as b3", path="cell", code="unknown_cell")
        if type(face) is str and face not in FACES:
            raise FieldError(f"expected black or white, got {describe(face)}", path="face")
    cells = data.get("cells")
    if tag != "reap" or type(cells) is not list:
        return
    if len(cells) != 4:
        raise FieldError(f"a reap names four cells, not {len(cells)}", path="cells")
    for index, cell in enumerate(cells):
        if type(cell) is not str:
            return  # the converter names it
        if cell not in CELL_NAMES:
            raise FieldError(f"{cell[:20]!r} is not a cell: a column a-d and a row 1-4, "
                             "such as b3", path=f"cells[{index}]", code="unknown_cell")
        if cell in cells[:index]:
            raise FieldError(f"a reap names four different cells, and {cell!r} is named "
                             "twice", path=f"cells[{index}]")


def check_pairs(data: dict[str, Any], pairs: Mapping[str, tuple[str, ...] | None]) -> None:
    """Each key of ``pairs`` in ``data``, when given, is a list of two values, one a
    seat, each a string (one of its choices, when they are given) or null; a
    ``FieldError`` names the first that is not (the converter would read a string
    of two letters as two values)."""
    for key, choices in pairs.items():
        value = data.get(key)
        if value is None:
            continue
        # A tuple is what the converter unstructures to; JSON gives a list.
        if type(value) not in (list, tuple):
            raise FieldError(f"expected a list of two values, one a seat, got "
                             f"{describe(value)}", path=key)
        if len(value) != 2:
            raise FieldError(f"expected two values, one a seat, got {len(value)}", path=key)
        for seat, item in enumerate(value):
            if item is None:
                continue
            if type(item) is not str:
                raise FieldError(f"expected a string or null, got {describe(item)}",
                                 path=f"{key}[{seat}]")
            if choices is not None and item not in choices:
                names = ", ".join(repr(choice) for choice in choices)
                raise FieldError(f"expected one of {names} or null, got {describe(item)}",
                                 path=f"{key}[{seat}]")
