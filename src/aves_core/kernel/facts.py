"""A game's facts as data, and the values every game shares: how it ended, what a view
shows of it.

``GameFacts`` is what a game is (OpenSpiel's ``GameType``): its id, names, player
counts, kind of chance and information. ``Result`` is how a game ended,
``ViewStatus`` what any game's view says of where it stands. ``aves_core.kernel.game``
re-exports all four.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import TypeAlias

import attrs

from aves_core.kernel.errors import ArgumentError

__all__ = [
    "Chance",
    "GameEnded",
    "GameFacts",
    "MovePlayed",
    "NoOptions",
    "PlayEvent",
    "Result",
    "ViewStatus",
]


class Chance(enum.Enum):
    """Where a game's chance lies."""

    NONE = "none"
    """No chance at all: the setup is fully given."""
    SETUP = "setup"
    """Every random choice is drawn at setup and recorded in the setup (a deal, a
    first player, characters): after setup the game is deterministic."""
    PLAY = "play"
    """Random choices are drawn at setup and during play too (a reshuffle): the game
    stops at chance nodes (``Game.awaits_chance``) and whoever runs it draws the
    chance move (``Game.chance_move``), which the log records like any move
    (``aves_core.kernel.chance``)."""


def _check_id(_instance: object, _attribute: object, value: str) -> None:
    if not (value.isascii() and value.replace("_", "").replace("-", "").isalnum()
            and value == value.lower()):
        raise ArgumentError(f"a game id is lower-case letters, digits, - and _, not {value!r}")


@attrs.frozen
class GameFacts:
    """A game's facts as data: what it is, who plays it, what kind of game it is.

    ``version`` is the version of the game's setup, move and result formats in
    logs; ``reasons`` are the reasons a game can end for (``Result.reason``);
    ``setup_codes`` the codes of its setup problems.
    """

    id: str = attrs.field(validator=_check_id)
    name: str
    version: int
    min_players: int
    max_players: int
    hidden_information: bool
    chance: Chance
    reasons: tuple[str, ...]
    simultaneous_moves: bool = False
    summary: str = ""
    setup_codes: tuple[str, ...] = ()
    """The codes of the game's own setup problems (``SetupError``), beside
    ``bad_players``: problems of form, exit 2 of ``aves replay``."""
    zero_sum: bool = False
    """Every game ends with one winner among two seats, so the seats' returns (+1 to
    the winner, -1 to the other) sum to zero (OpenSpiel's ``Utility.ZERO_SUM``)."""
    public_log: bool = True
    """Whether everyone may read a finished game's log, which holds every hidden card
    and the deck order: only where the rules reveal them by the end. False: a host
    gives it only to the table's seats (the game's own players), because the rules
    keep some of it hidden for good (hands that did not finish, private looks)."""
    reason_words: Mapping[str, str] = attrs.field(factory=dict)
    """Each reason in words for players ("collected all seven colours"): what the
    browser shows beside the winners. A reason without words is shown as its code in
    plain words ("higher_card": "higher card")."""


@attrs.frozen
class Result:
    """How a game ended: the winning seats (ascending; several share a win) and why."""

    winners: tuple[int, ...]
    reason: str


@attrs.frozen
class ViewStatus:
    """What a view says of the game whatever the game: the phase it rests in, the seats
    that may move now (empty once over, or while chance is awaited) and the result.
    Every game's view JSON carries them as ``phase``, ``to_move`` and ``result``."""

    phase: str
    to_move: tuple[int, ...]
    result: Result | None


@attrs.frozen
class NoOptions:
    """The options of a game that has none (its JSON: ``{}``)."""


@attrs.frozen
class MovePlayed:
    """The kernel's account of a move, for a game whose events are ``PlayEvent``: the
    seat that made it (None: chance), its text and its words (None: it has none)."""

    seat: int | None
    move: str
    words: str | None


@attrs.frozen
class GameEnded:
    """The kernel's account of the end of a game whose events are ``PlayEvent``."""

    result: Result


PlayEvent: TypeAlias = MovePlayed | GameEnded
"""The events of a game that tells no more than its moves: declared as the ``Event``
type parameter, the kernel records each move and the end, and the game's
``transition`` need record nothing. Every seat sees every move: a game with secret
moves writes its own events (and ``events_for``)."""
