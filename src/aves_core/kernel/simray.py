"""Simulation on a Ray cluster: the same games, the same records, more machines.

``simulate(spec, games, backend=RayBackend("10.0.0.5:6379"))`` (or ``aves simulate
--ray ADDRESS``) sends the games to the cluster in chunks and yields their records
and logs back in game order, as the local run does: game ``i`` is played from the
seed ``game_seed(spec.seed, i)`` wherever it runs, so the summary is identical to a
local run's for the same spec and seed. At most ``in_flight`` chunks are out at
once, so the driver never holds more than those chunks' results; closing the
iterator (Ctrl-C) cancels the chunks still out.

Every node needs aves-core installed (``pip install 'aves-core[ray]'``) in the
Python the cluster runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.log import LogLike
from aves_core.kernel.sim import GameRecord, SimulationSpec, run_one

__all__ = ["RayBackend"]


def _play_chunk(spec: SimulationSpec, start: int, stop: int
                ) -> list[tuple[GameRecord, LogLike]]:
    """Games ``start`` to ``stop - 1`` (what a Ray task runs)."""
    return [run_one(spec, index) for index in range(start, stop)]


def _check_reachable(address: str | None) -> None:
    """A ``host:port`` address must answer at once: Ray itself would retry for minutes."""
    if address is None or address == "auto" or "://" in address:
        return
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise ArgumentError(f"a Ray address is host:port, 'auto' or ray://..., not "
                            f"{address!r}")
    import socket

    try:
        socket.create_connection((host, int(port)), timeout=3).close()
    except OSError as error:
        raise ArgumentError(f"no Ray cluster answers at {address}: {error}") from None


class RayBackend:
    """Runs a simulation's games on the Ray cluster at ``address`` (``"auto"``: the
    cluster this machine belongs to; None: a new local one)."""

    def __init__(self, address: str | None = "auto", *, chunk: int = 25,
                 in_flight: int | None = None) -> None:
        if address is not None and (type(address) is not str or not address):
            raise ArgumentError("address must be a Ray address such as '10.0.0.5:6379', "
                                "'auto' or None")
        if type(chunk) is not int or chunk < 1:
            raise ArgumentError("chunk must be an int >= 1")
        if in_flight is not None and (type(in_flight) is not int or in_flight < 1):
            raise ArgumentError("in_flight must be an int >= 1 or None")
        self.address = address
        self.chunk = chunk
        self.in_flight = in_flight

    def _ray(self) -> Any:
        try:
            import ray
        except ImportError:
            raise ArgumentError("simulating on Ray needs the ray extra: "
                                "pip install 'aves-core[ray]'") from None
        _check_reachable(self.address)
        if not ray.is_initialized():  # else the cluster this process is connected to
            try:
                ray.init(address=self.address, log_to_driver=False,
                         configure_logging=False)
            except (ConnectionError, RuntimeError, ValueError) as error:
                raise ArgumentError(f"cannot reach the Ray cluster at {self.address!r}: "
                                    f"{error}") from None
        return ray

    def run(self, spec: SimulationSpec, games: int
            ) -> Iterator[tuple[GameRecord, LogLike]]:
        """The games' records and logs, in game order."""
        ray = self._ray()
        play = ray.remote(_play_chunk)
        limit = self.in_flight or max(2, 2 * int(ray.cluster_resources().get("CPU", 1)))
        starts = iter(range(0, games, self.chunk))
        pending: dict[Any, int] = {}
        finished: dict[int, list[tuple[GameRecord, LogLike]]] = {}
        expected = 0
        try:
            while expected < games:
                for start in starts:
                    pending[play.remote(spec, start, min(start + self.chunk, games))] = start
                    if len(pending) >= limit:
                        break
                ready, _ = ray.wait(list(pending), num_returns=1)
                for reference in ready:
                    finished[pending.pop(reference)] = ray.get(reference)
                while expected in finished:
                    results = finished.pop(expected)
                    yield from results
                    expected += len(results)
        finally:
            for reference in pending:
                ray.cancel(reference, force=True)
