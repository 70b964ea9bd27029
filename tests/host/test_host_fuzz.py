"""Fuzzing the web host against its own OpenAPI description, with schemathesis.

Schemathesis reads ``/api/openapi.json`` and sends requests of every shape the
description allows and many it does not (wrong types, missing bodies, unknown
methods), checking each answer with every check schemathesis has but one: never a
server error, a status, headers and a content type the description names, a body of
the schema the description gives for its status (``response_schema_conformance``:
each answer's fields, every refusal the one JSON error; a test below makes sure it
runs), bad requests refused. Half of the requests are aimed at a real table
with real seat tokens (the owner's, another seat's, a made-up one), so moves, undos
and leaves reach the game and the store; every refusal must leave the store
exactly as it was. The real tables have no bots (a bot's move would change them
in its own time); a seat that leaves gets one, so a leave brings fresh tables.

One check is left out on purpose: ``positive_data_acceptance`` expects every
request the description allows to succeed, but most are refused by the game's
rules, not by their shape (a schema-valid move that is illegal, an index past
the table's events), and those refusals are the point.
"""

from __future__ import annotations

import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hostserver import TESTING
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.checks import (
    missing_required_header,
    negative_data_rejection,
    positive_data_acceptance,
)
from starlette.testclient import TestClient

from aves_core.host.app import create_app
from aves_core.host.sqlite import SQLiteStore

FOLDER = Path(tempfile.mkdtemp(prefix="aves-fuzz-"))
APP = create_app(FOLDER / "tables.db", **TESTING)
# The real tables are made through a second app over the same database: schemathesis
# keeps APP's lifespan running, and a TestClient of APP would start and end another.
SETUP_APP = create_app(FOLDER / "tables.db", **TESTING)
schema = schemathesis.openapi.from_asgi("/api/openapi.json", APP)


def _real_tables() -> tuple[list[str], dict[tuple[str, int], str]]:
    """An AVES table of three (seats 0 and 1 joined, seat 2 free) and a Soulaween one
    (seat 0 joined): no bots, so nothing changes unless a request changes it."""
    tokens: dict[tuple[str, int], str] = {}
    tables = []
    with TestClient(SETUP_APP) as client:
        for game, players, joined in (("aves", ["ann", "bo", "cy"], (0, 1)),
                                      ("soulaween", ["ann", "bo"], (0,))):
            created = client.post("/api/tables", json={"game": game, "players": players,
                                                       "seed": 5})
            table = created.json()["table"]
            for seat in joined:
                tokens[table, seat] = client.post(
                    f"/api/tables/{table}/seats/{seat}/join").json()["token"]
            tables.append(table)
    return tables, tokens


EXCLUDED = [positive_data_acceptance]
"""The checks every request is spared (see the module's docstring)."""
TABLES, TOKENS = _real_tables()
STORE = SQLiteStore(FOLDER / "tables.db")


def snapshot() -> tuple[int, list[Any]]:
    """How many tables the store holds, and everything about the real ones: their
    records (seats, tokens' hashes, result) and their actions."""
    return (len(STORE.tables(limit=100_000)),
            [(STORE.table(table), STORE.actions(table)) for table in TABLES])


@schema.parametrize()
@schema.given(aim=st.data())
@settings(max_examples=40, suppress_health_check=list(HealthCheck), deadline=None)
def test_every_request_gets_an_answer_the_description_allows(case: Any, aim: Any) -> None:
    path = case.path_parameters or {}
    auth: dict[str, str] | None = None
    if "table" in path and aim.draw(st.booleans(), label="a real table"):
        path["table"] = aim.draw(st.sampled_from(TABLES), label="table")
        if "seat" in path:
            path["seat"] = aim.draw(st.sampled_from([0, 1, 2, 7]), label="seat")
        token = aim.draw(st.sampled_from([*TOKENS.values(), "made-up", ""]), label="token")
        # Passed as the caller's own headers, so schemathesis also probes the same
        # request without them and with made-up ones, and expects a refusal.
        auth = {"Authorization": f"Bearer {token}"}
    excluded = list(EXCLUDED)
    if auth is not None:
        # The aim replaced parts schemathesis may have made invalid on purpose (a
        # missing token, a negative seat): its idea of what is wrong no longer holds.
        excluded += [negative_data_rejection, missing_required_header]
    before = snapshot()
    response = case.call(headers=auth)
    case.validate_response(response, headers=auth, excluded_checks=excluded)
    if response.status_code >= 400:
        assert before == snapshot(), f"a refused request changed the store: {response.text}"
    elif case.path.endswith("/leave") and path.get("table") in TABLES:
        # A bot now plays that seat, in its own time: fresh tables for what follows.
        TABLES[:], fresh = _real_tables()
        TOKENS.clear()
        TOKENS.update(fresh)


def test_an_answer_of_another_shape_fails_the_checks() -> None:
    """The checks the fuzz run makes include the answers' schemas: a games list that is
    no list fails them, as a mismatch of the description and the host would."""
    case = schema["/api/games"]["GET"].Case()
    answer = httpx.Response(200, json={"games": "none"},
                            request=httpx.Request("GET", "http://testserver/api/games"))
    answer.read()
    answer.elapsed = timedelta(0)  # as a transport sets it
    with pytest.raises(BaseExceptionGroup, match="Response violates schema"):
        case.validate_response(answer, excluded_checks=EXCLUDED)
