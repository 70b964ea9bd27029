"""The MaskablePPO recipe (examples/train_maskable_ppo.py, issue 27), without torch: the
environment it trains on passes Gymnasium's checker and its ``action_masks()`` are the
learner's legal moves, its Wilson intervals, and without torch or sb3-contrib it says
how to install them (a CPU build) instead of a traceback."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("gymnasium")

import numpy as np
from gymnasium.utils.env_checker import check_env

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "train_maskable_ppo.py"
CPU_TORCH = "pip install torch --index-url https://download.pytorch.org/whl/cpu"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


recipe = _load()


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


GAMES = [("soulaween", 2), ("draft-cider", 2), ("cubirds", 3)]


def _legal_actions(env: Any) -> list[int]:
    match = env.unwrapped.match
    view = match.game.view(match.state, env.unwrapped.seat)
    return sorted(match.encoding.action_index(move) for move in view.legal_moves)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_recipes_env_passes_gymnasiums_checker(game: str, players: int) -> None:
    args = recipe.parse_args(["--game", game, "--players", str(players)])
    env = recipe.make_env(args)
    assert env.flat
    assert env.observation_space.shape == (env.observation_size,)
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize(("game", "players"), GAMES)
@pytest.mark.parametrize("opponents", ["random", "greedy"])
def test_the_recipes_action_masks_are_the_legal_moves(game: str, players: int,
                                                      opponents: str) -> None:
    args = recipe.parse_args(["--game", game, "--players", str(players),
                              "--opponents", opponents])
    env = recipe.make_env(args)
    rng = random.Random(4)
    seats, finals = set(), 0
    observation, info = env.reset(seed=4)
    for _ in range(300):
        seats.add(env.seat)
        masks = env.action_masks()
        assert masks.dtype == np.bool_
        assert masks.shape == (env.action_space.n,)
        assert np.flatnonzero(masks).tolist() == _legal_actions(env)
        assert np.array_equal(info["action_mask"], masks)
        assert env.observation_space.contains(observation)
        action = rng.choice(np.flatnonzero(masks).tolist())
        observation, reward, terminated, truncated, info = env.step(np.int64(action))
        assert "illegal_action" not in info
        if terminated:
            finals += 1
            assert info["is_success"] == (env.seat in info["winners"])
            assert info["is_success"] == (reward > 0)
            assert info["rank"] >= 1
        if terminated or truncated:
            observation, info = env.reset(seed=rng.randrange(10**6))
    assert finals > 0
    assert seats == set(range(players)), "the learner's seat is drawn per episode"


def test_the_recipes_evaluation_plays_the_same_deals_every_time() -> None:
    args = recipe.parse_args(["--game", "soulaween"])

    class FirstLegal:
        def predict(self, observation: Any, action_masks: Any, deterministic: bool
                    ) -> tuple[int, None]:
            assert deterministic
            assert observation.shape == (88,)
            return int(np.flatnonzero(action_masks)[0]), None

    model = FirstLegal()
    wins = recipe.evaluate(model, args, "random", 6)
    assert 0 <= wins <= 6
    assert wins == recipe.evaluate(model, args, "random", 6), "the same deals every time"


def test_opponents_name_every_other_seat() -> None:
    assert recipe.opponent_names(recipe.parse_args(["--players", "4"])) == ["random"] * 3
    args = recipe.parse_args(["--players", "3", "--opponents", "random, greedy"])
    assert recipe.opponent_names(args) == ["random", "greedy"]


@pytest.mark.parametrize(("wins", "games", "low", "high"),
                         [(0, 200, 0.0, 0.0188), (100, 200, 0.4314, 0.5686),
                          (184, 200, 0.8740, 0.9502), (200, 200, 0.9812, 1.0),
                          (1, 10, 0.0179, 0.4042)])
def test_wilson_intervals(wins: int, games: int, low: float, high: float) -> None:
    got = recipe.wilson(wins, games)
    assert got == pytest.approx((low, high), abs=1e-4)
    mirrored = recipe.wilson(games - wins, games)
    assert got == pytest.approx((1 - mirrored[1], 1 - mirrored[0]))


def test_importing_the_recipe_imports_no_torch() -> None:
    code = ("import importlib.util, sys\n"
            f"spec = importlib.util.spec_from_file_location('recipe', {str(SCRIPT)!r})\n"
            "module = importlib.util.module_from_spec(spec)\n"
            "spec.loader.exec_module(module)\n"
            "env = module.make_env(module.parse_args([]))\n"
            "env.reset(seed=1)\n"
            "assert 'torch' not in sys.modules and 'sb3_contrib' not in sys.modules\n")
    finished = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=120)
    assert finished.returncode == 0, finished.stderr


def _assert_says_how_to_install(finished: subprocess.CompletedProcess[str]) -> None:
    assert finished.returncode == recipe.MISSING_EXIT == 2, finished.stderr
    assert "Traceback" not in finished.stderr
    assert CPU_TORCH in finished.stderr
    assert "pip install sb3-contrib" in finished.stderr
    assert finished.stdout == ""


def test_without_torch_or_sb3_contrib_it_says_how_to_install_them() -> None:
    # Whatever this interpreter has installed: the two are made unimportable.
    code = ("import runpy, sys\n"
            "sys.modules['torch'] = sys.modules['sb3_contrib'] = None\n"
            f"sys.argv = [{str(SCRIPT)!r}, '--steps', '100']\n"
            f"runpy.run_path({str(SCRIPT)!r}, run_name='__main__')\n")
    finished = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=120)
    _assert_says_how_to_install(finished)
    assert "needs torch and sb3-contrib, which are not installed" in finished.stderr


@pytest.mark.skipif(importlib.util.find_spec("sb3_contrib") is not None,
                    reason="sb3-contrib is installed here")
def test_the_example_run_without_sb3_contrib_exits_with_the_message() -> None:
    finished = subprocess.run([sys.executable, str(SCRIPT), "--steps", "100"],
                              capture_output=True, text=True, timeout=120)
    _assert_says_how_to_install(finished)


def test_its_help_needs_no_torch() -> None:
    code = ("import runpy, sys\n"
            "sys.modules['torch'] = sys.modules['sb3_contrib'] = None\n"
            f"sys.argv = [{str(SCRIPT)!r}, '--help']\n"
            f"runpy.run_path({str(SCRIPT)!r}, run_name='__main__')\n")
    finished = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=120)
    assert finished.returncode == 0, finished.stderr
    assert "--eval-games" in finished.stdout


def test_the_docs_give_the_cpu_install_and_the_command() -> None:
    docs = (ROOT / "docs" / "ai.md").read_text()
    assert "## Training with MaskablePPO" in docs
    assert CPU_TORCH in docs
    assert "pip install sb3-contrib" in docs
    assert "python examples/train_maskable_ppo.py" in docs
    dev = (ROOT / "pyproject.toml").read_text().split("dev = [", 1)[1].split("]\n", 1)[0]
    assert "torch" not in dev
    assert "sb3" not in dev


class _Sb3LikePolicy:
    """What ``self_play`` reads of a Stable-Baselines3 policy, without torch: built
    from its constructor's parameters, weights in ``state_dict``, and no deepcopy (as a
    torch policy that has acted: its distribution holds tensors torch will not copy)."""

    def __init__(self, bias: int) -> None:
        self.bias = bias
        self.weights = {"bias": 0}
        self.training = True

    def _get_constructor_parameters(self) -> dict[str, Any]:
        return {"bias": self.bias}

    def state_dict(self) -> dict[str, int]:
        return dict(self.weights)

    def load_state_dict(self, weights: dict[str, int]) -> None:
        self.weights = dict(weights)

    def set_training_mode(self, mode: bool) -> None:
        self.training = mode

    def __deepcopy__(self, memo: Any) -> Any:
        raise RuntimeError("Only Tensors created explicitly by the user (graph leaves) "
                           "support the deepcopy protocol at the moment")

    def predict(self, observation: Any, action_masks: Any, deterministic: bool
                ) -> tuple[int, None]:
        legal = np.flatnonzero(action_masks)
        return int(legal[(self.bias + self.weights["bias"]) % len(legal)]), None


def test_self_play_copies_a_policy_that_will_not_deepcopy() -> None:
    from aves_core.envs import self_play

    class Model:
        policy = _Sb3LikePolicy(bias=0)

    model = Model()
    opponent = self_play(model)
    model.policy.weights["bias"] = 1  # the learner goes on learning; the copy does not
    mask = np.array([False, True, True, True])
    assert opponent.act(np.zeros(3), mask) == 1
    assert self_play(model).act(np.zeros(3), mask) == 2
    env = recipe.make_env(recipe.parse_args([]), opponents=opponent)
    env.reset(seed=1)
    for _ in range(200):
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
        if terminated or truncated:
            break
    assert "is_success" in info
