"""What the ``aves`` subcommands share: choosing a game and its options."""

from __future__ import annotations

import argparse
import json
from typing import Any

from aves_core.games import DEFAULT_GAME
from aves_core.kernel.convert import FieldError
from aves_core.kernel.game import Game
from aves_core.kernel.registry import get_game

__all__ = ["UsageError", "add_game_arguments", "game_of", "options_of", "players_of"]

AnyGame = Game[Any, Any, Any, Any, Any, Any]


class UsageError(Exception):
    """A command line that asks for something impossible (exit status 2)."""


def add_game_arguments(parser: argparse.ArgumentParser, *, options: bool = True) -> None:
    """``--game`` and, with ``options``, the options of the game's setup."""
    parser.add_argument("--game", default=DEFAULT_GAME,
                        help=f"the game (default {DEFAULT_GAME}; `aves games` lists them)")
    if not options:
        return
    parser.add_argument("-O", "--option", action="append", default=[], metavar="KEY=VALUE",
                        help="one of the game's options (a JSON value, or a word): "
                             "-O crows=true, -O mode=standard")
    parser.add_argument("--options", metavar="JSON", help="the game's options as a JSON object")
    parser.add_argument("--crows", action="store_true", help="AVES: the Greedy Crow variant")
    parser.add_argument("--showdown", action="store_true", help="AVES: the Showdown variant")


def game_of(args: argparse.Namespace) -> AnyGame:
    """The game ``--game`` names (``UnknownGameError`` lists the known ones)."""
    return get_game(args.game)


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text  # a bare word: -O mode=standard


def options_of(game: AnyGame, args: argparse.Namespace) -> Any:
    """The game's options from ``--options``, ``-O`` and the AVES flags."""
    data: dict[str, Any] = game.options_to_json(game.default_options())
    if getattr(args, "options", None):
        try:
            given = json.loads(args.options)
        except ValueError as error:
            raise UsageError(f"--options is not JSON: {error}") from None
        if type(given) is not dict:
            raise UsageError("--options must be a JSON object")
        data.update(given)
    for item in getattr(args, "option", []):
        key, equals, value = item.partition("=")
        if not equals or not key:
            raise UsageError(f"-O takes KEY=VALUE, not {item!r}")
        data[key.strip()] = _value(value.strip())
    for flag in ("crows", "showdown"):
        if getattr(args, flag, False):
            data[flag] = True
    try:
        return game.options_from_json(data)
    except FieldError as error:
        where = f" ({error.path})" if error.path else ""
        raise UsageError(f"{game.facts.name} options: {error.message}{where}") from None


def players_of(game: AnyGame, count: int | None, default: int = 3) -> int:
    """The number of players asked for, or the default that fits the game."""
    facts = game.facts
    if count is None:
        return min(max(default, facts.min_players), facts.max_players)
    return count
