"""The SQLite store: one file, nothing to install, in WAL mode.

No call may hold the host's event loop while it waits for the database's lock:
another process can hold it as long as it likes (a backup, a shell, another
worker), and a loop that waits answers nobody. So the host's calls (``run``)
are made on the event loop only on a connection that never waits (busy timeout
0: if the lock is taken it fails at once, having done nothing), and whatever
that connection cannot do at once goes to threads that may wait:

- The writes an event loop asks for in one turn of the loop are committed
  together in its next turn, on the event loop, if the lock can be taken at
  once (group commit: a move's append costs less when its pages are written
  with other tables' appends; no fsync in WAL mode with synchronous=NORMAL, and
  that connection never checkpoints, which would fsync). If the lock is taken,
  they go to the store's writer thread, which waits for it and commits every
  write waiting at that moment in one transaction. Either way an append whose
  index is taken gets its own ``ConflictError`` (in a savepoint) and the others
  commit, and nothing is acknowledged before its commit. A write that cannot
  get the lock within ``busy_seconds`` of being asked fails with
  ``StoreBusyError`` and writes nothing.
- A read never waits for a writer in WAL mode: the host's small reads (a
  table's new actions, its record, the data version) are made at once on the
  event loop, and only if that fails (a lock of an unusual kind) in a thread,
  waiting ``busy_seconds`` at most. Larger reads (the lobby's list) run in a
  thread.
- The writer thread also checkpoints the WAL into the database file every
  second there were writes (the fsyncs happen there, never on the event loop).

Why not every call in threads: handing each write to a writer thread (even in
groups) measured 12-15% more server CPU a move than this, the two threads
taking Python's interpreter lock from each other around every statement.
Callers in other threads (``aves export``, tests) use the synchronous methods,
which wait in their own thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aves_core.host import sqlite_statements as sql
from aves_core.host.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    Action,
    StoreBusyError,
    StoreError,
    TableRecord,
)

__all__ = ["BUSY_SECONDS", "SQLiteStore"]

BUSY_SECONDS = 5.0
"""How long a write may wait for a lock another process holds (then StoreBusyError)."""
CHECKPOINT_SECONDS = 1.0
"""How often the writer thread checkpoints the WAL when there were writes..."""
CHECKPOINT_COMMITS = 500
"""...and after how many commits on the event loop's connection at the latest (each
adds about two pages to the WAL: SQLite's own autocheckpoint comes at 1,000 pages)."""
OPEN_SECONDS = 30.0
"""How long opening the store (its migration) may wait for the lock."""
_SLICE_MS = 50
"""The writer waits for the lock this long at a time, then fails the writes whose time
is up and takes in the writes that came meanwhile."""
_BATCH = 512
"""The most writes one transaction commits."""

Work = Callable[..., Any]


class _Job:
    """A write (or the writer's own read of the data version) waiting for the writer.

    ``loop`` and ``future``: an event loop's caller, woken through the loop; else
    ``event``, set for a caller that blocks in its thread."""

    __slots__ = ("arguments", "deadline", "error", "event", "future", "loop", "result",
                 "transaction", "work")

    def __init__(self, work: Work, arguments: tuple[Any, ...], deadline: float,
                 transaction: bool = True) -> None:
        self.work, self.arguments, self.deadline = work, arguments, deadline
        self.transaction = transaction
        self.result: Any = None
        self.error: BaseException | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.future: asyncio.Future[Any] | None = None
        self.event: threading.Event | None = None


def _failed(error: BaseException) -> BaseException:
    """What a job's caller is given for ``error``: the database's own errors (a disk
    full, a file that is not a database) as the StoreError the host answers 503."""
    if isinstance(error, sqlite3.Error):
        return StoreBusyError(f"SQLite: {error}") if _busy(error) else StoreError(
            f"SQLite: {error}")
    return error


def _busy(error: sqlite3.Error) -> bool:
    """Whether an error says the database is locked by another connection."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "locked" in str(error)


class SQLiteStore:
    """The store in one SQLite file, in WAL mode. The host's calls (``run``) never wait on
    its event loop: what cannot be done at once there is done by a writer thread with
    group commit, or a reading thread (see the module's text). A write waits
    ``busy_seconds`` at most for another process's lock (then StoreBusyError)."""

    def __init__(self, path: str | Path, *, busy_seconds: float = BUSY_SECONDS) -> None:
        self.path = str(path)
        self.busy_seconds = busy_seconds
        self._closed = False
        self._stopping = False  # the writer saw close()'s mark
        self._connections: list[sqlite3.Connection] = []
        self._connections_lock = threading.Lock()
        # Reads in other threads now: close() waits for them (closing a connection while
        # another thread runs a statement on it crashes the process).
        self._reading = 0
        self._reads_done = threading.Condition(self._connections_lock)
        self._local = threading.local()
        self._writer_db = self._connect(OPEN_SECONDS)
        self._writer_db.execute("PRAGMA journal_mode=WAL")
        # Durable across a crash of the process; the WAL is synced at checkpoints (which
        # run in the writer thread, never on the event loop). A setting of each
        # connection that writes (else FULL: an fsync a commit, 200 µs here).
        self._writer_db.execute("PRAGMA synchronous=NORMAL")
        self._writer_db.execute("PRAGMA foreign_keys=ON")
        self._migrate()
        self._writer_db.execute(f"PRAGMA busy_timeout={_SLICE_MS}")
        # The event loop's connection: it never waits for a lock (it fails at once, and
        # the call is then made in a thread) and never checkpoints (the writer thread
        # does); one caller at a time.
        self._now_db = self._connect(0)
        self._now_db.execute("PRAGMA synchronous=NORMAL")  # as the writer's (see above)
        self._now_db.execute("PRAGMA foreign_keys=ON")
        self._now_db.execute("PRAGMA wal_autocheckpoint=0")
        self._now_lock = threading.Lock()
        self._unchecked = 0  # commits on that connection since the last checkpoint
        self._checkpoint_asked = False
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        # Each event loop's writes of this turn of the loop, committed together next turn.
        self._soon: dict[asyncio.AbstractEventLoop, list[_Job]] = {}
        self._writer = threading.Thread(target=self._write_loop, name="aves-sqlite-writer",
                                        daemon=True)
        self._writer.start()

    def _connect(self, timeout: float) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None,
                             timeout=timeout)
        with self._connections_lock:
            self._connections.append(db)
        return db

    def _migrate(self) -> None:
        db = self._writer_db
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
            self.close()
            raise

    # --- the writer ---------------------------------------------------------------

    def _write_loop(self) -> None:
        """Take the writes as they come and commit all those waiting in one transaction,
        until ``close``; then fail any write that came too late."""
        jobs, db = self._jobs, self._writer_db
        checked = time.monotonic()
        while not self._stopping:
            try:
                first = jobs.get(timeout=CHECKPOINT_SECONDS)
            except queue.Empty:
                first = None
            else:
                if first is None:
                    break
            if first is not None:
                batch = [first]
                self._take(batch)
                self._run(db, batch)
            if self._unchecked and time.monotonic() - checked >= CHECKPOINT_SECONDS:
                checked = time.monotonic()
                self._checkpoint(db)
        while True:
            try:
                job = jobs.get_nowait()
            except queue.Empty:
                return
            if job is not None:
                job.error = StoreError(f"the store {self.path} is closed")
                self._finish([job])

    def _checkpoint(self, db: sqlite3.Connection) -> None:
        """Copy the WAL into the database file and start it again from its beginning.
        RESTART, not PASSIVE: it holds the write lock while it copies (the event loop's
        writes come to this thread meanwhile), else the event loop's connection, which
        writes every few microseconds, would never let the WAL start again, and the
        file would grow without end. If the lock is taken it is tried again later."""
        self._unchecked, self._checkpoint_asked = 0, False
        with contextlib.suppress(sqlite3.Error):
            db.execute("PRAGMA wal_checkpoint(RESTART)").fetchall()

    def _take(self, batch: list[_Job]) -> None:
        """Add the jobs waiting now to ``batch`` (up to ``_BATCH``), until ``close``'s
        mark."""
        while len(batch) < _BATCH and not self._stopping:
            try:
                job = self._jobs.get_nowait()
            except queue.Empty:
                return
            if job is None:
                self._stopping = True
            else:
                batch.append(job)

    def _run(self, db: sqlite3.Connection, batch: list[_Job]) -> None:
        """Commit the batch's writes in one transaction, waiting for the lock while any
        of them may still wait; tell each its outcome."""
        while batch:
            # Reads of the writer's own connection (the data version) need no lock.
            done = [job for job in batch if not job.transaction]
            for job in done:
                self._do(db, job)
            batch = [job for job in batch if job.transaction]
            if batch:
                try:
                    db.execute("BEGIN IMMEDIATE")
                except sqlite3.OperationalError as error:
                    if not _busy(error):
                        for job in batch:
                            job.error = StoreError(f"SQLite: {error}")
                        done += batch
                        batch = []
                    else:
                        # Another process holds the lock: the writes whose time is up
                        # fail (nothing written); the others wait on, with any new ones.
                        now = time.monotonic()
                        for job in batch:
                            if job.deadline <= now:
                                job.error = StoreBusyError(
                                    f"the database {self.path} is locked by another "
                                    f"process: nothing was written in "
                                    f"{self.busy_seconds:g} s; try again")
                        done += [job for job in batch if job.error is not None]
                        batch = [job for job in batch if job.error is None]
                        self._take(batch)
                else:
                    self._commit(db, batch)
                    done += batch
                    batch = []
            self._finish(done)

    def _commit(self, db: sqlite3.Connection, batch: list[_Job]) -> None:
        """The batch's writes, then one commit (the caller began the transaction). The
        appends go in as one statement, all or none: so the writer thread takes the
        interpreter's lock three times a batch (to begin, insert and commit), not three
        times a write, which cost the event loop's thread more than the writes did. If
        that statement fails (an index taken), each write is done in a savepoint of its
        own, and only the one whose index is taken is refused."""
        appends = [job for job in batch if job.work is sql.append]
        others = [job for job in batch if job.work is not sql.append]
        try:
            if appends:
                try:
                    db.execute(sql.insert_many(len(appends)),
                               [value for job in appends for value in job.arguments[0]])
                except sqlite3.IntegrityError:
                    others = batch
                else:
                    for job in appends:  # the result, or the clock's next deadline
                        sql.after_insert(db, job.arguments[0][0], *job.arguments[1:])
            for job in others:
                db.execute("SAVEPOINT job")
                try:
                    job.result = job.work(db, *job.arguments)
                except BaseException as error:
                    db.execute("ROLLBACK TO job")
                    job.error = _failed(error)
                db.execute("RELEASE job")
            db.execute("COMMIT")
        except sqlite3.Error as error:
            # Nothing of the batch is kept: none of it may be acknowledged.
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            failure: StoreError = (StoreBusyError(f"the database {self.path} is locked")
                                   if _busy(error) else StoreError(f"SQLite: {error}"))
            for job in batch:
                job.result, job.error = None, failure

    @staticmethod
    def _do(db: sqlite3.Connection, job: _Job) -> None:
        try:
            job.result = job.work(db, *job.arguments)
        except BaseException as error:
            job.error = _failed(error)

    @staticmethod
    def _finish(done: list[_Job]) -> None:
        """Tell each job's caller: a thread through its event, an event loop's
        coroutine through one call into its loop for all of them."""
        loops: dict[asyncio.AbstractEventLoop, list[_Job]] = {}
        for job in done:
            if job.loop is not None:
                loops.setdefault(job.loop, []).append(job)
            elif job.event is not None:
                job.event.set()
        for loop, jobs in loops.items():
            with contextlib.suppress(RuntimeError):  # that loop is closed: nobody waits
                loop.call_soon_threadsafe(_settle, jobs)

    def _write(self, work: Work, *arguments: Any, transaction: bool = True) -> Any:
        """Run ``work(connection, *arguments)`` in the writer thread and wait for it."""
        job = _Job(work, arguments, time.monotonic() + self.busy_seconds, transaction)
        job.event = threading.Event()
        self._submit(job)
        job.event.wait()
        if job.error is not None:
            raise job.error
        return job.result

    def _submit(self, job: _Job) -> None:
        if self._closed:
            raise StoreError(f"the store {self.path} is closed")
        self._jobs.put(job)

    # --- reads ----------------------------------------------------------------------

    def _read(self, work: Work, *arguments: Any) -> Any:
        """Run ``work(connection, *arguments)`` on this thread's reading connection,
        waiting ``busy_seconds`` at most for a lock."""
        with self._reads_done:
            if self._closed:
                raise StoreError(f"the store {self.path} is closed")
            self._reading += 1
        try:
            db: sqlite3.Connection | None = getattr(self._local, "db", None)
            if db is None:
                db = self._local.db = self._connect(self.busy_seconds)
            return work(db, *arguments)
        except sqlite3.Error as error:
            if _busy(error):
                raise StoreBusyError(f"the database {self.path} stayed locked for "
                                     f"{self.busy_seconds:g} s") from None
            raise _failed(error) from None
        finally:
            with self._reads_done:
                self._reading -= 1
                if not self._reading:
                    self._reads_done.notify_all()

    def _write_soon(self, loop: asyncio.AbstractEventLoop) -> None:
        """The writes a loop asked for in its last turn, in one transaction on the
        connection that never waits (group commit on the event loop: a move's append
        costs less when its pages are written with others'); if the lock is taken, the
        writer thread waits for it instead."""
        batch = self._soon.pop(loop, [])
        if not batch:
            return
        if self._now_lock.acquire(blocking=False):
            try:
                if self._closed:
                    for job in batch:
                        job.error = StoreError(f"the store {self.path} is closed")
                    _settle(batch)
                    return
                db = self._now_db
                try:
                    db.execute("BEGIN IMMEDIATE")
                except sqlite3.OperationalError as error:
                    if not _busy(error):
                        for job in batch:
                            job.error = StoreError(f"SQLite: {error}")
                        _settle(batch)
                        return
                else:
                    self._commit(db, batch)
                    self._unchecked += 1
                    if self._unchecked >= CHECKPOINT_COMMITS and not self._checkpoint_asked:
                        # As SQLite's own autocheckpoint would, but in the writer thread.
                        self._checkpoint_asked = True
                        self._jobs.put(_Job(self._checkpoint, (), math.inf,
                                            transaction=False))
                    _settle(batch)
                    return
            finally:
                self._now_lock.release()
        for job in batch:  # the lock is taken: the writer thread waits for it
            try:
                self._submit(job)
            except StoreError as error:  # closed meanwhile
                job.error = error
                _settle([job])

    def _read_now(self, work: Work, arguments: tuple[Any, ...]) -> tuple[bool, Any]:
        """``work`` on the connection that never waits: (True, its result), or (False,
        None) if that connection is in use or met a lock."""
        if not self._now_lock.acquire(blocking=False):
            return False, None
        try:
            if self._closed:
                raise StoreError(f"the store {self.path} is closed")
            return True, work(self._now_db, *arguments)
        except sqlite3.Error as error:
            if _busy(error):
                return False, None
            raise _failed(error) from None
        finally:
            self._now_lock.release()

    # --- the host's way in -------------------------------------------------------------

    async def run(self, call: Callable[..., Any], *arguments: Any) -> Any:
        """``call`` (one of this store's methods) off the event loop: a write through the
        writer thread; a small read on the connection that never waits, else in a thread
        (see the module's text). Anything else runs in a thread."""
        name = getattr(call, "__name__", "")
        if getattr(call, "__self__", None) is self:
            work = _WRITES.get(name)
            if work is sql.append:
                arguments = sql.append_arguments(*arguments)
            if work is not None:
                loop = asyncio.get_running_loop()
                job = _Job(work, arguments, time.monotonic() + self.busy_seconds)
                job.loop, job.future = loop, loop.create_future()
                soon = self._soon.get(loop)
                if soon is None:
                    soon = self._soon[loop] = []
                    loop.call_soon(self._write_soon, loop)
                soon.append(job)
                return await job.future
            work = _QUICK_READS.get(name)
            if work is not None:
                done, result = self._read_now(work, arguments)
                if done:
                    return result
        return await asyncio.to_thread(call, *arguments)

    # --- the Store ----------------------------------------------------------------------

    def create_table(self, record: TableRecord) -> None:
        self._write(sql.create_table, record)

    def table(self, table_id: str) -> TableRecord | None:
        result: TableRecord | None = self._read(sql.table, table_id)
        return result

    def tables(self, limit: int = 100) -> list[TableRecord]:
        result: list[TableRecord] = self._read(sql.tables, limit)
        return result

    def actions(self, table_id: str, since: int = 0) -> list[Action]:
        result: list[Action] = self._read(sql.actions, table_id, since)
        return result

    def append(self, table_id: str, action: Action, result: dict[str, Any] | None,
               deadline: float | None = None) -> None:
        self._write(sql.append, *sql.append_arguments(table_id, action, result, deadline))

    def due(self, before: float, limit: int) -> list[str]:
        result: list[str] = self._read(sql.due, before, limit)
        return result

    def claim_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        claimed: bool = self._write(sql.claim_seat, table_id, seat, token_hash)
        return claimed

    def set_bot(self, table_id: str, seat: int, bot: str) -> None:
        self._write(sql.set_bot, table_id, seat, bot)

    def admit(self, client: str, now: float, burst: int, per_minute: float) -> float:
        wait: float = self._write(sql.admit, client, now, burst, per_minute)
        return wait

    def version(self) -> int:
        """A number that changes whenever another connection commits (polled by workers
        that share one file to see each other's moves). Through ``run`` it is read on the
        event loop's connection, whose own commits (most of this process's) do not
        change it."""
        value: int = self._read(sql.data_version)
        return value

    def version_now(self) -> int | None:
        """The event loop connection's ``version`` now, or None if that connection is in
        use (it never waits). Two numbers from it compare: equal, no other connection
        (another worker's, or this store's writer thread) has committed between them,
        so a worker need not look for news (the host's catch-up before every request)."""
        done, version = self._read_now(sql.data_version, ())
        return version if done else None

    def close(self) -> None:
        """Let the writer finish what it was given and the reads under way end, then
        close every connection."""
        with self._reads_done:
            if self._closed:
                return
            self._closed = True
        writer = getattr(self, "_writer", None)
        if writer is not None and writer.is_alive():
            self._jobs.put(None)
            writer.join()
        now_lock = getattr(self, "_now_lock", None)
        with now_lock if now_lock is not None else contextlib.nullcontext():
            with self._reads_done:
                # A read waits busy_seconds at most for a lock, so this ends.
                self._reads_done.wait_for(lambda: not self._reading)
                connections, self._connections = self._connections, []
            for db in connections:
                with contextlib.suppress(sqlite3.Error):
                    db.close()


def _settle(jobs: list[_Job]) -> None:
    """On a job's event loop: its coroutine gets the outcome (unless it stopped waiting)."""
    for job in jobs:
        future = job.future
        if future is None or future.done():
            continue
        if job.error is not None:
            future.set_exception(job.error)
        else:
            future.set_result(job.result)


_WRITES: dict[str, Work] = {"create_table": sql.create_table, "append": sql.append,
                            "claim_seat": sql.claim_seat, "set_bot": sql.set_bot}
"""The store's writes, by method name: tried on the event loop first, else done by the
writer thread."""
_QUICK_READS: dict[str, Work] = {"actions": sql.actions, "table": sql.table,
                                 "version": sql.data_version}
"""The small reads the host makes on every request: tried on the event loop first."""
