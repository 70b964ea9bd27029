"""``aves serve``: the example HTTP JSON game server (localhost)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO

__all__ = ["add_parser", "run"]


def add_parser(commands: Any) -> None:
    """Add ``serve`` to the ``aves`` subcommands."""
    parser = commands.add_parser(
        "serve", help="run the example HTTP game server (localhost)",
        description="Run the example HTTP JSON game server (see docs/hosting.md). "
                    "Ctrl-C stops it.")
    parser.add_argument("--host", default="127.0.0.1", help="address (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8080, help="port (default 8080)")
    parser.add_argument("--data", metavar="DIR", help="save each table's log here as JSON Lines")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """``aves serve``; returns the exit status."""
    from aves_core.host.server import make_server

    data = Path(args.data) if args.data else None
    if data is not None:
        data.mkdir(parents=True, exist_ok=True)
    server = make_server(args.host, args.port, data)
    host, port = server.server_address[:2]
    print(f"aves serve: listening on http://{host!s}:{port} (Ctrl-C stops)", file=out,
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
