"""Clocks that run out, found in the store rather than by holding their tables.

Each action of a table with a time control is stored with the clock's next deadline
(``Store.append``), and so is a new table. A worker keeps in memory, with a timer
set, only the tables whose clock runs out within ``HORIZON`` seconds; any other
clocked table may leave memory like a table without a clock (idle, or the least
used beyond ``Limits.live_tables``). Every ``EVERY`` seconds ``watch`` asks the
store for the tables whose deadline comes within ``HORIZON`` and loads those not in
memory, which sets their timers: so a restart loads no clocked table until its
clock is near, and a table that left memory still has its timeout played on time.
Every worker watches: when two play one timeout, the store keeps one (the other's
append conflicts).
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Callable, Collection

from aves_core.host.live import LiveTable

__all__ = ["BATCH", "EVERY", "HORIZON", "arm", "due_seat", "near", "stored_deadline", "watch"]

HORIZON = 60.0
"""A table whose clock runs out within this many seconds is kept in memory, its timer
set (far more than ``EVERY``, so that ``watch`` has loaded it before then)."""
EVERY = 5.0
"""How often ``watch`` looks in the store for the clocks about to run out."""
BATCH = 500
"""The most tables ``watch`` loads in one look, beyond those already in memory."""


def stored_deadline(live: LiveTable) -> float | None:
    """The deadline to store with the table's latest action: None without a clock or
    once the game is over, ``math.inf`` when nobody is to move."""
    if live.clock is None or live.table.result is not None:
        return None
    due = live.clock.next_deadline()
    return math.inf if due is None else due[0]


def near(live: LiveTable, now: float) -> bool:
    """Whether the table's clock runs out within ``HORIZON`` (it then stays in memory)."""
    if not live.timed or live.clock is None:
        return False
    due = live.clock.next_deadline()
    return due is not None and due[0] <= now + HORIZON


def due_seat(live: LiveTable, now: float) -> int | None:
    """The seat whose time has run out, if any (a bot then plays its move)."""
    due = None if live.clock is None else live.clock.next_deadline()
    return due[1] if due is not None and due[0] <= now else None


def arm(live: LiveTable, now: float, fire: Callable[[LiveTable], None]) -> None:
    """Set the table's timer for its next deadline (none once the game is over): then
    ``fire(live)``."""
    if live.timer is not None:
        live.timer.cancel()
        live.timer = None
    due = live.clock.next_deadline() if live.timed and live.clock else None
    if due is not None:
        # A little after the deadline, so that the clock has surely run out then.
        delay = max(0.0, due[0] - now) + 0.01
        live.timer = asyncio.get_running_loop().call_later(delay, fire, live)


async def watch(find: Callable[[float, int], Awaitable[list[str]]],
                wake: Callable[[str], Awaitable[None]], now: Callable[[], float],
                held: Collection[str], every: float = EVERY) -> None:
    """Until cancelled: every ``every`` seconds, ``wake`` each table that ``find``
    (the store's ``due``) says runs out within ``HORIZON`` and that is not ``held``
    (in memory) already, one at a time, so requests are answered meanwhile."""
    while True:
        # Those in memory come first in the answer too: ask for as many more.
        for table_id in await find(now() + HORIZON, BATCH + len(held)):
            if table_id not in held:
                await wake(table_id)
        await asyncio.sleep(every)
