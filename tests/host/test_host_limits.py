"""What one client can make the host hold (issue 15's findings 2, 3, 4, 6 and 7): an
unknown table id leaves nothing behind; one client's bots cannot starve another's, and
a bot's thinking never holds its table; seeds are the operator's; a socket that does
not read is closed and its messages dropped; idle tables leave memory and come back on
demand, the store loaded in the background; each client makes only so many tables."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import gc
import json
import os
import random
import socket
import threading
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from hostserver import TESTING, free_port
from starlette.testclient import TestClient

import aves_core.host.service as service
from aves_core.host.app import create_app
from aves_core.host.service import TOO_SLOW, HostError, Limits, Lobby
from aves_core.host.sqlite import SQLiteStore
from aves_core.kernel.bots import make_bot

SLOW = "search:77"
"""The bot spec the tests turn into a bot that thinks until it is let go."""


def error_of(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["error"]["code"]


def lobby_on(tmp_path: Path, **options: Any) -> Lobby:
    options.setdefault("limits", TESTING["limits"])
    return Lobby(SQLiteStore(tmp_path / "tables.db"), **options)


# --- finding 2: unknown ids ----------------------------------------------------------

def test_an_unknown_table_id_costs_nothing_that_stays(tmp_path: Path) -> None:
    async def ask(lobby: Lobby, count: int) -> None:
        for index in range(count):
            with pytest.raises(HostError) as refused:
                await lobby.summary(f"{index:064d}")
            assert "no_such_table" == refused.value.code

    async def main() -> int:
        lobby = lobby_on(tmp_path)
        await ask(lobby, 200)  # warm whatever caches the first calls fill
        tracemalloc.start()
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        await ask(lobby, 3_000)
        gc.collect()  # a refusal's traceback is garbage in a cycle, not kept
        grown = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        assert not lobby._loading
        assert not lobby._live
        assert not lobby._subscribers
        lobby.close()
        return grown

    # 3,000 ids of 64 characters: a lock or a key kept for each would be about 1 MB.
    assert asyncio.run(main()) < 100_000


# --- finding 3: bots -----------------------------------------------------------------

class Held:
    """Bots that think until ``release``: a search that takes as long as a test likes."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.thinking = 0
        self.lock = threading.Lock()

    def make(self, spec: str, game: Any) -> Any:
        if spec != SLOW:
            return make_bot(spec, game)
        inner = make_bot("random", game)
        held = self

        class HeldBot:
            def choose(self, view: Any, events: Any, rng: random.Random) -> Any:
                with held.lock:
                    held.thinking += 1
                held.gate.wait(60)
                return inner.choose(view, events, rng)

        return HeldBot()


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[Held]:
    bots = Held()
    monkeypatch.setattr(service, "make_bot", bots.make)
    yield bots
    bots.gate.set()


async def until(check: Any, what: str, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.02)


def test_one_clients_bots_never_starve_another_clients_tables(
        tmp_path: Path, held: Held) -> None:
    """Eight tables of one client, six slow bots each, think one move at a time between
    them: another client's bot table (on a pool of four threads) plays to its end."""

    async def main() -> None:
        lobby = lobby_on(tmp_path, bot_threads=4)
        try:
            for _ in range(8):
                await lobby.create({"players": list("abcdef"),
                                    "bots": {str(seat): SLOW for seat in range(6)}},
                                   client="10.0.0.1")
            await until(lambda: held.thinking >= 1, "the slow bots never started")
            other = await lobby.create({"players": ["ann", "bo"],
                                        "bots": {"0": "greedy", "1": "greedy"}},
                                       client="10.0.0.2")
            await until(lambda: lobby._live[other["table"]].table.result is not None,
                        "the other client's bots were starved")
            assert 1 == held.thinking  # one thought of the first client's at a time
        finally:
            held.gate.set()
            lobby.close()

    asyncio.run(main())


def test_a_thinking_bot_never_holds_its_table(tmp_path: Path, held: Held) -> None:
    async def main() -> None:
        lobby = lobby_on(tmp_path)
        try:
            made = await lobby.create({"players": ["ann", "bo"], "bots": {"0": SLOW}})
            if made["to_move"] != [0]:  # the person moves first: then the bot thinks
                token = (await lobby.join(made["table"], 1))["token"]
                view = await lobby.view(made["table"], 1, token)
                await lobby.move(made["table"], 1, token, view["view"]["legal_moves"][0])
            await until(lambda: held.thinking == 1, "the bot never started thinking")
            # Reads of the table are answered while the bot thinks.
            summary = await asyncio.wait_for(lobby.summary(made["table"]), 5)
            assert [0] == summary["to_move"]
            await asyncio.wait_for(lobby.view(made["table"], None, None), 5)
            held.gate.set()
            await until(lambda: lobby._live[made["table"]].table.to_move != (0,),
                        "the bot's move was not played")
        finally:
            held.gate.set()
            lobby.close()

    asyncio.run(main())


# --- finding 4: seeds ----------------------------------------------------------------

def test_a_client_may_not_pick_the_seed(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "tables.db")) as client:
        answer = client.post("/api/tables", json={"players": ["ann", "bo"], "seed": 7})
        assert (403, "seed_not_allowed") == error_of(answer)
        assert [] == client.get("/api/tables").json()["tables"]
        made = client.post("/api/tables", json={"players": ["ann", "bo"]}).json()
        assert made["seeded"] is False


def test_a_seed_the_operator_allows_is_shown_to_everyone(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "tables.db", allow_seeds=True)) as client:
        made = client.post("/api/tables", json={"players": ["ann", "bo"], "seed": 7}).json()
        assert made["seeded"] is True
        assert client.get(f"/api/tables/{made['table']}").json()["seeded"] is True
        assert [True] == [table["seeded"] for table in client.get("/api/tables").json()[
            "tables"]]


# --- finding 6: slow readers ---------------------------------------------------------

def test_a_subscriber_that_does_not_read_is_closed_and_its_messages_dropped(
        tmp_path: Path) -> None:
    async def main() -> None:
        lobby = lobby_on(tmp_path, limits=Limits(socket_queue=5))
        try:
            made = await lobby.create({"players": ["ann", "bo"],
                                       "bots": {"0": "random", "1": "random"}})
            table = made["table"]
            _, _, subscriber = await lobby.follow(table, None, None, None)
            await until(lambda: not subscriber.queue.qsize() < 5 or table not in
                        lobby._subscribers, "the table never got five messages ahead")
            await until(lambda: table not in lobby._subscribers,
                        "a socket that reads nothing was never dropped")
            assert [TOO_SLOW] == [subscriber.queue.get_nowait()
                                  for _ in range(subscriber.queue.qsize())]
        finally:
            lobby.close()

    asyncio.run(main())


def test_a_send_that_never_ends_closes_the_socket_with_too_slow(tmp_path: Path) -> None:
    """A client whose connection takes the welcome, then nothing (the server's send
    never returns): after ``send_seconds`` (checked every half of it) the socket ends
    with 4408, its subscription is gone, and the table plays on."""
    from aves_core.host import sockets

    async def main() -> None:
        lobby = lobby_on(tmp_path, limits=Limits(send_seconds=0.2))
        try:
            table = (await lobby.create({"players": ["ann", "bo"], "bots": {
                "0": "random", "1": "random"}}))["table"]
            hello = json.dumps({"type": "hello", "seat": None})
            incoming = [{"type": "websocket.connect"},
                        {"type": "websocket.receive", "text": hello}]
            sent: list[dict[str, Any]] = []
            never = asyncio.Event()

            async def receive() -> dict[str, Any]:
                if incoming:
                    return incoming.pop(0)
                await never.wait()
                raise AssertionError("unreachable")

            async def send(message: dict[str, Any]) -> None:
                sent.append(message)
                if message["type"] == "websocket.send" and len(sent) > 2:
                    await never.wait()  # the client reads no more

            started = time.monotonic()
            await asyncio.wait_for(
                sockets._serve(sockets._Socket(receive, send), lobby, table), 5)
            assert 0.2 <= time.monotonic() - started < 2
            assert ["websocket.accept", "websocket.send", "websocket.send"] == \
                [message["type"] for message in sent[:3]]
            assert {"type": "websocket.close", "code": 4408} == sent[-1]
            assert table not in lobby._subscribers
        finally:
            lobby.close()

    asyncio.run(main())


def test_a_socket_that_never_says_hello_is_told_and_closed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A socket that opens and says nothing holds nothing for long: after
    ``HELLO_SECONDS`` it is told ``timeout`` and closed with 4400, following nothing."""
    from aves_core.host import sockets

    monkeypatch.setattr(sockets, "HELLO_SECONDS", 0.2)

    async def main() -> None:
        lobby = lobby_on(tmp_path)
        try:
            table = (await lobby.create({"players": ["ann", "bo"]}))["table"]
            sent: list[dict[str, Any]] = []
            connected = [{"type": "websocket.connect"}]
            never = asyncio.Event()

            async def receive() -> dict[str, Any]:
                if connected:
                    return connected.pop()
                await never.wait()
                raise AssertionError("unreachable")

            async def send(message: dict[str, Any]) -> None:
                sent.append(message)

            started = time.monotonic()
            await asyncio.wait_for(
                sockets._serve(sockets._Socket(receive, send), lobby, table), 5)
            assert 0.2 <= time.monotonic() - started < 2
            assert sent[0] == {"type": "websocket.accept"}
            assert json.loads(sent[1]["text"])["error"]["code"] == "timeout"
            assert sent[2] == {"type": "websocket.close", "code": 4400}
            assert table not in lobby._subscribers
        finally:
            lobby.close()

    asyncio.run(main())


# --- finding 7: tables in memory, creation -------------------------------------------

def test_idle_tables_leave_memory_and_come_back_on_demand(tmp_path: Path) -> None:
    async def main() -> None:
        lobby = lobby_on(tmp_path, limits=Limits(live_tables=10, creations_burst=10**6,
                                                 creations_per_minute=10**6))
        try:
            made = [await lobby.create({"players": ["ann", "bo"]}) for _ in range(30)]
            assert len(lobby._live) <= 10
            token = (await lobby.join(made[0]["table"], made[0]["to_move"][0]))["token"]
            view = await lobby.view(made[0]["table"], made[0]["to_move"][0], token)
            assert made[0]["table"] in lobby._live  # loaded again, as it was
            assert view["next"] == made[0]["events"]
            lobby.limits = Limits(idle_seconds=0)
            lobby.sweep()
            assert not lobby._live
        finally:
            lobby.close()

    asyncio.run(main())


def test_a_finished_table_leaves_memory_with_its_last_socket(tmp_path: Path) -> None:
    """A finished game changes no more: when its last socket closes it leaves memory at
    once (and an unfollowed one at the next sweep, however recent), and a request loads
    it again with its result."""
    with TestClient(create_app(tmp_path / "tables.db", **TESTING)) as client:
        lobby: Lobby = client.app.state.lobby  # type: ignore[attr-defined]
        made = client.post("/api/tables", json={
            "players": ["ann", "bo"], "bots": {"0": "random", "1": "random"}}).json()
        table = made["table"]
        with client.websocket_connect(f"/api/tables/{table}/socket") as socket:
            socket.send_json({"type": "hello", "seat": None})
            message = socket.receive_json()
            while message["view"]["result"] is None:
                message = socket.receive_json()
            assert table in lobby._live  # followed: it stays
        deadline = time.monotonic() + 10
        while table in lobby._live:
            assert time.monotonic() < deadline, "the finished table stayed in memory"
            time.sleep(0.02)
        summary = client.get(f"/api/tables/{table}").json()
        assert summary["result"] is not None
        assert table in lobby._live  # loaded again by the request
        lobby.sweep()  # finished and followed by no one: it goes, however recent
        assert table not in lobby._live
        assert summary == client.get(f"/api/tables/{table}").json()


def test_a_table_followed_or_thinking_stays_in_memory(tmp_path: Path, held: Held) -> None:
    async def main() -> None:
        lobby = lobby_on(tmp_path, limits=Limits(idle_seconds=0))
        try:
            watched = (await lobby.create({"players": ["ann", "bo"]}))["table"]
            await lobby.follow(watched, None, None, None)
            thinking = (await lobby.create({"players": ["ann", "bo"],
                                            "bots": {"0": SLOW, "1": SLOW}}))["table"]
            await until(lambda: held.thinking == 1, "the bot never started thinking")
            idle = (await lobby.create({"players": ["ann", "bo"]}))["table"]
            lobby.sweep()
            assert {watched, thinking} == set(lobby._live) - {idle} == set(lobby._live)
        finally:
            held.gate.set()
            lobby.close()

    asyncio.run(main())


def test_a_client_makes_only_so_many_tables_a_minute(tmp_path: Path) -> None:
    limits = Limits(creations_burst=3, creations_per_minute=3)
    with TestClient(create_app(tmp_path / "tables.db", limits=limits)) as client:
        for _ in range(3):
            assert 201 == client.post("/api/tables", json={"players": ["a", "b"]}).status_code
        answer = client.post("/api/tables", json={"players": ["a", "b"]})
        assert (429, "too_many_tables") == error_of(answer)
        assert 15 < answer.json()["retry_after"] <= 20
        assert 15 < int(answer.headers["Retry-After"]) <= 20
        assert 3 == len(client.get("/api/tables").json()["tables"])


def test_the_first_request_is_answered_before_the_store_is_looked_through(
        tmp_path: Path) -> None:
    """Tables with bots are resumed in the background: a store of many tables does not
    hold the first answer."""
    db = tmp_path / "tables.db"
    store = SQLiteStore(db)
    lobby = Lobby(store, allow_seeds=True, limits=TESTING["limits"])

    async def fill() -> None:
        for seed in range(300):
            await lobby.create({"players": ["ann", "bo"], "seed": seed, "bots": {"1": "greedy"}})
        lobby.close()

    asyncio.run(fill())
    store.close()
    with TestClient(create_app(db)) as client:
        # The housekeeping task has not yet loaded every table when the first answer comes.
        answer = client.get("/api/games")
        assert 200 == answer.status_code
        live = len(client.app.state.lobby._live)  # type: ignore[attr-defined]
        assert live < 300


def test_a_real_socket_that_never_reads_is_closed_and_forgotten(tmp_path: Path) -> None:
    """A real server (uvicorn) and a client that says hello, then reads nothing, with a
    small receive buffer: the server stops waiting for it at once, drops its messages,
    and the connection is closed."""
    app = create_app(tmp_path / "tables.db", allow_seeds=True,
                     limits=Limits(socket_queue=8, send_seconds=1.0))
    port = free_port()
    # The connection itself goes when uvicorn's keep-alive ping gets no answer (under
    # aves serve: 20 s + 20 s); here a second each, for a short test.
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", ws_per_message_deflate=False,
                                           ws_ping_interval=1.0, ws_ping_timeout=1.0))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        made = httpx.post(f"http://127.0.0.1:{port}/api/tables", json={
            "players": list("abcdef"), "bots": {str(seat): "random" for seat in range(6)}})
        table = made.json()["table"]
        with socket.socket() as raw:
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            raw.connect(("127.0.0.1", port))
            key = base64.b64encode(os.urandom(16)).decode()
            raw.sendall(f"GET /api/tables/{table}/socket HTTP/1.1\r\nHost: 127.0.0.1:{port}"
                        f"\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: "
                        f"{key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
            hello = json.dumps({"type": "hello", "seat": None}).encode()
            mask = os.urandom(4)
            raw.sendall(bytes([0x81, 0x80 | len(hello)]) + mask +
                        bytes(byte ^ mask[index % 4] for index, byte in enumerate(hello)))
            lobby: Lobby = app.state.lobby
            deadline = time.monotonic() + 30
            while table in lobby._subscribers or time.monotonic() < deadline - 29:
                assert time.monotonic() < deadline, "the server kept waiting for the reader"
                time.sleep(0.1)
            # Its messages are dropped, and the server closes the connection: what the
            # buffers held is readable, then the end.
            raw.settimeout(20)
            with contextlib.suppress(ConnectionResetError):
                while raw.recv(65536):
                    pass
    finally:
        server.should_exit = True
        thread.join(20)


def test_a_move_cancelled_at_its_append_stops_at_once_and_leaves_memory(
        tmp_path: Path) -> None:
    """A task cancelled while its move's append is under way (a bot's at shutdown, a
    request whose client went) ends with CancelledError without touching the store again
    (before, it rebuilt the table from the store, and a closed store turned the
    cancellation into a logged StoreError). The move leaves memory: the next request
    sees the table as the store has it, and the move can be played."""

    async def main() -> None:
        lobby = lobby_on(tmp_path)
        made = await lobby.create({"players": ["ann", "bo"]})
        table, seat = made["table"], made["to_move"][0]
        token = (await lobby.join(table, seat))["token"]
        move = (await lobby.view(table, seat, token))["view"]["legal_moves"][0]
        real = lobby._db

        async def cancelled_at_append() -> None:
            entered = asyncio.Event()

            async def hung(call: Any, *arguments: Any) -> Any:
                if getattr(call, "__name__", "") == "append":
                    entered.set()
                    await asyncio.Event().wait()
                return await real(call, *arguments)

            lobby._db = hung  # type: ignore[method-assign]
            task = asyncio.get_running_loop().create_task(
                lobby.move(table, seat, token, move))
            await asyncio.wait_for(entered.wait(), 5)
            if closing:
                lobby.store.close()
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            lobby._db = real  # type: ignore[method-assign]

        closing = False
        await cancelled_at_append()
        view = await lobby.view(table, seat, token)
        assert (made["events"], move) == (view["next"], view["view"]["legal_moves"][0])
        await lobby.move(table, seat, token, move)
        after = await lobby.view(table, seat, token)
        assert after["next"] > made["events"]
        # The same at shutdown: the store closed under the cancelled append.
        other = after["view"]["to_move"][0]
        token = (await lobby.join(table, other))["token"]
        seat, move = other, (await lobby.view(table, other, token))["view"]["legal_moves"][0]
        closing = True
        await cancelled_at_append()
        lobby.close()

    asyncio.run(main())
