# ruff: noqa: N802
"""Draft Cider's placement rules and scores against the reference written from the
RULES text, over many orchards built lot by lot (each lot grown with cards it accepts,
so closed feathers, long stable chains and open pairs all occur), for every card of the
deck and every lot; and the edges of the rules' step. The rules' cache of picks and the
lots' caches of scores and feathers are emptied before each test, so the code behind
them is run (mutation testing forks from a process whose caches are full)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from draft_cider_helpers import (
    LOT_NAMES,
    as_dict,
    as_orchard,
    ref_lot_score,
    ref_may_plant,
    ref_score,
    seated,
)

from aves_core.games.draft_cider import rules
from aves_core.games.draft_cider.cards import DECK
from aves_core.games.draft_cider.events import GameEnded, Picked, PoolLaid, TurnStarted
from aves_core.games.draft_cider.game import DRAFT_CIDER
from aves_core.games.draft_cider.lots import (
    accepting,
    accepts,
    feather_open,
    lot_score,
    lot_scores,
    orchard_score,
    refusal,
    scores_after,
    tree_intact,
)
from aves_core.games.draft_cider.moves import Pick
from aves_core.games.draft_cider.phases import Phase
from aves_core.games.draft_cider.rules import legal_moves, moves_for
from aves_core.games.draft_cider.state import DraftCiderOptions, DraftCiderState
from aves_core.kernel.errors import ArgumentError, IllegalMoveError
from aves_core.kernel.game import Result


@pytest.fixture(autouse=True)
def _empty_the_caches() -> Iterator[None]:
    caches = (rules._PICKS.clear, lot_scores.cache_clear, feather_open.cache_clear)
    for clear in caches:
        clear()
    yield
    for clear in caches:
        clear()


def grown_orchards(seed: int, count: int) -> list[dict[str, list[str]]]:
    """``count`` orchards of 0 to 12 cards, each card planted where the reference
    allows, the lot chosen first (so every lot grows long)."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        orchard: dict[str, list[str]] = {name: [] for name in LOT_NAMES}
        free = list(DECK)
        size = rng.randrange(13)
        weights = [rng.random() for _ in LOT_NAMES]
        while sum(map(len, orchard.values())) < size:
            name = rng.choices(LOT_NAMES, weights)[0]
            fits = [card for card in free if ref_may_plant(orchard, name, card)]
            if not fits:
                continue
            card = rng.choice(fits)
            orchard[name].append(card)
            free.remove(card)
        found.append(orchard)
    return found


ORCHARDS = grown_orchards(1, 250)


def test_the_grown_orchards_cover_every_kind_of_lot() -> None:
    closed = [orchard["feather"] for orchard in ORCHARDS if len(orchard["feather"]) >= 2
              and len({card[1] for card in orchard["feather"]}) > 1]
    assert closed  # sweetness closed
    assert [f for f in (o["feather"] for o in ORCHARDS) if len({c[2] for c in f}) > 1]
    assert [o for o in ORCHARDS if len(o["stable"]) >= 5]
    assert [o for o in ORCHARDS if len(o["forte"]) % 2 and len(o["couple"]) % 2]
    assert [o for o in ORCHARDS if o["tree"] and ref_lot_score("tree", o["tree"], o) == 0]
    assert [o for o in ORCHARDS if o["tree"] and ref_lot_score("tree", o["tree"], o) == 20]
    assert [o for o in ORCHARDS if ref_lot_score("unlucky", o["unlucky"], o) > 0]


@pytest.mark.parametrize("part", range(5))
def test_DC10_DC17_legal_moves_are_exactly_the_placements_the_rules_allow(part: int) -> None:
    for orchard in ORCHARDS[part::5]:
        placed = as_orchard(orchard)
        free = tuple(card for card in DECK if not any(card in held for held in
                                                      orchard.values()))
        expected = [Pick(1, card, name) for card in free for name in LOT_NAMES
                    if ref_may_plant(orchard, name, card)]
        assert expected == list(moves_for(1, free, placed))
        sets = accepting(placed)
        for index, name in enumerate(LOT_NAMES):
            for card in free:
                allowed = ref_may_plant(orchard, name, card)
                assert allowed == (card in sets[index]) == accepts(placed, name, card)
                assert allowed == (refusal(placed, name, card) is None)


@pytest.mark.parametrize("bad_points", [-1, 0, 1])
def test_DC10_DC18_every_lot_score_is_its_formula(bad_points: int) -> None:
    for orchard in ORCHARDS:
        placed = as_orchard(orchard)
        expected = tuple(ref_lot_score(name, orchard[name], orchard, bad_points)
                         for name in LOT_NAMES)
        assert expected == lot_scores(placed, bad_points)
        assert expected == tuple(lot_score(placed, name, bad_points) for name in LOT_NAMES)
        assert ref_score(orchard, bad_points) == orchard_score(placed, bad_points)
        assert (expected[2] == 20) == tree_intact(placed)


@pytest.mark.parametrize("bad_points", [-1, 0, 1])
def test_DC10_DC18_scores_after_a_pick_are_the_scores_of_the_planted_orchard(
        bad_points: int) -> None:
    # Every card into every lot, accepted or not: the shortcut agrees with the
    # reference's scores of the orchard with the card planted.
    for orchard in ORCHARDS[::5]:
        picks = [Pick(0, card, name) for card in DECK for name in LOT_NAMES]
        lots, totals = [], []
        for pick in picks:
            planted = {name: [*cards, pick.card] if name == pick.lot else cards
                       for name, cards in orchard.items()}
            lots.append(ref_lot_score(pick.lot, planted[pick.lot], planted, bad_points))
            totals.append(ref_score(planted, bad_points))
        assert (tuple(lots), tuple(totals)) == scores_after(as_orchard(orchard), picks,
                                                            bad_points)


def test_DC8_a_pick_through_the_checked_door_agrees_with_the_reference() -> None:
    rng = random.Random(5)
    for orchard in ORCHARDS[:60]:
        free = [card for card in DECK if not any(card in held for held in
                                                 orchard.values())]
        pool = tuple(rng.sample(free, 4))
        state = seated(orchard, pool, num_players=3, active=2)
        assert legal_moves(state) == moves_for(2, pool, state.orchards[2])
        for card in pool:
            for name in LOT_NAMES:
                move = Pick(2, card, name)
                allowed = ref_may_plant(orchard, name, card)
                assert allowed == DRAFT_CIDER.is_legal(state, move)
                if not allowed:
                    with pytest.raises(IllegalMoveError) as error:
                        DRAFT_CIDER.apply(state, move)
                    assert "lot_refuses" == error.value.code
                    continue
                after = DRAFT_CIDER.apply(state, move)
                grown = as_dict(after.orchards[2])
                assert grown == {**orchard, name: [*orchard[name], card]}
                assert ref_score(grown) == after.scores[2]
                assert after.pool == tuple(each for each in pool if each != card)
                assert (0, after.orchards[:2]) == (after.active, state.orchards[:2])


def test_moves_for_each_seat_names_that_seat() -> None:
    for seat in range(6):
        moves = moves_for(seat, ("G11", "R55"), as_orchard({}))
        assert [Pick(seat, card, name) for card in ("G11", "R55") for name in LOT_NAMES] == (
            list(moves))
    assert moves_for(3, ("Y12",), as_orchard({})) is not moves_for(3, ("Y12",),
                                                                    as_orchard({}))
    assert () == moves_for(0, (), as_orchard({}))


def test_the_checked_door_names_what_is_no_state_or_no_move() -> None:
    state = seated({}, ("G11", "G12"))
    with pytest.raises(ArgumentError, match=r"^is_legal needs a DraftCiderState, not str$"):
        DRAFT_CIDER.is_legal("state", Pick(0, "G11", "bad"))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^is_legal needs a DraftCiderState, not str$"):
        DRAFT_CIDER.apply("state", Pick(0, "G11", "bad"))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^not a Draft Cider move: str$"):
        DRAFT_CIDER.apply(state, "0:pick G11 bad")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^not a Draft Cider move: str$"):
        DRAFT_CIDER.apply_with_events(state, "0:pick G11 bad")  # type: ignore[arg-type]
    assert not DRAFT_CIDER.is_legal(state, None)  # type: ignore[arg-type]


def test_the_step_of_the_last_pick_ends_the_game_with_its_events() -> None:
    # Two players, round 4 of 4, one card left: seat 1's last pick ends the game.
    end_pool = ("R55",)
    orchards = {0: {"bad": list(DECK[:12])}, 1: {"mono": list(DECK[25:36])}}
    state = seated(orchards[1], end_pool, active=1)
    state = DraftCiderState(state.options, state.deck, 0, 4, end_pool,
                            (as_orchard(orchards[0]), state.orchards[1]), Phase.PICK, 1)
    after, events = DRAFT_CIDER.apply_with_events(state, Pick(1, "R55", "bad"))
    assert (Phase.GAME_END, None, (), 4) == (after.phase, after.active, after.pool,
                                              after.round)
    assert (-12, 65) == after.scores
    assert Result((1,), "most_points") == after.result
    assert (Picked(1, "R55", "bad", -1), GameEnded(Result((1,), "most_points"),
                                                   (-12, 65))) == events
    assert (state.deck, 0, state.options) == (after.deck, after.first, after.options)
    assert after == DRAFT_CIDER.step(state, Pick(1, "R55", "bad"))


def test_the_step_that_empties_a_pool_lays_out_the_next() -> None:
    # Three players, first 1, round 2's last pick (seat 1): round 3, seat 0 first.
    deck = tuple(DECK)
    state = DraftCiderState(DraftCiderOptions(0), deck, 1, 2, ("G23",),
                            (as_orchard({}),) * 3, Phase.PICK, 1)
    after, events = DRAFT_CIDER.apply_with_events(state, Pick(1, "G23", "couple"))
    assert (Phase.PICK, 0, 3, deck[12:18], None) == (after.phase, after.active, after.round,
                                                     after.pool, after.result)
    assert (Picked(1, "G23", "couple", 0), PoolLaid(3, 0, deck[12:18]), TurnStarted(0)) == (
        events)
    assert (deck, 1, DraftCiderOptions(0)) == (after.deck, after.first, after.options)
    assert ("G23",) == after.orchards[1][5]
    assert after == DRAFT_CIDER.step(state, Pick(1, "G23", "couple"))
    # A pick that leaves cards: the next seat clockwise, the same round.
    state = DraftCiderState(DraftCiderOptions(1), deck, 1, 2, ("G23", "G24"),
                            (as_orchard({}),) * 3, Phase.PICK, 2)
    after, events = DRAFT_CIDER.apply_with_events(state, Pick(2, "G24", "bad"))
    assert (Phase.PICK, 0, 2, ("G23",)) == (after.phase, after.active, after.round,
                                            after.pool)
    assert (Picked(2, "G24", "bad", 1), TurnStarted(0)) == events
    assert (deck, 1, DraftCiderOptions(1)) == (after.deck, after.first, after.options)


def test_legal_moves_hand_out_each_seats_picks_made_once() -> None:
    # rules keeps each seat's 600 picks (75 cards x 8 lots), made the first time asked.
    first = moves_for(2, ("Y34", "G11"), as_orchard({}))
    again = moves_for(2, ("G11", "Y34"), as_orchard({"mono": ["G12"]}))
    same = {move: move for move in first}
    assert all(same[move] is move for move in again)
    assert first[0] is moves_for(2, ("Y34",), as_orchard({}))[0]
    assert first[0] is not moves_for(1, ("Y34",), as_orchard({}))[0]
    assert Pick(2, "Y34", "mono") == first[0]
