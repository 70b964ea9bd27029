"""Simulation: seeded games between bots, their records and summary, and the ``aves simulate``
and ``aves tournament`` commands (run as subprocesses, as a user runs them).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from aves_core import Variant, replay
from aves_core.cli.simulate import histogram
from aves_core.games.aves.sim import (
    GameRecord,
    SimulationSpec,
    Summary,
    game_seed,
    make_bot,
    play_game,
    seating,
    simulate,
    wilson_interval,
)

SECTIONS = ("win share by bot", "win share by seat", "end reasons", "game length (moves)")
REASONS = ("seven_colors", "deck_empty", "move_limit")


def aves(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run the ``aves`` command in a new interpreter."""
    return subprocess.run([sys.executable, "-m", "aves_core", *args], capture_output=True,
                          text=True, timeout=timeout, check=False)


def record(bots: tuple[str, ...], winners: tuple[int, ...], reason: str = "deck_empty",
           moves: int = 10, index: int = 0) -> GameRecord:
    return GameRecord(index=index, seed=index, bots=bots, first_player=0, winners=winners,
                      reason=reason, moves=moves)


# --- simulate, in process ------------------------------------------------------------


def test_the_number_of_workers_does_not_change_the_results() -> None:
    spec = SimulationSpec(("random", "greedy", "greedy"), Variant(crows=True), 5, 500)
    alone = list(simulate(spec, 30, workers=1))
    shared = list(simulate(spec, 30, workers=2))
    assert [game for game, _log in alone] == [game for game, _log in shared]
    assert [log for _game, log in alone] == [log for _game, log in shared]
    assert list(range(30)) == [game.index for game, _log in alone]
    assert [game_seed(5, index) for index in range(30)] == [game.seed for game, _log in alone]


@pytest.mark.parametrize("bots", [("random", "greedy"), ("greedy", "random", "random"),
                                  ("random", "greedy", "random", "random", "greedy")])
def test_seats_rotate_so_each_bot_sits_each_seat_equally(bots: tuple[str, ...]) -> None:
    count = len(bots)
    spec = SimulationSpec(bots, Variant(), 3, 300)
    games = 2 * count
    seats: Counter[tuple[str, int]] = Counter()
    for index, (game, log) in enumerate(simulate(spec, games)):
        assert seating(spec, index) == game.bots
        assert game.bots == log.players
        assert bots[index % count:] + bots[:index % count] == game.bots
        for seat, name in enumerate(game.bots):
            seats[name, seat] += 1
    for name, copies in Counter(bots).items():
        for seat in range(count):
            assert 2 * copies == seats[name, seat]


def test_each_game_is_fixed_by_the_seed_and_its_index() -> None:
    spec = SimulationSpec(("greedy", "random", "random"), Variant(), 9, 300)
    whole = list(simulate(spec, 6))
    game, log = play_game([make_bot(name) for name in seating(spec, 4)], seating(spec, 4),
                          spec.variant, game_seed(9, 4), 300, index=4)
    assert whole[4] == (game, log)


def test_a_game_that_reaches_the_move_limit_counts_as_move_limit() -> None:
    game, log = play_game([make_bot("random"), make_bot("random")], ["a", "b"], Variant(),
                          seed=1, max_moves=3)
    assert ("move_limit", (), 3) == (game.reason, game.winners, game.moves)
    assert 3 == len(log.moves)
    assert log.result is None
    outcome = replay(log)
    assert outcome.valid
    assert outcome.result is None
    summary = Summary()
    summary.add(game)
    assert 1 == summary.reasons["move_limit"]
    assert 0 == sum(summary.bot_wins.values())


# --- the summary's maths ---------------------------------------------------------------


def test_shares_sum_to_one_a_game_including_shared_wins() -> None:
    summary = Summary()
    games = [
        record(("random", "greedy"), (0,)),
        record(("greedy", "random"), (0, 1)),  # a shared win: half each
        record(("random", "greedy", "greedy"), (1, 2), reason="deck_empty"),
        record(("random", "greedy", "greedy"), (0, 1, 2)),
        record(("random", "greedy"), (), reason="move_limit"),
        record(("greedy", "random"), (1,), reason="seven_colors"),
    ]
    for game in games:
        summary.add(game)
    decided = sum(1 for game in games if game.winners)
    assert sum(summary.bot_wins.values()) == pytest.approx(decided)
    assert sum(summary.seat_wins.values()) == pytest.approx(decided)
    assert summary.bot_wins["random"] == pytest.approx(1 + 0.5 + 0 + 1 / 3 + 0 + 1)
    assert summary.bot_wins["greedy"] == pytest.approx(0 + 0.5 + 1 + 2 / 3 + 0 + 0)
    assert {"random": 6, "greedy": 8} == dict(summary.bot_games)
    assert summary.seat_wins[0] == pytest.approx(1 + 0.5 + 1 / 3)
    assert {"deck_empty": 4, "move_limit": 1, "seven_colors": 1} == dict(summary.reasons)
    assert 6 == summary.games
    assert 60 == summary.moves
    share, low, high = summary.bot_share("greedy")
    assert share == pytest.approx(summary.bot_wins["greedy"] / 8)
    assert (low, high) == pytest.approx(wilson_interval(summary.bot_wins["greedy"], 8))
    seat_share, _low, _high = summary.seat_share(0)
    assert seat_share == pytest.approx(summary.seat_wins[0] / 6)


def test_an_empty_summary_has_no_share_and_the_widest_interval() -> None:
    summary = Summary()
    assert (0.0, 0.0, 1.0) == summary.bot_share("random")
    assert (0.0, 0.0, 1.0) == summary.seat_share(0)


@pytest.mark.parametrize(
    ("successes", "trials", "expected"),
    [
        (50, 100, (0.4038, 0.5962)),
        (0, 10, (0.0, 0.2775)),
        (10, 10, (0.7225, 1.0)),
        (1, 2, (0.0945, 0.9055)),
        (30, 40, (0.5981, 0.8581)),
        (0, 0, (0.0, 1.0)),
    ],
)
def test_wilson_interval_against_known_values(
    successes: float, trials: int, expected: tuple[float, float]
) -> None:
    assert wilson_interval(successes, trials) == pytest.approx(expected, abs=1e-4)


def test_wilson_interval_contains_the_share_and_narrows_with_more_games() -> None:
    previous = 1.0
    for trials in (10, 100, 1000, 10000):
        low, high = wilson_interval(0.3 * trials, trials)
        assert low < 0.3 < high
        assert high - low < previous
        previous = high - low
    assert wilson_interval(0.5, 1, z=2.576)[1] - wilson_interval(0.5, 1)[1] > 0


def test_histogram_counts_every_game_once() -> None:
    values = [10, 11, 11, 15, 30, 31, 44, 44, 44, 60]
    lines = histogram(values)
    assert lines[0].startswith("  mean 30.0, median 31, min 10, max 60")
    counts = [int(line.rsplit(maxsplit=1)[1]) for line in lines[1:]]
    assert len(values) == sum(counts)
    assert ["  (no games)"] == histogram([])
    assert [1] == [int(line.rsplit(maxsplit=1)[1]) for line in histogram([7])[1:]]


# --- aves simulate ----------------------------------------------------------------------


def summary_without_timing(output: str) -> list[str]:
    """The output's lines but the second (moves, seconds and moves per second)."""
    lines = output.splitlines()
    assert re.fullmatch(r"[\d,]+ moves in [\d.]+ s \([\d,]+ moves/s, \d+ workers?\)", lines[1])
    return [lines[0], *lines[2:]]


def section(output: str, title: str) -> list[str]:
    """The indented lines under a section title."""
    lines = output.splitlines()
    start = lines.index(title) + 1
    found = []
    for line in lines[start:]:
        if not line.startswith("  "):
            break
        found.append(line)
    return found


def test_simulate_prints_the_summary_and_writes_records_and_logs(tmp_path: Path) -> None:
    out, logs = tmp_path / "records.jsonl", tmp_path / "logs"
    run = aves("simulate", "--players", "3", "--games", "40", "--bots", "greedy,random,random",
               "--seed", "1", "--out", str(out), "--logs", str(logs))
    assert 0 == run.returncode, run.stderr
    assert "" == run.stderr
    text = run.stdout
    assert text.startswith("aves simulate: 40 games of AVES, 3 players, bots greedy,random,random, "
                           "seed 1\n")
    for title in SECTIONS:
        assert any(line.startswith(title) for line in text.splitlines())

    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert 40 == len(records)
    assert list(range(40)) == [data["index"] for data in records]
    assert {"index", "seed", "bots", "first_player", "winners", "reason", "moves"} == set(
        records[0])

    by_bot = section(text, "win share by bot (per seat played, 95% interval)")
    assert 2 == len(by_bot)
    assert re.search(r"greedy .*\(40 seats\)", by_bot[0])
    assert re.search(r"random .*\(80 seats\)", by_bot[1])
    by_seat = section(text, "win share by seat (95% interval)")
    assert [f"seat {seat}" for seat in range(3)] == [line.split()[0] + " " + line.split()[1]
                                                     for line in by_seat]
    reasons = section(text, "end reasons")
    printed = {line.split()[0]: int(line.split()[1].replace(",", "")) for line in reasons}
    counted = Counter(data["reason"] for data in records)
    assert {reason: counted[reason] for reason in REASONS} == printed
    lengths = section(text, "game length (moves)")
    moves = [data["moves"] for data in records]
    assert lengths[0].startswith(f"  mean {sum(moves) / 40:.1f}, ")
    assert 40 == sum(int(line.rsplit(maxsplit=1)[1]) for line in lengths[1:])
    wins: dict[str, float] = {"greedy": 0.0, "random": 0.0}
    for data in records:
        for seat in data["winners"]:
            wins[data["bots"][seat]] += 1 / len(data["winners"])
    share = float(by_bot[0].split()[1])
    assert share == pytest.approx(wins["greedy"] / 40, abs=0.0005)

    files = sorted(logs.iterdir())
    assert [f"game-{index:06d}.jsonl" for index in range(40)] == [path.name for path in files]
    for path, data in zip(files, records, strict=True):
        outcome = replay(path)
        assert outcome.valid, (path, outcome.problem)
        assert data["moves"] == outcome.moves
        assert list(outcome.players) == data["bots"]
        result = outcome.result
        if data["reason"] == "move_limit":
            assert result is None
        else:
            assert result is not None
            assert (data["winners"], data["reason"]) == (list(result.winners), result.reason)


def test_simulate_gives_the_same_output_whatever_the_workers(tmp_path: Path) -> None:
    outputs = []
    for workers in ("1", "2"):
        out = tmp_path / f"records-{workers}.jsonl"
        run = aves("simulate", "--players", "3", "--games", "30", "--bots",
                   "greedy,random,greedy", "--seed", "4", "--crows", "--workers", workers,
                   "--out", str(out))
        assert 0 == run.returncode, run.stderr
        outputs.append((summary_without_timing(run.stdout), out.read_text()))
    assert outputs[0] == outputs[1]


def test_a_tiny_move_limit_stops_every_game(tmp_path: Path) -> None:
    out = tmp_path / "records.jsonl"
    run = aves("simulate", "--players", "4", "--games", "12", "--max-moves", "2", "--seed", "2",
               "--out", str(out))
    assert 0 == run.returncode, run.stderr
    reasons = section(run.stdout, "end reasons")
    assert "  move_limit            12  (100.0%)" in reasons
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert all((2, [], "move_limit") == (data["moves"], data["winners"], data["reason"])
               for data in records)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "3", "--bots", "greedy,minimax,random"], "unknown bot 'minimax'"),
        (["--players", "3", "--bots", "greedy,random"], "2 bots for 3 players"),
        (["--players", "7"], "2 to 6 players"),
        (["--players", "2", "--workers", "0"], "--workers"),
        (["--players", "2", "--bots", "search:abc,random"], "search:abc"),
        (["--players", "2", "--bots", "search:,random"], "'search:'"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(args: list[str], message: str) -> None:
    run = aves("simulate", "--games", "5", *args)
    assert 2 == run.returncode
    assert message in run.stderr
    assert run.stderr.startswith("aves simulate: ")
    assert "Traceback" not in run.stderr
    assert "" == run.stdout


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_prints_the_summary_so_far_and_exits_130(workers: str, tmp_path: Path) -> None:
    records = tmp_path / "records.jsonl"
    start = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "aves_core", "simulate", "--players", "3", "--games", "10000000",
         "--workers", workers, "--out", str(records)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        # Interrupt once games are being played (records appear), and not before 1.5 s.
        while not (records.exists() and records.stat().st_size) or time.monotonic() < start + 1.5:
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < start + 60, "no game was played in 60 s"
            time.sleep(0.05)
        os.killpg(process.pid, signal.SIGINT)  # as Ctrl-C does: the whole process group
        stdout, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert 130 == process.returncode, stderr
    assert "Traceback" not in stderr
    first = stdout.splitlines()[0]
    found = re.fullmatch(r"aves simulate: ([\d,]+) games of AVES, 3 players, bots random,random,"
                         r"random, seed 1 \(interrupted after ([\d,]+) games\)", first)
    assert found is not None, first
    assert found[1] == found[2]
    games = int(found[1].replace(",", ""))
    for title in SECTIONS:
        assert any(line.startswith(title) for line in stdout.splitlines())
    reasons = section(stdout, "end reasons")
    assert games == sum(int(line.split()[1].replace(",", "")) for line in reasons)


# --- aves tournament --------------------------------------------------------------------


def test_tournament_prints_one_line_a_pair() -> None:
    run = aves("tournament", "--bots", "random,greedy", "--games", "20")
    assert 0 == run.returncode, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("aves tournament: AVES heads-up, 20 games a pair, seats rotated")
    rows = [line for line in lines[2:] if line.strip()]
    assert 1 == len(rows)
    found = re.fullmatch(r"\s+random\s+greedy\s+([\d.]+)\s+\[([\d.]+), ([\d.]+)\]\s+"
                         r"\(20 games\)", rows[0])
    assert found is not None, rows[0]
    share, low, high = (float(found[index]) for index in (1, 2, 3))
    assert low <= share <= high


def test_tournament_of_three_bots_plays_three_pairs() -> None:
    run = aves("tournament", "--bots", "random,greedy,search:5", "--games", "4", "--crows")
    assert 0 == run.returncode, run.stderr
    rows = [line.split()[:2] for line in run.stdout.splitlines()[2:] if line.strip()]
    assert [["random", "greedy"], ["random", "search:5"], ["greedy", "search:5"]] == rows


@pytest.mark.parametrize("bots", ["random,random", "random", "random,minimax", "random,search:"])
def test_tournament_refuses_bad_bots(bots: str) -> None:
    run = aves("tournament", "--bots", bots, "--games", "2")
    assert 2 == run.returncode
    assert run.stderr.startswith("aves tournament: ")
    assert "Traceback" not in run.stderr
