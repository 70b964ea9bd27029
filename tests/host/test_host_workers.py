"""Two workers over one store (issue 15's findings 1 and 8): a seat's leave, taken by
one worker, holds on the other at once. The old token reads and moves nothing there,
the other worker's sockets for the seat close before any card of the bot's is sent,
and the replacing bot plays. Two apps on one SQLite file or one PostgreSQL database
are two workers: each has its own lobby, cache and connection, and learns of the
other's actions only through the store."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hostserver import TESTING
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from aves_core.host.app import create_app
from aves_core.host.service import SEAT_LEFT, HostError, Lobby
from aves_core.host.stores import open_store


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "tables.db")
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def workers(database: str) -> Iterator[tuple[TestClient, TestClient]]:
    with TestClient(create_app(database, **TESTING)) as first, \
            TestClient(create_app(database, **TESTING)) as second:
        yield first, second


def error_of(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["error"]["code"]


def test_a_leave_on_one_worker_holds_on_the_other_at_once(
        workers: tuple[TestClient, TestClient]) -> None:
    first, second = workers
    table = first.post("/api/tables", json={"players": ["ann", "bo"]}).json()["table"]
    seat = first.get(f"/api/tables/{table}").json()["to_move"][0]
    token = first.post(f"/api/tables/{table}/seats/{seat}/join").json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    # The second worker knows the seat and its token (it caches the seat's record)...
    view = second.get(f"/api/tables/{table}/seats/{seat}/view", headers=auth)
    assert 200 == view.status_code
    move = view.json()["view"]["legal_moves"][0]
    with second.websocket_connect(f"/api/tables/{table}/socket") as socket:
        socket.send_json({"type": "hello", "seat": seat, "token": token})
        assert "welcome" == socket.receive_json()["type"]
        # ... when the first worker takes the player's leave.
        assert 200 == first.post(f"/api/tables/{table}/seats/{seat}/leave",
                                 headers=auth).status_code
        # The second worker's socket for the seat is told and closed: nothing of the
        # bot's hand reaches it (the first message after the welcome is the close).
        assert "seat_left" == socket.receive_json()["error"]["code"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert 4403 == closed.value.code
    assert (403, "forbidden") == error_of(
        second.get(f"/api/tables/{table}/seats/{seat}/view", headers=auth))
    assert (403, "forbidden") == error_of(
        second.post(f"/api/tables/{table}/seats/{seat}/moves", json=move, headers=auth))
    assert (403, "forbidden") == error_of(
        second.get(f"/api/tables/{table}/seats/{seat}/events?since=0", headers=auth))
    # The bot that replaces the player moves, and both workers see its move.
    deadline = time.monotonic() + 30
    while second.get(f"/api/tables/{table}").json()["events"] == view.json()["next"]:
        assert time.monotonic() < deadline, "the bot of the left seat never moved"
        time.sleep(0.05)
    summary = second.get(f"/api/tables/{table}").json()
    assert "random" == summary["seats"][seat]["bot"]
    assert summary["events"] == first.get(f"/api/tables/{table}").json()["events"]


def test_a_socket_hello_racing_a_leave_never_keeps_the_seats_cards(database: str) -> None:
    """A hello on one worker and a leave on the other, started in the same instant many
    times: either the hello is refused, or its socket is closed before any message that
    could carry the bot's cards."""

    async def race(rounds: int) -> dict[str, int]:
        stores = [open_store(database), open_store(database)]
        one, two = (Lobby(store, allow_seeds=True, limits=TESTING["limits"])
                    for store in stores)
        outcomes = {"refused": 0, "closed": 0}
        try:
            for round_ in range(rounds):
                made = await one.create({"players": ["ann", "bo"], "seed": round_})
                table = made["table"]
                seat = made["to_move"][0]
                token = (await one.join(table, seat))["token"]
                await two.view(table, seat, token)  # the second worker caches the seat
                await asyncio.sleep(0)
                follow = asyncio.ensure_future(two.follow(table, seat, token, 0))
                leave = asyncio.ensure_future(one.leave(table, seat, token))
                await leave
                refusal: str | None = None
                try:
                    _, _, subscriber = await follow
                except HostError as error:
                    refusal = error.code
                if refusal is not None:
                    assert "forbidden" == refusal
                    outcomes["refused"] += 1
                    continue
                # The second worker hears of the leave (a notification, or its poll).
                await two.changed(table)
                messages = []
                while not subscriber.queue.empty():
                    messages.append(subscriber.queue.get_nowait())
                assert [SEAT_LEFT] == messages
                outcomes["closed"] += 1
        finally:
            for lobby in (one, two):
                lobby.close()
            for store in stores:
                store.close()
        return outcomes

    outcomes = asyncio.run(race(12))
    assert 12 == sum(outcomes.values())


def test_a_worker_reads_actions_only_when_another_connection_committed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On SQLite a worker skips looking for other workers' actions while the file's data
    version has not changed (its own appends do not change it), and still sees every
    move the other worker stores."""
    from aves_core.host import sqlite

    reads: list[str] = []
    real = sqlite._QUICK_READS["actions"]

    def counted(db: Any, table_id: str, since: int) -> Any:
        reads.append(table_id)
        return real(db, table_id, since)

    monkeypatch.setitem(sqlite._QUICK_READS, "actions", counted)
    database = str(tmp_path / "tables.db")
    with TestClient(create_app(database, **TESTING)) as first, \
            TestClient(create_app(database, **TESTING)) as second:
        table = first.post("/api/tables", json={"players": ["ann", "bo"]}).json()["table"]
        seat = first.get(f"/api/tables/{table}").json()["to_move"][0]
        auth = {"Authorization": "Bearer " + first.post(
            f"/api/tables/{table}/seats/{seat}/join").json()["token"]}
        view = first.get(f"/api/tables/{table}/seats/{seat}/view", headers=auth).json()
        reads.clear()
        for _ in range(3):  # nothing changed elsewhere: no reads
            first.get(f"/api/tables/{table}/seats/{seat}/view", headers=auth)
        assert 200 == first.post(f"/api/tables/{table}/seats/{seat}/moves",
                                 json=view["view"]["legal_moves"][0],
                                 headers=auth).status_code
        first.get(f"/api/tables/{table}/seats/{seat}/view", headers=auth)
        assert [] == reads
        # The other worker's move (a second connection) is seen by the next request.
        moved = second.get(f"/api/tables/{table}").json()
        assert moved["events"] > view["next"]
        other = moved["to_move"][0]
        auth2 = {"Authorization": "Bearer " + second.post(
            f"/api/tables/{table}/seats/{other}/join").json()["token"]}
        move = second.get(f"/api/tables/{table}/seats/{other}/view",
                          headers=auth2).json()["view"]["legal_moves"][0]
        assert 200 == second.post(f"/api/tables/{table}/seats/{other}/moves", json=move,
                                  headers=auth2).status_code
        reads.clear()
        assert second.get(f"/api/tables/{table}").json()["events"] == \
            first.get(f"/api/tables/{table}").json()["events"]
        assert table in reads


@pytest.mark.parametrize("game", ["aves", "soulaween", "cubirds", "tsukuru", "boxes",
                                  "draft-cider"])
def test_a_table_made_on_one_worker_is_the_same_table_on_the_other(
        tmp_path: Path, game: str) -> None:
    """The worker that makes a table keeps the one it dealt (it does not read it back);
    another worker loads it from the store: both show every seat the same table, and a
    move on either is seen by the other."""
    database = str(tmp_path / "tables.db")
    with TestClient(create_app(database, **TESTING)) as first, \
            TestClient(create_app(database, **TESTING)) as second:
        made = first.post("/api/tables", json={"game": game, "players": ["ann", "bo"]})
        assert 201 == made.status_code, made.text
        table = made.json()["table"]
        tokens = [first.post(f"/api/tables/{table}/seats/{seat}/join").json()["token"]
                  for seat in (0, 1)]

        def views(worker: TestClient) -> list[Any]:
            return [worker.get(f"/api/tables/{table}/view").json()] + [
                worker.get(f"/api/tables/{table}/seats/{seat}/view",
                           headers={"Authorization": f"Bearer {token}"}).json()
                for seat, token in enumerate(tokens)]

        assert views(first) == views(second)
        seat = first.get(f"/api/tables/{table}").json()["to_move"][0]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        move = second.get(f"/api/tables/{table}/seats/{seat}/view",
                          headers=auth).json()["view"]["legal_moves"][0]
        assert 200 == second.post(f"/api/tables/{table}/seats/{seat}/moves", json=move,
                                  headers=auth).status_code
        assert views(first) == views(second)
