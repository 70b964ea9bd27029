"""docs/boxes.md: every test it names exists, every rule, decision and example of the
rules has a named test, and its examples run."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent
RULES = ROOT.parent / "shared" / "RULES-boxes.md"
EXPECTED = ({f"BX{number}" for number in range(1, 26)} | {"BX4a"}
            | {f"D{number}" for number in range(1, 14)}
            | {f"E{number}" for number in range(1, 5)})


def defined_tests() -> set[str]:
    """Every test function of the Boxes tests."""
    names: set[str] = set()
    for path in HERE.glob("test_boxes*.py"):
        names |= set(re.findall(r"^(?:    )?def (test_\w+)", path.read_text(), re.MULTILINE))
    return names


def test_every_test_the_page_names_exists() -> None:
    named = set(re.findall(r"`(test_\w+)`", (ROOT / "docs" / "boxes.md").read_text()))
    assert len(named) > 50
    assert set() == named - defined_tests()


def test_every_rule_decision_and_example_has_a_named_test() -> None:
    named = {match[1] for name in defined_tests()
             if (match := re.match(r"test_(BX\d+a?|D\d+|E\d)_", name))}
    assert set() == EXPECTED - named


def test_the_rules_file_has_the_rules_the_tests_expect() -> None:
    if not RULES.exists():
        return  # a checkout without shared/ beside it: the list above still holds
    text = RULES.read_text()
    found = (set(re.findall(r"\*\*(BX\d+a?)\*\*", text))
             | set(re.findall(r"\*\*\[(D\d+)\]\*\*", text))
             | set(re.findall(r"\*\*(E\d)\b", text)))
    assert EXPECTED == found


def test_the_page_shows_the_phases_diagram_of_the_code() -> None:
    from aves_core.games.boxes.phases import PHASES

    page = (ROOT / "docs" / "boxes.md").read_text()
    shown = page.split("```mermaid\n", 1)[1].split("```", 1)[0]
    drawn = PHASES.diagram()
    lines = [line.strip() for line in drawn.splitlines() if line.strip()]
    assert lines[lines.index("stateDiagram-v2"):] == [
        line.strip() for line in shown.splitlines() if line.strip()]


def test_the_pages_examples_run() -> None:
    done = subprocess.run([sys.executable, "-m", "doctest", "docs/boxes.md"], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert 0 == done.returncode, done.stdout[-3000:]
