"""Frozen values that describe a game of Tsukuru 10 Ten: options, the recorded setup,
the last finish, the state. A seat's concealed tiles are counts (``tiles``); the deck
(top first) and each discard pile (oldest first) are tuples of codes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import attrs

from aves_core.games.tsukuru.evaluator import Arrangement, Score, TileSet
from aves_core.games.tsukuru.phases import Phase
from aves_core.games.tsukuru.tiles import Counts, tiles_of
from aves_core.kernel.errors import SetupError
from aves_core.kernel.game import Result
from aves_core.kernel.terminal import plural

__all__ = ["ENDS", "HAND_TILES", "REASONS", "SCORINGS", "TARGETS", "Shown", "TsukuruOptions",
           "TsukuruSetup", "TsukuruState", "ranks_of"]

REASONS = ("target", "rounds")
"""Why a game ends (TK16)."""
SCORINGS = ("basic", "advanced")
"""The two scorings, the ``scoring`` option's choices (TK16)."""
ENDS = ("target", "rounds")
"""How the game ends, the ``end`` option's choices: at the target, or after the rounds."""
TARGETS = {"basic": 4, "advanced": 25}
"""The points that end the game under each scoring (TK16)."""
HAND_TILES = 7
"""The tiles of each hand at a deal and between turns (TK3, TK4)."""


def _choice(allowed: tuple[str, ...]) -> Callable[[object, attrs.Attribute[str], object], None]:
    def check(_instance: object, attribute: attrs.Attribute[str], value: object) -> None:
        if type(value) is not str or value not in allowed:
            raise SetupError(f"{attribute.name} is {' or '.join(allowed)}, not {value!r:.20}",
                             code="bad_options", path=attribute.name)
    return check


@attrs.frozen
class TsukuruOptions:
    """How to play (TK15): ``scoring`` ``basic`` (1 point a finish, 4 to win) or
    ``advanced`` (points and bonuses, 25 to win); ``end`` ``target`` (the points alone)
    or ``rounds`` (also after every seat has dealt twice; advanced only [D10])."""

    scoring: str = attrs.field(default="basic", validator=_choice(SCORINGS), metadata={
        "help": "basic: a finish scores 1 point, 4 win; advanced: 2 or 3 points and "
                "bonuses, 25 win", "choices": SCORINGS})
    end: str = attrs.field(default="target", validator=_choice(ENDS), metadata={
        "help": "target: the first to the points wins; rounds: also ends after every "
                "seat has dealt twice (advanced scoring only)", "choices": ENDS})

    def __attrs_post_init__(self) -> None:
        if self.end == "rounds" and self.scoring != "advanced":
            raise SetupError("end=rounds needs advanced scoring", code="bad_options",
                             path="end")

    @property
    def advanced(self) -> bool:
        """Whether bonuses count (and free purples take a colour)."""
        return self.scoring == "advanced"


def _tuple(value: object) -> object:
    # A list given in Python reads as the tuple it names; anything else is start's to judge.
    return tuple(value) if isinstance(value, list) else value


@attrs.frozen
class TsukuruSetup:
    """The recorded setup (TK4): the options, round 1's ``deal`` (the 61 tiles in dealt
    order: seat i's seven are ``deal[7i:7i+7]``, the rest the deck, top first) and the
    first ``dealer``. Later rounds' deals are chance moves in the log."""

    scoring: str
    end: str
    deal: tuple[str, ...] = attrs.field(converter=_tuple)
    dealer: int


@attrs.frozen
class Shown:
    """The last finish, public until the end of the next round (TK19): the finisher,
    its 8 tiles (concealed, with the taken tile), its open sets, the declared
    arrangement, the score and the round it was made in."""

    seat: int
    tiles: Counts
    open_sets: tuple[TileSet, ...]
    arrangement: Arrangement
    score: Score
    round: int
    source: int | None = None  # finishfrom: whose discard it took


def ranks_of(result: Result | None, scores: tuple[int, ...]) -> tuple[int, ...] | None:
    """Each seat's rank once the game is over (TK17): by points, equal points share a
    rank and the next is skipped (1, 1, 3); None while it goes on."""
    if result is None:
        return None
    return tuple(1 + sum(1 for other in scores if other > points) for points in scores)


@attrs.frozen(cache_hash=True)
class TsukuruState:
    """Everything about a game at one moment. Build it with the game's ``start``.

    ``concealed`` holds each seat's concealed tiles (counts), ``open_sets`` its open
    sets, ``discards`` its pile (oldest first). ``dealer`` deals the round in progress
    (its ``round``, from 1) and moves first in it; ``turns`` counts each seat's turns
    this round (Heaven is a finish in the first); ``scores`` are the points so far.
    In phase ``deal`` the game awaits the next round's deal and no seat moves.
    """

    options: TsukuruOptions
    deck: tuple[str, ...]
    concealed: tuple[Counts, ...]
    open_sets: tuple[tuple[TileSet, ...], ...]
    discards: tuple[tuple[str, ...], ...]
    dealer: int
    round: int
    turns: tuple[int, ...]
    scores: tuple[int, ...]
    phase: Phase
    active: int | None
    drawn: str | None = None
    shown: Shown | None = None
    ended: Literal["finish", "dry"] | None = None
    result: Result | None = None

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return len(self.concealed)

    @property
    def ranks(self) -> tuple[int, ...] | None:
        """Each seat's rank once the game is over (``ranks_of``), else None."""
        return ranks_of(self.result, self.scores)

    def hand_size(self, seat: int) -> int:
        """A seat's concealed tiles and open-set tiles (TK3)."""
        return sum(self.concealed[seat]) + 3 * len(self.open_sets[seat])

    def tile_count(self) -> int:
        """Every tile in every zone: always 61 (TK3)."""
        return (len(self.deck) + sum(sum(tiles) for tiles in self.concealed)
                + sum(3 * len(sets) for sets in self.open_sets)
                + sum(len(pile) for pile in self.discards))

    def __str__(self) -> str:
        lines = [f"round {self.round}, dealer seat {self.dealer}; deck: "
                 f"{plural(len(self.deck), 'tile')}"]
        for seat in range(self.num_players):
            opened = " ".join(str(shape) for shape in self.open_sets[seat])
            lines.append(f"seat {seat}: {plural(self.scores[seat], 'point')}; concealed "
                         f"{' '.join(tiles_of(self.concealed[seat])) or '(none)'}"
                         f"{'; open ' + opened if opened else ''}; discards "
                         f"{' '.join(self.discards[seat]) or '(none)'}")
        if self.shown is not None:
            shown = self.shown
            lines.append(f"last finish: seat {shown.seat} in round {shown.round}: "
                         f"{shown.arrangement or '(no set)'} "
                         f"({plural(shown.score.points, 'point')})")
        result = self.result
        if result is not None:
            winners = " and ".join(f"seat {seat}" for seat in result.winners)
            lines.append(f"{self.phase.value}: won by {winners} ({result.reason}); "
                         f"ranks {' '.join(map(str, self.ranks or ()))}")
        elif self.phase is Phase.DEAL:
            lines.append(f"deal: round {self.round + 1} awaits its deal")
        else:
            lines.append(f"{self.phase.value}: seat {self.active} to move")
        return "\n".join(lines)
