"""Cubirds' encoding for learning agents (``aves_core.games.cubirds.encoding``): every
legal move's index reads back as that move and no two share one, every other index
is refused, a chance move has none, observations are functions of the seat's view
(what it cannot know can be redrawn), seat-relative, in [0, 8], and what they say of
the rows is what the rules then do; docs/ai.md tables the layout as it is.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from cubirds_helpers import make, parse_move, random_game
from hypothesis import given, settings
from hypothesis import strategies as st

from aves_core.games.cubirds.encoding import (
    DRAW,
    FLY,
    NODRAW,
    NOFLY,
    O_BIG,
    O_COLLECTIONS,
    O_HAND,
    O_ROWS,
    O_SMALL,
    R_COUNTS,
    R_ENDS,
    R_LENGTH,
    R_REFILL,
    R_TAKE,
    ROW_BLOCK,
    CubirdsEncoding,
)
from aves_core.games.cubirds.events import Laid, RowRefilled
from aves_core.games.cubirds.game import CUBIRDS
from aves_core.games.cubirds.moves import Lay, Reshuffle
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.state import CubirdsState
from aves_core.kernel.encoding import EncodingError

np = pytest.importorskip("numpy")


def observe(encoding: CubirdsEncoding, state: CubirdsState, seat: int | None) -> Any:
    out = np.zeros(encoding.observation_size, np.float32)
    encoding.observe(CUBIRDS.view(state, seat), out)
    return out


def test_the_layout() -> None:
    assert CUBIRDS.encoding(2).num_actions == CUBIRDS.encoding(5).num_actions == 75
    assert [CUBIRDS.encoding(count).observation_size for count in range(2, 6)] == [
        548, 559, 570, 581]
    assert (DRAW, NODRAW, FLY, NOFLY) == (64, 65, 66, 74)
    encoding = CUBIRDS.encoding(3)
    assert encoding.action_index(parse_move("1:lay F 0 left")) == 0
    assert encoding.action_index(parse_move("1:lay F 0 right")) == 1
    assert encoding.action_index(parse_move("1:lay P 2 left")) == 4 * 8 + 2 * 2
    assert encoding.action_index(parse_move("1:lay R 3 right")) == 63
    assert encoding.action_index(parse_move("0:draw")) == 64
    assert encoding.action_index(parse_move("2:nodraw")) == 65
    assert encoding.action_index(parse_move("0:fly M")) == 66 + 5
    assert encoding.action_index(parse_move("0:nofly")) == 74
    with pytest.raises(EncodingError, match="chance move"):
        encoding.action_index(Reshuffle("FOT"))
    for count in (1, 6):
        with pytest.raises(Exception, match="player"):
            CUBIRDS.encoding(count)


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 5), row_cards=st.sampled_from([3, 4]),
       seed=st.integers(0, 2**32))
def test_every_legal_move_has_its_own_index_and_reads_back(players: int, row_cards: int,
                                                         seed: int) -> None:
    encoding = CUBIRDS.encoding(players)
    everything = set(range(encoding.num_actions))
    for before, move, _after, _events in random_game(players, seed, row_cards=row_cards,
                                                     max_moves=400)[::3]:
        for seat in (*range(players), None):
            view = CUBIRDS.view(before, seat)
            indices = [encoding.action_index(legal) for legal in view.legal_moves]
            assert len(set(indices)) == len(indices)
            assert all(0 <= index < encoding.num_actions for index in indices)
            for index, legal in zip(indices, view.legal_moves, strict=True):
                assert encoding.move_of(index, view) == legal
            for index in everything - set(indices):
                with pytest.raises(EncodingError):
                    encoding.move_of(index, view)
        if type(move) is Reshuffle:
            with pytest.raises(EncodingError):
                encoding.action_index(move)
    view = CUBIRDS.view(before, 0)
    for bad in (-1, encoding.num_actions, 3.0, "3", None, True):
        with pytest.raises(EncodingError):
            encoding.move_of(bad, view)


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 5), row_cards=st.sampled_from([3, 4]),
       seed=st.integers(0, 2**32), swap=st.integers(0, 2**32))
def test_an_observation_is_a_function_of_the_seats_view(players: int, row_cards: int,
                                                        seed: int, swap: int) -> None:
    # What the seat cannot know (the deck's order, the other hands) is redrawn: the
    # observation must not change, while the true state did. Chance nodes included.
    encoding = CUBIRDS.encoding(players)
    rng = random.Random(swap)
    changed = 0
    for before, _move, _after, _events in random_game(players, seed, row_cards=row_cards,
                                                      max_moves=400)[::4]:
        for seat in (*range(players), None):
            other = CUBIRDS.indistinguishable(before, seat, rng)
            changed += other != before
            first, second = observe(encoding, before, seat), observe(encoding, other, seat)
            assert (first == second).all()
            assert first.min() >= 0.0
            assert first.max() <= 8.0
    assert changed


def test_observations_are_seat_relative() -> None:
    state = make(("PPRRD", "OOOW", "FF"), collections=("RRR", "OO", "M"), active=1,
                 dealer=2, deck="TTDDMM")
    encoding = CUBIRDS.encoding(3)
    mine = observe(encoding, state, 1)
    # My hand: O O O W; three owls reach the small flock (3) but not the big (4).
    assert list(mine[O_HAND:O_HAND + 8]) == [0, 0.75, 0, 0, 0, 0, 0.25, 0]
    assert list(mine[O_SMALL:O_SMALL + 8]) == [0, 1, 0, 0, 0, 0, 0, 0]
    assert not mine[O_BIG:O_BIG + 8].any()
    # Collections: mine (O O), then seat 2's (M), then seat 0's (R R R).
    assert mine[O_COLLECTIONS + 1] == 0.5
    assert mine[O_COLLECTIONS + 8 + 5] == 0.25
    assert mine[O_COLLECTIONS + 16 + 7] == 0.75
    assert list(mine[encoding.sizes:encoding.deck]) == [4 / 16, 2 / 16, 5 / 16]
    assert mine[encoding.deck] == 6 / 16
    assert list(mine[encoding.dealer:encoding.active]) == [0, 1, 0]  # seat 2: my left
    assert list(mine[encoding.active:]) == [1, 0, 0]  # my move
    assert list(mine[encoding.phase:encoding.offered]) == [1, 0, 0, 0, 0]
    theirs = observe(encoding, state, 0)
    assert list(theirs[encoding.active:]) == [0, 1, 0]
    assert list(theirs[encoding.dealer:encoding.active]) == [0, 0, 1]
    # A spectator sees no hand and observes from seat 0's side.
    watching = observe(encoding, state, None)
    assert not watching[O_HAND:O_ROWS].any()
    assert (watching[O_ROWS:] == theirs[O_ROWS:]).all()


def test_rows_show_their_ends_and_what_each_lay_would_take() -> None:
    # E1: row 1 = O F P M; E2: row 0 = T D R.
    state = make(("PPRRD", "R"), rows=("TDR", "OFPM", "WRF", "OTD"), deck="RW")
    encoding = CUBIRDS.encoding(2)
    out = observe(encoding, state, 0)
    row1 = out[O_ROWS + ROW_BLOCK:O_ROWS + 2 * ROW_BLOCK]
    assert list(row1[R_COUNTS:R_LENGTH]) == [0.25, 0.25, 0, 0, 0.25, 0.25, 0, 0]
    assert row1[R_LENGTH] == 4 / 16
    ends = row1[R_ENDS:R_TAKE].reshape(2, 5, 8)
    assert [int(ends[0, k].argmax()) for k in range(4)] == [1, 0, 4, 5]  # O F P M
    assert [int(ends[1, k].argmax()) for k in range(4)] == [5, 4, 0, 1]  # from the right
    assert not ends[:, 4].any()  # a row of 4 has no fifth card
    take = row1[R_TAKE:R_REFILL].reshape(2, 8) * 16
    assert take[0, 4] == 2  # lay P left: O F between
    assert take[1, 4] == 1  # lay P right: M
    assert take[0, 1] == 0  # an owl at the left end: nothing taken
    assert take[1, 1] == 3  # lay O right: F P M
    assert take[0, 3] == take[1, 3] == 0  # no duck in the row
    refill = row1[R_REFILL:].reshape(2, 8)
    # Only a lay at an end that takes every card up to the other end leaves one species:
    # M at the left (takes O F P), O at the right (takes F P M).
    assert sorted(zip(*refill.nonzero(), strict=True)) == [(0, 5), (1, 1)]
    row0 = out[O_ROWS:O_ROWS + ROW_BLOCK]
    assert row0[R_TAKE + 7] * 16 == 2  # lay R left of T D R takes T D
    assert row0[R_REFILL + 7] == 1  # and leaves R R: E2's refill
    assert row0[R_TAKE + 8 + 2] * 16 == 2  # lay T right takes D R
    assert row0[R_REFILL + 8 + 2] == 1  # and leaves T T
    assert row0[R_TAKE + 3] * 16 == 1  # lay D left takes T
    assert row0[R_REFILL + 3] == 0  # and leaves D D R


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 5), row_cards=st.sampled_from([3, 4]),
       seed=st.integers(0, 2**32))
def test_what_the_rows_say_is_what_a_lay_does(players: int, row_cards: int,
                                              seed: int) -> None:
    encoding = CUBIRDS.encoding(players)
    for before, _move, _after, _events in random_game(players, seed, row_cards=row_cards,
                                                      max_moves=300)[::2]:
        if before.phase is not Phase.LAY:
            continue
        out = observe(encoding, before, before.active)
        for move in CUBIRDS.legal_moves(before):
            assert isinstance(move, Lay)
            after, events = CUBIRDS.apply_with_events(before, move)
            laid = next(event for event in events if isinstance(event, Laid))
            at = O_ROWS + move.row * ROW_BLOCK + (move.side == "right") * 8 + "FOTDPMWR".index(
                move.species)
            assert out[at + R_TAKE] * 16 == len(laid.taken)
            refilled = (any(isinstance(event, RowRefilled) for event in events)
                        or (after.pending is not None and after.pending.kind == "refill")
                        or (after.result is not None and bool(laid.taken)
                            and after.phase is Phase.GAME_END))
            assert out[at + R_REFILL] == float(refilled)

