"""Tsukuru 10 Ten's moves as frozen values with a notation: Draw, Discard, Get, Finish,
FinishFrom, and the chance move Deal.

The notation (RULES-tsukuru.md, "Move notation") is ``SEAT:VERB ARGS``: ``0:draw``,
``0:discard B7``, ``0:get 2 B4B5`` (seat 2's last discard and two concealed tiles
open a set; ``0:get 2 P6P7=R`` names the colour of three purples), ``0:finish B1B1B1
B2B2B2 P8=R`` (the declared sets, then the colour of each free purple) and
``0:finishfrom 3 R2R2R2 B5B5B5 P5=B`` (the same, with seat 3's last discard). A
finish that declares nothing is bare: ``0:finish``. The chance move, which no seat
makes, is ``*:deal R3B5...``: a round's 61 tiles in dealt order. ``str(move)`` writes
a move and ``parse_move`` reads it back; text of another shape is a
``NotationError`` (``bad_notation``).

Tiles and tokens are kept as written and judged by the rules (``unknown_tile``,
``not_canonical``, ``not_held``, ``not_a_set``, ... in TK18a's order), not when a move
is built: only the types are checked here.
"""

from __future__ import annotations

import re
from typing import TypeAlias

import attrs

from aves_core.kernel.errors import ArgumentError, NotationError, require_int

__all__ = [
    "SEAT_MOVES",
    "Deal",
    "Discard",
    "Draw",
    "Finish",
    "FinishFrom",
    "Get",
    "Move",
    "parse_move",
]


def _int_field(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    require_int(value, f"a move's {attribute.name}")


def _str_field(_instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if type(value) is not str:
        raise ArgumentError(f"a move's {attribute.name} must be a str, not "
                            f"{type(value).__name__} {value!r:.40}")


def _tokens(value: object) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, tuple | list):
        raise ArgumentError(f"a finish's arrangement must be a tuple of tokens, not "
                            f"{type(value).__name__} {value!r:.40}")
    for token in value:
        if type(token) is not str:
            raise ArgumentError(f"an arrangement's tokens are str, not "
                                f"{type(token).__name__} {token!r:.40}")
    return tuple(value)


class _Written:
    """Moves are shown by their notation."""

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@attrs.frozen(repr=False, cache_hash=True)
class Draw(_Written):
    """``player`` draws the deck's top tile (TK8)."""

    player: int = attrs.field(validator=_int_field)

    def __str__(self) -> str:
        return f"{self.player}:draw"


@attrs.frozen(repr=False, cache_hash=True)
class Discard(_Written):
    """``player`` puts a concealed ``tile`` at the end of its own pile; its turn ends
    (TK9)."""

    player: int = attrs.field(validator=_int_field)
    tile: str = attrs.field(validator=_str_field)

    def __str__(self) -> str:
        return f"{self.player}:discard {self.tile}"


@attrs.frozen(repr=False, cache_hash=True)
class Get(_Written):
    """``player`` takes ``source``'s last discard and, with two of its concealed tiles
    (``tiles``, run together, ``=R``/``=B`` after three purples), opens a set (TK8)."""

    player: int = attrs.field(validator=_int_field)
    source: int = attrs.field(validator=_int_field)
    tiles: str = attrs.field(validator=_str_field)

    def __str__(self) -> str:
        return f"{self.player}:get {self.source} {self.tiles}"


def _written_finish(head: str, arrangement: tuple[str, ...]) -> str:
    return " ".join((head, *arrangement))


@attrs.frozen(repr=False, cache_hash=True)
class Finish(_Written):
    """``player`` finishes after its draw, declaring ``arrangement``: its concealed sets,
    then the colour of each free purple (``P8=R``), as tokens (TK10)."""

    player: int = attrs.field(validator=_int_field)
    arrangement: tuple[str, ...] = attrs.field(default=(), converter=_tokens)

    def __str__(self) -> str:
        return _written_finish(f"{self.player}:finish", self.arrangement)


@attrs.frozen(repr=False, cache_hash=True)
class FinishFrom(_Written):
    """``player`` finishes with ``source``'s last discard, declaring ``arrangement``
    (TK8, TK10)."""

    player: int = attrs.field(validator=_int_field)
    source: int = attrs.field(validator=_int_field)
    arrangement: tuple[str, ...] = attrs.field(default=(), converter=_tokens)

    def __str__(self) -> str:
        return _written_finish(f"{self.player}:finishfrom {self.source}", self.arrangement)


@attrs.frozen(repr=False, cache_hash=True)
class Deal(_Written):
    """The chance move of a new round (TK4): the 61 tiles, shuffled, run together in
    dealt order (seat 0's seven first, the deck's top after the last seat's). No seat
    makes it."""

    tiles: str = attrs.field(validator=_str_field)

    def __str__(self) -> str:
        return f"*:deal {self.tiles}"


Move: TypeAlias = Draw | Discard | Get | Finish | FinishFrom | Deal
"""Any move."""

SEAT_MOVES = (Draw, Discard, Get, Finish, FinishFrom)
"""The move classes a seat makes (all but Deal)."""

_SEAT = r"-?\d{1,30}"
_NOTATION = re.compile(
    rf"\s*(?:(?P<player>{_SEAT})\s*:\s*(?:"
    rf"(?P<draw>draw)"
    rf"|discard\s+(?P<tile>\S+)"
    rf"|get\s+(?P<get>{_SEAT})\s+(?P<tiles>\S+)"
    rf"|finishfrom\s+(?P<from>{_SEAT})(?P<from_tokens>(?:\s+\S+)*)"
    rf"|finish(?P<tokens>(?:\s+\S+)*))"
    rf"|\*\s*:\s*deal\s+(?P<deal>\S+))\s*")


def parse_move(text: str) -> Move:
    """Read a move: ``0:draw``, ``0:discard B7``, ``0:get 2 B4B5``, ``0:finish B1B1B1
    P8=R``, ``0:finishfrom 3 R2R2R2``, or ``*:deal R3B5...``."""
    if not isinstance(text, str):
        raise ArgumentError(f"a move's text must be a str, not {type(text).__name__}")
    found = _NOTATION.fullmatch(text)
    if found is None:
        raise NotationError(f"{text[:40]!r} is not a move: write SEAT:draw, SEAT:discard "
                            "TILE, SEAT:get SEAT TILES, SEAT:finish SETS..., SEAT:finishfrom "
                            "SEAT SETS... or *:deal TILES, for example 0:get 2 B4B5")
    if found["deal"] is not None:
        return Deal(found["deal"])
    player = int(found["player"])
    if found["draw"] is not None:
        return Draw(player)
    if found["tile"] is not None:
        return Discard(player, found["tile"])
    if found["get"] is not None:
        return Get(player, int(found["get"]), found["tiles"])
    if found["from"] is not None:
        return FinishFrom(player, int(found["from"]), tuple(found["from_tokens"].split()))
    return Finish(player, tuple(found["tokens"].split()))
