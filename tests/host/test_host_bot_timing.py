"""A bot's thinking time tells nothing (issue 26): its answer comes a whole
``Limits.bot_quantum`` after its turn began, however long it thought of its hand."""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from pathlib import Path
from typing import Any

import attrs
import pytest
from hostserver import TESTING

import aves_core.host.service as service
from aves_core.host.service import Limits, Lobby
from aves_core.host.sqlite import SQLiteStore
from aves_core.kernel.bots import make_bot

QUANTUM = 0.05
THOUGHTS = {"fast": 0.001, "slow": 0.006}
"""How long the test's bot thinks, as if its hand made a set (slow) or not (fast): the
issue measured 2.5 against 3.4 ms for Tsukuru's greedy bot."""


class TellingBot:
    """A random bot that thinks as long as ``kind`` (set by the test) says."""

    def __init__(self, game: Any) -> None:
        self.inner = make_bot("random", game)
        self.kind = "fast"

    def choose(self, view: Any, events: Any, rng: random.Random) -> Any:
        time.sleep(THOUGHTS[self.kind])
        return self.inner.choose(view, events, rng)


def test_a_bots_answer_comes_as_late_whatever_its_hand(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """From a person's move to the bot's answer, through the host's scheduling: a bot
    that thinks 1 ms and one that thinks 6 ms answer in the same quantum."""
    bots: list[TellingBot] = []

    def make(spec: str, game: Any) -> Any:
        bots.append(TellingBot(game))
        return bots[-1]

    monkeypatch.setattr(service, "make_bot", make)
    limits: Limits = attrs.evolve(TESTING["limits"], bot_quantum=QUANTUM)

    async def main() -> dict[str, list[float]]:
        lobby = Lobby(SQLiteStore(tmp_path / "tables.db"), limits=limits)
        delays: dict[str, list[float]] = {kind: [] for kind in THOUGHTS}
        try:
            turn = 0
            while turn < 16:  # tables one after another, until 8 answers of each kind
                made = await lobby.create({"players": ["ann", "bo"], "bots": {"0": "random"}})
                table = made["table"]
                live = lobby._live[table]
                token = (await lobby.join(table, 1))["token"]
                follower = lobby.subscribe(table, 1, live.table.event_count)
                while live.table.result is None and turn < 16:
                    if live.table.to_move != (1,):  # the bot's turn: let it answer
                        await asyncio.wait_for(follower.queue.get(), 5)
                        continue
                    kind = ("fast", "slow")[turn % 2]
                    bots[-1].kind = kind
                    view = await lobby.view(table, 1, token)
                    await lobby.move(table, 1, token, view["view"]["legal_moves"][0])
                    moved = time.monotonic()
                    while not follower.queue.empty():  # the person's own move's messages
                        follower.queue.get_nowait()
                    if live.table.to_move == (1,) or live.table.result is not None:
                        continue  # the person moves again (or it ended): nothing to time
                    await asyncio.wait_for(follower.queue.get(), 5)
                    delays[kind].append(time.monotonic() - moved)
                    turn += 1
        finally:
            lobby.close()
        return delays

    delays = asyncio.run(main())
    assert all(len(found) >= 4 for found in delays.values()), delays
    # Every answer comes at least a quantum after the move, and the two kinds of hand
    # take as long (before: 1 against 6 ms, told apart every time).
    assert min(min(found) for found in delays.values()) >= QUANTUM, delays
    fast, slow = (statistics.median(delays[kind]) for kind in ("fast", "slow"))
    assert abs(slow - fast) < 0.0025, delays
