"""The ``aves`` command: replay and validate logs, set up games, simulate, play.

Exit status: 0 success (for ``replay``: every move is legal); 1 the log breaks
a rule; 2 a problem of form (not JSON, bad header, missing file) or of usage;
130 interrupted. No traceback is printed for bad input.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from aves_core import __version__
from aves_core.cli import diagram, games, new, newgame, play, replay, serve, simulate
from aves_core.cli.common import UsageError
from aves_core.kernel.errors import AvesError

__all__ = ["main", "run"]

EXIT_OK = 0
EXIT_RULE = 1
EXIT_FORM = 2
EXIT_PIPE = 141
"""The reader of the output closed it early: 128 + SIGPIPE, what a shell reports of a
Unix tool stopped by a closed pipe."""


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="aves",
        description="aves-core: replay and validate move logs, set up games, simulate bots "
                    "and play, for AVES and every registered game.",
    )
    parser.add_argument("--version", action="version", version=f"aves-core {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     help="one of these; `aves COMMAND --help` says more")
    replay.add_parser(commands)
    new.add_parser(commands)
    diagram.add_parser(commands)
    games.add_parser(commands)
    simulate.add_parsers(commands)
    play.add_parser(commands)
    serve.add_parser(commands)
    newgame.add_parser(commands)
    return parser


def _run_command(args: argparse.Namespace, out: TextIO) -> int:
    if args.command == "replay":
        return replay.run(args, out)
    if args.command == "new":
        return new.run(args, out)
    if args.command == "games":
        return games.run(args, out)
    if args.command == "serve":
        return serve.run(args, out)
    if args.command == "export":
        return serve.run_export(args, out)
    if args.command == "simulate":
        return simulate.run_simulate(args, out)
    if args.command == "tournament":
        return simulate.run_tournament(args, out)
    if args.command == "play":
        return play.run_play(args, sys.stdin, out)
    if args.command == "new-game":
        return newgame.run(args, out)
    return diagram.run(args, out)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``aves`` command; return its exit status."""
    parser = _build_parser()
    args = parser.parse_args(argv)
    out = sys.stdout
    try:
        status = _run_command(args, out)
        out.flush()  # here, where a closed pipe is answered, not at the interpreter's exit
        return status
    except (AvesError, UsageError, ValueError) as error:
        print(f"aves {args.command}: {error}", file=sys.stderr)
        return EXIT_FORM
    except BrokenPipeError:
        # The reader went away (`aves games | head -1`): stop quietly, as a Unix tool
        # does, and send what is still buffered nowhere so the exit prints no error.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_PIPE
    except OSError as error:
        print(f"aves {args.command}: {error.strerror or error}: "
              f"{getattr(error, 'filename', '') or ''}", file=sys.stderr)
        return EXIT_FORM
    except KeyboardInterrupt:
        return 130


def run() -> None:
    """The console script's entry point."""
    sys.exit(main())
