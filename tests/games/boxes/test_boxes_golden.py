"""Boxes' golden logs: ``aves replay --json`` on each log of ``tests/games/boxes/golden``
prints exactly its hand-checked expected object and exits with its expected status; the
notation's golden texts read as written by hand (``bad_notation`` cannot reach a log,
whose moves are JSON objects: a move written as text there is a ``schema`` problem)."""

# ruff: noqa: N802

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from aves_core import NotationError, replay
from aves_core.games.boxes.game import BOXES
from aves_core.kernel.replay import is_form_problem

GOLDEN = Path(__file__).resolve().parent / "golden"
LOGS = sorted(path.name for path in GOLDEN.glob("*.jsonl"))

# Every refusal code of BX25 a log can meet (bad_notation: the notation's golden texts),
# and the setup's codes.
CODES = {"game_over", "not_your_turn", "wrong_phase", "unknown_slot", "already_examined",
         "too_few_actions", "bad_bid", "not_a_raise", "already_committed", "notes_not_held",
         "bad_payment"}
SETUP_CODES = {"bad_players", "bad_pile", "bad_first"}


def expected_of(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (GOLDEN / name.replace(".jsonl", ".expected.json")).read_text())
    return data


def test_each_golden_log_has_its_expectation_and_its_reasoning() -> None:
    assert len(LOGS) >= 30
    readme = (GOLDEN / "README.md").read_text()
    expectations = {path.name.removesuffix(".expected.json")
                    for path in GOLDEN.glob("*.expected.json")}
    assert expectations == {name.removesuffix(".jsonl") for name in LOGS} | {"notation"}
    for stem in expectations:
        assert f"**{stem}**" in readme, stem


def test_BX25_the_golden_logs_cover_every_code_and_the_end() -> None:
    outputs = [expected_of(name)["output"] for name in LOGS]
    codes = {output["error"]["code"] for output in outputs if not output["valid"]}
    assert CODES | SETUP_CODES <= codes
    ended = [output for output in outputs if output["valid"] and output["phase"] == "gameEnd"]
    assert {output["reason"] for output in ended} == {"most_wealth"}
    # BX20: a single winner and a shared win; 2 and 4 players (BX19's two sizes).
    assert {1, 2} == {len(output["winners"]) for output in ended}
    assert {2, 4} <= {len(output["wealth"]) for output in ended}
    notation = json.loads((GOLDEN / "notation.expected.json").read_text())
    assert any(entry.get("code") == "bad_notation" for entry in notation)


@pytest.mark.parametrize("name", LOGS)
def test_a_golden_log_replays_as_expected(name: str) -> None:
    expected = expected_of(name)
    outcome = replay(GOLDEN / name)
    assert expected["output"] == outcome.to_json()
    status = 0 if outcome.problem is None else 2 if is_form_problem(outcome.problem) else 1
    assert expected["exit"] == status


@pytest.mark.parametrize(("first", "second"), [("sealed_order_a", "sealed_order_b"),
                                               ("sealed_tie", "sealed_tie_other_order")])
def test_BX14_commits_in_another_order_give_the_same_result(first: str, second: str) -> None:
    lines = [(GOLDEN / f"{name}.jsonl").read_text().splitlines() for name in (first, second)]
    assert lines[0] != lines[1]
    assert sorted(lines[0]) == sorted(lines[1])  # the same moves, in another order
    assert expected_of(f"{first}.jsonl") == expected_of(f"{second}.jsonl")


@pytest.mark.parametrize("name", ["shared_win.jsonl", "collections_4p.jsonl",
                                  "bad_payment.jsonl", "bad_pile.jsonl"])
def test_the_command_prints_it_and_exits_with_its_status(name: str) -> None:
    expected = expected_of(name)
    done = subprocess.run([sys.executable, "-m", "aves_core", "replay", "--json",
                           str(GOLDEN / name)], capture_output=True, text=True, timeout=60,
                          check=False)
    assert (expected["exit"], "") == (done.returncode, done.stderr)
    assert expected["output"] == json.loads(done.stdout)


@pytest.mark.parametrize("name", ["too_few_actions.jsonl", "not_a_raise.jsonl",
                                  "already_committed.jsonl"])
def test_the_command_in_words_names_the_code_and_the_move(name: str) -> None:
    error = expected_of(name)["output"]["error"]
    done = subprocess.run([sys.executable, "-m", "aves_core", "replay", str(GOLDEN / name)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    words = done.stdout + done.stderr
    assert error["code"] in words
    assert f"move {error['move_index']}" in words
    assert error["message"] in words


def test_the_command_in_words_tells_the_winners_and_why() -> None:
    done = subprocess.run([sys.executable, "-m", "aves_core", "replay",
                           str(GOLDEN / "shared_win.jsonl")],
                          capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    assert "won by ann (seat 0) and bo (seat 1) (the most wealth)" in done.stdout


def test_BX25_bad_notation_the_notations_golden_texts() -> None:
    entries = json.loads((GOLDEN / "notation.expected.json").read_text())
    assert len(entries) >= 8
    for entry in entries:
        text = entry["text"]
        if "code" in entry:
            with pytest.raises(NotationError) as error:
                BOXES.parse_move(text)
            assert (entry["code"], entry["message"]) == (error.value.code,
                                                         str(error.value)), text
        else:
            move = BOXES.parse_move(text)
            assert entry["move"] == BOXES.move_to_json(move), text
            assert text == BOXES.move_text(move)
