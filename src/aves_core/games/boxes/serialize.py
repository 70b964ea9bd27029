"""Boxes' values in the library's one cattrs converter, and the checks of JSON input.

Phases become their names, moves a tagged union on ``"type"``
(``{"type": "seal", "player": 2, "notes": [500, 100]}``, ``{"type": "examine",
"player": 1, "slot": "c3"}``), events likewise (``{"type": "committed", "seat": 1,
"notes": null}``). A setup is ``{"open_pile": ["Y50", ...36], "closed_pile": ["N0",
...24], "first": 2}`` and options ``{}`` (Boxes has none); a field of the wrong
shape is a ``FieldError`` naming its path (code ``schema``). The values of a setup
are ``start``'s to judge (``bad_pile``, ``bad_first``, with the bad field's path).
"""

from __future__ import annotations

from typing import Any

from cattrs.strategies import configure_tagged_union

from aves_core.games.boxes.events import Event
from aves_core.games.boxes.moves import Move
from aves_core.games.boxes.phases import Phase
from aves_core.games.boxes.state import BoxesOptions, BoxesSetup
from aves_core.kernel.convert import FieldError, converter, describe, snake_case, structure

__all__ = ["MOVE_TAGS", "structure_move", "structure_options", "structure_setup"]

MOVE_TAGS = ("auction", "examine", "stop", "seal", "bid", "pass", "pay")
"""The ``"type"`` of each kind of move."""


def _register() -> None:
    converter.register_structure_hook(Phase, lambda value, _type: Phase(value))
    converter.register_unstructure_hook(Phase, lambda phase: phase.value)
    configure_tagged_union(Move, converter, tag_generator=lambda cls: cls.__name__.lower(),
                           tag_name="type")
    configure_tagged_union(Event, converter, tag_generator=snake_case, tag_name="type")


_register()


def _object(data: Any, what: str) -> dict[str, Any]:
    if type(data) is not dict:
        raise FieldError(f"{what} must be an object, got {describe(data)}")
    return data


def structure_move(data: Any) -> Move:
    """A move from its JSON object; ``FieldError`` (path relative to the move) if not."""
    _object(data, "a move")
    if "type" not in data:
        raise FieldError("the key 'type' is missing", path="type")
    tag = data["type"]
    if type(tag) is not str or tag not in MOVE_TAGS:
        raise FieldError(f"unknown move type {describe(tag)} ({', '.join(MOVE_TAGS)})",
                         path="type")
    move: Move = structure(data, Move)  # type: ignore[arg-type]
    return move


def structure_options(data: Any) -> BoxesOptions:
    """Options from their JSON object: ``{}`` (any key is an unknown key)."""
    return structure(_object(data, "the options"), BoxesOptions)


def structure_setup(data: Any) -> BoxesSetup:
    """A setup from its JSON object, checked for shape only."""
    return structure(_object(data, "the setup"), BoxesSetup)
