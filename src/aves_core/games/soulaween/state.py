"""Frozen values that describe a game of Soulaween: options, setup and state.

Tokens are named by kind: ``vulture`` (Teacher Vulture: players without a character,
and Hei & Bai), ``cloth``, ``scythe`` and ``needle`` (Little Death), ``anubis_black``
and ``anubis_white`` (Anubis, the face reaped).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import attrs

from aves_core.games.soulaween.board import BLACK, FULL, SIZE, WHITE, cell_index
from aves_core.games.soulaween.phases import Phase
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result

__all__ = ["ANUBIS", "CHARACTERS", "HEI_BAI", "LITTLE_DEATH", "REASONS", "STANCES", "Pair",
           "SoulaweenOptions", "SoulaweenSetup", "SoulaweenState"]

LITTLE_DEATH = "little_death"
"""Little Death (Papa Death), a character of standard mode."""
ANUBIS = "anubis"
"""Anubis (Osiris), a character of standard mode."""
HEI_BAI = "hei_bai"
"""Hei & Bai Wuchang, a character of standard mode."""
CHARACTERS = (LITTLE_DEATH, ANUBIS, HEI_BAI)
"""The characters of standard mode: Little Death (Papa Death), Anubis (Osiris) and Hei &
Bai Wuchang; a player without one (simple mode) has None."""
HEI, BAI = "hei", "bai"
STANCES = (HEI, BAI)
"""Hei & Bai's two stances: Hei flips orthogonal neighbours, Bai diagonal ones."""
REASONS = ("three_tokens", "one_of_each_kind")
"""Why a game ends: three tokens, or Little Death's one token of each kind."""

Mode = Literal["simple", "standard"]
Pair = tuple[str | None, str | None]
"""One value a seat, seat 0's first: a character, a stance or a restriction (None: none)."""


def _mode(_instance: object, _attribute: object, value: object) -> None:
    if value not in ("simple", "standard"):
        raise ArgumentError(f"mode is 'simple' or 'standard', not {value!r}")


def _pair(choices: tuple[str, ...], what: str) -> Callable[[Any, Any, Any], None]:
    def check(_instance: object, _attribute: object, value: object) -> None:
        if value is None:
            return
        if type(value) is not tuple or len(value) != 2 \
                or not all(item is None or item in choices for item in value):
            raise ArgumentError(f"{what} are two of {', '.join(choices)} (or none), "
                                f"not {value!r}")
    return check


def _tuple_or_none(value: Any) -> Any:
    # A list given in Python reads as the tuple it names; anything else is judged by the
    # validator.
    return tuple(value) if isinstance(value, list) else value


@attrs.frozen
class SoulaweenOptions:
    """How to set a game up: ``mode`` simple (no characters) or standard; in standard
    mode, the two ``characters`` (drawn from the seed when not given; both players
    may hold the same one); the ``stances`` of Hei & Bai players (drawn when not
    given)."""

    mode: Mode = attrs.field(default="simple", validator=_mode, metadata={
        "help": "simple: no characters; standard: each player also has a character "
                "(Little Death, Anubis or Hei & Bai) with a power of its own"})
    characters: Pair | None = attrs.field(default=None, converter=_tuple_or_none,
                                          validator=_pair(CHARACTERS, "characters"))
    stances: Pair | None = attrs.field(default=None, converter=_tuple_or_none,
                                       validator=_pair(STANCES, "stances"))


@attrs.frozen
class SoulaweenSetup:
    """Every choice of a game's setup: the first player, each seat's character (None:
    none, simple mode) and each Hei & Bai seat's starting stance (None for others)."""

    first_player: int
    characters: Pair = (None, None)
    stances: Pair = (None, None)



@attrs.frozen(cache_hash=True)
class SoulaweenState:
    """Everything about a game at one moment. Build it with the game's ``start``.

    ``black`` and ``white`` are the masks of the cells showing each face (bit
    ``row * 4 + column``; see ``board``); ``tokens[s]`` are seat s's tokens in the
    order taken; ``stances[s]`` is a Hei & Bai seat's current stance;
    ``restrictions[s]`` is the face seat s's next token must come from (an Anubis
    opponent's latest token), or None; ``put_face`` is the face put this turn
    (the cleanup's), between a put and the end of the turn.
    """

    black: int
    white: int
    tokens: tuple[tuple[str, ...], tuple[str, ...]]
    characters: Pair
    stances: Pair
    restrictions: Pair
    phase: Phase
    active: int | None
    put_face: str | None = None
    result: Result | None = None

    @property
    def empty(self) -> int:
        """The mask of the empty cells."""
        return FULL & ~(self.black | self.white)

    def face_at(self, cell: str) -> str | None:
        """The face shown at ``cell`` (``"b3"``), or None for an empty cell."""
        index = cell_index(cell)
        if self.black >> index & 1:
            return BLACK
        return WHITE if self.white >> index & 1 else None

    @property
    def mat(self) -> tuple[str, ...]:
        """The mat as text, rows 4 down to 1, columns a to d: ``B``, ``W`` or ``.``."""
        return tuple("".join("B" if self.black >> index & 1 else "W" if self.white >> index & 1
                             else "." for index in range(row * SIZE, row * SIZE + SIZE))
                     for row in reversed(range(SIZE)))

    def __str__(self) -> str:
        lines = [f"{SIZE - row} {' '.join(text)}" for row, text in enumerate(self.mat)]
        lines.append("  a b c d")
        for seat in (0, 1):
            who = self.characters[seat] or "no character"
            if self.stances[seat]:
                who += f" ({self.stances[seat]})"
            tokens = ", ".join(self.tokens[seat]) or "no token"
            lines.append(f"seat {seat}: {who}; {tokens}"
                         + (f"; must reap {self.restrictions[seat]}"
                            if self.restrictions[seat] else ""))
        if self.result is not None:
            winners = " and ".join(f"seat {seat}" for seat in self.result.winners)
            lines.append(f"{self.phase.value}: won by {winners} ({self.result.reason})")
        else:
            lines.append(f"{self.phase.value}: seat {self.active} to move")
        return "\n".join(lines)
