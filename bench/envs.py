"""The learning environments' speed beside the engine's: game moves per second of the
Gymnasium env with random masked actions, next to the same game's random playouts
(``bench/playouts.py``), measured side by side in one run.

One learner (seat 0) plays random legal actions (``env.legal_actions()``, the
mask's ones) against random bots; a step is the learner's action and the bots' moves
up to its next turn, so the table says how many game moves (the learner's and the
bots') an env step stood for, and compares game moves per second with the playouts'.

A machine shared with other work slows a measurement down now and then, never speeds
it up: each row interleaves short batches of playouts and of env steps (``--rounds``
of each), and takes each one's rate from its fastest tenth of batches, so that both
columns meet the same moments of the machine. ``--floor`` adds what no env can beat:
the game played straight on its states with the learner's view, encoding and mask made
at each of its turns and nothing else (no env, no bots' interface).

The vectorized env (``AvesCoreVectorEnv``) is measured for ``--vector`` sizes:
batched steps of N games at once, in one process, and the largest size shared among
``--processes`` worker processes.

    python bench/envs.py [--seconds 2] [--rounds 20] [--game all] [--players 2 5]
                         [--vector 1 8 64] [--processes 2] [--floor] [--wall]
    python bench/envs.py --game soulaween --opponents greedy
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from playouts import Playouts

CLOCK = time.process_time
"""Rates are per second of this process's CPU time, which a busy machine's other
processes do not eat into (``--wall`` for wall-clock time)."""


def env_moves(game_id: str, num_players: int, opponents: str) -> Iterator[int]:
    """The Gymnasium env with random masked actions, episode after episode: yields the
    game moves (the learner's and the bots') of each step."""
    from aves_core.envs.gymnasium import AvesCoreGymEnv

    env = AvesCoreGymEnv(game=game_id, num_players=num_players, opponents=opponents,
                         max_steps=10_000)
    choose = random.Random(num_players).choice
    match = env.match
    env.reset(seed=0)  # the later episodes follow from this seed
    while True:
        before = match.total_moves
        _, _, terminated, truncated, _ = env.step(choose(env.legal_actions()))
        if terminated or truncated:
            env.reset()
        yield match.total_moves - before


def floor_moves(game_id: str, num_players: int) -> Iterator[int]:
    """The least an env must do, for ``--floor``: random games played on the game's
    states with its unchecked ``step`` (chance moves drawn with it), seat 0's view,
    observation and mask made at each of its turns, its action drawn from the mask;
    yields 1 after each seat's move."""
    from aves_core import get_game
    from aves_core.kernel.game import Chance

    game = get_game(game_id)
    encoding = game.encoding(num_players)
    if encoding is None:  # main() measures only the games with an encoding
        raise SystemExit(f"{game.facts.name} has no encoding")
    rng = random.Random(num_players)
    choose = rng.choice
    step, legal_moves, to_move, view_of = game.step, game.legal_moves, game.to_move, game.view
    awaits, chance_move = game.awaits_chance, game.chance_move
    chance = game.facts.chance is Chance.PLAY
    size, actions = encoding.observation_size, encoding.num_actions + 1
    indices = getattr(encoding, "indices", None) or (
        lambda moves: [encoding.action_index(move) for move in moves])
    options = game.default_options()
    seed = 0
    while True:
        state = game.start(num_players, game.new_setup(num_players, options, seed))
        seed += 1
        for _ in range(10_000):
            seats = to_move(state)
            if not seats:
                break
            if 0 in seats:
                view = view_of(state, 0)
                observation = np.zeros(size, dtype=np.float32)
                encoding.observe(view, observation)
                mask = np.zeros(actions, dtype=np.int8)
                moves = view.legal_moves
                for index in indices(moves):
                    mask[index] = 1
                move = choose(moves)
            else:
                move = choose(legal_moves(state))
            state = step(state, move)
            while chance and awaits(state):
                state = step(state, chance_move(state, rng))
            yield 1


def side_by_side(sources: dict[str, Iterator[int]], seconds: float, rounds: int
                 ) -> dict[str, tuple[float, int, int]]:
    """Each source's game moves per second, in ``rounds`` interleaved batches of about
    ``seconds / rounds`` each: (moves/s of its fastest tenth of batches, moves, yields).
    """
    batch = seconds / rounds
    times: dict[str, list[float]] = {name: [] for name in sources}
    totals = {name: [0, 0] for name in sources}
    for moves in sources.values():  # warm up
        for _ in range(20):
            next(moves)
    for _ in range(rounds):
        for name, moves in sources.items():
            count = yields = 0
            begin = CLOCK()
            while True:
                for _ in range(20):
                    count += next(moves)
                yields += 20
                elapsed = CLOCK() - begin
                if elapsed >= batch:
                    break
            times[name].append(elapsed / max(count, 1))
            totals[name][0] += count
            totals[name][1] += yields
    fastest = max(1, rounds // 10)
    return {name: (fastest / sum(sorted(per_move)[:fastest]), totals[name][0],
                   totals[name][1]) for name, per_move in times.items()}


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
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="time per measurement (a row: each of its columns)")
    parser.add_argument("--rounds", type=int, default=20,
                        help="interleaved batches of each column in a row")
    parser.add_argument("--floor", action="store_true",
                        help="add the floor: the game alone with the learner's view, "
                             "encoding and mask")
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

    # Every game an env can play: an installed game without an encoding is left out.
    ids = [game_id for game_id in game_ids() if not game_id.startswith("toy")
           and get_game(game_id).has_encoding] if args.game == "all" else [args.game]
    print(f"random masked actions against {args.opponents} bots, {args.seconds:g} s of "
          f"{'wall-clock' if args.wall else 'CPU'} time each in {args.rounds} interleaved "
          "batches (rates of the fastest tenth); moves/s counts every seat's game moves")
    print(f"{'game':14} {'players':>7} {'playouts':>10} {'env steps/s':>12} "
          f"{'moves/step':>10} {'env moves/s':>12} {'env/playouts':>12}"
          + (f" {'floor/playouts':>14}" if args.floor else ""))
    for game_id in ids:
        facts = get_game(game_id).facts
        counts = args.players or ([2, 4, 6] if game_id == "aves" else
                                  list(range(facts.min_players, facts.max_players + 1)))
        for players in counts:
            if not facts.min_players <= players <= facts.max_players:
                continue
            sources = {"playouts": iter(Playouts(game_id, players)),
                       "env": env_moves(game_id, players, args.opponents)}
            if args.floor:
                sources["floor"] = floor_moves(game_id, players)
            rates = side_by_side(sources, args.seconds, args.rounds)
            playouts = rates["playouts"][0]
            moves, counted, steps = rates["env"]
            floor = f" {rates['floor'][0] / playouts:14.2f}" if args.floor else ""
            print(f"{facts.name:14} {players:>7} {playouts:10,.0f} "
                  f"{moves * steps / counted:12,.0f} {counted / steps:10.2f} {moves:12,.0f} "
                  f"{moves / playouts:12.2f}{floor}", flush=True)
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
