"""Soulaween's phase machine: every step the rules take is an edge of the real
``transitions`` Machine, every declared edge is taken by some game, and the compiled table
and the Mermaid diagram agree with the declaration.

The rules do not call the Machine (a trigger costs microseconds); a move's events say
which steps it took (a put, then no pattern, one pattern or several; a reap won or not;
a rotation due or the next turn), and those steps are fired at the real Machine here.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from aves_core import get_game
from aves_core.games.soulaween.events import (
    Event,
    GameEnded,
    PiecesReaped,
    ReapDue,
    RotationDue,
)
from aves_core.games.soulaween.moves import Move, Put, Reap
from aves_core.games.soulaween.phases import PHASES, Phase, Trigger
from aves_core.games.soulaween.rules import legal_moves
from aves_core.games.soulaween.state import CHARACTERS, SoulaweenOptions

SOULAWEEN = get_game("soulaween")
Edge = tuple[Phase, Trigger, Phase]


class _Model:
    """A bare model for the real Machine."""

    state: str


def triggers(move: Move, events: tuple[Event, ...]) -> list[Trigger]:
    """The steps a move took, read from its events."""
    kinds = {type(event) for event in events}
    steps: list[Trigger] = []
    if isinstance(move, Put):
        steps.append(Trigger.PUT)
        if ReapDue in kinds:
            return [*steps, Trigger.PATTERNS]
        steps.append(Trigger.ONE_PATTERN if PiecesReaped in kinds else Trigger.NO_PATTERN)
    elif isinstance(move, Reap):
        steps.append(Trigger.CHOSEN)
    else:  # rotate or keep
        return [Trigger.NEXT_TURN]
    if PiecesReaped in kinds:
        steps.append(Trigger.WIN if GameEnded in kinds else Trigger.REAPED)
        if GameEnded in kinds:
            return steps
    steps.append(Trigger.ROTATION_DUE if RotationDue in kinds else Trigger.NEXT_TURN)
    return steps


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


def play_and_fire(options: SoulaweenOptions, seed: int, moves: int) -> set[Edge]:
    rng = random.Random(seed)
    state = SOULAWEEN.start(2, SOULAWEEN.new_setup(2, options, seed))
    taken: set[Edge] = set()
    for _ in range(moves):
        legal = legal_moves(state)
        if not legal:
            break
        move = rng.choice(legal)
        after, events = SOULAWEEN.apply_with_events(state, move)
        reached, edges = fire(state.phase, triggers(move, events))
        assert after.phase is reached  # the rules rest where the Machine does
        taken |= set(edges)
        state = after
    return taken


@given(st.sampled_from([SoulaweenOptions(),
                        SoulaweenOptions("standard", ("hei_bai", "hei_bai")),
                        SoulaweenOptions("standard", (CHARACTERS[0], CHARACTERS[1]))]),
       st.integers(0, 2**32))
def test_every_step_of_the_rules_is_an_edge_of_the_machine(options: SoulaweenOptions,
                                                          seed: int) -> None:
    assert play_and_fire(options, seed, 200) <= declared_edges()


def test_every_declared_edge_is_taken_by_some_game() -> None:
    taken: set[Edge] = set()
    for seed in range(60):
        for options in (SoulaweenOptions(), SoulaweenOptions("standard")):
            taken |= play_and_fire(options, seed, 300)
    assert declared_edges() == taken


def test_the_table_and_the_diagram_come_from_the_declaration() -> None:
    assert 10 == len(PHASES.next)
    assert {Phase.FLIP, Phase.REAP, Phase.CLEANUP} == PHASES.automatic
    assert {"put"} == PHASES.actions[Phase.PLAYER_TURN]
    assert {"rotate", "keep"} == PHASES.actions[Phase.CHOOSE_ROTATION]
    drawn = SOULAWEEN.phases.diagram()
    for (source, trigger), destination in PHASES.next.items():
        assert f"{source.value} --> {destination.value}: {trigger.value}" in drawn
    # The diagram in docs/soulaween.md is this one.
    from pathlib import Path

    page = (Path(__file__).resolve().parents[3] / "docs" / "soulaween.md").read_text()
    shown = page.split("```mermaid\n", 1)[1].split("```", 1)[0]
    lines = [line.strip() for line in drawn.splitlines() if line.strip()]
    assert lines[lines.index("stateDiagram-v2"):] == [
        line.strip() for line in shown.splitlines() if line.strip()]
