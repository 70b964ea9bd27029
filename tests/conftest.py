"""Shared pytest configuration: the Hypothesis settings profiles, chosen by purpose.

Choose a profile with the environment variable ``AVES_HYPOTHESIS_PROFILE``:

- ``default`` (when the variable is unset: the README's test command, which every
  newcomer and every developer waits on after each change): 25 examples a property
  and 25 steps a stateful run, enough to catch a broken rule in minutes;
- ``ci``: the budget CI runs on every submission (100 examples, 50 stateful steps),
  derandomized (the same examples on every run, so a red CI can be reproduced) and
  with no example database;
- ``thorough``: many more examples and longer stateful runs, for a deliberate
  hunt (``AVES_HYPOTHESIS_PROFILE=thorough .venv/bin/python -m pytest``).

A test that sets its own ``max_examples`` keeps it under every profile. Every profile
has ``deadline=None``: a random playout's time depends on how long the game runs, and
timing is not what these tests are about.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings
from pgserver import PostgresServer, postgres_binaries

# strategies.py holds the rule oracles; let pytest rewrite their asserts for readable failures.
pytest.register_assert_rewrite("strategies")

PROFILE_VARIABLE = "AVES_HYPOTHESIS_PROFILE"

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
settings.load_profile(os.environ.get(PROFILE_VARIABLE, "default"))


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
