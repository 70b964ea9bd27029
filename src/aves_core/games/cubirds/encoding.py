"""Cubirds for learning agents (``aves_core.kernel.encoding``; ``describe`` tables the
layout in docs/ai.md): 75 actions for every number of players, a seat's moves in
``rules.all_moves`` order (the chance move has none), and ``526 + 11 * N`` observation
values read from the seat's view, from its side (seat ``me + i`` is "i seats to my
left"): species counts divided by 4, sizes that grow with the game by 16.
"""

from __future__ import annotations

import operator
import struct
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aves_core.games.cubirds.cards import BIG, INDEX, SMALL, SPECIES, TOTAL, Counts
from aves_core.games.cubirds.moves import SIDES, Move, Reshuffle
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.setup import ROWS
from aves_core.games.cubirds.views import CubirdsView
from aves_core.kernel.encoding import ActionTable, EncodingError, float32s, write_float32s

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
        self.from_me = tuple(operator.itemgetter(*((me + offset) % num_players
                                                   for offset in range(num_players)))
                             for me in range(num_players))
        """By my seat: what picks the values kept one a seat (collections, hand sizes) in
        my order, me first, then the seats to my left."""
        self.seat_blocks = tuple(_one_hot(num_players, at) for at in range(num_players + 1))
        """The one-hot of a seat relative to me, by that number (nobody: ``num_players``)."""

    def action_index(self, move: Move) -> int:
        """The move's place among ``rules.all_moves``; ``EncodingError`` for a reshuffle.
        The legal moves are the very moves of ``all_moves`` (``rules.LAYS`` and the
        others), which ``ActionTable`` finds by identity, without hashing them."""
        if type(move) is Reshuffle:
            raise EncodingError(f"{move} is a chance move: no agent makes it, it has no index")
        return super().action_index(move)

    def observe(self, view: CubirdsView, out: npt.NDArray[np.float32]) -> None:
        """The seat's observation (see the module's table), written whole into ``out``.

        The env encodes a view per step, so the observation is the bytes of its
        blocks, joined: a hand, a row, a count of species are each made once and
        cached (a lay changes one row, a fly one collection), the one-hots and sizes
        are tables."""
        me = view.seat if view.seat is not None else 0
        count = self.num_players
        from_me = self.from_me[me]
        pending, active = view.pending, view.active
        write_float32s(out, b"".join((
            _NO_HAND if view.hand is None else _HAND_BLOCKS[view.hand],
            *map(_ROW_BLOCKS.__getitem__, view.rows),
            *map(_COUNT_BLOCKS.__getitem__, from_me(view.collections)),
            *map(_SIXTEENTHS.__getitem__, from_me(view.hand_sizes)),
            _SIXTEENTHS[view.deck_size],
            _COUNT_BLOCKS[view.discard],
            _PHASE_BLOCKS[view.phase],
            _FLAGS[view.draw_offered],
            _PENDING_BLOCKS[None if pending is None else pending.kind],
            self.seat_blocks[(view.dealer - me) % count],
            self.seat_blocks[count if active is None else (active - me) % count])))

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


# The observation's blocks, as the bytes of their float32 values (numpy's own layout, so
# the module needs no numpy): a row's, a hand's or a count's block is made once and kept
# (``_Blocks``), the others are joined from tables of values (picked by C-level lookups,
# ``map``).



def _one_hot(size: int, at: int) -> bytes:
    """``size`` values, 1 at ``at`` (none at all when ``at`` is ``size``)."""
    return float32s(*(float(index == at) for index in range(size)))



class _Blocks(dict[Any, bytes]):
    """Blocks by what they encode (a row, a hand, a count), each made by ``make`` the
    first time it is asked for: a plain dict lookup after that, and the key is the
    view's own value, so no object is made (the env encodes a view per step, and new
    objects that stay would wake the garbage collector). Past ``limit`` blocks it
    starts over."""

    def __init__(self, make: Callable[[Any], bytes], limit: int = 4096) -> None:
        super().__init__()
        self.make, self.limit = make, limit

    def __missing__(self, key: Any) -> bytes:
        if len(self) >= self.limit:
            self.clear()
        block = self[key] = self.make(key)
        return block


_ROW = struct.Struct(f"={ROW_BLOCK}f")
"""A row's block."""
_QUARTERS = tuple(float32s(count / COUNT_SCALE) for count in range(TOTAL + 1))
"""A count of one species, /4, by the count."""
_SIXTEENTHS = tuple(float32s(size / SIZE_SCALE) for size in range(TOTAL + 1))
"""A size that grows with the game (at most the game's 110 cards), /16, by the size."""
_FLAGS = (float32s(0.0), float32s(1.0))
"""False and True."""
_SMALL_FLOCKS = tuple(tuple(_FLAGS[held >= small] for held in range(TOTAL + 1))
                      for small in SMALL)
"""By species and cards held: 1 when they reach its small flock."""
_BIG_FLOCKS = tuple(tuple(_FLAGS[held >= big] for held in range(TOTAL + 1)) for big in BIG)
"""By species and cards held: 1 when they reach its big flock."""
_NO_HAND = float32s(*(0.0,) * (O_ROWS - O_HAND))
"""A spectator's hand block: nothing."""
_PHASE_BLOCKS = {phase: _one_hot(len(_PHASES), at) for phase, at in _PHASES.items()}
_PENDING_BLOCKS: dict[str | None, bytes] = {
    None: _one_hot(len(_PENDING), len(_PENDING)),
    **{kind: _one_hot(len(_PENDING), at) for kind, at in _PENDING.items()}}
"""What a pending reshuffle is for, by its kind (None: no reshuffle pending)."""


def _counts_block(counts: Counts) -> bytes:
    """A count of species (a collection, the discard pile): each count /4."""
    return b"".join(map(_QUARTERS.__getitem__, counts))


def _hand_block(hand: Counts) -> bytes:
    """My hand's block: its counts /4, then 1 where a species reaches its small flock,
    then 1 where it reaches its big flock."""
    return b"".join((*map(_QUARTERS.__getitem__, hand),
                     *map(operator.getitem, _SMALL_FLOCKS, hand),
                     *map(operator.getitem, _BIG_FLOCKS, hand)))


def _row_block(line: str) -> bytes:
    """One row's block: counts, length, the cards near each end, each lay's enclosure."""
    block = [0.0] * ROW_BLOCK
    length = len(line)
    block[R_LENGTH] = length / SIZE_SCALE
    for position in range(min(END, length)):
        block[R_ENDS + position * KINDS + INDEX[line[position]]] = 1.0
        block[R_ENDS + (END + position) * KINDS + INDEX[line[length - 1 - position]]] = 1.0
    for species, letter in enumerate(SPECIES):
        held = line.count(letter)
        if not held:
            continue  # a lay of a species the row lacks takes nothing (CB7)
        block[R_COUNTS + species] = held / COUNT_SCALE
        # CB7, as rules.laid: a lay at the left takes the cards left of the species'
        # leftmost card, one at the right those right of its rightmost.
        for at, taken in ((0, line.find(letter)), (KINDS, length - 1 - line.rfind(letter))):
            if taken:
                block[R_TAKE + at + species] = taken / SIZE_SCALE
                # CB8: the rest shows one species when every card not taken is that species.
                if held == length - taken:
                    block[R_REFILL + at + species] = 1.0
    return _ROW.pack(*block)


_COUNT_BLOCKS = _Blocks(_counts_block)
_HAND_BLOCKS = _Blocks(_hand_block)
_ROW_BLOCKS = _Blocks(_row_block)
