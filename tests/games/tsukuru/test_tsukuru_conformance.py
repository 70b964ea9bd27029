"""Tsukuru 10 Ten passes the conformance kit for every player count and every option:
legal moves agree with the checked apply, nothing mutates, the same seed and moves give
the same game, logs replay, events fold into views, no view, repr or event shows what
its seat may not know, and the deals between rounds are settled and checked like the
rest."""

from __future__ import annotations

import pytest
from budget import budget

from aves_core.games.tsukuru.game import TSUKURU
from aves_core.games.tsukuru.state import TsukuruOptions
from aves_core.testing import check_game


@pytest.mark.parametrize(("scoring", "end"), [("basic", "target"), ("advanced", "target"),
                                              ("advanced", "rounds")])
def test_tsukuru_passes_the_conformance_kit(scoring: str, end: str) -> None:
    games = budget(default=3, ci=6)  # each player count once, or twice
    report = check_game(TSUKURU, num_players=[2, 3, 4],
                        options=[TsukuruOptions(scoring, end)], games=games,
                        seed=len(scoring), max_moves=400)
    assert games == report.games
    assert report.moves > games * 100
    assert getattr(report, "chance_moves", 1) > 0  # deals between rounds were checked
