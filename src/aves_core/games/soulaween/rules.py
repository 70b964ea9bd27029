"""The rules of Soulaween as pure functions over frozen states.

``apply_move`` is the checked door (``IllegalMoveError`` with a stable code:
``game_over``, ``not_your_turn``, ``wrong_phase``, ``cell_taken``,
``not_reapable``); ``step`` is the same without the checks. A put runs the
automatic phases on its own: the flip, the reap (at once when one pattern is
reapable for the player, after their choice when several are), the immediate
win, the cleanup of a full mat, and Hei & Bai's choice to rotate or keep.

The order of a turn is a decision of this implementation where the rules are
silent: the win is checked at the end of the reap, before the cleanup; the
cleanup comes before Hei & Bai's rotation, so the player decides with the
cleaned mat in view.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from aves_core.games.soulaween.board import (
    BLACK,
    CELL_NAMES,
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
from aves_core.games.soulaween.moves import Keep, Move, Put, Reap, Rotate
from aves_core.games.soulaween.phases import Phase
from aves_core.games.soulaween.state import (
    ANUBIS,
    BAI,
    CHARACTERS,
    HEI,
    HEI_BAI,
    LITTLE_DEATH,
    STANCES,
    SoulaweenOptions,
    SoulaweenSetup,
    SoulaweenState,
)
from aves_core.kernel.errors import ArgumentError, IllegalMoveError, SetupError, require_int
from aves_core.kernel.game import Result

__all__ = [
    "TOKENS_TO_WIN",
    "apply_move",
    "apply_move_with_events",
    "is_legal",
    "legal_moves",
    "new_setup",
    "reapable",
    "start",
    "step",
]

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

# Moves are values: each is built once and shared.
_PUTS = tuple(tuple((Put(player, CELL_NAMES[cell], BLACK), Put(player, CELL_NAMES[cell], WHITE))
                    for cell in range(16)) for player in (0, 1))
_REAPS = tuple({pattern.mask: Reap(player, pattern.cells) for pattern in PATTERNS}
               for player in (0, 1))
_TURNS = tuple((Rotate(player), Keep(player)) for player in (0, 1))
_CELL = {name: index for index, name in enumerate(CELL_NAMES)}


# --- setting up ------------------------------------------------------------------------


def new_setup(num_players: int, options: SoulaweenOptions, seed: int | None, *,
              first_player: int | None = None) -> SoulaweenSetup:
    """The setup drawn from ``seed``: the first player, then (standard mode) the
    characters not given, then the stances of Hei & Bai seats not given."""
    _check_players(num_players)
    if not isinstance(options, SoulaweenOptions):
        raise ArgumentError(f"options must be SoulaweenOptions, not {type(options).__name__}")
    if seed is not None:
        require_int(seed, "seed")
    rng = random.Random(seed)
    drawn = rng.randrange(2)
    characters: list[str | None] = [None, None]
    if options.mode == "standard":
        given = options.characters or (None, None)
        characters = [given[seat] or rng.choice(CHARACTERS) for seat in (0, 1)]
    elif options.characters is not None and any(options.characters):
        raise SetupError("characters are for standard mode: set mode to standard",
                         code="bad_setup", path="characters")
    stances: list[str | None] = [None, None]
    wanted = options.stances or (None, None)
    for seat in (0, 1):
        if characters[seat] == HEI_BAI:
            stances[seat] = wanted[seat] or rng.choice(STANCES)
        elif wanted[seat] is not None:
            raise SetupError(f"seat {seat} has no stance: only Hei & Bai stand as hei or bai",
                             code="bad_setup", path="stances")
    setup = SoulaweenSetup(drawn if first_player is None else first_player,
                           (characters[0], characters[1]), (stances[0], stances[1]))
    start(num_players, setup)
    return setup


def _check_players(num_players: object) -> None:
    require_int(num_players, "num_players")
    if num_players != 2:
        raise SetupError(f"Soulaween is for 2 players, not {num_players}", code="bad_players")


def start(num_players: int, setup: SoulaweenSetup) -> SoulaweenState:
    """The empty mat, the first player to put a piece (``SetupError`` for a setup that
    is no game)."""
    _check_players(num_players)
    if not isinstance(setup, SoulaweenSetup):
        raise ArgumentError(f"a Soulaween setup is a SoulaweenSetup, not {type(setup).__name__}")
    first = setup.first_player
    if type(first) is not int or first not in (0, 1):
        raise SetupError(f"first_player is seat 0 or 1, not {first!r}", code="bad_first_player",
                         path="first_player")
    characters, stances = setup.characters, setup.stances
    if type(characters) is not tuple or len(characters) != 2:
        raise SetupError("characters are two, one a seat", code="bad_setup", path="characters")
    for seat, item in enumerate(characters):
        if item is not None and item not in CHARACTERS:
            raise SetupError(f"{item!r:.40} is not a character: {', '.join(CHARACTERS)} or "
                             "null", code="bad_setup", path=f"characters[{seat}]")
    if (characters[0] is None) != (characters[1] is None):
        # Standard mode gives each player a character and simple mode none ([decision]):
        # a game of one character against none is in neither.
        raise SetupError("characters are two (standard mode) or none (simple mode), not "
                         "one", code="bad_setup", path="characters")
    if type(stances) is not tuple or len(stances) != 2:
        raise SetupError("stances are two, one a seat", code="bad_setup", path="stances")
    for seat in (0, 1):
        hei_bai = characters[seat] == HEI_BAI
        if not (stances[seat] in STANCES if hei_bai else stances[seat] is None):
            wanted = "hei or bai (Hei & Bai)" if hei_bai else "null (not Hei & Bai)"
            raise SetupError(f"seat {seat}'s stance is {wanted}, not {stances[seat]!r:.20}",
                             code="bad_setup", path="stances")
    return SoulaweenState(0, 0, ((), ()), characters, stances, (None, None), _PLAYER_TURN,
                          first)


# --- legal moves ---------------------------------------------------------------------


def reapable(state: SoulaweenState, player: int) -> tuple[Pattern, ...]:
    """The patterns ``player`` may reap on the mat of ``state``."""
    return _reapable(state.black, state.white, state.characters[player], state.tokens[player],
                     state.restrictions[player])


def _reapable(black: int, white: int, character: str | None, tokens: tuple[str, ...],
              restriction: str | None) -> tuple[Pattern, ...]:
    if character == LITTLE_DEATH:
        # One token of each kind: a kind already held is not reapable (nor forced).
        held = {_TOKEN_KIND[token] for token in tokens}
        candidates: Iterable[Pattern] = (pattern for pattern in PATTERNS
                                         if pattern.kind not in held)
    else:
        candidates = _CHAINS
    found = []
    for pattern in candidates:
        mask = pattern.mask
        if black & mask == mask:
            face = BLACK
        elif white & mask == mask:
            face = WHITE
        else:
            continue
        if restriction is None or face == restriction:
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
        puts = _PUTS[player]
        return tuple(move for cell in NAME_ORDER if empty >> cell & 1 for move in puts[cell])
    if phase is _CHOOSE_REAP:
        reaps = _REAPS[player]
        return tuple(reaps[pattern.mask] for pattern in reapable(state, player))
    return _TURNS[player]


def is_legal(state: SoulaweenState, move: Move) -> bool:
    """True exactly when ``move`` is in ``legal_moves(state)``."""
    return move in legal_moves(state)


# --- applying a move ---------------------------------------------------------------------


def _illegal(state: SoulaweenState, move: Move, code: str, message: str) -> IllegalMoveError:
    return IllegalMoveError(f"{move}: {message}", code=code, move=move, phase=state.phase)


_WANTED = {Put: _PLAYER_TURN, Reap: _CHOOSE_REAP, Rotate: _CHOOSE_ROTATION,
           Keep: _CHOOSE_ROTATION}


def apply_move(state: SoulaweenState, move: Move) -> SoulaweenState:
    """The state after ``move``, or ``IllegalMoveError`` saying which rule it breaks."""
    return _checked(state, move, None)


def apply_move_with_events(state: SoulaweenState, move: Move
                           ) -> tuple[SoulaweenState, tuple[Event, ...]]:
    """``apply_move``, and what happened (nothing is hidden in Soulaween)."""
    events: list[Event] = []
    after = _checked(state, move, events)
    return after, tuple(events)


def _checked(state: SoulaweenState, move: Move, events: list[Event] | None) -> SoulaweenState:
    if type(state) is not SoulaweenState:
        raise ArgumentError(f"apply_move needs a SoulaweenState, not {type(state).__name__}")
    wanted = _WANTED.get(type(move))
    if wanted is None:
        raise ArgumentError(f"a Soulaween move is Put, Reap, Rotate or Keep, "
                            f"not {type(move).__name__}")
    if state.result is not None:
        winners = " and ".join(f"seat {seat}" for seat in state.result.winners)
        raise _illegal(state, move, "game_over",
                       f"the game is over ({state.result.reason}, won by {winners})")
    if move.player != state.active:
        raise _illegal(state, move, "not_your_turn",
                       f"it is seat {state.active}'s move, not seat {move.player}'s")
    if state.phase is not wanted:
        expected = {_PLAYER_TURN: "put a piece", _CHOOSE_REAP: "choose a pattern to reap",
                    _CHOOSE_ROTATION: "rotate or keep"}[state.phase]
        raise _illegal(state, move, "wrong_phase",
                       f"seat {move.player} must {expected} now (phase {state.phase.value})")
    if isinstance(move, Put) and not state.empty >> _CELL[move.cell] & 1:
        raise _illegal(state, move, "cell_taken", f"{move.cell} holds a piece already")
    if isinstance(move, Reap) and move.mask not in {
            pattern.mask for pattern in reapable(state, move.player)}:
        choices = ", ".join(str(pattern) for pattern in reapable(state, move.player))
        what = "is no pattern" if move.mask not in PATTERN_BY_MASK else "is not reapable now"
        raise _illegal(state, move, "not_reapable", f"{'-'.join(move.cells)} {what}; "
                       f"seat {move.player} may reap {choices}")
    return _step(state, move, events)


def step(state: SoulaweenState, move: Move) -> SoulaweenState:
    """``apply_move`` without its checks, for searches that play legal moves only."""
    return _step(state, move, None)


def _step(state: SoulaweenState, move: Move, events: list[Event] | None) -> SoulaweenState:
    player = move.player
    kind = type(move)
    if kind is Put:
        return _put(state, player, _CELL[move.cell], move.face, events)  # type: ignore[union-attr]
    if kind is Reap:
        pattern = PATTERN_BY_MASK[move.mask]  # type: ignore[union-attr]
        return _reap(state, state.black, state.white, player, pattern, state.put_face, events)
    stances = state.stances
    if kind is Rotate:
        stance = BAI if stances[player] == HEI else HEI
        stances = (stance, stances[1]) if player == 0 else (stances[0], stance)
        if events is not None:
            events.append(Rotated(player, stance))
    elif events is not None:
        events.append(Kept(player))
    return _next_turn(state, state.black, state.white, state.tokens, stances,
                      state.restrictions, player, events)


def _put(state: SoulaweenState, player: int, cell: int, face: str,
         events: list[Event] | None) -> SoulaweenState:
    bit = 1 << cell
    black, white = (state.black | bit, state.white) if face == BLACK \
        else (state.black, state.white | bit)
    around = DIAGONAL[cell] if state.stances[player] == BAI else ORTHOGONAL[cell]
    flipped_black, flipped_white = black & around, white & around
    if flipped_black or flipped_white:
        black = (black & ~around) | flipped_white
        white = (white & ~around) | flipped_black
    if events is not None:
        events.append(PiecePut(player, CELL_NAMES[cell], face))
        if flipped_black or flipped_white:
            events.append(PiecesFlipped(cells_of(flipped_black | flipped_white)))
    patterns = _reapable(black, white, state.characters[player], state.tokens[player],
                         state.restrictions[player])
    if not patterns:
        return _cleanup(state, black, white, state.tokens, state.restrictions, player, face,
                        events)
    if len(patterns) == 1:  # one pattern: the reap is forced and needs no choice
        return _reap(state, black, white, player, patterns[0], face, events)
    if events is not None:
        events.append(ReapDue(player))
    return SoulaweenState(black, white, state.tokens, state.characters, state.stances,
                          state.restrictions, _CHOOSE_REAP, player, face)


def _reap(state: SoulaweenState, black: int, white: int, player: int, pattern: Pattern,
          put_face: str | None, events: list[Event] | None) -> SoulaweenState:
    mask = pattern.mask
    face = BLACK if black & mask == mask else WHITE
    black, white = black & ~mask, white & ~mask
    character = state.characters[player]
    if character == LITTLE_DEATH:
        token = _KIND_TOKEN[pattern.kind]
    elif character == ANUBIS:
        token = f"anubis_{face}"
    else:
        token = "vulture"
    mine = (*state.tokens[player], token)
    tokens = (mine, state.tokens[1]) if player == 0 else (state.tokens[0], mine)
    # Taking a token lifts the player's own restriction; an Anubis token restricts the
    # opponent's next token to its face (only the latest counts).
    restrictions = list(state.restrictions)
    restrictions[player] = None
    if character == ANUBIS:
        restrictions[1 - player] = face
    if events is not None:
        events.append(PiecesReaped(player, pattern.cells, face, token))
    if len(mine) >= TOKENS_TO_WIN:
        reason = "one_of_each_kind" if character == LITTLE_DEATH else "three_tokens"
        result = Result((player,), reason)
        if events is not None:
            events.append(GameEnded(result))
        return SoulaweenState(black, white, tokens, state.characters, state.stances,
                              (restrictions[0], restrictions[1]), _GAME_END, None, None,
                              result)
    assert put_face is not None
    return _cleanup(state, black, white, tokens, (restrictions[0], restrictions[1]), player,
                    put_face, events)


def _cleanup(state: SoulaweenState, black: int, white: int,
             tokens: tuple[tuple[str, ...], tuple[str, ...]],
             restrictions: tuple[str | None, str | None], player: int, face: str,
             events: list[Event] | None) -> SoulaweenState:
    if black | white == FULL:  # no empty cell: the face put this turn leaves the mat
        removed = black if face == BLACK else white
        black, white = (0, white) if face == BLACK else (black, 0)
        if events is not None:
            events.append(MatCleaned(face, cells_of(removed)))
    if state.characters[player] == HEI_BAI:
        if events is not None:
            events.append(RotationDue(player))
        return SoulaweenState(black, white, tokens, state.characters, state.stances,
                              restrictions, _CHOOSE_ROTATION, player)
    return _next_turn(state, black, white, tokens, state.stances, restrictions, player, events)


def _next_turn(state: SoulaweenState, black: int, white: int,
               tokens: tuple[tuple[str, ...], tuple[str, ...]],
               stances: tuple[str | None, str | None],
               restrictions: tuple[str | None, str | None], player: int,
               events: list[Event] | None) -> SoulaweenState:
    if events is not None:
        events.append(TurnStarted(1 - player))
    return SoulaweenState(black, white, tokens, state.characters, stances, restrictions,
                          _PLAYER_TURN, 1 - player)
