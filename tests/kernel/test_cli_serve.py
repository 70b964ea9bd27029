"""``aves serve`` says where to point a browser as it starts: the address it listens on,
and "Open http://127.0.0.1:PORT/ in a browser" (the loopback address when it listens on
every address; a free port chosen before it starts for ``--port 0``). uvicorn is
replaced by a stand-in that records how it was called; the real server is started by
the host's own tests and by .ci/run."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from aves_core.cli import main

uvicorn = pytest.importorskip("uvicorn")  # the web extra


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The keyword arguments of each uvicorn.run, which returns at once."""
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: calls.append(kwargs))
    monkeypatch.setenv("AVES_DB", "")  # serve sets it: restored after the test
    return calls


@pytest.mark.parametrize(("host", "opened"), [("127.0.0.1", "127.0.0.1"),
                                              ("0.0.0.0", "127.0.0.1"),
                                              ("localhost", "localhost")])
def test_serve_prints_the_address_to_open(
        host: str, opened: str, tmp_path: Path, started: list[dict[str, Any]],
        capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "aves.db"
    assert 0 == main(["serve", "--host", host, "--port", "8123", "--db", str(db)])
    lines = capsys.readouterr().out.splitlines()
    assert [f"aves serve: listening on http://{host}:8123 ({db}, 1 worker; Ctrl-C stops)",
            f"Open http://{opened}:8123/ in a browser"] == lines
    assert [(host, 8123)] == [(call["host"], call["port"]) for call in started]


def test_port_0_prints_the_free_port_it_listens_on(
        tmp_path: Path, started: list[dict[str, Any]],
        capsys: pytest.CaptureFixture[str]) -> None:
    assert 0 == main(["serve", "--port", "0", "--db", str(tmp_path / "aves.db")])
    found = re.fullmatch(r"Open http://127\.0\.0\.1:(\d+)/ in a browser",
                         capsys.readouterr().out.splitlines()[-1])
    assert found is not None
    assert 0 < int(found[1]) == started[0]["port"]


def test_a_database_that_cannot_be_opened_is_one_line_and_exit_2(
        tmp_path: Path, started: list[dict[str, Any]],
        capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "no such folder" / "aves.db"
    assert 2 == main(["serve", "--port", "0", "--db", str(db)])
    error = capsys.readouterr().err
    assert f"aves serve: cannot open the database {db}: unable to open database file\n" \
        == error
    assert [] == started


def test_the_readme_quick_start_is_what_ci_runs() -> None:
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text()
    block = re.search(r"## Quick start\n\n```sh\n(.*?)```", readme, re.S)
    assert block is not None
    first, second = block[1].splitlines()
    assert ("python3 -m venv .venv && .venv/bin/pip install -e '.[web]' && "
            ".venv/bin/aves serve") == first
    assert ".venv/bin/pip install -e '.[dev]' && .venv/bin/python -m pytest -n 2" == second
    ci = (root / ".ci" / "run").read_text()
    web, serve, dev, tests = (ci.index("pip install --quiet -e '.[web]'"),
                              ci.index('"$venv/bin/aves" serve --port 0'),
                              ci.index("pip install --quiet -e '.[dev]'"),
                              ci.index('"$venv/bin/python" -m pytest -n 2'))
    assert web < serve < dev < tests  # in the README's order, the light install first
