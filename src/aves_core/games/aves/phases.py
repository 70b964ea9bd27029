"""The phases of a game and the transitions between them, declared once.

``PHASES`` is AVES's ``states.inc.php``: the kernel's ``PhaseMachine`` builds the
``transitions.Machine`` (``PHASES.machine``) from it, the door reads which moves each
phase accepts, the conformance kit checks every move follows a declared transition,
and ``diagram()`` draws it as Mermaid.
"""

from __future__ import annotations

import enum

from aves_core.kernel.phases import PhaseMachine

__all__ = ["PHASES", "Phase", "Trigger", "diagram"]


class Phase(enum.Enum):
    """Where a game stands; the values are the phase names of the log format."""

    PLAYER_TURN = "playerTurn"
    FORCED_RETURN = "forcedReturn"
    CIRCLE_REFILL = "circleRefill"
    GAME_END = "gameEnd"

    # Members are singletons compared by identity, so the identity hash is right,
    # and it runs in C: Enum's own hashes the name in Python on every table lookup.
    __hash__ = object.__hash__


class Trigger(enum.Enum):
    """What moves a game from one phase to the next."""

    NEXT_TURN = "next_turn"  # the turn is complete and play passes on
    REFILL = "refill"  # a match left one card in the circle
    OVER_LIMIT = "over_limit"  # the active player holds 8 cards
    END_GAME = "end_game"  # seven colours, or the deck is empty


_P, _T = Phase, Trigger
PHASES = PhaseMachine("AVES phases", Phase, Trigger, (
    (_T.NEXT_TURN, _P.PLAYER_TURN, _P.PLAYER_TURN),
    (_T.REFILL, _P.PLAYER_TURN, _P.CIRCLE_REFILL),
    (_T.OVER_LIMIT, _P.PLAYER_TURN, _P.FORCED_RETURN),
    (_T.END_GAME, _P.PLAYER_TURN, _P.GAME_END),
    # The refill comes before any forced return of the same turn (a [decision]).
    (_T.NEXT_TURN, _P.CIRCLE_REFILL, _P.PLAYER_TURN),
    (_T.OVER_LIMIT, _P.CIRCLE_REFILL, _P.FORCED_RETURN),
    (_T.END_GAME, _P.CIRCLE_REFILL, _P.GAME_END),
    (_T.NEXT_TURN, _P.FORCED_RETURN, _P.PLAYER_TURN),
    (_T.END_GAME, _P.FORCED_RETURN, _P.GAME_END),
), initial=_P.PLAYER_TURN, final=(_P.GAME_END,), automatic=(_P.CIRCLE_REFILL,),
    # Which moves each resting phase accepts (BGA's "possibleactions"): wrong_phase.
    actions={_P.PLAYER_TURN: ("trade", "pass"), _P.FORCED_RETURN: ("return",)})
"""AVES's declared phase machine."""


def diagram() -> str:
    """The phase machine as a Mermaid ``stateDiagram-v2``, drawn from the declaration."""
    return PHASES.diagram()
