# ruff: noqa: N802
"""Draft Cider's setup (DC4-DC6, D16): the seeded draws in DC5's order, the checks of a
recorded setup with the path of the bad field, the options and setup JSON, the
notation and ``str`` of a state."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from draft_cider_helpers import make, play

from aves_core import NotationError, SetupError
from aves_core.games.draft_cider.cards import DECK
from aves_core.games.draft_cider.game import DRAFT_CIDER, check_deck
from aves_core.games.draft_cider.moves import Pick
from aves_core.games.draft_cider.state import DraftCiderOptions, DraftCiderSetup
from aves_core.kernel.convert import FieldError
from aves_core.kernel.errors import ArgumentError

GOOD = DraftCiderSetup(-1, DECK, 0)


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [0, 7, 2**40])
def test_DC5_the_seed_draws_the_shuffle_then_the_first_picker(count: int, seed: int) -> None:
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    first = rng.randrange(count)
    assert DraftCiderSetup(-1, tuple(deck), first) == DRAFT_CIDER.new_setup(
        count, DraftCiderOptions(), seed)
    assert DraftCiderSetup(1, tuple(deck), first) == DRAFT_CIDER.new_setup(
        count, DraftCiderOptions(1), seed)
    # D16: a given first player is not drawn, and the deck is the same.
    for given in range(count):
        assert DraftCiderSetup(0, tuple(deck), given) == DRAFT_CIDER.new_setup(
            count, DraftCiderOptions(0), seed, first_player=given)


def test_DC5_the_same_seed_gives_the_same_setup_and_json_records_every_draw() -> None:
    one = DRAFT_CIDER.new_setup(4, DraftCiderOptions(), 99)
    assert one == DRAFT_CIDER.new_setup(4, DraftCiderOptions(), 99)
    assert one != DRAFT_CIDER.new_setup(4, DraftCiderOptions(), 100)
    data = json.loads(json.dumps(DRAFT_CIDER.setup_to_json(one)))
    assert ["bad_points", "deck", "first"] == list(data)
    assert (-1, list(one.deck), one.first) == (data["bad_points"], data["deck"],
                                               data["first"])
    assert one == DRAFT_CIDER.setup_from_json(data)
    assert DRAFT_CIDER.new_setup(2, DraftCiderOptions(), None).first in (0, 1)
    assert sorted(DRAFT_CIDER.new_setup(3, DraftCiderOptions(), None).deck) == sorted(DECK)


def test_DC6_start_lays_out_round_one() -> None:
    setup = DRAFT_CIDER.new_setup(5, DraftCiderOptions(), 3, first_player=4)
    state = DRAFT_CIDER.start(5, setup)
    assert (1, setup.deck[:15], setup.deck[15:], 4, 4) == (
        state.round, state.pool, state.undealt, state.first, state.active)
    assert (-1, setup.deck) == (state.options.bad_points, state.deck)
    assert DraftCiderSetup(-1, list(DECK), 0).deck == DECK  # a list reads as a tuple


@pytest.mark.parametrize(("count", "setup", "code", "path"), [
    (1, GOOD, "bad_players", None),
    (7, GOOD, "bad_players", None),
    (7, DraftCiderSetup(5, (), 9), "bad_players", None),  # the first check that applies
    (2, DraftCiderSetup(5, (), 9), "bad_options", "bad_points"),
    (2, DraftCiderSetup(True, DECK, 0), "bad_options", "bad_points"),
    (2, DraftCiderSetup(-2, DECK, 0), "bad_options", "bad_points"),
    (2, DraftCiderSetup(-1, (), 9), "bad_first", "first"),
    (2, DraftCiderSetup(-1, DECK, 2), "bad_first", "first"),
    (6, DraftCiderSetup(-1, DECK, -1), "bad_first", "first"),
    (2, DraftCiderSetup(-1, DECK, True), "bad_first", "first"),
    (2, DraftCiderSetup(-1, DECK[:-1], 0), "bad_deck", "deck"),
    (2, DraftCiderSetup(-1, (*DECK, "G11"), 0), "bad_deck", "deck"),
    (2, DraftCiderSetup(-1, ("B11", *DECK[1:]), 0), "bad_deck", "deck"),
    (2, DraftCiderSetup(-1, (11, *DECK[1:]), 0), "bad_deck", "deck"),
    (2, DraftCiderSetup(-1, ("G12", *DECK[1:]), 0), "bad_deck", "deck"),  # twice
    (2, DraftCiderSetup(-1, "G11", 0), "bad_deck", "deck"),
])
def test_DC5_a_setup_that_is_no_deal_names_its_code_and_bad_field(
        count: int, setup: DraftCiderSetup, code: str, path: str | None) -> None:
    with pytest.raises(SetupError) as error:
        DRAFT_CIDER.start(count, setup)
    assert (code, path) == (error.value.code, error.value.path)
    assert code == "bad_players" or code in DRAFT_CIDER.facts.setup_codes


def test_DC5_setup_error_messages() -> None:
    cases: list[tuple[int, DraftCiderSetup, str]] = [
        (7, GOOD, "Draft Cider is for 2 to 6 players, not 7"),
        (2, DraftCiderSetup(2, DECK, 0), "bad_points is -1, 0 or 1, not 2"),
        (3, DraftCiderSetup(-1, DECK, 3), "the first picker is a seat 0 to 2, not 3"),
        (2, DraftCiderSetup(-1, DECK[1:], 0), "a deck is the 75 cards"),
        (2, DraftCiderSetup(-1, ("X11", *DECK[1:]), 0), "a deck holds cards such as Y34, "
                                                         "not 'X11'"),
        (2, DraftCiderSetup(-1, ("G12", *DECK[1:]), 0),
         "a deck holds each of the 75 cards once"),
    ]
    for count, setup, message in cases:
        with pytest.raises(SetupError) as error:
            DRAFT_CIDER.start(count, setup)
        assert message == str(error.value)
    assert DECK == check_deck(DECK)
    with pytest.raises(SetupError) as error:
        check_deck([*DECK], "setup.deck")
    assert "setup.deck" == error.value.path
    DRAFT_CIDER.check_players(4)  # 2 to 6: no error


def test_new_setup_checks_its_arguments() -> None:
    with pytest.raises(SetupError) as error:
        DRAFT_CIDER.new_setup(2, DraftCiderOptions(), 1, first_player=2)
    assert ("bad_first", "first") == (error.value.code, error.value.path)
    with pytest.raises(SetupError) as error:
        DRAFT_CIDER.new_setup(7, DraftCiderOptions(), 1)
    assert "bad_players" == error.value.code
    with pytest.raises(ArgumentError):
        DRAFT_CIDER.new_setup(2, None, 1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        DRAFT_CIDER.new_setup(2, DraftCiderOptions(), "1")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        DRAFT_CIDER.new_setup("2", DraftCiderOptions(), 1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        DRAFT_CIDER.start(2, "setup")  # type: ignore[arg-type]


@pytest.mark.parametrize(("change", "path"), [
    ({"first": "0"}, "first"),
    ({"deck": "G11"}, "deck"),
    ({"deck": [1] + list(DECK[1:])}, "deck[0]"),
    ({"bad_points": "1"}, "bad_points"),
    ({"seed": 1}, "seed"),
])
def test_setup_json_errors_name_the_bad_field(change: dict[str, Any], path: str) -> None:
    data = {**DRAFT_CIDER.setup_to_json(GOOD), **change}
    with pytest.raises(FieldError) as error:
        DRAFT_CIDER.setup_from_json(data)
    assert path == error.value.path
    missing = DRAFT_CIDER.setup_to_json(GOOD)
    del missing["first"]
    with pytest.raises(FieldError) as error:
        DRAFT_CIDER.setup_from_json(missing)
    assert "first" == error.value.path


@pytest.mark.parametrize(("change", "code", "path"), [
    ({"first": 2}, "bad_first", "first"),
    ({"bad_points": 3}, "bad_options", "bad_points"),
    ({"deck": list(DECK[:74])}, "bad_deck", "deck"),
])
def test_setup_json_values_are_judged_by_start(change: dict[str, Any], code: str,
                                               path: str) -> None:
    setup = DRAFT_CIDER.setup_from_json({**DRAFT_CIDER.setup_to_json(GOOD), **change})
    with pytest.raises(SetupError) as error:
        DRAFT_CIDER.start(2, setup)
    assert (code, path) == (error.value.code, error.value.path)


@pytest.mark.parametrize("value", [-1, 0, 1])
def test_DC19_the_options_json_reads_each_bad_points(value: int) -> None:
    assert {"bad_points": value} == DRAFT_CIDER.options_to_json(DraftCiderOptions(value))
    assert DraftCiderOptions(value) == DRAFT_CIDER.options_from_json({"bad_points": value})


@pytest.mark.parametrize("value", [-2, 2, 13, "1", "-1", True, False, None, 1.0, [1], {}])
def test_DC19_any_other_bad_points_in_json_is_bad_options(value: object) -> None:
    with pytest.raises(FieldError) as error:
        DRAFT_CIDER.options_from_json({"bad_points": value})
    assert ("bad_options", "bad_points") == (error.value.code, error.value.path)
    assert str(error.value).startswith("bad_points is -1, 0 or 1, not ")


def test_DC19_options_json_shape() -> None:
    assert DraftCiderOptions() == DRAFT_CIDER.options_from_json({})
    with pytest.raises(FieldError) as error:
        DRAFT_CIDER.options_from_json({"bad_point": 0})
    assert ("schema", "bad_point") == (error.value.code, error.value.path)
    with pytest.raises(FieldError):
        DRAFT_CIDER.options_from_json([])


@pytest.mark.parametrize(("text", "move"), [
    ("1:pick Y34 feather", Pick(1, "Y34", "feather")),
    ("0:pick G11 mono", Pick(0, "G11", "mono")),
    ("5:pick R55 bad", Pick(5, "R55", "bad")),
])
def test_the_notation_reads_and_writes_a_pick(text: str, move: Pick) -> None:
    assert move == DRAFT_CIDER.parse_move(text)
    with pytest.raises(NotationError):  # one text per move: no stray spaces
        DRAFT_CIDER.parse_move(f"  {text.replace(':', ' : ')}  ")
    assert text == str(move)
    assert f"parse_move({text!r})" == repr(move)
    data = json.loads(json.dumps(DRAFT_CIDER.move_to_json(move)))
    assert {"type": "pick", "player": move.player, "card": move.card, "lot": move.lot} == data
    assert move == DRAFT_CIDER.move_from_json(data)
    assert move == DRAFT_CIDER.parse_move(text)


@pytest.mark.parametrize("text", ["", "0 pick Y34 bad", "0:pick Y34", "0:take Y34 bad",
                                  "x:pick Y34 bad", "0:pick Y34 bad extra", "0:pickY34 bad"])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError) as error:
        DRAFT_CIDER.parse_move(text)
    assert "bad_notation" == error.value.code
    assert str(error.value).endswith("is not a move of Draft Cider: write SEAT:pick CARD LOT")


@pytest.mark.parametrize("text", [
    " 0:pick Y34 bad", "0:pick Y34 bad ", "0 : pick Y34 bad", "0:pick  Y34 bad",
    "0:pick\tY34 bad", "00:pick Y34 bad", "\u0660:pick Y34 bad", "-1:pick Y34 bad",
    "0:PICK Y34 bad", "0:pick y34 bad", "0:pick Y34 Bad", "0:pick Z99 bad", "0:pick Y36 bad",
    "0:pick Y34 bad_lot"])
def test_one_text_per_move_any_other_text_is_bad_notation(text: str) -> None:
    # The old reader took stray spaces, leading zeros, other scripts' digits and any
    # token; a move now has one text (GAME-DONE.md), a card its code and a lot a
    # lower-case word.
    with pytest.raises(NotationError) as error:
        DRAFT_CIDER.parse_move(text)
    assert "bad_notation" == error.value.code


def test_a_pick_checks_the_types_of_its_fields() -> None:
    with pytest.raises(ArgumentError):
        DRAFT_CIDER.parse_move(3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        Pick("0", "Y34", "bad")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        Pick(0, 34, "bad")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        Pick(0, "Y34", None)  # type: ignore[arg-type]
    with pytest.raises(FieldError) as error:
        DRAFT_CIDER.move_from_json({"type": "pick", "player": 0, "card": 34, "lot": "bad"})
    assert "card" == error.value.path
    # A move of no text is built all the same (a log's JSON may carry one): the door
    # refuses it as bad_notation.
    assert "0:pick Z99 garden" == str(Pick(0, "Z99", "garden"))


def test_str_of_a_state_is_readable() -> None:
    state = play(make(2), "0:pick G11 tree", "1:pick G12 mono")
    text = str(state)
    assert text.splitlines()[0] == ("round 1 of 4; pool: G13 G14 G15 G21; 69 cards undealt")
    assert "seat 0: 20 points; tree G11 =20" in text
    assert "seat 1: 1 point; mono G12 =1" in text
    assert text.endswith("pick: seat 0 to pick")
    assert "seat 1: 0 points; (no card)" in str(make(2))
    assert DRAFT_CIDER.state_text(state) == text
    report = DRAFT_CIDER.state_report(state)
    assert (1, ["G13", "G14", "G15", "G21"], [20, 1]) == (report["round"], report["pool"],
                                                         report["scores"])
    assert ["G11"] == report["orchards"][0]["tree"]
    assert 20 == report["lot_scores"][0]["tree"]
    assert list(DECK[6:]) == report["undealt"]


def test_str_of_an_ended_game_names_the_winners() -> None:
    state = make(2)
    while state.result is None:
        move = Pick(state.active or 0, state.pool[0], "bad")
        state = play(state, str(move))
    text = str(state)
    assert text.endswith("gameEnd: won by seat 0 and seat 1 (most_points)")
    assert "pool: (empty)" in text
    assert "the most points" == DRAFT_CIDER.describe_result(state.result)
    assert attrs.evolve(state.result, reason="x").reason == DRAFT_CIDER.describe_result(
        attrs.evolve(state.result, reason="x"))
