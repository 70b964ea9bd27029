"""Cubirds for learning agents: a fixed action index for every seat's move and a flat
observation of a seat's view (``aves_core.kernel.encoding``). ``describe()`` gives the
layout, tabled in docs/ai.md.

Actions (75, the same for every number of players): the 64 lays (``s*8 + r*2 + d``
for species ``s`` in canonical order, row ``r``, side ``d``: 0 left, 1 right), draw,
nodraw, the 8 flocks and nofly. The chance move (``*:reshuffle ...``) has no index:
no agent makes it.

Observation (``526 + 11 * N`` floats for ``N`` players: 548 for 2, 581 for 5), from the
observing seat's side: seat ``me + i`` is "i seats to my left", first in every
per-seat block. Counts of one species are divided by 4 (at most 20 cards: 5), sizes
that can grow with the game (a row's length, the cards a lay takes, a hand, the
deck) by 16 (at most 110 cards: under 7), so every value lies in [0, 8]. Each row's
block says, for a lay of each species at each side, what it would take (CB7) and
whether a refill would follow (CB8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aves_core.games.cubirds.cards import BIG, INDEX, SMALL, SPECIES
from aves_core.games.cubirds.moves import SIDES, Draw, Fly, Lay, Move, NoDraw, NoFly
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.rules import DRAWS, FLIES, LAYS, NOFLIES, laid
from aves_core.games.cubirds.setup import ROWS
from aves_core.games.cubirds.views import CubirdsView
from aves_core.kernel.encoding import EncodingError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

KINDS = len(SPECIES)
SIDE_COUNT = len(SIDES)
LAY_ACTIONS = KINDS * ROWS * SIDE_COUNT
DRAW = LAY_ACTIONS
NODRAW = DRAW + 1
FLY = NODRAW + 1
NOFLY = FLY + KINDS
ACTIONS = NOFLY + 1

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
_SIDE = {side: index for index, side in enumerate(SIDES)}


def _range(first: int, after: int) -> str:
    return f"{first}" if after - first == 1 else f"{first}-{after - 1}"


class CubirdsEncoding:
    """The encoding of Cubirds for ``num_players`` seats (2 to 5): the actions are the
    same for all, the observation's size depends on the number of players."""

    num_actions = ACTIONS

    def __init__(self, num_players: int) -> None:
        self.num_players = count = num_players
        self.sizes = O_COLLECTIONS + count * KINDS
        self.deck = self.sizes + count
        self.discard = self.deck + 1
        self.phase = self.discard + KINDS
        self.offered = self.phase + len(_PHASES)
        self.pending = self.offered + 1
        self.dealer = self.pending + len(_PENDING)
        self.active = self.dealer + count
        self.observation_size = self.active + count

    def action_index(self, move: Move) -> int:
        """See the module's table; ``EncodingError`` for a reshuffle (no agent makes it)."""
        if isinstance(move, Lay):
            return (INDEX[move.species] * ROWS * SIDE_COUNT + move.row * SIDE_COUNT
                    + _SIDE[move.side])
        if isinstance(move, Fly):
            return FLY + INDEX[move.species]
        kind = type(move)
        if kind is Draw:
            return DRAW
        if kind is NoDraw:
            return NODRAW
        if kind is NoFly:
            return NOFLY
        raise EncodingError(f"{move} is a chance move: no agent makes it, it has no index")

    def move_of(self, index: int, view: CubirdsView) -> Move:
        """The seat's legal move with this index."""
        seat = view.seat
        if type(index) is not int or seat is None or not 0 <= index < ACTIONS:
            raise EncodingError(f"{index!r} is no Cubirds action of {seat!r} "
                                f"(0 to {ACTIONS - 1})")
        move: Move
        if index < LAY_ACTIONS:
            move = LAYS[seat][index // (ROWS * SIDE_COUNT)][index % (ROWS * SIDE_COUNT)]
        elif index < FLY:
            move = DRAWS[seat][index - DRAW]
        elif index < NOFLY:
            move = FLIES[seat][index - FLY]
        else:
            move = NOFLIES[seat]
        if move not in view.legal_moves:
            raise EncodingError(f"action {index} ({move}) is not legal for seat {seat} now")
        return move

    def observe(self, view: CubirdsView, out: npt.NDArray[np.float32]) -> None:
        """The seat's observation (see the module's table)."""
        me = view.seat if view.seat is not None else 0
        count = self.num_players
        hand = view.hand
        if hand is not None:
            for species, held in enumerate(hand):
                if held:
                    out[O_HAND + species] = held / COUNT_SCALE
                    if held >= SMALL[species]:
                        out[O_SMALL + species] = 1.0
                        if held >= BIG[species]:
                            out[O_BIG + species] = 1.0
        for row, line in enumerate(view.rows):
            _observe_row(line, out, O_ROWS + row * ROW_BLOCK)
        for offset in range(count):
            seat = (me + offset) % count
            base = O_COLLECTIONS + offset * KINDS
            for species, held in enumerate(view.collections[seat]):
                if held:
                    out[base + species] = held / COUNT_SCALE
            out[self.sizes + offset] = view.hand_sizes[seat] / SIZE_SCALE
        out[self.deck] = view.deck_size / SIZE_SCALE
        for species, held in enumerate(view.discard):
            if held:
                out[self.discard + species] = held / COUNT_SCALE
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
            (f"action 0-{LAY_ACTIONS - 1}", "lay every card of species s (F O T D P M W R = 0-7) "
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
