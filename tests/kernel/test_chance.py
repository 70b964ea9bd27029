"""Chance during play (``Chance.PLAY``) in every layer of the kernel that runs a game:
tables (settled after every move, recorded, restored and rebuilt without drawing, never
undone), simulation, the search bot, the conformance kit, ``aves replay`` and ``aves
play``. The game is Reshuffle (``chancegame.py``): its deck is reshuffled from the
discard pile mid-turn, when a seat draws from an empty deck.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from chancegame import (
    CARELESS_UNDO,
    GAME,
    LEAKY_RESHUFFLE,
    Draw,
    Pass,
    Phase,
    Play,
    Reshuffle,
    State,
)

from aves_core import IllegalMoveError, Table, UndoError, dump_log, get_game, read_log, replay
from aves_core.bots import RandomBot, make_bot
from aves_core.cli import main
from aves_core.kernel.chance import settle
from aves_core.kernel.game import Chance
from aves_core.kernel.mcts import SearchBot
from aves_core.kernel.registry import register_game
from aves_core.kernel.replay import states
from aves_core.kernel.sim import SimulationSpec, play_game, simulate
from aves_core.testing import ConformanceError, check_game

SEATS = ["ann", "bo"]


def first_moves(table: Table, until_chance: bool = True, limit: int = 60) -> None:
    """Play the first legal move until the log holds a chance move (or the game ends)."""
    for _ in range(limit):
        if table.result is not None:
            return
        if until_chance and any(GAME.mover(move) is None for move in table.log.moves):
            return
        table.play(table.view(table.to_move[0]).legal_moves[0])


def chance_moves(moves: Any) -> list[Any]:
    return [move for move in moves if GAME.mover(move) is None]


# --- the game itself -------------------------------------------------------------------


def test_the_toy_game_stops_at_a_chance_node_that_refuses_every_seat() -> None:
    state = State(((1, 2), (3, 4)), (), (1, 2, 3, 4), (5, 0), 0, Phase.PLAY, 10)
    drawing = GAME.apply(attrs.evolve(state, hands=((2,), (3, 4)), pile=(1, 1, 2, 3, 4),
                                      phase=Phase.DRAW), Draw(0))
    assert GAME.awaits_chance(drawing)
    assert ((), (), None) == (GAME.to_move(drawing), GAME.legal_moves(drawing),
                              GAME.result(drawing))
    assert () == GAME.view(drawing, 0).legal_moves
    for move in (Draw(0), Pass(0), Play(0, 2), Play(1, 3)):
        with pytest.raises(IllegalMoveError) as refused:
            GAME.apply(drawing, move)
        assert "awaits_chance" == refused.value.code
    with pytest.raises(IllegalMoveError) as refused:
        GAME.apply(drawing, Reshuffle((1, 1, 2, 3, 3)))  # not the pile's cards
    assert "bad_reshuffle" == refused.value.code
    with pytest.raises(IllegalMoveError) as refused:
        GAME.apply(state, Reshuffle((1, 2, 3, 4)))  # no reshuffle is due
    assert "no_chance" == refused.value.code
    after = GAME.apply(drawing, Reshuffle((3, 1, 2, 4, 1)))
    assert ((2, 3), (1, 2, 4, 1), (), 1) == (after.hands[0], after.deck, after.pile,
                                             after.active)
    assert None is GAME.mover(Reshuffle((1,)))
    assert "*:reshuffle 31241" == GAME.move_text(Reshuffle((3, 1, 2, 4, 1)))
    assert Reshuffle((3, 1)) == GAME.parse_move("*:reshuffle 31")


def test_the_reshuffle_events_never_say_the_order() -> None:
    state = State(((2,), (3, 4)), (), (1, 1, 2, 3, 4), (5, 0), 0, Phase.DRAW, 10)
    waiting = GAME.apply(state, Draw(0))
    _, events = GAME.apply_with_events(waiting, Reshuffle((3, 1, 2, 4, 1)))
    assert ["reshuffled", "drew"] == [GAME.event_to_json(event)["type"] for event in events]
    assert {"type": "reshuffled", "size": 5} == GAME.event_to_json(events[0])
    assert (3,) == tuple(event.card for event in GAME.events_for(events, 0)[1:])
    assert (None,) == tuple(event.card for event in GAME.events_for(events, 1)[1:])


def test_the_chance_plan_draws_the_deck_card_by_card() -> None:
    state = State(((2,), (3, 4)), (), (1, 1, 2, 3), (5, 0), 0, Phase.DRAW, 10)
    waiting = GAME.apply(state, Draw(0))
    plan = GAME.chance_plan(waiting)
    assert 4 == plan.length()
    assert [(1, 0.5), (2, 0.25), (3, 0.25)] == plan.outcomes(())
    assert [(2, 0.5), (3, 0.5)] == plan.outcomes((1, 1))
    assert plan.done((1, 1, 3, 2))
    assert Reshuffle((1, 1, 3, 2)) == plan.result((1, 1, 3, 2))
    assert "deck card 2: 3" == plan.text((1,), 3)


# --- tables --------------------------------------------------------------------------------


def test_a_table_settles_chance_after_a_move_and_records_it(tmp_path: Path) -> None:
    table = Table(GAME, SEATS, seed=5)
    path = tmp_path / "game.jsonl"
    table.save(path)
    first_moves(table)
    drawn = chance_moves(table.log.moves)
    assert len(drawn) == 1
    assert not GAME.awaits_chance(table.state)
    assert table.to_move  # a seat moves next: the table never rests at a chance node
    last = table.log.moves.index(drawn[0])
    assert isinstance(table.log.moves[last - 1], Draw)  # the seat's draw, then the chance
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert {"type": "reshuffle", "deck": list(drawn[0].deck)} in lines
    assert replay(path).valid
    assert replay(path).state == table.state


def test_play_says_which_moves_it_appended() -> None:
    table = Table(GAME, SEATS, seed=5)
    while True:
        before = table.move_count
        table.play(table.view(table.to_move[0]).legal_moves[0])
        appended = table.moves_since(before)
        if len(appended) > 1:
            break
    assert isinstance(appended[0], Draw)
    assert all(isinstance(move, Reshuffle) for move in appended[1:])
    assert () == table.moves_since(table.move_count)


def test_a_seat_sees_the_reshuffle_but_not_the_order() -> None:
    table = Table(GAME, SEATS, seed=5)
    events: dict[Any, list[Any]] = {0: [], 1: [], None: []}
    while not chance_moves(table.log.moves):
        for seat, got in table.play(table.view(table.to_move[0]).legal_moves[0]).items():
            events[seat].extend(got)
    deck = list(chance_moves(table.log.moves)[0].deck)
    for seat, seen in events.items():
        data = [GAME.event_to_json(event) for event in seen]
        assert any(item["type"] == "reshuffled" for item in data)
        assert all("deck" not in item for item in data)
        assert GAME.update_view(GAME.view(GAME.start(2, table.log.setup), seat), seen) \
            == table.view(seat)
    assert deck  # the order is in the log (the host's record), in no seat's events


def test_a_table_without_a_seed_draws_chance_from_the_systems_randomness(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seeds: list[Any] = []
    original = type(GAME).chance_generator

    def spy(self: Any, num_players: int, options: Any, seed: int | None) -> random.Random:
        seeds.append(seed)
        return original(self, num_players, options, seed)

    monkeypatch.setattr(type(GAME), "chance_generator", spy)
    table = Table(GAME, SEATS, setup=GAME.new_setup(2, GAME.default_options(), 1))
    assert [None] == seeds
    assert isinstance(table._chance, random.SystemRandom)
    Table(GAME, SEATS, seed=4)
    assert [None, 4] == seeds


def test_a_seed_fixes_the_tables_chance() -> None:
    games = []
    for _ in range(2):
        table = Table(GAME, SEATS, seed=11)
        table.replace_with_bot(0, RandomBot())
        table.replace_with_bot(1, RandomBot())
        games.append(table.log)
    assert games[0] == games[1]
    assert chance_moves(games[0].moves)


def test_bots_moves_are_followed_by_their_chance_moves() -> None:
    table = Table(GAME, SEATS, options=GAME.options_type(target=30), seed=2)
    table.replace_with_bot(0, RandomBot())
    table.replace_with_bot(1, make_bot("search:30", GAME))
    assert table.result is not None
    assert len(chance_moves(table.log.moves)) >= 2
    assert replay(table.log).valid


def test_restore_replays_the_recorded_chance_and_draws_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(GAME, SEATS, seed=5)
    path = tmp_path / "game.jsonl"
    table.save(path)
    first_moves(table)
    table.close()

    def no_draw(*_: Any) -> Any:
        raise AssertionError("a recorded game was drawn again")

    monkeypatch.setattr(type(GAME), "chance_move", no_draw)
    restored = Table.restore(path)
    assert (restored.state, restored.log) == (table.state, table.log)
    assert path.read_text().count("reshuffle") == 1


def test_restore_draws_only_what_a_crash_left_out(tmp_path: Path) -> None:
    table = Table(GAME, SEATS, seed=5)
    path = tmp_path / "game.jsonl"
    table.save(path)
    first_moves(table)
    table.close()
    lines = path.read_text().splitlines()
    cut = next(index for index, line in enumerate(lines) if "reshuffle" in line)
    path.write_text("\n".join(lines[:cut]) + "\n")  # the seat's draw made it, its chance not
    restored = Table.restore(path, seed=3)
    assert not GAME.awaits_chance(restored.state)
    assert restored.move_count == len(table.log.moves)
    assert replay(path).valid


def test_apply_recorded_draws_nothing_and_refuses_a_group_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    played = Table(GAME, SEATS, seed=5)
    first_moves(played)
    moves = played.log.moves
    split = moves.index(chance_moves(moves)[0])
    monkeypatch.setattr(type(GAME), "chance_move", lambda *_: pytest.fail("drawn"))
    rebuilt = Table(GAME, SEATS, setup=played.log.setup, seed=5)
    rebuilt.apply_recorded(moves[:split - 1])
    before = (rebuilt.state, rebuilt.log, rebuilt.event_count)
    forged = Reshuffle(tuple(sorted(moves[split].deck, reverse=True)) + (1,))
    with pytest.raises(IllegalMoveError) as refused:
        rebuilt.apply_recorded([moves[split - 1], forged])
    assert "bad_reshuffle" == refused.value.code
    assert before == (rebuilt.state, rebuilt.log, rebuilt.event_count)  # nothing applied
    events = rebuilt.apply_recorded(moves[split - 1:split + 1])
    assert any(event.__class__.__name__ == "Reshuffled" for event in events[None])
    rebuilt.apply_recorded(moves[split + 1:])
    assert (rebuilt.state, rebuilt.log) == (played.state, played.log)


def test_undo_follows_the_policy_and_never_reaches_past_chance() -> None:
    table = Table(GAME, SEATS, seed=5)
    seat = table.to_move[0]
    table.play(table.view(seat).legal_moves[0])
    assert table.can_undo(seat)  # a play, before the draw
    table.undo(seat)
    assert 0 == table.move_count
    first_moves(table)
    drawer = GAME.mover(table.log.moves[-2])
    assert drawer is not None
    assert not table.can_undo(drawer)
    # A game whose policy would let anybody undo anything: the table still refuses to
    # take back a chance move, and so the move it followed.
    careless = Table(CARELESS_UNDO, SEATS, setup=table.log.setup, seed=5)
    careless.apply_recorded(table.log.moves)
    assert GAME.mover(careless.log.moves[-1]) is None
    for other in (0, 1):
        assert not careless.can_undo(other)
        with pytest.raises(UndoError):
            careless.undo(other)
    careless.play(careless.view(careless.to_move[0]).legal_moves[0])
    assert careless.can_undo(0)  # its policy holds where no chance is in the way


# --- simulation -------------------------------------------------------------------------------


def test_a_simulated_game_logs_its_chance_and_counts_seat_moves() -> None:
    bots = [RandomBot(), make_bot("search:20", GAME)]
    options = GAME.options_type(target=30)
    record, log = play_game(GAME, bots, ["random", "search:20"], options, 7, 1000)
    assert chance_moves(log.moves)
    assert record.moves == len(log.moves) - len(chance_moves(log.moves))
    assert replay(log).valid
    again = play_game(GAME, [RandomBot(), make_bot("search:20", GAME)],
                      ["random", "search:20"], options, 7, 1000)
    assert (record, log) == again
    capped, capped_log = play_game(GAME, [RandomBot(), RandomBot()], ["random", "random"],
                                   GAME.options_type(target=40), 7, 9)
    assert (9, "move_limit") == (capped.moves, capped.reason)
    assert 9 == len(capped_log.moves) - len(chance_moves(capped_log.moves))


def test_a_seed_fixes_a_simulation_with_chance_whatever_the_workers() -> None:
    spec = SimulationSpec(("random", "search:10"), GAME.options_type(target=20), 3, 500,
                          GAME.id)
    alone = list(simulate(spec, 12, workers=1))
    shared = list(simulate(spec, 12, workers=2))
    assert alone == shared
    assert any(chance_moves(log.moves) for _, log in alone)


# --- the search bot ----------------------------------------------------------------------------


def test_the_search_settles_chance_through_its_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    hooks = GAME.search_hooks()
    assert hooks is not None
    assert hooks.chance is not None
    settle_chance = hooks.chance

    def counted(state: Any, rng: random.Random) -> Any:
        calls.append(1)
        return settle_chance(state, rng)

    monkeypatch.setattr(type(GAME), "search_hooks",
                        lambda self: attrs.evolve(hooks, chance=counted))
    bot = SearchBot(60, game=GAME)
    table = Table(GAME, SEATS, options=GAME.options_type(target=25), seed=8)
    table.replace_with_bot(0, bot)
    table.replace_with_bot(1, SearchBot(60, game=GAME))
    assert table.result is not None
    assert calls  # every step of walks and playouts


def test_a_hidden_information_search_thinks_as_long_with_one_move_as_with_many() -> None:
    table = Table(GAME, SEATS, seed=5)
    while len(table.view(table.to_move[0]).legal_moves) != 1:
        table.play(table.view(table.to_move[0]).legal_moves[0])
    seat = table.to_move[0]
    view, events = table.view(seat), table.events_since(0, seat)
    rng = random.Random(1)
    before = rng.getstate()
    steady = SearchBot(40, game=GAME)
    assert view.legal_moves[0] == steady.choose(view, events, rng)
    assert 40 == steady.last_iterations  # the budget, spent all the same
    assert before == rng.getstate()  # on a copy: the game goes on as if it answered at once
    quick = SearchBot(40, game=GAME, steady=False)
    assert view.legal_moves[0] == quick.choose(view, events, rng)
    assert 0 == quick.last_iterations
    soulaween = SearchBot(40, game=get_game("soulaween"))
    soulaween._hooks_for(get_game("soulaween").view(
        get_game("soulaween").start(2, get_game("soulaween").new_setup(
            2, get_game("soulaween").default_options(), 1)), 0))
    assert not soulaween._steady  # perfect information: nothing to hide


# --- the conformance kit -------------------------------------------------------------------------


def test_the_kit_passes_the_toy_and_checks_its_chance() -> None:
    report = check_game(GAME, games=20)
    assert report.chance_moves >= 5
    report = check_game(GAME, games=4, options=[GAME.options_type(target=40)], max_moves=200)
    assert report.chance_moves >= 8


def test_the_kit_catches_a_reshuffle_event_that_gives_the_order() -> None:
    with pytest.raises(ConformanceError, match=r"toy-chance-leaky: no hidden information: "
                       r"seat \d's events of the chance move \*:reshuffle \d+ \(against"):
        check_game(LEAKY_RESHUFFLE, games=20)


class _MovesAtChance(type(GAME)):  # type: ignore[misc]
    """Accepts a seat's draw while the pile is being reshuffled."""

    facts = attrs.evolve(GAME.facts, id="toy-chance-moves-at-chance")

    def apply(self, state: Any, move: Any) -> Any:
        if self.awaits_chance(state) and isinstance(move, Draw):
            return state
        return super().apply(state, move)


class _ChanceWithASeat(type(GAME)):  # type: ignore[misc]
    """Says a seat makes its chance moves."""

    facts = attrs.evolve(GAME.facts, id="toy-chance-seated")

    def mover(self, move: Any) -> int | None:
        return 0 if isinstance(move, Reshuffle) else super().mover(move)


class _ChanceSaidSetup(type(GAME)):  # type: ignore[misc]
    """Stops at chance nodes but says all its chance is drawn at setup."""

    facts = attrs.evolve(GAME.facts, id="toy-chance-said-setup", chance=Chance.SETUP)


class _UnseededChance(type(GAME)):  # type: ignore[misc]
    """Draws its chance from the system's randomness even for a seeded game."""

    facts = attrs.evolve(GAME.facts, id="toy-chance-unseeded")

    def chance_generator(self, num_players: int, options: Any, seed: int | None
                         ) -> random.Random:
        return random.SystemRandom()


@pytest.mark.parametrize(("game", "message"), [
    (_MovesAtChance(), r"chance node: apply accepted \d:draw, which is not in legal_moves "
                       r"\(the state awaits chance"),
    (_UnseededChance(), r"chance generator: chance_generator gave a generator no seed fixes"),
    (_ChanceWithASeat(), r"chance move: the chance move \*:reshuffle \d+ names seat 0"),
    (_ChanceSaidSetup(), r"chance node: the state awaits chance but the game's facts say "
                         r"chance is 'setup'"),
])
def test_the_kit_catches_a_game_that_breaks_the_chance_contract(game: Any,
                                                               message: str) -> None:
    register_game(game)  # the kit replays the logs of the games it plays
    with pytest.raises(ConformanceError, match=message):
        check_game(game, games=20)


# --- logs, aves replay, aves play ---------------------------------------------------------


def _log_with_chance() -> Any:
    table = Table(GAME, SEATS, seed=5)
    first_moves(table)
    return table.log


def test_a_log_with_chance_moves_reads_back_and_replays_its_states() -> None:
    log = _log_with_chance()
    for fmt in ("json", "jsonl"):
        assert log == read_log(dump_log(log, fmt))
    walked = list(states(log))
    assert len(walked) == len(log.moves) + 1
    assert any(GAME.awaits_chance(state) for state in walked)  # between a draw and its chance
    assert replay(log).valid


def test_aves_replay_refuses_a_forged_chance_move_by_the_games_code(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _log_with_chance()
    index = log.moves.index(chance_moves(log.moves)[0])
    good = tmp_path / "good.jsonl"
    good.write_text(dump_log(log, "jsonl"))
    assert 0 == main(["replay", str(good), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert (True, len(log.moves)) == (report["valid"], report["moves"])
    for forged, code in [(Reshuffle((1, 1, 1)), "bad_reshuffle"),
                         (None, "no_chance")]:
        moves = list(log.moves)
        if forged is None:  # a chance move where no reshuffle is due
            moves.insert(0, moves[index])
            where = 0
        else:
            moves[index] = forged
            where = index
        bad = tmp_path / f"{code}.jsonl"
        bad.write_text(dump_log(attrs.evolve(log, moves=tuple(moves)), "jsonl"))
        assert 1 == main(["replay", str(bad), "--json"])
        error = json.loads(capsys.readouterr().out)["error"]
        assert (code, where) == (error["code"], error["move_index"])
        assert 1 == main(["replay", str(bad)])
        assert f"invalid: {code} at move {where}" in capsys.readouterr().out


def test_aves_play_plays_a_game_with_chance_in_the_terminal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 200))
    assert 0 == main(["play", "--game", GAME.id, "--bots", "random", "--seed", "5",
                      "-O", "target=30", "--log", str(log), "--color", "never"])
    out = capsys.readouterr().out
    assert out.startswith("Reshuffle, 2 players, seed 5: you are seat 0; random (seat 1)")
    assert "the pile is reshuffled into a new deck of" in out
    outcome = replay(log)
    assert outcome.valid
    assert outcome.result is not None
    assert chance_moves(read_log(log).moves)


def test_settle_costs_nothing_where_nothing_is_awaited() -> None:
    state = GAME.start(2, GAME.new_setup(2, GAME.default_options(), 1))
    assert (state, ()) == settle(GAME, state, random.Random(0))
