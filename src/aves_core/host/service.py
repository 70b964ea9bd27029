"""The host's service: live tables over a store, for the web app and its sockets.

A live table is the kernel's ``Table`` rebuilt from the store's actions (moves,
undos and leaves, in order), so every worker reaches the same state and the same
numbered events. A move is checked by the game, then appended to the store at
the index the worker expects: if another worker appended first, the move is
refused with a conflict and the worker catches up. Each table has a lock, so the
moves of one worker are applied one at a time; different tables never wait for
each other. Subscribers (the WebSocket connections) get each seat's redacted
events and its new view as they happen, encoded once for every socket of a seat;
other workers' actions arrive through the store's notifications (PostgreSQL) or
by polling its version (SQLite).

A seat's token is checked under the table's lock after catching up with the
store, and a player's leave is an action in that same order: so no worker lets a
token read or move once another worker took its leave, and a move stored after a
leave was checked after it (else its index conflicts).

Bots play empty and left seats on the server. Their thinking runs in threads
without the table's lock (a request for the table never waits for a bot), one
thought at a time per client that created the tables (kept in the store with each
table, so on every worker and after a restart), so that no client's bots starve
another's. Memory is bounded: a table leaves memory when idle (no socket,
no bot thinking) and loads again on demand; an unknown table id leaves nothing
behind; a socket that does not read its messages is closed; each client may
create only so many tables a minute (counted in the store, so on every worker).

A game with chance during play (``Chance.PLAY``): the table draws the chance moves
a seat's or a bot's move leads to (from the system's randomness, unless the
operator allowed seeds and the table was created with one), and the host stores
them with that move in one action (``moves``: the seat's move, then the chance
moves), so every worker and every restart rebuilds the same state from the store
and nothing is drawn twice. No seat may send a chance move.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

import attrs

from aves_core.bots import Bot, make_bot
from aves_core.host import deadlines
from aves_core.host.clocks import Clock, TimeControl
from aves_core.host.drawings import option_choices, option_help, web_entry
from aves_core.host.errors import HostError
from aves_core.host.fanout import Fanout
from aves_core.host.live import (
    SEAT_LEFT,
    TOO_SLOW,
    At,
    Gate,
    Limits,
    LiveTable,
    Subscriber,
    can_undo,
    check_log_reader,
    mover_of,
    pace,
    player,
    reset,
    stand_in,
    too_many_tables,
    undoer,
    with_left,
)
from aves_core.host.races import RACE_RETRIES, retried
from aves_core.host.store import (
    Action,
    ConflictError,
    SeatRecord,
    Store,
    StoreBusyError,
    StoreError,
    TableRecord,
    hash_token,
    token_matches,
)
from aves_core.host.tablelog import apply_action, export_log, new_table, replay_steps
from aves_core.host.tablespec import read_new_table, storable
from aves_core.host.wire import bucket
from aves_core.kernel.convert import FieldError
from aves_core.kernel.errors import AvesError, IllegalMoveError
from aves_core.kernel.log import dump_log, header_data
from aves_core.kernel.registry import all_games
from aves_core.kernel.table import Table, UndoError

__all__ = ["MAX_UNDOS", "RACE_RETRIES", "SEAT_LEFT", "TOO_SLOW", "HostError", "Limits", "Lobby",
           "Subscriber", "export_log"]

_LOG = logging.getLogger("aves_core.host")

MAX_UNDOS = 100
"""The undos one seat may make in one game."""
LEAVE_BOT = "random"
"""The bot that plays a seat its player left."""


class Lobby:
    """Every table a host serves, over one store."""

    def __init__(self, store: Store, *, bot_threads: int = 4, allow_seeds: bool = False,
                 limits: Limits | None = None, now: Callable[[], float] = time.time) -> None:
        self.store = store
        self.now = now
        """The time (seconds since the epoch) actions are stored with and clocks read."""
        self.allow_seeds = allow_seeds
        self.limits = limits or Limits()
        self._live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Task[LiveTable]] = {}
        self._fanout = Fanout(self._unfollowed)
        self._subscribers = self._fanout.tables  # each table's subscribers here
        self._bots = ThreadPoolExecutor(bot_threads, thread_name_prefix="aves-bot")
        self._gates: dict[str, Gate] = {}
        self._closed = False
        # The store's optional ways (see Store): its own way off the event loop, and a
        # version that says, without waiting, whether anything changed elsewhere.
        self._run: Callable[..., Awaitable[Any]] | None = getattr(store, "run", None)
        self._version_now: Callable[[], int | None] | None = getattr(
            store, "version_now", None)

    async def _db(self, call: Callable[..., Any], *arguments: Any) -> Any:
        # No store call may wait on the event loop: a lock another process holds, or a
        # round trip to a server, would stop every table of this worker. A store with
        # a way of its own (SQLite: a writer thread, reads that never wait) uses it; any
        # other's calls run in a thread. A database locked for too long is a 503.
        run = self._run
        try:
            if run is not None:
                return await run(call, *arguments)
            return await asyncio.to_thread(call, *arguments)
        except StoreBusyError as error:
            raise HostError(503, "store_busy", str(error), {"retry_after": 1.0}) from None
        except ConflictError:
            raise  # a race the caller answers (409 conflict)
        except StoreError as error:
            # The database failed, not the request: a 503 that tells the client no more
            # than that (the error may name the database's address or user); the
            # operator's log has the whole of it.
            _LOG.warning("the store failed: %s", error)
            raise HostError(503, "store_error", "the tables' store failed: try again "
                            "later", {"retry_after": 5.0}) from None

    # --- tables -------------------------------------------------------------------

    async def create(self, body: Any, client: str = "") -> dict[str, Any]:
        """A new table from ``{"game", "players", "options", "seed", "bots"}``, made
        for ``client`` (its address: it may make only so many a minute)."""
        new = read_new_table(body, allow_seeds=self.allow_seeds)
        game, players = new.game, new.players
        try:
            table = Table(game, players, setup=game.new_setup(len(players), new.options,
                                                              new.seed), seed=new.seed)
        except AvesError as error:
            raise HostError(400, error.code, str(error)) from None
        log = table.log
        # Counted in the store: the same allowance on every worker and after a restart.
        if wait := await self._db(self.store.admit, client, self.now(),
                                  self.limits.creations_burst, self.limits.creations_per_minute):
            raise too_many_tables(wait, self.limits)
        table_id = secrets.token_hex(8)
        record = TableRecord(table_id, game.id, header_data(log), self.now(), tuple(
            SeatRecord(seat, name, bot=new.bots.get(seat))
            for seat, name in enumerate(players)),
            clock=None if new.clock is None else new.clock.to_json(), owner=client or None)
        # In memory at once, from the log made here (reading it back from the store
        # would deal it again): no other worker knows the id yet, so the store holds no
        # action of it, and the data version seen now is as good as a catch-up's.
        live = self._live_table(record, table)
        live.record = attrs.evolve(record, deadline=deadlines.stored_deadline(live))
        await self._db(self.store.create_table, live.record)
        peek = self._version_now
        live.seen = None if peek is None else peek()
        self._install_live(live)
        self._schedule_bots(live)
        return self._summary(live)

    async def _get(self, table_id: str) -> LiveTable:
        """The live table, loaded from the store if it is not in memory. Concurrent
        requests for one table share one load; a failed load keeps nothing."""
        live = self._live.get(table_id)
        if live is None:
            loading = self._loading.get(table_id)
            if loading is None:
                loading = asyncio.get_running_loop().create_task(self._load(table_id))
                self._loading[table_id] = loading
                loading.add_done_callback(self._loaded)
            live = await asyncio.shield(loading)
        live.used = time.monotonic()
        return live

    def _loaded(self, task: asyncio.Task[LiveTable]) -> None:
        for table_id, loading in list(self._loading.items()):
            if loading is task:
                del self._loading[table_id]
        if not task.cancelled():
            task.exception()  # read, so an unknown id logs nothing either

    async def _load(self, table_id: str) -> LiveTable:
        if type(table_id) is not str or not (0 < len(table_id) <= 64) or not storable(table_id):
            raise HostError(404, "no_such_table", "no such table")
        record = await self._db(self.store.table, table_id)
        if record is None:
            raise HostError(404, "no_such_table", f"no table {table_id!r:.70}")
        live = self._live_table(record, new_table(record))
        await self._catch_up(live)
        return self._install_live(live)

    def _live_table(self, record: TableRecord, table: Table) -> LiveTable:
        """A stored table with its bots and clock, not yet in memory."""
        live = LiveTable(record, table)
        for seat in record.seats:
            if seat.bot:
                live.bots[seat.seat] = make_bot(seat.bot, live.table.game)
        if record.clock is not None:
            live.clock = Clock(TimeControl.from_json(record.clock), len(record.seats),
                               record.created, live.table.to_move)
        return live

    def _install_live(self, live: LiveTable) -> LiveTable:
        """The table in this worker's memory (the least used idle ones leave beyond the
        limit), its clock armed."""
        self._arm(live)
        self._live[live.record.id] = live
        if len(self._live) > self.limits.live_tables:
            self._unload(keep=self.limits.live_tables * 9 // 10)
        live.used = time.monotonic()
        return live

    def _idle(self, live: LiveTable) -> bool:
        """Whether the table may leave memory: nothing of it is under way here."""
        # A clock that runs out soon stays, its timer set; a later one is found in the
        # store in time (deadlines.watch).
        return (not live.lock.locked() and (live.bot_task is None or live.bot_task.done())
                and not self._subscribers.get(live.record.id)
                and not deadlines.near(live, self.now()))

    def _unload(self, *, keep: int = 0, older: float | None = None) -> int:
        """Let idle tables leave memory: the least recently used until ``keep`` remain,
        or those untouched since ``older``; how many left."""
        idle = sorted((live for live in self._live.values() if self._idle(live)),
                      key=lambda live: live.used)
        if older is not None:
            idle = [live for live in idle if live.used < older]
        else:
            idle = idle[:max(0, len(self._live) - keep)]
        for live in idle:
            del self._live[live.record.id]
            if live.timer is not None:
                live.timer.cancel()
        return len(idle)

    async def run(self, *, every: float = 30.0) -> None:
        """The worker's housekeeping, until cancelled: bots whose turn it is move (after
        a start, a restart loses no bot's turn), then every ``every`` seconds idle tables
        leave memory and spent allowances are forgotten; meanwhile the clocks about to run
        out are found in the store (``deadlines.watch``)."""
        watching = asyncio.get_running_loop().create_task(deadlines.watch(
            partial(self._db, self.store.due), self._wake, self.now, self._live))
        try:
            await self.resume_bots()
            while True:
                await asyncio.sleep(every)
                self.sweep()
        finally:
            watching.cancel()
            await asyncio.gather(watching, return_exceptions=True)

    async def _wake(self, table_id: str) -> None:
        """Load a table whose clock runs out soon: its timer is set."""
        with contextlib.suppress(HostError):
            self._schedule_bots(await self._get(table_id))

    def sweep(self) -> None:
        """Unload finished tables and tables idle for ``Limits.idle_seconds``."""
        self._unload(older=time.monotonic() - self.limits.idle_seconds)
        for live in [live for live in self._live.values()
                     if live.table.result is not None and self._idle(live)]:
            del self._live[live.record.id]

    async def resume_bots(self) -> None:
        """Bots whose turn it is move: every unfinished table with a bot is looked at,
        one at a time, so requests are answered meanwhile (a clock alone loads no table:
        ``deadlines.watch`` finds those that run out)."""
        for record in await self._db(self.store.tables, 1_000_000):
            if record.result is None and any(seat.bot for seat in record.seats):
                with contextlib.suppress(HostError):
                    self._schedule_bots(await self._get(record.id))
                await asyncio.sleep(0)

    async def _catch_up(self, live: LiveTable) -> bool:
        """Apply the actions other workers stored since this one last looked; whether
        there were any."""
        # A store that can tell cheaply that nothing was committed elsewhere since the
        # last look (SQLite's data version) saves a read on every request.
        peek = self._version_now
        seen = None if peek is None else peek()
        if seen is not None and seen == live.seen:
            return False
        actions = await self._db(self.store.actions, live.record.id, live.actions)
        live.seen = seen
        for action in actions:
            self._replay(live, action)
        if actions:
            self._arm(live)
            # Whoever catches up tells this worker's sockets: otherwise a worker that
            # learnt of a move through a view or a bot's turn would never send it.
            self.publish(live)
        return bool(actions)

    def _replay(self, live: LiveTable, action: Action) -> None:
        if action.kind == "leave":
            self._seat_left(live, action.data["seat"], action.data["bot"])
        else:
            apply_action(live.table, action)
        live.actions = action.index + 1
        if live.clock is not None:
            live.clock.record(action.at, mover_of(live, action), live.table.to_move,
                              action.data.get("timeout") if action.kind == "moves" else None,
                              undo=action.kind == "undo")
        if action.kind == "undo":
            seat = action.data["seat"]
            live.undos[seat] = live.undos.get(seat, 0) + 1

    async def _rebuild(self, live: LiveTable) -> None:
        """Start the table again from the store (after a refused append: the move
        applied in memory must go)."""
        reset(live)
        await self._catch_up(live)

    async def _refresh(self, live: LiveTable) -> None:
        """Read the table's seats again (a join on another worker), keeping the leaves
        this worker has seen even before the store's seat says so."""
        record = await self._db(self.store.table, live.record.id)
        if record is not None:
            live.record = with_left(record, live.left)

    def _summary(self, live: LiveTable) -> dict[str, Any]:
        record, table = live.record, live.table
        result = table.result
        return {
            "table": record.id,
            "game": record.game,
            "players": list(table.players),
            "seats": [{"seat": seat.seat, "name": seat.name, "bot": seat.bot,
                       "taken": seat.token_hash is not None} for seat in record.seats],
            "to_move": list(table.to_move),
            "events": table.event_count,
            "seeded": record.header.get("seed") is not None,
            "options": table.game.options_to_json(table.game.options_of(table.log.setup)),
            "result": None if result is None else {"winners": list(result.winners),
                                                   "reason": result.reason},
            "clocks": self._clocks(live),
        }

    def _clocks(self, live: LiveTable) -> dict[str, Any] | None:
        """The table's clocks now, or None without a time control."""
        return None if live.clock is None else live.clock.to_json(round(self.now(), 3))

    async def summary(self, table_id: str) -> dict[str, Any]:
        """A table's seats, whose move it is, and its result."""
        async with self._at(table_id, None, None) as live:
            await self._refresh(live)
            return self._summary(live)

    async def tables(self) -> list[dict[str, Any]]:
        """The newest tables, for the lobby."""
        records = await self._db(self.store.tables, 50)
        return [{"table": record.id, "game": record.game,
                 "players": [seat.name for seat in record.seats],
                 "bots": [seat.bot for seat in record.seats],
                 "open": [seat.seat for seat in record.seats
                          if seat.token_hash is None and seat.bot is None],
                 "over": record.result is not None,
                 "winners": None if record.result is None else record.result["winners"],
                 "seeded": record.header.get("seed") is not None,
                 "clock": record.clock,
                 "created": record.created} for record in records]

    @staticmethod
    def games() -> list[dict[str, Any]]:
        """The registered games, their facts, their default options (and the choices of
        those that take one of a few values) and where their drawing is, if any."""
        return [{"id": game.id, "name": game.facts.name, "summary": game.facts.summary,
                 "min_players": game.facts.min_players, "max_players": game.facts.max_players,
                 "options": game.options_to_json(game.default_options()),
                 "option_choices": option_choices(game),
                 "option_help": option_help(game),
                 "reasons": {reason: game.facts.reason_words.get(reason, reason)
                             for reason in game.facts.reasons},
                 "bots": list(game.bot_factories()), "web": web_entry(game)}
                for game in all_games()]

    # --- seats ------------------------------------------------------------------------

    async def join(self, table_id: str, seat: int) -> dict[str, Any]:
        """Give a free seat to a player: its secret token (shown this once)."""
        live = await self._get(table_id)
        self._seat_index(live, seat)
        token = secrets.token_urlsafe(24)
        token_hash = hash_token(token)
        if not await self._db(self.store.claim_seat, table_id, seat, token_hash):
            raise HostError(409, "seat_taken", f"seat {seat} is taken")
        # The store said yes: the seat is this token's (no need to read it back; a join
        # on another worker is read when its token first comes, see _authorize).
        seats = live.record.seats
        live.record = attrs.evolve(live.record, seats=(
            *seats[:seat], attrs.evolve(seats[seat], token_hash=token_hash),
            *seats[seat + 1:]))
        return {"table": table_id, "seat": seat, "token": token,
                "name": live.record.seats[seat].name}

    def _seat_index(self, live: LiveTable, seat: Any) -> int:
        if type(seat) is not int or not 0 <= seat < len(live.record.seats):
            raise HostError(404, "no_such_seat", f"no seat {seat!r:.20} at this table")
        return seat

    def _at(self, table_id: str, seat: int | None, token: str | None) -> At:
        """``async with``: the table under its lock, caught up with the store; for a
        seat, only with that seat's token (a 401 without one, a 403 with another or a
        dead one). The token is checked after catching up: a leave on any worker is
        seen first."""
        return At(partial(self._enter, table_id, seat, token))

    async def _enter(self, table_id: str, seat: int | None, token: str | None
                     ) -> LiveTable:
        live = await self._get(table_id)
        if seat is not None:
            self._seat_index(live, seat)
            if not token:
                raise HostError(401, "unauthorized", f"this request needs seat {seat}'s token")
        await live.lock.acquire()
        try:
            await self._catch_up(live)
            if seat is not None:
                await self._authorize(live, seat, token or "")
        except BaseException:
            live.lock.release()
            raise
        return live

    async def _authorize(self, live: LiveTable, seat: int, token: str) -> None:
        if seat in live.left:
            raise HostError(403, "forbidden", f"seat {seat} was left: its token died with "
                                              "it, and a bot plays it")
        if not token_matches(live.record.seats[seat].token_hash, token):
            await self._refresh(live)  # joined on another worker, maybe
            if not token_matches(live.record.seats[seat].token_hash, token):
                raise HostError(403, "forbidden", f"that is not seat {seat}'s token")

    async def leave(self, table_id: str, seat: int, token: str | None) -> dict[str, Any]:
        """The player leaves: a random bot plays the seat from now on. The leave is an
        action in the table's order, so every worker sees it before any later move."""
        async with self._at(table_id, seat, token) as live:
            # A leave beaten to the store by any action is taken after it (a conflict
            # would only ask the player to leave again), unless the seat left meanwhile.
            await retried(lambda: self._act(live, lambda: ("leave", {"seat": seat, "bot":
                                                                     LEAVE_BOT}), None),
                          lambda: self._authorize(live, seat, token or ""), lambda: True)
            self._seat_left(live, seat, LEAVE_BOT)
        # The seats table follows (the lobby reads it); the action is what counts.
        await self._db(self.store.set_bot, table_id, seat, LEAVE_BOT)
        return {"left": seat}

    def _seat_left(self, live: LiveTable, seat: int, bot: str) -> None:
        """A seat is a bot's from now on: its token dies and its sockets close."""
        live.left[seat] = bot
        live.record = with_left(live.record, live.left)
        live.bots[seat] = make_bot(bot, live.table.game)
        for subscriber in list(self._subscribers.get(live.record.id, {}).values()):
            if subscriber.seat == seat:
                # The seat is a bot's now: its socket must not see the bot's cards.
                self._fanout.close(live.record.id, subscriber, SEAT_LEFT)
        self._schedule_bots(live)

    # --- what a seat sees -----------------------------------------------------------

    def view_json(self, live: LiveTable, seat: int | None) -> dict[str, Any]:
        """A seat's view as JSON, with the table's event count."""
        table = live.table
        return {"view": table.game.view_to_json(table.view(seat)), "next": table.event_count,
                "undo": can_undo(table, seat), "clocks": self._clocks(live)}

    async def view(self, table_id: str, seat: int | None, token: str | None) -> dict[str, Any]:
        """What a seat (None: a spectator) may see now."""
        async with self._at(table_id, seat, token) as live:
            return self.view_json(live, seat)

    async def events(self, table_id: str, seat: int | None, token: str | None,
                     since: int) -> dict[str, Any]:
        """The events from number ``since`` on, as the seat may see them."""
        async with self._at(table_id, seat, token) as live:
            return self._events_json(live, seat, since)

    def _events_json(self, live: LiveTable, seat: int | None, since: int) -> dict[str, Any]:
        table = live.table
        if type(since) is not int or not 0 <= since <= table.event_count:
            raise HostError(400, "bad_argument", f"since must be 0 to {table.event_count}")
        events = table.events_since(since, seat)
        return {"events": [table.game.event_to_json(event) for event in events],
                "next": table.event_count,
                "view": table.game.view_to_json(table.view(seat)),
                "undo": can_undo(table, seat), "clocks": self._clocks(live)}

    # --- moves --------------------------------------------------------------------------

    async def move(self, table_id: str, seat: int, token: str | None, data: Any, *,
                   reply: bool = True) -> dict[str, Any] | None:
        """Apply a seat's move (its JSON object); its events as the seat sees them (None
        without ``reply``: a socket's seat gets them as every subscriber does)."""
        async with self._at(table_id, seat, token) as live:
            game = live.table.game
            try:
                move = game.move_from_json(data)
            except FieldError as error:
                path = f" ({error.path})" if error.path else ""
                raise HostError(400, error.code, f"{error.message}{path}") from None
            mover = game.mover(move)
            if mover is None:
                raise HostError(403, "forbidden", "a chance move is drawn by the host, never "
                                                  "sent by a seat")
            if mover != seat:
                raise HostError(403, "forbidden", f"seat {seat} cannot move for seat {mover}")
            first = live.table.event_count
            # Beaten to the store by another worker: where seats move at once (sealed
            # bids) the move, still legal after the other's, is stored after it; the
            # token is checked again first (that other action may be the seat's leave).
            await retried(lambda: self._act(live, player(live.table, move), seat),
                          lambda: self._authorize(live, seat, token or ""),
                          lambda: game.facts.simultaneous_moves
                          and game.is_legal(live.table.state, move))
            answer = self._events_json(live, seat, first) if reply else None
        self._schedule_bots(live)
        return answer

    async def undo(self, table_id: str, seat: int, token: str | None) -> dict[str, Any]:
        """Take back the seat's last move, if the game's undo policy allows it."""
        async with self._at(table_id, seat, token) as live:
            if live.undos.get(seat, 0) >= MAX_UNDOS:
                # Each undo adds events for good: without a cap one seat could grow a
                # table's log without end.
                raise HostError(409, "undo_limit", f"a seat may undo at most {MAX_UNDOS} "
                                "times a game")
            first = live.table.event_count
            await self._act(live, undoer(live.table, seat), seat)
            live.undos[seat] = live.undos.get(seat, 0) + 1
            return self._events_json(live, seat, first)

    async def _act(self, live: LiveTable, apply: Callable[[], tuple[str, dict[str, Any]]],
                   mover: int | None, timeout: int | None = None) -> None:
        """Apply an action of seat ``mover`` in memory (``apply`` returns the action's
        kind and data to store; ``timeout``: a move played for that seat, its time run
        out), store it at the next index with the time, and tell subscribers. The
        caller holds the lock and has caught up. If the store refuses (another worker
        was first, or it failed), the table is rebuilt from the store and the request
        gets the error."""
        table = live.table
        try:
            kind, data = apply()
            if timeout is not None:  # marked in the action: every worker marks the seat
                moves = data["moves"] if kind == "moves" else [data]
                kind, data = "moves", {"moves": moves, "timeout": timeout}
        except IllegalMoveError as error:
            raise HostError(400, error.code, error.message) from None
        except UndoError as error:
            raise HostError(409, error.code, error.message) from None
        result, at = table.result, self.now()
        if live.clock is not None:  # first, for the next deadline stored with the action
            live.clock.record(at, mover, table.to_move, timeout, undo=kind == "undo")
        action = Action(live.actions, kind, data, at=at)
        try:
            await self._db(self.store.append, live.record.id, action, None if result is None
                           else {"winners": list(result.winners), "reason": result.reason},
                           deadlines.stored_deadline(live))
        except asyncio.CancelledError:
            # Whether the append will be stored is not known now (it may still commit),
            # and a cancelled task must not wait: the move leaves memory, and the next
            # request under the lock reads the table from the store as it is.
            reset(live)
            raise
        except BaseException as error:
            await self._rebuild(live)
            if isinstance(error, ConflictError):
                raise HostError(409, "conflict", "another move was played first; here is the "
                                "table as it is now", {"next": live.table.event_count}) from None
            raise
        live.actions += 1
        if live.clock is not None:
            self._arm(live)
        self.publish(live)

    # --- bots ---------------------------------------------------------------------

    def _schedule_bots(self, live: LiveTable) -> None:
        if (not live.bots and not live.timed) or self._closed:
            return  # (closed: a request still under way at shutdown starts no bot)
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = asyncio.get_running_loop().create_task(
                self._play_bots(live.record.id))

    async def _play_bots(self, table_id: str) -> None:
        """Bots move while it is a bot's turn. A bot thinks without the table's lock
        (requests for the table go on meanwhile); its move counts only if nothing
        happened at the table while it thought, else it looks again."""
        while True:
            live = await self._get(table_id)
            async with live.lock:
                # Its answer comes a whole bot_quantum after this: its turn has begun by
                # now. Not before the lock: this task, having just moved, looks again
                # while the person's answer may hold the lock, and the bot's next answer
                # then came less than a quantum after that move (tests/host/
                # test_host_bot_timing.py saw it in a third of its runs on 3.12).
                begun = time.monotonic()
                await self._catch_up(live)
                table = live.table
                seat = next((seat for seat in table.to_move if seat in live.bots), None)
                timeout = None if seat is not None else deadlines.due_seat(live, self.now())
                if timeout is not None:
                    seat = timeout
                if seat is None or table.result is not None:
                    self._arm(live)  # a timer a little early: set it again
                    return
                bot = live.bots[seat] if timeout is None else stand_in(live)
                seen = live.actions
                view = table.view(seat)
                events = table.events_since(0, seat)
            # The maker as stored (the same on every worker); paced outside gate and lock.
            move = await self._think(live.record.owner or table_id, bot, view, events, live.rng)
            await pace(begun, self.limits.bot_quantum)
            async with live.lock:
                await self._catch_up(live)
                if live.actions != seen or (timeout is None and live.bots.get(seat) is not bot):
                    continue  # the table moved on while the bot thought: look again
                if move not in view.legal_moves:  # a faulty bot must not stall the table
                    move = live.rng.choice(view.legal_moves)
                try:
                    await self._act(live, player(live.table, move), seat, timeout)
                except HostError:
                    continue  # another worker moved first: look again
            await asyncio.sleep(0)  # let requests for this table in between

    def _arm(self, live: LiveTable) -> None:
        deadlines.arm(live, self.now(), self._schedule_bots)

    async def _think(self, owner: str, bot: Bot, view: Any, events: Any,
                     rng: random.Random) -> Any:
        """A bot's move, thought in a thread once the owner's earlier thoughts are done
        (None if the bot failed)."""
        gate = self._gates.setdefault(owner, Gate())
        gate.users += 1
        try:
            async with gate.lock:
                return await asyncio.get_running_loop().run_in_executor(
                    self._bots, bot.choose, view, events, rng)
        except Exception:
            return None
        finally:
            gate.users -= 1
            if not gate.users:
                del self._gates[owner]

    # --- subscribers ----------------------------------------------------------------

    async def follow(self, table_id: str, seat: int | None, token: str | None,
                     since: int | None) -> tuple[dict[str, Any], dict[str, Any] | None,
                                                 Subscriber]:
        """A new socket's welcome (the seat's view now), the events it missed since
        ``since`` (None: it asks for none) and its subscription from then on, all taken
        under the table's lock: no event can fall between them, nor come twice."""
        async with self._at(table_id, seat, token) as live:
            welcome = self.view_json(live, seat)
            missed = None if since is None else self._events_json(
                live, seat, min(since, live.table.event_count))
            return welcome, missed, self.subscribe(table_id, seat, live.table.event_count)

    def subscribe(self, table_id: str, seat: int | None, since: int) -> Subscriber:
        """A queue of the table's messages for ``seat``, from event ``since`` on."""
        return self._fanout.subscribe(table_id, seat, since, self.limits.socket_queue,
                                      self.padding(table_id, seat))

    def padding(self, table_id: str, seat: int | None) -> int:
        """The bytes a seat's messages are padded to a multiple of (``wire.bucket``)."""
        live = self._live.get(table_id)
        return 0 if live is None else bucket(live.table.game, seat)

    def watched(self) -> list[str]:
        """The tables some socket of this worker follows."""
        return list(self._subscribers)

    def unsubscribe(self, table_id: str, subscriber: Subscriber) -> None:
        """Stop sending to a closed socket."""
        self._fanout.remove(table_id, subscriber)

    def _unfollowed(self, table_id: str) -> None:
        live = self._live.get(table_id)
        if live is not None and live.table.result is not None and self._idle(live):
            # A finished game changes no more: it leaves memory with its last socket (a
            # request loads it again). Every table kept is scanned by each full garbage
            # collection, a pause for all tables.
            del self._live[table_id]

    def publish(self, live: LiveTable) -> None:
        """Send each subscriber of the table the events it has not had and its view
        (``Fanout.publish``)."""
        self._fanout.publish(live, self._events_json, self.limits.socket_queue)

    async def changed(self, table_id: str) -> None:
        """Another worker stored an action: catch up and tell this worker's sockets."""
        live = self._live.get(table_id)
        if live is None:
            return
        async with live.lock:
            await self._catch_up(live)  # which tells the sockets, if there was news

    replay_steps = staticmethod(replay_steps)

    async def log(self, table_id: str, token: str | None = None) -> str:
        """A finished game's log (AVES's in its ``aves-log`` v1 format): to everyone, or
        only to a seat's ``token`` where the rules keep some of it hidden for good."""
        async with self._at(table_id, None, None) as live:
            if live.table.result is None:
                raise HostError(409, "game_not_over", "the log holds every hidden card: it "
                                "is shown once the game is over")
            if not live.table.game.facts.public_log:
                await self._refresh(live)  # (a seat joined on another worker)
                check_log_reader(live, token)
            return dump_log(live.table.log, "json")

    async def aclose(self) -> None:
        """``close``, then wait until the cancelled bot tasks have ended (so that none
        is still at the store when it closes)."""
        tasks = [live.bot_task for live in self._live.values() if live.bot_task is not None]
        self.close()
        await asyncio.gather(*tasks, return_exceptions=True)

    def close(self) -> None:
        """Stop the bots: their tasks, then their threads."""
        self._closed = True
        for live in self._live.values():
            if live.bot_task is not None:
                live.bot_task.cancel()
            if live.timer is not None:
                live.timer.cancel()
        self._bots.shutdown(wait=False, cancel_futures=True)
