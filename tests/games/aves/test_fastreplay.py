"""Replay's fast paths agree with the slow ones they stand in for.

Replay reads JSON Lines through a cache of move lines, reads well-formed AVES
headers and results without the converter, and plays AVES games on lists of card
ranks (``fastreplay``) instead of frozen states. Each is checked here against the
path it replaces: the same states, counts, codes and messages, over random games,
near-miss moves, broken setups and mutated headers.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import Playout, moves_for, playouts

from aves_core import (
    AvesSetup,
    Card,
    GameLog,
    GameState,
    IllegalMoveError,
    Move,
    Pass,
    Phase,
    Return,
    Trade,
    Variant,
    apply_move,
    dump_log,
    game_cards,
    get_game,
    new_game,
    random_setup,
    replay,
)
from aves_core.games.aves import fastreplay
from aves_core.games.aves import log as aves_log
from aves_core.kernel.errors import AvesError, LogError
from aves_core.kernel.log import read_header

AVES = get_game("aves")


def reference(state: GameState, moves: list[Move]
              ) -> tuple[GameState, int, tuple[str, str] | None]:
    """apply_move, move by move, until one is illegal."""
    for count, move in enumerate(moves):
        try:
            state = apply_move(state, move)
        except IllegalMoveError as error:
            return state, count, (error.code, error.message)
        assert state is not None
    return state, len(moves), None


def fast(state: GameState, moves: list[Move]) -> tuple[GameState, int, tuple[str, str] | None]:
    reached, count, error = fastreplay.apply_all(state, moves)
    return reached, count, None if error is None else (error.code, error.message)


def candidate_moves(state: GameState) -> list[Move]:
    """Every move near legal in ``state``: each seat, each card of each hand (and a card
    of no hand), the circle's boundary gaps, all three kinds."""
    k = len(state.circle)
    cards = sorted({card for hand in state.hands for card in hand} | {Card.parse("V6")})
    active = state.active_player if state.active_player is not None else 0
    moves: list[Move] = []
    for seat in (active, (active + 1) % state.num_players, -1):
        moves.append(Pass(seat))
        for card in cards:
            for gap in sorted({-1, 0, k // 2, k - 1, k}):
                moves += [Trade(seat, card, gap), Return(seat, card, gap)]
    return moves


@given(playouts(), st.data())
def test_apply_all_judges_every_near_move_as_apply_move_does(
        game: Playout, data: st.DataObject) -> None:
    # A few states of the game, the interesting ones first: a return due, a crow held,
    # the game over.
    states = sorted(game.states, key=lambda state: (
        state.phase is not Phase.FORCED_RETURN,
        not any(card.is_crow for hand in state.hands for card in hand),
        state.phase is not Phase.GAME_END))
    for state in [*states[:2], data.draw(st.sampled_from(game.states))]:
        for move in candidate_moves(state):
            assert reference(state, [move]) == fast(state, [move]), move


@given(playouts(), st.data())
def test_apply_all_reaches_the_states_and_errors_of_apply_move(
        game: Playout, data: st.DataObject) -> None:
    cut = data.draw(st.integers(min_value=0, max_value=len(game.moves)))
    extra = data.draw(moves_for(game.states[cut]))
    # The game as played, with one move (legal, near or arbitrary) slipped in at the cut:
    # the moves after it are often illegal then, which is the point.
    moves = [*game.moves[:cut], extra, *game.moves[cut:]]
    assert reference(game.states[0], moves) == fast(game.states[0], moves)


@given(playouts())
def test_apply_all_of_a_whole_game_is_its_last_state(game: Playout) -> None:
    assert (game.final, len(game.moves), None) == fast(game.states[0], list(game.moves))


def _setup_outcome(call: Any) -> object:
    try:
        return call()
    except AvesError as error:
        return type(error).__name__, error.code, error.message


@st.composite
def setups(draw: st.DrawFn) -> tuple[int, AvesSetup]:
    """A setup, often broken: a card missing, repeated or foreign, a bad first player,
    a wrong number of players for the deal."""
    num_players = draw(st.integers(min_value=2, max_value=6))
    variant = draw(st.builds(Variant, crows=st.booleans(), showdown=st.booleans()))
    deal, first = random_setup(num_players, variant, draw(st.integers(0, 2**16)))
    cards = list(deal)
    change = draw(st.sampled_from(["none", "drop", "repeat", "foreign", "first", "players"]))
    if change == "drop":
        cards.pop(draw(st.integers(0, len(cards) - 1)))
    elif change == "repeat":
        cards[draw(st.integers(0, len(cards) - 1))] = cards[0]
    elif change == "foreign":
        cards[draw(st.integers(0, len(cards) - 1))] = draw(
            st.sampled_from(game_cards(6, crows=True)))
    elif change == "first":
        first = draw(st.sampled_from([-1, num_players, 7, 10**30]))
    elif change == "players":
        num_players = draw(st.sampled_from([1, 7, num_players % 6 + 2]))
    return num_players, AvesSetup(variant, tuple(cards), first)


@given(setups(), playouts(max_moves=30))
def test_replay_all_sets_up_exactly_as_new_game(case: tuple[int, AvesSetup],
                                                game: Playout) -> None:
    num_players, setup = case
    moves = list(game.moves)

    def slow() -> object:
        state = new_game(num_players, setup.variant, deal=setup.deal,
                         first_player=setup.first_player)
        return fast(state, moves)

    def fused() -> object:
        reached, count, error = fastreplay.replay_all(num_players, setup, moves)
        return reached, count, None if error is None else (error.code, error.message)

    assert _setup_outcome(slow) == _setup_outcome(fused)


def test_replay_all_refuses_what_new_game_refuses_for_types() -> None:
    deal, first = random_setup(3, Variant(), 1)
    for num_players, setup in [
        (True, AvesSetup(Variant(), deal, first)),
        (3, AvesSetup(Variant(), deal, True)),
        (3, AvesSetup(Variant(), (*deal[:-1], "V1"), first)),  # type: ignore[arg-type]
    ]:
        with pytest.raises(AvesError) as slow:
            new_game(num_players, setup.variant, deal=setup.deal,
                     first_player=setup.first_player)
        with pytest.raises(AvesError) as fused:
            fastreplay.replay_all(num_players, setup, [])
        assert (type(slow.value), slow.value.code, slow.value.message) == (
            type(fused.value), fused.value.code, fused.value.message)


# --- headers and results without the converter ---------------------------------------


_ODD_VALUES: list[Any] = [
    None, True, False, 0, 1, 2, -1, 7, 10**30, 2.0, "", "R3", "C0", "Z9", "x",
    [], ["a"], ["a", "b"], ["a", 3], ["a", None], ["a", "b", "c", "d", "e", "f", "g"],
    ["R1", "R1"], ["R1", 3], [["R1"]], [{"a": 1}],
    {}, {"crows": True}, {"crows": False, "showdown": False},
    {"crows": 1, "showdown": False}, {"crows": False, "showdown": False, "x": 1},
]
"""JSON values to put in every field of a header or a result: right, near and wrong."""


def _headers() -> list[dict[str, Any]]:
    logs = [GameLog.from_game([f"p{seat}" for seat in range(players)], Variant(crows=crows),
                              seed=players)
            for players, crows in ((2, False), (4, True), (6, False))]
    return [json.loads(dump_log(log, "jsonl").split("\n")[0]) for log in logs]


def _mutations(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The header, and the header with each field removed or set to each odd value, and
    its deal with one card replaced by each odd value."""
    out = [data, {**data, "extra": 1}]
    for key in data:
        out.append({name: value for name, value in data.items() if name != key})
        out += [{**data, key: value} for value in _ODD_VALUES]
    deal = data["deal"]
    out += [{**data, "deal": [value, *deal[1:]]} for value in _ODD_VALUES]
    out += [{**data, "deal": [*deal, "R1"]}, {**data, "deal": deal[1:]}]
    return out


def _read(data: dict[str, Any]) -> object:
    try:
        return read_header(data)
    except LogError as error:
        return error.code, error.message, error.path


@pytest.mark.parametrize("header", _headers())
def test_well_formed_headers_read_as_the_converter_reads_them(
        header: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    mutated = _mutations(header)
    fast_headers = [_read(data) for data in mutated]
    monkeypatch.setattr(aves_log, "_well_formed", lambda data: None)
    assert [_read(data) for data in mutated] == fast_headers


def test_well_formed_results_read_as_the_converter_reads_them() -> None:
    from aves_core.kernel.convert import FieldError, structure
    from aves_core.kernel.game import Result

    good = {"winners": [0, 2], "reason": "deck_empty"}
    cases: list[Any] = [good, {**good, "x": 1}, {"winners": [1]}, {"reason": "deck_empty"},
                        *_ODD_VALUES]
    for key in good:
        cases += [{**good, key: value} for value in [*_ODD_VALUES, "seven_colors", [True]]]

    def outcome(read: Any, data: Any) -> object:
        try:
            result = read(data)
        except FieldError:
            return "refused"
        return result if result.reason in AVES.facts.reasons else "refused"

    for data in cases:
        slow = outcome(lambda data: structure(data, Result) if type(data) is dict
                       else _refuse(), data)
        assert slow == outcome(AVES.result_from_json, data), data


def _refuse() -> Any:
    from aves_core.kernel.convert import FieldError

    raise FieldError("not an object")


# --- JSON Lines through the cache -----------------------------------------------------


def _variants_of_lines(text: str, rng: random.Random) -> str:
    """The same log with its move lines written in other ways: keys reordered, spaces,
    blank lines, CRLF. Each is a distinct line to the cache and must read the same."""
    lines = text.split("\n")
    out = [lines[0]]
    for line in lines[1:]:
        if not line:
            continue
        data = json.loads(line)
        style = rng.randrange(4)
        if style == 1:
            line = json.dumps(dict(reversed(list(data.items()))))
        elif style == 2:
            line = json.dumps(data, separators=(",", ":")) + "\r"
        elif style == 3:
            out.append("")
        out.append(line)
    return "\n".join(out) + "\n"


@given(playouts(), st.integers(0, 2**16))
def test_json_lines_replay_as_the_log_value_does_whatever_the_cache_holds(
        game: Playout, seed: int) -> None:
    log = GameLog.from_game([f"p{seat}" for seat in range(game.num_players)], game.variant,
                            deal=game_deal(game), first_player=game.states[0].active_player)
    log = log.with_result(game.final.result)
    for move in game.moves:
        log = log.append(move)
    text = dump_log(log, "jsonl")
    expected = replay(log)
    # Twice: the second reading finds every line in the cache.
    assert expected == replay(text) == replay(text)
    assert expected == replay(_variants_of_lines(text, random.Random(seed)))


def game_deal(game: Playout) -> tuple[Card, ...]:
    """A deal that gives a playout's first state: its hands (in seat order), circle, deck."""
    first = game.states[0]
    return (*(card for hand in first.hands for card in hand), *first.circle, *first.deck)


def test_a_cached_move_line_after_the_result_is_still_refused(tmp_path: Path) -> None:
    log = GameLog.from_game(["a", "b"], seed=5)
    state = log.initial_state()
    moves: list[Move] = []
    while state.result is None:
        move = random.Random(len(moves)).choice(AVES.legal_moves(state))
        state = apply_move(state, move)
        moves.append(move)
    text = dump_log(GameLog(log.players, log.variant, log.deal, log.first_player,
                            moves=tuple(moves), result=state.result), "jsonl")
    assert replay(text).valid  # every move line and the result line are cached now
    lines = text.rstrip("\n").split("\n")
    after = "\n".join([*lines, lines[1]]) + "\n"  # a known move line after the result
    twice = "\n".join([*lines, lines[-1]]) + "\n"  # the known result line twice
    for bad in (after, twice):
        problem = replay(bad).problem
        assert problem is not None
        assert ("schema", "the result line must be the last line") == (problem.code,
                                                                         problem.message)


def test_a_file_of_many_blocks_replays_as_its_text(tmp_path: Path) -> None:
    """Lines cut by the 64 KiB block boundary read whole (blank lines pad the file)."""
    log = GameLog.from_game(["a", "b", "c"], seed=2)
    state = log.initial_state()
    rng = random.Random(2)
    moves: list[Move] = []
    while state.result is None:
        move = rng.choice(AVES.legal_moves(state))
        state = apply_move(state, move)
        moves.append(move)
    lines = dump_log(GameLog(log.players, log.variant, log.deal, log.first_player,
                             moves=tuple(moves), result=state.result), "jsonl").split("\n")
    padded = [lines[0]]
    for index, line in enumerate(lines[1:]):
        padded += [" " * (20000 + 37 * index), line]  # whitespace-only lines are blank
    text = "\n".join(padded)
    assert len(text) > 3 * (1 << 16)
    path = tmp_path / "long.jsonl"
    path.write_text(text)
    assert replay(path) == replay(text) == replay(dump_log(
        GameLog(log.players, log.variant, log.deal, log.first_player, moves=tuple(moves),
                result=state.result), "json"))
    assert replay(path).valid
