"""The web host with chance during play (Reshuffle, the toy game of chancegame.py, whose
pile is reshuffled mid-turn): the chance moves a seat's or a bot's move leads to are
drawn by the host, stored with that move in one action and replayed, never drawn
again, by every worker and after every restart; a seat may not send one; subscribers
get their events redacted; the log, the export and the replay viewer hold them. And the
real ``aves serve``, given the game through an entry point, killed and restarted.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from chancegame import GAME
from hostserver import TESTING, free_port
from starlette.testclient import TestClient

from aves_core import read_log, replay
from aves_core.host.app import create_app
from aves_core.host.service import Lobby, export_log
from aves_core.host.sqlite import SQLiteStore

TESTS = Path(__file__).resolve().parents[1]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "tables.db", **TESTING)) as test_client:
        yield test_client


def new_table(client: TestClient, **body: Any) -> str:
    body = {"game": GAME.id, "players": ["ann", "bo"], **body}
    answer = client.post("/api/tables", json=body)
    assert 201 == answer.status_code, answer.text
    table: str = answer.json()["table"]
    return table


def join(client: TestClient, table: str, seat: int) -> dict[str, str]:
    answer = client.post(f"/api/tables/{table}/seats/{seat}/join")
    assert 200 == answer.status_code, answer.text
    return {"Authorization": f"Bearer {answer.json()['token']}"}


def lobby(client: TestClient) -> Lobby:
    found: Lobby = client.app.state.lobby  # type: ignore[attr-defined]
    return found


def is_chance(data: dict[str, Any]) -> bool:
    return GAME.mover(GAME.move_from_json(data)) is None


def play_both(client: TestClient, table: str, auths: dict[int, dict[str, str]],
              until: Any = None) -> None:
    """Both seats play their first legal move until ``until()`` or the game's end."""
    for _ in range(300):
        summary = client.get(f"/api/tables/{table}").json()
        if summary["result"] or (until is not None and until()):
            return
        seat = summary["to_move"][0]
        view = client.get(f"/api/tables/{table}/seats/{seat}/view",
                          headers=auths[seat]).json()["view"]
        answer = client.post(f"/api/tables/{table}/seats/{seat}/moves",
                             json=view["legal_moves"][0], headers=auths[seat])
        assert 200 == answer.status_code, answer.text
    raise AssertionError("the game never ended")


def stored(client: TestClient, table: str) -> list[Any]:
    return list(lobby(client).store.actions(table))


def test_a_seats_move_is_stored_with_the_chance_moves_it_led_to(client: TestClient) -> None:
    table = new_table(client, options={"target": 30})
    auths = {seat: join(client, table, seat) for seat in (0, 1)}
    play_both(client, table, auths)
    actions = stored(client, table)
    groups = [action for action in actions if action.kind == "moves"]
    assert groups
    for action in groups:
        moves = action.data["moves"]
        assert not is_chance(moves[0])  # the seat's draw, then the reshuffle
        assert moves[0]["type"] == "draw"
        assert all(is_chance(data) for data in moves[1:])
    assert all(not is_chance(action.data) for action in actions if action.kind == "move")
    log = client.get(f"/api/tables/{table}/log")
    assert 200 == log.status_code
    outcome = replay(log.text)
    assert outcome.valid
    assert outcome.result is not None
    chance = [move for move in read_log(log.text).moves if GAME.mover(move) is None]
    assert len(chance) == sum(len(action.data["moves"]) - 1 for action in groups)
    steps = client.post("/api/replay", content=log.content).json()
    assert steps["valid"]
    assert [step["move"] for step in steps["steps"][1:]] == \
        [GAME.move_text(move) for move in read_log(log.text).moves]
    assert any(step["move"].startswith("*:reshuffle ") for step in steps["steps"][1:])


def test_a_seat_may_not_send_a_chance_move(client: TestClient) -> None:
    table = new_table(client, seed=5)
    auths = {seat: join(client, table, seat) for seat in (0, 1)}
    before = len(stored(client, table))
    for seat in (0, 1):
        answer = client.post(f"/api/tables/{table}/seats/{seat}/moves",
                             json={"type": "reshuffle", "deck": [1, 2]}, headers=auths[seat])
        assert 403 == answer.status_code
        assert {"code": "forbidden", "message": "a chance move is drawn by the host, never "
                "sent by a seat"} == answer.json()["error"]
    token = auths[0]["Authorization"][7:]
    with client.websocket_connect(f"/api/tables/{table}/socket") as socket:
        socket.send_json({"type": "hello", "seat": 0, "token": token})
        socket.receive_json()
        socket.send_json({"type": "move", "move": {"type": "reshuffle", "deck": [1]}})
        assert "forbidden" == socket.receive_json()["error"]["code"]
    assert before == len(stored(client, table))


def test_every_worker_and_every_restart_rebuilds_the_same_game_and_draws_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "tables.db"
    with TestClient(create_app(db, **TESTING)) as first, \
            TestClient(create_app(db, **TESTING)) as second:
        table = new_table(first, options={"target": 30})
        auths = {seat: join(first, table, seat) for seat in (0, 1)}
        play_both(first, table, auths, until=lambda: any(
            action.kind == "moves" for action in stored(first, table)))
        # The other worker catches up from the store: the chance moves as recorded.
        view = second.get(f"/api/tables/{table}/seats/0/view", headers=auths[0]).json()
        assert view == first.get(f"/api/tables/{table}/seats/0/view",
                                 headers=auths[0]).json()
        live = lobby(first)._live[table].table
        assert lobby(second)._live[table].table.log == live.log
        log = live.log

    def no_draw(*_: Any) -> Any:
        raise AssertionError("a stored chance move was drawn again")

    monkeypatch.setattr(type(GAME), "chance_move", no_draw)
    with TestClient(create_app(db, **TESTING)) as restarted:
        rebuilt = restarted.get(f"/api/tables/{table}/seats/1/view", headers=auths[1]).json()
        assert lobby(restarted)._live[table].table.log == log
        assert rebuilt["view"]["deck_size"] == GAME.view(live.state, 1).deck_size
    store = SQLiteStore(db)
    assert read_log(export_log(store, table)) == log
    store.close()


def test_a_bots_move_is_followed_by_its_chance_moves(client: TestClient) -> None:
    table = new_table(client, options={"target": 30}, bots={"0": "random", "1": "search:20"})
    for _ in range(500):
        if client.get(f"/api/tables/{table}").json()["result"]:
            break
        time.sleep(0.02)
    assert any(action.kind == "moves" for action in stored(client, table))
    assert replay(client.get(f"/api/tables/{table}/log").text).valid


def test_subscribers_get_the_reshuffle_redacted(client: TestClient) -> None:
    table = new_table(client, options={"target": 30})
    auths = {seat: join(client, table, seat) for seat in (0, 1)}
    token = auths[1]["Authorization"][7:]
    with client.websocket_connect(f"/api/tables/{table}/socket") as socket:
        socket.send_json({"type": "hello", "seat": 1, "token": token})
        socket.receive_json()
        play_both(client, table, auths, until=lambda: any(
            action.kind == "moves" for action in stored(client, table)))
        events: list[Any] = []
        total = client.get(f"/api/tables/{table}").json()["events"]
        received = 0
        while received < total:
            message = socket.receive_json()
            events += message["events"]
            received = message["next"]
    reshuffled = [index for index, event in enumerate(events) if event["type"] == "reshuffled"]
    assert reshuffled
    drawn = events[reshuffled[0] + 1]
    assert "drew" == drawn["type"]
    assert (drawn["card"] is None) == (drawn["seat"] != 1)  # only the drawer sees its card
    assert all("deck" not in event for event in events)  # never the new deck's order


def test_hosted_chance_comes_from_the_systems_randomness_unless_seeded(
        client: TestClient) -> None:
    table = new_table(client)
    client.get(f"/api/tables/{table}")
    assert isinstance(lobby(client)._live[table].table._chance, random.SystemRandom)
    seeded = new_table(client, seed=3)
    client.get(f"/api/tables/{seeded}")
    assert not isinstance(lobby(client)._live[seeded].table._chance, random.SystemRandom)


# --- the real server, the game installed through an entry point --------------------------


def _plugin(folder: Path) -> str:
    """A dist-info folder naming the toy game in the entry point group, as pip installs
    a package of games; the PYTHONPATH that finds it and the toy's module."""
    info = folder / "reshuffle_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: reshuffle-plugin\n"
                                   "Version: 1.0\n")
    (info / "entry_points.txt").write_text(
        f"[aves_core.games]\n{GAME.id} = chancegame:GAME\n")
    return os.pathsep.join([str(folder), str(TESTS)])


def _serve(db: Path, port: int, path: str, output: Path) -> subprocess.Popen[bytes]:
    with output.open("ab") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "aves_core", "serve", "--port", str(port), "--db", str(db)],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(
                [path, *filter(None, [os.environ.get("PYTHONPATH")])])})
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError(output.read_text()[-2000:])


def test_the_real_server_serves_the_game_and_a_kill_loses_no_chance(tmp_path: Path) -> None:
    path = _plugin(tmp_path)
    db, port = tmp_path / "tables.db", free_port()
    url = f"http://127.0.0.1:{port}"
    process = _serve(db, port, path, tmp_path / "serve.log")
    try:
        games = httpx.get(f"{url}/api/games").json()["games"]
        assert GAME.id in {game["id"] for game in games}
        table = httpx.post(f"{url}/api/tables", json={
            "game": GAME.id, "players": ["ann", "bo"], "options": {"target": 40}}
        ).json()["table"]
        auths = [{"Authorization": "Bearer " + httpx.post(
            f"{url}/api/tables/{table}/seats/{seat}/join").json()["token"]} for seat in (0, 1)]
        for _ in range(200):  # both seats play until a move has led to a reshuffle
            store = SQLiteStore(db)
            grouped = any(action.kind == "moves" for action in store.actions(table))
            store.close()
            seat = httpx.get(f"{url}/api/tables/{table}").json()["to_move"][0]
            if grouped:
                break
            view = httpx.get(f"{url}/api/tables/{table}/seats/{seat}/view",
                             headers=auths[seat]).json()["view"]
            assert 200 == httpx.post(f"{url}/api/tables/{table}/seats/{seat}/moves",
                                     json=view["legal_moves"][-1],
                                     headers=auths[seat]).status_code
        assert grouped
        before = [httpx.get(f"{url}/api/tables/{table}/seats/{seat}/view",
                            headers=auths[seat]).json() for seat in (0, 1)]
    finally:
        process.kill()  # SIGKILL: no shutdown
        process.wait()
    process = _serve(db, port, path, tmp_path / "serve.log")
    try:
        after = [httpx.get(f"{url}/api/tables/{table}/seats/{seat}/view",
                           headers=auths[seat]).json() for seat in (0, 1)]
        assert json.dumps(before, sort_keys=True) == json.dumps(after, sort_keys=True)
    finally:
        process.terminate()
        process.wait()
    store = SQLiteStore(db)
    text = export_log(store, table)
    store.close()
    assert replay(text).valid
    assert any(GAME.mover(move) is None for move in read_log(text).moves)
