"""The AVES move log: the ``GameLog`` value and the ``aves-log`` format of LOG_FORMAT.md
(docs/logs.md), registered with the kernel's log layer, which also reads the generic
``aves-core-log`` form of an AVES game."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from aves_core.games.aves.cards import CARDS_BY_CODE, Card
from aves_core.games.aves.moves import Move, Pass, Return, Trade
from aves_core.games.aves.rules import new_game, random_setup
from aves_core.games.aves.state import AvesSetup, GameState, Result, Variant
from aves_core.kernel import log as kernel_log
from aves_core.kernel.convert import FieldError, converter, structure
from aves_core.kernel.errors import ArgumentError, log_error
from aves_core.kernel.log import LogFormat, LogHeader, dump_log
from aves_core.kernel.reader import Format
from aves_core.kernel.registry import get_game

__all__ = [
    "FORMAT",
    "VERSION",
    "GameLog",
    "dump_log",
    "load_log",
]

FORMAT = "aves-log"
"""The ``format`` of an AVES log's header (LOG_FORMAT.md)."""
VERSION = 1
"""The version of the AVES log format this release reads and writes."""
GAME_ID = "aves"


def _tuple_of_cards(value: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(value)


def _tuple_of_moves(value: Iterable[Move]) -> tuple[Move, ...]:
    return tuple(value)


def _tuple_of_names(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen
class GameLog:
    """A recorded game: the header (players, variant, seed, deal, first player),
    the moves in order, and the result when one was recorded.

    A log is a value: ``append`` and ``with_result`` return new logs. It is
    not checked when built; ``replay`` says whether it is a legal game.
    """

    players: tuple[str, ...] = attrs.field(converter=_tuple_of_names)
    variant: Variant
    deal: tuple[Card, ...] = attrs.field(converter=_tuple_of_cards)
    first_player: int
    seed: int | None = None
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_tuple_of_moves)
    result: Result | None = None

    @property
    def game(self) -> str:
        """The game's id, ``"aves"`` (every kernel log names its game)."""
        return GAME_ID

    @property
    def setup(self) -> AvesSetup:
        """The recorded setup: variant, deal and first player."""
        return AvesSetup(self.variant, self.deal, self.first_player)

    @classmethod
    def from_game(
        cls,
        players: Sequence[str],
        variant: Variant = Variant(),
        *,
        seed: int | None = None,
        deal: Iterable[Card] | None = None,
        first_player: int | None = None,
    ) -> GameLog:
        """The log of a new game with these seats, shuffled from ``seed`` unless a
        ``deal`` is given: the same deal and first player ``new_game`` would use."""
        if isinstance(players, str) or not all(isinstance(name, str) for name in players):
            raise ArgumentError("players must be a sequence of seat names (str)")
        if deal is None:
            deal, drawn = random_setup(len(players), variant, seed)
            first_player = drawn if first_player is None else first_player
        state = new_game(len(players), variant, seed=seed, deal=deal, first_player=first_player)
        assert state.active_player is not None
        return cls(players=tuple(players), variant=variant, seed=seed, deal=tuple(deal),
                   first_player=state.active_player)

    def append(self, move: Move) -> GameLog:
        """This log with one more move (not checked here: ``replay`` checks)."""
        if not isinstance(move, Trade | Return | Pass):
            raise ArgumentError(f"a log holds moves, not {type(move).__name__}")
        return attrs.evolve(self, moves=(*self.moves, move))

    def with_result(self, result: Result | None) -> GameLog:
        """This log with ``result`` recorded (or cleared with None)."""
        return attrs.evolve(self, result=result)

    def initial_state(self) -> GameState:
        """The state before the first move (SetupError if the header is not a game)."""
        return new_game(len(self.players), self.variant, deal=self.deal,
                        first_player=self.first_player)


class AvesLogFormat(LogFormat):
    """``aves-log`` version 1: the AVES header of ``LOG_FORMAT.md``, its setup's
    fields at the top level."""

    name = FORMAT
    version = VERSION
    header_keys = ("format", "version", "players", "variant", "seed", "deal", "first_player")
    required_keys = ("players", "variant", "deal", "first_player")

    def header_data(self, game: Any, log: Any) -> dict[str, Any]:
        """The header keys of a log, in the format's order, as JSON-ready data."""
        setup: AvesSetup = log.setup
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "players": list(log.players),
            "variant": converter.unstructure(setup.variant),
        }
        if log.seed is not None:
            data["seed"] = log.seed
        data["deal"] = [str(card) for card in setup.deal]
        data["first_player"] = setup.first_player
        return data

    def read_header(self, data: dict[str, Any]) -> LogHeader:
        """Check a header object's shape (not yet that its deal is a game's)."""
        self.check_keys(data)
        self.read_seed(data.get("seed"))
        fast = _well_formed(data)
        if fast is not None:
            return fast
        fields = {key: value for key, value in data.items() if key in self.header_keys[2:]}
        try:
            header = structure(fields, GameLog)  # the header's fields, no moves
        except FieldError as error:
            # A card in the deal that is not a card at all is a bad deal, not a bad move.
            code = "bad_deal" if error.path.startswith("deal") and error.code != "schema" \
                else error.code
            raise log_error(code, error.message, path=error.path) from None
        if not 2 <= len(header.players) <= 6:
            raise log_error("bad_players",
                            f"a log has 2 to 6 players, not {len(header.players)}",
                            path="players")
        setup = AvesSetup(header.variant, header.deal, header.first_player)
        return LogHeader(get_game(GAME_ID), header.players, setup, header.seed, setup_path="")


_VARIANTS = {(crows, showdown): Variant(crows, showdown)
             for crows in (False, True) for showdown in (False, True)}


def _well_formed(data: dict[str, Any]) -> LogHeader | None:
    """The header of a well-formed header object, without the converter, else None.

    Replaying a short log spends much of its time on its header; a header whose
    every field has the right type is read here directly, anything else goes
    through cattrs, which also says what is wrong (the tests check both agree).
    """
    players, variant, deal = data["players"], data["variant"], data["deal"]
    first_player, seed = data["first_player"], data.get("seed")
    if (type(players) is not list or type(variant) is not dict or type(deal) is not list
            or type(first_player) is not int or not (seed is None or type(seed) is int)
            or not 2 <= len(players) <= 6 or len(variant) != 2
            or set(map(type, players)) != {str}):
        return None
    crows, showdown = variant.get("crows"), variant.get("showdown")
    if type(crows) is not bool or type(showdown) is not bool:
        return None
    try:
        # Cards are always true: filter drops exactly the codes that are no card.
        cards = tuple(filter(None, map(CARDS_BY_CODE.get, deal)))
    except TypeError:  # a list or an object in the deal: unhashable
        return None
    if len(cards) != len(deal):
        return None  # a code that is no card, or no string: cattrs names it
    setup = AvesSetup(_VARIANTS[crows, showdown], cards, first_player)
    return LogHeader(get_game(GAME_ID), tuple(players), setup, seed, setup_path="")


kernel_log.register_log_format(AvesLogFormat(), game_id=GAME_ID)


def load_log(source: str | bytes | os.PathLike[str], fmt: Format | None = None) -> GameLog:
    """Read a whole AVES log, as ``aves_core.read_log`` reads any game's (a path, or
    the log's text itself), checking only its shape (``replay`` checks the rules).
    Another game's log is ``unknown_game``."""
    log = kernel_log.read_log(source, fmt)
    if not isinstance(log, GameLog):
        raise log_error("unknown_game", f"this is a log of {log.game!r}, not of AVES: "
                        "read it with aves_core.read_log", path="game")
    return log

