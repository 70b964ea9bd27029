"""Boxes' setup (BX5), options and setup JSON with their errors, and the notation."""

# ruff: noqa: N802

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from boxes_helpers import make, play

from aves_core import NotationError, SetupError
from aves_core.games.boxes.cards import CLOSED_CANONICAL, OPEN_CANONICAL
from aves_core.games.boxes.game import BOXES
from aves_core.games.boxes.moves import Auction, Bid, Examine, Move, Pass, Pay, Seal, Stop
from aves_core.games.boxes.state import BoxesOptions, BoxesSetup
from aves_core.kernel.convert import FieldError
from aves_core.kernel.errors import ArgumentError


def test_the_setup_is_the_same_for_the_same_seed_and_records_every_draw() -> None:
    one = BOXES.new_setup(4, BoxesOptions(), 99)
    assert one == BOXES.new_setup(4, BoxesOptions(), 99)
    assert one != BOXES.new_setup(4, BoxesOptions(), 100)
    data = json.loads(json.dumps(BOXES.setup_to_json(one)))
    assert ["open_pile", "closed_pile", "first"] == list(data)
    assert one == BOXES.setup_from_json(data)
    assert BOXES.new_setup(2, BoxesOptions(), None).first in (0, 1)  # the system's draw


@pytest.mark.parametrize(("change", "code", "path"), [
    ({"first": 3}, "bad_first", "first"),
    ({"first": -1}, "bad_first", "first"),
    ({"open_pile": ("X1",) + OPEN_CANONICAL[1:]}, "bad_pile", "open_pile[0]"),
    ({"open_pile": OPEN_CANONICAL[:-1]}, "bad_pile", "open_pile"),
    ({"closed_pile": ("N10",) + CLOSED_CANONICAL[1:]}, "bad_pile", "closed_pile[0]"),
    ({"closed_pile": CLOSED_CANONICAL[1:] + ("N500",)}, "bad_pile", "closed_pile"),
])
def test_a_setup_that_is_no_deal_names_its_bad_field(change: dict[str, Any], code: str,
                                                      path: str) -> None:
    setup = attrs.evolve(BoxesSetup(OPEN_CANONICAL, CLOSED_CANONICAL, 0), **change)
    with pytest.raises(SetupError) as error:
        BOXES.start(3, setup)
    assert (code, path) == (error.value.code, error.value.path)
    assert code in BOXES.facts.setup_codes


def test_new_setup_checks_its_arguments() -> None:
    with pytest.raises(SetupError, match="the first auctioneer is a seat"):
        BOXES.new_setup(2, BoxesOptions(), 1, first_player=2)
    with pytest.raises(ArgumentError):
        BOXES.new_setup(2, None, 1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        BOXES.new_setup(2, BoxesOptions(), "1")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        BOXES.start(2, "setup")  # type: ignore[arg-type]


@pytest.mark.parametrize(("data", "path"), [
    ({"open_pile": list(OPEN_CANONICAL), "closed_pile": list(CLOSED_CANONICAL)}, "first"),
    ({"open_pile": "Y50", "closed_pile": list(CLOSED_CANONICAL), "first": 0}, "open_pile"),
    ({"open_pile": list(OPEN_CANONICAL), "closed_pile": [1], "first": 0}, "closed_pile[0]"),
    ({"open_pile": list(OPEN_CANONICAL), "closed_pile": list(CLOSED_CANONICAL),
      "first": "0"}, "first"),
    ({"open_pile": list(OPEN_CANONICAL), "closed_pile": list(CLOSED_CANONICAL),
      "first": 0, "seed": 1}, "seed"),
])
def test_setup_json_errors_name_the_bad_field(data: object, path: str) -> None:
    with pytest.raises(FieldError) as error:
        BOXES.setup_from_json(data)
    assert path == error.value.path


def test_options_are_an_empty_object() -> None:
    assert {} == BOXES.options_to_json(BOXES.default_options())
    assert BoxesOptions() == BOXES.options_from_json({})
    with pytest.raises(FieldError) as error:
        BOXES.options_from_json({"row_cards": 3})
    assert "row_cards" == error.value.path
    with pytest.raises(FieldError):
        BOXES.options_from_json([])


@pytest.mark.parametrize(("text", "move"), [
    ("0:auction open", Auction(0, "open")),
    ("0:auction sealed", Auction(0, "sealed")),
    ("1:examine c3", Examine(1, "c3")),
    ("1:examine o5", Examine(1, "o5")),
    ("1:stop", Stop(1)),
    ("2:seal 500 100 50", Seal(2, (500, 100, 50))),
    ("2:seal none", Seal(2, ())),
    ("0:bid 350", Bid(0, 350)),
    ("3:pass", Pass(3)),
    ("0:pay 500 200", Pay(0, (500, 200))),
])
def test_the_notation_table_reads_and_writes_every_move(text: str, move: Move) -> None:
    assert move == BOXES.parse_move(text)
    assert text == str(move)
    data = json.loads(json.dumps(BOXES.move_to_json(move)))
    assert move == BOXES.move_from_json(data)


@pytest.mark.parametrize("text", [
    "2:seal 100 500", "0:pay 50 200", "2:seal 50 100 100", "0:auction closed", "0:bid",
    "x:stop", "0 stop", "0:seal", "0:seal none 50", "0:pay", "0:examine", "", "0:fold",
])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError) as error:
        BOXES.parse_move(text)
    assert "bad_notation" == error.value.code


def test_a_set_of_notes_is_one_move_whatever_its_order() -> None:
    assert Seal(1, (50, 500)) == Seal(1, (500, 50))
    assert "1:seal 500 50" == str(Seal(1, [50, 500]))  # type: ignore[arg-type]
    assert Pay(0, (200, 500)) == BOXES.move_from_json(
        {"type": "pay", "player": 0, "notes": [200, 500]})
    with pytest.raises(ArgumentError):
        Seal(0, (True,))
    with pytest.raises(ArgumentError):
        Auction(0, 1)  # type: ignore[arg-type]
    with pytest.raises(FieldError) as error:
        BOXES.move_from_json({"type": "auction", "player": 0, "kind": None})
    assert "kind" == error.value.path
    # A word that is no kind of auction has no text: a log may carry it, and the door
    # refuses it as bad_notation (BX25).
    closed = BOXES.move_from_json({"type": "auction", "player": 0, "kind": "closed"})
    assert "bad_notation" == BOXES.refusal(make(2), closed).code  # type: ignore[union-attr]
    with pytest.raises(FieldError) as error:
        BOXES.move_from_json({"type": "raise", "player": 0})
    assert "type" == error.value.path


def test_str_of_a_state_is_readable() -> None:
    state = play(make(3), "0:auction sealed", "0:examine c1")
    text = str(state)
    assert "container 1 of 6, auctioneer seat 0, sealed auction" in text
    assert "seat 1: 3,400 ECU (4x500 4x200 4x100 4x50)" in text
    assert "0:c1=Y250" in text
    assert "examine: seat 0 to examine, 5 actions left" in text
    state = play(state, "0:stop", "1:stop", "2:stop", "1:seal 50")
    assert "sealedBid: committed seat 1: 50" in str(state)
    assert BOXES.state_text(state) == str(state)


@pytest.mark.parametrize("text", [
    "0 : stop", "00:stop", " 0:stop", "0:stop ", "0:bid 0600", "0:bid -50", "0:bid  50",
    "0:bid\t50", "\u0660:stop", "0:seal 500  100", "0:seal 0500", "0:Stop", "0:examine C3",
    "0:examine c03", "0:auction Open", "0:seal None",
])
def test_BX25_one_text_per_move_anything_else_is_bad_notation(text: str) -> None:
    # Single ASCII spaces, ASCII digits without leading zeros or sign, the case the
    # rules write: the old reader took many of these (RULES-boxes.md, "Notation").
    with pytest.raises(NotationError) as error:
        BOXES.parse_move(text)
    assert "bad_notation" == error.value.code
