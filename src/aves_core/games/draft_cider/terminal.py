"""Draft Cider in a terminal, for ``aves play --game draft-cider``: every orchard with its
lots and running scores, the pool, the player's choices as a grid of pool cards by lots,
and the short forms ``y34 feather``, ``y34 fe`` and ``y34`` (docs/draft-cider.md,
"Playing")."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from aves_core.games.draft_cider.cards import COLOUR_NAMES, LOT_INDEX, LOTS, SWEETNESS, is_card
from aves_core.games.draft_cider.events import Event, Picked, PickUndone, PoolLaid
from aves_core.games.draft_cider.lots import refusal
from aves_core.games.draft_cider.moves import Move, Pick
from aves_core.games.draft_cider.state import DraftCiderState
from aves_core.games.draft_cider.views import DraftCiderView
from aves_core.kernel.terminal import Paint, ordinal, plural, shown_names

__all__ = ["DraftCiderScreen"]

# 256-colour codes: green, gold, red.
_COLORS = {"G": 34, "Y": 220, "R": 196}
_CELL = 9
"""The width of a cell of the choices grid: ``[12] +10``."""


def _card(code: str, paint: Paint) -> str:
    return paint(code, _COLORS.get(code[0], 250))


def _cards(codes: Sequence[str], paint: Paint) -> str:
    return " ".join(_card(code, paint) for code in codes)


def _who(seat: int, viewer: int | None, names: Sequence[str]) -> str:
    """``you`` for the viewer, else the seat's name as ``aves play`` shows it."""
    return "you" if seat == viewer else shown_names(names)[seat]


def _s(seat: int, viewer: int | None) -> str:
    """A verb's ending: ``you pick``, ``bo picks``."""
    return "" if seat == viewer else "s"


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


def _offers(view: DraftCiderView) -> Iterator[tuple[int, Move, int, int, int, bool]]:
    """Each legal move numbered from 1, with its lot's score before and after it, the
    seat's total after it, and whether it breaks the seat's tree (the total changes by
    more than the lot)."""
    assert view.seat is not None
    total, lot_scores = view.scores[view.seat], view.lot_scores[view.seat]
    for number, (move, lot_after, after) in enumerate(
            zip(view.legal_moves, view.lot_after, view.score_after, strict=True), 1):
        before = lot_scores[LOT_INDEX[move.lot]]
        yield number, move, before, lot_after, after, after - total != lot_after - before


class DraftCiderScreen:
    """The Draft Cider table for ``aves play``."""

    help = ("a number, a card and a lot (y34 feather, or y34 fe), a card alone (y34) to "
            "see its choices, u to undo, q to stop")

    def table(self, view: DraftCiderView, names: Sequence[str], paint: Paint) -> list[str]:
        """The round, every orchard with its lots and scores, the pool and whose turn it
        is."""
        bad = f"{view.bad_points:+d}" if view.bad_points else "0"
        lines = ["", f"round {view.round} of {view.rounds}; {plural(view.undealt, 'card')} "
                 f"undealt; bad scores {bad} a card"]
        for seat, orchard in enumerate(view.orchards):
            mark = "  <- to pick" if seat == view.active and view.result is None else ""
            lines.append(f"  {_who(seat, view.seat, names)}: "
                         f"{plural(view.scores[seat], 'point')}{mark}")
            lines.extend(_lot_lines(orchard, view.lot_scores[seat], paint))
        lines.append(f"pool: {_cards(view.pool, paint) or '-'}")
        if view.result is None and view.active is not None:
            turn = ("your turn: take a card and plant it in a lot" if view.active == view.seat
                    else f"{_who(view.active, view.seat, names)} to pick")
            lines.append(turn)
        return lines

    def moves(self, view: DraftCiderView, paint: Paint) -> list[str]:
        """The legal moves as a grid: a row per pool card, a column per lot; a cell that
        accepts the card holds the move's number and the points it adds to the total."""
        if not view.legal_moves or view.seat is None:
            return []
        total = view.scores[view.seat]
        cells = {(move.card, move.lot): f"[{number}]{after - total:+d}{'!' if broken else ''}"
                 for number, move, _before, _lot_after, after, broken in _offers(view)}
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
        total = view.scores[view.seat]
        lines = [f"{card} alone names no lot; its choices ({COLOUR_NAMES[card[0]]}, "
                 f"sweetness {card[1]}, height {card[2]}):"]
        for number, move, before, lot_after, after, broken in _offers(view):
            if move.card == card:
                lines.append(f"  [{number}] {move.lot}: {before} -> {lot_after}, your total "
                             f"{total} -> {after}{'; your tree loses its 20' if broken else ''}")
        for lot in LOTS:
            why = refusal(view.orchards[view.seat], lot, card)
            if why is not None:
                lines.append(f"  {lot}: no, {why}")
        return "\n".join(lines)

    def event(self, event: Event, names: Sequence[str], seat: int, paint: Paint) -> str:
        """One event in words; none for the turn (the table says it) and the end
        (``outcome``, then ``aves play`` says who won)."""
        if isinstance(event, Picked):
            return (f"{_who(event.seat, seat, names)} pick{_s(event.seat, seat)} "
                    f"{_card(event.card, paint)} for {event.lot} (now {event.score})")
        if isinstance(event, PoolLaid):
            return (f"round {event.round}: the pool is {_cards(event.cards, paint)}; "
                    f"{_who(event.first, seat, names)} pick{_s(event.first, seat)} first")
        if isinstance(event, PickUndone):
            return (f"{_who(event.seat, seat, names)} take{_s(event.seat, seat)} back "
                    f"{_card(event.card, paint)} from {event.lot}")
        return ""

    def outcome(self, state: DraftCiderState, names: Sequence[str], seat: int,
                paint: Paint) -> list[str]:
        """Every seat's final score, best first, with its lots' scores and cards."""
        who = [_who(other, seat, names) for other in range(len(names))]
        scores = state.scores
        width = max(len(name) for name in who)
        lines = ["", "final scores:"]
        for other in sorted(range(len(names)), key=lambda other: (-scores[other], other)):
            rank = 1 + sum(1 for score in scores if score > scores[other])
            lines.append(f"  {ordinal(rank)}  {who[other]:<{width}}  "
                         f"{plural(scores[other], 'point')}")
            lines.extend(_lot_lines(state.orchards[other], state.lot_scores(other), paint))
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
