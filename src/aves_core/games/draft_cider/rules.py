"""Draft Cider's rules: legal moves, the checked door that names the rule a bad move
breaks, and the step that applies a legal one (RULES-draft-cider.md DC7-DC19b).

``apply_move`` refuses a move with an ``IllegalMoveError`` whose code is the first of
DC19b's that applies: ``game_over``, ``not_your_turn``, ``not_in_pool`` (a card that
is not in the pool, or no card at all), ``unknown_lot``, ``lot_refuses`` (the lot's
rule forbids the card, or the tree is full). ``step`` applies a move known to be
legal.
"""

from __future__ import annotations

from aves_core.games.draft_cider.cards import DECK, LOT_INDEX, LOTS
from aves_core.games.draft_cider.events import (
    Event,
    GameEnded,
    Picked,
    PoolLaid,
    TurnStarted,
)
from aves_core.games.draft_cider.lots import (
    Orchard,
    accepting,
    lot_score,
    orchard_score,
    refusal,
)
from aves_core.games.draft_cider.moves import Move, Pick
from aves_core.games.draft_cider.phases import PHASES, Trigger
from aves_core.games.draft_cider.state import DraftCiderState
from aves_core.kernel.errors import ArgumentError, IllegalMoveError
from aves_core.kernel.game import Result

__all__ = [
    "apply_move",
    "apply_move_with_events",
    "first_picker",
    "is_legal",
    "legal_moves",
    "moves_for",
    "step",
    "winners",
]


class _RefusalError(Exception):
    """A move's refusal: its DC19b code and the message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


# --- legal moves --------------------------------------------------------------------


def moves_for(player: int, pool: tuple[str, ...], orchard: Orchard) -> tuple[Pick, ...]:
    """``player``'s picks: every pool card in pool order, each with the lots that accept
    it in DC3's order (DC19a). ``unlucky`` and ``bad`` take any card, so there is always
    one (DC8)."""
    picks = _PICKS.get(player)
    if picks is None:
        picks = _picks_of(player)
    mono, feather, tree, _unlucky, forte, couple, stable, _bad = accepting(orchard)
    found: list[Pick] = []
    add = found.append
    for card in pool:
        row = picks[card]
        if card in mono:
            add(row[0])
        if card in feather:
            add(row[1])
        if card in tree:
            add(row[2])
        add(row[3])  # unlucky takes any card
        if card in forte:
            add(row[4])
        if card in couple:
            add(row[5])
        if card in stable:
            add(row[6])
        add(row[7])  # and so does bad
    return tuple(found)


_PICKS: dict[int, dict[str, tuple[Pick, ...]]] = {}
"""Each seat's picks, made once: for each card, its ``Pick`` into each lot in ``LOTS``
order (legal moves hand out these frozen values instead of building new ones)."""


def _picks_of(player: int) -> dict[str, tuple[Pick, ...]]:
    picks = _PICKS[player] = {card: tuple(Pick(player, card, lot) for lot in LOTS)
                              for card in DECK}
    return picks


def legal_moves(state: DraftCiderState) -> tuple[Move, ...]:
    """Every legal pick of the seat to pick (none once the game is over)."""
    player = state.active
    if player is None:
        return ()
    return moves_for(player, state.pool, state.orchards[player])


def is_legal(state: DraftCiderState, move: Move) -> bool:
    """Whether ``apply_move`` would accept ``move`` (False for a value that is no Draft
    Cider move; ``ArgumentError`` for a state that is no ``DraftCiderState``)."""
    if not isinstance(state, DraftCiderState):
        raise ArgumentError(f"is_legal needs a DraftCiderState, not {type(state).__name__}")
    if type(move) is not Pick:
        return False
    try:
        _refuse(state, move)
    except _RefusalError:
        return False
    return True


# --- the checked door -----------------------------------------------------------------


def apply_move(state: DraftCiderState, move: Move) -> DraftCiderState:
    """The state after ``move``; an ``IllegalMoveError`` naming DC19b's code if it is
    not legal (the state is never changed)."""
    return _checked(state, move, None)


def apply_move_with_events(state: DraftCiderState, move: Move
                           ) -> tuple[DraftCiderState, tuple[Event, ...]]:
    """``apply_move``, and what happened as events."""
    events: list[Event] = []
    return _checked(state, move, events), tuple(events)


def step(state: DraftCiderState, move: Move) -> DraftCiderState:
    """The state after a move known to be legal (unchecked: for playouts)."""
    return _step(state, move, None)


def _checked(state: DraftCiderState, move: Move, events: list[Event] | None
             ) -> DraftCiderState:
    if not isinstance(state, DraftCiderState):
        raise ArgumentError(f"state must be a DraftCiderState, not {type(state).__name__}")
    if type(move) is not Pick:
        raise ArgumentError(f"not a Draft Cider move: {type(move).__name__}")
    try:
        _refuse(state, move)
    except _RefusalError as refusal_:
        raise IllegalMoveError(f"{move}: {refusal_.message}", code=refusal_.code, move=move,
                               phase=state.phase) from None
    return _step(state, move, events)


def _refuse(state: DraftCiderState, move: Pick) -> None:
    """Raise the move's ``_RefusalError`` (DC19b's first code that applies), if any."""
    if state.result is not None:
        raise _RefusalError("game_over", "the game is over")
    if move.player != state.active:
        raise _RefusalError("not_your_turn",
                            f"it is seat {state.active}'s turn, not seat {move.player}'s")
    if move.card not in state.pool:
        raise _RefusalError("not_in_pool", f"{move.card!r:.12} is not in the pool "
                            f"({' '.join(state.pool)})")
    if move.lot not in LOT_INDEX:
        raise _RefusalError("unknown_lot", f"{move.lot!r:.20} is no lot: the lots are "
                            f"{', '.join(LOTS)}")
    why = refusal(state.orchards[move.player], move.lot, move.card)
    if why is not None:
        raise _RefusalError("lot_refuses", why)


# --- the step --------------------------------------------------------------------------


def first_picker(first: int, round_: int, num_players: int) -> int:
    """Who picks first in round ``round_``: seat (first + r - 1) mod N (DC7, [D6])."""
    return (first + round_ - 1) % num_players


def winners(scores: tuple[int, ...]) -> tuple[int, ...]:
    """The seats with the highest score: they share the win (DC18, [D7])."""
    best = max(scores)
    return tuple(seat for seat, points in enumerate(scores) if points == best)


_NEXT = PHASES.next
"""The compiled phase table: each transition the step takes is the declared one."""


def _step(state: DraftCiderState, move: Move, events: list[Event] | None
          ) -> DraftCiderState:
    player, card, lot = move.player, move.card, move.lot
    orchard = state.orchards[player]
    index = LOT_INDEX[lot]
    orchard = orchard[:index] + (orchard[index] + (card,),) + orchard[index + 1:]
    orchards = state.orchards[:player] + (orchard,) + state.orchards[player + 1:]
    pool = tuple(each for each in state.pool if each != card)
    count = state.num_players
    if events is not None:
        events.append(Picked(player, card, lot,
                             lot_score(orchard, lot, state.options.bad_points)))
    if pool:
        nxt = (player + 1) % count
        if events is not None:
            events.append(TurnStarted(nxt))
        return DraftCiderState(state.options, state.deck, state.first, state.round, pool,
                               orchards, _NEXT[state.phase, Trigger.NEXT_PICK], nxt)
    return _round_end(state, orchards, events)


def _round_end(state: DraftCiderState, orchards: tuple[Orchard, ...],
               events: list[Event] | None) -> DraftCiderState:
    """The pool is empty (DC6, DC9): lay out the next round's pool, or end the game."""
    count = state.num_players
    ending = _NEXT[state.phase, Trigger.POOL_EMPTY]  # roundEnd, passed through
    if state.round == state.rounds:
        over = _NEXT[ending, Trigger.GAME_OVER]
        bad_points = state.options.bad_points
        scores = tuple(orchard_score(orchard, bad_points) for orchard in orchards)
        result = Result(winners(scores), "most_points")
        if events is not None:
            events.append(GameEnded(result, scores))
        return DraftCiderState(state.options, state.deck, state.first, state.round, (),
                               orchards, over, None, result)
    round_ = state.round + 1
    size = state.per_round * count
    pool = state.deck[(round_ - 1) * size:round_ * size]
    first = first_picker(state.first, round_, count)
    if events is not None:
        events += (PoolLaid(round_, first, pool), TurnStarted(first))
    return DraftCiderState(state.options, state.deck, state.first, round_, pool, orchards,
                           _NEXT[ending, Trigger.NEXT_ROUND], first)
