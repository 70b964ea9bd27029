"""Every docstring of the checkout's Python is text that UTF-8 can write, on every Python
the package claims. CPython 3.13 cleans a docstring's indentation as it compiles, through
UTF-8, and a docstring holding a lone surrogate (``"\\ud800"`` written unescaped in a
non-raw docstring) makes the module fail to import there: aves_core.host.wire did, and
with it ``aves serve``. The main run is on 3.11, which compiles such a docstring without
complaint; this says so there too (the nox session ``core-3.13`` runs the real thing)."""

from __future__ import annotations

import ast
from pathlib import Path

from test_layers import _parse as parse  # ast.parse, past 3.11.7's spurious SystemError

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("src", "tests", "tools", "bench", "examples")


def sources() -> list[Path]:
    """The checkout's Python files (not a build's copies nor a virtual environment's)."""
    found = [path for folder in FOLDERS for path in (ROOT / folder).rglob("*.py")
             if not {"build", ".nox", ".venv", "__pycache__"} & set(path.parts)]
    return sorted([*found, *ROOT.glob("*.py")])


def test_no_docstring_holds_what_utf8_cannot_write() -> None:
    files = sources()
    assert any(path.name == "wire.py" for path in files)
    unwritable = []
    for path in files:
        for node in ast.walk(parse(path)):
            if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                              | ast.AsyncFunctionDef):
                continue
            doc = ast.get_docstring(node, clean=False)
            try:
                (doc or "").encode("utf-8")
            except UnicodeEncodeError as error:
                unwritable.append(f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 1)}: "
                                  f"{error.reason}")
    assert [] == unwritable
