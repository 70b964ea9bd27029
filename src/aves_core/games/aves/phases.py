"""The phases of a game and the transitions between them, declared once.

``PHASES`` is AVES's ``states.inc.php``: one ``transitions.Machine`` (built by
the kernel's ``PhaseMachine``) that declares every phase and which trigger
leads where. The engine never calls it while playing; the declaration is
compiled at import into ``NEXT_PHASE``, a plain dict that ``apply_move`` reads
in nanoseconds. The tests drive random games through the real ``MACHINE`` to
show the two agree, and ``diagram()`` draws the same declaration as Mermaid.
"""

from __future__ import annotations

import enum

from aves_core.kernel.phases import PhaseMachine

__all__ = [
    "AUTOMATIC_PHASES",
    "MACHINE",
    "NEXT_PHASE",
    "PHASES",
    "PHASE_ACTIONS",
    "Phase",
    "Trigger",
    "diagram",
]


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

    __hash__ = object.__hash__  # as for Phase: the engine looks these up on every move


# Which move types each resting phase accepts (BGA's "possibleactions").
_ACTIONS = {
    Phase.PLAYER_TURN: ("trade", "pass"),
    Phase.FORCED_RETURN: ("return",),
}

_P, _T = Phase, Trigger
_DECLARED_TRANSITIONS: tuple[tuple[Trigger, Phase, Phase], ...] = (
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
)

PHASES = PhaseMachine(
    "AVES phases", Phase, Trigger, _DECLARED_TRANSITIONS,
    initial=Phase.PLAYER_TURN,
    final=(Phase.GAME_END,),
    automatic=(Phase.CIRCLE_REFILL,),
    actions=_ACTIONS,
)
"""AVES's declared phase machine and its compiled table."""

MACHINE = PHASES.machine
"""The declared phase machine (no models: attach one to drive it, as the tests do)."""

NEXT_PHASE: dict[tuple[Phase, Trigger], Phase] = PHASES.next
"""(phase, trigger) -> next phase, compiled from MACHINE."""

PHASE_ACTIONS: dict[Phase, frozenset[str]] = PHASES.actions
"""Which move types each resting phase accepts."""

AUTOMATIC_PHASES = PHASES.automatic
"""Phases the engine passes through on its own, never resting in them."""


def diagram() -> str:
    """The phase machine as a Mermaid ``stateDiagram-v2``, drawn from the declaration."""
    return PHASES.diagram()
