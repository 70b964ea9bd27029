"""Edges of Tsukuru's hand evaluator (RULES-tsukuru.md TK6, TK7, TK10, TK13, D5, D8)
that the other tests leave unproved, found by mutation testing.

``tools/mutation.py tsukuru --module evaluator.py`` runs mutmut on
``games/tsukuru/evaluator.py`` with the tests of this folder; each test here kills
mutants that survived them (GAME-DONE.md, "Proof"). The evaluator caches its answers by
hand and builds its table of set shapes once, at import: these tests clear the caches
and build the table anew, so that they check the evaluator's work, not an answer
remembered from an earlier test.
"""

# ruff: noqa: N802

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest
from test_tsukuru_evaluator import as_brute, brute_finishes, tset

from aves_core.games.tsukuru import evaluator
from aves_core.games.tsukuru.evaluator import (
    Arrangement,
    TileSet,
    arrangement_of,
    finishes,
    free_tiles,
    hand_colours,
    score,
    set_colours,
    totals,
)
from aves_core.games.tsukuru.tiles import COPIES, INDEX, KINDS, counts_of


@pytest.fixture(autouse=True)
def cold_caches() -> Iterator[None]:
    evaluator.finishes.cache_clear()
    evaluator._declarations.cache_clear()
    evaluator._less.cache_clear()
    yield
    evaluator.finishes.cache_clear()
    evaluator._declarations.cache_clear()
    evaluator._less.cache_clear()


def counts(text: str) -> tuple[int, ...]:
    return counts_of(text.split())


def test_TK6_the_table_of_set_shapes_is_every_set_the_tiles_allow() -> None:
    """Every three tiles the game has (no tile more often than its copies) that are a
    run or a triple of one colour, purple wild, in each colour they may take: red,
    then blue, for three purples. The table is built anew, as at import."""
    expected: list[TileSet] = []
    for three in itertools.combinations_with_replacement(KINDS, 3):
        if any(three.count(code) > COPIES[INDEX[code]] for code in three):
            continue
        printed = {code[0] for code in three} - {"P"}
        low, middle, high = sorted(int(code[1]) for code in three)
        if len(printed) > 1 or not (low == high or (middle == low + 1 and high == low + 2)):
            continue
        expected.extend(TileSet(three, colour) for colour in (printed or ("R", "B")))
    assert evaluator._set_shapes() == tuple(expected)
    assert evaluator.SHAPES == tuple(expected)


def test_TK6_a_pair_and_an_odd_tile_is_no_set() -> None:
    for three in (("B4", "B5", "B5"), ("B4", "B4", "B5"), ("R5", "R5", "P6"),
                  ("R1", "R2", "R2"), ("B5", "P6", "P6")):
        assert set_colours(three) == (), three
    assert set_colours(("B4", "B5")) == ()
    assert set_colours(("B4", "B5", "B6", "B7")) == ()
    assert set_colours(("B4", "B5", "X6")) == ()


HANDS = (
    ("R0 R1 R2 R3 B3 B4 B5 B6", ""),  # E2
    ("R0 R1 R1 R2 R3 R4 R5 R6", ""),  # E3
    ("B5 B5 B5 P5 R2 R2 R2 R5", ""),  # E4
    ("B1 B1 B2 B2 B3 B3 R2 R6", ""),  # B1B2B3 twice
    ("P5 P6 P7 R0 R1 R1 B1 B2", ""),  # three purples
    ("R7 R7 R7 B1 B2 B2 B3 P7", ""),
    ("R1 R1 R1 B2 B5", "B3B4B5"),  # an open set
    ("R0 R1 R2 R3 B3 B4 P5 P8", ""),  # two free purples
)


@pytest.mark.parametrize(("text", "opened"), HANDS)
def test_D5_every_finish_once_computed_afresh(text: str, opened: str) -> None:
    """``finishes`` against the brute force of test_tsukuru_evaluator.py, with the
    caches cold: each arrangement totalling 10, once."""
    concealed = tuple(text.split())
    open_sets = tuple(tset(token) for token in opened.split())
    for advanced in (False, True):
        evaluator.finishes.cache_clear()
        evaluator._declarations.cache_clear()
        found = finishes(counts_of(concealed), open_sets, advanced)
        assert len(found) == len(set(found))
        assert {as_brute(arrangement) for arrangement in found} == brute_finishes(
            concealed, open_sets, advanced)


def test_TK10_the_totals_a_hand_reaches() -> None:
    """E2's hand reaches 10 (R1R2R3 B4B5B6) and 12 (R1R2R3 B3B4B5), among others; the
    total with no set is the sum of the faces, 24."""
    reached = totals(counts("R0 R1 R2 R3 B3 B4 B5 B6"))
    assert {10, 12, 24} <= set(reached)
    assert max(reached) == 24
    assert list(reached) == sorted(set(reached))
    assert totals(counts("R1 R1 R1 B2 B5"), (tset("B3B4B5"),)) == (10, 13)


def test_TK10_the_totals_read_off_the_parts_are_those_of_every_declaration() -> None:
    """``totals`` reads a hand of up to 8 tiles off its red and blue parts (as
    ``reaches`` does): exactly the totals of every way to declare its sets, for hands
    of any size (9 tiles: listed), with or without open sets."""
    rng = random.Random(10)
    tiles = [code for code, copies in zip(KINDS, COPIES, strict=True) for _ in range(copies)]
    opened = tset("B3B4B5")  # worth 3
    for size in (*range(9), *(rng.randint(5, 8) for _ in range(3000)), 9, 9):
        hand = counts_of(rng.sample(tiles, size))
        listed = sorted({total for _shapes, total in evaluator._declarations(hand)})
        assert list(totals(hand)) == listed, hand
        assert list(totals(hand, (opened,))) == [3 + total for total in listed], hand


def test_TK10_an_arrangement_is_read_from_its_tokens() -> None:
    assert arrangement_of(("R2R2R2", "B5B5P5")) == Arrangement(
        (TileSet(("R2", "R2", "R2"), "R"), TileSet(("B5", "B5", "P5"), "B")))
    assert arrangement_of(("P5P6P7=B", "P8=R")) == Arrangement(
        (TileSet(("P5", "P6", "P7"), "B"),), (("P8", "R"),))
    assert arrangement_of(("R1R2R3", "P5=B", "P8=R")) == Arrangement(
        (TileSet(("R1", "R2", "R3"), "R"),), (("P5", "B"), ("P8", "R")))
    assert arrangement_of(()) == Arrangement()


def test_TK10_free_tiles_are_those_in_no_declared_set() -> None:
    hand = counts("R0 R1 R2 R3 B3 B4 B5 B6")
    sets = Arrangement((tset("R1R2R3"), tset("B4B5B6")))
    assert free_tiles(hand, sets) == counts("R0 B3")
    assert free_tiles(hand, Arrangement((tset("R1R2R3"), tset("R1R2R3")))) is None
    assert free_tiles(hand, Arrangement((tset("B5B6B7"),))) is None


def test_D8_a_tiles_final_colour_and_an_undeclared_purple() -> None:
    """A tile in a set has its set's colour, a free purple its declared colour; one
    left undeclared (basic scoring) stays purple."""
    hand = counts("R0 R1 R2 R3 B3 B4 P5 P8")
    declared = Arrangement((tset("R1R2R3"),), (("P5", "B"),))
    assert sorted(hand_colours(hand, (), declared)) == sorted(
        [("R", 1), ("R", 2), ("R", 3), ("R", 0), ("B", 3), ("B", 4), ("B", 5), ("P", 8)])
    with pytest.raises(ValueError, match=r"^the arrangement's sets are not in the hand$"):
        hand_colours(hand, (), Arrangement((tset("B5B6B7"),)))


def test_TK13_seven_two_blues_and_under_five_are_worth_1_1_and_2() -> None:
    """R1 R1 R1 B3 B4 and R0 B1 R7 as drawn: Seven 1. R0 R1 R2 R3 R4 R4 B1 B2: Two
    Blues 1, Under Five 2 (and Straight 1, No Ones spoiled)."""
    seven = score(counts("R1 R1 R1 R0 B1 B3 B4 R7"), (), Arrangement((tset("R1R1R1"),)),
                  advanced=True)
    assert dict(seven.parts)["seven"] == 1
    low = score(counts("R0 R1 R2 R3 R4 R4 B1 B2"), (), Arrangement((tset("R2R3R4"),)),
                advanced=True)
    parts = dict(low.parts)
    assert (parts["two_blues"], parts["under_five"], parts["straight"]) == (1, 2, 1)
    assert low.points == sum(parts.values())
