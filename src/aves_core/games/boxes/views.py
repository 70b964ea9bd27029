"""What a seat sees of a game of Boxes (BX21-BX23), and nothing more.

``view_for(state, seat)`` projects a state onto a ``BoxesView`` built only from what
that seat may see: everything public (the auctioneer, the auction, which slots each
seat examined and in what order, who has committed and in which order, revealed
commits, every bid, pass and payment, who won each container, the pile sizes, every
seat's banknotes [D6]) and its own secrets: the card of each slot it examined, the
cards of the containers it won [D13], its commit before the reveal. A spectator
(``seat`` None) has no secrets. At the end every seat's cards are shown, sorted.

``update_view(view, events)`` folds a seat's redacted events into its view. It
rebuilds from the view the game as the seat knows it (``UNKNOWN`` for every card it
has not seen, an empty stand-in for another seat's sealed commit), plays the events
on it with the rules' own steps, and projects that again: the rules never read a
card before the end, and a commit only at the reveal, whose event brings them all.

``indistinguishable(state, seat, rng)`` redraws everything ``seat`` cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import attrs

from aves_core.games.boxes import rules
from aves_core.games.boxes.cards import UNKNOWN, Notes, money_of
from aves_core.games.boxes.events import (
    EVENT_TYPES,
    AuctionChosen,
    BidMade,
    Committed,
    Event,
    Examined,
    ExamineStopped,
    GameEnded,
    Paid,
    Passed,
    Revealed,
    Sold,
    Undone,
)
from aves_core.games.boxes.moves import Auction, Bid, Examine, Move, Pass, Stop
from aves_core.games.boxes.phases import Phase
from aves_core.games.boxes.state import CONTAINERS, SLOTS, BoxesState, Look, Sale, slot_index
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result

__all__ = ["BoxesView", "SeenLook", "WonContainer", "indistinguishable", "update_view",
           "view_for"]


@attrs.frozen
class SeenLook:
    """``seat`` examined ``slot`` of ``container``: ``card`` when the viewer is that
    seat, else None."""

    container: int
    seat: int
    slot: str
    card: str | None


@attrs.frozen
class WonContainer:
    """A container the viewer won, and its cards slot by slot (c1-c4, o1-o6)."""

    container: int
    cards: tuple[str, ...]


@attrs.frozen
class BoxesView:
    """One seat's picture of a game (``seat`` None: a spectator's).

    Public: ``container`` (1-6) and its ``auctioneer`` and ``auction``; every seat's
    ``notes`` (counts of 500, 200, 100, 50) and ``money``; the ``examiner`` and its
    ``actions`` left; ``looks``, every examination of the game in order; ``sales``,
    who won each container at what price with which notes; in a sealed auction the
    seats that ``committed`` (in order); the last ``revealed`` commits; in an open
    auction the ``bidders`` still in, the ``standing`` bid, its ``holder`` and the
    seat whose ``turn`` it is; in payment the ``winner`` and the ``price``; the pile
    sizes left undealt; at the end each seat's ``final_cards`` (sorted) and
    ``wealth``. The seat's own: the cards of its looks, ``my_containers`` and
    ``my_commit``. ``legal_moves`` are the seat's own moves.
    """

    seat: int | None
    phase: Phase
    to_move: tuple[int, ...]
    result: Result | None
    container: int
    auctioneer: int
    auction: str | None
    notes: tuple[Notes, ...]
    money: tuple[int, ...]
    examiner: int | None
    actions: int
    looks: tuple[SeenLook, ...]
    sales: tuple[Sale, ...]
    my_containers: tuple[WonContainer, ...]
    committed: tuple[int, ...]
    my_commit: tuple[int, ...] | None
    revealed: tuple[tuple[int, ...], ...] | None
    bidders: tuple[int, ...]
    standing: int | None
    holder: int | None
    turn: int | None
    winner: int | None
    price: int
    open_left: int
    closed_left: int
    final_cards: tuple[tuple[str, ...], ...] | None
    wealth: tuple[int, ...] | None
    legal_moves: tuple[Move, ...]

    @property
    def is_my_turn(self) -> bool:
        """True when this seat may move now."""
        return bool(self.legal_moves)


def _check_seat(num_players: int, seat: object) -> None:
    if seat is None:
        return
    if type(seat) is not int:
        raise ArgumentError(f"seat must be an int or None (a spectator), not {seat!r}")
    if not 0 <= seat < num_players:
        raise ArgumentError(f"seat {seat} is not a seat of this {num_players}-player game")


def view_for(state: BoxesState, seat: int | None) -> BoxesView:
    """What ``seat`` may know of ``state`` (None: a spectator)."""
    if type(state) is not BoxesState:
        raise ArgumentError(f"view_for needs a BoxesState, not {type(state).__name__}")
    _check_seat(state.num_players, seat)
    sealed = state.phase is Phase.SEALED_BID
    container = state.container
    return BoxesView(
        seat=seat, phase=state.phase, to_move=rules.to_move(state), result=state.result,
        container=container, auctioneer=state.auctioneer, auction=state.auction,
        notes=state.notes, money=tuple(money_of(notes) for notes in state.notes),
        examiner=state.examiner, actions=state.actions,
        looks=tuple(SeenLook(look.container, look.seat, look.slot,
                             state.card(look.container, look.slot) if look.seat == seat
                             else None) for look in state.looks),
        sales=state.sales,
        my_containers=tuple(WonContainer(sale.container, state.container_cards(sale.container))
                            for sale in state.sales if sale.seat == seat),
        committed=state.order if sealed else (),
        my_commit=state.commits[seat] if sealed and seat is not None else None,
        revealed=state.revealed, bidders=state.bidders, standing=state.standing,
        holder=state.holder, turn=state.turn, winner=state.winner, price=state.price,
        open_left=36 - 6 * container, closed_left=24 - 4 * container,
        final_cards=state.final_cards, wealth=state.wealth,
        legal_moves=() if seat is None else rules.seat_moves(state, seat))


def _place(piles: tuple[list[str], list[str]], container: int, slot: str, card: str) -> None:
    closed, index = slot_index(container, slot)
    piles[0 if closed else 1][index] = card


def _known(view: BoxesView) -> BoxesState:
    """The game as ``view``'s seat knows it: unseen cards ``UNKNOWN``, another seat's
    sealed commit an empty stand-in."""
    count = len(view.notes)
    piles: tuple[list[str], list[str]] = ([UNKNOWN] * 24, [UNKNOWN] * 36)
    for look in view.looks:
        if look.card is not None:
            _place(piles, look.container, look.slot, look.card)
    for won in view.my_containers:
        for slot, card in zip(SLOTS, won.cards, strict=True):
            _place(piles, won.container, slot, card)
    commits: tuple[tuple[int, ...] | None, ...] = ()
    if view.phase is Phase.SEALED_BID:
        commits = tuple((view.my_commit if other == view.seat else ())
                        if other in view.committed else None for other in range(count))
    return BoxesState(
        open_pile=tuple(piles[1]), closed_pile=tuple(piles[0]),
        first=(view.auctioneer - view.container + 1) % count, notes=view.notes,
        container=view.container, phase=view.phase, auction=view.auction,
        examiner=view.examiner, actions=view.actions,
        looks=tuple(Look(look.container, look.seat, look.slot) for look in view.looks),
        commits=commits, order=view.committed, revealed=view.revealed,
        bidders=view.bidders, standing=view.standing, holder=view.holder, turn=view.turn,
        winner=view.winner, price=view.price, sales=view.sales, result=view.result,
        final_cards=view.final_cards, wealth=view.wealth)


def _fold(state: BoxesState, event: Event) -> BoxesState:
    """One event played on the game as a seat knows it."""
    if isinstance(event, AuctionChosen):
        return rules.step(state, Auction(event.seat, event.kind))
    if isinstance(event, Examined):
        if event.card is not None:
            piles = (list(state.closed_pile), list(state.open_pile))
            _place(piles, event.container, event.slot, event.card)
            state = attrs.evolve(state, closed_pile=tuple(piles[0]), open_pile=tuple(piles[1]))
        return rules.step(state, Examine(event.seat, event.slot))
    if isinstance(event, ExamineStopped):
        return rules.step(state, Stop(event.seat))
    if isinstance(event, Committed):
        return rules.commit(state, event.seat, event.notes or ())
    if isinstance(event, Revealed):
        return rules.reveal(attrs.evolve(state, commits=event.commits))
    if isinstance(event, BidMade):
        return rules.step(state, Bid(event.seat, event.amount))
    if isinstance(event, Passed):
        return rules.step(state, Pass(event.seat))
    if isinstance(event, Paid):
        # An automatic payment was made by the step that won the auction already.
        if state.phase is Phase.PAYMENT and state.winner == event.seat:
            return rules.pay(state, event.notes)
        return state
    if isinstance(event, Sold):
        if event.cards is not None:
            piles = (list(state.closed_pile), list(state.open_pile))
            for slot, card in zip(SLOTS, event.cards, strict=True):
                _place(piles, event.container, slot, card)
            state = attrs.evolve(state, closed_pile=tuple(piles[0]), open_pile=tuple(piles[1]))
        return state
    if isinstance(event, GameEnded):
        return attrs.evolve(state, final_cards=event.cards, wealth=event.wealth,
                            result=event.result)
    if isinstance(event, Undone):
        return attrs.evolve(state, phase=Phase(event.phase), auction=event.auction,
                            examiner=event.examiner, actions=event.actions,
                            bidders=event.bidders, standing=event.standing,
                            holder=event.holder, turn=event.turn)
    return state  # AuctionWon: the step that won told it already


def update_view(view: BoxesView, events: Iterable[Event]) -> BoxesView:
    """The view after ``events`` (as ``events_for`` gave them to this seat)."""
    if not isinstance(view, BoxesView):
        raise ArgumentError(f"update_view needs a BoxesView, not {type(view).__name__}")
    if isinstance(events, str | bytes) or not isinstance(events, Iterable):
        raise ArgumentError(f"update_view needs an iterable of events, not "
                            f"{type(events).__name__}")
    state = _known(view)
    for event in events:
        if not isinstance(event, EVENT_TYPES):
            raise ArgumentError(f"not an event: {type(event).__name__}")
        state = _fold(state, event)
    return view_for(state, view.seat)


def indistinguishable(state: BoxesState, seat: int | None, rng: random.Random) -> BoxesState:
    """``state`` with what ``seat`` cannot see redrawn: the cards it has neither examined
    nor won shuffled among their places (once the game is over, only within each
    seat's containers, whose cards all have seen as a list), and the other seats'
    pending sealed commits drawn among the commits each could have made."""
    if type(state) is not BoxesState:
        raise ArgumentError(f"indistinguishable needs a BoxesState, not "
                            f"{type(state).__name__}")
    known: set[tuple[bool, int]] = set()
    for look in state.looks:
        if look.seat == seat:
            known.add(slot_index(look.container, look.slot))
    owner = {sale.container: sale.seat for sale in state.sales}
    for container, winner in owner.items():
        if winner == seat:
            known.update(slot_index(container, slot) for slot in SLOTS)
    over = state.result is not None
    groups: dict[int | None, list[tuple[bool, int]]] = {}
    for container in range(1, CONTAINERS + 1):
        for slot in SLOTS:
            place = slot_index(container, slot)
            if place not in known:
                groups.setdefault(owner.get(container) if over else None, []).append(place)
    piles = (list(state.closed_pile), list(state.open_pile))
    for places in groups.values():
        cards = [piles[0 if closed else 1][index] for closed, index in places]
        rng.shuffle(cards)
        for (closed, index), card in zip(places, cards, strict=True):
            piles[0 if closed else 1][index] = card
    commits = state.commits
    if state.phase is Phase.SEALED_BID:
        commits = tuple(notes if notes is None or other == seat
                        else rng.choice(rules.seal_choices(other, state.notes[other]))
                        for other, notes in enumerate(commits))
    return attrs.evolve(state, closed_pile=tuple(piles[0]), open_pile=tuple(piles[1]),
                        commits=commits)
