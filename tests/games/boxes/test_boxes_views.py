"""What each seat of Boxes sees (BX21-BX23): views, events redacted per seat, the
simultaneous sealed auction as the kernel runs it, ``indistinguishable`` and the undo
policy."""

from __future__ import annotations

import random

import attrs
import pytest
from boxes_helpers import all_stop, make, play, play_with_events, random_game

from aves_core.games.boxes.events import AuctionChosen, Committed, Examined, Sold, Undone
from aves_core.games.boxes.game import BOXES
from aves_core.games.boxes.moves import Seal
from aves_core.games.boxes.phases import Phase
from aves_core.games.boxes.rules import legal_moves
from aves_core.games.boxes.state import BoxesState
from aves_core.games.boxes.views import PUBLIC, SeenLook, indistinguishable, view_for
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.table import Table

parse_move = BOXES.parse_move
events_for = BOXES.events_for


def test_a_sealed_auction_moves_every_uncommitted_seat_at_once() -> None:
    state = all_stop(play(make(3), "0:auction sealed"))
    assert (0, 1, 2) == BOXES.to_move(state)
    assert 3 * 625 == len(legal_moves(state))
    for seat in range(3):
        mine = BOXES.view(state, seat).legal_moves
        assert {seat} == {BOXES.mover(move) for move in mine}
        assert mine == tuple(move for move in legal_moves(state) if move.player == seat)
    assert () == BOXES.view(state, None).legal_moves
    state = play(state, "1:seal 500")
    assert (0, 2) == BOXES.to_move(state)
    assert () == BOXES.view(state, 1).legal_moves
    data = BOXES.view_to_json(BOXES.view(state, 1))
    assert ("sealedBid", [0, 2], None, [], []) == (
        data["phase"], data["to_move"], data["result"], data["legal_moves"],
        data["legal_notation"])


def test_a_commit_is_shown_only_to_its_seat_until_the_reveal() -> None:
    state = all_stop(play(make(3), "0:auction sealed"))
    after, events = BOXES.apply_with_events(state, parse_move("2:seal 500 200"))
    assert (Committed(2, (500, 200)),) == events_for(events, 2)
    for seat in (0, 1, None):
        assert (Committed(2, None),) == events_for(events, seat)
        view = BOXES.view(after, seat)
        assert ((2,), None) == (view.committed, view.my_commit)
        assert "500, 200" not in repr(view)
        assert view.notes == BOXES.view(state, seat).notes  # public money unchanged


def test_examined_and_won_cards_are_their_seats_alone_in_events() -> None:
    state = play(make(2), "0:auction open")
    _after, events = play_with_events(state, "0:examine c1")
    assert [Examined(0, 1, "c1", "Y250")] == list(events_for(events, 0))
    assert [Examined(0, 1, "c1", None)] == list(events_for(events, 1))
    assert [Examined(0, 1, "c1", None)] == list(events_for(events, None))
    state = all_stop(play(make(2), "0:auction open"))
    _after, events = play_with_events(state, "0:bid 0", "1:pass")
    assert Sold(1, 0, make().container_cards(1)) in events_for(events, 0)
    assert Sold(1, 0, None) in events_for(events, 1)
    with pytest.raises(ArgumentError):
        events_for(events, 7)
    with pytest.raises(ArgumentError):
        events_for("events", 0)  # type: ignore[arg-type]


def test_the_kernels_table_plays_the_sealed_auction_in_any_order() -> None:
    table = Table(BOXES, ["a", "b", "c"],
                  setup=BOXES.new_setup(3, BOXES.default_options(), 4, first_player=0))
    for text in ("0:auction sealed", "0:stop", "1:stop", "2:stop"):
        table.play(parse_move(text))
    assert (0, 1, 2) == table.to_move
    events = table.play(parse_move("2:seal 100"))
    assert events[2] == (Committed(2, (100,)),)
    assert events[0] == events[1] == events[None] == (Committed(2, None),)
    table.play(parse_move("0:seal 50"))
    table.play(parse_move("1:seal none"))
    assert Phase.CHOOSE_AUCTION == table.state.phase
    assert 2 == table.state.container


def test_indistinguishable_redraws_unseen_cards_and_other_seats_commits() -> None:
    state = play(make(3), "0:auction sealed", "0:examine c1", "0:examine o1", "0:stop",
                 "1:stop", "2:stop", "1:seal 500", "2:seal 100")
    rng = random.Random(1)
    others = [indistinguishable(state, 0, rng) for _ in range(30)]
    assert {"Y250"} == {other.card(1, "c1") for other in others}  # seat 0 saw these
    assert {"Y50"} == {other.card(1, "o1") for other in others}
    assert len({other.card(1, "c2") for other in others}) > 1
    assert len({other.commits[1] for other in others}) > 1  # another seat's pending bid
    for other in others:
        assert view_for(other, 0) == view_for(state, 0)
    spectator = [indistinguishable(state, None, rng) for _ in range(30)]
    assert len({other.card(1, "c1") for other in spectator}) > 1


def test_indistinguishable_at_the_end_keeps_each_seats_cards() -> None:
    end = random_game(3, 2)[-1]
    rng = random.Random(0)
    for seat in (0, 1, 2, None):
        other = indistinguishable(end, seat, rng)
        for owner in range(3):
            assert sorted(end.cards_of(owner)) == sorted(other.cards_of(owner))
        assert view_for(other, seat) == view_for(end, seat)


def test_undo_takes_back_a_choice_a_stop_a_bid_or_a_pass_never_a_look_or_commit() -> None:
    start = make(3)
    after, events = play_with_events(start, "0:auction open")
    move = parse_move("0:auction open")
    undo = BOXES.undo(start, move, events, after, 0)
    assert (Undone(0, "chooseAuction", None, None, 0, (), None, None, None),) == undo
    assert events == [AuctionChosen(0, "open")]
    assert BOXES.undo(start, move, events, after, 1) is None  # only its own move
    looked, events = play_with_events(after, "0:examine c1")
    assert BOXES.undo(after, parse_move("0:examine c1"), events, looked, 0) is None
    stopped, events = play_with_events(looked, "0:stop")
    undo = BOXES.undo(looked, parse_move("0:stop"), events, stopped, 0)
    assert (Undone(0, "examine", "open", 0, 5, (), None, None, None),) == undo
    auction = all_stop(stopped)
    bid, events = play_with_events(auction, "0:bid 100")
    undo = BOXES.undo(auction, parse_move("0:bid 100"), events, bid, 0)
    assert (Undone(0, "openAuction", "open", None, 0, (0, 1, 2), None, None, 0),) == undo
    passed, events = play_with_events(bid, "1:pass")
    assert BOXES.undo(bid, parse_move("1:pass"), events, passed, 1) is not None
    won, events = play_with_events(passed, "2:pass")  # the auction ends: not undone
    assert Phase.PAYMENT == won.phase
    assert BOXES.undo(passed, parse_move("2:pass"), events, won, 2) is None
    sealed = all_stop(play(make(3), "0:auction sealed"))
    committed, events = play_with_events(sealed, "0:seal 50")
    assert BOXES.undo(sealed, Seal(0, (50,)), events, committed, 0) is None


def _looks_seen(state: BoxesState, seat: int | None) -> tuple[SeenLook, ...]:
    return tuple(SeenLook(look.container, look.seat, look.slot,
                          state.card(look.container, look.slot) if look.seat == seat
                          else None) for look in state.looks)


def test_a_view_shows_the_public_fields_as_they_are_and_every_look_in_order() -> None:
    for state in random_game(3, 4):
        for seat in (0, 1, 2, None):
            view = view_for(state, seat)
            assert all(getattr(view, name) == getattr(state, name) for name in PUBLIC)
            assert view.looks == _looks_seen(state, seat)


def test_the_looks_of_a_view_do_not_depend_on_which_states_were_viewed_before() -> None:
    # view_for keeps the looks each seat saw last in a deal: earlier states, another
    # game of the same deal and a state built by hand must still be seen as they are.
    states = random_game(2, 7)
    for state in states[::-1] + random.Random(1).sample(states, len(states)):
        assert view_for(state, 0).looks == _looks_seen(state, 0)
    other, rng = states[0], random.Random(99)
    for state in states:
        assert view_for(state, 1).looks == _looks_seen(state, 1)
        if other.result is None:
            other = BOXES.apply(other, rng.choice(legal_moves(other)))
        assert view_for(other, 1).looks == _looks_seen(other, 1)
    hand_made = attrs.evolve(states[-1], looks=states[-1].looks[1:])
    assert view_for(hand_made, 0).looks == _looks_seen(hand_made, 0)
