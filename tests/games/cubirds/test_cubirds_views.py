"""What each seat may see of Cubirds (CB18): views, the redaction of events, undo, JSON,
and ``indistinguishable``.
"""

# The tests are named after the rules they prove (test_CB18_...), as RULES-cubirds.md
# writes them.
# ruff: noqa: N802

from __future__ import annotations

import json
import random

import attrs
import pytest
from cubirds_helpers import make, parse_move, play, play_with_events, random_game

from aves_core.games.cubirds.cards import counts_of
from aves_core.games.cubirds.events import (
    CardsDealt,
    CardsDrawn,
    DrawDeclined,
    DrawOffered,
    Event,
    FlockDeclined,
    FlockDue,
    Flown,
    GameEnded,
    Laid,
    LayUndone,
    NoDrawUndone,
    Reshuffled,
    ReshuffleDue,
    RoundEnded,
    RowRefilled,
    TurnStarted,
)
from aves_core.games.cubirds.game import CUBIRDS
from aves_core.games.cubirds.moves import Fly, Lay, NoFly, Reshuffle
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.state import CubirdsState, Pending
from aves_core.games.cubirds.views import CubirdsView, view_for
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result


def test_CB18_a_seat_sees_its_own_hand_and_everything_public() -> None:
    state = make(("PPRRD", "OOW", "MMM"), rows=("FOT", "OFPM", "WRF", "OTD"), deck="MMW",
                 collections=("F", "T", "DD"), active=1, dealer=2)
    view = view_for(state, 0)
    assert (0, Phase.LAY, 1, (1,), 2) == (view.seat, view.phase, view.active, view.to_move,
                                         view.dealer)
    assert counts_of("PPRRD") == view.hand
    assert ((5, 3, 3), state.rows, state.collections) == (view.hand_sizes, view.rows,
                                                          view.collections)
    assert (3, state.discard, False, None, None, None) == (
        view.deck_size, view.discard, view.draw_offered, view.pending, view.result, view.ranks)
    assert () == view.legal_moves
    assert not view.is_my_turn
    mover = view_for(state, 1)
    assert counts_of("OOW") == mover.hand
    assert mover.is_my_turn
    assert mover.legal_moves == CUBIRDS.legal_moves(state)
    spectator = view_for(state, None)
    assert (None, None, ()) == (spectator.seat, spectator.hand, spectator.legal_moves)
    with pytest.raises(ArgumentError):
        view_for(state, 3)
    with pytest.raises(ArgumentError):
        view_for(state, True)


def test_CB18_nobody_sees_the_deck_order_nor_another_seats_hand() -> None:
    one = make(("PPRRD", "OOW"), deck="MMWRF")
    other_deck = attrs.evolve(one, deck="FRWMM")
    other_hand = make(("PPRRD", "OWW"), deck="MMORF")
    for seat in (0, 1, None):
        assert view_for(one, seat) == view_for(other_deck, seat)
        assert CUBIRDS.view_to_json(view_for(one, seat)) == CUBIRDS.view_to_json(
            view_for(other_deck, seat))
    assert view_for(one, 0) == view_for(other_hand, 0)
    assert view_for(one, None) == view_for(other_hand, None)
    assert view_for(one, 1) != view_for(other_hand, 1)
    data = CUBIRDS.view_to_json(view_for(one, 0))
    assert "deck" not in data
    assert "MMWRF" not in json.dumps(data)


def test_CB18_drawn_cards_are_their_owners_alone() -> None:
    state = play(make(("DPP", "OO", "DD"), rows=("FOT", "DPM", "OTD", "WRF"), deck="PWRM",
                      active=2), "2:lay D 2 right")
    _after, events = play_with_events(state, "2:draw")
    assert CardsDrawn(2, 2, "PW") in CUBIRDS.events_for(events, 2)
    for seat in (0, 1, None):
        seen = CUBIRDS.events_for(events, seat)
        assert CardsDrawn(2, 2, None) in seen
        assert "PW" not in repr(seen)
        assert "PW" not in json.dumps([CUBIRDS.event_to_json(event) for event in seen])


def test_CB18_dealt_cards_are_their_owners_alone_and_round_end_discards_are_public() -> None:
    deck = "FFOOTTDD" + "PPMMWWRR"
    state = play(make(("FOT", "WW"), rows=("FOT", "DPM", "WRF", "OTD"), deck=deck, active=1),
                 "1:lay W 3 right", "1:nodraw")
    _after, events = play_with_events(state, "1:nofly")
    assert RoundEnded(1, counts_of("FOT")) in CUBIRDS.events_for(events, None)
    for seat in (0, 1, None):
        dealt = [event for event in CUBIRDS.events_for(events, seat)
                 if isinstance(event, CardsDealt)]
        assert [(0, 8), (1, 8)] == [(event.seat, event.count) for event in dealt]
        assert [event.seat == seat for event in dealt] == [event.cards is not None
                                                           for event in dealt]
    assert CardsDealt(0, 8, "FFOOTTDD") in CUBIRDS.events_for(events, 0)


def test_CB18_a_reshuffle_tells_only_the_new_decks_size() -> None:
    assert ["size"] == [field.name for field in attrs.fields(Reshuffled)]
    state = play(make(("DDW", "OO"), rows=("OTD", "DPM", "WRF", "FOT"), deck="",
                      discard="WRRM"), "0:lay D 0 right", "0:draw")
    seen = set()
    for deck in ("WRRM", "MRRW", "RWMR"):
        _after, events = CUBIRDS.apply_with_events(state, Reshuffle(deck))
        assert Reshuffled(4) == events[0]
        for seat in (0, 1, None):
            shown = CUBIRDS.events_for(events, seat)
            seen.add((seat, repr(shown[0]), json.dumps(CUBIRDS.event_to_json(shown[0]))))
    assert 3 == len(seen)  # one for each seat: the same whatever the order
    assert {"type": "reshuffled", "size": 4} == CUBIRDS.event_to_json(Reshuffled(4))


def test_CB18_laid_taken_refilled_and_flown_cards_are_public() -> None:
    _after, events = play_with_events(
        make(("OO", "R"), rows=("TDR", "DPM", "WRF", "OTD"), deck="RWMO", active=1),
        "1:lay R 0 left")
    assert events == CUBIRDS.events_for(events, None) == CUBIRDS.events_for(events, 0)
    _after, events = play_with_events(make(("OOOW", "PP"), phase=Phase.FLOCK, deck="MM"),
                                      "0:fly O")
    assert Flown(0, "O", 1, 2) in CUBIRDS.events_for(events, 1)


def test_D7_the_phases_a_spectator_sees_reveal_nothing_about_a_hand() -> None:
    # A turn ends only by fly or nofly (or a refill that ends the game): every turn passes
    # through flock, so whether a seat could fly shows only when it does.
    for seed in range(8):
        for before, move, _after, events in random_game(2 + seed % 4, seed):
            ends_turn = any(isinstance(event, TurnStarted | RoundEnded) for event in events)
            ended = next((event.result for event in events if isinstance(event, GameEnded)),
                         None)
            if isinstance(move, Reshuffle):
                assert before.pending is not None
                assert not ends_turn or before.pending.kind == "deal"
            elif ends_turn or (ended is not None and ended.reason != "deck_exhausted"):
                assert isinstance(move, Fly | NoFly)
                assert Phase.FLOCK is before.phase
            elif ended is not None:  # exhausted: by a refill, or by the deal after a flock
                assert isinstance(move, Lay | Fly | NoFly)


def _undo(before: CubirdsState, text: str, seat: int) -> tuple[Event, ...] | None:
    move = parse_move(text)
    after, events = CUBIRDS.apply_with_events(before, move)
    return CUBIRDS.undo(before, move, events, after, seat)


def test_undo_a_lay_that_drew_no_card() -> None:
    plain = make(("DDP", "OO"), rows=("OTD", "DPM", "WRF", "FOT"), deck="PW")
    assert (LayUndone(0, "D", 2, 0, "right", ""),) == _undo(plain, "0:lay D 0 right", 0)
    taking = make(("PPRRD", "OO"), rows=("FOT", "OFPM", "WRF", "OTD"), deck="MMW")
    assert (LayUndone(0, "P", 2, 1, "left", "OF"),) == _undo(taking, "0:lay P 1 left", 0)
    right = make(("PD", "OO"), rows=("FOT", "MPOF", "WRF", "OTD"), deck="MM")
    assert (LayUndone(0, "P", 1, 1, "right", "OF"),) == _undo(right, "0:lay P 1 right", 0)
    assert _undo(plain, "0:lay D 0 right", 1) is None  # not seat 1's move


def test_undo_a_nodraw_but_never_past_revealed_cards_or_the_turns_end() -> None:
    offered = play(make(("DDP", "OO"), rows=("OTD", "DPM", "WRF", "FOT"), deck="PW"),
                   "0:lay D 0 right")
    assert (NoDrawUndone(0),) == _undo(offered, "0:nodraw", 0)
    assert _undo(offered, "0:draw", 0) is None
    flock = play(offered, "0:nodraw")
    assert _undo(flock, "0:nofly", 0) is None
    refill = make(("OO", "R"), rows=("TDR", "DPM", "WRF", "OTD"), deck="RWMO", active=1)
    assert _undo(refill, "1:lay R 0 left", 1) is None
    to_chance = make(("R", "OO"), rows=("TDR", "DPM", "WRF", "OTD"), deck="", discard="RW")
    assert _undo(to_chance, "0:lay R 0 left", 0) is None
    to_the_end = make(("R", "OO"), rows=("TDR", "DPM", "WRF", "OTD"), deck="", discard="")
    assert _undo(to_the_end, "0:lay R 0 left", 0) is None
    fly = make(("OOOW", "PP"), phase=Phase.FLOCK, deck="MM")
    assert _undo(fly, "0:fly O", 0) is None
    assert "lay" in CUBIRDS.undo_rule
    assert "nodraw" in CUBIRDS.undo_rule


def test_every_event_round_trips_as_json() -> None:
    events: list[Event] = [
        Laid(0, "P", 2, 1, "left", "OF"), RowRefilled(0, "right", "RW"), CardsDrawn(1, 2, "PW"),
        CardsDrawn(1, 2, None), DrawDeclined(0), Flown(0, "O", 2, 2), FlockDeclined(1),
        RoundEnded(2, counts_of("FOT")), CardsDealt(0, 8, "FFOOTTDD"), CardsDealt(1, 3, None),
        Reshuffled(14), DrawOffered(0), FlockDue(1), TurnStarted(2),
        ReshuffleDue(Pending("refill", None, 0, "left")), ReshuffleDue(Pending("deal", 11)),
        GameEnded(Result((0, 2), "deck_exhausted"), (1, 3, 1)),
        LayUndone(0, "D", 2, 0, "right", ""), NoDrawUndone(0)]
    assert set(CUBIRDS.event_types) == {type(event) for event in events}
    for event in events:
        data = json.loads(json.dumps(CUBIRDS.event_to_json(event)))
        assert next(iter(data)) == "type"
        assert event == CUBIRDS.event_from_json(data)
    assert {"type": "reshuffle_due", "pending": {"kind": "deal", "count": 11, "row": None,
                                                 "side": None}} == CUBIRDS.event_to_json(
        ReshuffleDue(Pending("deal", 11)))


def test_the_view_json() -> None:
    state = play(make(("DDW", "OO"), rows=("OTD", "DPM", "WRF", "FOT"), deck="", discard="WR"),
                 "0:lay D 0 right", "0:draw")
    data = json.loads(json.dumps(CUBIRDS.view_to_json(view_for(state, 1))))
    assert {"seat", "phase", "active", "to_move", "dealer", "rows", "hand", "hand_sizes",
            "collections", "deck_size", "discard", "draw_offered", "pending", "result",
            "ranks", "legal_moves"} <= set(data)
    assert ("reshuffle", 0, [], [0, 2, 0, 0, 0, 0, 0, 0]) == (
        data["phase"], data["active"], data["to_move"], data["hand"])
    assert {"kind": "draw", "count": 2, "row": None, "side": None} == data["pending"]
    assert isinstance(CUBIRDS.view(state, None), CubirdsView)


def test_indistinguishable_redraws_every_hidden_card_and_nothing_else() -> None:
    state = make(("PPRRD", "OOW", "MMMF"), deck="TTDDWWRR")
    changed = {"deck": False, "hand": False}
    for seed in range(20):
        rng = random.Random(seed)
        for seat in (0, 1, 2, None):
            other = CUBIRDS.indistinguishable(state, seat, rng)
            assert view_for(state, seat) == view_for(other, seat)
            assert 110 == other.card_count()
            assert state.collections == other.collections
            assert state.rows == other.rows
            if seat is not None:
                assert state.hands[seat] == other.hands[seat]
            changed["deck"] |= other.deck != state.deck
            changed["hand"] |= any(other.hands[owner] != state.hands[owner]
                                   for owner in range(3) if owner != seat)
    assert {"deck": True, "hand": True} == changed
