"""The body of ``POST /api/tables`` read and checked: the game, the players' names,
the options, the seed (if the operator allows seeds), the bots and the time control,
each refused with a 400 that says what is wrong before anything is stored."""

from __future__ import annotations

import re
from typing import Any

import attrs

from aves_core.bots import make_bot
from aves_core.host.clocks import ClockError, TimeControl
from aves_core.host.errors import HostError
from aves_core.kernel.convert import FieldError
from aves_core.kernel.errors import AvesError
from aves_core.kernel.game import Game
from aves_core.kernel.registry import UnknownGameError, get_game

__all__ = ["MAX_PLAYERS_NAME", "MAX_SEARCH_ITERATIONS", "MAX_SEARCH_MS", "NewTable",
           "read_new_table", "storable"]

AnyGame = Game[Any, Any, Any, Any, Any, Any]
MAX_PLAYERS_NAME = 40
"""The longest player's name, in characters."""
MAX_SEARCH_ITERATIONS = 5_000
MAX_SEARCH_MS = 2_000
"""The most a hosted search bot may think a move: a table must not hold a bot thread."""
_SEAT_KEY = re.compile(r"0|[1-9][0-9]{0,2}", re.ASCII)


@attrs.frozen
class NewTable:
    """A table to create, every part checked."""

    game: AnyGame
    players: tuple[str, ...]
    options: Any
    seed: int | None
    bots: dict[int, str]
    clock: TimeControl | None = None


def read_new_table(body: Any, *, allow_seeds: bool) -> NewTable:
    """``{"game", "players", "options", "seed", "bots", "clock"}`` checked (``HostError``
    400, or 403 ``seed_not_allowed`` for a seed the host does not take from clients)."""
    if type(body) is not dict:
        raise _bad("the body must be a JSON object")
    unknown = sorted(set(body) - {"game", "players", "options", "seed", "bots", "variant",
                                  "clock"})
    if unknown:
        raise _bad(f"unknown key {unknown[0]!r}")
    game = _game(body.get("game", "aves"))
    players = body.get("players")
    if type(players) is not list or not all(type(name) is str and 0 < len(name) <=
                                            MAX_PLAYERS_NAME for name in players):
        raise _bad(f"players must be a list of names (1 to {MAX_PLAYERS_NAME} characters)")
    if not all(storable(name) for name in players):
        raise _bad("a player's name holds a character no store keeps (a NUL, another "
                   "control character or a lone surrogate)")
    seed = body.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
        raise _bad("seed must be an integer from 0 to 2**63 - 1, or null")
    if seed is not None and not allow_seeds:
        # Whoever picks the seed knows every hand and the deck's order.
        raise HostError(403, "seed_not_allowed", "this host deals from its own "
                        "randomness: a seed would tell its chooser every hidden card "
                        "(an operator may allow seeds: aves serve --allow-seeds)")
    clock = None
    if body.get("clock") is not None:
        try:
            clock = TimeControl.from_json(body["clock"])
        except ClockError as error:
            raise _bad(f"clock: {error.message}") from None
    return NewTable(game, tuple(players), _options(game, body), seed,
                    _bot_specs(game, body.get("bots", {}), len(players)), clock)


def _bad(message: str, code: str = "schema") -> HostError:
    return HostError(400, code, message)


def _game(game_id: Any) -> AnyGame:
    try:
        return get_game(game_id)
    except UnknownGameError as error:
        raise HostError(400, "unknown_game", error.message) from None


def _options(game: AnyGame, body: dict[str, Any]) -> Any:
    data = body.get("options", body.get("variant"))  # AVES's 0.1 name
    if data is None:
        return game.default_options()
    try:
        return game.options_from_json(data)
    except FieldError as error:
        where = f" ({error.path})" if error.path else ""
        raise _bad(f"options: {error.message}{where}") from None


def _bot_specs(game: AnyGame, data: Any, players: int) -> dict[int, str]:
    if type(data) is not dict:
        raise _bad("bots must be an object of seat numbers and bot names")
    specs: dict[int, str] = {}
    for key, spec in data.items():
        # One spelling per seat: "0", "1", ... (not "00", "²" or 5,000 digits).
        if not (type(key) is str and _SEAT_KEY.fullmatch(key) and int(key) < players):
            raise _bad(f"bots: {key!r} is not a seat of this table")
        if type(spec) is not str:
            raise _bad("bots: a bot is named by a string such as 'greedy'")
        try:
            make_bot(spec, game)
        except AvesError as error:
            raise _bad(f"bots: {error}") from None
        _check_budget(spec)
        specs[int(key)] = spec
    return specs


def storable(text: str) -> bool:
    """True when every store keeps ``text`` as it is: valid UTF-8 (no lone surrogate)
    and no control character (PostgreSQL refuses NUL in text)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return text.isprintable()


def _check_budget(spec: str) -> None:
    """A search bot's budget, if given, within what a host allows."""
    name, _, argument = spec.partition(":")
    if name != "search" or not argument:
        return
    if argument.endswith("ms"):
        if int(argument[:-2]) > MAX_SEARCH_MS:
            raise _bad(f"bots: a hosted search bot thinks at most {MAX_SEARCH_MS} ms a move")
    elif int(argument) > MAX_SEARCH_ITERATIONS:
        raise _bad(f"bots: a hosted search bot makes at most {MAX_SEARCH_ITERATIONS:,} "
                   "iterations a move")
