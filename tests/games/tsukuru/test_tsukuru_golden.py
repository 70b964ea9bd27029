"""Tsukuru 10 Ten's golden logs: ``aves replay --json`` on each log of
``tests/games/tsukuru/golden`` prints exactly its hand-checked expected object and exits
with its expected status."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from aves_core import replay
from aves_core.kernel.replay import is_form_problem

GOLDEN = Path(__file__).resolve().parent / "golden"
LOGS = sorted(path.name for path in GOLDEN.glob("*.jsonl"))

# What the golden logs cover (TK18a's codes of a turn and of the setup, both ends, a dry
# round); bad_notation cannot reach a log, whose moves are JSON objects.
CODES = {"game_over", "not_your_turn", "wrong_phase", "bad_seat", "empty_pile",
         "unknown_tile", "not_canonical", "not_held", "not_a_set", "colour_required",
         "colour_forbidden",
         "not_ten", "bad_players", "bad_options", "bad_dealer", "bad_deal"}


def expected_of(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (GOLDEN / name.replace(".jsonl", ".expected.json")).read_text())
    return data


def test_each_golden_log_has_its_expectation_and_its_reasoning() -> None:
    assert len(LOGS) >= 17
    readme = (GOLDEN / "README.md").read_text()
    expectations = {path.name.removesuffix(".expected.json")
                    for path in GOLDEN.glob("*.expected.json")}
    assert expectations == {name.removesuffix(".jsonl") for name in LOGS}
    for stem in expectations:
        assert f"**{stem}**" in readme, stem


def test_the_golden_logs_cover_the_codes_and_the_target() -> None:
    outputs = [expected_of(name)["output"] for name in LOGS]
    assert CODES <= {output["error"]["code"] for output in outputs if not output["valid"]}
    assert {"target", "rounds"} <= {output["reason"] for output in outputs if output["valid"]}
    # A round that ends dry, and one that ends with a finish, awaiting the next deal.
    waiting = [output for output in outputs if output["valid"] and output["phase"] == "deal"]
    assert {True, False} == {output["last_finish"] is None for output in waiting}


@pytest.mark.parametrize("name", LOGS)
def test_a_golden_log_replays_as_expected(name: str) -> None:
    expected = expected_of(name)
    outcome = replay(GOLDEN / name)
    assert expected["output"] == outcome.to_json()
    status = 0 if outcome.problem is None else 2 if is_form_problem(outcome.problem) else 1
    assert expected["exit"] == status


@pytest.mark.parametrize("name", ["god_ten.jsonl", "not_ten.jsonl", "bad_deal.jsonl"])
def test_the_command_prints_it_and_exits_with_its_status(name: str) -> None:
    expected = expected_of(name)
    done = subprocess.run([sys.executable, "-m", "aves_core", "replay", "--json",
                           str(GOLDEN / name)], capture_output=True, text=True, timeout=60,
                          check=False)
    assert (expected["exit"], "") == (done.returncode, done.stderr)
    assert expected["output"] == json.loads(done.stdout)
