"""Shared pytest configuration: the Hypothesis settings profiles, chosen by purpose.

Choose a profile with the environment variable ``AVES_HYPOTHESIS_PROFILE``:

- ``default`` (when the variable is unset: the README's test command, which every
  newcomer and every developer waits on after each change): 25 examples a property
  and 25 steps a stateful run, enough to catch a broken rule in minutes;
- ``ci``: the budget CI runs on every submission (100 examples, 50 stateful steps),
  derandomized (the same examples on every run, so a red CI can be reproduced) and
  with no example database;
- ``thorough``: many more examples and longer stateful runs, for a deliberate
  hunt (``AVES_HYPOTHESIS_PROFILE=thorough .venv/bin/python -m pytest``);
- ``pythons``: the same tests on another Python (CI's nox sessions on 3.12 and 3.13,
  after the whole suite has run on 3.11 at CI's budget): 5 examples a property and
  10 stateful steps, derandomized. What breaks on one Python and not another (a
  syntax, a library's behaviour, a compiler's) breaks on the first example; finding
  the rare example is the other profiles' work.

A test that sets its own ``max_examples`` keeps it under every profile. Every profile
has ``deadline=None``: a random playout's time depends on how long the game runs, and
timing is not what these tests are about.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from budget import PROFILE
from hypothesis import HealthCheck, settings
from pgserver import PostgresServer, postgres_binaries

if TYPE_CHECKING:
    from hostserver import ServeProcess

# strategies.py holds the rule oracles; let pytest rewrite their asserts for readable failures.
pytest.register_assert_rewrite("strategies")

settings.register_profile(
    "default",
    max_examples=25,
    stateful_step_count=25,
    deadline=None,
    # A playout of up to 150 moves is slow to generate by Hypothesis's standards.
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci",
    parent=settings.get_profile("default"),
    max_examples=100,
    stateful_step_count=50,
    derandomize=True,
    database=None,
    print_blob=True,
)
settings.register_profile(
    "thorough",
    parent=settings.get_profile("default"),
    max_examples=2000,
    stateful_step_count=100,
)
settings.register_profile(
    "pythons",
    parent=settings.get_profile("default"),
    max_examples=5,
    stateful_step_count=10,
    derandomize=True,
    database=None,
)
settings.load_profile(PROFILE)


# The modules whose tests take many seconds each (whole games in Chromium, servers started
# and killed, OpenSpiel's and Ray's own processes, the conformance kits) run first: a
# parallel run (``pytest -n 2``, which hands out tests in this order) then ends on short
# tests instead of waiting for a long one that began last. Not ``--dist loadfile``,
# which would start each module's server once: it keys tests by id, and schemathesis's
# fuzz cases (tests/host/test_host_fuzz.py) share one id, so 13 of its 14 went unrun.
SLOW_FIRST = ("test_browser", "test_openspiel", "test_simray", "conformance",
              "test_host_reliability", "test_host_seal_races", "test_host_clock_memory",
              "test_host_bot_owners")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the modules of ``SLOW_FIRST`` first, each module's tests still together and
    in their order."""
    def slow(item: pytest.Item) -> bool:
        return any(part in item.path.name for part in SLOW_FIRST)

    items.sort(key=lambda item: not slow(item))


REQUIRE_POSTGRES = "AVES_REQUIRE_POSTGRES"
"""Set by .ci/run: a missing PostgreSQL fails the tests that need it, never skips them."""


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server of this test process, started once and stopped at the end."""
    if postgres_binaries() is None:
        if os.environ.get(REQUIRE_POSTGRES):
            pytest.fail("PostgreSQL is required (AVES_REQUIRE_POSTGRES) but not installed")
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    server = PostgresServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """The URL of a new, empty database on the tests' PostgreSQL server."""
    return postgres_server.create_database()


# --- the browser tests' (tests/host/test_browser*.py) ---------------------------------------
#
# Their helpers live beside them in tests/host (browserkit, hostserver), which is on the
# path once one of those modules is imported: hence the imports inside the fixtures.


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium for a module's browser tests (each test opens its own pages)."""
    from browserkit import launch_browser

    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    """A real ``aves serve`` on an SQLite file, shared by a module's browser tests: each
    plays at tables of its own. Starting a server costs a Python process with every game
    imported, and starting one a test was much of the suite's time. A test that stops its
    server, or needs other options, starts a ``ServeProcess`` of its own."""
    from browserkit import serve

    yield from serve(tmp_path_factory.mktemp("serve"))
