"""Draft Cider for learning agents (``aves_core.kernel.encoding``; tabled in docs/ai.md):
600 actions, card ``c`` (canonical order) into lot ``l`` (DC3's order) being ``8*c + l``,
and ``82 + 653 * N`` observation values read from the seat's view, seats from its side.
``DraftCiderEncoding.describe`` gives the layout index by index.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aves_core.games.draft_cider.cards import COLOUR, COLOURS, DECK, HEIGHT, INDEX, LOTS, SWEETNESS
from aves_core.games.draft_cider.lots import feather_open
from aves_core.games.draft_cider.phases import Phase
from aves_core.games.draft_cider.state import BAD_POINTS
from aves_core.games.draft_cider.views import DraftCiderView
from aves_core.kernel.encoding import ActionTable

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["ACTIONS", "DraftCiderEncoding"]

ACTIONS = len(DECK) * len(LOTS)
"""600: one action for every card and lot."""

_BAD = LOTS.index("bad")
_PHASES = (Phase.PICK, Phase.GAME_END)

O_PHASE = 0
O_ROUND = O_PHASE + len(_PHASES)
O_UNDEALT = O_ROUND + 1
O_BAD_POINTS = O_UNDEALT + 1
O_POOL = O_BAD_POINTS + len(BAD_POINTS)
O_SEATS = O_POOL + len(DECK)

S_TO_MOVE = 0
S_SCORE = S_TO_MOVE + 1
S_LOT_SCORES = S_SCORE + 1
S_COUNTS = S_LOT_SCORES + len(LOTS)
S_MONO = S_COUNTS + len(LOTS)
S_FEATHER_SWEETNESS = S_MONO + len(COLOURS)
S_FEATHER_HEIGHT = S_FEATHER_SWEETNESS + 5
S_FEATHER_OPEN = S_FEATHER_HEIGHT + 5
S_TREE = S_FEATHER_OPEN + 2
S_TREE_INTACT = S_TREE + len(COLOURS)
S_UNLUCKY = S_TREE_INTACT + 1
S_FORTE = S_UNLUCKY + 1
S_COUPLE = S_FORTE + 5
S_STABLE = S_COUPLE + 5
S_CARDS = S_STABLE + 5
SEAT_BLOCK = S_CARDS + ACTIONS


_POOL_AT = {card: O_POOL + INDEX[card] for card in DECK}
"""Each card's place in the pool's block."""
_CARD_AT = {card: S_CARDS + len(LOTS) * INDEX[card] for card in DECK}
"""Each card's place in a seat's block, in its first lot (lot ``l`` is ``l`` further)."""
_COLOUR_AT = {card: COLOURS.index(COLOUR[card]) for card in DECK}
"""Each card's colour's place in a one-hot of colours."""
_TREE = LOTS.index("tree")


def _range(first: int, after: int) -> str:
    return f"{first}" if after - first == 1 else f"{first}-{after - 1}"


class DraftCiderEncoding(ActionTable):
    """The encoding of Draft Cider for ``num_players`` seats (2 to 6): the actions
    (``ActionTable``, over ``DRAFT_CIDER.all_moves``) are the same for all, the
    observation's size depends on the number of players."""

    def __init__(self, game: Any, num_players: int) -> None:
        super().__init__(game, num_players)
        self.observation_size = O_SEATS + num_players * SEAT_BLOCK

    # The env observes on every step: the values that are 0 are not written (``out``
    # comes zeroed), and each card's places are looked up, not worked out.

    def observe(self, view: DraftCiderView, out: npt.NDArray[np.float32]) -> None:
        """The seat's observation (see the module's table), from its view alone."""
        me = view.seat if view.seat is not None else 0
        count = self.num_players
        out[O_PHASE + (view.phase is Phase.GAME_END)] = 1.0
        out[O_ROUND] = view.round / view.rounds
        out[O_UNDEALT] = view.undealt / len(DECK)
        out[O_BAD_POINTS + BAD_POINTS.index(view.bad_points)] = 1.0
        for card in view.pool:
            out[_POOL_AT[card]] = 1.0
        for offset in range(count):
            seat = (me + offset) % count
            self._seat(view, seat, out, O_SEATS + offset * SEAT_BLOCK)

    @staticmethod
    def _seat(view: DraftCiderView, seat: int, out: npt.NDArray[np.float32],
              base: int) -> None:
        orchard = view.orchards[seat]
        lot_scores = view.lot_scores[seat]
        if seat in view.to_move:
            out[base + S_TO_MOVE] = 1.0
        out[base + S_SCORE] = (view.scores[seat] + 12) / 100
        for lot, cards in enumerate(orchard):
            if cards:  # an empty lot counts 0 and scores 0
                held = len(cards) / 12
                out[base + S_LOT_SCORES + lot] = held if lot == _BAD else lot_scores[lot] / 20
                out[base + S_COUNTS + lot] = held
                in_lot = base + lot
                for card in cards:
                    out[in_lot + _CARD_AT[card]] = 1.0
        mono, feather, tree, unlucky, forte, couple, stable, _bad = orchard
        if mono:
            out[base + S_MONO + _COLOUR_AT[mono[0]]] = 1.0
        if feather:
            first = feather[0]
            out[base + S_FEATHER_SWEETNESS + SWEETNESS[first] - 1] = 1.0
            out[base + S_FEATHER_HEIGHT + HEIGHT[first] - 1] = 1.0
            sweetness_open, height_open = feather_open(feather)
            if sweetness_open:
                out[base + S_FEATHER_OPEN] = 1.0
            if height_open:
                out[base + S_FEATHER_OPEN + 1] = 1.0
        if tree:
            out[base + S_TREE + _COLOUR_AT[tree[0]]] = 1.0
            if lot_scores[_TREE]:  # the tree scores when intact
                out[base + S_TREE_INTACT] = 1.0
        if unlucky:
            out[base + S_UNLUCKY] = sum(SWEETNESS[card] for card in unlucky) / 13
        if len(forte) % 2:
            out[base + S_FORTE + HEIGHT[forte[-1]] - 1] = 1.0
        if len(couple) % 2:
            out[base + S_COUPLE + SWEETNESS[couple[-1]] - 1] = 1.0
        if stable:
            out[base + S_STABLE + HEIGHT[stable[-1]] - 1] = 1.0

    def describe(self) -> list[tuple[str, str]]:
        """The layout, for docs/ai.md (the per-seat blocks for ``num_players``)."""
        seats = O_SEATS + self.num_players * SEAT_BLOCK
        return [
            (f"action {_range(0, ACTIONS)}", "pick card c (G11-R55 = 0-74, canonical order) "
             "into lot l (mono feather tree unlucky forte couple stable bad = 0-7): 8*c+l"),
            (f"obs {_range(O_PHASE, O_ROUND)}", "phase one-hot: pick, gameEnd"),
            (f"obs {O_ROUND}", "the round / the rounds"),
            (f"obs {O_UNDEALT}", "cards undealt /75"),
            (f"obs {_range(O_BAD_POINTS, O_POOL)}", "bad_points one-hot: -1, 0, +1"),
            (f"obs {_range(O_POOL, O_SEATS)}", f"the pool: 1 at {O_POOL}+c for each card c in it"),
            (f"obs {_range(O_SEATS, seats)}", f"seat i (me, then to my left) at "
             f"{O_SEATS}+i*{SEAT_BLOCK}: +0 to pick, +1 its score +12 /100, +2-9 each lot's "
             "score /20 (bad: its cards /12), +10-17 each lot's cards /12, +18-20 mono's "
             "colour (G Y R), +21-25 feather's first sweetness, +26-30 its first height, "
             "+31-32 feather's sweetness, height still open, +33-35 the tree's colour, +36 "
             "the tree intact, +37 unlucky's sweetness sum /13, +38-42 forte's open half's "
             "height, +43-47 couple's open half's sweetness, +48-52 stable's last height, "
             "+53-652 1 at 53+8*c+l for card c in lot l"),
        ]
