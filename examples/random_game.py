"""Play one seeded game of AVES with random legal moves and print it move by move.

    python examples/random_game.py [--players 3] [--seed 7] [--crows]

The same seed always prints the same game.
"""

from __future__ import annotations

import argparse
import random

from aves_core import GameState, Move, Return, Trade, Variant, apply_move, legal_moves, new_game


def show(state: GameState) -> str:
    """A one-line picture of the table: the circle, the deck size and each hand."""
    hands = "  ".join(
        f"{seat}:[{' '.join(map(str, hand))}]" for seat, hand in enumerate(state.hands)
    )
    return f"circle ({' '.join(map(str, state.circle))})  deck {len(state.deck)}  {hands}"


def describe(before: GameState, move: Move, after: GameState) -> str:
    """What a move did, in words."""
    if isinstance(move, Trade):
        circle = before.circle
        left, right = circle[move.gap], circle[(move.gap + 1) % len(circle)]
        if abs(left.number - right.number) == move.card.number:
            text = f"match: takes {left} and {right}"
            if len(after.circle) > len(circle):  # a match shrinks the circle unless refilled
                text += f"; the circle is refilled: {' '.join(map(str, after.circle))}"
            return text
        return f"miss: draws {before.deck[-1]} from the bottom of the deck"
    if isinstance(move, Return):
        return "returns a card to the circle (hand limit)"
    return "passes: only crows and no equal pair"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--crows", action="store_true", help="play the Greedy Crow variant")
    parser.add_argument("--max-moves", type=int, default=1000)
    args = parser.parse_args()

    state = new_game(args.players, Variant(crows=args.crows), seed=args.seed)
    rng = random.Random(args.seed)
    print(f"AVES, {args.players} players, seed {args.seed}, seat {state.active_player} starts")
    print(f"     {show(state)}")
    for number in range(1, args.max_moves + 1):
        if state.result is not None:
            break
        move = rng.choice(legal_moves(state))
        after = apply_move(state, move)
        print(f"{number:3}. {move!s:18} {describe(state, move, after)}")
        state = after
    print(f"     {show(state)}")
    if state.result is None:
        print(f"stopped after {args.max_moves} moves; the game goes on")
    else:
        winners = ", ".join(f"seat {seat}" for seat in state.result.winners)
        print(f"game over ({state.result.reason}): {winners} won")


if __name__ == "__main__":
    main()
