"""Connect Four for aves-core, as a game of another package: two players drop discs in
turn into one of seven columns (``a`` to ``g``) of a standing grid six rows high; a disc
falls to the lowest empty cell. Four of a player's discs in a row, a column or a
diagonal win; a full grid with no four is a draw (both share it). [decision] The first
player is drawn from the seed, or given.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeAlias

import attrs

import aves_core.author as aves

COLUMNS = "abcdefg"
ROWS = 6
DISCS = "XO"
"""Seat 0's discs and seat 1's, as the grid shows them (``.`` an empty cell)."""


@aves.move("{player}:drop {column}", column=aves.Choice(*COLUMNS, name="COLUMN"),
           words="drop a disc in column {column}")
class Drop:
    """``player`` drops a disc into ``column``."""

    player: int
    column: str


@attrs.frozen
class Setup:
    """Who plays first."""

    first: int


@attrs.frozen
class State:
    """The grid as rows, the top row first (``.XO....``), whose turn, and the result."""

    grid: tuple[str, ...]
    active: int | None
    result: aves.Result | None = None
    num_players = 2


@attrs.frozen
class View:
    """Everything: nothing is hidden."""

    seat: int | None
    grid: tuple[str, ...]
    active: int | None
    result: aves.Result | None
    legal_moves: tuple[Drop, ...]


Move: TypeAlias = Drop


def column_full(state: State, move: Drop) -> str | None:
    """A full column takes no disc."""
    full = state.grid[0][COLUMNS.index(move.column)] != "."
    return f"column {move.column} is full" if full else None


def four(grid: tuple[str, ...], row: int, column: int) -> bool:
    """Whether the disc at (row, column) has three more of its kind in a line."""
    disc = grid[row][column]
    for down, right in ((0, 1), (1, 0), (1, 1), (1, -1)):
        count = 1
        for sign in (1, -1):
            r, c = row + sign * down, column + sign * right
            while 0 <= r < ROWS and 0 <= c < len(COLUMNS) and grid[r][c] == disc:
                count, r, c = count + 1, r + sign * down, c + sign * right
        if count >= 4:
            return True
    return False


class ConnectFour(aves.Game[State, Move, View, aves.PlayEvent, aves.NoOptions, Setup]):
    """Connect Four (``CONNECT_FOUR``)."""

    facts = aves.GameFacts(id="connect-four", name="Connect Four", version=1, min_players=2,
                           max_players=2, hidden_information=False, chance=aves.Chance.SETUP,
                           reasons=("four_in_a_row", "full_grid"),
                           reason_words={"four_in_a_row": "four in a row",
                                    "full_grid": "the grid is full: a draw"},
                           summary="drop discs to make four in a row", setup_codes=("bad_setup",))
    phases = aves.PhaseMachine.one_phase("Connect Four", ("drop",), name="drop")
    refusals = (aves.BAD_NOTATION, aves.GAME_OVER, aves.NOT_YOUR_TURN,
                aves.refuse("column_full", column_full))

    def new_setup(self, num_players: int, options: aves.NoOptions, seed: int | None, *,
                  first_player: int | None = None) -> Setup:
        """The first player, drawn from ``seed`` unless given."""
        self.check_players(num_players)
        drawn = random.Random(seed).randrange(2)
        return Setup(drawn if first_player is None else first_player)

    def start(self, num_players: int, setup: Setup) -> State:
        """An empty grid."""
        self.check_players(num_players)
        if setup.first not in (0, 1):
            raise aves.SetupError("the first player is 0 or 1", code="bad_setup", path="first")
        return State(("." * len(COLUMNS),) * ROWS, setup.first)

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        if state.active is None:
            return ()
        return tuple(Drop(state.active, column) for index, column in enumerate(COLUMNS)
                     if state.grid[0][index] == ".")

    def transition(self, state: State, move: Move, events: list[aves.PlayEvent] | None) -> State:
        column = COLUMNS.index(move.column)
        row = max(r for r in range(ROWS) if state.grid[r][column] == ".")
        line = state.grid[row]
        grid = (*state.grid[:row], line[:column] + DISCS[move.player] + line[column + 1:],
                *state.grid[row + 1:])
        if four(grid, row, column):
            return State(grid, None, aves.Result((move.player,), "four_in_a_row"))
        if "." not in grid[0]:
            return State(grid, None, aves.Result((0, 1), "full_grid"))
        return State(grid, 1 - move.player)

    def view(self, state: State, seat: int | None) -> View:
        return View(seat, state.grid, state.active, state.result,
                    self.legal_moves(state) if seat == state.active else ())

    def determinize(self, view: View, rng: random.Random) -> State:
        """The state itself: nothing is hidden."""
        return State(view.grid, view.active, view.result)

    def all_moves(self, num_players: int, seat: int) -> Sequence[Move]:
        return tuple(Drop(seat, column) for column in COLUMNS)

    def features(self, view: View) -> Sequence[float]:
        """Each cell twice: the seat's own disc, then the other's (a spectator: seat 0's)."""
        mine = DISCS[view.seat or 0]
        cells = "".join(view.grid)
        return [*(float(cell == mine) for cell in cells),
                *(float(cell not in (".", mine)) for cell in cells)]


CONNECT_FOUR = ConnectFour()
"""The game (the entry point ``connect-four`` names it)."""
