"""The learning environments' speed beside the engine's: game moves per second of the
Gymnasium env with random masked actions, next to the same game's random playouts
(``bench/playouts.py``) measured in the same run.

One learner (seat 0) plays random legal actions (``env.legal_actions()``, the
mask's ones) against random bots; a step is the learner's action and the bots' moves up to its
next turn, so the table says how many game moves (the learner's and the bots') an
env step stood for, and compares game moves per second with the playouts'. The
vectorized env (``AvesCoreVectorEnv``) is measured for ``--vector`` sizes: batched
steps of N games at once, in one process.

    python bench/envs.py [--seconds 2] [--game all] [--players 2 5] [--vector 1 8 64]
                         [--processes 2]
    python bench/envs.py --game soulaween --opponents greedy
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from playouts import aves_rate, game_rate

CLOCK = time.process_time
"""Rates are per second of this process's CPU time, which a busy machine's other
processes do not eat into (``--wall`` for wall-clock time)."""


def env_rate(game_id: str, num_players: int, opponents: str, seconds: float
             ) -> tuple[float, float, int]:
    """The Gymnasium env with random masked actions for about ``seconds``:
    (env steps/s, game moves/s, episodes)."""
    from aves_core.envs.gymnasium import AvesCoreGymEnv

    env = AvesCoreGymEnv(game=game_id, num_players=num_players, opponents=opponents,
                         max_steps=10_000)
    choose = random.Random(num_players).choice
    match = env.match
    steps = episodes = 0
    env.reset(seed=0)  # the later episodes follow from this seed
    first_moves = match.total_moves
    begin = CLOCK()
    deadline = begin + seconds
    while True:
        _, _, terminated, truncated, _ = env.step(choose(env.legal_actions()))
        steps += 1
        if terminated or truncated:
            episodes += 1
            if CLOCK() >= deadline:
                break
            env.reset()
    elapsed = CLOCK() - begin
    return steps / elapsed, (match.total_moves - first_moves) / elapsed, episodes


def vector_rate(game_id: str, num_players: int, opponents: str, size: int, seconds: float,
                processes: int = 1) -> tuple[float, float | None]:
    """``size`` games in one vectorized env, random masked actions, for about
    ``seconds``: (env steps/s summed over the games, game moves/s or None when the
    games are in worker processes)."""
    from aves_core.envs.vector import AvesCoreVectorEnv

    envs = AvesCoreVectorEnv(size, game=game_id, num_players=num_players,
                             opponents=opponents, max_steps=10_000, processes=processes)
    rng = np.random.default_rng(size)
    observations, _ = envs.reset(seed=0)
    first_moves = envs.total_moves if processes == 1 else 0
    # The workers' CPU time is not this process's: across processes, wall-clock time.
    clock = CLOCK if processes == 1 else time.perf_counter
    steps = 0
    begin = clock()
    deadline = begin + seconds
    while clock() < deadline:
        for _ in range(20):
            masks = observations["action_mask"]
            # A random allowed action in each row: the arg-max of random keys on the mask.
            keys = rng.random(masks.shape) * masks
            observations, *_ = envs.step(keys.argmax(axis=1))
            steps += size
    elapsed = clock() - begin
    moves = (envs.total_moves - first_moves) / elapsed if processes == 1 else None
    envs.close()
    return steps / elapsed, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--game", default="all", help="a game id, or all")
    parser.add_argument("--players", type=int, nargs="+", default=None,
                        help="player counts (default: every count the game allows; 2 4 6 "
                             "for AVES)")
    parser.add_argument("--opponents", default="random", help="the bots' name")
    parser.add_argument("--vector", type=int, nargs="*", default=[1, 8, 64],
                        help="vectorized env sizes (none: skip)")
    parser.add_argument("--processes", type=int, default=2,
                        help="also the largest size shared among this many worker "
                             "processes (1: skip)")
    parser.add_argument("--wall", action="store_true",
                        help="wall-clock time (the default is this process's CPU time)")
    args = parser.parse_args()
    if args.wall:
        global CLOCK
        CLOCK = time.perf_counter
    from aves_core import game_ids, get_game

    ids = [game_id for game_id in game_ids() if not game_id.startswith("toy")
           ] if args.game == "all" else [args.game]
    print(f"random masked actions against {args.opponents} bots, {args.seconds:g} s each "
          f"of {'wall-clock' if args.wall else 'CPU'} time; moves/s counts every seat's "
          "game moves")
    print(f"{'game':14} {'players':>7} {'playouts':>10} {'env steps/s':>12} "
          f"{'moves/step':>10} {'env moves/s':>12} {'env/playouts':>12}")
    for game_id in ids:
        facts = get_game(game_id).facts
        counts = args.players or ([2, 4, 6] if game_id == "aves" else
                                  list(range(facts.min_players, facts.max_players + 1)))
        for players in counts:
            if not facts.min_players <= players <= facts.max_players:
                continue
            playouts = (aves_rate(players, False, args.seconds, 2000, CLOCK)
                        if game_id == "aves"
                        else game_rate(game_id, players, args.seconds, 2000, CLOCK))[0]
            steps, moves, _ = env_rate(game_id, players, args.opponents, args.seconds)
            print(f"{facts.name:14} {players:>7} {playouts:10,.0f} {steps:12,.0f} "
                  f"{moves / steps:10.2f} {moves:12,.0f} {moves / playouts:12.2f}",
                  flush=True)
    if not args.vector:
        return
    print(f"\nvectorized (AvesCoreVectorEnv), {args.seconds:g} s each (with processes, "
          "wall-clock time)")
    print(f"{'game':14} {'players':>7} {'N':>4} {'processes':>9} {'env steps/s':>12} "
          f"{'env moves/s':>12}")
    for game_id in ids:
        facts = get_game(game_id).facts
        players = (args.players or [facts.min_players])[0]
        for size, processes in [*((size, 1) for size in args.vector),
                                *(((max(args.vector), args.processes),)
                                  if args.processes > 1 else ())]:
            rate, moved = vector_rate(game_id, players, args.opponents, size, args.seconds,
                                      processes)
            shown = "" if moved is None else f"{moved:,.0f}"
            print(f"{facts.name:14} {players:>7} {size:>4} {processes:>9} {rate:12,.0f} "
                  f"{shown:>12}", flush=True)


if __name__ == "__main__":
    main()
