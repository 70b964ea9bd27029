"""Storage for hosted tables: SQLite (the default: one file, nothing to install) and
PostgreSQL (for several workers or machines), behind one interface.

The schema is the same in both: ``game_tables`` (a table's game, its log header
as the game's log format writes it, its result once over), ``seats`` (each
seat's name, the SHA-256 of its player's token, or the bot playing it) and
``actions`` (every move and undo, in order). An action is appended at the index
the writer expects: the pair (table, index) is unique, so when two workers race
to apply a move for one turn, exactly one succeeds and the other gets a
``ConflictError``. Nothing but actions is needed to rebuild a table, so a
restart loses nothing that was acknowledged.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import sqlite3
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import attrs

from aves_core.kernel.errors import AvesError

__all__ = [
    "SCHEMA_VERSION",
    "Action",
    "ConflictError",
    "SQLiteStore",
    "SeatRecord",
    "Store",
    "StoreError",
    "TableRecord",
    "hash_token",
    "open_store",
    "token_matches",
]

SCHEMA_VERSION = 1

# Each migration brings the schema from the version before it to its own.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        """CREATE TABLE game_tables (
             id TEXT PRIMARY KEY,
             game TEXT NOT NULL,
             header TEXT NOT NULL,
             created DOUBLE PRECISION NOT NULL,
             result TEXT)""",
        """CREATE TABLE seats (
             table_id TEXT NOT NULL REFERENCES game_tables(id),
             seat INTEGER NOT NULL,
             name TEXT NOT NULL,
             token_hash TEXT,
             bot TEXT,
             PRIMARY KEY (table_id, seat))""",
        """CREATE TABLE actions (
             table_id TEXT NOT NULL REFERENCES game_tables(id),
             idx INTEGER NOT NULL,
             kind TEXT NOT NULL,
             data TEXT NOT NULL,
             PRIMARY KEY (table_id, idx))""",
    ),
}


class StoreError(AvesError, RuntimeError):
    """The store cannot do what was asked (code ``store_error``)."""

    code = "store_error"


class ConflictError(StoreError):
    """Another writer appended an action at this index first (code ``conflict``)."""

    code = "conflict"


@attrs.frozen
class SeatRecord:
    """A seat: its name, the hash of its player's token (None: free), or its bot."""

    seat: int
    name: str
    token_hash: str | None = None
    bot: str | None = None


@attrs.frozen
class TableRecord:
    """A table: its id, its game, its log header, when it was made, its result."""

    id: str
    game: str
    header: dict[str, Any]
    created: float
    seats: tuple[SeatRecord, ...]
    result: dict[str, Any] | None = None


@attrs.frozen
class Action:
    """One action of a table, in order: a ``move`` (its JSON) or an ``undo``
    (``{"seat": s}``)."""

    index: int
    kind: str
    data: dict[str, Any]


def hash_token(token: str) -> str:
    """The hex SHA-256 of a seat token: what the store keeps instead of the token."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(stored: str | None, token: str | None) -> bool:
    """True when ``token`` is the one whose hash is ``stored``, compared in constant time."""
    if stored is None or not token:
        return False
    return hmac.compare_digest(stored, hash_token(token))


class Store(Protocol):
    """What the host asks of its storage. Every method is synchronous and thread safe."""

    quick: bool
    """True when every call returns in microseconds (an embedded database): the host
    then calls it on its event loop instead of handing each call to a thread."""

    def create_table(self, record: TableRecord) -> None:
        """Keep a new table and its seats."""
        ...

    def table(self, table_id: str) -> TableRecord | None:
        """A table, or None."""
        ...

    def tables(self, limit: int = 100) -> list[TableRecord]:
        """The newest tables first."""
        ...

    def actions(self, table_id: str, since: int = 0) -> list[Action]:
        """A table's actions from index ``since`` on."""
        ...

    def append(self, table_id: str, action: Action, result: dict[str, Any] | None) -> None:
        """Append ``action`` at its index (``ConflictError`` if that index is taken) and,
        in the same transaction, record ``result`` when the game is over."""
        ...

    def claim_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        """Give a free seat (no token, no bot) to a player; False if it is not free."""
        ...

    def set_bot(self, table_id: str, seat: int, bot: str) -> None:
        """Let a bot play a seat from now on (its token, if any, dies)."""
        ...

    def close(self) -> None:
        """Release the connection."""
        ...


def _record(row: Sequence[Any], seats: list[SeatRecord]) -> TableRecord:
    table_id, game, header, created, result = row
    return TableRecord(table_id, game, json.loads(header), float(created), tuple(seats),
                       None if result is None else json.loads(result))


class SQLiteStore:
    """The store in one SQLite file, in WAL mode (readers never wait for the writer)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.quick = True  # a local file in WAL mode: reads and commits take microseconds
        self._lock = threading.Lock()
        # One connection, shared under a lock: SQLite writes one transaction at a time.
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None,
                                   timeout=30)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")  # durable across a crash of the process
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()

    def _migrate(self) -> None:
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("CREATE TABLE IF NOT EXISTS aves_schema (version INTEGER NOT NULL)")
                row = db.execute("SELECT max(version) FROM aves_schema").fetchone()
                current = row[0] or 0
                if current > SCHEMA_VERSION:
                    raise StoreError(f"{self.path} has schema version {current}, newer than "
                                     f"this aves-core's {SCHEMA_VERSION}")
                for version in range(current + 1, SCHEMA_VERSION + 1):
                    for statement in MIGRATIONS[version]:
                        db.execute(statement)
                    db.execute("INSERT INTO aves_schema VALUES (?)", (version,))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def create_table(self, record: TableRecord) -> None:
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("INSERT INTO game_tables VALUES (?, ?, ?, ?, ?)",
                           (record.id, record.game, json.dumps(record.header), record.created,
                            None if record.result is None else json.dumps(record.result)))
                db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                               [(record.id, seat.seat, seat.name, seat.token_hash, seat.bot)
                                for seat in record.seats])
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def _seats(self, table_id: str) -> list[SeatRecord]:
        rows = self._db.execute("SELECT seat, name, token_hash, bot FROM seats "
                                "WHERE table_id = ? ORDER BY seat", (table_id,)).fetchall()
        return [SeatRecord(*row) for row in rows]

    def table(self, table_id: str) -> TableRecord | None:
        with self._lock:
            row = self._db.execute("SELECT id, game, header, created, result FROM game_tables "
                                   "WHERE id = ?", (table_id,)).fetchone()
            return None if row is None else _record(row, self._seats(table_id))

    def tables(self, limit: int = 100) -> list[TableRecord]:
        with self._lock:
            rows = self._db.execute("SELECT id, game, header, created, result FROM game_tables "
                                    "ORDER BY created DESC LIMIT ?", (limit,)).fetchall()
            return [_record(row, self._seats(row[0])) for row in rows]

    def actions(self, table_id: str, since: int = 0) -> list[Action]:
        with self._lock:
            rows = self._db.execute("SELECT idx, kind, data FROM actions WHERE table_id = ? "
                                    "AND idx >= ? ORDER BY idx", (table_id, since)).fetchall()
        return [Action(index, kind, json.loads(data)) for index, kind, data in rows]

    def append(self, table_id: str, action: Action, result: dict[str, Any] | None) -> None:
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("INSERT INTO actions VALUES (?, ?, ?, ?)",
                           (table_id, action.index, action.kind, json.dumps(action.data)))
                if result is not None:
                    db.execute("UPDATE game_tables SET result = ? WHERE id = ?",
                               (json.dumps(result), table_id))
                db.execute("COMMIT")
            except sqlite3.IntegrityError:
                db.execute("ROLLBACK")
                raise ConflictError(f"table {table_id}: action {action.index} was written "
                                    "by another move first") from None
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def claim_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        with self._lock:
            cursor = self._db.execute(
                "UPDATE seats SET token_hash = ? WHERE table_id = ? AND seat = ? "
                "AND token_hash IS NULL AND bot IS NULL", (token_hash, table_id, seat))
            return cursor.rowcount == 1

    def set_bot(self, table_id: str, seat: int, bot: str) -> None:
        with self._lock:
            self._db.execute("UPDATE seats SET token_hash = NULL, bot = ? "
                             "WHERE table_id = ? AND seat = ?", (bot, table_id, seat))

    def version(self) -> int:
        """A number that changes whenever another connection commits (polled by workers
        that share one file to see each other's moves)."""
        with self._lock:
            value: int = self._db.execute("PRAGMA data_version").fetchone()[0]
            return value

    def close(self) -> None:
        with self._lock:
            self._db.close()


def open_store(url: str | Path) -> Store:
    """A store from a URL: ``postgresql://...`` (or ``postgres://``) for PostgreSQL,
    anything else a SQLite file's path (``sqlite:///path`` also works)."""
    text = str(url)
    if text.startswith(("postgresql://", "postgres://")):
        from aves_core.host.pgstore import PostgresStore

        return PostgresStore(text)
    return SQLiteStore(text.removeprefix("sqlite://"))


def new_created() -> float:
    """The creation time of a new table (seconds since the epoch)."""
    return time.time()
