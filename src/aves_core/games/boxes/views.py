"""What a seat sees of a game of Boxes (BX21-BX23), and nothing more: ``view_for``
projects a state onto a ``BoxesView``; ``indistinguishable`` redraws what a seat
cannot see.
"""

from __future__ import annotations

import functools
import random

import attrs

from aves_core.games.boxes import rules
from aves_core.games.boxes.cards import Notes, money_of
from aves_core.games.boxes.moves import Move
from aves_core.games.boxes.phases import Phase
from aves_core.games.boxes.state import CONTAINERS, SLOTS, BoxesState, Look, Sale, slot_index
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result

__all__ = ["PUBLIC", "BoxesView", "SeenLook", "WonContainer", "indistinguishable",
           "known_cards", "view_for"]


@attrs.frozen
class SeenLook:
    """``seat`` examined ``slot`` of ``container``: ``card`` in that seat's view, else None."""

    container: int
    seat: int
    slot: str
    card: str | None


@attrs.frozen(cache_hash=True)  # the encoding caches by the containers won
class WonContainer:
    """A container the viewer won, and its cards slot by slot (c1-c4, o1-o6)."""

    container: int
    cards: tuple[str, ...]


@attrs.frozen
class BoxesView:
    """One seat's picture of a game (``seat`` None: a spectator's): the state's
    ``PUBLIC`` fields (``BoxesState`` says what each holds), its ``auctioneer`` and
    ``to_move``, every seat's ``money``, ``looks`` (every examination in order), the
    seats that ``committed`` in a sealed auction (in order), the pile sizes left
    undealt; and the seat's own: the cards of its looks, ``my_containers``,
    ``my_commit`` and ``legal_moves``.
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


PUBLIC = ("phase", "result", "container", "auction", "notes", "examiner", "actions", "sales",
          "revealed", "bidders", "standing", "holder", "turn", "winner", "price",
          "final_cards", "wealth")
"""The fields of the state that every view shows as they are (BX21)."""


def _check_seat(num_players: int, seat: object) -> None:
    if seat is not None and (type(seat) is not int or not 0 <= seat < num_players):
        raise ArgumentError(f"seat {seat!r} is no seat of this {num_players}-player game, "
                            "nor None (a spectator)")


# The env builds a view per step: the values a view is made of are shared, built once
# for each value (a look as a seat sees it, a container won, the money of some notes;
# few of each, but every deal has its own containers).
_seen_look = functools.cache(SeenLook)
_won_container = functools.lru_cache(maxsize=1 << 10)(WonContainer)
_money = functools.cache(money_of)

_SEEN: dict[tuple[int | None, tuple[str, ...], tuple[str, ...]],
            tuple[tuple[Look, ...], tuple[SeenLook, ...]]] = {}
"""The looks last seen by a seat of a deal (by its piles), and as it saw them."""


def _seen_looks(state: BoxesState, seat: int | None) -> tuple[SeenLook, ...]:
    """Every look of ``state`` as ``seat`` sees it: the card only in its own. A game's
    looks only grow, and the env views its state every step: the looks the seat saw
    last in this deal, when they begin ``state``'s, are kept and only the newer ones
    made."""
    key = (seat, state.closed_pile, state.open_pile)
    looks = state.looks
    done, seen = _SEEN.get(key, ((), ()))
    if looks is done:
        return seen
    if looks[:len(done)] != done:  # another game of the deal, or an earlier state
        seen = ()
    seen += tuple(_seen_look(look.container, look.seat, look.slot,
                             state.card(look.container, look.slot) if look.seat == seat
                             else None) for look in looks[len(seen):])
    if len(_SEEN) >= 1024:  # games end: forget those no longer viewed
        _SEEN.clear()
    _SEEN[key] = looks, seen
    return seen


def view_for(state: BoxesState, seat: int | None) -> BoxesView:
    """What ``seat`` may know of ``state`` (None: a spectator)."""
    if type(state) is not BoxesState:
        raise ArgumentError(f"view_for needs a BoxesState, not {type(state).__name__}")
    _check_seat(state.num_players, seat)
    sealed = state.phase is Phase.SEALED_BID
    return BoxesView(
        seat=seat,
        # PUBLIC, as they are (a keyword each: the quickest call)
        phase=state.phase, result=state.result, container=state.container,
        auction=state.auction, notes=state.notes, examiner=state.examiner,
        actions=state.actions, sales=state.sales, revealed=state.revealed,
        bidders=state.bidders, standing=state.standing, holder=state.holder,
        turn=state.turn, winner=state.winner, price=state.price,
        final_cards=state.final_cards, wealth=state.wealth,
        # and the seat's own picture
        to_move=state.to_move, auctioneer=state.auctioneer,
        money=tuple(map(_money, state.notes)), looks=_seen_looks(state, seat),
        my_containers=tuple(_won_container(sale.container,
                                           state.container_cards(sale.container))
                            for sale in state.sales if sale.seat == seat),
        committed=state.order if sealed else (),
        my_commit=state.commits[seat] if sealed and seat is not None else None,
        open_left=36 - 6 * state.container, closed_left=24 - 4 * state.container,
        legal_moves=() if seat is None else rules.seat_moves(state, seat))


def known_cards(view: BoxesView) -> dict[tuple[bool, int], str]:
    """The cards ``view``'s seat has seen, by place (``slot_index``): those of the slots
    it examined and of the containers it won (BX22)."""
    known = {slot_index(look.container, look.slot): look.card for look in view.looks
             if look.card is not None}
    for won in view.my_containers:
        for slot, card in zip(SLOTS, won.cards, strict=True):
            known[slot_index(won.container, slot)] = card
    return known


def indistinguishable(state: BoxesState, seat: int | None, rng: random.Random) -> BoxesState:
    """``state`` with what ``seat`` cannot see redrawn: the cards it has neither examined
    nor won shuffled among their places (once the game is over, only within each
    seat's containers, whose cards all have seen as a list), and the other seats'
    pending sealed commits drawn among the commits each could have made."""
    if type(state) is not BoxesState:
        raise ArgumentError(f"indistinguishable needs a BoxesState, not "
                            f"{type(state).__name__}")
    known = set(known_cards(view_for(state, seat)))
    owner = {sale.container: sale.seat for sale in state.sales}
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
