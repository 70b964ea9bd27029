"""Cubirds' phase machine: every step the rules take is an edge of the real ``transitions``
Machine, every declared edge is taken, and the compiled table and the Mermaid diagram in
the phases module agree with the declaration.

The rules do not call the Machine (a trigger costs microseconds); a move's events say
which steps it took, and those steps are fired at the real Machine here.
"""

from __future__ import annotations

import re

from cubirds_helpers import make, play, random_game

from aves_core.games.cubirds import phases as phases_module
from aves_core.games.cubirds.events import (
    CardsDealt,
    DrawOffered,
    Event,
    GameEnded,
    Laid,
    ReshuffleDue,
    RoundEnded,
)
from aves_core.games.cubirds.game import CUBIRDS
from aves_core.games.cubirds.moves import Draw, Fly, Lay, Move, NoDraw, NoFly, Reshuffle
from aves_core.games.cubirds.phases import PHASES, Phase, Trigger
from aves_core.games.cubirds.state import CubirdsState

Edge = tuple[Phase, Trigger, Phase]
T = Trigger


class _Model:
    """A bare model for the real Machine."""

    state: str


def _after_refill(events: tuple[Event, ...]) -> list[Trigger]:
    if any(isinstance(event, ReshuffleDue) for event in events):
        return [T.DECK_EMPTY]
    return [T.EXHAUSTED] if any(isinstance(event, GameEnded) for event in events) \
        else [T.TWO_SPECIES]


def _after_deal(events: tuple[Event, ...]) -> list[Trigger]:
    return [T.DECK_EMPTY] if any(isinstance(event, ReshuffleDue) for event in events) \
        else [T.DEALT]


def triggers(before: CubirdsState, move: Move, events: tuple[Event, ...]) -> list[Trigger]:
    """The steps a move took, read from its events."""
    if isinstance(move, Lay):
        laid = events[0]
        assert isinstance(laid, Laid)
        if laid.taken:
            return [T.TOOK, *_after_refill(events)]
        return [T.NOTHING_TAKEN if any(isinstance(event, DrawOffered) for event in events)
                else T.NOTHING_TO_DRAW]
    if isinstance(move, Draw):
        return [T.DRAW, T.DECK_EMPTY if isinstance(events[-1], ReshuffleDue) else T.DRAWN]
    if isinstance(move, NoDraw):
        return [T.NODRAW]
    if isinstance(move, Fly | NoFly):
        steps = [T.FLY if isinstance(move, Fly) else T.NOFLY]
        if not any(isinstance(event, RoundEnded) for event in events):
            return [*steps, T.WIN if isinstance(events[-1], GameEnded) else T.NEXT_TURN]
        steps.append(T.HAND_EMPTY)
        if not any(isinstance(event, CardsDealt) for event in events) \
                and isinstance(events[-1], GameEnded):
            return [*steps, T.EXHAUSTED]
        return [*steps, T.DEAL, *_after_deal(events)]
    assert isinstance(move, Reshuffle)
    assert before.pending is not None
    kind = before.pending.kind
    if kind == "refill":
        return [T.RESUME_REFILL, *_after_refill(events)]
    if kind == "draw":
        return [T.RESUME_DRAW, T.DRAWN]
    return [T.RESUME_DEAL, *_after_deal(events)]


def fire(source: Phase, steps: list[Trigger]) -> tuple[Phase, list[Edge]]:
    """Fire ``steps`` at the real Machine from ``source``; the phase reached and the edges."""
    model = _Model()
    PHASES.machine.add_model(model, initial=source.value)
    edges = []
    try:
        for trigger in steps:
            before = Phase(model.state)
            assert model.trigger(trigger.value) is True  # type: ignore[attr-defined]
            edges.append((before, trigger, Phase(model.state)))
    finally:
        PHASES.machine.remove_model(model)
    return Phase(model.state), edges


def declared_edges() -> set[Edge]:
    return {(source, trigger, destination)
            for (source, trigger), destination in PHASES.next.items()}


def check(before: CubirdsState, move: Move) -> set[Edge]:
    after, events = CUBIRDS.apply_with_events(before, move)
    reached, edges = fire(before.phase, triggers(before, move, events))
    assert after.phase is reached  # the rules rest where the Machine does
    assert after.phase not in PHASES.automatic
    return set(edges)


def test_every_step_of_the_rules_is_an_edge_of_the_machine_and_every_edge_is_taken() -> None:
    taken: set[Edge] = set()
    for seed in range(40):
        for before, move, _after, _events in random_game(2 + seed % 4, seed,
                                                         row_cards=3 + seed % 2):
            taken |= check(before, move)
    # The rarest steps, on states made for them: a refill that finds no card, before and
    # after a reshuffle.
    refill = make(("R", "OO"), rows=("TDR", "DPM", "WRF", "OTD"), deck="", discard="")
    taken |= check(refill, Lay(0, "R", 0, "left"))
    waiting = play(make(("R", "OO"), rows=("TDR", "DPM", "WRF", "OTD"), deck="",
                        discard="RR"), "0:lay R 0 left")
    taken |= check(waiting, Reshuffle("RR"))
    assert declared_edges() == taken


def test_the_table_and_the_diagram_come_from_the_declaration() -> None:
    assert 22 == len(PHASES.next)
    assert {Phase.REFILL, Phase.DRAW, Phase.TURN_END, Phase.ROUND_END, Phase.DEAL} \
        == PHASES.automatic
    assert {"lay"} == PHASES.actions[Phase.LAY]
    assert {"draw", "nodraw"} == PHASES.actions[Phase.DRAW_OPTION]
    assert {"fly", "nofly"} == PHASES.actions[Phase.FLOCK]
    assert {"reshuffle"} == PHASES.actions[Phase.RESHUFFLE]
    assert {Phase.GAME_END} == PHASES.final
    drawn = CUBIRDS.phases.diagram()
    for (source, trigger), destination in PHASES.next.items():
        assert re.search(rf"{source.value} --> {destination.value}: .*\b{trigger.value}\b",
                         drawn)
    # The diagram in the phases module's docstring is this one.
    doc = phases_module.__doc__ or ""
    shown = doc.split("```mermaid\n", 1)[1].split("```", 1)[0]
    lines = [line.strip() for line in drawn.splitlines() if line.strip()]
    assert lines[lines.index("stateDiagram-v2"):] == [
        line.strip() for line in shown.splitlines() if line.strip()]


def test_the_resting_phases_are_the_ones_a_view_shows() -> None:
    resting = {phase for phase in Phase if phase not in PHASES.automatic}
    assert {Phase.LAY, Phase.DRAW_OPTION, Phase.FLOCK, Phase.RESHUFFLE, Phase.GAME_END} \
        == resting
