"""``aves serve``: the web host (Starlette on uvicorn) for every registered game;
``aves export``: any of its tables as a log, for the host's operator.

Needs the ``web`` extra (``pip install 'aves-core[web]'``). ``--db`` is a SQLite
file (the default, ``aves.db``) or a ``postgresql://`` URL; ``--workers`` runs
several processes, which share the database and see each other's moves. On
start it prints the address to open in a browser (``--port 0``: a free port,
chosen before it starts, so the address printed is the one it listens on).
``--timeout-head``, ``--timeout-body`` and ``--timeout-keep-alive`` bound how long
it waits for a client (``aves_core.host.timeouts``): uvicorn alone waits forever.
``--forwarded-allow-ips`` names the reverse proxies whose ``X-Forwarded-For`` and
``X-Forwarded-Proto`` headers are believed; by default none are (uvicorn alone
believes any connection from 127.0.0.1, so any client on the machine, or relayed
by a proxy there that does not overwrite the header, names itself).
"""

from __future__ import annotations

import argparse
import ipaddress
import math
import os
from typing import Any, TextIO

from aves_core.cli.common import UsageError

__all__ = ["add_parser", "forwarded_allow_ips", "run", "run_export"]


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
    parser.add_argument("--allow-seeds", action="store_true",
                        help="let clients pick a table's seed (whoever picks it knows every "
                             "hidden card: for your own tests and tournaments only)")
    parser.add_argument("--tables-per-minute", type=float, default=20.0, metavar="N",
                        help="tables one client (an IP address) may create a minute, and at "
                             "once (default 20)")
    parser.add_argument("--forwarded-allow-ips", metavar="ADDRESSES",
                        help="the reverse proxies (comma-separated addresses or networks, "
                             "such as 127.0.0.1 or 10.0.0.0/8; * for any) whose "
                             "X-Forwarded-For names the client; default: none, every "
                             "client is the address it connects from")
    parser.add_argument("--bot-quantum", type=float, default=0.05, metavar="SECONDS",
                        help="a bot answers a whole number of these seconds after its turn "
                             "began, so its thinking time tells nothing of its hand "
                             "(default 0.05; 0: as soon as it has thought)")
    parser.add_argument("--replays-per-minute", type=float, default=30.0, metavar="N",
                        help="logs one client may replay in the viewer a minute, and at "
                             "once (default 30)")
    _add_timeouts(parser)
    export = commands.add_parser(
        "export", help="write a hosted table's log, finished or not (for the operator)",
        description="Write a table of an aves serve database as a log that aves replay "
                    "validates: every hidden card is in it, so it is for the host's "
                    "operator. Without TABLE, list the tables.")
    export.add_argument("table", nargs="?", help="the table's id (omit to list the tables)")
    export.add_argument("--db", default="aves.db",
                        help="a SQLite file (default aves.db) or a postgresql:// URL")
    export.add_argument("--format", choices=("json", "jsonl"), default="json",
                        help="one JSON document (default) or JSON Lines")
    export.add_argument("-o", "--output", help="a file to write (default: standard output)")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """``aves serve``; returns the exit status."""
    try:
        import uvicorn

        from aves_core.host.protocol import HeadDeadlineProtocol
    except ImportError:
        raise UsageError("aves serve needs the web extra: pip install 'aves-core[web]'") \
            from None
    from aves_core.host.app import (
        BOT_QUANTUM_VARIABLE,
        CREATIONS_VARIABLE,
        DB_VARIABLE,
        REPLAYS_VARIABLE,
        SEEDS_VARIABLE,
    )

    keep_alive = _timeouts(args)
    if args.workers < 1 or not 0 <= args.port < 65536:
        raise UsageError("--workers must be >= 1 and --port 0 to 65535")
    if not 1 <= args.tables_per_minute <= 1e9:
        raise UsageError("--tables-per-minute must be from 1 to 1e9")
    proxies = None if args.forwarded_allow_ips is None \
        else forwarded_allow_ips(args.forwarded_allow_ips)
    if not 1 <= args.replays_per_minute <= 1e9:
        raise UsageError("--replays-per-minute must be from 1 to 1e9")
    if not 0 <= args.bot_quantum <= 10:
        raise UsageError("--bot-quantum must be from 0 to 10 seconds")
    _open(args.db).close()  # a database that cannot be opened fails here, clearly
    os.environ[DB_VARIABLE] = args.db
    os.environ[SEEDS_VARIABLE] = "1" if args.allow_seeds else "0"
    os.environ[CREATIONS_VARIABLE] = repr(args.tables_per_minute)
    os.environ[REPLAYS_VARIABLE] = repr(args.replays_per_minute)
    os.environ[BOT_QUANTUM_VARIABLE] = repr(args.bot_quantum)
    port = args.port or _free_port(args.host)
    print(f"aves serve: listening on {_url(args.host, port)} ({_shown(args.db)}, "
          f"{args.workers} worker{'s' if args.workers > 1 else ''}; Ctrl-C stops)",
          file=out)
    print(f"Open {_url(_local(args.host), port)}/ in a browser", file=out, flush=True)
    uvicorn.run("aves_core.host.app:app_from_environment", factory=True, host=args.host,
                port=port, workers=args.workers, log_level="warning",
                # Deadlines for a request's head and idle connections (uvicorn alone
                # waits for a head forever); the body's is the application's.
                http=HeadDeadlineProtocol, timeout_keep_alive=keep_alive,
                # Every limit is per client, a client its address: a forwarded header
                # is believed only from the proxies the operator names (uvicorn's own
                # default believes 127.0.0.1, or $FORWARDED_ALLOW_IPS).
                proxy_headers=proxies is not None, forwarded_allow_ips=proxies or [],
                ws_max_size=64 * 1024,
                # Messages are about 1 KB: compressing them cost more CPU (about a tenth
                # of the server's time) than it saved on 127.0.0.1 or a LAN.
                ws_per_message_deflate=False)
    return 0


def forwarded_allow_ips(text: str) -> list[str]:
    """``--forwarded-allow-ips``'s proxies: each an IP address or network (its host bits
    zero), or ``*`` alone for any; anything else is a usage error (uvicorn would take it
    as a name no connection has, and silently trust nobody)."""
    items = [item.strip() for item in text.split(",")]
    if items == ["*"]:
        return items
    for item in items:
        try:
            ipaddress.ip_network(item) if "/" in item else ipaddress.ip_address(item)
        except ValueError:
            raise UsageError(f"--forwarded-allow-ips: {item!r:.60} is not an IP address or "
                             "network (such as 127.0.0.1, ::1 or 10.0.0.0/8), nor * alone"
                             ) from None
    return items


def _add_timeouts(parser: argparse.ArgumentParser) -> None:
    """``--timeout-head``, ``--timeout-body`` and ``--timeout-keep-alive``."""
    from aves_core.host.timeouts import (
        BODY_TIMEOUT,
        BODY_VARIABLE,
        HEAD_TIMEOUT,
        HEAD_VARIABLE,
        KEEP_ALIVE_TIMEOUT,
        KEEP_ALIVE_VARIABLE,
    )

    parser.add_argument(
        "--timeout-head", type=float, metavar="SECONDS",
        help="close a connection whose request line and headers have not all come within "
             "this of its opening or of the previous response (a total: a client sending "
             f"a byte at a time is cut too); default {HEAD_TIMEOUT:g}, or ${HEAD_VARIABLE}")
    parser.add_argument(
        "--timeout-body", type=float, metavar="SECONDS",
        help="answer 408 and close when a request's body has not all come within this of "
             f"its head; default {BODY_TIMEOUT:g}, or ${BODY_VARIABLE}")
    parser.add_argument(
        "--timeout-keep-alive", type=float, metavar="SECONDS",
        help="close a connection idle this long after a response (whole seconds, rounded "
             f"up); default {KEEP_ALIVE_TIMEOUT:g}, or ${KEEP_ALIVE_VARIABLE}")


def _timeouts(args: argparse.Namespace) -> int:
    """Check the time limits (each option, else its environment variable, else the
    default) and pass them to the workers in the environment; the keep-alive's in
    whole seconds, for uvicorn."""
    from aves_core.host import timeouts

    found: dict[str, float] = {}
    for option, variable, default in (
            ("timeout_head", timeouts.HEAD_VARIABLE, timeouts.HEAD_TIMEOUT),
            ("timeout_body", timeouts.BODY_VARIABLE, timeouts.BODY_TIMEOUT),
            ("timeout_keep_alive", timeouts.KEEP_ALIVE_VARIABLE, timeouts.KEEP_ALIVE_TIMEOUT)):
        given: float | None = getattr(args, option)
        try:
            value = timeouts.seconds(variable, default) if given is None else given
        except ValueError as error:
            raise UsageError(str(error)) from None
        if not 0 < value < math.inf:
            raise UsageError(f"--{option.replace('_', '-')} must be a positive number of "
                             "seconds")
        os.environ[variable] = repr(float(value))
        found[variable] = value
    return math.ceil(found[timeouts.KEEP_ALIVE_VARIABLE])


def run_export(args: argparse.Namespace, out: TextIO) -> int:
    """``aves export``; returns the exit status."""
    from pathlib import Path

    from aves_core.host.service import export_log

    if "://" not in args.db and not Path(args.db).exists():
        # open_store would create an empty database: a typo must not.
        raise UsageError(f"no database {args.db!r}")
    store = _open(args.db)
    try:
        if args.table is None:
            for record in store.tables(limit=1000):
                state = "over" if record.result is not None else "playing"
                print(f"{record.id}  {record.game:<10} {state:<8} "
                      f"{', '.join(seat.name for seat in record.seats)}", file=out)
            return 0
        text = export_log(store, args.table, args.format)
    finally:
        store.close()
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        out.write(text)
    return 0


def _open(db: str) -> Any:
    """The store at ``db``; one that cannot be opened is a usage error (exit 2, the
    reason in one line, no traceback)."""
    from aves_core.host.stores import open_store

    try:
        return open_store(db)
    except (UsageError, ValueError, OSError):
        raise
    except Exception as error:  # sqlite3.Error, psycopg.Error: the database's own word
        raise UsageError(f"cannot open the database {_shown(db)}: {error}") from None


def _shown(db: str) -> str:
    """A database URL as printed: any password in it replaced by ***."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(db)
    if parts.password is None:
        return db
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))


def _local(host: str) -> str:
    """The address a browser on this machine opens for a server bound to ``host``: the
    loopback one when it listens on every address."""
    return {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}.get(host, host)


def _url(host: str, port: int) -> str:
    """``http://HOST:PORT``, an IPv6 address in brackets."""
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def _free_port(host: str) -> int:
    """A port free on ``host`` now (for ``--port 0``)."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        port: int = probe.getsockname()[1]
    return port
