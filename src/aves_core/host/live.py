"""What a worker of the host holds for a live table: the table rebuilt from the store,
its bots, its subscribers' queues, the limits that bound them, and the actions a
request turns into (a move, an undo) before they are stored."""

from __future__ import annotations

import asyncio
import math
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any

import attrs

from aves_core.bots import Bot, make_bot
from aves_core.host.clocks import Clock
from aves_core.host.errors import HostError
from aves_core.host.store import Action, TableRecord, token_matches
from aves_core.host.tablelog import new_table
from aves_core.host.wire import encode  # where it was before aves_core.host.wire
from aves_core.kernel.table import Table

__all__ = ["SEAT_LEFT", "STAND_IN_BOTS", "TOO_SLOW", "At", "Gate", "Limits", "LiveTable",
           "Subscriber", "can_undo", "check_log_reader", "encode", "mover_of", "pace",
           "player", "reset", "stand_in", "too_many_tables", "undoer", "with_left"]

SEAT_LEFT: dict[str, Any] = {"type": "seat_left"}
"""Put in a seat's socket queues when the player leaves: the socket closes."""
TOO_SLOW: dict[str, Any] = {"type": "too_slow"}
"""Put in a socket's queue, emptied first, when its reader fell too far behind."""

@attrs.frozen
class Limits:
    """What a host allows: each worker counts the memory and socket limits for itself;
    the tables a client creates are counted in the store (``Store.admit``), so every
    worker, and every restart, counts the same allowance."""

    live_tables: int = 2_000
    """Tables kept in memory; beyond it the least recently used idle ones leave it."""
    idle_seconds: float = 300.0
    """A table nobody touched for this long, with no socket and no bot thinking, leaves
    memory (it loads again from the store on demand)."""
    socket_queue: int = 256
    """Messages waiting for one socket; a socket further behind is closed (4408)."""
    send_seconds: float = 20.0
    """How long one message may wait for a client that does not read it (then its socket
    is closed with 4408, and a close the client does not take is dropped as long)."""
    creations_burst: int = 20
    """Tables one client may create at once..."""
    creations_per_minute: float = 20.0
    """...and then per minute (a client is an IP address; counted in the store, across
    workers and restarts)."""
    replays_per_minute: float = 30.0
    """Logs one client may replay a minute, and as many at once (``POST /api/replay``)."""
    replays_waiting: int = 4
    """Replays that may wait while one runs (one at a time), whoever asked for them."""
    bot_quantum: float = 0.05
    """A bot's answer comes a whole number of these seconds after its turn began (at
    least one): how long it thought, which may depend on its hidden hand, does not show.
    A thought longer than this is rounded up to the next multiple; 0 turns it off."""


async def pace(begun: float, quantum: float) -> None:
    """Wait until the next whole multiple of ``quantum`` seconds since ``begun`` (a
    ``time.monotonic()``; at least one quantum after it): a bot's answer then comes as
    late whatever it thought of its hand (``Limits.bot_quantum``)."""
    if quantum <= 0:
        return
    spent = time.monotonic() - begun
    await asyncio.sleep(quantum * max(1, math.ceil(spent / quantum)) - spent)


@attrs.define(eq=False)
class Subscriber:
    """One socket's seat (None: a spectator) and the queue its messages go through:
    encoded messages (str), or ``SEAT_LEFT`` or ``TOO_SLOW``, after which it closes."""

    seat: int | None
    queue: asyncio.Queue[str | dict[str, Any]]
    next: int = 0
    pad: int = 0
    """Its messages are padded to a multiple of this many bytes (``wire.padded``)."""


@attrs.define(eq=False)
class LiveTable:
    """A table as this worker knows it."""

    record: TableRecord
    table: Table
    actions: int = 0
    lock: asyncio.Lock = attrs.Factory(asyncio.Lock)
    bots: dict[int, Bot] = attrs.Factory(dict)
    rng: random.Random = attrs.Factory(random.Random)
    bot_task: asyncio.Task[None] | None = None
    undos: dict[int, int] = attrs.Factory(dict)
    """How many undos each seat has made at this table (``MAX_UNDOS`` at most)."""
    left: dict[int, str] = attrs.Factory(dict)
    """The seats whose players left, and the bot playing each (from the actions)."""
    used: float = attrs.Factory(time.monotonic)
    """When a request or a bot last touched the table."""
    clock: Clock | None = None
    """The table's clocks, if it has a time control."""
    timer: asyncio.TimerHandle | None = None
    """Set for the next deadline: then the seat's move is played for it."""
    seen: int | None = None
    """The store's ``version_now`` when this worker last read the table's actions (None:
    not known, read them)."""

    @property
    def timed(self) -> bool:
        """Whether a clock runs: the game goes on under a time control."""
        return self.clock is not None and self.table.result is None


@attrs.define(eq=False)
class Gate:
    """One client's bots think one move at a time."""

    lock: asyncio.Lock = attrs.Factory(asyncio.Lock)
    users: int = 0


def with_left(record: TableRecord, left: dict[int, str]) -> TableRecord:
    """The record with each left seat a bot's, whatever the store's seats say yet."""
    if not left:
        return record
    return attrs.evolve(record, seats=tuple(
        attrs.evolve(seat, token_hash=None, bot=left[seat.seat]) if seat.seat in left
        else seat for seat in record.seats))


def can_undo(table: Table, seat: int | None) -> bool:
    """Whether ``seat`` may take back the last move now (a spectator never may): the
    browser offers Undo only then."""
    return seat is not None and table.result is None and table.can_undo(seat)


def player(table: Table, move: Any) -> Callable[[], tuple[str, dict[str, Any]]]:
    """Playing ``move`` at ``table``, later (a function bound to both now), which gives
    the action to store: the move (``move``), or the move and the chance moves the
    table drew after it (``moves``)."""

    def play() -> tuple[str, dict[str, Any]]:
        before = table.move_count
        table.play(move)
        moves = table.moves_since(before)
        to_json = table.game.move_to_json
        if len(moves) == 1:
            return "move", to_json(moves[0])
        return "moves", {"moves": [to_json(each) for each in moves]}

    return play


def undoer(table: Table, seat: int) -> Callable[[], tuple[str, dict[str, Any]]]:
    """Taking back ``seat``'s last move at ``table``, later, and the action to store."""

    def undo() -> tuple[str, dict[str, Any]]:
        table.undo(seat)
        return "undo", {"seat": seat}

    return undo


STAND_IN_BOTS = ("greedy", "random")
"""The bot that plays a move for a seat whose time ran out: the first the game has."""


def mover_of(live: LiveTable, action: Action) -> int | None:
    """The seat that made a stored action (None: a leave, which is no seat's move)."""
    if action.kind == "undo":
        seat: int = action.data["seat"]
        return seat
    if action.kind == "leave":
        return None
    game = live.table.game
    first = action.data if action.kind == "move" else action.data["moves"][0]
    return game.mover(game.move_from_json(first))


def stand_in(live: LiveTable) -> Bot:
    """The bot that plays for a seat whose time ran out."""
    names = live.table.game.bot_factories()
    return make_bot(next((name for name in STAND_IN_BOTS if name in names), "random"),
                    live.table.game)


def too_many_tables(wait: float, limits: Limits) -> HostError:
    """The refusal of a new table to a client whose allowance (``Store.admit``) is spent
    for ``wait`` more seconds."""
    return HostError(429, "too_many_tables", f"a client may create {limits.creations_burst} "
                     f"tables at once and {limits.creations_per_minute:g} a minute: try "
                     f"again in {wait:.0f} s", {"retry_after": round(wait, 1)})


class At:
    """``Lobby._at``: ``async with`` the table that ``enter()`` gives, locked, its lock
    released at the end. A class rather than an ``asynccontextmanager`` generator,
    which cost a few microseconds more on every request and move."""

    __slots__ = ("_enter", "_live")

    def __init__(self, enter: Callable[[], Awaitable[LiveTable]]) -> None:
        self._enter = enter
        self._live: LiveTable | None = None

    async def __aenter__(self) -> LiveTable:
        self._live = await self._enter()
        return self._live

    async def __aexit__(self, *exc_info: object) -> None:
        assert self._live is not None
        self._live.lock.release()


def reset(live: LiveTable) -> None:
    """The table back at its start, to be caught up with the store (by the next
    ``_catch_up``: ``seen`` is unknown, so it reads)."""
    live.table, live.actions, live.undos = new_table(live.record), 0, {}
    live.seen = None
    if live.clock is not None:
        live.clock = Clock(live.clock.control, len(live.record.seats),
                           live.record.created, live.table.to_move)


def check_log_reader(live: LiveTable, token: str | None) -> None:
    """Refuse a finished log whose game keeps some of it hidden for good
    (``GameFacts.public_log`` false) to all but a seat of the table (a 401 without a
    token, a 403 with one that is no seat's; a left seat's token died with it)."""
    if not token:
        raise HostError(401, "unauthorized", "this game's rules keep some of its log hidden "
                        "for good: it is shown only to the table's seats (send a seat's token)")
    if not any(seat.seat not in live.left and token_matches(seat.token_hash, token)
               for seat in live.record.seats):
        raise HostError(403, "forbidden", "that is not the token of a seat at this table")
