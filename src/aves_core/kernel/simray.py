"""Simulation on a Ray cluster: the same games, the same records, more machines.

``simulate(spec, games, backend=RayBackend("10.0.0.5:6379"))`` (or ``aves simulate
--ray ADDRESS``) sends the games to the cluster in chunks and yields their records
and logs back in game order, as the local run does: game ``i`` is played from the
seed ``game_seed(spec.seed, i)`` wherever it runs, so the summary is identical to a
local run's for the same spec and seed. At most ``in_flight`` chunks are out at
once, so the driver never holds more than those chunks' results; closing the
iterator (Ctrl-C) cancels the chunks still out.

Ray places the chunks where it likes, and may keep short ones on a few nodes.
``RayBackend(..., spread=True)`` deals them out over the nodes instead, in turn,
each node's share in proportion to its CPUs; ``backend.games_per_node`` tells
where the games of the last run were played, as the nodes themselves report it.

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
                ) -> tuple[str, list[tuple[GameRecord, LogLike]]]:
    """The id of the node this runs on, and games ``start`` to ``stop - 1`` (what a Ray
    task runs)."""
    import ray

    node = str(ray.get_runtime_context().get_node_id())
    return node, [run_one(spec, index) for index in range(start, stop)]


def _spread_slots(ray: Any) -> list[str]:
    """The live nodes with at least one whole CPU, each once per whole CPU, taken in
    rounds (``[a, b, a, a]`` for 3 CPUs on ``a`` and 1 on ``b``): chunk ``k`` goes to
    slot ``k`` modulo their number."""
    cpus = {str(node["NodeID"]): int(node.get("Resources", {}).get("CPU", 0))
            for node in ray.nodes() if node.get("Alive")}
    cpus = {node: count for node, count in cpus.items() if count >= 1}
    if not cpus:
        raise ArgumentError("no live node of the Ray cluster has a whole CPU to play on")
    return [node for turn in range(max(cpus.values())) for node in sorted(cpus)
            if cpus[node] > turn]


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
    cluster this machine belongs to; None: a new local one), ``chunk`` games a Ray task,
    at most ``in_flight`` tasks out at once (None: twice the cluster's CPUs).

    ``spread=True`` deals the chunks out over the nodes alive when the run starts, in
    turn, each node's share in proportion to its whole CPUs, instead of leaving their
    placement to Ray (which may keep short chunks on the node whose workers are warm).
    Each chunk is pinned with Ray's ``NodeAffinitySchedulingStrategy(node, soft=True)``:
    it waits for its node while that node is alive, and goes elsewhere only if the node
    is gone (or could never run it). The results are the same either way.

    ``games_per_node`` maps the id (hex) of each node that played games of the last
    (or current) run to how many it played, as reported by the tasks on that node.
    """

    def __init__(self, address: str | None = "auto", *, chunk: int = 25,
                 in_flight: int | None = None, spread: bool = False) -> None:
        if address is not None and (type(address) is not str or not address):
            raise ArgumentError("address must be a Ray address such as '10.0.0.5:6379', "
                                "'auto' or None")
        if type(chunk) is not int or chunk < 1:
            raise ArgumentError("chunk must be an int >= 1")
        if in_flight is not None and (type(in_flight) is not int or in_flight < 1):
            raise ArgumentError("in_flight must be an int >= 1 or None")
        if type(spread) is not bool:
            raise ArgumentError("spread must be True or False")
        self.address = address
        self.chunk = chunk
        self.in_flight = in_flight
        self.spread = spread
        self.games_per_node: dict[str, int] = {}

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
        tasks = [play]  # chunk k is sent by tasks[k % len(tasks)]
        if self.spread:
            from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

            tasks = [play.options(scheduling_strategy=NodeAffinitySchedulingStrategy(
                node, soft=True)) for node in _spread_slots(ray)]
        limit = self.in_flight or max(2, 2 * int(ray.cluster_resources().get("CPU", 1)))
        starts = iter(range(0, games, self.chunk))
        pending: dict[Any, int] = {}
        finished: dict[int, list[tuple[GameRecord, LogLike]]] = {}
        self.games_per_node = {}
        expected = 0
        try:
            while expected < games:
                for start in starts:
                    task = tasks[start // self.chunk % len(tasks)]
                    pending[task.remote(spec, start, min(start + self.chunk, games))] = start
                    if len(pending) >= limit:
                        break
                ready, _ = ray.wait(list(pending), num_returns=1)
                for reference in ready:
                    node, results = ray.get(reference)
                    finished[pending.pop(reference)] = results
                    self.games_per_node[node] = self.games_per_node.get(node, 0) + len(results)
                while expected in finished:
                    results = finished.pop(expected)
                    yield from results
                    expected += len(results)
        finally:
            for reference in pending:
                ray.cancel(reference, force=True)
