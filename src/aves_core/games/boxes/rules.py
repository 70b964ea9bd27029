"""The rules of Boxes (RULES-boxes.md) as pure functions over frozen states.

``apply_move`` is the checked door: it refuses a move with an ``IllegalMoveError``
whose code (BX25) is, checked in this order, ``game_over``; ``already_committed``
(a second ``seal`` by a seat in the same sealed auction); ``not_your_turn`` (also a
seat that is no seat); ``wrong_phase`` (a move of another phase, and a ``pass`` by
the opener of an open auction, who must bid, BX11); then the move's own checks:
``unknown_slot``, ``already_examined``, ``too_few_actions`` for ``examine``;
``bad_bid`` then ``not_a_raise`` for ``bid``; ``notes_not_held`` for ``seal`` and
``pay``; ``bad_payment`` for ``pay``. ``step`` is the same without the checks.

A move runs the automatic steps on its own (BX24): an examining turn that can afford
nothing more ends and the next seat's begins, or the auction does; the last sealed
commit reveals them all; an auction won with one way to pay is paid; a paid
container is sold and the next laid out, or after the sixth the game is scored.

Several seats move at once only in ``sealedBid``: ``to_move`` is then every seat
that has not committed, ``legal_moves`` every such seat's commits, seat by seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from aves_core.games.boxes.cards import (
    NOTE_VALUES,
    Notes,
    counts_of_notes,
    money_of,
    notes_of_counts,
    wealth_of,
)
from aves_core.games.boxes.events import (
    AuctionChosen,
    AuctionWon,
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
)
from aves_core.games.boxes.moves import (
    MOVE_TYPES,
    Auction,
    Bid,
    Examine,
    Move,
    Pass,
    Pay,
    Seal,
    Stop,
)
from aves_core.games.boxes.phases import PHASES, Phase, Trigger
from aves_core.games.boxes.setup import MAX_PLAYERS
from aves_core.games.boxes.state import (
    ACTIONS,
    CONTAINERS,
    SLOTS,
    BoxesState,
    Look,
    Sale,
)
from aves_core.kernel.errors import ArgumentError, IllegalMoveError
from aves_core.kernel.game import Result

__all__ = [
    "apply_move",
    "apply_move_with_events",
    "commit",
    "finish",
    "is_legal",
    "legal_moves",
    "pay",
    "payments",
    "reveal",
    "seal_choices",
    "seat_moves",
    "step",
    "to_move",
]

_CHOOSE, _EXAMINE, _OPEN = Phase.CHOOSE_AUCTION, Phase.EXAMINE, Phase.OPEN_AUCTION
_SEALED, _PAYMENT, _END = Phase.SEALED_BID, Phase.PAYMENT, Phase.GAME_END
_WANTED: dict[type, Phase] = {Auction: _CHOOSE, Examine: _EXAMINE, Stop: _EXAMINE,
                              Seal: _SEALED, Bid: _OPEN, Pass: _OPEN, Pay: _PAYMENT}
_COST = {slot: 2 if slot[0] == "c" else 1 for slot in SLOTS}
"""A closed slot costs 2 actions, an open one 1 (BX9)."""
_NEXT = PHASES.next

# Moves are values: each is built once and shared, and whole tuples are cached by what
# they depend on.
_AUCTIONS = tuple((Auction(seat, "open"), Auction(seat, "sealed"))
                  for seat in range(MAX_PLAYERS))
_EXAMINES = tuple({slot: Examine(seat, slot) for slot in SLOTS} for seat in range(MAX_PLAYERS))
_STOPS = tuple(Stop(seat) for seat in range(MAX_PLAYERS))
_PASSES = tuple(Pass(seat) for seat in range(MAX_PLAYERS))
_SEALS: dict[tuple[int, Notes], tuple[Move, ...]] = {}
_BIDS: dict[tuple[int, int, int], tuple[Move, ...]] = {}
_PAYS: dict[tuple[int, Notes, int], tuple[Move, ...]] = {}
_PAYMENTS: dict[tuple[Notes, int], tuple[tuple[int, ...], ...]] = {}

Events = list[Event] | None
"""Where ``step`` writes what happened (None: nowhere, the fast path)."""


# --- who moves, and how ----------------------------------------------------------------


def to_move(state: BoxesState) -> tuple[int, ...]:
    """The seats that may move now: every seat yet to commit in a sealed auction, one
    seat otherwise, nobody once the game is over."""
    phase = state.phase
    if phase is _SEALED:
        return tuple(seat for seat, notes in enumerate(state.commits) if notes is None)
    if phase is _EXAMINE:
        return (state.examiner,)  # type: ignore[return-value]
    if phase is _OPEN:
        return (state.turn,)  # type: ignore[return-value]
    if phase is _CHOOSE:
        return (state.auctioneer,)
    if phase is _PAYMENT:
        return (state.winner,)  # type: ignore[return-value]
    return ()


def _sub_multisets(counts: Notes) -> list[Notes]:
    return [(a, b, c, d) for a in range(counts[0] + 1) for b in range(counts[1] + 1)
            for c in range(counts[2] + 1) for d in range(counts[3] + 1)]


def _seals(seat: int, counts: Notes) -> tuple[Move, ...]:
    key = (seat, counts)
    found = _SEALS.get(key)
    if found is None:
        found = _SEALS[key] = tuple(Seal(seat, notes_of_counts(sub))
                                    for sub in _sub_multisets(counts))
    return found


def seal_choices(seat: int, counts: Notes) -> tuple[tuple[int, ...], ...]:
    """Every commit ``seat`` could make from notes ``counts`` (BX14, BX4a)."""
    return tuple(move.notes for move in _seals(seat, counts))  # type: ignore[union-attr]


def _bids(seat: int, low: int, high: int) -> tuple[Move, ...]:
    key = (seat, low, high)
    found = _BIDS.get(key)
    if found is None:
        found = _BIDS[key] = tuple(Bid(seat, amount) for amount in range(low, high + 1, 50))
    return found


def _minimal(sub: Notes, price: int) -> bool:
    """Whether ``sub`` pays ``price`` with no note to spare (BX17, [D8])."""
    total = money_of(sub)
    if total < price:
        return False
    smallest = next((value for value, count in zip(reversed(NOTE_VALUES), reversed(sub),
                                                   strict=True) if count), None)
    return smallest is None or total - smallest < price


def payments(counts: Notes, price: int) -> tuple[tuple[int, ...], ...]:
    """Every way to pay ``price`` from notes ``counts`` (BX17): sets whose sum reaches it
    and from which no note can be removed keeping it reached."""
    key = (counts, price)
    found = _PAYMENTS.get(key)
    if found is None:  # every auction won asks: worth keeping (at most 625 x 69 keys)
        found = _PAYMENTS[key] = tuple(notes_of_counts(sub) for sub in _sub_multisets(counts)
                                       if _minimal(sub, price))
    return found


def _pays(seat: int, counts: Notes, price: int) -> tuple[Move, ...]:
    key = (seat, counts, price)
    found = _PAYS.get(key)
    if found is None:
        found = _PAYS[key] = tuple(Pay(seat, notes) for notes in payments(counts, price))
    return found


def _unexamined(state: BoxesState, seat: int) -> list[str]:
    """The slots ``seat`` has not examined in the container in play."""
    container = state.container
    done = set()
    for look in reversed(state.looks):  # this container's looks are the newest
        if look.container != container:
            break
        if look.seat == seat:
            done.add(look.slot)
    return [slot for slot in SLOTS if slot not in done]


def seat_moves(state: BoxesState, seat: int) -> tuple[Move, ...]:
    """``seat``'s legal moves now (empty when it may not move)."""
    phase = state.phase
    if state.result is not None:
        return ()
    if phase is _SEALED:
        return _seals(seat, state.notes[seat]) if state.commits[seat] is None else ()
    if seat not in to_move(state):
        return ()
    if phase is _EXAMINE:
        actions = state.actions
        examines = _EXAMINES[seat]
        return (*(examines[slot] for slot in _unexamined(state, seat)
                  if _COST[slot] <= actions), _STOPS[seat])
    if phase is _OPEN:
        money = money_of(state.notes[seat])
        if state.standing is None:
            return _bids(seat, 0, money)
        return (*_bids(seat, state.standing + 50, money), _PASSES[seat])
    if phase is _CHOOSE:
        return _AUCTIONS[seat]
    return _pays(seat, state.notes[seat], state.price)


def legal_moves(state: BoxesState) -> tuple[Move, ...]:
    """Every legal move: the moves of every seat in ``to_move``, seat by seat."""
    seats = to_move(state)
    if len(seats) == 1:
        return seat_moves(state, seats[0])
    return tuple(move for seat in seats for move in seat_moves(state, seat))


# --- the checked door ------------------------------------------------------------------


def _refuse(state: BoxesState, move: Move, code: str, why: str) -> IllegalMoveError:
    return IllegalMoveError(f"{move}: {why}", code=code, move=move, phase=state.phase)


def _held(counts: Notes, notes: tuple[int, ...]) -> bool:
    if any(note not in NOTE_VALUES for note in notes):
        return False
    return all(have >= want for have, want in zip(counts, counts_of_notes(notes), strict=True))


def check(state: BoxesState, move: Move) -> None:
    """Raise the ``IllegalMoveError`` of ``move``, if it is not legal (BX25's codes, in
    the order of the module's docstring)."""
    kind = type(move)
    if kind not in _WANTED:
        raise ArgumentError(f"a Boxes move is one of {', '.join(t.__name__ for t in MOVE_TYPES)}"
                            f", not {kind.__name__}")
    if state.result is not None:
        raise _refuse(state, move, "game_over", "the game is over")
    seat = move.player
    phase = state.phase
    count = state.num_players
    if (kind is Seal and phase is _SEALED and 0 <= seat < count
            and state.commits[seat] is not None):
        raise _refuse(state, move, "already_committed",
                      f"seat {seat} has committed its sealed bid: a commit is final (BX14)")
    if not 0 <= seat < count or seat not in to_move(state):
        raise _refuse(state, move, "not_your_turn", f"seat {seat} may not move now")
    if _WANTED[kind] is not phase:
        raise _refuse(state, move, "wrong_phase",
                      f"not a move of phase {phase.value} (BX24)")
    if kind is Examine:
        _check_examine(state, move)  # type: ignore[arg-type]
    elif kind is Bid:
        amount = move.amount  # type: ignore[union-attr]
        money = money_of(state.notes[seat])
        if amount < 0 or amount % 50 or amount > money:
            raise _refuse(state, move, "bad_bid", f"a bid is a multiple of 50 from 0 to the "
                          f"bidder's {money} ECU (BX11)")
        if state.standing is not None and amount <= state.standing:
            raise _refuse(state, move, "not_a_raise",
                          f"the standing bid is {state.standing}: raise it or pass (BX12)")
    elif kind is Pass:
        if state.standing is None:
            raise _refuse(state, move, "wrong_phase",
                          "the opener must bid, 0 or more; it may not pass (BX11)")
    elif kind is Seal or kind is Pay:
        notes = move.notes  # type: ignore[union-attr]
        if not _held(state.notes[seat], notes):
            raise _refuse(state, move, "notes_not_held",
                          f"seat {seat} does not hold those notes")
        if kind is Pay and not _minimal(counts_of_notes(notes), state.price):
            raise _refuse(state, move, "bad_payment",
                          f"pay at least {state.price} with no note that is not needed (BX17)")


def _check_examine(state: BoxesState, move: Examine) -> None:
    slot = move.slot
    if slot not in _COST:
        raise _refuse(state, move, "unknown_slot",
                      "a slot is c1 to c4 (closed) or o1 to o6 (open)")
    if slot not in _unexamined(state, move.player):
        raise _refuse(state, move, "already_examined",
                      f"seat {move.player} examined {slot} already (BX9, [D5])")
    if _COST[slot] > state.actions:
        raise _refuse(state, move, "too_few_actions",
                      f"{slot} costs {_COST[slot]} actions; {state.actions} left (BX9)")


def is_legal(state: BoxesState, move: Move) -> bool:
    """True exactly when ``move`` is in ``legal_moves(state)`` (False for a value that is
    no Boxes move; ``ArgumentError`` for a state that is no ``BoxesState``)."""
    if not isinstance(state, BoxesState):
        raise ArgumentError(f"is_legal needs a BoxesState, not {type(state).__name__}")
    if type(move) not in _WANTED:
        return False
    try:
        check(state, move)
    except IllegalMoveError:
        return False
    return True


def apply_move(state: BoxesState, move: Move) -> BoxesState:
    """The state after ``move``, or ``IllegalMoveError`` saying which rule it breaks."""
    check(state, move)
    return step(state, move)


def apply_move_with_events(state: BoxesState, move: Move
                           ) -> tuple[BoxesState, tuple[Event, ...]]:
    """``apply_move``, and what happened, unredacted."""
    check(state, move)
    events: list[Event] = []
    after = step(state, move, events)
    return after, tuple(events)


# --- the moves, unchecked ---------------------------------------------------------------


def step(state: BoxesState, move: Move, events: Events = None) -> BoxesState:
    """``apply_move`` without its checks (``events``: a list to write what happened)."""
    return _STEPS[type(move)](state, move, events)


def _auction(state: BoxesState, move: Any, events: Events) -> BoxesState:
    if events is not None:
        events.append(AuctionChosen(move.player, move.kind))
    return attrs.evolve(state, phase=_NEXT[(state.phase, Trigger.CHOSEN)], auction=move.kind,
                        examiner=state.auctioneer, actions=ACTIONS)


def _examine(state: BoxesState, move: Any, events: Events) -> BoxesState:
    seat, slot = move.player, move.slot
    if events is not None:
        events.append(Examined(seat, state.container, slot, state.card(state.container, slot)))
    state = attrs.evolve(state, actions=state.actions - _COST[slot],
                         looks=(*state.looks, Look(state.container, seat, slot)))
    actions = state.actions
    # The turn ends by itself when no unexamined slot is affordable (BX9).
    if any(_COST[other] <= actions for other in _unexamined(state, seat)):
        return state
    return _next_examiner(state)


def _stop(state: BoxesState, move: Any, events: Events) -> BoxesState:
    if events is not None:
        events.append(ExamineStopped(move.player))
    return _next_examiner(state)


def _next_examiner(state: BoxesState) -> BoxesState:
    count = state.num_players
    following = (state.examiner + 1) % count  # type: ignore[operator]
    if following != state.auctioneer:
        return attrs.evolve(state, examiner=following, actions=ACTIONS)
    if state.auction == "sealed":
        return attrs.evolve(state, phase=_NEXT[(_EXAMINE, Trigger.EXAMINED_SEALED)],
                            examiner=None, actions=0, commits=(None,) * count, order=())
    first = state.auctioneer
    return attrs.evolve(state, phase=_NEXT[(_EXAMINE, Trigger.EXAMINED_OPEN)], examiner=None,
                        actions=0, bidders=tuple((first + d) % count for d in range(count)),
                        standing=None, holder=None, turn=first)


def _seal(state: BoxesState, move: Any, events: Events) -> BoxesState:
    if events is not None:
        events.append(Committed(move.player, move.notes))
    return reveal(commit(state, move.player, move.notes), events)


def commit(state: BoxesState, seat: int, notes: tuple[int, ...]) -> BoxesState:
    """``seat``'s commit recorded, nothing revealed and no money moved (BX14)."""
    commits = list(state.commits)
    commits[seat] = notes
    return attrs.evolve(state, commits=tuple(commits), order=(*state.order, seat))


def reveal(state: BoxesState, events: Events = None) -> BoxesState:
    """Once every seat has committed, the reveal (BX14-BX16); before, ``state``."""
    if any(notes is None for notes in state.commits):
        return state
    commits = tuple(notes or () for notes in state.commits)
    bids = [sum(notes) for notes in commits]
    best = max(bids)
    count = state.num_players
    first = state.auctioneer
    # Clockwise from the auctioneer: the first tied seat holds the tied amount (BX16, [D10]).
    top = tuple(seat for seat in ((first + d) % count for d in range(count))
                if bids[seat] == best)
    if events is not None:
        events.append(Revealed(commits, top))
    state = attrs.evolve(state, commits=(), order=(), revealed=commits)
    if len(top) == 1:
        winner = top[0]
        state = attrs.evolve(state, phase=_NEXT[(_SEALED, Trigger.REVEALED)], winner=winner,
                             price=best)
        if events is not None:
            events.append(AuctionWon(winner, best))
        return pay(state, commits[winner], events)
    return attrs.evolve(state, phase=_NEXT[(_SEALED, Trigger.TIE)], bidders=top,
                        standing=best, holder=top[0], turn=top[1])


def _bid(state: BoxesState, move: Any, events: Events) -> BoxesState:
    if events is not None:
        events.append(BidMade(move.player, move.amount))
    state = attrs.evolve(state, standing=move.amount, holder=move.player)
    return _next_bidder(state, move.player, events)


def _pass(state: BoxesState, move: Any, events: Events) -> BoxesState:
    if events is not None:
        events.append(Passed(move.player))
    state = attrs.evolve(state, bidders=tuple(seat for seat in state.bidders
                                              if seat != move.player))
    return _next_bidder(state, move.player, events)


def _next_bidder(state: BoxesState, seat: int, events: Events) -> BoxesState:
    count = state.num_players
    bidders = state.bidders
    following = next((seat + d) % count for d in range(1, count + 1)
                     if (seat + d) % count in bidders)
    if following != state.holder:
        return attrs.evolve(state, turn=following)
    # The turn would reach the holder: it wins at the standing bid (BX12).
    price = state.standing or 0
    state = attrs.evolve(state, phase=_NEXT[(_OPEN, Trigger.WON)], bidders=(), standing=None,
                         holder=None, turn=None, winner=following, price=price)
    if events is not None:
        events.append(AuctionWon(following, price))
    ways = payments(state.notes[following], price)
    if len(ways) == 1:  # one way to pay (always at 0): automatic (BX17)
        return pay(state, ways[0], events)
    return state


def _pay_move(state: BoxesState, move: Any, events: Events) -> BoxesState:
    return pay(state, move.notes, events)


def pay(state: BoxesState, notes: tuple[int, ...], events: Events = None) -> BoxesState:
    """The winner pays ``notes`` to the bank and takes the container (BX10, BX17)."""
    winner = state.winner
    assert winner is not None
    paid = counts_of_notes(notes)
    held = state.notes[winner]
    left = (held[0] - paid[0], held[1] - paid[1], held[2] - paid[2], held[3] - paid[3])
    all_notes = list(state.notes)
    all_notes[winner] = left
    container = state.container
    if events is not None:
        events.append(Paid(winner, notes))
        events.append(Sold(container, winner, state.container_cards(container)))
    state = attrs.evolve(state, notes=tuple(all_notes), winner=None, price=0,
                         sales=(*state.sales, Sale(container, winner, state.price, notes)))
    if container < CONTAINERS:
        return attrs.evolve(state, phase=_NEXT[(_PAYMENT, Trigger.SOLD)],
                            container=container + 1, auction=None)
    return finish(attrs.evolve(state, phase=_NEXT[(_PAYMENT, Trigger.LAST_SOLD)]), events)


def finish(state: BoxesState, events: Events = None) -> BoxesState:
    """The game scored (BX18-BX20): each seat's cards, sorted, its wealth, the result."""
    count = state.num_players
    cards = tuple(tuple(sorted(state.cards_of(seat))) for seat in range(count))
    wealth = tuple(wealth_of(state.notes[seat], cards[seat], count) for seat in range(count))
    best = max(wealth)
    result = Result(tuple(seat for seat in range(count) if wealth[seat] == best),
                    "most_wealth")
    if events is not None:
        events.append(GameEnded(cards, wealth, result))
    return attrs.evolve(state, result=result, final_cards=cards, wealth=wealth)


_STEPS: dict[type, Callable[[BoxesState, Any, Events], BoxesState]] = {
    Auction: _auction, Examine: _examine, Stop: _stop, Seal: _seal, Bid: _bid,
    Pass: _pass, Pay: _pay_move}
