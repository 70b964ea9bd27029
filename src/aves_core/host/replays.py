"""The replay viewer's work (``POST /api/replay``), kept from starving everything else.

Replaying a log is the one request whose cost the client picks: a 104 KB Tsukuru
log is 2,272 moves, about 0.2 s of CPU, and an answer of 3.2 MB (every state's view).
Eight at once made another client's ``GET /api/games`` wait 1.2 s (issue 26). So,
on every worker:

- each client (an address) may ask for ``Limits.replays_per_minute`` replays a
  minute, and as many at once (beyond: ``429 too_many_replays``, with Retry-After);
- one replay runs at a time, in a thread, its answer encoded there too (never on
  the event loop); at most ``Limits.replays_waiting`` more wait for their turn
  (beyond: ``503 busy``, with Retry-After), whoever sends them;
- the log is at most ``MAX_LOG`` bytes and ``tablelog.MAX_REPLAY_MOVES`` moves.

Each worker counts for itself (as the table creations' allowance does): with N
workers a client may ask for N times as many, and N replays run at once.
"""

from __future__ import annotations

import asyncio
import time

from starlette.responses import Response

from aves_core.host.errors import HostError
from aves_core.host.live import Limits
from aves_core.host.tablelog import replay_steps
from aves_core.host.wire import encode

__all__ = ["MAX_LOG", "Buckets", "ReplayGate"]

MAX_LOG = 1 << 20
"""The largest log the replay viewer takes (1 MiB)."""


class Buckets:
    """A token bucket per client: ``burst`` at once, then ``per_minute``."""

    MAX_CLIENTS = 10_000
    """Clients remembered before the full buckets are forgotten (they cost nothing)."""

    def __init__(self) -> None:
        self._buckets: dict[str, tuple[float, float]] = {}  # client: tokens, when

    def take(self, client: str, burst: int, per_minute: float) -> float | None:
        """Take a token of ``client``'s bucket: None, or the seconds until one is there
        (nothing taken)."""
        now = time.monotonic()
        if len(self._buckets) >= self.MAX_CLIENTS:
            self._forget_full(now, burst, per_minute)
        tokens, then = self._buckets.get(client, (float(burst), now))
        tokens = min(float(burst), tokens + (now - then) * per_minute / 60)
        if tokens < 1:
            return (1 - tokens) * 60 / per_minute
        self._buckets[client] = (tokens - 1, now)
        return None

    def _forget_full(self, now: float, burst: int, per_minute: float) -> None:
        for client, (tokens, then) in list(self._buckets.items()):
            if tokens + (now - then) * per_minute / 60 >= burst:
                del self._buckets[client]


class ReplayGate:
    """Who may replay a log now, and the one replay this worker runs at a time."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._buckets = Buckets()
        self._turn = asyncio.Semaphore(1)
        self._waiting = 0

    def admit(self, client: str) -> None:
        """Count a replay against ``client``'s allowance before its log is even read: a
        ``HostError`` 429 when the allowance is spent, 503 when too many wait."""
        limits = self.limits
        per_minute = limits.replays_per_minute
        wait = self._buckets.take(client, max(1, int(per_minute)), per_minute)
        if wait is not None:
            raise HostError(429, "too_many_replays", f"a client may replay {per_minute:g} "
                            f"logs a minute, and as many at once: try again in {wait:.0f} s",
                            {"retry_after": round(wait, 1)})
        if self._turn.locked() and self._waiting >= limits.replays_waiting:
            raise HostError(503, "busy", "the host is replaying other logs: try again "
                            "in a second", {"retry_after": 1})

    async def replay(self, text: bytes) -> Response:
        """The replay viewer's answer to ``text`` (``replay_steps``, as JSON), once it is
        this worker's turn to replay one."""
        self._waiting += 1
        try:
            await self._turn.acquire()
        finally:
            self._waiting -= 1
        # The turn is given back when the thread ends, not when a client that went
        # away cancels this request: a thread cannot be stopped, so it still counts.
        work = asyncio.ensure_future(asyncio.to_thread(_answer, text))
        work.add_done_callback(lambda _: self._turn.release())
        return await asyncio.shield(work)


def _answer(text: bytes) -> Response:
    # Encoded here, in the thread: 3 MB of JSON is milliseconds the event loop keeps.
    return Response(encode(replay_steps(text)).encode(), media_type="application/json")
