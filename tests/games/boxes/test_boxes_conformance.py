"""Boxes passes the conformance kit for 2, 3 and 4 players: legal moves agree with the
checked apply, nothing mutates, the same seed and moves give the same game, logs replay,
events fold into views (undo too), no view, repr or event shows what its seat may not
know (with unseen cards and other seats' pending commits redrawn), and in the sealed
auction each seat's view lists its own commits only and no other seat learns which."""

from __future__ import annotations

import pytest
from budget import budget

from aves_core import get_game
from aves_core.testing import check_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_boxes_passes_the_conformance_kit(players: int) -> None:
    games = budget(default=2, ci=4)
    report = check_game(get_game("boxes"), num_players=players, games=games, seed=players,
                        max_moves=400)
    assert games == report.games
    assert report.moves > games * 50  # whole games: six containers each
