"""Boxes' bots: GreedyBot, what a seat knows, the states drawn from it, the fast playout
policy and the search bot's hooks.

**Values.** What a seat knows of the 60 cards is the cards of the slots it examined
and of the containers it won (BX22); every other card is *unseen*, and an unseen
slot of a closed (or open) pile holds one of the unseen closed (open) cards, all
equally likely. A set of cards is worth (``holding_value``) its cards' ECU, 250 a
collection (BX19), and for each colour still short of its next collection a share
of that 250 (``PROGRESS`` times the fraction of the cards it needs, squared, times
the share of containers still to come): what the cards may become. The container
in play is worth to a seat (``container_value``) what adding it to the cards it
won adds to their value: known cards at their value, the others on average over
``SAMPLES`` draws of the unseen cards (a fixed generator: the value is a function of
the view).

**GreedyBot** (``greedy``) plays the best move one step ahead, from its view alone
(never a hidden card; ties at random with its ``rng``):

- *Choose*: ``open`` when it holds at least as much money as every other seat (in an
  open auction the richest can outbid anyone), else ``sealed``.
- *Examine*: the slot with the most expected information per action: the variance of
  the slot's value over the unseen cards of its pile, divided by its cost (2 for a
  closed slot, 1 for an open one); looking is free, so it never stops while a slot
  is affordable.
- *Open auction*: the opener bids 0; then it raises by the least step (50) while what
  it would pay for that bid (the least sum of notes reaching it, BX17) is below the
  container's value to it, else passes. A seat may not jump: a jump pays more.
- *Sealed auction*: it commits the notes whose sum is the largest not above
  ``SEALED_SHADE`` times the container's value to it (bidding below value, as in
  any first-price auction) and never more than 50 above the money of the richest
  other seat; among commits of one sum, the fewest notes.
- *Payment*: the least sum (the least waste, BX17), then the fewest notes: small
  notes kept pay the next price more exactly.

**Search** (``search``, ``search:N``, ``search:40ms``) is the kernel's IS-MCTS through
``search_hooks()``, planning the seat's own moves against the others played by the
policy below. ``Knowledge`` is the seat's view, the cards it knows by place and the
unseen cards of each pile; ``sample`` puts the unseen cards of each pile in its
unknown places in a random order, draws each other seat's ``temper`` (how far above
or below its own estimate it bids, 1 +- ``TEMPER``) and, in a sealed auction, every
other seat's commit, made or not, by the policy from what that seat knows in the
drawn state (the real commits are never read, and no seat answers the seat's commit
in the tree). The search's ``step`` plays a move and then the other seats' moves by
the policy until the seat is to move again (``_forward``): the tree holds the seat's
moves only. The policy (``playout_move``) chooses the auction by money, examines the
closed slots then an open one, bids and commits by each seat's estimate of the
container (the cards it examined in the drawn state, the others at their pile's
mean, times its temper; sealed at ``SEALED_SHADE`` of it) raising by 50, and pays
with the least waste. Walks and playouts end when the container in play is sold:
``judge_sale`` gives the buyer the win when its gain (what the cards add to
``holding_value``, as drawn, less what it paid) beats a threshold drawn uniformly
in +-``JUDGE_RANGE``, else the others share it, so a bargain counts more than a fair
price. GreedyBot's order of the root's moves and a strong progressive bias
(``PRIOR``, with a narrow ``WIDENING``) keep a small budget on greedy's first few
choices until the playouts clearly prefer another. The search thinks as long with
one legal move as with many (the kernel's ``steady``): its time never tells whether
a seat had a choice.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from aves_core.games.boxes.cards import (
    CLOSED_CANONICAL,
    COLOURS,
    OPEN_CANONICAL,
    Notes,
    money_of,
)
from aves_core.games.boxes.events import Event
from aves_core.games.boxes.moves import Auction, Bid, Examine, Move, Pass, Pay, Seal, Stop
from aves_core.games.boxes.phases import Phase
from aves_core.games.boxes.rules import (
    is_legal,
    legal_moves,
    payments,
    seal_choices,
    step,
    to_move,
)
from aves_core.games.boxes.setup import MAX_PLAYERS
from aves_core.games.boxes.state import (
    CONTAINERS,
    OPEN_SLOTS,
    SLOTS,
    BoxesState,
    Look,
    slot_index,
)
from aves_core.games.boxes.views import BoxesView
from aves_core.kernel.bots import Bot, standard_bots
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result
from aves_core.kernel.search import SearchHooks

__all__ = [
    "PLAYOUT_MOVES",
    "GreedyBot",
    "Knowledge",
    "bot_factories",
    "container_value",
    "holding_value",
    "playout_move",
    "sample",
    "score_moves",
    "search_hooks",
]

PROGRESS = 0.5
"""A colour short of its next collection counts this share of 250 times the fraction
of the cards it needs, squared, times the share of containers to come."""
SAMPLES = 24
"""Draws of the unseen cards that average a container's collections."""
SEALED_SHADE = 0.8
"""A sealed bid is at most this share of the container's value to the bidder."""
PLAYOUT_MOVES = 200
"""How many moves a playout plays before ``cutoff`` judges it."""
WIDENING = 0.5
"""The search's progressive widening: fewer root moves than the kernel's default, so
its iterations go to greedy's first choices (the many bids and commits)."""
PRIOR = 10.0
"""The search's progressive bias: greedy's order counts until the playouts disagree
clearly."""
TEMPER = 0.15
"""Another seat's ``temper`` is drawn from 1 - ``TEMPER`` to 1 + ``TEMPER``."""
JUDGE_RANGE = 600.0
"""The search judges a sale by its buyer's gain against a threshold drawn from
-``JUDGE_RANGE`` to ``JUDGE_RANGE`` (``judge_sale``)."""
COLLECTION = 250
_COST = {slot: 2 if slot[0] == "c" else 1 for slot in SLOTS}


# --- values --------------------------------------------------------------------------


def _value(card: str) -> int:
    return int(card[1:])


def holding_value(cards: Sequence[str], num_players: int, containers_left: int) -> float:
    """What ``cards`` are worth to a seat: their ECU, 250 a collection, and what a colour
    short of its next collection may become (see the module's docstring) while
    ``containers_left`` containers are still to be sold."""
    size = 4 if num_players == 2 else 3
    total = 0.0
    held = dict.fromkeys(COLOURS, 0)
    twofifty = dict.fromkeys(COLOURS, 0)
    for card in cards:
        total += _value(card)
        colour = card[0]
        if colour in held:
            held[colour] += 1
            if card[1:] == "250":
                twofifty[colour] += 1
    future = PROGRESS * COLLECTION * containers_left / CONTAINERS
    for colour in COLOURS:
        count, tops = held[colour], twofifty[colour]
        made = min(tops, count // size)
        total += COLLECTION * made
        if made < 2 and future:
            short = count - made * size
            if short > 0:
                fraction = min(1.0, short / size) * (1.0 if tops > made else 0.5)
                total += future * fraction * fraction
    return total


def _mean(pool: Sequence[str], fallback: float) -> float:
    return sum(_value(card) for card in pool) / len(pool) if pool else fallback


@attrs.frozen
class Knowledge:
    """What one seat knows of a game: its ``view``; ``closed`` and ``open``, each pile's
    cards by place (None where the seat has not seen the card); the unseen cards of
    each pile (``closed_unseen``, ``open_unseen``)."""

    view: BoxesView
    closed: tuple[str | None, ...]
    open: tuple[str | None, ...]
    closed_unseen: tuple[str, ...]
    open_unseen: tuple[str, ...]

    @classmethod
    def of(cls, view: BoxesView) -> Knowledge:
        """The knowledge of ``view.seat`` (a seat's view, not a spectator's)."""
        if not isinstance(view, BoxesView) or view.seat is None:
            raise ArgumentError("Knowledge needs a seat's BoxesView, not a spectator's")
        piles: tuple[list[str | None], list[str | None]] = ([None] * 24, [None] * 36)
        for look in view.looks:
            if look.card is not None:
                closed, index = slot_index(look.container, look.slot)
                piles[0 if closed else 1][index] = look.card
        for won in view.my_containers:
            for slot, card in zip(SLOTS, won.cards, strict=True):
                closed, index = slot_index(won.container, slot)
                piles[0 if closed else 1][index] = card
        unseen = []
        for pile, canonical in zip(piles, (CLOSED_CANONICAL, OPEN_CANONICAL), strict=True):
            left = Counter(canonical)
            left.subtract(card for card in pile if card is not None)
            unseen.append(tuple(sorted(left.elements())))
        return cls(view, tuple(piles[0]), tuple(piles[1]), unseen[0], unseen[1])


def container_value(knowledge: Knowledge, container: int | None = None) -> float:
    """What winning ``container`` (by default the one in play) adds to the value of the
    cards the seat won (``holding_value``), on average over ``SAMPLES`` draws of the
    cards it has not seen, from a fixed generator."""
    view = knowledge.view
    container = view.container if container is None else container
    num = len(view.notes)
    mine = [card for won in view.my_containers for card in won.cards]
    left = CONTAINERS - container
    base = holding_value(mine, num, left)
    known: list[str] = []
    closed_missing = open_missing = 0
    for slot in SLOTS:
        closed, index = slot_index(container, slot)
        card = (knowledge.closed if closed else knowledge.open)[index]
        if card is not None:
            known.append(card)
        elif closed:
            closed_missing += 1
        else:
            open_missing += 1
    if not closed_missing and not open_missing:
        return holding_value(mine + known, num, left) - base
    rng = random.Random(container)
    closed_pool, open_pool = list(knowledge.closed_unseen), list(knowledge.open_unseen)
    total = 0.0
    for _ in range(SAMPLES):
        drawn = (rng.sample(closed_pool, min(closed_missing, len(closed_pool)))
                 + rng.sample(open_pool, min(open_missing, len(open_pool))))
        total += holding_value(mine + known + drawn, num, left)
    return total / SAMPLES - base


def _variance(pool: Sequence[str]) -> float:
    if not pool:
        return 0.0
    values = [_value(card) for card in pool]
    mean = sum(values) / len(values)
    return sum((value - mean) ** 2 for value in values) / len(values)


# --- notes ---------------------------------------------------------------------------

_LEAST_PAY: dict[tuple[Notes, int], tuple[int, ...]] = {}
_COMMITS: dict[Notes, dict[int, tuple[int, ...]]] = {}


def least_payment(counts: Notes, price: int) -> tuple[int, ...]:
    """The way to pay ``price`` from ``counts`` with the least sum, then the fewest
    notes (BX17)."""
    key = (counts, price)
    found = _LEAST_PAY.get(key)
    if found is None:
        found = _LEAST_PAY[key] = min(payments(counts, price),
                                      key=lambda notes: (sum(notes), len(notes), notes))
    return found


def _commits(counts: Notes) -> dict[int, tuple[int, ...]]:
    """For each sum a commit from ``counts`` can make, its commit with the fewest
    notes."""
    found = _COMMITS.get(counts)
    if found is None:
        found = {}
        for notes in seal_choices(0, counts):
            total = sum(notes)
            best = found.get(total)
            if best is None or len(notes) < len(best):
                found[total] = notes
        _COMMITS[counts] = found
    return found


def commit_for(counts: Notes, target: float) -> tuple[int, ...]:
    """The commit whose sum is the largest not above ``target`` (fewest notes)."""
    commits = _commits(counts)
    amount = max(0, int(min(target, money_of(counts))) // 50 * 50)
    while amount not in commits:
        amount -= 50
    return commits[amount]


def _sealed_target(view: BoxesView, value: float, seat: int) -> float:
    richest = max(money for other, money in enumerate(view.money) if other != seat)
    return min(SEALED_SHADE * value, richest + 50)


# --- GreedyBot -----------------------------------------------------------------------


def score_moves(view: BoxesView, knowledge: Knowledge | None = None) -> dict[Move, float]:
    """GreedyBot's score of each of ``view``'s legal moves (see the module's docstring):
    the move it plays scores highest; empty when the seat is not to move."""
    moves = view.legal_moves
    if not moves:
        return {}
    seat = view.seat
    assert seat is not None
    phase = view.phase
    if phase is Phase.CHOOSE_AUCTION:
        richest = max(money for other, money in enumerate(view.money) if other != seat)
        prefer = "open" if view.money[seat] >= richest else "sealed"
        return {move: 1.0 if isinstance(move, Auction) and move.kind == prefer else 0.0
                for move in moves}
    if knowledge is None:
        knowledge = Knowledge.of(view)
    if phase is Phase.EXAMINE:
        spread = {True: _variance(knowledge.closed_unseen),
                  False: _variance(knowledge.open_unseen)}
        return {move: spread[move.slot[0] == "c"] / _COST[move.slot] / 1000.0
                if isinstance(move, Examine) else 0.0 for move in moves}
    counts = view.notes[seat]
    if phase is Phase.PAYMENT:
        return {move: -(sum(move.notes) - view.price) / 50 - 0.01 * len(move.notes)
                if isinstance(move, Pay) else 0.0 for move in moves}
    value = container_value(knowledge)
    if phase is Phase.SEALED_BID:
        target = _sealed_target(view, value, seat)
        best = commit_for(counts, target)
        fewest = _commits(counts)
        scores: dict[Move, float] = {}
        for move in moves:
            assert isinstance(move, Seal)
            total = sum(move.notes)
            distance = (sum(best) - total) / 50
            score = -distance if distance >= 0 else distance * 1.5
            scores[move] = score - 3.0 * (len(move.notes) - len(fewest[total]))
        return scores
    # Open auction: the opener bids 0; then the least raise while it pays off.
    scores = {}
    lowest = 0 if view.standing is None else view.standing + 50
    for move in moves:
        if isinstance(move, Pass):
            scores[move] = 0.0
            continue
        assert isinstance(move, Bid)
        jump = (move.amount - lowest) / 50
        if view.standing is None:
            scores[move] = 1.0 - jump
        else:
            paid = sum(least_payment(counts, move.amount))
            scores[move] = (value - paid) / 50 - jump
    return scores


class GreedyBot:
    """Plays the best-scoring legal move (``score_moves``), ties at random."""

    name = "greedy"
    uses_events = False

    def choose(self, view: BoxesView, events: Sequence[Event], rng: random.Random) -> Move:
        """The best of ``view.legal_moves`` by ``score_moves``."""
        scores = score_moves(view)
        top = max(scores.values())
        best = [move for move in view.legal_moves if scores[move] >= top - 1e-9]
        return best[0] if len(best) == 1 else rng.choice(best)


# --- states drawn from what a seat knows ---------------------------------------------


@attrs.frozen(cache_hash=True)
class Drawn(BoxesState):
    """A state drawn by ``sample``: a ``BoxesState`` that also knows its search's
    ``horizon``, the container after whose sale walks and playouts are judged; the
    searching seat (``me``); the ``threshold`` its judgement draws (``judge_sale``); and
    each seat's ``temper``, how far above or below its estimate the policy makes it
    bid (1 for ``me``)."""

    horizon: int = CONTAINERS
    threshold: float = 0.0
    me: int = -1
    temper: tuple[float, ...] = ()


def sample(knowledge: Knowledge, rng: random.Random) -> BoxesState:
    """A full state consistent with ``knowledge``: each pile's unseen cards shuffled into
    its unknown places; another seat's sealed commit, when it has committed, drawn by
    the playout policy from what that seat knows in the drawn state."""
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
        first=(view.auctioneer - view.container + 1) % count, notes=view.notes,
        container=view.container, phase=view.phase, auction=view.auction,
        examiner=view.examiner, actions=view.actions,
        looks=tuple(Look(look.container, look.seat, look.slot) for look in view.looks),
        commits=(None,) * count if view.phase is Phase.SEALED_BID else (),
        order=view.committed, revealed=view.revealed, bidders=view.bidders,
        standing=view.standing, holder=view.holder, turn=view.turn, winner=view.winner,
        price=view.price, sales=view.sales, result=view.result, horizon=view.container,
        threshold=rng.uniform(-JUDGE_RANGE, JUDGE_RANGE), me=seat if seat is not None else -1,
        temper=tuple(1.0 if other == seat else rng.uniform(1 - TEMPER, 1 + TEMPER)
                     for other in range(len(view.notes))))
    if view.phase is Phase.SEALED_BID:
        # Every other seat's commit is drawn, made or not: none of them sees the seat's
        # commit, so none may answer it in the search's tree.
        commits: list[tuple[int, ...] | None] = [None] * count
        order = list(view.committed)
        for other in range(count):
            if other == seat:
                commits[other] = view.my_commit
            else:
                commits[other] = _playout_commit(state, other)
                if other not in order:
                    order.append(other)
        state = attrs.evolve(state, commits=tuple(commits), order=tuple(order))
    return state


# --- playouts ------------------------------------------------------------------------

_AUCTIONS = tuple((Auction(seat, "open"), Auction(seat, "sealed"))
                  for seat in range(MAX_PLAYERS))
_STOPS = tuple(Stop(seat) for seat in range(MAX_PLAYERS))
_EXAMINES = tuple({slot: Examine(seat, slot) for slot in SLOTS} for seat in range(MAX_PLAYERS))
_PASSES = tuple(Pass(seat) for seat in range(MAX_PLAYERS))
_CLOSED_MEAN = _mean(CLOSED_CANONICAL, 0.0)
_OPEN_MEAN = _mean(OPEN_CANONICAL, 0.0)


def _estimate(state: BoxesState, seat: int) -> float:
    """A quick estimate of the container in play to ``seat`` in a drawn state: the cards
    it examined at their value, the others at their pile's mean, and what the
    container adds to the collections of the cards it won (known cards only)."""
    container = state.container
    seen = {look.slot for look in state.looks
            if look.container == container and look.seat == seat}
    cards = state.container_cards(container)
    value = 0.0
    known = []
    for slot, card in zip(SLOTS, cards, strict=True):
        if slot in seen:
            value += _value(card)
            if card[0] != "N":
                known.append(card)
        else:
            value += _CLOSED_MEAN if slot[0] == "c" else _OPEN_MEAN
    if known:
        mine = [card for card in state.cards_of(seat) if card[0] != "N"]
        num, left = state.num_players, CONTAINERS - container
        value += (holding_value(mine + known, num, left) - sum(map(_value, known))
                  - holding_value(mine, num, left))
    return value


def _temper(state: BoxesState, seat: int) -> float:
    temper: tuple[float, ...] = getattr(state, "temper", ())
    return temper[seat] if temper else 1.0


def _playout_commit(state: BoxesState, seat: int) -> tuple[int, ...]:
    target = _estimate(state, seat) * SEALED_SHADE * _temper(state, seat)
    return commit_for(state.notes[seat], target)


def playout_move(state: BoxesState, rng: random.Random | None = None) -> Move:
    """A fast policy for playouts (see the module's docstring); it draws nothing: what
    varies from one drawn state to another is in the state (its cards, each seat's
    ``temper``)."""
    phase = state.phase
    if phase is Phase.EXAMINE:
        seat = state.examiner
        assert seat is not None
        actions = state.actions
        if actions:
            container = state.container
            done = {look.slot for look in state.looks
                    if look.container == container and look.seat == seat}
            for slot in SLOTS if actions >= 2 else OPEN_SLOTS:
                if slot not in done:
                    return _EXAMINES[seat][slot]
        return _STOPS[seat]
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
        if (price > money_of(state.notes[bidder])
                or price > _estimate(state, bidder) * _temper(state, bidder)):
            return _PASSES[bidder]
        return Bid(bidder, price)
    if phase is Phase.CHOOSE_AUCTION:
        auctioneer = state.auctioneer
        held = [money_of(notes) for notes in state.notes]
        richest = max(value for other, value in enumerate(held) if other != auctioneer)
        return _AUCTIONS[auctioneer][0 if held[auctioneer] >= richest else 1]
    winner = state.winner
    assert winner is not None
    return Pay(winner, least_payment(state.notes[winner], state.price))


def _forward(state: BoxesState) -> BoxesState:
    """The other seats' moves played by the policy until the searching seat alone is to
    move, the horizon's container is sold or the game ends."""
    me: int = state.me  # type: ignore[attr-defined]
    horizon: int = state.horizon  # type: ignore[attr-defined]
    while state.result is None and len(state.sales) < horizon:
        seats = to_move(state)
        if me in seats:
            if len(seats) == 1:
                break
            # A sealed auction: the others commit first, blind to the seat's commit.
            other = next(seat for seat in seats if seat != me)
            state = step(state, Seal(other, _playout_commit(state, other)))
            continue
        state = step(state, playout_move(state))
    return state


def _search_step(state: BoxesState, move: Move) -> BoxesState:
    """A move of the search's tree or playout, then the others' answers (``_forward``):
    the tree holds the searching seat's moves only, and the others play the policy
    from what they know in the drawn state, never from what the seat knows."""
    return _forward(step(state, move))


def worth(state: BoxesState) -> list[float]:
    """Each seat's money plus the value of the cards it won (``holding_value``)."""
    num = state.num_players
    left = CONTAINERS - len(state.sales)
    return [money_of(state.notes[seat]) + holding_value(state.cards_of(seat), num, left)
            for seat in range(num)]


def _cutoff(state: BoxesState) -> Result:
    """A playout stopped early: the seats of the most ``worth`` share the win."""
    values = worth(state)
    best = max(values)
    return Result(tuple(seat for seat, value in enumerate(values) if value >= best - 1e-9),
                  "most_wealth")


def judge_sale(state: BoxesState, threshold: float = 0.0) -> Result:
    """The search's judgement once the container of its horizon is sold: its buyer wins
    when what the container adds to the value of its cards (``holding_value``, every
    card as drawn) less what it paid exceeds ``threshold``, and every other seat wins
    otherwise. ``sample`` draws the threshold uniformly from ``-JUDGE_RANGE`` to
    ``JUDGE_RANGE``, so the buyer's chance of a win grows in proportion to its gain:
    a bargain is worth more than a fair price, and a fair price more than a loss."""
    sale = state.sales[-1]
    buyer = sale.seat
    num = state.num_players
    left = CONTAINERS - sale.container
    before = [card for other in state.sales[:-1] if other.seat == buyer
              for card in state.container_cards(other.container)]
    gain = (holding_value(before + list(state.container_cards(sale.container)), num, left)
            - holding_value(before, num, left) - sum(sale.notes))
    if gain > threshold:
        return Result((buyer,), "most_wealth")
    return Result(tuple(seat for seat in range(num) if seat != buyer), "most_wealth")


def _knowledge(view: BoxesView, events: Sequence[Any]) -> Knowledge:
    return Knowledge.of(view)


def _root_scores(state: BoxesState, knowledge: Knowledge) -> Mapping[Move, float]:
    # Scored from the view, never from the drawn state's hidden cards or commits; by
    # rank, 1 / (1 + rank), so that greedy's first few choices stand out of the many
    # bids and commits.
    scores = score_moves(knowledge.view, knowledge)
    order = sorted(scores, key=lambda move: -scores[move])
    return {move: 1.0 / (1 + rank) for rank, move in enumerate(order)}


def _mover(state: BoxesState) -> int | None:
    phase = state.phase
    if state.result is not None:
        return None
    if phase is Phase.SEALED_BID:
        return next((seat for seat, notes in enumerate(state.commits) if notes is None), None)
    if phase is Phase.EXAMINE:
        return state.examiner
    if phase is Phase.OPEN_AUCTION:
        return state.turn
    if phase is Phase.CHOOSE_AUCTION:
        return state.auctioneer
    return state.winner


def _result(state: BoxesState) -> Result | None:
    # The game's end, or the sale of the horizon's container (``judge_sale``).
    result = state.result
    if result is None and len(state.sales) >= state.horizon:  # type: ignore[attr-defined]
        return judge_sale(state, state.threshold)  # type: ignore[attr-defined]
    return result


def _num_players(state: BoxesState) -> int:
    return len(state.notes)


def search_hooks() -> SearchHooks[BoxesState, Move, Knowledge]:
    """The hooks of the generic search bot (plain functions)."""
    return SearchHooks(
        knowledge=_knowledge,
        sample=sample,
        legal_moves=legal_moves,
        is_legal=is_legal,
        step=_search_step,
        mover=_mover,
        result=_result,
        num_players=_num_players,
        playout_move=playout_move,
        cutoff=_cutoff,
        root_scores=_root_scores,
    )


def bot_factories(game: Any) -> dict[str, Callable[[str], Bot]]:
    """``random``, ``greedy`` and ``search`` for ``game`` (Boxes): the kernel's search
    (``search:N``, ``search:40ms``) with Boxes' ``PLAYOUT_MOVES``, ``WIDENING`` and
    ``PRIOR``."""
    return standard_bots(game, greedy=GreedyBot, playout_moves=PLAYOUT_MOVES,
                         widening=WIDENING, prior=PRIOR)
