"""The JSON Schema of the log format (``aves_core/schemas/aves-log-v1.schema.json``).

Every log aves-core writes validates against it, and on near-valid documents the
schema and ``load_log`` agree on what to accept.

Integers: JSON Schema counts ``2.0`` as an integer (draft 2020-12 says a number
with a zero fractional part is one), and Python's ``True`` is an ``int``; the log
format does not ("a boolean is not an integer, and 2.0 or "2" is not 2"). So these
tests validate with ``StrictValidator``: Draft202012Validator whose type checker
counts as "integer" only a true ``int``, never a ``float`` or a ``bool``.
"""

from __future__ import annotations

import contextlib
import copy
import importlib.resources
import json
import random
from collections.abc import Callable
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import given
from hypothesis import strategies as st

from aves_core import (
    GameLog,
    LogError,
    Variant,
    apply_move,
    dump_log,
    legal_moves,
    load_log,
)
from aves_core.cli import main

SCHEMA: dict[str, Any] = json.loads(
    (importlib.resources.files("aves_core") / "schemas" / "aves-log-v1.schema.json").read_text()
)


def _is_strict_integer(_checker: Any, instance: object) -> bool:
    # Only a true int: not 2.0 (JSON Schema's integer) and not True (Python's int).
    return type(instance) is int


StrictValidator: Any = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", _is_strict_integer),
)
VALIDATOR: Any = StrictValidator(SCHEMA)
MOVE_VALIDATOR: Any = StrictValidator({"$ref": "#/$defs/move", "$defs": SCHEMA["$defs"]})
RESULT_VALIDATOR: Any = StrictValidator({"$ref": "#/$defs/result", "$defs": SCHEMA["$defs"]})
NAMES = ("ann", "bo", "cy", "di", "ed", "flo")


def errors_of(validator: Any, instance: Any) -> list[str]:
    return [error.message for error in validator.iter_errors(instance)]


def schema_accepts(doc: Any) -> bool:
    return bool(VALIDATOR.is_valid(doc))


def loader_accepts(doc: Any) -> bool:
    """True when ``load_log`` reads the document (only the shape is load's to check)."""
    try:
        load_log(json.dumps(doc), fmt="json")
    except LogError:
        return False
    return True


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert "https://json-schema.org/draft/2020-12/schema" == SCHEMA["$schema"]


def test_the_strict_validator_refuses_floats_and_booleans_as_integers() -> None:
    doc = json.loads(dump_log(GameLog.from_game(NAMES[:3], Variant(), seed=1)))
    assert [] == errors_of(VALIDATOR, doc)
    for value in (0.0, True, False, "0"):
        changed = {**doc, "first_player": value}
        assert not VALIDATOR.is_valid(changed), value
        assert not loader_accepts(changed), value
    # The plain draft validator would take 0.0: the reason for the strict one.
    assert jsonschema.Draft202012Validator(SCHEMA).is_valid({**doc, "first_player": 0.0})


# --- every log we write validates -----------------------------------------------------


def record(num_players: int, variant: Variant, seed: int, keep: int | None,
           keep_seed: bool, names: list[str]) -> GameLog:
    log = (GameLog.from_game(names, variant, seed=seed) if keep_seed else
           GameLog.from_game(names, variant, deal=GameLog.from_game(names, variant, seed=seed)
                             .deal, first_player=seed % num_players))
    state = log.initial_state()
    rng = random.Random(seed)
    while state.result is None and (keep is None or len(log.moves) < keep):
        move = rng.choice(legal_moves(state))
        state = apply_move(state, move)
        log = log.append(move)
    return log.with_result(state.result) if state.result is not None else log


@st.composite
def recorded_logs(draw: st.DrawFn) -> GameLog:
    num_players = draw(st.integers(2, 6))
    return record(
        num_players,
        Variant(crows=draw(st.booleans()), showdown=draw(st.booleans())),
        draw(st.integers(0, 2**64)),
        draw(st.none() | st.integers(0, 20)),
        draw(st.booleans()),
        draw(st.lists(st.text(max_size=5), min_size=num_players, max_size=num_players)),
    )


def check_jsonl(text: str) -> None:
    """A JSON Lines log against the schema: the header is the document without moves and
    result, each move line a ``#/$defs/move``, a result line ``#/$defs/result`` with type."""
    lines = [json.loads(line) for line in text.splitlines()]
    assert [] == errors_of(VALIDATOR, {**lines[0], "moves": []})
    assert set() == {"moves", "result"} & set(lines[0])
    for line in lines[1:]:
        if line.get("type") == "result":
            assert [] == errors_of(RESULT_VALIDATOR, {k: v for k, v in line.items()
                                                      if k != "type"})
        else:
            assert [] == errors_of(MOVE_VALIDATOR, line)


@given(recorded_logs())
def test_every_dumped_log_validates(log: GameLog) -> None:
    assert [] == errors_of(VALIDATOR, json.loads(dump_log(log, "json")))
    check_jsonl(dump_log(log, "jsonl"))


@pytest.mark.parametrize("argv", [
    ["--players", "2"],
    ["--players", "3", "--seed", "4"],
    ["--players", "4", "--crows", "--seed", "5", "--names", "a,b,c,d"],
    ["--players", "5", "--showdown", "--first-player", "4"],
    ["--players", "6", "--crows", "--showdown", "--seed", "0"],
])
def test_aves_new_output_validates(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert 0 == main(["new", *argv])
    document = capsys.readouterr().out
    assert [] == errors_of(VALIDATOR, json.loads(document))
    assert 0 == main(["new", *argv, "--format", "jsonl"])
    check_jsonl(capsys.readouterr().out)


# --- the loader and the schema agree on near-valid documents --------------------------
#
# The schema checks shape only, and so does load_log: a document is refused by both
# for a shape problem, the codes `schema`, `unsupported_version`, `bad_players`,
# `unknown_card` (a card code that is no card, in a move) and `bad_deal` for a deal
# code that is no card. The other codes are replay's, not load's: `bad_deal` for a
# deal that is not exactly the game's cards (missing, repeated, or a real card of
# another game such as R6 with 3 seats), `bad_first_player`, every rule code
# (`game_over`, `not_your_turn`, ..., `pass_not_allowed`), `result_mismatch`. A
# document with only such problems is accepted by both, which the mutations below
# also produce (first_player out of range, a deal missing a card, an illegal move).

SHAPE_CODES = frozenset({"schema", "unsupported_version", "bad_players", "unknown_card",
                         "bad_deal"})


def bases() -> list[dict[str, Any]]:
    docs = []
    for num_players, crows, showdown, seed, keep in [(2, True, False, 1, None),
                                                     (3, False, True, 2, 5),
                                                     (6, True, True, 3, None),
                                                     (4, False, False, 4, 0)]:
        log = record(num_players, Variant(crows=crows, showdown=showdown), seed, keep,
                     seed % 2 == 0, list(NAMES[:num_players]))
        docs.append(json.loads(dump_log(log)))
    assert any("result" in doc for doc in docs)
    assert any(doc["moves"] for doc in docs)
    return docs


BASES = bases()
NOT_CARDS = ["Z9", "R7", "r3", "C1", "R0", "", "R33", "c0", " R3", "R3 ", "R3\n", "3R", "RR"]
CARDS = ["R3", "V6", "C0", "R6", "B1"]
OTHER_VALUES: list[Any] = [None, True, False, 0, 1, -1, 2.0, 1.5, "", "x", "2", [], {}, [1],
                           {"a": 1}, 10**30]


def values_like(value: Any) -> list[Any]:
    """Near misses for ``value``: other types and lookalikes."""
    if isinstance(value, bool):
        return [int(value), str(value).lower(), None, float(value)]
    if isinstance(value, int):
        return [float(value), str(value), bool(value), None, [value], -1, value + 7, 10**30]
    if isinstance(value, str):
        return NOT_CARDS + CARDS + [value.upper(), value.lower(), 3, None, [value]]
    if isinstance(value, list):
        return [value[:1], value * 2, [], {"0": value}, None, len(value)]
    return OTHER_VALUES


def slots(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value in a JSON tree."""
    found: list[tuple[Any, ...]] = []
    items = (data.items() if isinstance(data, dict) else enumerate(data)
             if isinstance(data, list) else [])
    for key, value in items:
        found.append((*path, key))
        found += slots(value, (*path, key))
    return found


def at(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _generic(doc: Any, draw: st.DrawFn) -> None:
    """Delete, retype or replace any value; add an unknown key to any object."""
    paths = slots(doc)
    if not paths:
        return
    path = draw(st.sampled_from(paths))
    parent, key = at(doc, path[:-1]), path[-1]
    action = draw(st.sampled_from(["delete", "retype", "replace", "add key"]))
    if action == "delete":
        del parent[key]
    elif action == "retype":
        parent[key] = copy.deepcopy(draw(st.sampled_from(values_like(parent[key]))))
    elif action == "replace":
        parent[key] = copy.deepcopy(draw(st.sampled_from(OTHER_VALUES)))
    else:
        target = parent if isinstance(parent, dict) else doc
        target[draw(st.sampled_from(["x", "moves", "type", "crows", "seed", "Seed"]))] = 1


def _set(path: tuple[Any, ...], value: Any) -> Callable[[Any], None]:
    def change(doc: Any) -> None:
        with contextlib.suppress(KeyError, IndexError, TypeError):
            at(doc, path[:-1])[path[-1]] = copy.deepcopy(value)  # never share a mutable value

    return change


def _drop(path: tuple[Any, ...]) -> Callable[[Any], None]:
    def change(doc: Any) -> None:
        with contextlib.suppress(KeyError, IndexError, TypeError):
            del at(doc, path[:-1])[path[-1]]

    return change


MUTATIONS: list[Callable[[Any], None]] = [
    _drop(("format",)), _drop(("version",)), _drop(("players",)), _drop(("variant",)),
    _drop(("deal",)), _drop(("first_player",)), _drop(("moves",)), _drop(("seed",)),
    _drop(("result",)), _drop(("variant", "crows")), _drop(("result", "winners")),
    _drop(("moves", 0, "gap")), _drop(("moves", 0, "type")), _drop(("deal", 0)),
    _set(("players",), ["solo"]), _set(("players",), list("abcdefg")), _set(("players",), []),
    _set(("players",), ["a", 2]), _set(("version",), 2), _set(("version",), 1.0),
    _set(("version",), True), _set(("format",), "aves"), _set(("seed",), None),
    _set(("seed",), 2.0), _set(("seed",), "7"), _set(("first_player",), 2.0),
    _set(("first_player",), True), _set(("first_player",), 99), _set(("first_player",), -1),
    _set(("variant", "crows"), 0), _set(("variant", "showdown"), "false"),
    _set(("variant", "ravens"), False), _set(("deal", 0), "Z9"), _set(("deal", 1), "R7"),
    _set(("deal", 2), "r3"), _set(("deal", 3), "R6"), _set(("deal", 4), "C0"),
    _set(("moves", 0, "card"), "Z9"), _set(("moves", 0, "card"), "r3"),
    _set(("moves", 0, "card"), "V6"), _set(("moves", 0, "gap"), 2.0),
    _set(("moves", 0, "gap"), True), _set(("moves", 0, "gap"), -1),
    _set(("moves", 0, "gap"), 99), _set(("moves", 0, "player"), 2.0),
    _set(("moves", 0, "player"), False), _set(("moves", 0, "player"), 7),
    _set(("moves", 0, "type"), "jump"), _set(("moves", 0, "type"), "pass"),
    _set(("moves", 0, "note"), ""), _set(("moves", 0), {"type": "pass", "player": 0}),
    _set(("moves", 0), {"type": "result", "winners": [0], "reason": "deck_empty"}),
    _set(("result",), None), _set(("result", "winners"), [True]),
    _set(("result", "winners"), [0.0]), _set(("result", "reason"), "draw"),
    _set(("result", "extra"), 1), _set(("result",), {"winners": [], "reason": "deck_empty"}),
    _set(("moves",), None), _set(("deal",), "R1 R2"),
]


@st.composite
def near_valid_documents(draw: st.DrawFn) -> Any:
    """A valid document with one or two of the listed mutations or generic edits."""
    doc: Any = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 2))):
        if draw(st.booleans()):
            _generic(doc, draw)
        else:
            draw(st.sampled_from(MUTATIONS))(doc)
    return doc


@given(near_valid_documents())
def test_the_loader_and_the_schema_agree(doc: Any) -> None:
    try:
        load_log(json.dumps(doc), fmt="json")
    except LogError as error:
        code: str | None = error.code
    else:
        code = None
    # The loader refuses only for shape; the rules' codes are replay's (see above).
    assert code is None or code in SHAPE_CODES, code
    assert schema_accepts(doc) == (code is None), (code, errors_of(VALIDATOR, doc)[:3])


@pytest.mark.parametrize("mutation", MUTATIONS)
def test_each_listed_mutation_is_judged_alike(mutation: Callable[[Any], None]) -> None:
    for base in BASES:
        doc = copy.deepcopy(base)
        mutation(doc)
        assert schema_accepts(doc) == loader_accepts(doc), errors_of(VALIDATOR, doc)[:3]
