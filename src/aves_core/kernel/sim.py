"""Simulation: many seeded games between bots, their records and a summary.

Every game is fixed by the master seed and its index alone (its deal, its
first player, the bots' randomness), and bots are dealt seats in rotation, so
results are the same whatever the number of worker processes and each bot
plays every seat equally often. Games that reach ``max_moves`` stop and count
as ``move_limit``, apart from the rules' results: the rules allow endless
games.
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence

import attrs

from aves_core.bots import Bot, RandomBot
from aves_core.kernel.errors import ArgumentError, IllegalMoveError
from aves_core.games.aves.events import Event, apply_move_with_events, events_for
from aves_core.games.aves.log import GameLog
from aves_core.games.aves.moves import Move
from aves_core.games.aves.rules import apply_move
from aves_core.games.aves.state import Variant
from aves_core.games.aves.views import view_for

__all__ = [
    "BOT_NAMES",
    "GameRecord",
    "Summary",
    "game_seed",
    "make_bot",
    "play_game",
    "simulate",
    "wilson_interval",
]

MOVE_LIMIT = "move_limit"


def _search(argument: str) -> Bot:
    from aves_core.bots.search import SearchBot

    if not argument:
        return SearchBot()
    if argument.endswith("ms"):
        return SearchBot(10**9, seconds=float(argument[:-2]) / 1000)
    return SearchBot(int(argument))


def _greedy(argument: str) -> Bot:
    from aves_core.games.aves.bots.greedy import GreedyBot

    if argument:
        raise ValueError("greedy takes no argument")
    return GreedyBot()


def _random(argument: str) -> Bot:
    if argument:
        raise ValueError("random takes no argument")
    return RandomBot()


_FACTORIES: dict[str, Callable[[str], Bot]] = {
    "random": _random,
    "greedy": _greedy,
    "search": _search,
}
BOT_NAMES = tuple(_FACTORIES)
"""The bots ``make_bot`` knows."""


def make_bot(spec: str) -> Bot:
    """A bot from its name: ``random``, ``greedy``, ``search`` (500 iterations a move),
    ``search:800`` (800 iterations) or ``search:40ms`` (40 ms a move)."""
    name, _, argument = spec.partition(":")
    factory = _FACTORIES.get(name)
    if factory is None:
        raise ArgumentError(f"unknown bot {spec!r}: choose from {', '.join(BOT_NAMES)}")
    try:
        return factory(argument)
    except ValueError:
        raise ArgumentError(f"bad bot argument in {spec!r}: only search takes one "
                            "(search:800 iterations, or search:40ms)") from None


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed``."""
    return seed * 1_000_003 + index


@attrs.frozen
class GameRecord:
    """One simulated game: who sat where, who won, how and how long."""

    index: int
    seed: int
    bots: tuple[str, ...]
    first_player: int
    winners: tuple[int, ...]
    reason: str
    moves: int


def play_game(
    bots: Sequence[Bot],
    names: Sequence[str],
    variant: Variant,
    seed: int,
    max_moves: int,
    index: int = 0,
) -> tuple[GameRecord, GameLog]:
    """Play one game between ``bots`` (seat i plays ``bots[i]``) and return its record
    and log. Each bot sees only its seat's view and redacted events."""
    log = GameLog.from_game(list(names), variant, seed=seed)
    state = log.initial_state()
    rng = random.Random(seed)
    watching = [getattr(bot, "uses_events", True) for bot in bots]
    seen: list[list[Event]] = [[] for _ in bots]
    moves: list[Move] = []
    while state.result is None and len(moves) < max_moves:
        seat = state.active_player
        assert seat is not None
        move = bots[seat].choose(view_for(state, seat), seen[seat], rng)
        try:
            if any(watching):
                state, events = apply_move_with_events(state, move)
                for other, watches in enumerate(watching):
                    if watches:
                        seen[other].extend(events_for(events, other))
            else:
                state = apply_move(state, move)
        except IllegalMoveError as error:
            raise ArgumentError(f"bot {names[seat]} played an illegal move: {error}") from None
        moves.append(move)
    log = GameLog(players=log.players, variant=variant, seed=seed, deal=log.deal,
                  first_player=log.first_player, moves=tuple(moves), result=state.result)
    result = state.result
    record = GameRecord(
        index=index, seed=seed, bots=tuple(names), first_player=log.first_player,
        winners=() if result is None else result.winners,
        reason=MOVE_LIMIT if result is None else result.reason, moves=len(moves))
    return record, log


@attrs.frozen
class SimulationSpec:
    """What to simulate; picklable, so worker processes can be given it."""

    bots: tuple[str, ...]
    variant: Variant
    seed: int
    max_moves: int


def seating(spec: SimulationSpec, index: int) -> tuple[str, ...]:
    """The bots at each seat in game ``index``: the list rotated by one seat a game."""
    count = len(spec.bots)
    return tuple(spec.bots[(seat + index) % count] for seat in range(count))


def run_one(spec: SimulationSpec, index: int) -> tuple[GameRecord, GameLog]:
    """Game ``index`` of a simulation (what a worker runs)."""
    names = seating(spec, index)
    bots = [make_bot(name) for name in names]
    return play_game(bots, names, spec.variant, game_seed(spec.seed, index), spec.max_moves,
                     index)


def simulate(spec: SimulationSpec, games: int, workers: int = 1
             ) -> Iterator[tuple[GameRecord, GameLog]]:
    """The games' records and logs, in game order, from ``workers`` processes."""
    for name in spec.bots:
        make_bot(name)  # reject an unknown bot before any work starts
    if workers <= 1:
        for index in range(games):
            yield run_one(spec, index)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(workers, _ignore_interrupts) as pool:
        chunk = max(1, min(64, games // (workers * 8)))
        yield from pool.imap(_run_indexed, ((spec, index) for index in range(games)), chunk)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and keeps the results so far."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_indexed(job: tuple[SimulationSpec, int]) -> tuple[GameRecord, GameLog]:
    return run_one(*job)


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@attrs.define
class Summary:
    """Running totals of a simulation: win shares by bot and by seat, end reasons,
    game lengths. A shared win gives each winner an equal part of one win."""

    games: int = 0
    moves: int = 0
    bot_wins: dict[str, float] = attrs.Factory(lambda: defaultdict(float))
    bot_games: Counter[str] = attrs.Factory(Counter)
    seat_wins: dict[int, float] = attrs.Factory(lambda: defaultdict(float))
    reasons: Counter[str] = attrs.Factory(Counter)
    lengths: list[int] = attrs.Factory(list)

    def add(self, record: GameRecord) -> None:
        """Count one game."""
        self.games += 1
        self.moves += record.moves
        self.reasons[record.reason] += 1
        self.lengths.append(record.moves)
        for name in record.bots:
            self.bot_games[name] += 1
        for seat in record.winners:
            share = 1 / len(record.winners)
            self.bot_wins[record.bots[seat]] += share
            self.seat_wins[seat] += share

    def bot_share(self, name: str) -> tuple[float, float, float]:
        """A bot's win share per seat it played, with its 95% interval."""
        trials = self.bot_games[name]
        low, high = wilson_interval(self.bot_wins[name], trials)
        return (self.bot_wins[name] / trials if trials else 0.0), low, high

    def seat_share(self, seat: int) -> tuple[float, float, float]:
        """A seat's win share, with its 95% interval."""
        low, high = wilson_interval(self.seat_wins[seat], self.games)
        return (self.seat_wins[seat] / self.games if self.games else 0.0), low, high
