"""The one cattrs converter that turns aves-core values into JSON-ready data and back.

Cards become their codes (``"R3"``), phases their names, moves a tagged union
on ``"type"`` (``{"type": "trade", "player": 0, "card": "R3", "gap": 2}``).
Structuring is strict, as the log format demands: an int is an int (not a
bool, a float or a string), a list is a list, and unknown keys are refused.
``structure`` turns cattrs' errors into a ``FieldError`` that names the path
of the first bad field (``moves[17].gap``) and the log-format code that fits.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Callable
from typing import Any, TypeVar

import cattrs
from cattrs.errors import (
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.strategies import configure_tagged_union

from aves_core.games.aves.cards import Card, card_for_code
from aves_core.kernel.errors import AvesError, BigInt
from aves_core.games.aves.events import Event
from aves_core.games.aves.moves import MAX_GAPS, PASSES, Move, return_row, trade_row
from aves_core.games.aves.phases import Phase
from aves_core.games.aves.state import Result, Variant

__all__ = [
    "FieldError",
    "converter",
    "event_from_json",
    "event_to_json",
    "structure",
    "structure_move",
    "unstructure",
    "unstructure_move",
]

T = TypeVar("T")


class FieldError(Exception):
    """A value that does not fit its type; ``path`` names the field, ``code`` the problem."""

    def __init__(self, message: str, *, path: str = "", code: str = "schema") -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.code = code


class _MismatchError(TypeError):
    """Raised by the strict hooks; the message says what was expected."""


def _describe(value: object) -> str:
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int | float):
        text = repr(value)
        return f"the number {text if len(text) <= 20 else text[:17] + '...'}"
    if isinstance(value, str):
        return f"the string {value[:20]!r}" + ("..." if len(value) > 20 else "")
    if value is None:
        return "null"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _strict(kind: type, name: str) -> Callable[[Any, Any], Any]:
    def hook(value: Any, _type: Any) -> Any:
        if type(value) is not kind and not (kind is int and _is_big_int(value)):
            raise _MismatchError(f"expected {name}, got {_describe(value)}")
        return value

    return hook


def _is_big_int(value: object) -> bool:
    return type(value) is BigInt


def _structure_card(value: Any, _type: Any) -> Card:
    if type(value) is not str:
        raise _MismatchError(f"expected a card code such as \"R3\", got {_describe(value)}")
    return Card.parse(value)


def _is_homogeneous_tuple(type_: Any) -> bool:
    args = typing.get_args(type_)
    return typing.get_origin(type_) is tuple and len(args) == 2 and args[1] is Ellipsis


def _tuple_hook_factory(type_: Any) -> Callable[[Any, Any], tuple[Any, ...]]:
    element_type = typing.get_args(type_)[0]

    def hook(value: Any, _type: Any) -> tuple[Any, ...]:
        if type(value) is not list:
            raise _MismatchError(f"expected a list, got {_describe(value)}")
        element_hook = converter.get_structure_hook(element_type)
        items = []
        for index, element in enumerate(value):
            try:
                items.append(element_hook(element, element_type))
            except Exception as error:
                note = IterableValidationNote(f"index {index}", index, element_type)
                error.__notes__ = [*getattr(error, "__notes__", []), note]
                raise IterableValidationError(f"in {type_}", [error], type_) from None
        return tuple(items)

    return hook


def _structure_variant(value: Any, _type: Any) -> Variant:
    if type(value) is not dict:
        raise _MismatchError(f"expected an object, got {_describe(value)}")
    for key in ("crows", "showdown"):
        if key not in value:
            raise FieldError(f"the key {key!r} is missing", path=key)
        if type(value[key]) is not bool:
            raise FieldError(f"expected a boolean, got {_describe(value[key])}", path=key)
    extra = sorted(set(value) - {"crows", "showdown"})
    if extra:
        raise FieldError(f"unknown key {extra[0]!r}", path=extra[0])
    return Variant(crows=value["crows"], showdown=value["showdown"])


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    conv.register_structure_hook(int, _strict(int, "an integer"))
    conv.register_structure_hook(bool, _strict(bool, "a boolean"))
    conv.register_structure_hook(str, _strict(str, "a string"))
    conv.register_structure_hook(Card, _structure_card)
    conv.register_unstructure_hook(Card, str)
    conv.register_structure_hook(Phase, lambda value, _t: Phase(value))
    conv.register_unstructure_hook(Phase, lambda phase: phase.value)
    conv.register_structure_hook(Variant, _structure_variant)
    conv.register_structure_hook_factory(_is_homogeneous_tuple, _tuple_hook_factory)
    conv.register_unstructure_hook(Result, lambda r: {"winners": list(r.winners),
                                                      "reason": r.reason})
    configure_tagged_union(Move, conv, tag_generator=lambda cls: cls.__name__.lower(),
                           tag_name="type")
    configure_tagged_union(Event, conv, tag_generator=_snake_case, tag_name="type")
    return conv


def _snake_case(cls: type) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


converter = _make_converter()
"""The library's cattrs converter (JSON-ready dicts, lists, strings and numbers)."""

_MOVE_TAGS = frozenset({"trade", "return", "pass"})


def unstructure(value: Any) -> Any:
    """A value as plain JSON-ready data."""
    return converter.unstructure(value)


def unstructure_move(move: Move) -> dict[str, Any]:
    """A move as its JSON object, ``"type"`` first."""
    data: dict[str, Any] = converter.unstructure(move, unstructure_as=Move)
    return {"type": data.pop("type"), **data}


def event_to_json(event: Event) -> dict[str, Any]:
    """An event as its JSON object, ``"type"`` first (``"card_drawn"``, ...)."""
    data: dict[str, Any] = converter.unstructure(event, unstructure_as=Event)
    return {"type": data.pop("type"), **data}


def event_from_json(data: Any) -> Event:
    """An event from its JSON object (FieldError if it is not one)."""
    return structure(data, Event)  # type: ignore[arg-type]


def structure_move(data: Any) -> Move:
    """A move from its JSON object; raise FieldError (path relative to the move)."""
    fast = _shared_move(data)
    if fast is not None:
        return fast
    if type(data) is not dict:
        raise FieldError(f"a move must be an object, got {_describe(data)}")
    if "type" not in data:
        raise FieldError("the key 'type' is missing", path="type")
    tag = data["type"]
    if type(tag) is not str or tag not in _MOVE_TAGS:
        raise FieldError(f"unknown move type {_describe(tag)} (trade, return or pass)",
                         path="type")
    return structure(data, Move)  # type: ignore[arg-type]


def _shared_move(data: Any) -> Move | None:
    """The shared move for a well-formed move object, else None.

    Replaying spends most of its parsing here, so a move whose every field is
    of the right type and in range skips the converter and comes from the
    engine's table of shared moves; anything else goes through cattrs, which
    also says what is wrong. The tests check both paths agree.
    """
    if type(data) is not dict:
        return None
    player = data.get("player")
    if type(player) is not int or not 0 <= player < 6:
        return None
    kind = data.get("type")
    if kind == "pass":
        return PASSES[player] if len(data) == 2 else None
    code = data.get("card")
    gap = data.get("gap")
    if len(data) != 4 or type(gap) is not int or not 0 <= gap < MAX_GAPS or type(code) is not str:
        return None
    card = card_for_code(code)
    if card is None:
        return None
    if kind == "trade":
        return trade_row(player, card)[gap]
    if kind == "return":
        return return_row(player, card)[gap]
    return None


def structure(data: Any, type_: type[T]) -> T:
    """Structure ``data`` as ``type_``; any problem becomes one FieldError."""
    try:
        return converter.structure(data, type_)
    except Exception as error:  # cattrs raises groups, our hooks plain errors
        raise _first_problem(error, []) from None


def _first_problem(error: BaseException, path: list[str]) -> FieldError:
    """The first leaf of a cattrs error tree, with its path, as a FieldError."""
    if isinstance(error, ClassValidationError | IterableValidationError):
        with_notes, without = error.group_exceptions()
        if with_notes:
            inner, note = with_notes[0]
            step = f"[{note.index}]" if isinstance(note, IterableValidationNote) else note.name
            return _first_problem(inner, [*path, step])
        return _first_problem(without[0], path)
    if isinstance(error, FieldError):
        return FieldError(error.message, path=_join([*path, error.path]), code=error.code)
    where = _join(path)
    if isinstance(error, ForbiddenExtraKeysError):
        key = sorted(error.extra_fields)[0]
        return FieldError(f"unknown key {key!r}", path=_join([*path, key]))
    if isinstance(error, KeyError):
        key = str(error.args[0])
        # cattrs notes the missing field's name already; add it only when it did not.
        steps = path if path and path[-1] == key else [*path, key]
        return FieldError(f"the key {key!r} is missing", path=_join(steps))
    if isinstance(error, AvesError):
        return FieldError(error.message, path=where, code=error.code)
    if isinstance(error, _MismatchError):
        return FieldError(str(error), path=where)
    return FieldError(f"not a valid value ({error})", path=where)


def _join(steps: list[str]) -> str:
    text = ""
    for step in steps:
        if not step:
            continue
        text += step if step.startswith("[") or not text else "." + step
    return text
