"""The rules of Boxes (RULES-boxes.md) as pure functions over frozen states: the legal
moves (in ``sealedBid``, every seat's yet to commit, seat by seat), the door's checks
in BX25's order (``REFUSALS``) and each move's ``step`` with the automatic steps that
follow it (BX24; docs/boxes.md, "Phases").
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from aves_core.games.boxes.cards import (
    NOTE_VALUES,
    START_NOTES,
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
from aves_core.games.boxes.moves import Auction, Bid, Examine, Move, Pass, Pay, Seal, Stop
from aves_core.games.boxes.phases import PHASES, Phase, Trigger
from aves_core.games.boxes.state import ACTIONS, CONTAINERS, COST, SLOTS, BoxesState, Look, Sale
from aves_core.kernel.door import BAD_NOTATION, GAME_OVER, refuse
from aves_core.kernel.game import Result
from aves_core.kernel.notation import spec_of

__all__ = ["AUCTIONS", "EXAMINES", "PASSES", "REFUSALS", "STOPS", "all_moves", "finish",
           "legal_moves", "payments", "seal_choices", "seat_moves", "step", "unexamined"]

_CHOOSE, _EXAMINE, _OPEN = Phase.CHOOSE_AUCTION, Phase.EXAMINE, Phase.OPEN_AUCTION
_SEALED = Phase.SEALED_BID
_WANTED: dict[type, Phase] = {cls: phase for phase, tags in PHASES.actions.items()
                              for cls in (Auction, Examine, Stop, Seal, Bid, Pass, Pay)
                              if spec_of(cls).tag in tags}
"""The phase each kind of move belongs to (the phase machine's ``actions``)."""
_NEXT = PHASES.next
_SEATS = range(4)

# Moves are values: each is built once and shared, and whole tuples are cached by what
# they depend on (functools.cache: at most 4 seats x 625 sets of notes x 69 prices).
AUCTIONS = tuple((Auction(seat, "open"), Auction(seat, "sealed")) for seat in _SEATS)
EXAMINES = tuple({slot: Examine(seat, slot) for slot in SLOTS} for seat in _SEATS)
STOPS = tuple(Stop(seat) for seat in _SEATS)
PASSES = tuple(Pass(seat) for seat in _SEATS)
_SHARED: dict[Move, Move] = {}
"""Each seal, bid and payment listed so far, by value: a legal move is the very object of
``all_moves``, so the encoding's look-up of its index (a dict) stops at identity
instead of comparing fields (the env masks every legal move of every step)."""


def _shared(move: Move) -> Move:
    """The one object of ``move``'s value."""
    return _SHARED.setdefault(move, move)

Events = list[Event] | None
"""Where ``step`` writes what happened (None: nowhere, the fast path)."""


# --- who moves, and how ----------------------------------------------------------------


def _sub_multisets(counts: Notes) -> list[Notes]:
    return [(a, b, c, d) for a in range(counts[0] + 1) for b in range(counts[1] + 1)
            for c in range(counts[2] + 1) for d in range(counts[3] + 1)]


@functools.cache
def _seals(seat: int, counts: Notes) -> tuple[Move, ...]:
    return tuple(_shared(Seal(seat, notes_of_counts(sub))) for sub in _sub_multisets(counts))


def seal_choices(seat: int, counts: Notes) -> tuple[tuple[int, ...], ...]:
    """Every commit ``seat`` could make from notes ``counts`` (BX14, BX4a)."""
    return tuple(move.notes for move in _seals(seat, counts))  # type: ignore[union-attr]


@functools.cache
def _bids(seat: int, low: int, high: int) -> tuple[Move, ...]:
    return tuple(_shared(Bid(seat, amount)) for amount in range(low, high + 1, 50))


def _minimal(sub: Notes, price: int) -> bool:
    """Whether ``sub`` pays ``price`` with no note to spare (BX17, [D8])."""
    total = money_of(sub)
    if total < price:
        return False
    smallest = next((value for value, count in zip(reversed(NOTE_VALUES), reversed(sub),
                                                   strict=True) if count), None)
    return smallest is None or total - smallest < price


@functools.cache
def payments(counts: Notes, price: int) -> tuple[tuple[int, ...], ...]:
    """Every way to pay ``price`` from notes ``counts`` (BX17): sets whose sum reaches it
    and from which no note can be removed keeping it reached."""
    return tuple(notes_of_counts(sub) for sub in _sub_multisets(counts)
                 if _minimal(sub, price))


@functools.cache
def _pays(seat: int, counts: Notes, price: int) -> tuple[Move, ...]:
    return tuple(_shared(Pay(seat, notes)) for notes in payments(counts, price))


def _examined(state: BoxesState, seat: int) -> frozenset[str]:
    """The slots ``seat`` has examined in the container in play."""
    container = state.container
    done = []
    for look in reversed(state.looks):  # this container's looks are the newest
        if look.container != container:
            break
        if look.seat == seat:
            done.append(look.slot)
    return frozenset(done)


def unexamined(state: BoxesState, seat: int) -> list[str]:
    """The slots ``seat`` has not examined in the container in play."""
    done = _examined(state, seat)
    return [slot for slot in SLOTS if slot not in done]


@functools.cache
def _examines(seat: int, done: frozenset[str], actions: int) -> tuple[Move, ...]:
    """``seat``'s moves while it examines: each slot not ``done`` that its ``actions``
    afford (BX9), then stop."""
    examines = EXAMINES[seat]
    return (*(examines[slot] for slot in SLOTS if slot not in done and COST[slot] <= actions),
            STOPS[seat])


def seat_moves(state: BoxesState, seat: int) -> tuple[Move, ...]:
    """``seat``'s legal moves now (empty when it may not move)."""
    return _moves(state, seat) if seat in state.to_move else ()


def _moves(state: BoxesState, seat: int) -> tuple[Move, ...]:
    """The legal moves of ``seat``, one of ``to_move``."""
    phase = state.phase
    if phase is _SEALED:
        return _seals(seat, state.notes[seat])
    if phase is _EXAMINE:
        return _examines(seat, _examined(state, seat), state.actions)
    if phase is _OPEN:
        money = money_of(state.notes[seat])
        if state.standing is None:
            return _bids(seat, 0, money)
        return (*_bids(seat, state.standing + 50, money), PASSES[seat])
    if phase is _CHOOSE:
        return AUCTIONS[seat]
    return _pays(seat, state.notes[seat], state.price)


def all_moves(num_players: int, seat: int) -> tuple[Move, ...]:
    """Every move ``seat`` could ever make, in the order of its action indices: the
    auctions, the slots, stop, every commit, every bid, pass and every payment."""
    return (*AUCTIONS[seat], *EXAMINES[seat].values(), STOPS[seat],
            *_seals(seat, START_NOTES), *_bids(seat, 0, money_of(START_NOTES)),
            PASSES[seat], *(_shared(Pay(seat, notes)) for notes in seal_choices(seat, START_NOTES)))


def legal_moves(state: BoxesState) -> tuple[Move, ...]:
    """Every legal move: the moves of every seat in ``to_move``, seat by seat."""
    seats = state.to_move
    if len(seats) == 1:
        return _moves(state, seats[0])
    return tuple(move for seat in seats for move in _moves(state, seat))


# --- the door: BX25's checks, each run once the earlier ones passed ---------------------


def _out_of_turn(state: BoxesState, move: Move) -> str | None:
    """``not_your_turn``: the seat is not to move (a seal by any seat of a sealed
    auction is judged by ``already_committed``)."""
    seat = move.player
    if state.phase is _SEALED and type(move) is Seal:
        if 0 <= seat < state.num_players:  # every seat bids together (BX14)
            return None
    elif seat in state.to_move:
        return None
    return f"seat {seat} may not move now"


def _wrong_phase(state: BoxesState, move: Move) -> str | None:
    """``wrong_phase``: a move of another phase, or a pass by an open auction's opener,
    who must bid (BX11)."""
    phase = state.phase
    if _WANTED[type(move)] is not phase:
        return f"not a move of phase {phase.value} (BX24)"
    if type(move) is Pass and state.standing is None:
        return "the opener must bid, 0 or more; it may not pass (BX11)"
    return None


def _unknown_slot(state: BoxesState, move: Examine) -> str | None:
    return None if move.slot in COST else "a slot is c1 to c4 (closed) or o1 to o6 (open)"


def _already_examined(state: BoxesState, move: Examine) -> str | None:
    container = state.container
    for look in reversed(state.looks):  # this container's looks are the newest
        if look.container != container:
            break
        if look.seat == move.player and look.slot == move.slot:
            return f"seat {move.player} examined {move.slot} already (BX9, [D5])"
    return None


def _too_few_actions(state: BoxesState, move: Examine) -> str | None:
    cost = COST[move.slot]
    if cost <= state.actions:
        return None
    return f"{move.slot} costs {cost} actions; {state.actions} left (BX9)"


def _bad_bid(state: BoxesState, move: Bid) -> str | None:
    money = money_of(state.notes[move.player])
    if move.amount % 50 or move.amount > money:
        return f"a bid is a multiple of 50 from 0 to the bidder's {money} ECU (BX11)"
    return None


def _not_a_raise(state: BoxesState, move: Bid) -> str | None:
    if state.standing is not None and move.amount <= state.standing:
        return f"the standing bid is {state.standing}: raise it or pass (BX12)"
    return None


def _already_committed(state: BoxesState, move: Seal) -> str | None:
    if state.commits[move.player] is None:
        return None
    return f"seat {move.player} has committed its sealed bid: a commit is final (BX14)"


def _not_held(state: BoxesState, move: Seal | Pay) -> str | None:
    counts = state.notes[move.player]
    notes = move.notes
    if all(note in NOTE_VALUES for note in notes) and all(
            have >= want for have, want in zip(counts, counts_of_notes(notes), strict=True)):
        return None
    return f"seat {move.player} does not hold those notes"


def _bad_payment(state: BoxesState, move: Pay) -> str | None:
    if _minimal(counts_of_notes(move.notes), state.price):
        return None
    return f"pay at least {state.price} with no note that is not needed (BX17)"


REFUSALS = (
    GAME_OVER,
    refuse("not_your_turn", _out_of_turn),
    refuse("wrong_phase", _wrong_phase),
    BAD_NOTATION,  # a negative bid or note, a slot of no slot's shape, an auction "closed"
    refuse("unknown_slot", _unknown_slot, Examine),
    refuse("already_examined", _already_examined, Examine),
    refuse("too_few_actions", _too_few_actions, Examine),
    refuse("bad_bid", _bad_bid, Bid),
    refuse("not_a_raise", _not_a_raise, Bid),
    refuse("already_committed", _already_committed, Seal),
    refuse("notes_not_held", _not_held, Seal, Pay),
    refuse("bad_payment", _bad_payment, Pay),
)
"""The door's refusals in BX25's order: a move gets the first code it breaks."""


# --- the moves' steps, for legal moves -----------------------------------------------------


def step(state: BoxesState, move: Move, events: Events = None) -> BoxesState:
    """The state after the legal ``move`` (the game's ``transition``); ``events``: a list
    to write what happened."""
    return _STEPS[type(move)](state, move, events)


def _auction(state: BoxesState, move: Any, events: Events) -> BoxesState:
    if events is not None:
        events.append(AuctionChosen(move.player, move.kind))
    return state.evolve(phase=_NEXT[(state.phase, Trigger.CHOSEN)], auction=move.kind,
                        examiner=state.auctioneer, actions=ACTIONS)


def _examine(state: BoxesState, move: Any, events: Events) -> BoxesState:
    seat, slot = move.player, move.slot
    if events is not None:
        events.append(Examined(seat, state.container, slot, state.card(state.container, slot)))
    state = state.evolve(actions=state.actions - COST[slot],
                         looks=(*state.looks, Look(state.container, seat, slot)))
    actions = state.actions
    # The turn ends by itself when no unexamined slot is affordable (BX9).
    if any(COST[other] <= actions for other in unexamined(state, seat)):
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
        return state.evolve(examiner=following, actions=ACTIONS)
    if state.auction == "sealed":
        return state.evolve(phase=_NEXT[(_EXAMINE, Trigger.EXAMINED_SEALED)],
                            examiner=None, actions=0, commits=(None,) * count, order=())
    first = state.auctioneer
    return state.evolve(phase=_NEXT[(_EXAMINE, Trigger.EXAMINED_OPEN)], examiner=None,
                        actions=0, bidders=tuple((first + d) % count for d in range(count)),
                        standing=None, holder=None, turn=first)


def _seal(state: BoxesState, move: Any, events: Events) -> BoxesState:
    # The commit is recorded, nothing revealed and no money moved (BX14) until the last.
    if events is not None:
        events.append(Committed(move.player, move.notes))
    pending = list(state.commits)
    pending[move.player] = move.notes
    if any(notes is None for notes in pending):
        return state.evolve(commits=tuple(pending), order=(*state.order, move.player))
    commits = tuple(notes or () for notes in pending)
    bids = [sum(notes) for notes in commits]
    best = max(bids)
    count = state.num_players
    first = state.auctioneer
    # Clockwise from the auctioneer: the first tied seat holds the tied amount (BX16, [D10]).
    top = tuple(seat for seat in ((first + d) % count for d in range(count))
                if bids[seat] == best)
    if events is not None:
        events.append(Revealed(commits, top))
    state = state.evolve(commits=(), order=(), revealed=commits)
    if len(top) == 1:
        winner = top[0]
        state = state.evolve(winner=winner, price=best)
        if events is not None:
            events.append(AuctionWon(winner, best))
        return _pay(state, commits[winner], events)
    return state.evolve(phase=_NEXT[(_SEALED, Trigger.TIE)], bidders=top,
                        standing=best, holder=top[0], turn=top[1])


def _bid(state: BoxesState, move: Any, events: Events) -> BoxesState:
    if events is not None:
        events.append(BidMade(move.player, move.amount))
    state = state.evolve(standing=move.amount, holder=move.player)
    return _next_bidder(state, move.player, events)


def _pass(state: BoxesState, move: Any, events: Events) -> BoxesState:
    if events is not None:
        events.append(Passed(move.player))
    state = state.evolve(bidders=tuple(seat for seat in state.bidders
                                              if seat != move.player))
    return _next_bidder(state, move.player, events)


def _next_bidder(state: BoxesState, seat: int, events: Events) -> BoxesState:
    count = state.num_players
    bidders = state.bidders
    following = next((seat + d) % count for d in range(1, count + 1)
                     if (seat + d) % count in bidders)
    if following != state.holder:
        return state.evolve(turn=following)
    # The turn would reach the holder: it wins at the standing bid (BX12).
    price = state.standing or 0
    state = state.evolve(bidders=(), standing=None, holder=None, turn=None,
                         winner=following, price=price)
    if events is not None:
        events.append(AuctionWon(following, price))
    ways = payments(state.notes[following], price)
    if len(ways) == 1:  # one way to pay (always at 0): automatic (BX17)
        return _pay(state, ways[0], events)
    return state.evolve(phase=_NEXT[(_OPEN, Trigger.WON)])


def _pay(state: BoxesState, notes: tuple[int, ...], events: Events) -> BoxesState:
    """The winner pays ``notes`` to the bank and takes the container (BX10, BX17): from
    ``sealedBid``, ``openAuction`` or ``payment``, the next container or the end."""
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
    state = state.evolve(notes=tuple(all_notes), winner=None, price=0,
                         sales=(*state.sales, Sale(container, winner, state.price, notes)))
    if container < CONTAINERS:
        return state.evolve(phase=_NEXT[(state.phase, Trigger.SOLD)],
                            container=container + 1, auction=None)
    return finish(state.evolve(phase=_NEXT[(state.phase, Trigger.LAST_SOLD)]), events)


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
    return state.evolve(result=result, final_cards=cards, wealth=wealth)


_STEPS: dict[type, Callable[[BoxesState, Any, Events], BoxesState]] = {
    Auction: _auction, Examine: _examine, Stop: _stop, Seal: _seal, Bid: _bid,
    Pass: _pass, Pay: lambda state, move, events: _pay(state, move.notes, events)}
