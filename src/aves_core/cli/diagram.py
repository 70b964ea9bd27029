"""``aves diagram``: a game's phase machine as a Mermaid state diagram."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from aves_core.cli.common import add_game_arguments, game_of

__all__ = ["add_parser", "run"]


def add_parser(commands: Any) -> None:
    """Add ``diagram`` to the ``aves`` subcommands."""
    parser = commands.add_parser(
        "diagram", help="print a game's phase machine as Mermaid",
        description="Print a game's phase machine as a Mermaid state diagram, drawn from "
                    "its transitions declaration.")
    add_game_arguments(parser, options=False)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """``aves diagram``; returns the exit status."""
    out.write(game_of(args).phases.diagram())
    return 0
