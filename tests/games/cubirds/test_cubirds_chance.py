"""Cubirds' chance during play (CB15): a reshuffle mid-draw, mid-refill and mid-deal, each
resuming what needed the cards; the chance node (nobody to move, no legal move, no
result); the chance move drawn from the game's generator and its text and JSON; the
refusals of a reshuffle; exhaustion after a reshuffle; the reshuffle's chance plan.
"""

# The tests are named after the rules they prove (test_CB15_...), as RULES-cubirds.md
# writes them.
# ruff: noqa: N802

from __future__ import annotations

import json
import random

import pytest
from cubirds_helpers import (
    code_of,
    hand,
    make,
    parse_move,
    play,
    play_with_events,
    random_game,
)

from aves_core.games.cubirds.cards import EMPTY, SPECIES, counts_of, text_of
from aves_core.games.cubirds.events import (
    CardsDealt,
    CardsDrawn,
    Event,
    FlockDue,
    GameEnded,
    Laid,
    Reshuffled,
    ReshuffleDue,
    RoundEnded,
    RowRefilled,
    TurnStarted,
)
from aves_core.games.cubirds.game import CUBIRDS
from aves_core.games.cubirds.moves import Lay, Reshuffle
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.rules import chance_move, legal_moves
from aves_core.games.cubirds.state import CubirdsState, Pending
from aves_core.kernel.chance import settle, settle_with_events
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Chance, Result


def reshuffle(state: CubirdsState, deck: str) -> tuple[CubirdsState, tuple[Event, ...]]:
    return CUBIRDS.apply_with_events(state, Reshuffle(deck))


def assert_chance_node(state: CubirdsState, pending: Pending) -> None:
    assert (Phase.RESHUFFLE, pending, "") == (state.phase, state.pending, state.deck)
    assert CUBIRDS.awaits_chance(state)
    assert () == CUBIRDS.to_move(state)
    assert () == legal_moves(state)
    assert CUBIRDS.result(state) is None
    for seat in range(state.num_players):
        assert () == CUBIRDS.view(state, seat).legal_moves


def test_CB15_the_game_has_chance_during_play() -> None:
    assert Chance.PLAY is CUBIRDS.facts.chance
    assert CUBIRDS.mover(Reshuffle("RW")) is None
    assert 1 == CUBIRDS.mover(Lay(1, "P", 0, "left"))


def test_CB15_a_reshuffle_mid_draw_resumes_the_draw() -> None:
    state = play(make(("DDW", "OO"), rows=("OTD", "DPM", "WRF", "FOT"), deck="P",
                      discard="WRR"), "0:lay D 0 right")
    assert Phase.DRAW_OPTION == state.phase  # 1 + 3 cards: offered
    waiting, events = play_with_events(state, "0:draw")
    assert (CardsDrawn(0, 1, "P"), ReshuffleDue(Pending("draw", 1))) == events
    assert_chance_node(waiting, Pending("draw", 1))
    assert ("PW", counts_of("WRR")) == (hand(waiting, 0), waiting.discard)
    assert "not_your_turn" == code_of(waiting, "0:nofly")
    assert "not_your_turn" == code_of(waiting, "1:lay O 0 left")
    after, resumed = reshuffle(waiting, "RWR")
    assert (Reshuffled(3), CardsDrawn(0, 1, "R"), FlockDue(0)) == resumed
    assert ("PWR", "WR", EMPTY) == (hand(after, 0), after.deck, after.discard)
    assert (Phase.FLOCK, None, (0,)) == (after.phase, after.pending, CUBIRDS.to_move(after))


def test_CB15_a_draw_from_an_empty_deck_reshuffles_first() -> None:
    state = play(make(("DDW", "OO"), rows=("OTD", "DPM", "WRF", "FOT"), deck="",
                      discard="WR"), "0:lay D 0 right", "0:draw")
    assert_chance_node(state, Pending("draw", 2))
    after = CUBIRDS.apply(state, Reshuffle("WR"))
    assert ("WWR", "", Phase.FLOCK) == (hand(after, 0), after.deck, after.phase)


def test_CB15_a_reshuffle_mid_refill_resumes_the_refill() -> None:
    state = make(("R", "OO"), rows=("TDR", "DPM", "WRF", "OTD"), deck="R", discard="RRMF")
    waiting, events = play_with_events(state, "0:lay R 0 left")
    assert (Laid(0, "R", 1, 0, "left", "TD"), RowRefilled(0, "left", "R"),
            ReshuffleDue(Pending("refill", None, 0, "left"))) == events
    assert_chance_node(waiting, Pending("refill", None, 0, "left"))
    assert "RRR" == waiting.rows[0]
    after, resumed = reshuffle(waiting, "RMFR")
    assert (Reshuffled(4), RowRefilled(0, "left", "RM"), FlockDue(0)) == resumed
    assert ("MRRRR", "FR", Phase.FLOCK) == (after.rows[0], after.deck, after.phase)


def test_CB15_a_reshuffle_mid_deal_resumes_the_deal() -> None:
    # Seat 1 empties its hand; 5 cards in the deck: seat 0 takes them, the discard pile
    # (with seat 0's old hand) is shuffled, and the deal goes on.
    discard = "MMMMMMMMWWWW"
    state = make(("PPO", "W"), rows=("FOT", "DPM", "WRF", "OTD"), deck="FFOOT",
                 discard=discard, active=1)
    state = play(state, "1:lay W 3 right", "1:nodraw")
    waiting, events = play_with_events(state, "1:nofly")
    assert (RoundEnded(1, counts_of("PPO")), CardsDealt(0, 5, "FFOOT"),
            ReshuffleDue(Pending("deal", 11))) == events[1:]
    assert_chance_node(waiting, Pending("deal", 11))
    assert (1, 1) == (waiting.dealer, waiting.active)
    assert "FFOOT" == hand(waiting, 0)
    new_deck = "MPWMOMMPWMWMMWM"
    assert counts_of(new_deck) == waiting.discard
    after, resumed = reshuffle(waiting, new_deck)
    # Seat 0 takes the 3 cards it still needs, seat 1 its 8 (in canonical order).
    assert (Reshuffled(15), CardsDealt(0, 3, "PMW"), CardsDealt(1, 8, "OPMMMMWW"),
            TurnStarted(1)) == resumed
    assert ("FFOOTPMW", "OPMMMMWW") == (hand(after, 0), hand(after, 1))
    assert ("MMWM", Phase.LAY, 1) == (after.deck, after.phase, after.active)


def test_CB14_a_refill_that_runs_out_after_a_reshuffle_ends_the_game() -> None:
    state = make(("R", "OO"), rows=("TDR", "DPM", "WRF", "OTD"), deck="", discard="RR",
                 collections=("FF", "O"))
    waiting = play(state, "0:lay R 0 left")
    assert_chance_node(waiting, Pending("refill", None, 0, "left"))
    after, events = reshuffle(waiting, "RR")
    assert (Reshuffled(2), RowRefilled(0, "left", "RR"),
            GameEnded(Result((0,), "deck_exhausted"), (1, 2))) == events
    assert ("RRRR", Phase.GAME_END) == (after.rows[0], after.phase)


def test_CB15_chance_move_shuffles_the_discard_pile_in_canonical_order() -> None:
    state = play(make(("DDW", "OO"), rows=("OTD", "DPM", "WRF", "FOT"), deck=""),
                 "0:lay D 0 right", "0:draw")
    cards = list(text_of(state.discard))
    random.Random(17).shuffle(cards)
    move = chance_move(state, random.Random(17))
    assert Reshuffle("".join(cards)) == move == CUBIRDS.chance_move(state, random.Random(17))
    assert 110 - 3 - 12 - 2 == len(move.deck)
    with pytest.raises(ArgumentError):
        chance_move(make(("P", "O")), random.Random(1))


def test_CB15_the_reshuffle_round_trips_as_text_and_json() -> None:
    move = Reshuffle("WRMPFOTD")
    assert "*:reshuffle WRMPFOTD" == str(move) == CUBIRDS.move_text(move)
    assert move == parse_move("*:reshuffle WRMPFOTD")
    assert "parse_move('*:reshuffle WRMPFOTD')" == repr(move)
    data = CUBIRDS.move_to_json(move)
    assert {"type": "reshuffle", "deck": "WRMPFOTD"} == data
    assert move == CUBIRDS.move_from_json(json.loads(json.dumps(data)))


def test_CB15_reshuffle_refusals() -> None:
    lay = make(("PR", "OO"), deck="MM")
    assert "wrong_phase" == code_of(lay, "*:reshuffle WR")
    state = play(make(("DDW", "OO"), rows=("OTD", "DPM", "WRF", "FOT"), deck="",
                      discard="WRR"), "0:lay D 0 right", "0:draw")
    for deck in ("WR", "WRRR", "WRW", "WRX"):
        assert "bad_reshuffle" == code_of(state, f"*:reshuffle {deck}")
    assert "bad_reshuffle" == code_of(state, "*:reshuffle WRRX")
    for deck in ("wrr", "-", ""):  # no deck's text (CB17a: bad_notation first)
        assert "bad_notation" == CUBIRDS.refusal(state, Reshuffle(deck)).code  # type: ignore[union-attr]
    over = play(make(("OOOOW", "PP"), collections=("RRROO", "F"), phase=Phase.FLOCK,
                     deck="MM"), "0:fly O")
    assert "game_over" == code_of(over, "*:reshuffle WR")
    # No seat's move (legal_moves lists none), but the door lets the due reshuffle in.
    assert () == CUBIRDS.legal_moves(state)
    assert CUBIRDS.is_legal(state, Reshuffle("RWR"))
    assert not CUBIRDS.is_legal(state, Reshuffle("WR"))


def test_CB15_the_same_seed_plays_the_same_reshuffles() -> None:
    first = [move for _before, move, _after, _events in random_game(4, 21)]
    second = [move for _before, move, _after, _events in random_game(4, 21)]
    assert first == second
    assert any(isinstance(move, Reshuffle) for move in first)


def test_CB15_settle_plays_the_chance_moves() -> None:
    state = play(make(("DDW", "OO"), rows=("OTD", "DPM", "WRF", "FOT"), deck="P",
                      discard="WRR"), "0:lay D 0 right", "0:draw")
    settled, moves = settle(CUBIRDS, state, random.Random(3))
    assert 1 == len(moves)
    assert isinstance(moves[0], Reshuffle)
    assert (Phase.FLOCK, 3) == (settled.phase, sum(settled.hands[0]))
    _settled, _moves, events = settle_with_events(CUBIRDS, state, random.Random(3))
    assert Reshuffled(3) == events[0]


def test_CB15_the_reshuffle_plan() -> None:
    state = play(make(("DDW", "OO"), rows=("OTD", "DPM", "WRF", "FOT"), deck="P",
                      discard="WRR"), "0:lay D 0 right", "0:draw")
    plan = CUBIRDS.chance_plan(state)
    assert (3, 8) == (plan.length(), plan.max_outcomes)
    assert [(6, 1 / 3), (7, 2 / 3)] == plan.outcomes(())
    assert [(6, 0.5), (7, 0.5)] == plan.outcomes((7,))
    assert [(7, 1.0)] == plan.outcomes((7, 6))
    assert plan.done((7, 6, 7))
    assert Reshuffle("RWR") == plan.result((7, 6, 7))
    assert "W" == plan.text((), 6) == SPECIES[6]
    with pytest.raises(ArgumentError):
        CUBIRDS.chance_plan(make(("P", "O")))


def test_CB15_chance_plan_needs_a_state_that_awaits_a_reshuffle() -> None:
    message = "^chance_plan needs a CubirdsState that awaits a reshuffle$"
    with pytest.raises(ArgumentError, match=message):
        CUBIRDS.chance_plan(make(("P", "O")))
    with pytest.raises(ArgumentError, match=message):
        CUBIRDS.chance_plan("state")  # type: ignore[arg-type]
