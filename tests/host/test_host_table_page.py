"""What the browser's table, lobby and replay pages read from the host (in process,
Starlette's TestClient on a real SQLite file): whether a seat may undo now, the whole
history of a table for a page that (re)loads, the lobby's table statuses, each game's
options and end reasons in words, and a replay whose every step carries the spectator's
view and events, so the game's own drawing pictures it and hides what a spectator may
not see."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hostserver import TESTING
from starlette.testclient import TestClient

from aves_core import get_game
from aves_core.host.app import create_app

GOLDEN_CUBIRDS = Path(__file__).resolve().parents[1] / "games" / "cubirds" / "golden"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "tables.db", **TESTING)) as test_client:
        yield test_client


def new_table(client: TestClient, **body: Any) -> str:
    answer = client.post("/api/tables", json=body)
    assert 201 == answer.status_code, answer.text
    table: str = answer.json()["table"]
    return table


def token_of(client: TestClient, table: str, seat: int) -> str:
    answer = client.post(f"/api/tables/{table}/seats/{seat}/join")
    assert 200 == answer.status_code, answer.text
    token: str = answer.json()["token"]
    return token


def wait_over(client: TestClient, table: str) -> dict[str, Any]:
    for _ in range(500):
        summary: dict[str, Any] = client.get(f"/api/tables/{table}").json()
        if summary["result"]:
            return summary
        time.sleep(0.02)
    raise AssertionError("the bots never finished the game")


def test_a_seat_is_told_whether_it_may_undo_and_a_spectator_never_may(
        client: TestClient) -> None:
    table = new_table(client, game="soulaween", players=["ann", "bo"],
                      options={"mode": "standard", "characters": ["hei_bai", "hei_bai"]}, seed=1)
    seat = client.get(f"/api/tables/{table}").json()["to_move"][0]
    token = token_of(client, table, seat)
    with client.websocket_connect(f"/api/tables/{table}/socket") as socket:
        socket.send_json({"type": "hello", "seat": seat, "token": token})
        welcome = socket.receive_json()
        assert welcome["undo"] is False  # nothing played yet
        socket.send_json({"type": "move", "move": welcome["view"]["legal_moves"][0]})
        moved = socket.receive_json()
        assert ("events", True) == (moved["type"], moved["undo"])
        socket.send_json({"type": "undo"})
        undone = socket.receive_json()
        assert "move_undone" == undone["events"][-1]["type"]
        assert undone["undo"] is False  # the move is taken back: nothing left to undo
    with client.websocket_connect(f"/api/tables/{table}/socket") as socket:
        socket.send_json({"type": "hello", "seat": None})
        assert socket.receive_json()["undo"] is False


def test_undo_is_not_offered_once_a_bot_has_moved_after_the_seat(client: TestClient) -> None:
    table = new_table(client, game="aves", players=["ann", "bo"], seed=5, bots={"1": "greedy"})
    token = token_of(client, table, 0)
    with client.websocket_connect(f"/api/tables/{table}/socket") as socket:
        socket.send_json({"type": "hello", "seat": 0, "token": token})
        message = socket.receive_json()
        while not message["view"]["legal_moves"]:
            message = socket.receive_json()
        socket.send_json({"type": "move", "move": message["view"]["legal_moves"][0]})
        # AVES's policy: an undo takes back a move with no draw, before anyone else
        # moves; once the bot has moved, every message says no.
        while True:
            message = socket.receive_json()
            if message["view"]["legal_moves"] or message["view"]["result"]:
                break
        assert message["undo"] is False


def test_a_page_that_loads_late_gets_the_whole_history_redacted_for_its_seat(
        client: TestClient) -> None:
    table = new_table(client, game="cubirds", players=["ann", "bo"], seed=4,
                      bots={"0": "greedy", "1": "greedy"})
    wait_over(client, table)
    everything = client.get(f"/api/tables/{table}/events?since=0").json()
    with client.websocket_connect(f"/api/tables/{table}/socket") as socket:
        socket.send_json({"type": "hello", "seat": None, "since": 0})
        welcome = socket.receive_json()
        history = socket.receive_json()
    assert welcome["next"] == history["next"] == len(history["events"]) > 0
    assert everything["events"] == history["events"]
    # A spectator's history holds no card of any hand.
    for event in history["events"]:
        if event["type"] in ("cards_dealt", "cards_drawn"):
            assert event["cards"] is None


def test_the_lobby_says_each_tables_game_bots_and_winners(client: TestClient) -> None:
    over = new_table(client, game="aves", players=["ann", "bo"], seed=5,
                     bots={"0": "greedy", "1": "random"})
    open_table = new_table(client, game="soulaween", players=["cy", "di"], bots={"1": "greedy"})
    summary = wait_over(client, over)
    listed = {table["table"]: table for table in client.get("/api/tables").json()["tables"]}
    assert ["greedy", "random"] == listed[over]["bots"]
    assert (True, summary["result"]["winners"]) == (listed[over]["over"],
                                                   listed[over]["winners"])
    assert ([None, "greedy"], [0], False, None) == (
        listed[open_table]["bots"], listed[open_table]["open"], listed[open_table]["over"],
        listed[open_table]["winners"])


@pytest.mark.parametrize("game_id", ["aves", "soulaween", "cubirds"])
def test_every_option_and_every_end_reason_has_words_for_players(
        client: TestClient, game_id: str) -> None:
    games = {game["id"]: game for game in client.get("/api/games").json()["games"]}
    game = games[game_id]
    facts = get_game(game_id).facts
    assert set(facts.reasons) == set(game["reasons"])
    for reason, words in game["reasons"].items():
        assert words != reason
        assert "_" not in words
    # Every option a person can set in the lobby (a flag or a choice) is explained.
    settable = {key for key, value in game["options"].items()
                if type(value) is bool or key in game["option_choices"]}
    assert settable <= set(game["option_help"])
    assert all(len(words) > 20 for words in game["option_help"].values())


def test_a_replay_step_carries_the_spectators_view_and_events(client: TestClient) -> None:
    table = new_table(client, game="cubirds", players=["ann", "bo", "cy"], seed=2,
                      bots={"1": "greedy", "2": "random"})
    # Seat 0 a person (its first legal move, always): Cubirds' log goes to seats only.
    auth = {"Authorization": f"Bearer {token_of(client, table, 0)}"}
    for _ in range(2000):
        view = client.get(f"/api/tables/{table}/seats/0/view", headers=auth).json()["view"]
        if view["result"] is not None:
            break
        if 0 in view["to_move"]:
            client.post(f"/api/tables/{table}/seats/0/moves", json=view["legal_moves"][0],
                        headers=auth)
        else:
            time.sleep(0.005)
    log = client.get(f"/api/tables/{table}/log", headers=auth).text
    steps = client.post("/api/replay", content=log.encode()).json()["steps"]
    game = get_game("cubirds")
    assert [] == steps[0]["events"]
    for step in steps:
        view = step["view"]
        assert view["seat"] is None
        assert view["legal_moves"] == []
        assert "hand" not in view or view["hand"] is None
        for event in step["events"]:
            game.event_from_json(event)  # each an event of the game, as JSON
            if event["type"] in ("cards_dealt", "cards_drawn"):
                assert event["cards"] is None  # a spectator never sees a hand's cards
    # The report, which every hand is in, stays beside them.
    assert steps[-1]["report"]["winners"] == json.loads(log)["result"]["winners"]
    assert any(step["events"] for step in steps[1:])
