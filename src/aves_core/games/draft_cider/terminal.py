"""Draft Cider in a terminal: the round, the pool, every orchard with its lots and their
running scores, whose turn it is, and the player's choices as a grid.

The screen ``aves play --game draft-cider`` draws: the round (of how many) and the
cards still undealt; every seat's points and orchard, one line per lot that holds a
card (its running score, its cards in placement order; the seat's empty lots named
on one line), the seat to pick marked; the pool. When the player is to pick, the
choices are a grid: a row per pool card, a column per lot, and in each cell that
accepts the card the move's number and what the player's total gains by it (``!``
when the card breaks the player's tree, which then loses its 20). Typing a card
(``y34``) lists its choices in full: each lot's score and the total after it. A move
can be typed short: ``y34 feather`` or ``y34 fe`` (a lot's first letters).
At the end, every seat's final score, best first, lot by lot (``outcome``).
"""

from __future__ import annotations

from collections.abc import Sequence

from aves_core.games.draft_cider.cards import COLOUR_NAMES, LOT_INDEX, LOTS, SWEETNESS, is_card
from aves_core.games.draft_cider.events import (
    Event,
    GameEnded,
    Picked,
    PickUndone,
    PoolLaid,
)
from aves_core.games.draft_cider.lots import refusal
from aves_core.games.draft_cider.moves import Move, Pick
from aves_core.games.draft_cider.state import DraftCiderState
from aves_core.games.draft_cider.views import DraftCiderView
from aves_core.kernel.terminal import Paint

__all__ = ["DraftCiderScreen"]

# 256-colour codes: green, gold, red.
_COLORS = {"G": 34, "Y": 220, "R": 196}
_CELL = 9
"""The width of a cell of the choices grid: ``[12] +10``."""


def _card(code: str, paint: Paint) -> str:
    return paint(code, _COLORS.get(code[0], 250))


def _cards(codes: Sequence[str], paint: Paint) -> str:
    return " ".join(_card(code, paint) for code in codes)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _ordinal(rank: int) -> str:
    return f"{rank}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(rank, 'th')}"


def _s(seat: int, viewer: int | None) -> str:
    """A verb's ending: ``you pick``, ``bo picks``."""
    return "" if seat == viewer else "s"


def _named(names: Sequence[str]) -> list[str]:
    """The seats' names, a name several seats share followed by each one's seat
    (``random (seat 1)``), as ``aves play`` writes them."""
    return [f"{name} (seat {seat})" if list(names).count(name) > 1 and "(seat" not in name
            else name for seat, name in enumerate(names)]


def _lot_lines(orchard: Sequence[Sequence[str]], scores: Sequence[int], paint: Paint
               ) -> list[str]:
    """An orchard's lots that hold a card, one a line (``  feather   6  R32 G32 R35``),
    then its empty lots on one line."""
    lines = []
    empty = []
    for index, lot in enumerate(LOTS):
        cards = orchard[index]
        if cards:
            sums = (f"  (sweetness {sum(SWEETNESS[card] for card in cards)} of 13)"
                    if lot == "unlucky" else "")
            lines.append(f"    {lot:<8}{scores[index]:>4}  {_cards(cards, paint)}{sums}")
        else:
            empty.append(lot)
    if empty:
        lines.append(f"    {'empty:' if len(empty) < len(LOTS) else 'no card yet'}"
                     f"{' ' + ' '.join(empty) if len(empty) < len(LOTS) else ''}")
    return lines


class DraftCiderScreen:
    """The Draft Cider table for ``aves play``."""

    help = ("a number, a card and a lot (y34 feather, or y34 fe), a card alone (y34) to "
            "see its choices, u to undo, q to stop")

    def table(self, view: DraftCiderView, names: Sequence[str], paint: Paint) -> list[str]:
        """The round, every orchard with its lots and scores, the pool and whose turn it
        is."""
        named = _named(names)

        def who(seat: int) -> str:
            return "you" if seat == view.seat else named[seat]

        bad = f"{view.bad_points:+d}" if view.bad_points else "0"
        lines = ["", f"round {view.round} of {view.rounds}; {_plural(view.undealt, 'card')} "
                 f"undealt; bad scores {bad} a card"]
        for seat, orchard in enumerate(view.orchards):
            mark = "  <- to pick" if seat == view.active and view.result is None else ""
            lines.append(f"  {who(seat)}: {_plural(view.scores[seat], 'point')}{mark}")
            lines.extend(_lot_lines(orchard, view.lot_scores[seat], paint))
        lines.append(f"pool: {_cards(view.pool, paint) or '-'}")
        if view.result is None and view.active is not None:
            turn = ("your turn: take a card and plant it in a lot" if view.active == view.seat
                    else f"{who(view.active)} to pick")
            lines.append(turn)
        return lines

    def moves(self, view: DraftCiderView, paint: Paint) -> list[str]:
        """The legal moves as a grid: a row per pool card, a column per lot; a cell that
        accepts the card holds the move's number and the points it adds to the total."""
        if not view.legal_moves or view.seat is None:
            return []
        total = view.scores[view.seat]
        cells: dict[tuple[str, str], str] = {}
        for number, (move, after) in enumerate(zip(view.legal_moves, view.score_after,
                                                   strict=True), 1):
            index = LOT_INDEX[move.lot]
            gained = view.lot_after[number - 1] - view.lot_scores[view.seat][index]
            broken = "!" if after - total != gained else ""
            cells[move.card, move.lot] = f"[{number}]{after - total:+d}{broken}"
        header = ("       " + "".join(f"{lot:<{_CELL}}" for lot in LOTS)).rstrip()
        lines = ["your choices: [move number] and what your total gains "
                 "(! breaks your tree)", header]
        for card in view.pool:
            row = "".join(f"{cells.get((card, lot), '  -'):<{_CELL}}" for lot in LOTS)
            lines.append(f"  {_card(card, paint)}  {row.rstrip()}")
        return lines

    def choices(self, view: DraftCiderView, card: str) -> str:
        """Where ``card`` may go, in full: each accepting lot with its score and the
        player's total after it, and why each other lot refuses it."""
        if view.seat is None or not view.legal_moves:
            return "it is not your turn to pick"
        if card not in view.pool:
            return f"{card} is not in the pool ({' '.join(view.pool)})"
        orchard = view.orchards[view.seat]
        total = view.scores[view.seat]
        lines = [f"{card} alone names no lot; its choices ({COLOUR_NAMES[card[0]]}, "
                 f"sweetness {card[1]}, height {card[2]}):"]
        for number, move in enumerate(view.legal_moves, 1):
            if move.card == card:
                index = LOT_INDEX[move.lot]
                after = view.score_after[number - 1]
                before = view.lot_scores[view.seat][index]
                broken = ("; your tree loses its 20"
                          if after - total != view.lot_after[number - 1] - before else "")
                lines.append(f"  [{number}] {move.lot}: {before} -> "
                             f"{view.lot_after[number - 1]}, your total {total} -> {after}"
                             f"{broken}")
        for lot in LOTS:
            why = refusal(orchard, lot, card)
            if why is not None:
                lines.append(f"  {lot}: no, {why}")
        return "\n".join(lines)

    def event(self, event: Event, names: Sequence[str], seat: int, paint: Paint) -> str:
        """One event in words."""
        named = _named(names)

        def who(other: int) -> str:
            return "you" if other == seat else named[other]

        if isinstance(event, Picked):
            return (f"{who(event.seat)} pick{_s(event.seat, seat)} {_card(event.card, paint)} "
                    f"for {event.lot} (now {event.score})")
        if isinstance(event, PoolLaid):
            return (f"round {event.round}: the pool is {_cards(event.cards, paint)}; "
                    f"{who(event.first)} pick{_s(event.first, seat)} first")
        if isinstance(event, PickUndone):
            return (f"{who(event.seat)} take{_s(event.seat, seat)} back "
                    f"{_card(event.card, paint)} from {event.lot}")
        if isinstance(event, GameEnded):
            return ""  # aves play shows every orchard (outcome), then who won
        return ""  # TurnStarted: the table says whose turn it is

    def outcome(self, state: DraftCiderState, names: Sequence[str], seat: int,
                paint: Paint) -> list[str]:
        """Every seat's final score, best first, with its lots' scores and cards."""
        named = _named(names)
        who = ["you" if other == seat else name for other, name in enumerate(named)]
        scores = state.scores
        width = max(len(name) for name in who)
        lines = ["", "final scores:"]
        for other in sorted(range(len(names)), key=lambda other: (-scores[other], other)):
            rank = 1 + sum(1 for score in scores if score > scores[other])
            lots = state.lot_scores(other)
            lines.append(f"  {_ordinal(rank)}  {who[other]:<{width}}  "
                         f"{_plural(scores[other], 'point')}")
            lines.extend(_lot_lines(state.orchards[other], lots, paint))
        return lines

    def read_move(self, text: str, view: DraftCiderView) -> Move | str | None:
        """``y34 feather`` or ``y34 fe`` (a pick), ``y34`` (that card's choices)."""
        words = text.strip().split()
        if not words or len(words) > 2 or view.seat is None:
            return None
        card = words[0].upper()
        if not is_card(card):
            return None
        if len(words) == 1:
            return self.choices(view, card)
        start = words[1].lower()
        lots = [lot for lot in LOTS if lot.startswith(start)]
        if len(lots) != 1:
            return (f"{words[1]!r} names no lot: {', '.join(LOTS)}" if not lots else
                    f"{words[1]!r} could be {' or '.join(lots)}")
        return Pick(view.seat, card, lots[0])
