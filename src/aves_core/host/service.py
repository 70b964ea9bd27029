"""The host's service: live tables over a store, for the web app and its sockets.

A live table is the kernel's ``Table`` rebuilt from the store's actions (moves
and undos, in order), so every worker reaches the same state and the same
numbered events. A move is checked by the game, then appended to the store at
the index the worker expects: if another worker appended first, the move is
refused with a conflict and the worker catches up. Each table has a lock, so the
moves of one worker are applied one at a time; different tables never wait for
each other. Bots play empty seats on the server, their thinking in threads, so
no table holds up another. Subscribers (the WebSocket connections) get each
seat's redacted events and its new view as they happen; other workers' moves
arrive through the store's notifications (PostgreSQL) or by polling its version
(SQLite).

A game with chance during play (``Chance.PLAY``): the table draws the chance moves
a seat's or a bot's move leads to (from the system's randomness, unless the table
was created with an explicit seed), and the host stores them with that move in
one action (``moves``: the seat's move, then the chance moves), so every worker
and every restart rebuilds the same state from the store and nothing is drawn
twice. No seat may send a chance move.
"""

from __future__ import annotations

import asyncio
import random
import re
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import attrs

from aves_core.bots import Bot, make_bot
from aves_core.host.drawings import option_choices, option_help, web_entry
from aves_core.host.store import (
    Action,
    ConflictError,
    SeatRecord,
    Store,
    TableRecord,
    hash_token,
    new_created,
    token_matches,
)
from aves_core.kernel.convert import FieldError
from aves_core.kernel.errors import AvesError, IllegalMoveError
from aves_core.kernel.game import Game
from aves_core.kernel.log import dump_log, header_data, read_header
from aves_core.kernel.registry import UnknownGameError, all_games, get_game
from aves_core.kernel.table import Table, UndoError

__all__ = ["HostError", "Lobby", "Subscriber", "export_log"]

AnyGame = Game[Any, Any, Any, Any, Any, Any]
MAX_PLAYERS_NAME = 40
MAX_REPLAY_MOVES = 5000


class HostError(AvesError):
    """A request the host refuses: an HTTP ``status`` and a stable ``code``."""

    def __init__(self, status: int, code: str, message: str,
                 extra: dict[str, Any] | None = None) -> None:
        super().__init__(message, code=code)
        self.status = status
        self.extra = extra or {}


def _bad(message: str, code: str = "schema") -> HostError:
    return HostError(400, code, message)


SEAT_LEFT: dict[str, Any] = {"type": "seat_left"}
"""Put in a seat's socket queues when the player leaves: the socket closes."""

MAX_UNDOS = 100
"""The undos one seat may make in one game."""
MAX_SEARCH_ITERATIONS = 5_000
MAX_SEARCH_MS = 2_000
"""The most a hosted search bot may think a move: a table must not hold a bot thread."""


@attrs.define
class Subscriber:
    """One socket's seat (None: a spectator) and the queue its messages go through."""

    seat: int | None
    queue: asyncio.Queue[dict[str, Any]]
    next: int = 0


@attrs.define
class _Live:
    """A table as this worker knows it."""

    record: TableRecord
    table: Table
    actions: int
    lock: asyncio.Lock = attrs.Factory(asyncio.Lock)
    bots: dict[int, Bot] = attrs.Factory(dict)
    rng: random.Random = attrs.Factory(random.Random)
    subscribers: set[int] = attrs.Factory(set)
    bot_task: asyncio.Task[None] | None = None
    undos: dict[int, int] = attrs.Factory(dict)
    """How many undos each seat has made at this table (``MAX_UNDOS`` at most)."""


class Lobby:
    """Every table a host serves, over one store."""

    def __init__(self, store: Store, *, bot_threads: int = 4) -> None:
        self.store = store
        self._live: dict[str, _Live] = {}
        self._subscribers: dict[str, dict[int, Subscriber]] = {}
        self._bots = ThreadPoolExecutor(bot_threads, thread_name_prefix="aves-bot")
        self._loading: dict[str, asyncio.Lock] = {}

    async def _db(self, call: Callable[..., Any], *arguments: Any) -> Any:
        # A store that blocks (a round trip to a server) never runs on the event loop;
        # a quick one (SQLite: about 10 µs a read, 60 µs a commit) costs less than the
        # hand-over to a thread would.
        if self.store.quick:
            return call(*arguments)
        return await asyncio.to_thread(call, *arguments)

    # --- tables -------------------------------------------------------------------

    async def create(self, body: Any) -> dict[str, Any]:
        """A new table from ``{"game", "players", "options", "seed", "bots"}``."""
        if type(body) is not dict:
            raise _bad("the body must be a JSON object")
        unknown = sorted(set(body) - {"game", "players", "options", "seed", "bots", "variant"})
        if unknown:
            raise _bad(f"unknown key {unknown[0]!r}")
        game = self._game(body.get("game", "aves"))
        players = body.get("players")
        if type(players) is not list or not all(type(name) is str and 0 < len(name) <=
                                                MAX_PLAYERS_NAME for name in players):
            raise _bad(f"players must be a list of names (1 to {MAX_PLAYERS_NAME} characters)")
        if not all(_storable(name) for name in players):
            raise _bad("a player's name holds a character no store keeps (a NUL, another "
                       "control character or a lone surrogate)")
        seed = body.get("seed")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
            raise _bad("seed must be an integer from 0 to 2**63 - 1, or null")
        options = self._options(game, body)
        bots = self._bot_specs(game, body.get("bots", {}), len(players))
        try:
            log = game.make_log(tuple(players),
                                game.new_setup(len(players), options, seed), seed)
            game.start(len(players), log.setup)
        except AvesError as error:
            raise _bad(str(error), error.code) from None
        table_id = secrets.token_hex(8)
        record = TableRecord(table_id, game.id, header_data(log), new_created(), tuple(
            SeatRecord(seat, name, bot=bots.get(seat)) for seat, name in enumerate(players)))
        await self._db(self.store.create_table, record)
        live = await self._get(table_id)
        self._schedule_bots(table_id, live)
        return self._summary(live)

    def _game(self, game_id: Any) -> AnyGame:
        try:
            return get_game(game_id)
        except UnknownGameError as error:
            raise HostError(400, "unknown_game", error.message) from None

    def _options(self, game: AnyGame, body: dict[str, Any]) -> Any:
        data = body.get("options", body.get("variant"))  # AVES's 0.1 name
        if data is None:
            return game.default_options()
        try:
            return game.options_from_json(data)
        except FieldError as error:
            where = f" ({error.path})" if error.path else ""
            raise _bad(f"options: {error.message}{where}") from None

    def _bot_specs(self, game: AnyGame, data: Any, players: int) -> dict[int, str]:
        if type(data) is not dict:
            raise _bad("bots must be an object of seat numbers and bot names")
        specs: dict[int, str] = {}
        for key, spec in data.items():
            # One spelling per seat: "0", "1", ... (not "00", "²" or 5,000 digits).
            if not (type(key) is str and _SEAT_KEY.fullmatch(key) and int(key) < players):
                raise _bad(f"bots: {key!r} is not a seat of this table")
            if type(spec) is not str:
                raise _bad("bots: a bot is named by a string such as 'greedy'")
            try:
                make_bot(spec, game)
            except AvesError as error:
                raise _bad(f"bots: {error}") from None
            _check_budget(spec)
            specs[int(key)] = spec
        return specs

    async def _get(self, table_id: str) -> _Live:
        """The live table, loaded from the store the first time."""
        live = self._live.get(table_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self._live.get(table_id)
            if live is None:
                live = await self._load(table_id)
                self._live[table_id] = live
        return live

    async def _load(self, table_id: str) -> _Live:
        if type(table_id) is not str or not (0 < len(table_id) <= 64) or not _storable(table_id):
            raise HostError(404, "no_such_table", "no such table")
        record = await self._db(self.store.table, table_id)
        if record is None:
            raise HostError(404, "no_such_table", f"no table {table_id!r:.70}")
        live = _Live(record, _new_table(record), 0)
        await self._catch_up(live)
        for seat in record.seats:
            if seat.bot:
                live.bots[seat.seat] = make_bot(seat.bot, live.table.game)
        return live

    async def _catch_up(self, live: _Live) -> bool:
        """Apply the actions other workers stored since this one last looked; whether
        there were any."""
        actions = await self._db(self.store.actions, live.record.id, live.actions)
        for action in actions:
            self._replay(live, action)
        if actions:
            # Whoever catches up tells this worker's sockets: otherwise a worker that
            # learnt of a move through a view or a bot's turn would never send it.
            self.publish(live)
        return bool(actions)

    def _replay(self, live: _Live, action: Action) -> None:
        _apply_action(live.table, action)
        live.actions = action.index + 1
        if action.kind == "undo":
            seat = action.data["seat"]
            live.undos[seat] = live.undos.get(seat, 0) + 1

    def _summary(self, live: _Live) -> dict[str, Any]:
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
            "result": None if result is None else {"winners": list(result.winners),
                                                   "reason": result.reason},
        }

    async def summary(self, table_id: str) -> dict[str, Any]:
        """A table's seats, whose move it is, and its result."""
        live = await self._get(table_id)
        live.record = await self._db(self.store.table, table_id) or live.record
        async with live.lock:
            # Another worker may have moved since this one last looked.
            await self._catch_up(live)
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
        if not await self._db(self.store.claim_seat, table_id, seat, hash_token(token)):
            raise HostError(409, "seat_taken", f"seat {seat} is taken")
        live.record = await self._db(self.store.table, table_id) or live.record
        return {"table": table_id, "seat": seat, "token": token,
                "name": live.record.seats[seat].name}

    def _seat_index(self, live: _Live, seat: Any) -> int:
        if type(seat) is not int or not 0 <= seat < len(live.record.seats):
            raise HostError(404, "no_such_seat", f"no seat {seat!r:.20} at this table")
        return seat

    async def check(self, table_id: str, seat: Any, token: str | None) -> _Live:
        """The table, when ``token`` is the seat's; else a 403 (a 401 without one)."""
        live = await self._get(table_id)
        index = self._seat_index(live, seat)
        if not token:
            raise HostError(401, "unauthorized", f"this request needs seat {index}'s token")
        stored = live.record.seats[index].token_hash
        if stored is None or not token_matches(stored, token):
            live.record = await self._db(self.store.table, table_id) or live.record
            stored = live.record.seats[index].token_hash
        if not token_matches(stored, token):
            raise HostError(403, "forbidden", f"that is not seat {index}'s token")
        return live

    async def leave(self, table_id: str, seat: int, token: str | None) -> dict[str, Any]:
        """The player leaves: a random bot plays the seat from now on."""
        live = await self.check(table_id, seat, token)
        await self._db(self.store.set_bot, table_id, seat, "random")
        live.record = await self._db(self.store.table, table_id) or live.record
        live.bots[seat] = make_bot("random", live.table.game)
        for subscriber in self._subscribers.get(table_id, {}).values():
            if subscriber.seat == seat:
                subscriber.queue.put_nowait(SEAT_LEFT)
        self._schedule_bots(table_id, live)
        return {"left": seat}

    # --- what a seat sees -----------------------------------------------------------

    def view_json(self, live: _Live, seat: int | None) -> dict[str, Any]:
        """A seat's view as JSON, with the table's event count."""
        table = live.table
        return {"view": table.game.view_to_json(table.view(seat)), "next": table.event_count,
                "undo": _can_undo(table, seat)}

    async def view(self, table_id: str, seat: int | None, token: str | None) -> dict[str, Any]:
        """What a seat (None: a spectator) may see now."""
        live = await (self.check(table_id, seat, token) if seat is not None
                      else self._get(table_id))
        async with live.lock:
            await self._catch_up(live)
            return self.view_json(live, seat)

    async def events(self, table_id: str, seat: int | None, token: str | None,
                     since: int) -> dict[str, Any]:
        """The events from number ``since`` on, as the seat may see them."""
        live = await (self.check(table_id, seat, token) if seat is not None
                      else self._get(table_id))
        async with live.lock:
            await self._catch_up(live)
            return self._events_json(live, seat, since)

    def _events_json(self, live: _Live, seat: int | None, since: int) -> dict[str, Any]:
        table = live.table
        if type(since) is not int or not 0 <= since <= table.event_count:
            raise HostError(400, "bad_argument", f"since must be 0 to {table.event_count}")
        events = table.events_since(since, seat)
        return {"events": [table.game.event_to_json(event) for event in events],
                "next": table.event_count,
                "view": table.game.view_to_json(table.view(seat)),
                "undo": _can_undo(table, seat)}

    # --- moves --------------------------------------------------------------------------

    async def move(self, table_id: str, seat: int, token: str | None, data: Any, *,
                   reply: bool = True) -> dict[str, Any] | None:
        """Apply a seat's move (its JSON object); its events as the seat sees them (None
        without ``reply``: a socket's seat gets them as every subscriber does)."""
        live = await self.check(table_id, seat, token)
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
        async with live.lock:
            first = live.table.event_count
            await self._act(live, _player(live.table, move))
            answer = self._events_json(live, seat, first) if reply else None
        self._schedule_bots(table_id, live)
        return answer

    async def undo(self, table_id: str, seat: int, token: str | None) -> dict[str, Any]:
        """Take back the seat's last move, if the game's undo policy allows it."""
        live = await self.check(table_id, seat, token)
        async with live.lock:
            await self._catch_up(live)
            if live.undos.get(seat, 0) >= MAX_UNDOS:
                # Each undo adds events for good: without a cap one seat could grow a
                # table's log without end.
                raise HostError(409, "undo_limit", f"a seat may undo at most {MAX_UNDOS} "
                                "times a game")
            first = live.table.event_count
            await self._act(live, _undoer(live.table, seat))
            live.undos[seat] = live.undos.get(seat, 0) + 1
            return self._events_json(live, seat, first)

    async def _act(self, live: _Live, apply: Callable[[], tuple[str, dict[str, Any]]]
                   ) -> None:
        """Apply an action in memory (``apply`` returns the action's kind and data to
        store), store it at the next index, and tell subscribers. If the store refuses
        (another worker was first, or it failed), the table is rebuilt from the store
        and the request gets the error and the fresh state."""
        await self._catch_up(live)
        table = live.table
        try:
            kind, data = apply()
        except IllegalMoveError as error:
            raise HostError(400, error.code, error.message) from None
        except UndoError as error:
            raise HostError(409, error.code, error.message) from None
        result = table.result
        action = Action(live.actions, kind, data)
        try:
            await self._db(self.store.append, live.record.id, action, None if result is None
                           else {"winners": list(result.winners), "reason": result.reason})
        except BaseException as error:
            self._live.pop(live.record.id, None)
            fresh = await self._get(live.record.id)
            if isinstance(error, ConflictError):
                raise HostError(409, "conflict", "another move was played first; here is the "
                                "table as it is now", {"next": fresh.table.event_count}) from None
            raise
        live.actions += 1
        self.publish(live)

    # --- bots ---------------------------------------------------------------------

    def _schedule_bots(self, table_id: str, live: _Live) -> None:
        if not live.bots:
            return
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = asyncio.get_running_loop().create_task(self._play_bots(table_id))

    async def _play_bots(self, table_id: str) -> None:
        """Bots move while it is a bot's turn; their thinking runs in threads."""
        while True:
            live = await self._get(table_id)
            async with live.lock:
                await self._catch_up(live)
                table = live.table
                seat = next((seat for seat in table.to_move if seat in live.bots), None)
                if seat is None or table.result is not None:
                    return
                bot = live.bots[seat]
                view = table.view(seat)
                events = table.events_since(0, seat)
                loop = asyncio.get_running_loop()
                try:
                    move = await loop.run_in_executor(self._bots, bot.choose, view, events,
                                                      live.rng)
                    if move not in view.legal_moves:
                        raise ValueError(f"{move!r} is not legal")
                except Exception:  # a faulty bot must not stall the table
                    move = live.rng.choice(view.legal_moves)
                try:
                    await self._act(live, _player(table, move))
                except HostError:
                    continue  # another worker moved first: look again
            await asyncio.sleep(0)  # let requests for this table in between

    async def resume_bots(self) -> None:
        """After a start: bots whose turn it is move (a restart loses no bot's turn)."""
        for record in await self._db(self.store.tables, 1_000_000):
            if record.result is None and any(seat.bot for seat in record.seats):
                live = await self._get(record.id)
                self._schedule_bots(record.id, live)

    # --- subscribers ----------------------------------------------------------------

    async def follow(self, table_id: str, seat: int | None, token: str | None,
                     since: int | None) -> tuple[dict[str, Any], dict[str, Any] | None,
                                                 Subscriber]:
        """A new socket's welcome (the seat's view now), the events it missed since
        ``since`` (None: it asks for none) and its subscription from then on, all taken
        under the table's lock: no event can fall between them, nor come twice."""
        live = await (self.check(table_id, seat, token) if seat is not None
                      else self._get(table_id))
        async with live.lock:
            await self._catch_up(live)
            welcome = self.view_json(live, seat)
            missed = None if since is None else self._events_json(
                live, seat, min(since, live.table.event_count))
            return welcome, missed, self.subscribe(table_id, seat, live.table.event_count)

    def subscribe(self, table_id: str, seat: int | None, since: int) -> Subscriber:
        """A queue of the table's messages for ``seat``, from event ``since`` on."""
        subscriber = Subscriber(seat, asyncio.Queue(), since)
        self._subscribers.setdefault(table_id, {})[id(subscriber)] = subscriber
        return subscriber

    def watched(self) -> list[str]:
        """The tables some socket of this worker follows."""
        return [table_id for table_id, subscribers in self._subscribers.items() if subscribers]

    def unsubscribe(self, table_id: str, subscriber: Subscriber) -> None:
        """Stop sending to a closed socket."""
        self._subscribers.get(table_id, {}).pop(id(subscriber), None)

    def publish(self, live: _Live) -> None:
        """Send each subscriber of the table the events it has not had, redacted, and its
        view after them. (Events only ever append, an undo too: the numbers hold.)"""
        table = live.table
        for subscriber in list(self._subscribers.get(live.record.id, {}).values()):
            if subscriber.next >= table.event_count:
                continue
            events = table.events_since(subscriber.next, subscriber.seat)
            subscriber.queue.put_nowait({
                "type": "events",
                "events": [table.game.event_to_json(event) for event in events],
                "next": table.event_count,
                "view": table.game.view_to_json(table.view(subscriber.seat)),
                "undo": _can_undo(table, subscriber.seat),
            })
            subscriber.next = table.event_count

    async def changed(self, table_id: str) -> None:
        """Another worker stored an action: catch up and tell this worker's sockets."""
        live = self._live.get(table_id)
        if live is None:
            return
        async with live.lock:
            await self._catch_up(live)  # which tells the sockets, if there was news

    @staticmethod
    def replay_steps(text: bytes) -> dict[str, Any]:
        """A log replayed for the replay viewer: each state as the game reports it (every
        hand shown: a log holds the whole deal), the moves in notation, and the first
        problem, if any. Any registered game; at most ``MAX_REPLAY_MOVES`` moves. A body
        that is no log at all (not JSON, no header, an unknown game, a bad setup) is a
        ``HostError`` with the log's code."""
        from aves_core.kernel.log import read_log
        from aves_core.kernel.replay import replay as read_replay

        if not text:
            raise HostError(400, "empty_body", "post a log (JSON or JSON Lines) to replay")
        try:
            # Bytes, never a str: a str not starting with "{" would name a file here.
            log = read_log(bytes(text))
            game = get_game(log.game)
            state = game.start(len(log.players), log.setup)
        except AvesError as error:
            # No state to show at all: the body is no log (a log that breaks a rule in
            # its moves is shown up to there, with valid false).
            raise HostError(400, error.code, str(error)) from None
        if len(log.moves) > MAX_REPLAY_MOVES:
            raise HostError(413, "too_large", f"the viewer shows logs of up to "
                                              f"{MAX_REPLAY_MOVES:,} moves")
        def spectator(state: Any) -> dict[str, Any]:
            return game.view_to_json(game.view(state, None))

        steps: list[dict[str, Any]] = [{"move": None, "report": game.replay_report(state, 0),
                                        "view": spectator(state), "events": []}]
        problem: dict[str, Any] | None = None
        for index, move in enumerate(log.moves):
            try:
                state, events = game.apply_with_events(state, move)
            except IllegalMoveError as error:
                problem = {"code": error.code, "message": error.message, "move_index": index}
                break
            steps.append({"move": game.move_text(move),
                          "report": game.replay_report(state, index + 1),
                          "view": spectator(state),
                          "events": [game.event_to_json(event)
                                     for event in game.events_for(events, None)]})
        recorded = log.result
        if problem is None and recorded is not None and recorded != game.result(state):
            # The one check of `aves replay` too: a log's own result must be the rules'.
            mismatch = read_replay(bytes(text)).problem
            problem = {"code": "result_mismatch", "move_index": len(log.moves),
                       "message": mismatch.message if mismatch else "the recorded result "
                       "is not the rules' result"}
        return {"valid": problem is None, "problem": problem, "game": game.id,
                "players": list(log.players), "steps": steps}

    async def log(self, table_id: str) -> str:
        """A finished game's log (AVES's in its ``aves-log`` v1 format)."""
        live = await self._get(table_id)
        async with live.lock:
            await self._catch_up(live)
            if live.table.result is None:
                raise HostError(409, "game_not_over", "the log holds every hidden card: it "
                                "is shown once the game is over")
            return dump_log(live.table.log, "json")

    def close(self) -> None:
        """Stop the bots: their tasks, then their threads."""
        for live in self._live.values():
            if live.bot_task is not None:
                live.bot_task.cancel()
        self._bots.shutdown(wait=False, cancel_futures=True)


_SEAT_KEY = re.compile(r"0|[1-9][0-9]{0,2}", re.ASCII)


def _storable(text: str) -> bool:
    """True when every store keeps ``text`` as it is: valid UTF-8 (no lone surrogate)
    and no control character (PostgreSQL refuses NUL in text)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return text.isprintable()


def _can_undo(table: Table, seat: int | None) -> bool:
    """Whether ``seat`` may take back the last move now (a spectator never may): the
    browser offers Undo only then."""
    return seat is not None and table.result is None and table.can_undo(seat)


def _check_budget(spec: str) -> None:
    """A search bot's budget, if given, within what a host allows."""
    name, _, argument = spec.partition(":")
    if name != "search" or not argument:
        return
    if argument.endswith("ms"):
        if int(argument[:-2]) > MAX_SEARCH_MS:
            raise _bad(f"bots: a hosted search bot thinks at most {MAX_SEARCH_MS} ms a move")
    elif int(argument) > MAX_SEARCH_ITERATIONS:
        raise _bad(f"bots: a hosted search bot makes at most {MAX_SEARCH_ITERATIONS:,} "
                   "iterations a move")


def _player(table: Table, move: Any) -> Callable[[], tuple[str, dict[str, Any]]]:
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


def _undoer(table: Table, seat: int) -> Callable[[], tuple[str, dict[str, Any]]]:
    """Taking back ``seat``'s last move at ``table``, later, and the action to store."""

    def undo() -> tuple[str, dict[str, Any]]:
        table.undo(seat)
        return "undo", {"seat": seat}

    return undo


def _new_table(record: TableRecord) -> Table:
    header = read_header(record.header)
    return Table(header.game, header.players, setup=header.setup, seed=header.seed)


def _apply_action(table: Table, action: Action) -> None:
    """A stored action, as it was recorded: chance moves are replayed, never drawn."""
    game = table.game
    if action.kind == "move":
        table.apply_recorded([game.move_from_json(action.data)])
    elif action.kind == "moves":
        table.apply_recorded([game.move_from_json(data) for data in action.data["moves"]])
    else:
        table.undo(action.data["seat"])


def export_log(store: Store, table_id: str, form: str = "json") -> str:
    """Any table of ``store`` as a log (``"json"`` or ``"jsonl"``), finished or not,
    every hidden card in it: for the host's operator (``aves export``), never a player.
    AVES's in its ``aves-log`` v1 format; ``aves replay`` validates it."""
    if form not in ("json", "jsonl"):
        raise HostError(400, "bad_argument", f"form is 'json' or 'jsonl', not {form!r:.20}")
    record = store.table(table_id) if type(table_id) is str else None
    if record is None:
        raise HostError(404, "no_such_table", f"no table {table_id!r:.70}")
    table = _new_table(record)
    for action in store.actions(table_id):
        _apply_action(table, action)
    return dump_log(table.log, "jsonl" if form == "jsonl" else "json")
