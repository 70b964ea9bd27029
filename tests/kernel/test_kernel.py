"""The kernel's layers with a game that is not AVES: the registry (and games added through
the entry point group), game facts, the generic Table, logs in the generic format, replay,
simulation and the ``aves`` commands that take ``--game``.

The second game here is the toy of ``toygame.py`` (hidden cards, a swap, four moves), so
these tests do not depend on any one built-in game.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import attrs
import pytest
from toygame import TOY, Keep, Options, Setup, Swap, Swapped

from aves_core import (
    AVES,
    ArgumentError,
    Game,
    IllegalMoveError,
    MoveLog,
    SetupError,
    Table,
    UndoError,
    UnknownGameError,
    dump_log,
    game_ids,
    get_game,
    read_log,
    replay,
)
from aves_core.bots import RandomBot, make_bot
from aves_core.cli import main
from aves_core.kernel import registry
from aves_core.kernel.errors import LogError
from aves_core.kernel.game import Chance, GameFacts, ViewStatus
from aves_core.kernel.sim import SimulationSpec, Summary, play_game, simulate

ROOT = Path(__file__).resolve().parents[2]


# --- the registry ----------------------------------------------------------------------


def test_the_built_in_games_are_registered_by_id() -> None:
    assert {"aves", "soulaween"} <= set(game_ids())
    assert AVES is get_game("aves")
    assert "toy" in game_ids()  # registered by toygame.py, as any host may register one


def test_an_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(UnknownGameError, match=r"no game 'chess' is registered \(known: aves"):
        get_game("chess")
    with pytest.raises(UnknownGameError) as error:
        get_game(3)  # type: ignore[arg-type]
    assert "unknown_game" == error.value.code


def test_a_second_game_cannot_take_a_registered_id() -> None:
    class Impostor(type(TOY)):  # type: ignore[misc]
        pass

    with pytest.raises(ValueError, match="a different game is registered as 'toy'"):
        registry.register_game(Impostor())


def test_facts_refuse_a_bad_id() -> None:
    with pytest.raises(ArgumentError, match="a game id is lower-case"):
        GameFacts(id="Bad Id", name="x", version=1, min_players=2, max_players=2,
                  hidden_information=False, chance=Chance.NONE, reasons=("x",))


# --- what every view tells a client ---------------------------------------------------


COMMON = ["seat", "phase", "to_move", "result", "legal_moves", "legal_notation"]


def test_every_games_view_json_carries_the_common_fields() -> None:
    for game in [*map(get_game, ("aves", "soulaween")), TOY]:
        state = game.start(2, game.new_setup(2, game.default_options(), 3))
        mover = game.to_move(state)[0]
        for seat in (mover, 1 - mover, None):
            data = game.view_to_json(game.view(state, seat))
            assert set(COMMON) <= set(data), game.id
            assert (seat, game.phase_name(state), [mover], None) == (
                data["seat"], data["phase"], data["to_move"], data["result"])
            moves = [move for move in game.legal_moves(state) if seat == mover]
            assert [game.move_to_json(move) for move in moves] == data["legal_moves"]
            assert moves == [game.parse_move(text) for text in data["legal_notation"]]


def test_a_finished_games_view_json_carries_its_result() -> None:
    table = Table(TOY, ["ann", "bo"], seed=5)
    while table.result is None:
        table.play(TOY.legal_moves(table.state)[0])
    data = TOY.view_to_json(table.view(None))
    result = table.result
    assert ("gameEnd", [], {"winners": list(result.winners), "reason": "higher_card"}, [],
            []) == (data["phase"], data["to_move"], data["result"], data["legal_moves"],
                    data["legal_notation"])


def test_the_default_view_status_reads_the_views_phase_seat_and_result() -> None:
    state = AVES.start(3, AVES.new_setup(3, AVES.default_options(), 7))
    view = AVES.view(state, 1)
    assert ViewStatus("playerTurn", AVES.to_move(state), None) == Game.view_status(AVES, view)
    assert AVES.view_status(view) == Game.view_status(AVES, view)


def test_a_view_without_a_phase_needs_the_games_own_view_status() -> None:
    view = TOY.view(TOY.start(2, TOY.new_setup(2, Options(), 1)), 0)
    assert ViewStatus("playerTurn", (view.active,), None) == TOY.view_status(view)

    @attrs.frozen
    class Faceless:
        active: int

    with pytest.raises(NotImplementedError, match="toy: a Faceless has no phase attribute: "
                                                  r"the game must say where"):
        Game.view_status(TOY, Faceless(0))


def test_a_game_has_no_drawing_unless_it_names_its_folder() -> None:
    assert TOY.web_folder() is None
    for game_id in ("aves", "soulaween"):
        folder = get_game(game_id).web_folder()
        assert folder is not None
        assert (folder / "index.js").is_file()


def _plugin(tmp_path: Path) -> Path:
    """A package installed the way pip installs one: a module and a dist-info folder whose
    entry_points.txt names the game in the group aves_core.games."""
    (tmp_path / "cards_plugin.py").write_text(textwrap.dedent("""
        import attrs
        from toygame import HighCard

        class PluginGame(HighCard):
            facts = attrs.evolve(HighCard.facts, id="plugin-high-card",
                                 summary="a game from another package")

        GAME = PluginGame()
    """))
    info = tmp_path / "cards_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cards-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[aves_core.games]\nplugin-high-card = cards_plugin:GAME\n")
    return tmp_path


def test_a_game_of_another_package_registers_through_its_entry_point(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(_plugin(tmp_path)))
    monkeypatch.setattr(registry, "_loaded_entry_points", False)
    assert "plugin-high-card" in game_ids()
    game = get_game("plugin-high-card")
    assert "a game from another package" == game.facts.summary
    assert game is get_game("plugin-high-card")


def test_aves_games_lists_a_game_of_another_package(tmp_path: Path) -> None:
    path = f"{_plugin(tmp_path)}:{ROOT / 'tests'}"
    listed = subprocess.run([sys.executable, "-m", "aves_core", "games"], capture_output=True,
                            text=True, env={"PYTHONPATH": path}, timeout=60, check=False)
    assert (0, "") == (listed.returncode, listed.stderr)
    assert "plugin-high-card High card: a game from another package" in listed.stdout
    assert listed.stdout.startswith("aves         AVES: trade fruit cards")


def test_aves_games_json_gives_each_games_facts(capsys: pytest.CaptureFixture[str]) -> None:
    assert 0 == main(["games", "--json"])
    games = {data["id"]: data for data in map(json.loads, capsys.readouterr().out.splitlines())}
    assert {"id": "aves", "name": "AVES", "version": 1, "min_players": 2, "max_players": 6,
            "hidden_information": True, "chance": "setup", "simultaneous_moves": False,
            "reasons": ["seven_colors", "deck_empty"], "bots": ["random", "greedy", "search"],
            "summary": AVES.facts.summary} == games["aves"]
    assert games["soulaween"]["hidden_information"] is False


# --- a table of another game ---------------------------------------------------------------


def test_a_moves_events_are_redacted_for_a_seat_only_when_it_asks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """play returns every seat's events as a mapping that redacts each seat's on first
    use (a simulation that reads none pays nothing), equal to events_since's."""
    table = Table(TOY, ["ann", "bo"], seed=4)
    asked: list[int | None] = []
    redact = type(TOY).events_for

    def counted(game: Any, events: Any, seat: int | None) -> Any:
        asked.append(seat)
        return redact(game, events, seat)

    monkeypatch.setattr(type(TOY), "events_for", counted)
    seat = table.to_move[0]
    events = table.play(Swap(seat))
    assert [] == asked
    assert events[seat] is events[seat]
    assert [seat] == asked
    assert [0, 1, None] == list(events)
    assert 3 == len(events)
    assert {each: table.events_since(0, each) for each in (0, 1, None)} == dict(events)
    assert events.get(2) is None
    assert 7 not in events
    with pytest.raises(KeyError):
        events["0"]  # type: ignore[index]


def test_a_table_plays_any_game_and_redacts_its_events() -> None:
    table = Table(TOY, ["ann", "bo"], seed=4)
    seat = table.to_move[0]
    events = table.play(Swap(seat))
    drawn = table.state.hands[seat]
    assert (Swapped(seat, drawn),) == events[seat]
    assert (Swapped(seat, None),) == events[1 - seat] == events[None]
    assert table.view(1 - seat).hands[seat] is None
    with pytest.raises(IllegalMoveError):
        table.play(Keep(seat))  # not its turn any more: nothing changes
    assert 1 == len(table.log.moves)


def test_a_table_refuses_an_undo_its_game_forbids() -> None:
    table = Table(TOY, ["ann", "bo"], seed=4)
    seat = table.to_move[0]
    table.play(Keep(seat))
    assert not table.can_undo(seat)
    with pytest.raises(UndoError, match=f"seat {seat} cannot undo now: nothing can be taken"):
        table.undo(seat)


def test_a_saved_table_of_any_game_restores_from_its_file(tmp_path: Path) -> None:
    table = Table(TOY, ["ann", "bo"], seed=9)
    path = tmp_path / "toy.jsonl"
    table.save(path)
    table.play(Swap(table.to_move[0]))
    table.close()
    header = json.loads(path.read_text().split("\n")[0])
    assert {"format": "aves-core-log", "version": 1, "game": "toy", "game_version": 1,
            "players": ["ann", "bo"], "seed": 9} == {key: header[key] for key in header
                                                     if key != "setup"}
    restored = Table.restore(path)
    assert (restored.game, restored.state) == (TOY, table.state)
    restored.replace_with_bot(0, RandomBot())
    restored.replace_with_bot(1, RandomBot())
    assert restored.result is not None
    assert replay(path).valid


def test_a_table_refuses_a_setup_that_is_no_game() -> None:
    with pytest.raises(SetupError, match="the deal is the cards 1 to 6"):
        Table(TOY, ["ann", "bo"], setup=Setup((1, 1, 2, 3, 4, 5), 0))
    with pytest.raises(ArgumentError, match="a table needs a Game"):
        Table("toy", ["ann", "bo"])  # type: ignore[arg-type]


# --- logs and replay in the generic format -----------------------------------------------


def _toy_log() -> MoveLog:
    log = MoveLog.new(TOY, ["ann", "bo"], seed=1)
    state = log.initial_state()
    for _ in range(4):
        move = TOY.legal_moves(state)[0]
        state = TOY.apply(state, move)
        log = log.append(move)
    return log.with_result(state.result)


def test_a_generic_log_reads_back_and_replays() -> None:
    log = _toy_log()
    for fmt in ("json", "jsonl"):
        text = dump_log(log, fmt)
        assert log == read_log(text)
        outcome = replay(text)
        assert outcome.valid
        report = outcome.to_json()
        assert ("toy", 4, "gameEnd", None, [], report["winners"]) == (
            report["game"], report["moves"], report["phase"], report["active_player"],
            report["to_move"], log.result and list(log.result.winners))


@pytest.mark.parametrize(("change", "code", "path"), [
    ({"game": "chess"}, "unknown_game", "game"),
    ({"game": 3}, "schema", "game"),
    ({"game_version": 2}, "unsupported_version", "game_version"),
    ({"players": ["solo"]}, "bad_players", "players"),
    ({"setup": {"deal": [1, 1, 2, 3, 4, 5], "first_player": 0}}, "bad_deal", "setup.deal"),
    ({"setup": {"deal": [1, 2, 3, 4, 5, 6], "first_player": 5}}, "bad_first_player",
     "setup.first_player"),
    ({"setup": {"deal": "123456", "first_player": 0}}, "schema", "setup.deal"),
    ({"extra": 1}, "schema", "extra"),
])
def test_a_generic_header_is_checked_key_by_key(change: dict[str, object], code: str,
                                                path: str) -> None:
    lines = dump_log(_toy_log(), "jsonl").split("\n")
    header = {**json.loads(lines[0]), **change}
    problem = replay("\n".join([json.dumps(header), *lines[1:]])).problem
    assert problem is not None
    assert (code, path) == (problem.code, problem.path)


def test_load_log_of_aves_refuses_another_games_log() -> None:
    from aves_core import load_log

    with pytest.raises(LogError, match="this is a log of 'toy', not of AVES"):
        load_log(dump_log(_toy_log(), "json"))


def test_aves_replay_reads_any_registered_games_log(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "toy.jsonl"
    path.write_text(dump_log(_toy_log(), "jsonl"))
    assert 0 == main(["replay", str(path)])
    assert " valid: 4 moves; won by " in capsys.readouterr().out


# --- simulation ----------------------------------------------------------------------------


def test_play_game_and_simulate_play_any_game() -> None:
    record, log = play_game(TOY, [RandomBot(), RandomBot()], ["a", "b"], Options(), 3, 100)
    assert (4, "higher_card") == (record.moves, record.reason)
    assert replay(log).valid
    spec = SimulationSpec(("random", "random"), Options(), 5, 100, "toy")
    summary = Summary()
    for record, _log in simulate(spec, 40):
        summary.add(record)
    assert (40, 160) == (summary.games, summary.moves)
    assert {"higher_card": 40} == dict(summary.reasons)


def test_make_bot_knows_each_games_bots() -> None:
    assert isinstance(make_bot("random", TOY), RandomBot)
    with pytest.raises(ArgumentError, match="unknown bot 'greedy' for High card: choose from "
                                            "random"):
        make_bot("greedy", TOY)  # the toy has no greedy bot, nor search hooks


def test_standard_bots_make_a_games_greedy_and_tuned_search_bots() -> None:
    from chancegame import GAME as RESHUFFLE

    from aves_core.kernel.bots import standard_bots
    from aves_core.kernel.mcts import SearchBot

    bots = standard_bots(RESHUFFLE, greedy=RandomBot, playout_moves=7, widening=2.5)
    assert ["random", "greedy", "search"] == list(bots)
    assert isinstance(bots["greedy"](""), RandomBot)
    with pytest.raises(ValueError, match="greedy takes no argument"):
        bots["greedy"]("3")
    search = bots["search"]("40")
    assert isinstance(search, SearchBot)
    assert (40, 7, 2.5) == (search.iterations, search.playout_moves, search.widening)
    default = bots["search"]("")
    assert isinstance(default, SearchBot)
    assert 7 == default.playout_moves  # the settings hold for every budget
    with pytest.raises(ArgumentError, match="SearchBot has no setting 'playouts'"):
        standard_bots(RESHUFFLE, playouts=7)


# --- the command line ------------------------------------------------------------------------


def test_aves_diagram_draws_any_games_phases(capsys: pytest.CaptureFixture[str]) -> None:
    assert 0 == main(["diagram", "--game", "toy"])
    out = capsys.readouterr().out
    assert "stateDiagram-v2" in out
    assert "playerTurn --> gameEnd: end_game" in out


def test_aves_new_writes_a_generic_log(capsys: pytest.CaptureFixture[str]) -> None:
    assert 0 == main(["new", "--game", "toy", "--seed", "3", "--format", "jsonl"])
    header = json.loads(capsys.readouterr().out)
    assert ("toy", 3, ["p0", "p1"]) == (header["game"], header["seed"], header["players"])


@pytest.mark.parametrize(("argv", "message"), [
    (["new", "--game", "chess"], "aves new: no game 'chess' is registered (known: aves"),
    (["new", "--game", "toy", "--players", "3"], "aves new: High card is for 2 players, not 3"),
    (["new", "--game", "aves", "--players", "3", "-O", "crows"],
     "aves new: -O takes KEY=VALUE, not 'crows'"),
    (["new", "--game", "aves", "--players", "3", "-O", "dragons=true"],
     "aves new: AVES options: unknown key 'dragons' (dragons)"),
    (["new", "--game", "aves", "--players", "3", "--options", "[1]"],
     "aves new: --options must be a JSON object"),
    (["simulate", "--game", "aves", "--players", "7"],
     "aves simulate: AVES is for 2 to 6 players, not 7"),
    (["play", "--game", "toy", "--bots", "greedy"],
     "aves play: unknown bot 'greedy' for High card: choose from random"),
])
def test_the_game_options_refuse_bad_input_with_exit_2(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert 2 == main(argv)
    assert capsys.readouterr().err.startswith(message)


def test_aves_options_reach_the_setup(capsys: pytest.CaptureFixture[str]) -> None:
    assert 0 == main(["new", "--game", "aves", "--players", "2", "-O", "crows=true",
                      "--format", "jsonl"])
    header = json.loads(capsys.readouterr().out)
    assert {"crows": True, "showdown": False} == header["variant"]
    assert 4 == header["deal"].count("C0")


def test_game_is_the_first_class_citizen_of_the_protocol() -> None:
    assert isinstance(AVES, Game)
    assert "aves" == AVES.id
    assert "<game 'aves': AVES>" == repr(AVES)


def test_the_adding_a_game_example_runs() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "high_card.py")],
                          capture_output=True, text=True, timeout=120, check=False)
    assert (0, "") == (done.returncode, done.stderr)
    assert "every property holds" in done.stdout
    assert "replayed: valid=True, 4 moves" in done.stdout
