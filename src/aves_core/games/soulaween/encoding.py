"""Soulaween for learning agents (``aves_core.kernel.encoding``; tabled in docs/ai.md):
101 actions, a seat's moves in the order of the game's ``all_moves``, and 88
observation values from the observing seat's side (me, then my opponent).
``SoulaweenEncoding.describe`` gives the layout index by index.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aves_core.games.soulaween.board import FACES, PATTERNS, SIZE
from aves_core.games.soulaween.game import SOULAWEEN
from aves_core.games.soulaween.phases import Phase
from aves_core.games.soulaween.state import CHARACTERS, STANCES
from aves_core.games.soulaween.views import SoulaweenView
from aves_core.kernel.encoding import ActionTable

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["SoulaweenEncoding"]

CELLS = SIZE * SIZE
REAP = CELLS * 2
ROTATE = REAP + len(PATTERNS)
KEEP = ROTATE + 1
TOKENS = ("cloth", "scythe", "needle", "vulture", "anubis_black", "anubis_white")
_PHASES = {phase: index for index, phase in enumerate(Phase)}
O_TOKENS = CELLS * 3
O_CHARACTERS = O_TOKENS + 2 * len(TOKENS)
O_STANCES = O_CHARACTERS + 2 * (len(CHARACTERS) + 1)
O_RESTRICTIONS = O_STANCES + 2 * (len(STANCES) + 1)
O_PHASE = O_RESTRICTIONS + 2 * (len(FACES) + 1)
O_MINE = O_PHASE + len(_PHASES)
SIZE_OBS = O_MINE + 1


def _option(value: str | None, choices: tuple[str, ...]) -> int:
    return 0 if value is None else choices.index(value) + 1


class SoulaweenEncoding(ActionTable):
    """The encoding of Soulaween (two seats)."""

    observation_size = SIZE_OBS

    def __init__(self, num_players: int) -> None:
        super().__init__(SOULAWEEN, num_players)

    def observe(self, view: SoulaweenView, out: npt.NDArray[np.float32]) -> None:
        """The seat's observation (see the module's table)."""
        state = view.state
        me = view.seat if view.seat is not None else 0
        for cell in range(CELLS):
            bit = 1 << cell
            out[cell if state.black & bit else CELLS + cell if state.white & bit
                else 2 * CELLS + cell] = 1.0
        for side, seat in enumerate((me, 1 - me)):
            for token in state.tokens[seat]:
                out[O_TOKENS + side * len(TOKENS) + TOKENS.index(token)] += 1.0
            out[O_CHARACTERS + side * (len(CHARACTERS) + 1)
                + _option(state.characters[seat], CHARACTERS)] = 1.0
            out[O_STANCES + side * (len(STANCES) + 1)
                + _option(state.stances[seat], STANCES)] = 1.0
            out[O_RESTRICTIONS + side * (len(FACES) + 1)
                + _option(state.restrictions[seat], FACES)] = 1.0
        out[O_PHASE + _PHASES[state.phase]] = 1.0
        out[O_MINE] = float(view.is_my_turn)

    def describe(self) -> list[tuple[str, str]]:
        """The layout, for docs/ai.md."""
        return [
            (f"action 0-{REAP - 1}", "put face f (0 black, 1 white) on cell i "
             "(row*4+column, a1=0, d1=3, a4=12): i*2+f"),
            (f"action {REAP}-{ROTATE - 1}", "reap pattern j of board.PATTERNS: 32+j"),
            (f"action {ROTATE}", "rotate"),
            (f"action {KEEP}", "keep"),
            (f"obs 0-{CELLS * 3 - 1}", "black cells, white cells, empty cells"),
            (f"obs {O_TOKENS}-{O_CHARACTERS - 1}", "tokens held (cloth, scythe, needle, "
             "vulture, anubis_black, anubis_white): mine, then theirs"),
            (f"obs {O_CHARACTERS}-{O_STANCES - 1}", "characters one-hot (none, Little "
             "Death, Anubis, Hei & Bai): mine, theirs"),
            (f"obs {O_STANCES}-{O_RESTRICTIONS - 1}", "stances one-hot (none, hei, bai): "
             "mine, theirs"),
            (f"obs {O_RESTRICTIONS}-{O_PHASE - 1}", "restrictions one-hot (none, black, "
             "white): mine, theirs"),
            (f"obs {O_PHASE}-{O_MINE - 1}", "phase one-hot"),
            (f"obs {O_MINE}", "1 when it is my move"),
        ]
