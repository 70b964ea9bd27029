"""Hypothesis properties of the engine over random games of 2 to 6 players, with and without
crows. The oracles they compare against (strategies.py) re-state RULES.md independently."""

from __future__ import annotations

import contextlib
import copy
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import (
    ALL_CARDS,
    ERROR_CODES,
    MATCH_BIASES,
    MOVE_TYPE_NAMES,
    Playout,
    arbitrary_moves,
    canonical_key,
    check_canonical,
    check_conservation,
    check_phase,
    check_result,
    check_sizes,
    codes,
    expected_error,
    expected_legal_moves,
    games,
    holds_seven_colors,
    is_crow,
    moves_for,
    play,
    player_counts,
    playouts,
    reference_apply,
    seeds,
    snapshot,
    start,
    variants,
)

from aves_core import (
    Card,
    GameState,
    IllegalMoveError,
    Move,
    Pass,
    Phase,
    Return,
    Trade,
    Variant,
    apply_move,
    game_cards,
    legal_moves,
    new_game,
    parse_move,
    random_setup,
)
from aves_core.games.aves.rules import is_legal, unchecked_step

# --- invariants of every state ---------------------------------------------------


@given(playouts())
def test_cards_are_conserved(playout: Playout) -> None:
    expected = Counter(game_cards(playout.num_players, playout.variant.crows))
    for state in playout.states:
        assert expected == Counter(
            [card for hand in state.hands for card in hand] + [*state.circle, *state.deck]
        )
        check_conservation(state)  # the same, from RULES.md rather than game_cards


@given(playouts())
def test_hand_sizes_circle_and_deck(playout: Playout) -> None:
    for state in playout.states:
        check_sizes(state)


@given(playouts())
def test_hands_are_in_canonical_order(playout: Playout) -> None:
    for state in playout.states:
        check_canonical(state)


@given(playouts())
def test_no_state_rests_in_circle_refill(playout: Playout) -> None:
    for state in playout.states:
        assert Phase.CIRCLE_REFILL is not state.phase
        check_phase(state)


# --- legal moves -----------------------------------------------------------------


@given(playouts())
def test_legal_moves_match_the_rules_in_documented_order(playout: Playout) -> None:
    for state in playout.states:
        assert expected_legal_moves(state) == legal_moves(state)


@given(playouts())
def test_legal_moves_have_no_duplicates_and_are_sorted(playout: Playout) -> None:
    for state in playout.states:
        moves = legal_moves(state)
        assert len(moves) == len(set(moves))
        cards_and_gaps = [
            (canonical_key(m.card), m.gap) for m in moves if isinstance(m, Trade | Return)
        ]
        assert sorted(cards_and_gaps) == cards_and_gaps
        if any(isinstance(m, Pass) for m in moves):
            assert (Pass(state.active_player or 0),) == moves


@given(playouts())
def test_every_legal_move_is_the_active_players(playout: Playout) -> None:
    for state in playout.states:
        assert {state.active_player} >= {move.player for move in legal_moves(state)}


@given(games(), st.data())
def test_apply_succeeds_exactly_for_legal_moves(state: GameState, data: st.DataObject) -> None:
    legal = legal_moves(state)
    for move in data.draw(st.lists(moves_for(state), min_size=1, max_size=12), label="moves"):
        try:
            apply_move(state, move)
        except IllegalMoveError:
            assert move not in legal
        else:
            assert move in legal


@given(games(), st.data())
def test_is_legal_agrees_with_legal_moves(state: GameState, data: st.DataObject) -> None:
    legal = legal_moves(state)
    for move in data.draw(st.lists(moves_for(state), min_size=1, max_size=12), label="moves"):
        assert (move in legal) == is_legal(state, move)


@given(games(), st.data())
def test_illegal_moves_raise_the_rules_code(state: GameState, data: st.DataObject) -> None:
    for move in data.draw(st.lists(moves_for(state), min_size=1, max_size=12), label="moves"):
        expected = expected_error(state, move)
        assert (expected is None) == (move in expected_legal_moves(state))  # the oracles agree
        if expected is None:
            apply_move(state, move)
            continue
        with pytest.raises(IllegalMoveError) as raised:
            apply_move(state, move)
        assert expected == raised.value.code
        assert move == raised.value.move
        assert state.phase is raised.value.phase
        assert isinstance(raised.value, ValueError)


@given(games())
def test_every_move_near_the_state_gets_the_rules_verdict(state: GameState) -> None:
    """Exhaustively: every card code, every gap from -1 to the circle's size, both card move
    types, for the active seat and its neighbour, and every seat's pass."""
    k = len(state.circle)
    active = state.active_player if state.active_player is not None else 0
    moves: list[Move] = [Pass(seat) for seat in range(-1, state.num_players + 1)]
    for seat in (active, (active + 1) % state.num_players):
        for card in ALL_CARDS:
            for gap in range(-1, k + 1):
                moves += [Trade(seat, card, gap), Return(seat, card, gap)]
    legal = set(legal_moves(state))
    for move in moves:
        expected = expected_error(state, move)
        assert (expected is None) == (move in legal), move
        if expected is None:
            continue
        with pytest.raises(IllegalMoveError) as raised:
            apply_move(state, move)
        assert (move, expected) == (move, raised.value.code)


@given(games(), arbitrary_moves())
def test_arbitrary_moves_raise_the_rules_code(state: GameState, move: Move) -> None:
    expected = expected_error(state, move)
    if expected is None:
        assert move in legal_moves(state)
        return
    with pytest.raises(IllegalMoveError) as raised:
        apply_move(state, move)
    assert expected == raised.value.code


def test_every_error_code_is_exercised() -> None:
    """The move strategies reach every rule check (else the two tests above prove little)."""
    seen: Counter[str] = Counter()
    for seed in range(16):
        for crows in (False, True):
            playout = play(2 + seed % 5, Variant(crows=crows), seed, crow_start=seed % 2 == 0,
                           policy_seed=seed, match_bias=MATCH_BIASES[seed % 4], max_moves=200)
            for state in playout.states:
                for move in _probes(state):
                    expected = expected_error(state, move)
                    seen[expected or f"legal {MOVE_TYPE_NAMES[type(move)]}"] += 1
                    if expected is None:
                        apply_move(state, move)
                        continue
                    with pytest.raises(IllegalMoveError) as raised:
                        apply_move(state, move)
                    assert expected == raised.value.code, f"{move} in {snapshot(state)}"
    assert {*ERROR_CODES, "legal trade", "legal return", "legal pass"} == set(seen)


def _probes(state: GameState) -> list[Move]:
    """A fixed handful of near-legal moves for ``state``: every type, the cards of the active
    seat and the next (and R6 and a crow), gaps at and just past both ends."""
    k = len(state.circle)
    moves: list[Move] = []
    active = state.active_player or 0
    for seat in (active, (active + 1) % state.num_players):
        hand = state.hands[seat]
        moves.append(Pass(seat))
        for card in (*hand, ALL_CARDS[5], ALL_CARDS[-1]):
            for gap in (-1, 0, k - 1, k):
                moves += [Trade(seat, card, gap), Return(seat, card, gap)]
    return moves


# --- applying moves --------------------------------------------------------------------


@given(playouts())
def test_apply_matches_the_reference_rules(playout: Playout) -> None:
    for before, move, after in playout.steps():
        assert reference_apply(before, move) == after


@given(playouts())
def test_unchecked_step_agrees_with_apply_move(playout: Playout) -> None:
    for before, move, after in playout.steps():
        assert after == unchecked_step(before, move)


@given(playouts(max_moves=400))
def test_ended_games_have_the_rules_result(playout: Playout) -> None:
    for before, move, after in playout.steps():
        if after.result is None:
            # The game goes on only if neither end condition holds.
            assert after.deck != () or after.phase is Phase.FORCED_RETURN
            if after.phase is Phase.PLAYER_TURN:
                assert not holds_seven_colors(after.hands[move.player])
        else:
            check_result(before, move, after)


def test_both_game_ends_occur_and_follow_the_rules() -> None:
    """Seeded games reach both reasons (else the property above could be vacuous)."""
    reasons: Counter[str] = Counter()
    for seed in range(60):
        playout = play(2 + seed % 5, Variant(crows=seed % 2 == 1), seed, policy_seed=seed,
                       match_bias=0.9, max_moves=400)
        before, move, after = playout.steps()[-1]
        assert after.result is not None, playout
        check_result(before, move, after)
        reasons[after.result.reason] += 1
    assert {"seven_colors", "deck_empty"} == set(reasons)


@given(games(), st.data())
def test_inputs_are_never_mutated(state: GameState, data: st.DataObject) -> None:
    before = copy.deepcopy(state)
    before_snapshot = snapshot(state)
    before_hash = hash(state)
    legal = legal_moves(state)
    legal_copy = copy.deepcopy(legal)
    for move in data.draw(st.lists(moves_for(state), min_size=1, max_size=8), label="moves"):
        move_copy = copy.deepcopy(move)
        with contextlib.suppress(IllegalMoveError):
            apply_move(state, move)
        assert move_copy == move
        assert before == state
        assert hash(before) == hash(state) == before_hash
        assert before_snapshot == snapshot(state)
        assert legal_copy == legal
        assert legal == legal_moves(state)


# --- determinism -------------------------------------------------------------------


@given(player_counts(), variants(), seeds())
def test_new_game_is_determined_by_its_seed(num_players: int, variant: Variant, seed: int) -> None:
    first = new_game(num_players, variant, seed=seed)
    second = new_game(num_players, variant, seed=seed)
    assert first == second
    assert snapshot(first) == snapshot(second)
    deal, first_player = random_setup(num_players, variant, seed)
    assert first_player == first.active_player
    assert codes(deal[3 * num_players : 3 * num_players + 7]) == codes(first.circle)


@given(playouts())
def test_replaying_the_moves_gives_the_same_states(playout: Playout) -> None:
    state = start(playout.num_players, playout.variant, playout.seed, playout.crow_start)
    assert playout.states[0] == state
    for move, expected in zip(playout.moves, playout.states[1:], strict=True):
        state = apply_move(state, move)
        assert expected == state
        assert snapshot(expected) == snapshot(state)


# --- notation --------------------------------------------------------------------


@given(playouts())
def test_legal_moves_round_trip_through_notation(playout: Playout) -> None:
    for state in playout.states:
        for move in legal_moves(state):
            assert move == parse_move(str(move))


_WRITABLE_SEATS = st.integers(min_value=0, max_value=99)
_WRITABLE_GAPS = st.integers(min_value=0, max_value=999)


@given(
    st.one_of(
        st.builds(Trade, _WRITABLE_SEATS, st.sampled_from(ALL_CARDS), _WRITABLE_GAPS),
        st.builds(Return, _WRITABLE_SEATS, st.sampled_from(ALL_CARDS), _WRITABLE_GAPS),
        st.builds(Pass, _WRITABLE_SEATS),
    )
)
def test_any_writable_move_round_trips_through_notation(move: Move) -> None:
    assert move == parse_move(str(move))


@given(arbitrary_moves())
def test_every_move_round_trips_through_notation(move: Move) -> None:
    """Any seat and gap, negative or huge, as an illegal move or a log may carry."""
    assert move == parse_move(str(move))


@pytest.mark.parametrize(
    "move",
    [
        Trade(-1, Card.parse("R3"), 2),
        Return(0, Card.parse("G1"), -1),
        Pass(100),
        Trade(0, Card.parse("R3"), 1000),
    ],
    ids=str,
)
def test_out_of_range_moves_round_trip_through_notation(move: Move) -> None:
    assert move == parse_move(str(move))


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_round_trips_through_its_code(card: Card) -> None:
    assert card == Card.parse(str(card))
    assert is_crow(card) == card.is_crow


def test_all_43_codes_exist() -> None:
    assert 43 == len({str(card) for card in ALL_CARDS})
    assert set(ALL_CARDS) == set(game_cards(6, True))


# --- a pinned deal ---------------------------------------------------------------

SEED_7_DEAL = [
    "C0", "Y2", "B4", "Y3", "C0", "O2", "O4", "I3", "R1", "G3", "Y1", "G4", "I4", "V1", "I2", "G2",
    "V2", "V4", "O3", "B1", "V3", "B3", "Y4", "R4", "B2", "R3", "R2", "C0", "G1", "O1", "C0", "I1",
]


def test_new_game_seed_7_is_pinned() -> None:
    """A change of shuffling changes every seeded game; this literal catches it."""
    state = new_game(3, Variant(crows=True), seed=7)
    assert [["Y2", "B4", "C0"], ["O2", "Y3", "C0"], ["R1", "O4", "I3"]] == [
        codes(hand) for hand in state.hands
    ]
    assert ["G3", "Y1", "G4", "I4", "V1", "I2", "G2"] == codes(state.circle)
    assert [
        "V2", "V4", "O3", "B1", "V3", "B3", "Y4", "R4",
        "B2", "R3", "R2", "C0", "G1", "O1", "C0", "I1",
    ] == codes(state.deck)
    assert 0 == state.active_player
    deal, first_player = random_setup(3, Variant(crows=True), 7)
    assert (SEED_7_DEAL, 0) == (codes(deal), first_player)
