"""Draft Cider's encoding: every legal pick has its own index and reads back, the action
mask is exactly the legal picks, other indices are refused, and an observation is a
function of the seat's view alone (the deck below the pool redrawn, it does not
change). (The ecosystems' own checkers run on Draft Cider in test_envs.py and
test_openspiel.py.)"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator

import numpy as np
import pytest

from aves_core import get_game
from aves_core.games.draft_cider.cards import DECK, LOTS
from aves_core.games.draft_cider.encoding import ACTIONS, O_POOL, O_SEATS, S_CARDS, SEAT_BLOCK
from aves_core.games.draft_cider.moves import Pick
from aves_core.games.draft_cider.state import DraftCiderState
from aves_core.kernel.encoding import EncodingError
from aves_core.kernel.table import Table

DRAFT_CIDER = get_game("draft-cider")


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def states(players: int, seed: int) -> list[DraftCiderState]:
    """The states of a game between greedy and random seats where a seat is to pick."""
    table = Table(DRAFT_CIDER, [f"p{seat}" for seat in range(players)],
                  DRAFT_CIDER.default_options(), seed=seed)
    rng = random.Random(seed)
    greedy = DRAFT_CIDER.bot_factories()["greedy"]("")
    seen = []
    for step in range(100):
        if table.result is not None:
            break
        seat = table.to_move[0]
        seen.append(table.state)
        view = table.view(seat)
        table.play(greedy.choose(view, (), rng) if step % 2 else rng.choice(view.legal_moves))
    return seen


@pytest.mark.parametrize("players", [2, 3, 6])
def test_every_legal_pick_has_its_own_index_and_reads_back(players: int) -> None:
    encoding = DRAFT_CIDER.encoding(players)
    assert encoding is not None
    assert encoding.num_actions == ACTIONS == 600
    rng = random.Random(players)
    for state in states(players, players)[::3]:
        seat = state.active
        view = DRAFT_CIDER.view(state, seat)
        indices = [encoding.action_index(move) for move in view.legal_moves]
        assert len(set(indices)) == len(indices)
        assert indices == sorted(indices, key=lambda index: (
            state.pool.index(DECK[index // 8]), index % 8))  # pool order, then lots
        for index, move in zip(indices, view.legal_moves, strict=True):
            assert encoding.move_of(index, view) == move
            assert DECK[index // 8] == move.card
            assert LOTS[index % 8] == move.lot
        for index in rng.sample(sorted(set(range(ACTIONS)) - set(indices)), 60):
            with pytest.raises(EncodingError):
                encoding.move_of(index, view)
    with pytest.raises(EncodingError):
        encoding.action_index(Pick(0, "X99", "mono"))
    with pytest.raises(EncodingError):
        encoding.action_index(Pick(0, "G11", "orchard"))


def test_the_action_mask_is_the_legal_picks() -> None:
    from aves_core.envs import pettingzoo as pz

    encoding = DRAFT_CIDER.encoding(3)
    assert encoding is not None
    env = pz.env(game="draft-cider", num_players=3, seed=4)
    env.reset(seed=4)
    rng = random.Random(4)
    steps = 0
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        state = env.unwrapped.match.state
        mask = observation["action_mask"]
        assert state.active == int(agent.split("_")[1])  # only the seat to pick steps
        assert mask[ACTIONS] == 0  # no NOOP for the seat to pick
        legal = np.flatnonzero(mask[:ACTIONS])
        view = DRAFT_CIDER.view(state, state.active)
        assert list(legal) == sorted(encoding.action_index(move)
                                     for move in view.legal_moves)
        env.step(int(rng.choice(legal)))
        steps += 1
    assert steps == 36  # 3 seats x 12 picks


@pytest.mark.parametrize("players", [2, 5])
def test_an_observation_is_a_function_of_the_seats_view(players: int) -> None:
    encoding = DRAFT_CIDER.encoding(players)
    assert encoding is not None
    for state in states(players, 7)[::5]:
        seat = state.active
        assert seat is not None
        other = DRAFT_CIDER.indistinguishable(state, seat, random.Random(5))
        assert other.undealt != state.undealt  # a different deck below the pool
        first = np.zeros(encoding.observation_size, np.float32)
        second = np.zeros(encoding.observation_size, np.float32)
        encoding.observe(DRAFT_CIDER.view(state, seat), first)
        encoding.observe(DRAFT_CIDER.view(other, seat), second)
        assert (first == second).all()
        assert 0.0 <= first.min()
        assert first.max() <= 8.0
        # The pool and the seat's own cards are where the table says.
        pool = {DECK[index] for index in np.flatnonzero(first[O_POOL:O_SEATS])}
        assert pool == set(state.pool)
        mine = first[O_SEATS + S_CARDS:O_SEATS + SEAT_BLOCK]
        placed = {(DECK[index // 8], LOTS[index % 8]) for index in np.flatnonzero(mine)}
        assert placed == {(card, lot) for lot, cards in zip(LOTS, state.orchards[seat],
                                                            strict=True) for card in cards}
