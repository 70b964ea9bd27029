"""Draft Cider passes the conformance kit for 2 to 6 players and every ``bad_points``:
legal moves agree with the checked apply, nothing mutates, the same seed and moves give
the same game, logs replay, events fold into views (undo too), and no view, repr or
event shows the deck below the pool (the kit redraws it with ``indistinguishable``).

CI plays 12 games: 3 with 2 and with 3 players (one for each ``bad_points``), 2 with 4,
5 and 6 (a game of 6 takes a few seconds; the options rotate, so each appears with the
larger counts too). The README's quick run plays one a player count, which still meets
every ``bad_points`` with 4 players or more; the ``thorough`` profile plays 30 a player
count (tests/budget.py)."""

from __future__ import annotations

import pytest
from budget import budget

from aves_core.games.draft_cider.game import DRAFT_CIDER
from aves_core.games.draft_cider.state import DraftCiderOptions
from aves_core.testing import check_game

GAMES = {2: 3, 3: 3, 4: 2, 5: 2, 6: 2}
BAD_POINTS = (-1, 0, 1)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_draft_cider_passes_the_conformance_kit(players: int) -> None:
    games = budget(default=1, ci=GAMES[players], thorough=30)
    options = [DraftCiderOptions(BAD_POINTS[(players + index) % 3]) for index in range(3)]
    report = check_game(DRAFT_CIDER, num_players=[players], options=options, games=games,
                        seed=players, max_moves=100)
    assert games == report.games
    assert 12 * players * games == report.moves  # whole games: 12 picks a seat


@pytest.mark.parametrize("games", [GAMES, dict.fromkeys(GAMES, 1)], ids=["ci", "default"])
def test_the_runs_play_every_option(games: dict[int, int]) -> None:
    played = {(players, BAD_POINTS[(players + index) % 3])
              for players, count in games.items() for index in range(count)}
    assert {bad for _players, bad in played} == set(BAD_POINTS)
    assert {bad for players, bad in played if players >= 4} == set(BAD_POINTS)
