"""Edges of RULES-tsukuru.md that test_tsukuru_rules.py leaves unproved, found by
mutation testing.

``tools/mutation.py tsukuru`` runs mutmut on ``games/tsukuru/rules.py`` with the tests
of this folder; each test here kills mutants that survived them (GAME-DONE.md,
"Proof"), and names the rule it proves.
"""

# ruff: noqa: N802

from __future__ import annotations

import itertools
import random

import attrs
import pytest
from test_tsukuru_rules import arranged, refusal, started

from aves_core.games.tsukuru import listing
from aves_core.games.tsukuru.evaluator import Arrangement, Score, TileSet
from aves_core.games.tsukuru.events import (
    DealDue,
    DiscardDue,
    Discarded,
    Drew,
    Finished,
    FinishOrDiscard,
    GameEnded,
    Got,
    RoundDry,
    TurnStarted,
)
from aves_core.games.tsukuru.game import TSUKURU
from aves_core.games.tsukuru.moves import (
    Deal,
    Discard,
    Draw,
    Finish,
    FinishFrom,
    Get,
    Move,
)
from aves_core.games.tsukuru.phases import Phase
from aves_core.games.tsukuru.state import Shown, TsukuruOptions, TsukuruState
from aves_core.games.tsukuru.tiles import COPIES, INDEX, KINDS, counts_of, full_set
from aves_core.kernel.errors import ArgumentError, IllegalMoveError
from aves_core.kernel.game import Result


def tk6_set(three: tuple[str, str, str]) -> bool:
    """TK6 read afresh: three tiles of one colour (purple wild), a run or a triple, and
    no tile more often than the game has it."""
    if any(three.count(code) > COPIES[INDEX[code]] for code in three):
        return False
    if len({code[0] for code in three} - {"P"}) > 1:
        return False
    low, middle, high = sorted(int(code[1]) for code in three)
    return low == middle == high or (middle == low + 1 and high == middle + 1)


# --- TK8: which gets are legal ---------------------------------------------------------


def test_TK6_TK8_the_gets_offered_are_exactly_the_sets_tk6_allows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """For every tile on top of an opponent's pile and every pair of concealed tiles, a
    get is offered exactly when the three make a set, written once (twice, =R and =B,
    for three purples). The table of gets is built anew, as at import."""
    monkeypatch.setattr(listing, "_GETS", listing._get_table())
    base = started(2, dealer=0)
    for taken in KINDS:
        for first, second in itertools.combinations_with_replacement(KINDS, 2):
            state = arranged(base, {0: f"{first} {second}"}, discards=((), (taken,)))
            offered = {str(move) for move in TSUKURU.legal_moves(state) if type(move) is Get}
            pair = first + second
            three = (taken, first, second)
            if not tk6_set(three):
                assert offered == set(), (taken, pair)
            elif all(code[0] == "P" for code in three):
                assert offered == {f"0:get 1 {pair}=R", f"0:get 1 {pair}=B"}, (taken, pair)
            else:
                assert offered == {f"0:get 1 {pair}"}, (taken, pair)


def test_TK8_a_get_needs_both_tiles_concealed_a_pair_needs_two_copies() -> None:
    state = arranged(started(2, dealer=0), {0: "B4 B5 R1 R3 R5 R7 B7"},
                     discards=((), ("B4",)))
    offered = {str(move) for move in TSUKURU.legal_moves(state) if type(move) is Get}
    assert offered == set()  # B4 B4 B5 is no set, and one B4 is no pair
    assert refusal(state, "0:get 1 B4B4") == "not_held"
    state = arranged(state, {0: "B4 B4 B5 R1 R3 R5 R7"})
    offered = {str(move) for move in TSUKURU.legal_moves(state) if type(move) is Get}
    assert offered == {"0:get 1 B4B4"}


def test_TK8_a_get_names_two_concealed_tiles_not_three() -> None:
    """A get opens a set with exactly two concealed tiles: three named tiles, held and in
    canonical order, are ``not_a_set``. Each check judges the whole move in TK18a's
    order, so three tiles out of order are ``not_canonical`` first."""
    state = arranged(started(3, dealer=0), {0: "B4 B5 B6 R1 R1 R2 R6"},
                     discards=((), ("B3",), ()))
    assert refusal(state, Get(0, 1, "B4B5B6")) == "not_a_set"
    assert refusal(state, Get(0, 1, "B6B5B4")) == "not_canonical"
    assert refusal(state, Get(0, 1, "B4")) == "not_a_set"


def test_TK6_an_all_purple_get_names_red_or_blue_and_nothing_else() -> None:
    state = arranged(started(2, dealer=0), {0: "P6 P7 R1 R1 R2 R3 R4"},
                     discards=((), ("P5",)))
    assert refusal(state, "0:get 1 P6P7=G") == "colour_forbidden"
    blue = TSUKURU.apply(state, TSUKURU.parse_move("0:get 1 P6P7=B"))
    assert blue.open_sets[0][0].colour == "B"
    assert blue.open_sets[0][0].value == 5  # TK7: a blue run is worth its lowest value


# --- TK10: the declared arrangement ------------------------------------------------------


def drawn_state(hand: str, drawn: str, options: TsukuruOptions | None = None,
                players: int = 3) -> TsukuruState:
    state = arranged(started(players, options, dealer=0), {0: hand})
    state = attrs.evolve(state, deck=(drawn, *state.deck[1:]))
    return TSUKURU.apply(state, Draw(0))


def test_TK10_a_loose_tile_is_never_written_except_a_free_purples_colour() -> None:
    drawn = drawn_state("R0 R1 R2 R3 B3 B4 B5", "B6")
    assert refusal(drawn, Finish(0, ("R1R2R3", "B4B5B6", "R0"))) == "not_a_set"
    assert refusal(drawn, Finish(0, ("R1R2R3", "B4B5B6", "R0=B"))) == "colour_forbidden"


def test_TK10_a_two_tile_token_is_no_set() -> None:
    drawn = drawn_state("R0 R1 R2 R3 B3 B4 B5", "B6")
    assert refusal(drawn, Finish(0, ("R1R2", "B4B5B6"))) == "not_a_set"


def test_TK10_a_free_purple_is_red_or_blue() -> None:
    drawn = drawn_state("B5 B5 B5 R2 R2 R2 R5", "P5", TsukuruOptions("advanced"))
    assert refusal(drawn, Finish(0, ("R2R2R2", "B5B5B5", "P5=G"))) == "colour_forbidden"
    assert TSUKURU.is_legal(drawn, Finish(0, ("R2R2R2", "B5B5B5", "P5=R")))


# --- the finishes offered -----------------------------------------------------------------


def test_TK12_two_finishes_are_offered_the_better_scoring_first() -> None:
    """Under advanced scoring a hand with exactly two finishes lists the one that scores
    more first: R1 R2 R2 R2 B3 B4 B5 and a drawn P6 finish R2R2R2 B3B4B5 with P6 named
    blue (four red and four blue tiles: Half Color) before P6 named red."""
    drawn = drawn_state("R1 R2 R2 R2 B3 B4 B5", "P6", TsukuruOptions("advanced"))
    finishing = [str(move) for move in TSUKURU.legal_moves(drawn) if type(move) is Finish]
    assert finishing == ["0:finish R2R2R2 B3B4B5 P6=B", "0:finish R2R2R2 B3B4B5 P6=R"]
    blue = TSUKURU.apply(drawn, TSUKURU.parse_move(finishing[0]))
    red = TSUKURU.apply(drawn, TSUKURU.parse_move(finishing[1]))
    assert blue.scores[0] == red.scores[0] + 1


# --- the doors ------------------------------------------------------------------------------


def test_apply_takes_a_tsukuru_state_and_a_tsukuru_move() -> None:
    state = started(2, dealer=0)
    with pytest.raises(ArgumentError, match="is_legal needs a TsukuruState, not str"):
        TSUKURU.apply("state", Draw(0))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="not a Tsukuru 10 Ten move: str"):
        TSUKURU.apply(state, "0:draw")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        TSUKURU.apply_with_events(state, "0:draw")  # type: ignore[arg-type]


def test_TK4_a_deal_is_drawn_only_while_a_round_awaits_it() -> None:
    state = started(2, dealer=0)
    with pytest.raises(ArgumentError, match=r"^a deal is drawn only while a round awaits it "
                                            r"\(phase deal\)$"):
        TSUKURU.chance_move(state, random.Random(1))
    with pytest.raises(ArgumentError, match="phase deal"):
        TSUKURU.chance_move("state", random.Random(1))  # type: ignore[arg-type]
    waiting = attrs.evolve(state, phase=Phase.DEAL, active=None)
    deal = TSUKURU.chance_move(waiting, random.Random(1))
    tiles = list(full_set())
    random.Random(1).shuffle(tiles)
    assert deal == Deal("".join(tiles))


def test_TK18a_finishfrom_names_an_opponent() -> None:
    state = arranged(started(3, dealer=1), {1: "B5 B5 B5 P5 R2 R2 R2"},
                     discards=(("R5",), ("R5",), ("R5",)))
    assert refusal(state, FinishFrom(1, 1, ("R2R2R2", "B5B5B5"))) == "bad_seat"
    assert refusal(state, FinishFrom(1, 3, ("R2R2R2", "B5B5B5"))) == "bad_seat"
    # A seat is written in ASCII digits: -1 is no seat's text (TK18a: bad_notation first).
    assert refusal(state, FinishFrom(1, -1, ("R2R2R2", "B5B5B5"))) == "bad_notation"
    for source in (0, 2):
        assert TSUKURU.is_legal(state, FinishFrom(1, source, ("R2R2R2", "B5B5B5")))


def test_TK12_under_basic_scoring_finishes_tie_and_keep_their_canonical_order() -> None:
    """Every basic finish scores 1, so the finishes keep the order of their texts, though
    advanced scoring would rank the second higher (its free R7 and purple red triple give
    four red 7s, Single Four, where the first has only Single Three)."""
    basic = drawn_state("R7 R7 R7 B1 B2 B2 B3", "P7")
    finishing = [str(move) for move in TSUKURU.legal_moves(basic) if type(move) is Finish]
    assert finishing == ["0:finish R7R7R7 B1B2B3", "0:finish R7R7P7 B1B2B3"]
    advanced = drawn_state("R7 R7 R7 B1 B2 B2 B3", "P7", TsukuruOptions("advanced"))
    scores = [TSUKURU.apply(advanced, Finish(0, arrangement)).scores[0]
              for arrangement in (("R7R7R7", "B1B2B3", "P7=B"), ("R7R7P7", "B1B2B3"))]
    assert scores[0] < scores[1]
    finishing = [str(move) for move in TSUKURU.legal_moves(advanced) if type(move) is Finish]
    points = [TSUKURU.apply(advanced, TSUKURU.parse_move(text)).scores[0] for text in finishing]
    assert points == sorted(points, reverse=True)


def test_TK4_no_seat_moves_while_a_round_awaits_its_deal_nor_after_the_end() -> None:
    state = started(3, dealer=0)
    waiting = attrs.evolve(state, phase=Phase.DEAL, active=None)
    assert TSUKURU.legal_moves(waiting) == ()
    over = attrs.evolve(state, phase=Phase.GAME_END, active=None,
                        result=Result((0,), "target"))
    assert TSUKURU.legal_moves(over) == ()


# --- what happened: events, the shown finish, the turns counted (TK8-TK11, TK16, TK19) ---


def test_TK8_TK9_a_draw_and_a_discard_say_who_did_what_and_whose_turn_follows() -> None:
    state = started(3, dealer=0)
    top = state.deck[0]
    drawn, events = TSUKURU.apply_with_events(state, Draw(0))
    assert events == (Drew(0, top), FinishOrDiscard(0))
    assert drawn.drawn == top
    after, events = TSUKURU.apply_with_events(drawn, Discard(0, top))
    assert events == (Discarded(0, top), TurnStarted(1))
    assert after.discards[0] == (top,)
    assert after.drawn is None
    assert after.turns == (1, 0, 0)  # TK13 Heaven: seat 0's first turn is over


def test_TK8_E1_a_get_says_which_set_it_opened_and_that_a_discard_is_due() -> None:
    state = arranged(started(3, dealer=1), {1: "B4 B5 R1 R1 R2 R6 R7"},
                     discards=((), (), ("R7", "B3")))
    _, events = TSUKURU.apply_with_events(state, TSUKURU.parse_move("1:get 2 B4B5"))
    assert events == (Got(1, 2, "B3", "B3B4B5", "B"), DiscardDue(1))
    state = arranged(started(2, dealer=0), {0: "P6 P7 R1 R1 R2 R3 R4"},
                     discards=((), ("P5",)))
    _, events = TSUKURU.apply_with_events(state, TSUKURU.parse_move("0:get 1 P6P7=B"))
    assert events == (Got(0, 1, "P5", "P5P6P7=B", "B"), DiscardDue(0))


def test_TK10_TK19_a_finishfrom_shows_the_tiles_the_open_sets_and_whose_discard() -> None:
    """Seat 1 with the open set B3B4B5 (3) and R1 R1 R1 B2 takes seat 0's B5: R1R1R1 0 +
    B2 + B5 + 3 = 10. Its tiles, open sets, arrangement, score and the seat it took
    from are public (TK19); the next round's deal is due."""
    state = arranged(started(3, dealer=0), {1: "R1 R1 R1 B2"}, active=1,
                     open_sets=((), (TileSet(("B3", "B4", "B5"), "B"),), ()),
                     discards=(("R6", "B5"), (), ()), turns=(1, 0, 0), scores=(2, 1, 0))
    after, events = TSUKURU.apply_with_events(state, FinishFrom(1, 0, ("R1R1R1",)))
    assert events == (
        Finished(1, 0, "B5", ("R1", "R1", "R1", "B2", "B5"), ("B3B4B5",), ("R1R1R1",), 1,
                 (("finish", 1),), (2, 2, 0)),
        DealDue(2))
    tiles = counts_of(["R1", "R1", "R1", "B2", "B5"])
    assert after.shown == Shown(1, tiles, (TileSet(("B3", "B4", "B5"), "B"),),
                                Arrangement((TileSet(("R1", "R1", "R1"), "R"),)),
                                Score(1, (("finish", 1),)), 1, 0)
    assert after.ended == "finish"
    assert after.discards[0] == ("R6",)
    assert after.concealed[1] == tiles
    assert (after.phase, after.active, after.scores) == (Phase.DEAL, None, (2, 2, 0))


def test_TK10_a_finish_after_a_draw_takes_no_discard() -> None:
    drawn = drawn_state("R0 R1 R2 R3 B3 B4 B5", "B6")
    after, events = TSUKURU.apply_with_events(drawn, TSUKURU.parse_move("0:finish R1R2R3 B4B5B6"))
    hand = ("R0", "R1", "R2", "R3", "B3", "B4", "B5", "B6")
    assert events == (Finished(0, None, None, hand, (), ("R1R2R3", "B4B5B6"), 1,
                               (("finish", 1),), (1, 0, 0)), DealDue(2))
    assert after.shown is not None
    assert after.shown.source is None
    assert after.shown.open_sets == ()
    assert after.drawn is None
    assert after.ended == "finish"


def test_TK11_TK19_a_dry_round_says_so_and_ends_the_shown_finish() -> None:
    """A finish stays shown until the end of the next round: a dry round's end clears
    it, and nobody scores."""
    state = started(2, dealer=0)
    shown = Shown(1, counts_of(["R1"]), (), Arrangement(), Score(1, (("finish", 1),)), 1)
    state = attrs.evolve(state, deck=state.deck[-1:], round=2, shown=shown, ended=None)
    drawn = TSUKURU.apply(state, Draw(0))
    assert drawn.shown == shown  # still shown during the round
    tile = drawn.drawn
    assert tile is not None
    after, events = TSUKURU.apply_with_events(drawn, Discard(0, tile))
    assert events == (Discarded(0, tile), RoundDry(2), DealDue(3))
    assert after.shown is None
    assert after.drawn is None
    assert after.ended == "dry"
    assert after.turns == (1, 0)
    assert after.scores == (0, 0)


def test_TK16_TK17_the_game_end_says_the_result_ranks_and_scores() -> None:
    state = arranged(started(2, dealer=0), {0: "R0 R1 R2 R3 B3 B4 B5"}, scores=(3, 2))
    state = attrs.evolve(state, deck=("B6", *state.deck[1:]))
    drawn = TSUKURU.apply(state, Draw(0))
    after, events = TSUKURU.apply_with_events(drawn, TSUKURU.parse_move("0:finish R1R2R3 B4B5B6"))
    assert events[-1] == GameEnded(Result((0,), "target"), (1, 2), (4, 2))
    assert after.result == Result((0,), "target")


# --- refusals: the code, the message, the move and the phase (TK18a) ----------------------


def test_TK18a_every_refusal_says_why_in_words() -> None:
    """Each refusal's message starts with the move and says what the rule wants; the
    error carries the move and the phase it came in."""
    turn = arranged(started(3, dealer=0), {0: "B4 B5 R1 R1 R2 R6 R7"},
                    discards=((), ("B3",), ()))
    waiting = attrs.evolve(turn, phase=Phase.DEAL, active=None)
    over = attrs.evolve(turn, phase=Phase.GAME_END, active=None, result=Result((0,), "target"))
    got = TSUKURU.apply(turn, TSUKURU.parse_move("0:get 1 B4B5"))
    drawn = drawn_state("R0 R1 R2 R3 B3 B4 B5", "B6")
    purples = arranged(started(2, dealer=0), {0: "P6 P7 R1 R1 R2 R3 R4"},
                       discards=((), ("P5",)))
    basic = drawn_state("B5 B5 B5 R2 R2 R2 R5", "P5")
    advanced = drawn_state("B5 B5 B5 R2 R2 R2 R5", "P5", TsukuruOptions("advanced"))
    table = (
        (over, "1:draw", "game_over", "the game is over"),
        (turn, Deal("".join(full_set())), "wrong_phase", "a deal comes only between rounds"),
        (waiting, Deal("".join(full_set()[1:])), "bad_deal", "a deal is the 61 tiles"),
        (turn, "1:draw", "not_your_turn", "it is seat 0's turn, not seat 1's"),
        (waiting, "0:draw", "not_your_turn", "it is nobody's turn, not seat 0's"),
        (drawn, "0:draw", "wrong_phase", "after a draw, finish or discard"),
        (got, "0:finish", "wrong_phase",
         "after opening a set, discard (no finish follows a get [D4])"),
        (got, "0:draw", "wrong_phase",
         "after opening a set, discard (no finish follows a get [D4])"),
        (turn, "0:finish", "wrong_phase",
         "finish comes after a draw; to finish with a discard, use finishfrom"),
        (turn, "0:discard B4", "wrong_phase", "draw, get or finishfrom first"),
        (drawn, Discard(0, "X9"), "unknown_tile", "'X9' is no tile"),
        (drawn, "0:discard P8", "not_held", "seat 0 holds no concealed P8"),
        (turn, "0:get 3 B4B5", "bad_seat", "seat 3 is no opponent of seat 0"),
        (turn, "0:get 2 B4B5", "empty_pile", "seat 2 has discarded nothing this round"),
        (turn, Get(0, 1, "B4-B5"), "bad_notation", "its tiles 'B4-B5' is no TILES"),
        (turn, Get(0, 1, "B4B9"), "unknown_tile", "B9 is no tile: R0-R7, B1-B7 or P5-P8"),
        (turn, Get(0, 1, "R1B4B5"), "not_a_set", "a get names two concealed tiles, not 3"),
        (turn, Get(0, 1, "B5B4"), "not_canonical", "write the tiles in canonical order: B4B5"),
        (turn, Get(0, 1, "B5B6"), "not_held", "the concealed tiles hold no B5 and B6"),
        (turn, Get(0, 1, "R1R2"), "not_a_set",
         "B3 with R1 and R2 is no set (three of one colour, a run or a triple)"),
        (turn, Get(0, 1, "B4B5=B"), "colour_forbidden",
         "B3B4B5 takes its colour from its tiles: write no =colour"),
        (purples, Get(0, 1, "P6P7"), "colour_required",
         "P5P6P7 is three purples: name its colour (P5P6P7=R or P5P6P7=B)"),
        (purples, Get(0, 1, "P6P7=G"), "colour_forbidden", "a colour is R or B, not G"),
        (drawn, Finish(0, ("B4B5B6", "R1R2R3")), "not_canonical",
         "write the sets in canonical order, then the free purples: R1R2R3 B4B5B6"),
        (drawn, Finish(0, ("R1R2R3", "R1R2R3")), "not_held",
         "seat 0's concealed tiles hold 1 R1, not 2"),
        (drawn, Finish(0, ("R1R2", "B4B5B6")), "not_a_set",
         "R1R2 is no set (three tiles of one colour, a run or a triple)"),
        (drawn, Finish(0, ("R1R2R3=R", "B4B5B6")), "colour_forbidden",
         "R1R2R3 takes its colour from its tiles: write no =colour"),
        (drawn, Finish(0, ("R1R2R3", "B4B5B6", "R0")), "not_a_set",
         "R0 alone is no set: tiles in no set are not written"),
        (advanced, Finish(0, ("R2R2R2", "B5B5B5")), "colour_required",
         "under advanced scoring name the colour of the free P5 (P5=R or P5=B)"),
        (drawn, Finish(0, ("R1R2R3", "B4B5B6", "R0=R")), "colour_forbidden",
         "R0=R: only a free purple takes a colour"),
        (basic, Finish(0, ("R2R2R2", "B5B5B5", "P5=B")), "colour_forbidden",
         "P5=B: free purples take a colour under advanced scoring only"),
        (advanced, Finish(0, ("R2R2R2", "B5B5B5", "P5=G")), "colour_forbidden",
         "P5=G: a colour is R or B"),
        (drawn, Finish(0, ("R0R1R2",)), "not_ten",  # 2, and R3 B3 B4 B5 B6 loose
         "the arrangement totals 23, not 10"),
    )
    for state, written, code, why in table:
        move = TSUKURU.parse_move(written) if isinstance(written, str) else written
        with pytest.raises(IllegalMoveError) as caught:
            TSUKURU.apply(state, move)
        assert caught.value.code == code, (str(move), why)
        assert str(caught.value) == f"{move}: {why}"
        assert caught.value.move == move
        assert caught.value.phase is state.phase


def test_TK6_a_finish_with_three_purples_names_their_colour_which_sets_their_value() -> None:
    """P5P6P7 named blue is worth 5 (TK7): with R0 R1 R1 B1 B2 (5) the total is 10;
    named red it is worth 7 and the total 12."""
    drawn = drawn_state("P5 P6 R0 R1 R1 B1 B2", "P7")
    assert "0:finish P5P6P7=B" in [str(move) for move in TSUKURU.legal_moves(drawn)]
    after = TSUKURU.apply(drawn, TSUKURU.parse_move("0:finish P5P6P7=B"))
    assert after.scores == (1, 0, 0)
    assert refusal(drawn, "0:finish P5P6P7=R") == "not_ten"
    assert refusal(drawn, "0:finish P5P6P7") == "colour_required"


def test_TK18a_loose_tiles_written_in_canonical_order_before_their_colour_is_judged() -> None:
    """Free purples come after the sets in canonical order (R0 before P5); a loose R0
    written with a colour is ``colour_forbidden`` once the order is right."""
    drawn = drawn_state("R0 R1 R2 R3 B3 B4 P5", "B5")
    assert refusal(drawn, Finish(0, ("R0=B", "P5=B"))) == "colour_forbidden"
    assert refusal(drawn, Finish(0, ("P5=B", "R0=B"))) == "not_canonical"
    assert refusal(drawn, Finish(0, ("R1R2R3", "P5=B", "R0=B"))) == "not_canonical"


def test_TK10_a_finishs_arrangement_is_a_tuple_of_tokens() -> None:
    """A finish declares a tuple of tokens: a list given to the move is read as the tuple
    it names; anything else is refused when the move is built."""
    drawn = drawn_state("R0 R1 R2 R3 B3 B4 B5", "B6")
    listed = Finish(0, ["R1R2R3", "B4B5B6"])  # type: ignore[arg-type]
    assert listed == Finish(0, ("R1R2R3", "B4B5B6"))
    assert TSUKURU.is_legal(drawn, listed)
    for arrangement in ("R1R2R3 B4B5B6", ("R1R2R3", 7)):
        with pytest.raises(ArgumentError):
            Finish(0, arrangement)  # type: ignore[arg-type]


def test_step_applies_a_legal_move_as_apply_does() -> None:
    """``step`` (unchecked, for playouts) gives the state ``apply`` gives, for every
    legal move of a game's first turns and a deal."""
    state = started(3, TsukuruOptions("advanced"), seed=4)
    rng = random.Random(4)
    for _ in range(60):
        if state.phase is Phase.DEAL:
            move: Move = TSUKURU.chance_move(state, rng)
        else:
            moves = TSUKURU.legal_moves(state)
            for each in moves:
                assert TSUKURU.step(state, each) == TSUKURU.apply(state, each)
            move = rng.choice(moves)
        assert TSUKURU.step(state, move) == TSUKURU.apply(state, move)
        state = TSUKURU.step(state, move)
    waiting = attrs.evolve(state, phase=Phase.DEAL, active=None)
    deal = TSUKURU.chance_move(waiting, rng)
    assert TSUKURU.step(waiting, deal) == TSUKURU.apply(waiting, deal)
