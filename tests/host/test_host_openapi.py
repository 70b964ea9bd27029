"""The host's OpenAPI description says what the host answers.

Every operation's success answer has a schema that says more than "an object"; an
object whose fields are a game's own (its options, a replay's report) says so in
its description ("the game's own"), and nothing else is left bare. Every refusal is
the one error, by reference to a shared response. And the answers of real games,
played through the app to their end (moves, undos, clocks, a leave, the log, its
replay), each match the schema the description gives for their status: the fuzz run
(test_host_fuzz.py) rarely gets past a refusal there, since a random move is illegal.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
import referencing
import referencing.jsonschema
from hostserver import TESTING
from starlette.testclient import TestClient

from aves_core.host.app import create_app

GAME_OWN = "the game's own"
"""What the description of an object says where its fields are the game's."""
URI = "urn:aves-core:openapi"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("openapi")
    with TestClient(create_app(folder / "tables.db", **TESTING)) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def description(client: TestClient) -> dict[str, Any]:
    """The description as the host serves it (the registered games named)."""
    served: dict[str, Any] = client.get("/api/openapi.json").json()
    return served


def operations(description: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in description["paths"].items():
        for method, operation in item.items():
            yield path, method, operation


def resolved(description: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """A schema, its ``$ref`` (at the top) followed."""
    while "$ref" in schema:
        target: Any = description
        for part in schema["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        schema = target
    return schema


def bare_objects(description: dict[str, Any], schema: Any, where: str,
                 seen: set[str]) -> Iterator[str]:
    """Where, inside ``schema`` (references followed, each once), an object says no more
    than that it is one and does not say it is the game's own."""
    if not isinstance(schema, dict):
        return
    reference = schema.get("$ref")
    if reference is not None and reference not in seen:
        seen.add(reference)
        yield from bare_objects(description, resolved(description, schema), reference, seen)
    kinds = schema.get("type")
    is_object = kinds == "object" or (isinstance(kinds, list) and "object" in kinds)
    says_more = {"properties", "additionalProperties", "oneOf", "anyOf", "$ref"} & set(schema)
    if is_object and not says_more and GAME_OWN not in schema.get("description", ""):
        yield where
    for key, value in schema.items():
        if key == "properties":
            for name, sub in value.items():
                yield from bare_objects(description, sub, f"{where}.{name}", seen)
        elif isinstance(value, dict):
            yield from bare_objects(description, value, f"{where}/{key}", seen)
        elif isinstance(value, list):
            for index, sub in enumerate(value):
                yield from bare_objects(description, sub, f"{where}/{key}/{index}", seen)


def test_every_success_answer_has_a_schema(description: dict[str, Any]) -> None:
    for path, method, operation in operations(description):
        successes = [status for status in operation["responses"] if status.startswith("2")]
        assert len(successes) == 1, f"{method} {path}: one success, not {successes}"
        answer = operation["responses"][successes[0]]
        schema = answer["content"]["application/json"]["schema"]
        top = resolved(description, schema)
        assert top.get("properties"), f"{method} {path}: its answer names no field"
        assert top.get("required"), f"{method} {path}: its answer requires no field"
        bare = list(bare_objects(description, schema, f"{method} {path}", set()))
        assert not bare, f"objects that say no more than that, nor {GAME_OWN!r}: {bare}"


def test_every_refusal_is_the_one_error_by_reference(description: dict[str, Any]) -> None:
    shared = description["components"]["responses"]
    for path, method, operation in operations(description):
        for status, answer in operation["responses"].items():
            if status.startswith("2"):
                continue
            assert set(answer) == {"$ref"}, f"{method} {path} {status}: not shared"
            name = answer["$ref"].removeprefix("#/components/responses/")
            assert shared[name]["description"].startswith(status), (method, path, status)
    error = {"$ref": f"{URI}#/components/schemas/Error"}
    for name, refusal in shared.items():
        content = refusal["content"]["application/json"]
        assert content["schema"] == {"$ref": "#/components/schemas/Error"}, name
        validator(description, error).validate(content["example"])


def validator(description: dict[str, Any], schema: dict[str, Any]) -> Any:
    resource = referencing.Resource.from_contents(
        description, default_specification=referencing.jsonschema.DRAFT202012)
    registry: Any = referencing.Registry().with_resource(URI, resource)
    return jsonschema.Draft202012Validator(schema, registry=registry)


def pointer(*parts: str) -> str:
    return "/".join(part.replace("~", "~0").replace("/", "~1") for part in parts)


class Checker:
    """Each answer checked against the schema the description gives for its status."""

    def __init__(self, client: TestClient, description: dict[str, Any]) -> None:
        self.client = client
        self.description = description
        self.checked: dict[str, set[int]] = {}

    def __call__(self, method: str, path: str, route: str, **request: Any) -> Any:
        answer = self.client.request(method.upper(), path, **request)
        responses = self.description["paths"][route][method]["responses"]
        status = str(answer.status_code)
        assert status in responses, f"{method} {path}: {status} is not described"
        at = pointer("paths", route, method, "responses", status)
        if "$ref" in responses[status]:
            at = responses[status]["$ref"].removeprefix("#/")
        schema = {"$ref": f"{URI}#/{at}/content/application~1json/schema"}
        errors = list(validator(self.description, schema).iter_errors(answer.json()))
        assert not errors, f"{method} {path} {status}: {errors[0].message} at " \
                           f"{list(errors[0].absolute_path)}"
        self.checked.setdefault(f"{method} {route}", set()).add(answer.status_code)
        return answer


def play(check: Checker, game: dict[str, Any], clock: Any, rng: random.Random) -> None:
    """A table of ``game`` played to its end (or 60 moves), every answer checked: joins,
    views, events, moves, undos, the log (refused, then given), its replay, a leave."""
    table_route, seat_route = "/api/tables/{table}", "/api/tables/{table}/seats/{seat}"
    players = [f"p{seat}" for seat in range(game["min_players"])]
    created = check("post", "/api/tables", "/api/tables", json={
        "game": game["id"], "players": players, "seed": 7, "clock": clock}).json()
    table = created["table"]
    base = f"/api/tables/{table}"
    auth = {seat: {"Authorization": "Bearer " + check(
        "post", f"{base}/seats/{seat}/join", seat_route + "/join").json()["token"]}
        for seat in range(len(players))}
    check("post", f"{base}/seats/0/join", seat_route + "/join")  # 409 seat_taken
    check("get", f"{base}/log", table_route + "/log")  # 409 game_not_over
    check("get", f"{base}/view", table_route + "/view")
    for number in range(60):
        summary = check("get", base, table_route).json()
        if summary["result"] is not None or not summary["to_move"]:
            break
        seat = summary["to_move"][0]
        seat_base, headers = f"{base}/seats/{seat}", auth[seat]
        view = check("get", f"{seat_base}/view", seat_route + "/view", headers=headers)
        move = rng.choice(view.json()["view"]["legal_moves"])
        check("post", f"{seat_base}/moves", seat_route + "/moves", headers=headers, json=move)
        if number % 5 == 2:  # allowed or refused (409), by the game's undo policy
            check("post", f"{seat_base}/undo", seat_route + "/undo", headers=headers)
        if number % 7 == 3:
            check("get", f"{seat_base}/events?since=1", seat_route + "/events",
                  headers=headers)
            check("get", f"{base}/events?since=0", table_route + "/events")
    if check("get", base, table_route).json()["result"] is not None:
        log = check("get", f"{base}/log", table_route + "/log", headers=auth[0])
        check("post", "/api/replay", "/api/replay", content=log.content,
              headers={"Content-Type": "application/json"})
    check("post", f"{base}/seats/0/leave", seat_route + "/leave", headers=auth[0])
    check("get", f"{base}/seats/0/view", seat_route + "/view", headers=auth[0])  # 403


def test_real_answers_match_their_schemas(client: TestClient,
                                          description: dict[str, Any]) -> None:
    check = Checker(client, description)
    games = check("get", "/api/games", "/api/games").json()["games"]
    clocks = [None, {"kind": "realtime", "bank": 300, "bonus": 5},
              {"kind": "turn", "per_move": 600}]
    rng = random.Random(29)
    for number, game in enumerate(games):
        play(check, game, clocks[number % len(clocks)], rng)
    check("post", "/api/tables", "/api/tables", json={"players": ["ann", "bo"],
                                                      "bots": {"1": "random"}})
    check("get", "/api/tables", "/api/tables")
    check("get", "/api/tables/nothing-here", "/api/tables/{table}")  # 404
    # Every operation answered, and the played-to-the-end ones with their success.
    assert {f"{method} {path}" for path, method, _ in operations(description)} \
        <= set(check.checked)
    assert {200} <= check.checked["get /api/tables/{table}/log"]
    assert {200} <= check.checked["post /api/replay"]
    assert {200, 409} <= check.checked["post /api/tables/{table}/seats/{seat}/undo"]
