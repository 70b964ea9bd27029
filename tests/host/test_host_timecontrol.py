"""Time controls on hosted tables: clocks in every view and message, a bot's move for
a seat whose time ran out (marked in the action, so every worker marks the seat), the
mark cleared by the seat's own move, deadlines read from the stored times (they hold
across a restart and across workers, and one timeout is played once).

The tables are created by a lobby whose clock reads a few seconds early, as if they
had been made that long ago; a second lobby on the same store (a restarted worker, or
another one) then finds the deadline a moment away, and real timers play it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hostserver import TESTING
from starlette.testclient import TestClient

from aves_core.host.app import create_app
from aves_core.host.service import Lobby
from aves_core.host.sqlite import SQLiteStore
from aves_core.host.store import Action


def lobby(store: SQLiteStore, early: float = 0.0) -> Lobby:
    now: Callable[[], float] = (lambda: time.time() - early) if early else time.time
    return Lobby(store, allow_seeds=True, limits=TESTING["limits"], now=now)


async def until(check: Callable[[], Any], what: str, seconds: float = 20.0) -> Any:
    deadline = time.monotonic() + seconds
    while not (value := check()):
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.05)
    return value


def timeouts(store: SQLiteStore, table: str) -> list[Action]:
    return [action for action in store.actions(table)
            if action.kind == "moves" and "timeout" in action.data]


async def made_long_ago(store: SQLiteStore, early: float, clock: dict[str, Any],
                        bots: dict[str, str]) -> tuple[str, int, str]:
    """A 2-seat AVES table with a person's seat to move first, made ``early`` seconds
    ago by a worker that has stopped since; the table, the seat and its token."""
    first = lobby(store, early)
    for seed in range(50):
        made = await first.create({"players": ["ann", "bo"], "seed": seed,
                                   "clock": clock, "bots": bots})
        seat = made["to_move"][0]
        if str(seat) not in bots:
            break
    token = (await first.join(made["table"], seat))["token"]
    first.close()
    return made["table"], seat, token


def test_a_real_time_timeout_is_played_by_a_bot_marks_the_seat_and_a_move_clears_it(
        tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "tables.db")

    async def main() -> None:
        table, seat, token = await made_long_ago(
            store, 9.5, {"kind": "realtime", "bank": 10, "bonus": 2}, {})
        restarted = lobby(store)
        housekeeping = asyncio.create_task(restarted.run())  # the restart's: finds the clock
        view = await restarted.view(table, seat, token)
        clock = view["clocks"]["seats"][seat]
        assert clock["running"]
        assert 0 < clock["remaining"] <= 0.6
        await until(lambda: timeouts(store, table), "the timeout was not played")
        [action] = timeouts(store, table)
        assert seat == action.data["timeout"]
        created = store.table(table).created  # type: ignore[union-attr]
        assert action.at is not None
        assert action.at >= created + 10  # the stored creation's deadline, not the restart's
        view = await restarted.view(table, seat, token)
        assert view["clocks"]["seats"][seat]["timed_out"]
        assert not view["clocks"]["seats"][seat]["running"]
        # The seat's bank is spent; the bonus (2 s) is its time for its next move,
        # which it plays itself: the mark goes.
        other = 1 - seat
        other_token = (await restarted.join(table, other))["token"]
        moved = await restarted.view(table, other, other_token)
        await restarted.move(table, other, other_token, moved["view"]["legal_moves"][0])
        view = await restarted.view(table, seat, token)
        assert 1.5 < view["clocks"]["seats"][seat]["remaining"] <= 2.0
        await restarted.move(table, seat, token, view["view"]["legal_moves"][0])
        view = await restarted.view(table, seat, token)
        assert not view["clocks"]["seats"][seat]["timed_out"]
        assert 1 == len(timeouts(store, table))
        housekeeping.cancel()
        restarted.close()

    asyncio.run(main())
    store.close()


def test_a_turn_based_deadline_holds_across_two_workers_and_is_played_once(
        tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "tables.db")

    async def main() -> None:
        table, seat, token = await made_long_ago(
            store, 59.5, {"kind": "turn", "per_move": 60}, {})
        workers = [lobby(SQLiteStore(tmp_path / "tables.db")) for _ in range(2)]
        housekeeping = [asyncio.create_task(worker.run()) for worker in workers]
        await until(lambda: timeouts(store, table), "the timeout was not played")
        await asyncio.sleep(0.5)  # the other worker's timer has fired by now too
        assert 1 == len(timeouts(store, table))
        for worker in workers:
            view = await worker.view(table, seat, token)
            assert view["clocks"]["seats"][seat]["timed_out"]
            # The seats to move now have a whole turn again.
            for clock in view["clocks"]["seats"]:
                if clock["running"]:
                    assert 59 < clock["remaining"] <= 60
        for task, worker in zip(housekeeping, workers, strict=True):
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            worker.close()
            worker.store.close()

    asyncio.run(main())
    store.close()


def test_clocks_reach_views_sockets_and_the_lobby(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "tables.db", **TESTING)) as client:
        clock = {"kind": "realtime", "bank": 300, "bonus": 10}
        made = client.post("/api/tables", json={"players": ["ann", "bo"], "clock": clock})
        assert 201 == made.status_code
        table = made.json()["table"]
        assert clock == made.json()["clocks"]["control"]
        assert clock == client.get("/api/tables").json()["tables"][0]["clock"]
        spectator = client.get(f"/api/tables/{table}/view").json()["clocks"]
        assert [300.0, 300.0] == [seat["remaining"] for seat in spectator["seats"]]
        with client.websocket_connect(f"/api/tables/{table}/socket") as socket:
            socket.send_json({"type": "hello", "seat": None})
            assert clock == socket.receive_json()["clocks"]["control"]
        plain = client.post("/api/tables", json={"players": ["ann", "bo"]}).json()
        assert plain["clocks"] is None


@pytest.mark.parametrize(("clock", "words"), [
    ({"kind": "realtime", "bank": 5, "bonus": 0}, '"bank" must be a number of seconds'),
    ({"kind": "turn", "per_move": 60, "bank": 10}, 'takes only "kind", "per_move"'),
    ({"kind": "blitz"}, '"kind" must be "realtime" or "turn"'),
    ({"kind": "realtime", "bank": True, "bonus": 0}, '"bank" must be a number'),
    ("5+3", "a time control must be an object"),
])
def test_a_time_control_that_is_not_one_is_a_400_that_says_why(
        tmp_path: Path, clock: Any, words: str) -> None:
    with TestClient(create_app(tmp_path / "tables.db", **TESTING)) as client:
        answer = client.post("/api/tables", json={"players": ["ann", "bo"], "clock": clock})
        assert 400 == answer.status_code
        assert "schema" == answer.json()["error"]["code"]
        assert words in answer.json()["error"]["message"]
        assert [] == client.get("/api/tables").json()["tables"]
