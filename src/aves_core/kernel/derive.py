"""What the kernel reads off a game's declaration instead of asking the game for it.

``derive_types`` reads the value classes off ``Game[State, Move, View, Event, Options,
Setup]``: the state, view, options and setup types, the move classes declared with
``@move`` (``move_types``, ``move_tags``) and the event classes (``event_types``).
``phase_of`` and ``seats_to_move`` read where a state or a view rests and who moves
from its attributes, for the defaults of ``phase_name``, ``to_move`` and
``view_status``; ``common_fields``, ``report_of`` and ``result_of_json`` are the
bodies of ``view_fields``, ``replay_report`` and ``result_from_json``, the same for
every game.
"""

from __future__ import annotations

import enum
import functools
import importlib
import sys
import types
import typing
from pathlib import Path
from typing import Any, TypeVar

import attrs

from aves_core.kernel.convert import FieldError, json_object, snake_case, structure
from aves_core.kernel.errors import ArgumentError, SetupError
from aves_core.kernel.facts import GameEnded, MovePlayed, Result
from aves_core.kernel.notation import spec_of

__all__ = [
    "check_count",
    "common_fields",
    "derive_types",
    "drawing_beside",
    "part_of",
    "phase_of",
    "report_of",
    "result_of_json",
    "seats_to_move",
    "tag_of",
]


def derive_types(cls: Any, base: type) -> None:
    """Set ``cls``'s value classes from its ``base[...]`` parameters, where the class body
    names none of its own."""
    own = cls.__dict__
    for parent in getattr(cls, "__orig_bases__", ()):
        if typing.get_origin(parent) is not base:
            continue
        state, move, view, event, options, setup = typing.get_args(parent)
        for name, value in (("state_type", state), ("view_type", view),
                            ("options_type", options), ("setup_type", setup)):
            if name not in own and isinstance(value, type):
                setattr(cls, name, value)
        if "move_type" not in own and not isinstance(move, TypeVar):
            cls.move_type = move
            declared = tuple(each for each in members(move) if hasattr(each, "__move__"))
            if "move_types" not in own and declared:
                cls.move_types = declared
        if "event_type" not in own and not isinstance(event, TypeVar):
            cls.event_type = event
            if "event_types" not in own and all(map(attrs.has, members(event))):
                cls.event_types = members(event)
            cls.plays_events = set(members(event)) <= {MovePlayed, GameEnded}
    if cls.move_types and "move_tags" not in own:
        cls.move_tags = tuple(spec_of(each).tag for each in cls.move_types)


def members(union: Any) -> tuple[Any, ...]:
    """The classes of a union (``A | B``, ``Union[A, B]``), or the one class."""
    if typing.get_origin(union) in (typing.Union, types.UnionType):
        return typing.get_args(union)
    return (union,)


@functools.cache
def tag_of(cls: type) -> str:
    """An event class's JSON tag: its name in snake case (``CardDrawn``: ``card_drawn``)."""
    return snake_case(cls)


def phase_of(game: Any, value: object) -> str:
    """The phase a state or view rests in: its ``phase`` attribute, or for a game of one
    resting phase (``PhaseMachine.one_phase``), that phase until it has a ``result``."""
    phase = getattr(value, "phase", None)
    if isinstance(phase, enum.Enum):
        phase = phase.value
    if isinstance(phase, str):
        return phase
    machine: Any = getattr(game, "phases", None)
    if getattr(machine, "single", False):
        over = getattr(value, "result", None) is not None
        name: str = next(iter(machine.final)).value if over else machine.initial.value
        return name
    raise NotImplementedError(f"{game.id}: a {type(value).__name__} has no phase "
                              "attribute: the game must say where (phase_name, "
                              "view_status)")


_SAYS_WHO: dict[type, str] = {}
"""By class of state or view: the attribute that says who moves (found once: a miss
costs an exception, and the envs ask at every move)."""


def seats_to_move(value: object) -> tuple[int, ...]:
    """The seats to move of a state or view: its ``to_move``, else its ``active_player``
    or ``active`` (a seat or None)."""
    name = _SAYS_WHO.get(type(value))
    if name is None:
        name = _SAYS_WHO[type(value)] = next(
            (name for name in ("to_move", "active_player") if hasattr(value, name)),
            "active")
    if name == "to_move":
        return tuple(value.to_move)  # type: ignore[attr-defined]
    active = getattr(value, name, None)
    return () if active is None else (active,)


def common_fields(game: Any, view: Any, status: Any) -> dict[str, Any]:
    """The view JSON's fields every game shares (``Game.view_fields``)."""
    moves = view.legal_moves
    result = status.result
    fields = {
        "seat": getattr(view, "seat", None),
        "phase": status.phase,
        "to_move": list(status.to_move),
        "result": None if result is None else {"winners": list(result.winners),
                                               "reason": result.reason},
        "legal_moves": [game.move_to_json(move) for move in moves],
        "legal_notation": [game.move_text(move) for move in moves],
    }
    if game.move_types and game.notation.has_words:
        fields["legal_words"] = [game.move_words(move) or game.move_text(move)
                                 for move in moves]
    return fields


def report_of(game: Any, state: Any, moves: int) -> dict[str, Any]:
    """What ``aves replay --json`` says of any game's state (``Game.replay_report``)."""
    result = game.result(state)
    to_move = game.to_move(state)
    return {
        "valid": True,
        "game": game.id,
        "moves": moves,
        "phase": game.phase_name(state),
        "active_player": to_move[0] if len(to_move) == 1 else None,
        "to_move": list(to_move),
        "winners": None if result is None else list(result.winners),
        "reason": None if result is None else result.reason,
    }


def result_of_json(data: Any, reasons: tuple[str, ...]) -> Result:
    """A recorded result, checked for shape and for one of ``reasons``."""
    if (type(data) is dict and len(data) == 2 and type(data.get("winners")) is list
            and all(type(seat) is int for seat in data["winners"])
            and data.get("reason") in reasons):
        # Well formed, as nearly every recorded result is: no converter needed.
        return Result(tuple(data["winners"]), data["reason"])
    result = structure(json_object(data, "a result"), Result)
    if result.reason not in reasons:
        choices = ", ".join(repr(reason) for reason in reasons)
        raise FieldError(f"expected one of {choices}, got {result.reason!r:.40}",
                         path="reason")
    return result


def check_count(facts: Any, num_players: object) -> None:
    """``SetupError`` (``bad_players``) unless the game of ``facts`` is for this many
    (``Game.check_players``)."""
    if type(num_players) is not int:
        raise ArgumentError(f"the number of players must be an int, not {num_players!r}")
    if not facts.min_players <= num_players <= facts.max_players:
        counts = (f"{facts.min_players}" if facts.min_players == facts.max_players
                  else f"{facts.min_players} to {facts.max_players}")
        raise SetupError(f"{facts.name} is for {counts} players, not {num_players}",
                         code="bad_players")


def part_of(game: Any, name: str) -> Any:
    """The part ``game.parts`` names, imported (``Game.part``), or None."""
    target = game.parts.get(name)
    if target is None:
        return None
    module, _, attribute = target.partition(":")
    package = type(game).__module__.rpartition(".")[0]
    return getattr(importlib.import_module(module, package or None), attribute)


def drawing_beside(cls: type) -> Path | None:
    """The ``web`` folder beside the module of a game's class, if it holds an
    ``index.js`` (``Game.web_folder``)."""
    source = getattr(sys.modules.get(cls.__module__), "__file__", None)
    if source is None:
        return None
    folder = Path(source).resolve().parent / "web"
    return folder if (folder / "index.js").is_file() else None
