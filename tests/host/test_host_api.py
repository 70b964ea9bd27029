"""The web host in process (Starlette's TestClient, a real SQLite file): REST lobby
actions, moves, undo, leave, the log, one WebSocket per seat or spectator with catch-up
on reconnect, both games, hostile requests of every shape (one JSON error, nothing
changed), and the app mounted inside a host's own Starlette application."""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hostserver import TESTING
from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from aves_core import get_game, replay
from aves_core.host.app import MAX_BODY, create_app
from aves_core.host.sqlite import SQLiteStore
from aves_core.host.store import Action, StoreError, TableRecord


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "tables.db", **TESTING)) as test_client:
        yield test_client


def new_table(client: TestClient, **body: Any) -> dict[str, Any]:
    body = {"game": "aves", "players": ["ann", "bo", "cy"], "seed": 3, **body}
    answer = client.post("/api/tables", json=body)
    assert 201 == answer.status_code, answer.text
    data: dict[str, Any] = answer.json()
    return data


def join(client: TestClient, table: str, seat: int) -> dict[str, str]:
    answer = client.post(f"/api/tables/{table}/seats/{seat}/join")
    assert 200 == answer.status_code, answer.text
    return {"Authorization": f"Bearer {answer.json()['token']}"}


def wait_for_turn(client: TestClient, table: str, seat: int, auth: dict[str, str]
                  ) -> dict[str, Any]:
    """The seat's view once it is its move (bots move on the server) or the game is over."""
    for _ in range(200):
        view: dict[str, Any] = client.get(f"/api/tables/{table}/seats/{seat}/view",
                                          headers=auth).json()["view"]
        if view["legal_moves"] or view["result"]:
            return view
        time.sleep(0.02)
    raise AssertionError("the bots never gave the seat its turn")


def error_of(answer: Any) -> tuple[int, str]:
    data = answer.json()
    assert set(data) >= {"error"}
    assert set(data["error"]) == {"code", "message"}
    return answer.status_code, data["error"]["code"]


# --- lobby and play -----------------------------------------------------------------


def test_the_games_and_a_new_tables_seats(client: TestClient) -> None:
    games = client.get("/api/games").json()["games"]
    assert {"aves", "soulaween"} <= {game["id"] for game in games}
    table = new_table(client, bots={"1": "greedy", "2": "random"})
    assert [None, "greedy", "random"] == [seat["bot"] for seat in table["seats"]]
    listed = client.get("/api/tables").json()["tables"]
    assert [table["table"]] == [entry["table"] for entry in listed]
    assert [0] == listed[0]["open"]


def test_a_seat_is_joined_once_and_its_token_is_its_own(client: TestClient) -> None:
    table = new_table(client)["table"]
    auth = join(client, table, 0)
    assert (409, "seat_taken") == error_of(client.post(f"/api/tables/{table}/seats/0/join"))
    assert (200, "view") == (client.get(f"/api/tables/{table}/seats/0/view",
                                        headers=auth).status_code, "view")
    other = join(client, table, 1)
    assert (403, "forbidden") == error_of(client.get(f"/api/tables/{table}/seats/0/view",
                                                     headers=other))
    assert (401, "unauthorized") == error_of(client.get(f"/api/tables/{table}/seats/0/view"))
    assert (403, "forbidden") == error_of(client.get(
        f"/api/tables/{table}/seats/0/view", headers={"Authorization": "Bearer x"}))


def test_a_game_against_bots_is_played_to_its_end_and_its_log_replays(
        client: TestClient) -> None:
    table = new_table(client, bots={"1": "greedy", "2": "random"})["table"]
    auth = join(client, table, 0)
    while True:
        view = wait_for_turn(client, table, 0, auth)
        if view["result"]:
            break
        answer = client.post(f"/api/tables/{table}/seats/0/moves", json=view["legal_moves"][0],
                             headers=auth)
        assert 200 == answer.status_code, answer.text
    log = client.get(f"/api/tables/{table}/log")
    assert 200 == log.status_code
    outcome = replay(log.text)
    assert outcome.valid
    assert view["result"]["winners"] == list(outcome.result.winners)  # type: ignore[union-attr]
    assert "aves-log" == log.json()["format"]  # AVES's logs are v1, as LOG_FORMAT.md says


def test_illegal_moves_get_the_engines_code_and_change_nothing(client: TestClient) -> None:
    table = new_table(client)["table"]
    summary = client.get(f"/api/tables/{table}").json()
    seat = summary["to_move"][0]
    auth = join(client, table, seat)
    before = client.get(f"/api/tables/{table}/seats/{seat}/view", headers=auth).json()
    for move, code in [
        ({"type": "trade", "player": seat, "card": "Z9", "gap": 0}, "unknown_card"),
        ({"type": "trade", "player": seat, "card": "R1", "gap": 99}, None),
        ({"type": "return", "player": seat, "card": "R1", "gap": 0}, None),
        ({"type": "fly", "player": seat}, "schema"),
        ([], "schema"),
    ]:
        answer = client.post(f"/api/tables/{table}/seats/{seat}/moves", json=move, headers=auth)
        status, got = error_of(answer)
        assert 400 == status
        if code:
            assert code == got
    other = (seat + 1) % 3
    answer = client.post(f"/api/tables/{table}/seats/{seat}/moves",
                         json={"type": "pass", "player": other}, headers=auth)
    assert (403, "forbidden") == error_of(answer)
    after = client.get(f"/api/tables/{table}/seats/{seat}/view", headers=auth).json()
    assert before == after


def test_undo_follows_the_games_policy_and_leave_hands_the_seat_to_a_bot(
        client: TestClient) -> None:
    table = new_table(client, game="soulaween", players=["ann", "bo"],
                      options={"mode": "standard", "characters": ["hei_bai", "hei_bai"]},
                      seed=1)["table"]
    seat = client.get(f"/api/tables/{table}").json()["to_move"][0]
    auth = join(client, table, seat)
    view = client.get(f"/api/tables/{table}/seats/{seat}/view", headers=auth).json()
    put = view["view"]["legal_moves"][0]
    moved = client.post(f"/api/tables/{table}/seats/{seat}/moves", json=put, headers=auth)
    assert "rotation_due" == moved.json()["events"][-1]["type"]
    undone = client.post(f"/api/tables/{table}/seats/{seat}/undo", headers=auth)
    assert 200 == undone.status_code
    assert "move_undone" == undone.json()["events"][-1]["type"]
    assert view["view"] == undone.json()["view"]
    assert (409, "undo_not_allowed") == error_of(
        client.post(f"/api/tables/{table}/seats/{seat}/undo", headers=auth))
    assert 200 == client.post(f"/api/tables/{table}/seats/{seat}/leave", headers=auth).status_code
    assert (403, "forbidden") == error_of(  # the old token died with the seat
        client.get(f"/api/tables/{table}/seats/{seat}/view", headers=auth))
    seats = client.get(f"/api/tables/{table}").json()["seats"]
    assert "random" == seats[seat]["bot"]


# --- sockets -----------------------------------------------------------------------------


def test_a_socket_welcomes_its_seat_and_pushes_every_event(client: TestClient) -> None:
    table = new_table(client, players=["ann", "bo"], seed=5, bots={"1": "greedy"})["table"]
    auth = join(client, table, 0)
    token = auth["Authorization"].removeprefix("Bearer ")
    with client.websocket_connect(f"/api/tables/{table}/socket") as socket:
        socket.send_json({"type": "hello", "seat": 0, "token": token})
        welcome = socket.receive_json()
        assert ("welcome", 0) == (welcome["type"], welcome["seat"])
        view = welcome["view"]
        while not view["legal_moves"]:
            message = socket.receive_json()
            view = message["view"]
        socket.send_json({"type": "move", "move": view["legal_moves"][0]})
        pushed = socket.receive_json()
        assert "events" == pushed["type"]
        assert "card_placed" == pushed["events"][0]["type"]
        socket.send_json({"type": "move", "move": {"type": "pass", "player": 1}})
        refused = socket.receive_json()
        while refused["type"] != "error":  # the bot's move may come first
            refused = socket.receive_json()
        assert "forbidden" == refused["error"]["code"]


def test_a_socket_that_reconnects_gets_exactly_what_it_missed(client: TestClient) -> None:
    table = new_table(client, players=["ann", "bo"], seed=5,
                      bots={"0": "greedy", "1": "greedy"})["table"]
    for _ in range(100):
        if client.get(f"/api/tables/{table}").json()["result"]:
            break
        time.sleep(0.02)
    everything = client.get(f"/api/tables/{table}/events?since=0").json()
    with client.websocket_connect(f"/api/tables/{table}/socket") as socket:
        socket.send_json({"type": "hello", "seat": None, "since": 7})
        welcome = socket.receive_json()
        missed = socket.receive_json()
    assert welcome["next"] == everything["next"] == missed["next"]
    assert everything["events"][7:] == missed["events"]


@pytest.mark.parametrize(("hello", "code"), [
    ("not json", "not_json"),
    ({"type": "move"}, "schema"),
    ({"type": "hello", "seat": "zero"}, "schema"),
    ({"type": "hello", "seat": 0, "token": "wrong"}, "forbidden"),
    ({"type": "hello", "seat": 0}, "unauthorized"),
    ({"type": "hello", "seat": 9, "token": "x"}, "no_such_seat"),
    ({"type": "hello", "seat": None, "extra": 1}, "schema"),
])
def test_a_bad_hello_is_answered_and_the_socket_closed(client: TestClient, hello: Any,
                                                       code: str) -> None:
    table = new_table(client)["table"]
    with client.websocket_connect(f"/api/tables/{table}/socket") as socket:
        socket.send_text(hello if isinstance(hello, str) else json.dumps(hello))
        answer = socket.receive_json()
        assert ("error", code) == (answer["type"], answer["error"]["code"])


@pytest.mark.parametrize(("message", "code"), [
    ("{", "not_json"),
    ("[1, 2]", "schema"),
    ('{"type": "dance"}', "schema"),
    ('{"type": "move", "move": {"type": "pass", "player": 0}, "x": 1}', "schema"),
    ('{"type": "move", "move": "0:pass"}', "schema"),
    ('{"type": "undo"}', "undo_not_allowed"),
    ("x" * (17 * 1024), "too_large"),
])
def test_a_bad_message_on_a_seats_socket_is_answered_and_changes_nothing(
        client: TestClient, message: str, code: str) -> None:
    table = new_table(client)["table"]
    seat = client.get(f"/api/tables/{table}").json()["to_move"][0]
    token = join(client, table, seat)["Authorization"].removeprefix("Bearer ")
    with client.websocket_connect(f"/api/tables/{table}/socket") as socket:
        socket.send_json({"type": "hello", "seat": seat, "token": token})
        before = socket.receive_json()
        socket.send_text(message)
        answer = socket.receive_json()
        assert ("error", code) == (answer["type"], answer["error"]["code"])
        socket.send_json({"type": "ping"})  # still open
    assert before["next"] == client.get(f"/api/tables/{table}").json()["events"]


def test_a_spectator_sees_no_hand_and_cannot_move(client: TestClient) -> None:
    table = new_table(client)["table"]
    view = client.get(f"/api/tables/{table}/view").json()["view"]
    assert [None, None, None] == view["hands"]
    with client.websocket_connect(f"/api/tables/{table}/socket") as socket:
        socket.send_json({"type": "hello", "seat": None})
        socket.receive_json()
        socket.send_json({"type": "move", "move": {"type": "pass", "player": 0}})
        assert "forbidden" == socket.receive_json()["error"]["code"]


def test_a_spectator_may_ping_and_is_answered_by_silence(client: TestClient) -> None:
    table = new_table(client)["table"]
    with client.websocket_connect(f"/api/tables/{table}/socket") as socket:
        socket.send_json({"type": "hello", "seat": None})
        socket.receive_json()
        socket.send_json({"type": "ping"})
        socket.send_json({"type": "move", "move": {"type": "pass", "player": 0}})
        # The first answer is the move's refusal: the ping was no error.
        assert "forbidden" == socket.receive_json()["error"]["code"]


def test_a_left_seats_socket_is_closed_before_the_bot_moves(client: TestClient) -> None:
    table = new_table(client)["table"]
    auth = join(client, table, 0)
    with client.websocket_connect(f"/api/tables/{table}/socket") as socket:
        socket.send_json({"type": "hello", "seat": 0, "token": auth["Authorization"][7:]})
        assert "welcome" == socket.receive_json()["type"]
        assert 200 == client.post(f"/api/tables/{table}/seats/0/leave", headers=auth).status_code
        assert "seat_left" == socket.receive_json()["error"]["code"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert 4403 == closed.value.code


def test_the_bearer_scheme_is_read_in_any_case(client: TestClient) -> None:
    table = new_table(client)["table"]
    token = join(client, table, 0)["Authorization"][7:]
    for scheme in ("bearer", "BEARER", "Bearer"):
        answer = client.get(f"/api/tables/{table}/seats/0/view",
                            headers={"Authorization": f"{scheme} {token}"})
        assert 200 == answer.status_code, scheme
    assert (401, "unauthorized") == error_of(client.get(
        f"/api/tables/{table}/seats/0/view", headers={"Authorization": f"Basic {token}"}))


@pytest.mark.parametrize("bot", ["search:5001", "search:2001ms", "search:99999999"])
def test_a_hosted_search_bot_may_not_think_without_end(client: TestClient, bot: str) -> None:
    answer = client.post("/api/tables", json={"game": "aves", "players": ["a", "b"],
                                              "bots": {"1": bot}})
    assert (400, "schema") == error_of(answer)
    assert "at most" in answer.json()["error"]["message"]
    assert 201 == client.post("/api/tables", json={
        "game": "aves", "players": ["a", "b"], "bots": {"1": "search:5000"}}).status_code


def test_aves_serve_never_prints_a_database_password() -> None:
    from aves_core.cli.serve import _shown

    assert "postgresql://aves:***@db:5432/aves" == _shown("postgresql://aves:s3cret@db:5432/aves")
    assert "tables.db" == _shown("tables.db")


# --- hostile requests -----------------------------------------------------------------------


@pytest.mark.parametrize(("method", "path", "body", "status", "code"), [
    ("post", "/api/tables", b"{not json", 400, "not_json"),
    ("post", "/api/tables", b"[]", 400, "schema"),
    ("post", "/api/tables", json.dumps({"players": "ann"}).encode(), 400, "schema"),
    ("post", "/api/tables", json.dumps({"players": ["a"] * 7}).encode(), 400, "bad_players"),
    ("post", "/api/tables", json.dumps({"game": "chess", "players": ["a", "b"]}).encode(),
     400, "unknown_game"),
    ("post", "/api/tables", json.dumps({"players": ["a", "b"], "seed": 1.5}).encode(), 400,
     "schema"),
    ("post", "/api/tables", json.dumps({"players": ["a", "b"], "bots": {"5": "greedy"}})
     .encode(), 400, "schema"),
    ("post", "/api/tables", json.dumps({"players": ["a", "b"], "bots": {"1": "genius"}})
     .encode(), 400, "schema"),
    ("post", "/api/tables", json.dumps({"players": ["a", "b"], "options": {"crows": 1}})
     .encode(), 400, "schema"),
    ("post", "/api/tables", json.dumps({"players": ["a", "b"], "x": 1}).encode(), 400,
     "schema"),
    ("post", "/api/tables", b"{" + b" " * MAX_BODY + b"}", 413, "too_large"),
    ("get", "/api/tables/nope", None, 404, "no_such_table"),
    ("get", "/api/tables/nope/view", None, 404, "no_such_table"),
    ("post", "/api/tables/nope/seats/0/join", None, 404, "no_such_table"),
    ("get", "/api/tables/nope/log", None, 404, "no_such_table"),
    ("get", "/api/nothing", None, 404, "not_found"),
    ("delete", "/api/tables", None, 405, "method_not_allowed"),
])
def test_a_hostile_request_gets_one_json_error(client: TestClient, method: str, path: str,
                                               body: bytes | None, status: int,
                                               code: str) -> None:
    answer = client.request(method.upper(), path, content=body,
                            headers={"Content-Type": "application/json"})
    assert (status, code) == error_of(answer)


def test_bad_seat_and_since_values_are_refused(client: TestClient) -> None:
    table = new_table(client)["table"]
    assert (404, "no_such_seat") == error_of(client.post(f"/api/tables/{table}/seats/7/join"))
    assert (404, "no_such_seat") == error_of(client.post(f"/api/tables/{table}/seats/x/join"))
    for since in ("-1", "abc", "99999"):
        assert (400, "bad_argument") == error_of(
            client.get(f"/api/tables/{table}/events?since={since}"))


def test_the_openapi_description_names_every_route(client: TestClient) -> None:
    description = client.get("/api/openapi.json").json()
    assert "3.1.0" == description["openapi"]
    assert {"/api/tables", "/api/tables/{table}/seats/{seat}/moves"} <= set(description["paths"])


# --- mounted in a host's application ------------------------------------------------


def test_a_host_mounts_the_app_inside_its_own(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "mounted.db")

    async def home(request: Any) -> Any:
        from starlette.responses import PlainTextResponse

        return PlainTextResponse("the host's own page")

    from starlette.routing import Route

    inner = create_app(store, **TESTING)

    def lifespan(app: Starlette) -> Any:  # the mounted app's own start and stop
        return inner.router.lifespan_context(inner)

    outer = Starlette(routes=[Route("/", home), Mount("/games", app=inner)], lifespan=lifespan)
    with TestClient(outer) as client:
        assert "the host's own page" == client.get("/").text
        created = client.post("/games/api/tables", json={"players": ["a", "b"], "seed": 1})
        assert 201 == created.status_code
        table = created.json()["table"]
        assert 200 == client.get(f"/games/api/tables/{table}/view").status_code
        assert "aves-core" in client.get("/games/").text
        with client.websocket_connect(f"/games/api/tables/{table}/socket") as socket:
            socket.send_json({"type": "hello", "seat": None})
            assert "welcome" == socket.receive_json()["type"]
    assert store.table(table) is not None
    store.close()
    assert get_game("aves").id == created.json()["game"]


# --- the replay viewer's endpoint ----------------------------------------------------

GOLDEN = Path(__file__).resolve().parents[1] / "games" / "aves" / "golden"


def test_a_posted_log_is_replayed_step_by_step(client: TestClient) -> None:
    text = (GOLDEN / "deck_empty_more_fruit_wins.json").read_bytes()
    answer = client.post("/api/replay", content=text)
    assert 200 == answer.status_code, answer.text
    data = answer.json()
    outcome = replay(text)
    assert outcome.valid
    assert data["valid"]
    assert len(data["steps"]) == outcome.moves + 1
    assert data["steps"][0]["move"] is None


def test_a_posted_log_that_goes_wrong_names_its_move(client: TestClient) -> None:
    text = (GOLDEN / "not_your_turn.json").read_bytes()
    data = client.post("/api/replay", content=text).json()
    expected = replay(text)
    assert not data["valid"]
    assert expected.problem is not None
    assert expected.problem.move_index is not None
    assert (expected.problem.code, expected.problem.move_index) == (
        data["problem"]["code"], data["problem"]["move_index"])
    assert len(data["steps"]) == expected.problem.move_index + 1


@pytest.mark.parametrize("body", [b"/etc/passwd", b"tests/games/aves/golden/not_your_turn.json",
                                  b"", b"\xff\xfe"])
def test_a_posted_path_is_never_read_as_a_file(client: TestClient, body: bytes) -> None:
    answer = client.post("/api/replay", content=body)
    status, code = error_of(answer)
    assert 400 == status
    assert code in {"not_json", "empty_body", "bad_header", "not_utf8"}
    assert "root:" not in answer.text


def test_a_posted_log_has_a_size_limit(client: TestClient) -> None:
    answer = client.post("/api/replay", content=b" " * (1 << 20 + 1))
    assert (413, "too_large") == error_of(answer)


# --- the operator's export ------------------------------------------------------------


def test_any_table_exports_as_a_log_that_replays_and_aves_export_writes_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from aves_core.cli.app import main
    from aves_core.host.service import export_log

    db = tmp_path / "tables.db"
    with TestClient(create_app(db, **TESTING)) as client:
        table = new_table(client, players=["ann", "bo"], bots={"1": "greedy"})["table"]
        auth = join(client, table, 0)
        for _ in range(3):
            view = wait_for_turn(client, table, 0, auth)
            client.post(f"/api/tables/{table}/seats/0/moves", json=view["legal_moves"][0],
                        headers=auth)
        events = client.get(f"/api/tables/{table}/events?since=0").json()["next"]
    store = SQLiteStore(db)
    text = export_log(store, table)
    outcome = replay(text)
    assert outcome.valid
    assert outcome.result is None  # unfinished, and exported all the same
    assert outcome.moves == len(store.actions(table))
    assert events > 0
    assert text == export_log(store, table)
    store.close()
    assert 0 == main(["export", "--db", str(db)])
    assert table in capsys.readouterr().out
    out = tmp_path / "game.jsonl"
    assert 0 == main(["export", "--db", str(db), table, "--format", "jsonl", "-o", str(out)])
    assert replay(out.read_bytes()).valid
    assert 2 == main(["export", "--db", str(db), "nope"])
    assert "no table 'nope'" in capsys.readouterr().err
    assert 2 == main(["export", "--db", str(tmp_path / "typo.db"), table])
    assert not (tmp_path / "typo.db").exists()


class FailingStore:
    """A host's own store (the ``Store`` protocol, with no ``run``: the host calls it in
    threads) over a real SQLite file, whose database goes away once ``failing`` is set:
    its reads then fail as a store's do, with words a client must not see."""

    def __init__(self, path: Path) -> None:
        self.inner = SQLiteStore(path)
        self.failing = False

    def _reached(self) -> SQLiteStore:
        if self.failing:
            raise StoreError("cannot reach the database at db.internal:5432 as aves_admin")
        return self.inner

    def create_table(self, record: TableRecord) -> None:
        self._reached().create_table(record)

    def table(self, table_id: str) -> TableRecord | None:
        return self._reached().table(table_id)

    def tables(self, limit: int = 100) -> list[TableRecord]:
        return self._reached().tables(limit)

    def actions(self, table_id: str, since: int = 0) -> list[Action]:
        return self._reached().actions(table_id, since)

    def append(self, table_id: str, action: Action, result: dict[str, Any] | None,
               deadline: float | None = None) -> None:
        self._reached().append(table_id, action, result, deadline)

    def due(self, before: float, limit: int) -> list[str]:
        return self._reached().due(before, limit)

    def claim_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        return self._reached().claim_seat(table_id, seat, token_hash)

    def set_bot(self, table_id: str, seat: int, bot: str) -> None:
        self._reached().set_bot(table_id, seat, bot)

    def admit(self, client: str, now: float, burst: int, per_minute: float) -> float:
        return self._reached().admit(client, now, burst, per_minute)

    def close(self) -> None:
        self.inner.close()


def test_a_failing_store_is_a_503_that_names_nothing_of_it(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    # Not the request's fault, so no 400; the client learns that the store failed and
    # when to try again, never the database's address or user, which the operator's
    # log keeps.
    with TestClient(create_app(tmp_path / "tables.db", **TESTING)) as client:
        table = new_table(client)["table"]
    store = FailingStore(tmp_path / "tables.db")  # a new worker: no table in memory
    store.failing = True
    with TestClient(create_app(store, **TESTING)) as client:
        with caplog.at_level(logging.WARNING, logger="aves_core.host"):
            for path in ("/api/tables", f"/api/tables/{table}"):
                answer = client.get(path)
                assert answer.status_code == 503, path
                assert answer.json()["error"]["code"] == "store_error"
                assert "db.internal" not in answer.text
                assert "aves_admin" not in answer.text
                assert answer.headers["Retry-After"] == "5"
        assert "db.internal:5432" in caplog.text
        store.failing = False
        assert client.get(f"/api/tables/{table}").status_code == 200


def test_a_database_broken_under_the_host_is_a_503_not_a_500(tmp_path: Path) -> None:
    # SQLite's own errors, not only the store's, are the database failing: an operator
    # dropped a table under a running host. Before, each request was a 500.
    with TestClient(create_app(tmp_path / "tables.db", **TESTING)) as client:
        table = new_table(client)["table"]
    with sqlite3.connect(tmp_path / "tables.db") as db:
        db.execute("DROP TABLE actions")
    with TestClient(create_app(tmp_path / "tables.db", **TESTING)) as client:
        for path in (f"/api/tables/{table}", f"/api/tables/{table}/view"):
            answer = client.get(path)
            assert answer.status_code == 503, (path, answer.text)
            assert answer.json()["error"]["code"] == "store_error"
            assert "actions" not in answer.text  # the database's words stay in the log


def test_a_postgresql_restart_under_the_host_fails_no_request(postgres_url: str) -> None:
    # The server drops every connection, as a restart or a fail-over does: each pooled
    # connection is found closed as it is taken and replaced, so no request fails
    # (before, every request was a 500 until the host restarted), and play goes on.
    import psycopg

    with TestClient(create_app(postgres_url, **TESTING)) as client:
        created = new_table(client)
        table, seat = created["table"], created["to_move"][0]
        headers = join(client, table, seat)
        with psycopg.connect(postgres_url, autocommit=True) as db:
            db.execute("SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
                       "WHERE datname = current_database() AND pid <> pg_backend_pid()")
        statuses = [client.get("/api/tables").status_code for _ in range(8)]
        assert statuses == [200] * 8, statuses
        view = client.get(f"/api/tables/{table}/seats/{seat}/view", headers=headers).json()
        move = view["view"]["legal_moves"][0]
        answer = client.post(f"/api/tables/{table}/seats/{seat}/moves", json=move,
                             headers=headers)
        assert answer.status_code == 200, answer.text
