"""Time controls for hosted tables, as on Board Game Arena: pure arithmetic on times.

A table may have a time control (``TimeControl``): **real-time**, a bank of seconds
per seat that runs down while the seat is to move, plus a ``bonus`` added after each
of its moves; or **turn-based**, a deadline of ``per_move`` seconds for each move.

A ``Clock`` is a table's clocks, computed from nothing but the table's creation time
and its stored actions, each with the time it was stored and the seats to move after
it: replaying the same records gives the same clocks, so deadlines survive a restart
and agree across workers. When a seat's time runs out the host has a bot play its
move and records it as a timeout, which marks the seat "timed out" until it moves
again itself. Nothing here reads a clock, sleeps or touches the store: the caller
says what time it is.

Times are seconds since the epoch. A time earlier than the last recorded one (two
workers whose clocks disagree slightly) counts as the last one, so time never runs
backwards and nobody is charged a negative time.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from aves_core.kernel.errors import AvesError

__all__ = [
    "BANK_RANGE",
    "BONUS_RANGE",
    "PER_MOVE_RANGE",
    "Clock",
    "ClockError",
    "TimeControl",
]

REALTIME: Final = "realtime"
TURN: Final = "turn"

BANK_RANGE: Final = (10, 86_400)
"""A real-time bank: from 10 seconds to 24 hours."""
BONUS_RANGE: Final = (0, 3_600)
"""A real-time bonus after each move: from none to an hour."""
PER_MOVE_RANGE: Final = (60, 30 * 86_400)
"""A turn-based time per move: from a minute to 30 days."""

_KEYS: Final = {REALTIME: ("kind", "bank", "bonus"), TURN: ("kind", "per_move")}
_RANGES: Final = {"bank": BANK_RANGE, "bonus": BONUS_RANGE, "per_move": PER_MOVE_RANGE}


class ClockError(AvesError, ValueError):
    """A time control that is not one (code ``schema``: the host answers 400), or a
    seat that is not the table's (code ``bad_argument``: a bug of the caller).
    ``field`` names the time control's field at fault, if one is."""

    code = "schema"

    def __init__(self, message: str, *, code: str | None = None, field: str | None = None
                 ) -> None:
        super().__init__(message, code=code)
        self.field = field


def _shown(value: object) -> str:
    """``value`` as it was sent, cut short: for messages about a bad field."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _seconds(field: str, value: object) -> float:
    """``value`` if it is a finite number in the field's range, else a ``ClockError``."""
    low, high = _RANGES[field]
    what = f'time control "{field}" must be a number of seconds from {low} to {high}'
    # bool is an int to Python but never a number of seconds in JSON.
    if type(value) is bool or not isinstance(value, int | float):
        raise ClockError(f"{what}, not {_shown(value)}", field=field)
    if isinstance(value, float) and not math.isfinite(value):
        raise ClockError(f"{what}, not {value}", field=field)
    if not low <= value <= high:
        raise ClockError(f"{what}, not {_shown(value)}", field=field)
    return value


@attrs.frozen
class TimeControl:
    """A table's time control: ``kind`` ``"realtime"`` (a ``bank`` of seconds per seat,
    from 10 to 86,400, and a ``bonus`` after each move, from 0 to 3,600) or ``"turn"``
    (``per_move`` seconds for each move, from 60 to 30 days). The fields of the other
    kind are None. Built only valid (``ClockError`` otherwise)."""

    kind: str
    bank: float | None = None
    bonus: float | None = None
    per_move: float | None = None

    def __attrs_post_init__(self) -> None:
        if self.kind not in _KEYS:
            raise ClockError(f'time control "kind" must be "realtime" or "turn", not '
                             f"{_shown(self.kind)}", field="kind")
        for field in ("bank", "bonus", "per_move"):
            value = getattr(self, field)
            if field in _KEYS[self.kind]:
                _seconds(field, value)
            elif value is not None:
                raise ClockError(f'a time control of kind "{self.kind}" has no '
                                 f'"{field}"', field=field)

    @classmethod
    def realtime(cls, bank: float, bonus: float = 0) -> TimeControl:
        """A real-time control: ``bank`` seconds per seat, ``bonus`` after each move."""
        return cls(REALTIME, bank=bank, bonus=bonus)

    @classmethod
    def turn(cls, per_move: float) -> TimeControl:
        """A turn-based control: ``per_move`` seconds for each move."""
        return cls(TURN, per_move=per_move)

    @classmethod
    def from_json(cls, data: object) -> TimeControl:
        """The time control of a JSON object such as ``{"kind": "realtime", "bank":
        300, "bonus": 10}`` or ``{"kind": "turn", "per_move": 86400}``: exactly these
        keys, finite numbers (never booleans) in range, else a ``ClockError`` naming
        the field and its range."""
        if not isinstance(data, Mapping):
            raise ClockError(f"a time control must be an object, not {_shown(data)}")
        kind = data.get("kind")
        if type(kind) is not str or kind not in _KEYS:
            raise ClockError(f'time control "kind" must be "realtime" or "turn", not '
                             f"{_shown(kind)}", field="kind")
        keys = _KEYS[kind]
        missing = [key for key in keys if key not in data]
        if missing:
            raise ClockError(f'a time control of kind "{kind}" needs "{missing[0]}"',
                             field=missing[0])
        unknown = sorted(str(key) for key in data if key not in keys)
        if unknown:
            allowed = ", ".join(f'"{key}"' for key in keys)
            raise ClockError(f'a time control of kind "{kind}" takes only {allowed}, '
                             f"not {_shown(unknown[0])}", field=unknown[0])
        for key in keys[1:]:
            _seconds(key, data[key])  # checked here too, for the order of the message
        return cls(kind, **{key: data[key] for key in keys[1:]})

    def to_json(self) -> dict[str, Any]:
        """The JSON object ``from_json`` reads back (numbers as they were given)."""
        if self.kind == REALTIME:
            return {"kind": REALTIME, "bank": self.bank, "bonus": self.bonus}
        return {"kind": TURN, "per_move": self.per_move}


class Clock:
    """The clocks of one table, from its creation (``start``, when ``to_move`` were
    the seats to move) through every stored action fed to ``record`` in order.

    Real-time: between two actions every seat that was to move is charged the time
    between them (its bank never goes below 0); the seat that acted, if it was to
    move, then gets the bonus (after a timeout too, so a timed-out seat has the bonus
    to come back each later turn; with no bonus its later turns time out at once).
    Turn-based: a seat to move has until it became to move plus ``per_move``; a seat
    that stays to move across another seat's action (seats moving at once) keeps its
    deadline. In both, a timeout marks the seat and a move of the seat's own clears
    the mark. A deadline already past when the last action was recorded counts as
    that action's time: the seat is due at once.
    """

    def __init__(self, control: TimeControl, seats: int, start: float,
                 to_move: Sequence[int]) -> None:
        if type(seats) is not int or seats < 1:
            raise ClockError(f"a table has at least one seat, not {seats!r}",
                             code="bad_argument")
        self.control = control
        self.seats = seats
        self._last = float(start)
        self._to_move = self._checked(to_move)
        # Real-time: each seat's bank as of ``_last``.
        self._bank = [float(control.bank or 0)] * seats
        # Turn-based: when each seat to move became to move.
        self._since = dict.fromkeys(self._to_move, self._last)
        self._marked: set[int] = set()
        # For each move not taken back, in order: its seat, the bonus it earned and when
        # each seat to move before it became to move; an undo takes the last one back.
        self._moves: list[tuple[int | None, float, dict[int, float]]] = []

    @property
    def last(self) -> float:
        """The time of the last recorded action (the table's creation before any)."""
        return self._last

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats to move, in order."""
        return self._to_move

    def _seat(self, seat: int) -> int:
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise ClockError(f"seat {seat!r} is not one of the table's {self.seats}",
                             code="bad_argument")
        return seat

    def _checked(self, seats: Sequence[int]) -> tuple[int, ...]:
        return tuple(sorted({self._seat(seat) for seat in seats}))

    def record(self, at: float | None, mover: int | None, to_move: Sequence[int],
               timeout: int | None = None, *, undo: bool = False) -> None:
        """Record a stored action: stored at ``at`` (None: an old action, which takes
        no time), made by seat ``mover`` (None: no seat's: a leave), after which
        ``to_move`` may move; ``timeout`` is the seat whose move a bot played because
        its time ran out (then it is also the ``mover``). An ``undo`` (``mover``: the
        seat that takes its last move back) puts the clock back as it was before the
        undone move, except for the time that passed: the undone move's bonus goes and
        the undo earns none, and a turn-based deadline is the one before the move, so
        that move and undo loops never win a seat time."""
        if mover is not None:
            self._seat(mover)
        if timeout is not None and self._seat(timeout) != mover:
            raise ClockError(f"the move played for timed-out seat {timeout} is that "
                             f"seat's, not {mover!r}'s", code="bad_argument")
        after = self._checked(to_move)
        if at is not None and math.isfinite(at) and at > self._last:
            elapsed, self._last = at - self._last, float(at)
        else:
            elapsed = 0.0  # no time, or a time before the last one: none passed
        now, before = self._last, self._to_move
        undone = self._moves.pop() if undo and self._moves else None
        bonus = 0.0
        if self.control.kind == REALTIME:
            for seat in before:
                self._bank[seat] = max(0.0, self._bank[seat] - elapsed)
            if undone is not None and undone[0] is not None:
                # The undone move's bonus goes (the time spent meanwhile stays spent).
                self._bank[undone[0]] = max(0.0, self._bank[undone[0]] - undone[1])
            # The bonus is for a move made on the seat's own time, never for an undo.
            if not undo and mover is not None and mover in before:
                bonus = float(self.control.bonus or 0)
                self._bank[mover] += bonus
        if not undo and mover is not None:
            self._moves.append((mover, bonus, self._since))
        earlier = {} if undone is None else undone[2]
        # A seat that stays to move keeps its deadline; a seat an undo makes to move again
        # has the deadline it had before the undone move; any other starts afresh.
        self._since = {seat: self._since[seat]
                       if seat in before and seat != mover and not (undo and seat in earlier)
                       else earlier.get(seat, now) if undo else now
                       for seat in after}
        self._to_move = after
        if timeout is not None:
            self._marked.add(timeout)
        elif mover is not None:
            self._marked.discard(mover)

    def deadline(self, seat: int) -> float | None:
        """When the seat's time runs out, if it is to move; else None."""
        if self._seat(seat) not in self._to_move:
            return None
        if self.control.kind == REALTIME:
            return self._last + self._bank[seat]
        return max(self._last, self._since[seat] + float(self.control.per_move or 0))

    def next_deadline(self) -> tuple[float, int] | None:
        """The earliest deadline of the seats to move and its seat (the lower seat on a
        tie); None when nobody is to move."""
        deadlines: list[tuple[float, int]] = []
        for seat in self._to_move:
            when = self.deadline(seat)
            assert when is not None  # a seat to move has a deadline
            deadlines.append((when, seat))
        return min(deadlines, default=None)

    def remaining(self, seat: int, now: float) -> float:
        """The seat's time left at ``now`` (never below 0): real-time, its bank less the
        time it has been to move; turn-based, until its deadline if it is to move,
        else a whole ``per_move``."""
        deadline = self.deadline(seat)
        if deadline is not None:
            return max(0.0, deadline - max(now, self._last))
        if self.control.kind == REALTIME:
            return self._bank[seat]
        return float(self.control.per_move or 0)

    def timed_out(self, seat: int) -> bool:
        """True when the seat's last move was played by a bot because its time ran out
        (until the seat moves again itself)."""
        return self._seat(seat) in self._marked

    def to_json(self, now: float) -> dict[str, Any]:
        """The clocks as the host sends them: ``{"control": ..., "now": now, "seats":
        [{"seat", "remaining" (seconds, to 0.1), "running", "timed_out"}, ...]}``."""
        return {
            "control": self.control.to_json(),
            "now": now,
            "seats": [{"seat": seat, "remaining": round(self.remaining(seat, now), 1),
                       "running": seat in self._to_move, "timed_out": seat in self._marked}
                      for seat in range(self.seats)],
        }
