"""The AVES encoding's indices of a whole list of moves agree with ``action_index``
move by move: every trade, forced return and pass there is, and the legal moves of
random games in every variant."""

from __future__ import annotations

import random

import pytest

from aves_core.games.aves.cards import CARDS_BY_RANK
from aves_core.games.aves.encoding import PASS_INDEX, AvesEncoding
from aves_core.games.aves.game import AVES
from aves_core.games.aves.moves import PASSES, Move, return_row, trade_row
from aves_core.games.aves.state import Variant


def test_indices_of_every_move_are_each_ones_action_index() -> None:
    encoding = AvesEncoding(6)
    for seat in range(6):
        moves: list[Move] = [PASSES[seat]]
        for card in CARDS_BY_RANK:
            moves += trade_row(seat, card)
            moves += return_row(seat, card)
        indices = encoding.indices(moves)
        assert indices == [encoding.action_index(move) for move in moves]
        assert sorted(set(indices)) == list(range(PASS_INDEX + 1))
    assert encoding.indices(()) == []


@pytest.mark.parametrize("players", [2, 3, 6])
@pytest.mark.parametrize("variant", [Variant(), Variant(crows=True, showdown=True)])
def test_indices_of_legal_moves_are_each_ones_action_index(players: int,
                                                           variant: Variant) -> None:
    encoding = AvesEncoding(players)
    rng = random.Random(players)
    for seed in range(5):
        state = AVES.start(players, AVES.new_setup(players, variant, seed))
        while AVES.result(state) is None:
            moves = AVES.view(state, AVES.to_move(state)[0]).legal_moves
            assert encoding.indices(moves) == [encoding.action_index(move) for move in moves]
            state = AVES.apply(state, rng.choice(moves))
