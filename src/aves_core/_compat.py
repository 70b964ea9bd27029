"""The module paths of aves-core 0.1, which still import.

AVES's modules moved into ``aves_core.games.aves`` (and the shared machinery
into ``aves_core.kernel``, the command into ``aves_core.cli``, the server into
``aves_core.host``). Code written for 0.1 that imports ``aves_core.rules`` or
``aves_core.session`` keeps working: an import hook gives it a module holding
the same names as the module's new home (for ``aves_core.session``, AVES's
table as ``Table``). New code should import from the new homes, or from the
``aves_core`` facade.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from types import ModuleType

__all__ = ["MOVED", "install"]

MOVED: dict[str, str] = {
    "aves_core.cards": "aves_core.games.aves.cards",
    "aves_core.moves": "aves_core.games.aves.moves",
    "aves_core.state": "aves_core.games.aves.state",
    "aves_core.rules": "aves_core.games.aves.rules",
    "aves_core.phases": "aves_core.games.aves.phases",
    "aves_core.events": "aves_core.games.aves.events",
    "aves_core.views": "aves_core.games.aves.views",
    "aves_core.serialize": "aves_core.games.aves.serialize",
    "aves_core.log": "aves_core.games.aves.log",
    "aves_core.sim": "aves_core.games.aves.sim",
    "aves_core.session": "aves_core.games.aves.table",
    "aves_core.bots.greedy": "aves_core.games.aves.bots.greedy",
    "aves_core.bots.knowledge": "aves_core.games.aves.bots.knowledge",
    "aves_core.errors": "aves_core.kernel.errors",
    "aves_core.reader": "aves_core.kernel.reader",
    "aves_core.replay": "aves_core.kernel.replay",
    "aves_core.simulate_cmd": "aves_core.cli.simulate",
    "aves_core.play_cmd": "aves_core.cli.play",
}
"""Each 0.1 module path, and the module that now holds its names."""

_RENAMED: dict[str, dict[str, str]] = {
    # 0.1's Table took AVES's arguments: that is AvesTable now.
    "aves_core.session": {"Table": "AvesTable"},
}


class _Alias(importlib.abc.Loader):
    """Fills a module of the old name with the public names of the new module."""

    def __init__(self, target: str) -> None:
        self.target = target

    def exec_module(self, module: ModuleType) -> None:
        new = importlib.import_module(self.target)
        names = {name: value for name, value in vars(new).items()
                 if not name.startswith("__")}
        for old, current in _RENAMED.get(module.__name__, {}).items():
            names[old] = getattr(new, current)
        vars(module).update(names)
        module.__doc__ = f"aves-core 0.1's {module.__name__}: now {self.target}."


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        moved = MOVED.get(fullname)
        if moved is None:
            return None
        return importlib.util.spec_from_loader(fullname, _Alias(moved))


def install() -> None:
    """Make the 0.1 paths importable (once)."""
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.append(_Finder())
