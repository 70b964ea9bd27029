"""Boxes in the PettingZoo and Gymnasium environments: they pass their ecosystems' tests
for 2 to 4 players; the parallel environment gives every committing seat its sealed
commit in one step; the encoding names every legal move once and reads it back, and an
observation is a function of the seat's view (the cards it has not seen and the other
seats' pending commits redrawn, it does not change)."""

from __future__ import annotations

import functools
import random
import warnings
from collections.abc import Iterator

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from aves_core.envs import pettingzoo as pz
from aves_core.envs.gymnasium import AvesCoreGymEnv
from aves_core.games.boxes.encoding import (
    ACTIONS,
    BID,
    PASS,
    PAY,
    SEAL,
    STOP,
    notes_of_number,
    set_number,
)
from aves_core.games.boxes.game import BOXES
from aves_core.games.boxes.moves import Auction, Examine, Move, Seal, Stop
from aves_core.games.boxes.phases import Phase
from aves_core.games.boxes.state import BoxesState
from aves_core.games.boxes.views import BoxesView
from aves_core.kernel.encoding import Encoding, EncodingError
from aves_core.kernel.table import Table


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_tests_pass(players: int) -> None:
    make = functools.partial(pz.env, game="boxes", num_players=players, seed=5)
    api_test(make(), num_cycles=300)
    seed_test(make, num_cycles=100)
    make_parallel = functools.partial(pz.parallel_env, game="boxes", num_players=players,
                                      seed=5)
    parallel_api_test(make_parallel(), num_cycles=300)
    parallel_seed_test(make_parallel)
    # (max_cycles: in test_envs_aec.py. PettingZoo's max_cycles_test wants every agent
    # to step once a cycle, and a Boxes turn has several moves.)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gymnasium_env_checker_passes(players: int) -> None:
    check_env(AvesCoreGymEnv(game="boxes", num_players=players, seat=players - 1,
                             opponents="greedy"))


def _encoding(players: int) -> Encoding[BoxesView, Move]:
    made = BOXES.encoding(players)
    assert made is not None
    return made


def test_the_encoding_has_1333_actions_and_31_observation_values_a_seat() -> None:
    sizes = {players: _encoding(players).observation_size for players in (2, 3, 4)}
    assert sizes == {2: 195, 3: 226, 4: 257}
    assert _encoding(2).num_actions == ACTIONS == 1333
    assert [set_number(notes_of_number(number)) for number in range(625)] == list(range(625))
    with pytest.raises(EncodingError):
        set_number((500,) * 5)


def test_the_parallel_env_gives_every_committing_seat_its_action_in_one_step() -> None:
    env = pz.parallel_env(game="boxes", num_players=3)
    observations, _ = env.reset(seed=2)
    table = env.match
    noop = env.match.noop
    # Choose sealed, then every seat stops examining at once when its turn comes.
    while table.view(None).phase is not Phase.SEALED_BID:
        (seat,) = table.to_move
        agent = env.possible_agents[seat]
        view = table.view(seat)
        move = next(move for move in view.legal_moves
                    if move == Auction(seat, "sealed") or isinstance(move, Stop))
        action = env.match.encoding.action_index(move)
        observations, *_ = env.step({other: action if other == agent else noop
                                     for other in env.agents})
    for seen in observations.values():
        assert seen["action_mask"][SEAL:BID].any()
        assert not seen["action_mask"][noop]
    before = len(table.moves)
    commits = {"player_0": (500,), "player_1": (200, 100), "player_2": ()}
    observations, rewards, _, _, infos = env.step(
        {agent: SEAL + set_number(notes) for agent, notes in commits.items()})
    assert len(table.moves) == before + 3  # three commits in one step, then the reveal
    assert table.view(None).revealed == ((500,), (200, 100), ())
    assert infos == {agent: {} for agent in env.agents}
    assert set(rewards.values()) == {0.0}


def _random_states(players: int, seed: int) -> Iterator[tuple[BoxesState, int]]:
    rng = random.Random(seed)
    table = Table(BOXES, [f"p{i}" for i in range(players)],
                  setup=BOXES.new_setup(players, BOXES.default_options(), seed), seed=seed)
    while table.result is None:
        for seat in table.to_move:
            yield table.state, seat
        seat = rng.choice(table.to_move)
        table.play(rng.choice(table.view(seat).legal_moves))
    yield table.state, 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_move_has_its_own_index_and_reads_back(players: int) -> None:
    encoding = _encoding(players)
    for state, seat in _random_states(players, players):
        view = BOXES.view(state, seat)
        indices = [encoding.action_index(move) for move in view.legal_moves]
        assert len(set(indices)) == len(indices)
        assert all(0 <= index < ACTIONS for index in indices)
        for index, move in zip(indices, view.legal_moves, strict=True):
            assert encoding.move_of(index, view) == move
        for index in (STOP, PASS, BID, PAY, ACTIONS - 1):
            if index not in indices:
                with pytest.raises(EncodingError):
                    encoding.move_of(index, view)
    with pytest.raises(EncodingError):
        encoding.move_of(ACTIONS, view)
    with pytest.raises(EncodingError):
        encoding.action_index(Examine(0, "c9"))


@pytest.mark.parametrize("players", [2, 4])
def test_a_legal_move_is_the_object_of_all_moves_and_a_copy_has_its_index(players: int) -> None:
    # The encoding finds the rules' moves by identity, any other object by value.
    encoding = _encoding(players)
    every = [tuple(BOXES.all_moves(players, seat)) for seat in range(players)]
    for state, seat in _random_states(players, 20 + players):
        for move in BOXES.view(state, seat).legal_moves:
            index = encoding.action_index(move)
            assert every[seat][index] is move
            copy = BOXES.parse_move(str(move))
            assert copy is not move
            assert encoding.action_index(copy) == index


@pytest.mark.parametrize("players", [2, 4])
def test_an_observation_is_a_function_of_the_seats_view(players: int) -> None:
    # What the seat cannot know (unseen cards, the others' pending commits) is redrawn:
    # the observation must not change, and stays in [0, 8].
    encoding = _encoding(players)
    changed = 0
    for number, (state, seat) in enumerate(_random_states(players, 10 + players)):
        other = BOXES.indistinguishable(state, seat, random.Random(number))
        changed += other != state
        first = np.zeros(encoding.observation_size, np.float32)
        second = np.zeros(encoding.observation_size, np.float32)
        encoding.observe(BOXES.view(state, seat), first)
        encoding.observe(BOXES.view(other, seat), second)
        assert (first == second).all()
        assert first.min() >= 0.0
        assert first.max() <= 8.0
    assert changed


def test_in_the_aec_form_another_seat_sees_only_that_a_seat_committed() -> None:
    seen = {}
    for notes in ((), (500, 500, 200)):
        env = pz.env(game="boxes", num_players=2)
        env.reset(seed=1)
        table = env.match
        while table.view(None).phase is not Phase.SEALED_BID:
            seat = env.possible_agents.index(env.agent_selection)
            view = table.view(seat)
            # The selected agent is always a seat to move (never one with only NOOP).
            move = next(move for move in view.legal_moves
                        if move == Auction(seat, "sealed") or isinstance(move, Stop))
            env.step(env.match.encoding.action_index(move))
        committer = env.agent_selection
        seat = env.possible_agents.index(committer)
        env.step(SEAL + set_number(notes))
        other = env.possible_agents[1 - seat]
        seen[notes] = env.observe(other)["observation"]
        assert table.view(seat).my_commit == Seal(seat, notes).notes
        assert table.view(1 - seat).committed == (seat,)
    assert (seen[()] == seen[(500, 500, 200)]).all()
