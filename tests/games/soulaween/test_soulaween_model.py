"""Soulaween against an independent model of its rules.

The model below is written again from RULES-soulaween.md and the interpretations of
docs/soulaween.md, sharing no code with the engine: the mat is a dict of (column,
row) coordinates, patterns are found by looking at the cells (the tilted Ls are
read off every 2x3 and 3x2 box rather than turned and mirrored), and a turn is one
plain function. Over random games in every mode and pairing of characters, the two
must agree move by move: the same legal moves, the same mat, tokens, stances,
restrictions, phase, player to move and result. A disagreement is a bug in one of
them, and the message says where.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aves_core import get_game
from aves_core.games.soulaween.moves import Move, Put, Reap, Rotate
from aves_core.games.soulaween.state import SoulaweenOptions, SoulaweenState

SOULAWEEN = get_game("soulaween")
COLUMNS = "abcd"
Cell = tuple[int, int]  # (column 0-3, row 0-3)
ALL = [(c, r) for c in range(4) for r in range(4)]


def name(cell: Cell) -> str:
    return f"{COLUMNS[cell[0]]}{cell[1] + 1}"


def _chains() -> list[frozenset[Cell]]:
    lines = [frozenset((c, r) for c in range(4)) for r in range(4)]
    lines += [frozenset((c, r) for r in range(4)) for c in range(4)]
    return [*lines, frozenset((i, i) for i in range(4)), frozenset((i, 3 - i) for i in range(4))]


def _squares() -> list[frozenset[Cell]]:
    return [frozenset({(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)})
            for c in range(3) for r in range(3)]


def _ells() -> list[frozenset[Cell]]:
    """An L: three cells along the long side of a 2x3 or 3x2 box and one more cell of
    the box beside an end of that line."""
    found: set[frozenset[Cell]] = set()
    for width, height in ((2, 3), (3, 2)):
        for c0, r0 in product(range(5 - width), range(5 - height)):
            box = [(c0 + dc, r0 + dr) for dc in range(width) for dr in range(height)]
            for line_at in (0, 1):  # which of the two long lines holds three
                if width == 2:
                    line = [(c0 + line_at, r0 + dr) for dr in range(3)]
                    ends = [(c0 + 1 - line_at, r0), (c0 + 1 - line_at, r0 + 2)]
                else:
                    line = [(c0 + dc, r0 + line_at) for dc in range(3)]
                    ends = [(c0, r0 + 1 - line_at), (c0 + 2, r0 + 1 - line_at)]
                for end in ends:
                    assert end in box
                    found.add(frozenset([*line, end]))
    return sorted(found, key=sorted)


KINDS = {"needle": _chains(), "cloth": _squares(), "scythe": _ells()}


@dataclass(frozen=True)
class Model:
    """The whole game, plainly."""

    mat: dict[Cell, str]
    characters: tuple[str | None, str | None]
    stances: list[str | None]
    tokens: list[list[str]] = field(default_factory=lambda: [[], []])
    restrictions: list[str | None] = field(default_factory=lambda: [None, None])
    phase: str = "playerTurn"
    active: int | None = 0
    put_face: str | None = None
    winner: tuple[int, str] | None = None

    def copy(self) -> Model:
        return replace(self, mat=dict(self.mat), stances=list(self.stances),
                       tokens=[list(t) for t in self.tokens],
                       restrictions=list(self.restrictions))


def reapable(model: Model, seat: int) -> list[tuple[str, frozenset[Cell]]]:
    """(token kind, cells) of every pattern ``seat`` may reap."""
    character = model.characters[seat]
    if character == "little_death":
        kinds = [kind for kind in KINDS if kind not in model.tokens[seat]]
    else:
        kinds = ["needle"]
    found = []
    for kind in kinds:
        for cells in KINDS[kind]:
            faces = {model.mat.get(cell) for cell in cells}
            if len(faces) == 1 and None not in faces:
                (face,) = faces
                if model.restrictions[seat] in (None, face):
                    found.append((kind, cells))
    return found


def legal(model: Model) -> set[tuple[object, ...]]:
    seat = model.active
    if seat is None:
        return set()
    if model.phase == "playerTurn":
        return {("put", seat, name(cell), face) for cell in ALL if cell not in model.mat
                for face in ("black", "white")}
    if model.phase == "chooseReap":
        return {("reap", seat, tuple(sorted(map(name, cells))))
                for _, cells in reapable(model, seat)}
    return {("rotate", seat), ("keep", seat)}


def play(model: Model, move: tuple[object, ...]) -> Model:
    model = model.copy()
    seat = model.active
    assert seat is not None
    if move[0] == "put":
        cell = (COLUMNS.index(str(move[2])[0]), int(str(move[2])[1]) - 1)
        face = str(move[3])
        model.mat[cell] = face
        model = replace(model, put_face=face)
        diagonal = model.stances[seat] == "bai"
        steps = ((1, 1), (1, -1), (-1, 1), (-1, -1)) if diagonal else \
            ((1, 0), (-1, 0), (0, 1), (0, -1))
        for dc, dr in steps:
            other = (cell[0] + dc, cell[1] + dr)
            if other in model.mat:
                model.mat[other] = "white" if model.mat[other] == "black" else "black"
        patterns = reapable(model, seat)
        if len(patterns) > 1:
            return replace(model, phase="chooseReap")
        if patterns:
            return _reap(model, seat, *patterns[0])
        return _end_of_turn(model, seat)
    if move[0] == "reap":
        cells = frozenset((COLUMNS.index(n[0]), int(n[1]) - 1) for n in move[2])  # type: ignore[attr-defined]
        (kind,) = [kind for kind, found in reapable(model, seat) if found == cells]
        return _reap(model, seat, kind, cells)
    if move[0] == "rotate":
        model.stances[seat] = "bai" if model.stances[seat] == "hei" else "hei"
    return replace(model, phase="playerTurn", active=1 - seat)


def _reap(model: Model, seat: int, kind: str, cells: frozenset[Cell]) -> Model:
    face = model.mat[next(iter(cells))]
    for cell in cells:
        del model.mat[cell]
    character = model.characters[seat]
    token = kind if character == "little_death" else \
        f"anubis_{face}" if character == "anubis" else "vulture"
    model.tokens[seat].append(token)
    model.restrictions[seat] = None
    if character == "anubis":
        model.restrictions[1 - seat] = face
    if len(model.tokens[seat]) == 3:
        why = "one_of_each_kind" if character == "little_death" else "three_tokens"
        return replace(model, phase="gameEnd", active=None, put_face=None, winner=(seat, why))
    return _end_of_turn(model, seat)


def _end_of_turn(model: Model, seat: int) -> Model:
    if len(model.mat) == 16:
        for cell in [cell for cell, face in model.mat.items() if face == model.put_face]:
            del model.mat[cell]
    if model.characters[seat] == "hei_bai":
        return replace(model, phase="chooseRotation", put_face=None)
    return replace(model, phase="playerTurn", active=1 - seat, put_face=None)


def as_tuple(move: Move) -> tuple[object, ...]:
    if isinstance(move, Put):
        return ("put", move.player, move.cell, move.face)
    if isinstance(move, Reap):
        return ("reap", move.player, tuple(sorted(move.cells)))
    return ("rotate" if isinstance(move, Rotate) else "keep", move.player)


def agree(model: Model, state: SoulaweenState, where: str) -> None:
    mat = {name(cell): face for cell, face in model.mat.items()}
    engine = {f"{c}{r}": state.face_at(f"{c}{r}") for c in COLUMNS for r in "1234"}
    assert mat == {cell: face for cell, face in engine.items() if face}, where
    assert tuple(map(tuple, model.tokens)) == state.tokens, where
    assert tuple(model.stances) == state.stances, where
    assert tuple(model.restrictions) == state.restrictions, where
    assert (model.phase, model.active) == (state.phase.value, state.active), where
    result = None if state.result is None else (state.result.winners[0], state.result.reason)
    assert model.winner == result, where
    assert legal(model) == {as_tuple(move) for move in SOULAWEEN.legal_moves(state)}, where


PAIRINGS = [(None, None), *product(("little_death", "anubis", "hei_bai"), repeat=2)]


def test_the_model_counts_the_patterns_as_the_rules_do() -> None:
    assert (10, 9, 48) == tuple(len(KINDS[kind]) for kind in ("needle", "cloth", "scythe"))


@pytest.mark.parametrize("characters", PAIRINGS, ids=str)
def test_the_engine_agrees_with_the_model(characters: tuple[str | None, str | None]) -> None:
    options = SoulaweenOptions() if characters == (None, None) else \
        SoulaweenOptions("standard", characters)
    moves = 0
    for seed in range(12):
        setup = SOULAWEEN.new_setup(2, options, seed)
        state = SOULAWEEN.start(2, setup)
        model = Model({}, setup.characters, list(setup.stances), active=setup.first_player)
        rng = random.Random(seed)
        for index in range(200):
            agree(model, state, f"seed {seed}, before move {index}")
            choices = SOULAWEEN.legal_moves(state)
            if not choices:
                break
            move = rng.choice(choices)
            state = SOULAWEEN.apply(state, move)
            model = play(model, as_tuple(move))
            moves += 1
    assert moves > 250  # twelve whole games (random games end after 20 to 40 moves)


@given(st.sampled_from(PAIRINGS), st.integers(0, 2**32), st.integers(0, 1))
def test_the_engine_agrees_with_the_model_on_any_seed(
        characters: tuple[str | None, str | None], seed: int, first: int) -> None:
    options = SoulaweenOptions() if characters == (None, None) else \
        SoulaweenOptions("standard", characters)
    setup = SOULAWEEN.new_setup(2, options, seed, first_player=first)
    state = SOULAWEEN.start(2, setup)
    model = Model({}, setup.characters, list(setup.stances), active=first)
    rng = random.Random(seed)
    for index in range(120):
        agree(model, state, f"before move {index}")
        choices = SOULAWEEN.legal_moves(state)
        if not choices:
            break
        move = rng.choice(choices)
        state = SOULAWEEN.apply(state, move)
        model = play(model, as_tuple(move))
