"""How a game is drawn in a terminal: what ``aves play`` asks of a game.

The loop of ``aves play`` (reading input, numbering moves, undo, the log) is
the same for every game; a game supplies a ``Screen`` that draws its table,
its legal moves and its events as lines of text, and reads the short forms of
its moves that a player types. ``Paint`` colours text when the terminal
allows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

__all__ = ["Paint", "Screen"]

V = TypeVar("V", contravariant=True)  # a view
E = TypeVar("E", contravariant=True)  # an event
M = TypeVar("M", covariant=True)  # a move


class Paint:
    """Colours text with 256-colour ANSI codes, or leaves it plain."""

    def __init__(self, color: bool) -> None:
        self.color = color

    def __call__(self, text: str, code: int, *, bold: bool = True) -> str:
        """``text`` in colour ``code`` (bold by default), or plain."""
        if not self.color:
            return text
        return f"\033[{'1;' if bold else ''}38;5;{code}m{text}\033[0m"


class Screen(Protocol[V, E, M]):
    """A game's drawing for ``aves play``. ``names`` are the seats' names and
    ``seat`` is the player's own seat (called "you")."""

    help: str
    """How to type a move, shown with every refusal (``a number, a move like R3@2``)."""

    def table(self, view: V, names: Sequence[str], paint: Paint) -> list[str]:
        """The table as the player's seat sees it."""
        ...

    def moves(self, view: V, paint: Paint) -> list[str]:
        """The legal moves, numbered from 1 in ``view.legal_moves`` order."""
        ...

    def event(self, event: E, names: Sequence[str], seat: int, paint: Paint) -> str:
        """One event in words ("" to say nothing of it)."""
        ...

    def read_move(self, text: str, view: V) -> M | str | None:
        """The move a short form names (``R3@2``), a reason it names none, or None
        when ``text`` is not a short form (it is then read as full notation)."""
        ...
