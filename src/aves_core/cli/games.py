"""``aves games``: the registered games and their facts."""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from aves_core.kernel.registry import all_games

__all__ = ["add_parser", "run"]


def add_parser(commands: Any) -> None:
    """Add ``games`` to the ``aves`` subcommands."""
    parser = commands.add_parser(
        "games", help="list the games aves-core plays",
        description="List the registered games (built in, and those of installed packages "
                    "through the aves_core.games entry point group) with their facts.")
    parser.add_argument("--json", action="store_true", help="one JSON object a game")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """``aves games``; returns the exit status."""
    for game in all_games():
        facts = game.facts
        if args.json:
            print(json.dumps({
                "id": facts.id, "name": facts.name, "version": facts.version,
                "min_players": facts.min_players, "max_players": facts.max_players,
                "hidden_information": facts.hidden_information,
                "chance": facts.chance.value, "simultaneous_moves": facts.simultaneous_moves,
                "reasons": list(facts.reasons), "bots": list(game.bot_factories()),
                "summary": facts.summary}), file=out)
            continue
        players = (str(facts.min_players) if facts.min_players == facts.max_players
                   else f"{facts.min_players}-{facts.max_players}")
        information = "hidden information" if facts.hidden_information else \
            "perfect information"
        print(f"{facts.id:12} {facts.name}: {facts.summary}", file=out)
        print(f"{'':12} {players} players, {information}, chance: {facts.chance.value}; "
              f"bots: {', '.join(game.bot_factories())}", file=out)
    return 0
