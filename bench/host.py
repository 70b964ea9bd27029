"""Web host speed: moves per second and move latency of the real ``aves serve``, with
AVES tables played over WebSockets on SQLite and PostgreSQL, with one and two workers.

Every seat of every table is a person's seat, joined over REST, with a WebSocket of its
own. When the view a seat was sent offers it legal moves, it sends one (a seeded random
choice) as ``{"type": "move", ...}``; its latency is the time until the ``events``
message with that move comes back on its socket. ``--tables`` tables play at once, each
finished one replaced by a new one until the time is up; moves and latencies count in
the measured window (``--seconds``, after ``--warmup``). The server is a process of its
own on 127.0.0.1 (the client shares the cores with it: the CPU columns, in % of one
core over the window, say who used them). PostgreSQL is a throwaway server started like
the tests start it (skipped when not installed) unless ``--db-url`` names one. Exits
non-zero when a configuration fails: the server does not start or dies, no move is
played, or any table meets an error (a timeout, a refusal, a closed socket).

Without ``--think`` every table always has a move in flight, so moves/s times the mean
latency is about ``--tables`` (Little's law): fewer tables, or a thinking time, measure
the latency at a lower load.

    python bench/host.py [--tables 50] [--seconds 20] [--players 4] [--think 0] [--quick]
    python bench/host.py --only sqlite:1 --profile /tmp/prof   # the server under cProfile
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import os
import pstats
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect

try:
    import uvloop
except ImportError:  # pragma: no cover - uvicorn[standard] (the web extra) brings it
    uvloop = None  # type: ignore[assignment]

CONFIGURATIONS = ("sqlite:1", "sqlite:2", "postgresql:1", "postgresql:2")
TESTS = Path(__file__).resolve().parent.parent / "tests"


class BenchError(Exception):
    """The server answered something the protocol does not allow."""


@dataclass
class Tally:
    """What the clients saw; moves and latencies count only in [start, end]."""

    start: float
    end: float
    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    finished: int = 0
    errors: Counter[str] = field(default_factory=Counter)

    def record(self, done: float, latency: float) -> None:
        """A move's round trip, ended at ``done`` (perf_counter seconds)."""
        if self.start <= done <= self.end:
            self.moves += 1
            self.latencies.append(latency)


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``aves serve`` in a process group of its own (``profile``: under cProfile)."""

    def __init__(self, db: str, workers: int, folder: Path, profile: Path | None) -> None:
        self.port = free_port()
        self.output = folder / f"serve-{self.port}.log"
        prefix = ["-m", "cProfile", "-o", str(profile)] if profile else []
        command = [sys.executable, *prefix, "-m", "aves_core", "serve", "--host",
                   "127.0.0.1", "--port", str(self.port), "--db", db, "--workers",
                   str(workers),
                   # The bench deals from seeds (runs repeat) and makes a table every few
                   # milliseconds from one address: both are refused by default.
                   "--allow-seeds", "--tables-per-minute", "1000000"]
        with self.output.open("ab") as output:
            self.process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT,
                                            start_new_session=True)
        deadline = time.monotonic() + 30
        while True:
            if self.process.poll() is not None:
                raise BenchError(f"aves serve stopped at once: {self.log()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return
            except OSError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise BenchError("aves serve did not listen within 30 s") from None
                time.sleep(0.05)

    def log(self) -> str:
        """The end of the server's output."""
        return self.output.read_text(errors="replace")[-1500:]

    def cpu(self) -> float:
        """CPU seconds of the server's processes (every worker) so far."""
        return cpu_seconds(lambda pid, ppid, group: group == self.process.pid)

    def stop(self) -> None:
        """Ctrl-C to the group, as a user stops it; SIGKILL if it has not stopped in 15 s."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGINT)
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(5)


def cpu_seconds(match: Callable[[int, int, int], bool]) -> float:
    """User + system CPU seconds of the live processes ``match(pid, ppid, group)`` picks
    (NaN without /proc)."""
    total = 0
    try:
        entries = list(os.scandir("/proc"))
    except OSError:
        return float("nan")
    for entry in entries:
        if not entry.name.isdigit():
            continue
        try:
            fields = Path(entry.path, "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # it has just ended
        if match(int(entry.name), int(fields[1]), int(fields[2])):
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


class Http:
    """One keep-alive HTTP/1.1 connection to the server for a table's REST calls (create,
    join): just what the bench needs. (httpx cost the client as much CPU as playing
    did, a third of it looking for async libraries on every request.)"""

    IDLE_SECONDS = 4.0
    """How long a connection may wait for its next request: the host closes one idle
    for its keep-alive timeout (5 s), and a request sent as it does meets the end of
    the stream instead of an answer."""

    def __init__(self, port: int, timeout: float) -> None:
        self.port, self.timeout = port, timeout
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self.answered = 0.0  # when the last answer came (time.monotonic)

    async def post(self, path: str, body: Any = None) -> Any:
        """POST ``body`` as JSON (None: no body); the answer's JSON (BenchError for a
        status other than 2xx)."""
        data = b"" if body is None else orjson.dumps(body)
        request = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                   f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
                   "\r\n").encode() + data
        async with asyncio.timeout(self.timeout):
            if self.streams is not None and time.monotonic() - self.answered > self.IDLE_SECONDS:
                self.close()  # a game outlasted the keep-alive: the host has closed it
            if self.streams is None:
                self.streams = await asyncio.open_connection("127.0.0.1", self.port)
            reader, writer = self.streams
            try:
                writer.write(request)
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                status = int(lines[0].split(" ", 2)[1])
                headers = dict(line.lower().split(": ", 1) for line in lines[1:] if line)
                answer = await reader.readexactly(int(headers["content-length"]))
                self.answered = time.monotonic()
            except BaseException:
                self.close()  # a half-read answer: the next request starts afresh
                raise
        if headers.get("connection") == "close":
            self.close()
        if not 200 <= status < 300:
            raise BenchError(f"POST {path.split('/')[-1]}: {status} {answer[:80]!r}")
        return orjson.loads(answer)

    def close(self) -> None:
        """Close the connection (the next request opens another)."""
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


async def receive(ws: ClientConnection, timeout: float) -> dict[str, Any]:
    """The socket's next message, which must come within ``timeout`` seconds."""
    async with asyncio.timeout(timeout):  # not wait_for: in 3.11 it can swallow a cancel
        # Bytes, not text: orjson reads the UTF-8 itself.
        message: dict[str, Any] = orjson.loads(await ws.recv(decode=False))
    if message.get("type") == "error":
        raise BenchError(f"server error {message['error'].get('code')}")
    return message


async def play_seat(ws: ClientConnection, seat: int, welcome: dict[str, Any],
                    rng: random.Random, tally: Tally, args: argparse.Namespace) -> None:
    """Play a seat until the game is over: a move whenever its view offers some (after
    ``args.think`` seconds, a person's thinking time)."""
    view, seen, timeout = welcome["view"], welcome["next"], args.timeout
    while view["result"] is None:
        moves = view["legal_moves"]
        if moves:
            if args.think:
                await asyncio.sleep(args.think)
            sent = time.perf_counter()
            await ws.send(orjson.dumps({"type": "move", "move": rng.choice(moves)}).decode())
        try:
            message = await receive(ws, timeout)
        except TimeoutError:
            raise BenchError(f"seat {seat} had no events after event {seen} in {timeout:g} s"
                             f" ({'its own move' if moves else 'another seat to move'})"
                             ) from None
        if message["type"] != "events":
            raise BenchError(f"a {message['type']!r} message, not events")
        if moves:
            done = time.perf_counter()
            events = message["events"]
            if not events or events[0].get("seat") != seat:
                raise BenchError(f"seat {seat}'s move came back as {events[:1]}")
            tally.record(done, done - sent)
        view, seen = message["view"], message["next"]


async def play_table(http: Http, port: int, args: argparse.Namespace, rng: random.Random,
                     tally: Tally) -> None:
    """Create a table, join every seat over REST, open each seat's socket and play the
    game to its end."""
    players = [f"p{seat}" for seat in range(args.players)]
    created = await http.post("/api/tables", {"game": "aves", "players": players,
                                              "seed": rng.randrange(2**32)})
    table = created["table"]
    async with contextlib.AsyncExitStack() as stack:
        seats = []
        for seat in range(args.players):
            joined = await http.post(f"/api/tables/{table}/seats/{seat}/join")
            ws = await stack.enter_async_context(connect(
                f"ws://127.0.0.1:{port}/api/tables/{table}/socket", proxy=None,
                open_timeout=args.timeout, close_timeout=1,
                compression=None if args.no_deflate else "deflate"))
            await ws.send(orjson.dumps({"type": "hello", "seat": seat,
                                        "token": joined["token"]}).decode())
            welcome = await receive(ws, args.timeout)
            if welcome["type"] != "welcome":
                raise BenchError(f"a {welcome['type']!r} message, not welcome")
            seats.append((ws, welcome))
        # Every socket follows the table before the first move: none misses an event.
        async with asyncio.TaskGroup() as group:
            for seat, (ws, welcome) in enumerate(seats):
                group.create_task(play_seat(ws, seat, welcome, rng, tally, args))
    if tally.start <= time.perf_counter() <= tally.end:
        tally.finished += 1


def describe(error: BaseException) -> str:
    """A short name for an error (the first of a group)."""
    while isinstance(error, BaseExceptionGroup):
        error = error.exceptions[0]
    return f"{type(error).__name__}: {str(error)[:80]}"


async def keep_playing(port: int, args: argparse.Namespace, rng: random.Random,
                       tally: Tally) -> None:
    """One table after another until the window ends (cancelled then)."""
    http = Http(port, args.timeout)
    try:
        while time.perf_counter() < tally.end:
            try:
                await play_table(http, port, args, rng, tally)
            except Exception as error:  # every failure is counted, and the next table starts
                tally.errors[describe(error)] += 1
                await asyncio.sleep(0.2)
    finally:
        http.close()


async def load(port: int, args: argparse.Namespace,
               cpu: Callable[[], list[float]]) -> tuple[Tally, list[float]]:
    """Run ``args.tables`` tables at once for the warm-up and the window; what the
    clients saw and the CPU seconds ``cpu()`` counted in the window."""
    now = time.perf_counter()
    tally = Tally(now + args.warmup, now + args.warmup + args.seconds)
    tasks = [asyncio.create_task(keep_playing(port, args,
                                              random.Random(args.seed * 10007 + index), tally))
             for index in range(args.tables)]
    await asyncio.sleep(tally.start - time.perf_counter())
    before = cpu()
    await asyncio.sleep(tally.end - time.perf_counter())
    used = [after - first for after, first in zip(cpu(), before, strict=True)]
    for task in tasks:
        task.cancel()
    _done, pending = await asyncio.wait(tasks, timeout=args.timeout)
    if pending:
        tally.errors[f"{len(pending)} tables did not stop in {args.timeout} s"] += 1
    return tally, used


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (NaN if none)."""
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))] if ordered else float("nan")


def measure(name: str, db: str, workers: int, folder: Path, args: argparse.Namespace,
            db_cpu: Callable[[], float]) -> bool:
    """Start the server, play, stop it, print the configuration's line: whether it
    passed."""
    profile = None
    if args.profile is not None and workers == 1:
        profile = args.profile / f"{name.replace(':', '-')}.prof"
    server = Server(db, workers, folder, profile)
    try:
        def cpu() -> list[float]:
            return [server.cpu(), time.process_time(), db_cpu()]

        # uvloop, as the server runs on: the client shares the machine's cores with it.
        with asyncio.Runner(loop_factory=uvloop.new_event_loop if uvloop else None) as run:
            tally, used = run.run(asyncio.wait_for(
                load(server.port, args, cpu), args.warmup + args.seconds + 3 * args.timeout))
        died = server.process.poll() is not None
    finally:
        server.stop()
    kind, _, count = name.partition(":")
    label = f"{kind}, {count} worker{'s' if workers > 1 else ''}"
    shares = "".join(f"{100 * seconds / args.seconds:7.0f}%" if seconds == seconds
                     else "       -" for seconds in used)
    line = (f"{label:22} {tally.moves / args.seconds:9,.1f} "
            f"{1000 * percentile(tally.latencies, 0.5):8.1f} "
            f"{1000 * percentile(tally.latencies, 0.99):8.1f} {tally.finished:7} "
            f"{sum(tally.errors.values()):7}{shares}")
    print(line, flush=True)
    for error, times in tally.errors.most_common(5):
        print(f"    {times} x {error}", file=sys.stderr)
    if died:
        print(f"    the server died: {server.log()}", file=sys.stderr)
    if profile is not None and profile.exists():
        pstats.Stats(str(profile)).sort_stats("tottime").print_stats(25)
    return not died and tally.moves > 0 and not tally.errors


def postgres() -> Any:
    """The tests' throwaway PostgreSQL server, started (None when not installed)."""
    sys.path.insert(0, str(TESTS))
    pgserver = importlib.import_module("pgserver")
    if pgserver.postgres_binaries() is None:
        return None
    server = pgserver.PostgresServer()
    try:
        return server.start()
    except BaseException:
        with contextlib.suppress(Exception):
            server.stop()  # and its folder
        raise


def postmaster_cpu(pg: Any) -> Callable[[], float]:
    """CPU seconds of a PostgreSQL server and its backends, so far."""
    master = int((pg.folder / "data/postmaster.pid").read_text().split()[0])
    return lambda: cpu_seconds(lambda pid, ppid, group: master in (pid, ppid))


def no_cpu() -> float:
    """Not measured (a database elsewhere)."""
    return float("nan")


def main() -> int:
    """Run the configurations; 0 when each ran without an error."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50, help="tables at once (1-500)")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured window (1-600)")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before the window")
    parser.add_argument("--players", type=int, default=4, help="seats a table (2-6)")
    parser.add_argument("--timeout", type=float, default=10.0, help="longest wait for a reply")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds a seat waits before each move (default 0: flat out)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default=",".join(CONFIGURATIONS),
                        help="configurations, comma separated (default: all four)")
    parser.add_argument("--db-url", help="an existing PostgreSQL database to use instead")
    parser.add_argument("--no-deflate", action="store_true",
                        help="no permessage-deflate (a browser offers it; the default does)")
    parser.add_argument("--profile", type=Path, help="a folder: 1-worker servers under cProfile")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 4 tables, 3 s")
    args = parser.parse_args()
    if args.quick:
        args.tables, args.seconds, args.warmup = min(args.tables, 4), 3.0, 0.5
    only = [name.strip() for name in args.only.split(",") if name.strip()]
    if not (1 <= args.tables <= 500 and 1 <= args.seconds <= 600 and 2 <= args.players <= 6
            and 0 <= args.warmup <= 60 and 0.5 <= args.timeout <= 60
            and 0 <= args.think < args.timeout) or not set(only) <= set(CONFIGURATIONS):
        parser.error("an argument is out of range or names no configuration")
    if args.profile is not None:
        args.profile.mkdir(parents=True, exist_ok=True)
    print(f"{args.tables} AVES tables of {args.players} seats at once over WebSockets, "
          f"{args.seconds:g} s measured after {args.warmup:g} s; {os.cpu_count()} cores")
    print(f"{'configuration':22} {'moves/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'tables':>7} "
          f"{'errors':>7} {'server':>7} {'client':>7} {'db':>7}")
    failed = []
    pg: Any = None
    try:
        with tempfile.TemporaryDirectory(prefix="aves-bench-") as folder:
            for number, name in enumerate(only):
                kind, _, workers = name.partition(":")
                db_cpu = no_cpu
                try:
                    if kind == "sqlite":
                        db = str(Path(folder, f"bench-{number}.db"))
                    elif args.db_url:
                        db = args.db_url
                    else:
                        pg = pg or postgres()
                        if pg is None:
                            print(f"{name}: skipped, PostgreSQL is not installed (apt-get "
                                  "install postgresql, or --db-url)")
                            continue
                        db, db_cpu = pg.create_database(), postmaster_cpu(pg)
                    passed = measure(name, db, int(workers), Path(folder), args, db_cpu)
                except Exception as error:  # this configuration failed; try the others
                    print(f"{name}: failed: {describe(error)}", file=sys.stderr)
                    passed = False
                if not passed:
                    failed.append(name)
    finally:
        if pg is not None:
            pg.stop()
    if failed:
        print(f"FAILED: {', '.join(failed)} (see the errors above)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
