"""Simulation on a real Ray cluster that the tests start on this machine: a head and
a second node (``ray.cluster_utils.Cluster``: two raylets), one CPU each. The
records are those of the local run for the same spec and seed, whatever the
cluster; with ``spread=True`` both nodes play their share of the chunks;
``aves simulate --ray`` prints the same summary; stopping early keeps the games so
far.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import Any, cast

import pytest

ray = pytest.importorskip("ray")
cluster_utils = pytest.importorskip("ray.cluster_utils")

from aves_core import get_game  # noqa: E402
from aves_core.cli import main  # noqa: E402
from aves_core.kernel.game import Chance  # noqa: E402
from aves_core.kernel.sim import SimulationSpec, Summary, simulate  # noqa: E402
from aves_core.kernel.simray import RayBackend  # noqa: E402


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    # Ray's local clusters use the machine's own address (asked for 127.0.0.1, the
    # head waits for its control store forever): traffic stays on this machine.
    started = cluster_utils.Cluster(initialize_head=True, head_node_args={
        "num_cpus": 1, "include_dashboard": False})
    started.add_node(num_cpus=1)
    ray.init(address=started.address, log_to_driver=False)
    try:
        assert len([node for node in ray.nodes() if node["Alive"]]) == 2
        yield started
    finally:
        ray.shutdown()
        started.shutdown()


# Each plays its games in chunks of 7 (two or more chunks, the last one short) on the
# cluster, then here.
@pytest.mark.parametrize(("game", "bots", "games", "options"), [
    ("aves", ("greedy", "random", "search:20"), 16, None),
    ("soulaween", ("greedy", "random"), 16, None),
    # Chance during play: Cubirds' logs hold the reshuffles drawn as the games went.
    ("cubirds", ("random", "random", "random"), 15, None),
    ("cubirds", ("random",) * 5, 10, {"row_cards": 4}),
    # Tsukuru's logs hold every later round's deal.
    ("tsukuru", ("greedy", "random", "greedy"), 10, {"scoring": "advanced"}),
    # Simultaneous moves: Boxes' sealed commits, in the order the game's generator drew.
    ("boxes", ("greedy", "random", "search:10", "greedy"), 9, None),
    # Chance at setup only: Draft Cider's logs hold the whole deck.
    ("draft-cider", ("greedy", "random", "search:10"), 10, {"bad_points": 0}),
])
def test_the_cluster_plays_exactly_the_local_games(cluster: Any, game: str,
                                                   bots: tuple[str, ...], games: int,
                                                   options: Any) -> None:
    kernel = get_game(game)
    spec = SimulationSpec(bots, kernel.default_options() if options is None
                          else kernel.options_from_json(options), 7, 1000, game)
    remote = list(simulate(spec, games, backend=RayBackend(cluster.address, chunk=7)))
    local = list(simulate(spec, games))
    assert [record for record, _ in remote] == [record for record, _ in local]
    assert [log for _, log in remote] == [log for _, log in local]
    if kernel.facts.chance is Chance.PLAY:
        assert any(kernel.mover(move) is None for _, log in remote for move in log.moves)
    summaries = []
    for results in (remote, local):
        summary = Summary()
        for record, _ in results:
            summary.add(record)
        summaries.append(summary)
    assert summaries[0] == summaries[1]


def test_games_run_on_both_nodes(cluster: Any) -> None:
    # Left to Ray, short chunks may all stay on the node whose worker is warm (on a
    # loaded machine the second node's first worker can take seconds to start), so
    # spread=True pins them to the nodes in turn. Where the games ran is what the
    # tasks report from their own node; the results are still the local run's.
    spec = SimulationSpec(("greedy", "random"), get_game("soulaween").default_options(),
                          11, 1000, "soulaween")
    backend = RayBackend(cluster.address, chunk=5, spread=True)
    remote = list(simulate(spec, 40, backend=backend))
    assert remote == list(simulate(spec, 40))
    nodes = {node["NodeID"] for node in ray.nodes() if node["Alive"]}
    assert len(nodes) == 2
    assert backend.games_per_node == dict.fromkeys(nodes, 20)


def test_stopping_early_keeps_the_games_so_far_and_cancels_the_rest(cluster: Any) -> None:
    spec = SimulationSpec(("greedy", "greedy"), get_game("aves").default_options(), 3,
                          1000, "aves")
    results = cast(Generator[Any, None, None], simulate(
        spec, 400, backend=RayBackend(cluster.address, chunk=5, in_flight=2)))
    first = [next(results)[0] for _ in range(12)]
    results.close()  # what Ctrl-C does in aves simulate
    assert first == [record for record, _ in simulate(spec, 12)]


@pytest.mark.parametrize("command", [
    ["simulate", "--players", "3", "--games", "40", "--bots", "greedy,random,greedy",
     "--seed", "5"],
    ["simulate", "--game", "cubirds", "--players", "4", "--games", "20", "--seed", "5"],
], ids=["aves", "cubirds"])
def test_aves_simulate_on_ray_prints_the_local_summary(
        cluster: Any, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    outputs = []
    for extra in (["--ray", cluster.address], []):
        assert main([*command, *extra]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert "moves in" in lines[1]
        outputs.append([lines[0], *lines[2:]])  # all but the timing line
    assert outputs[0] == outputs[1]


def test_a_cluster_that_is_not_there_is_a_clear_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "2", "--games", "3", "--ray", "127.0.0.1:1"]) == 2
    assert "no Ray cluster answers at 127.0.0.1:1" in capsys.readouterr().err
