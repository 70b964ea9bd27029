"""The rules of Soulaween as pure functions over frozen states (docs/soulaween.md):
``legal_moves``, the door (``REFUSALS``, its codes in the order they are checked) and
``transition``, which plays a put's automatic steps on its own. Where the rules are
silent, the win comes at the end of the reap, before the cleanup, and the cleanup
before Hei & Bai's rotation, so the player decides with the cleaned mat in view.
"""

from __future__ import annotations

import functools
import itertools

from aves_core.games.soulaween.board import (
    BLACK,
    CELL_INDEX,
    CHAIN,
    DIAGONAL,
    FULL,
    NAME_ORDER,
    ORTHOGONAL,
    PATTERN_BY_MASK,
    PATTERNS,
    SQUARE,
    TILTED_L,
    WHITE,
    Pattern,
    cells_of,
    mask_of,
)
from aves_core.games.soulaween.events import (
    Event,
    GameEnded,
    Kept,
    MatCleaned,
    PiecePut,
    PiecesFlipped,
    PiecesReaped,
    ReapDue,
    Rotated,
    RotationDue,
    TurnStarted,
)
from aves_core.games.soulaween.moves import MOVES, Keep, Move, Put, Reap, Rotate
from aves_core.games.soulaween.phases import Phase
from aves_core.games.soulaween.state import (
    ANUBIS,
    BAI,
    HEI,
    HEI_BAI,
    LITTLE_DEATH,
    SoulaweenState,
)
from aves_core.kernel.door import BAD_NOTATION, refuse
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result

__all__ = ["REFUSALS", "TOKENS_TO_WIN", "legal_moves", "put_and_flip", "reapable",
           "transition"]

TOKENS_TO_WIN = 3
"""A player with three tokens wins (Little Death: one of each kind, which is three)."""

_PLAYER_TURN = Phase.PLAYER_TURN
_CHOOSE_REAP = Phase.CHOOSE_REAP
_CHOOSE_ROTATION = Phase.CHOOSE_ROTATION
_GAME_END = Phase.GAME_END
_CHAINS = tuple(pattern for pattern in PATTERNS if pattern.kind == CHAIN)
_KIND_TOKEN = {SQUARE: "cloth", TILTED_L: "scythe", CHAIN: "needle"}
"""Little Death's token for each kind of pattern: Cloth, Scythe and Needle."""
_TOKEN_KIND = {token: kind for kind, token in _KIND_TOKEN.items()}

# Moves are values: each is built once (``MOVES``) and shared.
_PUTS = tuple(tuple(moves[2 * cell:2 * cell + 2] for cell in range(16)) for moves in MOVES)
_REAPS = tuple({pattern.mask: moves[32 + index] for index, pattern in enumerate(PATTERNS)}
               for moves in MOVES)
_TURNS = tuple(moves[-2:] for moves in MOVES)


def _puts_by_empty(puts: tuple[tuple[Move, ...], ...], cells: tuple[int, ...]
                   ) -> dict[int, tuple[Move, ...]]:
    """The puts on ``cells`` (in name order) by which of them are empty: for every subset
    of them, by its mask."""
    table = {}
    for chosen in itertools.product((False, True), repeat=len(cells)):
        empty = mask_of(cell for cell, free in zip(cells, chosen, strict=True) if free)
        table[empty] = tuple(move for cell in cells if empty >> cell & 1 for move in puts[cell])
    return table


# The puts, in name order, are those of columns a and b, then those of columns c and d:
# each half a lookup by its empty cells (legal_moves and every view list them).
_AB = mask_of(NAME_ORDER[:8])
_CD = mask_of(NAME_ORDER[8:])
_PUTS_AB = tuple(_puts_by_empty(puts, NAME_ORDER[:8]) for puts in _PUTS)
_PUTS_CD = tuple(_puts_by_empty(puts, NAME_ORDER[8:]) for puts in _PUTS)


# --- legal moves ---------------------------------------------------------------------


def reapable(state: SoulaweenState, player: int) -> tuple[Pattern, ...]:
    """The patterns ``player`` may reap on the mat of ``state``."""
    return _reapable(state.black, state.white, state.characters[player], state.tokens[player],
                     state.restrictions[player])


@functools.cache
def _little_death(tokens: tuple[str, ...]) -> tuple[Pattern, ...]:
    """Little Death's patterns: one token of each kind, so a kind it holds is not reapable."""
    held = {_TOKEN_KIND[token] for token in tokens}
    return tuple(pattern for pattern in PATTERNS if pattern.kind not in held)


def _reapable(black: int, white: int, character: str | None, tokens: tuple[str, ...],
              restriction: str | None) -> tuple[Pattern, ...]:
    candidates = _little_death(tokens) if character == LITTLE_DEATH else _CHAINS
    # A restricted player's patterns are those of the face of its restriction.
    black = 0 if restriction == WHITE else black
    white = 0 if restriction == BLACK else white
    found = []
    for pattern in candidates:
        mask = pattern.mask
        if black & mask == mask or white & mask == mask:
            found.append(pattern)
    return tuple(found)


def legal_moves(state: SoulaweenState) -> tuple[Move, ...]:
    """Every legal move, in a fixed order: puts by cell in name order (black, then
    white), reaps by pattern, then rotate and keep; nothing once the game is over."""
    if type(state) is not SoulaweenState:
        raise ArgumentError(f"legal_moves needs a SoulaweenState, not {type(state).__name__}")
    player = state.active
    if player is None:
        return ()
    phase = state.phase
    if phase is _PLAYER_TURN:
        empty = state.empty
        return _PUTS_AB[player][empty & _AB] + _PUTS_CD[player][empty & _CD]
    if phase is _CHOOSE_REAP:
        reaps = _REAPS[player]
        return tuple(reaps[pattern.mask] for pattern in reapable(state, player))
    return _TURNS[player]


# --- the door ------------------------------------------------------------------------


def _game_over(state: SoulaweenState, move: Move) -> str | None:
    if state.result is None:
        return None
    winners = " and ".join(f"seat {seat}" for seat in state.result.winners)
    return f"the game is over ({state.result.reason}, won by {winners})"


def _not_your_turn(state: SoulaweenState, move: Move) -> str | None:
    return (None if move.player == state.active
            else f"it is seat {state.active}'s move, not seat {move.player}'s")


_WANTED = {Put: _PLAYER_TURN, Reap: _CHOOSE_REAP, Rotate: _CHOOSE_ROTATION,
           Keep: _CHOOSE_ROTATION}
_EXPECTED = {_PLAYER_TURN: "put a piece", _CHOOSE_REAP: "choose a pattern to reap",
             _CHOOSE_ROTATION: "rotate or keep"}


def _wrong_phase(state: SoulaweenState, move: Move) -> str | None:
    return (None if state.phase is _WANTED[type(move)] else
            f"seat {move.player} must {_EXPECTED[state.phase]} now (phase {state.phase.value})")


def _cell_taken(state: SoulaweenState, move: Put) -> str | None:
    return (None if state.empty >> CELL_INDEX[move.cell] & 1
            else f"{move.cell} holds a piece already")


def _not_reapable(state: SoulaweenState, move: Reap) -> str | None:
    patterns = reapable(state, move.player)
    if any(pattern.mask == move.mask for pattern in patterns):
        return None
    what = "is no pattern" if move.mask not in PATTERN_BY_MASK else "is not reapable now"
    return (f"{'-'.join(move.cells)} {what}; seat {move.player} may reap "
            f"{', '.join(map(str, patterns))}")


REFUSALS = (BAD_NOTATION, refuse("game_over", _game_over),
            refuse("not_your_turn", _not_your_turn), refuse("wrong_phase", _wrong_phase),
            refuse("cell_taken", _cell_taken, Put), refuse("not_reapable", _not_reapable, Reap))
"""The door's refusals, in the order they are checked (``aves_core.kernel.door``): a
move of no text first, as the notation refuses a text before any rule."""


# --- applying a legal move ----------------------------------------------------------------


def transition(state: SoulaweenState, move: Move, events: list[Event] | None = None
               ) -> SoulaweenState:
    """The state after a legal ``move`` (the door has judged it), the steps of the turn in
    the rules' order; ``events``, when a list, hears what happened."""
    player, character = move.player, state.characters[move.player]
    black, white, tokens, stances = state.black, state.white, state.tokens, state.stances
    characters, restrictions = state.characters, state.restrictions
    if isinstance(move, Rotate | Keep):
        if isinstance(move, Rotate):
            stance = BAI if stances[player] == HEI else HEI
            stances = (stance, stances[1]) if player == 0 else (stances[0], stance)
        if events is not None:
            events.append(Rotated(player, stance) if isinstance(move, Rotate) else Kept(player))
    else:
        if isinstance(move, Put):  # the put, and the flip of its neighbours
            cell, put_face = CELL_INDEX[move.cell], move.face
            around = (DIAGONAL if stances[player] == BAI else ORTHOGONAL)[cell]
            black, white = put_and_flip(black, white, cell, put_face == BLACK, around)
            if events is not None:
                events.append(PiecePut(player, move.cell, put_face))
                if (state.black | state.white) & around:
                    events.append(PiecesFlipped(cells_of((state.black | state.white) & around)))
            patterns = _reapable(black, white, character, tokens[player], restrictions[player])
            if len(patterns) > 1:  # the player chooses one; with one, it is reaped at once
                if events is not None:
                    events.append(ReapDue(player))
                return SoulaweenState(black, white, tokens, characters, stances, restrictions,
                                      _CHOOSE_REAP, player, put_face)
            pattern = patterns[0] if patterns else None
        else:
            assert state.put_face is not None
            put_face, pattern = state.put_face, PATTERN_BY_MASK[move.mask]
        if pattern is not None:  # the reap, and the win at its end
            mask = pattern.mask
            face = BLACK if black & mask == mask else WHITE
            black, white = black & ~mask, white & ~mask
            token = (_KIND_TOKEN[pattern.kind] if character == LITTLE_DEATH
                     else f"anubis_{face}" if character == ANUBIS else "vulture")
            mine = (*tokens[player], token)
            tokens = (mine, tokens[1]) if player == 0 else (tokens[0], mine)
            # Taking a token lifts the player's own restriction; an Anubis token restricts
            # the opponent's next token to its face (only the latest counts).
            other = face if character == ANUBIS else restrictions[1 - player]
            restrictions = (None, other) if player == 0 else (other, None)
            if events is not None:
                events.append(PiecesReaped(player, pattern.cells, face, token))
            if len(mine) >= TOKENS_TO_WIN:
                result = Result((player,), "one_of_each_kind" if character == LITTLE_DEATH
                                else "three_tokens")
                if events is not None:
                    events.append(GameEnded(result))
                return SoulaweenState(black, white, tokens, characters, stances, restrictions,
                                      _GAME_END, None, None, result)
        if black | white == FULL:  # the cleanup: the face put this turn leaves the mat
            if events is not None:
                events.append(MatCleaned(put_face, cells_of(black if put_face == BLACK
                                                            else white)))
            black, white = (0, white) if put_face == BLACK else (black, 0)
        if character == HEI_BAI:
            if events is not None:
                events.append(RotationDue(player))
            return SoulaweenState(black, white, tokens, characters, stances, restrictions,
                                  _CHOOSE_ROTATION, player)
    if events is not None:
        events.append(TurnStarted(1 - player))
    return SoulaweenState(black, white, tokens, characters, stances, restrictions,
                          _PLAYER_TURN, 1 - player)


def put_and_flip(black: int, white: int, cell: int, black_up: bool, around: int
                 ) -> tuple[int, int]:
    """The masks of the black and the white pieces once a piece is put on the empty
    ``cell`` (black up or white up) and the pieces of ``around``, its neighbours that the
    put flips, are turned over."""
    if black_up:
        black |= 1 << cell
    else:
        white |= 1 << cell
    flipped_black, flipped_white = black & around, white & around
    return (black & ~around) | flipped_white, (white & ~around) | flipped_black
