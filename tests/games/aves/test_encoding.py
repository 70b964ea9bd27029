"""The AVES encoding's indices of a whole list of moves agree with ``action_index``
move by move: every trade, forced return and pass there is, and the legal moves of
random games in every variant; ``move_of`` finds each legal move (the shared one, or
one equal to it) and refuses any other index."""

from __future__ import annotations

import random

import attrs
import pytest

from aves_core.games.aves.cards import CARDS_BY_RANK
from aves_core.games.aves.encoding import PASS_INDEX, AvesEncoding
from aves_core.games.aves.game import AVES
from aves_core.games.aves.moves import NOTATION, PASSES, Move, return_row, trade_row
from aves_core.games.aves.state import Variant
from aves_core.kernel.encoding import EncodingError


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


def test_move_of_finds_the_legal_move_shared_or_equal() -> None:
    encoding = AvesEncoding(3)
    rng = random.Random(7)
    state = AVES.start(3, AVES.new_setup(3, Variant(), 7))
    while AVES.result(state) is None:
        seat = AVES.to_move(state)[0]
        view = AVES.view(state, seat)
        legal = set(encoding.indices(view.legal_moves))
        for move in view.legal_moves:
            assert encoding.move_of(encoding.action_index(move), view) is move
        # moves equal to the shared ones, not the same objects, are legal as well
        copies = attrs.evolve(view, legal_moves=tuple(
            NOTATION.parse(str(move)) for move in view.legal_moves))
        assert all(copy is not move for copy, move in zip(copies.legal_moves,
                                                          view.legal_moves, strict=True))
        for move in view.legal_moves:
            assert encoding.move_of(encoding.action_index(move), copies) == move
        for index in rng.sample(range(PASS_INDEX + 1), 40):
            if index not in legal:
                with pytest.raises(EncodingError):
                    encoding.move_of(index, view)
        state = AVES.apply(state, rng.choice(view.legal_moves))
