"""Table: playing, the saved JSON Lines file, crash recovery, undo and bots.

The host's eyes (``table.state``) are checked against the engine (``apply_move_with_events``,
``replay``), each seat's against ``view_for``; the saved file is read back after every move.
"""

from __future__ import annotations

import itertools
import json
import random
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from strategies import choose, is_match, moves_for, player_counts, seeds, variants

from aves_core import (
    ArgumentError,
    GameState,
    IllegalMoveError,
    LogError,
    Move,
    Pass,
    Phase,
    Return,
    Trade,
    Variant,
    apply_move,
    dump_log,
    legal_moves,
    load_log,
    replay,
)
from aves_core.bots import Bot, RandomBot
from aves_core.games.aves.events import (
    CardDrawn,
    CircleRefilled,
    Event,
    TradeUndone,
    apply_move_with_events,
    events_for,
)
from aves_core.games.aves.serialize import unstructure_move
from aves_core.games.aves.table import AvesTable as Table
from aves_core.games.aves.views import PlayerView, update_view, view_for
from aves_core.kernel.log import header_data
from aves_core.kernel.table import UndoError

NAMES = ("ann", "bo", "cy", "di", "ed", "flo")
VARIANTS = [Variant(), Variant(crows=True), Variant(showdown=True),
            Variant(crows=True, showdown=True)]
MAX_MOVES = 400

Seat = int | None


def new_table(num_players: int, variant: Variant = Variant(), seed: int = 0) -> Table:
    return Table(NAMES[:num_players], variant, seed=seed)


def seats(table: Table) -> list[Seat]:
    return [*range(len(table.players)), None]


def file_lines(path: Path) -> list[str]:
    """The saved file's lines, each with its newline."""
    return path.read_text().splitlines(keepends=True)


def snapshot(table: Table, path: Path | None = None) -> tuple[object, ...]:
    """Everything a failed call must leave as it was."""
    saved = path.read_bytes() if path is not None else None
    return (table.state, table.log, table.event_count,
            tuple(table.events_since(0, seat) for seat in seats(table)), saved)


def play_out(table: Table, rng: random.Random, bias: float = 0.0) -> None:
    """Play the table's game to its end with the match-preferring policy."""
    for _ in range(MAX_MOVES):
        if table.state.result is not None:
            return
        table.play(choose(rng, table.state, bias))
    raise AssertionError("the game did not end")


def folded_view(table: Table, seat: Seat) -> PlayerView:
    """What a client that saw every event from the start believes."""
    start = table.log.initial_state()
    return update_view(view_for(start, seat), table.events_since(0, seat))


# --- play ------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
@pytest.mark.parametrize("num_players", [2, 4, 6])
def test_play_returns_each_seats_redacted_events(num_players: int, variant: Variant) -> None:
    table = new_table(num_players, variant, seed=num_players)
    rng = random.Random(num_players)
    while table.state.result is None:
        before, count = table.state, table.event_count
        move = choose(rng, before, 0.5)
        after, events = apply_move_with_events(before, move)
        answer = table.play(move)
        assert set(seats(table)) == set(answer)
        for seat in seats(table):
            assert events_for(events, seat) == answer[seat]
            assert answer[seat] == table.events_since(count, seat)
        assert after == table.state
        assert count + len(events) == table.event_count
    for seat in seats(table):
        assert table.view(seat) == folded_view(table, seat)
        assert view_for(table.state, seat) == table.view(seat)


def _illegal_moves(state: GameState) -> list[Move]:
    """Illegal moves of several kinds for ``state``."""
    seat = state.active_player if state.active_player is not None else 0
    other = (seat + 1) % state.num_players
    not_held = next(card for card in state.circle if card not in state.hands[seat])
    held = state.hands[seat][0]
    moves: list[Move] = [
        Trade(other, state.hands[other][0], 0),  # not_your_turn
        Trade(seat, not_held, 0),  # card_not_in_hand
        Trade(seat, held, len(state.circle)),  # gap_out_of_range
        Return(seat, held, 0) if state.phase is Phase.PLAYER_TURN else Trade(seat, held, 0),
        Pass(seat),
    ]
    return [move for move in moves if _is_illegal(state, move)]


def _is_illegal(state: GameState, move: Move) -> bool:
    try:
        apply_move(state, move)
    except IllegalMoveError:
        return True
    return False


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
def test_illegal_moves_raise_and_change_nothing(variant: Variant, tmp_path: Path) -> None:
    table = new_table(3, variant, seed=7)
    path = tmp_path / "game.jsonl"
    table.save(path)
    rng = random.Random(7)
    tried: set[str] = set()
    while True:
        illegal = _illegal_moves(table.state)
        assert illegal
        for move in illegal:
            before = snapshot(table, path)
            with pytest.raises(IllegalMoveError) as caught:
                table.play(move)
            tried.add(caught.value.code)
            assert before == snapshot(table, path)
        if table.state.result is not None:
            break
        table.play(choose(rng, table.state, 0.9))
    assert {"not_your_turn", "card_not_in_hand", "gap_out_of_range", "wrong_phase",
            "pass_not_allowed", "game_over"} <= tried
    assert replay(path).state == table.state


@settings(max_examples=30)
@given(num_players=player_counts(), variant=variants(), seed=seeds(), data=st.data())
def test_any_illegal_move_changes_nothing(
    num_players: int, variant: Variant, seed: int, data: st.DataObject
) -> None:
    table = new_table(num_players, variant, seed)
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(0, 80), label="moves first")):
        if table.state.result is not None:
            break
        table.play(choose(rng, table.state, 0.7))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.jsonl"
        table.save(path)
        for _ in range(5):
            move = data.draw(moves_for(table.state), label="move")
            before = snapshot(table, path)
            expected: GameState | IllegalMoveError
            try:
                expected = apply_move(table.state, move)
            except IllegalMoveError as error:
                expected = error
            if isinstance(expected, GameState):
                table.play(move)
                assert expected == table.state
                continue
            with pytest.raises(IllegalMoveError) as caught:
                table.play(move)
            assert expected.code == caught.value.code
            assert before == snapshot(table, path)
        table.close()


# --- the log and the saved file ------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
@pytest.mark.parametrize("num_players", [2, 3, 5])
def test_the_log_and_the_saved_file_replay_to_the_final_state(
    num_players: int, variant: Variant, tmp_path: Path
) -> None:
    table = new_table(num_players, variant, seed=40 + num_players)
    path = tmp_path / "game.jsonl"
    table.save(path)
    play_out(table, random.Random(num_players), bias=0.5)
    table.close()
    result = table.state.result
    assert result is not None
    assert result == table.log.result
    for source in (table.log, path):
        replayed = replay(source)
        assert replayed.valid
        assert table.state == replayed.state
        assert result == replayed.result
        assert len(table.log.moves) == replayed.moves
    assert table.log == load_log(path)


@pytest.mark.parametrize("variant", [Variant(), Variant(crows=True, showdown=True)], ids=str)
def test_save_appends_exactly_one_line_per_move_and_the_result_last(
    variant: Variant, tmp_path: Path
) -> None:
    table = new_table(4, variant, seed=3)
    path = tmp_path / "game.jsonl"
    table.save(path)
    lines = file_lines(path)
    assert [json.dumps(header_data(table.log)) + "\n"] == lines
    rng = random.Random(3)
    while table.state.result is None:
        move = choose(rng, table.state, 0.9)
        table.play(move)
        now = file_lines(path)
        added = [json.dumps(unstructure_move(move)) + "\n"]
        if table.state.result is not None:
            result = table.state.result
            added.append(json.dumps({"type": "result", "winners": list(result.winners),
                                     "reason": result.reason}) + "\n")
        assert lines + added == now
        assert dump_log(table.log, "jsonl") == "".join(now)
        lines = now
    assert len(table.log.moves) + 2 == len(lines)


def test_save_elsewhere_moves_the_appends_and_close_stops_them(tmp_path: Path) -> None:
    table = new_table(3, seed=5)
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    rng = random.Random(5)
    table.save(first)
    table.play(choose(rng, table.state, 0.0))
    table.save(second)
    kept = first.read_text()
    table.play(choose(rng, table.state, 0.0))
    assert kept == first.read_text()
    assert dump_log(table.log, "jsonl") == second.read_text()
    table.close()
    table.play(choose(rng, table.state, 0.0))
    assert 3 == len(table.log.moves)
    assert 3 == len(file_lines(second))  # the header and two moves


# --- crash and restore ---------------------------------------------------------------------


def _crash(path: Path, partial: str) -> None:
    """A crash while appending: part of a line, and no newline, at the end of the file."""
    with path.open("a") as stream:
        stream.write(partial)


CUTS = {
    "one character": lambda line: line[:1],
    "half": lambda line: line[: len(line) // 2],
    "all but the last brace": lambda line: line[:-1],
}


@pytest.mark.parametrize("moves_before", [0, 1, 9])
@pytest.mark.parametrize("cut", sorted(CUTS))
def test_restore_drops_a_cut_off_last_line_and_goes_on(
    moves_before: int, cut: str, tmp_path: Path
) -> None:
    variant = Variant(crows=True)
    table = new_table(3, variant, seed=11)
    path = tmp_path / "game.jsonl"
    table.save(path)
    rng = random.Random(11)
    for _ in range(moves_before):
        table.play(choose(rng, table.state, 0.9))
    table.close()
    saved = path.read_text()
    move = choose(rng, table.state, 0.9)
    line = json.dumps(unstructure_move(move))
    _crash(path, CUTS[cut](line))

    restored = Table.restore(path)
    problem = restored.restored_problem
    assert problem is not None
    assert ("truncated", moves_before) == (problem.code, problem.move_index)
    assert table.state == restored.state
    assert table.log == restored.log
    assert table.event_count == restored.event_count
    for seat in seats(table):
        assert table.events_since(0, seat) == restored.events_since(0, seat)
    assert saved == path.read_text()  # the cut-off line is gone, nothing else

    # The restored table goes on and keeps saving: one line per move.
    restored.play(move)
    assert saved + line + "\n" == path.read_text()
    play_out(restored, rng, bias=0.5)
    assert dump_log(restored.log, "jsonl") == path.read_text()
    restored.close()
    again = Table.restore(path)
    assert again.restored_problem is None
    assert restored.state == again.state
    assert restored.log == again.log
    assert restored.state == replay(path).state


def test_restore_after_a_crash_while_writing_the_result(tmp_path: Path) -> None:
    table = new_table(2, seed=2)
    path = tmp_path / "game.jsonl"
    table.save(path)
    play_out(table, random.Random(2))
    table.close()
    lines = file_lines(path)
    assert json.loads(lines[-1])["type"] == "result"
    path.write_text("".join(lines[:-1]) + lines[-1][:10])
    restored = Table.restore(path)
    assert restored.restored_problem is not None
    assert "truncated" == restored.restored_problem.code
    assert table.state == restored.state
    assert table.log == restored.log
    assert "".join(lines) == path.read_text()  # the result line is written again, whole
    restored.close()


def test_restore_keeps_a_whole_move_whose_newline_was_lost(tmp_path: Path) -> None:
    """A crash between a line and its newline: the move is whole, so it counts, and the
    file is left well formed for the moves that follow."""
    table = new_table(3, seed=8)
    path = tmp_path / "game.jsonl"
    table.save(path)
    rng = random.Random(8)
    for _ in range(4):
        table.play(choose(rng, table.state, 0.5))
    table.close()
    move = choose(rng, table.state, 0.5)
    _crash(path, json.dumps(unstructure_move(move)))
    restored = Table.restore(path)
    assert restored.restored_problem is None
    assert apply_move(table.state, move) == restored.state
    play_out(restored, rng)
    restored.close()
    assert restored.state == replay(path).state
    assert restored.log == load_log(path)


def _saved_game(tmp_path: Path, moves: int = 6) -> tuple[Table, Path]:
    table = new_table(3, seed=21)
    path = tmp_path / "game.jsonl"
    table.save(path)
    rng = random.Random(21)
    for _ in range(moves):
        table.play(choose(rng, table.state, 0.5))
    table.close()
    return table, path


def test_restore_refuses_a_file_with_an_illegal_move(tmp_path: Path) -> None:
    table, path = _saved_game(tmp_path)
    state = table.state
    assert state.active_player is not None
    other = (state.active_player + 1) % state.num_players
    bad = Trade(other, state.hands[other][0], 0)
    with path.open("a") as stream:
        stream.write(json.dumps(unstructure_move(bad)) + "\n")
    before = path.read_bytes()
    with pytest.raises(LogError) as caught:
        Table.restore(path)
    assert ("not_your_turn", len(table.log.moves)) == (caught.value.code,
                                                       caught.value.move_index)
    assert before == path.read_bytes()


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ('{"type": "trade", "player": 0, "card": "Z9", "gap": 0}\n', "unknown_card"),
        ('{"type": "trade", "player": 0, "card": "R1"}\n', "schema"),
        ("not json at all\n", "not_json"),
    ],
)
def test_restore_refuses_other_problems_than_a_cut_off_last_line(
    line: str, code: str, tmp_path: Path
) -> None:
    _table, path = _saved_game(tmp_path)
    lines = file_lines(path)
    # The bad line sits before the last move: only a cut-off *last* line is forgiven.
    path.write_text("".join(lines[:-1]) + line + lines[-1])
    before = path.read_bytes()
    with pytest.raises(LogError) as caught:
        Table.restore(path)
    assert code == caught.value.code
    assert before == path.read_bytes()


@pytest.mark.parametrize("game_over", [True, False])
def test_restore_refuses_a_recorded_result_the_rules_do_not_give(
    game_over: bool, tmp_path: Path
) -> None:
    """LOG_FORMAT.md: a recorded result is checked against the rules' outcome
    (``result_mismatch``); restore must raise rather than silently rewrite the file."""
    table = new_table(2, seed=2)
    path = tmp_path / "game.jsonl"
    table.save(path)
    rng = random.Random(2)
    if game_over:
        play_out(table, rng)
    else:
        for _ in range(3):
            table.play(choose(rng, table.state, 0.0))
    table.close()
    lines = file_lines(path)
    if game_over:
        lines = lines[:-1]
    winners = [1] if table.state.result is None or table.state.result.winners != (1,) else [0]
    lines.append(json.dumps({"type": "result", "winners": winners,
                             "reason": "seven_colors"}) + "\n")
    path.write_text("".join(lines))
    before = path.read_bytes()
    assert "result_mismatch" == replay(path).problem.code  # type: ignore[union-attr]
    with pytest.raises(LogError) as caught:
        Table.restore(path)
    assert "result_mismatch" == caught.value.code
    assert before == path.read_bytes()


def test_restore_refuses_a_cut_off_header(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    new_table(2, seed=1).save(path)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    with pytest.raises(LogError):
        Table.restore(path)


# --- undo ------------------------------------------------------------------------------


def _undo_allowed(table: Table, history: Sequence[tuple[GameState, Move]], seat: int) -> bool:
    """The policy, re-stated: ``seat``'s own match of the turn in progress (a return is
    due), which revealed nothing (no draw, no refill)."""
    if not history or table.state.phase is not Phase.FORCED_RETURN:
        return False
    before, move = history[-1]
    return (move.player == seat == table.state.active_player and is_match(before, move)
            and len(before.circle) != 2)


def _reach_forced_return(num_players: int, variant: Variant, *, refill: bool,
                         path: Path | None = None, first_seed: int = 0
                         ) -> tuple[Table, GameState, Move]:
    """A seeded table just after a match into 8 cards, with or without a refill, and the
    state before that match and the match."""
    for seed in itertools.count(first_seed):
        table = new_table(num_players, variant, seed)
        if path is not None:
            table.save(path)
        rng = random.Random(seed)
        while table.state.result is None and len(table.log.moves) < MAX_MOVES:
            before = table.state
            move = choose(rng, before, 1.0)
            events = table.play(move)[None]
            if table.state.phase is Phase.FORCED_RETURN and refill == any(
                    isinstance(event, CircleRefilled) for event in events):
                return table, before, move
        table.close()
    raise AssertionError("unreachable")


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
@pytest.mark.parametrize("num_players", [2, 4])
def test_undo_takes_back_a_match_into_eight_cards(
    num_players: int, variant: Variant, tmp_path: Path
) -> None:
    path = tmp_path / "game.jsonl"
    table, before, move = _reach_forced_return(num_players, variant, refill=False, path=path)
    assert isinstance(move, Trade)
    seat = move.player
    assert 8 == len(table.state.hands[seat])
    assert [s == seat for s in range(num_players)] == [
        table.can_undo(s) for s in range(num_players)]
    moves = table.log.moves
    views = {s: table.view(s) for s in seats(table)}
    count = table.event_count

    answer = table.undo(seat)

    assert before == table.state
    assert moves[:-1] == table.log.moves
    assert table.log.result is None
    assert replay(path).state == before
    assert dump_log(table.log, "jsonl") == path.read_text()
    circle = before.circle
    taken = (circle[move.gap], circle[(move.gap + 1) % len(circle)])
    undone = TradeUndone(seat, move.card, move.gap, taken)
    assert set(seats(table)) == set(answer)
    for s in seats(table):
        assert (undone,) == answer[s]
        assert (undone,) == table.events_since(count, s)
        assert view_for(before, s) == update_view(views[s], answer[s])
        assert view_for(before, s) == folded_view(table, s)
    # Undone: nothing left to take back; the seat moves again and the file follows.
    assert not any(table.can_undo(s) for s in range(num_players))
    table.play(move)
    assert table.can_undo(seat)
    play_out(table, random.Random(1))
    table.close()
    assert table.state == replay(path).state
    for s in seats(table):
        assert table.view(s) == folded_view(table, s)


def test_undo_at_the_last_gap_restores_the_circle_ends() -> None:
    """A match at the last gap takes the circle's first and last cards (RULES.md): the
    undo puts them back at both ends."""
    for seed in range(500):
        table, before, move = _reach_forced_return(3, Variant(), refill=False,
                                                   first_seed=seed)
        assert isinstance(move, Trade)
        if move.gap == len(before.circle) - 1:
            break
    else:
        raise AssertionError("no match at the last gap found")
    views = {s: table.view(s) for s in seats(table)}
    answer = table.undo(move.player)
    assert before == table.state
    for s in seats(table):
        assert view_for(before, s) == update_view(views[s], answer[s])


def test_undo_is_refused_after_a_refill(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    table, _before, move = _reach_forced_return(3, Variant(), refill=True, path=path)
    assert 8 == len(table.state.hands[move.player])
    assert not any(table.can_undo(s) for s in range(3))
    saved = snapshot(table, path)
    with pytest.raises(UndoError) as caught:
        table.undo(move.player)
    assert "undo_not_allowed" == caught.value.code
    assert saved == snapshot(table, path)


def test_undo_is_refused_at_the_start_after_a_miss_and_once_the_turn_is_over(
        tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    table, _before, move = _reach_forced_return(4, Variant(), refill=False, path=path)
    seat = move.player
    other = (seat + 1) % 4
    saved = snapshot(table, path)
    with pytest.raises(UndoError):
        table.undo(other)
    assert saved == snapshot(table, path)
    # The return completes the turn: nobody can undo any more.
    table.play(legal_moves(table.state)[0])
    assert not any(table.can_undo(s) for s in range(4))
    saved = snapshot(table, path)
    with pytest.raises(UndoError):
        table.undo(seat)
    assert saved == snapshot(table, path)
    # A miss draws a hidden card: never undone.
    state = table.state
    if state.result is None:
        miss = next(m for m in legal_moves(state) if not is_match(state, m))
        table.play(miss)
        assert not any(table.can_undo(s) for s in range(4))
        with pytest.raises(UndoError):
            table.undo(miss.player)
    fresh = new_table(2, seed=1)
    assert not any(fresh.can_undo(s) for s in range(2))


@given(num_players=player_counts(), variant=variants(), seed=seeds(),
       bias=st.sampled_from((0.5, 0.9, 1.0)))
def test_can_undo_follows_the_policy_and_undo_restores_the_state(
    num_players: int, variant: Variant, seed: int, bias: float
) -> None:
    """Over random games, undoing now and then: ``can_undo`` answers as the policy says
    for every seat at every moment, and an undo brings back the exact state before."""
    table = new_table(num_players, variant, seed)
    rng = random.Random(seed)
    history: list[tuple[GameState, Move]] = []
    undos = 0
    for _ in range(MAX_MOVES):
        for each in range(num_players):
            assert _undo_allowed(table, history, each) == table.can_undo(each)
        if table.state.result is not None:
            break
        active = table.state.active_player
        assert active is not None
        if table.can_undo(active) and rng.random() < 0.4:
            before, _move = history.pop()
            undos += 1
            table.undo(active)
            assert before == table.state
            assert [move for _before, move in history] == list(table.log.moves)
            continue
        move = choose(rng, table.state, bias)
        history.append((table.state, move))
        table.play(move)
    for seat in seats(table):
        assert table.view(seat) == folded_view(table, seat)
    assert table.state == replay(table.log).state
    event("undos: " + ("none" if undos == 0 else "some"))


# --- bots ----------------------------------------------------------------------------------


class SpyBot:
    """A random bot that records everything it is given, and what it should have been given."""

    def __init__(self, table: Table, seat: int) -> None:
        self.table = table
        self.seat = seat
        self.calls: list[tuple[tuple[object, ...], PlayerView, tuple[Event, ...]]] = []

    def choose(self, view: PlayerView, events: Sequence[Event], rng: random.Random) -> Move:
        truth = (view_for(self.table.state, self.seat), self.table.events_since(0, self.seat))
        self.calls.append(((view, events, rng), *truth))
        move: Move = RandomBot().choose(view, events, rng)
        return move


def test_bots_satisfy_the_protocol() -> None:
    assert isinstance(RandomBot(), Bot)
    assert isinstance(SpyBot(new_table(2), 0), Bot)


def test_a_bot_for_the_seat_to_move_moves_at_once() -> None:
    table = new_table(3, seed=4)
    seat = table.state.active_player
    assert seat is not None
    answer = table.replace_with_bot(seat, RandomBot())
    assert table.log.moves
    assert all(move.player == seat for move in table.log.moves)
    assert table.state.active_player != seat
    assert set(seats(table)) == set(answer)
    for s in seats(table):
        assert table.events_since(0, s) == answer[s]


def test_a_bot_for_another_seat_waits_for_its_turn() -> None:
    table = new_table(3, seed=4)
    seat = table.state.active_player
    assert seat is not None
    bot_seat = (seat + 1) % 3
    before = snapshot(table)
    answer = table.replace_with_bot(bot_seat, RandomBot())
    assert dict.fromkeys(seats(table), ()) == answer
    assert before == snapshot(table)
    rng = random.Random(0)
    while table.state.active_player == seat:
        count = table.event_count
        answer = table.play(choose(rng, table.state, 0.0))
        # play answers with the events of the bot's moves too
        assert table.events_since(count, None) == answer[None]
    players = [move.player for move in table.log.moves]
    assert seat == players[0]
    assert bot_seat in players
    assert {seat, bot_seat} == set(players)
    assert (bot_seat + 1) % 3 == table.state.active_player


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
@pytest.mark.parametrize("num_players", [2, 3, 5])
def test_bots_on_every_seat_finish_the_game_seeing_only_their_views(
    num_players: int, variant: Variant, tmp_path: Path
) -> None:
    table = new_table(num_players, variant, seed=num_players * 10)
    path = tmp_path / "game.jsonl"
    table.save(path)
    spies = [SpyBot(table, seat) for seat in range(num_players)]
    for seat, spy in enumerate(spies):
        table.replace_with_bot(seat, spy)
    table.close()
    assert table.state.result is not None
    assert table.state == replay(path).state
    assert sum(len(spy.calls) for spy in spies) == len(table.log.moves)
    for spy in spies:
        assert spy.calls
        for (view, events, rng), true_view, true_events in spy.calls:
            assert (PlayerView, tuple, random.Random) == (type(view), type(events), type(rng))
            assert true_view == view
            assert true_events == events
            hidden = [owner for owner in range(num_players)
                      if owner != spy.seat and not variant.showdown]
            assert all(view.hands[owner] is None for owner in hidden)
            drawn = [event for event in events if isinstance(event, CardDrawn)
                     and event.seat in hidden]
            assert all(event.card is None for event in drawn)


@pytest.mark.parametrize("bad", [-1, 3, True, "0"])
def test_replace_with_bot_refuses_a_seat_that_is_not_there(bad: object) -> None:
    table = new_table(3, seed=1)
    before = snapshot(table)
    with pytest.raises(ArgumentError):
        table.replace_with_bot(bad, RandomBot())  # type: ignore[arg-type]
    assert before == snapshot(table)


def test_replace_with_bot_refuses_what_is_not_a_bot() -> None:
    table = new_table(3, seed=1)
    seat = table.state.active_player
    assert seat is not None
    before = snapshot(table)
    with pytest.raises(ArgumentError):
        table.replace_with_bot(seat, object())  # type: ignore[arg-type]
    assert before == snapshot(table)


class IllegalBot:
    """A faulty bot: it always passes, legal or not."""

    def choose(self, view: PlayerView, events: Sequence[Event], rng: random.Random) -> Move:
        assert view.seat is not None
        return Pass(view.seat)


def test_a_faulty_bot_is_not_reported_as_the_players_illegal_move() -> None:
    """``play`` promises: IllegalMoveError when the move is not legal, and then nothing
    changes. A legal move followed by a bot's illegal move must not break that promise
    (the host would tell the player their legal move was refused, yet it was recorded)."""
    table = new_table(4, seed=1)
    seat = table.state.active_player
    assert seat is not None
    table.replace_with_bot((seat + 1) % 4, IllegalBot())
    move = next(m for m in legal_moves(table.state)
                if not is_match(table.state, m))  # a miss: the turn passes to the bot
    before = snapshot(table)
    try:
        table.play(move)
    except IllegalMoveError:
        assert before == snapshot(table), (
            "play raised IllegalMoveError for a legal move, which it recorded anyway")


# --- odds and ends ---------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [-1, 4, 99])
def test_events_since_refuses_a_seat_the_table_does_not_have(bad: int) -> None:
    """``view`` refuses a seat the table lacks; ``events_since`` should too rather than
    answer as for a spectator."""
    table = new_table(4, seed=1)
    table.play(legal_moves(table.state)[0])
    with pytest.raises(ArgumentError):
        table.view(bad)
    with pytest.raises(ArgumentError):
        table.events_since(0, bad)


@pytest.mark.parametrize("bad", [-1, True, "0", 1.5])
def test_events_since_refuses_a_bad_index(bad: object) -> None:
    table = new_table(2, seed=1)
    with pytest.raises(ArgumentError):
        table.events_since(bad, 0)  # type: ignore[arg-type]
