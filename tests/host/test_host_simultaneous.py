"""The web host with simultaneous moves (Sealed, the toy game of ``simgame.py``, whose
seats bid at once, sealed): every seat's bid lands, in the same instant, over REST and
sockets, on one worker and across two (two lobbies or two apps over one store); the
others are told that a seat bid, never its bid, until the reveal; bots bid without
waiting for people."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hostserver import TESTING
from simgame import GAME
from starlette.testclient import TestClient

from aves_core.host.app import create_app
from aves_core.host.service import Lobby
from aves_core.host.stores import open_store

PLAYERS = ["ann", "bo", "cy", "di"]


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "tables.db")
    url: str = request.getfixturevalue("postgres_url")
    return url


async def _bidding(lobby: Lobby, seed: int) -> tuple[str, list[str]]:
    """A four-seat table, every seat joined, its prize called: all four are to bid."""
    made = await lobby.create({"game": GAME.id, "players": PLAYERS, "seed": seed})
    table = made["table"]
    tokens = [(await lobby.join(table, seat))["token"] for seat in range(4)]
    caller = made["to_move"][0]
    await lobby.move(table, caller, tokens[caller], {"type": "call", "player": caller,
                                                      "prize": 2})
    return table, tokens


@pytest.mark.parametrize("workers", [1, 2])
def test_every_bid_sent_in_the_same_instant_lands(database: str, workers: int) -> None:
    """Four seats bid at once, round after round, through one worker or split between
    two: no seat is refused (no conflict), and each round's four bids are revealed."""

    async def race(rounds: int) -> list[int]:
        stores = [open_store(database) for _ in range(workers)]
        lobbies = [Lobby(store, allow_seeds=True, limits=TESTING["limits"])
                   for store in stores]
        revealed = []
        try:
            for round_ in range(rounds):
                table, tokens = await _bidding(lobbies[0], round_)
                for lobby in lobbies[1:]:  # every worker knows the table before the race
                    await lobby.summary(table)
                answers = await asyncio.gather(*(
                    lobbies[seat % workers].move(table, seat, tokens[seat], {
                        "type": "bid", "player": seat, "amount": (seat + round_) % 5})
                    for seat in range(4)))
                assert all(answer is not None for answer in answers)
                summary = await lobbies[-1].summary(table)
                assert summary["to_move"] != [0, 1, 2, 3]
                view = await lobbies[0].view(table, None, None)
                revealed.append(len(view["view"]["last_bids"]))
        finally:
            for lobby in lobbies:
                lobby.close()
            for store in stores:
                store.close()
        return revealed

    assert asyncio.run(race(15)) == [4] * 15


@pytest.fixture
def apps(database: str) -> Iterator[tuple[TestClient, TestClient]]:
    with TestClient(create_app(database, **TESTING)) as first, \
            TestClient(create_app(database, **TESTING)) as second:
        yield first, second


def test_bids_over_sockets_on_two_workers_all_land_and_stay_sealed(
        apps: tuple[TestClient, TestClient]) -> None:
    """Seats 0 and 2 on one worker, 1 and 3 on the other, each with a socket; all four
    send their bids before reading anything. Each is accepted; until the last bid every
    socket hears only that seats bid; then every socket gets the same four bids."""
    first, second = apps
    made = first.post("/api/tables", json={"game": GAME.id, "players": PLAYERS,
                                           "seed": 4}).json()
    table = made["table"]
    tokens = [first.post(f"/api/tables/{table}/seats/{seat}/join").json()["token"]
              for seat in range(4)]
    caller = made["to_move"][0]
    assert 200 == first.post(f"/api/tables/{table}/seats/{caller}/moves",
                             json={"type": "call", "player": caller, "prize": 1},
                             headers={"Authorization": f"Bearer {tokens[caller]}"}
                             ).status_code
    workers = [first, second]
    sockets = [workers[seat % 2].websocket_connect(f"/api/tables/{table}/socket")
               for seat in range(4)]
    opened = [socket.__enter__() for socket in sockets]
    try:
        for seat, socket in enumerate(opened):
            socket.send_json({"type": "hello", "seat": seat, "token": tokens[seat]})
            assert "welcome" == socket.receive_json()["type"]
        amounts = [3, 1, 4, 1]
        for seat, socket in enumerate(opened):
            socket.send_json({"type": "move", "move": {"type": "bid", "player": seat,
                                                       "amount": amounts[seat]}})
        seen: list[list[dict[str, Any]]] = [[] for _ in opened]
        # First each socket's own bid comes back (a refused bid would come back as an
        # error instead: reading on for the reveal would then wait forever).
        for seat, socket in enumerate(opened):
            while {"type": "committed", "seat": seat, "amount": amounts[seat]} not in \
                    seen[seat]:
                message = socket.receive_json()
                assert "events" == message["type"], message
                seen[seat].extend(message["events"])
        for seat, socket in enumerate(opened):
            while not any(event["type"] == "revealed" for event in seen[seat]):
                message = socket.receive_json()
                assert "events" == message["type"], message
                seen[seat].extend(message["events"])
            for event in seen[seat]:
                if event["type"] == "committed":
                    expected = amounts[seat] if event["seat"] == seat else None
                    assert expected == event["amount"]
            # Every socket hears the bids in the one order they were stored.
            assert [event["seat"] for event in seen[seat] if event["type"] == "committed"
                    ] == [event["seat"] for event in seen[0] if event["type"] == "committed"]
            revealed = next(event for event in seen[seat] if event["type"] == "revealed")
            assert amounts == revealed["bids"]
            assert 2 == revealed["winner"]
    finally:
        for socket in sockets:
            socket.__exit__(None, None, None)


def test_a_seat_is_told_that_another_bid_never_what(database: str) -> None:
    with TestClient(create_app(database, **TESTING)) as client:
        made = client.post("/api/tables", json={"game": GAME.id, "players": PLAYERS[:2],
                                                "seed": 1}).json()
        table = made["table"]
        auths = [{"Authorization": "Bearer " + client.post(
            f"/api/tables/{table}/seats/{seat}/join").json()["token"]} for seat in (0, 1)]
        caller = made["to_move"][0]
        client.post(f"/api/tables/{table}/seats/{caller}/moves", headers=auths[caller],
                    json={"type": "call", "player": caller, "prize": 2})
        answer = client.post(f"/api/tables/{table}/seats/0/moves", headers=auths[0],
                             json={"type": "bid", "player": 0, "amount": 3})
        assert 200 == answer.status_code, answer.text
        assert {"type": "committed", "seat": 0, "amount": 3} in answer.json()["events"]
        other = client.get(f"/api/tables/{table}/seats/1/events?since=0",
                           headers=auths[1]).json()
        assert {"type": "committed", "seat": 0, "amount": None} in other["events"]
        assert other["view"]["committed"] == [0]
        assert other["view"]["my_bid"] is None
        assert other["view"]["to_move"] == [1]
        public = client.get(f"/api/tables/{table}/events?since=0").json()
        assert "3" not in str([event for event in public["events"]
                               if event["type"] == "committed"])


def test_bots_bid_without_waiting_for_people(database: str) -> None:
    with TestClient(create_app(database, **TESTING)) as client:
        made = client.post("/api/tables", json={
            "game": GAME.id, "players": PLAYERS[:3], "seed": 2,
            "bots": {"1": "random", "2": "random"}}).json()
        table = made["table"]
        auth = {"Authorization": "Bearer " + client.post(
            f"/api/tables/{table}/seats/0/join").json()["token"]}
        deadline = time.monotonic() + 30
        while True:  # the bots call when it is their turn and bid at once
            view = client.get(f"/api/tables/{table}/seats/0/view", headers=auth).json()
            if view["view"]["phase"] == "bid" and set(view["view"]["committed"]) == {1, 2}:
                break
            if view["view"]["legal_moves"] and view["view"]["phase"] == "call":
                client.post(f"/api/tables/{table}/seats/0/moves", headers=auth,
                            json=view["view"]["legal_moves"][0])
            assert time.monotonic() < deadline, view
            time.sleep(0.05)
        assert view["view"]["to_move"] == [0]  # the person alone is still to bid


# --- Boxes: a sealed auction, four seats committing banknotes in the same instant ---------


async def _sealed_auction(lobby: Lobby, seed: int) -> tuple[str, list[str]]:
    """A four-seat Boxes table whose sealed auction waits for every seat's commit (the
    auctioneer chose sealed, everyone stopped examining at once)."""
    made = await lobby.create({"game": "boxes", "players": PLAYERS, "seed": seed})
    table = made["table"]
    tokens = [(await lobby.join(table, seat))["token"] for seat in range(4)]
    auctioneer = made["to_move"][0]
    await lobby.move(table, auctioneer, tokens[auctioneer],
                     {"type": "auction", "player": auctioneer, "kind": "sealed"})
    while True:
        to_move = (await lobby.summary(table))["to_move"]
        if len(to_move) > 1:
            return table, tokens
        (seat,) = to_move
        await lobby.move(table, seat, tokens[seat], {"type": "stop", "player": seat})


@pytest.mark.parametrize("workers", [1, 2])
def test_every_boxes_commit_sent_in_the_same_instant_lands(database: str, workers: int
                                                           ) -> None:
    """Boxes' sealed auction (BX14): four seats commit their notes at once, through one
    worker or split between two; every commit lands, the reveal shows all four, and
    the one highest bid wins."""

    async def race(rounds: int) -> list[tuple[list[list[int]], int]]:
        stores = [open_store(database) for _ in range(workers)]
        lobbies = [Lobby(store, allow_seeds=True, limits=TESTING["limits"])
                   for store in stores]
        outcomes = []
        try:
            for round_ in range(rounds):
                table, tokens = await _sealed_auction(lobbies[0], round_)
                for lobby in lobbies[1:]:
                    await lobby.summary(table)
                notes = [[500] * (seat + 1) for seat in range(4)]  # seat 3 bids most
                await asyncio.gather(*(
                    lobbies[seat % workers].move(table, seat, tokens[seat], {
                        "type": "seal", "player": seat, "notes": notes[seat]})
                    for seat in range(4)))
                view = (await lobbies[-1].view(table, None, None))["view"]
                outcomes.append(([list(commit) for commit in view["revealed"]],
                                 view["money"][3]))
        finally:
            for lobby in lobbies:
                lobby.close()
            for store in stores:
                store.close()
        return outcomes

    for revealed, money in asyncio.run(race(8)):
        assert revealed == [[500], [500, 500], [500, 500, 500], [500, 500, 500, 500]]
        assert money == 3400 - 2000  # seat 3 paid exactly its notes (BX15)
