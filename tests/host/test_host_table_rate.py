"""The tables a client may create a minute, counted in the store (issue 26: "the limits
live in the store"): with two workers a client racing creations gets exactly its
allowance, not one per worker, and a restart does not give it a new one. Before, each
worker counted in its own memory: with N workers a client made N times the limit,
and every restart began it anew."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from hostserver import ServeProcess

LIMIT = 3
"""``--tables-per-minute``: the tables one client may make at once (then one every 20 s,
far longer than a test takes)."""
RACERS = 24
"""Creations sent at once, each on its own connection: enough that both workers get
more than the limit."""


def race(server: ServeProcess, count: int) -> list[int]:
    """How many of ``count`` creations sent at once by one client were made (201) and
    how many refused (429)."""
    def create(_: int) -> int:
        with httpx.Client(base_url=server.url, timeout=60) as client:
            return client.post("/api/tables", json={"players": ["a", "b"]}).status_code

    with ThreadPoolExecutor(count) as pool:
        statuses = list(pool.map(create, range(count)))
    assert {201, 429} >= set(statuses), statuses
    return [statuses.count(201), statuses.count(429)]


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_two_workers_and_a_restart_give_a_client_exactly_its_table_allowance(
        request: pytest.FixtureRequest, tmp_path: Path, database: str) -> None:
    url = (str(tmp_path / "tables.db") if database == "sqlite"
           else request.getfixturevalue("postgres_url"))
    server = ServeProcess(url, tmp_path, workers=2,
                          options=["--tables-per-minute", str(LIMIT)])
    with server:
        assert [LIMIT, RACERS - LIMIT] == race(server, RACERS)
        refused = httpx.post(f"{server.url}api/tables", json={"players": ["a", "b"]})
        assert 429 == refused.status_code
        body = refused.json()
        assert "too_many_tables" == body["error"]["code"], body
        assert 0 < body["retry_after"] <= 60 / LIMIT, body
    with server:  # started again: the allowance is still spent
        assert [0, 4] == race(server, 4)
