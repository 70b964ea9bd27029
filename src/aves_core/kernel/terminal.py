"""How a game is drawn in a terminal: what ``aves play`` asks of a game.

The loop of ``aves play`` (reading input, numbering moves, undo, the log) is
the same for every game; a game supplies a ``Screen`` that draws its table,
its legal moves and its events as lines of text, and reads the short forms of
its moves that a player types; a screen that also has ``outcome``
(``OutcomeScreen``) draws every seat's final state when the game is over. A game
that gives no screen is drawn by ``ViewScreen``, from its views' JSON.
``Paint`` colours text when the terminal allows it; ``in_words`` joins names
as a sentence does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

__all__ = [
    "OutcomeScreen",
    "Paint",
    "Screen",
    "ViewScreen",
    "in_words",
    "ordinal",
    "plural",
    "shown_names",
]

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


def plural(count: int, word: str) -> str:
    """``1 card``, ``3 cards``: a count and its noun (the noun's plural takes an s)."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def ordinal(rank: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ... (the places of a ranking)."""
    return f"{rank}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(rank, 'th')}"


def shown_names(players: Sequence[str]) -> tuple[str, ...]:
    """The seats' names as ``aves play`` shows them: a name that several seats share
    (``greedy`` for two bots) is followed by each one's seat, ``greedy (seat 1)``."""
    counts = Counter(players)
    return tuple(f"{name} (seat {seat})" if counts[name] > 1 else name
                 for seat, name in enumerate(players))


def in_words(names: Iterable[str]) -> str:
    """Names joined as a sentence joins them: ``Ann``, ``Ann and Bo``,
    ``Ann, Bo and Cy``."""
    names = list(names)
    if len(names) <= 2:
        return " and ".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


_SEAT_FIELDS = frozenset({"seat", "player", "active", "active_player", "dealer",
                          "first_player", "winner"})
_SEAT_LISTS = frozenset({"to_move", "winners"})
_COMMON = frozenset({"seat", "phase", "to_move", "result", "legal_moves", "legal_notation",
                     "legal_words", "active", "active_player"})
"""Fields the screen says otherwise (whose turn, the moves) or not at all (the seat)."""


class ViewScreen:
    """The terminal drawing of a game that gives none (``Game.screen``'s default): its
    view's JSON as lines a person reads, seats by name, each legal move numbered in its
    words (or its text); events said as ``ann: took (card 17, chips 3)``.

    A field named like a seat (``seat``, ``player``, ``active``, ``dealer``, ...) shows
    the seat's name; a list with one entry per seat shows each entry beside its seat's
    name. A game draws better with a ``Screen`` of its own; this one is enough to play.
    """

    def __init__(self, game: Any) -> None:
        self.game = game
        example = next(iter(game.notation.specs)).help() if game.move_types else "a move"
        self.help = f"a move's number, or a move as written ({example})"

    def table(self, view: Any, names: Sequence[str], paint: Paint) -> list[str]:
        """The view's fields, one a line."""
        data = self.game.view_to_json(view)
        names = shown_names(names)
        lines = [paint(f"{self.game.facts.name}: {_words(data['phase'])}", 39)]
        for key, value in data.items():
            if key not in _COMMON:
                lines.append(f"  {_words(key)}: {_show(key, value, names)}")
        if data["to_move"]:
            lines.append(f"  to move: {in_words(_name(seat, names) for seat in data['to_move'])}")
        return lines

    def moves(self, view: Any, paint: Paint) -> list[str]:
        """The legal moves, numbered from 1, in words where the game gives them."""
        game = self.game
        return [f"  {number:>2}. {game.move_words(move) or game.move_text(move)}"
                + (f"  ({game.move_text(move)})" if game.move_words(move) else "")
                for number, move in enumerate(view.legal_moves, start=1)]

    def event(self, event: Any, names: Sequence[str], seat: int, paint: Paint) -> str:
        """An event as ``name: what (details)``; the end is left to ``aves play``."""
        data = self.game.event_to_json(event)
        kind = _words(data.pop("type", "event"))
        if "result" in data:
            return ""
        actor = next((data.pop(key) for key in ("seat", "player") if key in data), None)
        who = "" if actor is None else ("you: " if actor == seat else f"{_name(actor, names)}: ")
        if kind == "move played":  # the kernel's account of a move: its words, or text
            return f"{who}{data.get('words') or data.get('move')}"
        details = ", ".join(f"{_words(key)} {_show(key, value, names)}"
                            for key, value in data.items())
        return f"{who}{kind}" + (f" ({details})" if details else "")

    def read_move(self, text: str, view: Any) -> Any:
        """No short forms: a number or the full notation."""
        return None


def _words(name: str) -> str:
    """``deck_size`` and ``playerTurn`` as words: ``deck size``, ``player turn``."""
    spaced = "".join(f" {char.lower()}" if char.isupper() else char for char in str(name))
    return spaced.replace("_", " ").strip()


def _name(seat: Any, names: Sequence[str]) -> str:
    return names[seat] if type(seat) is int and 0 <= seat < len(names) else str(seat)


def _show(key: str, value: Any, names: Sequence[str]) -> str:
    """A value as a person reads it: seats by name, one entry per seat beside its name."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key in _SEAT_FIELDS:
        return _name(value, names)
    if isinstance(value, list | tuple):
        if key in _SEAT_LISTS:
            return in_words(_name(seat, names) for seat in value) or "nobody"
        if len(value) == len(names) and len(names) > 1:
            return "; ".join(f"{names[seat]} {_show('', item, names)}"
                             for seat, item in enumerate(value))
        return " ".join(_show("", item, names) for item in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{_words(inner)} {_show(inner, item, names)}"
                         for inner, item in value.items())
    return str(value)
