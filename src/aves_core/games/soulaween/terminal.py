"""Soulaween in a terminal: the mat, the seats' characters and tokens, the moves.

The screen ``aves play --game soulaween`` draws: the mat rows 4 to 1 with each
face coloured, each seat's character, stance, tokens and restriction, then the
legal moves numbered. A move can be typed short: ``b3 white`` or ``b3 w`` (a
put), ``a1-d4`` (a reap), ``rotate`` or ``keep``. At the end, the final mat and
every seat's tokens (``outcome``). Tokens are named as the rules name them
(``anubis_black`` reads "Anubis (black)").
"""

from __future__ import annotations

from collections.abc import Sequence

from aves_core.games.soulaween.board import (
    BLACK,
    PATTERN_BY_MASK,
    SIZE,
    cell_index,
    mask_of,
    parse_cells,
)
from aves_core.games.soulaween.events import (
    Event,
    GameEnded,
    Kept,
    MatCleaned,
    MoveUndone,
    PiecePut,
    PiecesFlipped,
    PiecesReaped,
    ReapDue,
    Rotated,
    RotationDue,
)
from aves_core.games.soulaween.moves import CELL, Keep, Move, Put, Reap, Rotate
from aves_core.games.soulaween.phases import Phase
from aves_core.games.soulaween.state import SoulaweenState
from aves_core.games.soulaween.views import SoulaweenView
from aves_core.kernel.errors import AvesError
from aves_core.kernel.terminal import Paint

__all__ = ["SoulaweenScreen", "token_name"]

_BLACK_CODE, _WHITE_CODE, _EMPTY_CODE = 135, 229, 240  # violet souls, pale souls, grey dots
_FACE_WORDS = {"b": "black", "black": "black", "w": "white", "white": "white"}
_CHARACTER_NAMES = {"little_death": "Little Death", "anubis": "Anubis",
                    "hei_bai": "Hei & Bai"}
_TOKEN_NAMES = {"vulture": "Vulture", "cloth": "Cloth", "scythe": "Scythe",
                "needle": "Needle", "anubis_black": "Anubis (black)",
                "anubis_white": "Anubis (white)"}


def _face(face: str, paint: Paint) -> str:
    return paint("B", _BLACK_CODE) if face == BLACK else paint("W", _WHITE_CODE)


def token_name(token: str) -> str:
    """A token as the rules name it: ``Vulture``, ``Cloth``, ``Anubis (black)``."""
    return _TOKEN_NAMES.get(token, token.replace("_", " ").capitalize())


def _a_token(token: str) -> str:
    name = token_name(token)
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name} token"


def _mat(state: SoulaweenState, paint: Paint) -> list[str]:
    """The mat, rows 4 to 1, and the column letters."""
    lines = []
    for row, text in zip(reversed(range(SIZE)), state.mat, strict=True):
        cells = [_face(BLACK, paint) if letter == "B" else _face("white", paint)
                 if letter == "W" else paint(".", _EMPTY_CODE, bold=False)
                 for letter in text]
        lines.append(f"  {row + 1}  {' '.join(cells)}")
    lines.append("     a b c d")
    return lines


def _seat(state: SoulaweenState, seat: int, who: str) -> str:
    """A seat's character, stance, tokens and restriction."""
    character = _CHARACTER_NAMES.get(state.characters[seat] or "", "no character")
    stance = state.stances[seat]
    if stance:
        character += f", {stance.capitalize()}"
    tokens = ", ".join(token_name(token) for token in state.tokens[seat])
    restriction = (f"; next token from {state.restrictions[seat]} pieces only"
                   if state.restrictions[seat] else "")
    return f"{who} ({character}): {f'tokens {tokens}' if tokens else 'no tokens'}{restriction}"


class SoulaweenScreen:
    """The Soulaween table for ``aves play``."""

    help = "a number, a put like b3 white (or b3 w), a reap like a1-d4, rotate, keep, u, q"

    def table(self, view: SoulaweenView, names: Sequence[str], paint: Paint) -> list[str]:
        """The mat, then each seat."""
        state = view.state
        return ["", *_mat(state, paint),
                *(_seat(state, seat, "you" if seat == view.seat else names[seat])
                  for seat in (0, 1))]

    def outcome(self, state: SoulaweenState, names: Sequence[str], seat: int,
                paint: Paint) -> list[str]:
        """The final mat and every seat's character and tokens."""
        return ["", "the final mat:", *_mat(state, paint),
                *(_seat(state, other, "you" if other == seat else names[other])
                  for other in (0, 1))]

    def moves(self, view: SoulaweenView, paint: Paint) -> list[str]:
        """The legal moves, numbered."""
        cells = []
        for number, move in enumerate(view.legal_moves, 1):
            if isinstance(move, Put):
                cells.append(f"[{number}] {move.cell} {_face(move.face, paint)}")
            elif isinstance(move, Reap):
                cells.append(f"[{number}] reap {str(move).split(' ', 1)[1]}")
            else:
                cells.append(f"[{number}] {'rotate' if isinstance(move, Rotate) else 'keep'}")
        phase = view.state.phase
        what = {Phase.CHOOSE_REAP: "choose the pattern to reap",
                Phase.CHOOSE_ROTATION: "rotate to your other stance, or keep it"}.get(
                    phase, "put a piece (cell and the face up: B black, W white)")
        lines = [f"{what}:"]
        lines += ["  " + "  ".join(cells[start:start + 8]) for start in range(0, len(cells), 8)]
        return lines

    def event(self, event: Event, names: Sequence[str], seat: int, paint: Paint) -> str:
        """One event in words."""

        def who(other: int) -> str:
            return "you" if other == seat else names[other]

        if isinstance(event, PiecePut):
            return f"{who(event.seat)}: puts {_face(event.face, paint)} on {event.cell}"
        if isinstance(event, PiecesFlipped):
            return f"  flips {' '.join(event.cells)}"
        if isinstance(event, ReapDue):
            return f"  {who(event.seat)} must choose which pattern to reap"
        if isinstance(event, PiecesReaped):
            # Named as the notation names it (a1-d4, b2-c3, a1-a2-a3-b3).
            pattern = PATTERN_BY_MASK.get(mask_of(cell_index(cell) for cell in event.cells),
                                          "-".join(event.cells))
            s = "" if event.seat == seat else "s"
            return (f"  {who(event.seat)} reap{s} {pattern} ({event.face}) and "
                    f"take{s} {_a_token(event.token)}")
        if isinstance(event, MatCleaned):
            return f"  the mat is full: every {event.face} piece leaves it"
        if isinstance(event, RotationDue):
            return f"  {who(event.seat)} may rotate (Hei & Bai)"
        if isinstance(event, Rotated):
            return f"{who(event.seat)}: rotates to {event.stance.capitalize()}"
        if isinstance(event, Kept):
            return f"{who(event.seat)}: keeps the stance"
        if isinstance(event, MoveUndone):
            return f"{who(event.seat)}: takes back the last move"
        if isinstance(event, GameEnded):
            return ""  # aves play shows the final mat and tokens (outcome), then who won
        return ""

    def read_move(self, text: str, view: SoulaweenView) -> Move | str | None:
        """``b3 white``/``b3 w``, ``a1-d4``, ``rotate`` and ``keep`` for the viewer's seat."""
        words = text.lower().split()
        seat = view.seat
        try:
            if len(words) == 2 and words[1] in _FACE_WORDS:
                return Put(seat, CELL.read(words[0]), _FACE_WORDS[words[1]])  # type: ignore[arg-type]
            if len(words) == 1 and "-" in words[0]:
                return Reap(seat, parse_cells(words[0]))  # type: ignore[arg-type]
            if words in (["rotate"], ["keep"]):
                return Rotate(seat) if words == ["rotate"] else Keep(seat)  # type: ignore[arg-type]
        except AvesError as error:
            return f"{error} ({self.help})"
        return None
