"""The RL ecosystem's conventions (issue 27): bots that use no events get none,
any integer-like action, and ``action_masks()`` for sb3-contrib's MaskablePPO."""

from __future__ import annotations

import random
import warnings
from collections.abc import Sequence
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np

from aves_core import AvesError
from aves_core.bots import RandomBot
from aves_core.envs import pettingzoo as pz
from aves_core.envs.gymnasium import AvesCoreGymEnv


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


class _Spy:
    """A random bot that records the events it is given."""

    def __init__(self, uses_events: bool) -> None:
        self.uses_events = uses_events
        self.given: list[int] = []

    def choose(self, view: Any, events: Sequence[Any], rng: random.Random) -> Any:
        self.given.append(len(events))
        return rng.choice(view.legal_moves)


def _episode(env: AvesCoreGymEnv, seed: int) -> list[Any]:
    observation, _ = env.reset(seed=seed)
    trace: list[Any] = [observation["observation"].tolist()]
    rng = random.Random(seed)
    for _ in range(400):
        action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        observation, reward, terminated, truncated, _ = env.step(action)
        trace.append((action, reward, observation["observation"].tolist()))
        if terminated or truncated:
            break
    trace.append(env.match.moves[:])
    return trace


def test_a_bot_that_uses_no_events_is_given_none() -> None:
    env = AvesCoreGymEnv(game="cubirds", num_players=3)
    blind, watching = _Spy(uses_events=False), _Spy(uses_events=True)
    env.set_opponents([blind, watching])
    _episode(env, seed=3)
    assert blind.given
    assert set(blind.given) == {0}
    assert watching.given
    assert max(watching.given) > 0


@pytest.mark.parametrize(("game", "players"), [("cubirds", 5), ("soulaween", 2),
                                               ("draft-cider", 2)])
def test_skipping_the_events_leaves_the_episodes_as_they_were(game: str,
                                                               players: int) -> None:
    blind = AvesCoreGymEnv(game=game, num_players=players)
    watched = AvesCoreGymEnv(game=game, num_players=players)
    assert all(not getattr(bot, "uses_events", True) for bot in blind.opponents)
    watched.set_opponents([_Spy(uses_events=True) for _ in range(players - 1)])
    for seed in (0, 7):
        assert _episode(blind, seed) == _episode(watched, seed)
    assert isinstance(blind.opponents[0], RandomBot)


INTEGER_LIKE = [lambda a: a, np.int64, np.int32, np.uint8,
                lambda a: np.array(a), lambda a: np.array(a, dtype=np.int16)]
NOT_INTEGERS = [True, np.bool_(True), 3.0, np.float32(3), np.array(3.0), np.array([3]),
                np.array([[3]]), "3", None]


@pytest.mark.parametrize("convert", INTEGER_LIKE)
def test_the_gymnasium_env_takes_any_integer_like_action(convert: Any) -> None:
    env, same = AvesCoreGymEnv(game="soulaween"), AvesCoreGymEnv(game="soulaween")
    observation, _ = env.reset(seed=2)
    same.reset(seed=2)
    action = int(np.flatnonzero(observation["action_mask"])[0])
    got, want = env.step(convert(action)), same.step(action)
    assert np.array_equal(got[0]["observation"], want[0]["observation"])
    assert got[1:] == want[1:]


@pytest.mark.parametrize("action", NOT_INTEGERS, ids=repr)
def test_the_gymnasium_env_refuses_what_is_not_an_integer(action: Any) -> None:
    env = AvesCoreGymEnv(game="soulaween")
    env.reset(seed=2)
    before = len(env.match.moves)
    with pytest.raises(AvesError, match="an action is an int index, not"):
        env.step(action)
    assert len(env.match.moves) == before


@pytest.mark.parametrize("convert", INTEGER_LIKE)
def test_the_pettingzoo_envs_take_any_integer_like_action(convert: Any) -> None:
    aec = pz.env(game="soulaween")
    aec.reset(seed=2)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    aec.step(convert(int(np.flatnonzero(mask)[0])))
    parallel = pz.parallel_env(game="soulaween")
    observations, _ = parallel.reset(seed=2)
    actions = {agent: convert(int(np.flatnonzero(observation["action_mask"])[0]))
               for agent, observation in observations.items()}
    _, _, _, _, infos = parallel.step(actions)
    assert all(info == {} for info in infos.values())


@pytest.mark.parametrize("action", NOT_INTEGERS, ids=repr)
def test_the_pettingzoo_envs_refuse_what_is_not_an_integer(action: Any) -> None:
    aec = pz.env(game="soulaween")
    aec.reset(seed=2)
    with pytest.raises(AvesError, match="an action is an int index, not"):
        aec.step(action)
    parallel = pz.parallel_env(game="soulaween")
    parallel.reset(seed=2)
    with pytest.raises(AvesError, match="an action is an int index, not"):
        parallel.step(dict.fromkeys(parallel.agents, action))


@pytest.mark.parametrize(("game", "players"), [("soulaween", 2), ("cubirds", 5),
                                               ("aves", 3), ("draft-cider", 2)])
def test_action_masks_is_the_mask_of_the_last_observation(game: str, players: int) -> None:
    env = AvesCoreGymEnv(game=game, num_players=players)
    observation, _ = env.reset(seed=5)
    rng = random.Random(5)
    for _ in range(30):
        masks = env.action_masks()
        assert masks.dtype == np.bool_
        assert masks.shape == (env.num_actions,)
        assert np.array_equal(masks, observation["action_mask"].astype(bool))
        action = rng.choice(np.flatnonzero(masks).tolist())
        observation, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            observation, _ = env.reset(seed=rng.randrange(100))


def test_action_masks_needs_a_reset_first() -> None:
    with pytest.raises(AvesError, match="reset"):
        AvesCoreGymEnv(game="soulaween").action_masks()


def test_float32_blocks_are_written_whole_or_through_numpy() -> None:
    from aves_core.kernel.encoding import float32s, write_float32s

    data = float32s(1.0, 0.5, 8.0)
    native = np.zeros(3, dtype=np.float32)
    write_float32s(native, data)
    assert native.tolist() == [1.0, 0.5, 8.0]
    for out in (np.zeros(3, dtype=">f4"), np.zeros(3, dtype=np.float64),
                np.zeros(6, dtype=np.float32)[::2]):
        write_float32s(out, data)
        assert out.tolist() == [1.0, 0.5, 8.0]
