"""Draft Cider passes the conformance kit for 2 to 6 players and every ``bad_points``:
legal moves agree with the checked apply, nothing mutates, the same seed and moves give
the same game, logs replay, events fold into views (undo too), and no view, repr or
event shows the deck below the pool (the kit redraws it with ``indistinguishable``).

By default 3 games a player count (one for each ``bad_points``), 15 in all, about a
second each; the ``thorough`` Hypothesis profile (``AVES_HYPOTHESIS_PROFILE=thorough``,
tests/conftest.py) plays 30 a player count."""

from __future__ import annotations

import os

import pytest

from aves_core.games.draft_cider.game import DRAFT_CIDER
from aves_core.games.draft_cider.state import DraftCiderOptions
from aves_core.testing import check_game

GAMES = 30 if os.environ.get("AVES_HYPOTHESIS_PROFILE") == "thorough" else 3


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_draft_cider_passes_the_conformance_kit(players: int) -> None:
    report = check_game(DRAFT_CIDER, num_players=[players],
                        options=[DraftCiderOptions(bad) for bad in (-1, 0, 1)],
                        games=GAMES, seed=players, max_moves=100)
    assert GAMES == report.games
    assert 12 * players * GAMES == report.moves  # whole games: 12 picks a seat
