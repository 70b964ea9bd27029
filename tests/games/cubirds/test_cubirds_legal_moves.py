"""Cubirds' legal lays and flocks (CB6, CB10) for every hand, built from empty caches.

``rules.moves_for`` keeps each tuple of legal moves in a module-level cache, keyed by
the seat and which species the hand holds (enough of). Every other test meets those
tuples through the cache, so a wrong tuple built before them, or code that builds them
that no test runs in a fresh process, would go unseen: mutmut, which forks each mutant
from a process whose caches its clean run has already filled, saw six such mutants
survive. Here the caches are emptied first and every one of the 256 hands' species
sets is checked for every seat, against the moves written out from the rules.
"""

# The tests are named after the rules they prove (test_CB6_...), as RULES-cubirds.md
# writes them.
# ruff: noqa: N802

from __future__ import annotations

from itertools import product

import pytest

from aves_core.games.cubirds import rules
from aves_core.games.cubirds.phases import Phase

ORDER = "FOTDPMWR"
SMALL = (2, 3, 3, 4, 4, 5, 6, 6)


@pytest.fixture(autouse=True)
def empty_caches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "_LAY_CACHE", {})
    monkeypatch.setattr(rules, "_FLY_CACHE", {})


def hands() -> list[tuple[int, ...]]:
    """One hand for every set of species: 0 or 1..9 cards of each (enough for every
    flock of the species, or not), so that each species set is met with both."""
    found = []
    for held in product((0, 1), repeat=8):
        found.append(tuple(held))
        found.append(tuple(count * (SMALL[index] + (index % 3)) for index, count
                           in enumerate(held)))
    return found


@pytest.mark.parametrize("seat", range(5))
def test_CB6_every_lay_of_every_hand_with_nothing_cached(seat: int) -> None:
    for hand in hands():
        expected = [f"{seat}:lay {letter} {row} {side}"
                    for letter, count in zip(ORDER, hand, strict=True) if count
                    for row in range(4) for side in ("left", "right")]
        moves = rules.moves_for(Phase.LAY, seat, hand)
        assert expected == [str(move) for move in moves], hand
        assert moves is rules.moves_for(Phase.LAY, seat, hand)  # cached once built


@pytest.mark.parametrize("seat", range(5))
def test_CB10_every_flock_of_every_hand_with_nothing_cached(seat: int) -> None:
    for hand in hands():
        expected = [f"{seat}:fly {letter}"
                    for letter, count, small in zip(ORDER, hand, SMALL, strict=True)
                    if count >= small] + [f"{seat}:nofly"]
        moves = rules.moves_for(Phase.FLOCK, seat, hand)
        assert expected == [str(move) for move in moves], hand
        assert moves is rules.moves_for(Phase.FLOCK, seat, hand)


def test_CB9_the_draw_option_and_no_move_elsewhere_with_nothing_cached() -> None:
    for seat in range(5):
        assert [f"{seat}:draw", f"{seat}:nodraw"] == [
            str(move) for move in rules.moves_for(Phase.DRAW_OPTION, seat, (1,) * 8)]
        for phase in (Phase.RESHUFFLE, Phase.GAME_END):
            assert () == rules.moves_for(phase, seat, (1,) * 8)
