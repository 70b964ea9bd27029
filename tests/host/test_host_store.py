"""The host's stores, SQLite and a real PostgreSQL server, against one set of tests: the
schema and its migration, tables and seats, hashed tokens, actions appended under
optimistic concurrency (racing writers: exactly one wins), durability across a reopen,
and PostgreSQL's notification of every append to every listening worker."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from aves_core.host.sqlite import SQLiteStore
from aves_core.host.store import (
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


def test_a_database_of_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    SQLiteStore(path).close()
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO aves_schema VALUES (99)")
    with pytest.raises(StoreError, match="schema version 99, newer than"):
        SQLiteStore(path)


def test_every_append_is_notified_to_every_listening_worker(postgres_url: str) -> None:
    from aves_core.host.pgstore import PostgresStore

    listener, writer = PostgresStore(postgres_url), PostgresStore(postgres_url)
    heard: list[str] = []
    arrived = threading.Event()

    def hear(table_id: str) -> None:
        heard.append(table_id)
        arrived.set()

    listener.listen(hear)
    time.sleep(0.3)  # the LISTEN is in place
    writer.create_table(record())
    writer.append("t1", Action(0, "move", {"type": "pass", "player": 0}), None)
    assert arrived.wait(5)
    assert ["t1"] == heard
    listener.close()
    writer.close()


def test_a_postgresql_server_that_is_not_there_is_a_clear_error() -> None:
    with pytest.raises(StoreError, match="cannot connect to PostgreSQL"):
        open_store("postgresql://aves@127.0.0.1:1/none?connect_timeout=2")
