"""Cubirds' moves, declared by their notation (RULES-cubirds.md, "Move notation";
docs/cubirds.md, "Moves and their notation"): ``0:lay P 2 left``, ``0:draw``,
``0:nodraw``, ``0:fly M``, ``0:nofly`` and the chance move ``*:reshuffle WRMP...``.
"""

from __future__ import annotations

from typing import TypeAlias

from aves_core.kernel.notation import Token, move

__all__ = ["LEFT", "RIGHT", "SIDES", "SPECIES_TOKEN", "Draw", "Fly", "Lay", "Move", "NoDraw",
           "NoFly", "Reshuffle"]

LEFT = "left"
"""A row's left end."""
RIGHT = "right"
"""A row's right end."""
SIDES = (LEFT, RIGHT)
"""The two ends of a row."""

SPECIES_TOKEN = Token("[A-Z]", "SPECIES")
"""A species as a move writes it: one capital letter (one of ``F O T D P M W R`` to be
legal)."""


@move("{player}:lay {species} {row} {side}", species=SPECIES_TOKEN,
      side=Token("[a-z]+", "SIDE"))
class Lay:
    """``player`` lays every ``species`` card of its hand at the ``side`` end of
    ``row`` (CB6)."""

    player: int
    species: str
    row: int
    side: str


@move("{player}:draw")
class Draw:
    """``player`` takes the draw option: the deck's two top cards into its hand (CB9)."""

    player: int


@move("{player}:nodraw")
class NoDraw:
    """``player`` declines the draw option (CB9)."""

    player: int


@move("{player}:fly {species}", species=SPECIES_TOKEN)
class Fly:
    """``player`` flies its ``species`` cards home: one or two join its collection,
    the rest go to the discard pile (CB10)."""

    player: int
    species: str


@move("{player}:nofly")
class NoFly:
    """``player`` flies no flock this turn (CB10)."""

    player: int


@move("*:reshuffle {deck}", deck=Token("[A-Z]+", "CARDS"))
class Reshuffle:
    """The chance move of CB15: the discard pile, shuffled, becomes ``deck`` (its
    letters, top first). No seat makes it (``CUBIRDS.mover`` is None)."""

    deck: str


Move: TypeAlias = Lay | Draw | NoDraw | Fly | NoFly | Reshuffle
"""Any move."""
