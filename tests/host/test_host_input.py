"""Input the host must refuse cleanly (issue 26's findings 3, 6, 10 and 11), through the
real server (``aves serve``, one worker, SQLite): a lone surrogate in a move or a name,
JSON nested too deeply for a log, a bot with an empty budget, and the replay viewer's
limits. Each is answered in the one error shape (never a 500), and a socket stays."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hostserver import ServeProcess
from websockets.sync.client import connect

from aves_core import get_game
from aves_core.kernel.errors import LogError
from aves_core.kernel.log import dump_log, read_log
from aves_core.kernel.table import Table

SURROGATE = "\ud800"
"""A lone surrogate: JSON can carry it (``"\\ud800"``), UTF-8 cannot."""

# Each game's moves with a text field, the field holding a lone surrogate (issue 26:
# Cubirds' species and side, Tsukuru's tile and tiles, Boxes' slot and kind, Draft
# Cider's card and lot; AVES and Soulaween quoted it already).
SURROGATE_MOVES: list[tuple[str, dict[str, Any]]] = [
    ("cubirds", {"type": "lay", "species": SURROGATE, "row": 0, "side": "left"}),
    ("cubirds", {"type": "lay", "species": "owl", "row": 0, "side": SURROGATE}),
    ("tsukuru", {"type": "discard", "tile": SURROGATE}),
    ("tsukuru", {"type": "get", "source": 1, "tiles": [SURROGATE]}),
    ("boxes", {"type": "auction", "kind": SURROGATE}),
    ("boxes", {"type": "examine", "slot": SURROGATE}),
    ("draft-cider", {"type": "pick", "card": SURROGATE, "lot": SURROGATE}),
    ("draft-cider", {"type": "pick", "card": "G24", "lot": SURROGATE}),
    ("aves", {"type": "trade", "card": SURROGATE, "gap": 0}),
    ("soulaween", {"type": "put", "cell": SURROGATE, "face": "black"}),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    folder = tmp_path_factory.mktemp("input")
    with ServeProcess(folder / "tables.db", folder) as running:
        yield running


@pytest.fixture(scope="module")
def http(server: ServeProcess) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client


def _json_body(data: Any) -> bytes:
    """``data`` as JSON bytes, a lone surrogate written ``\\ud800`` (ensure_ascii)."""
    return json.dumps(data).encode()


def _post(http: httpx.Client, path: str, data: Any, token: str | None = None
          ) -> httpx.Response:
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    return http.post(path, content=_json_body(data), headers=headers)


def _table(http: httpx.Client, game: str) -> tuple[str, list[str]]:
    """A new table of ``game`` (three players, Soulaween two) and every seat's token."""
    players = ["ann", "bo", "cy"][:2 if game == "soulaween" else 3]
    answer = _post(http, "/api/tables", {"game": game, "players": players})
    assert answer.status_code == 201, answer.text
    table = answer.json()["table"]
    return table, [http.post(f"/api/tables/{table}/seats/{seat}/join").json()["token"]
                   for seat in range(len(players))]


def _refused(answer: httpx.Response) -> str:
    """The code of a 4xx refusal in the one error shape (its text valid UTF-8)."""
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text)
    body = json.loads(answer.content.decode("utf-8"))
    assert set(body["error"]) == {"code", "message"}
    return str(body["error"]["code"])


def _field(game: str, move: dict[str, Any]) -> str:
    return f"{game}-{move['type']}-" + next(key for key, value in move.items()
                                           if SURROGATE in json.dumps(value, ensure_ascii=False))


surrogates = pytest.mark.parametrize(("game", "move"), SURROGATE_MOVES,
                                     ids=[_field(*case) for case in SURROGATE_MOVES])


@surrogates
def test_a_lone_surrogate_in_a_move_is_a_400_over_rest(
        http: httpx.Client, game: str, move: dict[str, Any]) -> None:
    table, tokens = _table(http, game)
    for seat, token in enumerate(tokens):  # the seat to move and the others
        _refused(_post(http, f"/api/tables/{table}/seats/{seat}/moves",
                       {**move, "player": seat}, token))


@surrogates
def test_a_lone_surrogate_in_a_move_is_an_error_message_and_the_socket_stays(
        server: ServeProcess, http: httpx.Client, game: str, move: dict[str, Any]) -> None:
    table, tokens = _table(http, game)
    with connect(f"ws://127.0.0.1:{server.port}/api/tables/{table}/socket",
                 open_timeout=10) as socket:
        socket.send(json.dumps({"type": "hello", "seat": 0, "token": tokens[0]}))
        assert json.loads(socket.recv(10))["type"] == "welcome"
        for _ in range(2):  # refused, and the socket stays to refuse it again
            socket.send(json.dumps({"type": "move", "move": {**move, "player": 0}}))
            answer = json.loads(socket.recv(10))
            assert answer["type"] == "error", answer
        socket.send(json.dumps({"type": "move", "move": {"type": "no such move"}}))
        assert json.loads(socket.recv(10))["type"] == "error"


def test_a_bot_with_an_empty_search_budget_is_refused(http: httpx.Client) -> None:
    answer = _post(http, "/api/tables", {"game": "aves", "players": ["ann", "bo"],
                                         "bots": {"1": "search:"}})
    assert _refused(answer) == "schema"
    assert "search:" in answer.json()["error"]["message"]


def _draft_cider_log(**changes: Any) -> dict[str, Any]:
    """A Draft Cider log at its start (its header and no move), with ``changes``."""
    table = Table(get_game("draft-cider"), ["ann", "bo", "cy"], seed=1)
    return {**json.loads(dump_log(table.log, "json")), **changes}


DEPTH = 100_000
"""Deeper than the parser of any Python the package claims follows: about 1,000 levels
on 3.11, 1,500 on 3.12 and 10,000 on 3.13 (2,500 was deep enough for the first two
only: 3.13 read it whole, and the verdict was then the shape's, or not_json for the
unfinished brackets, as docs/logs.md decides for JSON that the parser does follow)."""
DEEP = "[" * DEPTH + "]" * DEPTH
"""JSON nested deeper than Python's parser follows."""


def _deep_logs() -> dict[str, bytes]:
    """Bodies whose JSON nests too deeply: alone, and inside a one-line log's fields."""
    logs = {"brackets": b"[" * DEPTH}
    for key in ("setup", "moves", "result", "players"):
        logs[key] = json.dumps(_draft_cider_log(**{key: "DEEP"})).replace(
            '"DEEP"', DEEP).encode()
    return logs


DEEP_LOGS = _deep_logs()


def _replay(http: httpx.Client, body: bytes) -> httpx.Response:
    return http.post("/api/replay", content=body)


@pytest.mark.parametrize("where", sorted(DEEP_LOGS))
def test_a_log_nested_too_deeply_is_a_400_schema_from_the_replay_viewer(
        http: httpx.Client, where: str) -> None:
    assert _refused(_replay(http, DEEP_LOGS[where])) == "schema"


@pytest.mark.parametrize("where", sorted(DEEP_LOGS))
def test_aves_replay_of_a_log_nested_too_deeply_exits_2_whatever_its_name(
        tmp_path: Path, where: str) -> None:
    for name in ("game.log", "game", "game.json"):  # the format sniffed, or named
        path = tmp_path / name
        path.write_bytes(DEEP_LOGS[where])
        with pytest.raises(LogError) as raised:
            read_log(path)
        assert raised.value.code == "schema"
        run = subprocess.run([sys.executable, "-m", "aves_core", "replay", str(path)],
                             capture_output=True, text=True, timeout=60)
        assert 2 == run.returncode, run.stderr
        assert "schema: the log is nested too deeply" in run.stdout
        assert "Traceback" not in run.stderr


def test_a_lone_surrogate_in_a_replayed_name_or_move_is_answered(http: httpx.Client) -> None:
    answer = _replay(http, json.dumps(_draft_cider_log(players=[SURROGATE, "bo", "cy"])).encode())
    assert answer.status_code == 200, answer.text
    assert [SURROGATE, "bo", "cy"] == json.loads(answer.content.decode("utf-8"))["players"]
    for move in ({"type": "pick", "player": 1, "card": SURROGATE, "lot": "mono"},
                 {"type": "pick", "player": 1, "card": "G24", "lot": SURROGATE}):
        answer = _replay(http, json.dumps(_draft_cider_log(moves=[move])).encode())
        assert answer.status_code == 200, answer.text
        shown = json.loads(answer.content.decode("utf-8"))
        assert (False, "bad_notation") == (shown["valid"], shown["problem"]["code"])
        assert "'\\ud800'" in shown["problem"]["message"]  # quoted, as the client sent it


@pytest.fixture(scope="module")
def long_log() -> bytes:
    """A Tsukuru log of 2,000 random moves (advanced scoring: it goes on): about
    90 KB, whose replay answers about 3 MB."""
    import random

    from aves_core.games.tsukuru.state import TsukuruOptions

    game = get_game("tsukuru")
    table = Table(game, ["ann", "bo", "cy", "di"], TsukuruOptions(scoring="advanced"), seed=3)
    choose = random.Random(3).choice
    while table.result is None and len(table.log.moves) < 2000:
        seat = game.to_move(table.state)[0]
        table.play(choose([move for move in game.legal_moves(table.state)
                           if game.mover(move) == seat]))
    return dump_log(table.log, "json").encode()


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    """A server whose clients may replay 3 logs a minute."""
    folder = tmp_path_factory.mktemp("replays")
    with ServeProcess(folder / "tables.db", folder, replays_per_minute=3) as running:
        yield running


def test_a_client_may_replay_so_many_logs_a_minute(limited: ServeProcess) -> None:
    log = json.dumps(_draft_cider_log()).encode()
    with httpx.Client(base_url=limited.url, timeout=30) as client:
        for _ in range(3):
            assert client.post("/api/replay", content=log).status_code == 200
        for body in (log, b"[" * 5000, b""):  # counted before the body is read
            answer = client.post("/api/replay", content=body)
            assert _refused(answer) == "too_many_replays"
            assert 1 <= int(answer.headers["retry-after"]) <= 20
        assert client.get("/api/games").status_code == 200  # nothing else is limited


def test_replays_at_once_wait_their_turn_and_others_are_answered_meanwhile(
        server: ServeProcess, long_log: bytes) -> None:
    import threading
    import time

    statuses: list[tuple[int, str | None, str | None]] = []
    waits: list[float] = []
    done = threading.Event()

    def replay() -> None:
        with httpx.Client(base_url=server.url, timeout=120) as client:
            answer = client.post("/api/replay", content=long_log)
            statuses.append((answer.status_code, answer.headers.get("retry-after"),
                             None if answer.status_code == 200
                             else answer.json()["error"]["code"]))

    def other_client() -> None:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            while not done.is_set():
                start = time.perf_counter()
                assert client.get("/api/games").status_code == 200
                waits.append(time.perf_counter() - start)
                time.sleep(0.01)

    with httpx.Client(base_url=server.url, timeout=30) as client:  # the host warmed up
        assert client.get("/api/games").status_code == 200
        assert client.post("/api/replay", content=long_log).status_code == 200
    watcher = threading.Thread(target=other_client)
    watcher.start()
    replays = [threading.Thread(target=replay) for _ in range(12)]
    for thread in replays:
        thread.start()
    for thread in replays:
        thread.join()
    done.set()
    watcher.join()
    # One replay runs and four wait: the others are told to come back.
    answered = statuses.count((200, None, None))
    assert 5 <= answered < 12, statuses
    assert statuses.count((503, "1", "busy")) == 12 - answered, statuses
    # Issue 26: eight at once made another client wait up to 1.55 s. The bound is
    # loose for a busy 2-core machine; on an idle one the longest wait is about 0.15 s.
    assert max(waits) < 0.75, sorted(waits)[-5:]
