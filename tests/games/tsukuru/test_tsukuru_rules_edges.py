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

from aves_core.games.tsukuru import rules
from aves_core.games.tsukuru.moves import Deal, Draw, Finish, FinishFrom, Get, parse_move
from aves_core.games.tsukuru.phases import Phase
from aves_core.games.tsukuru.state import TsukuruOptions, TsukuruState
from aves_core.games.tsukuru.tiles import COPIES, INDEX, KINDS, full_set
from aves_core.kernel.errors import ArgumentError


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
    monkeypatch.setattr(rules, "_GETS", rules._get_table())
    base = started(2, dealer=0)
    for taken in KINDS:
        for first, second in itertools.combinations_with_replacement(KINDS, 2):
            state = arranged(base, {0: f"{first} {second}"}, discards=((), (taken,)))
            offered = {str(move) for move in rules.legal_moves(state) if type(move) is Get}
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
    offered = {str(move) for move in rules.legal_moves(state) if type(move) is Get}
    assert offered == set()  # B4 B4 B5 is no set, and one B4 is no pair
    assert refusal(state, "0:get 1 B4B4") == "not_held"
    state = arranged(state, {0: "B4 B4 B5 R1 R3 R5 R7"})
    offered = {str(move) for move in rules.legal_moves(state) if type(move) is Get}
    assert offered == {"0:get 1 B4B4"}


def test_TK8_a_get_names_two_concealed_tiles_not_three() -> None:
    """A get opens a set with exactly two concealed tiles: three named tiles are
    ``not_a_set`` before their order or whether they are held is looked at (TK18a)."""
    state = arranged(started(3, dealer=0), {0: "B4 B5 R1 R1 R2 R6 R7"},
                     discards=((), ("B3",), ()))
    assert refusal(state, Get(0, 1, "B4B5B6")) == "not_a_set"
    assert refusal(state, Get(0, 1, "B6B5B4")) == "not_a_set"
    assert refusal(state, Get(0, 1, "B4")) == "not_a_set"


def test_TK6_an_all_purple_get_names_red_or_blue_and_nothing_else() -> None:
    state = arranged(started(2, dealer=0), {0: "P6 P7 R1 R1 R2 R3 R4"},
                     discards=((), ("P5",)))
    assert refusal(state, "0:get 1 P6P7=G") == "colour_forbidden"
    blue = rules.apply_move(state, parse_move("0:get 1 P6P7=B"))
    assert blue.open_sets[0][0].colour == "B"
    assert blue.open_sets[0][0].value == 5  # TK7: a blue run is worth its lowest value


# --- TK10: the declared arrangement ------------------------------------------------------


def drawn_state(hand: str, drawn: str, options: TsukuruOptions | None = None,
                players: int = 3) -> TsukuruState:
    state = arranged(started(players, options, dealer=0), {0: hand})
    state = attrs.evolve(state, deck=(drawn, *state.deck[1:]))
    return rules.apply_move(state, Draw(0))


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
    assert rules.is_legal(drawn, Finish(0, ("R2R2R2", "B5B5B5", "P5=R")))


# --- the finishes offered -----------------------------------------------------------------


def test_TK12_two_finishes_are_offered_the_better_scoring_first() -> None:
    """Under advanced scoring a hand with exactly two finishes lists the one that scores
    more first: R1 R2 R2 R2 B3 B4 B5 and a drawn P6 finish R2R2R2 B3B4B5 with P6 named
    blue (four red and four blue tiles: Half Color) before P6 named red."""
    drawn = drawn_state("R1 R2 R2 R2 B3 B4 B5", "P6", TsukuruOptions("advanced"))
    finishing = [str(move) for move in rules.legal_moves(drawn) if type(move) is Finish]
    assert finishing == ["0:finish R2R2R2 B3B4B5 P6=B", "0:finish R2R2R2 B3B4B5 P6=R"]
    blue = rules.apply_move(drawn, parse_move(finishing[0]))
    red = rules.apply_move(drawn, parse_move(finishing[1]))
    assert blue.scores[0] == red.scores[0] + 1


# --- the doors ------------------------------------------------------------------------------


def test_apply_move_takes_a_tsukuru_state_and_a_tsukuru_move() -> None:
    state = started(2, dealer=0)
    with pytest.raises(ArgumentError, match="state must be a TsukuruState, not str"):
        rules.apply_move("state", Draw(0))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="not a Tsukuru move: str"):
        rules.apply_move(state, "0:draw")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        rules.apply_move_with_events(state, "0:draw")  # type: ignore[arg-type]


def test_TK4_a_deal_is_drawn_only_while_a_round_awaits_it() -> None:
    state = started(2, dealer=0)
    with pytest.raises(ArgumentError, match="phase deal"):
        rules.chance_move(state, random.Random(1))
    with pytest.raises(ArgumentError, match="phase deal"):
        rules.chance_move("state", random.Random(1))  # type: ignore[arg-type]
    waiting = attrs.evolve(state, phase=Phase.DEAL, active=None)
    deal = rules.chance_move(waiting, random.Random(1))
    tiles = list(full_set())
    random.Random(1).shuffle(tiles)
    assert deal == Deal("".join(tiles))


def test_TK18a_finishfrom_names_an_opponent() -> None:
    state = arranged(started(3, dealer=1), {1: "B5 B5 B5 P5 R2 R2 R2"},
                     discards=(("R5",), ("R5",), ("R5",)))
    assert refusal(state, FinishFrom(1, 1, ("R2R2R2", "B5B5B5"))) == "bad_seat"
    assert refusal(state, FinishFrom(1, 3, ("R2R2R2", "B5B5B5"))) == "bad_seat"
    assert refusal(state, FinishFrom(1, -1, ("R2R2R2", "B5B5B5"))) == "bad_seat"
    for source in (0, 2):
        assert rules.is_legal(state, FinishFrom(1, source, ("R2R2R2", "B5B5B5")))
