"""Soulaween for learning agents (tabled in docs/ai.md): 101 actions, a seat's moves in
the order of ``all_moves``, and 88 observation values from the observing seat's side
(me, then my opponent), in the blocks of ``_OBSERVATION``.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from aves_core.games.soulaween.board import FACES, PATTERNS, SIZE
from aves_core.games.soulaween.phases import Phase
from aves_core.games.soulaween.state import CHARACTERS, STANCES, Pair
from aves_core.games.soulaween.views import SoulaweenView
from aves_core.kernel.encoding import ActionTable, float32s, write_float32s

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
        """The seat's observation (``_OBSERVATION``), written whole into ``out``: the
        bytes of its blocks, joined, each block a table's or made once and cached (the
        env encodes a view per step)."""
        state = view.state
        me = view.seat if view.seat is not None else 0
        black, white, empty = state.black, state.white, state.empty
        write_float32s(out, b"".join((
            _CELLS[black & 0xFF], _CELLS[black >> 8 & 0xFF],
            _CELLS[white & 0xFF], _CELLS[white >> 8 & 0xFF],
            _CELLS[empty & 0xFF], _CELLS[empty >> 8 & 0xFF],
            _seats_block(state.tokens, state.characters, state.stances, state.restrictions,
                         me),
            _PHASE_BLOCKS[state.phase],
            _FLAGS[view.seat is not None and view.seat == state.active])))

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


# The observation's blocks, as the bytes of their float32 values (numpy's own layout, so
# the module needs no numpy).



class _OneHots(dict[object, bytes]):
    """The one-hot block of each of ``choices``, by the choice; zeros for a value that
    is none of them."""

    def __init__(self, choices: tuple[object, ...]) -> None:
        super().__init__((choice, float32s(*(float(choice == other) for other in choices)))
                         for choice in choices)
        self.zeros = float32s(*(0.0,) * len(choices))

    def __missing__(self, _value: object) -> bytes:
        return self.zeros



_CELLS = tuple(float32s(*(float(byte >> bit & 1) for bit in range(8))) for byte in range(256))
"""Eight cells of a mask (its bits, lowest first), 1 where a cell is in it, by the
byte of the mask they are."""
_CHARACTER_BLOCKS = _OneHots((None, *CHARACTERS))
_STANCE_BLOCKS = _OneHots((None, *STANCES))
_RESTRICTION_BLOCKS = _OneHots((None, *FACES))
_PHASE_BLOCKS = _OneHots(tuple(Phase))
_FLAGS = (float32s(0.0), float32s(1.0))
"""False and True."""


@functools.lru_cache(maxsize=4096)
def _seats_block(tokens: tuple[tuple[str, ...], ...], characters: Pair, stances: Pair,
                 restrictions: Pair, me: int) -> bytes:
    """What the seats hold, mine first: tokens, then characters, stances and
    restrictions (they change seldom: the block is cached)."""
    seats = (me, 1 - me)
    return b"".join((
        *[float32s(*(float(tokens[seat].count(token)) for token in TOKENS)) for seat in seats],
        *[_CHARACTER_BLOCKS[characters[seat]] for seat in seats],
        *[_STANCE_BLOCKS[stances[seat]] for seat in seats],
        *[_RESTRICTION_BLOCKS[restrictions[seat]] for seat in seats]))
