"""Boxes' phase machine: every step the rules take is an edge of the real ``transitions``
Machine, every declared edge is taken, and the compiled table and the Mermaid diagram in
the phases module agree with the declaration.

The rules do not call the Machine (a trigger costs microseconds); a move's events say
which steps it took, and those steps are fired at the real Machine here.
"""

from __future__ import annotations

import random

from boxes_helpers import make, play_with_events

from aves_core.games.boxes import phases as phases_module
from aves_core.games.boxes.events import AuctionWon, Event, GameEnded, Paid, Revealed, Undone
from aves_core.games.boxes.game import BOXES
from aves_core.games.boxes.moves import Auction, Move, Pay, Seal
from aves_core.games.boxes.phases import PHASES, Phase, Trigger
from aves_core.games.boxes.rules import legal_moves
from aves_core.games.boxes.state import BoxesState

Edge = tuple[Phase, Trigger, Phase]
T = Trigger


class _Model:
    """A bare model for the real Machine."""

    state: str


def _sold(events: tuple[Event, ...]) -> list[Trigger]:
    return [T.LAST_SOLD if any(isinstance(event, GameEnded) for event in events) else T.SOLD]


def triggers(before: BoxesState, move: Move, events: tuple[Event, ...],
             after: BoxesState) -> list[Trigger]:
    """The steps a move took, read from its events."""
    if isinstance(move, Auction):
        return [T.CHOSEN]
    if isinstance(move, Pay):
        return _sold(events)
    if isinstance(move, Seal):
        revealed = [event for event in events if isinstance(event, Revealed)]
        if not revealed:
            return []
        return [T.TIE] if len(revealed[0].top) > 1 else _sold(events)
    if any(isinstance(event, AuctionWon) for event in events):  # a bid or pass
        # One way to pay: paid and sold at once (BX17); else the winner chooses.
        return _sold(events) if any(isinstance(event, Paid) for event in events) else [T.WON]
    if before.phase is Phase.EXAMINE and after.phase is not Phase.EXAMINE:
        return [T.EXAMINED_SEALED if after.auction == "sealed" else T.EXAMINED_OPEN]
    return []


def fire(source: Phase, steps: list[Trigger]) -> tuple[Phase, list[Edge]]:
    """The phase the real Machine reaches from ``source`` by ``steps``, and its edges."""
    model = _Model()
    PHASES.machine.add_model(model, initial=source.value)
    edges = []
    try:
        for trigger in steps:
            before = Phase(model.state)
            getattr(model, trigger.value)()
            edges.append((before, trigger, Phase(model.state)))
    finally:
        PHASES.machine.remove_model(model)
    return Phase(model.state), edges


def check(before: BoxesState, move: Move) -> set[Edge]:
    after, events = BOXES.apply_with_events(before, move)
    reached, edges = fire(before.phase, triggers(before, move, events, after))
    assert after.phase is reached  # the rules rest where the Machine does
    return set(edges)


def test_every_step_of_the_rules_is_an_edge_of_the_machine_and_every_edge_is_taken() -> None:
    taken: set[Edge] = set()
    for seed in range(30):
        rng = random.Random(seed)
        count = 2 + seed % 3
        state = BOXES.start(count, BOXES.new_setup(count, BOXES.default_options(), seed))
        while state.result is None:
            move = rng.choice(legal_moves(state))
            taken |= check(state, move)
            state = BOXES.apply(state, move)
    # A tie, made on purpose: random commits rarely tie.
    sealed, _events = play_with_events(make(2), "0:auction sealed", "0:stop", "1:stop")
    taken |= check(play_with_events(sealed, "0:seal 50")[0], BOXES.parse_move("1:seal 50"))
    # The auctioneer's choice taken back: the undo's event names the phase it returns to.
    chosen, events = play_with_events(make(2), "0:auction open")
    undo = BOXES.undo(make(2), BOXES.parse_move("0:auction open"), events, chosen, 0)
    assert undo is not None
    assert isinstance(undo[0], Undone)
    reached, edges = fire(chosen.phase, [T.TAKEN_BACK])
    assert reached.value == undo[0].phase
    taken |= set(edges)
    assert {(source, trigger, destination)
            for (source, trigger), destination in PHASES.next.items()} == taken


def test_the_table_and_the_diagram_come_from_the_declaration() -> None:
    assert 12 == len(PHASES.next)
    assert frozenset() == PHASES.automatic
    assert {"examine", "stop"} == PHASES.actions[Phase.EXAMINE]
    assert {"seal"} == PHASES.actions[Phase.SEALED_BID]
    assert {Phase.GAME_END} == PHASES.final
    drawn = BOXES.phases.diagram()
    for (source, trigger), destination in PHASES.next.items():
        assert f"{source.value} --> {destination.value}: {trigger.value}" in drawn
    doc = phases_module.__doc__ or ""
    shown = doc.split("```mermaid\n", 1)[1].split("```", 1)[0]
    lines = [line.strip() for line in drawn.splitlines() if line.strip()]
    assert lines[lines.index("stateDiagram-v2"):] == [
        line.strip() for line in shown.splitlines() if line.strip()]
