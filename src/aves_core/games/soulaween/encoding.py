"""Soulaween for learning agents (tabled in docs/ai.md): 101 actions, a seat's moves in
the order of ``all_moves``, and 88 observation values from the observing seat's side
(me, then my opponent), in the blocks of ``_OBSERVATION``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aves_core.games.soulaween.board import FACES, PATTERNS, SIZE
from aves_core.games.soulaween.phases import Phase
from aves_core.games.soulaween.state import CHARACTERS, STANCES
from aves_core.games.soulaween.views import SoulaweenView
from aves_core.kernel.encoding import ActionTable

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["SoulaweenEncoding"]

TOKENS = ("cloth", "scythe", "needle", "vulture", "anubis_black", "anubis_white")
_OBSERVATION = (
    ("black cells, white cells, empty cells", 3 * SIZE * SIZE),
    ("tokens held (cloth, scythe, needle, vulture, anubis_black, anubis_white): mine, then "
     "theirs", 2 * len(TOKENS)),
    ("characters one-hot (none, Little Death, Anubis, Hei & Bai): mine, theirs",
     2 * (len(CHARACTERS) + 1)),
    ("stances one-hot (none, hei, bai): mine, theirs", 2 * (len(STANCES) + 1)),
    ("restrictions one-hot (none, black, white): mine, theirs", 2 * (len(FACES) + 1)),
    ("phase one-hot", len(Phase)),
    ("1 when it is my move", 1),
)
"""The observation's blocks, in order: what each holds, and how many values."""


class SoulaweenEncoding(ActionTable):
    """The encoding of Soulaween (two seats)."""

    observation_size = sum(size for _, size in _OBSERVATION)

    def observe(self, view: SoulaweenView, out: npt.NDArray[np.float32]) -> None:
        """The seat's observation (``_OBSERVATION``)."""
        state = view.state
        me = view.seat if view.seat is not None else 0
        values = [float(mask >> cell & 1) for mask in (state.black, state.white, state.empty)
                  for cell in range(SIZE * SIZE)]
        for seat in (me, 1 - me):
            values += [float(state.tokens[seat].count(token)) for token in TOKENS]
        for choices, held in ((CHARACTERS, state.characters), (STANCES, state.stances),
                              (FACES, state.restrictions)):
            for seat in (me, 1 - me):
                values += [float(held[seat] == choice) for choice in (None, *choices)]
        values += [float(state.phase is phase) for phase in Phase]
        values.append(float(view.seat is not None and view.seat == state.active))
        out[:] = values

    def describe(self) -> list[tuple[str, str]]:
        """The layout, for docs/ai.md."""
        reap, rotate = 2 * SIZE * SIZE, 2 * SIZE * SIZE + len(PATTERNS)
        rows = [(f"action 0-{reap - 1}", "put face f (0 black, 1 white) on cell i "
                 "(row*4+column, a1=0, d1=3, a4=12): i*2+f"),
                (f"action {reap}-{rotate - 1}", "reap pattern j of board.PATTERNS: 32+j"),
                (f"action {rotate}", "rotate"), (f"action {rotate + 1}", "keep")]
        start = 0
        for meaning, size in _OBSERVATION:
            rows.append((f"obs {start}-{start + size - 1}" if size > 1 else f"obs {start}",
                         meaning))
            start += size
        return rows
