"""The games aves-core plays, one folder each, and the registry that lists them.

>>> from aves_core.games import game_ids, get_game
>>> game_ids()
('aves', 'boxes', 'cubirds', 'draft-cider', 'soulaween', 'tsukuru')
>>> get_game("aves").facts.name
'AVES'

A game's modules are imported the first time the game is asked for. Other
packages add games through the ``aves_core.games`` entry point group (see
``aves_core.kernel.registry``).
"""

from aves_core.kernel.registry import (
    ENTRY_POINT_GROUP,
    UnknownGameError,
    all_games,
    game_ids,
    get_game,
    register_game,
    register_lazy,
)

__all__ = [
    "DEFAULT_GAME",
    "ENTRY_POINT_GROUP",
    "UnknownGameError",
    "all_games",
    "game_ids",
    "get_game",
    "register_game",
    "register_lazy",
]

DEFAULT_GAME = "aves"
"""The game the ``aves`` command plays when ``--game`` is not given."""

register_lazy("aves", "aves_core.games.aves.game:AVES")
register_lazy("boxes", "aves_core.games.boxes.game:BOXES")
register_lazy("cubirds", "aves_core.games.cubirds.game:CUBIRDS")
register_lazy("draft-cider", "aves_core.games.draft_cider.game:DRAFT_CIDER")
register_lazy("soulaween", "aves_core.games.soulaween.game:SOULAWEEN")
register_lazy("tsukuru", "aves_core.games.tsukuru.game:TSUKURU")
