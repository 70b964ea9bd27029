"""``aves new``: set up a new game of any registered game and write its log."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from aves_core.cli.common import UsageError, add_game_arguments, game_of, options_of, players_of
from aves_core.kernel.log import dump_log
from aves_core.kernel.reader import Format

__all__ = ["add_parser", "run"]


def add_parser(commands: Any) -> None:
    """Add ``new`` to the ``aves`` subcommands."""
    parser = commands.add_parser(
        "new", help="write the log of a new game (header, no moves)",
        description="Set up a new game (a deal, a first player, characters: whatever the "
                    "game draws) and write its log: header and no moves.")
    add_game_arguments(parser)
    parser.add_argument("--players", type=int, metavar="N",
                        help="number of players (AVES: 2 to 6; required for AVES)")
    parser.add_argument("--seed", type=int, help="the setup's seed (random if not given)")
    parser.add_argument("--names", help="comma-separated seat names (default p0,p1,...)")
    parser.add_argument("--first-player", type=int, metavar="SEAT",
                        help="the seat that starts (drawn from the seed if not given)")
    parser.add_argument("--format", choices=("json", "jsonl"),
                        help="json or jsonl (default: from -o's suffix, else json)")
    parser.add_argument("-o", "--output", metavar="FILE", help="write here, not to stdout")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """``aves new``; returns the exit status."""
    game = game_of(args)
    if args.players is None and game.facts.min_players != game.facts.max_players:
        raise UsageError(f"--players is required for {game.facts.name} "
                         f"({game.facts.min_players} to {game.facts.max_players})")
    players = players_of(game, args.players)
    names = args.names.split(",") if args.names else [f"p{seat}" for seat in range(players)]
    if len(names) != players:
        raise UsageError(f"--names gives {len(names)} names for {players} players")
    game.check_players(players)
    options = options_of(game, args)
    setup = game.new_setup(players, options, args.seed, first_player=args.first_player)
    game.start(players, setup)
    log = game.make_log(tuple(names), setup, args.seed)
    fmt: Format = args.format or (
        "jsonl" if args.output and args.output.endswith(".jsonl") else "json")
    text = dump_log(log, fmt)
    if args.output:
        Path(args.output).write_text(text)
    else:
        (out or sys.stdout).write(text)
    return 0
