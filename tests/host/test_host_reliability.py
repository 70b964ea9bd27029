"""The web host's promises, shown against the real ``aves serve`` over real sockets.

- **No hidden card on the wire.** Random AVES games (2 to 6 players, every
  variant) are played by clients on WebSockets, one per seat, beside a spectator;
  some moves go over REST, some seats are polled over REST. Every message each
  one receives is what the engine's own redaction gives that seat (its view and
  its events, computed here on a mirror of the game), and no card code appears
  in it that the recipient never saw (in the circle, in its own hand, or in any
  hand under Showdown). The cards of AVES are unique but for the crows, so a
  card named out of turn is a leak.
- **kill -9 loses nothing acknowledged.** Bot tables play while the server is
  killed with SIGKILL at random moments and started again, on SQLite and on
  PostgreSQL: every table and seat is still there (a joined seat's token still
  works), every event a spectator was sent is still the table's history, every
  game finishes, and every log replays.
- **One turn, one move.** Two workers, many clients posting moves for the same
  turn at once: exactly one is applied, the others are refused, the table's
  history grows by one action.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hostserver import ServeProcess
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from aves_core import get_game, replay
from aves_core.host.stores import open_store
from aves_core.kernel.table import Table

AVES = get_game("aves")
CARD_CODES = frozenset(f"{colour}{rank}" for colour in "ROYGBIV" for rank in range(1, 5))
WAIT = 20.0  # seconds any one message may take on a slow, busy machine


def ws_url(server: ServeProcess, table: str) -> str:
    return f"ws://127.0.0.1:{server.port}/api/tables/{table}/socket"


def card_codes(message: Any) -> set[str]:
    """Every card code (crows aside: there are several) anywhere in a JSON message."""
    if isinstance(message, str):
        return {message} if message in CARD_CODES else set()
    if isinstance(message, dict):
        return set().union(*(card_codes(value) for value in message.values()))
    if isinstance(message, list):
        return set().union(*(card_codes(value) for value in message))
    return set()


def wire(value: Any) -> Any:
    """A value as it reads back from the wire (tuples become lists)."""
    return json.loads(json.dumps(value))


async def receive(socket: ClientConnection) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(await asyncio.wait_for(socket.recv(), WAIT))
    return data


@pytest.fixture(scope="module")
def sqlite_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    folder = tmp_path_factory.mktemp("wire")
    with ServeProcess(folder / "tables.db", folder) as running:
        yield running


# --- no hidden card on the wire ---------------------------------------------------------


class Watcher:
    """One recipient (a seat, or None: a spectator): its socket, the event number it
    is at, and every card code it has been shown by the game itself."""

    def __init__(self, seat: int | None, socket: ClientConnection) -> None:
        self.seat = seat
        self.socket = socket
        self.next = 0
        self.seen: set[str] = set()

    def look(self, mirror: Table) -> None:
        """Add what the seat may see of the mirror's state now."""
        state = mirror.state
        self.seen.update(str(card) for card in state.circle)
        for owner, hand in enumerate(state.hands):
            if owner == self.seat or state.variant.showdown:
                self.seen.update(str(card) for card in hand)

    def check(self, message: dict[str, Any], mirror: Table, where: str) -> None:
        """The message is exactly the engine's redaction for this recipient, and names
        no card it has not seen."""
        assert message.get("type") == "events", f"{where}: {message}"
        assert message["next"] == mirror.event_count, where
        expected = wire([AVES.event_to_json(event)
                         for event in mirror.events_since(self.next, self.seat)])
        assert message["events"] == expected, where
        assert message["view"] == wire(AVES.view_to_json(mirror.view(self.seat))), where
        leaked = card_codes(message) - self.seen
        assert not leaked, f"{where}: seat {self.seat} was shown {sorted(leaked)}"
        self.next = message["next"]


async def play_and_watch(server: ServeProcess, players: int, options: dict[str, bool],
                         seed: int, rng: random.Random) -> None:
    names = [f"p{seat}" for seat in range(players)]
    mirror = Table(AVES, names, setup=AVES.new_setup(
        players, AVES.options_from_json(options), seed), seed=seed)
    async with httpx.AsyncClient(base_url=server.url, timeout=WAIT) as http:
        created = await http.post("/api/tables", json={
            "game": "aves", "players": names, "seed": seed, "options": options})
        assert created.status_code == 201, created.text
        table = created.json()["table"]
        tokens = []
        for seat in range(players):
            joined = await http.post(f"/api/tables/{table}/seats/{seat}/join")
            tokens.append(joined.json()["token"])
        watchers: list[Watcher] = []
        for seat in [*range(players), None]:
            socket = await connect(ws_url(server, table))
            await socket.send(json.dumps({"type": "hello", "seat": seat,
                                          "token": None if seat is None else tokens[seat]}))
            watcher = Watcher(seat, socket)
            watcher.look(mirror)
            welcome = await receive(socket)
            assert welcome["type"] == "welcome", welcome
            assert welcome["view"] == wire(AVES.view_to_json(mirror.view(seat)))
            assert not card_codes(welcome) - watcher.seen
            watchers.append(watcher)
        try:
            for turn in range(200):
                if mirror.result is not None:
                    break
                await act(http, table, tokens, watchers, mirror, rng, turn)
                for watcher in watchers:
                    watcher.look(mirror)
                for watcher in watchers:
                    while watcher.next < mirror.event_count:
                        watcher.check(await receive(watcher.socket), mirror,
                                      f"turn {turn}, seat {watcher.seat}")
                await poll(http, table, tokens, watchers, mirror, rng)
            assert mirror.result is not None, "the game did not end in 200 actions"
            log = await http.get(f"/api/tables/{table}/log")
            assert log.status_code == 200
            assert replay(log.text).valid
        finally:
            for watcher in watchers:
                await watcher.socket.close()


async def act(http: httpx.AsyncClient, table: str, tokens: list[str],
              watchers: list[Watcher], mirror: Table, rng: random.Random,
              turn: int) -> None:
    """The seat to move plays a random legal move, over its socket or over REST;
    now and then a seat asks to undo first (refused unless its move may be taken back)."""
    seat = mirror.to_move[0]
    if turn and rng.random() < 0.1:
        undoer = rng.randrange(len(tokens))
        if mirror.can_undo(undoer):
            mirror.undo(undoer)
            await watchers[undoer].socket.send(json.dumps({"type": "undo"}))
            return
        await watchers[undoer].socket.send(json.dumps({"type": "undo"}))
        refused = await receive(watchers[undoer].socket)
        assert refused["type"] == "error", refused
    move = rng.choice(mirror.view(seat).legal_moves)
    mirror.play(move)
    data = AVES.move_to_json(move)
    if rng.random() < 0.3:
        reply = await http.post(f"/api/tables/{table}/seats/{seat}/moves", json=data,
                                headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert reply.status_code == 200, reply.text
        assert reply.json()["view"] == wire(AVES.view_to_json(mirror.view(seat)))
    else:
        await watchers[seat].socket.send(json.dumps({"type": "move", "move": data}))


async def poll(http: httpx.AsyncClient, table: str, tokens: list[str],
               watchers: list[Watcher], mirror: Table, rng: random.Random) -> None:
    """Now and then a seat or the spectator asks over REST instead: the same view and
    events, and no card it has not seen."""
    if rng.random() > 0.3:
        return
    watcher = rng.choice(watchers)
    seat = watcher.seat
    since = rng.randrange(mirror.event_count + 1)
    if seat is None:
        view = await http.get(f"/api/tables/{table}/view")
        events = await http.get(f"/api/tables/{table}/events", params={"since": since})
    else:
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        view = await http.get(f"/api/tables/{table}/seats/{seat}/view", headers=auth)
        events = await http.get(f"/api/tables/{table}/seats/{seat}/events",
                                params={"since": since}, headers=auth)
    assert view.json()["view"] == wire(AVES.view_to_json(mirror.view(seat)))
    assert events.json()["events"] == wire([AVES.event_to_json(event)
                                            for event in mirror.events_since(since, seat)])
    for answer in (view.json(), events.json()):
        assert not card_codes(answer) - watcher.seen, f"seat {seat} over REST: {answer}"


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(players=st.integers(2, 6), crows=st.booleans(), showdown=st.booleans(),
       seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_no_seat_or_spectator_is_sent_a_card_it_may_not_see(
        sqlite_server: ServeProcess, players: int, crows: bool, showdown: bool, seed: int,
        choices: random.Random) -> None:
    asyncio.run(play_and_watch(sqlite_server, players, {"crows": crows, "showdown": showdown},
                               seed, choices))


# --- kill -9 at random moments ----------------------------------------------------------


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A SQLite file, or a new database on the tests' own PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.db")
    url: str = request.getfixturevalue("postgres_url")
    return url


class Spectator:
    """Follows one table over a socket, reconnecting with the last event number it
    saw whenever the socket drops, and keeps every event it was sent, in order."""

    def __init__(self, server: ServeProcess, table: str) -> None:
        self.server = server
        self.table = table
        self.events: list[Any] = []
        self.reconnects = 0
        self.over = False

    async def follow(self) -> None:
        while True:
            try:
                async with connect(ws_url(self.server, self.table), open_timeout=WAIT) as socket:
                    hello = {"type": "hello", "seat": None, "since": len(self.events)}
                    await socket.send(json.dumps(hello))
                    while True:
                        message = json.loads(await socket.recv())
                        if message["type"] in ("welcome", "events"):
                            self.over = message["view"]["result"] is not None
                        if message["type"] == "events":
                            self.events.extend(message["events"])
                            assert message["next"] == len(self.events), message
            except (OSError, WebSocketException, TimeoutError):
                self.reconnects += 1
                await asyncio.sleep(0.05)


async def wait_until(check: Any, what: str, seconds: float = 120.0) -> None:
    deadline = time.monotonic() + seconds
    while not await check():
        assert time.monotonic() < deadline, f"timed out waiting until {what}"
        await asyncio.sleep(0.1)


async def kill_and_restart(server: ServeProcess, rng: random.Random) -> None:
    async with httpx.AsyncClient(base_url=server.url, timeout=WAIT) as http:
        tables = []
        for index in range(8):
            players = 2 + index % 5
            bots = {str(seat): rng.choice(["search:30ms", "search:50ms"])
                    for seat in range(players)}
            created = await http.post("/api/tables", json={
                "game": "aves", "players": [f"bot{seat}" for seat in range(players)],
                "seed": rng.randrange(2**32), "bots": bots})
            tables.append(created.json()["table"])
        # A table with one person among bots: the seat's token must survive, and so
        # must the move the server acknowledged.
        created = await http.post("/api/tables", json={
            "game": "aves", "players": ["ann", "bo", "cy"], "seed": 9,
            "bots": {"1": "greedy", "2": "greedy"}})
        human = created.json()["table"]
        token = (await http.post(f"/api/tables/{human}/seats/0/join")).json()["token"]
        auth = {"Authorization": f"Bearer {token}"}

        async def summary(table: str) -> dict[str, Any]:
            answer: dict[str, Any] = (await http.get(f"/api/tables/{table}")).json()
            return answer

        acknowledged: list[Any] = []
        in_flight = 0

        async def play_human() -> None:
            """The person's move whenever it is their turn, through the kills: a move
            the server answered 200 is acknowledged; one cut off by a kill may or may
            not have been stored (the move in flight)."""
            nonlocal in_flight
            while True:
                try:
                    state = await summary(human)
                    if state["result"] is not None:
                        return
                    if state["to_move"] != [0]:
                        await asyncio.sleep(0.02)
                        continue
                    view = (await http.get(f"/api/tables/{human}/seats/0/view",
                                           headers=auth)).json()["view"]
                    move = view["legal_moves"][0]
                    answer = await http.post(f"/api/tables/{human}/seats/0/moves",
                                             json=move, headers=auth)
                except (httpx.TransportError, json.JSONDecodeError):
                    in_flight += 1
                    await asyncio.sleep(0.05)
                    continue
                if answer.status_code == 200:
                    acknowledged.append(move)
                else:  # refused after a restart: the move before it was stored after all
                    assert answer.status_code in (400, 403, 409), answer.text

        before = {table: await summary(table) for table in [*tables, human]}
        spectators = [Spectator(server, table) for table in tables]
        loop = asyncio.get_running_loop()
        following = [loop.create_task(spectator.follow()) for spectator in spectators]
        person = loop.create_task(play_human())
        seen_at_kill = []
        for _ in range(3):
            await asyncio.sleep(rng.uniform(0.05, 0.5))
            if all(spectator.over for spectator in spectators):
                break  # every bot game has ended: nothing left to interrupt
            await asyncio.to_thread(server.kill)
            seen_at_kill.append([list(spectator.events) for spectator in spectators])
            await asyncio.to_thread(server.start)
            # After a restart the same token still opens the same seat.
            assert (await http.get(f"/api/tables/{human}/seats/0/view",
                                   headers=auth)).status_code == 200
        assert seen_at_kill, "the bots finished before the first kill"
        await asyncio.wait_for(person, 120)

        async def all_over() -> bool:
            states = [await summary(table) for table in tables]
            return all(state["result"] is not None for state in states) and all(
                len(spectator.events) == state["events"]
                for spectator, state in zip(spectators, states, strict=True))
        await wait_until(all_over, "every bot game ended and its spectator caught up")
        for task in following:
            task.cancel()

        listed = {entry["table"] for entry in (await http.get("/api/tables")).json()["tables"]}
        assert listed >= {*tables, human}
        for table, spectator in zip(tables, spectators, strict=True):
            after = await summary(table)
            assert after["seats"] == before[table]["seats"]
            history = (await http.get(f"/api/tables/{table}/events",
                                      params={"since": 0})).json()["events"]
            # Nothing a spectator was ever sent is missing or different afterwards.
            assert spectator.events == history
            for snapshot in seen_at_kill:
                seen = snapshot[spectators.index(spectator)]
                assert history[:len(seen)] == seen
            log = await http.get(f"/api/tables/{table}/log")
            assert replay(log.text).valid, log.text[:500]
        after = await summary(human)
        assert after["seats"][0]["taken"]
        assert after["seats"][1:] == before[human]["seats"][1:]
        log = json.loads((await http.get(f"/api/tables/{human}/log")).text)
        assert replay(json.dumps(log)).valid
        played = iter(move for move in log["moves"] if move["player"] == 0)
        # Every acknowledged move is in the log, in order; only moves in flight may be
        # in the log unacknowledged.
        assert all(move in played for move in acknowledged)
        assert len([move for move in log["moves"] if move["player"] == 0]) <= \
            len(acknowledged) + in_flight
        # The first kill came while bot games were being played (a later one may come
        # just as the last game ends).
        assert any(len(seen) < len(spectator.events)
                   for seen, spectator in zip(seen_at_kill[0], spectators, strict=True))


def test_kill_9_at_random_moments_loses_no_table_seat_or_acknowledged_move(
        database: str, tmp_path: Path) -> None:
    seed = random.randrange(2**32)
    print(f"kill -9 test seed: {seed}")
    server = ServeProcess(database, tmp_path).start()
    try:
        asyncio.run(kill_and_restart(server, random.Random(seed)))
    finally:
        server.stop()


# --- one turn, one move -----------------------------------------------------------------


async def post_alone(server: ServeProcess, path: str, body: Any,
                     headers: dict[str, str]) -> httpx.Response:
    """A POST on a connection of its own, which either worker may accept."""
    async with httpx.AsyncClient(base_url=server.url, timeout=WAIT) as own:
        return await own.post(path, json=body, headers=headers)


async def race_for_turns(server: ServeProcess, database: str, turns: int,
                         clients: int) -> dict[int, int]:
    """``clients`` POSTs at once for each of ``turns`` turns, each on a connection of its
    own (so the two workers share them); the statuses seen."""
    statuses: dict[int, int] = {}
    async with httpx.AsyncClient(base_url=server.url, timeout=WAIT) as http:
        created = await http.post("/api/tables", json={
            "game": "aves", "players": ["a", "b", "c", "d"], "seed": 3})
        table = created.json()["table"]
        tokens = [(await http.post(f"/api/tables/{table}/seats/{seat}/join")).json()["token"]
                  for seat in range(4)]
    store = await asyncio.to_thread(open_store, database)
    try:
        for turn in range(turns):
            async with httpx.AsyncClient(base_url=server.url, timeout=WAIT) as http:
                state = (await http.get(f"/api/tables/{table}")).json()
                if state["result"] is not None:
                    break
                seat = state["to_move"][0]
                auth = {"Authorization": f"Bearer {tokens[seat]}"}
                moves = (await http.get(f"/api/tables/{table}/seats/{seat}/view",
                                        headers=auth)).json()["view"]["legal_moves"]
            before = len(await asyncio.to_thread(store.actions, table))

            chosen = [moves[index % len(moves)] for index in range(clients)]
            answers = await asyncio.gather(*(
                post_alone(server, f"/api/tables/{table}/seats/{seat}/moves", move, auth)
                for move in chosen))
            for answer in answers:
                statuses[answer.status_code] = statuses.get(answer.status_code, 0) + 1
            applied = [move for move, answer in zip(chosen, answers, strict=True)
                       if answer.status_code == 200]
            assert len(applied) == 1, f"turn {turn}: {[a.status_code for a in answers]}"
            assert all(answer.status_code in (400, 403, 409) and "error" in answer.json()
                       for answer in answers if answer.status_code != 200)
            actions = await asyncio.to_thread(store.actions, table)
            assert len(actions) == before + 1
            assert actions[-1].data == applied[0]
    finally:
        store.close()
    return statuses


def test_concurrent_moves_for_one_turn_across_two_workers_apply_exactly_one(
        database: str, tmp_path: Path) -> None:
    with ServeProcess(database, tmp_path, workers=2):
        pass  # the schema is made once, before two workers race to open it
    with ServeProcess(database, tmp_path, workers=2) as server:
        statuses = asyncio.run(race_for_turns(server, database, turns=8, clients=12))
    print("statuses seen:", statuses)
    assert statuses.get(200) == 8
