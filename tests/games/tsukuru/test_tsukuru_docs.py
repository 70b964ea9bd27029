"""docs/tsukuru.md: every test it names exists, every rule, decision and worked example
of the rules has a named test, and its examples run."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent
RULES = ROOT.parent / "shared" / "RULES-tsukuru.md"
RULE = re.compile(r"TK\d+a?|D\d+|E\d")


def defined_tests() -> set[str]:
    """Every test function of the Tsukuru tests."""
    names: set[str] = set()
    for path in HERE.glob("test_tsukuru*.py"):
        names |= set(re.findall(r"^(?:    )?def (test_\w+)", path.read_text(), re.MULTILINE))
    return names


def named_rules() -> set[str]:
    """The rules the tests name: the leading words of ``test_TK10_E2_...``."""
    found: set[str] = set()
    for name in defined_tests():
        for word in name.split("_")[1:]:
            if not RULE.fullmatch(word):
                break
            found.add(word)
    return found


def test_every_test_the_page_names_exists() -> None:
    named = set(re.findall(r"`(test_\w+)`", (ROOT / "docs" / "tsukuru.md").read_text()))
    assert len(named) > 50
    assert set() == named - defined_tests()


def test_every_rule_decision_and_example_has_a_named_test() -> None:
    expected = ({f"TK{number}" for number in range(1, 20)} | {"TK18a"}
                | {f"D{number}" for number in range(1, 12)}
                | {f"E{number}" for number in range(1, 5)})
    assert set() == expected - named_rules()


def test_the_rules_file_has_the_rules_the_tests_expect() -> None:
    # The list above is the rules file's: a renumbered rules file fails here first.
    if not RULES.exists():
        return  # a checkout without shared/ beside it: the list above still holds
    text = RULES.read_text()
    found = set(re.findall(r"\*\*(TK\d+a?)\.", text)) | set(re.findall(r"\*\*\[(D\d+)\]", text))
    assert {f"TK{number}" for number in range(1, 20)} | {"TK18a"} <= found
    assert {f"D{number}" for number in range(1, 12)} <= found


def test_the_pages_examples_run() -> None:
    done = subprocess.run([sys.executable, "-m", "doctest", "docs/tsukuru.md"], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert 0 == done.returncode, done.stdout[-3000:]
