"""Soulaween's values in the library's one cattrs converter.

Phases become their names, moves a tagged union on ``"type"``
(``{"type": "put", "player": 0, "cell": "b3", "face": "white"}``), events
likewise (``{"type": "pieces_reaped", ...}``). A cell that is no cell is the
code ``unknown_cell``, any other bad field ``schema``.
"""

from __future__ import annotations

from typing import Any

from cattrs.strategies import configure_tagged_union

from aves_core.games.soulaween.board import CELL_NAMES, FACES
from aves_core.games.soulaween.events import Event
from aves_core.games.soulaween.moves import Move
from aves_core.games.soulaween.phases import Phase
from aves_core.kernel.convert import FieldError, converter, describe, snake_case, structure

__all__ = ["structure_move"]

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
    _check_cells(data)
    move: Move = structure(data, Move)  # type: ignore[arg-type]
    return move


def _check_cells(data: dict[str, Any]) -> None:
    """A string that is no cell is ``unknown_cell`` and one that is no face ``schema``,
    each named by its path (the move's own checks would not say which field)."""
    face = data.get("face")
    if type(face) is str and face not in FACES:
        raise FieldError(f"expected black or white, got {describe(face)}", path="face")
    named = [("cell", data.get("cell"))]
    cells = data.get("cells")
    if type(cells) is list:
        named += [(f"cells[{index}]", cell) for index, cell in enumerate(cells)]
        if len(set(map(str, cells))) != 4 or len(cells) != 4:
            raise FieldError(f"a reap names four different cells, not {len(cells)}",
                             path="cells")
    for path, cell in named:
        if type(cell) is str and cell not in CELL_NAMES:
            raise FieldError(f"{cell[:20]!r} is not a cell: a column a-d and a row 1-4, "
                             "such as b3", path=path, code="unknown_cell")
