"""What a seat sees of a game of Tsukuru 10 Ten (TK19), and nothing more.

``view_for(state, seat)`` projects a state onto a ``TsukuruView`` built only from what
that seat may see: every discard pile in order, every open set and its colour, hand
sizes, the deck's size (never its order), the dealer, the round, the scores, the
phase, the last finisher's tiles and arrangement (until the end of the next round),
the result and ranks, and its own concealed tiles with the tile it just drew (a
spectator, ``seat`` None, sees no concealed tile). Other seats' concealed tiles never
enter a view, even after the round [D11].

``update_view(view, events)`` folds a seat's redacted events into its view: a client
that starts from its first view and folds in what the host sends stays equal to
``view_for`` on the real state.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from aves_core.games.tsukuru.evaluator import Score, TileSet, arrangement_of, score, totals
from aves_core.games.tsukuru.events import (
    EVENT_TYPES,
    DealDue,
    Dealt,
    DiscardDue,
    Discarded,
    Drew,
    Event,
    Finished,
    FinishOrDiscard,
    GameEnded,
    Got,
    RoundDry,
    RoundStarted,
    TurnStarted,
)
from aves_core.games.tsukuru.moves import Finish, FinishFrom, Move
from aves_core.games.tsukuru.phases import Phase
from aves_core.games.tsukuru.rules import moves_for
from aves_core.games.tsukuru.state import HAND_TILES, Shown, TsukuruState
from aves_core.games.tsukuru.tiles import EMPTY, INDEX, Counts, counts_of
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result

__all__ = ["TsukuruView", "update_view", "view_for"]


@attrs.frozen
class TsukuruView:
    """One seat's picture of a game (``seat`` None: a spectator's).

    ``concealed`` is the seat's own concealed tiles (counts; None for a spectator) and
    ``drawn`` the tile it just drew (phase drawn only); everything else is public.
    ``to_move`` is ``(active,)``, or nobody while a deal is awaited and once the game is
    over. ``scoring`` and ``end`` are the options; ``turns`` counts each seat's turns this
    round. ``finish_scores`` is what each finish among ``legal_moves`` would score, in
    their order (they come best first), and ``totals`` the totals the seat's own hand's
    arrangements reach (why it cannot finish, when 10 is not among them). ``shown`` is
    the last finish. ``legal_moves`` is empty unless this seat is to move.
    """

    seat: int | None
    scoring: str
    end: str
    phase: Phase
    active: int | None
    to_move: tuple[int, ...]
    dealer: int
    round: int
    turns: tuple[int, ...]
    scores: tuple[int, ...]
    deck_size: int
    hand_sizes: tuple[int, ...]
    concealed: Counts | None
    drawn: str | None
    open_sets: tuple[tuple[TileSet, ...], ...]
    discards: tuple[tuple[str, ...], ...]
    shown: Shown | None
    result: Result | None
    ranks: tuple[int, ...] | None
    legal_moves: tuple[Move, ...]
    finish_scores: tuple[Score, ...] = ()
    totals: tuple[int, ...] = ()


def _check_seat(num_players: int, seat: object) -> None:
    if seat is None:
        return
    if type(seat) is not int:
        raise ArgumentError(f"seat must be an int or None (a spectator), not {seat!r}")
    if not 0 <= seat < num_players:
        raise ArgumentError(f"seat {seat} is not a seat of this {num_players}-player game")


def _moves(seat: int | None, phase: Phase, active: int | None, concealed: Counts | None,
           open_sets: tuple[tuple[TileSet, ...], ...], discards: tuple[tuple[str, ...], ...],
           scoring: str, dealer: int, turns: tuple[int, ...]) -> tuple[Move, ...]:
    if seat is None or seat != active or concealed is None:
        return ()
    return moves_for(phase, seat, concealed, open_sets[seat], discards, scoring == "advanced",
                     dealer == seat, turns[seat] == 0)


def _finish_scores(seat: int | None, moves: tuple[Move, ...], concealed: Counts | None,
                   open_sets: tuple[tuple[TileSet, ...], ...],
                   discards: tuple[tuple[str, ...], ...], scoring: str, dealer: int,
                   turns: tuple[int, ...]) -> tuple[Score, ...]:
    """What each finish among ``moves`` scores, in their order."""
    if seat is None or concealed is None:
        return ()
    found = []
    for move in moves:
        if isinstance(move, Finish | FinishFrom):
            hand = concealed
            if isinstance(move, FinishFrom):
                index = INDEX[discards[move.source][-1]]
                hand = hand[:index] + (hand[index] + 1,) + hand[index + 1:]
            found.append(score(hand, open_sets[seat], arrangement_of(move.arrangement),
                               advanced=scoring == "advanced", dealer=dealer == seat,
                               heaven=isinstance(move, Finish) and turns[seat] == 0))
    return tuple(found)


def _totals(seat: int | None, concealed: Counts | None,
            open_sets: tuple[tuple[TileSet, ...], ...]) -> tuple[int, ...]:
    return () if seat is None or concealed is None else totals(concealed, open_sets[seat])


def view_for(state: TsukuruState, seat: int | None) -> TsukuruView:
    """What ``seat`` may know of ``state`` (None: a spectator, who sees no tile of any
    hand but the open sets)."""
    if type(state) is not TsukuruState:
        raise ArgumentError(f"view_for needs a TsukuruState, not {type(state).__name__}")
    _check_seat(state.num_players, seat)
    concealed = None if seat is None else state.concealed[seat]
    active = state.active
    scoring = state.options.scoring
    moves = _moves(seat, state.phase, active, concealed, state.open_sets, state.discards,
                   scoring, state.dealer, state.turns)
    return TsukuruView(
        seat=seat, scoring=scoring, end=state.options.end, phase=state.phase, active=active,
        to_move=() if active is None else (active,), dealer=state.dealer, round=state.round,
        turns=state.turns, scores=state.scores, deck_size=len(state.deck),
        hand_sizes=tuple(state.hand_size(each) for each in range(state.num_players)),
        concealed=concealed,
        drawn=state.drawn if seat is not None and seat == active else None,
        open_sets=state.open_sets, discards=state.discards, shown=state.shown,
        result=state.result, ranks=state.ranks,
        legal_moves=moves,
        finish_scores=_finish_scores(seat, moves, concealed, state.open_sets, state.discards,
                                     scoring, state.dealer, state.turns),
        totals=_totals(seat, concealed, state.open_sets))


class _Picture:
    """A mutable working copy of a view while events are folded in."""

    def __init__(self, view: TsukuruView) -> None:
        self.view = view
        self.seat = view.seat
        self.phase, self.active = view.phase, view.active
        self.dealer, self.round = view.dealer, view.round
        self.turns = list(view.turns)
        self.scores = view.scores
        self.deck_size = view.deck_size
        self.sizes = list(view.hand_sizes)
        self.concealed = None if view.concealed is None else list(view.concealed)
        self.drawn = view.drawn
        self.open_sets = [list(sets) for sets in view.open_sets]
        self.discards = [list(pile) for pile in view.discards]
        self.shown = view.shown
        self.result, self.ranks = view.result, view.ranks

    def mine(self, seat: int) -> list[int] | None:
        return self.concealed if seat == self.seat else None

    def apply(self, event: Event) -> None:
        kind = type(event)
        if kind is Drew:
            self.drew(event)  # type: ignore[arg-type]
        elif kind is Discarded:
            assert isinstance(event, Discarded)
            self.sizes[event.seat] -= 1
            self.discards[event.seat].append(event.tile)
            hand = self.mine(event.seat)
            if hand is not None:
                hand[INDEX[event.tile]] -= 1
            self.drawn = None
            self.turns[event.seat] += 1  # a discard ends its seat's turn
        elif kind is Got:
            self.got(event)  # type: ignore[arg-type]
        elif kind is Finished:
            self.finished(event)  # type: ignore[arg-type]
        elif kind is RoundDry:
            self.shown = None
        elif kind is RoundStarted:
            assert isinstance(event, RoundStarted)
            count = len(self.sizes)
            self.round, self.dealer, self.deck_size = event.round, event.dealer, event.deck
            self.sizes = [HAND_TILES] * count
            self.turns = [0] * count
            self.open_sets = [[] for _ in range(count)]
            self.discards = [[] for _ in range(count)]
            self.drawn = None
            if self.concealed is not None:
                self.concealed = list(EMPTY)
        elif kind is Dealt:
            assert isinstance(event, Dealt)
            if event.seat == self.seat and self.concealed is not None:
                if event.tiles is None:
                    raise ArgumentError(f"an event hides the tiles dealt to the view's "
                                        f"seat {event.seat}")
                self.concealed = list(counts_of(event.tiles))
        else:
            self.rest(event)

    def rest(self, event: Event) -> None:
        """An event that says where the game rests."""
        if isinstance(event, TurnStarted):
            self.phase, self.active = Phase.TURN, event.seat
        elif isinstance(event, FinishOrDiscard):
            self.phase, self.active = Phase.DRAWN, event.seat
        elif isinstance(event, DiscardDue):
            self.phase, self.active = Phase.DISCARD, event.seat
        elif isinstance(event, DealDue):
            self.phase, self.active, self.drawn = Phase.DEAL, None, None
        elif isinstance(event, GameEnded):
            self.phase, self.active, self.drawn = Phase.GAME_END, None, None
            self.result, self.ranks, self.scores = event.result, event.ranks, event.scores
        else:
            raise ArgumentError(f"not an event: {type(event).__name__}")

    def drew(self, event: Drew) -> None:
        self.deck_size -= 1
        self.sizes[event.seat] += 1
        hand = self.mine(event.seat)
        if hand is not None:
            if event.tile is None:
                raise ArgumentError(f"an event hides the tile drawn by the view's seat "
                                    f"{event.seat}")
            hand[INDEX[event.tile]] += 1
            self.drawn = event.tile

    def got(self, event: Got) -> None:
        self.discards[event.source].pop()
        self.sizes[event.seat] += 1
        tiles = tuple(event.opened.split("=")[0][index:index + 2] for index in (0, 2, 4))
        self.open_sets[event.seat].append(TileSet((tiles[0], tiles[1], tiles[2]),
                                                  event.colour))
        hand = self.mine(event.seat)
        if hand is not None:
            rest = list(tiles)
            rest.remove(event.tile)
            for tile in rest:
                hand[INDEX[tile]] -= 1

    def finished(self, event: Finished) -> None:
        if event.source is not None and event.taken is not None:
            self.discards[event.source].pop()
            self.sizes[event.seat] += 1
            hand = self.mine(event.seat)
            if hand is not None:
                hand[INDEX[event.taken]] += 1
        self.scores = event.scores
        self.drawn = None
        opened = tuple(self.open_sets[event.seat])
        arrangement = arrangement_of(event.arrangement)
        self.shown = Shown(event.seat, counts_of(event.tiles), opened, arrangement,
                           Score(event.points, event.parts), self.round, event.source)

    def freeze(self) -> TsukuruView:
        concealed = None if self.concealed is None else tuple(self.concealed)
        open_sets = tuple(tuple(sets) for sets in self.open_sets)
        discards = tuple(tuple(pile) for pile in self.discards)
        scoring = self.view.scoring
        turns = tuple(self.turns)
        moves = _moves(self.seat, self.phase, self.active, concealed, open_sets, discards,
                       scoring, self.dealer, turns)
        return TsukuruView(
            seat=self.seat, scoring=scoring, end=self.view.end, phase=self.phase,
            active=self.active, to_move=() if self.active is None else (self.active,),
            dealer=self.dealer, round=self.round, turns=tuple(self.turns), scores=self.scores,
            deck_size=self.deck_size,
            hand_sizes=tuple(self.sizes), concealed=concealed,
            drawn=self.drawn if self.seat is not None and self.seat == self.active else None,
            open_sets=open_sets, discards=discards, shown=self.shown, result=self.result,
            ranks=self.ranks,
            legal_moves=moves,
            finish_scores=_finish_scores(self.seat, moves, concealed, open_sets, discards,
                                         scoring, self.dealer, turns),
            totals=_totals(self.seat, concealed, open_sets))


def update_view(view: TsukuruView, events: Iterable[Event]) -> TsukuruView:
    """The view after ``events`` (as ``events_for`` gave them to this seat)."""
    if not isinstance(view, TsukuruView):
        raise ArgumentError(f"update_view needs a TsukuruView, not {type(view).__name__}")
    if isinstance(events, str | bytes) or not isinstance(events, Iterable):
        raise ArgumentError(f"update_view needs an iterable of events, not "
                            f"{type(events).__name__}")
    picture = _Picture(view)
    for event in events:
        if not isinstance(event, EVENT_TYPES):
            raise ArgumentError(f"not an event: {type(event).__name__}")
        picture.apply(event)
    return picture.freeze()
