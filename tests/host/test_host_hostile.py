"""The host against requests an attacker would send (issue 15's findings 5, 11, 13 and
14), in process on a real SQLite file and a real PostgreSQL database: each is answered
with the one JSON error shape (a 4xx, never a 500) or a clean close code, and changes
nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from aves_core import get_game
from aves_core.bots import make_bot
from aves_core.host.app import create_app
from aves_core.host.service import MAX_UNDOS
from aves_core.kernel.errors import ArgumentError

GOLDEN = Path(__file__).resolve().parents[1] / "games" / "aves" / "golden"


@pytest.fixture(params=["sqlite", "postgresql"])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    """The app on a SQLite file, or on a new database of the tests' own PostgreSQL
    server (which refuses a NUL in text: the host must refuse it first)."""
    database: str = (str(tmp_path / "tables.db") if request.param == "sqlite"
                     else request.getfixturevalue("postgres_url"))
    with TestClient(create_app(database), raise_server_exceptions=False) as test:
        yield test


def error_of(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["error"]["code"]


def tables(client: TestClient) -> int:
    return len(client.get("/api/tables").json()["tables"])


@pytest.mark.parametrize("path", ["/api/tables", "/api/tables/x/seats/0/moves"])
def test_deeply_nested_json_is_a_400_not_a_500(client: TestClient, path: str) -> None:
    answer = client.post(path, content=b"[" * 1000,
                         headers={"Content-Type": "application/json"})
    assert (400, "not_json") == error_of(answer)


def test_a_deeply_nested_socket_message_is_answered_and_the_socket_stays(
        client: TestClient) -> None:
    table = client.post("/api/tables", json={"players": ["ann", "bo"]}).json()["table"]
    with client.websocket_connect(f"/api/tables/{table}/socket") as socket:
        socket.send_text("[" * 1000)
        assert "not_json" == socket.receive_json()["error"]["code"]


@pytest.mark.parametrize("name", ["\ud800", "a\x00b", "tab\there"])
def test_a_name_no_store_keeps_is_refused(client: TestClient, name: str) -> None:
    body = json.dumps({"players": [name, "bo"]}).encode()  # the surrogate as \\ud800
    answer = client.post("/api/tables", content=body,
                         headers={"Content-Type": "application/json"})
    assert (400, "schema") == error_of(answer)
    assert 0 == tables(client)


@pytest.mark.parametrize("key", ["\u00b2", "9" * 5000, "00", "01", " 1", "-0", "1.0"])
def test_a_bot_seat_key_has_one_spelling(client: TestClient, key: str) -> None:
    answer = client.post("/api/tables", json={"players": ["ann", "bo"], "bots": {key: "random"}})
    assert (400, "schema") == error_of(answer)
    assert 0 == tables(client)


def test_a_table_id_with_a_nul_is_no_such_table(client: TestClient) -> None:
    assert (404, "no_such_table") == error_of(client.get("/api/tables/ab%00cd"))


@pytest.mark.parametrize("spec", ["search: 10", "search:\u0664\u0669", "search:4_999",
                                  "search:+5", "search:0", "search:10 ", "search:1.5ms",
                                  "search:\u0665ms", "search:", "random:"])
def test_a_search_budget_is_ascii_digits_only(spec: str) -> None:
    with pytest.raises(ArgumentError):
        make_bot(spec, get_game("aves"))


def test_a_search_budget_that_is_well_written_still_works() -> None:
    for spec in ("search", "search:800", "search:40ms"):
        assert make_bot(spec, get_game("aves")) is not None


def test_a_text_plain_body_is_not_read_as_json(client: TestClient) -> None:
    answer = client.post("/api/tables", content=json.dumps({"players": ["ann", "bo"]}),
                         headers={"Content-Type": "text/plain"})
    assert (415, "unsupported_media_type") == error_of(answer)
    assert 0 == tables(client)


def test_another_sites_page_cannot_create_tables_or_take_seats(client: TestClient) -> None:
    hostile = {"Origin": "https://evil.example"}
    answer = client.post("/api/tables", json={"players": ["ann", "bo"]}, headers=hostile)
    assert (403, "cross_origin") == error_of(answer)
    assert 0 == tables(client)
    table = client.post("/api/tables", json={"players": ["ann", "bo"]}).json()["table"]
    assert (403, "cross_origin") == error_of(
        client.post(f"/api/tables/{table}/seats/0/join", headers=hostile))
    # The host's own page, and reading, still work.
    own = {"Origin": "http://testserver"}
    assert 200 == client.post(f"/api/tables/{table}/seats/0/join", headers=own).status_code
    assert 200 == client.get("/api/tables", headers=hostile).status_code


def test_a_posted_log_with_a_forged_result_is_not_valid(client: TestClient) -> None:
    log = json.loads((GOLDEN / "deck_empty_more_fruit_wins.json").read_text())
    truth = log["result"]["winners"]
    others = [seat for seat in range(len(log["players"])) if seat not in truth]
    log["result"]["winners"] = others[:1]
    answer = client.post("/api/replay", content=json.dumps(log).encode())
    assert 200 == answer.status_code
    data = answer.json()
    assert data["valid"] is False
    assert "result_mismatch" == data["problem"]["code"]


def test_a_socket_hello_on_a_table_id_with_a_nul_closes_cleanly(client: TestClient) -> None:
    with client.websocket_connect("/api/tables/a%00b/socket") as socket:
        socket.send_json({"type": "hello", "seat": None})
        assert "no_such_table" == socket.receive_json()["error"]["code"]
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()


def test_a_seat_may_undo_only_so_many_times_a_game(client: TestClient) -> None:
    table = client.post("/api/tables", json={
        "game": "soulaween", "players": ["ann", "bo"],
        "options": {"mode": "standard", "characters": ["hei_bai", "hei_bai"]}}).json()["table"]
    seat = client.get(f"/api/tables/{table}").json()["to_move"][0]
    token = client.post(f"/api/tables/{table}/seats/{seat}/join").json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    base = f"/api/tables/{table}/seats/{seat}"
    put = client.get(f"{base}/view", headers=auth).json()["view"]["legal_moves"][0]
    for _ in range(MAX_UNDOS):
        assert 200 == client.post(f"{base}/moves", json=put, headers=auth).status_code
        assert 200 == client.post(f"{base}/undo", headers=auth).status_code
    assert 200 == client.post(f"{base}/moves", json=put, headers=auth).status_code
    events = client.get(f"/api/tables/{table}/events?since=0").json()["next"]
    assert (409, "undo_limit") == error_of(client.post(f"{base}/undo", headers=auth))
    assert events == client.get(f"/api/tables/{table}/events?since=0").json()["next"]
