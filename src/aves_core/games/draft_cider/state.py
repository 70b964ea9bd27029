"""Draft Cider's options, recorded setup and state. A state keeps the whole recorded
deck with the round in progress (round r's pool was ``deck[(r-1)kN : rkN]``, DC6).
"""

from __future__ import annotations

import attrs

from aves_core.games.draft_cider.cards import LOTS
from aves_core.games.draft_cider.lots import Orchard, lot_scores, orchard_score
from aves_core.games.draft_cider.phases import Phase
from aves_core.kernel.errors import ArgumentError, SetupError
from aves_core.kernel.game import Result

__all__ = ["BAD_POINTS", "CARDS_PER_SEAT", "DraftCiderOptions", "DraftCiderSetup",
           "DraftCiderState", "cards_per_round", "rounds_of"]

BAD_POINTS = (-1, 0, 1)
"""The values of the ``bad_points`` option (DC19)."""
CARDS_PER_SEAT = 12
"""The cards every seat ends with (DC4)."""


def cards_per_round(num_players: int) -> int:
    """k, the cards each seat picks per round: 2 with 3 or 6 players, else 3 (DC4, [D5])."""
    return 2 if num_players in (3, 6) else 3


def rounds_of(num_players: int) -> int:
    """The number of rounds: 12 / k, so 6 or 4 (DC4)."""
    return CARDS_PER_SEAT // cards_per_round(num_players)


def _bad_points(_instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or value not in BAD_POINTS:
        raise SetupError(f"bad_points is -1, 0 or 1, not {value!r:.20}", code="bad_options",
                         path=attribute.name)


@attrs.frozen
class DraftCiderOptions:
    """How to play (DC19): ``bad_points``, what each card in the ``bad`` lot scores: -1
    (the default), or the easy mode's 0 or +1 [D13]."""

    bad_points: int = attrs.field(default=-1, validator=_bad_points, metadata={
        "help": "what each card in the bad lot scores: -1, or 0 or 1 (easy mode)",
        "choices": BAD_POINTS})


def _tuple(value: object) -> object:
    # A list given in Python reads as the tuple it names; anything else is start's to judge.
    return tuple(value) if isinstance(value, list) else value


@attrs.frozen
class DraftCiderSetup:
    """The recorded setup (DC5): the option, the shuffled ``deck`` (all 75 cards, top
    first) and the ``first`` picker of round 1."""

    bad_points: int
    deck: tuple[str, ...] = attrs.field(converter=_tuple)
    first: int


@attrs.frozen(cache_hash=True)
class DraftCiderState:
    """Everything about a game at one moment. Build it with the game's ``start``.

    ``deck`` is the recorded deck (75 cards, top first); ``round`` the round in
    progress (from 1), whose ``pool`` holds the cards not yet taken, in deck order;
    ``first`` picks first in round 1 (DC7); ``orchards`` holds each seat's eight lots;
    ``active`` is the seat to pick (None once the game is over).
    """

    options: DraftCiderOptions
    deck: tuple[str, ...]
    first: int
    round: int
    pool: tuple[str, ...]
    orchards: tuple[Orchard, ...]
    phase: Phase
    active: int | None
    result: Result | None = None

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return len(self.orchards)

    @property
    def per_round(self) -> int:
        """k, each seat's picks per round (DC4)."""
        return cards_per_round(self.num_players)

    @property
    def rounds(self) -> int:
        """How many rounds the game has (DC4)."""
        return rounds_of(self.num_players)

    @property
    def undealt(self) -> tuple[str, ...]:
        """The deck below the current pool: later pools and the cards never used,
        hidden from every seat (DC20)."""
        return self.deck[self.round * self.per_round * self.num_players:]

    @property
    def undealt_count(self) -> int:
        """``len(undealt)``, without copying the cards (every view shows it)."""
        count = len(self.orchards)
        return max(0, len(self.deck) - self.round * cards_per_round(count) * count)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score: its lot formulas on the orchard as it stands (DC18, DC20)."""
        bad = self.options.bad_points
        return tuple(orchard_score(orchard, bad) for orchard in self.orchards)

    def lot_scores(self, seat: int) -> tuple[int, ...]:
        """``seat``'s eight lot scores in ``LOTS`` order."""
        if type(seat) is not int or not 0 <= seat < self.num_players:
            raise ArgumentError(f"seat {seat!r:.20} is not a seat of this game")
        return lot_scores(self.orchards[seat], self.options.bad_points)

    def __str__(self) -> str:
        lines = [f"round {self.round} of {self.rounds}; pool: {' '.join(self.pool) or '(empty)'}"
                 f"; {len(self.undealt)} cards undealt"]
        for seat, orchard in enumerate(self.orchards):
            scores = self.lot_scores(seat)
            lots = "; ".join(f"{lot} {' '.join(cards)} ={score}"
                             for lot, cards, score in zip(LOTS, orchard, scores, strict=True)
                             if cards)
            total = sum(scores)
            lines.append(f"seat {seat}: {total} point{'' if total in (1, -1) else 's'}; "
                         f"{lots or '(no card)'}")
        result = self.result
        if result is not None:
            winners = " and ".join(f"seat {seat}" for seat in result.winners)
            lines.append(f"{self.phase.value}: won by {winners} ({result.reason})")
        else:
            lines.append(f"{self.phase.value}: seat {self.active} to pick")
        return "\n".join(lines)
