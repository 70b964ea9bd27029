"""The outside games, on this process's path and registered, and the PYTHONPATH that
gives them to a subprocess by their entry points (tests/outside/packages.py)."""

from __future__ import annotations

import importlib
import os
import sys

import pytest

from aves_core.kernel.registry import register_game
from outside.packages import PACKAGES, installed


@pytest.fixture(scope="session")
def outside_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Register the two games in this process (as an entry point would, without making
    every other test of the process see them by discovery) and give the PYTHONPATH
    through which a subprocess discovers them by their entry points."""
    path = installed(tmp_path_factory.mktemp("site"))
    for folder in reversed(path.split(os.pathsep)[1:]):
        if folder not in sys.path:
            sys.path.insert(0, folder)
    for package, name in PACKAGES.values():
        register_game(getattr(importlib.import_module(f"{package}.game"), name))
    return path
