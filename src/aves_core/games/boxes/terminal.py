"""Boxes in a terminal (``aves play --game boxes``; docs/boxes.md, "In a terminal" tells
what the screen shows): ``BoxesScreen``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from aves_core.games.boxes.cards import (
    NOTE_VALUES,
    card_value,
    collections_of,
    held_text,
    money_of,
    notes_of_counts,
)
from aves_core.games.boxes.events import (
    AuctionChosen,
    AuctionWon,
    BidMade,
    Committed,
    Event,
    Examined,
    ExamineStopped,
    Paid,
    Passed,
    Revealed,
    Sold,
    Undone,
)
from aves_core.games.boxes.moves import Auction, Bid, Examine, Move, Pass, Pay, Seal, Stop
from aves_core.games.boxes.phases import Phase
from aves_core.games.boxes.state import CLOSED_SLOTS, OPEN_SLOTS, BoxesState
from aves_core.games.boxes.views import BoxesView
from aves_core.kernel.terminal import Paint, in_words, ordinal, plural

__all__ = ["BoxesScreen"]

# 256-colour codes: yellow, blue, red, green; no colour grey.
_COLORS = {"Y": 220, "B": 33, "R": 196, "G": 34, "N": 250}


def _card(code: str, paint: Paint) -> str:
    return paint(code, _COLORS.get(code[0], 250))


def _cards(codes: Sequence[str], paint: Paint) -> str:
    return " ".join(_card(code, paint) for code in codes)


def _sorted(codes: Sequence[str], paint: Paint) -> str:
    """Cards by colour (Y, B, R, G, then no colour), highest first, repeats counted:
    ``Y250 Y50  R150  N500 3xN10 2xN0``."""
    counts = Counter(codes)
    groups = []
    for colour in "YBRGN":
        cards = sorted((code for code in counts if code[0] == colour), key=card_value,
                       reverse=True)
        if cards:
            groups.append(" ".join(f"{counts[code]}x{_card(code, paint)}" if counts[code] > 1
                                   else _card(code, paint) for code in cards))
    return "  ".join(groups)


def _notes(notes: Sequence[int]) -> str:
    """``500 2x200 (900)`` or ``none (0)``."""
    groups = [(value, sum(1 for note in notes if note == value)) for value in NOTE_VALUES]
    written = " ".join(f"{count}x{value}" if count > 1 else str(value)
                       for value, count in groups if count)
    return f"{written or 'none'} ({sum(notes):,})"


def _s(seat: int, viewer: int | None) -> str:
    """A verb's ending: ``you examine``, ``bo examines``."""
    return "" if seat == viewer else "s"


class BoxesScreen:
    """The Boxes table for ``aves play``."""

    help = ("a number, open, sealed, e c3 (or c3), stop, seal 500 100, seal none, bid 350, "
            "pass, pay 500 200, u to undo, q to stop")

    _price = 0
    """The price of the last auction won, for the payment that follows it (``event``)."""

    # --- the table ---------------------------------------------------------------------

    def table(self, view: BoxesView, names: Sequence[str], paint: Paint) -> list[str]:
        """The container and its slots, every seat's notes and containers, the auction,
        the player's cards."""

        def who(seat: int) -> str:
            return "you" if seat == view.seat else names[seat]

        kind = f", {view.auction} auction" if view.auction else ""
        lines = ["", f"container {view.container} of 6, auctioneer: {who(view.auctioneer)}"
                 f"{kind}   ("
                 + (f"still to come: {plural(6 - view.container, 'container')})"
                    if view.container < 6 else "the last container)")]
        lines += self._slots(view, paint)
        width = max(len(who(seat)) for seat in range(len(view.notes)))
        for seat, notes in enumerate(view.notes):
            won = ", ".join(f"{sale.container} ({sale.price:,})" for sale in view.sales
                            if sale.seat == seat)
            looked = " ".join(look.slot for look in view.looks
                              if look.container == view.container and look.seat == seat)
            marks = "  (auctioneer)" if seat == view.auctioneer else ""
            if view.result is None and seat in view.to_move:
                marks += "  <- to move"
            lines.append(f"  {who(seat):<{width}}  {view.money[seat]:>5,} ECU  "
                         f"{held_text(notes):<23}  won: {won or '-'}"
                         + (f"  examined: {looked}" if looked else "") + marks)
        lines += self._auction(view, who)
        if view.my_containers:
            for box in view.my_containers:
                lines.append(f"your container {box.container}: {_cards(box.cards, paint)}")
            mine = [card for box in view.my_containers for card in box.cards]
            collections = collections_of(mine, len(view.notes))
            lines.append(f"your cards are worth {sum(map(card_value, mine)):,} ECU"
                         + (f", with {plural(collections, 'collection')} (+250 each)"
                            if collections else ""))
        return lines

    def _slots(self, view: BoxesView, paint: Paint) -> list[str]:
        """The container's slots: the card the player saw, ``?`` where only others
        looked, ``-`` where nobody did (who looked where is on each seat's line)."""
        now = [look for look in view.looks if look.container == view.container]
        looked = {look.slot for look in now}
        seen = {look.slot: look.card for look in now if look.card is not None}
        lines = []
        for label, slots in (("closed boxes (2 actions)", CLOSED_SLOTS),
                             ("open boxes (1 action)   ", OPEN_SLOTS)):
            cells = [f"{slot} " + (_card(seen[slot], paint) if slot in seen else
                                   "?" if slot in looked else "-") for slot in slots]
            lines.append(f"  {label}: " + "   ".join(cells))
        if view.seat is not None:
            lines.append("  (the cards you examined; ? another seat examined it, - nobody did)")
        return lines

    def _auction(self, view: BoxesView, who: Callable[[int], str]) -> list[str]:
        """Where the container's sale stands, in words."""
        lines = []
        count = len(view.notes)
        if view.revealed is not None and view.auction == "sealed" and view.phase in (
                Phase.OPEN_AUCTION, Phase.PAYMENT):
            lines.append("sealed bids: " + ", ".join(
                f"{who(seat)} {_notes(notes)}" for seat, notes in enumerate(view.revealed)))
        if view.result is not None:
            return lines
        phase = view.phase
        if phase is Phase.CHOOSE_AUCTION:
            if view.auctioneer != view.seat:  # the moves say it to the auctioneer
                lines.append(f"{who(view.auctioneer)} chooses an open or a sealed auction")
        elif phase is Phase.EXAMINE and view.examiner is not None:
            if view.examiner == view.seat:
                return lines
            lines.append(f"examining: {who(view.examiner)}, "
                         f"{plural(view.actions, 'action')} left")
        elif phase is Phase.SEALED_BID:
            done = in_words(who(seat) for seat in view.committed) or "nobody yet"
            waiting = in_words(who(seat) for seat in range(count)
                               if seat not in view.committed) or "nobody"
            lines.append(f"sealed auction: committed: {done}; still to commit: {waiting}")
            if view.my_commit is not None:
                lines.append(f"your commit (hidden until all have committed): "
                             f"{_notes(view.my_commit)}")
        elif phase is Phase.OPEN_AUCTION:
            out = [who(seat) for seat in range(count) if seat not in view.bidders]
            standing = ("no bid yet" if view.standing is None else
                        f"standing bid {view.standing:,} by {who(view.holder or 0)}")
            tie = "tie-break " if view.auction == "sealed" else ""
            lines.append(f"{tie}open auction: {standing}; still in: "
                         f"{in_words(who(seat) for seat in view.bidders)}"
                         + (f"; out: {in_words(out)}" if out else "")
                         + (f"; {who(view.turn)} to bid or pass" if view.turn is not None
                            and view.turn != view.seat else ""))
        elif phase is Phase.PAYMENT and view.winner is not None and view.winner != view.seat:
            lines.append(f"{who(view.winner)} won at {view.price:,} and choose"
                         f"{_s(view.winner, view.seat)} the notes to pay (no change is given)")
        return lines

    # --- the moves -----------------------------------------------------------------------

    def moves(self, view: BoxesView, paint: Paint) -> list[str]:
        """The legal moves, numbered; the commits and the amounts only at the ends of
        their range (they are typed: ``seal 500 100``, ``bid 350``)."""
        moves = view.legal_moves
        if not moves:
            return []
        first = moves[0]
        last = len(moves)
        if isinstance(first, Auction):
            return ["choose the auction: " + "   ".join(
                f"[{number}] {move.kind}" for number, move in enumerate(moves, 1)
                if isinstance(move, Auction))]
        if isinstance(first, Examine | Stop):
            cells = [f"[{number}] {move.slot}" if isinstance(move, Examine) else
                     f"[{number}] stop" for number, move in enumerate(moves, 1)]
            return [f"examine a slot ({plural(view.actions, 'action')} left: closed 2, "
                    "open 1) or stop:", "  " + "  ".join(cells)]
        if isinstance(first, Seal):
            assert view.seat is not None
            if last == 1:
                return ["you hold no banknotes: commit none", "  [1] seal none (a bid of 0)"]
            return ["commit banknotes face down, any of yours: type seal and the notes "
                    "(seal 500 100), or",
                    f"  [1] seal none (a bid of 0)   [{last}] seal all "
                    f"{_notes(notes_of_counts(view.notes[view.seat]))}"]
        if isinstance(first, Pass):
            return [f"you cannot raise {view.standing or 0:,}: pass",
                    "  [1] pass (out of this auction)"]
        if isinstance(first, Bid):
            bids = [move for move in moves if isinstance(move, Bid)]
            low, high = bids[0].amount, bids[-1].amount
            what = "open the auction: bid" if view.standing is None else "raise: bid"
            cells = [f"[1] bid {low:,}"]
            if len(bids) > 1:
                cells.append(f"[{len(bids)}] bid {high:,} (all your money)")
            if isinstance(moves[-1], Pass):
                cells.append(f"[{last}] pass (out of this auction)")
            return [f"{what} {low:,} to {high:,} in 50s (type bid 350)"
                    + (" or pass:" if isinstance(moves[-1], Pass) else ":"),
                    "  " + "   ".join(cells)]
        cells = [f"[{number}] pay {_notes(move.notes)}"
                 + (f", {sum(move.notes) - view.price:,} lost"
                    if sum(move.notes) > view.price else "")
                 for number, move in enumerate(moves, 1) if isinstance(move, Pay)]
        width = max(len(cell) for cell in cells)
        lines = [f"you won at {view.price:,}: pay it with your notes (no change is "
                 "given; a note not needed may not be added):"]
        for start in range(0, len(cells), 3):
            lines.append("  " + "   ".join(f"{cell:<{width}}"
                                           for cell in cells[start:start + 3]).rstrip())
        return lines

    # --- events --------------------------------------------------------------------------

    def event(self, event: Event, names: Sequence[str], seat: int, paint: Paint) -> str:
        """One event in words."""

        def who(other: int) -> str:
            return "you" if other == seat else names[other]

        if isinstance(event, AuctionChosen):
            article = "an" if event.kind == "open" else "a"
            return f"{who(event.seat)} choose{_s(event.seat, seat)} {article} {event.kind} auction"
        if isinstance(event, Examined):
            card = f": {_card(event.card, paint)}" if event.card is not None else ""
            return f"  {who(event.seat)} examine{_s(event.seat, seat)} {event.slot}{card}"
        if isinstance(event, ExamineStopped):
            return f"  {who(event.seat)} stop{_s(event.seat, seat)} examining"
        if isinstance(event, Committed):
            if event.notes is not None:
                return f"  {who(event.seat)} commit {_notes(event.notes)} face down"
            return f"  {who(event.seat)} commit{_s(event.seat, seat)} a sealed bid"
        if isinstance(event, Revealed):
            bids = ", ".join(f"{who(other)} {_notes(notes)}"
                             for other, notes in enumerate(event.commits))
            if len(event.top) > 1:
                return (f"sealed bids revealed: {bids}; {in_words(map(who, event.top))} "
                        f"tie and bid on openly")
            return f"sealed bids revealed: {bids}"
        if isinstance(event, BidMade):
            return f"  {who(event.seat)} bid{_s(event.seat, seat)} {event.amount:,}"
        if isinstance(event, Passed):
            return f"  {who(event.seat)} pass{'' if event.seat == seat else 'es'}"
        if isinstance(event, AuctionWon):
            self._price = event.price
            return f"{who(event.seat)} win{_s(event.seat, seat)} the container at " \
                   f"{event.price:,}"
        if isinstance(event, Paid):
            lost = sum(event.notes) - self._price
            return (f"  {who(event.seat)} pay{_s(event.seat, seat)} {_notes(event.notes)}"
                    + (f": {lost:,} lost, no change" if lost > 0 else ""))
        if isinstance(event, Sold):
            if event.cards is not None:
                return (f"  you take container {event.container} behind your screen: "
                        f"{_cards(event.cards, paint)}")
            return f"  {who(event.seat)} takes container {event.container} behind the screen"
        if isinstance(event, Undone):
            return f"{who(event.seat)} take{_s(event.seat, seat)} back the last move"
        return ""  # GameEnded: aves play shows every seat's wealth (outcome), then who won

    # --- the end ---------------------------------------------------------------------------

    def outcome(self, state: BoxesState, names: Sequence[str], seat: int,
                paint: Paint) -> list[str]:
        """Every seat's wealth, best first: banknotes, cards, collections, and its cards."""
        who = ["you" if other == seat else name for other, name in enumerate(names)]
        count = len(names)
        wealth = state.wealth or tuple(0 for _ in names)
        cards = state.final_cards or tuple(() for _ in names)
        width = max(len(name) for name in who)
        lines = ["", "final wealth:"]
        for other in sorted(range(count), key=lambda other: (-wealth[other], other)):
            rank = 1 + sum(1 for value in wealth if value > wealth[other])
            held = cards[other]
            collections = collections_of(held, count)
            lines.append(
                f"  {ordinal(rank)}  {who[other]:<{width}}  {wealth[other]:>6,} ECU = "
                f"notes {money_of(state.notes[other]):,} + cards "
                f"{sum(map(card_value, held)):,} + "
                f"{plural(collections, 'collection')} x 250")
            lines.append(f"  {'':>3}  {'':<{width}}  cards: {_sorted(held, paint) or '-'}")
        return lines

    # --- short forms -------------------------------------------------------------------------

    def read_move(self, text: str, view: BoxesView) -> Move | str | None:
        """The move of the viewer's seat that a short form of ``help`` names (notes in
        any order)."""
        seat = view.seat
        words = text.strip().lower().split()
        if not words or seat is None:
            return None
        head, rest = words[0], words[1:]
        try:
            if head in ("open", "sealed") and not rest:
                return Auction(seat, "open" if head == "open" else "sealed")
            if head in ("e", "x", "examine") and len(rest) == 1:
                return Examine(seat, rest[0])
            if len(words) == 1 and len(head) == 2 and head[0] in "co" and head[1].isdigit():
                return Examine(seat, head)
            if head in ("stop", "pass") and not rest:
                return Stop(seat) if head == "stop" else Pass(seat)
            if head in ("b", "bid") and len(rest) == 1:
                return Bid(seat, int(rest[0].replace(",", "")))
            if head in ("seal", "pay"):
                if not rest:
                    return f"type the notes after {head}: {head} 500 100 ({self.help})"
                notes = () if rest in (["none"], ["0"]) else tuple(int(word) for word in rest)
                return (Seal if head == "seal" else Pay)(seat, notes)
        except ValueError:
            return f"write the amount and the notes as numbers: 500 200 100 50 ({self.help})"
        return None
