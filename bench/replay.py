"""Replay and validation speed: moves per second, parsing included.

Records seeded random games of 2-6 players (half with crows), writes each as
a JSON document and as JSON Lines, then times ``replay`` over them: from text,
from files on disk (JSON Lines streamed), and from ``GameLog`` values (no
parsing), checking that every log is valid.

    python bench/replay.py [--games 2000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from aves_core import Move, Variant, apply_move, legal_moves
from aves_core.games.aves.log import GameLog, dump_log
from aves_core.kernel.replay import replay


def record_games(count: int, max_moves: int = 400) -> list[GameLog]:
    """Seeded random games, each with its result recorded when it ended."""
    logs = []
    for seed in range(count):
        players = [f"p{seat}" for seat in range(2 + seed % 5)]
        log = GameLog.from_game(players, Variant(crows=seed % 2 == 0), seed=seed)
        state = log.initial_state()
        rng = random.Random(seed)
        moves: list[Move] = []
        while state.result is None and len(moves) < max_moves:
            move = rng.choice(legal_moves(state))
            state = apply_move(state, move)
            moves.append(move)
        logs.append(GameLog(players=log.players, variant=log.variant, seed=log.seed,
                            deal=log.deal, first_player=log.first_player, moves=tuple(moves),
                            result=state.result))
    return logs


def rates(cases: Sequence[tuple[str, Sequence[object]]], total_moves: int, repeat: int,
          run: Callable[[object], object]) -> list[tuple[str, float]]:
    """Moves per second of each case, the best of ``repeat`` passes over its sources.
    The passes of the cases take turns, so a machine whose speed drifts (a virtual
    machine's does) slows every case alike."""
    best = dict.fromkeys((name for name, _sources in cases), float("inf"))
    for _ in range(repeat):
        for name, sources in cases:
            start = time.perf_counter()
            for source in sources:
                run(source)
            best[name] = min(best[name], time.perf_counter() - start)
    return [(name, total_moves / best[name]) for name, _sources in cases]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5, help="passes; the best is kept")
    args = parser.parse_args()

    logs = record_games(args.games)
    total = sum(len(log.moves) for log in logs)
    json_texts = [dump_log(log, "json") for log in logs]
    jsonl_texts = [dump_log(log, "jsonl") for log in logs]

    def checked(source: object) -> object:
        outcome = replay(source)  # type: ignore[arg-type]
        if not outcome.valid:
            raise SystemExit(f"a recorded game did not replay: {outcome.problem}")
        return outcome

    print(f"{len(logs):,} games, {total:,} moves ({total / len(logs):.1f} a game), "
          f"best of {args.repeat} passes, the cases in turn")
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for index, text in enumerate(jsonl_texts):
            path = Path(folder) / f"game{index}.jsonl"
            path.write_text(text)
            paths.append(path)
        figures = rates([
            ("JSON text", json_texts),
            ("JSON Lines text", jsonl_texts),
            ("JSON Lines files (streamed)", paths),
            ("GameLog values (no parsing)", logs),
        ], total, args.repeat, checked)
    for name, figure in figures:
        print(f"{name:30} {figure:10,.0f} moves/s")


if __name__ == "__main__":
    main()
