"""aves-core: the rules engine for the card game AVES.

Start with ``new_game``, ask ``legal_moves``, play with ``apply_move``::

    >>> from aves_core import new_game, legal_moves, apply_move
    >>> state = new_game(3, seed=7)
    >>> state = apply_move(state, legal_moves(state)[0])
"""

from aves_core.games.aves.cards import CROW, Card, Color, game_cards
from aves_core.kernel.errors import (
    ArgumentError,
    AvesError,
    IllegalMoveError,
    LogError,
    LogProblem,
    NotationError,
    SetupError,
)
from aves_core.games.aves.log import GameLog, dump_log, load_log
from aves_core.games.aves.moves import Move, Pass, Return, Trade, parse_move
from aves_core.games.aves.phases import Phase, diagram
from aves_core.kernel.replay import ReplayResult, replay, states, validate
from aves_core.games.aves.rules import apply_move, legal_moves, new_game, random_setup
from aves_core.games.aves.state import GameState, Result, Variant

__version__ = "0.1.0"

__all__ = [
    "CROW",
    "ArgumentError",
    "AvesError",
    "Card",
    "Color",
    "GameLog",
    "GameState",
    "IllegalMoveError",
    "LogError",
    "LogProblem",
    "Move",
    "NotationError",
    "Pass",
    "Phase",
    "ReplayResult",
    "Result",
    "Return",
    "SetupError",
    "Trade",
    "Variant",
    "__version__",
    "apply_move",
    "diagram",
    "dump_log",
    "game_cards",
    "legal_moves",
    "load_log",
    "new_game",
    "parse_move",
    "random_setup",
    "replay",
    "states",
    "validate",
]
