"""Tsukuru 10 Ten's phases and the transitions between them (TK8-TK11, TK16), declared
once: docs/tsukuru.md draws the machine (``PHASES.diagram()`` draws it from this
declaration). ``turnEnd`` and ``roundEnd`` are automatic; in ``deal`` the next round
awaits its chance move (``*:deal ...``, TK4) and no seat moves.
"""

from __future__ import annotations

import enum

from aves_core.kernel.phases import PhaseMachine

__all__ = ["PHASES", "Phase", "Trigger"]


class Phase(enum.Enum):
    """Where a game stands; the values are the names logs and views use."""

    TURN = "turn"
    DRAWN = "drawn"
    DISCARD = "discard"
    TURN_END = "turnEnd"
    ROUND_END = "roundEnd"
    DEAL = "deal"
    GAME_END = "gameEnd"

    __hash__ = object.__hash__  # identity, in C: the rules look phases up on every move


class Trigger(enum.Enum):
    """What moves a game from one phase to the next."""

    DRAW = "draw"
    GET = "get"
    FINISHFROM = "finishfrom"
    FINISH = "finish"
    DISCARD = "discard"
    NEXT_TURN = "next_turn"
    DRY = "dry"  # the deck is empty at the end of a turn: nobody scores [D6]
    GAME_OVER = "game_over"  # a seat reached the target, or the last round was played
    NEXT_ROUND = "next_round"
    DEALT = "dealt"

    __hash__ = object.__hash__


_P, _T = Phase, Trigger
PHASES = PhaseMachine(
    "Tsukuru 10 Ten phases", Phase, Trigger,
    (
        (_T.DRAW, _P.TURN, _P.DRAWN),
        (_T.GET, _P.TURN, _P.DISCARD),
        (_T.FINISHFROM, _P.TURN, _P.ROUND_END),
        (_T.FINISH, _P.DRAWN, _P.ROUND_END),
        (_T.DISCARD, _P.DRAWN, _P.TURN_END),
        (_T.DISCARD, _P.DISCARD, _P.TURN_END),
        (_T.NEXT_TURN, _P.TURN_END, _P.TURN),
        (_T.DRY, _P.TURN_END, _P.ROUND_END),
        (_T.GAME_OVER, _P.ROUND_END, _P.GAME_END),
        (_T.NEXT_ROUND, _P.ROUND_END, _P.DEAL),
        (_T.DEALT, _P.DEAL, _P.TURN),
    ),
    initial=Phase.TURN,
    final=(Phase.GAME_END,),
    automatic=(Phase.TURN_END, Phase.ROUND_END),
    actions={Phase.TURN: ("draw", "get", "finishfrom"), Phase.DRAWN: ("finish", "discard"),
             Phase.DISCARD: ("discard",), Phase.DEAL: ("deal",)},
)
"""Tsukuru's declared phase machine and its compiled table (``PHASES.next``)."""
