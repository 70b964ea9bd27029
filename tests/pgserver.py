"""A real PostgreSQL server for the tests, started in a temporary directory and stopped.

Debian's ``postgresql`` package (installed by ``.ci/run``) provides ``initdb`` and
``pg_ctl``. They refuse to run as root, so when the tests run as root the server
runs as the ``postgres`` user the package creates. The server listens on
127.0.0.1 on a free port with trust authentication, for the user ``aves``.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

__all__ = ["PostgresServer", "postgres_binaries"]


def postgres_binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``, or None when PostgreSQL is not installed."""
    found = shutil.which("pg_ctl")
    if found and Path(found).resolve().parent.joinpath("initdb").exists():
        return Path(found).resolve().parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(folder, "initdb").exists():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class PostgresServer:
    """One server: ``start()``, ``url(database)``, ``create_database()``, ``stop()``."""

    def __init__(self) -> None:
        binaries = postgres_binaries()
        if binaries is None:
            raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
        self.bin = binaries
        # A short path: the server's socket path must fit in 107 bytes.
        self.folder = Path(tempfile.mkdtemp(prefix="avespg", dir="/tmp"))
        self.port = _free_port()
        self._as_postgres = os.geteuid() == 0
        if self._as_postgres:
            shutil.chown(self.folder, "postgres")
        self._databases = 0

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self._as_postgres else []
        subprocess.run([*prefix, *command], check=True, capture_output=True, timeout=120)

    def start(self) -> PostgresServer:
        data = str(self.folder / "data")
        self._run(str(self.bin / "initdb"), "-D", data, "-U", "aves", "--auth=trust",
                  "-E", "UTF8")
        self._run(str(self.bin / "pg_ctl"), "-D", data, "-l", str(self.folder / "log"), "-w",
                  "-o", f"-k {self.folder} -p {self.port} -h 127.0.0.1", "start")
        return self

    def url(self, database: str = "postgres") -> str:
        """A connection URL to ``database`` on this server."""
        return f"postgresql://aves@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> str:
        """A new empty database; its URL."""
        import psycopg

        self._databases += 1
        name = f"aves_test_{self._databases}"
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m",
                      "immediate", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
