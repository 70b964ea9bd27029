"""How a game is drawn in a terminal: what ``aves play`` asks of a game.

The loop of ``aves play`` (reading input, numbering moves, undo, the log) is
the same for every game; a game supplies a ``Screen`` that draws its table,
its legal moves and its events as lines of text, and reads the short forms of
its moves that a player types; a screen that also has ``outcome``
(``OutcomeScreen``) draws every seat's final state when the game is over.
``Paint`` colours text when the terminal allows it; ``in_words`` joins names
as a sentence does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

__all__ = ["OutcomeScreen", "Paint", "Screen", "in_words"]

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
        """One event in words ("" to say nothing of it). The end of the game may be
        left unsaid: ``aves play`` says who won, by name, once the game is over."""
        ...

    def read_move(self, text: str, view: V) -> M | str | None:
        """The move a short form names (``R3@2``), a reason it names none, or None
        when ``text`` is not a short form (it is then read as full notation)."""
        ...


@runtime_checkable
class OutcomeScreen(Protocol):
    """A screen that draws the end of a game: ``aves play`` calls ``outcome`` once the
    game is over, then says who won."""

    def outcome(self, state: Any, names: Sequence[str], seat: int, paint: Paint
                ) -> list[str]:
        """Every seat's final state (``state`` is the whole final state: the game is
        over, nothing is hidden any more), as the game's own ending shows it; ``seat``
        is shown as "you" (-1 when several people share the terminal: nobody is)."""
        ...


def in_words(names: Iterable[str]) -> str:
    """Names joined as a sentence joins them: ``Ann``, ``Ann and Bo``,
    ``Ann, Bo and Cy``."""
    names = list(names)
    if len(names) <= 2:
        return " and ".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"
