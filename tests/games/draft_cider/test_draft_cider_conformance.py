"""Draft Cider passes the conformance kit for 2 to 6 players and every ``bad_points``:
legal moves agree with the checked apply, nothing mutates, the same seed and moves give
the same game, logs replay, events fold into views (undo too), and no view, repr or
event shows the deck below the pool (the kit redraws it with ``indistinguishable``).

By default 12 games: 3 with 2 and with 3 players (one for each ``bad_points``), 2 with
4, 5 and 6 (a game of 6 takes a few seconds; the options rotate, so each appears with
the larger counts too). The ``thorough`` Hypothesis profile
(``AVES_HYPOTHESIS_PROFILE=thorough``, tests/conftest.py) plays 30 a player count."""

from __future__ import annotations

import os

import pytest

from aves_core.games.draft_cider.game import DRAFT_CIDER
from aves_core.games.draft_cider.state import DraftCiderOptions
from aves_core.testing import check_game

THOROUGH = os.environ.get("AVES_HYPOTHESIS_PROFILE") == "thorough"
GAMES = {2: 3, 3: 3, 4: 2, 5: 2, 6: 2}
BAD_POINTS = (-1, 0, 1)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_draft_cider_passes_the_conformance_kit(players: int) -> None:
    games = 30 if THOROUGH else GAMES[players]
    options = [DraftCiderOptions(BAD_POINTS[(players + index) % 3]) for index in range(3)]
    report = check_game(DRAFT_CIDER, num_players=[players], options=options, games=games,
                        seed=players, max_moves=100)
    assert games == report.games
    assert 12 * players * games == report.moves  # whole games: 12 picks a seat


def test_the_default_run_plays_every_option() -> None:
    played = {(players, BAD_POINTS[(players + index) % 3])
              for players, games in GAMES.items() for index in range(games)}
    assert {bad for _players, bad in played} == set(BAD_POINTS)
    assert {bad for players, bad in played if players >= 4} == set(BAD_POINTS)
    assert 12 == sum(GAMES.values())
