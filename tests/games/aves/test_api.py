"""The public surface: the facade, the notation, the README and the example."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import aves_core
from aves_core import (
    CROW,
    ArgumentError,
    AvesError,
    Card,
    Color,
    NotationError,
    Pass,
    Return,
    Trade,
    Variant,
    diagram,
    game_cards,
    new_game,
    parse_move,
)

ROOT = Path(__file__).resolve().parents[3]


def _isort_style(name: str) -> tuple[int, str]:
    # Constants, then classes, then functions: the order ruff's RUF022 keeps.
    kind = 0 if name.isupper() else 1 if name[0].isupper() else 2
    return kind, name


def test_all_is_sorted_and_importable() -> None:
    assert sorted(aves_core.__all__, key=_isort_style) == aves_core.__all__
    for name in aves_core.__all__:
        assert hasattr(aves_core, name), name


def test_contract_names_are_exported() -> None:
    contract = {"Card", "Color", "Variant", "Phase", "GameState", "Result", "Trade", "Return",
                "Pass", "new_game", "legal_moves", "apply_move", "AvesError", "IllegalMoveError"}
    assert set() == contract - set(aves_core.__all__)


def test_colors_are_in_canonical_order() -> None:
    assert ["R", "O", "Y", "G", "B", "I", "V"] == [color.value for color in Color]
    assert list(range(7)) == [color.index for color in Color]


def test_card_codes_round_trip() -> None:
    for card in game_cards(6, crows=True):
        assert card == Card.parse(str(card))
    assert "C0" == str(CROW)
    assert "R3" == str(Card(Color.RED, 3))


def test_cards_built_by_hand_equal_shared_cards() -> None:
    assert Card.parse("G4") == Card(Color.GREEN, 4)
    assert hash(Card.parse("G4")) == hash(Card(Color.GREEN, 4))
    assert CROW == Card(None, 0)


def test_card_repr_round_trips() -> None:
    card = Card.parse("V6")
    assert card == eval(repr(card), {"Card": Card})


def test_cards_order_canonically_with_crows_last() -> None:
    codes = ["C0", "V1", "R6", "R1", "G2", "B1"]
    assert ["R1", "R6", "G2", "B1", "V1", "C0"] == [str(c) for c in sorted(map(Card.parse, codes))]


@pytest.mark.parametrize("code", ["Z9", "R7", "R0", "C1", "r3", "", "R", "3R", "R33"])
def test_card_parse_rejects_bad_codes(code: str) -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse(code)
    assert "unknown_card" == caught.value.code
    assert repr(code) in str(caught.value)


def test_card_parse_rejects_a_non_string() -> None:
    with pytest.raises(ArgumentError):
        Card.parse(3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("color", "number"), [(Color.RED, 0), (Color.RED, 7), (None, 3), ("R", 3), (Color.RED, 2.0)]
)
def test_card_constructor_rejects_impossible_cards(color: object, number: object) -> None:
    with pytest.raises(ArgumentError):
        Card(color, number)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("0:trade R3@2", Trade(0, Card.parse("R3"), 2)),
        ("0:return G1@0", Return(0, Card.parse("G1"), 0)),
        ("1:pass", Pass(1)),
        ("5:trade C0@45", Trade(5, CROW, 45)),
        ("-1:trade B4@-10", Trade(-1, Card.parse("B4"), -10)),
    ],
)
def test_move_notation_parses(text: str, move: Trade | Return | Pass) -> None:
    assert move == parse_move(text)
    assert move == parse_move(str(move))
    assert move == eval(repr(move), {"parse_move": parse_move})


@pytest.mark.parametrize(
    "text", ["", "trade R3@2", "0:trade R3", "0:trade R3@", "0:swap R3@2", "0:pass R3", "x:pass",
             "0:return@2"],
)
def test_move_notation_rejects_bad_text(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_move(text)
    assert "bad_notation" == caught.value.code


@pytest.mark.parametrize(
    "text", [" 2 : trade  B4 @ 10 ", "0 : pass", "00:pass", "0:pass ", " 0:pass", "0:pass\t",
             "0:trade  R3@2", "0:trade\tR3@2", "0:trade R3 @ 2", "0:trade R3@02", "-0:pass",
             "+1:pass", "\u0660:pass", "0:trade R3@\u0662", "0:TRADE R3@2", "0:Pass",
             "0:trade r3@2", "0:trade R03@2"],
)
def test_move_notation_has_one_text_per_move(text: str) -> None:
    # GAME-DONE.md, "One text per move": parse_move reads exactly what str(move) writes
    # (single ASCII spaces, ASCII digits, no leading zeros, no stray whitespace, the
    # RULES' case). The reader before took the stray and doubled whitespace, the leading
    # zeros and other scripts' digits here as moves.
    with pytest.raises(NotationError) as caught:
        parse_move(text)
    assert "bad_notation" == caught.value.code


def test_move_notation_with_an_unknown_card_says_so() -> None:
    with pytest.raises(NotationError) as caught:
        parse_move("0:trade Z9@2")
    assert "unknown_card" == caught.value.code


@pytest.mark.parametrize(
    "build",
    [
        lambda: Trade(0, "R3", 2),  # type: ignore[arg-type]
        lambda: Trade(0, Card.parse("R3"), 2.0),  # type: ignore[arg-type]
        lambda: Trade(True, Card.parse("R3"), 2),
        lambda: Return(0, Card.parse("R3"), False),
        lambda: Pass("1"),  # type: ignore[arg-type]
        lambda: parse_move(12),  # type: ignore[arg-type]
        lambda: Variant(crows=1),  # type: ignore[arg-type]
    ],
)
def test_wrong_types_get_an_argument_error(build: object) -> None:
    assert callable(build)
    with pytest.raises(ArgumentError) as caught:
        build()
    assert isinstance(caught.value, AvesError)
    assert isinstance(caught.value, TypeError)
    assert "bad_argument" == caught.value.code


def test_moves_and_states_are_frozen() -> None:
    move = Trade(0, Card.parse("R3"), 2)
    state = new_game(2, seed=1)
    with pytest.raises(AttributeError):
        move.gap = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.deck = ()  # type: ignore[misc]


@pytest.mark.parametrize("page", ["README.md", "docs/games.md", "docs/soulaween.md"])
def test_the_examples_of_the_docs_run(page: str) -> None:
    # In a fresh interpreter, as a reader runs them: other tests register toy games.
    done = subprocess.run([sys.executable, "-m", "doctest", page], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)
    assert (0, "") == (done.returncode, done.stdout + done.stderr)
    assert ">>> " in (ROOT / page).read_text()


def test_readme_diagram_is_the_machine() -> None:
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"```mermaid\n(.*?)```", readme, re.S)
    assert block is not None
    drawn = [line.strip() for line in diagram().splitlines() if line.strip()]
    shown = [line.strip() for line in block.group(1).splitlines() if line.strip()]
    # The drawing's title block (--- title ---) is not shown in the README.
    assert drawn[drawn.index("stateDiagram-v2"):] == shown


def test_sample_log_is_what_the_recorder_writes() -> None:
    script = ROOT / "examples" / "record_game.py"
    written = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                             check=True).stdout
    assert (ROOT / "examples" / "sample-game.jsonl").read_text() == written


def test_disputed_log_differs_from_the_sample_in_one_card() -> None:
    sample = (ROOT / "examples" / "sample-game.jsonl").read_text().splitlines()
    disputed = (ROOT / "examples" / "disputed-game.jsonl").read_text().splitlines()
    changed = [index for index, (a, b) in enumerate(zip(sample, disputed, strict=True)) if a != b]
    assert [8] == changed  # line 9: move 7, a card the player does not hold


def test_example_game_prints_a_whole_seeded_game() -> None:
    script = ROOT / "examples" / "random_game.py"
    runs = [
        subprocess.run([sys.executable, str(script), "--players", "4", "--seed", "3"],
                       capture_output=True, text=True, check=True).stdout
        for _ in range(2)
    ]
    assert runs[0] == runs[1]
    assert runs[0].startswith("AVES, 4 players, seed 3")
    assert "game over" in runs[0].splitlines()[-1]


def test_the_module_paths_of_0_1_still_import() -> None:
    import importlib

    from aves_core import AvesTable
    from aves_core._compat import _RENAMED, MOVED

    for old, new in MOVED.items():
        before, now = importlib.import_module(old), importlib.import_module(new)
        public = [name for name in vars(now)
                  if not name.startswith("_") and name not in _RENAMED.get(old, {})]
        assert public
        assert all(getattr(before, name) is getattr(now, name) for name in public), old
    from aves_core.cli import main, run  # 0.1's command functions

    # 0.1's table took AVES's arguments (imported by name: the path is a runtime alias).
    assert AvesTable is importlib.import_module("aves_core.session").Table
    assert callable(main)
    assert callable(run)
