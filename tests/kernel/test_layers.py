"""The layers reach only down: the kernel names no game and no layer above it, a
game reaches no layer above the kernel, and the host's store interface knows none
of its implementations. Read from the source (every import, at any depth, typing
ones included), so a lazy import inside a function counts too."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "aves_core"
ABOVE_THE_KERNEL = ("aves_core.games", "aves_core.bots", "aves_core.host", "aves_core.envs",
                    "aves_core.cli", "aves_core.testing", "aves_core._compat")


def _parse(path: Path) -> ast.Module:
    """``ast.parse``, tried again once on CPython 3.11's spurious "AST constructor
    recursion depth mismatch" (gh-106905, fixed in 3.11.8: a garbage collection that
    runs other code while the tree is built upsets a global counter)."""
    try:
        return ast.parse(path.read_text(), str(path))
    except SystemError:
        return ast.parse(path.read_text(), str(path))


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(_parse(path)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "import_module" and node.args
              and isinstance(node.args[0], ast.Constant)):
            found.add(str(node.args[0].value))
    return found


def reaching(paths: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    """``file: module`` for each import of a forbidden module."""
    return sorted(f"{path.relative_to(PACKAGE)}: {module}" for path in paths
                  for module in imports_of(path)
                  if any(module == name or module.startswith(name + ".") for name in forbidden))


def test_the_kernel_imports_nothing_above_it() -> None:
    files = sorted((PACKAGE / "kernel").glob("*.py"))
    assert len(files) > 10
    assert [] == reaching(files, ABOVE_THE_KERNEL)


@pytest.mark.parametrize("game", sorted(path.name for path in (PACKAGE / "games").iterdir()
                                        if (path / "game.py").exists()))
def test_a_game_imports_nothing_above_the_kernel_nor_another_game(game: str) -> None:
    files = sorted((PACKAGE / "games" / game).rglob("*.py"))
    others = tuple(f"aves_core.games.{other.name}" for other in (PACKAGE / "games").iterdir()
                   if other.is_dir() and other.name != game)
    forbidden = tuple(name for name in ABOVE_THE_KERNEL if name != "aves_core.games") + others
    assert [] == reaching(files, forbidden)


def test_the_store_interface_knows_no_implementation() -> None:
    assert [] == reaching([PACKAGE / "host" / "store.py"],
                          ("aves_core.host.sqlite", "aves_core.host.pgstore",
                           "aves_core.host.stores"))
    # and the implementations do not import each other
    assert [] == reaching([PACKAGE / "host" / "pgstore.py"], ("aves_core.host.sqlite",))
    assert [] == reaching([PACKAGE / "host" / "sqlite.py"], ("aves_core.host.pgstore",))


def test_the_check_sees_a_lazy_import(tmp_path: Path) -> None:
    # The test above must be able to fail: a function-level import is found.
    module = tmp_path / "lazy.py"
    module.write_text("def f():\n    from aves_core.host import app\n"
                      "    import importlib\n    importlib.import_module('aves_core.games')\n")
    assert {"aves_core.host", "importlib", "aves_core.games"} == imports_of(module)
