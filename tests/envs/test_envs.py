"""The AI adapters: each passes its ecosystem's own tests, for every game with an
encoding and several player counts; the encodings round-trip and are functions of
what a seat may see.
"""

from __future__ import annotations

import functools
import random
import subprocess
import sys
import types
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
)

from aves_core import get_game
from aves_core.envs import pettingzoo as pz
from aves_core.envs.gymnasium import AvesCoreGymEnv, register_envs
from aves_core.kernel.encoding import EncodingError
from aves_core.kernel.table import Table

CASES = [("aves", 2, None), ("aves", 3, {"crows": True, "showdown": False}),
         ("aves", 4, {"crows": True, "showdown": False}),
         ("aves", 6, {"crows": False, "showdown": True}), ("soulaween", 2, None),
         ("soulaween", 2, {"mode": "standard"}), ("cubirds", 2, None),
         ("cubirds", 2, {"row_cards": 4}), ("cubirds", 3, None), ("cubirds", 4, {"row_cards": 4}),
         ("cubirds", 5, None), ("cubirds", 5, {"row_cards": 4}), ("tsukuru", 2, None),
         ("tsukuru", 3, {"scoring": "advanced"}),
         ("tsukuru", 4, {"scoring": "advanced", "end": "rounds"}), ("boxes", 2, None),
         ("boxes", 3, None), ("boxes", 4, None), ("draft-cider", 2, None),
         ("draft-cider", 3, {"bad_points": 0}), ("draft-cider", 6, {"bad_points": 1})]
IDS = [f"{game}-{players}-{options}" for game, players, options in CASES]


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    # The ecosystems' checkers warn about the classic Dict observation (the mask
    # beside the vector), which is the convention for games with action masks.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(("game", "players", "options"), CASES, ids=IDS)
def test_pettingzoo_api_seed_and_max_cycles_tests_pass(game: str, players: int,
                                                      options: Any) -> None:
    make = functools.partial(pz.env, game=game, num_players=players, options=options,
                             seed=11)
    api_test(make(), num_cycles=300)
    seed_test(make, num_cycles=100)
    # max_cycles_test plays actions drawn without the mask for 4 cycles and expects
    # every agent to have stepped exactly 4 times: true only where every turn is one
    # move, round the table (in the AEC env only the seat to move steps; AVES's forced
    # return, Cubirds's, Boxes's, Soulaween's and Tsukuru's turns may be several
    # moves). Draft Cider is such a game; test_envs_aec.py tests max_cycles for all six.
    if game == "draft-cider":
        max_cycles_test(types.SimpleNamespace(env=make, parallel_env=functools.partial(
            pz.parallel_env, game=game, num_players=players, options=options, seed=11)))


@pytest.mark.parametrize(("game", "players", "options"), CASES, ids=IDS)
def test_pettingzoo_parallel_api_and_seed_tests_pass(game: str, players: int,
                                                     options: Any) -> None:
    make = functools.partial(pz.parallel_env, game=game, num_players=players,
                             options=options, seed=11)
    parallel_api_test(make(), num_cycles=300)
    parallel_seed_test(make)


@pytest.mark.parametrize("players", [2, 4])
def test_the_parallel_env_plays_whoever_is_to_move_with_fresh_observations(
        players: int) -> None:
    # Each step is one moment of the game: the seat to move acts on what it sees now, so
    # masked actions are never illegal (when a step was a whole cycle, a seat whose turn
    # came within it had chosen NOOP before its turn, and was punished for it).
    env = pz.parallel_env(game="aves", num_players=players)
    observations, _ = env.reset(seed=4)
    rng = np.random.default_rng(4)
    steps = 0
    while env.agents:
        movers = [agent for agent in env.agents
                  if not observations[agent]["action_mask"][env.match.noop]]
        assert len(movers) == 1
        actions = {agent: int(rng.choice(observations[agent]["action_mask"].nonzero()[0]))
                   for agent in env.agents}
        observations, _, _, _, infos = env.step(actions)
        assert not any(infos.values())
        steps += 1
    assert steps == len(env.match.moves)


@pytest.mark.parametrize(("game", "players", "options"), CASES, ids=IDS)
def test_gymnasium_env_checker_passes(game: str, players: int, options: Any) -> None:
    # The game's greedy bot where it has one (the bots of a new game may come later).
    opponents = "greedy" if "greedy" in get_game(game).bot_factories() else "random"
    check_env(AvesCoreGymEnv(game=game, num_players=players, options=options,
                             seat=players - 1, opponents=opponents))


def test_gymnasium_make_knows_every_game_with_an_encoding() -> None:
    # All six (docs/ai.md names them), and any other package's game with an encoding.
    assert {f"aves_core/{game}-v0" for game in ("aves", "boxes", "cubirds", "draft-cider",
                                                "soulaween", "tsukuru")} <= set(register_envs())
    env = gymnasium.make("aves_core/soulaween-v0", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str)
    assert "a" in text


def play_random(game_id: str, players: int, seed: int) -> list[tuple[Any, int]]:
    """Every (state, seat to move) of a random game."""
    game = get_game(game_id)
    rng = random.Random(seed)
    table = Table(game, [f"p{i}" for i in range(players)],
                  setup=game.new_setup(players, game.default_options(), seed), seed=seed)
    seen: list[tuple[Any, int]] = []
    for _ in range(120):
        if table.result is not None:
            break
        seat = table.to_move[0]
        seen.append((table.state, seat))
        table.play(rng.choice(table.view(seat).legal_moves))
    return seen


@settings(max_examples=15, deadline=None)
@given(case=st.sampled_from([("aves", 2), ("aves", 5), ("soulaween", 2), ("cubirds", 2),
                             ("cubirds", 5)]),
       seed=st.integers(0, 2**32))
def test_every_legal_move_has_its_own_index_and_reads_back(case: tuple[str, int],
                                                         seed: int) -> None:
    game_id, players = case
    game = get_game(game_id)
    encoding = game.encoding(players)
    assert encoding is not None
    for state, seat in play_random(game_id, players, seed):
        view = game.view(state, seat)
        indices = [encoding.action_index(move) for move in view.legal_moves]
        assert len(set(indices)) == len(indices)
        assert all(0 <= index < encoding.num_actions for index in indices)
        for index, move in zip(indices, view.legal_moves, strict=True):
            assert encoding.move_of(index, view) == move
        for index in set(range(encoding.num_actions)) - set(indices):
            with pytest.raises(EncodingError):
                encoding.move_of(index, view)


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), swap=st.integers(0, 2**32))
def test_an_observation_is_a_function_of_the_seats_view(players: int, seed: int,
                                                        swap: int) -> None:
    # What the seat cannot know (the deck, the other hands) is shuffled among its
    # places: the observation must not change, while the true state did.
    game = get_game("aves")
    encoding = game.encoding(players)
    assert encoding is not None
    for state, seat in play_random("aves", players, seed)[::5]:
        other = game.indistinguishable(state, seat, random.Random(swap))
        first = np.zeros(encoding.observation_size, np.float32)
        second = np.zeros(encoding.observation_size, np.float32)
        encoding.observe(game.view(state, seat), first)
        encoding.observe(game.view(other, seat), second)
        assert (first == second).all()
        assert first.max() <= 8.0


def test_an_action_the_mask_forbids_is_replaced_and_costs_the_illegal_reward() -> None:
    from aves_core import AvesError

    env = AvesCoreGymEnv(game="aves", num_players=2, illegal_reward=-0.5)
    observation, _ = env.reset(seed=4)
    forbidden = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = len(env.match.moves)
    _, reward, terminated, _, info = env.step(forbidden)
    assert info == {"illegal_action": forbidden}
    # The penalty, plus the game's end reward if the replacement move ended it.
    assert reward == -0.5 + (env.match.rewards()[0] if terminated else 0.0)
    assert len(env.match.moves) > before  # a legal move was played instead
    with pytest.raises(AvesError):
        env.step("3")


def test_bad_arguments_are_clear_errors() -> None:
    from aves_core import AvesError

    for make in (lambda: pz.env(game="chess"), lambda: pz.env(num_players=9),
                 lambda: pz.env(max_cycles=0), lambda: AvesCoreGymEnv(seat=5),
                 lambda: AvesCoreGymEnv(num_players=3, opponents=["random"]),
                 lambda: AvesCoreGymEnv(opponents="nobody")):
        with pytest.raises(AvesError):
            make()


def test_the_docs_table_every_encoding_as_it_is() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "ai.md").read_text()
    for game_id, players in (("aves", 4), ("soulaween", 2), ("cubirds", 2), ("cubirds", 5),
                             ("tsukuru", 2), ("tsukuru", 4), ("boxes", 2), ("boxes", 4),
                             ("draft-cider", 2), ("draft-cider", 4)):
        encoding = get_game(game_id).encoding(players)
        assert encoding is not None
        for indices, meaning in encoding.describe():
            assert f"| {indices} | {meaning} |" in text


@pytest.mark.parametrize("command", [
    ["examples/train_gymnasium.py", "--episodes", "3"],
    ["examples/train_pettingzoo.py", "--episodes", "3"],
    ["examples/train_pettingzoo.py", "--game", "aves", "--players", "3", "--episodes", "2"],
])
def test_the_training_loops_of_the_docs_run(command: list[str]) -> None:
    root = Path(__file__).resolve().parents[2]
    finished = subprocess.run([sys.executable, *command], cwd=root, capture_output=True,
                              text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout
