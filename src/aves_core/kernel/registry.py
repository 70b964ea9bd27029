"""The registry of games: every game aves-core can play, by id.

The built-in games register themselves when ``aves_core.games`` is imported,
which importing ``aves_core`` (and so any of its modules) does; a game's modules
load the first time it is asked for. The kernel itself imports no game. A game from
another package registers through the entry point group ``aves_core.games``:
an entry point named after the game's id that points at its ``Game``
instance, for example in that package's ``pyproject.toml``::

    [project.entry-points."aves_core.games"]
    mahjong = "mahjong_aves.game:MAHJONG"

so a host adds a game by installing its package, without forking aves-core.
"""

from __future__ import annotations

import importlib
import threading
from importlib.metadata import entry_points
from typing import Any

from aves_core.kernel.errors import AvesError
from aves_core.kernel.game import Game

__all__ = [
    "ENTRY_POINT_GROUP",
    "UnknownGameError",
    "all_games",
    "game_for_view",
    "game_ids",
    "get_game",
    "register_game",
    "register_lazy",
]

ENTRY_POINT_GROUP = "aves_core.games"
"""The entry point group through which other packages add games."""

AnyGame = Game[Any, Any, Any, Any, Any, Any]

_lock = threading.RLock()
_games: dict[str, AnyGame] = {}
_lazy: dict[str, str] = {}  # id -> "module:attribute", loaded on first use
_loaded_entry_points = False


class UnknownGameError(AvesError, LookupError):
    """No registered game has this id (code ``unknown_game``)."""

    code = "unknown_game"


def register_game(game: AnyGame) -> AnyGame:
    """Register ``game`` under its id (the id must be new, or the same game)."""
    if not isinstance(game, Game):
        raise TypeError(f"register_game needs a Game, not {type(game).__name__}")
    with _lock:
        known = _games.get(game.id)
        if known is not None and known is not game:
            raise ValueError(f"a different game is registered as {game.id!r} already")
        _games[game.id] = game
        _lazy.pop(game.id, None)
    return game


def register_lazy(game_id: str, target: str) -> None:
    """Register the game at ``target`` (``"module:attribute"``), imported when first
    asked for, so that importing aves-core does not import every game."""
    with _lock:
        if game_id not in _games:
            _lazy[game_id] = target


def _load(target: str) -> AnyGame:
    module_name, _, attribute = target.partition(":")
    game = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(game, Game):
        raise TypeError(f"{target} is not a Game but {type(game).__name__}")
    return game


def _discover() -> None:
    """Register the games of installed packages, once (the built-in ones register
    themselves: ``aves_core.games``)."""
    global _loaded_entry_points
    if _loaded_entry_points:
        return
    with _lock:
        if _loaded_entry_points:
            return
        for point in entry_points(group=ENTRY_POINT_GROUP):
            if point.name not in _games:
                _lazy.setdefault(point.name, point.value)
        _loaded_entry_points = True


def get_game(game_id: str) -> AnyGame:
    """The game registered as ``game_id`` (``UnknownGameError`` if there is none)."""
    if type(game_id) is not str:
        raise UnknownGameError(f"a game id is a str, not {type(game_id).__name__}")
    game = _games.get(game_id)
    if game is not None:
        return game
    _discover()
    with _lock:
        target = _lazy.get(game_id)
    if target is None:
        if game_id in _games:
            return _games[game_id]
        known = ", ".join(game_ids()) or "none"
        raise UnknownGameError(f"no game {game_id[:40]!r} is registered (known: {known})")
    game = _load(target)
    if game.id != game_id:
        raise ValueError(f"{target} is registered as {game_id!r} but its id is {game.id!r}")
    return register_game(game)


def game_ids() -> tuple[str, ...]:
    """The ids of every registered game, sorted."""
    _discover()
    with _lock:
        return tuple(sorted({*_games, *_lazy}))


def all_games() -> tuple[AnyGame, ...]:
    """Every registered game (loading them all), sorted by id."""
    return tuple(get_game(game_id) for game_id in game_ids())


def game_for_view(view: object) -> AnyGame:
    """The registered game whose views ``view`` is one of."""
    for _attempt in range(2):
        with _lock:
            for game in _games.values():
                if isinstance(view, game.view_type):
                    return game
        all_games()  # load every game once, then look again
    raise UnknownGameError(f"no registered game has views of type {type(view).__name__}")
