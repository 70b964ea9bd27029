"""What the kernel reads off a game's declaration instead of asking the game for it.

``derive_types`` reads the value classes off ``Game[State, Move, View, Event, Options,
Setup]``: the state, view, options and setup types, the move classes declared with
``@move`` (``move_types``, ``move_tags``) and the event classes (``event_types``).
``phase_of`` and ``seats_to_move`` read where a state or a view rests and who moves
from its attributes, for the defaults of ``phase_name``, ``to_move`` and
``view_status``.
"""

from __future__ import annotations

import enum
import functools
import types
import typing
from typing import Any, TypeVar

import attrs

from aves_core.kernel.convert import snake_case
from aves_core.kernel.facts import GameEnded, MovePlayed
from aves_core.kernel.notation import spec_of

__all__ = ["derive_types", "phase_of", "seats_to_move", "tag_of"]


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


def seats_to_move(value: object) -> tuple[int, ...]:
    """The seats to move of a state or view: its ``to_move``, else its ``active_player``
    or ``active`` (a seat or None)."""
    if hasattr(value, "to_move"):
        return tuple(value.to_move)
    active = getattr(value, "active_player", getattr(value, "active", None))
    return () if active is None else (active,)
