"""Record a game as a host would: play it, append each move to a GameLog, save the log.

    python examples/record_game.py [--players 3] [--seed 11] [-o game.jsonl]

The players take a match whenever they can (else a random legal move), so the
game shows matches, refills and forced returns. ``examples/sample-game.jsonl``
is this script's output with the defaults; ``aves replay`` checks it.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from aves_core import Card, GameLog, Move, Trade, Variant, apply_move, dump_log, legal_moves


def is_match(circle: tuple[Card, ...], move: Move) -> bool:
    """True when ``move`` is a trade that takes the two cards beside its gap."""
    if not isinstance(move, Trade):
        return False
    left, right = circle[move.gap], circle[(move.gap + 1) % len(circle)]
    return abs(left.number - right.number) == move.card.number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--crows", action="store_true")
    parser.add_argument("-o", "--output", help="the .jsonl file to write (default: stdout)")
    args = parser.parse_args()

    names = ["ann", "bo", "cy", "di", "ed", "flo"][: args.players]
    log = GameLog.from_game(names, Variant(crows=args.crows), seed=args.seed)
    state = log.initial_state()
    rng = random.Random(args.seed)
    while state.result is None and len(log.moves) < 1000:
        moves = legal_moves(state)
        matches = [move for move in moves if is_match(state.circle, move)]
        move = rng.choice(matches or moves)
        state = apply_move(state, move)
        log = log.append(move)
    log = log.with_result(state.result)
    text = dump_log(log, "jsonl")
    if args.output:
        Path(args.output).write_text(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
