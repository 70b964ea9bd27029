"""Moves declared by their text (aves_core.kernel.notation): one text per move, JSON,
field checks, declaration errors. Every game's notation is built from these, so the
properties are proven once here; the conformance kit checks each game's too."""

from __future__ import annotations

from typing import Any, TypeAlias

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aves_core.kernel.convert import FieldError
from aves_core.kernel.errors import ArgumentError, NotationError
from aves_core.kernel.notation import (
    Choice,
    Int,
    Nat,
    Notation,
    Seq,
    Token,
    move,
    spec_of,
)

TILE = Token(r"[RBP][0-9]", "TILE")
SET = Token(r"(?:[RBP][0-9])+(?:=[RB])?", "SET")


def _descending(notes: tuple[Any, ...]) -> str | None:
    return None if list(notes) == sorted(notes, reverse=True) else "notes go high to low"


@move("{player}:draw", words="draw a tile")
class Draw:
    """A move with no field but its seat."""

    player: int


@move("{player}:discard {tile}", words="discard {tile}", tile=TILE)
class Discard:
    player: int
    tile: str


@move("{player}:get {source} {tiles}", tiles=SET)
class Get:
    player: int
    source: int
    tiles: str


@move("{player}:finish{sets}", sets=Seq(SET, lead=" "))
class Finish:
    player: int
    sets: tuple[str, ...] = ()


@move("{player}:seal {notes}", notes=Seq(Nat("NOTE"), empty="none", check=_descending))
class Seal:
    player: int
    notes: tuple[int, ...]


@move("{player}:auction {kind}", kind=Choice("open", "sealed"))
class Auction:
    player: int
    kind: str


@move("{player}:shift {by}", by=Int("BY"))
class Shift:
    player: int
    by: int


@move("*:deal {tiles}", tiles=Token(r"(?:[RBP][0-9])+", "TILES"))
class Deal:
    tiles: str


Move: TypeAlias = Draw | Get | Finish | Seal | Auction | Shift | Deal
NOTATION = Notation("Toy", [Draw, Get, Finish, Seal, Auction, Shift, Deal])


def test_a_declared_move_is_a_frozen_value_written_by_its_template() -> None:
    get = Get(0, 2, "B4B5")
    assert "0:get 2 B4B5" == str(get)
    assert "parse_move('0:get 2 B4B5')" == repr(get)
    assert Get(0, 2, "B4B5") == get
    assert hash(Get(0, 2, "B4B5")) == hash(get)
    with pytest.raises(AttributeError):
        get.source = 3  # type: ignore[misc]
    assert "0:finish" == str(Finish(0))
    assert "0:finish R1R2R3 P5=B" == str(Finish(0, ("R1R2R3", "P5=B")))
    assert "1:seal none" == str(Seal(1, ()))
    assert "1:seal 500 50" == str(Seal(1, (500, 50)))
    assert "*:deal R1B2" == str(Deal("R1B2"))


@pytest.mark.parametrize("text", ["0:draw", "12:get 3 B4B5", "0:finish", "0:finish R1R2R3",
                                  "0:finish R1R2R3 B4B5B6 P8=R", "2:seal none",
                                  "2:seal 500 100 50", "0:auction sealed", "3:shift -2",
                                  "3:shift 0", "*:deal R1B2P5"])
def test_every_text_a_move_writes_reads_back_as_that_move(text: str) -> None:
    assert text == str(NOTATION.parse(text))


@pytest.mark.parametrize("text", [
    " 0:draw", "0:draw ", "0 : draw", "0: draw", "00:draw", "01:get 3 B4B5", "\u0660:draw",
    "0:DRAW", "0:Draw", "0:get  3 B4B5", "0:get\t3 B4B5", "0:get 03 B4B5", "0:get -3 B4B5",
    "-1:draw", "+1:draw", "0:finish ", "0:finish  R1R2R3", "0:seal", "0:seal 50 500",
    "0:seal none 50", "0:seal 0600", "0:auction Open", "3:shift -0", "3:shift +2",
    "0:get 3 b4b5", "*: deal R1", "0:draw\n", "", "draw", "0:pass",
    "1" * 40 + ":draw",
])
def test_any_other_text_is_bad_notation_before_anything_else(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        NOTATION.parse(text)
    assert "bad_notation" == caught.value.code
    assert "is not a move of Toy: " in str(caught.value)


def test_a_text_of_the_right_shape_says_which_rule_of_its_field_it_breaks() -> None:
    with pytest.raises(NotationError, match=r"^'0:seal 50 500' is not a move of Toy: notes "
                                            "go high to low$"):
        NOTATION.parse("0:seal 50 500")
    with pytest.raises(NotationError, match=r"^'0:DRAW' is not a move of Toy: write "
                                            r"SEAT:draw, SEAT:get SOURCE SET, "):
        NOTATION.parse("0:DRAW")


def test_the_help_names_each_form_with_its_fields() -> None:
    assert ("SEAT:draw, SEAT:get SOURCE SET, SEAT:finish[ SET ...], SEAT:seal NOTE ...|none, "
            "SEAT:auction open|sealed, SEAT:shift BY, *:deal TILES") == NOTATION.help


def test_a_text_must_be_a_str() -> None:
    with pytest.raises(ArgumentError, match="a move's text must be a str, not int"):
        NOTATION.parse(3)  # type: ignore[arg-type]


_TEXTS = st.text(alphabet="0123456789:*-+ \t.drawgetfinshlcounpbyRBP=\u0660", max_size=24)


@given(_TEXTS)
def test_a_text_that_reads_is_the_text_of_the_move_it_reads_as(text: str) -> None:
    try:
        read = NOTATION.parse(text)
    except NotationError:
        return
    assert text == str(read)


_SEATS = st.integers(0, 10**6)
_MOVES = st.one_of(
    st.builds(Draw, _SEATS),
    st.builds(Get, _SEATS, _SEATS, st.from_regex(r"(?:[RBP][0-9]){1,3}(?:=[RB])?",
                                                 fullmatch=True)),
    st.builds(Finish, _SEATS, st.lists(st.sampled_from(["R1R2R3", "P5=B", "B4B5B6"]),
                                       max_size=3).map(tuple)),
    st.builds(Seal, _SEATS, st.lists(st.sampled_from([500, 200, 100, 50]), max_size=5)
              .map(lambda notes: tuple(sorted(notes, reverse=True)))),
    st.builds(Shift, _SEATS, st.integers(-10**9, 10**9)),
)


@given(_MOVES)
def test_every_move_reads_back_from_its_text_and_its_json(value: Any) -> None:
    assert value == NOTATION.parse(str(value))
    assert value == NOTATION.from_json(NOTATION.to_json(value))
    assert spec_of(type(value)).unwritten(value) is None


def test_the_json_is_the_tag_then_the_fields() -> None:
    assert {"type": "get", "player": 0, "source": 2, "tiles": "B4B5"} == \
        NOTATION.to_json(Get(0, 2, "B4B5"))
    assert ["type", "player", "source", "tiles"] == list(NOTATION.to_json(Get(0, 2, "B4B5")))
    assert {"type": "finish", "player": 1, "sets": ["R1R2R3"]} == \
        NOTATION.to_json(Finish(1, ("R1R2R3",)))
    assert {"type": "deal", "tiles": "R1"} == NOTATION.to_json(Deal("R1"))
    assert ("draw", "get", "finish", "seal", "auction", "shift", "deal") == NOTATION.tags


@pytest.mark.parametrize(("data", "message", "path"), [
    ([], "a move must be an object, got a list", ""),
    ({"player": 0}, "the key 'type' is missing", "type"),
    ({"type": "fly", "player": 0}, "unknown move type the string 'fly' (draw, get, finish, "
                                   "seal, auction, shift, deal)", "type"),
    ({"type": 3}, "unknown move type the number 3", "type"),
    ({"type": "get", "player": 0, "tiles": "B4B5"}, "the key 'source' is missing", "source"),
    ({"type": "get", "player": 0, "source": "2", "tiles": "B4"},
     "expected an integer, got the string '2'", "source"),
    ({"type": "get", "player": True, "source": 2, "tiles": "B4"},
     "expected an integer, got the boolean true", "player"),
    ({"type": "get", "player": 0, "source": 2, "tiles": 4}, "expected a string, got the "
                                                           "number 4", "tiles"),
    ({"type": "get", "player": 0, "source": 2, "tiles": "B4", "x": 1}, "unknown key 'x'", "x"),
    ({"type": "seal", "player": 0, "notes": [500, "50"]}, "expected an integer, got the "
                                                          "string '50'", "notes[1]"),
    ({"type": "seal", "player": 0, "notes": "500"}, "expected a list, got the string '500'",
     "notes"),
])
def test_a_json_move_of_the_wrong_shape_names_its_field(data: Any, message: str,
                                                        path: str) -> None:
    with pytest.raises(FieldError) as caught:
        NOTATION.from_json(data)
    assert caught.value.message.startswith(message)
    assert path == caught.value.path


def test_a_value_without_a_text_can_be_built_for_the_door_to_refuse() -> None:
    assert "its source -1 is no SOURCE" == spec_of(Get).unwritten(Get(0, -1, "B4"))
    assert "its tiles 'x4' is no SET" == spec_of(Get).unwritten(Get(0, 1, "x4"))
    assert "its notes (50, 500) is no NOTE ...|none" == spec_of(Seal).unwritten(Seal(0, (50,
                                                                                          500)))
    assert spec_of(Shift).unwritten(Shift(0, -5)) is None
    # and it reads back from JSON as a log carries it
    assert Seal(0, (50, 500)) == NOTATION.from_json({"type": "seal", "player": 0,
                                                     "notes": [50, 500]})


@pytest.mark.parametrize(("make", "message"), [
    # the wrong types on purpose: the constructor refuses what mypy would
    (lambda: Get(True, 1, "B4"), "a move's player must be an int, not bool True"),
    (lambda: Get(0, 1.0, "B4"),  # type: ignore[arg-type]
     "a move's source must be an int, not float 1.0"),
    (lambda: Get(0, 1, 4), "a move's tiles must be a str, not int 4"),  # type: ignore[arg-type]
    (lambda: Finish(0, ("R1R2R3", 5)),  # type: ignore[arg-type]
     "a move's sets must be a tuple of strs"),
    (lambda: Auction(0, None),  # type: ignore[arg-type]
     "a move's kind must be a str, not NoneType None"),
])
def test_a_field_of_the_wrong_type_is_an_argument_error(make: Any, message: str) -> None:
    with pytest.raises(ArgumentError, match=message):
        make()


def test_a_list_becomes_a_tuple() -> None:
    assert Finish(0, ("R1R2R3",)) == Finish(0, ["R1R2R3"])  # type: ignore[arg-type]


def test_words_say_a_move_to_a_person() -> None:
    assert "draw a tile" == NOTATION.words(Draw(0))
    assert NOTATION.words(Get(0, 1, "B4B5")) is None
    assert "discard R3" == Notation("Words", [Discard]).words(Discard(0, "R3"))


def test_declaration_errors_are_found_at_import() -> None:
    with pytest.raises(ArgumentError, match="must name each field once"):
        @move("{player}:go")
        class Go:
            player: int
            to: int
    with pytest.raises(ArgumentError, match="say how 'to' is written"):
        @move("{player}:go {to}")
        class Go2:
            player: int
            to: str
    with pytest.raises(ArgumentError, match="no field 'too'"):
        @move("{player}:go {to}", too=TILE)
        class Go3:
            player: int
            to: int
    with pytest.raises(ArgumentError, match="has no verb"):
        @move("{player}:{to}")
        class Go4:
            player: int
            to: int
    @move("{player}:draw {to}")
    class Go5:
        player: int
        to: int

    with pytest.raises(ArgumentError, match="two move types share a tag"):
        Notation("Twice", [Draw, Go5])
    with pytest.raises(ArgumentError, match="not declared with @move"):
        Notation("Plain", [int])


def test_a_choice_prefers_its_longest_word() -> None:
    @move("{player}:pick {what}", what=Choice("fin", "finish"))
    class Pick:
        player: int
        what: str

    assert Pick(0, "finish") == Notation("Pick", [Pick]).parse("0:pick finish")
