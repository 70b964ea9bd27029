"""Two games written as outside packages from the docs alone, each at most 150 lines
of rules and plumbing: they register by entry point, pass the conformance kit, play in
the terminal, in PettingZoo and Gymnasium, and against the search bot (their browser
tables are tested in tests/host/test_browser_outside.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

from aves_core.bots import make_bot
from aves_core.kernel.registry import get_game
from aves_core.kernel.replay import replay
from aves_core.kernel.sim import play_game
from aves_core.testing import ConformanceError, check_game
from outside.packages import EXAMPLES, PACKAGES

GAMES = sorted(PACKAGES)


def test_each_game_is_at_most_150_lines_of_rules_and_plumbing() -> None:
    for game_id in GAMES:
        lines = [line for source in (EXAMPLES / game_id / "src").rglob("*.py")
                 for line in source.read_text().splitlines() if line.strip()]
        assert len(lines) <= 150, (game_id, len(lines))


def test_the_entry_points_register_them(outside_path: str) -> None:
    listed = subprocess.run([sys.executable, "-m", "aves_core", "games", "--json"],
                            env={**os.environ, "PYTHONPATH": outside_path},
                            capture_output=True, text=True, check=True).stdout
    ids = {json.loads(line)["id"] for line in listed.splitlines()}
    assert set(GAMES) <= ids


@pytest.mark.parametrize("game_id", GAMES)
def test_they_pass_the_conformance_kit(outside_path: str, game_id: str) -> None:
    game = get_game(game_id)
    report = check_game(game, games=4 * (game.facts.max_players - game.facts.min_players + 1))
    assert report.phases == {phase.value for phase in game.phases.phases}


def test_the_kit_catches_a_no_thanks_that_forgets_who_has_no_chip_must_take(
        outside_path: str) -> None:
    game = get_game("no-thanks")

    class Forgetful(type(game)):  # type: ignore[misc]
        facts = attrs.evolve(game.facts, id="no-thanks-forgetful")
        refusals = game.refusals[:2]

        def legal_moves(self, state: Any) -> tuple[Any, ...]:
            move_types = {cls.__name__: cls for cls in self.move_types}
            seat = state.active
            return () if seat is None else (move_types["Take"](seat), move_types["Pass"](seat))

    from aves_core.kernel.registry import register_game

    forgetful = register_game(Forgetful())
    # uniform random play never runs a seat out of chips in these games ...
    check_game(forgetful, games=5, policies=("uniform",))
    # ... the kit's other policies do, and the invariant says what broke
    with pytest.raises(ConformanceError, match=r"invariants: chips .*-1"):
        check_game(forgetful, games=5)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_search_bot_beats_the_random_bot(outside_path: str, game_id: str) -> None:
    game = get_game(game_id)
    players = game.facts.min_players
    wins = 0
    for seed in range(4):
        bots = [make_bot("search:150", game), *(make_bot("random", game)
                                                 for _ in range(players - 1))]
        record, _log = play_game(game, bots, [f"p{seat}" for seat in range(players)],
                                 game.default_options(), seed, 500)
        wins += 0 in record.winners
    assert wins >= 3


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_and_gymnasium_check_them(outside_path: str, game_id: str) -> None:
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    from aves_core.envs.gymnasium import AvesCoreGymEnv
    from aves_core.envs.pettingzoo import env

    players = get_game(game_id).facts.min_players
    api_test(env(game=game_id, num_players=players), num_cycles=100)
    check_env(AvesCoreGymEnv(game=game_id, num_players=players, seat=0, opponents="random"))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_in_the_terminal(outside_path: str, game_id: str,
                                      tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "aves_core", "play", "--game", game_id, "--seed", "4",
         "--bots", "random", "--color", "never", "--log", str(log)],
        input="1\n" * 200, env={**os.environ, "PYTHONPATH": outside_path},
        capture_output=True, text=True, timeout=120, check=True)
    out = done.stdout
    assert "game over: " in out
    assert "Traceback" not in out + done.stderr
    assert replay(log).valid
    # the moves in the game's words, each with its text
    words = {"no-thanks": "take the card and its chips  (0:take)",
             "connect-four": "drop a disc in column a  (0:drop a)"}[game_id]
    assert f" 1. {words}" in out
