"""Draft Cider's golden logs: ``aves replay --json`` on each log of
``tests/games/draft_cider/golden`` prints exactly its hand-checked expected object and
exits with its expected status; the notation's golden texts read as written by hand (a
log's moves are JSON objects: a move written as text there is a ``schema`` problem, and
a card of no card's shape ``bad_notation``)."""

# ruff: noqa: N802

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from aves_core import NotationError, replay
from aves_core.games.draft_cider.game import DRAFT_CIDER
from aves_core.kernel.replay import is_form_problem

GOLDEN = Path(__file__).resolve().parent / "golden"
LOGS = sorted(path.name for path in GOLDEN.glob("*.jsonl"))

# Every refusal code of DC19b (bad_notation: a card of no card's shape, as a log may carry),
# the setup's codes, and the kernel's codes the logs show.
CODES = {"game_over", "not_your_turn", "bad_notation", "not_in_pool", "unknown_lot",
         "lot_refuses"}
SETUP_CODES = {"bad_players", "bad_options", "bad_first", "bad_deck"}
KERNEL_CODES = {"schema", "result_mismatch"}
# Each lot's maximum with twelve cards (DC10-DC17, [D2]).
MAXIMA = {"mono": 78, "feather": 132, "unlucky": 144, "forte": 48, "couple": 42,
          "stable": 41}


def expected_of(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (GOLDEN / name.replace(".jsonl", ".expected.json")).read_text())
    return data


def output_of(stem: str) -> dict[str, Any]:
    output: dict[str, Any] = expected_of(f"{stem}.jsonl")["output"]
    return output


def test_each_golden_log_has_its_expectation_and_its_reasoning() -> None:
    assert len(LOGS) >= 30
    readme = (GOLDEN / "README.md").read_text()
    expectations = {path.name.removesuffix(".expected.json")
                    for path in GOLDEN.glob("*.expected.json")}
    assert expectations == {name.removesuffix(".jsonl") for name in LOGS} | {"notation"}
    for stem in expectations:
        assert f"**{stem}**" in readme, stem


def test_DC19b_the_golden_logs_cover_every_code_and_the_end() -> None:
    outputs = [expected_of(name)["output"] for name in LOGS]
    codes = {output["error"]["code"] for output in outputs if not output["valid"]}
    assert codes == CODES | SETUP_CODES | KERNEL_CODES
    ended = [output for output in outputs if output["valid"] and output["phase"] == "gameEnd"]
    assert {output["reason"] for output in ended} == {"most_points"}
    # DC18: a single winner and a shared win; DC1: 2 and 6 players (and 3).
    assert {1, 2} == {len(output["winners"]) for output in ended}
    assert {2, 3, 6} <= {len(output["scores"]) for output in ended}
    notation = json.loads((GOLDEN / "notation.expected.json").read_text())
    assert any(entry.get("code") == "bad_notation" for entry in notation)


def test_DC10_DC16_each_lot_at_its_maximum() -> None:
    output = output_of("six_maxima_6p")
    reached = {lot: points for seat in output["lot_scores"]
               for lot, points in seat.items() if points}
    assert reached == MAXIMA
    assert output["scores"] == [41, 42, 48, 78, 132, 144]
    assert output["undealt"] == ["G24", "R45", "R55"]  # DC4: 3 cards never seen


def test_DC17_DC19_twelve_bad_cards_at_each_bad_points() -> None:
    seat_0 = {stem: output_of(stem)["lot_scores"][0]["bad"]
              for stem in ("bad_minus_2p", "bad_zero_2p", "bad_plus_2p")}
    assert seat_0 == {"bad_minus_2p": -12, "bad_zero_2p": 0, "bad_plus_2p": 12}
    assert [output_of(stem)["winners"] for stem in seat_0] == [[1], [1], [0]]


def test_DC12_the_tree_kept_and_the_tree_lost() -> None:
    output = output_of("shared_win_3p")
    kept, lost = output["orchards"][0], output["orchards"][1]
    assert (kept["tree"], kept["bad"], output["lot_scores"][0]["tree"]) == (
        ["Y44"], ["Y13"], 20)
    assert lost["tree"] == ["G43"]
    assert {"G41", "G42"} <= set(lost["feather"])
    assert output["lot_scores"][1]["tree"] == 0
    assert output_of("tree_after_bad")["lot_scores"][0]["tree"] == 20


def test_DC18_equal_highest_scores_share_the_win() -> None:
    output = output_of("shared_win_3p")
    assert (output["scores"], output["winners"]) == ([45, 45, 41], [0, 1])


@pytest.mark.parametrize("name", LOGS)
def test_a_golden_log_replays_as_expected(name: str) -> None:
    expected = expected_of(name)
    outcome = replay(GOLDEN / name)
    assert expected["output"] == outcome.to_json()
    status = 0 if outcome.problem is None else 2 if is_form_problem(outcome.problem) else 1
    assert expected["exit"] == status


@pytest.mark.parametrize("name", ["shared_win_3p.jsonl", "six_maxima_6p.jsonl",
                                  "lot_refuses_tree_colour.jsonl", "bad_deck_short.jsonl"])
def test_the_command_prints_it_and_exits_with_its_status(name: str) -> None:
    expected = expected_of(name)
    done = subprocess.run([sys.executable, "-m", "aves_core", "replay", "--json",
                           str(GOLDEN / name)], capture_output=True, text=True, timeout=60,
                          check=False)
    assert (expected["exit"], "") == (done.returncode, done.stderr)
    assert expected["output"] == json.loads(done.stdout)


@pytest.mark.parametrize("name", ["game_over.jsonl", "not_your_turn.jsonl",
                                  "not_in_pool_taken.jsonl", "unknown_lot.jsonl",
                                  "lot_refuses_feather_closed.jsonl"])
def test_DC19b_the_command_in_words_names_the_code_and_the_move(name: str) -> None:
    error = expected_of(name)["output"]["error"]
    done = subprocess.run([sys.executable, "-m", "aves_core", "replay", str(GOLDEN / name)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    words = done.stdout + done.stderr
    assert f"{error['code']} at move {error['move_index']}: {error['message']}" in words


def test_the_command_in_words_tells_the_winners_and_why() -> None:
    done = subprocess.run([sys.executable, "-m", "aves_core", "replay",
                           str(GOLDEN / "shared_win_3p.jsonl")],
                          capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    assert "won by ann (seat 0) and bo (seat 1) (the most points)" in done.stdout


def test_DC19b_bad_notation_the_notations_golden_texts() -> None:
    entries = json.loads((GOLDEN / "notation.expected.json").read_text())
    assert len(entries) >= 10
    for entry in entries:
        text = entry["text"]
        if "code" in entry:
            with pytest.raises(NotationError) as error:
                DRAFT_CIDER.parse_move(text)
            assert (entry["code"], entry["message"]) == (error.value.code,
                                                         str(error.value)), text
        else:
            move = DRAFT_CIDER.parse_move(text)
            assert entry["move"] == DRAFT_CIDER.move_to_json(move), text
            assert entry.get("canonical", text) == DRAFT_CIDER.move_text(move)
