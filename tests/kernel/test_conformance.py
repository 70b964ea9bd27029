"""The conformance kit (``aves_core.testing``): every registered game passes it, and
each kind of careless game fails it with a message that names the broken property."""

from __future__ import annotations

import pytest
from budget import budget
from toygame import (
    BAD_FOLD,
    CRASHY_IS_LEGAL,
    LEAKY_EVENTS,
    LEAKY_REPR,
    LEAKY_VIEW,
    STALE_STATUS,
    TOY,
)

from aves_core import Variant, get_game
from aves_core.games.soulaween.state import SoulaweenOptions
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Game
from aves_core.testing import ConformanceError, check_game

VARIANTS = [Variant(), Variant(crows=True), Variant(showdown=True),
            Variant(crows=True, showdown=True)]


@pytest.mark.parametrize("variant", VARIANTS, ids=repr)
def test_aves_passes_the_kit(variant: Variant) -> None:
    games = budget(default=5, ci=10)
    report = check_game(get_game("aves"), options=[variant], games=games)
    assert games == report.games
    assert report.moves > games * 10  # whole games: about 18 moves each
    assert report.tried > report.moves  # illegal candidates were tried too


def test_the_honest_toy_game_passes_the_kit() -> None:
    games = budget(default=12, ci=30)
    report = check_game(TOY, games=games)
    assert (games, games * 4) == (report.games, report.moves)


@pytest.mark.parametrize(("game", "message"), [
    (LEAKY_VIEW, r"toy-leaky-view: no hidden information: seat 0 sees a difference"),
    (LEAKY_EVENTS, r"toy-leaky-events: no hidden information: seat \d's events of \d:swap "
                   r"show what it may not know"),
    (LEAKY_REPR, r"toy-leaky-repr: no hidden information: the repr of seat 0's view"),
    (BAD_FOLD, r"toy-bad-fold: event folding agrees with views: seat 0's view folded with "
               r"its events of \d:swap is not its view after"),
    (STALE_STATUS, r"toy-stale-status: common view fields: seat 0's view JSON has phase "
                   r"'playerTurn', not 'gameEnd'"),
    (CRASHY_IS_LEGAL, r"toy-crashy-is-legal: legal moves agree: is_legal raised "
                      r"AttributeError for a value that is no move"),
], ids=lambda value: getattr(value, "id", ""))
def test_a_careless_game_fails_the_kit(game: Game[object, object, object, object, object,
                                                  object], message: str) -> None:
    with pytest.raises(ConformanceError, match=message) as failure:
        check_game(game, games=30)
    assert "seed" in str(failure.value)  # it says where, so the failure can be replayed


def test_the_kit_refuses_what_is_not_a_game() -> None:
    with pytest.raises(ArgumentError, match="check_game needs a Game, not str"):
        check_game("aves")  # type: ignore[arg-type]


@pytest.mark.parametrize("options", [
    SoulaweenOptions(), SoulaweenOptions("standard"),
    SoulaweenOptions("standard", ("little_death", "anubis")),
    SoulaweenOptions("standard", ("hei_bai", "hei_bai")),
], ids=repr)
def test_soulaween_passes_the_kit(options: SoulaweenOptions) -> None:
    games = budget(default=5, ci=10)
    report = check_game(get_game("soulaween"), options=[options], games=games)
    assert games == report.games
    assert report.moves > 100
