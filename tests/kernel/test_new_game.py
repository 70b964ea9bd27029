"""``aves new-game NAME``: a package for a new game that works as written. Its own
tests pass, its entry point names its game, ruff finds nothing in it, the host serves
its drawing, and it plays in the terminal through its entry point."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from aves_core.cli import main
from aves_core.kernel.game import Game


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("new") / "race-demo"
    assert 0 == main(["new-game", "race-demo", "--dir", str(folder)])
    return folder


def _site(package: Path) -> str:
    """The PYTHONPATH of the package as pip installs it: its code and a dist-info folder
    with its entry points, read from its own pyproject.toml."""
    project = tomllib.loads((package / "pyproject.toml").read_text())["project"]
    points = project["entry-points"]["aves_core.games"]
    info = package / "site" / "aves_race_demo-0.1.0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: aves_race_demo\n"
                                   "Version: 0.1.0\n")
    (info / "entry_points.txt").write_text(
        "[aves_core.games]\n" + "".join(f"{name} = {target}\n"
                                        for name, target in points.items()))
    return os.pathsep.join((str(package / "site"), str(package / "src")))


def test_it_writes_a_package_with_its_game_tests_and_drawing(package: Path) -> None:
    written = sorted(str(path.relative_to(package)) for path in package.rglob("*")
                     if path.is_file() and "site" not in path.parts)
    assert ["README.md", "pyproject.toml", "src/aves_race_demo/__init__.py",
            "src/aves_race_demo/game.py", "src/aves_race_demo/web/index.js",
            "tests/test_game.py"] == written
    project = tomllib.loads((package / "pyproject.toml").read_text())
    target = project["project"]["entry-points"]["aves_core.games"]["race-demo"]
    assert "aves_race_demo.game:GAME" == target
    assert ["web/*"] == project["tool"]["setuptools"]["package-data"]["aves_race_demo"]


def test_its_own_tests_pass_as_written(package: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "tests"], cwd=package, env={**os.environ, "PYTHONPATH": "src"},
                          capture_output=True, text=True, timeout=300, check=False)
    assert 0 == done.returncode, done.stdout + done.stderr
    assert "5 passed" in done.stdout


def test_ruff_finds_nothing_in_it(package: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--isolated",
                           "--line-length", "100", "src", "tests"], cwd=package,
                          capture_output=True, text=True, check=False)
    assert (0, "All checks passed!\n") == (done.returncode, done.stdout)


def test_its_game_is_a_game_with_a_drawing_the_host_serves(package: Path,
                                                           tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from aves_core.host.app import create_app
    from aves_core.kernel.registry import register_game

    sys.path.insert(0, str(package / "src"))
    try:
        game = importlib.import_module("aves_race_demo.game").GAME
    finally:
        sys.path.remove(str(package / "src"))
    assert isinstance(game, Game)
    register_game(game)
    with TestClient(create_app(tmp_path / "tables.db")) as client:
        drawing = client.get("/games/race-demo/web/index.js")
        assert 200 == drawing.status_code
        assert "export function mount(root, context)" in drawing.text
        listed = [entry for entry in client.get("/api/games").json()["games"]
                  if entry["id"] == "race-demo"]
        assert listed[0]["web"] is not None


def test_it_plays_in_the_terminal_through_its_entry_point(package: Path,
                                                          tmp_path: Path) -> None:
    log = tmp_path / "race.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "aves_core", "play", "--game", "race-demo", "--seed", "2",
         "--bots", "search:50", "--color", "never", "--log", str(log)],
        input="1\n" * 40, env={**os.environ, "PYTHONPATH": _site(package)},
        capture_output=True, text=True, timeout=120, check=True)
    assert "game over: " in done.stdout
    assert " 1. add 1  (0:add 1)" in done.stdout


@pytest.mark.parametrize(("name", "message"), [
    ("Bad_Name", "'Bad_Name' is no game id"),
    ("9lives", "'9lives' is no game id"),
    ("a--b", "'a--b' is no game id"),
])
def test_a_bad_name_is_a_usage_error(name: str, message: str, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert 2 == main(["new-game", name, "--dir", str(tmp_path / "x")])
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_it_writes_over_nothing(package: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert 2 == main(["new-game", "race-demo", "--dir", str(package)])
    assert "exists and is not empty" in capsys.readouterr().err
