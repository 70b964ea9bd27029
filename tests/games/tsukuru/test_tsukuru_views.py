"""Tsukuru 10 Ten: what each seat may see (TK19, D11), and the rules about zones,
options, ranking and the move cap (TK3, TK15, TK17, TK18, D1, D7), by name."""

# The tests are named after the rules they prove, in capitals as RULES-tsukuru.md
# writes them.
# ruff: noqa: N802

from __future__ import annotations

import random

import attrs
import pytest

from aves_core.games.tsukuru.events import Dealt, Drew, events_for
from aves_core.games.tsukuru.game import TSUKURU
from aves_core.games.tsukuru.moves import Draw
from aves_core.games.tsukuru.phases import Phase
from aves_core.games.tsukuru.state import TsukuruOptions, TsukuruState
from aves_core.games.tsukuru.tiles import counts_of, full_set
from aves_core.games.tsukuru.views import view_for
from aves_core.kernel.bots import make_bot
from aves_core.kernel.errors import SetupError
from aves_core.kernel.sim import MOVE_LIMIT, play_game

GAME = TSUKURU


def started(players: int = 3, options: TsukuruOptions | None = None) -> TsukuruState:
    chosen = options or TsukuruOptions()
    return GAME.start(players, GAME.new_setup(players, chosen, 5, first_player=0))


def test_TK19_a_seat_sees_its_own_tiles_and_everything_public() -> None:
    state = started()
    for seat in range(3):
        view = view_for(state, seat)
        assert view.concealed == state.concealed[seat]
        assert view.discards == state.discards
        assert view.open_sets == state.open_sets
        assert (view.deck_size, view.hand_sizes) == (len(state.deck), (7, 7, 7))
    assert view_for(state, None).concealed is None


def test_TK19_the_drawn_tile_is_its_owners_alone() -> None:
    state = started()
    after, events = TSUKURU.apply_with_events(state, Draw(0))
    assert view_for(after, 0).drawn == state.deck[0]
    assert view_for(after, 1).drawn is None
    assert Drew(0, None) in events_for(events, 1)
    # Another top tile: nothing another seat sees or is told differs.
    other = next(index for index, tile in enumerate(state.deck) if tile != state.deck[0])
    deck = list(state.deck)
    deck[0], deck[other] = deck[other], deck[0]
    swapped, swapped_events = TSUKURU.apply_with_events(
        attrs.evolve(state, deck=tuple(deck)), Draw(0))
    for seat in (1, 2, None):
        assert view_for(swapped, seat) == view_for(after, seat)
        assert events_for(swapped_events, seat) == events_for(events, seat)
    assert view_for(swapped, 0) != view_for(after, 0)


def test_TK19_the_finishers_tiles_are_public_until_the_next_rounds_end() -> None:
    state = started()
    hands = list(state.concealed)
    hands[0] = counts_of(["R0", "R1", "R2", "R3", "B3", "B4", "B5"])
    state = attrs.evolve(state, concealed=tuple(hands), deck=("B6", *state.deck[1:]))
    done = TSUKURU.apply(TSUKURU.apply(state, Draw(0)),
                         TSUKURU.parse_move("0:finish R1R2R3 B4B5B6"))
    for seat in (1, 2, None):
        shown = view_for(done, seat).shown
        assert shown is not None
        assert shown.tiles == counts_of(["R0", "R1", "R2", "R3", "B3", "B4", "B5", "B6"])
    dealt = TSUKURU.apply(done, TSUKURU.chance_move(done, random.Random(1)))
    assert view_for(dealt, 1).shown == view_for(done, 1).shown  # still shown in round 2


def test_D11_other_hands_stay_hidden_even_after_the_round() -> None:
    state = started()
    hands = list(state.concealed)
    hands[0] = counts_of(["R0", "R1", "R2", "R3", "B3", "B4", "B5"])
    state = attrs.evolve(state, concealed=tuple(hands), deck=("B6", *state.deck[1:]))
    done = TSUKURU.apply(TSUKURU.apply(state, Draw(0)),
                         TSUKURU.parse_move("0:finish R1R2R3 B4B5B6"))
    assert done.phase is Phase.DEAL
    for seat in (0, 2, None):  # seat 1's tiles never show, to anyone
        assert repr(done.concealed[1]) not in repr(view_for(done, seat))
    _, dealing = TSUKURU.apply_with_events(done, TSUKURU.chance_move(done, random.Random(2)))
    assert [event.tiles is None for event in events_for(dealing, 1)
            if isinstance(event, Dealt)] == [True, False, True]


def test_TK3_the_zones_always_hold_the_61_tiles() -> None:
    rng = random.Random(4)
    state = started(4)
    chance = random.Random(9)
    for _ in range(300):
        assert state.tile_count() == 61
        if state.result is not None:
            break
        if state.phase is Phase.DEAL:
            state = TSUKURU.apply(state, TSUKURU.chance_move(state, chance))
            continue
        state = TSUKURU.apply(state, rng.choice(TSUKURU.legal_moves(state)))


def test_D1_copies_of_a_tile_are_one_kind() -> None:
    assert [tile for tile in full_set() if tile == "B5"] == ["B5"] * 4
    state = started()
    hands = list(state.concealed)
    hands[0] = counts_of(["B5", "B5", "B5", "R1", "R1", "R2", "R3"])
    state = attrs.evolve(state, concealed=tuple(hands), phase=Phase.DISCARD)
    assert [str(move) for move in TSUKURU.legal_moves(state)] == [
        "0:discard R1", "0:discard R2", "0:discard R3", "0:discard B5"]  # one per kind


def test_TK15_options_and_their_defaults() -> None:
    assert (TsukuruOptions().scoring, TsukuruOptions().end) == ("basic", "target")
    for bad in ({"scoring": "expert"}, {"end": "forever"}):
        with pytest.raises(SetupError) as caught:
            TsukuruOptions(**bad)
        assert caught.value.code == "bad_options"
    assert GAME.options_from_json({"scoring": "advanced", "end": "rounds"}) == TsukuruOptions(
        "advanced", "rounds")


def test_TK17_D7_ranks_share_and_skip_and_only_the_finisher_scores() -> None:
    state = started(4, TsukuruOptions("advanced", "rounds"))
    state = attrs.evolve(state, round=8, scores=(9, 12, 12, 3), deck=state.deck[-1:])
    drawn = TSUKURU.apply(state, Draw(0))
    tile = next(move for move in TSUKURU.legal_moves(drawn) if type(move).__name__ == "Discard")
    over = TSUKURU.apply(drawn, tile)
    assert over.result is not None
    assert over.result.winners == (1, 2)
    assert over.ranks == (3, 1, 1, 4)
    assert over.scores == (9, 12, 12, 3)  # a dry round: nobody pays, nobody scores


def test_TK18_no_cap_in_the_rules_a_simulation_stops_unfinished() -> None:
    bots = [make_bot("random", GAME) for _ in range(2)]
    record, _log = play_game(GAME, bots, ["a", "b"], TsukuruOptions(), 3, 40)
    assert record.moves == 40
    assert record.reason == MOVE_LIMIT
    assert record.winners == ()
