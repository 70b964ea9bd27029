"""The host's stores, SQLite and a real PostgreSQL server, against one set of tests: the
schema and its migrations (a version-1 database migrated to the newest keeps its
tables and reads them back), tables and seats, a table's time control and each action's
stored time, the client that made a table (kept until its result), hashed tokens,
actions appended under optimistic concurrency (racing writers: exactly one wins),
durability across a reopen, a database's own failures given as a StoreError, and
PostgreSQL's notification of every append to every listening worker, and its recovery
when the server drops its connections."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import attrs
import pytest

from aves_core.host.sqlite import SQLiteStore
from aves_core.host.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    Action,
    ConflictError,
    SeatRecord,
    Store,
    StoreError,
    TableRecord,
    hash_token,
    token_matches,
)
from aves_core.host.stores import open_store


def record(table_id: str = "t1", seats: int = 3) -> TableRecord:
    return TableRecord(
        table_id, "aves", {"format": "aves-log", "version": 1, "players": ["a", "b", "c"]},
        time.time(),
        tuple(SeatRecord(seat, f"p{seat}", bot="greedy" if seat == 2 else None)
              for seat in range(seats)))


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "tables.db")
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:
    opened = open_store(store_url)
    try:
        yield opened
    finally:
        opened.close()


def test_a_table_and_its_seats_are_kept(store: Store) -> None:
    store.create_table(record())
    kept = store.table("t1")
    assert kept is not None
    assert ("aves", ["a", "b", "c"]) == (kept.game, kept.header["players"])
    assert [None, None, "greedy"] == [seat.bot for seat in kept.seats]
    assert store.table("nope") is None
    assert ["t1"] == [table.id for table in store.tables()]


def test_a_closed_store_refuses_every_call_at_once(store_url: str) -> None:
    """After close (a server shutting down while a task still calls), every call is a
    StoreError at once: none waits for a connection that will never come back."""
    store = open_store(store_url)
    store.create_table(record())
    store.close()
    calls: list[Callable[[], object]] = [lambda: store.table("t1"), lambda: store.tables(),
             lambda: store.actions("t1"), lambda: store.create_table(record("t2")),
             lambda: store.set_bot("t1", 0, "random")]
    for call in calls:
        started = time.monotonic()
        with pytest.raises(StoreError, match="closed"):
            call()
        assert time.monotonic() - started < 1
    store.close()  # twice is harmless


def test_actions_append_in_order_and_an_index_is_written_once(store: Store) -> None:
    store.create_table(record())
    store.append("t1", Action(0, "move", {"type": "pass", "player": 0}), None)
    store.append("t1", Action(1, "undo", {"seat": 0}), None)
    with pytest.raises(ConflictError) as conflict:
        store.append("t1", Action(1, "move", {"type": "pass", "player": 1}), None)
    assert "conflict" == conflict.value.code
    assert [(0, "move"), (1, "undo")] == [(action.index, action.kind)
                                          for action in store.actions("t1")]
    assert [1] == [action.index for action in store.actions("t1", since=1)]
    store.append("t1", Action(2, "move", {"type": "pass", "player": 1}),
                 {"winners": [1], "reason": "deck_empty"})
    kept = store.table("t1")
    assert kept is not None
    assert {"winners": [1], "reason": "deck_empty"} == kept.result


def test_a_clocks_next_deadline_is_kept_with_each_action_and_found_by_time(
        store: Store) -> None:
    clocked = attrs.evolve(record("t1"), clock={"kind": "turn", "per_move": 60},
                           deadline=1_000.0)
    store.create_table(clocked)
    store.create_table(attrs.evolve(record("t2"), clock=clocked.clock, deadline=2_000.0))
    store.create_table(record("t3"))  # no clock: never due
    assert ["t1", "t2"] == store.due(5_000.0, 10)
    assert ["t1"] == store.due(1_500.0, 10)
    store.append("t1", Action(0, "move", {"type": "pass", "player": 0}), None, 3_000.0)
    assert ["t2", "t1"] == store.due(5_000.0, 10)
    assert 3_000.0 == store.table("t1").deadline  # type: ignore[union-attr]
    with pytest.raises(ConflictError):  # a refused action moves no deadline
        store.append("t1", Action(0, "move", {"type": "pass", "player": 1}), None, 10.0)
    assert ["t2"] == store.due(2_500.0, 10)
    store.append("t2", Action(0, "move", {"type": "pass", "player": 0}),
                 {"winners": [0], "reason": "deck_empty"}, 100.0)  # over: no deadline
    assert ["t1"] == store.due(5_000.0, 10)
    assert ["t1"] == store.due(5_000.0, 1)


def test_racing_writers_for_one_index_exactly_one_wins(store_url: str) -> None:
    setup = open_store(store_url)
    setup.create_table(record())
    setup.close()
    writers = [open_store(store_url) for _ in range(4)]  # as separate workers
    outcomes: list[str] = []
    start = threading.Barrier(len(writers) * 2)

    def race(writer: Store, seat: int) -> None:
        start.wait()
        try:
            writer.append("t1", Action(0, "move", {"type": "pass", "player": seat}), None)
            outcomes.append("won")
        except ConflictError:
            outcomes.append("conflict")

    threads = [threading.Thread(target=race, args=(writer, seat))
               for seat, writer in enumerate(writers * 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert (1, 7) == (outcomes.count("won"), outcomes.count("conflict"))
    assert 1 == len(writers[0].actions("t1"))
    for writer in writers:
        writer.close()


def test_tokens_are_kept_hashed_and_a_seat_is_claimed_once(store: Store) -> None:
    store.create_table(record())
    token = "secret-token"
    assert store.claim_seat("t1", 0, hash_token(token))
    assert not store.claim_seat("t1", 0, hash_token("another"))
    assert not store.claim_seat("t1", 2, hash_token("x"))  # a bot's seat
    kept = store.table("t1")
    assert kept is not None
    stored = kept.seats[0].token_hash
    assert stored is not None
    assert token not in stored
    assert token_matches(stored, token)
    assert not token_matches(stored, "secret-tokeN")
    assert not token_matches(None, token)
    assert not token_matches(stored, None)
    store.set_bot("t1", 0, "random")  # the player left: the token dies with the seat
    kept = store.table("t1")
    assert kept is not None
    assert (None, "random") == (kept.seats[0].token_hash, kept.seats[0].bot)


def test_a_reopened_store_has_everything_that_was_written(store_url: str) -> None:
    first = open_store(store_url)
    first.create_table(record())
    first.append("t1", Action(0, "move", {"type": "pass", "player": 0}), None)
    first.close()
    again = open_store(store_url)  # migrating again changes nothing
    assert [0] == [action.index for action in again.actions("t1")]
    again.close()


def test_a_time_control_and_each_actions_time_are_kept(store_url: str) -> None:
    control = {"kind": "realtime", "bank": 300, "bonus": 10}
    first = open_store(store_url)
    first.create_table(attrs.evolve(record(), clock=control))
    first.create_table(attrs.evolve(record("t2"), created=time.time() + 1))
    first.append("t1", Action(0, "move", {"type": "pass", "player": 0}, at=1234.5), None)
    before = time.time()
    first.append("t1", Action(1, "undo", {"seat": 0}), None)  # no time given: stored now
    after = time.time()
    first.close()
    again = open_store(store_url)  # read back from the database, not from a cache
    kept = again.table("t1")
    assert kept is not None
    assert control == kept.clock
    assert {"t1": control, "t2": None} == {table.id: table.clock for table in again.tables()}
    first_at, second_at = (action.at for action in again.actions("t1"))
    assert 1234.5 == first_at
    assert second_at is not None
    assert before <= second_at <= after
    again.close()


def test_a_tables_owner_is_kept_until_its_result(store_url: str) -> None:
    """The client that made a table is read back by every worker, after a reopen, until
    the game is over (issue 26's finding 1): then the store forgets its address."""
    first = open_store(store_url)
    first.create_table(attrs.evolve(record(), owner="10.0.0.1"))
    first.create_table(attrs.evolve(record("t2"), owner="10.0.0.2", created=time.time() + 1))
    first.create_table(record("t3"))  # a maker without an address: the table is its own
    first.close()
    again = open_store(store_url)
    try:
        assert {"t1": "10.0.0.1", "t2": "10.0.0.2", "t3": None} == {
            table.id: table.owner for table in again.tables()}
        again.append("t1", Action(0, "move", {"type": "pass", "player": 0}),
                     {"winners": [0], "reason": "test"})
        kept = again.table("t1")
        assert kept is not None
        assert ({"winners": [0], "reason": "test"}, None) == (kept.result, kept.owner)
        assert "10.0.0.2" == getattr(again.table("t2"), "owner", None)
    finally:
        again.close()


V1_STATEMENTS: list[tuple[str, list[tuple[object, ...]]]] = [
    ("INSERT INTO aves_schema VALUES (?)", [(1,)]),
    ("INSERT INTO game_tables VALUES (?, ?, ?, ?, ?)",
     [("old", "aves", '{"format": "aves-log", "players": ["a", "b"]}', 1000.0, None)]),
    ("INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
     [("old", 0, "a", hash_token("ta"), None), ("old", 1, "b", None, "greedy")]),
    ("INSERT INTO actions VALUES (?, ?, ?, ?)",
     [("old", 0, "move", '{"type": "pass", "player": 0}'), ("old", 1, "undo", '{"seat": 0}')]),
]
"""A table with two actions as aves-core wrote it at schema version 1 (no column names:
the version-1 stores inserted whole rows)."""


def test_a_clients_table_allowance_is_spent_once_across_racing_stores(
        store_url: str) -> None:
    """Two stores over one database are two workers: 12 racing admissions of one client
    take exactly its 3 tokens; one more comes every 20 s; another client has its own;
    a whole allowance's row goes."""
    stores = [open_store(store_url), open_store(store_url)]
    try:
        with ThreadPoolExecutor(12) as pool:
            waits = list(pool.map(lambda n: stores[n % 2].admit("10.0.0.1", 1000.0, 3, 3.0),
                                  range(12)))
        assert 3 == waits.count(0.0)
        assert all(19 < wait <= 20 for wait in waits if wait)
        assert 10.0 == pytest.approx(stores[0].admit("10.0.0.1", 1010.0, 3, 3.0))
        assert 0.0 == stores[1].admit("10.0.0.1", 1020.0, 3, 3.0)  # one more came
        assert 0.0 == stores[1].admit("10.0.0.2", 1020.0, 3, 3.0)
        assert 2 == allowance_rows(store_url)
        assert 0.0 == stores[0].admit("10.0.0.2", 1100.0, 3, 3.0)  # 10.0.0.1's is whole
        assert 1 == allowance_rows(store_url)
    finally:
        for store in stores:
            store.close()


def allowance_rows(store_url: str) -> int:
    """The rows of the ``allowances`` table in the database at ``store_url``."""
    query = "SELECT count(*) FROM allowances"
    if store_url.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(store_url) as pg:
            row = pg.execute(query).fetchone()
            assert row is not None
            return int(row[0])
    with sqlite3.connect(store_url) as db:
        count = int(db.execute(query).fetchone()[0])
    db.close()
    return count


def v1_database(store_url: str) -> None:
    """Make the database at ``store_url`` as aves-core left it at schema version 1."""
    if store_url.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(store_url, autocommit=True) as pg:
            pg.execute("CREATE TABLE aves_schema (version INTEGER NOT NULL)")
            for statement in MIGRATIONS[1]:
                pg.execute(statement)
            with pg.cursor() as cursor:
                for insert, rows in V1_STATEMENTS:
                    cursor.executemany(insert.replace("?", "%s"), rows)
        return
    with sqlite3.connect(store_url) as db:
        db.execute("CREATE TABLE aves_schema (version INTEGER NOT NULL)")
        for statement in MIGRATIONS[1]:
            db.execute(statement)
        for insert, rows in V1_STATEMENTS:
            db.executemany(insert, rows)
    db.close()


def test_a_version_1_database_is_migrated_and_read_back(store_url: str) -> None:
    v1_database(store_url)
    store = open_store(store_url)
    try:
        kept = store.table("old")
        assert kept is not None
        assert ("aves", 1000.0, ["a", "b"], None, None, None) == (
            kept.game, kept.created, kept.header["players"], kept.result, kept.clock,
            kept.owner)
        assert [(0, "a", None), (1, "b", "greedy")] == [
            (seat.seat, seat.name, seat.bot) for seat in kept.seats]
        assert token_matches(kept.seats[0].token_hash, "ta")
        # Old actions have no stored time: a clock counts them as taking none.
        assert [(0, "move", {"type": "pass", "player": 0}, None),
                (1, "undo", {"seat": 0}, None)] == [
            (action.index, action.kind, action.data, action.at)
            for action in store.actions("old")]
        # The migrated database takes new rows with the new columns.
        store.append("old", Action(2, "move", {"type": "pass", "player": 1}, at=2000.0), None)
        store.create_table(attrs.evolve(record("new"), owner="10.0.0.1",
                                        clock={"kind": "turn", "per_move": 86400}))
        assert 2000.0 == store.actions("old", since=2)[0].at
        new = store.table("new")
        assert new is not None
        assert ({"kind": "turn", "per_move": 86400}, "10.0.0.1") == (new.clock, new.owner)
    finally:
        store.close()
    again = open_store(store_url)  # migrated once: opening again changes nothing
    assert [None, None, 2000.0] == [action.at for action in again.actions("old")]
    again.close()
    assert list(range(1, SCHEMA_VERSION + 1)) == schema_versions(store_url)


def schema_versions(store_url: str) -> list[int]:
    """The versions the database at ``store_url`` records as applied, in order."""
    query = "SELECT version FROM aves_schema ORDER BY version"
    if store_url.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(store_url) as pg:
            return [row[0] for row in pg.execute(query)]
    with sqlite3.connect(store_url) as db:
        versions = [row[0] for row in db.execute(query)]
    db.close()
    return versions


def test_a_database_of_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    SQLiteStore(path).close()
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO aves_schema VALUES (99)")
    with pytest.raises(StoreError, match="schema version 99, newer than"):
        SQLiteStore(path)


def run_sql(store_url: str, statement: str) -> None:
    """``statement`` on a connection of its own, as an operator (or a fail-over) would."""
    if store_url.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(store_url, autocommit=True) as db:
            db.execute(statement)
        return
    with sqlite3.connect(store_url) as db:
        db.execute(statement)


def test_a_database_that_fails_is_a_store_error_never_the_drivers_own(
        store_url: str) -> None:
    # The host answers a StoreError 503 and anything else 500: a database that fails
    # under the store (here an operator dropped a table) must be a StoreError.
    store = open_store(store_url)
    try:
        store.create_table(record())
        store.append("t1", Action(0, "move", {"type": "pass", "player": 0}), None)
        run_sql(store_url, "DROP TABLE actions")
        with pytest.raises(StoreError, match="actions"):
            store.actions("t1")
        with pytest.raises(StoreError, match="actions"):
            store.append("t1", Action(1, "move", {"type": "pass", "player": 1}), None)
        assert store.table("t1") is not None  # what is still there is still read
    finally:
        store.close()


class Heard:
    """A listener's callback: the tables it was told of, and an event set at each."""

    def __init__(self) -> None:
        self.tables: list[str] = []
        self.arrived = threading.Event()

    def __call__(self, table_id: str) -> None:
        self.tables.append(table_id)
        self.arrived.set()


TERMINATE_OTHERS = ("SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE "
                    "datname = current_database() AND pid <> pg_backend_pid()")
"""What a restart or a fail-over does to a store's connections (each backend gone
before the statement returns)."""


def test_a_postgresql_store_replaces_connections_the_server_closed(
        postgres_url: str) -> None:
    from aves_core.host.pgstore import PostgresStore

    store = PostgresStore(postgres_url, connections=2)
    try:
        store.create_table(record())
        run_sql(postgres_url, TERMINATE_OTHERS)
        # Each pooled connection, taken, is seen closed by the server and replaced:
        # no call fails.
        for _ in range(4):
            assert store.table("t1") is not None
        for index in range(4):
            store.append("t1", Action(index, "move", {"type": "pass", "player": 0}), None)
        assert 4 == len(store.actions("t1"))
    finally:
        store.close()


def test_a_connection_that_breaks_during_a_call_costs_that_call_only(
        postgres_url: str) -> None:
    from aves_core.host.pgstore import PostgresStore

    store = PostgresStore(postgres_url, connections=1)
    try:
        store.create_table(record())
        # The server goes away in the middle of a statement: that call is a StoreError
        # (the host's 503); the connection is replaced when next taken.
        killer = threading.Timer(0.3, run_sql, (postgres_url, TERMINATE_OTHERS))
        killer.start()
        with pytest.raises(StoreError, match=r"^PostgreSQL: "), store._connection() as db:
            db.execute("SELECT pg_sleep(5)")
        killer.join()
        assert store.table("t1") is not None
    finally:
        store.close()


def test_a_listener_whose_connection_drops_listens_again_and_misses_no_table(
        postgres_url: str, caplog: pytest.LogCaptureFixture) -> None:
    from aves_core.host.pgstore import PostgresStore

    listener, writer = PostgresStore(postgres_url), PostgresStore(postgres_url)
    heard = Heard()
    try:
        writer.create_table(record())
        with caplog.at_level("WARNING", logger="aves_core.host"):
            listener.listen(heard)
            time.sleep(0.3)  # the LISTEN is in place
            run_sql(postgres_url, TERMINATE_OTHERS)
            # Written at once, while the listener has no connection: it is told of the
            # table when it listens again, by the notification or by its catch-up.
            written = False
            while not written:
                try:
                    writer.append("t1", Action(0, "move", {"type": "pass", "player": 0}),
                                  None)
                    written = True
                except StoreError:  # the writer's own dropped connection, once each
                    pass
            assert heard.arrived.wait(5), "the listener never heard the table again"
            assert {"t1"} == set(heard.tables)
            deadline = time.monotonic() + 5
            while "lost its connection" not in caplog.text and time.monotonic() < deadline:
                time.sleep(0.05)
        assert "the PostgreSQL listener lost its connection" in caplog.text
        # Listening again for good: a later move is heard as before.
        heard.arrived.clear()
        heard.tables.clear()
        writer.append("t1", Action(1, "move", {"type": "pass", "player": 1}), None)
        assert heard.arrived.wait(5)
        assert ["t1"] == heard.tables
    finally:
        listener.close()
        writer.close()


def test_every_append_is_notified_to_every_listening_worker(postgres_url: str) -> None:
    from aves_core.host.pgstore import PostgresStore

    listener, writer = PostgresStore(postgres_url), PostgresStore(postgres_url)
    heard = Heard()
    listener.listen(heard)
    time.sleep(0.3)  # the LISTEN is in place
    writer.create_table(record())
    writer.append("t1", Action(0, "move", {"type": "pass", "player": 0}), None)
    assert heard.arrived.wait(5)
    assert ["t1"] == heard.tables
    listener.close()
    writer.close()


def test_a_postgresql_server_that_is_not_there_is_a_clear_error() -> None:
    with pytest.raises(StoreError, match="cannot connect to PostgreSQL"):
        open_store("postgresql://aves@127.0.0.1:1/none?connect_timeout=2")
