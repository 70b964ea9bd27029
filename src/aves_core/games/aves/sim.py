"""Simulating AVES (docs/bots.md): the kernel's ``play_game``, ``SimulationSpec`` and
``make_bot`` for the game of AVES, with AVES's own signatures."""

from __future__ import annotations

from collections.abc import Sequence

from aves_core import bots as _bots
from aves_core.games.aves.game import AVES
from aves_core.games.aves.log import GameLog
from aves_core.games.aves.state import Variant
from aves_core.kernel import sim as _sim
from aves_core.kernel.bots import Bot
from aves_core.kernel.sim import (
    MOVE_LIMIT,
    GameRecord,
    Summary,
    game_seed,
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

BOT_NAMES = tuple(AVES.bot_factories())
"""The bots ``make_bot`` knows: random, greedy and search."""


def make_bot(spec: str) -> Bot:
    """An AVES bot from its name: ``random``, ``greedy``, ``search`` (500 iterations a
    move), ``search:800`` (800 iterations) or ``search:40ms`` (40 ms a move)."""
    return _bots.make_bot(spec, AVES)


def play_game(bots: Sequence[Bot], names: Sequence[str], variant: Variant, seed: int,
              max_moves: int, index: int = 0) -> tuple[GameRecord, GameLog]:
    """Play one game of AVES between ``bots`` (seat i plays ``bots[i]``) and return its
    record and log. Each bot sees only its seat's view and redacted events."""
    record, log = _sim.play_game(AVES, bots, names, variant, seed, max_moves, index)
    assert isinstance(log, GameLog)
    return record, log


def SimulationSpec(bots: tuple[str, ...], variant: Variant, seed: int,  # noqa: N802
                   max_moves: int) -> _sim.SimulationSpec:
    """What to simulate, for AVES (the kernel's ``SimulationSpec`` of the game ``aves``)."""
    return _sim.SimulationSpec(tuple(bots), variant, seed, max_moves, AVES.id)
