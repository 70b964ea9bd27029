"""The example HTTP server, end to end: four urllib clients play whole games through it.

Each client knows only what the server sends it. At the end the true game is rebuilt
from ``GET /tables/{t}/log`` and every answer a seat received is checked against it:
each view it was sent is ``view_for`` of some true state for that seat, and its event
stream is exactly ``events_for`` of the true events (so nothing hidden ever reached it).
"""

from __future__ import annotations

import concurrent.futures
import http.client
import json
import random
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest
from strategies import choose

from aves_core import GameState, Move, Phase, Trade, Variant, load_log, replay, states
from aves_core.games.aves.events import Event, TradeUndone, apply_move_with_events, events_for
from aves_core.games.aves.serialize import (
    event_from_json,
    event_to_json,
    structure,
    unstructure_move,
)
from aves_core.games.aves.table import AvesTable as Table
from aves_core.games.aves.views import PlayerView, update_view, view_for, view_to_json
from aves_core.host.server import make_server

NAMES = ["ann", "bo", "cy", "di"]
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@attrs.frozen
class Server:
    base: str
    data_dir: Path


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    httpd = make_server("127.0.0.1", 0, data_dir=tmp_path)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.01},
                              daemon=True)
    thread.start()
    host, port = httpd.server_address[:2]
    try:
        yield Server(f"http://{host!s}:{port}", tmp_path)
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


def request(server: Server, method: str, path: str, body: Any = None, *,
            token: str | None = None, raw: bytes | None = None) -> tuple[int, Any]:
    """One HTTP request; the status and the decoded JSON answer. A connection the server
    closes without answering gives status 0 (so that a test fails, not errors)."""
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server.base + path, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    if token is not None:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with _OPENER.open(req, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())
    except (http.client.RemoteDisconnected, ConnectionResetError) as error:
        return 0, {"error": {"code": "no_answer", "message": repr(error)}}


def error_code(answer: tuple[int, Any]) -> tuple[int, str | None]:
    status, body = answer
    error = body.get("error") if isinstance(body, dict) else None
    return status, None if error is None else error["code"]


def create_table(server: Server, variant: Variant, seed: int) -> str:
    status, body = request(server, "POST", "/tables", {
        "players": NAMES, "variant": {"crows": variant.crows, "showdown": variant.showdown},
        "seed": seed})
    assert (201, len(NAMES)) == (status, body["seats"])
    table_id: str = body["table"]
    return table_id


class Client:
    """One seat's client: it joins, polls, folds its events and moves on its turn."""

    def __init__(self, server: Server, table: str, seat: int, seed: int) -> None:
        self.server, self.table, self.seat = server, table, seat
        self.rng = random.Random(seed)
        status, body = request(server, "POST", f"/tables/{table}/seats/{seat}/join")
        assert (200, seat, NAMES[seat]) == (status, body["seat"], body["name"])
        self.token: str = body["token"]
        self.answers: list[Any] = []  # every answer body this seat was sent
        self.views: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.next = 0
        self.folded: PlayerView | None = None
        self.checked_folds = 0
        self.view()

    def url(self, action: str) -> str:
        return f"/tables/{self.table}/seats/{self.seat}/{action}"

    def call(self, method: str, action: str, body: Any = None) -> tuple[int, Any]:
        answer = request(self.server, method, self.url(action), body, token=self.token)
        self.answers.append(answer[1])
        return answer

    def view(self) -> tuple[dict[str, Any], int]:
        status, body = self.call("GET", "view")
        assert 200 == status, body
        view: dict[str, Any] = body["view"]
        self.views.append(view)
        if self.folded is None:  # the first look: the picture to fold events into
            self.folded = structure(view, PlayerView)
            self.next = body["events"]
        elif body["events"] == self.next:  # nothing happened between the poll and the view
            assert view_to_json(self.folded) == view
            self.checked_folds += 1
        count: int = body["events"]
        return view, count

    def take(self, events: list[dict[str, Any]], next_count: int) -> None:
        self.events += events
        self.next = next_count
        assert self.folded is not None
        self.folded = update_view(self.folded, [event_from_json(e) for e in events])

    def poll(self) -> None:
        status, body = self.call("GET", f"events?since={self.next}")
        assert 200 == status, body
        self.take(body["events"], body["next"])

    def move(self, move: dict[str, Any]) -> None:
        status, body = self.call("POST", "moves", move)
        assert 200 == status, body
        self.take(body["events"], body["next"])

    def step(self) -> bool:
        """Poll, look, and move if it is this seat's turn; False once the game is over."""
        self.poll()
        view, count = self.view()
        if view["result"] is not None:
            return False
        if count != self.next:
            return True  # something happened since the poll: catch up before moving
        if view["active_player"] == self.seat:
            assert view["legal_moves"]
            self.move(self.rng.choice(view["legal_moves"]))
        else:
            assert [] == view["legal_moves"]
            time.sleep(0.001)
        return True

    def run(self, stop: threading.Event) -> None:
        """Play until the game ends, or until another client failed (``stop``)."""
        deadline = time.monotonic() + 20
        try:
            while not stop.is_set() and self.step():
                assert time.monotonic() < deadline, "the game did not end"
            self.poll()
        except BaseException:
            stop.set()
            raise


def true_game(server: Server, table: str) -> tuple[list[GameState], list[Event]]:
    """The game as it really was: every state and every unredacted event, from the log."""
    status, log = request(server, "GET", f"/tables/{table}/log")
    assert 200 == status, log
    text = json.dumps(log)
    all_states = list(states(text))
    start = all_states[0]
    events: list[Event] = []
    state = start
    for move in load_log(text).moves:
        state, new = apply_move_with_events(state, move)
        events += new
    assert all_states[-1] == state
    return all_states, events


def wire(data: Any) -> Any:
    """``data`` as it travels: through JSON and back (tuples become lists)."""
    return json.loads(json.dumps(data))


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def check_nothing_hidden_reached(client: Client, variant: Variant,
                                 true_states: list[GameState], true_events: list[Event],
                                 *, prefix: bool = False) -> None:
    seat = client.seat
    # The event stream is exactly the seat's redacted copy of the true one.
    expected = wire([event_to_json(event) for event in events_for(true_events, seat)])
    if prefix:
        expected = expected[: len(client.events)]
    assert expected == client.events
    # Every view sent is the seat's view of a true state.
    possible = {canonical_json(view_to_json(view_for(state, seat))) for state in true_states}
    for view in client.views:
        assert canonical_json(view) in possible
    # And structurally: other hands and other seats' draws are hidden unless Showdown.
    for answer in client.answers:
        views = [answer["view"]] if isinstance(answer, dict) and "view" in answer else []
        for view in views:
            for owner, hand in enumerate(view["hands"]):
                assert (hand is not None) == (owner == seat or variant.showdown)
        events = answer.get("events", []) if isinstance(answer, dict) else []
        for event in events if isinstance(events, list) else []:
            if event["type"] == "card_drawn" and event["seat"] != seat:
                assert (event["card"] is not None) == variant.showdown


# --- whole games -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "seed"),
    [(Variant(), 1), (Variant(showdown=True), 2), (Variant(crows=True), 3),
     (Variant(crows=True, showdown=True), 4)],
    ids=str,
)
def test_four_clients_play_a_whole_game_over_http(
    server: Server, variant: Variant, seed: int
) -> None:
    table = create_table(server, variant, seed)
    assert (409, "game_not_over") == error_code(request(server, "GET", f"/tables/{table}/log"))
    clients = [Client(server, table, seat, seed * 10 + seat) for seat in range(4)]
    stop = threading.Event()
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        for future in [pool.submit(client.run, stop) for client in clients]:
            future.result()
    assert not stop.is_set()

    true_states, true_events = true_game(server, table)
    final = true_states[-1]
    assert final.result is not None
    for client in clients:
        check_nothing_hidden_reached(client, variant, true_states, true_events)
        last = client.views[-1]
        assert {"winners": list(final.result.winners), "reason": final.result.reason} == \
            last["result"]
        assert client.folded is not None
        assert view_for(final, client.seat) == client.folded
        assert client.checked_folds > 0
    status, spectator = request(server, "GET", f"/tables/{table}/spectate")
    assert 200 == status
    assert view_to_json(view_for(final, None)) == spectator["view"]
    # The server's own file replays to the result the clients saw.
    saved = server.data_dir / f"{table}.jsonl"
    replayed = replay(saved)
    assert replayed.valid
    assert final == replayed.state
    assert load_log(saved) == load_log(json.dumps(request(server, "GET",
                                                          f"/tables/{table}/log")[1]))


# --- refusals ------------------------------------------------------------------------------


def _seen_by_all(server: Server, table: str, clients: list[Client]) -> tuple[object, ...]:
    """What the table looks like to everybody, and the saved file: a refused request must
    leave all of it as it was."""
    views = []
    for client in clients:
        status, body = request(server, "GET", client.url("view"), token=client.token)
        assert 200 == status
        views.append(body)
    spectator = request(server, "GET", f"/tables/{table}/spectate")
    saved = (server.data_dir / f"{table}.jsonl").read_text()
    return tuple(canonical_json(v) for v in views), canonical_json(spectator), saved


def _seated(server: Server, variant: Variant = Variant(), seed: int = 5
            ) -> tuple[str, list[Client]]:
    table = create_table(server, variant, seed)
    return table, [Client(server, table, seat, seat) for seat in range(4)]


def _active(server: Server, clients: list[Client]) -> Client:
    view, _ = clients[0].view()
    active: int = view["active_player"]
    return clients[active]


def test_joining_a_seat_twice_or_a_seat_that_is_not_there(server: Server) -> None:
    table, _clients = _seated(server)
    for seat in range(4):
        assert (409, "seat_taken") == error_code(
            request(server, "POST", f"/tables/{table}/seats/{seat}/join"))
    assert (404, "no_such_seat") == error_code(
        request(server, "POST", f"/tables/{table}/seats/4/join"))
    assert (404, "no_such_table") == error_code(
        request(server, "POST", "/tables/abcdef/seats/0/join"))


def test_wrong_missing_or_other_seats_tokens_get_403_and_change_nothing(
        server: Server) -> None:
    table, clients = _seated(server)
    mover = _active(server, clients)
    other = clients[(mover.seat + 1) % 4]
    view, _ = mover.view()
    move = view["legal_moves"][0]
    before = _seen_by_all(server, table, clients)
    tries: list[tuple[str, str, Any, str | None]] = []
    for action, method, body in [("view", "GET", None), ("events?since=0", "GET", None),
                                 ("moves", "POST", move), ("undo", "POST", None),
                                 ("leave", "POST", None)]:
        for token in (None, "", "wrong-token", other.token, mover.token + "x"):
            tries.append((method, mover.url(action), body, token))
    # Another seat's own token on its own URL, but a move for the seat to move.
    tries.append(("POST", other.url("moves"), move, other.token))
    for method, url, body, token in tries:
        assert (403, "forbidden") == error_code(request(server, method, url, body,
                                                        token=token)), (method, url, token)
    assert before == _seen_by_all(server, table, clients)
    # The right token still works.
    mover.move(move)
    assert before != _seen_by_all(server, table, clients)


def test_illegal_moves_get_400_with_the_engines_code_and_change_nothing(
        server: Server) -> None:
    table, clients = _seated(server)
    mover = _active(server, clients)
    other = clients[(mover.seat + 1) % 4]
    view, _ = mover.view()
    hand = view["hands"][mover.seat]
    not_held = next(card for card in view["circle"] if card not in hand)
    circle_size = len(view["circle"])
    other_hand = other.view()[0]["hands"][other.seat]
    s = mover.seat
    cases = [
        (other, {"type": "trade", "player": other.seat, "card": other_hand[0], "gap": 0},
         "not_your_turn"),
        (mover, {"type": "trade", "player": s, "card": not_held, "gap": 0},
         "card_not_in_hand"),
        (mover, {"type": "trade", "player": s, "card": hand[0], "gap": circle_size},
         "gap_out_of_range"),
        (mover, {"type": "return", "player": s, "card": hand[0], "gap": 0}, "wrong_phase"),
        (mover, {"type": "pass", "player": s}, "pass_not_allowed"),
        (mover, {"type": "trade", "player": s, "card": "Z9", "gap": 0}, "unknown_card"),
    ]
    before = _seen_by_all(server, table, clients)
    for client, move, code in cases:
        assert (400, code) == error_code(client.call("POST", "moves", move)), move
    assert before == _seen_by_all(server, table, clients)


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        (b"{not json", "not_json"),
        (b"", "schema"),  # no body: an empty object, which is no move
        (b"[1, 2]", "schema"),
        (b'"trade"', "schema"),
        (b'{"type": "trade", "player": PLAYER, "card": "R1"}', "schema"),
        (b'{"type": "fly", "player": PLAYER}', "schema"),
        (b'{"type": "pass", "player": PLAYER, "extra": 1}', "schema"),
        (b'{"type": "trade", "player": PLAYER, "card": 3, "gap": 0}', "schema"),
        (b'{"type": "trade", "player": PLAYER, "card": "R1", "gap": "0"}', "schema"),
    ],
)
def test_malformed_move_bodies_get_400(server: Server, raw: bytes, code: str) -> None:
    table, clients = _seated(server)
    mover = _active(server, clients)
    body = raw.replace(b"PLAYER", str(mover.seat).encode())
    before = _seen_by_all(server, table, clients)
    answer = request(server, "POST", mover.url("moves"), raw=body, token=mover.token)
    assert (400, code) == error_code(answer)
    assert before == _seen_by_all(server, table, clients)


@pytest.mark.parametrize(
    ("body", "status_code"),
    [
        (b"nope", (400, "not_json")),
        (b"[]", (400, "schema")),
        (b'{"players": "ab"}', (400, "schema")),
        (b'{"players": ["a", 2]}', (400, "schema")),
        (b'{"players": ["a", "b"], "colour": 1}', (400, "schema")),
        (b'{"players": ["a", "b"], "seed": "1"}', (400, "schema")),
        (b'{"players": ["a"]}', (400, "bad_players")),
        (b'{"players": ["a", "b", "c", "d", "e", "f", "g"]}', (400, "bad_players")),
    ],
)
def test_malformed_table_requests_get_400(server: Server, body: bytes,
                                          status_code: tuple[int, str]) -> None:
    assert status_code == error_code(request(server, "POST", "/tables", raw=body))


@pytest.mark.parametrize(
    "variant",
    [b'"showdown"', b'{"crows": 1, "showdown": false}', b'{"crows": true}',
     b'{"crows": true, "showdown": false, "extra": true}'],
)
def test_a_malformed_variant_gets_400_not_a_dropped_connection(server: Server,
                                                                variant: bytes) -> None:
    body = b'{"players": ["a", "b"], "variant": ' + variant + b"}"
    assert (400, "schema") == error_code(request(server, "POST", "/tables", raw=body))


def test_a_bad_content_length_gets_400_not_a_dropped_connection(server: Server) -> None:
    host, port = server.base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=5)
    try:
        connection.putrequest("POST", "/tables")
        connection.putheader("Content-Length", "abc")
        connection.endheaders()
        connection.send(b'{"players": ["a", "b"]}')
        answer = connection.getresponse()
        status = answer.status
    except (http.client.RemoteDisconnected, ConnectionResetError):
        status = 0  # the server closed the connection without an answer
    finally:
        connection.close()
    assert 400 == status


def test_a_since_that_only_looks_like_a_number_gets_400(server: Server) -> None:
    """``"²".isdigit()`` is True but ``int("²")`` fails: the server must still answer."""
    _table, clients = _seated(server)
    assert (400, "bad_argument") == error_code(clients[0].call("GET", "events?since=%C2%B2"))


def test_bad_event_indexes_and_unknown_routes(server: Server) -> None:
    table, clients = _seated(server)
    client = clients[0]
    assert (400, "bad_argument") == error_code(client.call("GET", "events?since=999"))
    assert (400, "bad_argument") == error_code(client.call("GET", "events?since=-1"))
    assert (404, "not_found") == error_code(client.call("GET", "dance"))
    assert (404, "no_such_table") == error_code(request(server, "GET", "/tables/abc/spectate"))
    assert (409, "game_not_over") == error_code(request(server, "GET", f"/tables/{table}/log"))


# --- undo and leave ---------------------------------------------------------------------------


def _moves_to_an_undoable_match(variant: Variant) -> tuple[int, list[Move], GameState]:
    """A seed and the moves, by a match-preferring policy, that end with a match into 8
    cards and no refill; and the state before that match."""
    for seed in range(100, 400):
        table = Table(NAMES, variant, seed=seed)
        rng = random.Random(seed)
        moves: list[Move] = []
        while table.state.result is None:
            before = table.state
            move = choose(rng, before, 1.0)
            table.play(move)
            moves.append(move)
            if table.can_undo(move.player):
                return seed, moves, before
    raise AssertionError("no undoable match found")


def test_undo_and_leave_over_http(server: Server) -> None:
    variant = Variant(crows=True)
    seed, moves, before = _moves_to_an_undoable_match(variant)
    table, clients = _seated(server, variant, seed)
    for move in moves:
        mover = clients[move.player]
        mover.poll()
        mover.move(unstructure_move(move))
    mover = clients[moves[-1].player]
    assert Phase.FORCED_RETURN.value == mover.view()[0]["phase"]
    saved = server.data_dir / f"{table}.jsonl"
    assert len(moves) == replay(saved).moves

    # Only the mover may undo its match.
    before_refusal = _seen_by_all(server, table, clients)
    for client in clients:
        if client is not mover:
            assert (409, "undo_not_allowed") == error_code(client.call("POST", "undo"))
    assert before_refusal == _seen_by_all(server, table, clients)
    status, body = mover.call("POST", "undo")
    assert 200 == status, body
    assert ["trade_undone"] == [event["type"] for event in body["events"]]
    mover.take(body["events"], body["next"])
    assert (409, "undo_not_allowed") == error_code(mover.call("POST", "undo"))
    for client in clients:
        client.poll()
        view, _ = client.view()
        assert view_to_json(view_for(before, client.seat)) == view
        assert client.folded == view_for(before, client.seat)
    assert before == replay(saved).state
    assert len(moves) - 1 == replay(saved).moves

    # The mover leaves: a bot takes its turn at once, and its token is dead.
    status, body = mover.call("POST", "leave")
    assert (200, mover.seat) == (status, body["left"])
    assert body["next"] > mover.next
    assert (403, "forbidden") == error_code(mover.call("GET", "view"))
    assert (409, "seat_taken") == error_code(
        request(server, "POST", f"/tables/{table}/seats/{mover.seat}/join"))
    log_moves = load_log(saved).moves
    assert mover.seat == log_moves[len(moves) - 1].player  # the bot moved in its place
    # The others finish the game; the bot plays the mover's seat.
    others = [client for client in clients if client is not mover]
    for _ in range(5000):
        going = [client.step() for client in others]  # every client looks, each round
        if not all(going):
            break
    else:
        raise AssertionError("the game did not end")
    true_states, _true_events = true_game(server, table)
    log_moves = load_log(saved).moves
    final = true_states[-1]
    assert final.result is not None
    assert final == replay(saved).state

    # What the host really sent: the log's events, with the undone match and its undo.
    match = moves[-1]
    assert isinstance(match, Trade)
    matched, match_events = apply_move_with_events(before, match)
    circle = before.circle
    undone = TradeUndone(match.player, match.card, match.gap,
                         (circle[match.gap], circle[(match.gap + 1) % len(circle)]))
    kept = len(moves) - 1
    host_events = (host_events_of(true_states[0], log_moves[:kept]) + list(match_events)
                   + [undone] + host_events_of(before, log_moves[kept:]))
    for client in others:
        client.poll()
        check_nothing_hidden_reached(client, variant, [*true_states, matched], host_events)
    # The seat that left saw a prefix of its stream, and nothing hidden either.
    expected = wire([event_to_json(event) for event in events_for(host_events, mover.seat)])
    assert expected[: len(mover.events)] == mover.events
    check_nothing_hidden_reached(mover, variant, [*true_states, matched], host_events,
                                 prefix=True)


def host_events_of(start: GameState, moves: Sequence[Move]) -> list[Event]:
    """The unredacted events of ``moves`` played from ``start``."""
    events: list[Event] = []
    state = start
    for move in moves:
        state, new = apply_move_with_events(state, move)
        events += new
    return events
