"""docs/draft-cider.md: every test it names exists, every rule, decision and worked
example of the rules has a named test, its phase diagram is the declared machine, and
its examples run."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from aves_core.games.draft_cider.phases import PHASES

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent
PAGE = ROOT / "docs" / "draft-cider.md"
RULES = ROOT.parent / "shared" / "RULES-draft-cider.md"
RULE = re.compile(r"DC\d+[ab]?|D\d+|E\d")
NUMBERED = {f"DC{number}" for number in range(1, 21)} | {"DC19a", "DC19b"}
DECISIONS = {f"D{number}" for number in range(1, 17)}
EXAMPLES = {f"E{number}" for number in range(1, 5)}


def defined_tests() -> set[str]:
    """Every test function of the Draft Cider tests (its folder, the browser's and the
    learning environments')."""
    names: set[str] = set()
    paths = [*HERE.glob("test_draft_cider*.py"),
             *(ROOT / "tests").glob("*/test_*draft_cider*.py")]
    for path in paths:
        names |= set(re.findall(r"^(?:    )?def (test_\w+)", path.read_text(), re.MULTILINE))
    return names


def named_rules() -> set[str]:
    """The rules the tests name: the leading words of ``test_DC12_E2_...``."""
    found: set[str] = set()
    for name in defined_tests():
        for word in name.split("_")[1:]:
            if not RULE.fullmatch(word):
                break
            found.add(word)
    return found


def test_every_test_the_page_names_exists() -> None:
    named = set(re.findall(r"`(test_\w+)`", PAGE.read_text()))
    assert len(named) > 60
    assert set() == named - defined_tests()


def test_every_rule_decision_and_example_has_a_named_test() -> None:
    assert set() == (NUMBERED | DECISIONS | EXAMPLES) - named_rules()


def test_every_rule_and_decision_is_in_the_pages_tables() -> None:
    rows = set(re.findall(r"^\| (DC\d+[ab]?|D\d+) \|", PAGE.read_text(), re.MULTILINE))
    assert set() == (NUMBERED | DECISIONS) - rows


def test_the_rules_file_has_the_rules_the_tests_expect() -> None:
    # The lists above are the rules file's: a renumbered rules file fails here first.
    if not RULES.exists():
        return  # a checkout without shared/ beside it: the lists above still hold
    text = RULES.read_text()
    found = (set(re.findall(r"\*\*(DC\d+[ab]?)\b", text))
             | set(re.findall(r"\*\*\[(D\d+)\]\*\*", text))
             | set(re.findall(r"\*\*(E\d) ", text)))
    assert NUMBERED | DECISIONS | EXAMPLES == found


def test_the_pages_diagram_is_the_declared_machine() -> None:
    block = re.search(r"```mermaid\n(.*?)```", PAGE.read_text(), re.S)
    assert block is not None
    drawn = [line.strip() for line in PHASES.diagram().splitlines() if line.strip()]
    shown = [line.strip() for line in block.group(1).splitlines() if line.strip()]
    assert drawn[drawn.index("stateDiagram-v2"):] == shown


def test_the_page_gives_no_bot_figures_before_they_are_measured() -> None:
    # The strength table comes from `aves tournament`; until it is measured the section
    # says so, and holds no win share.
    text = PAGE.read_text()
    section = text.split("## Bots and their strength", 1)[1].split("\n## ", 1)[0]
    assert "| win share |" in section or "figures coming" in section.lower()


def test_the_pages_examples_run() -> None:
    done = subprocess.run([sys.executable, "-m", "doctest", "docs/draft-cider.md"], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert 0 == done.returncode, done.stdout[-3000:]
    assert ">>> " in PAGE.read_text()
