"""What a seat sees of a game of Cubirds (CB18), and nothing more.

``view_for(state, seat)`` projects a state onto a ``CubirdsView``, built only from
what that seat may see: the rows, every collection, every hand's size, the deck's
size (never its order: nobody sees it), the discard pile's contents (every card
in it was shown), the dealer, the phase, whose turn it is, what a pending reshuffle
is for, the result and ranks, and its own hand (a spectator, ``seat`` None, sees
no hand). Hands, collections and the discard pile are counts in canonical order
(``cards``). A hidden card is never put into a view, so no attribute, ``repr`` or
JSON of one can reveal it.

``update_view(view, events)`` folds a seat's redacted events into its view: a
client that starts from its first view and folds in what the host sends stays
equal to ``view_for`` on the real state, across reshuffles and undos too.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from aves_core.games.cubirds.cards import EMPTY, INDEX, Counts
from aves_core.games.cubirds.events import (
    EVENT_TYPES,
    CardsDealt,
    CardsDrawn,
    DrawDeclined,
    DrawOffered,
    Event,
    FlockDeclined,
    FlockDue,
    Flown,
    GameEnded,
    Laid,
    LayUndone,
    NoDrawUndone,
    Reshuffled,
    ReshuffleDue,
    RoundEnded,
    RowRefilled,
    TurnStarted,
)
from aves_core.games.cubirds.moves import LEFT, Move
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.rules import moves_for
from aves_core.games.cubirds.state import CubirdsState, Pending
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result

__all__ = ["CubirdsView", "update_view", "view_for"]


@attrs.frozen
class CubirdsView:
    """One seat's picture of a game (``seat`` None: a spectator's).

    ``hand`` is the seat's own hand (counts; None for a spectator); ``hand_sizes``,
    ``collections`` (counts), ``deck_size`` and ``discard`` (counts) are public.
    ``active`` is the seat whose turn it is (None once the game is over);
    ``to_move`` the seats that may move now: ``(active,)``, or nobody once the game
    is over and in phase ``reshuffle``, where the game awaits the chance move and
    ``pending`` says what the cards are for. ``draw_offered`` is True in phase ``drawOption``.
    ``ranks`` are each seat's rank once the game is over. ``legal_moves`` is empty
    unless this seat is to move.
    """

    seat: int | None
    phase: Phase
    active: int | None
    to_move: tuple[int, ...]
    dealer: int
    rows: tuple[str, ...]
    hand: Counts | None
    hand_sizes: tuple[int, ...]
    collections: tuple[Counts, ...]
    deck_size: int
    discard: Counts
    draw_offered: bool
    pending: Pending | None
    result: Result | None
    ranks: tuple[int, ...] | None
    legal_moves: tuple[Move, ...]

    @property
    def is_my_turn(self) -> bool:
        """True when this seat is the one to move now."""
        return bool(self.legal_moves)


def _check_seat(num_players: int, seat: object) -> None:
    if seat is None:
        return
    if type(seat) is not int:
        raise ArgumentError(f"seat must be an int or None (a spectator), not {seat!r}")
    if not 0 <= seat < num_players:
        raise ArgumentError(f"seat {seat} is not a seat of this {num_players}-player game")


def _to_move(phase: Phase, active: int | None) -> tuple[int, ...]:
    return () if active is None or phase is Phase.RESHUFFLE else (active,)


def _moves(seat: int | None, phase: Phase, active: int | None, hand: Counts | None
           ) -> tuple[Move, ...]:
    if seat is None or seat != active or hand is None:
        return ()
    return moves_for(phase, seat, hand)


def view_for(state: CubirdsState, seat: int | None) -> CubirdsView:
    """What ``seat`` may know of ``state`` (None: a spectator, who sees no hand)."""
    if type(state) is not CubirdsState:
        raise ArgumentError(f"view_for needs a CubirdsState, not {type(state).__name__}")
    _check_seat(state.num_players, seat)
    hand = None if seat is None else state.hands[seat]
    return CubirdsView(
        seat=seat, phase=state.phase, active=state.active,
        to_move=_to_move(state.phase, state.active), dealer=state.dealer,
        rows=state.rows, hand=hand, hand_sizes=tuple(sum(each) for each in state.hands),
        collections=state.collections, deck_size=len(state.deck), discard=state.discard,
        draw_offered=state.phase is Phase.DRAW_OPTION, pending=state.pending,
        result=state.result, ranks=state.ranks,
        legal_moves=_moves(seat, state.phase, state.active, hand))


class _Picture:
    """A mutable working copy of a view while events are folded in."""

    def __init__(self, view: CubirdsView) -> None:
        self.seat = view.seat
        self.phase = view.phase
        self.active = view.active
        self.dealer = view.dealer
        self.rows = list(view.rows)
        self.hand = None if view.hand is None else list(view.hand)
        self.sizes = list(view.hand_sizes)
        self.collections = [list(collection) for collection in view.collections]
        self.deck_size = view.deck_size
        self.discard = list(view.discard)
        self.pending = view.pending
        self.result = view.result
        self.ranks = view.ranks

    def give(self, seat: int, count: int, cards: str | None) -> None:
        """``count`` cards from the deck to ``seat``'s hand."""
        self.deck_size -= count
        self.sizes[seat] += count
        if seat == self.seat:
            if cards is None:
                raise ArgumentError(f"an event hides the cards drawn by the view's seat {seat}")
            self.change_hand(cards, "")

    def change_hand(self, gained: str, lost: str) -> None:
        hand = self.hand
        if hand is None:
            return
        for card in gained:
            hand[INDEX[card]] += 1
        for card in lost:
            hand[INDEX[card]] -= 1

    def rest(self, phase: Phase, seat: int | None) -> None:
        self.phase, self.active, self.pending = phase, seat, None

    def apply(self, event: Event) -> None:
        if isinstance(event, Laid | LayUndone):
            self.lay(event)
        elif isinstance(event, RowRefilled):
            line = self.rows[event.row]
            self.rows[event.row] = (event.cards[::-1] + line if event.side == LEFT
                                    else line + event.cards)
            self.deck_size -= len(event.cards)
        elif isinstance(event, CardsDrawn | CardsDealt):
            self.give(event.seat, event.count, event.cards)
        elif isinstance(event, Flown):
            self.sizes[event.seat] -= event.kept + event.discarded
            species = INDEX[event.species]
            if event.seat == self.seat and self.hand is not None:
                self.hand[species] = 0
            self.collections[event.seat][species] += event.kept
            self.discard[species] += event.discarded
        elif isinstance(event, RoundEnded):
            for index, count in enumerate(event.discarded):
                self.discard[index] += count
            self.sizes = [0] * len(self.sizes)
            if self.hand is not None:
                self.hand = list(EMPTY)
            self.dealer = event.seat
        elif isinstance(event, Reshuffled):
            self.deck_size = event.size
            self.discard = list(EMPTY)
        elif isinstance(event, DrawOffered | NoDrawUndone):
            self.rest(Phase.DRAW_OPTION, event.seat)
        elif isinstance(event, FlockDue):
            self.rest(Phase.FLOCK, event.seat)
        elif isinstance(event, TurnStarted):
            self.rest(Phase.LAY, event.seat)
        elif isinstance(event, ReshuffleDue):
            self.phase, self.pending = Phase.RESHUFFLE, event.pending
        elif isinstance(event, GameEnded):
            self.rest(Phase.GAME_END, None)
            self.result, self.ranks = event.result, event.ranks
        elif not isinstance(event, DrawDeclined | FlockDeclined):
            raise ArgumentError(f"not an event: {type(event).__name__}")

    def lay(self, event: Laid | LayUndone) -> None:
        """A lay (its cards out of the hand, the taken ones in), or its undo."""
        line, laid, taken = self.rows[event.row], event.species * event.count, event.taken
        if isinstance(event, Laid):
            kept = line[len(taken):] if event.side == LEFT else line[:len(line) - len(taken)]
            self.rows[event.row] = laid + kept if event.side == LEFT else kept + laid
            self.sizes[event.seat] += len(taken) - event.count
            gained, lost = taken, laid
        else:
            kept = line[event.count:] if event.side == LEFT else line[:len(line) - event.count]
            self.rows[event.row] = taken + kept if event.side == LEFT else kept + taken
            self.sizes[event.seat] += event.count - len(taken)
            gained, lost = laid, taken
            self.rest(Phase.LAY, event.seat)
        if event.seat == self.seat:
            self.change_hand(gained, lost)

    def freeze(self) -> CubirdsView:
        hand = None if self.hand is None else tuple(self.hand)
        return CubirdsView(
            seat=self.seat, phase=self.phase, active=self.active,
            to_move=_to_move(self.phase, self.active), dealer=self.dealer,
            rows=tuple(self.rows), hand=hand, hand_sizes=tuple(self.sizes),
            collections=tuple(tuple(collection) for collection in self.collections),
            deck_size=self.deck_size, discard=tuple(self.discard),
            draw_offered=self.phase is Phase.DRAW_OPTION, pending=self.pending,
            result=self.result, ranks=self.ranks,
            legal_moves=_moves(self.seat, self.phase, self.active, hand))


def update_view(view: CubirdsView, events: Iterable[Event]) -> CubirdsView:
    """The view after ``events`` (as ``events_for`` gave them to this seat)."""
    if not isinstance(view, CubirdsView):
        raise ArgumentError(f"update_view needs a CubirdsView, not {type(view).__name__}")
    if isinstance(events, str | bytes) or not isinstance(events, Iterable):
        raise ArgumentError(f"update_view needs an iterable of events, not "
                            f"{type(events).__name__}")
    picture = _Picture(view)
    for event in events:
        if not isinstance(event, EVENT_TYPES):
            raise ArgumentError(f"not an event: {type(event).__name__}")
        picture.apply(event)
    return picture.freeze()
