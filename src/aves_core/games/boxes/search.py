"""Boxes' search bot (docs/boxes.md, "Bots and their strength"): the hooks of the kernel's
IS-MCTS (``search_hooks``), the states drawn from what a seat knows (``sample``), the
fast policy of playouts (``playout_move``) and the quick end of a game (``finish``). The
tree holds the searching seat's moves only; the other seats play the policy from what
they know in the drawn state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from aves_core.games.boxes.bots import (
    SEALED_SHADE,
    Knowledge,
    commit_for,
    holding_value,
    least_payment,
    score_moves,
)
from aves_core.games.boxes.cards import CLOSED_CANONICAL, OPEN_CANONICAL, card_value, money_of
from aves_core.games.boxes.moves import Bid, Move, Pay, Seal
from aves_core.games.boxes.phases import Phase
from aves_core.games.boxes.rules import AUCTIONS, EXAMINES, PASSES, STOPS, legal_moves, step
from aves_core.games.boxes.state import CONTAINERS, OPEN_SLOTS, SLOTS, BoxesState, Look
from aves_core.games.boxes.views import PUBLIC
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Game, Result
from aves_core.kernel.search import SearchHooks

__all__ = ["SIGHT", "TEMPER", "finish", "playout_move", "sample", "search_hooks"]

TEMPER = 0.15
"""Another seat's ``temper`` is drawn from 1 - ``TEMPER`` to 1 + ``TEMPER``."""
SIGHT = 0.5
"""In ``finish``, a seat values a container to come at this share of what its cards add
to the seat's, the rest at the average container (it will examine only part of it)."""


# --- states drawn from what a seat knows ---------------------------------------------


@attrs.frozen(cache_hash=True)
class Drawn(BoxesState):
    """A ``BoxesState`` drawn by ``sample`` that also knows its search's ``horizon`` (the
    container after whose sale walks and playouts are judged), the searching seat
    ``me``, and each seat's ``temper``: how far from its estimate it bids (``me``: 1)."""

    horizon: int = CONTAINERS
    me: int = -1
    temper: tuple[float, ...] = ()


def sample(knowledge: Knowledge, rng: random.Random) -> BoxesState:
    """A full state consistent with ``knowledge``: each pile's unseen cards shuffled into
    its unknown places; every other seat's sealed commit, made or not, drawn by the
    playout policy from what that seat knows in the drawn state (none of them sees the
    seat's commit, so none may answer it in the search's tree)."""
    if not isinstance(knowledge, Knowledge):
        raise ArgumentError(f"sample needs a Knowledge, not {type(knowledge).__name__}")
    view = knowledge.view
    seat = view.seat
    piles = []
    for known, unseen in ((knowledge.closed, knowledge.closed_unseen),
                          (knowledge.open, knowledge.open_unseen)):
        pool = list(unseen)
        rng.shuffle(pool)
        cards = iter(pool)
        piles.append(tuple(card if card is not None else next(cards) for card in known))
    count = len(view.notes)
    state = Drawn(
        open_pile=piles[1], closed_pile=piles[0],
        first=(view.auctioneer - view.container + 1) % count,
        **{name: getattr(view, name) for name in PUBLIC},
        looks=tuple(Look(look.container, look.seat, look.slot) for look in view.looks),
        commits=(None,) * count if view.phase is Phase.SEALED_BID else (),
        order=view.committed, horizon=view.container, me=seat if seat is not None else -1,
        temper=tuple(1.0 if other == seat else rng.uniform(1 - TEMPER, 1 + TEMPER)
                     for other in range(count)))
    if view.phase is Phase.SEALED_BID:
        commits = tuple(view.my_commit if other == seat else _playout_commit(state, other)
                        for other in range(count))
        order = (*view.committed, *(other for other in range(count)
                                    if other != seat and other not in view.committed))
        state = attrs.evolve(state, commits=commits, order=order)
    return state


# --- playouts ------------------------------------------------------------------------

_CLOSED_MEAN = sum(map(card_value, CLOSED_CANONICAL)) / len(CLOSED_CANONICAL)
_OPEN_MEAN = sum(map(card_value, OPEN_CANONICAL)) / len(OPEN_CANONICAL)
MEAN_CONTAINER = 4 * _CLOSED_MEAN + 6 * _OPEN_MEAN
"""The average value of a container's 10 cards (about 867 ECU)."""


def _looked(state: BoxesState, seat: int) -> set[str]:
    """The slots ``seat`` examined in the container in play."""
    container = state.container
    return {look.slot for look in state.looks
            if look.container == container and look.seat == seat}


def _estimate(state: BoxesState, seat: int) -> float:
    """The container in play to ``seat`` in a drawn state: the cards it examined at their
    value, the others at their pile's mean, and what it adds to the seat's collections."""
    container = state.container
    seen = _looked(state, seat)
    value = 0.0
    known = []
    for slot, card in zip(SLOTS, state.container_cards(container), strict=True):
        if slot in seen:
            value += card_value(card)
            if card[0] != "N":
                known.append(card)
        else:
            value += _CLOSED_MEAN if slot[0] == "c" else _OPEN_MEAN
    if known:
        mine = [card for card in state.cards_of(seat) if card[0] != "N"]
        num, left = state.num_players, CONTAINERS - container
        value += (holding_value(mine + known, num, left) - sum(map(card_value, known))
                  - holding_value(mine, num, left))
    return value


def _temper(state: BoxesState, seat: int) -> float:
    temper: tuple[float, ...] = getattr(state, "temper", ())
    return temper[seat] if temper else 1.0


def _playout_commit(state: BoxesState, seat: int) -> tuple[int, ...]:
    target = _estimate(state, seat) * SEALED_SHADE * _temper(state, seat)
    return commit_for(state.notes[seat], target)


def playout_move(state: BoxesState, rng: random.Random | None = None) -> Move:
    """A fast policy for playouts (docs/boxes.md); it draws nothing: what varies from one
    drawn state to another is in the state (its cards, each seat's ``temper``)."""
    phase = state.phase
    if phase is Phase.EXAMINE:  # the first slot it can afford (closed first)
        seat = state.examiner
        assert seat is not None
        actions = state.actions
        if actions:
            done = _looked(state, seat)
            for slot in SLOTS if actions >= 2 else OPEN_SLOTS:
                if slot not in done:
                    return EXAMINES[seat][slot]
        return STOPS[seat]
    if phase is Phase.SEALED_BID:
        seat = next(other for other, notes in enumerate(state.commits) if notes is None)
        return Seal(seat, _playout_commit(state, seat))
    if phase is Phase.OPEN_AUCTION:
        bidder = state.turn
        assert bidder is not None
        standing = state.standing
        if standing is None:
            return Bid(bidder, 0)
        price = standing + 50
        limit = min(money_of(state.notes[bidder]),
                    _estimate(state, bidder) * _temper(state, bidder))
        if price > limit:
            return PASSES[bidder]
        if bidder == getattr(state, "me", -1):
            # The searching seat's playout bids at once what raising by 50 would come
            # to: just above the others' limit, or its own (the same sale, fewer moves).
            others = max(min(money_of(state.notes[other]),
                             _estimate(state, other) * _temper(state, other))
                         for other in state.bidders if other != bidder)
            return Bid(bidder, max(price, int(min(limit, others + 50)) // 50 * 50))
        return Bid(bidder, price)
    if phase is Phase.CHOOSE_AUCTION:
        auctioneer = state.auctioneer
        held = [money_of(notes) for notes in state.notes]
        richest = max(value for other, value in enumerate(held) if other != auctioneer)
        return AUCTIONS[auctioneer][0 if held[auctioneer] >= richest else 1]
    winner = state.winner
    assert winner is not None
    return Pay(winner, least_payment(state.notes[winner], state.price))


def _search_step(state: BoxesState, move: Move) -> BoxesState:
    """A move of the search's tree or playout, then the other seats' moves played by the
    policy, from what they know in the drawn state, until the searching seat alone is to
    move, the horizon's container is sold or the game ends."""
    state = step(state, move)
    me: int = state.me  # type: ignore[attr-defined]
    horizon: int = state.horizon  # type: ignore[attr-defined]
    while state.result is None and len(state.sales) < horizon:
        seats = state.to_move
        if me in seats:
            if len(seats) == 1:
                break
            # A sealed auction: the others commit first, blind to the seat's commit.
            other = next(seat for seat in seats if seat != me)
            state = step(state, Seal(other, _playout_commit(state, other)))
            continue
        state = step(state, playout_move(state))
    return state


def _winners(wealth: Sequence[float]) -> Result:
    best = max(wealth)
    return Result(tuple(seat for seat, value in enumerate(wealth) if value >= best - 1e-9),
                  "most_wealth")


def _cutoff(state: BoxesState) -> Result:
    """A playout stopped early: the seats of the most money and value of the cards they
    won (``holding_value``) share the win."""
    num = state.num_players
    left = CONTAINERS - len(state.sales)
    return _winners([money_of(state.notes[seat]) + holding_value(state.cards_of(seat), num, left)
                     for seat in range(num)])


def finish(state: BoxesState) -> Result:
    """The rest of a game after the sale of the search's horizon, by a quick model of the
    auctions to come, and its winners by wealth (BX18-BX20): each seat bids up to its
    value of a container (``SIGHT``, ``MEAN_CONTAINER``, its temper) or its money; the
    highest bid buys (the auctioneer on a tie) at the second, rounded down to 50."""
    num = state.num_players
    money = [money_of(notes) for notes in state.notes]
    cards = [list(state.cards_of(seat)) for seat in range(num)]
    first = state.first
    for container in range(len(state.sales) + 1, CONTAINERS + 1):
        left = CONTAINERS - container
        box = list(state.container_cards(container))
        auctioneer = (first + container - 1) % num
        bids = []
        for seat in range(num):
            held = cards[seat]
            gain = holding_value(held + box, num, left) - holding_value(held, num, left)
            value = (SIGHT * gain + (1 - SIGHT) * MEAN_CONTAINER) * _temper(state, seat)
            bids.append(min(value, money[seat]))
        buyer = max(range(num), key=lambda seat: (bids[seat], seat == auctioneer))
        second = max(bid for seat, bid in enumerate(bids) if seat != buyer)
        money[buyer] -= min(money[buyer], int(second) // 50 * 50)
        cards[buyer] += box
    return _winners([money[seat] + holding_value(cards[seat], num, 0) for seat in range(num)])


def _root_scores(state: BoxesState, knowledge: Knowledge) -> Mapping[Move, float]:
    # Greedy's scores of the view (not of the drawn state's hidden cards or commits), by
    # rank, 1 / (1 + rank): its first few choices stand out of the many bids and commits.
    scores = score_moves(knowledge.view, knowledge)
    order = sorted(scores, key=lambda move: -scores[move])
    return {move: 1.0 / (1 + rank) for rank, move in enumerate(order)}


def _result(state: BoxesState) -> Result | None:
    # The game's end, or the sale of the horizon's container and the rest by ``finish``.
    result = state.result
    if result is None and len(state.sales) >= state.horizon:  # type: ignore[attr-defined]
        return finish(state)
    return result


def search_hooks(game: Game[BoxesState, Move, Any, Any, Any, Any]
                 ) -> SearchHooks[BoxesState, Move, Knowledge]:
    """The hooks of the generic search bot for ``game`` (Boxes)."""
    return SearchHooks(
        knowledge=lambda view, events: Knowledge.of(view),
        sample=sample,
        legal_moves=legal_moves,
        is_legal=game.is_legal,
        step=_search_step,
        mover=lambda state: next(iter(state.to_move), None),  # sealed: the first yet to commit
        result=_result,
        num_players=lambda state: state.num_players,
        playout_move=playout_move,
        cutoff=_cutoff,
        root_scores=_root_scores,
    )


