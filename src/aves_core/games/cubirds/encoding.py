"""Cubirds for learning agents (``aves_core.kernel.encoding``; ``describe`` tables the
layout in docs/ai.md): 75 actions for every number of players, a seat's moves in
``rules.all_moves`` order (the chance move has none), and ``526 + 11 * N`` observation
values read from the seat's view, from its side (seat ``me + i`` is "i seats to my
left"): species counts divided by 4, sizes that grow with the game by 16.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aves_core.games.cubirds.cards import BIG, INDEX, SMALL, SPECIES
from aves_core.games.cubirds.moves import SIDES, Move, Reshuffle
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.rules import laid
from aves_core.games.cubirds.setup import ROWS
from aves_core.games.cubirds.views import CubirdsView
from aves_core.kernel.encoding import ActionTable, EncodingError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

KINDS = len(SPECIES)
SIDE_COUNT = len(SIDES)
DRAW = KINDS * ROWS * SIDE_COUNT
NODRAW = DRAW + 1
FLY = NODRAW + 1
NOFLY = FLY + KINDS

COUNT_SCALE = 4.0
"""A species' count is divided by this (at most 20 cards of a species: 5)."""
SIZE_SCALE = 16.0
"""A size that grows with the game is divided by this (at most 110 cards: 6.875)."""
END = 5
"""The cards nearest each end of a row, one-hot."""

# One row's block.
R_COUNTS = 0
R_LENGTH = R_COUNTS + KINDS
R_ENDS = R_LENGTH + 1
R_TAKE = R_ENDS + SIDE_COUNT * END * KINDS
R_REFILL = R_TAKE + SIDE_COUNT * KINDS
ROW_BLOCK = R_REFILL + SIDE_COUNT * KINDS

# The observation, up to the per-seat blocks.
O_HAND = 0
O_SMALL = O_HAND + KINDS
O_BIG = O_SMALL + KINDS
O_ROWS = O_BIG + KINDS
O_COLLECTIONS = O_ROWS + ROWS * ROW_BLOCK

_PHASES = {Phase.LAY: 0, Phase.DRAW_OPTION: 1, Phase.FLOCK: 2, Phase.RESHUFFLE: 3,
           Phase.GAME_END: 4}
_PENDING = {"refill": 0, "draw": 1, "deal": 2}


def _range(first: int, after: int) -> str:
    return f"{first}" if after - first == 1 else f"{first}-{after - 1}"


class CubirdsEncoding(ActionTable):
    """The encoding of Cubirds for ``num_players`` seats (2 to 5): the actions are the
    same for all, the observation's size depends on the number of players."""

    def __init__(self, game: Any, num_players: int) -> None:
        super().__init__(game, num_players)
        self.sizes = O_COLLECTIONS + num_players * KINDS
        self.deck = self.sizes + num_players
        self.discard = self.deck + 1
        self.phase = self.discard + KINDS
        self.offered = self.phase + len(_PHASES)
        self.pending = self.offered + 1
        self.dealer = self.pending + len(_PENDING)
        self.active = self.dealer + num_players
        self.observation_size = self.active + num_players

    def action_index(self, move: Move) -> int:
        """The move's place among ``rules.all_moves``; ``EncodingError`` for a reshuffle."""
        if type(move) is Reshuffle:
            raise EncodingError(f"{move} is a chance move: no agent makes it, it has no index")
        return super().action_index(move)

    def observe(self, view: CubirdsView, out: npt.NDArray[np.float32]) -> None:
        """The seat's observation (see the module's table)."""
        me = view.seat if view.seat is not None else 0
        count = self.num_players
        hand = view.hand
        if hand is not None:
            out[O_HAND:O_SMALL] = [held / COUNT_SCALE for held in hand]
            out[O_SMALL:O_BIG] = [held >= small for held, small in zip(hand, SMALL, strict=True)]
            out[O_BIG:O_ROWS] = [held >= big for held, big in zip(hand, BIG, strict=True)]
        for row, line in enumerate(view.rows):
            _observe_row(line, out, O_ROWS + row * ROW_BLOCK)
        for offset in range(count):
            seat = (me + offset) % count
            base = O_COLLECTIONS + offset * KINDS
            out[base:base + KINDS] = [held / COUNT_SCALE for held in view.collections[seat]]
            out[self.sizes + offset] = view.hand_sizes[seat] / SIZE_SCALE
        out[self.deck] = view.deck_size / SIZE_SCALE
        out[self.discard:self.phase] = [held / COUNT_SCALE for held in view.discard]
        out[self.phase + _PHASES[view.phase]] = 1.0
        out[self.offered] = float(view.draw_offered)
        if view.pending is not None:
            out[self.pending + _PENDING[view.pending.kind]] = 1.0
        out[self.dealer + (view.dealer - me) % count] = 1.0
        if view.active is not None:
            out[self.active + (view.active - me) % count] = 1.0

    def describe(self) -> list[tuple[str, str]]:
        """The layout, for docs/ai.md (the per-seat blocks for ``num_players``)."""
        return [
            (f"action 0-{DRAW - 1}", "lay every card of species s (F O T D P M W R = 0-7) "
             "at side d (0 left, 1 right) of row r: s*8+r*2+d"),
            (f"action {DRAW}", "draw"),
            (f"action {NODRAW}", "nodraw"),
            (f"action {FLY}-{NOFLY - 1}", "fly species s home: 66+s"),
            (f"action {NOFLY}", "nofly"),
            (f"obs {_range(O_HAND, O_SMALL)}", "my hand: count of each species /4"),
            (f"obs {_range(O_SMALL, O_BIG)}", "my hand: 1 where a species reaches its small "
             "flock"),
            (f"obs {_range(O_BIG, O_ROWS)}", "my hand: 1 where a species reaches its big "
             "flock"),
            (f"obs {_range(O_ROWS, O_COLLECTIONS)}", f"row r (0-3) at {O_ROWS}+r*{ROW_BLOCK}: "
             f"+{_range(R_COUNTS, R_LENGTH)} count of each species /4, +{R_LENGTH} length "
             f"/16, +{_range(R_ENDS, R_TAKE)} the {END} cards nearest the left end then the "
             f"{END} nearest the right end (position 0 at the end), one-hot species: "
             f"d*{END * KINDS}+k*8+s, +{_range(R_TAKE, R_REFILL)} cards a lay of species s "
             f"at side d would take /16: d*8+s, +{_range(R_REFILL, ROW_BLOCK)} 1 where that "
             "lay takes cards and leaves one species (a refill follows): d*8+s"),
            (f"obs {_range(O_COLLECTIONS, self.sizes)}", "collections, me then the seats "
             "to my left: count of each species /4"),
            (f"obs {_range(self.sizes, self.deck)}", "hand sizes, me then the seats to my "
             "left, /16"),
            (f"obs {self.deck}", "deck size /16"),
            (f"obs {_range(self.discard, self.phase)}", "discard pile: count of each "
             "species /4"),
            (f"obs {_range(self.phase, self.offered)}", "phase one-hot: lay, drawOption, "
             "flock, reshuffle, gameEnd"),
            (f"obs {self.offered}", "1 when the draw is offered"),
            (f"obs {_range(self.pending, self.dealer)}", "what a pending reshuffle is for, "
             "one-hot: refill, draw, deal"),
            (f"obs {_range(self.dealer, self.active)}", "dealer, relative to me, one-hot"),
            (f"obs {_range(self.active, self.observation_size)}", "seat to move, relative "
             "to me, one-hot (none once the game is over)"),
        ]


def _observe_row(line: str, out: npt.NDArray[np.float32], base: int) -> None:
    """One row's block: counts, length, the cards near each end, each lay's enclosure."""
    index = INDEX
    length = len(line)
    for card in line:
        out[base + R_COUNTS + index[card]] += 1.0 / COUNT_SCALE
    out[base + R_LENGTH] = length / SIZE_SCALE
    ends = base + R_ENDS
    for position in range(min(END, length)):
        out[ends + position * KINDS + index[line[position]]] = 1.0
        out[ends + (END + position) * KINDS + index[line[length - 1 - position]]] = 1.0
    for at, side in ((0, SIDES[0]), (KINDS, SIDES[1])):
        for species, letter in enumerate(SPECIES):
            taken = len(laid(line, letter, 0, side)[1])  # CB7
            if taken:
                out[base + R_TAKE + at + species] = taken / SIZE_SCALE
                # CB8: the rest shows one species when every card not taken is that species.
                if line.count(letter) == length - taken:
                    out[base + R_REFILL + at + species] = 1.0
