"""Soulaween's events: what a move did, step by step (the end is the kernel's
``GameEnded``). Nothing is hidden: every seat and spectator sees every event as it is.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from aves_core.games.soulaween.state import SoulaweenState
from aves_core.kernel.facts import GameEnded

__all__ = ["Event", "GameEnded", "Kept", "MatCleaned", "MoveUndone", "PiecePut", "PiecesFlipped",
           "PiecesReaped", "ReapDue", "Rotated", "RotationDue", "TurnStarted"]


@attrs.frozen
class PiecePut:
    """``seat`` put a piece on ``cell`` with ``face`` up."""

    seat: int
    cell: str
    face: str


@attrs.frozen
class PiecesFlipped:
    """The put flipped these pieces, each to its other face."""

    cells: tuple[str, ...]


@attrs.frozen
class ReapDue:
    """Several patterns can be reaped: ``seat`` chooses one (phase chooseReap)."""

    seat: int


@attrs.frozen
class PiecesReaped:
    """``seat`` reaped the pieces of ``cells`` (all showing ``face``) and took ``token``."""

    seat: int
    cells: tuple[str, ...]
    face: str
    token: str


@attrs.frozen
class MatCleaned:
    """The mat was full: every piece showing ``face``, the face put, was removed."""

    face: str
    cells: tuple[str, ...]


@attrs.frozen
class RotationDue:
    """``seat``, Hei & Bai, rotates or keeps (phase chooseRotation)."""

    seat: int


@attrs.frozen
class Rotated:
    """``seat`` turned to ``stance``."""

    seat: int
    stance: str


@attrs.frozen
class Kept:
    """``seat`` kept its stance."""

    seat: int


@attrs.frozen
class TurnStarted:
    """It is ``seat``'s turn to put a piece."""

    seat: int


@attrs.frozen
class MoveUndone:
    """``seat`` took back its last move: the game is as it was, ``state``."""

    seat: int
    state: SoulaweenState


Event: TypeAlias = (PiecePut | PiecesFlipped | ReapDue | PiecesReaped | MatCleaned
                    | RotationDue | Rotated | Kept | TurnStarted | GameEnded | MoveUndone)
"""Any event."""
