"""Phase machines: a game's ``states.inc.php``, declared once with ``transitions``.

A game declares its phases (an ``enum.Enum``), its triggers (another), which
trigger leads from which phase to which, the phase it starts in, the phases it
ends in, the phases it passes through on its own and the move types each
resting phase accepts. ``PhaseMachine`` builds the ``transitions.Machine``
from that declaration and compiles it into ``next``, a plain dict the game's
rules read on every move in well under a microsecond (a frozen state cannot
be a ``transitions`` model, and a trigger call costs microseconds). Tests
drive random games through ``machine`` to show that the two agree, and
``diagram()`` draws the same declaration as Mermaid.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any, Generic, TypeVar

from transitions import Machine

__all__ = ["PhaseMachine"]

P = TypeVar("P", bound=enum.Enum)
T = TypeVar("T", bound=enum.Enum)


class PhaseMachine(Generic[P, T]):
    """One game's declared phases and transitions, and their compiled table.

    ``transitions`` holds (trigger, source, destination) triples; ``actions``
    maps each resting phase to the move types it accepts (BGA's
    ``possibleactions``); ``automatic`` phases are passed through, never rested
    in; ``final`` phases end the game.
    """

    def __init__(
        self,
        title: str,
        phases: type[P],
        triggers: type[T],
        transitions: Iterable[tuple[T, P, P]],
        *,
        initial: P,
        final: Iterable[P],
        automatic: Iterable[P] = (),
        actions: Mapping[P, Iterable[str]] | None = None,
    ) -> None:
        self.title = title
        self.phases = phases
        self.triggers = triggers
        self.transitions: tuple[tuple[T, P, P], ...] = tuple(transitions)
        self.initial = initial
        self.final: frozenset[P] = frozenset(final)
        self.automatic: frozenset[P] = frozenset(automatic)
        self.actions: dict[P, frozenset[str]] = {
            phase: frozenset((actions or {}).get(phase, ())) for phase in phases
        }
        self.single = False
        """Whether the machine is ``one_phase``'s: one resting phase and the end."""
        self.machine = Machine(**self._arguments())
        """The declared machine, without models: attach one to drive it, as tests do."""
        self.next: dict[tuple[P, T], P] = self._compile()
        """(phase, trigger) -> next phase, compiled from ``machine``."""

    @classmethod
    def one_phase(cls, title: str, actions: Iterable[str], *, name: str = "play"
                  ) -> PhaseMachine[Any, Any]:
        """The machine of a game with one resting phase (``name``, accepting the moves
        tagged ``actions``) and its end, ``gameEnd``: a move leads back to ``name``
        (trigger ``moved``) or to the end (``ended``). Its states and views need no
        ``phase``: the phase is ``gameEnd`` once they have a ``result``."""
        make: Any = enum.Enum  # the functional API, with names given at run time
        phases = make("Phase", {"PLAY": name, "GAME_END": "gameEnd"})
        triggers = make("Trigger", {"MOVED": "moved", "ENDED": "ended"})
        play, end = phases.PLAY, phases.GAME_END
        machine: PhaseMachine[Any, Any] = cls(
            title, phases, triggers,
            ((triggers.MOVED, play, play), (triggers.ENDED, play, end)),
            initial=play, final=(end,), actions={play: tuple(actions)})
        machine.single = True
        return machine

    def _arguments(self) -> dict[str, Any]:
        return {
            "model": None,
            "states": [{"name": phase.value, "final": phase in self.final}
                       for phase in self.phases],
            "transitions": [
                {"trigger": trigger.value, "source": source.value, "dest": dest.value}
                for trigger, source, dest in self.transitions
            ],
            "initial": self.initial.value,
            "auto_transitions": False,
        }

    def _compile(self) -> dict[tuple[P, T], P]:
        table: dict[tuple[P, T], P] = {}
        for trigger_name, event in self.machine.events.items():
            for source_name, transitions in event.transitions.items():
                for transition in transitions:
                    key = (self.phases(source_name), self.triggers(trigger_name))
                    if key in table:  # pragma: no cover - a declaration error, caught at import
                        raise RuntimeError(f"{self.title}: two transitions for {key}")
                    table[key] = self.phases(transition.dest)
        return table

    def diagram(self) -> str:
        """The machine as a Mermaid ``stateDiagram-v2``, drawn from the declaration."""
        # Imported here: the diagram extension pulls in asyncio and more, which
        # playing a game never needs.
        from transitions.extensions import GraphMachine

        graph_machine = GraphMachine(**self._arguments(), graph_engine="mermaid",
                                     title=self.title)

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
