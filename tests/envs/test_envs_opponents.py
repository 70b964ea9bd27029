"""The Gymnasium env's conventions for learners (issue 27): the flat ``Box``
observation, the final info, opponents as names, bots, callables and observation
policies, the learner's seat drawn per episode, and self-play."""

from __future__ import annotations

import random
import warnings
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
import pytest
from gymnasium.utils.env_checker import check_env

from aves_core import get_game
from aves_core.bots import RandomBot
from aves_core.envs import ObservationPolicy, self_play
from aves_core.envs.gymnasium import AvesCoreGymEnv
from aves_core.kernel.errors import AvesError


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def _play_out(env: AvesCoreGymEnv, seed: int, observation: Any = None
              ) -> tuple[float, dict[str, Any]]:
    """Random masked actions to the end: the last reward and info."""
    if observation is None:
        env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(2000):
        action = rng.choice(np.flatnonzero(env.action_masks()).tolist())
        _, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return float(reward), info
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", ["soulaween", "draft-cider", "cubirds"])
def test_the_flat_observation_is_a_box_with_the_mask_beside_it(game: str) -> None:
    env = AvesCoreGymEnv(game=game, flat=True)
    dict_env = AvesCoreGymEnv(game=game)
    assert isinstance(env.observation_space, gymnasium.spaces.Box)
    assert env.observation_space.shape == (env.observation_size,)
    observation, info = env.reset(seed=4)
    same, _ = dict_env.reset(seed=4)
    assert env.observation_space.contains(observation)
    assert np.array_equal(observation, same["observation"])
    assert np.array_equal(info["action_mask"], same["action_mask"].astype(bool))
    assert np.array_equal(env.action_masks(), info["action_mask"])
    check_env(env, skip_render_check=True)


def test_the_last_info_says_who_won_the_scores_the_rank_and_success() -> None:
    env = AvesCoreGymEnv(game="draft-cider", num_players=3)
    for seed in range(4):
        reward, info = _play_out(env, seed)
        result = get_game("draft-cider").result(env.match.state)
        assert result is not None
        assert info["winners"] == result.winners
        assert info["is_success"] == (0 in result.winners) == (reward > 0)
        scores = info["scores"]
        assert scores == env.match.state.scores
        if info["is_success"]:
            assert info["rank"] == 1
        else:
            better = {seat for seat, score in enumerate(scores) if score > scores[0]}
            assert info["rank"] == 1 + len(better | set(result.winners))
        assert info["reason"] == result.reason


def test_a_game_without_scores_ranks_the_winners_first() -> None:
    env = AvesCoreGymEnv(game="soulaween")
    outcomes = set()
    for seed in range(6):
        _, info = _play_out(env, seed)
        assert info["scores"] is None
        assert info["rank"] == (1 if info["is_success"] else 1 + len(info["winners"]))
        outcomes.add(info["is_success"])
    assert outcomes == {True, False}


def test_a_callable_opponent_is_given_its_view_and_plays_its_move() -> None:
    seen: list[Any] = []

    def first_move(view: Any) -> Any:
        seen.append(view)
        return view.legal_moves[0]

    env = AvesCoreGymEnv(game="soulaween", seat=1, opponents=first_move)
    env.reset(seed=3)
    assert seen
    assert all(view.seat == 0 for view in seen)
    assert env.match.moves[0] == seen[0].legal_moves[0]


def test_a_callable_that_gives_an_illegal_move_is_named() -> None:
    env = AvesCoreGymEnv(game="soulaween", seat=1, opponents=lambda view: "rotate")
    with pytest.raises(AvesError, match="the opponent at seat 0 gave 'rotate', which is "
                                        "not one of its legal moves"):
        env.reset(seed=3)


def test_an_observation_policy_acts_on_what_a_learner_would_see() -> None:
    shown: list[tuple[Any, npt.NDArray[np.bool_], dict[str, Any]]] = []

    def last_legal(observation: Any, mask: npt.NDArray[np.bool_]) -> int:
        shown.append((observation, mask, env.match.observe(0)))
        return int(np.flatnonzero(mask)[-1])

    env = AvesCoreGymEnv(game="draft-cider", num_players=2, seat=1, flat=True,
                         opponents=ObservationPolicy(last_legal))
    _play_out(env, 5)
    assert len(shown) > 5
    for observation, mask, learners_eyes in shown:
        # the vector alone (the env is flat) and a bool mask: what seat 0 would see
        assert observation.shape == (env.observation_size,)
        assert mask.dtype == np.bool_
        assert np.array_equal(observation, learners_eyes["observation"])
        assert np.array_equal(mask, learners_eyes["action_mask"].astype(bool))


class _Model:
    """Something with sb3-contrib's ``predict(observation, action_masks=...)``."""

    def __init__(self) -> None:
        self.policy = self
        self.bias = 0

    def predict(self, observation: Any, action_masks: Any = None,
                deterministic: bool = False) -> tuple[int, None]:
        legal = np.flatnonzero(action_masks)
        return int(legal[self.bias % len(legal)]), None


def test_self_play_plays_a_frozen_copy_of_the_model() -> None:
    model = _Model()
    opponent = self_play(model)
    model.bias = 1  # the learner goes on learning; the copy does not
    mask = np.array([False, True, True, False])
    assert opponent.act(np.zeros(3), mask) == 1
    assert self_play(model).act(np.zeros(3), mask) == 2
    env = AvesCoreGymEnv(game="soulaween", flat=True)
    env.set_opponents(opponent)
    _, info = _play_out(env, 2)
    assert "is_success" in info


def test_self_play_needs_a_predict() -> None:
    with pytest.raises(AvesError, match="self_play needs a model with a predict method"):
        self_play(object())


def test_the_learners_seat_may_be_drawn_each_episode() -> None:
    env = AvesCoreGymEnv(game="cubirds", num_players=4, seat="random")
    seats = set()
    for seed in range(12):
        _, info = env.reset(seed=seed)
        seats.add(info["seat"])
        assert env.match.to_move == (info["seat"],)
        assert sorted(env.match._opponents) == [s for s in range(4) if s != info["seat"]]
    assert seats == {0, 1, 2, 3}
    again = AvesCoreGymEnv(game="cubirds", num_players=4, seat="random")
    assert again.reset(seed=7)[1]["seat"] == env.reset(seed=7)[1]["seat"]


def test_one_opponent_per_other_seat_in_seat_order() -> None:
    calls: list[tuple[str, int]] = []

    def called(name: str) -> Any:
        def first(view: Any) -> Any:
            calls.append((name, view.seat))
            return view.legal_moves[0]
        return first

    env = AvesCoreGymEnv(game="cubirds", num_players=3, seat=1,
                         opponents=[called("a"), called("b")])
    _play_out(env, 0)
    assert {name for name, _ in calls} == {"a", "b"}
    assert all(seat == (0 if name == "a" else 2) for name, seat in calls)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"opponents": 3}, "an opponent is a bot's name, a Bot, an ObservationPolicy or a "
                       "callable"),
    ({"opponents": ["random"] * 3}, "opponents: one for each of the 1 other seats"),
    ({"opponents": "nobody"}, "nobody"),
    ({"seat": "left"}, "seat must be a seat of the game, 0 to 1, or 'random'"),
    ({"flat": 1}, "flat must be True or False"),
])
def test_bad_conventions_are_refused_with_what_was_wrong(kwargs: dict[str, Any],
                                                          message: str) -> None:
    with pytest.raises(AvesError, match=message):
        AvesCoreGymEnv(game="soulaween", **kwargs)


def test_an_observation_policy_needs_a_callable() -> None:
    with pytest.raises(AvesError, match="ObservationPolicy needs a callable"):
        ObservationPolicy(3)  # type: ignore[arg-type]  # the wrong type on purpose


@pytest.mark.parametrize(("game", "players"), [("tsukuru", 3), ("boxes", 2), ("aves", 2)])
def test_the_legal_actions_are_the_masks_ones(game: str, players: int) -> None:
    env = AvesCoreGymEnv(game=game, num_players=players)
    observation, _ = env.reset(seed=1)
    rng = random.Random(1)
    for _ in range(30):
        legal = env.legal_actions()
        assert legal == np.flatnonzero(observation["action_mask"]).tolist()
        observation, _, terminated, truncated, _ = env.step(rng.choice(legal))
        if terminated or truncated:
            observation, _ = env.reset()


class _RandomElsewhere(RandomBot):
    """The random bot under another name: the env asks it through the general path
    (its ``choose``, its moves checked) where it plays ``RandomBot``'s moves itself."""


@pytest.mark.parametrize(("game", "players"), [("cubirds", 3), ("boxes", 3),
                                               ("soulaween", 2)])
def test_the_envs_own_loop_plays_what_the_general_path_plays(game: str,
                                                             players: int) -> None:
    # Cubirds: chance moves drawn in the loop; Boxes: simultaneous bids, which the loop
    # leaves to the general path. The same seed, the same episode to the move.
    played = []
    for opponent in ("random", _RandomElsewhere()):
        env = AvesCoreGymEnv(game=game, num_players=players, opponents=opponent)
        env.reset(seed=7)
        _play_out(env, 7, observation=True)
        played.append(list(env.match.moves))
    assert played[0] == played[1]
    assert len(played[0]) > 20


@pytest.mark.parametrize("game", ["cubirds", "boxes"])
def test_a_mask_the_caller_spoils_spoils_nothing_else(game: str) -> None:
    # Cubirds and Boxes give the same tuple of legal moves again, and the env reuses the
    # mask it made of it: the caller's copy is its own.
    env = AvesCoreGymEnv(game=game, num_players=2)
    observation, _ = env.reset(seed=3)
    rng = random.Random(3)
    for _ in range(300):
        mask = observation["action_mask"]
        legal = env.match.action_indices(env.seat, env.match.legal_moves(env.seat))
        assert np.flatnonzero(mask).tolist() == sorted(legal)
        assert env.legal_actions() == sorted(legal)
        action = rng.choice(env.legal_actions())
        mask[:] = 1 - mask  # the caller's to spoil
        observation, _, terminated, truncated, info = env.step(action)
        assert "illegal_action" not in info
        if terminated or truncated:
            observation, _ = env.reset()
    assert env.match._mask_hits > 0  # masks were reused
