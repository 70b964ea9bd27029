"""The phases of a game and the transitions between them, declared once.

``MACHINE`` is this library's ``states.inc.php``: one ``transitions.Machine``
that declares every phase and which trigger leads where. The engine never calls
it while playing (a trigger costs microseconds and a frozen state cannot be a
``transitions`` model); instead the declaration is compiled at import into
``NEXT_PHASE``, a plain dict that ``apply_move`` reads in nanoseconds. The tests
drive random games through the real ``MACHINE`` to show the two agree, and
``diagram()`` draws the same declaration as Mermaid.
"""

from __future__ import annotations

import enum
from typing import Any

from transitions import Machine

__all__ = [
    "AUTOMATIC_PHASES",
    "MACHINE",
    "NEXT_PHASE",
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
PHASE_ACTIONS: dict[Phase, frozenset[str]] = {
    Phase.PLAYER_TURN: frozenset({"trade", "pass"}),
    Phase.FORCED_RETURN: frozenset({"return"}),
    Phase.CIRCLE_REFILL: frozenset(),
    Phase.GAME_END: frozenset(),
}

# Phases the engine passes through on its own, never resting in them.
AUTOMATIC_PHASES = frozenset({Phase.CIRCLE_REFILL})

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


def _machine_arguments() -> dict[str, Any]:
    return {
        "model": None,
        "states": [
            {"name": phase.value, "final": phase is Phase.GAME_END} for phase in Phase
        ],
        "transitions": [
            {"trigger": trigger.value, "source": source.value, "dest": dest.value}
            for trigger, source, dest in _DECLARED_TRANSITIONS
        ],
        "initial": Phase.PLAYER_TURN.value,
        "auto_transitions": False,
    }


MACHINE = Machine(**_machine_arguments())
"""The declared phase machine (no models: attach one to drive it, as the tests do)."""


def _compile(machine: Machine) -> dict[tuple[Phase, Trigger], Phase]:
    table: dict[tuple[Phase, Trigger], Phase] = {}
    for trigger_name, event in machine.events.items():
        for source_name, transitions in event.transitions.items():
            for transition in transitions:
                key = (Phase(source_name), Trigger(trigger_name))
                if key in table:  # pragma: no cover - a declaration error, caught at import
                    raise RuntimeError(f"two transitions for {key}")
                table[key] = Phase(transition.dest)
    return table


NEXT_PHASE: dict[tuple[Phase, Trigger], Phase] = _compile(MACHINE)
"""(phase, trigger) -> next phase, compiled from MACHINE."""


def diagram() -> str:
    """The phase machine as a Mermaid ``stateDiagram-v2``, drawn from the declaration."""
    # Imported here: the diagram extension pulls in asyncio and more, which the
    # engine itself never needs.
    from transitions.extensions import GraphMachine

    graph_machine = GraphMachine(
        **_machine_arguments(), graph_engine="mermaid", title="AVES phases"
    )

    class _Drawing:
        pass

    drawing = _Drawing()
    graph_machine.add_model(drawing)
    text: str = drawing.get_graph().draw(None)  # type: ignore[attr-defined]
    # Drop the styling that marks the drawing model's current phase: the
    # diagram shows the declaration, not a game in progress.
    lines = [
        line
        for line in text.splitlines()
        if not line.strip().startswith(("classDef ", "Class ", "class "))
    ]
    return "\n".join(lines).strip() + "\n"
