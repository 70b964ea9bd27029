"""Draft Cider's declared phases: ``pick`` until the pool is empty, then the automatic
``roundEnd``, which lays out the next pool or ends the game (DC6-DC9, DC19a).
"""

from __future__ import annotations

import enum

from aves_core.kernel.phases import PhaseMachine

__all__ = ["PHASES", "Phase", "Trigger"]


class Phase(enum.Enum):
    """Where a game stands; the values are the names logs and views use (DC19a)."""

    PICK = "pick"
    ROUND_END = "roundEnd"
    GAME_END = "gameEnd"

    __hash__ = object.__hash__  # identity, in C: the rules look phases up on every move


class Trigger(enum.Enum):
    """What moves a game from one phase to the next."""

    NEXT_PICK = "next_pick"
    POOL_EMPTY = "pool_empty"
    NEXT_ROUND = "next_round"
    GAME_OVER = "game_over"

    __hash__ = object.__hash__


_P, _T = Phase, Trigger
PHASES = PhaseMachine(
    "Draft Cider phases", Phase, Trigger,
    (
        (_T.NEXT_PICK, _P.PICK, _P.PICK),
        (_T.POOL_EMPTY, _P.PICK, _P.ROUND_END),
        (_T.NEXT_ROUND, _P.ROUND_END, _P.PICK),
        (_T.GAME_OVER, _P.ROUND_END, _P.GAME_END),
    ),
    initial=Phase.PICK,
    final=(Phase.GAME_END,),
    automatic=(Phase.ROUND_END,),
    actions={Phase.PICK: ("pick",)},
)
"""Draft Cider's declared phase machine and its compiled table (``PHASES.next``)."""
