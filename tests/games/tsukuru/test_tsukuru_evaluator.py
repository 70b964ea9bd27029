"""Tsukuru 10 Ten's hand evaluator: sets (TK6, TK7), finishes (TK10, [D5]) and scores
(TK12-TK14, [D8], [D9]), the worked examples E2-E4, and a Hypothesis property that
checks ``finishes`` against a brute force over every assignment of tiles to sets."""

# The tests are named after the rules they prove (test_TK7_..., test_D5_...), in capitals
# as RULES-tsukuru.md writes them.
# ruff: noqa: N802

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from aves_core.games.tsukuru.evaluator import (
    Arrangement,
    TileSet,
    finishes,
    hand_colours,
    score,
    set_colours,
    set_value,
    totals,
)
from aves_core.games.tsukuru.tiles import COPIES, KINDS, TOTAL, counts_of, full_set


def tiles(text: str) -> tuple[str, ...]:
    return tuple(text.split())


def hand(text: str) -> tuple[int, ...]:
    return counts_of(tiles(text))


def tset(text: str, colour: str | None = None) -> TileSet:
    codes = tuple(sorted((text[i:i + 2] for i in range(0, len(text), 2)), key=KINDS.index))
    colours = set_colours(codes)
    assert colours, f"{text} is no set"
    chosen = colour or colours[0]
    assert chosen in colours
    return TileSet((codes[0], codes[1], codes[2]), chosen)


def written(arrangements: tuple[Arrangement, ...]) -> list[str]:
    return [str(arrangement) for arrangement in arrangements]


# --- tiles (TK2) -------------------------------------------------------------------


def test_TK2_sixty_one_tiles_in_canonical_order() -> None:
    assert TOTAL == 61 == len(full_set()) == sum(COPIES)
    assert KINDS[:8] == tuple(f"R{value}" for value in range(8))
    assert KINDS[8:15] == tuple(f"B{value}" for value in range(1, 8))
    assert KINDS[15:] == ("P5", "P6", "P7", "P8")
    count = Counter(full_set())
    assert (count["R0"], count["R4"], count["B7"], count["P8"]) == (1, 4, 4, 1)


# --- sets (TK6, TK7) -----------------------------------------------------------------


def test_TK6_a_set_is_a_run_or_a_triple_of_one_colour_with_purple_wild() -> None:
    assert set_colours(("B6", "B7", "P8")) == ("B",)
    assert set_colours(("R6", "R7", "P8")) == ("R",)
    assert set_colours(("B5", "B5", "P5")) == ("B",)
    assert set_colours(("B4", "P5", "P6")) == ("B",)
    assert set_colours(("R1", "R2", "R3")) == ("R",)
    assert set_colours(("R0", "R1", "R2")) == ("R",)
    assert set_colours(("R4", "R4", "R4")) == ("R",)


def test_TK6_three_purples_take_the_colour_their_owner_names() -> None:
    assert sorted(set_colours(("P5", "P6", "P7"))) == ["B", "R"]
    assert sorted(set_colours(("P6", "P7", "P8"))) == ["B", "R"]


def test_TK6_what_is_no_set() -> None:
    assert set_colours(("B4", "R5", "B6")) == ()  # two colours
    assert set_colours(("B4", "B5", "B7")) == ()  # not consecutive
    assert set_colours(("B4", "B4", "B5")) == ()  # neither run nor triple
    assert set_colours(("P5", "P6", "P8")) == ()
    assert set_colours(("B4", "B5")) == ()  # two tiles
    assert set_colours(("B4", "B5", "B6", "B7")) == ()  # four
    assert set_colours(("B4", "B5", "X6")) == ()  # no such tile


def test_TK7_set_values() -> None:
    assert set_value(("B4", "B5", "B6"), "B") == 4
    assert set_value(("R1", "R2", "R3"), "R") == 3
    assert set_value(("R5", "R5", "R5"), "R") == 0
    assert set_value(("B3", "B4", "P5"), "B") == 3
    assert set_value(("R0", "R1", "R2"), "R") == 2
    assert set_value(("R6", "R7", "P8"), "R") == 8
    assert set_value(("P5", "P6", "P7"), "B") == 5
    assert set_value(("P5", "P6", "P7"), "R") == 7


def test_TK6_set_tokens_name_the_colour_of_three_purples_only() -> None:
    assert tset("B4B5P6").token() == "B4B5P6"
    assert tset("P5P6P7", "B").token() == "P5P6P7=B"
    assert tset("P6P7P8", "R").token() == "P6P7P8=R"


# --- finishes (TK10, D5) -----------------------------------------------------------


def test_TK10_E2_the_finish_and_the_arrangement_that_totals_twelve() -> None:
    held = hand("R0 R1 R2 R3 B3 B4 B5 B6")
    found = written(finishes(held))
    assert "R1R2R3 B4B5B6" in found
    assert "R1R2R3 B3B4B5" not in found  # 3 + 3 + 0 + 6 = 12
    assert {10, 12} <= set(totals(held))


def test_TK10_E3_the_dealers_heaven() -> None:
    held = hand("R0 R1 R1 R2 R3 R4 R5 R6")
    assert "R1R2R3 R4R5R6" in written(finishes(held))


def test_TK10_a_finish_may_declare_no_set() -> None:
    held = hand("R1 R1 R1 R1 B1 B1 B2 B2")  # 1*6 + 2*2 = 10 with nothing declared
    found = finishes(held)
    assert Arrangement() in found
    assert "" in written(found)


def test_TK10_open_sets_count_toward_the_total() -> None:
    opened = (tset("B3B4B5"),)  # 3
    held = hand("R1 R1 B2 P5 R0")  # 1 + 1 + 2 + 5 + 0 = 9: no finish alone
    assert finishes(held, opened) == ()
    held = hand("R1 R1 B2 R6 R0")  # 10, or 3 + ... with no set possible: one way
    assert written(finishes(held, opened)) == []  # 3 + 1 + 1 + 2 + 6 + 0 = 13
    held = hand("R1 R1 B2 R3 R0")  # 3 + 1 + 1 + 2 + 3 + 0 = 10
    assert written(finishes(held, opened)) == [""]


def test_TK10_the_same_set_may_be_declared_twice() -> None:
    assert written(finishes(hand("B1 B1 B2 B2 B3 B3 R4 R4"))) == ["B1B2B3 B1B2B3"]


def test_D5_every_arrangement_that_totals_ten_is_listed_once() -> None:
    found = written(finishes(hand("B5 B5 B5 P5 R2 R2 R2 R5")))
    assert len(found) == len(set(found))
    assert {"R2R2R2 B5B5B5", "R2R2R2 B5B5P5"} <= set(found)


def test_TK10_under_advanced_scoring_each_free_purple_gets_a_colour() -> None:
    held = hand("B5 B5 B5 P5 R2 R2 R2 R5")
    advanced = written(finishes(held, (), True))
    assert {"R2R2R2 B5B5B5 P5=B", "R2R2R2 B5B5B5 P5=R"} <= set(advanced)
    assert "R2R2R2 B5B5B5" not in advanced
    assert "R2R2R2 B5B5P5" in advanced  # no free purple: nothing to name
    assert "R2R2R2 B5B5B5" in written(finishes(held, (), False))


def test_TK6_all_purple_sets_are_listed_in_each_colour() -> None:
    held = hand("P5 P6 P7 R1 R1 R1 B1 B2")  # B: 5 + 0... R: 7 + ...
    found = written(finishes(held))
    # P5P6P7=B (5) + R1R1R1 (0) + B1 + B2 = 8; =R (7) + 0 + 3 = 10
    assert "R1R1R1 P5P6P7=R" in found
    assert "R1R1R1 P5P6P7=B" not in found


# --- scores (TK12-TK14) --------------------------------------------------------------


def arrangement(text: str, colours: str = "") -> Arrangement:
    sets = []
    for token in text.split():
        shape, _, colour = token.partition("=")
        sets.append(tset(shape, colour or None))
    named = tuple((pair[:2], pair[3]) for pair in colours.split())
    return Arrangement(tuple(sets), named)


def test_TK12_basic_scoring_is_one_point() -> None:
    held = hand("R0 R1 R2 R3 B3 B4 B5 B6")
    result = score(held, (), arrangement("R1R2R3 B4B5B6"), advanced=False, dealer=True,
                   heaven=True)
    assert (result.points, result.parts) == (1, (("finish", 1),))


def test_TK12_E2_advanced() -> None:
    held = hand("R0 R1 R2 R3 B3 B4 B5 B6")
    result = score(held, (), arrangement("R1R2R3 B4B5B6"), advanced=True)
    assert result.parts == (("finish", 2), ("closed", 1), ("half_color", 1))
    assert result.points == 4
    assert str(result) == "Finish +2, Closed +1, Half Color +1"


def test_TK12_E3_advanced_the_dealers_heaven() -> None:
    held = hand("R0 R1 R1 R2 R3 R4 R5 R6")
    result = score(held, (), arrangement("R1R2R3 R4R5R6"), advanced=True, dealer=True,
                   heaven=True)
    assert dict(result.parts) == {"dealer": 3, "closed": 1, "straight": 1,
                                  "single_color": 3, "heaven": 3}
    assert result.points == 11


def test_TK13_E4_the_purple_colour_decides_the_bonuses() -> None:
    held = hand("B5 B5 B5 P5 R2 R2 R2 R5")
    blue = score(held, (), arrangement("R2R2R2 B5B5B5", "P5=B"), advanced=True)
    assert dict(blue.parts) == {"finish": 2, "closed": 1, "no_ones": 1, "half_color": 1,
                                "multi": 5}
    assert blue.points == 10
    red = score(held, (), arrangement("R2R2R2 B5B5B5", "P5=R"), advanced=True)
    assert dict(red.parts) == {"finish": 2, "closed": 1, "no_ones": 1, "double_three": 3}
    assert red.points == 7
    in_set = score(held, (), arrangement("R2R2R2 B5B5P5"), advanced=True)
    assert in_set.points == 10


def test_D8_a_purple_counts_in_its_final_colour_never_as_purple() -> None:
    held = hand("B5 B5 B5 P5 R2 R2 R2 R5")
    colours = hand_colours(held, (), arrangement("R2R2R2 B5B5P5"))
    assert sorted(colours) == sorted([("R", 2)] * 3 + [("B", 5)] * 4 + [("R", 5)])


def bonuses(text: str, sets: str = "", colours: str = "", opened: str = "",
            **flags: bool) -> dict[str, int]:
    open_sets = tuple(tset(token) for token in opened.split())
    result = score(hand(text), open_sets, arrangement(sets, colours), advanced=True,
                   **flags)
    parts = dict(result.parts)
    assert result.points == sum(parts.values())
    return parts


def test_TK13_closed_only_without_open_sets() -> None:
    assert "closed" in bonuses("R0 R1 R2 R3 B3 B4 B5 B6", "R1R2R3 B4B5B6")
    assert "closed" not in bonuses("R0 R3 B4 B5 B6", "B4B5B6", opened="R1R2R3")


def test_TK13_no_ones_seven_under_five_and_eight() -> None:
    assert bonuses("R2 R3 R4 B2 B2 B2 R1 R0").keys() >= {"under_five"}
    assert "no_ones" not in bonuses("R2 R3 R4 B2 B2 B2 R1 R0")
    assert "no_ones" in bonuses("R2 R3 R4 B2 B2 B2 R3 R0")
    assert "seven" in bonuses("R7 R0 R0 R1 B1 B1 B1 B1")
    assert "under_five" not in bonuses("R7 R0 R0 R1 B1 B1 B1 B1")
    assert bonuses("P8 R1 R1 B1 B1 B1 B1 B1", colours="P8=R")["eight"] == 2


def test_TK13_half_color_two_blues_and_single_color() -> None:
    assert "half_color" in bonuses("R1 R2 R3 R4 B1 B2 B3 B4")
    assert "two_blues" in bonuses("R1 R2 R3 R4 R5 R6 B3 B4")
    assert "two_blues" in bonuses("R1 R2 R3 R4 R5 R6 B3 P5", colours="P5=B")
    assert "two_blues" not in bonuses("R1 R2 R3 R4 R5 R6 B3 P5", colours="P5=R")
    assert bonuses("R1 R2 R3 R4 R5 R6 R7 P5", colours="P5=R")["single_color"] == 3
    assert bonuses("B1 B2 B3 B4 B5 B6 B7 P5", colours="P5=B")["single_color"] == 2
    assert "single_color" not in bonuses("B1 B2 B3 B4 B5 B6 B7 P5", colours="P5=R")


def test_TK13_straight_is_five_consecutive_values_of_one_colour() -> None:
    assert "straight" in bonuses("R0 R1 R2 R3 R4 B1 B1 B1")
    assert "straight" not in bonuses("R0 R1 R2 R3 B4 B5 B6 B7")
    assert "straight" in bonuses("B4 B5 B6 B7 P8 R1 R1 R1", colours="P8=B")
    assert "straight" not in bonuses("B4 B5 B6 B7 P8 R1 R1 R1", colours="P8=R")


def test_TK13_heaven_and_god_ten() -> None:
    assert bonuses("R0 R1 R2 R3 B3 B4 B5 B6", "R1R2R3 B4B5B6", heaven=True)["heaven"] == 3
    god = bonuses("B5 B5 B5 R5 R5 R5 B5 R5", "R5R5R5 B5B5B5")
    assert (god["god_ten"], god["double_four"]) == (25, 10)


def test_TK14_the_family_ladder_scores_its_best_rung_only() -> None:
    assert bonuses("B5 B5 B5 B5 R2 R2 R2 R2")["double_four"] == 10
    assert bonuses("B5 B5 B5 B5 R2 R2 R2 R1")["multi"] == 5
    assert bonuses("B5 B5 B5 R4 R2 R2 R2 R1")["double_three"] == 3
    assert bonuses("B2 B2 B2 R4 R2 R2 R2 R1")["double_three"] == 4
    assert bonuses("B5 B5 B5 B5 R2 R3 R4 R1")["single_four"] == 2
    assert bonuses("B5 B5 B5 R6 R2 R3 R4 R1")["single_three"] == 1
    family = {"double_four", "multi", "double_three", "single_four", "single_three"}
    assert not family & bonuses("B5 B5 R5 R6 R2 R3 R4 R1").keys()
    assert len(family & bonuses("B5 B5 B5 B5 R2 R2 R2 R1").keys()) == 1


def test_D9_a_four_may_be_five_tiles() -> None:
    assert bonuses("B5 B5 B5 B5 P5 R2 R2 R2", colours="P5=B")["multi"] == 5


# --- the evaluator against a brute force ----------------------------------------------


def brute_colours(codes: tuple[str, ...]) -> list[str]:
    """The colours three tiles make a set in, by trying each colour (TK6)."""
    found = []
    for colour in "RB":
        if all(code[0] in (colour, "P") for code in codes):
            values = sorted(int(code[1]) for code in codes)
            if values[0] == values[2] or values == list(range(values[0], values[0] + 3)):
                found.append(colour)
    return found


def brute_finishes(concealed: tuple[str, ...], opened: tuple[TileSet, ...],
                   advanced: bool) -> set[tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]]:
    """Every arrangement totalling 10, by labelling each concealed tile free or one of
    the sets, every way."""
    found = set()
    most = len(concealed) // 3
    base = sum(shape.value for shape in opened)
    for labels in itertools.product(range(most + 1), repeat=len(concealed)):
        groups = [tuple(sorted((code for code, label in zip(concealed, labels, strict=True)
                                if label == group), key=KINDS.index))
                  for group in range(1, most + 1)]
        if any(len(group) not in (0, 3) for group in groups):
            continue
        groups = [group for group in groups if group]
        free = [code for code, label in zip(concealed, labels, strict=True) if label == 0]
        for colours in itertools.product(*(brute_colours(group) for group in groups)):
            total = base + sum(int(code[1]) for code in free)
            for group, colour in zip(groups, colours, strict=True):
                values = [int(code[1]) for code in group]
                if len(set(values)) > 1:
                    total += min(values) if colour == "B" else max(values)
            if total != 10:
                continue
            sets = tuple(sorted(
                tuple(group) + ((f"={colour}",) if all(c[0] == "P" for c in group) else ())
                for group, colour in zip(groups, colours, strict=True)))
            purples = sorted(code for code in free if code[0] == "P")
            if advanced:
                for named in itertools.product("RB", repeat=len(purples)):
                    found.add((sets, tuple(f"{p}={c}" for p, c in zip(purples, named,
                                                                         strict=True))))
            else:
                found.add((sets, ()))
    return found


def as_brute(found: Arrangement) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    sets = tuple(sorted(shape.tiles + ((f"={shape.colour}",) if shape.all_purple else ())
                        for shape in found.sets))
    return sets, tuple(f"{code}={colour}" for code, colour in found.colours)


SHAPES = [TileSet((codes[0], codes[1], codes[2]), colour)
          for codes in itertools.combinations_with_replacement(KINDS, 3)
          for colour in set_colours(codes)]


@st.composite
def hands(draw: st.DrawFn) -> tuple[tuple[str, ...], tuple[TileSet, ...]]:
    """Eight tiles the game can deal, some of them open sets; often built from sets, so
    that many hands finish."""
    pool = Counter(full_set())
    opened: list[TileSet] = []
    built: list[str] = []
    shape = draw(st.sampled_from(SHAPES))
    for _ in range(draw(st.integers(0, 2))):
        if draw(st.booleans()):  # else the same set again, as B1B2B3 B1B2B3
            shape = draw(st.sampled_from(SHAPES))
        if all(pool[code] >= shape.tiles.count(code) for code in shape.tiles):
            pool.subtract(shape.tiles)
            if draw(st.booleans()):
                opened.append(shape)
            else:
                built.extend(shape.tiles)
    rest = sorted(pool.elements(), key=KINDS.index)
    extra = draw(st.lists(st.sampled_from(range(len(rest))), unique=True,
                          min_size=8 - 3 * len(opened) - len(built),
                          max_size=8 - 3 * len(opened) - len(built)))
    return tuple(built + [rest[index] for index in extra]), tuple(opened)


@given(hands(), st.booleans())
def test_D5_finishes_are_exactly_the_brute_forces_arrangements(
        drawn: tuple[tuple[str, ...], tuple[TileSet, ...]], advanced: bool) -> None:
    concealed, opened = drawn
    found = finishes(counts_of(concealed), opened, advanced)
    assert len(found) == len(set(found))  # each once
    assert {as_brute(arrangement) for arrangement in found} == brute_finishes(
        concealed, opened, advanced)
    for arrangement in found:  # and each scores as its parts say
        result = score(counts_of(concealed), opened, arrangement, advanced=advanced)
        assert result.points == sum(points for _code, points in result.parts)
