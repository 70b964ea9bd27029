"""Tsukuru 10 Ten's bots (docs/tsukuru.md, "Bots"): ``GreedyBot``, which keeps the tiles
whose *waits* are worth most (each unseen kind's chance of being the next tile times the
points finishing with it would score), the fast playout policy (``keep_value``) and the
search bot's hooks, whose horizon is the round.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter
from typing import Any

from aves_core.games.tsukuru.evaluator import TARGET, TileSet, finishes, score, totals
from aves_core.games.tsukuru.listing import finish_score, legal_moves, seat_moves
from aves_core.games.tsukuru.moves import Discard, Draw, Finish, FinishFrom, Get, Move
from aves_core.games.tsukuru.phases import Phase
from aves_core.games.tsukuru.rules import get_plan, transition
from aves_core.games.tsukuru.state import TsukuruOptions, TsukuruState
from aves_core.games.tsukuru.tiles import COPIES, INDEX, KINDS, Counts, counts_of, tiles_of
from aves_core.games.tsukuru.views import TsukuruView
from aves_core.kernel.bots import BestScoreBot, Bot, standard_bots
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result
from aves_core.kernel.search import SearchHooks

__all__ = ["GreedyBot", "bot_factories", "keep_value", "playout_move", "sample",
           "score_moves", "search_hooks", "unseen_tiles"]

FINISH = 1000.0
"""What a finish is worth to GreedyBot, before its points."""
PLAYOUT_MOVES = 200
"""How many moves a playout plays before it is judged (``cutoff``): more than a round
lasts (47 tiles in the deck of 2 players), so the cutoff is a guard."""
CLOSED = 1.0
"""The Closed bonus a get gives up under advanced scoring (TK13)."""
PRIOR = 30.0
"""The weight of the root's scores in the search's first visits (docs/tsukuru.md,
"Bots")."""


def unseen_tiles(view: TsukuruView) -> list[int]:
    """The tiles ``view.seat`` has not seen, as counts: every tile less its concealed
    ones, every open set and every discard (the others' concealed tiles and the deck)."""
    unseen = list(COPIES)
    for code in (*(tiles_of(view.concealed) if view.concealed else ()),
                 *(tile for sets in view.open_sets for shape in sets for tile in shape.tiles),
                 *(tile for pile in view.discards for tile in pile)):
        unseen[INDEX[code]] -= 1
    return unseen


def _add(counts: Counts, index: int, amount: int) -> Counts:
    return counts[:index] + (counts[index] + amount,) + counts[index + 1:]


class _Judge:
    """Values of hands for one decision of one seat."""

    def __init__(self, view: TsukuruView) -> None:
        assert view.seat is not None
        self.view, self.seat = view, view.seat
        self.advanced = view.scoring == "advanced"
        self.unseen = unseen_tiles(view)
        self.total = max(1, sum(self.unseen))
        self.opened = view.open_sets[view.seat]

    def points(self, concealed: Counts, opened: tuple[TileSet, ...], *, heaven: bool = False
               ) -> float:
        """The most a finish of these 8 tiles scores (0: none)."""
        found = finishes(concealed, opened, self.advanced)
        if not found:
            return 0.0
        if not self.advanced:
            return 1.0
        dealer = self.view.dealer == self.seat
        return float(max(score(concealed, opened, arrangement, advanced=True, dealer=dealer,
                               heaven=heaven).points for arrangement in found))

    def waits(self, concealed: Counts, opened: tuple[TileSet, ...]) -> float:
        """What 7 tiles are worth: each unseen kind's chance times the points of the
        finish it would make."""
        value = 0.0
        for index, count in enumerate(self.unseen):
            if count > 0:
                value += count * self.points(_add(concealed, index, 1), opened)
        return value / self.total

    def best_discard(self, concealed: Counts, opened: tuple[TileSet, ...]) -> float:
        """The waits of the best 7 of these 8 tiles."""
        return max(self.waits(_add(concealed, index, -1), opened)
                   for index, count in enumerate(concealed) if count)


def score_moves(view: TsukuruView) -> dict[Move, float]:
    """GreedyBot's value of each of ``view.legal_moves`` (see the module's docstring)."""
    moves = view.legal_moves
    if not moves or view.concealed is None:
        return {}
    judge = _Judge(view)
    concealed = view.concealed
    scores: dict[Move, float] = {}
    present = None
    for move in moves:
        kind = type(move)
        if kind is Finish or kind is FinishFrom:
            scores[move] = FINISH + finish_score(view, move, concealed,  # type: ignore[arg-type]
                                                 judge.advanced).points
        elif kind is Discard:
            scores[move] = judge.waits(_add(concealed, INDEX[move.tile], -1),  # type: ignore[union-attr]
                                       judge.opened)
        elif kind is Draw:
            present = judge.waits(concealed, judge.opened) if present is None else present
            scores[move] = present
        else:
            assert isinstance(move, Get)
            scores[move] = _get_value(judge, view, move, concealed)
    return scores


def _get_value(judge: _Judge, view: TsukuruView, move: Get, concealed: Counts) -> float:
    """The hand a get leaves after its best discard, less the Closed bonus it gives up
    (advanced), and a little less than drawing when equal (a get shows the hand)."""
    plan = get_plan(move.tiles, view.discards[move.source][-1])
    assert plan is not None  # a legal get
    needs, shape, _tiles = plan
    left = concealed
    for index, count in needs:
        left = _add(left, index, -count)
    opened = (*judge.opened, shape)
    value = judge.best_discard(left, opened) - 0.01
    if judge.advanced and not judge.opened:
        value -= CLOSED / judge.total
    return value


class GreedyBot(BestScoreBot[TsukuruView, Move]):
    """Plays the best-scoring legal move (``score_moves``), ties at random."""

    def scores(self, view: TsukuruView) -> dict[Move, float]:
        """``score_moves(view)``."""
        return score_moves(view)


# --- what a seat knows, and states drawn from it --------------------------------------


def sample(view: TsukuruView, rng: random.Random) -> TsukuruState:
    """A full state consistent with ``view``: the unseen tiles dealt uniformly to the
    other seats' concealed places and the deck (in random order)."""
    if not isinstance(view, TsukuruView) or view.seat is None or view.concealed is None:
        raise ArgumentError("sample needs a seat's TsukuruView")
    unseen = unseen_tiles(view)
    pool = [code for code, count in zip(KINDS, unseen, strict=True) for _ in range(count)]
    rng.shuffle(pool)
    concealed = []
    start = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            concealed.append(view.concealed)
            continue
        need = size - 3 * len(view.open_sets[seat])
        concealed.append(counts_of(pool[start:start + need]))
        start += need
    deck = tuple(pool[start:])
    if len(deck) != view.deck_size:
        raise ArgumentError("the view's hand and deck sizes do not fit its unseen tiles")
    return TsukuruState(TsukuruOptions(view.scoring, view.end), deck, tuple(concealed),
                        view.open_sets, view.discards, view.dealer, view.round, view.turns,
                        view.scores, view.phase, view.active, view.drawn, view.shown, None,
                        view.result)


# --- playouts --------------------------------------------------------------------------


_BY_VALUE = tuple(sum(count for code, count in zip(KINDS, COPIES, strict=True)
                      if int(code[1]) == value) for value in range(9))
"""How many of the 61 tiles have each face value (0 to 8)."""
WAIT = 100
"""What a tile of a needed value is worth to ``keep_value``, against 1 a point of
distance for a hand that needs no single tile."""


def keep_value(concealed: Counts, opened: tuple[TileSet, ...]) -> int:
    """A quick judge of 7 tiles: ``WAIT`` times how many of the 61 tiles would finish
    the hand as a tile in no set (docs/tsukuru.md, "Bots"); a hand with none loses the
    distance from its nearest total to the reach of one tile (2 to 10)."""
    reached = totals(concealed, opened)
    needed = {TARGET - total for total in reached if 2 <= total <= TARGET}
    if needed:
        return WAIT * sum(_BY_VALUE[value] for value in needed)
    return -min(total - TARGET if total > TARGET else 2 - total for total in reached)


def _keep_discard(concealed: Counts, opened: tuple[TileSet, ...], rng: random.Random
                  ) -> int:
    """The concealed kind whose discard leaves the best ``keep_value``, ties at random."""
    best, chosen = -1 << 30, []
    for index, count in enumerate(concealed):
        if count:
            value = keep_value(_add(concealed, index, -1), opened)
            if value > best:
                best, chosen = value, [index]
            elif value == best:
                chosen.append(index)
    return chosen[0] if len(chosen) == 1 else rng.choice(chosen)


def playout_move(state: TsukuruState, rng: random.Random) -> Move:
    """A fast policy for playouts: finish when possible (the first arrangement),
    otherwise draw, and discard to keep the most finishing chances (``keep_value``)."""
    player = state.active
    assert player is not None
    phase = state.phase
    draw, discards, _gets = seat_moves(player)
    if phase is not Phase.DISCARD:
        for move in legal_moves(state):
            if type(move) is Finish or type(move) is FinishFrom:
                return move
        if phase is Phase.TURN:
            return draw
    return discards[_keep_discard(state.concealed[player], state.open_sets[player], rng)]


def _waits(state: TsukuruState, seat: int, deck: Counts, size: int) -> float:
    """The chance that the seat's next draw finishes its hand (its 7 concealed tiles),
    from the deck of the drawn state."""
    concealed, opened = state.concealed[seat], state.open_sets[seat]
    found = 0
    for index, count in enumerate(deck):
        if count and finishes(_add(concealed, index, 1), opened):
            found += count
    return found / size


def _cutoff(state: TsukuruState) -> Result:
    """A playout stopped early: the most points win, then the hand likeliest to finish
    with its next draw."""
    deck = counts_of(state.deck)
    size = max(1, len(state.deck))
    values = [points + (0.5 * _waits(state, seat, deck, size)
                        if sum(state.concealed[seat]) + 3 * len(state.open_sets[seat]) == 7
                        else 0.0)
              for seat, points in enumerate(state.scores)]
    best = max(values)
    return Result(tuple(seat for seat, value in enumerate(values) if value >= best - 1e-9),
                  "target")


def _round_result(state: TsukuruState) -> Result | None:
    """The search's end of a walk or playout: the game's result, else, once the round
    is over, its finisher wins (a dry round: every seat shares the win)."""
    if state.result is not None or state.phase is not Phase.DEAL:
        return state.result
    if state.ended == "finish" and state.shown is not None:
        return Result((state.shown.seat,), "target")
    return Result(tuple(range(state.num_players)), "target")


TIE_BREAK = 1e-9
"""The weight of ``_outlook`` in the root's discard scores: far below a change of one
tile in GreedyBot's waits, so it only orders the discards greedy finds equal."""


def _outlook(concealed: Counts, opened: tuple[TileSet, ...], unseen: Sequence[int]
             ) -> int:
    """Two steps of ``keep_value`` for 7 tiles: over each unseen kind, by its count, the
    best ``keep_value`` after drawing it and discarding once more (about 1,000 cached
    ``totals`` lookups: for the root only)."""
    outlook = 0
    for index, count in enumerate(unseen):
        if count:
            drawn = _add(concealed, index, 1)
            outlook += count * max(keep_value(_add(drawn, other, -1), opened)
                                   for other, held in enumerate(drawn) if held)
    return outlook


def _root_scores(state: TsukuruState, knowledge: TsukuruView) -> Mapping[Move, float]:
    # Scored from the view, never from the drawn state's hidden tiles; greedy's equal
    # discards ordered by _outlook (docs/tsukuru.md, "Bots").
    scores = score_moves(knowledge)
    if knowledge.phase is not Phase.TURN:
        assert knowledge.concealed is not None
        assert knowledge.seat is not None
        concealed, opened = knowledge.concealed, knowledge.open_sets[knowledge.seat]
        unseen = unseen_tiles(knowledge)
        for move in scores:
            if type(move) is Discard:
                scores[move] += TIE_BREAK * _outlook(
                    _add(concealed, INDEX[move.tile], -1), opened, unseen)
    return scores


def search_hooks(game: Any) -> SearchHooks[TsukuruState, Move, TsukuruView]:
    """The hooks of the generic search bot for ``game`` (Tsukuru)."""
    return SearchHooks(
        knowledge=lambda view, _events: view,
        sample=sample,
        legal_moves=legal_moves,
        is_legal=game.is_legal,
        step=functools.partial(transition, events=None),
        mover=attrgetter("active"),
        result=_round_result,
        num_players=attrgetter("num_players"),
        playout_move=playout_move,
        cutoff=_cutoff,
        root_scores=_root_scores,
        chance=lambda state, _rng: state,  # the horizon is the round: no next deal
    )


def bot_factories(game: Any) -> dict[str, Callable[[str], Bot]]:
    """``random``, ``greedy`` and ``search`` for ``game`` (Tsukuru): the kernel's search
    (``search:N``, ``search:40ms``) with playouts of ``PLAYOUT_MOVES`` and the root's
    scores weighted by ``PRIOR``."""
    return standard_bots(game, greedy=GreedyBot, playout_moves=PLAYOUT_MOVES, prior=PRIOR)
