"""The PettingZoo AEC env as PettingZoo's classic envs (chess, connect four, Texas
hold'em) are: ``agent_selection`` is always a seat to move, seats that move at once
are selected one after another in seat order, the end terminates every agent with its
reward and final info and removes each through ``step(None)``; ``max_cycles`` counts
rounds of the table (``max_cycles * num_players`` steps). (PettingZoo's own
``api_test``, ``seed_test`` and ``parallel_api_test`` run for all six games in
test_envs.py, test_envs_boxes.py and test_envs_simultaneous.py.)"""

from __future__ import annotations

import types
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
import simgame

from aves_core import AvesError
from aves_core.envs import pettingzoo as pz
from aves_core.envs.core import final_info
from aves_core.games.boxes.encoding import SEAL, set_number
from aves_core.games.boxes.moves import Auction, Stop
from aves_core.games.boxes.phases import Phase
from aves_core.kernel.facts import Result

GAMES = [("aves", 3), ("boxes", 3), ("cubirds", 5), ("draft-cider", 3), ("soulaween", 2),
         ("tsukuru", 3), (simgame.GAME.id, 3)]


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def _random_action(env: pz.AvesCoreEnv, rng: np.random.Generator) -> int:
    mask = env.observe(env.agent_selection)["action_mask"]
    return int(rng.choice(np.flatnonzero(mask)))


def test_in_cubirds_the_selected_agent_is_always_a_seat_to_move_and_never_noop_only(
        ) -> None:
    env = pz.env(game="cubirds", num_players=5, max_cycles=5000)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    noop = env.match.noop
    steps = 0
    for agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        assert env.match.result is None
        assert seat == min(env.match.to_move)  # the first seat to move, whoever it is
        mask = observation["action_mask"]
        assert mask.any()
        assert not mask[noop]  # never NOOP-only, never NOOP at all
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert env.match.result is not None
    # One agent step a move of a seat (the reshuffles are chance's): no forced NOOP.
    assert steps == env.steps == len(env.match.moves) - sum(
        env.match.game.mover(move) is None for move in env.match.moves)


def _boxes_to_the_sealed_bid(players: int, seed: int) -> pz.AvesCoreEnv:
    env = pz.env(game="boxes", num_players=players)
    env.reset(seed=seed)
    table = env.match
    while table.view(None).phase is not Phase.SEALED_BID:
        seat = env.possible_agents.index(env.agent_selection)
        move = next(move for move in table.view(seat).legal_moves
                    if move == Auction(seat, "sealed") or isinstance(move, Stop))
        env.step(env.match.encoding.action_index(move))
    return env


def test_seats_that_move_at_once_are_selected_once_each_in_seat_order() -> None:
    # Boxes's sealed bid: every seat commits at once; the AEC env selects player_0,
    # then player_1, then player_2, each from its own observation, in which the
    # earlier commits show only as made (the parallel env plays them in one step).
    seen: dict[tuple[int, ...], list[Any]] = {}
    for first in ((), (500, 200)):
        env = _boxes_to_the_sealed_bid(3, seed=2)
        assert env.match.to_move == (0, 1, 2)
        selected, observations = [], []
        commits = [first, (100,), ()]
        while env.match.view(None).phase is Phase.SEALED_BID:
            agent = env.agent_selection
            seat = env.possible_agents.index(agent)
            observation, *_ = env.last()
            assert np.array_equal(observation["observation"],
                                  env.match.observe(seat)["observation"])
            assert observation["action_mask"][SEAL:SEAL + 625].any()
            assert not observation["action_mask"][env.match.noop]
            selected.append(agent)
            observations.append(observation["observation"])
            env.step(SEAL + set_number(commits[seat]))
        assert selected == ["player_0", "player_1", "player_2"]
        assert env.match.view(None).revealed == tuple(commits)
        seen[first] = observations
    # What player_0 committed changed nothing that player_1 and player_2 saw.
    for later in (1, 2):
        assert np.array_equal(seen[()][later], seen[(500, 200)][later])


def test_the_toy_sealed_bid_selects_each_bidder_once_in_seat_order() -> None:
    env = pz.env(game=simgame.GAME.id, num_players=4)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    bids = 0
    while env.match.result is None and bids < 3:
        if len(env.match.to_move) > 1:
            movers = env.match.to_move
            selected = []
            for _ in movers:
                selected.append(env.possible_agents.index(env.agent_selection))
                env.step(_random_action(env, rng))
            assert selected == sorted(movers)
            bids += 1
        else:
            env.step(_random_action(env, rng))
    assert bids == 3


def test_the_end_terminates_every_agent_with_its_reward_and_final_info_then_removes_it(
        ) -> None:
    env = pz.env(game="soulaween", num_players=2)
    env.reset(seed=8)
    rng = np.random.default_rng(8)
    while env.match.result is None:
        env.step(_random_action(env, rng))
    winners = env.match.result.winners
    assert all(env.terminations.values())
    assert not any(env.truncations.values())
    removed = []
    for agent in env.agent_iter():
        _, reward, termination, truncation, info = env.last()
        seat = env.possible_agents.index(agent)
        assert termination
        assert not truncation
        assert reward == env.match.rewards()[seat] == (1.0 if seat in winners else -1.0)
        assert info["winners"] == winners
        assert info["is_success"] is (seat in winners)
        assert info["rank"] == (1 if seat in winners else 1 + len(winners))
        removed.append(agent)
        env.step(None)
    assert removed == env.possible_agents  # each once, in seat order
    assert env.agents == []
    assert env.rewards == env.terminations == {}
    assert env.infos == {}
    with pytest.raises(AvesError, match="reset"):
        env.step(None)


def test_final_info_ranks_the_winners_first_then_by_score() -> None:
    def game(result: Result | None, scores: tuple[int, ...] | None) -> Any:
        return types.SimpleNamespace(result=lambda state: result,
                                     scores=lambda state: scores)

    tie = game(Result((0, 2), "tie"), None)
    assert [final_info(tie, None, seat) for seat in range(4)] == [
        {"winners": (0, 2), "scores": None, "rank": rank, "is_success": rank == 1,
         "reason": "tie"} for rank in (1, 3, 1, 3)]
    nobody = game(Result((), "draw"), None)
    assert final_info(nobody, None, 1)["rank"] == 1
    scored = game(Result((1,), "most points"), (5, 9, 7, 7))
    assert [final_info(scored, None, seat)["rank"] for seat in range(4)] == [4, 1, 2, 2]


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[game for game, _ in GAMES])
def test_max_cycles_truncates_after_that_many_rounds_of_steps(game: str,
                                                              players: int) -> None:
    env = pz.env(game=game, num_players=players, max_cycles=3)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    while not any(env.truncations.values()):
        assert env.match.result is None
        env.step(_random_action(env, rng))
    assert env.steps == 3 * players
    assert env.cycles == 3
    assert all(env.truncations.values())
    assert not any(env.terminations.values())
    removed = []
    for agent in env.agent_iter():
        assert env.last()[3]
        removed.append(agent)
        env.step(None)
    assert removed == env.possible_agents
    # The parallel env's max_cycles counts its steps, each one moment of the game.
    parallel = pz.parallel_env(game=game, num_players=players, max_cycles=3)
    observations, _ = parallel.reset(seed=1)
    for step in range(3):
        actions = {agent: int(rng.choice(np.flatnonzero(seen["action_mask"])))
                   for agent, seen in observations.items()}
        observations, _, terminations, truncations, _ = parallel.step(actions)
        assert not any(terminations.values())
        assert all(truncations.values()) is (step == 2)
    assert parallel.agents == []


def test_noop_from_the_selected_agent_is_a_forbidden_action() -> None:
    env = pz.env(game="soulaween", num_players=2, illegal_reward=-0.5)
    env.reset(seed=4)
    agent = env.agent_selection
    before = len(env.match.moves)
    env.step(env.match.noop)
    assert len(env.match.moves) == before + 1  # a legal move was played instead
    assert env.infos[agent] == {"illegal_action": env.match.noop}
    assert env.rewards[agent] == -0.5
    assert env.agent_selection != agent
    while env.agent_selection != agent:
        env.step(_random_action(env, np.random.default_rng(0)))
    assert env.last()[1] == -0.5  # what it earned since its own last step


def test_the_aec_and_parallel_envs_give_the_same_observations_and_masks() -> None:
    aec = pz.env(game="aves", num_players=3)
    parallel = pz.parallel_env(game="aves", num_players=3)
    aec.reset(seed=6)
    observations, _ = parallel.reset(seed=6)
    rng = np.random.default_rng(6)
    for _ in range(40):
        if aec.match.result is not None:
            break
        mover = aec.agent_selection
        for agent in aec.possible_agents:
            ours, theirs = aec.observe(agent), observations[agent]
            assert np.array_equal(ours["observation"], theirs["observation"])
            assert np.array_equal(ours["action_mask"], theirs["action_mask"])
        assert not observations[mover]["action_mask"][parallel.match.noop]
        action = _random_action(aec, rng)
        aec.step(action)
        observations, *_ = parallel.step({agent: action if agent == mover
                                          else parallel.match.noop
                                          for agent in parallel.agents})


def test_the_aec_env_is_not_for_aec_to_parallel_as_the_classic_envs() -> None:
    from pettingzoo.utils.conversions import aec_to_parallel

    env = pz.env(game="soulaween")
    assert env.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(env)
