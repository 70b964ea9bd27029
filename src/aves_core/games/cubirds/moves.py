"""Cubirds' moves as frozen values with a notation: Lay, Draw, NoDraw, Fly, NoFly, and
the chance move Reshuffle.

The notation (RULES-cubirds.md, "Move notation") is ``SEAT:VERB ARGS``:
``0:lay P 2 left`` (every parrot of seat 0's hand to the left end of row 2),
``0:draw``, ``0:nodraw``, ``0:fly M``, ``0:nofly``; the chance move, which no seat
makes, is ``*:reshuffle WRMP...`` (the new deck, top first). ``str(move)`` writes it
and ``parse_move`` reads it back; text of another shape is a ``NotationError``
(``bad_notation``).

A move names its values as written and is checked by the rules, not when it is
built: ``0:lay X 2 left`` reads as a Lay that ``apply`` refuses with
``unknown_species``, ``0:lay P 7 left`` with ``bad_row``, ``0:lay P 2 up`` with
``bad_side``, in the order of CB17a. Only the types are checked here.
"""

from __future__ import annotations

import re
from typing import TypeAlias

import attrs

from aves_core.kernel.errors import ArgumentError, NotationError, require_int

__all__ = [
    "LEFT",
    "RIGHT",
    "SIDES",
    "Draw",
    "Fly",
    "Lay",
    "Move",
    "NoDraw",
    "NoFly",
    "Reshuffle",
    "parse_move",
]

LEFT = "left"
RIGHT = "right"
SIDES = (LEFT, RIGHT)
"""The two ends of a row."""


def _int_field(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    require_int(value, f"a move's {attribute.name}")


def _str_field(_instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if type(value) is not str:
        raise ArgumentError(f"a move's {attribute.name} must be a str, not "
                            f"{type(value).__name__} {value!r:.40}")


@attrs.frozen(repr=False, cache_hash=True)
class Lay:
    """``player`` lays every ``species`` card of its hand at the ``side`` end of
    ``row`` (CB6)."""

    player: int = attrs.field(validator=_int_field)
    species: str = attrs.field(validator=_str_field)
    row: int = attrs.field(validator=_int_field)
    side: str = attrs.field(validator=_str_field)

    def __str__(self) -> str:
        return f"{self.player}:lay {self.species} {self.row} {self.side}"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@attrs.frozen(repr=False, cache_hash=True)
class Draw:
    """``player`` takes the draw option: the deck's two top cards into its hand (CB9)."""

    player: int = attrs.field(validator=_int_field)

    def __str__(self) -> str:
        return f"{self.player}:draw"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@attrs.frozen(repr=False, cache_hash=True)
class NoDraw:
    """``player`` declines the draw option (CB9)."""

    player: int = attrs.field(validator=_int_field)

    def __str__(self) -> str:
        return f"{self.player}:nodraw"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@attrs.frozen(repr=False, cache_hash=True)
class Fly:
    """``player`` flies its ``species`` cards home: one or two join its collection,
    the rest go to the discard pile (CB10)."""

    player: int = attrs.field(validator=_int_field)
    species: str = attrs.field(validator=_str_field)

    def __str__(self) -> str:
        return f"{self.player}:fly {self.species}"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@attrs.frozen(repr=False, cache_hash=True)
class NoFly:
    """``player`` flies no flock this turn (CB10)."""

    player: int = attrs.field(validator=_int_field)

    def __str__(self) -> str:
        return f"{self.player}:nofly"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@attrs.frozen(repr=False, cache_hash=True)
class Reshuffle:
    """The chance move of CB15: the discard pile, shuffled, becomes ``deck`` (its
    letters, top first). No seat makes it (``CUBIRDS.mover`` is None)."""

    deck: str = attrs.field(validator=_str_field)

    def __str__(self) -> str:
        return f"*:reshuffle {self.deck}"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


Move: TypeAlias = Lay | Draw | NoDraw | Fly | NoFly | Reshuffle
"""Any move."""

SEAT_MOVES = (Lay, Draw, NoDraw, Fly, NoFly)
"""The move classes a seat makes (all but Reshuffle)."""

_NOTATION = re.compile(
    r"\s*(?:(?P<player>-?\d{1,30})\s*:\s*(?:"
    r"lay\s+(?P<species>\S+)\s+(?P<row>-?\d{1,30})\s+(?P<side>\S+)"
    r"|fly\s+(?P<flock>\S+)"
    r"|(?P<word>draw|nodraw|nofly))"
    r"|\*\s*:\s*reshuffle\s+(?P<deck>\S+))\s*")
_WORDS: dict[str, type[Draw] | type[NoDraw] | type[NoFly]] = {
    "draw": Draw, "nodraw": NoDraw, "nofly": NoFly}


def parse_move(text: str) -> Move:
    """Read a move: ``0:lay P 2 left``, ``0:draw``, ``0:nodraw``, ``0:fly M``,
    ``0:nofly`` or ``*:reshuffle WRMP...``."""
    if not isinstance(text, str):
        raise ArgumentError(f"a move's text must be a str, not {type(text).__name__}")
    found = _NOTATION.fullmatch(text)
    if found is None:
        raise NotationError(f"{text[:40]!r} is not a move: write SEAT:lay SPECIES ROW SIDE, "
                            "SEAT:draw, SEAT:nodraw, SEAT:fly SPECIES, SEAT:nofly or "
                            "*:reshuffle CARDS, for example 0:lay P 2 left")
    if found["deck"] is not None:
        return Reshuffle(found["deck"])
    player = int(found["player"])
    if found["species"] is not None:
        return Lay(player, found["species"], int(found["row"]), found["side"])
    if found["flock"] is not None:
        return Fly(player, found["flock"])
    return _WORDS[found["word"]](player)
