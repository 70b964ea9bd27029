"""Random playouts: moves per second of legal_moves + apply_move.

Each game is set up from its own seed; every move is chosen uniformly from
``legal_moves`` and applied with ``apply_move`` (the checked door, as a bot or
host would call it). Games stop at the end of the game or at ``--max-moves``.

    python bench/playouts.py [--seconds 3] [--players 2 4 6] [--crows]
"""

from __future__ import annotations

import argparse
import random
import time

from aves_core import Variant, apply_move, legal_moves, new_game


def playout_rate(num_players: int, variant: Variant, seconds: float, max_moves: int) -> tuple[
    float, int, int
]:
    """Play seeded random games for about ``seconds``; return (moves/s, moves, games)."""
    rng = random.Random(num_players)
    moves = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    seed = 0
    while time.perf_counter() < deadline:
        state = new_game(num_players, variant, seed=seed)
        seed += 1
        for _ in range(max_moves):
            if state.result is not None:
                break
            state = apply_move(state, rng.choice(legal_moves(state)))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return moves / elapsed, moves, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 6])
    parser.add_argument("--crows", action="store_true", help="play the Greedy Crow variant")
    parser.add_argument("--max-moves", type=int, default=2000, help="cap on one game's moves")
    args = parser.parse_args()
    variant = Variant(crows=args.crows)
    print(f"random playouts, crows={args.crows}, {args.seconds:g} s each")
    for num_players in args.players:
        rate, moves, games = playout_rate(num_players, variant, args.seconds, args.max_moves)
        print(f"{num_players} players: {rate:10,.0f} moves/s  ({moves:,} moves, {games:,} games, "
              f"{moves / games:.1f} moves/game)")


if __name__ == "__main__":
    main()
