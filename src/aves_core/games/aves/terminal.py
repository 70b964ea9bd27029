"""AVES in a terminal: the circle with numbered gaps, the hands, the moves, the events.

The screen ``aves play`` draws for AVES: cards in their colours, the circle
with each card's gap number, the deck's size and the other hands' sizes
(their cards too under Showdown), the player's hand, and the legal moves
numbered, a match marked ``*``. A move can be typed short: ``R3@2`` (a trade,
or the return when one is due) or ``pass``. At the end, every seat's final hand
with its colours counted (``outcome``).
"""

from __future__ import annotations

from collections.abc import Sequence

from aves_core.games.aves.cards import Card
from aves_core.games.aves.events import (
    CardDrawn,
    CardPlaced,
    CardReturned,
    CardsTaken,
    CircleRefilled,
    Event,
    GameEnded,
    Passed,
    ReturnDue,
    TradeUndone,
)
from aves_core.games.aves.moves import Move, Return, Trade, parse_move
from aves_core.games.aves.phases import Phase
from aves_core.games.aves.state import GameState
from aves_core.games.aves.views import PlayerView
from aves_core.kernel.errors import AvesError
from aves_core.kernel.terminal import Paint

__all__ = ["AvesScreen"]

# 256-colour codes for R O Y G B I V, and grey for crows.
_COLORS = {"R": 196, "O": 208, "Y": 226, "G": 40, "B": 33, "I": 63, "V": 171, "C": 244}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _card(card: Card | None, paint: Paint) -> str:
    if card is None:
        return "??"
    code = str(card)
    return paint(code, _COLORS[code[0]])


class AvesScreen:
    """The AVES table for ``aves play``."""

    help = "a number, a move like R3@2, u to undo, q to stop"

    def table(self, view: PlayerView, names: Sequence[str], paint: Paint) -> list[str]:
        """The circle with its gaps, the deck, the others' hands, the player's hand."""
        circle = view.circle
        parts = [f"{_card(card, paint)} ({gap})" for gap, card in enumerate(circle)]
        others = []
        for other, size in enumerate(view.hand_sizes):
            if other == view.seat:
                continue
            hand = view.hands[other]
            shown = " ".join(_card(card, paint) for card in hand) if hand is not None else ""
            others.append(f"{names[other]} {_plural(size, 'card')}"
                          + (f" [{shown}]" if shown else ""))
        hand = view.hand or ()
        return [
            "",
            f"circle: {' '.join(parts)}  <- gap {len(circle) - 1} joins "
            f"{circle[-1]} to {circle[0]}",
            f"deck: {_plural(view.deck_size, 'card')}   others: {', '.join(others)}",
            f"your hand: {' '.join(_card(card, paint) for card in hand)}",
        ]

    def moves(self, view: PlayerView, paint: Paint) -> list[str]:
        """The legal moves, numbered, eight a line; a match is marked ``*``."""
        circle = view.circle
        k = len(circle)
        cells = []
        for number, move in enumerate(view.legal_moves, 1):
            if isinstance(move, Trade | Return):
                mark = ""
                left, right = circle[move.gap], circle[(move.gap + 1) % k]
                if isinstance(move, Trade) and abs(left.number - right.number) == move.card.number:
                    mark = "*"
                cells.append(f"[{number}] {_card(move.card, paint)}@{move.gap}{mark}")
            else:
                cells.append(f"[{number}] pass")
        if view.phase is Phase.FORCED_RETURN:
            what = "return a card to the circle (the hand limit is 7)"
        else:
            what = "your move (* takes the two cards beside the gap)"
        lines = [f"{what}:"]
        lines += ["  " + "  ".join(cells[start:start + 8]) for start in range(0, len(cells), 8)]
        return lines

    def event(self, event: Event, names: Sequence[str], seat: int, paint: Paint) -> str:
        """One event in words."""

        def who(other: int) -> str:
            return "you" if other == seat else names[other]

        if isinstance(event, CardPlaced):
            return f"{who(event.seat)}: {_card(event.card, paint)} into gap {event.gap}"
        if isinstance(event, CardsTaken):
            first, second = event.cards
            return f"  match: takes {_card(first, paint)} and {_card(second, paint)}"
        if isinstance(event, CardDrawn):
            if event.card is None:
                return "  miss: draws a card from the deck"
            return f"  miss: draws {_card(event.card, paint)} from the deck"
        if isinstance(event, CircleRefilled):
            return "  the circle is refilled: " + " ".join(_card(card, paint)
                                                          for card in event.cards)
        if isinstance(event, CardReturned):
            return (f"{who(event.seat)}: returns {_card(event.card, paint)} to gap "
                    f"{event.gap} (hand limit)")
        if isinstance(event, Passed):
            return f"{who(event.seat)}: passes (only crows, no equal pair)"
        if isinstance(event, ReturnDue):
            if event.seat == seat:
                return "  you hold 8 cards and must return one"
            return f"  {who(event.seat)} holds 8 cards and must return one"
        if isinstance(event, TradeUndone):
            return f"{who(event.seat)}: takes back {_card(event.card, paint)}"
        if isinstance(event, GameEnded):
            return ""  # aves play shows the final hands (outcome), then who won
        return ""

    def outcome(self, state: GameState, names: Sequence[str], seat: int,
                paint: Paint) -> list[str]:
        """Every seat's final hand with its colours, fruit cards and crows counted
        (what ranks the hands when the deck runs out)."""
        who = ["you" if other == seat else name for other, name in enumerate(names)]
        width = max(len(name) for name in who)
        cards_width = max(3 * len(hand) - 1 for hand in state.hands)
        lines = ["", "final hands:"]
        for name, hand in zip(who, state.hands, strict=True):
            crows = sum(1 for card in hand if card.is_crow)
            colours = len({card.color for card in hand if not card.is_crow})
            counted = f"{_plural(colours, 'colour')}, {_plural(len(hand) - crows, 'fruit card')}"
            if crows:
                counted += f", {_plural(crows, 'crow')}"
            shown = " ".join(_card(card, paint) for card in hand)
            pad = " " * (cards_width - (3 * len(hand) - 1))
            lines.append(f"  {name:<{width}}  {shown}{pad}   {counted}")
        return lines

    def read_move(self, text: str, view: PlayerView) -> Move | str | None:
        """``R3@2`` (a trade, or the return when one is due) and ``pass``."""
        if ":" not in text and "@" in text:
            kind = "return" if view.phase is Phase.FORCED_RETURN else "trade"
            # A person may type R3 @ 2: the notation has one text, this reader is kinder.
            text = f"{view.seat}:{kind} {''.join(text.split())}"
        elif text.lower() == "pass":
            text = f"{view.seat}:pass"
        else:
            return None
        try:
            return parse_move(text)
        except AvesError as error:
            return f"{error} ({self.help})"
