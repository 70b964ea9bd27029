"""``aves simulate`` and ``aves tournament``: many bot games of any game, summarised.

The progress bar uses rich when it is installed (the ``cli`` extra) and
standard error is a terminal; without it the run is silent until the summary.
Ctrl-C stops the run and prints the summary of the games finished so far.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import sys
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any, TextIO

import attrs

from aves_core.bots import make_bot
from aves_core.cli.common import (
    UsageError,
    add_game_arguments,
    game_of,
    options_of,
)
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Game
from aves_core.kernel.log import LogLike, dump_log
from aves_core.kernel.sim import MOVE_LIMIT, GameRecord, SimulationSpec, Summary, simulate

__all__ = [
    "MAX_MOVES",
    "add_parsers",
    "format_summary",
    "histogram",
    "run_simulate",
    "run_tournament",
]

AnyGame = Game[Any, Any, Any, Any, Any, Any]

MAX_MOVES = 3000
"""The default ``--max-moves``: the move limit Cubirds' and Tsukuru 10 Ten's rules give
simulations (CB17, TK18); no game's rules give another. Of 2,000 heads-up Tsukuru games
between random bots, 901 ran past 1,000 moves and 2 reached 3,000; random bots' games
of the other games end within 500 moves."""


def add_parsers(commands: Any) -> None:
    """Add ``simulate`` and ``tournament`` to the ``aves`` subcommands."""
    bots_help = ("bots, comma-separated, among those the game has (`aves games` lists "
                 "them; each of the six games here has random, greedy and search); search:N "
                 "is N iterations a move, search:40ms a time budget")
    sim = commands.add_parser(
        "simulate", help="play many games between bots and summarise them",
        description="Play seeded games between bots (seats rotate each game) and print win "
                    "shares by bot and by seat with 95% intervals, end reasons and game "
                    "lengths. The same seed gives the same results whatever --workers is.")
    sim.add_argument("--players", type=int, metavar="N",
                     help="number of players (default: the fewest the game allows, "
                          "2 for each of the six games here)")
    sim.add_argument("--games", type=int, default=1000,
                     help="how many games to play (default 1000)")
    sim.add_argument("--bots", default=None, help=bots_help + " (default: random for all)")
    _common(sim)
    sim.add_argument("--out", metavar="FILE", help="write one JSON line per game here")
    sim.add_argument("--logs", metavar="DIR", help="write each game's log here (JSON Lines)")
    sim.add_argument("--ray", metavar="ADDRESS",
                     help="play the games on the Ray cluster at ADDRESS ('auto': the one "
                          "this machine is in); the ray extra. Same results as a local run")

    tour = commands.add_parser(
        "tournament", help="heads-up matches between every pair of bots",
        description="For every pair of the bots, play seat-rotated heads-up games and print "
                    "each bot's win share with its 95% interval.")
    tour.add_argument("--bots", default="random,greedy,search", help=bots_help)
    tour.add_argument("--games", type=int, default=400, help="games per pair (default 400)")
    _common(tour)


def _common(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument("--seed", type=int, default=1,
                        help="the run's seed (default 1): game i is played from a seed made "
                             "of it and i, so a run is repeatable")
    parser.add_argument("--workers", type=int, default=1,
                        help="worker processes (default 1); the results do not depend on it")
    parser.add_argument("--max-moves", type=int, default=MAX_MOVES,
                        help=f"stop a game after this many moves of the seats, chance moves "
                             f"not counted (counted as move_limit; default {MAX_MOVES:,}, "
                             f"the limit Cubirds' and Tsukuru 10 Ten's rules give "
                             f"simulations; no game's rules give another)")


def _bots(game: AnyGame, spec: str, players: int) -> tuple[str, ...]:
    names = tuple(name.strip() for name in spec.split(",") if name.strip())
    for name in names:
        make_bot(name, game)
    if len(names) != players:
        raise UsageError(f"--bots names {len(names)} bots for {players} players")
    return names


def _progress(total: int) -> AbstractContextManager[Any]:
    if not sys.stderr.isatty():
        return nullcontext(None)
    try:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )
    except ImportError:  # the cli extra is not installed: no bar
        return nullcontext(None)
    bar: AbstractContextManager[Any] = Progress(
        TextColumn("games"), BarColumn(), MofNCompleteColumn(),
        TextColumn("{task.fields[rate]:>9} moves/s"), TimeRemainingColumn(), transient=True)
    return bar


def _run(spec: SimulationSpec, games: int, workers: int, summary: Summary,
         each: Any = None, backend: Any = None) -> bool:
    """Play the games into ``summary``; False if Ctrl-C stopped the run."""
    start = time.perf_counter()
    results = simulate(spec, games, workers, backend=backend)
    with _progress(games) as bar:
        task = bar.add_task("games", total=games, rate="") if bar is not None else None
        try:
            for record, log in results:
                summary.add(record)
                if each is not None:
                    each(record, log)
                if bar is not None:
                    rate = summary.moves / max(time.perf_counter() - start, 1e-9)
                    bar.update(task, advance=1, rate=f"{rate:,.0f}")
        except KeyboardInterrupt:
            _close(results)
            return False
    return True


def _close(results: Iterator[Any]) -> None:
    close = getattr(results, "close", None)
    if close is not None:
        with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl-C while workers stop
            close()


def run_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """``aves simulate``; returns the exit status."""
    game = game_of(args)
    if args.players is None:
        args.players = game.facts.min_players
    game.check_players(args.players)
    bots = _bots(game, args.bots or ",".join(["random"] * args.players), args.players)
    if args.games < 0 or args.workers < 1 or args.max_moves < 1:
        raise UsageError("--games must be >= 0, --workers and --max-moves >= 1")
    spec = SimulationSpec(bots, options_of(game, args), args.seed, args.max_moves, game.id)
    logs = Path(args.logs) if args.logs else None
    if logs is not None:
        logs.mkdir(parents=True, exist_ok=True)
    with contextlib.ExitStack() as stack:
        records = stack.enter_context(Path(args.out).open("w")) if args.out else None
        return _simulate_into(game, args, spec, records, logs, out)


def _simulate_into(game: AnyGame, args: argparse.Namespace, spec: SimulationSpec,
                   records: TextIO | None, logs: Path | None, out: TextIO) -> int:
    bots = spec.bots

    def keep(record: GameRecord, log: LogLike) -> None:
        if records is not None:
            records.write(json.dumps(attrs.asdict(record)) + "\n")
        if logs is not None:
            (logs / f"game-{record.index:06d}.jsonl").write_text(dump_log(log, "jsonl"))

    backend = None
    if getattr(args, "ray", None):
        from aves_core.kernel.simray import RayBackend

        backend = RayBackend(args.ray)
    summary = Summary()
    start = time.perf_counter()
    try:
        finished = _run(spec, args.games, args.workers, summary, keep, backend)
    except ArgumentError as error:  # no ray extra, or no cluster at the address
        raise UsageError(str(error)) from None
    elapsed = time.perf_counter() - start
    print(f"aves simulate: {summary.games:,} games of {game.facts.name}, "
          f"{args.players} players, bots "
          f"{','.join(bots)}, seed {args.seed}"
          + ("" if finished else f" (interrupted after {summary.games:,} games)"), file=out)
    print(f"{summary.moves:,} moves in {elapsed:.1f} s "
          f"({summary.moves / max(elapsed, 1e-9):,.0f} moves/s, "
          + (f"Ray cluster {args.ray}" if backend is not None else
             f"{args.workers} worker{'s' if args.workers > 1 else ''}") + ")", file=out)
    print(format_summary(summary, args.players, game.facts.reasons), file=out)
    return 0 if finished else 130


def format_summary(summary: Summary, players: int,
                   reasons: tuple[str, ...] = ("seven_colors", "deck_empty")) -> str:
    """The summary's tables: win shares by bot and by seat, end reasons, lengths."""
    lines = ["", "win share by bot (per seat played, 95% interval)"]
    for name in sorted(summary.bot_games):
        share, low, high = summary.bot_share(name)
        lines.append(f"  {name:14} {share:6.3f}  [{low:.3f}, {high:.3f}]  "
                     f"({summary.bot_games[name]:,} seats)")
    lines += ["", "win share by seat (95% interval)"]
    for seat in range(players):
        share, low, high = summary.seat_share(seat)
        lines.append(f"  seat {seat:<9} {share:6.3f}  [{low:.3f}, {high:.3f}]")
    lines += ["", "end reasons"]
    width = max(14, *(len(reason) for reason in reasons))
    for reason in (*reasons, MOVE_LIMIT):
        count = summary.reasons[reason]
        percent = 100 * count / summary.games if summary.games else 0.0
        lines.append(f"  {reason:{width}} {count:9,}  ({percent:5.1f}%)")
    lines += ["", "game length (moves)"] + histogram(summary.lengths)
    return "\n".join(lines)


def histogram(values: list[int], bins: int = 10, width: int = 40) -> list[str]:
    """A terminal histogram of ``values``, one line a bin."""
    if not values:
        return ["  (no games)"]
    ordered = sorted(values)
    low, high = ordered[0], ordered[-1]
    step = max(1, -(-(high - low + 1) // bins))
    counts = [0] * (((high - low) // step) + 1)
    for value in values:
        counts[(value - low) // step] += 1
    most = max(counts)
    median = ordered[len(ordered) // 2]
    lines = [f"  mean {sum(values) / len(values):.1f}, median {median}, min {low}, max {high}"]
    for index, count in enumerate(counts):
        start = low + index * step
        label = f"{start}" if step == 1 else f"{start}-{start + step - 1}"
        bar = "#" * max(1 if count else 0, round(width * count / most))
        lines.append(f"  {label:>9} | {bar:<{width}} {count:,}")
    return lines


def run_tournament(args: argparse.Namespace, out: TextIO) -> int:
    """``aves tournament``; returns the exit status."""
    game = game_of(args)
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    for name in names:
        make_bot(name, game)
    if len(names) < 2 or len(set(names)) != len(names):
        raise UsageError("--bots needs two or more different bots")
    game.check_players(2)
    options = options_of(game, args)
    print(f"aves tournament: {game.facts.name} heads-up, {args.games:,} games a pair, "
          f"seats rotated, seed {args.seed}{', crows' if args.crows else ''}", file=out)
    print(f"{'bot':>14} {'vs':>14}  {'win share':>9}  95% interval", file=out)
    for first, second in itertools.combinations(names, 2):
        spec = SimulationSpec((first, second), options, args.seed, args.max_moves, game.id)
        summary = Summary()
        finished = _run(spec, args.games, args.workers, summary)
        share, low, high = summary.bot_share(first)
        print(f"{first:>14} {second:>14}  {share:9.3f}  [{low:.3f}, {high:.3f}]"
              f"  ({summary.games:,} games)", file=out, flush=True)
        if not finished:
            print("(interrupted)", file=out)
            return 130
    return 0
