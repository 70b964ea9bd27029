"""Soulaween in a terminal, for ``aves play --game soulaween`` (docs/soulaween.md, "In the
terminal"): the mat with each face coloured, each seat's character, stance, tokens and
restriction, the legal moves numbered, and the short forms a player types.
"""

from __future__ import annotations

from collections.abc import Sequence

from aves_core.games.soulaween.board import BLACK, SIZE, WHITE, parse_cells
from aves_core.games.soulaween.events import (
    Event,
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
from aves_core.games.soulaween.moves import CELL, CELLS, Keep, Move, Put, Reap, Rotate
from aves_core.games.soulaween.phases import Phase
from aves_core.games.soulaween.state import SoulaweenState
from aves_core.games.soulaween.views import SoulaweenView
from aves_core.kernel.errors import AvesError
from aves_core.kernel.terminal import Paint

__all__ = ["SoulaweenScreen", "token_name"]

_BLACK_CODE, _WHITE_CODE, _EMPTY_CODE = 135, 229, 240  # violet souls, pale souls, grey dots
_FACE_WORDS = {"b": "black", "black": "black", "w": "white", "white": "white"}
_CHARACTER_NAMES = {"little_death": "Little Death", "anubis": "Anubis", "hei_bai": "Hei & Bai"}


def _face(face: str, paint: Paint) -> str:
    return paint("B", _BLACK_CODE) if face == BLACK else paint("W", _WHITE_CODE)


def token_name(token: str) -> str:
    """A token as the rules name it: ``Vulture``, ``Cloth``, ``Anubis (black)``."""
    kind, _, face = token.partition("_")
    return kind.capitalize() + (f" ({face})" if face else "")


def _mat(state: SoulaweenState, paint: Paint) -> list[str]:
    """The mat, rows 4 to 1, and the column letters."""
    drawn = {"B": _face(BLACK, paint), "W": _face(WHITE, paint),
             ".": paint(".", _EMPTY_CODE, bold=False)}
    return [*(f"  {SIZE - row}  {' '.join(map(drawn.__getitem__, text))}"
              for row, text in enumerate(state.mat)), "     a b c d"]


def _seats(state: SoulaweenState, names: Sequence[str], you: int | None) -> list[str]:
    """Each seat's character, stance, tokens and restriction."""
    lines = []
    for seat in (0, 1):
        character = _CHARACTER_NAMES.get(state.characters[seat] or "", "no character")
        stance = state.stances[seat]
        if stance:
            character += f", {stance.capitalize()}"
        tokens = ", ".join(token_name(token) for token in state.tokens[seat])
        restriction = (f"; next token from {state.restrictions[seat]} pieces only"
                       if state.restrictions[seat] else "")
        lines.append(f"{'you' if seat == you else names[seat]} ({character}): "
                     f"{f'tokens {tokens}' if tokens else 'no tokens'}{restriction}")
    return lines


class SoulaweenScreen:
    """The Soulaween table for ``aves play``."""

    help = "a number, a put like b3 white (or b3 w), a reap like a1-d4, rotate, keep, u, q"

    def table(self, view: SoulaweenView, names: Sequence[str], paint: Paint) -> list[str]:
        """The mat, then each seat."""
        return ["", *_mat(view.state, paint), *_seats(view.state, names, view.seat)]

    def outcome(self, state: SoulaweenState, names: Sequence[str], seat: int,
                paint: Paint) -> list[str]:
        """The final mat and every seat's character and tokens."""
        return ["", "the final mat:", *_mat(state, paint), *_seats(state, names, seat)]

    def moves(self, view: SoulaweenView, paint: Paint) -> list[str]:
        """The legal moves, numbered: a put by its cell and face, another by its text."""
        cells = [f"[{number}] {move.cell} {_face(move.face, paint)}" if isinstance(move, Put)
                 else f"[{number}] {str(move).partition(':')[2]}"
                 for number, move in enumerate(view.legal_moves, 1)]
        what = {Phase.CHOOSE_REAP: "choose the pattern to reap",
                Phase.CHOOSE_ROTATION: "rotate to your other stance, or keep it"}.get(
                    view.state.phase, "put a piece (cell and the face up: B black, W white)")
        return [f"{what}:", *("  " + "  ".join(cells[start:start + 8])
                              for start in range(0, len(cells), 8))]

    def event(self, event: Event, names: Sequence[str], seat: int, paint: Paint) -> str:
        """One event in words (nothing of the end: ``aves play`` shows the final mat and
        tokens, then who won)."""

        def who(other: int) -> str:
            return "you" if other == seat else names[other]

        if isinstance(event, PiecePut):
            return f"{who(event.seat)}: puts {_face(event.face, paint)} on {event.cell}"
        if isinstance(event, PiecesFlipped):
            return f"  flips {' '.join(event.cells)}"
        if isinstance(event, ReapDue):
            return f"  {who(event.seat)} must choose which pattern to reap"
        if isinstance(event, PiecesReaped):
            s = "" if event.seat == seat else "s"
            token = token_name(event.token)
            return (f"  {who(event.seat)} reap{s} {CELLS.write(event.cells)} ({event.face}) "
                    f"and take{s} {'an' if token[0] in 'AEIOU' else 'a'} {token} token")
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
