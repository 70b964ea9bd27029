"""The ``aves`` command: replay and validate logs, start new ones, draw the phases.

Exit status: 0 success (for ``replay``: every move is legal); 1 the log breaks
a rule; 2 a problem of form (not JSON, bad header, missing file) or of usage.
No traceback is printed for bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from aves_core import __version__
from aves_core.cli import play as play_cmd
from aves_core.cli import simulate as simulate_cmd
from aves_core.kernel.errors import AvesError, one_line
from aves_core.games.aves.log import GameLog, dump_log
from aves_core.games.aves.phases import diagram
from aves_core.kernel.reader import Format
from aves_core.kernel.replay import ReplayResult, is_form_problem, replay
from aves_core.games.aves.state import Variant

__all__ = ["main"]

EXIT_OK = 0
EXIT_RULE = 1
EXIT_FORM = 2


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="aves",
        description="AVES rules engine: replay and validate move logs, start new games.",
    )
    parser.add_argument("--version", action="version", version=f"aves-core {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    replay_cmd = commands.add_parser(
        "replay", help="replay a .json or .jsonl log and check every move",
        description="Replay a log and say whether every move is legal. Exit 0: valid; "
                    "1: a move breaks a rule (or the result or file end is wrong); "
                    "2: the file is not a readable log.")
    replay_cmd.add_argument("log", metavar="LOG", help="the log file (.json or .jsonl)")
    replay_cmd.add_argument("--json", action="store_true",
                            help="print exactly one JSON object (the log format's report)")

    new_cmd = commands.add_parser(
        "new", help="write the log of a new game (header, no moves)",
        description="Deal a new game and write its log: header and no moves.")
    new_cmd.add_argument("--players", type=int, required=True, metavar="N",
                         help="number of players, 2 to 6")
    new_cmd.add_argument("--crows", action="store_true", help="the Greedy Crow variant")
    new_cmd.add_argument("--showdown", action="store_true", help="the Showdown variant")
    new_cmd.add_argument("--seed", type=int, help="the shuffle's seed (random if not given)")
    new_cmd.add_argument("--names", help="comma-separated seat names (default p0,p1,...)")
    new_cmd.add_argument("--first-player", type=int, metavar="SEAT",
                         help="the seat that starts (drawn from the seed if not given)")
    new_cmd.add_argument("--format", choices=("json", "jsonl"),
                         help="json or jsonl (default: from -o's suffix, else json)")
    new_cmd.add_argument("-o", "--output", metavar="FILE", help="write here, not to stdout")

    commands.add_parser("diagram", help="print the phase machine as Mermaid",
                        description="Print the phase machine as a Mermaid state diagram.")

    simulate_cmd.add_parsers(commands)
    play_cmd.add_parser(commands)

    serve_cmd = commands.add_parser(
        "serve", help="run the example HTTP game server (localhost)",
        description="Run the example HTTP JSON game server (see docs/hosting.md). "
                    "Ctrl-C stops it.")
    serve_cmd.add_argument("--host", default="127.0.0.1", help="address (default 127.0.0.1)")
    serve_cmd.add_argument("--port", type=int, default=8080, help="port (default 8080)")
    serve_cmd.add_argument("--data", metavar="DIR",
                           help="save each table's log here as JSON Lines")
    return parser


def _account(outcome: ReplayResult, log_name: str) -> str:
    """A short readable account of a replay."""
    problem = outcome.problem
    if problem is not None:
        kind = "not a readable log" if is_form_problem(problem) else "invalid"
        where = "" if problem.move_index is None else f" at move {problem.move_index}"
        return f"{log_name}: {kind}: {problem.code}{where}: {problem.describe()}"
    state = outcome.state
    assert state is not None
    if state.result is None:
        return (f"{log_name}: valid: {outcome.moves} moves; the game goes on, "
                f"{_seat(outcome, state.active_player)} to play ({state.phase.value})")
    winners = " and ".join(_seat(outcome, seat) for seat in state.result.winners)
    why = ("collected all seven colours" if state.result.reason == "seven_colors"
           else "the deck ran out; best hand")
    return f"{log_name}: valid: {outcome.moves} moves; won by {winners} ({why})"


def _seat(outcome: ReplayResult, seat: int | None) -> str:
    assert seat is not None
    return f"{outcome.players[seat]} (seat {seat})"


def _replay_command(args: argparse.Namespace) -> int:
    outcome = replay(Path(args.log))
    if args.json:
        print(json.dumps(outcome.to_json()))
    else:
        print(one_line(_account(outcome, args.log)))
    if outcome.problem is None:
        return EXIT_OK
    return EXIT_FORM if is_form_problem(outcome.problem) else EXIT_RULE


def _new_command(args: argparse.Namespace) -> int:
    names = args.names.split(",") if args.names else [f"p{seat}" for seat in range(args.players)]
    if len(names) != args.players:
        raise _UsageError(f"--names gives {len(names)} names for {args.players} players")
    variant = Variant(crows=args.crows, showdown=args.showdown)
    log = GameLog.from_game(names, variant, seed=args.seed, first_player=args.first_player)
    fmt: Format = args.format or (
        "jsonl" if args.output and args.output.endswith(".jsonl") else "json")
    text = dump_log(log, fmt)
    if args.output:
        Path(args.output).write_text(text)
    else:
        sys.stdout.write(text)
    return EXIT_OK


def _serve_command(args: argparse.Namespace) -> int:
    from aves_core.host.server import make_server

    data = Path(args.data) if args.data else None
    if data is not None:
        data.mkdir(parents=True, exist_ok=True)
    server = make_server(args.host, args.port, data)
    host, port = server.server_address[:2]
    print(f"aves serve: listening on http://{host!s}:{port} (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return EXIT_OK


class _UsageError(Exception):
    pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``aves`` command; return its exit status."""
    parser = _build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            return _replay_command(args)
        if args.command == "new":
            return _new_command(args)
        if args.command == "serve":
            return _serve_command(args)
        if args.command == "simulate":
            return simulate_cmd.run_simulate(args, sys.stdout)
        if args.command == "tournament":
            return simulate_cmd.run_tournament(args, sys.stdout)
        if args.command == "play":
            return play_cmd.run_play(args, sys.stdin, sys.stdout)
        sys.stdout.write(diagram())
        return EXIT_OK
    except (AvesError, _UsageError, ValueError) as error:
        print(f"aves {args.command}: {error}", file=sys.stderr)
        return EXIT_FORM
    except OSError as error:
        print(f"aves {args.command}: {error.strerror or error}: "
              f"{getattr(error, 'filename', '') or ''}", file=sys.stderr)
        return EXIT_FORM
    except KeyboardInterrupt:
        return 130


def run() -> None:
    """The console script's entry point."""
    sys.exit(main())
