"""Cubirds: one named test for every rule (CB1-CB19) and decision (D1-D13) of
RULES-cubirds.md, and the worked examples E1-E5, on states built by hand.

Setup (CB4, CB5, D1, D2, CB19), chance (CB15) and views (CB18) have their own files;
the tests named after those rules here check what the other files do not.
"""

# The tests are named after the rules they prove (test_CB7_..., test_D3_...), in capitals
# as RULES-cubirds.md writes them.
# ruff: noqa: N802

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from cubirds_helpers import (
    code_of,
    collection,
    hand,
    make,
    notations,
    parse_move,
    play,
    play_with_events,
)

from aves_core import NotationError, SetupError
from aves_core.games.cubirds.cards import (
    BIG,
    COUNTS,
    EMPTY,
    NAMES,
    SMALL,
    SPECIES,
    TOTAL,
    counts_of,
    full_deck,
    text_of,
)
from aves_core.games.cubirds.events import (
    CardsDealt,
    CardsDrawn,
    DrawDeclined,
    DrawOffered,
    FlockDeclined,
    FlockDue,
    Flown,
    GameEnded,
    Laid,
    RoundEnded,
    RowRefilled,
    TurnStarted,
)
from aves_core.games.cubirds.game import CUBIRDS
from aves_core.games.cubirds.moves import Fly, Lay, Reshuffle
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.rules import legal_moves, winning_reason
from aves_core.games.cubirds.setup import new_setup, start
from aves_core.games.cubirds.state import CubirdsOptions, ranks_of
from aves_core.kernel.bots import RandomBot
from aves_core.kernel.game import Result
from aves_core.kernel.sim import play_game

# --- players and cards -----------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 6])
def test_CB1_two_to_five_players(count: int) -> None:
    with pytest.raises(SetupError) as error:
        new_setup(count, CubirdsOptions(), 1)
    assert "bad_players" == error.value.code
    assert [2, 3, 4, 5] == [n for n in range(1, 7) if CUBIRDS.facts.min_players <= n
                            <= CUBIRDS.facts.max_players]
    for n in (2, 3, 4, 5):
        assert n == start(n, new_setup(n, CubirdsOptions(), 1)).num_players


def test_CB1_play_goes_clockwise_and_wraps_to_seat_0() -> None:
    state = make(("PW", "OO", "PPW"), active=2, deck="RRWM")
    state = play(state, "2:lay P 0 left", "2:nodraw", "2:nofly")
    assert (Phase.LAY, 0) == (state.phase, state.active)
    state = play(state, "0:lay W 0 right", "0:nodraw", "0:nofly")
    assert 1 == state.active


def test_CB2_eight_species_110_cards_and_their_flock_numbers() -> None:
    assert "FOTDPMWR" == SPECIES
    assert ("flamingo", "owl", "toucan", "duck", "parrot", "magpie", "reed warbler",
            "robin") == NAMES
    assert (2, 3, 3, 4, 4, 5, 6, 6) == SMALL
    assert (3, 4, 4, 6, 6, 7, 9, 9) == BIG
    assert (7, 10, 10, 13, 13, 17, 20, 20) == COUNTS
    assert 110 == TOTAL == sum(COUNTS) == len(full_deck())
    # Cards are shown in canonical order, whatever the order they came in.
    assert "FODPPR" == text_of(counts_of("RPDPOF"))
    assert full_deck() == "".join(sorted(full_deck(), key=SPECIES.index))


def test_CB3_every_card_is_in_exactly_one_zone_always() -> None:
    from cubirds_helpers import random_game

    for seed, (count, row_cards) in enumerate([(2, 3), (3, 4), (4, 3), (5, 4)]):
        for _before, _move, after, _events in random_game(count, seed, row_cards=row_cards):
            zones = counts_of("".join(after.rows) + after.deck)
            per_species = [sum(column) for column in zip(
                zones, after.discard, *after.hands, *after.collections, strict=True)]
            assert list(COUNTS) == per_species
            assert 110 == after.card_count()


# --- a turn --------------------------------------------------------------------------


def test_CB6_lay_puts_every_card_of_the_species_at_one_end() -> None:
    state = make(("PPPR", "OO"), deck="MM")
    assert ["0:lay P 0 left", "0:lay P 0 right", "0:lay P 1 left", "0:lay P 1 right",
            "0:lay P 2 left", "0:lay P 2 right", "0:lay P 3 left", "0:lay P 3 right",
            "0:lay R 0 left", "0:lay R 0 right", "0:lay R 1 left", "0:lay R 1 right",
            "0:lay R 2 left", "0:lay R 2 right", "0:lay R 3 left",
            "0:lay R 3 right"] == notations(legal_moves(state))
    after = play(state, "0:lay P 0 right")
    assert ("FOTPPP", "R") == (after.rows[0], hand(after, 0))
    after = play(state, "0:lay P 0 left")
    assert ("PPPFOT", "R") == (after.rows[0], hand(after, 0))


def test_CB6_lay_is_the_only_move_of_phase_lay() -> None:
    state = make(("PR", "OO"), deck="MM")
    assert {"lay"} == {type(move).__name__.lower() for move in legal_moves(state)}
    for text in ("0:draw", "0:nodraw", "0:nofly", "0:fly P"):
        assert "wrong_phase" == code_of(state, text)


def test_E1_enclosure() -> None:
    state = make(("PPRRD", "OO"), rows=("FOT", "OFPM", "WRF", "OTD"), deck="MMW")
    after, events = play_with_events(state, "0:lay P 1 left")
    assert "PPPM" == after.rows[1]
    assert "FODRR" == hand(after, 0)
    assert (Laid(0, "P", 2, 1, "left", "OF"), FlockDue(0)) == events
    assert after.deck == state.deck  # 2 species: no refill
    assert Phase.FLOCK == after.phase  # no draw option
    assert ["0:nofly"] == notations(legal_moves(after))
    assert 1 == play(after, "0:nofly").active


def test_CB7_cards_between_at_the_right_end_are_taken() -> None:
    state = make(("DP", "OO"), rows=("FOT", "MPOF", "WRF", "OTD"), deck="MM")
    after = play(state, "0:lay P 1 right")
    assert ("MPP", "FOD") == (after.rows[1], hand(after, 0))


@pytest.mark.parametrize(("row", "side"), [("OTD", "right"), ("DOT", "left"), ("FOT", "left"),
                                          ("FOT", "right")])
def test_CB7_nothing_is_taken_when_adjacent_or_alone(row: str, side: str) -> None:
    state = make(("DP", "OO"), rows=(row, "MPOF", "WRF", "OTP"), deck="MM")
    after, events = play_with_events(state, f"0:lay D 0 {side}")
    laid = events[0]
    assert isinstance(laid, Laid)
    assert "" == laid.taken
    assert "P" == hand(after, 0)
    assert (row + "D" if side == "right" else "D" + row) == after.rows[0]


def test_D3_only_the_cards_up_to_the_nearest_same_species_card_are_taken() -> None:
    state = make(("P", "OO"), rows=("OPFPM", "DPM", "WRF", "OTD"), deck="MM")
    after = play(state, "0:lay P 0 left")
    assert ("PPFPM", "O") == (after.rows[0], hand(after, 0))
    state = make(("P", "OO"), rows=("OPFPM", "DPM", "WRF", "OTD"), deck="MM")
    after = play(state, "0:lay P 0 right")
    assert ("OPFPP", "M") == (after.rows[0], hand(after, 0))


def test_E2_refill_at_the_laid_end_until_two_species() -> None:
    state = make(("OO", "R"), rows=("TDR", "DPM", "WRF", "OTD"), deck="RWMO", active=1)
    after, events = play_with_events(state, "1:lay R 0 left")
    assert "WRRR" == after.rows[0]
    assert "MO" == after.deck  # down 2
    assert "TD" == hand(after, 1)  # canonical order
    assert (Laid(1, "R", 1, 0, "left", "TD"), RowRefilled(0, "left", "RW"),
            FlockDue(1)) == events


def test_CB8_refill_at_the_right_end_each_card_outside_the_previous() -> None:
    state = make(("R", "OO"), rows=("RTD", "DPM", "WRF", "OTD"), deck="RRWO")
    after = play(state, "0:lay R 0 right")
    assert ("RRRRW", "O") == (after.rows[0], after.deck)


def test_D4_refill_needs_no_choice_of_side() -> None:
    # Both lays of the same cards into the same row refill at the end they were laid at.
    left = play(make(("R", "OO"), rows=("TDR", "DPM", "WRF", "OTD"), deck="WO"),
                "0:lay R 0 left")
    right = play(make(("R", "OO"), rows=("RTD", "DPM", "WRF", "OTD"), deck="WO"),
                 "0:lay R 0 right")
    assert ("WRR", "RRW") == (left.rows[0], right.rows[0])
    assert ("O", "O") == (left.deck, right.deck)


def test_E3_no_take_then_draw_option_and_draw() -> None:
    state = make(("DPP", "OO", "DD"), rows=("FOT", "DPM", "OTD", "WRF"), deck="PWRM",
                 active=2)
    after, events = play_with_events(state, "2:lay D 2 right")
    assert "OTDDD" == after.rows[2]
    assert (Laid(2, "D", 2, 2, "right", ""), DrawOffered(2)) == events
    assert (Phase.DRAW_OPTION, ["2:draw", "2:nodraw"]) == (after.phase,
                                                           notations(legal_moves(after)))
    drawn, events = play_with_events(after, "2:draw")
    assert ("PW", "RM") == (hand(drawn, 2), drawn.deck)
    assert (CardsDrawn(2, 2, "PW"), FlockDue(2)) == events
    assert Phase.FLOCK == drawn.phase


def test_CB9_no_draw_option_after_a_take() -> None:
    after = play(make(("PPRRD", "OO"), rows=("FOT", "OFPM", "WRF", "OTD"), deck="MMW"),
                 "0:lay P 1 left")
    assert Phase.FLOCK == after.phase
    assert "wrong_phase" == code_of(after, "0:draw")


def test_CB9_nodraw_keeps_the_hand() -> None:
    state = play(make(("DDP", "OO"), rows=("OTD", "DPM", "WRF", "FOT"), deck="PW"),
                 "0:lay D 0 right")
    after, events = play_with_events(state, "0:nodraw")
    assert ("P", "PW", Phase.FLOCK) == (hand(after, 0), after.deck, after.phase)
    assert (DrawDeclined(0), FlockDue(0)) == events


@pytest.mark.parametrize(("deck", "discard", "offered"),
                         [("P", "", False), ("", "W", False), ("", "", False),
                          ("PW", "", True), ("P", "W", True), ("", "WR", True)])
def test_D5_the_draw_option_needs_two_cards_in_deck_and_discard(deck: str, discard: str,
                                                                 offered: bool) -> None:
    state = make(("DP", "OO"), rows=("OTD", "DPM", "WRF", "FOT"), deck=deck, discard=discard)
    after = play(state, "0:lay D 0 right")
    assert offered == (after.phase is Phase.DRAW_OPTION)
    if not offered:
        assert Phase.FLOCK == after.phase
        assert "wrong_phase" == code_of(after, "0:draw")


def test_E4_a_big_flock_keeps_two_and_wins_with_two_triples() -> None:
    state = make(("OOOOW", "PP"), collections=("RRROO", "F"), phase=Phase.FLOCK, deck="MM")
    assert ["0:fly O", "0:nofly"] == notations(legal_moves(state))
    after, events = play_with_events(state, "0:fly O")
    assert ("OOOORRR", "W") == (collection(after, 0), hand(after, 0))
    assert 2 == after.discard[SPECIES.index("O")] - state.discard[SPECIES.index("O")]
    assert Result((0,), "two_triples") == after.result
    assert Flown(0, "O", 2, 2) == events[0]
    assert GameEnded(Result((0,), "two_triples"), (1, 2)) == events[-1]


def test_E4_a_small_flock_keeps_one_and_too_few_is_illegal() -> None:
    state = make(("RRRRRRF", "PP"), phase=Phase.FLOCK, deck="MM")
    assert ["0:fly R", "0:nofly"] == notations(legal_moves(state))
    after = play(state, "0:fly R")
    assert ("R", "F") == (collection(after, 0), hand(after, 0))
    assert 5 == after.discard[SPECIES.index("R")] - state.discard[SPECIES.index("R")]
    assert "flock_too_small" == code_of(state, "0:fly F")


def test_CB10_at_most_one_flock_a_turn() -> None:
    state = make(("FFOOOW", "PP"), phase=Phase.FLOCK, deck="MM")
    assert ["0:fly F", "0:fly O", "0:nofly"] == notations(legal_moves(state))
    after = play(state, "0:fly F")
    assert (Phase.LAY, 1) == (after.phase, after.active)
    assert "not_your_turn" == code_of(after, "0:fly O")


def test_D6_a_flock_takes_every_card_and_two_at_the_big_number() -> None:
    # 8 robins: at least small (6), under big (9): one kept, seven discarded, none held back.
    after = play(make(("RRRRRRRRP", "PP"), phase=Phase.FLOCK, deck="MM"), "0:fly R")
    assert ("R", "P") == (collection(after, 0), hand(after, 0))
    # 9 robins: two kept, seven discarded.
    after = play(make(("RRRRRRRRRP", "PP"), phase=Phase.FLOCK, deck="MM"), "0:fly R")
    assert ("RR", "P") == (collection(after, 0), hand(after, 0))
    # 3 flamingos (big 3): two kept, one discarded.
    after = play(make(("FFFP", "PP"), phase=Phase.FLOCK, deck="MM"), "0:fly F")
    assert ("FF", 1) == (collection(after, 0),
                         after.discard[0] - make(("FFFP", "PP"), deck="MM").discard[0])


def test_D7_flock_is_entered_even_when_no_flock_is_possible() -> None:
    state = make(("DPW", "OO"), rows=("OTD", "DPM", "WRF", "FOT"), deck="", discard="")
    after = play(state, "0:lay D 0 right")
    assert Phase.FLOCK == after.phase
    assert ["0:nofly"] == notations(legal_moves(after))
    after, events = play_with_events(after, "0:nofly")
    assert (FlockDeclined(0), TurnStarted(1)) == events


def test_CB11_end_of_turn_goes_to_the_next_seat_when_nobody_wins_and_hands_hold_cards() -> None:
    after, events = play_with_events(make(("OOOW", "PP"), phase=Phase.FLOCK, deck="MM"),
                                     "0:fly O")
    assert (None, Phase.LAY, 1) == (after.result, after.phase, after.active)
    assert TurnStarted(1) == events[-1]


# --- round and game end ----------------------------------------------------------------


def test_CB12_seven_species_win() -> None:
    state = make(("WWWWWWP", "PP"), collections=("FOTDPM", "R"), phase=Phase.FLOCK,
                 deck="MM")
    after = play(state, "0:fly W")
    assert Result((0,), "seven_species") == after.result
    assert (Phase.GAME_END, (), ()) == (after.phase, CUBIRDS.to_move(after),
                                        legal_moves(after))


def test_CB12_what_wins() -> None:
    assert winning_reason(counts_of("FOTDPMW")) == "seven_species"
    assert winning_reason(counts_of("FFFRRR")) == "two_triples"
    assert winning_reason(counts_of("FOTDPMRR")) == "seven_species"
    assert winning_reason(counts_of("FOTDPM")) is None
    assert winning_reason(counts_of("FFFRRO")) is None
    # Both at once: the seven species are named.
    assert winning_reason(counts_of("FFFOOOTDPMW")) == "seven_species"
    assert winning_reason(counts_of("FFFOOOTDPM")) == "two_triples"


def test_D8_only_the_active_seat_can_win_and_the_win_comes_before_the_round_end() -> None:
    # Seat 0 empties its hand by a winning flock: the game ends, no round end, no deal.
    state = make(("OOOO", "PP"), collections=("RRRO", "F"), phase=Phase.FLOCK,
                 deck="MMMM")
    after, events = play_with_events(state, "0:fly O")
    assert Result((0,), "two_triples") == after.result
    assert not any(isinstance(event, RoundEnded | CardsDealt) for event in events)
    # Seat 1's collection would win, but only the active seat's changed: play goes on.
    state = make(("OOOW", "PP"), collections=("F", "RRROOO"), phase=Phase.FLOCK, deck="MM")
    assert None is play(state, "0:fly O").result


def test_E5_round_end_other_hands_discarded_new_deal_and_the_seat_plays_first() -> None:
    deck = "FFOOTTDD" + "PPMMWWRR" + "MMMMWWWW" + "RRRR"
    state = make(("FOT", "DPMW", "WW"), rows=("FOT", "DPM", "WRF", "OTD"), deck=deck,
                 active=2, dealer=0)
    state = play(state, "2:lay W 3 right", "2:nodraw")
    assert "OTDWW" == state.rows[3]
    discard_before = state.discard
    after, events = play_with_events(state, "2:nofly")
    assert (FlockDeclined(2), RoundEnded(2, counts_of("FOTDPMW")),
            CardsDealt(0, 8, "FFOOTTDD"), CardsDealt(1, 8, "PPMMWWRR"),
            CardsDealt(2, 8, "MMMMWWWW"), TurnStarted(2)) == events
    assert ("FFOOTTDD", "PPMMWWRR", "MMMMWWWW") == tuple(hand(after, seat) for seat in range(3))
    assert "RRRR" == after.deck
    assert counts_of(text_of(discard_before) + "FOTDPMW") == after.discard
    assert (2, 2, Phase.LAY) == (after.dealer, after.active, after.phase)
    assert state.rows == after.rows
    assert state.collections == after.collections


def test_CB13_the_seat_that_ends_the_round_plays_two_turns_in_a_row() -> None:
    deck = "FFOOTTDD" + "PPMMWWRR"
    state = make(("PP", "W"), rows=("FOT", "DPM", "WRF", "OTD"), deck=deck, active=1,
                 dealer=0)
    state = play(state, "1:lay W 3 right", "1:nodraw", "1:nofly")  # seat 1's last cards
    assert (1, 1, Phase.LAY) == (state.dealer, state.active, state.phase)  # seat 1 again
    assert 8 == sum(state.hands[1]) == sum(state.hands[0])


def test_D9_the_empty_hand_is_checked_at_the_end_of_the_turn() -> None:
    state = make(("DD", "OO"), rows=("OTD", "DPM", "WRF", "FOT"), deck="PWRM")
    after = play(state, "0:lay D 0 right")
    assert (Phase.DRAW_OPTION, "") == (after.phase, hand(after, 0))  # the round goes on
    after = play(after, "0:draw", "0:nofly")
    assert (1, "PW") == (after.active, hand(after, 0))  # no round end: the hand is not empty


def test_D10_round_end_hands_are_discarded_face_up() -> None:
    deck = "M" * 8 + "W" * 8
    state = make(("DD", "PPMR"), rows=("OTD", "DPM", "WRF", "FOT"), deck=deck)
    state = play(state, "0:lay D 0 right", "0:nodraw")
    after, events = play_with_events(state, "0:nofly")
    ended = next(event for event in events if isinstance(event, RoundEnded))
    # Public: a spectator's copy says which cards went to the pile.
    assert ended in CUBIRDS.events_for(events, None)
    assert counts_of("PPMR") == ended.discarded
    view = CUBIRDS.view(after, None)
    assert counts_of(text_of(state.discard) + "PPMR") == view.discard


def test_CB14_a_new_deal_that_cannot_be_made_ends_the_game() -> None:
    state = make(("DD", "PPP"), rows=("OTD", "DPM", "WRF", "FOT"), deck="FO", discard="",
                 collections=("RR", "OO"))
    state = play(state, "0:lay D 0 right", "0:nodraw")
    after, events = play_with_events(state, "0:nofly")
    assert Result((0, 1), "deck_exhausted") == after.result  # 5 cards for 16: no deal
    assert (RoundEnded(0, counts_of("PPP")), GameEnded(Result((0, 1), "deck_exhausted"),
                                                       (1, 1))) == events[1:]
    assert (Phase.GAME_END, None, (1, 1)) == (after.phase, after.active, after.ranks)


def test_CB13_a_new_deal_needs_8N_cards_in_deck_and_discard_together() -> None:
    # 16 cards for 2 seats, exactly: the deal is made (the discard pile reshuffled into it).
    state = make(("DD", "PPP"), rows=("OTD", "DPM", "WRF", "FOT"), deck="FOTTTDDWWM",
                 discard="WWR")
    state = play(state, "0:lay D 0 right", "0:nodraw")
    after = play(state, "0:nofly")
    assert (None, Phase.RESHUFFLE) == (after.result, after.phase)
    after = CUBIRDS.apply(after, parse_move("*:reshuffle PPPWWR"))
    assert ((8, 8), "", (0, Phase.LAY)) == (tuple(sum(each) for each in after.hands), after.deck,
                                             (after.active, after.phase))
    # One card fewer: no deal, the game ends.
    state = make(("DD", "PPP"), rows=("OTD", "DPM", "WRF", "FOT"), deck="FOTTTDDWWM",
                 discard="WR", collections=("R", "OO"))
    state = play(state, "0:lay D 0 right", "0:nodraw", "0:nofly")
    assert Result((1,), "deck_exhausted") == state.result


def test_D11_a_refill_that_finds_no_card_ends_the_game_mid_turn() -> None:
    state = make(("R", "PP"), rows=("TDR", "DPM", "WRF", "OTD"), deck="", discard="",
                 collections=("O", "FF"))
    after, events = play_with_events(state, "0:lay R 0 left")
    assert Result((1,), "deck_exhausted") == after.result
    assert ("RR", "TD") == (after.rows[0], hand(after, 0))  # one species; taken cards kept
    assert (Laid(0, "R", 1, 0, "left", "TD"),
            GameEnded(Result((1,), "deck_exhausted"), (2, 1))) == events  # no flock step
    assert Phase.GAME_END == after.phase


def test_D12_equal_largest_collections_share_the_win() -> None:
    state = make(("DDW", "P", "W"), rows=("OTD", "DPM", "WRF", "FOT"), deck="FO",
                 discard="", collections=("RRO", "FFT", "M"))
    state = play(state, "0:lay D 0 right", "0:nodraw", "0:nofly")
    # Seat 1's hand empties: 2 cards in the deck, 2 discarded, too few for a deal of 24.
    state = play(state, "1:lay P 2 right", "1:nodraw", "1:nofly")
    assert Result((0, 1), "deck_exhausted") == state.result
    assert (1, 1, 3) == state.ranks


def test_CB16_ranks_after_a_win_and_after_exhaustion() -> None:
    three = (EMPTY, EMPTY, EMPTY)
    assert (2, 1, 2) == ranks_of(Result((1,), "two_triples"), three)
    sizes = (counts_of("RRR"), counts_of("O"), counts_of("FFF"))
    assert (1, 3, 1) == ranks_of(Result((0, 2), "deck_exhausted"), sizes)
    four = (counts_of("RRRR"), counts_of("OO"), counts_of("FF"), counts_of("T"))
    assert (1, 2, 2, 4) == ranks_of(Result((0,), "deck_exhausted"), four)
    assert ranks_of(None, four) is None
    state = make(("OOOOW", "PP", "T"), collections=("RRROO", "F", "DD"), phase=Phase.FLOCK,
                 deck="MM")
    after = play(state, "0:fly O")
    report = CUBIRDS.replay_report(after, 1)
    assert ([1, 2, 2], [7, 1, 2]) == (report["ranks"], report["collection_sizes"])
    assert ("gameEnd", None, [0]) == (report["phase"], report["active_player"],
                                      report["winners"])


def test_CB17_no_cap_in_the_rules_a_simulation_stops_unfinished_at_its_move_limit() -> None:
    state = make(("OOOW", "PP"), phase=Phase.FLOCK, deck="MM")
    assert not hasattr(state, "moves")  # the state counts no moves: nothing can run out
    record, log = play_game(CUBIRDS, [RandomBot(), RandomBot()], ["a", "b"],
                            CubirdsOptions(), 3, max_moves=12)
    assert ("move_limit", (), 12, None) == (record.reason, record.winners, record.moves,
                                            log.result)


# --- refusals, in the order of CB17a -------------------------------------------------------


def test_CB17a_bad_notation() -> None:
    for text in ("0:lay P 2", "0:lay P two left", "0:fly", "lay P 2 left", "0:pass",
                 "*:reshuffle", "0:reshuffle WR", "0:draw 2", ""):
        with pytest.raises(NotationError) as error:
            parse_move(text)
        assert "bad_notation" == error.value.code


def test_CB17a_one_text_per_move() -> None:
    # A move has one text: single ASCII spaces, no leading zero, species letters in
    # capitals and sides in lower case as the RULES write them. The old reader took
    # these (and the door then refused the letters and the row as unknown_species,
    # bad_side, bad_row); they are no move's text.
    for text in ("0:lay p 0 left", "0:lay P 3 Left", "0:lay P -1 left", "00:draw",
                 " 0:draw", "0:draw ", "0 : draw", "0:lay  P 2 left", "0:lay\tP 2 left",
                 "0:lay P 02 left", "\u0660:draw", "0:fly m", "0:fly MM", "*:reshuffle wr",
                 "0:LAY P 2 LEFT"):
        with pytest.raises(NotationError) as error:
            parse_move(text)
        assert "bad_notation" == error.value.code, text
    for text in ("0:lay X 9 up", "12:nofly", "*:reshuffle XX"):  # the rules refuse these
        assert text == CUBIRDS.move_text(parse_move(text))


def test_CB17a_bad_notation_comes_first() -> None:
    # A move built from data (a log's JSON) with a field no text has is bad_notation,
    # before the game's end, the turn, the phase or any rule of the move.
    over = play(make(("OOOOW", "PP"), collections=("RRROO", "F"), phase=Phase.FLOCK,
                     deck="MM"), "0:fly O")
    lay = make(("PR", "OO"), deck="MM")
    for state, move in ((over, Lay(0, "p", 0, "left")), (lay, Lay(1, "P", -1, "left")),
                        (lay, Fly(1, "PP")), (lay, Lay(0, "P", 0, "Left")),
                        (lay, Reshuffle("")), (lay, Lay(-1, "P", 0, "left"))):
        error = CUBIRDS.refusal(state, move)
        assert error is not None
        assert "bad_notation" == error.code, move
        assert str(error).startswith(CUBIRDS.move_text(move))
    data = {"type": "lay", "player": 0, "species": "P", "row": -1, "side": "left"}
    assert "bad_notation" == CUBIRDS.refusal(lay, CUBIRDS.move_from_json(data)).code  # type: ignore[union-attr]


def test_CB17a_codes_in_their_order() -> None:
    over = play(make(("OOOOW", "PP"), collections=("RRROO", "F"), phase=Phase.FLOCK,
                     deck="MM"), "0:fly O")
    assert "game_over" == code_of(over, "1:lay X 9 up")
    lay = make(("PR", "OO"), deck="MM")
    assert "not_your_turn" == code_of(lay, "1:fly X")  # and the wrong phase
    assert "not_your_turn" == code_of(lay, "7:lay P 0 left")
    assert "wrong_phase" == code_of(lay, "0:fly X")  # and no such species
    assert "wrong_phase" == code_of(lay, "0:draw")
    assert "unknown_species" == code_of(lay, "0:lay X 9 up")  # and a bad row and side
    assert "unknown_species" == code_of(lay, "0:lay Z 0 left")
    assert "bad_row" == code_of(lay, "0:lay O 4 up")  # and a bad side, not in hand
    assert "bad_row" == code_of(lay, "0:lay P 9 left")
    assert "bad_side" == code_of(lay, "0:lay O 3 up")  # and not in hand
    assert "bad_side" == code_of(lay, "0:lay P 3 middle")
    assert "not_in_hand" == code_of(lay, "0:lay O 3 left")
    flock = make(("FOOR", "OO"), phase=Phase.FLOCK, deck="MM")
    assert "unknown_species" == code_of(flock, "0:fly Z")
    assert "not_in_hand" == code_of(flock, "0:fly W")
    assert "flock_too_small" == code_of(flock, "0:fly O")
    assert "flock_too_small" == code_of(flock, "0:fly F")


def test_CB17a_draw_when_the_option_is_not_offered_is_wrong_phase() -> None:
    after = play(make(("DP", "OO"), rows=("OTD", "DPM", "WRF", "FOT"), deck="P", discard=""),
                 "0:lay D 0 right")
    assert "wrong_phase" == code_of(after, "0:draw")
    assert "wrong_phase" == code_of(after, "0:nodraw")


def test_CB17a_the_order_of_the_setup_codes() -> None:
    from aves_core.games.cubirds.state import CubirdsSetup

    good = new_setup(3, CubirdsOptions(), 5)
    bad_rows = ("FOT", "DPM", "WRF")
    cases = [
        (6, CubirdsSetup(5, bad_rows, "", 9), "bad_players"),
        (3, CubirdsSetup(5, bad_rows, "", 9), "bad_options"),
        (3, CubirdsSetup(3, bad_rows, "", 9), "bad_dealer"),
        (3, CubirdsSetup(3, bad_rows, "", 2), "bad_deal"),
        (3, good, None),
    ]
    for count, setup, code in cases:
        if code is None:
            start(count, setup)
            continue
        with pytest.raises(SetupError) as error:
            start(count, setup)
        assert code == error.value.code


def test_a_refused_move_leaves_the_state_untouched_and_names_the_move() -> None:
    state = make(("PR", "OO"), deck="MM")
    from aves_core import IllegalMoveError

    with pytest.raises(IllegalMoveError) as error:
        CUBIRDS.apply(state, Lay(0, "W", 0, "left"))
    assert ("not_in_hand", Lay(0, "W", 0, "left"), Phase.LAY) == (
        error.value.code, error.value.move, error.value.phase)
    assert "0:lay W 0 left: seat 0 holds no W" == str(error.value)


# --- options and two players ---------------------------------------------------------------


def test_CB19_row_cards_is_3_or_4() -> None:
    assert 3 == CubirdsOptions().row_cards == CUBIRDS.default_options().row_cards
    assert 4 == CubirdsOptions(4).row_cards
    for value in (2, 5, 0):
        with pytest.raises(SetupError) as error:
            CubirdsOptions(value)
        assert ("bad_options", "row_cards") == (error.value.code, error.value.path)
    setup = new_setup(4, CubirdsOptions(4), 8)
    assert [4, 4, 4, 4] == [len(set(row)) for row in setup.rows]
    assert CubirdsOptions(4) == CUBIRDS.options_of(setup)


def test_D13_two_players_play_the_same_rules() -> None:
    # The round end of E5 with two seats: seat 0's hand goes, both take 8, seat 1 leads.
    deck = "FFOOTTDD" + "PPMMWWRR"
    state = make(("FOT", "WW"), rows=("FOT", "DPM", "WRF", "OTD"), deck=deck, active=1)
    state = play(state, "1:lay W 3 right", "1:nodraw", "1:nofly")
    assert ("FFOOTTDD", "PPMMWWRR", 1, 1) == (hand(state, 0), hand(state, 1), state.dealer,
                                               state.active)
    assert 80 == len(start(2, new_setup(2, CubirdsOptions(), 2)).deck)


def test_random_games_reach_every_end() -> None:
    from cubirds_helpers import random_game

    reasons = set()
    for seed in range(40):
        steps = random_game(2 + seed % 4, seed, row_cards=3 + seed % 2)
        result = steps[-1][2].result
        assert result is not None
        reasons.add(result.reason)
    assert {"seven_species", "two_triples", "deck_exhausted"} == reasons
    assert random.Random(0).random() == random.Random(0).random()


# --- values and arguments ---------------------------------------------------------------


def test_legal_moves_are_shared_values() -> None:
    # Moves are built once: equal hands give the very same tuple of moves, so a
    # playout builds no move. From a cold cache, they are built right.
    from aves_core.games.cubirds import rules

    rules._LAY_CACHE.clear()
    rules._FLY_CACHE.clear()
    assert ["1:lay O 0 left", "1:lay O 0 right", "1:lay O 1 left", "1:lay O 1 right",
            "1:lay O 2 left", "1:lay O 2 right", "1:lay O 3 left", "1:lay O 3 right",
            "1:lay R 0 left", "1:lay R 0 right", "1:lay R 1 left", "1:lay R 1 right",
            "1:lay R 2 left", "1:lay R 2 right", "1:lay R 3 left",
            "1:lay R 3 right"] == notations(legal_moves(make(("P", "ORR"), active=1)))
    assert ["1:fly O", "1:fly R", "1:nofly"] == notations(legal_moves(
        make(("P", "OOORRRRRRW"), active=1, phase=Phase.FLOCK)))
    one = make(("PPRD", "OO"), deck="MM")
    other = make(("PRDD", "OO"), deck="WW")
    assert legal_moves(one) is legal_moves(other)
    flock = make(("FFOOOW", "PP"), phase=Phase.FLOCK, deck="MM")
    again = make(("FFOOOR", "PP"), phase=Phase.FLOCK, deck="WW")
    assert legal_moves(flock) is legal_moves(again)
    assert legal_moves(flock) is not legal_moves(make(("FFOOW", "PP"), phase=Phase.FLOCK))
    assert legal_moves(play(one, "0:lay D 0 right")) is legal_moves(
        play(other, "0:lay D 0 right"))  # draw, nodraw


def test_functions_refuse_what_is_no_state_naming_what_they_got() -> None:
    from aves_core.games.cubirds.rules import chance_move
    from aves_core.kernel.errors import ArgumentError

    calls: list[tuple[Callable[[Any], object], str]] = [
        (legal_moves, "legal_moves"),
        (lambda value: CUBIRDS.is_legal(value, Lay(0, "P", 0, "left")), "is_legal"),
        (lambda value: CUBIRDS.apply(value, Lay(0, "P", 0, "left")), "is_legal"),
        (lambda value: chance_move(value, random.Random(1)), "chance_move")]
    for call, name in calls:
        with pytest.raises(ArgumentError, match=f"^{name} needs a CubirdsState, not str$"):
            call("state")
    state = make(("PR", "OO"), deck="MM")
    with pytest.raises(ArgumentError, match=r"^no reshuffle is due \(phase lay\)$"):
        chance_move(state, random.Random(1))
    with pytest.raises(ArgumentError, match="not a Cubirds move: str"):
        CUBIRDS.apply(state, "0:lay P 0 left")  # type: ignore[arg-type]
    assert not CUBIRDS.is_legal(state, "0:lay P 0 left")
    assert CUBIRDS.step(state, Lay(0, "P", 0, "left")) == CUBIRDS.apply(
        state, Lay(0, "P", 0, "left"))


def test_every_refusal_says_what_to_do() -> None:
    over = play(make(("OOOOW", "PP", "T"), collections=("RRROO", "F", "T"), phase=Phase.FLOCK,
                     deck="MM"), "0:fly O")
    shared = play(make(("DDW", "P", "W"), rows=("OTD", "DPM", "WRF", "FOT"), deck="FO",
                       discard="", collections=("RRO", "FFT", "M")),
                  "0:lay D 0 right", "0:nodraw", "0:nofly", "1:lay P 2 right", "1:nodraw",
                  "1:nofly")
    lay = make(("PR", "OO"), deck="MM")
    flock = make(("FOOR", "OO"), phase=Phase.FLOCK, deck="MM")
    option = play(make(("DDP", "OO"), rows=("OTD", "DPM", "WRF", "FOT"), deck="PW"),
                  "0:lay D 0 right")
    no_option = play(make(("DP", "OO"), rows=("OTD", "DPM", "WRF", "FOT"), deck="P",
                          discard=""), "0:lay D 0 right")
    drawing = play(make(("DDW", "OO"), rows=("OTD", "DPM", "WRF", "FOT"), deck="P",
                        discard="WRR"), "0:lay D 0 right", "0:draw")
    refill = play(make(("R", "OO"), rows=("TDR", "DPM", "WRF", "OTD"), deck="", discard="RW"),
                  "0:lay R 0 left")
    from aves_core import IllegalMoveError

    expected = [
        (over, "1:lay X 9 up", "the game is over (two_triples, won by seat 0)"),
        (shared, "0:nofly", "the game is over (deck_exhausted, won by seat 0 and seat 1)"),
        (lay, "1:fly X", "it is seat 0's turn, not seat 1's"),
        (lay, "0:fly X", "seat 0 must lay now (phase lay)"),
        (flock, "0:lay P 0 left", "seat 0 must fly a flock home or not (fly, nofly) now "
                                  "(phase flock)"),
        (option, "0:nofly", "seat 0 must draw or not (draw, nodraw) now (phase drawOption)"),
        (no_option, "0:draw", "the draw option is not offered: cards were taken, or fewer "
                              "than 2 cards are left to draw (CB9)"),
        (lay, "0:lay X 9 up", "'X' is not a species: one of F O T D P M W R"),
        (lay, "0:lay O 4 up", "the rows are 0 to 3, not 4"),
        (lay, "0:lay O 3 up", "a side is left or right, not 'up'"),
        (lay, "0:lay O 3 left", "seat 0 holds no O"),
        (flock, "0:fly O", "2 O are fewer than the small flock of 3"),
        (drawing, "0:nofly", "nobody is to move: the deck is empty and the discard pile is "
                             "to be reshuffled for the draw of 1 more card"),
        (refill, "1:lay O 0 left", "nobody is to move: the deck is empty and the discard pile "
                                   "is to be reshuffled for the refill of row 0 at the left"),
        (drawing, "*:reshuffle WR", "the new deck must be the discard pile's cards (WRR) in "
                                    "some order"),
        (lay, "*:reshuffle WR", "no reshuffle is due: seat 0 is to lay"),
        (option, "*:reshuffle WR", "no reshuffle is due: seat 0 is to draw or not (draw, "
                                   "nodraw)"),
    ]
    for state, text, message in expected:
        with pytest.raises(IllegalMoveError) as error:
            CUBIRDS.apply(state, parse_move(text))
        assert f"{text}: {message}" == str(error.value)
        assert (parse_move(text), state.phase) == (error.value.move, error.value.phase)
