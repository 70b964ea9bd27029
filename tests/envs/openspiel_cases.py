"""The OpenSpiel games of aves_core.envs.openspiel: OpenSpiel's own random simulation
test, serialization, action indices, information that stays hidden, resampling, and
short matches of OpenSpiel's searchers against aves-core's SearchBot; chance during
play (Reshuffle, the toy game of chancegame.py) as explicit chance nodes.

Run by test_openspiel.py in a pytest process of its own (see there why).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import chancegame  # noqa: E402  (registers the toy game before the adapter's games)
import simgame  # noqa: E402  (the same: Sealed, whose seats bid at once)
from budget import budget  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from aves_core.bots import make_bot  # noqa: E402
from aves_core.envs.openspiel import game_name, register_games  # noqa: E402

AVES = "python_aves_core_aves"
SOULAWEEN = "python_aves_core_soulaween"
TOY = game_name(chancegame.GAME.id)
CUBIRDS = "python_aves_core_cubirds"
TSUKURU = "python_aves_core_tsukuru"
BOXES = "python_aves_core_boxes"
DRAFT_CIDER = "python_aves_core_draft_cider"
SEALED = game_name(simgame.GAME.id)


def dealt(game: Any, seed: int) -> Any:
    """A state after the setup's chance nodes, drawn from ``seed``."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probabilities)))
    return state


def test_registered() -> None:
    assert set(register_games()) >= {AVES, SOULAWEEN}
    assert game_name("aves") in pyspiel.registered_names()
    kind = pyspiel.load_game(AVES).get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (2, 6)
    kind = pyspiel.load_game(SOULAWEEN).get_type()
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    game = pyspiel.load_game(AVES, {"players": 4})
    assert game.num_players() == 4
    assert game.num_distinct_actions() == 1979
    assert game.observation_tensor_size() == game.information_state_tensor_size() == 2260
    assert pyspiel.load_game(SOULAWEEN).num_distinct_actions() == 101
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game(AVES, {"players": 7})


@pytest.mark.parametrize(("name", "params"), [
    (AVES, {"players": 2}),
    (AVES, {"players": 4, "crows": True}),
    (AVES, {"players": 6, "showdown": True}),
    (SOULAWEEN, {}),
    (SOULAWEEN, {"mode": "standard"}),
    (SOULAWEEN, {"mode": "standard", "characters": "hei_bai:", "stances": ":"}),
    (TOY, {}),
    (TOY, {"target": 40}),
    (CUBIRDS, {"players": 2}),
    (CUBIRDS, {"players": 2, "row_cards": 4}),
    (CUBIRDS, {"players": 3}),
    (CUBIRDS, {"players": 4, "row_cards": 4}),
    (CUBIRDS, {"players": 5}),
    (CUBIRDS, {"players": 5, "row_cards": 4}),
    (TSUKURU, {"players": 2}),
    (TSUKURU, {"players": 4, "scoring": "advanced"}),
    (SEALED, {"players": 2}),
    (SEALED, {"players": 4, "coins": 6}),
    (BOXES, {"players": 2}),
    (BOXES, {"players": 4}),
    (DRAFT_CIDER, {"players": 2}),
    (DRAFT_CIDER, {"players": 5, "bad_points": 1}),
])
def test_random_sim(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    # A random game of Tsukuru runs about 900 moves, and the test serializes the state
    # (its log, replayed) at every one: a single game says as much as three. Cubirds'
    # and Boxes' games are long too: the README's quick run plays one of each
    # (tests/budget.py).
    sims = 1 if name == TSUKURU else budget(default=1, ci=3)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_chance_is_the_shuffle() -> None:
    game = pyspiel.load_game(AVES, {"players": 2, "crows": True})
    state = game.new_initial_state()
    outcomes = dict(state.chance_outcomes())
    assert sum(outcomes.values()) == pytest.approx(1.0)
    assert outcomes[42] == pytest.approx(4 * outcomes[0])  # four crows, one R1
    for _ in range(game.max_chance_nodes_in_history() - 1):
        state.apply_action(state.chance_outcomes()[0][0])
    assert [action for action, _ in state.chance_outcomes()] == [0, 1]  # the first player
    state.apply_action(1)
    assert state.current_player() == 1
    soulaween = pyspiel.load_game(SOULAWEEN, {"mode": "standard"}).new_initial_state()
    assert soulaween.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    # Given characters are not drawn; the stance of a Hei & Bai seat is.
    game = pyspiel.load_game("python_aves_core_soulaween(mode=standard,"
                             "characters=anubis:hei_bai)")
    soulaween = game.new_initial_state()
    soulaween.apply_action(1)
    assert [soulaween.action_to_string(action) for action, _ in soulaween.chance_outcomes()] \
        == ["seat 1 stance hei", "seat 1 stance bai"]
    soulaween.apply_action(0)
    assert soulaween.current_player() == 1
    assert soulaween.kernel_state.stances == (None, "hei")


def test_serialize_round_trip() -> None:
    game = pyspiel.load_game(AVES, {"players": 3})
    state = dealt(game, 1)
    rng = random.Random(1)
    for _ in range(5):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state)
    assert again.history() == state.history()
    assert again.information_state_string(0) == state.information_state_string(0)
    assert again.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(("name", "players"), [(AVES, 2), (AVES, 5), (SOULAWEEN, 2)])
def test_actions_round_trip(name: str, players: int) -> None:
    game = pyspiel.load_game(name, {"players": players})
    state = dealt(game, 2)
    kernel, encoding = game.kernel, game.encoding
    rng = random.Random(2)
    while not state.is_terminal():
        seat = state.current_player()
        view = state.kernel_view(seat)
        actions = state.legal_actions()
        assert actions == sorted(encoding.action_index(move) for move in view.legal_moves)
        assert [encoding.move_of(action, view) for action in actions] \
            == sorted(view.legal_moves, key=encoding.action_index)
        for other in range(players):
            if other != seat:
                assert state.legal_actions(other) == []
        action = rng.choice(actions)
        move = encoding.move_of(action, view)
        assert state.action_to_string(seat, action) == kernel.move_text(move)
        before = state.kernel_state
        state.apply_action(action)
        assert state.kernel_state == kernel.apply(before, move)
    assert sorted(state.returns()) in ([-1.0, 1.0], [1.0, 1.0], [-1.0] * (players - 1) + [1.0])


def test_hidden_cards_stay_hidden() -> None:
    # A seat's strings and tensors are the same in every state it cannot tell apart.
    game = pyspiel.load_game(AVES, {"players": 3})
    state = dealt(game, 3)
    rng = random.Random(3)
    for _ in range(4):
        state.apply_action(rng.choice(state.legal_actions()))
    if state.is_terminal():
        pytest.skip("the game ended early")
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for seat in range(3):
        changed = False
        for _ in range(5):
            other = state.resample_from_infostate(seat, sampler)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.observation_string(seat) == state.observation_string(seat)
            assert other.observation_tensor(seat) == state.observation_tensor(seat)
            assert other.information_state_tensor(seat) == \
                state.information_state_tensor(seat)
            assert other.legal_actions(seat) == state.legal_actions(seat)
            changed |= str(other) != str(state)
        assert changed  # the other hands and the deck were redrawn
    seen = json.loads(state.observation_string(0))
    assert seen["hands"][1] is None
    assert seen["hands"][2] is None
    assert seen["hands"][0] == [str(card) for card in state.kernel_state.hands[0]]
    assert "deck" not in seen


def test_soulaween_observations_are_everything() -> None:
    game = pyspiel.load_game(SOULAWEEN)
    state = dealt(game, 4)
    state.apply_action(state.legal_actions()[0])
    assert state.observation_string(0) != state.observation_string(1)  # whose side
    assert '"seat":0' in state.observation_string(0)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    assert str(state.resample_from_infostate(0, sampler)) == str(state)


def test_max_moves_cuts() -> None:
    game = pyspiel.load_game(SOULAWEEN, {"max_moves": 3})
    state = dealt(game, 5)
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0]


def play(game: Any, bot: Any, openspiel_seat: int, seed: int) -> list[float]:
    """One game of an OpenSpiel bot against SearchBot (tiny budget)."""
    search = make_bot("search:20", game.kernel)
    rng = random.Random(seed)
    state = dealt(game, seed)
    while not state.is_terminal():
        seat = state.current_player()
        if seat == openspiel_seat:
            state.apply_action(bot.step(state))
        else:
            state.apply_kernel_move(search.choose(state.kernel_view(seat),
                                                  state.kernel_events(seat), rng))
    returns: list[float] = state.returns()
    return returns


def test_ismcts_against_search_bot_on_aves() -> None:
    game = pyspiel.load_game(AVES, {"players": 2})
    for index in range(2):
        rng = np.random.RandomState(index)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 20,
                               random_state=rng)
        returns = play(game, bot, index % 2, index)
        assert max(returns) == 1.0


def test_mcts_against_search_bot_on_soulaween() -> None:
    game = pyspiel.load_game(SOULAWEEN)
    for index in range(2):
        rng = np.random.RandomState(index)
        bot = mcts.MCTSBot(game, 2.0, 20, mcts.RandomRolloutEvaluator(1, rng), solve=False,
                           random_state=rng)
        returns = play(game, bot, index % 2, index)
        assert sorted(returns) == [-1.0, 1.0]


@pytest.mark.parametrize("game", [SOULAWEEN, AVES])
def test_the_training_loop_of_the_docs_runs(game: str) -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    finished = subprocess.run(
        [sys.executable, "examples/train_openspiel.py", "--episodes", "3", "--game", game],
        cwd=root, capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr
    assert "mean returns" in finished.stdout


# --- chance during play ----------------------------------------------------------------


def test_chance_during_play_is_explicit_chance_nodes() -> None:
    assert TOY in register_games()
    game = pyspiel.load_game(TOY, {"target": 40})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    state = dealt(game, 6)
    rng = random.Random(6)
    while not state.is_chance_node():  # play until a draw meets an empty deck
        assert not state.is_terminal()
        state.apply_action(rng.choice(state.legal_actions()))
    kernel = game.kernel
    assert kernel.awaits_chance(state.kernel_state)
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert all(state.kernel_view(seat).legal_moves == () for seat in range(2))
    pile = state.kernel_state.pile
    outcomes = dict(state.chance_outcomes())
    assert sum(outcomes.values()) == pytest.approx(1.0)
    assert outcomes[pile[0]] == pytest.approx(pile.count(pile[0]) / len(pile))
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, pile[0]) == f"deck card 1: {pile[0]}"
    history = state.history()
    drawn = []
    for _ in range(len(pile) - 1):
        drawn.append(state.chance_outcomes()[-1][0])
        state.apply_action(drawn[-1])
        assert state.is_chance_node()  # the deck is drawn card by card
        again = game.deserialize_state(state.serialize())
        assert (str(again), again.history()) == (str(state), state.history())
    drawn.append(state.chance_outcomes()[0][0])
    state.apply_action(drawn[-1])
    assert not state.is_chance_node()
    assert state.history() == [*history, *drawn]
    assert list(state.kernel_state.deck) == drawn[1:]  # the first card went to the drawer
    for seat in range(2):  # the events tell that the pile was reshuffled, not the order
        assert '"deck":' not in state.information_state_string(seat)
        assert '"type":"reshuffled"' in state.information_state_string(seat)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    seat = state.current_player()
    other = state.resample_from_infostate(seat, sampler)
    assert other.information_state_string(seat) == state.information_state_string(seat)
    assert other.legal_actions(seat) == state.legal_actions(seat)


def test_max_moves_counts_the_seats_moves_only() -> None:
    game = pyspiel.load_game(TOY, {"target": 40, "max_moves": 30})
    state = dealt(game, 7)
    rng = np.random.RandomState(7)
    chance = seats = 0
    while not state.is_terminal():
        if state.is_chance_node():
            chance += 1
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            seats += 1
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert chance > 0
    assert seats == 30


# --- Cubirds: chance in the setup and during play ----------------------------------------


def to_chance_node(state: Any, rng: random.Random) -> Any:
    """``state`` played at random until a reshuffle is due (the game must not end)."""
    while not state.is_chance_node():
        assert not state.is_terminal()
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_cubirds_is_registered_with_its_facts() -> None:
    assert CUBIRDS in register_games()
    game = pyspiel.load_game(CUBIRDS, {"players": 5, "row_cards": 4})
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM  # exhaustion shares wins
    assert (kind.min_num_players, kind.max_num_players) == (2, 5)
    assert game.num_distinct_actions() == 75
    assert game.observation_tensor_size() == game.information_state_tensor_size() == 581
    with pytest.raises(Exception, match="row_cards"):
        pyspiel.load_game(CUBIRDS, {"players": 2, "row_cards": 5})


def test_cubirds_setup_is_drawn_card_by_card() -> None:
    game = pyspiel.load_game(CUBIRDS, {"players": 3, "row_cards": 4})
    state = game.new_initial_state()
    first = dict(state.chance_outcomes())  # the first card of shuffle A: by copies
    assert first[0] == pytest.approx(7 / 110)  # seven flamingos
    assert first[7] == pytest.approx(20 / 110)  # twenty robins
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 4) == "P"
    nodes = 0
    rng = np.random.RandomState(9)
    while state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes(), strict=True)
        assert sum(probabilities) == pytest.approx(1.0)
        state.apply_action(int(rng.choice(actions, p=probabilities)))
        nodes += 1
    assert nodes <= game.max_chance_nodes_in_history()
    kernel = state.kernel_state
    assert all(len(row) == len(set(row)) == 4 for row in kernel.rows)
    assert [sum(hand) for hand in kernel.hands] == [8, 8, 8]
    assert len(kernel.deck) == 94 - 9 * 3  # CB5
    assert state.current_player() == kernel.dealer


def test_cubirds_reshuffles_are_chance_nodes_card_by_card() -> None:
    game = pyspiel.load_game(CUBIRDS, {"players": 2})
    kernel = game.kernel
    state = to_chance_node(dealt(game, 6), random.Random(6))
    at = state.kernel_state
    assert kernel.awaits_chance(at)
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    # No seat may move (OpenSpiel's Python games answer legal_actions(seat) at a chance
    # node with the chance outcomes, python_kuhn_poker too: the views say it).
    assert all(state.kernel_view(seat).legal_moves == () for seat in range(2))
    discard = list(at.discard)
    outcomes = dict(state.chance_outcomes())
    assert state.legal_actions() == sorted(outcomes)
    assert outcomes == pytest.approx({species: count / sum(discard)
                                      for species, count in enumerate(discard) if count})
    history = state.history()
    drawn = []
    while state.is_chance_node():  # one node a card of the new deck, top first
        action = state.chance_outcomes()[-1][0]
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, action) == "FOTDPMWR"[action]
        drawn.append(action)
        state.apply_action(action)
        if len(drawn) == 3:
            again = game.deserialize_state(state.serialize())
            assert (str(again), again.history()) == (str(state), state.history())
    assert len(drawn) == sum(discard)
    assert state.history() == [*history, *drawn]
    assert not any(state.kernel_state.discard)
    for seat in range(2):  # the events tell the new deck's size, never its order
        text = state.information_state_string(seat)
        assert '"type":"reshuffled"' in text
        assert '"deck":' not in text
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    if not state.is_terminal():
        seat = state.current_player()
        other = state.resample_from_infostate(seat, sampler)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
        assert other.legal_actions(seat) == state.legal_actions(seat)


@pytest.mark.parametrize("players", [2, 5])
def test_cubirds_actions_round_trip_through_reshuffles(players: int) -> None:
    game = pyspiel.load_game(CUBIRDS, {"players": players})
    state = dealt(game, 12)
    kernel, encoding = game.kernel, game.encoding
    rng = np.random.RandomState(12)
    chance = moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
            chance += 1
            continue
        seat = state.current_player()
        view = state.kernel_view(seat)
        actions = state.legal_actions()
        assert actions == sorted(encoding.action_index(move) for move in view.legal_moves)
        action = int(rng.choice(actions))
        move = encoding.move_of(action, view)
        assert state.action_to_string(seat, action) == kernel.move_text(move)
        before = state.kernel_state
        state.apply_action(action)
        assert state.kernel_state == kernel.apply(before, move)
        moves += 1
    assert chance > 0
    returns = state.returns()
    assert 1.0 in returns
    assert set(returns) <= {-1.0, 1.0}


def test_ismcts_plays_cubirds_through_reshuffles() -> None:
    # OpenSpiel's Python IS-MCTS resamples through indistinguishable and samples the
    # reshuffles' chance nodes in its playouts; a few decisions, not a whole game.
    game = pyspiel.load_game(CUBIRDS, {"players": 2})
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 8,
                           random_state=rng)
    state = dealt(game, 3)
    for _ in range(3):
        assert not state.is_chance_node()
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


# --- simultaneous moves (Sealed, the toy game of simgame.py) --------------------------------


def test_simultaneous_bids_are_sequential_moves_hidden_from_the_others() -> None:
    """OpenSpiel's Python games may be simultaneous, but its searchers and CFR take
    sequential games (and ``convert_to_turn_based`` is how it runs a simultaneous one
    through them): a simultaneous phase is declared as what it is to each seat, moves
    in turn (seat order) that the other seats do not see, which is imperfect
    information. Seat 1 cannot tell seat 0's bids apart."""
    assert SEALED in register_games()
    game = pyspiel.load_game(SEALED, {"players": 2})
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    seen = {}
    for amount in (0, 3):
        state = dealt(game, 1)
        caller = state.current_player()
        state.apply_action(1)  # call a prize of 2
        bidder = state.current_player()  # the lower seat bids first
        assert bidder == 0
        state.apply_action(2 + amount)
        assert state.current_player() == 1
        seen[amount] = (state.information_state_string(1), state.observation_string(1),
                        state.observation_tensor(1), state.information_state_tensor(1),
                        state.legal_actions(1))
        assert caller in (0, 1)
    assert seen[0] == seen[3]
    # And the seat's resampled states redraw the bid it cannot see.
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    bids = {state.resample_from_infostate(1, sampler).kernel_state.bids[0]
            for _ in range(30)}
    assert len(bids) > 1


def test_a_boxes_seats_information_state_does_not_reveal_anothers_sealed_commit() -> None:
    """Boxes' sealed auction, as OpenSpiel sees it: the seats commit in turn (seat 0
    first), and seat 1's strings, tensors and legal actions are the same whatever seat
    0 committed; its resampled states draw seat 0's commit among those it could make."""
    from aves_core.games.boxes.encoding import SEAL, STOP, set_number

    game = pyspiel.load_game(BOXES, {"players": 2})
    assert game.num_distinct_actions() == 1333
    assert game.observation_tensor_size() == 195
    seen = {}
    for notes in ((), (500, 500, 200)):
        state = dealt(game, 1)
        while state.kernel_view(None).phase.value != "sealedBid":
            actions = state.legal_actions()
            state.apply_action(1 if 1 in actions else STOP)  # sealed, then stop at once
        assert state.current_player() == 0
        state.apply_action(SEAL + set_number(notes))
        assert state.current_player() == 1
        assert state.kernel_view(0).my_commit == notes
        seen[notes] = (state.information_state_string(1), state.observation_string(1),
                       state.observation_tensor(1), state.information_state_tensor(1),
                       state.legal_actions(1))
    assert seen[()] == seen[(500, 500, 200)]
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    commits = {state.resample_from_infostate(1, sampler).kernel_state.commits[0]
               for _ in range(30)}
    assert len(commits) > 1
