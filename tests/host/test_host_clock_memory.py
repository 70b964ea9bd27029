"""Issue 26, finding 4: clocked tables leave memory like the others.

Before, a table with a running clock was never idle, and every start loaded every
clocked table (2,500 clocked AVES tables: RSS from 40 to 98 MB right after a
restart). Now the next deadline is stored with each action and the clocks about to
run out are found in the store: a restart loads none of the far ones, and a
deadline is still played after a restart and after its table left memory."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx
from hostserver import TESTING, ServeProcess
from test_host_timecontrol import made_long_ago, timeouts, until

from aves_core.host import deadlines
from aves_core.host.service import Lobby
from aves_core.host.sqlite import SQLiteStore

TABLES = 1_500
MONTH = {"kind": "turn", "per_move": 30 * 86_400}


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def settled_rss(server: ServeProcess) -> float:
    """The server's RSS once it has stopped growing (its start's work done)."""
    assert server.process is not None
    pid, last = server.process.pid, 0.0
    for _ in range(40):
        time.sleep(0.5)
        now = rss_mb(pid)
        if abs(now - last) < 0.5:
            return now
        last = now
    return last


def warm(client: httpx.Client, table: str) -> None:
    """What every measure does first: the game's code loaded, one table read."""
    assert client.get("/api/games").status_code == 200
    assert client.get(f"/api/tables/{table}/view").status_code == 200


def test_a_restart_holds_no_far_clocked_table_and_still_plays_a_near_deadline(
        tmp_path: Path) -> None:
    server = ServeProcess(tmp_path / "tables.db", tmp_path).start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            first = client.post("/api/tables", json={
                "players": ["ann", "bo"], "clock": MONTH}).json()["table"]
            warm(client, first)
            empty = settled_rss(server)
            for _ in range(TABLES):
                made = client.post("/api/tables", json={"players": ["ann", "bo"],
                                                         "clock": MONTH})
                assert made.status_code == 201, made.text
            near = client.post("/api/tables", json={
                "players": ["ann", "bo"], "seed": 1,
                "clock": {"kind": "realtime", "bank": 10, "bonus": 0}}).json()
        made_at = time.monotonic()
        server.stop()
        server.start()
        with httpx.Client(base_url=server.url, timeout=30) as client:
            warm(client, first)
            restarted = settled_rss(server)
            print(f"RSS {empty:.1f} MB with one table, {restarted:.1f} MB after a restart "
                  f"with {TABLES} clocked tables")
            assert restarted < empty + 12
            # The near clock, in no worker's memory after the restart, still runs out.
            seat = near["to_move"][0]
            while time.monotonic() < made_at + 25:
                clocks = client.get(f"/api/tables/{near['table']}").json()["clocks"]
                if clocks["seats"][seat]["timed_out"]:
                    break
                time.sleep(0.2)
            assert clocks["seats"][seat]["timed_out"]
    finally:
        server.stop()


def test_a_clocked_table_that_left_memory_still_has_its_timeout_played(
        tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "tables.db")

    async def main() -> None:
        # A deadline a little beyond the horizon: the table may leave memory.
        bank = deadlines.HORIZON + 3
        table, seat, _ = await made_long_ago(
            store, 0, {"kind": "realtime", "bank": bank, "bonus": 0}, {})
        ahead = [0.0]  # how far the worker's clock reads ahead: time passes at once
        worker = Lobby(store, allow_seeds=True, limits=TESTING["limits"],
                       now=lambda: time.time() + ahead[0])
        housekeeping = asyncio.create_task(worker.run())
        await worker.summary(table)
        assert 1 == worker._unload(keep=0)  # idle: it leaves, its clock far
        assert table not in worker._live
        ahead[0] = bank - 1  # a second before the deadline
        await until(lambda: table in worker._live, "the watch never loaded it", 15)
        await until(lambda: timeouts(store, table), "the timeout was not played", 15)
        assert seat == timeouts(store, table)[0].data["timeout"]
        housekeeping.cancel()
        await asyncio.gather(housekeeping, return_exceptions=True)
        worker.close()

    asyncio.run(main())
    store.close()
