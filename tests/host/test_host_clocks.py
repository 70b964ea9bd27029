"""Time controls (aves_core.host.clocks): the JSON of a control, checked strictly, and
a table's clocks computed from its stored actions: a named test for each rule, then
Hypothesis properties (real-time banks add up and never go negative, no deadline
before the last action, a running clock's remaining time is its deadline less now,
and replaying the same records gives the same clocks, as on another worker or after
a restart)."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aves_core.host.clocks import Clock, ClockError, TimeControl
from aves_core.kernel.errors import AvesError

START = 1_000_000.0
REALTIME = TimeControl.realtime(300, 10)
TURN = TimeControl.turn(3_600)


# The time control's JSON.


@pytest.mark.parametrize("data", [
    {"kind": "realtime", "bank": 300, "bonus": 10},
    {"kind": "realtime", "bank": 10, "bonus": 0},
    {"kind": "realtime", "bank": 86_400, "bonus": 3_600},
    {"kind": "realtime", "bank": 90.5, "bonus": 2.5},
    {"kind": "turn", "per_move": 86_400},
    {"kind": "turn", "per_move": 60},
    {"kind": "turn", "per_move": 30 * 86_400},
])
def test_a_time_control_reads_its_json_and_gives_it_back(data: dict[str, Any]) -> None:
    control = TimeControl.from_json(data)
    assert data == control.to_json()
    assert control == TimeControl.from_json(control.to_json())


def test_the_constructors_give_the_controls_of_the_json() -> None:
    assert {"kind": "realtime", "bank": 300, "bonus": 10} == REALTIME.to_json()
    assert {"kind": "turn", "per_move": 3_600} == TURN.to_json()
    assert (300, 10, None) == (REALTIME.bank, REALTIME.bonus, REALTIME.per_move)


@pytest.mark.parametrize(("data", "field", "words"), [
    ([300], None, "must be an object"),
    (None, None, "must be an object"),
    ({}, "kind", '"kind" must be "realtime" or "turn"'),
    ({"kind": "blitz", "bank": 300, "bonus": 0}, "kind", 'not "blitz"'),
    ({"kind": 1}, "kind", '"kind" must be'),
    ({"kind": "realtime", "bank": 300}, "bonus", 'needs "bonus"'),
    ({"kind": "turn"}, "per_move", 'needs "per_move"'),
    ({"kind": "realtime", "bank": 300, "bonus": 0, "per_move": 60}, "per_move",
     'takes only "kind", "bank", "bonus", not "per_move"'),
    ({"kind": "turn", "per_move": 60, "extra": 1}, "extra", 'not "extra"'),
    ({"kind": "realtime", "bank": 9, "bonus": 0}, "bank", '"bank" must be a number of '
     "seconds from 10 to 86400, not 9"),
    ({"kind": "realtime", "bank": 86_401, "bonus": 0}, "bank", "from 10 to 86400"),
    ({"kind": "realtime", "bank": 300, "bonus": -1}, "bonus", "from 0 to 3600, not -1"),
    ({"kind": "realtime", "bank": 300, "bonus": 3_601}, "bonus", "from 0 to 3600"),
    ({"kind": "turn", "per_move": 59}, "per_move", "from 60 to 2592000, not 59"),
    ({"kind": "turn", "per_move": 30 * 86_400 + 1}, "per_move", "from 60 to 2592000"),
    ({"kind": "realtime", "bank": True, "bonus": 0}, "bank", "not true"),
    ({"kind": "realtime", "bank": 300, "bonus": False}, "bonus", "not false"),
    ({"kind": "realtime", "bank": "300", "bonus": 0}, "bank", 'not "300"'),
    ({"kind": "realtime", "bank": None, "bonus": 0}, "bank", "not null"),
    ({"kind": "realtime", "bank": math.nan, "bonus": 0}, "bank", "not nan"),
    ({"kind": "turn", "per_move": math.inf}, "per_move", "not inf"),
    ({"kind": "turn", "per_move": 10**400}, "per_move", "from 60 to 2592000, not 1000"),
    ({"kind": "turn", "per_move": [60]}, "per_move", "not [60]"),
])
def test_a_bad_time_control_is_refused_naming_the_field_and_range(
        data: object, field: str | None, words: str) -> None:
    with pytest.raises(ClockError) as refused:
        TimeControl.from_json(data)
    assert isinstance(refused.value, AvesError)
    assert ("schema", field) == (refused.value.code, refused.value.field)
    assert words in str(refused.value)


def test_a_control_is_built_only_valid() -> None:
    with pytest.raises(ClockError, match="from 10 to 86400"):
        TimeControl.realtime(5)
    with pytest.raises(ClockError, match='kind "turn" has no "bank"'):
        TimeControl("turn", bank=300, per_move=60)


# Real-time clocks.


def test_realtime_charges_every_seat_to_move_the_time_between_actions() -> None:
    clock = Clock(TimeControl.realtime(300, 0), 3, START, [0, 1])  # seats 0 and 1 at once
    clock.record(START + 40, 0, [1])
    assert (260, 260, 300) == tuple(clock.remaining(seat, START + 40) for seat in range(3))
    clock.record(START + 100, 1, [2])
    assert (260, 200, 300) == tuple(clock.remaining(seat, START + 100) for seat in range(3))


def test_realtime_running_time_counts_down_and_only_while_to_move() -> None:
    clock = Clock(REALTIME, 2, START, [0])
    assert 300 == clock.remaining(0, START)
    assert 270 == clock.remaining(0, START + 30)
    assert 300 == clock.remaining(1, START + 30)
    assert START + 300 == clock.deadline(0)
    assert clock.deadline(1) is None


def test_realtime_a_bank_never_goes_below_zero() -> None:
    clock = Clock(TimeControl.realtime(60, 0), 2, START, [0])
    clock.record(START + 500, 0, [1])  # the move came long after the bank ran out
    assert 0 == clock.remaining(0, START + 500)
    assert 0 == clock.remaining(0, START + 1_000)
    assert 60 == clock.remaining(1, START + 500)


def test_realtime_the_mover_gets_the_bonus_after_its_move() -> None:
    clock = Clock(REALTIME, 2, START, [0])
    clock.record(START + 30, 0, [1])
    assert 280 == clock.remaining(0, START + 30)  # 300 - 30 + 10
    assert START + 30 + 300 == clock.deadline(1)
    clock.record(START + 35, 1, [0])
    assert 305 == clock.remaining(1, START + 35)  # a quick move gains time
    assert START + 35 + 280 == clock.deadline(0)


def test_realtime_a_timed_out_seat_gets_the_bonus_to_come_back() -> None:
    clock = Clock(REALTIME, 2, START, [0])
    clock.record(START + 300, 0, [1], timeout=0)  # the bot played seat 0's move
    assert 10 == clock.remaining(0, START + 300)
    clock.record(START + 301, 1, [0])
    assert (START + 311, 0) == clock.next_deadline()  # 10 seconds to come back


def test_realtime_with_no_bonus_a_timed_out_seat_is_due_at_once() -> None:
    clock = Clock(TimeControl.realtime(60, 0), 2, START, [0])
    clock.record(START + 60, 0, [1], timeout=0)
    clock.record(START + 90, 1, [0])
    assert (START + 90, 0) == clock.next_deadline()
    assert 0 == clock.remaining(0, START + 90)


def test_realtime_an_undo_takes_the_undone_moves_bonus_back() -> None:
    clock = Clock(REALTIME, 2, START, [0])
    clock.record(START + 20, 0, [1])  # 290 left, the bonus in
    clock.record(START + 25, 0, [0], undo=True)  # seat 1 is charged 5 s; no bonus kept
    assert (280, 295) == (clock.remaining(0, START + 25), clock.remaining(1, START + 25))
    assert START + 25 + 280 == clock.deadline(0)


def test_realtime_move_and_undo_loops_of_a_seat_still_to_move_win_no_time() -> None:
    clock = Clock(REALTIME, 2, START, [0])
    for loop in range(20):  # the seat is still to move after its move (a turn of steps)
        clock.record(START + 2 * loop + 1, 0, [0])
        clock.record(START + 2 * loop + 2, 0, [0], undo=True)
    assert 300 - 40 == clock.remaining(0, START + 40)  # the time spent, nothing won


# Turn-based clocks.


def test_turn_a_seat_has_per_move_from_when_it_became_to_move() -> None:
    clock = Clock(TURN, 2, START, [0])
    assert (START + 3_600, 0) == clock.next_deadline()
    clock.record(START + 1_000, 0, [1])
    assert clock.deadline(0) is None
    assert START + 4_600 == clock.deadline(1)
    assert 3_600 == clock.remaining(0, START + 2_000)  # not to move: a whole per_move
    assert 2_600 == clock.remaining(1, START + 2_000)


def test_turn_a_seat_that_stays_to_move_keeps_its_deadline() -> None:
    clock = Clock(TURN, 3, START, [0, 1, 2])  # all three choose at once
    clock.record(START + 100, 1, [0, 2])
    clock.record(START + 200, 0, [2, 0])  # seat 0 moves and is asked again at once
    assert START + 3_600 == clock.deadline(2)  # still the deadline of the start
    assert START + 200 + 3_600 == clock.deadline(0)  # a new move: a new deadline
    assert (START + 3_600, 2) == clock.next_deadline()


def test_turn_an_undo_gives_back_the_deadline_before_the_undone_move() -> None:
    clock = Clock(TURN, 2, START, [0])
    clock.record(START + 1_000, 0, [0])  # a move of a turn of steps: a new deadline...
    assert START + 4_600 == clock.deadline(0)
    clock.record(START + 1_001, 0, [0], undo=True)  # ...taken back with the move
    assert START + 3_600 == clock.deadline(0)
    clock.record(START + 1_002, 0, [1])
    clock.record(START + 1_003, 0, [0], undo=True)  # the turn comes back, not afresh
    assert START + 3_600 == clock.deadline(0)


def test_turn_a_deadline_already_past_is_due_at_the_last_action() -> None:
    clock = Clock(TURN, 2, START, [0, 1])
    clock.record(START + 5_000, 0, [1])  # seat 1's deadline passed before this move
    assert (START + 5_000, 1) == clock.next_deadline()
    assert 0 == clock.remaining(1, START + 5_000)


# Both kinds.


@pytest.mark.parametrize("control", [REALTIME, TURN], ids=["realtime", "turn"])
def test_a_timeout_marks_the_seat_until_it_moves_itself(control: TimeControl) -> None:
    clock = Clock(control, 2, START, [0])
    clock.record(START + 4_000, 0, [1], timeout=0)
    assert (True, False) == (clock.timed_out(0), clock.timed_out(1))
    clock.record(START + 4_001, 1, [0])  # another seat's move does not clear the mark
    assert clock.timed_out(0)
    clock.record(START + 9_000, 0, [1], timeout=0)  # timed out again: still marked
    assert clock.timed_out(0)
    clock.record(START + 9_001, 1, [0])
    clock.record(START + 9_002, 0, [1])  # its own move: the player is back
    assert not clock.timed_out(0)


@pytest.mark.parametrize("control", [REALTIME, TURN], ids=["realtime", "turn"])
def test_an_undo_is_recorded_like_any_action(control: TimeControl) -> None:
    clock = Clock(control, 2, START, [0])
    clock.record(START + 10, 0, [1], timeout=0)
    clock.record(START + 12, 0, [0])  # seat 0 undoes the bot's move: it is back
    assert not clock.timed_out(0)
    assert (0,) == clock.to_move
    assert START + 12 == clock.last


@pytest.mark.parametrize("control", [REALTIME, TURN], ids=["realtime", "turn"])
def test_actions_stored_without_a_time_take_none(control: TimeControl) -> None:
    timed, untimed = Clock(control, 2, START, [0]), Clock(control, 2, START, [0])
    timed.record(START, 0, [1])
    timed.record(START, 1, [0])
    untimed.record(None, 0, [1])
    untimed.record(None, 1, [0])
    assert timed.to_json(START + 7) == untimed.to_json(START + 7)
    assert START == untimed.last


def test_a_time_before_the_last_counts_as_the_last() -> None:
    realtime, turn = Clock(REALTIME, 2, START, [0]), Clock(TURN, 2, START, [0])
    for clock in (realtime, turn):
        clock.record(START + 50, 0, [1])
        clock.record(START + 40, 1, [0])  # another worker's clock is 10 s behind
        assert START + 50 == clock.last
    assert 310 == realtime.remaining(1, START + 50)  # charged nothing, and its bonus
    assert 260 == realtime.remaining(0, START + 50)  # 300 - 50 + 10: nothing refunded
    assert START + 50 + 3_600 == turn.deadline(0)


def test_next_deadline_is_the_earliest_and_ties_go_to_the_lower_seat() -> None:
    clock = Clock(TURN, 4, START, [3, 1, 2])
    assert (START + 3_600, 1) == clock.next_deadline()
    clock.record(START + 10, 1, [3, 2, 1])
    assert (START + 3_600, 2) == clock.next_deadline()


def test_a_finished_game_has_no_deadline_and_no_running_clock() -> None:
    clock = Clock(REALTIME, 2, START, [0])
    clock.record(START + 10, 0, [])
    assert clock.next_deadline() is None
    assert [False, False] == [seat["running"] for seat in clock.to_json(START + 99)["seats"]]
    assert 300 == clock.remaining(0, START + 99)


def test_to_json_gives_the_control_now_and_each_seat() -> None:
    clock = Clock(REALTIME, 3, START, [0])
    clock.record(START + 12.34, 0, [1], timeout=0)
    assert {
        "control": {"kind": "realtime", "bank": 300, "bonus": 10},
        "now": START + 20,
        "seats": [
            {"seat": 0, "remaining": 297.7, "running": False, "timed_out": True},
            {"seat": 1, "remaining": 292.3, "running": True, "timed_out": False},
            {"seat": 2, "remaining": 300.0, "running": False, "timed_out": False},
        ],
    } == clock.to_json(START + 20)
    turn = Clock(TURN, 2, START, [1])
    assert [3_600, 3_000] == [seat["remaining"]
                              for seat in turn.to_json(START + 600)["seats"]]


def test_seats_that_are_not_the_tables_are_refused() -> None:
    with pytest.raises(ClockError, match="not one of the table's 2") as refused:
        Clock(TURN, 2, START, [2])
    assert "bad_argument" == refused.value.code
    clock = Clock(TURN, 2, START, [0])
    bad: list[tuple[int, list[Any], int | None]] = [(-1, [1], None), (0, [True], None),
                                                    (0, [1], 1)]
    for mover, to_move, timeout in bad:
        with pytest.raises(ClockError):
            clock.record(START + 1, mover, to_move, timeout)
    with pytest.raises(ClockError):
        Clock(TURN, 0, START, [])


# Properties.


@st.composite
def controls(draw: st.DrawFn, realtime: bool = False) -> TimeControl:
    if realtime or draw(st.booleans()):
        return TimeControl.realtime(draw(st.integers(10, 600)), draw(st.integers(0, 30)))
    return TimeControl.turn(draw(st.integers(60, 7_200)))


Record = tuple[float | None, int | None, tuple[int, ...], int | None]


@st.composite
def tables(draw: st.DrawFn, on_time: bool = False, realtime: bool = False
           ) -> tuple[TimeControl, int, tuple[int, ...], list[Record]]:
    """A control, a number of seats, the first seats to move and records of a game
    whose host is either punctual (``on_time``: every action comes at the latest at
    the next deadline, and one at the deadline is the bot's move for the late seat)
    or anything goes (old rows without a time, times out of order, undos)."""
    control = draw(controls(realtime))
    seats = draw(st.integers(1, 4))
    seat = st.integers(0, seats - 1)
    subsets = st.lists(seat, max_size=seats, unique=True).map(tuple)
    first = draw(subsets)
    clock = Clock(control, seats, START, first)
    records: list[Record] = []
    for _ in range(draw(st.integers(0, 25))):
        to_move = draw(subsets)
        if on_time:
            due = clock.next_deadline()
            if due is None:
                break
            gap = draw(st.floats(0, 900, allow_nan=False))
            at = clock.last + gap
            if at >= due[0]:  # too late: the host's timer fired first
                entry: Record = (due[0], due[1], to_move, due[1])
            else:
                entry = (at, draw(st.sampled_from(clock.to_move)), to_move, None)
        else:
            maybe = draw(st.none() | st.floats(START - 100, START + 20_000, allow_nan=False))
            mover = draw(st.none() | seat)
            timeout = mover if mover is not None and draw(st.booleans()) else None
            entry = (maybe, mover, to_move, timeout)
        clock.record(*entry)
        records.append(entry)
    return control, seats, first, records


@given(tables(on_time=True, realtime=True))
def test_realtime_banks_add_up_and_are_never_negative(
        table: tuple[TimeControl, int, tuple[int, ...], list[Record]]) -> None:
    control, seats, first, records = table
    assert control.bank is not None
    assert control.bonus is not None
    clock = Clock(control, seats, START, first)
    spent, bonuses = [0.0] * seats, [0.0] * seats
    for at, mover, to_move, timeout in records:
        assert at is not None
        for seat in clock.to_move:
            spent[seat] += at - clock.last
        if mover is not None and mover in clock.to_move:
            bonuses[mover] += control.bonus
        clock.record(at, mover, to_move, timeout)
        for seat in range(seats):
            left = clock.remaining(seat, clock.last)
            assert left >= 0
            assert math.isclose(left + spent[seat], control.bank + bonuses[seat],
                                abs_tol=1e-6)


@given(tables())
def test_banks_are_never_negative_whatever_the_records(
        table: tuple[TimeControl, int, tuple[int, ...], list[Record]]) -> None:
    control, seats, first, records = table
    clock = Clock(control, seats, START, first)
    for record in records:
        clock.record(*record)
        for now in (clock.last - 50, clock.last, clock.last + 10_000):
            assert all(seat["remaining"] >= 0 for seat in clock.to_json(now)["seats"])


@given(tables(), st.floats(0, 10_000))
def test_no_deadline_is_before_the_last_action_and_remaining_runs_to_it(
        table: tuple[TimeControl, int, tuple[int, ...], list[Record]], wait: float) -> None:
    control, seats, first, records = table
    clock = Clock(control, seats, START, first)
    for record in records:
        clock.record(*record)
        due = clock.next_deadline()
        if due is None:
            assert () == clock.to_move
            continue
        assert due[0] >= clock.last
        assert due == min((clock.deadline(seat), seat) for seat in clock.to_move)
        for seat in clock.to_move:
            deadline = clock.deadline(seat)
            assert deadline is not None
            now = clock.last + wait
            assert math.isclose(clock.remaining(seat, now), max(0.0, deadline - now),
                                abs_tol=1e-6)
            assert 0 == clock.remaining(seat, deadline)


@given(tables(), st.floats(0, 50_000))
def test_replaying_the_same_records_gives_the_same_clocks(
        table: tuple[TimeControl, int, tuple[int, ...], list[Record]], wait: float) -> None:
    control, seats, first, records = table
    # One worker follows the game as it goes; another (or this one after a restart)
    # rebuilds it from the stored records, its control read back from the store's JSON.
    live = Clock(control, seats, START, first)
    seen = []
    for record in records:
        live.record(*record)
        seen.append(live.to_json(live.last + wait))
    for played in range(len(records) + 1):
        rebuilt = Clock(TimeControl.from_json(control.to_json()), seats, START, first)
        for record in records[:played]:
            rebuilt.record(*record)
        if played:
            assert seen[played - 1] == rebuilt.to_json(rebuilt.last + wait)
    assert live.to_json(live.last + wait) == rebuilt.to_json(rebuilt.last + wait)
    assert live.next_deadline() == rebuilt.next_deadline()
    assert [live.timed_out(seat) for seat in range(seats)] == [
        rebuilt.timed_out(seat) for seat in range(seats)]
