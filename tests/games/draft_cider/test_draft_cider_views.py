# ruff: noqa: N802
"""What each seat of Draft Cider sees (DC20, D14): views, events, the legal
moves' ``lot_after`` and ``score_after``, ``indistinguishable`` and
the undo policy through the kernel's ``Table``."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from draft_cider_helpers import (
    as_dict,
    make,
    play,
    random_game,
    ref_lot_score,
    ref_score,
    seated,
)

from aves_core.games.draft_cider.cards import DECK, LOTS
from aves_core.games.draft_cider.events import (
    Event,
    GameEnded,
    Picked,
    PickUndone,
    PoolLaid,
    TurnStarted,
)
from aves_core.games.draft_cider.game import DRAFT_CIDER
from aves_core.games.draft_cider.moves import Pick
from aves_core.games.draft_cider.phases import Phase
from aves_core.games.draft_cider.rules import legal_moves
from aves_core.games.draft_cider.state import DraftCiderOptions, DraftCiderSetup, DraftCiderState
from aves_core.games.draft_cider.views import view_for
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result
from aves_core.kernel.table import Table, UndoError


def strings(data: Any) -> set[str]:
    """Every string in a JSON value."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(strings(key) | strings(value) for key, value in data.items()))
    if isinstance(data, list):
        return set().union(*(strings(each) for each in data))
    return set()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_DC20_every_seat_sees_the_whole_table_and_no_undealt_card(players: int) -> None:
    rng = random.Random(players)
    state = DRAFT_CIDER.start(players, DRAFT_CIDER.new_setup(players, DraftCiderOptions(),
                                                             players))
    while True:
        hidden = set(state.undealt)
        views = [view_for(state, seat) for seat in [*range(players), None]]
        for view in views:
            assert (state.pool, state.orchards, state.scores, state.active, state.round,
                    state.phase, state.result, len(hidden)) == (
                view.pool, view.orchards, view.scores, view.active, view.round, view.phase,
                view.result, view.undealt)
            assert view.lot_scores == tuple(state.lot_scores(seat) for seat in range(players))
            assert not strings(DRAFT_CIDER.view_to_json(view)) & hidden
            assert not any(card in repr(view) for card in hidden)
            mine = view.seat is not None and view.seat == state.active
            assert (legal_moves(state) if mine else ()) == view.legal_moves
            assert len(view.legal_moves) == len(view.lot_after) == len(view.score_after)
        if state.result is not None:
            break
        after, events = DRAFT_CIDER.apply_with_events(state, rng.choice(legal_moves(state)))
        for seat in [*range(players), None]:
            told = DRAFT_CIDER.events_for(events, seat)
            assert told == events
            assert not strings([DRAFT_CIDER.event_to_json(event) for event in told]) & set(
                after.undealt)
        state = after


def test_D14_the_undealt_deck_is_never_in_an_event_before_its_pool_is_laid() -> None:
    state = make(2)
    seen: set[str] = set(state.pool)
    while state.result is None:
        state, events = DRAFT_CIDER.apply_with_events(state, legal_moves(state)[-1])
        for event in events:
            if isinstance(event, PoolLaid):
                assert event.cards == state.pool
                seen |= set(event.cards)
            text = json.dumps(DRAFT_CIDER.event_to_json(event))
            assert not any(card in text for card in DECK if card not in seen)
    assert 24 == len(seen)


def test_the_events_of_a_pick_a_new_pool_and_the_end() -> None:
    state = make(2)
    after, events = DRAFT_CIDER.apply_with_events(state,
                                                  DRAFT_CIDER.parse_move("0:pick G12 stable"))
    assert (Picked(0, "G12", "stable", 3), TurnStarted(1)) == events
    for _ in range(4):
        after = DRAFT_CIDER.apply(after, legal_moves(after)[0])
    after, events = DRAFT_CIDER.apply_with_events(after, legal_moves(after)[0])
    assert PoolLaid(2, 1, DECK[6:12]) == events[1]
    assert TurnStarted(1) == events[2]
    assert 3 == len(events)
    while after.result is None:
        after, events = DRAFT_CIDER.apply_with_events(after, Pick(after.active or 0,
                                                           after.pool[0], "bad"))
    assert GameEnded(after.result, after.scores) == events[-1]
    assert 2 == len(events)
    for event in events:
        assert event == DRAFT_CIDER.event_from_json(
            json.loads(json.dumps(DRAFT_CIDER.event_to_json(event))))
    assert {"type": "picked", "seat": 0, "card": "G12", "lot": "stable", "score": 3} == (
        DRAFT_CIDER.event_to_json(Picked(0, "G12", "stable", 3)))


def test_lot_after_and_score_after_are_each_moves_lot_and_total() -> None:
    for seed in range(3):
        for state in random_game(3, seed, bad_points=seed - 1)[::5]:
            if state.result is not None:
                continue
            seat = state.active
            assert seat is not None
            view = view_for(state, seat)
            for move, lot, total in zip(view.legal_moves, view.lot_after, view.score_after,
                                        strict=True):
                orchard = as_dict(state.orchards[seat])
                orchard[move.lot].append(move.card)
                assert lot == ref_lot_score(move.lot, orchard[move.lot], orchard, seed - 1)
                assert total == ref_score(orchard, seed - 1)
                after = DRAFT_CIDER.apply(state, move)
                assert (lot, total) == (after.lot_scores(seat)[LOTS.index(move.lot)],
                                        after.scores[seat])


def test_score_after_shows_a_tree_broken_by_the_card() -> None:
    state = seated({"tree": ["Y44"], "mono": ["G11"]}, ("Y12", "G31"))
    assert 21 == state.scores[0]
    view = view_for(state, 0)
    after = {(move.card, move.lot): (lot, total) for move, lot, total in zip(
        view.legal_moves, view.lot_after, view.score_after, strict=True)}
    assert (0, 1) == after["Y12", "feather"]  # the tree lost its 20
    assert (0, 1) == after["Y12", "unlucky"]
    assert (-1, 20) == after["Y12", "bad"]  # bad keeps it
    assert (3, 23) == after["G31", "mono"]
    assert (3, 24) == after["G31", "stable"]
    assert ("Y12", "mono") not in after
    assert ("Y12", "tree") not in after
    other = view_for(state, 1)
    assert ((), (), ()) == (other.legal_moves, other.lot_after, other.score_after)
    assert ((), (), ()) == (view_for(state, None).legal_moves,
                            view_for(state, None).lot_after, view_for(state, None).score_after)


def test_a_view_of_the_end_offers_nothing() -> None:
    end = random_game(2, 4)[-1]
    for seat in (0, 1, None):
        view = view_for(end, seat)
        assert (Phase.GAME_END, None, (), (), end.result) == (
            view.phase, view.active, view.to_move, view.legal_moves, view.result)
    data = DRAFT_CIDER.view_to_json(view_for(end, 0))
    assert ("gameEnd", [], 51) == (data["phase"], data["to_move"], data["undealt"])


def test_views_and_events_check_their_arguments() -> None:
    state = make(3)
    for seat in (3, -1, True, "0"):
        with pytest.raises(ArgumentError):
            view_for(state, seat)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        view_for("state", 0)  # type: ignore[arg-type]
    # Events are all public: the kernel's events_for tells them as they are.
    assert (TurnStarted(0),) == DRAFT_CIDER.events_for(iter([TurnStarted(0)]), 2)


def test_indistinguishable_redraws_only_the_deck_below_the_pool() -> None:
    state = play(make(3, 0, DECK[::-1]), "0:pick R55 tree", "1:pick R54 mono")
    rng = random.Random(2)
    others = [DRAFT_CIDER.indistinguishable(state, seat, rng)
              for seat in (0, 1, 2, None) for _ in range(5)]
    assert len({other.undealt for other in others}) > 1
    for other in others:
        assert sorted(other.undealt) == sorted(state.undealt)
        assert other.deck[:6] == state.deck[:6]
        assert (other.pool, other.orchards, other.active) == (state.pool, state.orchards,
                                                              state.active)
        for seat in (0, 1, 2, None):
            assert view_for(other, seat) == view_for(state, seat)
    with pytest.raises(ArgumentError):
        DRAFT_CIDER.indistinguishable("state", 0, rng)  # type: ignore[arg-type]


# --- undo through the kernel's table --------------------------------------------------------


def table_of(players: int = 3, first: int = 0) -> Table:
    return Table(DRAFT_CIDER, [f"p{seat}" for seat in range(players)],
                 setup=DraftCiderSetup(-1, DECK, first))


def test_undo_takes_a_pick_back_until_the_next_seat_picks() -> None:
    table = table_of()
    before = table.state
    views = {seat: table.view(seat) for seat in (0, 1, 2, None)}
    table.play(DRAFT_CIDER.parse_move("0:pick G13 stable"))
    assert not table.can_undo(1)  # not its pick
    assert table.can_undo(0)
    events = table.undo(0)
    assert table.state == before
    assert ("G11", "G12", "G13", "G14", "G15", "G21") == table.state.pool  # back in place
    for seat, view in views.items():
        assert (PickUndone(0, "G13", "stable", 2),) == events[seat]
        assert view == table.view(seat)
    assert 0 == table.move_count
    table.play(DRAFT_CIDER.parse_move("0:pick G13 stable"))
    table.play(DRAFT_CIDER.parse_move("1:pick G11 mono"))
    assert not table.can_undo(0)  # the next seat has picked
    with pytest.raises(UndoError):
        table.undo(0)
    assert table.can_undo(1)
    table.undo(1)
    assert ("G11", "G12", "G14", "G15", "G21") == table.state.pool
    assert (1, ("G13",)) == (table.state.active, table.state.orchards[0][6])


def test_undo_never_takes_back_a_pick_that_laid_out_a_pool_or_ended_the_game() -> None:
    table = table_of(2)
    for _ in range(5):
        state = table.state
        table.play(Pick(state.active, state.pool[0], "bad"))
    assert table.can_undo(0)  # seat 0 picked fifth
    table.play(Pick(1, table.state.pool[0], "bad"))  # empties the pool: round 2 laid out
    assert 2 == table.state.round
    assert not table.can_undo(1)
    assert not table.can_undo(0)
    while table.state.result is None:
        state = table.state
        table.play(Pick(state.active, state.pool[0], "bad"))
    assert not any(table.can_undo(seat) for seat in (0, 1))


def test_undo_policy_directly() -> None:
    state = make(2)
    move = DRAFT_CIDER.parse_move("0:pick G15 forte")
    after, events = DRAFT_CIDER.apply_with_events(state, move)
    assert (PickUndone(0, "G15", "forte", 4),) == DRAFT_CIDER.undo(state, move, events,
                                                                    after, 0)
    assert DRAFT_CIDER.undo(state, move, events, after, 1) is None
    assert DRAFT_CIDER.undo(state, "0:pick G15 forte", events, after,  # type: ignore[arg-type]
                            0) is None
    ended = DraftCiderState(after.options, after.deck, after.first, after.round, after.pool,
                            after.orchards, Phase.GAME_END, None, Result((0,), "most_points"))
    assert DRAFT_CIDER.undo(state, move, events, ended, 0) is None


def test_every_event_and_a_view_go_through_json() -> None:
    events: list[Event] = [Picked(1, "Y34", "feather", 2), PoolLaid(2, 1, ("G11", "G12")),
              TurnStarted(1), GameEnded(Result((0, 1), "most_points"), (3, 3)),
              PickUndone(0, "G13", "stable", 2)]
    tags = []
    for event in events:
        data = json.loads(json.dumps(DRAFT_CIDER.event_to_json(event)))
        tags.append(data["type"])
        assert event == DRAFT_CIDER.event_from_json(data)
    assert ["picked", "pool_laid", "turn_started", "game_ended", "pick_undone"] == tags
    state = make(2, first=1)
    data = json.loads(json.dumps(DRAFT_CIDER.view_to_json(view_for(state, 1))))
    assert ("pick", [1], 1, 1, 4, 69, -1) == (data["phase"], data["to_move"], data["seat"],
                                               data["round"], data["rounds"],
                                               data["undealt"], data["bad_points"])
    assert "1:pick G11 mono" == data["legal_notation"][0]
    assert 48 == len(data["legal_moves"]) == len(data["lot_after"]) == len(
        data["score_after"])
    assert [list(lot) for lot in ((),) * 8] == data["orchards"][0]
