"""The phase machine: every transition the engine takes (as a move's events tell it) is an
edge of the real ``transitions`` Machine, every declared edge is taken by some game, and the
tables compiled from the declaration (PHASES.next, PHASES.actions) and its Mermaid diagram
agree with it."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given
from strategies import (
    MATCH_BIASES,
    MOVE_TYPE_NAMES,
    Playout,
    holds_seven_colors,
    is_match,
    play,
    playouts,
)

from aves_core import (
    GameState,
    Move,
    Phase,
    Trade,
    Variant,
    apply_move_with_events,
    diagram,
    legal_moves,
)
from aves_core.games.aves.events import CircleRefilled, GameEnded, ReturnDue, TurnStarted
from aves_core.games.aves.phases import PHASES, Trigger

Edge = tuple[Phase, Trigger, Phase]
MACHINE = PHASES.machine
NEXT_PHASE = PHASES.next
PHASE_ACTIONS = PHASES.actions
AUTOMATIC_PHASES = PHASES.automatic
# The event by which a move tells each phase transition it takes.
TRIGGERS = {CircleRefilled: Trigger.REFILL, ReturnDue: Trigger.OVER_LIMIT,
            GameEnded: Trigger.END_GAME, TurnStarted: Trigger.NEXT_TURN}


class _Model:
    """A bare model for the real Machine (transitions sets ``state`` and trigger methods)."""

    state: str


def machine_step(source: Phase, trigger: Trigger) -> Phase | None:
    """Where the real Machine goes from ``source`` on ``trigger``; None if it refuses."""
    model = _Model()
    MACHINE.add_model(model, initial=source.value)
    try:
        fired = model.trigger(trigger.value)  # type: ignore[attr-defined]
    except Exception:  # transitions raises MachineError for an undeclared edge
        return None
    finally:
        MACHINE.remove_model(model)
    assert fired is True
    return Phase(model.state)


def declared_edges() -> set[Edge]:
    """Every (source, trigger, dest) the Machine declares, read from MACHINE.events."""
    edges: set[Edge] = set()
    for trigger_name, event in MACHINE.events.items():
        for source_name, transitions in event.transitions.items():
            for transition in transitions:
                edges.add((Phase(source_name), Trigger(trigger_name), Phase(transition.dest)))
    return edges


def traced(before: GameState, move: Move) -> tuple[GameState, list[Edge]]:
    """Apply ``move`` with its events; return the state and the trail of transitions the
    events tell, each followed on the declared table (a KeyError: an undeclared one)."""
    after, events = apply_move_with_events(before, move)
    trail: list[Edge] = []
    phase = before.phase
    for event in events:
        trigger = TRIGGERS.get(type(event))
        if trigger is not None:
            trail.append((phase, trigger, NEXT_PHASE[phase, trigger]))
            phase = trail[-1][2]
    return after, trail


def check_step(before: GameState, move: Move, after: GameState, trail: list[Edge]) -> None:
    """The trail of one move: real Machine edges, chained from ``before`` to ``after``, and
    taken for the reasons RULES.md gives."""
    assert [] != trail
    for source, trigger, dest in trail:
        assert dest == machine_step(source, trigger), (source, trigger)
    assert before.phase is trail[0][0]
    for (_, _, dest), (source, _, _) in itertools.pairwise(trail):
        assert dest is source
    assert after.phase is trail[-1][2]
    triggers = [trigger for _, trigger, _ in trail]
    # Why each trigger fires: a match that leaves one card refills, eight cards force a
    # return, the end conditions end the game, and otherwise play passes on.
    refilled = isinstance(move, Trade) and is_match(before, move) and len(before.circle) == 2
    assert refilled == (Trigger.REFILL in triggers)
    assert (after.phase is Phase.FORCED_RETURN) == (Trigger.OVER_LIMIT in triggers)
    assert after.is_over == (Trigger.END_GAME in triggers)
    assert (after.phase is Phase.PLAYER_TURN) == (Trigger.NEXT_TURN in triggers)
    if after.result is not None and after.result.reason == "seven_colors":
        assert holds_seven_colors(after.hands[move.player])


# --- (a) and (c): every step of random games --------------------------------------------


@given(playouts())
def test_every_transition_is_a_machine_edge_and_chains(playout: Playout) -> None:
    for before, move, expected in playout.steps():
        after, trail = traced(before, move)
        assert expected == after  # apply_move_with_events and apply_move agree
        check_step(before, move, after, trail)


def test_machine_step_refuses_undeclared_edges() -> None:
    """The checker above can fail: the real Machine refuses what it does not declare."""
    assert machine_step(Phase.FORCED_RETURN, Trigger.REFILL) is None
    assert machine_step(Phase.GAME_END, Trigger.NEXT_TURN) is None
    assert machine_step(Phase.FORCED_RETURN, Trigger.OVER_LIMIT) is None
    assert Phase.CIRCLE_REFILL is machine_step(Phase.PLAYER_TURN, Trigger.REFILL)


# --- (b): every declared edge is taken ---------------------------------------------------


def _seeded_playouts() -> list[Playout]:
    """240 seeded games: every player count, with and without crows, every match bias."""
    return [
        play(num_players, Variant(crows=crows), seed, policy_seed=seed,
             match_bias=MATCH_BIASES[seed % len(MATCH_BIASES)], max_moves=300)
        for num_players in range(2, 7)
        for crows in (False, True)
        for seed in range(24)
    ]


def test_every_declared_edge_is_taken() -> None:
    taken: set[Edge] = set()
    for playout in _seeded_playouts():
        for before, move, expected in playout.steps():
            after, trail = traced(before, move)
            assert expected == after
            check_step(before, move, after, trail)
            taken.update(trail)
    assert declared_edges() == taken


# --- (d): the compiled table ---------------------------------------------------------------


def test_next_phase_is_the_machines_edges() -> None:
    assert {(source, trigger): dest for source, trigger, dest in declared_edges()} == NEXT_PHASE


def test_machine_declares_the_rules_edges() -> None:
    """RULES.md's flow: refill before the forced return, the end checked after the turn."""
    p, t = Phase, Trigger
    assert {
        (p.PLAYER_TURN, t.NEXT_TURN, p.PLAYER_TURN),
        (p.PLAYER_TURN, t.REFILL, p.CIRCLE_REFILL),
        (p.PLAYER_TURN, t.OVER_LIMIT, p.FORCED_RETURN),
        (p.PLAYER_TURN, t.END_GAME, p.GAME_END),
        (p.CIRCLE_REFILL, t.NEXT_TURN, p.PLAYER_TURN),
        (p.CIRCLE_REFILL, t.OVER_LIMIT, p.FORCED_RETURN),
        (p.CIRCLE_REFILL, t.END_GAME, p.GAME_END),
        (p.FORCED_RETURN, t.NEXT_TURN, p.PLAYER_TURN),
        (p.FORCED_RETURN, t.END_GAME, p.GAME_END),
    } == declared_edges()
    assert {phase.value for phase in Phase} == set(MACHINE.states)


# --- (e): the diagram ----------------------------------------------------------------------

_EDGE_LINE = re.compile(r"^\s*(\w+)\s*-->\s*(\w+)\s*:\s*(\w+)\s*$")


def test_diagram_is_mermaid_with_every_phase_and_edge() -> None:
    text = diagram()
    assert "stateDiagram-v2" in text.split()
    for phase in Phase:
        assert phase.value in text
    drawn = {
        (Phase(found[1]), Trigger(found[3]), Phase(found[2]))
        for found in map(_EDGE_LINE.match, text.splitlines())
        if found is not None
    }
    assert declared_edges() == drawn
    for source, trigger, dest in declared_edges():
        assert f"{source.value} --> {dest.value}: {trigger.value}" in text


# --- (f): which moves each phase accepts ----------------------------------------------------


def test_phase_actions_table() -> None:
    assert {
        Phase.PLAYER_TURN: frozenset({"trade", "pass"}),
        Phase.FORCED_RETURN: frozenset({"return"}),
        Phase.CIRCLE_REFILL: frozenset(),
        Phase.GAME_END: frozenset(),
    } == PHASE_ACTIONS
    assert frozenset({Phase.CIRCLE_REFILL}) == AUTOMATIC_PHASES


@given(playouts())
def test_legal_moves_are_the_phases_actions(playout: Playout) -> None:
    for state in playout.states:
        kinds = {MOVE_TYPE_NAMES[type(move)] for move in legal_moves(state)}
        assert state.phase not in AUTOMATIC_PHASES
        assert kinds <= PHASE_ACTIONS[state.phase]
        if state.phase is Phase.FORCED_RETURN:
            assert {"return"} == kinds
        elif state.phase is Phase.GAME_END:
            assert set() == kinds
        else:
            assert kinds in ({"trade"}, {"pass"})


@pytest.mark.parametrize("phase", list(Phase), ids=lambda phase: phase.value)
def test_every_phase_is_a_machine_state(phase: Phase) -> None:
    assert phase.value in MACHINE.states
    assert phase in PHASE_ACTIONS
