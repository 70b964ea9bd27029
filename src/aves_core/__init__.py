"""aves-core: rules engines for Board Game Arena-style games, AVES first.

Start with ``new_game``, ask ``legal_moves``, play with ``apply_move``::

    >>> from aves_core import new_game, legal_moves, apply_move
    >>> state = new_game(3, seed=7)
    >>> state = apply_move(state, legal_moves(state)[0])

Every game, AVES included, is also a ``Game`` in the registry
(``get_game("soulaween")``), which logs, replay, tables, simulation and the
``aves`` command play through.

The top level holds two kinds of names:

- **the library's**, which serve every game: ``Game``, ``GameFacts``, ``Chance``,
  ``Result``, ``get_game``, ``all_games``, ``game_ids``, ``UnknownGameError``,
  ``MoveLog``, ``read_log``, ``dump_log``, ``replay``, ``validate``, ``states``,
  ``ReplayResult``, ``Table``, ``UndoError``, the errors (``AvesError``, ``ArgumentError``,
  ``IllegalMoveError``, ``LogError``, ``NotationError``, ``SetupError``, with
  ``LogProblem``) and ``__version__``;
- **AVES's own**, kept here for compatibility: aves-core began as the rules engine of
  AVES alone, and code written for it imports them from here. They are ``AVES``, the
  functions ``new_game``, ``legal_moves``, ``apply_move``, ``random_setup``,
  ``parse_move``, ``apply_move_with_events``, ``events_for``, ``view_for``,
  ``update_view``, ``diagram``, ``game_cards``, ``load_log``, and the values ``Card``,
  ``CROW``, ``Color``, ``Move``, ``Trade``, ``Return``, ``Pass``, ``Phase``,
  ``GameState``, ``AvesSetup``, ``Variant``, ``PlayerView``, ``GameLog``
  and ``AvesTable``. Their home is ``aves_core.games.aves``; another game's values
  live in its own package (``aves_core.games.cubirds.moves``, say), and no other
  game's names will be added here.
"""

from aves_core import _compat
from aves_core.games.aves.cards import CROW, Card, Color, game_cards
from aves_core.games.aves.events import apply_move_with_events, events_for
from aves_core.games.aves.game import AVES
from aves_core.games.aves.log import GameLog, load_log
from aves_core.games.aves.moves import Move, Pass, Return, Trade, parse_move
from aves_core.games.aves.phases import Phase, diagram
from aves_core.games.aves.rules import apply_move, legal_moves, new_game, random_setup
from aves_core.games.aves.state import AvesSetup, GameState, Result, Variant
from aves_core.games.aves.table import AvesTable
from aves_core.games.aves.views import PlayerView, update_view, view_for
from aves_core.kernel.errors import (
    ArgumentError,
    AvesError,
    IllegalMoveError,
    LogError,
    LogProblem,
    NotationError,
    SetupError,
)
from aves_core.kernel.game import Chance, Game, GameFacts
from aves_core.kernel.log import MoveLog, dump_log, read_log
from aves_core.kernel.registry import UnknownGameError, all_games, game_ids, get_game
from aves_core.kernel.replay import ReplayResult, replay, states, validate
from aves_core.kernel.table import Table, UndoError

__version__ = "0.2.0"
"""This release's version: the newest section of the CHANGELOG names it."""

_compat.install()

__all__ = [
    "AVES",
    "CROW",
    "ArgumentError",
    "AvesError",
    "AvesSetup",
    "AvesTable",
    "Card",
    "Chance",
    "Color",
    "Game",
    "GameFacts",
    "GameLog",
    "GameState",
    "IllegalMoveError",
    "LogError",
    "LogProblem",
    "Move",
    "MoveLog",
    "NotationError",
    "Pass",
    "Phase",
    "PlayerView",
    "ReplayResult",
    "Result",
    "Return",
    "SetupError",
    "Table",
    "Trade",
    "UndoError",
    "UnknownGameError",
    "Variant",
    "__version__",
    "all_games",
    "apply_move",
    "apply_move_with_events",
    "diagram",
    "dump_log",
    "events_for",
    "game_cards",
    "game_ids",
    "get_game",
    "legal_moves",
    "load_log",
    "new_game",
    "parse_move",
    "random_setup",
    "read_log",
    "replay",
    "states",
    "update_view",
    "validate",
    "view_for",
]
