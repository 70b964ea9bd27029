"""Whose bots a table's are, after a restart and on a second worker (issue 26's finding
1): the client that made a table is kept in the store with it, so every worker that
runs the table's bots, started before or after, lets that client think one move at a
time, and another client's bot answers at once however many tables the first keeps
busy. Clients are told apart by their address: each test client connects from an
address of its own on the loopback network (127.0.0.2, 127.0.0.3)."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest
from hostserver import ServeProcess

SLOW = "search:2500"
"""A bot that thinks about half a second a move in AVES (on one core)."""
TABLES = 20
"""The busy client's tables, two slow bots each: far more thoughts than bot threads."""
PROMPT = 3.0
"""Seconds in which another client's random bot answers (before the fix: 8 s or more
here, 79-87 s with the issue's ``search:5000``)."""


def client_at(address: str, server: ServeProcess) -> httpx.Client:
    """A client whose connections come from ``address``."""
    return httpx.Client(base_url=server.url, timeout=60,
                        transport=httpx.HTTPTransport(local_address=address))


def events(client: httpx.Client, tables: list[str]) -> int:
    """The events of ``tables`` together."""
    return sum(client.get(f"/api/tables/{table}").json()["events"] for table in tables)


def bot_answer_seconds(client: httpx.Client) -> float:
    """Make a table with a random bot at seat 1, play seat 0's first move if it moves
    first, and time the bot's answer (from its turn to the table's summary showing its
    move)."""
    made = client.post("/api/tables", json={"players": ["me", "bot"],
                                            "bots": {"1": "random"}})
    assert 201 == made.status_code, made.text
    table = made.json()["table"]
    start = time.monotonic()
    if made.json()["to_move"] == [0]:
        token = client.post(f"/api/tables/{table}/seats/0/join").json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        view = client.get(f"/api/tables/{table}/seats/0/view", headers=auth).json()
        start = time.monotonic()
        moved = client.post(f"/api/tables/{table}/seats/0/moves",
                            json=view["view"]["legal_moves"][0], headers=auth)
        assert 200 == moved.status_code, moved.text
    while client.get(f"/api/tables/{table}").json()["to_move"] == [1]:
        assert time.monotonic() - start < 120, "the random bot never answered"
        time.sleep(0.02)
    return time.monotonic() - start


@pytest.mark.parametrize(("database", "workers"), [("sqlite", 1), ("postgresql", 2)])
def test_after_a_restart_one_clients_bots_never_starve_another_clients_bot(
        request: pytest.FixtureRequest, tmp_path: Path, database: str, workers: int) -> None:
    """One client's 20 tables of slow bots, made before a restart (on PostgreSQL with
    two workers, each of which takes up every table's bots when it starts): another
    client's random bot answers within seconds after it."""
    url = (str(tmp_path / "tables.db") if database == "sqlite"
           else request.getfixturevalue("postgres_url"))
    server = ServeProcess(url, tmp_path, workers=workers)
    with server, client_at("127.0.0.2", server) as busy:
        tables = []
        for _ in range(TABLES):
            made = busy.post("/api/tables", json={"players": ["a", "b"],
                                                  "bots": {"0": SLOW, "1": SLOW}})
            assert 201 == made.status_code, made.text
            tables.append(made.json()["table"])
    with server, client_at("127.0.0.2", server) as busy, \
            client_at("127.0.0.3", server) as other:
        # The restarted workers took up the busy client's bots: they are playing.
        before = events(busy, tables)
        deadline = time.monotonic() + 60
        while events(busy, tables) <= before:
            assert time.monotonic() < deadline, "the bots were not taken up after the restart"
            time.sleep(0.1)
        seconds = bot_answer_seconds(other)
    assert seconds < PROMPT, f"another client's random bot answered after {seconds:.1f} s"
