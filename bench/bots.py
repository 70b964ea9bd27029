"""Bot speed: moves per second of each bot, search iterations per second, and the
simulation rate with random bots (views and all, as ``aves simulate`` plays).

    python bench/bots.py [--seconds 3] [--players 4]
"""

from __future__ import annotations

import argparse
import random
import time

from aves_core import Variant, apply_move, legal_moves, new_game
from aves_core.bots.search import SearchBot
from aves_core.games.aves.events import Event, apply_move_with_events, events_for
from aves_core.games.aves.sim import SimulationSpec, make_bot, simulate
from aves_core.games.aves.views import view_for


def bot_rate(spec: str, players: int, seconds: float) -> tuple[float, float]:
    """(moves/s of the bot's choose, search iterations/s or 0) over seeded games in
    which the bot plays every seat, timing only its choices."""
    bot = make_bot(spec)
    thinking = 0.0
    moves = iterations = 0
    seed = 0
    while thinking < seconds:
        state = new_game(players, Variant(), seed=seed)
        seed += 1
        rng = random.Random(seed)
        seen: list[list[Event]] = [[] for _ in range(players)]
        while state.result is None and thinking < seconds:
            seat = state.active_player
            assert seat is not None
            view = view_for(state, seat)
            start = time.perf_counter()
            move = bot.choose(view, seen[seat], rng)
            thinking += time.perf_counter() - start
            moves += 1
            if isinstance(bot, SearchBot):
                iterations += bot.last_iterations
            state, events = apply_move_with_events(state, move)
            for other in range(players):
                seen[other].extend(events_for(events, other))
    return moves / thinking, iterations / thinking


def heads_up_search_time(games: int) -> tuple[float, float]:
    """(mean, 95th percentile) milliseconds of SearchBot's moves in heads-up games
    against GreedyBot, seats rotated: the setting of the strength table."""
    from aves_core.games.aves.bots.greedy import GreedyBot

    times: list[float] = []
    for index in range(games):
        search, greedy = SearchBot(), GreedyBot()
        seat_of_search = index % 2
        state = new_game(2, Variant(), seed=index)
        rng = random.Random(index)
        seen: list[list[Event]] = [[], []]
        while state.result is None:
            seat = state.active_player
            assert seat is not None
            view = view_for(state, seat)
            if seat == seat_of_search:
                start = time.perf_counter()
                move = search.choose(view, seen[seat], rng)
                times.append(time.perf_counter() - start)
            else:
                move = greedy.choose(view, seen[seat], rng)
            state, events = apply_move_with_events(state, move)
            for other in range(2):
                seen[other].extend(events_for(events, other))
    times.sort()
    return 1000 * sum(times) / len(times), 1000 * times[int(0.95 * (len(times) - 1))]


def engine_rate(players: int, seconds: float) -> float:
    """Random playouts straight on the engine (legal_moves + apply_move), for scale."""
    rng = random.Random(1)
    moves = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        state = new_game(players, Variant(), seed=seed)
        seed += 1
        while state.result is None:
            state = apply_move(state, rng.choice(legal_moves(state)))
            moves += 1
    return moves / (time.perf_counter() - start)


def simulate_rate(players: int, games: int) -> float:
    """Moves per second of ``simulate`` with random bots on one worker."""
    spec = SimulationSpec(("random",) * players, Variant(), 1, 1000)
    start = time.perf_counter()
    moves = sum(record.moves for record, _log in simulate(spec, games, 1))
    return moves / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="thinking time per bot")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=5000, help="games for the simulate rate")
    parser.add_argument("--heads-up-games", type=int, default=40,
                        help="games of search against greedy for the move time")
    args = parser.parse_args()
    print(f"{args.players} players; each bot plays every seat; only its thinking is timed")
    for spec in ("random", "greedy", "search", "search:40ms"):
        moves, iterations = bot_rate(spec, args.players, args.seconds)
        extra = f", {iterations:9,.0f} search iterations/s" if iterations else ""
        print(f"  {spec:12} {moves:10,.1f} moves/s ({1000 / moves:8.3f} ms a move{extra})")
    mean, p95 = heads_up_search_time(args.heads_up_games)
    print(f"search vs greedy, heads-up: {mean:.1f} ms a search move on average, "
          f"{p95:.1f} ms at the 95th percentile")
    print(f"aves simulate, random bots, 1 worker: {simulate_rate(args.players, args.games):,.0f}"
          " moves/s")
    print(f"engine alone (legal_moves + apply_move): {engine_rate(args.players, 2.0):,.0f}"
          " moves/s")


if __name__ == "__main__":
    main()
