"""Opening a store by URL: the one place that knows every implementation."""

from __future__ import annotations

from pathlib import Path

from aves_core.host.sqlite import SQLiteStore
from aves_core.host.store import Store

__all__ = ["open_store"]


def open_store(url: str | Path) -> Store:
    """A store from a URL: ``postgresql://...`` (or ``postgres://``) for PostgreSQL,
    anything else a SQLite file's path (``sqlite:///path`` also works)."""
    text = str(url)
    if text.startswith(("postgresql://", "postgres://")):
        from aves_core.host.pgstore import PostgresStore

        return PostgresStore(text)
    return SQLiteStore(text.removeprefix("sqlite://"))
