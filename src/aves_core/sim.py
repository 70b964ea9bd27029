"""AVES simulation, at the path of aves-core 0.1 (``aves_core.games.aves.sim``; the
kernel's ``aves_core.kernel.sim`` simulates any game)."""

from aves_core.games.aves.sim import (
    BOT_NAMES,
    MOVE_LIMIT,
    GameRecord,
    SimulationSpec,
    Summary,
    game_seed,
    make_bot,
    play_game,
    run_one,
    seating,
    simulate,
    wilson_interval,
)

__all__ = [
    "BOT_NAMES",
    "MOVE_LIMIT",
    "GameRecord",
    "SimulationSpec",
    "Summary",
    "game_seed",
    "make_bot",
    "play_game",
    "run_one",
    "seating",
    "simulate",
    "wilson_interval",
]
