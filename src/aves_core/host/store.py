"""Storage for hosted tables: the one interface (``Store``) and the records behind it.

Its implementations are SQLite (``aves_core.host.sqlite``, the default: one file,
nothing to install) and PostgreSQL (``aves_core.host.pgstore``, for several workers
or machines); ``aves_core.host.stores.open_store`` picks one from a URL. This
module knows none of them.

The schema is the same in both: ``game_tables`` (a table's game, its log header
as the game's log format writes it, when it was made, its result once over and
its time control as JSON, NULL for none, that clock's next deadline, and the
client that made it while it is unfinished: see ``TableRecord.owner``),
``allowances`` (each client's allowance of new tables, a token bucket: see
``Store.admit``), ``seats`` (each seat's name, the
SHA-256 of its player's token, or the bot playing it) and ``actions`` (every
move, with the chance moves drawn after it, and every undo, in order, each with
the time it was stored: a table's clocks are computed from these times, so they
survive a restart and agree across workers; NULL in rows written before schema
version 2). An action is appended at the index the writer expects: the pair (table,
index) is unique, so when two workers race to apply a move for one turn, exactly
one succeeds and the other gets a ``ConflictError``. Nothing but actions is
needed to rebuild a table, so a restart loses nothing that was acknowledged.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Sequence
from typing import Any, Protocol

import attrs

from aves_core.kernel.errors import AvesError

__all__ = [
    "SCHEMA_VERSION",
    "Action",
    "ConflictError",
    "SeatRecord",
    "Store",
    "StoreBusyError",
    "StoreError",
    "TableRecord",
    "hash_token",
    "token_matches",
]

SCHEMA_VERSION = 5
"""The version of the stores' tables: a store of an older version is migrated when it
opens, and one of a newer version refused."""

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
    # Time controls: a table's control (JSON, NULL for none) and when each action was
    # stored (NULL in the rows of older versions, which then count as taking no time).
    2: (
        "ALTER TABLE game_tables ADD COLUMN clock TEXT",
        "ALTER TABLE actions ADD COLUMN at DOUBLE PRECISION",
    ),
    # Whose bots a table's are (its maker's address, NULL once it is over): every worker,
    # before or after a restart, thinks one move at a time per client. Rows of older
    # versions have none: their tables' bots count as a client each, as they did.
    3: (
        "ALTER TABLE game_tables ADD COLUMN owner TEXT",
    ),
    # A clock's next deadline, so that a worker finds the clocks about to run out in the
    # store, not by keeping every clocked table in memory. Unfinished clocked tables of
    # older versions are due at once: a worker loads each once and stores its deadline
    # with its next action.
    4: (
        "ALTER TABLE game_tables ADD COLUMN deadline DOUBLE PRECISION",
        "UPDATE game_tables SET deadline = created WHERE clock IS NOT NULL AND result IS NULL",
        "CREATE INDEX game_tables_deadline ON game_tables (deadline)",
    ),
    # Each client's allowance of new tables (a token bucket: the tokens it had at ``at``,
    # seconds since the epoch), kept here so that every worker and every restart counts
    # the same one. A row whose bucket is full again is deleted (by ``at``).
    5: (
        """CREATE TABLE allowances (
             client TEXT PRIMARY KEY,
             tokens DOUBLE PRECISION NOT NULL,
             at DOUBLE PRECISION NOT NULL)""",
        "CREATE INDEX allowances_at ON allowances (at)",
    ),
}

TABLE_COLUMNS = "id, game, header, created, result, clock, owner, deadline"
"""The columns of ``game_tables`` that ``_record`` reads, in its order."""

ACTION_COLUMNS = "idx, kind, data, at"
"""The columns of ``actions`` that ``_action`` reads, in its order."""


class StoreError(AvesError, RuntimeError):
    """The store cannot do what was asked (code ``store_error``)."""

    code = "store_error"


class StoreBusyError(StoreError):
    """The database stayed locked by another process for longer than a write may wait
    (code ``store_busy``): nothing was written, and the write may be tried again."""

    code = "store_busy"


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
    """A table: its id, its game, its log header, when it was made, its result, its
    time control (``TimeControl.to_json()``'s dict; None: no time control) and its
    owner: the client that made it (its address), whose bots think one move at a time
    on every worker; the store forgets it when the result is recorded, and None (a
    table made before schema version 3, or over) makes the table a client of its own."""

    id: str
    game: str
    header: dict[str, Any]
    created: float
    seats: tuple[SeatRecord, ...]
    result: dict[str, Any] | None = None
    clock: dict[str, Any] | None = None
    owner: str | None = None
    deadline: float | None = None
    """When the table's clock next runs out, as last stored (None: no clock, or the game
    is over; ``math.inf``: nobody is to move)."""


@attrs.frozen
class Action:
    """One action of a table, in order: a ``move`` (its JSON), ``moves`` (``{"moves":
    [...]}``: a move and the chance moves drawn after it, in a game with chance during
    play; with ``"timeout": s`` when a bot played it for seat ``s``, whose time ran
    out), an ``undo`` (``{"seat": s}``) or a ``leave`` (``{"seat": s, "bot": name}``:
    the player left and the bot plays the seat from then on); ``at`` is when it was
    stored (seconds since the epoch; None for an action stored before schema version
    2)."""

    index: int
    kind: str
    data: dict[str, Any]
    at: float | None = None


def hash_token(token: str) -> str:
    """The hex SHA-256 of a seat token: what the store keeps instead of the token."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(stored: str | None, token: str | None) -> bool:
    """True when ``token`` is the one whose hash is ``stored``, compared in constant time."""
    if stored is None or not token:
        return False
    return hmac.compare_digest(stored, hash_token(token))


class Store(Protocol):
    """What the host asks of its storage. Every method is synchronous and thread safe.

    The host calls each method in a thread of its own (never on its event loop: a call
    may wait for a lock or a server), unless the store also has a coroutine ``run(call,
    *arguments)``, which then runs ``call`` (one of the store's methods) off the event
    loop its own way and returns its result: the SQLite store does, with a writer thread
    that commits many writes at once (``aves_core.host.sqlite``). A store may also have
    ``version_now()``: a number, read at once without waiting (None when it cannot be),
    that stays the same while no other connection commits; the host then skips
    looking for other workers' actions before a request when it has not changed."""

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

    def append(self, table_id: str, action: Action, result: dict[str, Any] | None,
               deadline: float | None = None) -> None:
        """Append ``action`` at its index (``ConflictError`` if that index is taken) and,
        in the same transaction, record ``result`` when the game is over (and forget the
        table's owner and deadline: a finished table has no bot to schedule and no
        clock), else the clock's next ``deadline`` (None: the table has no clock). The
        action is stored with its ``at``, or the current time when ``at`` is None (pass
        ``at`` to know the exact time a clock will read back)."""
        ...

    def due(self, before: float, limit: int) -> list[str]:
        """The unfinished tables whose stored deadline is ``before`` or earlier, the
        earliest first, ``limit`` at most."""
        ...

    def claim_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        """Give a free seat (no token, no bot) to a player; False if it is not free."""
        ...

    def set_bot(self, table_id: str, seat: int, bot: str) -> None:
        """Let a bot play a seat from now on (its token, if any, dies)."""
        ...

    def admit(self, client: str, now: float, burst: int, per_minute: float) -> float:
        """Take one new table from ``client``'s allowance (``burst`` at once, refilled at
        ``per_minute``) at time ``now``: 0.0 when taken, else the seconds until it can be
        (nothing taken). Atomic across workers: racing calls never take more than the
        allowance holds. Rows of clients whose allowance is whole again are deleted."""
        ...

    def close(self) -> None:
        """Release the connection."""
        ...


def spend(row: Sequence[Any] | None, now: float, burst: int,
          per_minute: float) -> tuple[float, float]:
    """A client's allowance after one more table at ``now``, from its ``allowances`` row
    (``tokens, at``; None: whole): the tokens left and 0.0, or, when none is left, the
    tokens as they are (refilled to ``now``) and the seconds to wait for one."""
    tokens = float(burst)
    if row is not None:  # refilled since; a clock set back refills nothing
        tokens = min(tokens, float(row[0]) + max(0.0, now - float(row[1])) * per_minute / 60)
    if tokens < 1:
        return tokens, (1 - tokens) * 60 / per_minute
    return tokens - 1, 0.0


def whole_before(now: float, burst: int, per_minute: float) -> float:
    """The ``at`` before which every allowance is whole again (its row may go)."""
    return now - burst * 60 / per_minute


def _record(row: Sequence[Any], seats: list[SeatRecord]) -> TableRecord:
    """A ``TableRecord`` from a row of ``TABLE_COLUMNS``."""
    table_id, game, header, created, result, clock, owner, deadline = row
    return TableRecord(table_id, game, json.loads(header), float(created), tuple(seats),
                       None if result is None else json.loads(result),
                       None if clock is None else json.loads(clock), owner,
                       None if deadline is None else float(deadline))


def _action(row: Sequence[Any]) -> Action:
    """An ``Action`` from a row of ``ACTION_COLUMNS``."""
    index, kind, data, at = row
    return Action(index, kind, json.loads(data), None if at is None else float(at))


def _json_or_none(value: dict[str, Any] | None) -> str | None:
    return None if value is None else json.dumps(value)


def _stored_at(action: Action) -> float:
    """The time to store with ``action``: its own, or now."""
    return time.time() if action.at is None else action.at


def new_created() -> float:
    """The creation time of a new table (seconds since the epoch)."""
    return time.time()
