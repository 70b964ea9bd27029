"""Simulation speed: games per second of ``simulate`` with 1 and 2 local worker
processes and on a 2-node Ray cluster started here, and the scaling ratios.

    python bench/simulate.py [--games 200] [--bots search:40,greedy,random]

The cluster is ``ray.cluster_utils.Cluster``: a head and a second node on this
machine, one CPU each (two raylets, as two machines would have). Every run plays
the same games (same spec, same seed) and the script checks their records agree.
On a real cluster, point ``aves simulate --ray ADDRESS`` at its head instead.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from aves_core import get_game
from aves_core.kernel.sim import SimulationSpec, simulate


def timed(spec: SimulationSpec, games: int, **how: Any) -> tuple[float, list[Any]]:
    """(games per second, the records) of one run."""
    start = time.perf_counter()
    records = [record for record, _ in simulate(spec, games, **how)]
    return games / (time.perf_counter() - start), records


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="aves")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bots", default="search:40,greedy,random")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = get_game(args.game)
    spec = SimulationSpec(tuple(args.bots.split(",")), game.default_options(), args.seed,
                          1000, game.id)
    one, local = timed(spec, args.games)
    two, records = timed(spec, args.games, workers=2)
    assert records == local, "2 workers played other games"
    rows = [("1 local worker", one), ("2 local workers", two)]
    try:
        import ray
        from ray.cluster_utils import Cluster

        from aves_core.kernel.simray import RayBackend
    except ImportError:
        print("(no Ray: pip install 'aves-core[ray]' for the cluster row)")
    else:
        cluster = Cluster(initialize_head=True, head_node_args={
            "num_cpus": 1, "include_dashboard": False})
        cluster.add_node(num_cpus=1)
        try:
            ray.init(address=cluster.address, log_to_driver=False)
            timed(spec, 20, backend=RayBackend(cluster.address))  # workers start up
            rate, records = timed(spec, args.games, backend=RayBackend(cluster.address))
            assert records == local, "the cluster played other games"
            rows.append(("Ray, 2 nodes x 1 CPU", rate))
        finally:
            ray.shutdown()
            cluster.shutdown()  # type: ignore[no-untyped-call]
    print(f"{args.games} games of {game.facts.name}, bots {args.bots}, seed {args.seed}")
    for name, rate in rows:
        print(f"{name:22} {rate:8.1f} games/s   x{rate / one:.2f} of one worker")


if __name__ == "__main__":
    main()
