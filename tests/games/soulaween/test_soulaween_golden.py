"""Soulaween's golden logs: ``aves replay --json`` on each log of ``tests/games/soulaween/golden``
prints exactly its hand-checked expected object and exits with its expected status."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from aves_core import replay
from aves_core.kernel.replay import is_form_problem

GOLDEN = Path(__file__).resolve().parent / "golden"
LOGS = sorted(path.name for path in GOLDEN.glob("*.jsonl"))


def test_there_are_golden_logs_and_each_has_its_expectation_and_its_reasoning() -> None:
    assert len(LOGS) >= 15
    readme = (GOLDEN / "README.md").read_text()
    for name in LOGS:
        stem = name.removesuffix(".jsonl")
        assert (GOLDEN / f"{stem}.expected.json").exists(), stem
        assert f"**{stem}**" in readme, stem


@pytest.mark.parametrize("name", LOGS)
def test_a_golden_log_replays_as_expected(name: str) -> None:
    expected = json.loads((GOLDEN / name.replace(".jsonl", ".expected.json")).read_text())
    outcome = replay(GOLDEN / name)
    assert expected["output"] == outcome.to_json()
    status = 0 if outcome.problem is None else 2 if is_form_problem(outcome.problem) else 1
    assert expected["exit"] == status


@pytest.mark.parametrize("name", ["simple_three_tokens.jsonl", "not_reapable.jsonl",
                                  "bad_setup_unknown_character.jsonl"])
def test_the_command_prints_it_and_exits_with_its_status(name: str) -> None:
    expected = json.loads((GOLDEN / name.replace(".jsonl", ".expected.json")).read_text())
    done = subprocess.run([sys.executable, "-m", "aves_core", "replay", "--json",
                           str(GOLDEN / name)], capture_output=True, text=True, timeout=60,
                          check=False)
    assert (expected["exit"], "") == (done.returncode, done.stderr)
    assert expected["output"] == json.loads(done.stdout)


def test_the_json_document_form_replays_as_the_json_lines_form() -> None:
    from aves_core import dump_log, read_log

    for name in LOGS:
        outcome = replay(GOLDEN / name)
        if outcome.valid:
            document = dump_log(read_log(GOLDEN / name), "json")
            assert outcome.to_json() == replay(document).to_json(), name
