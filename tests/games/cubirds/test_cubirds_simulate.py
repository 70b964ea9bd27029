"""``aves simulate --game cubirds``, run as a user runs it: the summary, records and
logs of seeded games whose logs hold their reshuffles (chance moves) and replay
without drawing anything; the same output whatever the workers. (The same games on
a Ray cluster: tests/kernel/test_simray.py.)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from aves_core import replay


def aves(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the ``aves`` command in a new interpreter."""
    return subprocess.run([sys.executable, "-m", "aves_core", *args], capture_output=True,
                          text=True, timeout=300, check=False)


@pytest.mark.parametrize(("players", "options"), [("2", []), ("5", ["-O", "row_cards=4"])])
def test_aves_simulate_plays_cubirds_and_logs_its_reshuffles(tmp_path: Path, players: str,
                                                            options: list[str]) -> None:
    out, logs = tmp_path / "records.jsonl", tmp_path / "logs"
    run = aves("simulate", "--game", "cubirds", "--players", players, "--games", "12",
               "--seed", "3", *options, "--out", str(out), "--logs", str(logs))
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    assert run.stdout.startswith(f"aves simulate: 12 games of Cubirds, {players} players, ")
    for reason in ("seven_species", "two_triples", "deck_exhausted", "move_limit"):
        assert f"  {reason} " in run.stdout
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [data["index"] for data in records] == list(range(12))
    reshuffles = 0
    for path, data in zip(sorted(logs.iterdir()), records, strict=True):
        lines = [json.loads(line) for line in path.read_text().splitlines()]
        assert lines[0]["game"] == "cubirds"
        assert lines[0]["setup"]["row_cards"] == (4 if options else 3)
        kinds = [line["type"] for line in lines[1:]]
        assert kinds[-1] == "result"
        chance = kinds.count("reshuffle")
        reshuffles += chance
        assert len(kinds) - 1 - chance == data["moves"]  # the record counts the seats' moves
        outcome = replay(path)  # reshuffles are read from the log, never drawn
        assert outcome.valid, (path, outcome.problem)
        assert outcome.moves == data["moves"] + chance  # replay counts every move it applied
        assert outcome.result is not None
        assert (list(outcome.result.winners), outcome.result.reason) == (
            data["winners"], data["reason"])
    assert reshuffles > 0


def test_aves_simulate_cubirds_gives_the_same_output_whatever_the_workers(
        tmp_path: Path) -> None:
    outputs = []
    for workers in ("1", "2"):
        out = tmp_path / f"records-{workers}.jsonl"
        run = aves("simulate", "--game", "cubirds", "--players", "3", "--games", "16",
                   "--seed", "8", "--workers", workers, "--out", str(out))
        assert run.returncode == 0, run.stderr
        lines = run.stdout.splitlines()
        outputs.append(([lines[0], *lines[2:]], out.read_text()))  # all but the timing
    assert outputs[0] == outputs[1]
