"""Tsukuru 10 Ten for learning agents: a fixed action index for every seat's move (an
``ActionTable`` over ``all_moves``) and a flat observation of a seat's view, both tabled
in docs/ai.md. Tile kinds are numbered in canonical order (0-18); an opponent ``o`` is
counted to the mover's left (0 the next seat). The 17,306 actions are the same for
every number of players: draw, a discard of each kind, a get of each opponent, pair of
concealed kinds and named colour, then a finish or finishfrom of each opponent with
each of ``ARRANGEMENTS``. The chance move (``*:deal ...``) has no index.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from aves_core.games.tsukuru.evaluator import SHAPES, TARGET, TileSet
from aves_core.games.tsukuru.moves import Discard, Draw, Finish, FinishFrom, Get, Move
from aves_core.games.tsukuru.phases import Phase
from aves_core.games.tsukuru.tiles import COPIES, INDEX, KINDS
from aves_core.games.tsukuru.views import TsukuruView
from aves_core.kernel.encoding import ActionTable

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["ARRANGEMENTS", "TsukuruEncoding", "all_moves"]

_K = len(KINDS)
PAIRS = tuple(itertools.combinations_with_replacement(range(_K), 2))
OPPONENTS = 3


def _arrangements() -> tuple[tuple[str, ...], ...]:
    """Every finish's tokens that can total 10: at most two sets (their values 10 or
    less), then at most one free purple's colour."""
    shapes = SHAPES
    found: list[tuple[str, ...]] = []
    declared: list[tuple[TileSet, ...]] = [()]
    for first, one in enumerate(shapes):
        declared.append((one,))
        for two in shapes[first:]:
            used = Counter(one.tiles) + Counter(two.tiles)
            if all(count <= COPIES[INDEX[code]] for code, count in used.items()):
                declared.append((one, two))
    for sets in declared:
        value = sum(shape.value for shape in sets)
        if value > TARGET:
            continue
        tokens = tuple(shape.token() for shape in sets)
        found.append(tokens)
        used = Counter(code for shape in sets for code in shape.tiles)
        for purple in ("P5", "P6", "P7", "P8"):
            if not used[purple] and value + int(purple[1]) <= TARGET:
                found.extend((*tokens, f"{purple}={colour}") for colour in "RB")
    return tuple(found)


ARRANGEMENTS = _arrangements()
"""Every arrangement a finish can declare, as its tokens: the finish actions' order."""
DRAW = 0
DISCARD = 1
GET = DISCARD + _K
FINISH = GET + OPPONENTS * len(PAIRS) * 3
ACTIONS = FINISH + (1 + OPPONENTS) * len(ARRANGEMENTS)


@functools.cache
def all_moves(num_players: int, seat: int) -> tuple[Move, ...]:
    """Every move ``seat`` could make, in the order of its action indices (the module's
    table). An opponent ``o`` that a game of ``num_players`` lacks is written as seat
    ``num_players + o``: a move never legal, so its index is never legal either."""

    def opponent(other: int) -> int:
        return (seat + 1 + other) % num_players if other < num_players - 1 else num_players + other

    gets = (Get(seat, opponent(other), KINDS[first] + KINDS[second] + named)
            for other in range(OPPONENTS) for first, second in PAIRS
            for named in ("", "=R", "=B"))
    finishing = (FinishFrom(seat, opponent(which - 1), tokens) if which else Finish(seat, tokens)
                 for which in range(1 + OPPONENTS) for tokens in ARRANGEMENTS)
    return (Draw(seat), *(Discard(seat, code) for code in KINDS), *gets, *finishing)


COUNT_SCALE = 4.0
# One seat's block: three values a kind, then five values.
S_OPEN, S_PILE, S_LAST = 0, _K, 2 * _K
S_SIZE, S_POINTS, S_DEALER, S_ACTIVE, S_SHOWN = range(3 * _K, 3 * _K + 5)
SEAT_BLOCK = S_SHOWN + 1
O_MINE, O_DRAWN, O_SEATS = 0, _K, 2 * _K
TOTALS = 60
_PHASES = {Phase.TURN: 0, Phase.DRAWN: 1, Phase.DISCARD: 2, Phase.DEAL: 3, Phase.GAME_END: 4}


def _values(counts: Sequence[int]) -> tuple[tuple[int, float], ...]:
    """The kinds ``counts`` holds, each with its value in an observation (count /4)."""
    return tuple((kind, held / COUNT_SCALE) for kind, held in enumerate(counts) if held)


# The tiles of piles, open sets and the last finish change seldom between steps: their
# values are cached by the tiles.
_spread = functools.lru_cache(maxsize=1 << 10)(_values)


@functools.lru_cache(maxsize=1 << 12)
def _tallied(pile: tuple[str, ...]) -> tuple[tuple[int, float], ...]:
    """The values of a discard pile's tiles. A pile grows by a tile a turn: those of
    the pile before it (cached), and its last tile."""
    if not pile:
        return ()
    values = dict(_tallied(pile[:-1]))
    kind = INDEX[pile[-1]]
    values[kind] = values.get(kind, 0.0) + 1 / COUNT_SCALE
    return tuple(sorted(values.items()))


@functools.lru_cache(maxsize=1 << 10)
def _opened(sets: tuple[TileSet, ...]) -> tuple[tuple[int, float], ...]:
    """The values of the tiles of a seat's open sets."""
    counts = [0] * _K
    for shape in sets:
        for code in shape.tiles:
            counts[INDEX[code]] += 1
    return _values(counts)


def _range(first: int, after: int) -> str:
    return f"{first}" if after - first == 1 else f"{first}-{after - 1}"


class TsukuruEncoding(ActionTable):
    """The encoding of Tsukuru for ``num_players`` seats (2 to 4): the actions (of
    ``all_moves``) are the same for all, the observation's size depends on the number of
    players."""

    def __init__(self, game: Any, num_players: int) -> None:
        super().__init__(game, num_players)
        count = num_players
        self.shown = O_SEATS + count * SEAT_BLOCK
        self.shown_points = self.shown + _K
        self.deck = self.shown_points + 1
        self.round = self.deck + 1
        self.phase = self.round + 1
        self.advanced = self.phase + len(_PHASES)
        self.rounds = self.advanced + 1
        self.totals = self.rounds + 1
        self.finishes = self.totals + TOTALS
        self.observation_size = self.finishes + 1

    def observe(self, view: TsukuruView, out: npt.NDArray[np.float32]) -> None:
        """The seat's observation (see the module's table). The env observes a view per
        step: the tiles of a pile, of open sets and of the last finish are counted once
        for each (cached), each value written once and zeros not at all (``out`` comes
        zeroed)."""
        me = view.seat if view.seat is not None else 0
        count = self.num_players
        if view.concealed is not None:  # a new hand at every step: not cached
            for kind, held in enumerate(view.concealed, O_MINE):
                if held:
                    out[kind] = held / COUNT_SCALE
        if view.drawn is not None:
            out[O_DRAWN + INDEX[view.drawn]] = 1.0
        shown = view.shown
        for offset in range(count):
            seat = (me + offset) % count
            base = O_SEATS + offset * SEAT_BLOCK
            sets = view.open_sets[seat]
            if sets:
                for kind, value in _opened(sets):
                    out[base + S_OPEN + kind] = value
            pile = view.discards[seat]
            if pile:
                for kind, value in _tallied(pile):
                    out[base + S_PILE + kind] = value
                out[base + S_LAST + INDEX[pile[-1]]] = 1.0
            out[base + S_SIZE] = view.hand_sizes[seat] / 8.0
            out[base + S_POINTS] = view.scores[seat] / 25.0
            if seat == view.dealer:
                out[base + S_DEALER] = 1.0
            if seat == view.active:
                out[base + S_ACTIVE] = 1.0
            if shown is not None and shown.seat == seat:
                out[base + S_SHOWN] = 1.0
        if shown is not None:
            for kind, value in _spread(shown.tiles):
                out[self.shown + kind] = value
            out[self.shown_points] = shown.score.points / 25.0
        out[self.deck] = view.deck_size / 61.0
        out[self.round] = view.round / 16.0
        out[self.phase + _PHASES[view.phase]] = 1.0
        if view.scoring == "advanced":
            out[self.advanced] = 1.0
        if view.end == "rounds":
            out[self.rounds] = 1.0
        for total in view.totals:
            if 0 <= total < TOTALS:
                out[self.totals + total] = 1.0
        if TARGET in view.totals:
            out[self.finishes] = 1.0

    def describe(self) -> list[tuple[str, str]]:
        """The layout, for docs/ai.md (the per-seat blocks for ``num_players``)."""
        arrangements = len(ARRANGEMENTS)
        return [
            (f"action {DRAW}", "draw"),
            (f"action {_range(DISCARD, GET)}", "discard a tile of kind k (R0-R7, B1-B7, "
             "P5-P8 = 0-18): 1+k"),
            (f"action {_range(GET, FINISH)}", "get opponent o's last discard (0 the next "
             "seat) with the pair p of concealed kinds i<=j (in order), c the colour named "
             f"for three purples (0 none, 1 red, 2 blue): {GET}+(o*{len(PAIRS)}+p)*3+c"),
            (f"action {_range(FINISH, ACTIONS)}", "finish (f 0) or finishfrom opponent o "
             f"(f 1+o) declaring arrangement a (ARRANGEMENTS, {arrangements}): "
             f"{FINISH}+f*{arrangements}+a"),
            (f"obs {_range(O_MINE, O_DRAWN)}", "my concealed tiles: count of each kind /4"),
            (f"obs {_range(O_DRAWN, O_SEATS)}", "the tile I just drew, one-hot"),
            (f"obs {_range(O_SEATS, self.shown)}", f"seat i (me, then to my left) at "
             f"{O_SEATS}+i*{SEAT_BLOCK}: +{_range(S_OPEN, S_PILE)} open sets' tiles /4, "
             f"+{_range(S_PILE, S_LAST)} discards /4, +{_range(S_LAST, S_SIZE)} last "
             f"discard one-hot, +{S_SIZE} hand size /8, +{S_POINTS} points /25, "
             f"+{S_DEALER} dealer, +{S_ACTIVE} to move, +{S_SHOWN} made the last finish"),
            (f"obs {_range(self.shown, self.shown_points)}", "the last finish's tiles /4"),
            (f"obs {self.shown_points}", "the last finish's points /25"),
            (f"obs {self.deck}", "deck size /61"),
            (f"obs {self.round}", "round /16"),
            (f"obs {_range(self.phase, self.advanced)}", "phase one-hot: turn, drawn, "
             "discard, deal, gameEnd"),
            (f"obs {self.advanced}", "1 under advanced scoring"),
            (f"obs {self.rounds}", "1 with end=rounds"),
            (f"obs {_range(self.totals, self.finishes)}", "1 at each total my hand's "
             "arrangements reach (0-59)"),
            (f"obs {self.finishes}", "1 when 10 is among them"),
        ]
