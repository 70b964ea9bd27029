"""Cubirds passes the conformance kit for every player count and both options: legal moves
agree with the checked apply, nothing mutates, the same seed and moves give the same game,
logs replay, events fold into views (undo too), no view, repr or event shows what its seat
may not know, and the chance moves of Chance.PLAY are settled and checked like the rest.
"""

from __future__ import annotations

import pytest
from budget import budget

from aves_core import get_game
from aves_core.games.cubirds.state import CubirdsOptions
from aves_core.testing import check_game


@pytest.mark.parametrize("row_cards", [3, 4])
def test_cubirds_passes_the_conformance_kit(row_cards: int) -> None:
    games = budget(default=4, ci=8)  # each player count once, or twice
    report = check_game(get_game("cubirds"), num_players=[2, 3, 4, 5],
                        options=[CubirdsOptions(row_cards)], games=games, seed=row_cards,
                        max_moves=300)
    assert games == report.games
    assert report.moves > games * 100
    assert getattr(report, "chance_moves", 1) > 0  # reshuffles were met and checked
