"""Cubirds in the PettingZoo and Gymnasium environments: its reshuffles (chance during
play) are settled after every action, so no agent meets a chance node, and they are
drawn from the episode's seed, so the same seed gives the same episode. (The
ecosystems' own checkers run on Cubirds in test_envs.py.)"""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from aves_core import get_game
from aves_core.envs import pettingzoo as pz
from aves_core.envs.gymnasium import AvesCoreGymEnv, register_envs

CUBIRDS = get_game("cubirds")


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def _pettingzoo_episode(players: int, seed: int, row_cards: int) -> tuple[object, ...]:
    env = pz.env(game="cubirds", num_players=players, options={"row_cards": row_cards},
                 max_cycles=5000)
    env.reset(seed=seed)
    for _agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        assert not CUBIRDS.awaits_chance(env.match.state)
        mask = observation["action_mask"]
        env.step(None if termination or truncation else int(mask.nonzero()[0][-1]))
    return tuple(env.match.moves)


@pytest.mark.parametrize(("players", "row_cards"), [(2, 3), (5, 4)])
def test_a_pettingzoo_episode_settles_its_reshuffles_from_its_seed(players: int,
                                                                   row_cards: int) -> None:
    first = _pettingzoo_episode(players, 3, row_cards)
    reshuffles = [move for move in first if CUBIRDS.mover(move) is None]
    assert reshuffles
    assert all(str(move).startswith("*:reshuffle ") for move in reshuffles)
    assert first == _pettingzoo_episode(players, 3, row_cards)
    assert first != _pettingzoo_episode(players, 4, row_cards)


def _gymnasium_episode(seed: int) -> tuple[tuple[object, ...], float]:
    env = AvesCoreGymEnv(game="cubirds", num_players=3, seat=1, opponents="random",
                         max_steps=5000)
    observation, _ = env.reset(seed=seed)
    assert observation["observation"].shape == (env.match.encoding.observation_size,)
    terminated = truncated = False
    reward = 0.0
    while not (terminated or truncated):
        assert not CUBIRDS.awaits_chance(env.match.state)
        action = int(observation["action_mask"].nonzero()[0][0])
        observation, reward, terminated, truncated, _ = env.step(action)
    assert terminated
    return tuple(env.match.moves), float(reward)


def test_a_gymnasium_episode_plays_to_its_end_through_reshuffles() -> None:
    moves, reward = _gymnasium_episode(2)
    assert any(CUBIRDS.mover(move) is None for move in moves)
    assert reward in (-1.0, 1.0)
    assert _gymnasium_episode(2) == (moves, reward)
    assert "aves_core/cubirds-v0" in register_envs()
