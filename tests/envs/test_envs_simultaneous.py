"""The PettingZoo and Gymnasium environments with simultaneous moves (Sealed, the toy
game of simgame.py, whose seats bid at once, sealed): they pass their ecosystems'
tests; the parallel environment gives every bidding seat its action in one step, each
chosen without seeing the others'; in the AEC form each seat bids at its own step, in
seat order, and the others' observations say only that it bid. (max_cycles: in
test_envs_aec.py; PettingZoo's max_cycles_test wants every agent to step once a
cycle, and a round here is the call and then every seat's bid.)"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Iterator

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np
import simgame
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from aves_core.envs import pettingzoo as pz
from aves_core.envs.gymnasium import AvesCoreGymEnv
from aves_core.kernel.errors import ArgumentError

GAME = simgame.GAME.id
BID = 2  # the encoding's index of "bid 0"; "bid b" is BID + b


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_tests_pass_with_simultaneous_moves(players: int) -> None:
    make = functools.partial(pz.env, game=GAME, num_players=players, seed=3)
    api_test(make(), num_cycles=300)
    seed_test(make, num_cycles=100)
    make_parallel = functools.partial(pz.parallel_env, game=GAME, num_players=players,
                                      seed=3)
    parallel_api_test(make_parallel(), num_cycles=300)
    parallel_seed_test(make_parallel)


def test_gymnasium_env_checker_passes_with_simultaneous_moves() -> None:
    check_env(AvesCoreGymEnv(game=GAME, num_players=3, seat=1, opponents="search:10"))


def _caller(observations: dict[str, dict[str, np.ndarray]]) -> str:
    (agent,) = [agent for agent, seen in observations.items()
                if seen["action_mask"][:2].any()]
    return agent


def test_the_parallel_env_gives_every_bidding_seat_its_action_in_one_step() -> None:
    env = pz.parallel_env(game=GAME, num_players=3)
    observations, _ = env.reset(seed=1)
    noop = env.match.noop
    caller = _caller(observations)
    observations, *_ = env.step({agent: 1 if agent == caller else noop
                                 for agent in env.agents})  # call a prize of 2
    # Every seat may bid now, and each is offered bids 0-4 and not NOOP.
    for seen in observations.values():
        assert seen["action_mask"][BID:BID + 5].all()
        assert not seen["action_mask"][noop]
    table = env.match
    before = len(table.moves)
    observations, rewards, _, _, infos = env.step(
        {"player_0": BID + 1, "player_1": BID + 3, "player_2": BID + 0})
    assert len(table.moves) == before + 3  # three bids in the one step, then the reveal
    assert table.view(None).last_bids == (1, 3, 0)
    assert infos == {agent: {} for agent in env.agents}
    assert set(rewards.values()) == {0.0}


def test_the_parallel_env_wants_noop_from_seats_that_may_not_move() -> None:
    env = pz.parallel_env(game=GAME, num_players=2)
    observations, _ = env.reset(seed=2)
    caller = _caller(observations)
    other = next(agent for agent in env.agents if agent != caller)
    _, rewards, _, _, infos = env.step({caller: 0, other: BID})
    assert infos[other] == {"illegal_action": BID}
    assert rewards[other] == -1.0
    assert env.match.view(None).phase == "bid"  # the call was played, no bid
    with pytest.raises(ArgumentError, match="one action for each"):
        env.step({caller: BID})


def test_in_the_aec_form_another_seat_sees_only_that_a_seat_bid() -> None:
    seen = {}
    for amount in (0, 4):
        env = pz.env(game=GAME, num_players=2)
        env.reset(seed=1)
        while env.match.view(None).phase != "bid":
            observation = env.observe(env.agent_selection)
            env.step(int(observation["action_mask"].nonzero()[0][0]))
        bidder = env.agent_selection  # the first of the two to step in the bidding
        seat = env.possible_agents.index(bidder)
        env.step(BID + amount)
        other = env.possible_agents[1 - seat]
        seen[amount] = env.observe(other)["observation"]
        assert env.match.view(seat).my_bid == amount
        assert env.match.view(1 - seat).committed == (seat,)
    assert (seen[0] == seen[4]).all()
