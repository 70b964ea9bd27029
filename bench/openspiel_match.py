"""OpenSpiel's searchers against aves-core's SearchBot, through ``aves_core.envs.openspiel``:
IS-MCTS (``open_spiel.python.algorithms.ismcts``, resampling with
``resample_from_infostate``) on AVES with 2 players, and MCTS
(``open_spiel.python.algorithms.mcts``) on Soulaween. Seats alternate game by game;
each game is set up by OpenSpiel's chance nodes from a seeded generator. Both
sides get the same number of simulations a move (OpenSpiel: one random rollout a
simulation; SearchBot: one iteration, a playout with its own policy).

    python bench/openspiel_match.py [--games 100] [--simulations 100]

Prints, for each pairing, OpenSpiel's wins, losses and shared wins, its win share
(a shared win counts half) with a 95% Wilson interval, and the time it took.

On the project's 2-core machine (OpenSpiel 2.0.2, 100 games, 100 simulations; 7.5
minutes): IS-MCTS won 9, lost 81 and shared 10 (win share 0.140, 95% Wilson
0.085-0.221) on AVES; MCTS won 1 and lost 99 (0.010, 0.002-0.054) on Soulaween.
OpenSpiel's searchers roll out at random; SearchBot's playouts use the game's own
policy (``search_hooks``), which is worth far more than the tree at this budget.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from aves_core.bots import make_bot
from aves_core.envs.openspiel import AvesCoreSpielState


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) \
        / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def make_openspiel_bot(game: Any, simulations: int, seed: int) -> Any:
    """IS-MCTS for a game with hidden information, MCTS for the others."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    if game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION:
        return ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng)
    return mcts.MCTSBot(game, 2.0, simulations, evaluator, solve=False, random_state=rng)


def play(game: Any, openspiel_seat: int, simulations: int, seed: int) -> list[float]:
    """One game: the OpenSpiel bot at ``openspiel_seat``, SearchBot at the other; the
    returns."""
    rng = np.random.RandomState(seed)
    bot = make_openspiel_bot(game, simulations, seed)
    search = make_bot(f"search:{simulations}", game.kernel)
    search_rng = random.Random(seed)
    state: AvesCoreSpielState = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
            continue
        seat = state.current_player()
        if seat == openspiel_seat:
            state.apply_action(bot.step(state))
        else:
            move = search.choose(state.kernel_view(seat), state.kernel_events(seat),
                                 search_rng)
            state.apply_kernel_move(move)
    returns: list[float] = state.returns()
    return returns


def match(name: str, params: dict[str, Any], games: int, simulations: int) -> str:
    """A match of ``games`` games, seats alternated; its line of the report."""
    game = pyspiel.load_game(name, params)
    wins = losses = shared = 0
    started = time.perf_counter()
    for index in range(games):
        seat = index % 2
        returns = play(game, seat, simulations, seed=index)
        if returns[seat] > 0 and returns[1 - seat] > 0:
            shared += 1
        elif returns[seat] > 0:
            wins += 1
        elif returns[1 - seat] > 0:
            losses += 1
        else:
            shared += 1  # cut by max_moves: nobody won
    share = (wins + shared / 2) / games
    low, high = wilson(wins + shared / 2, games)
    seconds = time.perf_counter() - started
    return (f"{name} {params}: OpenSpiel {wins} won, {losses} lost, {shared} shared of "
            f"{games}; win share {share:.3f} (95% Wilson {low:.3f}-{high:.3f}); "
            f"{seconds:.0f} s")


def main() -> None:
    """Run both pairings and print their results."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=100)
    args = parser.parse_args()
    print(f"{args.games} games a pairing, {args.simulations} simulations a move each side, "
          "seats alternated")
    print("IS-MCTS vs SearchBot: "
          + match("python_aves_core_aves", {"players": 2}, args.games, args.simulations))
    print("MCTS vs SearchBot: "
          + match("python_aves_core_soulaween", {}, args.games, args.simulations))


if __name__ == "__main__":
    main()
