"""Draft Cider's bots (docs/draft-cider.md, "Bots and their strength"): GreedyBot,
which plays the best gain in points plus the change in what the lots it touches
promise (``potential``); the search's hooks, which draw the unseen cards below the pool
in a random order (``sample``), score the root by GreedyBot and play out the game by a
quick table of gains (``playout_move``). Each plays from its seat's view alone: the
unseen cards as a set, never the deck's order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise
from operator import attrgetter
from typing import Any

from aves_core.games.draft_cider.cards import COLOUR, DECK, HEIGHT, LOT_INDEX, LOTS, SWEETNESS
from aves_core.games.draft_cider.lots import ODD_PRIMES, Orchard, accepting, plant, tree_intact
from aves_core.games.draft_cider.moves import Move, Pick
from aves_core.games.draft_cider.rules import legal_moves, picks_of, transition, winners
from aves_core.games.draft_cider.state import (
    CARDS_PER_SEAT,
    DraftCiderOptions,
    DraftCiderState,
    cards_per_round,
)
from aves_core.games.draft_cider.views import DraftCiderView
from aves_core.kernel.bots import BestScoreBot, Bot, standard_bots
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result
from aves_core.kernel.search import SearchHooks

__all__ = ["LOOKAHEAD", "PLAYOUT_MOVES", "PRIOR", "GreedyBot", "bot_factories",
           "playout_move", "potential", "sample", "score_moves", "search_hooks",
           "unseen_cards"]

LOOKAHEAD = 0.4
"""What a lot's next gain counts for before the card is there (``potential``)."""
SPREAD = 1.0
"""How many cards a future pick chooses from, roughly: ``reach`` gives each of the
seat's picks to come ``SPREAD`` draws at the cards still to come."""
PLAYOUT_MOVES = 200
"""How many moves a playout plays before ``cutoff`` judges it: more than the longest
game (72 picks), so playouts reach the end."""
PRIOR = 10.0
"""The weight of GreedyBot's scores in the search's first visits (progressive bias).
Against greedy, search:100 won 0.68 of 100 heads-up games with 10, 0.61 with 3 (the
kernel's default) and 0.56 with 30."""
NOISE = 1.0
"""The playout policy's noise: a uniform draw in [0, NOISE) added to each pick's value
(0.3 and 3 did no better at search:100). Alone, the policy wins about 0.32 of its
heads-up games against greedy and all of them against random play."""

_MONO, _FEATHER, _TREE, _UNLUCKY, _FORTE, _COUPLE, _STABLE, _BAD = range(len(LOTS))
_TREE_POINTS = 20
_DECK = frozenset(DECK)
_STEPS = (*(b - a for a, b in pairwise((0, *ODD_PRIMES))), 0)
"""``stable``'s gain from n to n + 1 cards (n = 0..12; none past 12)."""


# --- values ---------------------------------------------------------------------------


def unseen_cards(pool: Sequence[str], orchards: Sequence[Orchard]) -> frozenset[str]:
    """The cards not on the table: neither in ``pool`` nor in any orchard. As a set,
    the deck below the pool (its order is hidden from every seat, DC20)."""
    return _DECK.difference(pool, *(cards for orchard in orchards for cards in orchard))


def _reach(accepted: frozenset[str], coming: frozenset[str], left: int) -> float:
    """The chance, roughly, that one of ``left`` picks finds a card of ``accepted``
    among the cards still ``coming``."""
    if left <= 0 or not coming:
        return 0.0
    share = len(accepted & coming) / len(coming)
    return 1.0 - float((1.0 - share) ** (SPREAD * left))


def potential(orchard: Orchard, lot: int, left: int, coming: frozenset[str],
              accepted: tuple[frozenset[str], ...] | None = None) -> float:
    """What lot number ``lot`` of ``orchard`` promises beyond its score, with ``left``
    picks of the seat to come and ``coming`` the cards that may still come (``accepted``:
    ``accepting(orchard)`` when known): the next card's gain, times ``LOOKAHEAD``, times
    the chance that a pick finds a card the lot accepts. ``mono``, ``feather`` and
    ``stable`` promise their next step; ``unlucky`` below 13 the square it could reach;
    an open half of ``forte`` or ``couple`` its pair; an empty ``tree`` its 20."""
    if left <= 0 or lot == _BAD:
        return 0.0
    cards = orchard[lot]
    n = len(cards)
    if lot == _UNLUCKY:
        need = 13 - sum(SWEETNESS[card] for card in cards)
        if need <= 0:
            return 0.0
        if need <= 5:
            wanted = frozenset(card for card in coming if SWEETNESS[card] == need)
            return LOOKAHEAD * (n + 1) ** 2 * _reach(wanted, coming, left)
        k = -(-need // 5)
        return LOOKAHEAD ** k * (n + k) ** 2 if k <= left else 0.0
    if accepted is None:
        accepted = accepting(orchard)
    if lot == _TREE:
        return LOOKAHEAD * _TREE_POINTS * _reach(accepted[_TREE], coming, left) if not n else 0.0
    if lot in (_FORTE, _COUPLE):
        if n % 2 == 0:
            return 0.0
        if lot == _COUPLE:
            return LOOKAHEAD * 7 * _reach(accepted[_COUPLE], coming, left)
        height = HEIGHT[cards[-1]]
        best = max((abs(HEIGHT[card] - height) for card in coming), default=0.0)
        far = frozenset(card for card in coming if abs(HEIGHT[card] - height) >= best - 1)
        return LOOKAHEAD * 2 * (best - 0.5) * _reach(far, coming, left) if best else 0.0
    if not n:
        return 0.0
    gain = n + 1 if lot == _MONO else 2 * n if lot == _FEATHER else _STEPS[n]
    return LOOKAHEAD * gain * _reach(accepted[lot], coming, left)


def score_moves(view: DraftCiderView) -> dict[Move, float]:
    """GreedyBot's value of each of ``view.legal_moves``: the gain in the seat's score
    plus the change in the potential of the lots the move touches (the lot that takes
    the card, and an empty tree whose colours it closes)."""
    moves = view.legal_moves
    seat = view.seat
    if not moves or seat is None:
        return {}
    orchard = view.orchards[seat]
    now = view.scores[seat]
    left = CARDS_PER_SEAT - sum(len(cards) for cards in orchard) - 1
    coming = unseen_cards(view.pool, view.orchards)
    before_accepted = accepting(orchard)
    tree_before = potential(orchard, _TREE, left, coming, before_accepted)
    scores: dict[Move, float] = {}
    for move, total in zip(moves, view.score_after, strict=True):
        index = LOT_INDEX[move.lot]
        without = coming - {move.card}
        planted = plant(orchard, index, move.card)
        accepted = accepting(planted)
        change = (potential(planted, index, left, without, accepted)
                  - potential(orchard, index, left, without, before_accepted))
        if index != _TREE and not orchard[_TREE]:
            change += potential(planted, _TREE, left, without, accepted) - tree_before
        scores[move] = total - now + change
    return scores


class GreedyBot(BestScoreBot[DraftCiderView, Move]):
    """Plays the best-scoring legal move (``score_moves``), ties at random."""

    scores = staticmethod(score_moves)


# --- what a seat knows, and states drawn from it ----------------------------------------


def _knowledge(view: DraftCiderView, events: Sequence[Any]) -> DraftCiderView:
    if not isinstance(view, DraftCiderView) or view.seat is None:
        raise ArgumentError("the search needs a seat's DraftCiderView, not a spectator's")
    return view


def sample(view: DraftCiderView, rng: random.Random) -> DraftCiderState:
    """A full state consistent with ``view``: the table as it is, and below the pool
    the unseen cards in a random order. The dealt part of the deck holds the orchards'
    cards and the pool (its former order is never read again: later pools come from
    below the pool)."""
    if not isinstance(view, DraftCiderView) or view.seat is None or view.active is None:
        raise ArgumentError("sample needs the view of the seat to pick")
    count = len(view.orchards)
    size = cards_per_round(count) * count
    picked = size - len(view.pool)
    round_first = (view.active - picked) % count
    first = (round_first - (view.round - 1)) % count
    dealt = [card for orchard in view.orchards for cards in orchard for card in cards]
    unseen = sorted(unseen_cards(view.pool, view.orchards))
    rng.shuffle(unseen)
    if len(unseen) != view.undealt:
        raise ArgumentError("the view's undealt count does not fit its table")
    return DraftCiderState(DraftCiderOptions(view.bad_points),
                           (*dealt, *view.pool, *unseen), first, view.round, view.pool,
                           view.orchards, view.phase, view.active, None)


# --- playouts ---------------------------------------------------------------------------


def playout_move(state: DraftCiderState, rng: random.Random) -> Move:
    """A fast policy for playouts: the pick of the best quick value (the lot's
    immediate gain, a broken tree's loss, small bonuses for an open pair, a growing
    lot and an unlucky sum one card from 13), plus a uniform draw below ``NOISE``."""
    player = state.active
    assert player is not None
    orchard = state.orchards[player]
    bad = state.options.bad_points
    mono, feather, tree, unlucky, forte, couple, stable, _bad = orchard
    acc = accepting(orchard)
    tree_colour = tree[0][0] if tree and tree_intact(orchard) else None
    sweet = sum(SWEETNESS[card] for card in unlucky)
    u = len(unlucky)
    forte_open = len(forte) % 2
    last_height = HEIGHT[forte[-1]] if forte_open else 0
    stable_gain = _STEPS[len(stable)]
    mono_gain = len(mono) + 1
    feather_gain = 2 * len(feather) + (1 if feather else 0.5)
    couple_gain = 7.0 if len(couple) % 2 else 2.0
    best = -1e9
    chosen: Pick | None = None
    random_ = rng.random
    for card in state.pool:
        colour = COLOUR[card]
        breaks = -_TREE_POINTS if colour == tree_colour else 0
        height = HEIGHT[card]
        values = [(_UNLUCKY, _unlucky_gain(sweet, u, SWEETNESS[card]) + breaks), (_BAD, bad)]
        if card in acc[_MONO]:
            values.append((_MONO, mono_gain + breaks))
        if card in acc[_FEATHER]:
            values.append((_FEATHER, feather_gain + breaks))
        if card in acc[_TREE]:
            values.append((_TREE, _TREE_POINTS))
        if card in acc[_FORTE]:
            values.append((_FORTE, (2 * abs(height - last_height) if forte_open
                                    else max(height - 1, 5 - height) - 1.0) + breaks))
        if card in acc[_COUPLE]:
            values.append((_COUPLE, couple_gain + breaks))
        if card in acc[_STABLE]:
            values.append((_STABLE, stable_gain + breaks))
        for lot, value in values:
            value += NOISE * random_()
            if value > best:
                best, chosen = value, picks_of(player)[card][lot]
    assert chosen is not None
    return chosen


def _unlucky_gain(sweet: int, count: int, sweetness: int) -> float:
    after = sweet + sweetness
    if after == 13:
        return float((count + 1) ** 2)
    if sweet == 13:
        return float(-count * count)
    if after < 13 and 13 - after <= 5:
        return 1.0
    return 0.0


def _cutoff(state: DraftCiderState) -> Result:
    """A playout stopped early: the seats of the highest running score share the win."""
    return Result(winners(state.scores), "most_points")


def _root_scores(state: DraftCiderState, knowledge: DraftCiderView) -> Mapping[Move, float]:
    # Scored from the view, never from the drawn state's deck.
    return score_moves(knowledge)


def search_hooks(game: Any) -> SearchHooks[DraftCiderState, Move, DraftCiderView]:
    """The hooks of the generic search bot for ``game`` (Draft Cider)."""
    return SearchHooks(
        knowledge=_knowledge,
        sample=sample,
        legal_moves=legal_moves,
        is_legal=game.is_legal,
        step=transition,
        mover=attrgetter("active"),
        result=attrgetter("result"),
        num_players=attrgetter("num_players"),
        playout_move=playout_move,
        cutoff=_cutoff,
        root_scores=_root_scores,
    )


def bot_factories(game: Any) -> dict[str, Callable[[str], Bot]]:
    """``random``, ``greedy`` and ``search`` for ``game`` (Draft Cider): the kernel's
    search (``search:N``, ``search:40ms``) with playouts of ``PLAYOUT_MOVES`` and the
    root's scores weighted by ``PRIOR``."""
    return standard_bots(game, greedy=GreedyBot, playout_moves=PLAYOUT_MOVES, prior=PRIOR)
