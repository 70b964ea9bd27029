"""Cubirds' golden logs: ``aves replay --json`` on each log of ``tests/games/cubirds/golden``
prints exactly its hand-checked expected object and exits with its expected status; the
notation's golden texts read as written by hand (``bad_notation`` cannot reach a log,
whose moves are JSON objects: a move written as text there is a ``schema`` problem)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from aves_core import NotationError, replay
from aves_core.games.cubirds.game import CUBIRDS
from aves_core.kernel.replay import is_form_problem

GOLDEN = Path(__file__).resolve().parent / "golden"
LOGS = sorted(path.name for path in GOLDEN.glob("*.jsonl"))

# What the golden logs must cover (GAME-DONE, CB17a): every end, every refusal code a log
# can meet, the setup's codes, and chance in the middle of a draw and of a refill.
ENDS = {"seven_species", "two_triples", "deck_exhausted"}
CODES = {"game_over", "not_your_turn", "wrong_phase", "unknown_species", "bad_row", "bad_side",
         "not_in_hand", "flock_too_small", "bad_reshuffle", "bad_players", "bad_options",
         "bad_dealer", "bad_deal"}


def expected_of(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (GOLDEN / name.replace(".jsonl", ".expected.json")).read_text())
    return data


def test_there_are_golden_logs_and_each_has_its_expectation_and_its_reasoning() -> None:
    assert len(LOGS) >= 25
    readme = (GOLDEN / "README.md").read_text()
    expectations = {path.name.removesuffix(".expected.json")
                    for path in GOLDEN.glob("*.expected.json")}
    assert expectations == {name.removesuffix(".jsonl") for name in LOGS} | {"notation"}
    for stem in expectations:
        assert f"**{stem}**" in readme, stem


def test_the_golden_logs_cover_every_end_and_every_code() -> None:
    outputs = [expected_of(name)["output"] for name in LOGS]
    reasons = {output["reason"] for output in outputs if output["valid"]}
    codes = {output["error"]["code"] for output in outputs if not output["valid"]}
    assert ENDS <= reasons
    assert CODES <= codes
    pending = {output["pending"] for output in outputs if output["valid"]}
    assert {"refill", "draw"} <= pending
    # Both exhaustions: a refill that finds no card (the game ends mid-turn, a row of one
    # species) and a new deal that cannot be made (every hand empty).
    exhausted = [output for output in outputs if output.get("reason") == "deck_exhausted"]
    assert {True, False} == {any(len(set(row)) == 1 for row in output["rows"])
                             for output in exhausted}
    notation = json.loads((GOLDEN / "notation.expected.json").read_text())
    assert any(entry.get("code") == "bad_notation" for entry in notation)


@pytest.mark.parametrize("name", LOGS)
def test_a_golden_log_replays_as_expected(name: str) -> None:
    expected = expected_of(name)
    outcome = replay(GOLDEN / name)
    assert expected["output"] == outcome.to_json()
    status = 0 if outcome.problem is None else 2 if is_form_problem(outcome.problem) else 1
    assert expected["exit"] == status


@pytest.mark.parametrize("name", ["seven_species.jsonl", "reshuffle_mid_draw.jsonl",
                                  "no_new_deal.jsonl", "bad_reshuffle.jsonl",
                                  "bad_deal_card_missing.jsonl"])
def test_the_command_prints_it_and_exits_with_its_status(name: str) -> None:
    expected = expected_of(name)
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


def test_CB17a_bad_notation_the_notations_golden_texts() -> None:  # noqa: N802
    entries = json.loads((GOLDEN / "notation.expected.json").read_text())
    assert len(entries) >= 8
    for entry in entries:
        text = entry["text"]
        if "code" in entry:
            with pytest.raises(NotationError) as error:
                CUBIRDS.parse_move(text)
            assert (entry["code"], entry["message"]) == (error.value.code,
                                                         str(error.value)), text
        else:
            move = CUBIRDS.parse_move(text)
            assert entry["move"] == CUBIRDS.move_to_json(move), text
            assert text == CUBIRDS.move_text(move)
