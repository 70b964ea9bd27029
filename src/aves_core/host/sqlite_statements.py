"""The SQLite store's statements, each given a connection (``aves_core.host.sqlite``
runs them: on the event loop's connection, the writer thread's or a reading thread's)."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from aves_core.host.store import (
    ACTION_COLUMNS,
    TABLE_COLUMNS,
    Action,
    ConflictError,
    SeatRecord,
    TableRecord,
    _action,
    _json_or_none,
    _record,
    _stored_at,
    spend,
    whole_before,
)
from aves_core.host.wire import encode

__all__ = ["INSERT", "SET_DEADLINE", "SET_RESULT", "actions", "admit", "after_insert",
           "append", "append_arguments", "claim_seat", "create_table", "data_version", "due",
           "end_read", "insert_many", "seats", "set_bot", "table", "tables"]


def admit(db: sqlite3.Connection, client: str, now: float, burst: int,
          per_minute: float) -> float:
    """``Store.admit``, in the writer's transaction (``BEGIN IMMEDIATE``: no other
    process writes between the read and the write)."""
    db.execute("DELETE FROM allowances WHERE at < ?", (whole_before(now, burst, per_minute),))
    row = db.execute("SELECT tokens, at FROM allowances WHERE client = ?",
                     (client,)).fetchone()
    tokens, wait = spend(row, now, burst, per_minute)
    if not wait:
        db.execute("INSERT INTO allowances (client, tokens, at) VALUES (?, ?, ?) "
                   "ON CONFLICT (client) DO UPDATE SET tokens = excluded.tokens, "
                   "at = excluded.at", (client, tokens, now))
    return wait


def create_table(db: sqlite3.Connection, record: TableRecord) -> None:
    """Insert a new table and its seats."""
    db.execute(f"INSERT INTO game_tables ({TABLE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               (record.id, record.game, json.dumps(record.header), record.created,
                _json_or_none(record.result), _json_or_none(record.clock), record.owner,
                record.deadline))
    db.executemany("INSERT INTO seats (table_id, seat, name, token_hash, bot) "
                   "VALUES (?, ?, ?, ?, ?)",
                   [(record.id, seat.seat, seat.name, seat.token_hash, seat.bot)
                    for seat in record.seats])


def seats(db: sqlite3.Connection, table_id: str) -> list[SeatRecord]:
    """A table's seats, in order."""
    rows = db.execute("SELECT seat, name, token_hash, bot FROM seats "
                      "WHERE table_id = ? ORDER BY seat", (table_id,)).fetchall()
    return [SeatRecord(*row) for row in rows]


def table(db: sqlite3.Connection, table_id: str) -> TableRecord | None:
    """A table and its seats, or None."""
    # One read transaction, so the table and its seats are of one moment.
    db.execute("BEGIN")
    try:
        row = db.execute(f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE id = ?",
                         (table_id,)).fetchone()
        return None if row is None else _record(row, seats(db, table_id))
    finally:
        end_read(db)


def tables(db: sqlite3.Connection, limit: int) -> list[TableRecord]:
    """The newest tables first, with their seats."""
    db.execute("BEGIN")
    try:
        rows = db.execute(f"SELECT {TABLE_COLUMNS} FROM game_tables "
                          "ORDER BY created DESC LIMIT ?", (limit,)).fetchall()
        return [_record(row, seats(db, row[0])) for row in rows]
    finally:
        end_read(db)


def end_read(db: sqlite3.Connection) -> None:
    """End a read transaction (it wrote nothing: a rollback loses nothing, and leaves
    the connection ready for the next read whatever happened in it)."""
    if db.in_transaction:
        db.execute("ROLLBACK")


def actions(db: sqlite3.Connection, table_id: str, since: int) -> list[Action]:
    """A table's actions from index ``since`` on."""
    rows = db.execute(f"SELECT {ACTION_COLUMNS} FROM actions WHERE table_id = ? "
                      "AND idx >= ? ORDER BY idx", (table_id, since)).fetchall()
    return [_action(row) for row in rows]


def append_arguments(table_id: str, action: Action, result: dict[str, Any] | None,
                     deadline: float | None = None
                     ) -> tuple[tuple[Any, ...], str | None, float | None]:
    """An append's row of ``actions``, its result's JSON (None: the game goes on) and
    the clock's next deadline (None: no clock)."""
    # orjson (wire.encode): an append a move, and the standard library's dumps was a
    # tenth of a move's store time.
    return ((table_id, action.index, action.kind, encode(action.data),
             _stored_at(action)), None if result is None else encode(result), deadline)


INSERT = "INSERT INTO actions (table_id, idx, kind, data, at) VALUES "
SET_RESULT = "UPDATE game_tables SET result = ?, owner = NULL, deadline = NULL WHERE id = ?"
SET_DEADLINE = "UPDATE game_tables SET deadline = ? WHERE id = ?"


def insert_many(count: int) -> str:
    """The statement that appends ``count`` actions at once."""
    return INSERT + ", ".join(["(?, ?, ?, ?, ?)"] * count)


def append(db: sqlite3.Connection, row: tuple[Any, ...], result: str | None,
           deadline: float | None = None) -> None:
    """Append one action (ConflictError if its index is taken) and the result, if any,
    or the clock's next deadline, if any."""
    try:
        db.execute(insert_many(1), row)
    except sqlite3.IntegrityError:
        raise ConflictError(f"table {row[0]}: action {row[1]} was written by another "
                            "move first") from None
    after_insert(db, row[0], result, deadline)


def after_insert(db: sqlite3.Connection, table_id: str, result: str | None,
                 deadline: float | None) -> None:
    """What an append stores besides its action: the result, else the next deadline."""
    if result is not None:
        db.execute(SET_RESULT, (result, table_id))
    elif deadline is not None:
        db.execute(SET_DEADLINE, (deadline, table_id))


def due(db: sqlite3.Connection, before: float, limit: int) -> list[str]:
    """The unfinished tables whose deadline is ``before`` or earlier, earliest first."""
    rows = db.execute("SELECT id FROM game_tables WHERE deadline <= ? AND result IS NULL "
                      "ORDER BY deadline LIMIT ?", (before, limit)).fetchall()
    return [row[0] for row in rows]


def claim_seat(db: sqlite3.Connection, table_id: str, seat: int, token_hash: str) -> bool:
    """Give a free seat a token's hash; whether it was free."""
    cursor = db.execute("UPDATE seats SET token_hash = ? WHERE table_id = ? AND seat = ? "
                        "AND token_hash IS NULL AND bot IS NULL", (token_hash, table_id, seat))
    return cursor.rowcount == 1


def set_bot(db: sqlite3.Connection, table_id: str, seat: int, bot: str) -> None:
    """Let a bot play a seat (its token dies)."""
    db.execute("UPDATE seats SET token_hash = NULL, bot = ? WHERE table_id = ? AND seat = ?",
               (bot, table_id, seat))


def data_version(db: sqlite3.Connection) -> int:
    """SQLite's data version of this connection (changes when another connection commits)."""
    value: int = db.execute("PRAGMA data_version").fetchone()[0]
    return value


