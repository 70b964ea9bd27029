"""docs/cubirds.md: every test it names exists, every rule and decision of the rules
has a named test, and its examples run."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent
RULES = ROOT.parent / "shared" / "RULES-cubirds.md"


def defined_tests() -> set[str]:
    """Every test function of the Cubirds tests."""
    names: set[str] = set()
    for path in HERE.glob("test_cubirds*.py"):
        names |= set(re.findall(r"^(?:    )?def (test_\w+)", path.read_text(), re.MULTILINE))
    return names


def test_every_test_the_page_names_exists() -> None:
    named = set(re.findall(r"`(test_\w+)`", (ROOT / "docs" / "cubirds.md").read_text()))
    assert len(named) > 60
    assert set() == named - defined_tests()


def test_every_rule_decision_and_example_has_a_named_test() -> None:
    expected = ({f"CB{number}" for number in range(1, 20)} | {"CB17a"}
                | {f"D{number}" for number in range(1, 14)}
                | {f"E{number}" for number in range(1, 6)})
    named = {name.split("_")[1] for name in defined_tests()
             if re.match(r"test_(CB\d+a?|D\d+|E\d)_", name)}
    assert set() == expected - named


def test_the_rules_file_has_the_rules_the_tests_expect() -> None:
    # The list above is the rules file's: a renumbered rules file fails here first.
    if not RULES.exists():
        return  # a checkout without shared/ beside it: the list above still holds
    text = RULES.read_text()
    found = set(re.findall(r"\*\*(CB\d+a?)\.", text)) | set(re.findall(r"\*\*\[(D\d+)\]", text))
    assert {f"CB{number}" for number in range(1, 20)} | {"CB17a"} <= found
    assert {f"D{number}" for number in range(1, 14)} <= found


def test_the_pages_examples_run() -> None:
    done = subprocess.run([sys.executable, "-m", "doctest", "docs/cubirds.md"], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert 0 == done.returncode, done.stdout[-3000:]
