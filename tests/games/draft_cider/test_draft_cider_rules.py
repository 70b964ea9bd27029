# ruff: noqa: N802
"""Every rule of RULES-draft-cider.md (DC1-DC20, DC19a, DC19b), every decision
(D1-D16) and the worked examples E1-E4, each in a test that names it. Placements go
through the checked door (``apply_move``); scores are checked against the reference
scorer of ``draft_cider_helpers``, written from the RULES text."""

from __future__ import annotations

import itertools

import pytest
from draft_cider_helpers import (
    LOT_NAMES,
    PRIMES,
    as_dict,
    code_of,
    make,
    message_of,
    pick_order,
    play,
    ref_score,
    scripted,
    seated,
)

from aves_core import SetupError
from aves_core.games.draft_cider import lots
from aves_core.games.draft_cider.cards import (
    COLOUR,
    COLOURS,
    DECK,
    HEIGHT,
    INDEX,
    LOTS,
    SWEETNESS,
    is_card,
)
from aves_core.games.draft_cider.game import DRAFT_CIDER
from aves_core.games.draft_cider.moves import Pick
from aves_core.games.draft_cider.phases import Phase
from aves_core.games.draft_cider.rules import first_picker, legal_moves, moves_for, winners
from aves_core.games.draft_cider.state import (
    DraftCiderOptions,
    DraftCiderState,
    cards_per_round,
    rounds_of,
)
from aves_core.kernel.errors import ArgumentError, IllegalMoveError, NotationError
from aves_core.kernel.game import Result


def place(plan: list[tuple[str, str]], bad_points: int = -1) -> DraftCiderState:
    """Seat 0 plants the cards of ``plan`` one by one, each through ``apply_move`` from
    a pool that holds it (and a spare card, so the round goes on)."""
    state = seated({}, (), bad_points=bad_points)
    for card, lot in plan:
        spare = next(each for each in DECK if each != card
                     and all(each not in held for held in state.orchards[0]))
        here = seated(as_dict(state.orchards[0]), (card, spare), bad_points=bad_points)
        state = DRAFT_CIDER.apply(here, Pick(0, card, lot))
        assert (Phase.PICK, 1, (spare,)) == (state.phase, state.active, state.pool)
    return state


def orchard_of(plan: list[tuple[str, str]]) -> dict[str, list[str]]:
    return as_dict(place(plan).orchards[0])


def lot_of(lot: str, cards: str, bad_points: int = -1) -> DraftCiderState:
    """Seat 0 with ``cards`` (codes separated by spaces) planted in ``lot``."""
    return place([(card, lot) for card in cards.split()], bad_points)


def lot_score_of(lot: str, cards: str, bad_points: int = -1) -> int:
    return lot_of(lot, cards, bad_points).lot_scores(0)[LOTS.index(lot)]


def refused(lot: str, cards: str, card: str) -> str | None:
    """The code of planting ``card`` in ``lot`` after ``cards`` (None: accepted)."""
    state = seated({lot: cards.split()}, (card, "R55" if card != "R55" else "R54"))
    return code_of(state, f"0:pick {card} {lot}")


# --- players and components ---------------------------------------------------------------


def test_DC1_two_to_six_players_seated_clockwise() -> None:
    for count in range(2, 7):
        state = make(count, first=count - 1)
        assert count == state.num_players
        after = DRAFT_CIDER.apply(state, legal_moves(state)[0])
        assert 0 == after.active  # clockwise: seat N-1 -> seat 0
    for count in (0, 1, 7, 8):
        with pytest.raises(SetupError) as error:
            DRAFT_CIDER.new_setup(count, DraftCiderOptions(), 1)
        assert "bad_players" == error.value.code
        with pytest.raises(SetupError) as error:
            make(count)
        assert "bad_players" == error.value.code


def test_D1_the_player_counts_are_two_to_six_with_no_solo() -> None:
    assert (2, 6) == (DRAFT_CIDER.facts.min_players, DRAFT_CIDER.facts.max_players)
    with pytest.raises(SetupError, match="Draft Cider is for 2 to 6 players, not 1"):
        make(1)


def test_DC2_seventy_five_cards_in_canonical_order() -> None:
    assert 75 == len(DECK) == len(set(DECK))
    assert ("G", "Y", "R") == COLOURS
    assert ("G11", "G12", "G55", "Y11", "R55") == (DECK[0], DECK[1], DECK[24], DECK[25],
                                                   DECK[74])
    assert [f"{c}{s}{h}" for c in "GYR" for s in range(1, 6) for h in range(1, 6)] == list(
        DECK)
    for attribute, values in ((COLOUR, "GYR"), (SWEETNESS, range(1, 6)),
                              (HEIGHT, range(1, 6))):
        counts = {value: sum(1 for card in DECK if attribute[card] == value)
                  for value in values}
        assert set(counts.values()) == ({25} if attribute is COLOUR else {15})
    assert ("Y", 3, 4) == (COLOUR["Y34"], SWEETNESS["Y34"], HEIGHT["Y34"])
    assert all(INDEX[card] == index for index, card in enumerate(DECK))
    assert is_card("Y34")
    assert not any(is_card(value) for value in ("Y36", "B11", "y34", "", None, 34, ("Y34",)))


def test_D2_the_deck_is_one_card_of_each_colour_sweetness_and_height() -> None:
    assert set(DECK) == {f"{c}{s}{h}" for c in "GYR" for s in "12345" for h in "12345"}


def test_D2_every_stated_maximum_is_reached_by_legal_placements() -> None:
    gold = [card for card in DECK if card[0] == "Y"][:12]
    assert 78 == lot_score_of("mono", " ".join(gold))
    sweet_one = [card for card in DECK if card[1] == "1"][:12]
    assert 132 == lot_score_of("feather", " ".join(sweet_one))
    ones = [card for card in DECK if card[2] == "1"]
    fives = [card for card in DECK if card[2] == "5"]
    forte = " ".join(f"{a} {b}" for a, b in zip(ones[:6], fives[:6], strict=True))
    assert 48 == lot_score_of("forte", forte)
    couple = " ".join(f"{a} {b}" for a, b in zip(
        [c for c in DECK if c[1] == "2"][:6], [c for c in DECK if c[1] == "2"][6:12],
        strict=True))
    assert 42 == lot_score_of("couple", couple)
    chain = "G11 G12 G13 G14 G15 Y15 Y14 Y13 Y12 Y11 R11 R12"
    assert 41 == lot_score_of("stable", chain)
    assert 144 == lot_score_of("unlucky", "G11 G12 G13 G14 G15 Y11 Y12 Y13 Y14 Y15 R11 R21")
    assert 12 == lot_score_of("bad", " ".join(gold), bad_points=1)
    assert -12 == lot_score_of("bad", " ".join(gold))


def test_D2_no_lot_can_exceed_its_stated_maximum() -> None:
    # forte: a pair scores at most 2 x 4; couple 7 a pair; six pairs in 12 cards.
    assert 8 == max(2 * abs(HEIGHT[a] - HEIGHT[b]) for a in DECK for b in DECK)
    # No 13 from fewer than 3 cards: the unlucky list starts at 9.
    for size in (1, 2):
        for cards in itertools.combinations(DECK, size):
            assert sum(SWEETNESS[card] for card in cards) != 13
    assert 13 == sum(SWEETNESS[card] for card in ("G55", "Y54", "R31"))
    assert 9 == lot_score_of("unlucky", "G55 Y54 R31")
    # feather of 12: a sweetness or a height has only 15 cards, and 12 fit.
    assert 12 <= min(sum(1 for card in DECK if card[1] == "3"),
                     sum(1 for card in DECK if card[2] == "3"))
    # stable and mono at 12 cards are the top of their lists.
    assert 41 == max(PRIMES)
    assert 78 == 12 * 13 // 2


def test_DC3_an_orchard_has_eight_named_lots_and_no_special_card() -> None:
    assert LOT_NAMES == LOTS
    state = make(2)
    assert all(8 == len(orchard) and not any(orchard) for orchard in state.orchards)
    assert (0,) * 8 == state.lot_scores(0)
    with pytest.raises(ArgumentError):
        state.lot_scores(2)
    with pytest.raises(ArgumentError):
        state.lot_scores(True)
    with pytest.raises(ArgumentError):
        state.lot_scores(-1)


def test_D3_the_tree_is_a_lot_of_one_card_and_any_card_may_be_its_card() -> None:
    for card in ("G11", "Y34", "R55"):
        state = lot_of("tree", card)
        assert (card,) == state.orchards[0][LOTS.index("tree")]
        assert 20 == state.lot_scores(0)[2]
    assert "lot_refuses" == refused("tree", "Y34", "R11")


# --- setup ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "k", "rounds", "used"), [
    (2, 3, 4, 24), (3, 2, 6, 36), (4, 3, 4, 48), (5, 3, 4, 60), (6, 2, 6, 72)])
def test_DC4_cards_per_round_rounds_and_cards_used(count: int, k: int, rounds: int,
                                                   used: int) -> None:
    assert (k, rounds) == (cards_per_round(count), rounds_of(count))
    state = make(count)
    assert (k, rounds) == (state.per_round, state.rounds)
    assert k * count == len(state.pool)
    assert 75 - k * count == len(state.undealt)
    end = scripted(count, 0, {})[1]
    assert all(12 == sum(map(len, orchard)) for orchard in end.orchards)
    assert sorted(DECK[:used]) == sorted(card for orchard in end.orchards
                                         for lot in orchard for card in lot)


def test_D5_every_seat_ends_with_twelve_cards_and_the_rest_are_never_seen() -> None:
    for count, unseen in zip(range(2, 7), (51, 39, 27, 15, 3), strict=True):
        _start, end, picks = scripted(count, 0, {})
        assert 12 * count == len(picks)
        assert unseen == 75 - 12 * count
        assert end.deck[12 * count:] == end.undealt
        seen = {card for orchard in end.orchards for lot in orchard for card in lot}
        assert not seen & set(end.deck[12 * count:])


def test_DC5_the_draws_are_the_shuffle_then_the_first_player() -> None:
    import random
    for count in range(2, 7):
        for seed in (0, 1, 99):
            rng = random.Random(seed)
            deck = list(DECK)
            rng.shuffle(deck)
            first = rng.randrange(count)
            setup = DRAFT_CIDER.new_setup(count, DraftCiderOptions(), seed)
            assert (tuple(deck), first, -1) == (setup.deck, setup.first, setup.bad_points)
            state = DRAFT_CIDER.start(count, setup)
            assert setup.deck[0] == state.pool[0]  # deck[0] is the top


def test_D16_a_given_first_player_draws_nothing_and_leaves_the_deck_alone() -> None:
    for seed in (3, 4):
        drawn = DRAFT_CIDER.new_setup(4, DraftCiderOptions(), seed)
        for first in range(4):
            given = DRAFT_CIDER.new_setup(4, DraftCiderOptions(), seed, first_player=first)
            assert (drawn.deck, first) == (given.deck, given.first)


def test_DC6_round_r_lays_out_deck_slice() -> None:
    deck = DECK[::-1]
    state = make(3, 1, deck)
    k, n = 2, 3
    for round_ in range(1, 7):
        assert (round_, deck[(round_ - 1) * k * n:round_ * k * n]) == (state.round,
                                                                     state.pool)
        assert deck[round_ * k * n:] == state.undealt
        for _ in range(k * n):
            state = DRAFT_CIDER.apply(state, Pick(state.active or 0, state.pool[0], "bad"))
        if round_ < 6:
            assert Phase.PICK == state.phase
    assert state.result is not None


# --- turn structure --------------------------------------------------------------------------


def test_DC7_the_first_picker_moves_one_seat_clockwise_each_round() -> None:
    for count in range(2, 7):
        for first in range(count):
            _start, _end, picks = scripted(count, first, {})
            assert pick_order(count, first) == [pick.player for pick in picks]
            k = cards_per_round(count)
            for round_ in range(1, rounds_of(count) + 1):
                assert (first + round_ - 1) % count == first_picker(first, round_, count)
                round_picks = picks[(round_ - 1) * k * count:round_ * k * count]
                assert [k] * count == [sum(1 for pick in round_picks if pick.player == seat)
                                       for seat in range(count)]


def test_D6_picks_go_round_and_round_clockwise_until_the_pool_is_empty() -> None:
    state = make(4, 2)
    seats = []
    while state.round == 1:
        seats.append(state.active)
        state = DRAFT_CIDER.apply(state, Pick(state.active or 0, state.pool[-1], "unlucky"))
    assert [2, 3, 0, 1] * 3 == seats
    assert (2, 3) == (state.round, state.active)


def test_DC8_a_pick_takes_a_pool_card_and_adds_it_to_the_end_of_a_lot() -> None:
    state = seated({"stable": ["G13"]}, ("Y24", "R44", "G41"))
    after = DRAFT_CIDER.apply(state, DRAFT_CIDER.parse_move("0:pick Y24 stable"))
    assert ("G13", "Y24") == after.orchards[0][6]
    assert ("R44", "G41") == after.pool
    assert (1, state.orchards[1]) == (after.active, after.orchards[1])
    # unlucky and bad accept any card: a legal pick always exists.
    full = seated({"mono": ["G11"], "feather": ["Y22"], "tree": ["R33"], "forte": ["Y41"],
                   "couple": ["Y51"], "stable": ["G15"]}, ("R31",))
    assert [("R31", "unlucky"), ("R31", "bad")] == [(move.card, move.lot)
                                                   for move in legal_moves(full)]


def test_D15_a_card_is_never_moved_once_placed() -> None:
    states = [seated({}, ("G11", "G12", "G13", "Y14"))]
    for text in ("0:pick G11 mono", "1:pick G12 bad", "0:pick G13 mono"):
        states.append(play(states[-1], text))
    for before, after in itertools.pairwise(states):
        for seat in (0, 1):
            for old, new in zip(before.orchards[seat], after.orchards[seat], strict=True):
                assert new[:len(old)] == old  # lots only ever grow at the end


def test_DC9_the_game_ends_after_the_last_pick_of_the_last_round() -> None:
    start, end, picks = scripted(2, 0, {})
    state = start
    for pick in picks[:-1]:
        state = DRAFT_CIDER.apply(state, pick)
        assert state.result is None
        assert state.phase is Phase.PICK
    assert (4, 1) == (state.round, len(state.pool))
    state = DRAFT_CIDER.apply(state, picks[-1])
    assert state == end
    assert (Phase.GAME_END, None, (), ()) == (state.phase, state.active, state.pool,
                                               legal_moves(state))
    assert end.result is not None
    assert "most_points" == end.result.reason


# --- the lots --------------------------------------------------------------------------------


def test_DC10_mono_the_first_card_fixes_the_colour() -> None:
    assert [1, 3, 6, 10] == [lot_score_of("mono", " ".join(["G11", "G12", "G13", "G14"][:n]))
                             for n in range(1, 5)]
    assert "lot_refuses" == refused("mono", "G11 G25", "Y25")
    assert refused("mono", "G11 G25", "G33") is None
    assert refused("mono", "", "R33") is None
    assert message_of(seated({"mono": ["G11"]}, ("Y25", "R55")), "0:pick Y25 mono") == (
        "0:pick Y25 mono: mono holds G cards: its first card fixed the colour")


def test_D8_the_colour_is_the_first_cards() -> None:
    for first in ("G11", "Y11", "R11"):
        state = lot_of("mono", first)
        codes = {card[0]: code_of(seated(as_dict(state.orchards[0]), (card,)),
                                  f"0:pick {card} mono") for card in ("G22", "Y22", "R22")}
        assert {colour: (None if colour == first[0] else "lot_refuses")
                for colour in "GYR"} == codes


def test_DC11_feather_a_card_keeps_one_shared_attribute() -> None:
    assert [0, 2, 6, 12] == [lot_score_of("feather", " ".join(
        ["R32", "G32", "Y32", "G31"][:n])) for n in range(1, 5)]
    assert refused("feather", "R32", "G12") is None  # height matches
    assert refused("feather", "R32", "G35") is None  # sweetness matches
    assert "lot_refuses" == refused("feather", "R32", "G45")
    assert refused("feather", "", "G45") is None
    assert message_of(seated({"feather": ["R32"]}, ("G45",)), "0:pick G45 feather") == (
        "0:pick G45 feather: feather needs sweetness 3 or height 2")


def test_D9_feather_a_card_matching_both_keeps_both_open_and_a_miss_closes_for_good() -> None:
    # G32 matches both: both stay open, so either may follow.
    assert refused("feather", "R32 G32", "Y12") is None
    assert refused("feather", "R32 G32", "Y35") is None
    # R35 matched sweetness only: height is closed, even for a card of height 2.
    assert "lot_refuses" == refused("feather", "R32 G32 R35", "Y12")
    assert refused("feather", "R32 G32 R35", "Y31") is None
    assert message_of(seated({"feather": ["R32", "R35"]}, ("Y12",)),
                      "0:pick Y12 feather") == (
        "0:pick Y12 feather: feather needs sweetness 3")
    assert message_of(seated({"feather": ["R32", "Y12"]}, ("G33",)),
                      "0:pick G33 feather") == "0:pick G33 feather: feather needs height 2"
    # A card matching the closed attribute but also the open one enters.
    assert refused("feather", "R32 Y12", "G22") is None


def test_DC12_tree_only_a_colour_held_nowhere_but_bad_and_tree() -> None:
    assert refused("tree", "", "G43") is None
    state = seated({"mono": ["G11"], "bad": ["Y13"]}, ("G43", "Y44", "R11"))
    assert "lot_refuses" == code_of(state, "0:pick G43 tree")
    assert message_of(state, "0:pick G43 tree") == (
        "0:pick G43 tree: a lot other than bad already holds a G card: the tree cannot "
        "take that colour")
    assert code_of(state, "0:pick Y44 tree") is None  # gold lies only in bad
    assert code_of(state, "0:pick R11 tree") is None
    for lot in ("feather", "unlucky", "forte", "couple", "stable"):
        other = seated({lot: ["R21"]}, ("R43", "G11"))
        assert "lot_refuses" == code_of(other, "0:pick R43 tree"), lot
        assert code_of(other, "0:pick G11 tree") is None
    # The tree holds one card.
    full = seated({"tree": ["Y44"]}, ("R11",))
    assert "lot_refuses" == code_of(full, "0:pick R11 tree")
    assert message_of(full, "0:pick R11 tree") == (
        "0:pick R11 tree: the tree holds one card and is full")
    # Cards of its colour may still go anywhere later; the tree then scores 0.
    broken = play(full, "0:pick R11 bad")
    assert 20 == broken.lot_scores(0)[2]
    later = play(seated(as_dict(full.orchards[0]), ("Y45",)), "0:pick Y45 feather")
    assert 0 == later.lot_scores(0)[2]
    assert 0 == lot_score_of("mono", "")


def test_D4_a_broken_tree_scores_zero_not_minus_twenty() -> None:
    intact = place([("Y44", "tree"), ("G11", "mono")])
    broken = place([("Y44", "tree"), ("Y11", "mono")])
    assert (20, 1, 21) == (intact.lot_scores(0)[2], intact.lot_scores(0)[0],
                           intact.scores[0])
    assert (0, 1, 1) == (broken.lot_scores(0)[2], broken.lot_scores(0)[0], broken.scores[0])
    assert not lots.tree_intact(broken.orchards[0])
    assert lots.tree_intact(intact.orchards[0])
    assert not lots.tree_intact(lots.empty_orchard())


def test_DC13_unlucky_scores_n_squared_on_a_sum_of_exactly_13() -> None:
    assert 9 == lot_score_of("unlucky", "R51 G54 R33")
    assert 0 == lot_score_of("unlucky", "R51 G54")
    assert 0 == lot_score_of("unlucky", "R51 G54 R43")  # 14
    assert 0 == lot_score_of("unlucky", "R51 G54 R23")  # 12
    assert 0 == lot_score_of("unlucky", "")


def test_D10_unlucky_takes_any_card_even_past_13() -> None:
    state = lot_of("unlucky", "R54 Y53 G41")
    assert 0 == state.lot_scores(0)[3]
    assert all(code_of(seated(as_dict(state.orchards[0]), (card,)),
                       f"0:pick {card} unlucky") is None for card in ("G55", "Y11", "R33"))


def test_DC14_forte_pairs_differ_in_height_and_score_twice_the_difference() -> None:
    assert [0, 8, 8, 10, 10] == [lot_score_of("forte", " ".join(
        ["R11", "G15", "Y23", "R22", "G34"][:n])) for n in range(1, 6)]
    assert "lot_refuses" == refused("forte", "R11 G15 Y23", "G33")
    assert refused("forte", "R11 G15 Y23", "G34") is None
    assert refused("forte", "R11 G15", "Y55") is None  # the first of a pair: any card
    assert refused("forte", "R11", "Y21") == "lot_refuses"
    assert message_of(seated({"forte": ["R11"]}, ("Y21",)), "0:pick Y21 forte") == (
        "0:pick Y21 forte: forte pairs need different heights, and R11 has height 1")


def test_DC15_couple_pairs_share_a_sweetness_for_seven_a_pair() -> None:
    assert [0, 7, 7, 14, 14] == [lot_score_of("couple", " ".join(
        ["Y22", "G21", "R51", "Y55", "G33"][:n])) for n in range(1, 6)]
    assert "lot_refuses" == refused("couple", "Y22", "G31")
    assert refused("couple", "Y22 G21", "G31") is None
    assert message_of(seated({"couple": ["Y22"]}, ("G31",)), "0:pick G31 couple") == (
        "0:pick G31 couple: couple pairs share a sweetness: Y22 has 2")


def test_D11_pairs_follow_placement_order_and_an_unpaired_card_scores_nothing() -> None:
    # forte: (1,5)=8, then (3, 2)=2; the order of placement makes the pairs.
    assert 10 == lot_score_of("forte", "R11 G15 Y23 R22")
    assert 6 == lot_score_of("forte", "R11 R22 G15 Y23")  # (1,2)=2, (5,3)=4
    # couple pairs 1st-2nd and 3rd-4th: Y22 G21 | R51 Y55
    assert 14 == lot_score_of("couple", "Y22 G21 R51 Y55")


def test_DC16_stable_heights_within_one_of_the_last_card_scored_by_odd_primes() -> None:
    assert [3, 5, 7, 11, 13, 17] == [lot_score_of("stable", " ".join(
        ["G13", "Y24", "R44", "G45", "Y54", "R33"][:n])) for n in range(1, 7)]
    for card, code in (("Y12", None), ("Y13", None), ("Y14", None), ("Y11", "lot_refuses"),
                       ("Y15", "lot_refuses")):
        assert code == refused("stable", "Y24 R44 G45 Y54 R33", card)
    assert message_of(seated({"stable": ["R33"]}, ("G15",)), "0:pick G15 stable") == (
        "0:pick G15 stable: stable needs a height within 1 of R33's 3")


def test_D12_the_odd_primes_score_one_to_twelve_cards_and_the_last_placed_card_counts() -> None:
    assert PRIMES == lots.ODD_PRIMES
    chain = ["G11", "G12", "G13", "G14", "G15", "Y15", "Y14", "Y13", "Y12", "Y11", "R11", "R12"]
    for n in range(13):
        assert (PRIMES[n - 1] if n else 0) == lot_score_of("stable", " ".join(chain[:n]))
    # The previous card is the last placed, not the first: 1 -> 2 -> 3 accepts 4.
    assert refused("stable", "G11 G12 G13", "G14") is None


@pytest.mark.parametrize(("bad_points", "total"), [(-1, -3), (0, 0), (1, 3)])
def test_DC17_bad_takes_any_card_for_b_each(bad_points: int, total: int) -> None:
    assert total == lot_score_of("bad", "G11 Y55 R33", bad_points)
    state = lot_of("bad", "G11 Y55 R33", bad_points)
    assert total == state.scores[0]
    assert refused("bad", "G11 Y55 R33", "G12") is None


# --- end and scoring -------------------------------------------------------------------------


def test_DC18_the_score_is_the_sum_of_the_lots_and_the_highest_wins() -> None:
    _start, end, _picks = scripted(2, 0, {0: E1_PLAN})
    assert 45 == end.scores[0]
    assert -12 == end.scores[1]
    assert sum(end.lot_scores(0)) == end.scores[0] == ref_score(as_dict(end.orchards[0]))
    assert Result((0,), "most_points") == end.result
    assert (1,) == winners((3, 5))
    assert (0, 2) == winners((7, 1, 7))
    assert (0, 1, 2) == winners((-12, -12, -12))


def test_D7_equal_highest_scores_share_the_win() -> None:
    _start, end, _picks = scripted(2, 1, {})
    assert (-12, -12) == end.scores
    assert Result((0, 1), "most_points") == end.result


# --- options ---------------------------------------------------------------------------------


@pytest.mark.parametrize("bad_points", [-1, 0, 1])
def test_DC19_bad_points_changes_only_the_bad_lot(bad_points: int) -> None:
    _start, end, _picks = scripted(2, 0, {0: E1_PLAN}, bad_points)
    assert bad_points == end.options.bad_points
    assert 45 + (bad_points + 1) == end.scores[0]
    assert 12 * bad_points == end.scores[1]
    lot_scores = end.lot_scores(0)
    assert (3, 6, 20, 9, 8, 0, 0, bad_points) == lot_scores


def test_DC19_any_other_bad_points_is_refused() -> None:
    for value in (-2, 2, 5, True, "1", None, 1.0):
        with pytest.raises(SetupError) as error:
            DraftCiderOptions(value)  # type: ignore[arg-type]
        assert ("bad_options", "bad_points") == (error.value.code, error.value.path)
    assert -1 == DraftCiderOptions().bad_points == DRAFT_CIDER.default_options().bad_points


def test_D13_both_easy_mode_values_are_offered() -> None:
    assert (-1, 0, 1) == tuple(DraftCiderOptions(value).bad_points for value in (-1, 0, 1))
    for value in (0, 1):
        setup = DRAFT_CIDER.new_setup(2, DraftCiderOptions(value), 3)
        assert DraftCiderOptions(value) == DRAFT_CIDER.options_of(setup)
        assert value == DRAFT_CIDER.start(2, setup).options.bad_points


# --- phases and refusals ---------------------------------------------------------------------


def test_DC19a_phases_are_pick_and_game_end_and_the_pool_keeps_deck_order() -> None:
    state = make(2)
    assert "pick" == DRAFT_CIDER.phase_name(state)
    assert DECK[:6] == state.pool
    state = play(state, "0:pick G13 bad")
    assert ("G11", "G12", "G14", "G15", "G21") == state.pool
    moves = legal_moves(state)
    assert [move.card for move in moves] == sorted((move.card for move in moves),
                                                   key=DECK.index)
    for card in state.pool:
        lots_ = [move.lot for move in moves if move.card == card]
        assert lots_ == sorted(lots_, key=LOTS.index)
    assert [("G11", lot) for lot in LOTS] == [(move.card, move.lot) for move in moves[:8]]
    end = scripted(2, 0, {})[1]
    assert "gameEnd" == DRAFT_CIDER.phase_name(end)
    assert () == DRAFT_CIDER.to_move(end)
    # roundEnd is passed through at once: a new pool and its first picker.
    state = make(2)
    for _ in range(6):
        state = DRAFT_CIDER.apply(state, legal_moves(state)[0])
    assert (Phase.PICK, 2, 1, DECK[6:12]) == (state.phase, state.round, state.active,
                                              state.pool)


def test_DC19a_legal_moves_only_offer_accepting_lots() -> None:
    state = seated({"mono": ["G11"], "tree": ["Y44"], "forte": ["G13"], "couple": ["R21"],
                    "stable": ["Y15"], "feather": ["R32"]}, ("G23", "Y31"))
    got = [(move.card, move.lot) for move in legal_moves(state)]
    assert [("G23", "mono"), ("G23", "unlucky"), ("G23", "couple"), ("G23", "bad"),
            ("Y31", "feather"), ("Y31", "unlucky"), ("Y31", "forte"), ("Y31", "bad")] == got
    assert legal_moves(state) == moves_for(0, state.pool, state.orchards[0])


def test_DC19b_every_refusal_code_and_the_state_untouched() -> None:
    state = seated({"tree": ["Y44"], "mono": ["G11"]}, ("G23", "Y31", "R45"))
    assert "not_your_turn" == code_of(state, "1:pick G23 bad")
    assert "not_your_turn" == code_of(state, "2:pick G23 bad")
    assert "not_your_turn" == code_of(state, Pick(-1, "G23", "bad"))
    assert "not_in_pool" == code_of(state, "0:pick G11 bad")
    assert "bad_notation" == code_of(state, Pick(0, "X99", "bad"))
    assert "unknown_lot" == code_of(state, "0:pick G23 orchard")
    assert "bad_notation" == code_of(state, Pick(0, "G23", "Mono"))
    assert "lot_refuses" == code_of(state, "0:pick Y31 mono")
    assert "lot_refuses" == code_of(state, "0:pick R45 tree")
    assert code_of(state, "0:pick G23 mono") is None
    end = scripted(2, 0, {})[1]
    assert "game_over" == code_of(end, "0:pick G11 bad")
    assert "game_over" == code_of(end, "1:pick G11 bad")
    with pytest.raises(NotationError) as error:
        DRAFT_CIDER.parse_move("0 pick G23 bad")
    assert "bad_notation" == error.value.code
    # The first code that applies is named, in DC19b's order.
    assert "not_your_turn" == code_of(state, Pick(1, "X99", "orchard"))
    assert "bad_notation" == code_of(state, Pick(0, "X99", "orchard"))
    assert "unknown_lot" == code_of(state, "0:pick G23 nowhere")


def test_DC19b_bad_notation_is_third_after_the_turn_and_before_the_pool() -> None:
    # A card or lot of no card's or lot's shape has no text: parse_move refuses the
    # text, and the door the value a log's JSON may carry, as bad_notation after
    # game_over and not_your_turn, before every rule of the table (the whole move is
    # judged: a card not in the pool does not hide a lot of no lot's shape).
    state = seated({"mono": ["G11"]}, ("G23", "Y31"))
    for card, lot in (("X99", "bad"), ("g23", "bad"), ("G23", "Mono"), ("G23", "tree "),
                      ("G11", "Mono"), ("G61", "orchard"), ("", "bad")):
        assert "bad_notation" == code_of(state, Pick(0, card, lot)), (card, lot)
        with pytest.raises(NotationError):
            DRAFT_CIDER.parse_move(str(Pick(0, card, lot)))
        assert "not_your_turn" == code_of(state, Pick(1, card, lot))
    assert "game_over" == code_of(scripted(2, 0, {})[1], Pick(0, "X99", "Mono"))
    assert "not_in_pool" == code_of(state, Pick(0, "G11", "orchard"))  # both of a shape
    assert message_of(state, Pick(0, "Z99", "orchard")) == (
        "0:pick Z99 orchard: its card 'Z99' is no CARD")


def test_DC19b_refusal_messages_and_fields() -> None:
    state = seated({}, ("G23", "Y31"))
    with pytest.raises(IllegalMoveError) as error:
        DRAFT_CIDER.apply(state, DRAFT_CIDER.parse_move("1:pick G23 bad"))
    assert ("not_your_turn", Pick(1, "G23", "bad"), Phase.PICK) == (
        error.value.code, error.value.move, error.value.phase)
    assert "1:pick G23 bad: it is seat 0's turn, not seat 1's" == str(error.value)
    assert message_of(state, "0:pick R11 bad") == (
        "0:pick R11 bad: 'R11' is not in the pool (G23 Y31)")
    assert message_of(state, "0:pick G23 orchard") == (
        "0:pick G23 orchard: 'orchard' is no lot: the lots are mono, feather, tree, "
        "unlucky, forte, couple, stable, bad")
    end = scripted(2, 0, {})[1]
    assert message_of(end, "0:pick G11 bad") == "0:pick G11 bad: the game is over"


def test_DC19b_is_legal_agrees_with_apply_and_refuses_what_is_no_move() -> None:
    state = seated({"mono": ["G11"]}, ("G23", "Y31"))
    for text in ("0:pick G23 mono", "0:pick Y31 mono", "1:pick G23 bad", "0:pick G11 bad",
                 "0:pick G23 nowhere"):
        move = DRAFT_CIDER.parse_move(text)
        assert DRAFT_CIDER.is_legal(state, move) == (code_of(state, text) is None)
    assert not DRAFT_CIDER.is_legal(state, "0:pick G23 mono")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        DRAFT_CIDER.is_legal("state", Pick(0, "G23", "mono"))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        DRAFT_CIDER.apply("state", Pick(0, "G23", "mono"))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        DRAFT_CIDER.apply(state, "0:pick G23 mono")  # type: ignore[arg-type]
    pick = Pick(0, "G23", "mono")
    assert DRAFT_CIDER.step(state, pick) == DRAFT_CIDER.apply(state, pick)


# --- what each seat may see ------------------------------------------------------------------


def test_DC20_everything_on_the_table_is_public_the_deck_below_is_not() -> None:
    state = play(make(3, 0, DECK[::-1]), "0:pick R55 tree", "1:pick R54 mono")
    views = [DRAFT_CIDER.view(state, seat) for seat in (0, 1, 2, None)]
    for view in views:
        assert (state.pool, state.orchards, state.scores, state.active, 69) == (
            view.pool, view.orchards, view.scores, view.active, view.undealt)
        assert (20, 0, 0, 0) == (view.lot_scores[0][2], view.scores[1] - 1,
                                 view.lot_scores[2][0], view.round - 1)
        text = repr(view)
        assert not any(card in text for card in state.undealt)


def test_D14_nothing_is_held_in_hand() -> None:
    state = play(make(2), "0:pick G13 bad")
    assert DRAFT_CIDER.view(state, 0).orchards == DRAFT_CIDER.view(state, 1).orchards
    view0, view1 = DRAFT_CIDER.view(state, 0), DRAFT_CIDER.view(state, 1)
    assert view0.pool == view1.pool == state.pool
    assert not hasattr(state, "hands")


# --- the worked examples ---------------------------------------------------------------------


E1_PLAN = [("Y44", "tree"), ("G11", "mono"), ("G25", "mono"), ("R32", "feather"),
           ("G32", "feather"), ("R35", "feather"), ("R51", "unlucky"), ("G54", "unlucky"),
           ("R33", "unlucky"), ("R15", "forte"), ("G21", "forte"), ("Y13", "bad")]


@pytest.mark.parametrize(("bad_points", "total"), [(-1, 45), (0, 46), (1, 47)])
def test_E1_a_whole_orchard(bad_points: int, total: int) -> None:
    state = place(E1_PLAN, bad_points)
    assert (3, 6, 20, 9, 8, 0, 0, bad_points) == state.lot_scores(0)
    assert total == state.scores[0] == ref_score(as_dict(state.orchards[0]), bad_points)
    _start, end, _picks = scripted(2, 0, {0: E1_PLAN}, bad_points)
    assert total == end.scores[0]
    assert end.orchards[0] == state.orchards[0]


def test_E2_the_tree_lost() -> None:
    plan = [(card, "stable" if card == "Y13" else lot) for card, lot in E1_PLAN]
    state = place(plan)
    assert (3, 6, 0, 9, 8, 0, 3, 0) == state.lot_scores(0)
    assert 29 == state.scores[0] == ref_score(as_dict(state.orchards[0]))
    _start, end, _picks = scripted(3, 2, {1: plan})
    assert 29 == end.scores[1]
    with_mono = seated({"mono": ["G11"]}, ("G43", "Y12"))
    assert "lot_refuses" == code_of(with_mono, "0:pick G43 tree")
    assert code_of(with_mono, "0:pick G43 bad") is None


def test_E3_single_lots() -> None:
    feather = lot_of("feather", "R32 Y12 G52")
    assert 6 == feather.lot_scores(0)[1]
    assert "lot_refuses" == refused("feather", "R32 Y12 G52", "G33")
    assert 16 == lot_score_of("unlucky", "R31 Y32 G24 R53")
    assert 0 == lot_score_of("unlucky", "R54 Y53 G41")
    assert 144 == lot_score_of("unlucky", "G11 G12 G13 G14 G15 Y11 Y12 Y13 Y14 Y15 R11 R21")
    assert 10 == lot_score_of("forte", "R11 G15 Y23 R22 G34")
    assert "lot_refuses" == refused("forte", "R11 G15 Y23 R22 G34", "Y44")
    assert refused("forte", "R11 G15 Y23 R22 G34", "Y45") is None
    assert 14 == lot_score_of("couple", "Y22 G21 R51 Y55 G33")
    assert "lot_refuses" == refused("couple", "Y22 G21 R51 Y55 G33", "Y21")
    assert refused("couple", "Y22 G21 R51 Y55 G33", "R31") is None
    assert 17 == lot_score_of("stable", "G13 Y24 R44 G45 Y54 R33")
    for card, ok in (("R11", False), ("R12", True), ("R13", True), ("R14", True),
                     ("R15", False)):
        assert ok == (refused("stable", "G13 Y24 R44 G45 Y54 R33", card) is None)
    gold = " ".join(card for card in DECK if card[0] == "Y")
    assert 78 == lot_score_of("mono", " ".join(gold.split()[:12]))
    assert -12 == lot_score_of("bad", " ".join(gold.split()[:12]))


def test_E4_draft_order_and_a_tie() -> None:
    order = pick_order(3, 2)
    assert [2, 0, 1, 2, 0, 1] == order[:6]
    assert [0, 1, 2, 0, 1, 2] == order[6:12]
    assert 1 == order[12]
    start, end, picks = scripted(3, 2, {})
    assert [pick.player for pick in picks] == order
    assert 36 == len(picks)
    seen = {pick.card for pick in picks}
    assert not seen & set(start.deck[36:])
    four = make(4)
    assert (3, 12, 4) == (four.per_round, len(four.pool), four.rounds)
    # Final scores 61, 61, 40: seats 0 and 1 share the win.
    green = [card for card in DECK if card[0] == "G"]
    gold = [card for card in DECK if card[0] == "Y"]
    red = [card for card in DECK if card[0] == "R"]
    plans = {
        0: [(card, "mono") for card in green[:10]] + [("Y11", "forte"), ("R14", "forte")],
        1: [(card, "mono") for card in gold[1:11]] + [("Y51", "forte"), ("R44", "forte")],
        2: [(card, "mono") for card in red[4:11]] + [("G51", "couple"), ("Y52", "couple"),
                                                      ("G41", "stable"), ("G31", "feather"),
                                                      ("G32", "feather")],
    }
    start, end, picks = scripted(3, 2, plans)
    assert (61, 61, 40) == end.scores
    assert all(ref_score(as_dict(orchard)) == score
               for orchard, score in zip(end.orchards, end.scores, strict=True))
    assert Result((0, 1), "most_points") == end.result
