"""``aves serve`` in a subprocess for the tests: the real server, on 127.0.0.1 on a free
port, over a SQLite file or a PostgreSQL URL, started, killed and started again.

The browser tests drive it through Chromium; the reliability tests kill it with
SIGKILL at random moments and check that a restart loses nothing.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from aves_core.host.service import Limits

__all__ = ["TESTING", "ServeProcess", "free_port"]


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServeProcess:
    """``aves serve --db DB --port PORT [--workers N] --allow-seeds``, its output kept in a file;
    ``python_path`` puts more folders on the server's PYTHONPATH (another package's game);
    ``options`` come last (so they may set ``--tables-per-minute`` again)."""

    def __init__(self, db: str | Path, folder: Path, *, workers: int = 1,
                 port: int | None = None, python_path: str | None = None,
                 options: Sequence[str] = (), replays_per_minute: float = 1_000_000) -> None:
        self.db = str(db)
        self.options = list(options)
        self.replays_per_minute = replays_per_minute
        self.workers = workers
        self.python_path = python_path
        self.port = port or free_port()
        self.output = folder / f"serve-{self.port}.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The server's base URL, ending in ``/``."""
        return f"http://127.0.0.1:{self.port}/"

    def start(self, timeout: float = 30.0) -> ServeProcess:
        """Start the server and wait until it accepts connections."""
        command = [sys.executable, "-m", "aves_core", "serve", "--port", str(self.port),
                   "--db", self.db, "--workers", str(self.workers),
                   # The tests deal from seeds, and make many tables (and replays) from
                   # one address.
                   "--allow-seeds", "--tables-per-minute", "1000000",
                   "--replays-per-minute", repr(self.replays_per_minute),
                   # Bots answer at once: the tests of the quantum set it again.
                   "--bot-quantum", "0", *self.options]
        env = None
        if self.python_path is not None:  # more packages, found before the installed ones
            env = {**os.environ, "PYTHONPATH": os.pathsep.join(
                filter(None, (self.python_path, os.environ.get("PYTHONPATH"))))}
        with self.output.open("ab") as output:
            # A process group of its own: kill() reaches uvicorn's worker processes too.
            self.process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT,
                                            start_new_session=True, env=env)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"aves serve stopped: {self.output.read_text()[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"aves serve did not listen in {timeout} s")

    def kill(self) -> None:
        """SIGKILL to the server and its workers: no shutdown, no cleanup."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self.process = None

    def stop(self) -> None:
        """Ctrl-C, as a user stops it; SIGKILL if it has not stopped within 10 s."""
        if self.process is None:
            return
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None

    def __enter__(self) -> ServeProcess:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()


TESTING: dict[str, Any] = {"allow_seeds": True, "limits": Limits(
    creations_burst=1_000_000, creations_per_minute=1_000_000, replays_per_minute=1_000_000,
    bot_quantum=0.001)}
"""``create_app(db, **TESTING)``: what ``ServeProcess`` starts with (the tests deal from
seeds, and make many tables from one address), but bots paced by a short quantum (the
tests play many bot moves)."""
