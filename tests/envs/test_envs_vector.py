"""The vectorized env (issue 27): N games stepped as one on Gymnasium's vector API, in
one process or among workers, the same games as N single envs."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

from aves_core.envs.gymnasium import AvesCoreGymEnv
from aves_core.envs.vector import AvesCoreVectorEnv
from aves_core.kernel.errors import AvesError


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def _random_actions(masks: np.ndarray[Any, Any], rng: np.random.Generator
                    ) -> np.ndarray[Any, Any]:
    return (rng.random(masks.shape) * masks).argmax(axis=1)  # type: ignore[no-any-return]


def _run(envs: AvesCoreVectorEnv, steps: int) -> list[Any]:
    rng = np.random.default_rng(3)
    observations, _ = envs.reset(seed=10)
    trace: list[Any] = [observations["observation"].tolist()]
    for _ in range(steps):
        observations, rewards, terminations, truncations, infos = envs.step(
            _random_actions(envs.action_masks(), rng))
        trace.append((observations["observation"].tolist(), rewards.tolist(),
                      terminations.tolist(), truncations.tolist(),
                      sorted((key, str(value)) for key, value in infos.items())))
    return trace


def test_the_batch_is_the_games_side_by_side() -> None:
    envs = AvesCoreVectorEnv(3, game="draft-cider", num_players=3)
    singles = [AvesCoreGymEnv(game="draft-cider", num_players=3) for _ in range(3)]
    observations, _ = envs.reset(seed=4)
    assert observations["observation"].shape == (3, singles[0].observation_size)
    assert observations["action_mask"].shape == (3, singles[0].num_actions)
    assert envs.observation_space.contains(observations)
    rng = np.random.default_rng(0)
    shown = [env.reset(seed=4 + index)[0] for index, env in enumerate(singles)]
    for _ in range(40):
        for index, env in enumerate(singles):
            assert np.array_equal(observations["observation"][index],
                                  shown[index]["observation"])
            assert np.array_equal(envs.action_masks()[index], env.action_masks())
        actions = _random_actions(envs.action_masks(), rng)
        observations, rewards, terminations, _, _ = envs.step(actions)
        for index, env in enumerate(singles):
            if env.match.result is not None:
                shown[index], _ = env.reset()  # NEXT_STEP: this step reset it
                continue
            shown[index], reward, terminated, _, _ = env.step(int(actions[index]))
            assert rewards[index] == reward
            assert terminations[index] == terminated


def test_a_finished_game_is_reset_on_its_next_step_and_its_end_is_in_the_infos() -> None:
    envs = AvesCoreVectorEnv(4, game="soulaween")
    envs.reset(seed=0)
    rng = np.random.default_rng(1)
    for _ in range(400):
        _, rewards, terminations, _, infos = envs.step(
            _random_actions(envs.action_masks(), rng))
        if terminations.any():
            break
    ended = np.flatnonzero(terminations)
    assert ended.size
    assert np.array_equal(infos["_is_success"], terminations)
    for index in ended:
        assert infos["is_success"][index] == (rewards[index] > 0)
        assert infos["rank"][index] in (1, 2)
    observations, rewards, terminations, _, _ = envs.step(np.zeros(4, dtype=np.int64))
    assert not terminations[ended].any()
    assert (rewards[ended] == 0).all()
    assert observations["action_mask"][ended, -1].sum() == 0  # a new game: no NOOP


def test_the_flat_vector_env_gives_the_vectors_and_the_masks_apart() -> None:
    envs = AvesCoreVectorEnv(2, game="cubirds", num_players=4, flat=True)
    observations, _ = envs.reset(seed=2)
    assert observations.shape == (2, AvesCoreGymEnv(game="cubirds", num_players=4).observation_size)
    assert envs.action_masks().dtype == np.bool_
    assert envs.action_masks().any(axis=1).all()


def test_workers_play_the_same_games_as_one_process() -> None:
    one = AvesCoreVectorEnv(5, game="cubirds", num_players=3)
    shared = AvesCoreVectorEnv(5, game="cubirds", num_players=3, processes=2)
    try:
        assert _run(one, 60) == _run(shared, 60)
    finally:
        shared.close()
    with pytest.raises(AvesError, match="closed"):
        shared.step(np.zeros(5, dtype=np.int64))


@pytest.mark.parametrize(("args", "kwargs", "message"), [
    ((0,), {}, "num_envs must be an int >= 1"),
    ((2,), {"processes": 3}, "processes must be an int from 1 to num_envs"),
    ((2,), {"game": "chess"}, "no game 'chess'"),
    ((2,), {"flat": "yes"}, "flat must be True or False"),
])
def test_bad_arguments_are_refused(args: tuple[Any, ...], kwargs: dict[str, Any],
                                   message: str) -> None:
    with pytest.raises(AvesError, match=message):
        AvesCoreVectorEnv(*args, **kwargs)


def test_bad_actions_and_seeds_are_refused() -> None:
    envs = AvesCoreVectorEnv(2, game="soulaween")
    envs.reset(seed=1)
    with pytest.raises(AvesError, match="actions must be 2 integers, one per game"):
        envs.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(AvesError, match="actions must be 2 integers"):
        envs.step(np.zeros(2))
    with pytest.raises(AvesError, match="seed is an int, None or a list of 2 seeds"):
        envs.reset(seed=[1])


def test_the_speed_bench_runs_and_says_what_it_measured() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "bench/envs.py", "--game", "soulaween", "--seconds", "0.05",
         "--vector", "1", "2", "--processes", "2"],
        capture_output=True, text=True, check=True, timeout=120)
    lines = done.stdout.splitlines()
    assert any(line.startswith("Soulaween") and "2.0" in line for line in lines)
    assert sum(line.startswith("Soulaween") for line in lines) == 4  # 1 + N=1, 2, 2 x2
