"""Draft Cider's rules: legal moves, the refusals in DC19b's order (``REFUSALS``) and
the transition of a legal move (DC6-DC19b).
"""

from __future__ import annotations

from aves_core.games.draft_cider.cards import DECK, LOT_INDEX, LOTS
from aves_core.games.draft_cider.events import Event, GameEnded, Picked, PoolLaid, TurnStarted
from aves_core.games.draft_cider.lots import (
    Orchard,
    accepting,
    lot_score,
    orchard_score,
    plant,
    refusal,
)
from aves_core.games.draft_cider.moves import Move, Pick
from aves_core.games.draft_cider.phases import PHASES, Trigger
from aves_core.games.draft_cider.state import DraftCiderState
from aves_core.kernel.door import BAD_NOTATION, GAME_OVER, NOT_YOUR_TURN, refuse
from aves_core.kernel.game import Result

__all__ = ["REFUSALS", "first_picker", "legal_moves", "moves_for", "picks_of", "transition",
           "winners"]


# --- legal moves --------------------------------------------------------------------


def moves_for(player: int, pool: tuple[str, ...], orchard: Orchard) -> tuple[Pick, ...]:
    """``player``'s picks: every pool card in pool order, each with the lots that accept
    it in DC3's order (DC19a). ``unlucky`` and ``bad`` take any card, so there is always
    one (DC8)."""
    picks = picks_of(player)
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


def picks_of(player: int) -> dict[str, tuple[Pick, ...]]:
    """Each card's ``Pick`` by ``player`` into each lot in ``LOTS`` order, made once a
    seat: legal moves and playouts hand out these frozen values instead of new ones."""
    picks = _PICKS.get(player)
    if picks is None:
        picks = _PICKS[player] = {card: tuple(Pick(player, card, lot) for lot in LOTS)
                                  for card in DECK}
    return picks


def legal_moves(state: DraftCiderState) -> tuple[Move, ...]:
    """Every legal pick of the seat to pick (none once the game is over)."""
    player = state.active
    if player is None:
        return ()
    return moves_for(player, state.pool, state.orchards[player])


# --- the door: DC19b's codes in their order ---------------------------------------------


def _not_in_pool(state: DraftCiderState, move: Pick) -> str | None:
    return (None if move.card in state.pool
            else f"{move.card!r} is not in the pool ({' '.join(state.pool)})")


def _unknown_lot(state: DraftCiderState, move: Pick) -> str | None:
    return (None if move.lot in LOT_INDEX
            else f"{move.lot!r:.20} is no lot: the lots are {', '.join(LOTS)}")


def _lot_refuses(state: DraftCiderState, move: Pick) -> str | None:
    return refusal(state.orchards[move.player], move.lot, move.card)


REFUSALS = (GAME_OVER, NOT_YOUR_TURN, BAD_NOTATION, refuse("not_in_pool", _not_in_pool),
            refuse("unknown_lot", _unknown_lot), refuse("lot_refuses", _lot_refuses))
"""DC19b's refusals in its order (``aves_core.kernel.door``)."""


# --- the transition ---------------------------------------------------------------------


def first_picker(first: int, round_: int, num_players: int) -> int:
    """Who picks first in round ``round_``: seat (first + r - 1) mod N (DC7, [D6])."""
    return (first + round_ - 1) % num_players


def winners(scores: tuple[int, ...]) -> tuple[int, ...]:
    """The seats with the highest score: they share the win (DC18, [D7])."""
    best = max(scores)
    return tuple(seat for seat, points in enumerate(scores) if points == best)


_NEXT = PHASES.next
"""The compiled phase table: each transition the step takes is the declared one."""


def transition(state: DraftCiderState, move: Move, events: list[Event] | None = None
               ) -> DraftCiderState:
    """The state after a legal ``move`` (the door has judged it); ``events``, when a
    list, hears what happened."""
    player, card, lot = move.player, move.card, move.lot
    orchard = plant(state.orchards[player], LOT_INDEX[lot], card)
    orchards = state.orchards[:player] + (orchard,) + state.orchards[player + 1:]
    pool = tuple(each for each in state.pool if each != card)
    if events is not None:
        events.append(Picked(player, card, lot,
                             lot_score(orchard, lot, state.options.bad_points)))
    if pool:
        nxt = (player + 1) % state.num_players
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
