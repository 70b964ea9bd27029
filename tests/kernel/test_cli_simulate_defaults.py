"""``aves simulate``'s defaults: without ``--players`` it seats the game's fewest
players, and ``--max-moves`` defaults to the move limit the rules give simulations
(3,000: RULES-cubirds.md CB17, RULES-tsukuru.md TK18), as its ``--help`` and
docs/bots.md say, so that a long game of Tsukuru ends by its rules, not by the cap."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aves_core import game_ids, get_game
from aves_core.cli import main
from aves_core.cli.simulate import MAX_MOVES

ROOT = Path(__file__).resolve().parents[2]

GAMES = [game_id for game_id in game_ids() if not game_id.startswith("toy")]


@pytest.mark.parametrize("game_id", GAMES)
def test_simulate_without_players_seats_the_games_fewest(
        game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    fewest = get_game(game_id).facts.min_players
    assert 0 == main(["simulate", "--game", game_id, "--games", "2"])
    captured = capsys.readouterr()
    assert "" == captured.err
    first = captured.out.splitlines()[0]
    assert f", {fewest} players, bots {','.join(['random'] * fewest)}, seed 1" in first


def test_the_max_moves_default_is_the_rules_limit_and_documented(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert 3000 == MAX_MOVES
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    text = " ".join(capsys.readouterr().out.split())  # argparse wraps the help
    assert "default 3,000" in text.split("--max-moves MAX_MOVES", 1)[1]
    docs = " ".join((ROOT / "docs" / "bots.md").read_text().split())
    assert "`--max-moves` (default 3,000)" in docs


def test_a_tsukuru_game_past_1000_moves_ends_by_its_rules(tmp_path: Path) -> None:
    records = tmp_path / "records.jsonl"
    # Seed 1's first game of random bots, heads-up, takes 1,489 moves.
    assert 0 == main(["simulate", "--game", "tsukuru", "--players", "2", "--games", "1",
                      "--seed", "1", "--out", str(records)])
    record = json.loads(records.read_text())
    assert (1489, "target") == (record["moves"], record["reason"])
