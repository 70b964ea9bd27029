"""Tsukuru 10 Ten's moves, declared by their notation (RULES-tsukuru.md, "Move notation";
docs/tsukuru.md tables them): ``0:draw``, ``0:discard B7``, ``0:get 2 B4B5``,
``0:finish B1B1B1 B2B2B2 P8=R``, ``0:finishfrom 3 R2R2R2 B5B5B5 P5=B`` and the chance
move ``*:deal R3B5...``. A token of tile shapes that the rules refuse (``B9``,
``B5B4``, ``P6P7=G``) is still a move's text, judged by the door in TK18a's order;
``b4b5``, ``B4-B5``, ``=R`` or a seat ``-1`` are no move's text (``bad_notation``).
"""

from __future__ import annotations

from typing import TypeAlias

from aves_core.kernel.notation import SEAT, Seq, Token, move

__all__ = ["SEAT_MOVES", "TILES", "Deal", "Discard", "Draw", "Finish", "FinishFrom", "Get",
           "Move"]

TILES = Token(r"(?:[A-Z][0-9])+(?:=[A-Z])?", "TILES")
"""A token: tiles run together, then the colour a set of three purples or a free purple
takes (``B4B5``, ``P5P6P7=B``, ``P8=R``)."""
_ARRANGEMENT = Seq(TILES, lead=" ")
"""A finish's tokens, each after a space; nothing when it declares none."""


@move("{player}:draw")
class Draw:
    """``player`` draws the deck's top tile (TK8)."""

    player: int


@move("{player}:discard {tile}", tile=Token("[A-Z][0-9]", "TILE"))
class Discard:
    """``player`` puts a concealed ``tile`` at the end of its own pile; its turn ends
    (TK9)."""

    player: int
    tile: str


@move("{player}:get {source} {tiles}", source=SEAT, tiles=TILES)
class Get:
    """``player`` takes ``source``'s last discard and, with two of its concealed tiles
    (``tiles``), opens a set (TK8)."""

    player: int
    source: int
    tiles: str


@move("{player}:finish{arrangement}", arrangement=_ARRANGEMENT)
class Finish:
    """``player`` finishes after its draw, declaring ``arrangement``: its concealed sets,
    then the colour of each free purple, as tokens (TK10)."""

    player: int
    arrangement: tuple[str, ...] = ()


@move("{player}:finishfrom {source}{arrangement}", source=SEAT, arrangement=_ARRANGEMENT)
class FinishFrom:
    """``player`` finishes with ``source``'s last discard, declaring ``arrangement``
    (TK8, TK10)."""

    player: int
    source: int
    arrangement: tuple[str, ...] = ()


@move("*:deal {tiles}", tiles=Token("(?:[A-Z][0-9])+", "TILES"))
class Deal:
    """The chance move of a new round (TK4): the 61 tiles run together in dealt order
    (seat 0's seven first, the deck's top after the last seat's). No seat makes it."""

    tiles: str


Move: TypeAlias = Draw | Discard | Get | Finish | FinishFrom | Deal
"""Any move."""

SEAT_MOVES = (Draw, Discard, Get, Finish, FinishFrom)
"""The move classes a seat makes (all but Deal)."""
