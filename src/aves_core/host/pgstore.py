"""The PostgreSQL store (psycopg 3), for hosts with several workers or machines.

The schema and the rules are the store's (``aves_core.host.store``): the same
tables, the same migrations, an action appended under the unique (table,
index) key. Each append also sends ``NOTIFY aves_actions, '<table>'`` in its
transaction, so every worker that ``listen``s learns of a move the moment it is
committed, whichever worker made it. A small pool of connections lets several
tables write at once.

A database that goes away and comes back (a restart, a fail-over, an idle
connection cut by a proxy) costs each pooled connection at most one failed call,
a ``StoreError`` the host answers 503, and usually none: a connection is looked
at as it is taken (one ``poll`` of its socket: an idle connection has nothing
to read unless the server closed it) and one found closed is replaced; one that
broke during a call is replaced the next time it is taken. The listener connects
again by itself.
"""

from __future__ import annotations

import json
import logging
import queue
import select
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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
    spend,
    whole_before,
)

try:
    import psycopg
    from psycopg import errors as pg_errors
except ImportError as error:  # pragma: no cover - the web extra is not installed
    raise StoreError("PostgreSQL needs psycopg: pip install 'aves-core[web]'") from error

__all__ = ["CHANNEL", "PostgresStore"]

CHANNEL = "aves_actions"
"""The channel every append notifies with the table's id."""

_LOG = logging.getLogger("aves_core.host")
_RELISTEN_SECONDS = 0.5  # between a lost LISTEN connection and the next try
_CLOCK_MARGIN_SECONDS = 10.0  # how far another machine's clock may be behind this one's


class PostgresStore:
    """The store in a PostgreSQL database at ``url``, ``connections`` at a time."""

    def __init__(self, url: str, connections: int = 4) -> None:
        self.url = url
        self._pool: queue.Queue[psycopg.Connection[Any]] = queue.Queue()
        self._own: set[int] = set()  # the server processes of this store's connections
        self._closing = threading.Event()
        self._listener: threading.Thread | None = None
        self._own_lock = threading.Lock()
        try:
            for _ in range(connections):
                self._pool.put(self._connect())
            self._migrate()
        except StoreError:  # no connection is left open behind a store never made
            self.close()
            raise

    def _connect(self) -> psycopg.Connection[Any]:
        try:
            connection = psycopg.connect(self.url, autocommit=True)
        except psycopg.Error as error:
            raise StoreError(f"cannot connect to PostgreSQL: {error}") from None
        with self._own_lock:
            self._own.add(connection.info.backend_pid)
        return connection

    def _forget(self, connection: psycopg.Connection[Any]) -> None:
        with self._own_lock:
            self._own.discard(connection.info.backend_pid)
        connection.close()

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[Any]]:
        """A pooled connection, a live one: one found broken (the server restarted, a
        proxy cut it) is replaced first. A database error inside is a StoreError; a
        connection it broke goes back to the pool to be replaced when next taken."""
        if self._closing.is_set():
            raise StoreError("the store is closed")
        connection = self._pool.get()
        try:
            if _closed_by_server(connection):
                self._forget(connection)
                connection = self._connect()  # a failure here is a StoreError
            yield connection
        except psycopg.Error as error:
            raise StoreError(f"PostgreSQL: {error}") from None
        finally:
            if self._closing.is_set():  # close() has gone: the last user closes it
                connection.close()
            else:
                self._pool.put(connection)

    def _migrate(self) -> None:
        with self._connection() as db, db.transaction():
            # One migrating worker at a time: the others wait, then find it done.
            db.execute("SELECT pg_advisory_xact_lock(5417)")
            db.execute("CREATE TABLE IF NOT EXISTS aves_schema (version INTEGER NOT NULL)")
            row = db.execute("SELECT max(version) FROM aves_schema").fetchone()
            current = (row[0] if row else None) or 0
            if current > SCHEMA_VERSION:
                raise StoreError(f"the database has schema version {current}, newer than "
                                 f"this aves-core's {SCHEMA_VERSION}")
            for version in range(current + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[version]:
                    db.execute(statement)
                db.execute("INSERT INTO aves_schema (version) VALUES (%s)", (version,))

    def create_table(self, record: TableRecord) -> None:
        with self._connection() as db, db.transaction():
            db.execute(f"INSERT INTO game_tables ({TABLE_COLUMNS}) "
                       "VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                       (record.id, record.game, json.dumps(record.header), record.created,
                        _json_or_none(record.result), _json_or_none(record.clock),
                        record.owner, record.deadline))
            with db.cursor() as cursor:
                cursor.executemany("INSERT INTO seats (table_id, seat, name, token_hash, bot) "
                                   "VALUES (%s, %s, %s, %s, %s)",
                                   [(record.id, seat.seat, seat.name, seat.token_hash,
                                     seat.bot) for seat in record.seats])

    def _seats(self, db: psycopg.Connection[Any], table_id: str) -> list[SeatRecord]:
        rows = db.execute("SELECT seat, name, token_hash, bot FROM seats WHERE table_id = %s "
                          "ORDER BY seat", (table_id,)).fetchall()
        return [SeatRecord(*row) for row in rows]

    def table(self, table_id: str) -> TableRecord | None:
        with self._connection() as db:
            row = db.execute(f"SELECT {TABLE_COLUMNS} FROM game_tables "
                             "WHERE id = %s", (table_id,)).fetchone()
            return None if row is None else _record(row, self._seats(db, table_id))

    def tables(self, limit: int = 100) -> list[TableRecord]:
        with self._connection() as db:
            rows = db.execute(f"SELECT {TABLE_COLUMNS} FROM game_tables "
                              "ORDER BY created DESC LIMIT %s", (limit,)).fetchall()
            return [_record(row, self._seats(db, row[0])) for row in rows]

    def actions(self, table_id: str, since: int = 0) -> list[Action]:
        with self._connection() as db:
            rows = db.execute(f"SELECT {ACTION_COLUMNS} FROM actions WHERE table_id = %s "
                              "AND idx >= %s ORDER BY idx", (table_id, since)).fetchall()
        return [_action(row) for row in rows]

    def append(self, table_id: str, action: Action, result: dict[str, Any] | None,
               deadline: float | None = None) -> None:
        row = (table_id, action.index, action.kind, json.dumps(action.data),
               _stored_at(action))
        with self._connection() as db:
            try:
                if result is None and deadline is not None:
                    # A clocked table's move: its next deadline in the same statement
                    # (a failed insert fails it all).
                    db.execute("WITH added AS (INSERT INTO actions (table_id, idx, kind, "
                               "data, at) VALUES (%s, %s, %s, %s, %s) RETURNING table_id), "
                               "timed AS (UPDATE game_tables SET deadline = %s WHERE id = "
                               "%s) SELECT pg_notify(%s, table_id) FROM added",
                               (*row, deadline, table_id, CHANNEL))
                    return
                if result is None:
                    # A move of a game that goes on: one statement, so one round trip
                    # (a transaction of its own in autocommit) instead of four.
                    db.execute("WITH added AS (INSERT INTO actions (table_id, idx, kind, "
                               "data, at) VALUES (%s, %s, %s, %s, %s) RETURNING table_id) "
                               "SELECT pg_notify(%s, table_id) FROM added", (*row, CHANNEL))
                    return
                with db.transaction():
                    db.execute("INSERT INTO actions (table_id, idx, kind, data, at) "
                               "VALUES (%s, %s, %s, %s, %s)", row)
                    db.execute("UPDATE game_tables SET result = %s, owner = NULL, deadline = NULL "
                               "WHERE id = %s",
                               (json.dumps(result), table_id))
                    db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, table_id))
            except pg_errors.UniqueViolation:
                raise ConflictError(f"table {table_id}: action {action.index} was written "
                                    "by another move first") from None

    def due(self, before: float, limit: int) -> list[str]:
        with self._connection() as db:
            rows = db.execute("SELECT id FROM game_tables WHERE deadline <= %s AND result "
                              "IS NULL ORDER BY deadline LIMIT %s", (before, limit)).fetchall()
        return [row[0] for row in rows]

    def claim_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        with self._connection() as db:
            cursor = db.execute(
                "UPDATE seats SET token_hash = %s WHERE table_id = %s AND seat = %s "
                "AND token_hash IS NULL AND bot IS NULL", (token_hash, table_id, seat))
            return cursor.rowcount == 1

    def set_bot(self, table_id: str, seat: int, bot: str) -> None:
        with self._connection() as db:
            db.execute("UPDATE seats SET token_hash = NULL, bot = %s WHERE table_id = %s "
                       "AND seat = %s", (bot, table_id, seat))

    def admit(self, client: str, now: float, burst: int, per_minute: float) -> float:
        with self._connection() as db, db.transaction():
            # One admission at a time across every worker, under a lock of its own (the
            # migration's is 5417): between the read and the write no racing creation
            # may spend the same token, and the sweep of whole allowances never
            # deadlocks with another's. Each holds it for a few statements.
            db.execute("SELECT pg_advisory_xact_lock(5418)")
            db.execute("DELETE FROM allowances WHERE at < %s",
                       (whole_before(now, burst, per_minute),))
            row = db.execute("SELECT tokens, at FROM allowances WHERE client = %s",
                             (client,)).fetchone()
            tokens, wait = spend(row, now, burst, per_minute)
            if not wait:
                db.execute("INSERT INTO allowances (client, tokens, at) VALUES (%s, %s, %s) "
                           "ON CONFLICT (client) DO UPDATE SET tokens = excluded.tokens, "
                           "at = excluded.at", (client, tokens, now))
            return wait

    def listen(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(table_id)`` (from a thread of its own) for every action any
        worker commits, until ``close``. When its connection is lost it connects again,
        then calls ``callback`` once for each table that moved meanwhile."""
        if self._listener is not None:
            raise StoreError("this store listens already")

        lost: float | None = None  # when the connection was lost, until heard again

        def run() -> None:
            nonlocal lost
            while not self._closing.is_set():
                try:
                    hear()
                except psycopg.Error as error:  # the server went away: listen again
                    _LOG.warning("the PostgreSQL listener lost its connection: %s", error)
                    lost = time.time() if lost is None else lost
                    self._closing.wait(_RELISTEN_SECONDS)

        def hear() -> None:
            nonlocal lost
            with psycopg.connect(self.url, autocommit=True) as connection:
                connection.execute(f"LISTEN {CHANNEL}")
                if lost is not None:
                    # Listening again: the tables moved meanwhile were not heard. Each
                    # is called now (a margin for the clocks of other machines).
                    rows = connection.execute(
                        "SELECT DISTINCT table_id FROM actions WHERE at >= %s",
                        (lost - _CLOCK_MARGIN_SECONDS,)).fetchall()
                    for (table_id,) in rows:
                        callback(table_id)
                    lost = None
                while not self._closing.is_set():
                    for note in connection.notifies(timeout=0.5):
                        # This store's own appends are known here already: only other
                        # workers' are news (a catch-up each would be a read a move).
                        if note.pid not in self._own:
                            callback(note.payload)

        self._listener = threading.Thread(target=run, name="aves-listen", daemon=True)
        self._listener.start()

    def close(self) -> None:
        """Close the idle connections now, the busy ones when their call ends; later
        calls are a StoreError."""
        self._closing.set()
        while not self._pool.empty():
            self._pool.get().close()
        if self._listener is not None:
            self._listener.join(timeout=2)


def _closed_by_server(connection: psycopg.Connection[Any]) -> bool:
    """Whether an idle pooled connection is gone: closed or broken here, or readable
    (the server's farewell or the socket's end: an idle connection that does not
    LISTEN is sent nothing else, and a rare notice only costs a reconnection)."""
    if connection.closed or connection.broken:
        return True
    try:
        if hasattr(select, "poll"):  # any descriptor number (select's stop at 1024)
            poller = select.poll()
            poller.register(connection.fileno(), select.POLLIN)
            return bool(poller.poll(0))
        readable, _, _ = select.select([connection.fileno()], [], [], 0)  # Windows
    except (OSError, ValueError):
        return True
    return bool(readable)
