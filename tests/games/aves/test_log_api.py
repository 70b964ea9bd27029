"""The log API: GameLog values, dump_log/load_log round trips, replay/validate/states,
the two paths of ``structure_move``, and the ``aves`` command's contract.

The normative text is ``LOG_FORMAT.md`` (shared with the project): the JSON document
and JSON Lines forms, the error codes, which problem is reported first, and
``aves replay LOG [--json]`` with its exit statuses. These tests read every value
through the public API (and ``AVES.notation`` for the moves' declared JSON reader).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from aves_core import (
    AVES,
    CROW,
    ArgumentError,
    AvesError,
    Card,
    GameLog,
    GameState,
    LogError,
    LogProblem,
    Move,
    Pass,
    ReplayResult,
    Result,
    Return,
    Trade,
    Variant,
    apply_move,
    diagram,
    dump_log,
    game_cards,
    legal_moves,
    load_log,
    new_game,
    random_setup,
    replay,
    states,
    validate,
)
from aves_core.cli import main
from aves_core.games.aves import serialize
from aves_core.kernel.reader import Format

FORMATS: tuple[Format, ...] = ("json", "jsonl")

# --- the contract, re-stated from LOG_FORMAT.md -------------------------------------

FORM_CODES = frozenset({"not_json", "schema", "unsupported_version", "bad_players", "bad_deal",
                        "bad_first_player", "unreadable"})
"""Problems of form: exit status 2 (``unreadable`` is the documented extension)."""
RULE_CODES = frozenset({"game_over", "not_your_turn", "wrong_phase", "unknown_card",
                        "card_not_in_hand", "gap_out_of_range", "crow_needs_match",
                        "crow_cannot_return", "must_return_duplicate", "pass_not_allowed",
                        "result_mismatch", "truncated"})
"""Problems that break a rule: exit status 1."""
VALID_KEYS = {"valid", "moves", "phase", "active_player", "winners", "reason", "hands",
              "circle", "deck"}
"""The keys of ``aves replay --json`` for a valid log."""
COLOR_ORDER = "ROYGBIV"
NAMES = ("Alma", "Bert", "Cleo", "Dov", "Enzo", "Fay")
"""Seat names that no other word of the readable output contains."""


def expected_exit(problem: LogProblem | None) -> int:
    """The exit status LOG_FORMAT.md gives for a replay's first problem."""
    if problem is None:
        return 0
    assert problem.code in FORM_CODES | RULE_CODES, problem
    return 2 if problem.code in FORM_CODES else 1


def canonical_codes(cards: tuple[Card, ...]) -> list[str]:
    """Card codes in canonical order, judged by the codes alone (crows last)."""

    def key(code: str) -> tuple[int, int]:
        return (7, 0) if code == "C0" else (COLOR_ORDER.index(code[0]), int(code[1]))

    return sorted((str(card) for card in cards), key=key)


# --- recording games ----------------------------------------------------------------


def is_match(state: GameState, move: Move) -> bool:
    """True for a trade that takes the two cards beside its gap."""
    if not isinstance(move, Trade):
        return False
    circle = state.circle
    left, right = circle[move.gap], circle[(move.gap + 1) % len(circle)]
    return abs(left.number - right.number) == move.card.number


def record(
    num_players: int,
    variant: Variant = Variant(),
    seed: int = 0,
    *,
    match_bias: float = 0.6,
    max_moves: int = 400,
    keep_seed: bool = True,
    names: tuple[str, ...] | None = None,
    with_result: bool = True,
) -> tuple[GameLog, GameState]:
    """Play a random game from ``seed`` and record it; the log and the last state."""
    players = names if names is not None else NAMES[:num_players]
    if keep_seed:
        log = GameLog.from_game(players, variant, seed=seed)
    else:
        deal, first = random_setup(num_players, variant, seed)
        log = GameLog.from_game(players, variant, deal=deal, first_player=first)
    state = log.initial_state()
    rng = random.Random(seed)
    while state.result is None and len(log.moves) < max_moves:
        moves = legal_moves(state)
        matches = [move for move in moves if is_match(state, move)]
        move = rng.choice(matches if matches and rng.random() < match_bias else moves)
        state = apply_move(state, move)
        log = log.append(move)
    if with_result and state.result is not None:
        log = log.with_result(state.result)
    return log, state


@st.composite
def recorded_logs(draw: st.DrawFn) -> tuple[GameLog, GameState]:
    """A random recorded game: 2 to 6 seats, any variant, finished or cut short."""
    num_players = draw(st.integers(2, 6))
    variant = Variant(crows=draw(st.booleans()), showdown=draw(st.booleans()))
    names = tuple(draw(st.lists(st.text(max_size=6), min_size=num_players,
                                max_size=num_players)))
    return record(
        num_players,
        variant,
        draw(st.integers(0, 2**40)),
        match_bias=draw(st.sampled_from([0.0, 0.5, 0.9])),
        max_moves=draw(st.sampled_from([0, 3, 12, 400])),
        keep_seed=draw(st.booleans()),
        names=names,
        with_result=draw(st.booleans()),
    )


def finished_game() -> tuple[GameLog, GameState]:
    """A fixed game that ends (3 seats, no crows), with its result recorded."""
    log, state = record(3, Variant(), seed=11)
    assert state.result is not None
    return log, state


# --- GameLog values and round trips --------------------------------------------------


@given(recorded_logs())
def test_dump_then_load_gives_an_equal_log(game: tuple[GameLog, GameState]) -> None:
    log, _state = game
    for fmt in FORMATS:
        text = dump_log(log, fmt)
        assert log == load_log(text, fmt)
        assert log == load_log(text)  # the form is sniffed from the text
        assert log == load_log(text.encode("utf-8"))


@given(recorded_logs())
def test_jsonl_dump_is_a_header_a_line_per_move_and_a_result_line(
    game: tuple[GameLog, GameState],
) -> None:
    log, _state = game
    lines = dump_log(log, "jsonl").splitlines()
    header = json.loads(lines[0])
    assert "moves" not in header
    assert "result" not in header
    assert len(log.moves) + 1 + (log.result is not None) == len(lines)
    for line, move in zip(lines[1:], log.moves, strict=False):
        data = json.loads(line)
        assert {Trade: "trade", Return: "return", Pass: "pass"}[type(move)] == data["type"]
    if log.result is not None:
        assert {"type": "result", "winners": list(log.result.winners),
                "reason": log.result.reason} == json.loads(lines[-1])


@given(recorded_logs())
def test_json_dump_has_the_documented_keys(game: tuple[GameLog, GameState]) -> None:
    log, _state = game
    doc = json.loads(dump_log(log, "json"))
    keys = ["format", "version", "players", "variant", "deal", "first_player", "moves"]
    if log.seed is not None:
        keys.insert(4, "seed")
    if log.result is not None:
        keys.append("result")
    assert keys == list(doc)
    assert "aves-log" == doc["format"]
    assert 1 == doc["version"]
    assert list(log.players) == doc["players"]
    assert {"crows": log.variant.crows, "showdown": log.variant.showdown} == doc["variant"]
    assert [str(card) for card in log.deal] == doc["deal"]
    assert log.first_player == doc["first_player"]


@pytest.mark.parametrize("num_players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("crows", [False, True])
def test_from_game_deals_as_new_game_does(num_players: int, crows: bool) -> None:
    variant = Variant(crows=crows)
    for seed in (0, 1, 7, 2**31 + 5):
        log = GameLog.from_game(NAMES[:num_players], variant, seed=seed)
        state = new_game(num_players, variant, seed=seed)
        assert state == log.initial_state()
        assert state.active_player == log.first_player
        assert random_setup(num_players, variant, seed) == (log.deal, log.first_player)
        assert seed == log.seed
        assert NAMES[:num_players] == log.players
        assert () == log.moves
        assert log.result is None
        assert sorted(map(str, game_cards(num_players, crows))) == sorted(map(str, log.deal))


def test_from_game_takes_a_given_deal_and_first_player() -> None:
    deal = tuple(reversed(game_cards(4, True)))
    log = GameLog.from_game(NAMES[:4], Variant(crows=True), deal=deal, first_player=3)
    assert deal == log.deal
    assert 3 == log.first_player
    assert log.seed is None
    assert new_game(4, Variant(crows=True), deal=deal, first_player=3) == log.initial_state()


def test_from_game_refuses_what_is_not_a_game() -> None:
    with pytest.raises(AvesError) as one_seat:
        GameLog.from_game(["solo"], Variant(), seed=1)
    assert "bad_players" == one_seat.value.code
    with pytest.raises(ArgumentError):
        GameLog.from_game("abc", Variant(), seed=1)


def test_append_and_with_result_return_new_logs() -> None:
    full, state = finished_game()
    empty = GameLog.from_game(full.players, full.variant, seed=full.seed)
    log = empty
    for index, move in enumerate(full.moves):
        longer = log.append(move)
        assert index == len(log.moves)
        assert log.moves + (move,) == longer.moves
        assert attrs.evolve(longer, moves=log.moves) == log
        log = longer
    assert () == empty.moves
    assert full.moves == log.moves
    assert log.result is None
    assert state.result is not None
    done = log.with_result(state.result)
    assert log.result is None
    assert state.result == done.result
    assert full == done
    cleared = done.with_result(None)
    assert cleared.result is None
    assert state.result == done.result
    assert log == cleared


def test_a_log_is_frozen_and_holds_only_moves() -> None:
    log, _state = finished_game()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        log.moves = ()  # type: ignore[misc]
    with pytest.raises(ArgumentError):
        log.append("0:pass")  # type: ignore[arg-type]


@pytest.mark.parametrize("fmt", FORMATS)
def test_load_log_from_a_path_a_str_path_text_and_bytes(tmp_path: Path, fmt: Format) -> None:
    log, _state = finished_game()
    text = dump_log(log, fmt)
    path = tmp_path / f"game.{fmt}"
    path.write_text(text)
    odd_suffix = tmp_path / "game.log"  # no known suffix: the form is sniffed
    odd_suffix.write_text(text)
    assert log == load_log(path)
    assert log == load_log(str(path))
    assert log == load_log(odd_suffix)
    assert log == load_log(text)
    assert log == load_log(text.encode("utf-8"))
    assert log == load_log("\n  " + text)  # leading blank space is still text
    assert log == load_log(b"\xef\xbb\xbf" + text.encode("utf-8"))  # a UTF-8 byte order mark


def test_load_log_takes_the_form_from_fmt() -> None:
    log, _state = finished_game()
    lines = dump_log(log, "jsonl")
    assert log == load_log(lines, "jsonl")
    with pytest.raises(LogError) as error:
        load_log(lines, "json")  # JSON Lines read as one document is not JSON
    assert "not_json" == error.value.code


def test_load_log_refuses_a_source_that_is_no_log() -> None:
    with pytest.raises(ArgumentError):
        load_log(42)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        load_log("{}", "yaml")  # type: ignore[arg-type]


# --- replay, states, validate --------------------------------------------------------


def spoil(log: GameLog, index: int) -> GameLog:
    """The log with move ``index`` made by the wrong seat (a well-formed, illegal move)."""
    move = log.moves[index]
    seats = len(log.players)
    wrong: Move
    if isinstance(move, Pass):
        wrong = Pass((move.player + 1) % seats)
    else:
        wrong = type(move)((move.player + 1) % seats, move.card, move.gap)
    return attrs.evolve(log, moves=log.moves[:index] + (wrong,) + log.moves[index + 1:])


def sources(log: GameLog, tmp: Path) -> dict[str, Any]:
    """The same log as a GameLog, JSON text, JSON Lines text and files (Path and str)."""
    document, lines = dump_log(log, "json"), dump_log(log, "jsonl")
    (tmp / "log.json").write_text(document)
    (tmp / "log.jsonl").write_text(lines)
    return {"GameLog": log, "json text": document, "jsonl text": lines,
            "json bytes": document.encode(), "json file": tmp / "log.json",
            "jsonl file": str(tmp / "log.jsonl")}


def test_replay_of_every_source_is_the_same(tmp_path: Path) -> None:
    rng = random.Random(3)
    for seed in range(12):
        num_players = 2 + seed % 5
        log, state = record(num_players, Variant(crows=seed % 2 == 1), seed)
        cases = [log, log.with_result(None), attrs.evolve(log, moves=log.moves[:5])]
        cases.append(spoil(log, rng.randrange(len(log.moves))))
        assert state.result is not None
        cases.append(log.with_result(Result(state.result.winners + (9,), "deck_empty")))
        for case in cases:
            outcomes = {name: replay(source).to_json()
                        for name, source in sources(case, tmp_path).items()}
            expected = outcomes.pop("GameLog")
            assert dict.fromkeys(outcomes, expected) == outcomes


def test_replay_of_a_finished_game() -> None:
    log, state = finished_game()
    outcome = replay(log)
    assert isinstance(outcome, ReplayResult)
    assert outcome.valid
    assert outcome.problem is None
    assert state == outcome.state
    assert len(log.moves) == outcome.moves
    assert state.result == outcome.result


@given(recorded_logs())
def test_states_yields_the_initial_state_then_one_per_move(
    game: tuple[GameLog, GameState],
) -> None:
    log, state = game
    seen = list(states(log))
    assert len(log.moves) + 1 == len(seen)
    assert log.initial_state() == seen[0]
    for before, move, after in zip(seen[:-1], log.moves, seen[1:], strict=True):
        assert apply_move(before, move) == after
    assert state == seen[-1]
    assert replay(log).state == seen[-1]
    assert seen == list(states(dump_log(log, "jsonl")))


def test_states_raises_at_the_first_bad_move_and_not_before() -> None:
    log, _state = finished_game()
    bad = spoil(log, 6)
    for source in (bad, dump_log(bad, "jsonl"), dump_log(bad, "json")):
        walk = states(source)
        seen = [next(walk) for _ in range(7)]  # the initial state and moves 0 to 5
        assert list(states(log))[:7] == seen
        with pytest.raises(LogError) as error:
            next(walk)
        assert "not_your_turn" == error.value.code
        assert 6 == error.value.move_index
        assert 6 == error.value.problem.move_index


def test_states_yields_every_complete_move_of_a_cut_off_file(tmp_path: Path) -> None:
    log, _state = finished_game()
    text = dump_log(log.with_result(None), "jsonl")
    start = sum(len(line) for line in text.splitlines(keepends=True)[:7])  # header, moves 0-5
    path = tmp_path / "cut.jsonl"
    path.write_text(text[:start + 10])
    walk = states(path)
    seen = [next(walk) for _ in range(7)]
    assert list(states(log))[:7] == seen
    with pytest.raises(LogError) as error:
        next(walk)
    assert ("truncated", 6) == (error.value.code, error.value.move_index)


def test_states_raises_for_a_bad_header() -> None:
    log, _state = finished_game()
    bad = attrs.evolve(log, first_player=7)
    with pytest.raises(LogError) as error:
        list(states(bad))
    assert "bad_first_player" == error.value.code
    with pytest.raises(LogError) as unreadable:
        list(states("no/such/log.jsonl"))
    assert "unreadable" == unreadable.value.code


def test_states_raises_for_a_contradicted_result() -> None:
    log, state = finished_game()
    assert state.result is not None
    wrong = log.with_result(Result(state.result.winners, "seven_colors"
                                   if state.result.reason == "deck_empty" else "deck_empty"))
    with pytest.raises(LogError) as error:
        list(states(wrong))
    assert "result_mismatch" == error.value.code
    assert error.value.move_index is None


def test_validate_is_empty_for_good_logs() -> None:
    for seed in range(10):
        log, _state = record(2 + seed % 5, Variant(crows=seed % 3 == 0), seed)
        assert () == validate(log)
        assert () == validate(dump_log(log, "jsonl"))
        assert () == validate(dump_log(log, "json"))
        assert () == validate(attrs.evolve(log, moves=log.moves[:4], result=None))


BAD_SOURCES: list[tuple[str, Callable[[GameLog], Any], str]] = [
    ("wrong seat", lambda log: spoil(log, 2), "not_your_turn"),
    ("after the end", lambda log: log.append(log.moves[0]), "game_over"),
    ("result of a game not over",
     lambda log: attrs.evolve(log, moves=log.moves[:-1]), "result_mismatch"),
    ("bad deal", lambda log: attrs.evolve(log, deal=log.deal[:-1]), "bad_deal"),
    ("bad first player", lambda log: attrs.evolve(log, first_player=-1), "bad_first_player"),
    ("seven seats", lambda log: attrs.evolve(log, players=NAMES + ("gus",)), "bad_players"),
    ("not json", lambda log: "{not json", "not_json"),
    ("binary", lambda log: b"\xff\xfe\x00\x01", "not_json"),
    ("an empty object", lambda log: "{}", "schema"),
    ("cut off", lambda log: dump_log(log, "jsonl")[:-5], "truncated"),
    ("missing file", lambda log: "no/such/file.json", "unreadable"),
    ("version 2", lambda log: dump_log(log).replace('"version": 1', '"version": 2'),
     "unsupported_version"),
]


@pytest.mark.parametrize(("name", "make", "code"), BAD_SOURCES, ids=[c[0] for c in BAD_SOURCES])
def test_validate_gives_one_problem_and_never_raises(
    name: str, make: Callable[[GameLog], Any], code: str,
) -> None:
    log, _state = finished_game()
    source = make(log)
    problems = validate(source)
    assert 1 == len(problems)
    assert isinstance(problems[0], LogProblem)
    assert code == problems[0].code
    assert problems == (replay(source).problem,)
    assert not replay(source).valid


# --- the fast path of structure_move and the declared reader agree ----------------------

CARD_CODES = [str(card) for card in game_cards(6, True)[:-3]]
"""The 43 codes that exist (42 fruit cards and C0)."""

json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 50), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=4),
)
move_values = st.fixed_dictionaries(
    {},
    optional={
        "type": st.sampled_from(["trade", "return", "pass", "result", "Trade", ""]) | json_scalars,
        "player": st.integers(-2, 7) | json_scalars,
        "card": st.sampled_from(CARD_CODES + ["Z9", "R7", "r3", "C1", "R0", ""]) | json_scalars,
        "gap": st.integers(-2, 50) | json_scalars,
        "extra": json_scalars,
    },
)
well_formed_moves = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["trade", "return"]),
                           "player": st.integers(0, 5), "card": st.sampled_from(CARD_CODES),
                           "gap": st.integers(0, 45)}),
    st.fixed_dictionaries({"type": st.just("pass"), "player": st.integers(0, 5)}),
)


def outcome(make: Callable[[Any], Move], data: Any) -> Move | str:
    """The move built from ``data``, or the code of the FieldError it raises."""
    try:
        return make(data)
    except serialize.FieldError as error:
        return f"error {error.code}"


def through_cattrs(data: Any) -> Move:
    """The moves' declared JSON reader (``aves_core.kernel.notation``), past the fast path."""
    move: Move = AVES.notation.from_json(data)
    return move


@given(well_formed_moves | move_values | json_scalars | st.lists(json_scalars, max_size=2))
def test_structure_move_agrees_with_the_cattrs_path(data: Any) -> None:
    assert outcome(through_cattrs, data) == outcome(serialize.structure_move, data)


def test_structure_move_agrees_with_cattrs_on_every_well_formed_move() -> None:
    for player in range(6):
        moves = [{"type": "pass", "player": player}]
        for code in CARD_CODES:
            for gap in range(0, 47, 3):
                moves.append({"type": "trade", "player": player, "card": code, "gap": gap})
                moves.append({"type": "return", "player": player, "card": code, "gap": gap})
        for data in moves:
            fast = serialize.structure_move(data)
            assert through_cattrs(data) == fast
            assert data == serialize.unstructure_move(fast)


def test_unknown_move_types_and_non_objects_are_schema_on_both_paths() -> None:
    malformed: list[Any] = [{"type": "jump", "player": 0}, {"player": 0}, [], None, "0:pass",
                            {"type": ["trade"], "player": 0}]
    for data in malformed:
        assert "error schema" == outcome(serialize.structure_move, data)
        assert "error schema" == outcome(through_cattrs, data)
    assert "error unknown_card" == outcome(
        serialize.structure_move, {"type": "trade", "player": 0, "card": "Z9", "gap": 1})


# --- the command line ----------------------------------------------------------------


def run_main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def write(path: Path, text: str) -> str:
    path.write_text(text)
    return str(path)


def test_replay_json_output_of_a_valid_log_has_exactly_the_documented_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    for seed, (num_players, crows) in enumerate([(3, False), (5, True), (2, True)]):
        log, state = record(num_players, Variant(crows=crows), seed)
        for cut in (len(log.moves), 3):
            part = attrs.evolve(log, moves=log.moves[:cut],
                                result=log.result if cut == len(log.moves) else None)
            end = replay(part).state
            assert end is not None
            path = write(tmp_path / "game.jsonl", dump_log(part, "jsonl"))
            status, out, _err = run_main(["replay", path, "--json"], capsys)
            assert 0 == status
            report = json.loads(out)
            assert 1 == len(out.strip().splitlines())
            assert VALID_KEYS == set(report)
            assert {"valid": True, "moves": cut, "phase": end.phase.value,
                    "active_player": end.active_player,
                    "winners": None if end.result is None else list(end.result.winners),
                    "reason": None if end.result is None else end.result.reason,
                    "hands": [canonical_codes(hand) for hand in end.hands],
                    "circle": [str(card) for card in end.circle],
                    "deck": [str(card) for card in end.deck]} == report
            assert replay(part).to_json() == report
        assert state.result is not None
        final = json.loads(run_main(["replay", write(tmp_path / "g.json", dump_log(log)),
                                     "--json"], capsys)[1])
        assert "gameEnd" == final["phase"]
        assert final["active_player"] is None
        assert list(state.result.winners) == final["winners"]


def test_replay_json_output_of_a_bad_log_has_exactly_the_documented_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    log, _state = finished_game()
    cases = [(spoil(log, 4), "not_your_turn", 4, 1),
             (attrs.evolve(log, moves=log.moves[:-2]), "result_mismatch", None, 1),
             (attrs.evolve(log, first_player=5), "bad_first_player", None, 2)]
    for bad, code, index, status in cases:
        path = write(tmp_path / "bad.json", dump_log(bad))
        got_status, out, _err = run_main(["replay", path, "--json"], capsys)
        report = json.loads(out)
        assert ["valid", "error"] == list(report)
        assert ["code", "move_index", "message"] == list(report["error"])
        assert (False, code, index, status) == (report["valid"], report["error"]["code"],
                                                report["error"]["move_index"], got_status)
        message = report["error"]["message"]
        assert isinstance(message, str)
        assert message
        assert "\n" not in message
        assert replay(bad).to_json() == report


def test_replay_exit_statuses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log, _state = finished_game()
    cases = {
        "valid": (dump_log(log), 0),
        "valid, game going on": (dump_log(attrs.evolve(log, moves=log.moves[:3], result=None)),
                                 0),
        "a move breaks a rule": (dump_log(spoil(log, 1)), 1),
        "result mismatch": (dump_log(attrs.evolve(log, moves=log.moves[:-1])), 1),
        "not json": ("{nope", 2),
        "schema": (dump_log(log).replace('"first_player"', '"first"'), 2),
        "bad deal": (dump_log(attrs.evolve(log, deal=log.deal[1:])), 2),
    }
    got = {}
    for name, (text, _status) in cases.items():
        got[name] = run_main(["replay", write(tmp_path / "case.json", text)], capsys)[0]
    cut = write(tmp_path / "cut.jsonl", dump_log(log, "jsonl")[:-7])
    got["truncated"] = run_main(["replay", cut], capsys)[0]
    got["missing file"] = run_main(["replay", str(tmp_path / "absent.json")], capsys)[0]
    got["directory"] = run_main(["replay", str(tmp_path)], capsys)[0]
    expected = {name: status for name, (_text, status) in cases.items()}
    expected.update({"truncated": 1, "missing file": 2, "directory": 2})
    assert expected == got


def test_readable_output_names_the_winner(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(6):
        log, state = record(3 + seed % 3, Variant(), seed)
        assert state.result is not None
        path = write(tmp_path / "game.jsonl", dump_log(log, "jsonl"))
        status, out, err = run_main(["replay", path], capsys)
        assert (0, "") == (status, err)
        assert 1 == len(out.strip().splitlines())
        for seat in state.result.winners:
            assert log.players[seat] in out, out
        losers = set(range(len(log.players))) - set(state.result.winners)
        claimed = out.split("won by", 1)[1] if "won by" in out else out
        assert [] == [log.players[seat] for seat in losers if log.players[seat] in claimed]


def test_readable_output_names_the_bad_move_and_its_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    log, _state = finished_game()
    bad = spoil(log, 5)
    path = write(tmp_path / "bad.jsonl", dump_log(bad, "jsonl"))
    status, out, _err = run_main(["replay", path], capsys)
    assert 1 == status
    assert 1 == len(out.strip().splitlines())
    assert "not_your_turn" in out
    assert str(bad.moves[5]) in out  # the move in its notation, e.g. 1:trade R3@2
    assert "5" in out


def read_new(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    status, out, err = run_main(["new", *argv], capsys)
    assert (0, "") == (status, err)
    return out


@pytest.mark.parametrize("num_players", [2, 3, 4, 5, 6])
def test_new_writes_a_log_that_replay_accepts(
    num_players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    text = read_new(["--players", str(num_players), "--seed", "9"], capsys)
    assert dump_log(GameLog.from_game([f"p{seat}" for seat in range(num_players)], Variant(),
                                      seed=9)) == text
    path = write(tmp_path / "new.json", text)
    status, out, _err = run_main(["replay", path, "--json"], capsys)
    assert 0 == status
    report = json.loads(out)
    assert (True, 0, "playerTurn") == (report["valid"], report["moves"], report["phase"])
    # RULES.md's deal: seat i gets deal[3i:3i+3], the circle the next 7, the deck the rest.
    deal = json.loads(text)["deal"]
    dealt = 3 * num_players
    assert [canonical_codes(tuple(Card.parse(code) for code in deal[3 * seat:3 * seat + 3]))
            for seat in range(num_players)] == report["hands"]
    assert deal[dealt:dealt + 7] == report["circle"]
    assert deal[dealt + 7:] == report["deck"]
    assert json.loads(text)["first_player"] == report["active_player"]


def test_new_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--players", "4", "--crows", "--showdown", "--seed", "123", "--names", "a,b,c,d",
            "--first-player", "2"]
    doc = json.loads(read_new(args, capsys))
    assert {"crows": True, "showdown": True} == doc["variant"]
    assert ["a", "b", "c", "d"] == doc["players"]
    assert 123 == doc["seed"]
    assert 2 == doc["first_player"]
    assert 4 == doc["deal"].count(str(CROW))
    assert sorted(map(str, game_cards(4, True))) == sorted(doc["deal"])
    assert [] == doc["moves"]
    assert "result" not in doc
    assert doc == json.loads(read_new(args, capsys))  # the same seed deals the same game
    other = json.loads(read_new(["--players", "4", "--seed", "124"], capsys))
    assert doc["deal"] != other["deal"]
    assert {"crows": False, "showdown": False} == other["variant"]
    assert ["p0", "p1", "p2", "p3"] == other["players"]
    unseeded = json.loads(read_new(["--players", "3"], capsys))
    assert sorted(map(str, game_cards(3, False))) == sorted(unseeded["deal"])
    assert () == validate(json.dumps(unseeded))


def test_new_output_files_and_formats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expected = GameLog.from_game(["p0", "p1", "p2"], Variant(), seed=5)
    outputs: dict[str, tuple[list[str], Format]] = {
        "game.jsonl": ([], "jsonl"),
        "game.json": ([], "json"),
        "other.txt": ([], "json"),
        "lines.json": (["--format", "jsonl"], "jsonl"),
        "doc.jsonl": (["--format", "json"], "json"),
    }
    for name, (extra, fmt) in outputs.items():
        path = tmp_path / name
        assert "" == read_new(["--players", "3", "--seed", "5", "-o", str(path), *extra], capsys)
        text = path.read_text()
        assert dump_log(expected, fmt) == text
        assert expected == load_log(path, fmt)
        assert () == validate(path, fmt)
        if fmt == "jsonl":
            assert 1 == len(text.splitlines())
    assert dump_log(expected, "jsonl") == read_new(
        ["--players", "3", "--seed", "5", "--format", "jsonl"], capsys)
    jsonl = str(tmp_path / "game.jsonl")
    status, out, _err = run_main(["replay", jsonl, "--json"], capsys)
    assert (0, True) == (status, json.loads(out)["valid"])


@pytest.mark.parametrize("argv", [
    ["--players", "7"],
    ["--players", "1"],
    ["--players", "3", "--names", "a,b"],
    ["--players", "3", "--first-player", "3"],
])
def test_new_refuses_a_bad_game_with_status_2(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_main(["new", *argv], capsys)
    assert (2, "") == (status, out)
    assert 1 == len(err.strip().splitlines())
    assert "Traceback" not in err


def test_new_to_an_unwritable_place_is_status_2(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "no" / "such" / "dir" / "game.json"
    status, _out, err = run_main(["new", "--players", "3", "-o", str(target)], capsys)
    assert 2 == status
    assert "Traceback" not in err


def test_diagram_prints_mermaid(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run_main(["diagram"], capsys)
    assert 0 == status
    assert diagram() == out
    assert "stateDiagram-v2" in out
    for phase in ("playerTurn", "circleRefill", "forcedReturn", "gameEnd"):
        assert phase in out
    assert "[*] -->" in out


@pytest.mark.parametrize("command", [[], ["replay"], ["new"], ["diagram"]])
def test_help_exits_0(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([*command, "--help"])
    assert 0 == exit_.value.code
    assert "usage: aves" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [[], ["replay"], ["replay", "x.json", "--bogus"],
                                  ["new", "--players", "three"], ["fly"]])
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert 2 == exit_.value.code
    assert "usage: aves" in capsys.readouterr().err


def test_new_without_a_player_count_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    # AVES is for 2 to 6 players: the count cannot be guessed.
    assert 2 == main(["new"])
    assert "aves new: --players is required for AVES (2 to 6)\n" == capsys.readouterr().err


def test_the_module_runs_as_the_aves_command(tmp_path: Path) -> None:
    log, _state = finished_game()
    path = write(tmp_path / "game.jsonl", dump_log(log, "jsonl"))
    done = subprocess.run([sys.executable, "-m", "aves_core", "replay", path, "--json"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert (0, "") == (done.returncode, done.stderr)
    assert replay(log).to_json() == json.loads(done.stdout)
    helped = subprocess.run([sys.executable, "-m", "aves_core", "replay", "--help"],
                            capture_output=True, text=True, timeout=60, check=False)
    assert 0 == helped.returncode
    assert "--json" in helped.stdout


def test_bytes_are_the_log_text_never_a_path(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # load_log's contract: "a path, or the log's text itself (str or bytes)". Only a str
    # may name a file, so bytes that are not a JSON object are a bad log, not a file name.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "[]").write_text(dump_log(finished_game()[0]))  # a file the bytes could name
    codes = {}
    for data in (b"[]", b"not json", b"", b"   "):
        try:
            load_log(data)
        except LogError as error:
            codes[data] = error.code
        else:
            codes[data] = "loaded"
    assert {b"[]": "schema", b"not json": "not_json", b"": "not_json",
            b"   ": "not_json"} == codes
