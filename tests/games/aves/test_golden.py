"""Golden logs: the regression data of the ``aves replay`` contract.

Each log in ``tests/games/aves/golden`` (``NAME.json`` or ``NAME.jsonl``) has its
hand-checked expected result beside it in ``NAME.expected.json``:
``{"exit": <status>, "output": <the one JSON object aves replay --json prints>}``.
``tests/games/aves/golden/README.md`` says, for each log, what it covers and why the
expected output is what it is. The logs are built by ``make_golden.py``; the
expected files are not generated.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from aves_core.kernel.replay import replay

GOLDEN = Path(__file__).resolve().parent / "golden"
README = GOLDEN / "README.md"

# The error codes of the table in LOG_FORMAT.md ("Error codes"), in its order.
LOG_FORMAT_CODES = (
    "not_json", "schema", "unsupported_version", "bad_players", "bad_deal",
    "bad_first_player", "game_over", "not_your_turn", "wrong_phase", "unknown_card",
    "card_not_in_hand", "gap_out_of_range", "crow_needs_match", "crow_cannot_return",
    "must_return_duplicate", "pass_not_allowed", "result_mismatch", "truncated",
)
# Problems of form: exit status 2 (LOG_FORMAT.md, "The command line"; ``unreadable``
# is aves-core's code for a missing or unreadable file). Every other code is exit 1.
FORM_CODES = frozenset({"not_json", "schema", "unsupported_version", "bad_players",
                        "bad_deal", "bad_first_player", "unreadable"})


def _golden_logs() -> list[str]:
    return sorted(
        path.name
        for path in GOLDEN.iterdir()
        if path.is_file()
        and path.suffix in (".json", ".jsonl")
        and not path.name.endswith(".expected.json")
    )


LOGS = _golden_logs()


def _expected_path(name: str) -> Path:
    return GOLDEN / (name.rsplit(".", 1)[0] + ".expected.json")


def _expected(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_expected_path(name).read_text())
    return data


def _one_json_object(stdout: str) -> dict[str, Any]:
    """The JSON object that is the whole of ``stdout`` (failing if it is anything else)."""
    value, end = json.JSONDecoder().raw_decode(stdout.lstrip())
    assert "" == stdout.lstrip()[end:].strip(), f"more than one JSON value: {stdout!r}"
    assert isinstance(value, dict), f"not a JSON object: {stdout!r}"
    return value


def test_there_are_golden_logs_of_both_forms() -> None:
    assert len(LOGS) >= 24
    assert any(name.endswith(".json") for name in LOGS)
    assert any(name.endswith(".jsonl") for name in LOGS)


@pytest.mark.parametrize("name", LOGS)
def test_expected_file_is_well_formed(name: str) -> None:
    expected = _expected(name)
    assert {"exit", "output"} == set(expected)
    output = expected["output"]
    if output["valid"]:
        assert 0 == expected["exit"]
        assert {"valid", "moves", "phase", "active_player", "winners", "reason", "hands",
                "circle", "deck"} == set(output)
    else:
        assert {"valid", "error"} == set(output)
        assert {"code", "move_index", "message"} == set(output["error"])
        code = output["error"]["code"]
        assert (2 if code in FORM_CODES else 1) == expected["exit"], code


def test_every_expected_file_belongs_to_a_log() -> None:
    expected_files = {path.name for path in GOLDEN.glob("*.expected.json")}
    assert {_expected_path(name).name for name in LOGS} == expected_files


@pytest.mark.parametrize("name", LOGS)
def test_command_line(name: str) -> None:
    """``aves replay LOG --json``: the exit status, exactly one JSON object, no stderr."""
    expected = _expected(name)
    completed = subprocess.run(
        [sys.executable, "-m", "aves_core", "replay", name, "--json"],
        cwd=GOLDEN, capture_output=True, text=True, timeout=60, check=False,
    )
    assert "" == completed.stderr
    assert expected["output"] == _one_json_object(completed.stdout)
    assert expected["exit"] == completed.returncode


@pytest.mark.parametrize("name", LOGS)
def test_python_api(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``replay(path).to_json()`` is the same object the command prints."""
    monkeypatch.chdir(GOLDEN)
    assert _expected(name)["output"] == replay(Path(name)).to_json()


def test_every_golden_log_has_a_note_in_the_readme() -> None:
    noted = set(re.findall(r"^### `([^`]+)`", README.read_text(), flags=re.MULTILINE))
    assert set(LOGS) == noted


def test_golden_logs_cover_every_error_code_of_the_log_format() -> None:
    covered = {
        _expected(name)["output"]["error"]["code"]
        for name in LOGS
        if not _expected(name)["output"]["valid"]
    }
    assert set(LOG_FORMAT_CODES) <= covered, set(LOG_FORMAT_CODES) - covered
    assert {0, 1, 2} == {_expected(name)["exit"] for name in LOGS}
