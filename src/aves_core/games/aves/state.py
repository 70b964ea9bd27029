"""Frozen values that describe a game of AVES: Variant and GameState (and the kernel's Result)."""

from __future__ import annotations

from typing import Any, Literal

import attrs

from aves_core.games.aves.cards import Card
from aves_core.games.aves.phases import Phase
from aves_core.kernel.convert import FieldError, MismatchError, converter, describe
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.facts import Result

__all__ = ["REASONS", "AvesSetup", "GameState", "Reason", "Result", "Variant"]

Reason = Literal["seven_colors", "deck_empty"]
"""Why a game of AVES ends: ``Result.reason`` is one of these."""
REASONS: tuple[Reason, ...] = ("seven_colors", "deck_empty")
"""Why a game of AVES ends: a seat holds feathers of all seven colours, or the deck ran
out (``Result.reason``)."""


def _bool_field(_instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if type(value) is not bool:
        raise ArgumentError(f"Variant.{attribute.name} must be a bool, not {value!r}")


@attrs.frozen
class Variant:
    """The variants in play: Greedy Crow (``crows``) and Showdown (``showdown``)."""

    crows: bool = attrs.field(default=False, validator=_bool_field, metadata={
        "help": "Greedy Crow: four crow cards join the deck; a crow in hand blocks a win"})
    showdown: bool = attrs.field(default=False, validator=_bool_field, metadata={
        "help": "Showdown: every hand, and every card drawn, is played face up"})


def _structure_variant(value: Any, _type: Any) -> Variant:
    # Both flags are required in a log (LOG_FORMAT.md), though Variant() has defaults.
    if type(value) is not dict:
        raise MismatchError(f"expected an object, got {describe(value)}")
    for key in ("crows", "showdown"):
        if key not in value:
            raise FieldError(f"the key {key!r} is missing", path=key)
        if type(value[key]) is not bool:
            raise FieldError(f"expected a boolean, got {describe(value[key])}", path=key)
    extra = sorted(set(value) - {"crows", "showdown"})
    if extra:
        raise FieldError(f"unknown key {extra[0]!r}", path=extra[0])
    return Variant(crows=value["crows"], showdown=value["showdown"])


converter.register_structure_hook(Variant, _structure_variant)


def _tuple_of_cards(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(cards)


@attrs.frozen
class AvesSetup:
    """How a game was set up: the variant, the deal (every card once, in deal order)
    and the first player. With the moves, it is the whole truth of a game."""

    variant: Variant
    deal: tuple[Card, ...] = attrs.field(converter=_tuple_of_cards)
    first_player: int


@attrs.frozen(cache_hash=True)
class GameState:
    """Everything about a game at one moment. Build it with ``new_game``.

    ``hands[i]`` is seat i's hand in canonical order; ``circle`` is in circle
    order (gap g lies between ``circle[g]`` and ``circle[(g + 1) % len]``);
    ``deck[0]`` is the top and ``deck[-1]`` the bottom. ``active_player`` is the
    seat to move, or None once the game is over; ``result`` is None until then.
    """

    variant: Variant
    phase: Phase
    active_player: int | None
    hands: tuple[tuple[Card, ...], ...]
    circle: tuple[Card, ...]
    deck: tuple[Card, ...]
    result: Result | None = None

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.phase is Phase.GAME_END
