"""The PettingZoo and Gymnasium environments with chance during play (Reshuffle, the toy
game of chancegame.py): they pass their ecosystems' tests, and the same seed gives the
same episode, its reshuffles included."""

from __future__ import annotations

import functools
import types
import warnings
from collections.abc import Iterator

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import chancegame
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, max_cycles_test, seed_test

from aves_core.envs import pettingzoo as pz
from aves_core.envs.gymnasium import AvesCoreGymEnv, register_envs

GAME = chancegame.GAME.id


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def test_pettingzoo_tests_pass_with_chance_during_play() -> None:
    make = functools.partial(pz.env, game=GAME, options={"target": 40}, seed=3)
    api_test(make(), num_cycles=300)
    seed_test(make, num_cycles=100)
    max_cycles_test(types.SimpleNamespace(env=make, parallel_env=functools.partial(
        pz.parallel_env, game=GAME, options={"target": 40}, seed=3)))


def test_gymnasium_env_checker_passes_with_chance_during_play() -> None:
    check_env(AvesCoreGymEnv(game=GAME, seat=1, opponents="search:10",
                             options={"target": 40}))
    assert f"aves_core/{GAME}-v0" in register_envs()


def _episode(seed: int) -> tuple[object, ...]:
    env = AvesCoreGymEnv(game=GAME, opponents="random", options={"target": 40})
    observation, _ = env.reset(seed=seed)
    terminated = truncated = False
    while not (terminated or truncated):
        action = int(observation["action_mask"].nonzero()[0][-1])
        observation, _, terminated, truncated, _ = env.step(action)
    return tuple(env.match.moves)


def test_the_same_seed_gives_the_same_episode_chance_included() -> None:
    first = _episode(5)
    assert any(chancegame.GAME.mover(move) is None for move in first)
    assert first == _episode(5)
    assert first != _episode(6)


def test_an_agent_never_meets_a_chance_node() -> None:
    game = pz.env(game=GAME, options={"target": 40}, seed=1)
    game.reset(seed=1)
    for _agent in game.agent_iter():
        observation, _, termination, truncation, _ = game.last()
        assert not chancegame.GAME.awaits_chance(game.match.state)
        mask = observation["action_mask"]
        game.step(None if termination or truncation else int(mask.nonzero()[0][0]))
    assert any(chancegame.GAME.mover(move) is None for move in game.match.moves)
