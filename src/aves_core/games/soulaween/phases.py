"""Soulaween's phases and the transitions between them, declared once (drawn in
docs/soulaween.md, "Phases"): ``flip``, ``reap`` and ``cleanup`` are passed through on
their own, the game rests in the others.
"""

from __future__ import annotations

import enum

from aves_core.kernel.phases import PhaseMachine

__all__ = ["PHASES", "Phase", "Trigger"]


class Phase(enum.Enum):
    """Where a game stands; the values are the names logs and views use."""

    PLAYER_TURN = "playerTurn"
    FLIP = "flip"
    CHOOSE_REAP = "chooseReap"
    REAP = "reap"
    CLEANUP = "cleanup"
    CHOOSE_ROTATION = "chooseRotation"
    GAME_END = "gameEnd"

    __hash__ = object.__hash__  # identity, in C: the rules look phases up on every move


class Trigger(enum.Enum):
    """What moves a game from one phase to the next."""

    PUT = "put"  # a piece was put
    NO_PATTERN = "no_pattern"  # nothing to reap
    ONE_PATTERN = "one_pattern"  # one pattern to reap: reaped at once
    PATTERNS = "patterns"  # several: the player chooses
    CHOSEN = "chosen"  # the player chose one
    WIN = "win"  # the reaper has their tokens
    REAPED = "reaped"  # the reap is done, the game goes on
    ROTATION_DUE = "rotation_due"  # a Hei & Bai player decides
    NEXT_TURN = "next_turn"

    __hash__ = object.__hash__


_P, _T = Phase, Trigger
PHASES = PhaseMachine(
    "Soulaween phases", Phase, Trigger,
    (
        (_T.PUT, _P.PLAYER_TURN, _P.FLIP),
        (_T.NO_PATTERN, _P.FLIP, _P.CLEANUP),
        (_T.ONE_PATTERN, _P.FLIP, _P.REAP),
        (_T.PATTERNS, _P.FLIP, _P.CHOOSE_REAP),
        (_T.CHOSEN, _P.CHOOSE_REAP, _P.REAP),
        (_T.WIN, _P.REAP, _P.GAME_END),
        (_T.REAPED, _P.REAP, _P.CLEANUP),
        (_T.ROTATION_DUE, _P.CLEANUP, _P.CHOOSE_ROTATION),
        (_T.NEXT_TURN, _P.CLEANUP, _P.PLAYER_TURN),
        (_T.NEXT_TURN, _P.CHOOSE_ROTATION, _P.PLAYER_TURN),
    ),
    initial=Phase.PLAYER_TURN,
    final=(Phase.GAME_END,),
    automatic=(Phase.FLIP, Phase.REAP, Phase.CLEANUP),
    actions={Phase.PLAYER_TURN: ("put",), Phase.CHOOSE_REAP: ("reap",),
             Phase.CHOOSE_ROTATION: ("rotate", "keep")},
)
"""Soulaween's declared phase machine and its compiled table (``PHASES.next``)."""
