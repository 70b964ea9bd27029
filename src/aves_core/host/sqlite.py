"""The SQLite store: one file, nothing to install (WAL, so readers never wait)."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path
from typing import Any

from aves_core.host.store import (
    ACTION_COLUMNS,
    MIGRATIONS,
    SCHEMA_VERSION,
    TABLE_COLUMNS,
    Action,
    ConflictError,
    SeatRecord,
    StoreError,
    TableRecord,
    _action,
    _json_or_none,
    _record,
    _stored_at,
)

__all__ = ["SQLiteStore"]


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
                    db.execute("INSERT INTO aves_schema (version) VALUES (?)", (version,))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def create_table(self, record: TableRecord) -> None:
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute(f"INSERT INTO game_tables ({TABLE_COLUMNS}) "
                           "VALUES (?, ?, ?, ?, ?, ?)",
                           (record.id, record.game, json.dumps(record.header), record.created,
                            _json_or_none(record.result), _json_or_none(record.clock)))
                db.executemany("INSERT INTO seats (table_id, seat, name, token_hash, bot) "
                               "VALUES (?, ?, ?, ?, ?)",
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
            row = self._db.execute(f"SELECT {TABLE_COLUMNS} FROM game_tables "
                                   "WHERE id = ?", (table_id,)).fetchone()
            return None if row is None else _record(row, self._seats(table_id))

    def tables(self, limit: int = 100) -> list[TableRecord]:
        with self._lock:
            rows = self._db.execute(f"SELECT {TABLE_COLUMNS} FROM game_tables "
                                    "ORDER BY created DESC LIMIT ?", (limit,)).fetchall()
            return [_record(row, self._seats(row[0])) for row in rows]

    def actions(self, table_id: str, since: int = 0) -> list[Action]:
        with self._lock:
            rows = self._db.execute(f"SELECT {ACTION_COLUMNS} FROM actions WHERE table_id = ? "
                                    "AND idx >= ? ORDER BY idx", (table_id, since)).fetchall()
        return [_action(row) for row in rows]

    def append(self, table_id: str, action: Action, result: dict[str, Any] | None) -> None:
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("INSERT INTO actions (table_id, idx, kind, data, at) "
                           "VALUES (?, ?, ?, ?, ?)",
                           (table_id, action.index, action.kind, json.dumps(action.data),
                            _stored_at(action)))
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
