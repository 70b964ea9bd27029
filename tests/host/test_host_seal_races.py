"""A seat's leave racing its sealed commit on two workers (issue 26): a commit beaten
to the store is tried again after catching up, and its token is checked again then,
so a commit authorized just before the seat's leave, stored on the other worker,
is refused (403), never stored after the leave; and a leave beaten to the store by
another seat's commit is tried again too, never answered 409. First two lobbies over
one store, with one worker's append held until the other has stored its actions (the
race made certain); then the real ``aves serve`` with two workers, raced many times."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from hostserver import TESTING, ServeProcess

from aves_core.host.service import HostError, Lobby
from aves_core.host.store import Action
from aves_core.host.stores import open_store

PLAYERS = ["ann", "bo", "cy", "di"]


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "tables.db")
    url: str = request.getfixturevalue("postgres_url")
    return url


def seal(seat: int, notes: int = 1) -> dict[str, Any]:
    return {"type": "seal", "player": seat, "notes": [500] * notes}


async def sealed_auction(lobby: Lobby, seed: int) -> tuple[str, list[str]]:
    """A four-seat Boxes table whose sealed auction waits for every seat's commit."""
    made = await lobby.create({"game": "boxes", "players": PLAYERS, "seed": seed})
    table = made["table"]
    tokens = [(await lobby.join(table, seat))["token"] for seat in range(4)]
    auctioneer = made["to_move"][0]
    await lobby.move(table, auctioneer, tokens[auctioneer],
                     {"type": "auction", "player": auctioneer, "kind": "sealed"})
    while len(to_move := (await lobby.summary(table))["to_move"]) == 1:
        (seat,) = to_move
        await lobby.move(table, seat, tokens[seat], {"type": "stop", "player": seat})
    assert to_move == [0, 1, 2, 3]
    return table, tokens


def hold_next_append(lobby: Lobby) -> tuple[asyncio.Event, asyncio.Event]:
    """The lobby's next append waits (its action already checked and applied in memory)
    until the second event is set; the first is set when it waits."""
    reached, release = asyncio.Event(), asyncio.Event()
    db = lobby._db

    async def held(call: Callable[..., Any], *arguments: Any) -> Any:
        if getattr(call, "__name__", "") == "append" and not reached.is_set():
            reached.set()
            await release.wait()
        return await db(call, *arguments)

    lobby._db = held  # type: ignore[method-assign]
    return reached, release


def race_on_two_lobbies(database: str, scenario: Callable[[Lobby, Lobby, str, list[str]],
                                                          Awaitable[None]]) -> None:
    async def run() -> None:
        stores = [open_store(database), open_store(database)]
        one, two = (Lobby(store, allow_seeds=True, limits=TESTING["limits"])
                    for store in stores)
        try:
            table, tokens = await sealed_auction(one, 3)
            await two.summary(table)  # the second worker knows the table
            await scenario(one, two, table, tokens)
        finally:
            await one.aclose()
            await two.aclose()
            for store in stores:
                store.close()

    asyncio.run(run())


def test_a_commit_authorized_before_the_seats_leave_elsewhere_is_refused_not_stored_after_it(
        database: str) -> None:
    async def scenario(one: Lobby, two: Lobby, table: str, tokens: list[str]) -> None:
        reached, release = hold_next_append(one)
        # Seat 0's commit is checked on the first worker, then held before the store...
        commit = asyncio.ensure_future(one.move(table, 0, tokens[0], seal(0)))
        await reached.wait()
        # ... while the second worker stores seat 1's commit and seat 0's leave.
        await two.move(table, 1, tokens[1], seal(1))
        assert {"left": 0} == await two.leave(table, 0, tokens[0])
        release.set()
        with pytest.raises(HostError) as refused:
            await commit
        assert (403, "forbidden") == (refused.value.status, refused.value.code)
        actions = await asyncio.to_thread(one.store.actions, table)
        leave = next(action.index for action in actions if action.kind == "leave")
        # Nothing of seat 0 after its leave but the bot's commit (random notes).
        assert not [action for action in actions[leave + 1:] if _seals(action, 0) == [500]]

    race_on_two_lobbies(database, scenario)


def test_a_leave_beaten_to_the_store_by_another_seats_commit_is_taken_not_a_conflict(
        database: str) -> None:
    async def scenario(one: Lobby, two: Lobby, table: str, tokens: list[str]) -> None:
        reached, release = hold_next_append(one)
        leave = asyncio.ensure_future(one.leave(table, 0, tokens[0]))
        await reached.wait()
        await two.move(table, 1, tokens[1], seal(1))
        release.set()
        assert {"left": 0} == await leave
        summary = await two.summary(table)
        assert "random" == summary["seats"][0]["bot"]
        with pytest.raises(HostError) as refused:
            await two.view(table, 0, tokens[0])
        assert 403 == refused.value.status

    race_on_two_lobbies(database, scenario)


def _seals(action: Action, seat: int) -> list[int] | None:
    """The notes of seat ``seat``'s seal in a stored action, if it is one."""
    moves = action.data["moves"] if action.kind == "moves" else [action.data]
    for move in moves if action.kind in ("move", "moves") else []:
        if move.get("type") == "seal" and move.get("player") == seat:
            notes: list[int] = move["notes"]
            return notes
    return None


def test_leave_and_commit_raced_through_two_real_workers_never_store_a_commit_after_the_leave(
        database: str, tmp_path: Path) -> None:
    """The real ``aves serve --workers 2``: seat 0's commit, seat 1's commit and seat 0's
    leave sent in the same instant, each on its own connection (so on either worker),
    many times. The leave is always taken (200); seat 0's commit is either stored before
    the leave (200) or refused (403); never stored after it."""
    trials, outcomes = 30, {"before": 0, "refused": 0}
    with ServeProcess(database, tmp_path, workers=2) as server, \
            httpx.Client(base_url=server.url, timeout=30) as client:
        store = open_store(database)
        try:
            for trial in range(trials):
                table, tokens = _sealed_auction_over_rest(client, trial)
                answers = at_once(server.url, table, {
                    "commit": ("seats/0/moves", tokens[0], seal(0)),
                    "other": ("seats/1/moves", tokens[1], seal(1)),
                    "leave": ("seats/0/leave", tokens[0], None)})
                assert 200 == answers["leave"].status_code, answers["leave"].text
                assert 200 == answers["other"].status_code, answers["other"].text
                actions = store.actions(table)
                leave = next(action.index for action in actions if action.kind == "leave")
                before = [action for action in actions[:leave] if _seals(action, 0)]
                if answers["commit"].status_code == 200:
                    assert before, f"trial {trial}: seat 0's commit stored after its leave"
                    outcomes["before"] += 1
                else:
                    assert 403 == answers["commit"].status_code, answers["commit"].text
                    assert not before
                    outcomes["refused"] += 1
        finally:
            store.close()
    assert trials == sum(outcomes.values())


def at_once(url: str, table: str, requests: dict[str, tuple[str, str, Any]]
            ) -> dict[str, httpx.Response]:
    """POSTs to the table sent in the same instant, each on its own connection (so to
    either worker), by name: ``(path, token, body)``."""
    answers: dict[str, httpx.Response] = {}
    start = threading.Barrier(len(requests))

    def send(name: str, path: str, token: str, body: Any) -> None:
        with httpx.Client(base_url=url, timeout=30) as own:
            start.wait()
            answers[name] = own.post(f"/api/tables/{table}/{path}", json=body,
                                     headers={"Authorization": f"Bearer {token}"})

    threads = [threading.Thread(target=send, args=(name, *request))
               for name, request in requests.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def _sealed_auction_over_rest(client: httpx.Client, seed: int) -> tuple[str, list[str]]:
    made = client.post("/api/tables", json={"game": "boxes", "players": PLAYERS,
                                            "seed": seed}).json()
    table = made["table"]
    tokens = [client.post(f"/api/tables/{table}/seats/{seat}/join").json()["token"]
              for seat in range(4)]
    to_move, kind = made["to_move"], "auction"
    while len(to_move) == 1:
        (seat,) = to_move
        body = ({"type": "auction", "player": seat, "kind": "sealed"} if kind == "auction"
                else {"type": "stop", "player": seat})
        kind = "stop"
        answer = client.post(f"/api/tables/{table}/seats/{seat}/moves", json=body,
                             headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert 200 == answer.status_code, answer.text
        to_move = client.get(f"/api/tables/{table}").json()["to_move"]
    assert [0, 1, 2, 3] == to_move
    return table, tokens


def test_a_seats_messages_in_a_sealed_phase_have_one_size_whatever_its_bid(
        tmp_path: Path) -> None:
    """Someone watching the network sees the size of each message. The others' messages
    about a commit never depend on it; the committer's own (its socket's events, the
    REST answer to its move, its view) hold its bid, so they are padded to a bucket of
    bytes: one size whichever notes it sealed, from one note to all of them."""
    from websockets.sync.client import connect

    sizes: dict[str, set[int]] = {"socket": set(), "answer": set(), "view": set(),
                                  "other": set()}
    with ServeProcess(tmp_path / "tables.db", tmp_path) as server, \
            httpx.Client(base_url=server.url, timeout=30) as client:
        table, tokens = _sealed_auction_over_rest(client, 3)
        legal = client.get(f"/api/tables/{table}/seats/0/view", headers={
            "Authorization": f"Bearer {tokens[0]}"}).json()["view"]["legal_moves"]
        # The seals seat 0 may make at this deal, from the fewest notes to the most.
        seals = sorted((move for move in legal if move["notes"]), key=lambda m: len(m["notes"]))
        for move in (seals[0], seals[len(seals) // 2], seals[-1]):
            table, tokens = _sealed_auction_over_rest(client, 3)
            with connect(f"ws://127.0.0.1:{server.port}/api/tables/{table}/socket") as mine, \
                    connect(f"ws://127.0.0.1:{server.port}/api/tables/{table}/socket") as other:
                for seat, socket in ((0, mine), (1, other)):
                    socket.send(json.dumps({"type": "hello", "seat": seat,
                                            "token": tokens[seat]}))
                    assert "welcome" == json.loads(socket.recv(timeout=10))["type"]
                answer = client.post(f"/api/tables/{table}/seats/0/moves", json=move,
                                     headers={"Authorization": f"Bearer {tokens[0]}"})
                assert 200 == answer.status_code, answer.text
                sizes["answer"].add(len(answer.content))
                sizes["socket"].add(len(str(mine.recv(timeout=10)).encode()))
                sizes["other"].add(len(str(other.recv(timeout=10)).encode()))
                sizes["view"].add(len(client.get(f"/api/tables/{table}/seats/0/view", headers={
                    "Authorization": f"Bearer {tokens[0]}"}).content))
    assert dict.fromkeys(sizes, 1) == {name: len(seen) for name, seen in sizes.items()}, \
        sizes
