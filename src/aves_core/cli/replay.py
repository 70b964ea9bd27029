"""``aves replay``: replay a log of any registered game and check every move.

Exit status: 0 every move is legal (game over or still going); 1 a move breaks
a rule (or the result or the file's end is wrong); 2 the file is not a
readable log. With ``--json``, exactly one JSON object on standard output.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from aves_core.kernel.errors import one_line
from aves_core.kernel.replay import ReplayResult, is_form_problem, replay

__all__ = ["EXIT_FORM", "EXIT_OK", "EXIT_RULE", "account", "add_parser", "run"]

EXIT_OK = 0
EXIT_RULE = 1
EXIT_FORM = 2


def add_parser(commands: Any) -> None:
    """Add ``replay`` to the ``aves`` subcommands."""
    parser = commands.add_parser(
        "replay", help="replay a .json or .jsonl log and check every move",
        description="Replay a log of any registered game and say whether every move is "
                    "legal. Exit 0: valid; 1: a move breaks a rule (or the result or file "
                    "end is wrong); 2: the file is not a readable log.")
    parser.add_argument("log", metavar="LOG", help="the log file (.json or .jsonl)")
    parser.add_argument("--json", action="store_true",
                        help="print exactly one JSON object (the log format's report)")


def account(outcome: ReplayResult, log_name: str) -> str:
    """A short readable account of a replay."""
    problem = outcome.problem
    if problem is not None:
        kind = "not a readable log" if is_form_problem(problem) else "invalid"
        where = "" if problem.move_index is None else f" at move {problem.move_index}"
        return f"{log_name}: {kind}: {problem.code}{where}: {problem.describe()}"
    game = outcome.game
    assert game is not None
    state = outcome.state
    result = game.result(state)

    def seat(index: int) -> str:
        return f"{outcome.players[index]} (seat {index})"

    if result is None:
        to_move = " and ".join(seat(index) for index in game.to_move(state))
        return (f"{log_name}: valid: {outcome.moves} moves; the game goes on, "
                f"{to_move} to play ({game.phase_name(state)})")
    winners = " and ".join(seat(index) for index in result.winners)
    return f"{log_name}: valid: {outcome.moves} moves; won by {winners} " \
           f"({game.describe_result(result)})"


def run(args: argparse.Namespace, out: TextIO) -> int:
    """``aves replay``; returns the exit status."""
    outcome = replay(Path(args.log))
    if args.json:
        print(json.dumps(outcome.to_json()), file=out)
    else:
        print(one_line(account(outcome, args.log)), file=out)
    if outcome.problem is None:
        return EXIT_OK
    return EXIT_FORM if is_form_problem(outcome.problem) else EXIT_RULE
