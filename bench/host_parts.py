"""Where the web host's CPU goes: each part of a table's life, measured alone.

``bench/host.py`` gives the whole (moves/s, and the server's CPU per move); this splits
it, so a change can be aimed at the part that costs. Two kinds of figures:

- **Over the network** (the real ``aves serve`` on SQLite, one worker, ``--clients``
  clients at once, each part alone for ``--seconds``): the server's CPU for creating a
  table, joining its four seats (one keep-alive connection), opening four WebSockets and
  closing them without a word, and opening them with a hello and its welcome. What a
  part costs is the difference from the one before it.
- **In the server's own code** (the ``Lobby`` in this process, with no server, socket or
  HTTP around it): the same create, join and follow, and a game's moves with four
  subscribed seats (the move, its store append, and every seat's events and view
  encoded), in CPU seconds of this process.

The difference between the two is what the ASGI server, WebSocket library, Starlette and
the event loop cost (uvicorn, websockets, asyncio, the kernel's TCP), which the host's
code does not control.

    python bench/host_parts.py [--seconds 6] [--clients 10] [--tables 1500]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from host import Http, Server  # bench/host.py, beside this file

from aves_core.host.service import Limits, Lobby
from aves_core.host.sqlite import SQLiteStore

try:
    import uvloop
except ImportError:  # pragma: no cover - the web extra brings it
    uvloop = None  # type: ignore[assignment]

PLAYERS = ["p0", "p1", "p2", "p3"]
STEPS = ("create", "join", "sockets", "hello")
"""Each network step does what the one before did, and one thing more."""


async def _sockets(port: int, table: str) -> list[ClientConnection]:
    return [await connect(f"ws://127.0.0.1:{port}/api/tables/{table}/socket", proxy=None,
                          compression=None) for _ in PLAYERS]


async def _one_table(http: Http, port: int, step: str, rng: random.Random) -> None:
    """A table's setup as far as ``step`` (then its sockets closed, as at a game's end)."""
    made = await http.post("/api/tables", {"game": "aves", "players": PLAYERS,
                                           "seed": rng.randrange(2**32)})
    if step == "create":
        return
    table = made["table"]
    tokens = [(await http.post(f"/api/tables/{table}/seats/{seat}/join"))["token"]
              for seat in range(len(PLAYERS))]
    if step == "join":
        return
    sockets = await _sockets(port, table)
    if step == "hello":
        for seat, ws in enumerate(sockets):
            await ws.send(orjson.dumps({"type": "hello", "seat": seat,
                                        "token": tokens[seat]}).decode())
            await ws.recv(decode=False)
    for ws in sockets:
        await ws.close()


async def _network_step(server: Server, step: str, seconds: float, clients: int
                        ) -> tuple[int, float]:
    """Tables set up as far as ``step`` in ``seconds``, and the server's CPU seconds."""
    done = 0
    end = time.perf_counter() + seconds

    async def client(index: int) -> None:
        nonlocal done
        http, rng = Http(server.port, 10), random.Random(index)
        try:
            while time.perf_counter() < end:
                await _one_table(http, server.port, step, rng)
                done += 1
        finally:
            http.close()

    before = server.cpu()
    await asyncio.gather(*(client(index) for index in range(clients)))
    return done, server.cpu() - before


def network(seconds: float, clients: int) -> dict[str, float]:
    """The server's CPU milliseconds a table for each step, over the network."""
    found: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="aves-parts-") as folder:
        server = Server(str(Path(folder, "parts.db")), 1, Path(folder), None)
        try:
            for step in STEPS:
                with asyncio.Runner(loop_factory=uvloop.new_event_loop if uvloop else None
                                    ) as run:
                    tables, cpu = run.run(_network_step(server, step, seconds, clients))
                found[step] = 1000 * cpu / max(tables, 1)
        finally:
            server.stop()
    return found


async def _in_process(tables: int) -> dict[str, float]:
    """The Lobby's own CPU milliseconds: a table's create, joins and follows, and a move
    (its store append, and every seat's events and view encoded for its socket)."""
    spent = dict.fromkeys(("create", "join", "follow", "move"), 0.0)
    moves = 0
    rng = random.Random(1)
    with tempfile.TemporaryDirectory(prefix="aves-parts-") as folder:
        lobby = Lobby(SQLiteStore(Path(folder, "parts.db")), allow_seeds=True,
                      limits=Limits(creations_burst=10**9, creations_per_minute=1e9))
        try:
            for _ in range(tables):
                clock = time.process_time()
                table = (await lobby.create({"game": "aves", "players": PLAYERS,
                                             "seed": rng.randrange(2**32)}))["table"]
                spent["create"] += time.process_time() - clock
                clock = time.process_time()
                tokens = [(await lobby.join(table, seat))["token"]
                          for seat in range(len(PLAYERS))]
                spent["join"] += time.process_time() - clock
                clock = time.process_time()
                followed = [await lobby.follow(table, seat, tokens[seat], None)
                            for seat in range(len(PLAYERS))]
                spent["follow"] += time.process_time() - clock
                live = lobby._live[table]  # the bench's side: which move to send
                game = live.table.game
                while live.table.result is None:
                    seat = live.table.to_move[0]
                    move = game.move_to_json(rng.choice(game.legal_moves(live.table.state)))
                    clock = time.process_time()
                    await lobby.move(table, seat, tokens[seat], move, reply=False)
                    spent["move"] += time.process_time() - clock
                    moves += 1
                    for _, _, subscriber in followed:  # the sockets' side: read it all
                        while not subscriber.queue.empty():
                            subscriber.queue.get_nowait()
                for _, _, subscriber in followed:
                    lobby.unsubscribe(table, subscriber)
        finally:
            lobby.close()
    found = {name: 1000 * seconds / tables for name, seconds in spent.items()
             if name != "move"}
    found["move"] = 1000 * spent["move"] / max(moves, 1)
    found["moves a table"] = moves / tables
    return found


def main() -> int:
    """Print the parts; 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="each network step")
    parser.add_argument("--clients", type=int, default=10, help="clients at once")
    parser.add_argument("--tables", type=int, default=1500, help="tables in process")
    args = parser.parse_args()
    if not (1 <= args.seconds <= 120 and 1 <= args.clients <= 100
            and 10 <= args.tables <= 100_000):
        parser.error("an argument is out of range")
    run: Any = uvloop.run if uvloop else asyncio.run
    own = run(_in_process(args.tables))
    wire = network(args.seconds, args.clients)
    per_table = own["moves a table"]
    print(f"AVES, 4 seats, SQLite, 1 worker: server CPU in ms ({per_table:.1f} moves a "
          "table in process)")
    print(f"{'part':34} {'server':>8} {'own code':>9}")
    rows = [
        ("create a table", wire["create"], own["create"]),
        ("join its 4 seats", wire["join"] - wire["create"], own["join"]),
        ("open and close 4 sockets", wire["sockets"] - wire["join"], None),
        ("4 hellos and welcomes", wire["hello"] - wire["sockets"], own["follow"]),
        ("a move, 4 seats told (per move)", None, own["move"]),
    ]
    for name, server, mine in rows:
        shown = [f"{value:8.3f}" if value is not None else "       -" for value in
                 (server, mine)]
        print(f"{name:34} {shown[0]} {shown[1]:>9}")
    setup = own["create"] + own["join"] + own["follow"]
    print(f"own code a table: {setup + per_table * own['move']:.2f} ms ({setup:.2f} setup, "
          f"{per_table * own['move']:.2f} moves); server a table's setup: "
          f"{wire['hello']:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
