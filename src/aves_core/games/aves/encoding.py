"""AVES for learning agents (``aves_core.kernel.encoding``; tabled in docs/ai.md):
action ``k * 46 + g`` puts card kind ``k`` (its rank) into gap ``g``, a trade or the
forced return by the phase, and 1,978 is ``pass``; the observation is from the
observing seat's side, so one policy serves every seat."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING

from aves_core.games.aves.cards import CARDS_BY_RANK, CROW_RANK, Card
from aves_core.games.aves.moves import MAX_GAPS, PASSES, Move, Pass, return_row, trade_row
from aves_core.games.aves.phases import Phase
from aves_core.games.aves.views import PlayerView
from aves_core.kernel.encoding import EncodingError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["AvesEncoding"]

KINDS = CROW_RANK + 1
PASS_INDEX = KINDS * MAX_GAPS
MAX_SEATS = 6
HAND = 0
CIRCLE = HAND + KINDS
SIZES = CIRCLE + MAX_GAPS * KINDS
DECK = SIZES + MAX_SEATS
PHASE = DECK + 1
TURN = PHASE + 4
VARIANT = TURN + MAX_SEATS
OTHERS = VARIANT + 2
PLAYERS = OTHERS + (MAX_SEATS - 1) * KINDS
SIZE = PLAYERS + 5
_PHASES = {phase: index for index, phase in enumerate(Phase)}  # playerTurn, forcedReturn, ...


def _holds(moves: Sequence[Move], move: Move) -> bool:
    """``move in moves``, asked by identity first: legal moves are the shared ones
    (``trade_row``), while ``in`` compares a move by value with each in Python code."""
    return any(map(is_, moves, repeat(move))) or move in moves


def _count_kinds(out: npt.NDArray[np.float32], at: int, cards: Sequence[Card]) -> None:
    """``out[at + k]``: how many of ``cards`` are of kind (rank) ``k`` (a crow may come
    four times)."""
    ranks = [card.rank for card in cards]
    for rank in ranks:
        out[at + rank] = ranks.count(rank)


class AvesEncoding:
    """The encoding of AVES for ``num_players`` seats (the layout is the same for all)."""

    num_actions = PASS_INDEX + 1
    observation_size = SIZE

    def __init__(self, num_players: int) -> None:
        self.num_players = num_players

    def action_index(self, move: Move) -> int:
        """``rank * 46 + gap`` for a trade or return, 1,978 for a pass."""
        if type(move) is Pass:
            return PASS_INDEX
        return move.card.rank * MAX_GAPS + move.gap  # type: ignore[union-attr]

    def indices(self, moves: Sequence[Move]) -> list[int]:
        """``action_index`` of each of ``moves``, in one call: a view's legal moves are
        some forty, and a call apiece costs more than the arithmetic."""
        return [PASS_INDEX if type(move) is Pass
                else move.card.rank * MAX_GAPS + move.gap  # type: ignore[union-attr]
                for move in moves]

    def move_of(self, index: int, view: PlayerView) -> Move:
        """The seat's legal move with this index."""
        seat = view.seat
        if type(index) is not int or seat is None or not 0 <= index <= PASS_INDEX:
            raise EncodingError(f"{index!r} is no action of {seat!r} (0 to {PASS_INDEX})")
        if index == PASS_INDEX:
            move: Move = PASSES[seat]
        else:
            rank, gap = divmod(index, MAX_GAPS)
            row = return_row if view.phase is Phase.FORCED_RETURN else trade_row
            move = row(seat, CARDS_BY_RANK[rank])[gap]
        if not _holds(view.legal_moves, move):
            raise EncodingError(f"action {index} ({move}) is not legal for seat {seat} now")
        return move

    def observe(self, view: PlayerView, out: npt.NDArray[np.float32]) -> None:
        """The seat's observation (see the module's table)."""
        # The env observes on every step: ``out`` comes zeroed, so a 0 is not written,
        # and a hand's counts are set once each, not added card by card.
        seat = view.seat if view.seat is not None else 0
        sizes = view.hand_sizes
        count = len(sizes)
        hands = view.hands
        _count_kinds(out, HAND, hands[seat] or ())
        at = CIRCLE
        for card in view.circle:  # position p's one-hot at CIRCLE + p * KINDS
            out[at + card.rank] = 1.0
            at += KINDS
        for offset in range(count):
            other = (seat + offset) % count
            out[SIZES + offset] = sizes[other] / 8.0
            hand = hands[other]
            if offset and hand:
                _count_kinds(out, OTHERS + (offset - 1) * KINDS, hand)
        out[DECK] = view.deck_size / MAX_GAPS
        out[PHASE + _PHASES[view.phase]] = 1.0
        if view.active_player is not None:
            out[TURN + (view.active_player - seat) % count] = 1.0
        if view.variant.crows:
            out[VARIANT] = 1.0
        if view.variant.showdown:
            out[VARIANT + 1] = 1.0
        out[PLAYERS + count - 2] = 1.0

    def describe(self) -> list[tuple[str, str]]:
        """The layout, for docs/ai.md."""
        return [
            (f"action 0-{PASS_INDEX - 1}", "put card kind k (rank: R1..R6=0-5, O 6-11, Y "
             "12-17, G 18-23, B 24-29, I 30-35, V 36-41, crow 42) into gap g: k*46+g "
             "(a trade, or the forced return in forcedReturn)"),
            (f"action {PASS_INDEX}", "pass"),
            (f"obs {HAND}-{CIRCLE - 1}", "my hand: count of each card kind"),
            (f"obs {CIRCLE}-{SIZES - 1}", "circle position p (0-45): one-hot card kind"),
            (f"obs {SIZES}-{DECK - 1}", "hand sizes, me then the seats to my left, /8"),
            (f"obs {DECK}", "deck size /46"),
            (f"obs {PHASE}-{TURN - 1}", "phase one-hot: playerTurn, forcedReturn, "
             "circleRefill, gameEnd"),
            (f"obs {TURN}-{VARIANT - 1}", "seat to move, relative to me, one-hot"),
            (f"obs {VARIANT}-{OTHERS - 1}", "variants: Greedy Crow, Showdown"),
            (f"obs {OTHERS}-{PLAYERS - 1}", "the other hands (relative), counts of each "
             "kind: under Showdown only"),
            (f"obs {PLAYERS}-{SIZE - 1}", "number of players one-hot, 2 to 6"),
        ]
