"""Everything a game needs, in one import: the author's surface.

    from aves_core.author import GAME_OVER, NOT_YOUR_TURN, Game, GameFacts, move, ...

A game is a ``Game`` subclass over its own frozen values: moves declared with
``@move`` (their text, strict reader and JSON), the door's ``refusals`` in the
rules' order, a ``transition`` for legal moves, views, and a phase machine; the
kernel derives the rest and every layer (host, browser, logs, bots, terminal,
learning environments, the conformance kit in ``aves_core.testing``) plays it.
docs/games.md walks through a whole game; ``aves new-game NAME`` writes one to
start from.
"""

from __future__ import annotations

from aves_core.kernel.bots import BestScoreBot, Bot, RandomBot, standard_bots
from aves_core.kernel.convert import FieldError, converter
from aves_core.kernel.door import (
    BAD_NOTATION,
    GAME_OVER,
    NOT_YOUR_TURN,
    UNLISTED,
    WRONG_PHASE,
    Refusal,
    refuse,
)
from aves_core.kernel.encoding import Encoding, EncodingError
from aves_core.kernel.errors import (
    ArgumentError,
    AvesError,
    IllegalMoveError,
    NotationError,
    SetupError,
)
from aves_core.kernel.facts import (
    Chance,
    GameEnded,
    GameFacts,
    MovePlayed,
    NoOptions,
    PlayEvent,
    Result,
    ViewStatus,
)
from aves_core.kernel.game import Game
from aves_core.kernel.notation import (
    SEAT,
    Choice,
    Codec,
    Int,
    Nat,
    Notation,
    Parsed,
    Seq,
    Token,
    move,
)
from aves_core.kernel.phases import PhaseMachine
from aves_core.kernel.registry import register_game
from aves_core.kernel.search import SearchHooks
from aves_core.kernel.terminal import Paint, Screen, in_words, ordinal, plural

__all__ = [
    "BAD_NOTATION",
    "GAME_OVER",
    "NOT_YOUR_TURN",
    "SEAT",
    "UNLISTED",
    "WRONG_PHASE",
    "ArgumentError",
    "AvesError",
    "BestScoreBot",
    "Bot",
    "Chance",
    "Choice",
    "Codec",
    "Encoding",
    "EncodingError",
    "FieldError",
    "Game",
    "GameEnded",
    "GameFacts",
    "IllegalMoveError",
    "Int",
    "MovePlayed",
    "Nat",
    "NoOptions",
    "Notation",
    "NotationError",
    "Paint",
    "Parsed",
    "PhaseMachine",
    "PlayEvent",
    "RandomBot",
    "Refusal",
    "Result",
    "Screen",
    "SearchHooks",
    "Seq",
    "SetupError",
    "Token",
    "ViewStatus",
    "converter",
    "in_words",
    "move",
    "ordinal",
    "plural",
    "refuse",
    "register_game",
    "standard_bots",
]
