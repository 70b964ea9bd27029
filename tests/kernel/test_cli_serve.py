"""``aves serve`` says where to point a browser as it starts: the address it listens on,
and "Open http://127.0.0.1:PORT/ in a browser" (the loopback address when it listens on
every address; a free port chosen before it starts for ``--port 0``). uvicorn is
replaced by a stand-in that records how it was called; the real server is started by
the host's own tests and by .ci/run."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from aves_core.cli import main

uvicorn = pytest.importorskip("uvicorn")  # the web extra

TIMEOUT_VARIABLES = ("AVES_TIMEOUT_HEAD", "AVES_TIMEOUT_BODY", "AVES_TIMEOUT_KEEP_ALIVE")


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The keyword arguments of each uvicorn.run, which returns at once."""
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: calls.append(kwargs))
    monkeypatch.setenv("AVES_DB", "")  # serve sets it: restored after the test
    monkeypatch.setenv("AVES_REPLAYS_PER_MINUTE", "")  # as AVES_DB
    for variable in TIMEOUT_VARIABLES:  # as AVES_DB (empty: unset, the default)
        monkeypatch.setenv(variable, "")
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


def test_the_time_limits_reach_uvicorn_and_the_workers(
        tmp_path: Path, started: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> None:
    from aves_core.host.protocol import HeadDeadlineProtocol

    monkeypatch.setenv("AVES_TIMEOUT_BODY", "7")  # the environment's, under the option's
    monkeypatch.setenv("AVES_TIMEOUT_KEEP_ALIVE", "9")
    assert 0 == main(["serve", "--port", "0", "--db", str(tmp_path / "aves.db"),
                      "--timeout-head", "2.5", "--timeout-keep-alive", "1.5"])
    assert HeadDeadlineProtocol is started[0]["http"]
    assert 2 == started[0]["timeout_keep_alive"]  # uvicorn's whole seconds, rounded up
    assert ["2.5", "7.0", "1.5"] == [os.environ[variable] for variable in TIMEOUT_VARIABLES]


def test_the_default_time_limits(tmp_path: Path, started: list[dict[str, Any]]) -> None:
    assert 0 == main(["serve", "--port", "0", "--db", str(tmp_path / "aves.db")])
    assert 5 == started[0]["timeout_keep_alive"]
    assert ["10.0", "30.0", "5.0"] == [os.environ[variable] for variable in TIMEOUT_VARIABLES]


@pytest.mark.parametrize(("argument", "variable", "error"), [
    ("--timeout-head=0", "", "--timeout-head must be a positive number of seconds"),
    ("--timeout-body=inf", "", "--timeout-body must be a positive number of seconds"),
    ("", "soon", "AVES_TIMEOUT_BODY must be a positive number of seconds, not 'soon'"),
    ("", "-1", "AVES_TIMEOUT_BODY must be a positive number of seconds, not '-1'")])
def test_a_time_limit_that_is_not_a_positive_number_is_exit_2(
        argument: str, variable: str, error: str, tmp_path: Path,
        started: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("AVES_TIMEOUT_BODY", variable)
    assert 2 == main(["serve", "--port", "0", "--db", str(tmp_path / "aves.db"),
                      *filter(None, [argument])])
    assert f"aves serve: {error}\n" == capsys.readouterr().err
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


def test_by_default_no_forwarded_header_is_believed(
        tmp_path: Path, started: list[dict[str, Any]]) -> None:
    assert 0 == main(["serve", "--port", "0", "--db", str(tmp_path / "aves.db")])
    assert (False, []) == (started[0]["proxy_headers"], started[0]["forwarded_allow_ips"])


def test_the_proxies_named_reach_uvicorn(tmp_path: Path, started: list[dict[str, Any]]) -> None:
    assert 0 == main(["serve", "--port", "0", "--db", str(tmp_path / "aves.db"),
                      "--forwarded-allow-ips", "127.0.0.1, ::1,10.0.0.0/8"])
    assert (True, ["127.0.0.1", "::1", "10.0.0.0/8"]) == (
        started[0]["proxy_headers"], started[0]["forwarded_allow_ips"])


@pytest.mark.parametrize(("value", "item"), [
    ("proxy.local", "'proxy.local'"), ("10.0.0.1/8", "'10.0.0.1/8'"),
    ("127.0.0.1,", "''"), ("*,10.0.0.1", "'*'")])
def test_a_proxy_that_is_no_address_is_exit_2(
        value: str, item: str, tmp_path: Path, started: list[dict[str, Any]],
        capsys: pytest.CaptureFixture[str]) -> None:
    assert 2 == main(["serve", "--port", "0", "--db", str(tmp_path / "aves.db"),
                      "--forwarded-allow-ips", value])
    assert (f"aves serve: --forwarded-allow-ips: {item} is not an IP address or network "
            "(such as 127.0.0.1, ::1 or 10.0.0.0/8), nor * alone\n") == capsys.readouterr().err
    assert [] == started


def test_the_replays_a_client_may_ask_for_reach_the_workers(
        tmp_path: Path, started: list[dict[str, Any]],
        capsys: pytest.CaptureFixture[str]) -> None:
    # (A real server under a limit: tests/host/test_host_input.py.)
    db = str(tmp_path / "aves.db")
    assert 0 == main(["serve", "--port", "0", "--db", db])
    assert "30.0" == os.environ["AVES_REPLAYS_PER_MINUTE"]  # the default
    assert 0 == main(["serve", "--port", "0", "--db", db, "--replays-per-minute", "5"])
    assert "5.0" == os.environ["AVES_REPLAYS_PER_MINUTE"]
    assert 2 == main(["serve", "--port", "0", "--db", db, "--replays-per-minute", "0"])
    assert "aves serve: --replays-per-minute must be from 1 to 1e9\n" == capsys.readouterr().err


def test_the_bots_quantum_reaches_the_workers(
        tmp_path: Path, started: list[dict[str, Any]],
        capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "aves.db")
    assert 0 == main(["serve", "--port", "0", "--db", db])
    assert "0.05" == os.environ["AVES_BOT_QUANTUM"]  # the default
    assert 0 == main(["serve", "--port", "0", "--db", db, "--bot-quantum", "0"])
    assert "0.0" == os.environ["AVES_BOT_QUANTUM"]
    assert 2 == main(["serve", "--port", "0", "--db", db, "--bot-quantum", "-1"])
    assert "aves serve: --bot-quantum must be from 0 to 10 seconds\n" == capsys.readouterr().err
