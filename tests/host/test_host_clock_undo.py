"""Issue 26, finding 5: an undo gives the clock back as it was before the undone move.

A move earns its seat the real-time bonus, and an undo gives the turn back: before,
move and undo loops added the bonus again and again (twice a loop where the seat is
still to move when it undoes: Cubirds, Boxes, Soulaween), 1,260 s from a 60 s bank
in 20 loops. Through the real server, for every game whose rules allow an undo."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hostserver import ServeProcess

from aves_core import get_game
from aves_core.kernel.table import Table

GAMES = ("aves", "boxes", "cubirds", "draft-cider", "soulaween")
"""The games whose rules let a seat take back a move (Tsukuru's never do)."""
BANK, BONUS, LOOPS = 60, 30, 20


def undoable(game_id: str) -> tuple[int, list[tuple[int, Any]], int, Any]:
    """A seed, moves to play first (each with its seat) and then a seat to move and a
    move of its that it may take back, found by a seeded random walk."""
    game = get_game(game_id)
    players = [f"p{seat}" for seat in range(game.facts.min_players)]

    def table(seed: int, prefix: list[tuple[int, Any]]) -> Table:
        made = Table(game, players, setup=game.new_setup(len(players), game.default_options(),
                                                         seed), seed=seed)
        for _, move in prefix:
            made.play(game.move_from_json(move))
        return made

    for seed in range(5):
        walk = random.Random(seed)
        prefix: list[tuple[int, Any]] = []
        at = table(seed, prefix)
        while at.result is None and len(prefix) < 80:
            seat = at.to_move[0]
            moves = list(at.view(seat).legal_moves)
            for move in moves:
                at.play(move)
                if at.can_undo(seat):
                    return seed, prefix, seat, game.move_to_json(move)
                at = table(seed, prefix)
            move = walk.choice(moves)
            prefix.append((seat, game.move_to_json(move)))
            at.play(move)
    raise AssertionError(f"no move of {game_id} can be taken back")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    folder = tmp_path_factory.mktemp("clock-undo")
    with ServeProcess(folder / "tables.db", folder) as serve:
        yield serve


@pytest.mark.parametrize("game_id", GAMES)
def test_move_and_undo_loops_earn_no_bonus(server: ServeProcess, game_id: str) -> None:
    seed, prefix, seat, move = undoable(game_id)
    game = get_game(game_id)
    players = [f"p{each}" for each in range(game.facts.min_players)]
    with httpx.Client(base_url=server.url, timeout=30) as client:
        table = client.post("/api/tables", json={
            "game": game_id, "players": players, "seed": seed,
            "clock": {"kind": "realtime", "bank": BANK, "bonus": BONUS}}).json()["table"]
        tokens = [client.post(f"/api/tables/{table}/seats/{each}/join").json()["token"]
                  for each in range(len(players))]
        for mover, earlier in prefix:
            played = client.post(f"/api/tables/{table}/seats/{mover}/moves", json=earlier,
                                 headers={"Authorization": f"Bearer {tokens[mover]}"})
            assert played.status_code == 200, played.text
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        base = f"/api/tables/{table}/seats/{seat}"
        before = client.get(f"{base}/view", headers=auth).json()["clocks"]["seats"][seat]
        for _ in range(LOOPS):
            moved = client.post(f"{base}/moves", json=move, headers=auth)
            assert moved.status_code == 200, moved.text
            undone = client.post(f"{base}/undo", headers=auth)
            assert undone.status_code == 200, undone.text
        clocks = client.get(f"{base}/view", headers=auth).json()["clocks"]
    remaining = clocks["seats"][seat]["remaining"]
    # Only the time spent is gone: no bonus of an undone move, none for an undo.
    print(f"{game_id}: {remaining} s after {LOOPS} loops (bank {BANK}, bonus {BONUS})")
    assert remaining <= before["remaining"]
    assert remaining > before["remaining"] - 20
