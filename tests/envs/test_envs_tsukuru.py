"""Tsukuru 10 Ten's encoding: every legal move has its own index and reads back, other
indices are refused, an observation depends on the seat's view alone; and its deals
between rounds are settled in the environments from the episode's seed. (The
ecosystems' own checkers run on Tsukuru in test_envs.py and test_openspiel.py.)"""

from __future__ import annotations

import random

import numpy as np
import pytest

from aves_core import get_game
from aves_core.games.tsukuru.encoding import ACTIONS, ARRANGEMENTS
from aves_core.games.tsukuru.tiles import KINDS
from aves_core.kernel.encoding import EncodingError
from aves_core.kernel.table import Table

TSUKURU = get_game("tsukuru")


def states(players: int, options: object, seed: int) -> list[tuple[object, int]]:
    """The states of a game between greedy and random seats where a seat is to move."""
    table = Table(TSUKURU, [f"p{seat}" for seat in range(players)], options, seed=seed)
    rng = random.Random(seed)
    greedy = TSUKURU.bot_factories()["greedy"]("")
    seen = []
    for step in range(400):
        if table.result is not None:
            break
        seat = table.to_move[0]
        seen.append((table.state, seat))
        view = table.view(seat)
        move = (greedy.choose(view, (), rng) if step % 2 else rng.choice(view.legal_moves))
        table.play(move)
    return seen


@pytest.mark.parametrize(("players", "scoring"), [(2, "basic"), (3, "advanced"),
                                                  (4, "advanced")])
def test_every_legal_move_has_its_own_index_and_reads_back(players: int,
                                                         scoring: str) -> None:
    options = TSUKURU.options_from_json({"scoring": scoring})
    encoding = TSUKURU.encoding(players)
    assert encoding is not None
    rng = random.Random(players)
    finishes = 0
    for state, seat in states(players, options, players * 7):
        view = TSUKURU.view(state, seat)
        indices = [encoding.action_index(move) for move in view.legal_moves]
        assert len(set(indices)) == len(indices)
        assert all(0 <= index < ACTIONS for index in indices)
        for index, move in zip(indices, view.legal_moves, strict=True):
            assert encoding.move_of(index, view) == move
            finishes += type(move).__name__.startswith("Finish")
        for index in rng.sample(sorted(set(range(ACTIONS)) - set(indices)), 200):
            with pytest.raises(EncodingError):
                encoding.move_of(index, view)
    assert finishes  # finish indices were met and read back


def test_every_arrangement_is_written_in_canonical_order() -> None:
    assert len(ARRANGEMENTS) == len(set(ARRANGEMENTS))
    for tokens in ARRANGEMENTS:
        purples = [token for token in tokens if len(token.split("=")[0]) == 2]
        assert len(purples) <= 1  # two free purples already total 11
        assert list(tokens[:len(tokens) - len(purples)]) == sorted(
            tokens[:len(tokens) - len(purples)], key=lambda token: [
                KINDS.index(token[i:i + 2]) for i in range(0, 6, 2)])


@pytest.mark.parametrize("players", [2, 4])
def test_an_observation_is_a_function_of_the_seats_view(players: int) -> None:
    encoding = TSUKURU.encoding(players)
    assert encoding is not None
    for state, seat in states(players, TSUKURU.default_options(), 3)[::17]:
        other = TSUKURU.indistinguishable(state, seat, random.Random(5))
        first = np.zeros(encoding.observation_size, np.float32)
        second = np.zeros(encoding.observation_size, np.float32)
        encoding.observe(TSUKURU.view(state, seat), first)
        encoding.observe(TSUKURU.view(other, seat), second)
        assert (first == second).all()
        assert first.max() <= 1.5
