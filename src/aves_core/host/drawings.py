"""The games' drawings for the browser client, and what the lobby needs to know of a game.

A game's drawing is a folder of its own (``Game.web_folder()``: an ES module
``index.js`` and, optionally, its ``style.css``, images, more modules), served
at ``games/<id>/web/<file>`` for registered games only. The browser client's
shell loads it for that game's tables and replays; a game without one is shown
by the shell's fallback (its view as readable data, its legal moves as buttons).
See docs/hosting.md, "The browser client".
"""

from __future__ import annotations

import typing
from pathlib import Path, PurePosixPath
from typing import Any

import attrs

from aves_core.kernel.game import Game
from aves_core.kernel.registry import UnknownGameError, get_game

__all__ = ["MEDIA_TYPES", "drawing_file", "option_choices", "option_help", "web_entry"]

AnyGame = Game[Any, Any, Any, Any, Any, Any]

MEDIA_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
}
"""The kinds of file a drawing's folder may serve (any other is not found)."""

_MAX_PATH = 200


def web_entry(game: AnyGame) -> dict[str, str | None] | None:
    """Where the client finds the game's drawing, as URLs relative to the page
    (``{"module": ..., "style": ... or None}``), or None: the game has none."""
    folder = game.web_folder()
    if folder is None or not (folder / "index.js").is_file():
        return None
    base = f"games/{game.id}/web/"
    return {"module": base + "index.js",
            "style": base + "style.css" if (folder / "style.css").is_file() else None}


def option_choices(game: AnyGame) -> dict[str, list[Any]]:
    """The options that take one of a few values (a ``Literal`` in the game's options
    class, or the ``choices`` of its field's metadata), with those values, so the lobby
    can offer them as a choice."""
    options_type = game.options_type
    if not attrs.has(options_type):
        return {}
    try:
        hints = typing.get_type_hints(options_type)
    except (NameError, TypeError, AttributeError):
        return {}
    choices: dict[str, list[Any]] = {}
    for field in attrs.fields(options_type):
        hint = hints.get(field.name)
        if "choices" in field.metadata:
            choices[field.name] = list(field.metadata["choices"])
        elif typing.get_origin(hint) is typing.Literal:
            choices[field.name] = list(typing.get_args(hint))
    return choices


def option_help(game: AnyGame) -> dict[str, str]:
    """Each option's words for players (the ``help`` of its field's metadata), so the
    lobby can say what an option does."""
    options_type = game.options_type
    if not attrs.has(options_type):
        return {}
    return {field.name: str(field.metadata["help"]) for field in attrs.fields(options_type)
            if "help" in field.metadata}


def drawing_file(game_id: str, path: str) -> tuple[Path, str] | None:
    """The file ``path`` of the drawing of the registered game ``game_id`` and its
    media type; None (not found) for anything else: no such game, no drawing, a path
    that leaves the folder or names a hidden file, a kind of file not served."""
    try:
        game = get_game(game_id)
    except UnknownGameError:
        return None
    folder = game.web_folder()
    parts = path.split("/")
    if (folder is None or len(path) > _MAX_PATH
            or any(not part or part.startswith(".") or "\\" in part or "\0" in part
                   for part in parts)):
        return None
    media_type = MEDIA_TYPES.get(PurePosixPath(path).suffix.lower())
    if media_type is None:
        return None
    try:
        root = folder.resolve()
        target = root.joinpath(*parts).resolve()
        # A symbolic link that leads out of the folder is refused like "..".
        found = target.is_relative_to(root) and target.is_file()
    except (OSError, ValueError):
        return None
    return (target, media_type) if found else None
