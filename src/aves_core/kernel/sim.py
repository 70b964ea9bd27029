"""Simulation: many seeded games between bots, of any game, their records and a summary.

Every game is fixed by the master seed and its index alone (its setup, the
bots' randomness), and bots are dealt seats in rotation, so results are the
same whatever the number of worker processes and each bot plays every seat
equally often. Games that reach ``max_moves`` stop and count as
``move_limit``, apart from the rules' results: a game's rules may allow
endless games (AVES's and Soulaween's do).

Chance during play (``Chance.PLAY``) is drawn from the game's
``chance_generator`` of the game's seed, so the seed still fixes the whole
game. The log holds the chance moves; a record's ``moves``, the ``max_moves``
cap and the summary's lengths count the seats' moves only, so a game's length
means the same whether or not its game has chance.
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from aves_core.kernel.bots import Bot, make_bot
from aves_core.kernel.chance import settle, settle_with_events
from aves_core.kernel.errors import ArgumentError, IllegalMoveError
from aves_core.kernel.game import Chance, Game
from aves_core.kernel.log import LogLike
from aves_core.kernel.registry import get_game

__all__ = [
    "MOVE_LIMIT",
    "GameRecord",
    "SimulationSpec",
    "Summary",
    "game_seed",
    "play_game",
    "simulate",
    "wilson_interval",
]

MOVE_LIMIT = "move_limit"
"""The reason recorded for a game stopped at ``max_moves``."""

AnyGame = Game[Any, Any, Any, Any, Any, Any]


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
    game: AnyGame,
    bots: Sequence[Bot],
    names: Sequence[str],
    options: Any,
    seed: int,
    max_moves: int,
    index: int = 0,
) -> tuple[GameRecord, LogLike]:
    """Play one game of ``game`` between ``bots`` (seat i plays ``bots[i]``) and return
    its record and log. Each bot sees only its seat's view and redacted events.
    Chance moves are drawn from ``game.chance_generator(num_players, options, seed)``
    and logged; ``max_moves`` and the record's ``moves`` count the seats' moves."""
    num_players = len(bots)
    setup = game.new_setup(num_players, options, seed)
    state = game.start(num_players, setup)
    first_player = game.to_move(state)[0]
    rng = random.Random(seed)
    chance = (game.chance_generator(num_players, options, seed)
              if game.facts.chance is Chance.PLAY else None)
    watching = [getattr(bot, "uses_events", True) for bot in bots]
    anyone_watching = any(watching)
    seen: list[list[Any]] = [[] for _ in bots]
    moves: list[Any] = []
    played = 0  # the seats' moves (moves also holds the chance moves)
    apply, apply_with_events, events_for = game.apply, game.apply_with_events, game.events_for
    view, to_move, result = game.view, game.to_move, game.result
    while result(state) is None and played < max_moves:
        movers = to_move(state)
        # Several seats may move at once (sealed bids): any order of their moves is one
        # the game accepts, and each bot decides from its own view alone.
        seat = movers[0] if len(movers) == 1 else movers[rng.randrange(len(movers))]
        move = bots[seat].choose(view(state, seat), seen[seat], rng)
        try:
            if anyone_watching:
                state, events = apply_with_events(state, move)
                for other, watches in enumerate(watching):
                    if watches:
                        seen[other].extend(events_for(events, other))
            else:
                state = apply(state, move)
        except IllegalMoveError as error:
            raise ArgumentError(f"bot {names[seat]} played an illegal move: {error}") from None
        moves.append(move)
        played += 1
        if chance is not None and game.awaits_chance(state):
            if anyone_watching:
                state, drawn, events = settle_with_events(game, state, chance)
                for other, watches in enumerate(watching):
                    if watches:
                        seen[other].extend(events_for(events, other))
            else:
                state, drawn = settle(game, state, chance)
            moves.extend(drawn)
    outcome = result(state)
    log = game.make_log(tuple(names), setup, seed, tuple(moves), outcome)
    record = GameRecord(
        index=index, seed=seed, bots=tuple(names), first_player=first_player,
        winners=() if outcome is None else outcome.winners,
        reason=MOVE_LIMIT if outcome is None else outcome.reason, moves=played)
    return record, log



@attrs.frozen
class SimulationSpec:
    """What to simulate: bots by name (one a seat), the game's options, the master
    seed, the move cap and the game's id. Picklable, so worker processes (and
    remote ones) can be given it."""

    bots: tuple[str, ...]
    options: Any
    seed: int
    max_moves: int
    game: str

    @property
    def variant(self) -> Any:
        """The options (AVES calls its options the variant)."""
        return self.options


def seating(spec: SimulationSpec, index: int) -> tuple[str, ...]:
    """The bots at each seat in game ``index``: the list rotated by one seat a game."""
    count = len(spec.bots)
    return tuple(spec.bots[(seat + index) % count] for seat in range(count))


def run_one(spec: SimulationSpec, index: int) -> tuple[GameRecord, LogLike]:
    """Game ``index`` of a simulation (what a worker runs)."""
    game = get_game(spec.game)
    names = seating(spec, index)
    bots = [make_bot(name, game) for name in names]
    return play_game(game, bots, names, spec.options, game_seed(spec.seed, index),
                     spec.max_moves, index)


def simulate(spec: SimulationSpec, games: int, workers: int = 1, *,
             backend: Any = None) -> Iterator[tuple[GameRecord, LogLike]]:
    """The games' records and logs, in game order, from ``workers`` processes, or from
    ``backend`` (``aves_core.kernel.simray.RayBackend``: a Ray cluster). Game ``i`` is
    played from ``game_seed(spec.seed, i)`` wherever it runs: the same results."""
    game = get_game(spec.game)
    for name in spec.bots:
        make_bot(name, game)  # reject an unknown bot before any work starts
    if backend is not None:
        yield from backend.run(spec, games)
        return
    if workers <= 1:
        for index in range(games):
            yield run_one(spec, index)
        return
    import multiprocessing

    with _quiet_start(multiprocessing.get_context("spawn"), workers) as pool:
        chunk = max(1, min(64, games // (workers * 8)))
        yield from pool.imap(_run_indexed, ((spec, index) for index in range(games)), chunk)


def _quiet_start(context: Any, workers: int) -> Any:
    """A pool whose workers ignore Ctrl-C from their first instruction: they start while
    the parent ignores SIGINT (a Python process leaves an inherited ignored SIGINT
    ignored), so a Ctrl-C while they still import interrupts the parent alone."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return context.Pool(workers, _ignore_interrupts)
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return context.Pool(workers, _ignore_interrupts)
    finally:
        signal.signal(signal.SIGINT, previous)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and keeps the results so far."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_indexed(job: tuple[SimulationSpec, int]) -> tuple[GameRecord, LogLike]:
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
