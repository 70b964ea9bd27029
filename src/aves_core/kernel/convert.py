"""The one cattrs converter through which every game's values become JSON and back.

Structuring is strict, as the log formats demand: an int is an int (not a
bool, a float or a string), a list is a list, and unknown keys are refused.
``structure`` turns cattrs' errors into a ``FieldError`` that names the path of
the first bad field (``moves[17].gap``) and the code that fits. Each game
registers its own hooks on ``converter`` when it is imported (its cards, its
moves and events as tagged unions on ``"type"``).
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

from aves_core.kernel.errors import AvesError, BigInt

__all__ = [
    "FieldError",
    "MismatchError",
    "converter",
    "describe",
    "json_object",
    "snake_case",
    "structure",
    "type_first",
]

T = TypeVar("T")


class FieldError(Exception):
    """A value that does not fit its type; ``path`` names the field, ``code`` the problem."""

    def __init__(self, message: str, *, path: str = "", code: str = "schema") -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.code = code


class MismatchError(TypeError):
    """Raised by the strict hooks; the message says what was expected."""


def json_object(data: Any, what: str) -> dict[str, Any]:
    """``data`` if it is a JSON object, else a ``FieldError`` saying ``what`` it should be
    and what it is (``the setup must be an object, got a list``)."""
    if type(data) is not dict:
        raise FieldError(f"{what} must be an object, got {describe(data)}")
    return data


def describe(value: object) -> str:
    """A value in words for an error message: its type and, when short, itself."""
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
            raise MismatchError(f"expected {name}, got {describe(value)}")
        return value

    return hook


def _is_big_int(value: object) -> bool:
    return type(value) is BigInt


def _is_homogeneous_tuple(type_: Any) -> bool:
    args = typing.get_args(type_)
    return typing.get_origin(type_) is tuple and len(args) == 2 and args[1] is Ellipsis


def _tuple_hook_factory(type_: Any) -> Callable[[Any, Any], tuple[Any, ...]]:
    element_type = typing.get_args(type_)[0]

    def hook(value: Any, _type: Any) -> tuple[Any, ...]:
        if type(value) is not list:
            raise MismatchError(f"expected a list, got {describe(value)}")
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


def _is_literal(type_: Any) -> bool:
    return typing.get_origin(type_) is typing.Literal


def _literal_hook_factory(type_: Any) -> Callable[[Any, Any], Any]:
    choices = typing.get_args(type_)

    def hook(value: Any, _type: Any) -> Any:
        # By type and value: True == 1, but a log's 1 is not its true.
        if not any(type(value) is type(choice) and value == choice for choice in choices):
            names = ", ".join(repr(choice) for choice in choices)
            raise MismatchError(f"expected one of {names}, got {describe(value)}")
        return value

    return hook


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    conv.register_structure_hook_factory(_is_literal, _literal_hook_factory)
    conv.register_structure_hook(int, _strict(int, "an integer"))
    conv.register_structure_hook(bool, _strict(bool, "a boolean"))
    conv.register_structure_hook(str, _strict(str, "a string"))
    conv.register_structure_hook_factory(_is_homogeneous_tuple, _tuple_hook_factory)
    return conv


def snake_case(cls: type) -> str:
    """A class name in snake case, the tag of its JSON objects (``CardDrawn``: ``card_drawn``)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


converter = _make_converter()
"""The library's cattrs converter (JSON-ready dicts, lists, strings and numbers)."""


def type_first(data: dict[str, Any]) -> dict[str, Any]:
    """A tagged object with its ``"type"`` key first, as the formats write it."""
    return {"type": data.pop("type"), **data}


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
        # A value a constructor refuses is, in data being read, a value of the wrong shape.
        code = "schema" if error.code == "bad_argument" else error.code
        # A SetupError may name its field (an option's validator does): keep it, or
        # {"scoring": "x"} would be reported at no path at all.
        named = getattr(error, "path", None)
        steps = [*path, named] if named and not (path and path[-1] == named) else path
        return FieldError(error.message, path=_join(steps), code=code)
    if isinstance(error, MismatchError):
        return FieldError(str(error), path=where)
    return FieldError(f"not a valid value ({error})", path=where)


def _join(steps: list[str]) -> str:
    text = ""
    for step in steps:
        if not step:
            continue
        text += step if step.startswith("[") or not text else "." + step
    return text
