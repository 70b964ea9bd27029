"""``aves serve``: the web host (Starlette on uvicorn) for every registered game.

Needs the ``web`` extra (``pip install 'aves-core[web]'``). ``--db`` is a SQLite
file (the default, ``aves.db``) or a ``postgresql://`` URL; ``--workers`` runs
several processes, which share the database and see each other's moves.
"""

from __future__ import annotations

import argparse
import os
from typing import Any, TextIO

from aves_core.cli.common import UsageError

__all__ = ["add_parser", "run"]


def add_parser(commands: Any) -> None:
    """Add ``serve`` to the ``aves`` subcommands."""
    parser = commands.add_parser(
        "serve", help="run the web host: tables, bots and the browser client",
        description="Serve tables of every registered game over HTTP and WebSockets, with "
                    "the browser client at /. Ctrl-C stops it. Needs the web extra.")
    parser.add_argument("--host", default="127.0.0.1", help="address (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8080, help="port (default 8080)")
    parser.add_argument("--db", default="aves.db",
                        help="a SQLite file (default aves.db) or a postgresql:// URL")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """``aves serve``; returns the exit status."""
    try:
        import uvicorn
    except ImportError:
        raise UsageError("aves serve needs the web extra: pip install 'aves-core[web]'") \
            from None
    from aves_core.host.app import DB_VARIABLE
    from aves_core.host.store import open_store

    if args.workers < 1 or not 0 <= args.port < 65536:
        raise UsageError("--workers must be >= 1 and --port 0 to 65535")
    open_store(args.db).close()  # a database that cannot be opened fails here, clearly
    os.environ[DB_VARIABLE] = args.db
    print(f"aves serve: http://{args.host}:{args.port} ({args.db}, {args.workers} "
          f"worker{'s' if args.workers > 1 else ''}; Ctrl-C stops)", file=out, flush=True)
    uvicorn.run("aves_core.host.app:app_from_environment", factory=True, host=args.host,
                port=args.port, workers=args.workers, log_level="warning",
                ws_max_size=64 * 1024)
    return 0
