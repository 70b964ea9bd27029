"""Cubirds in a terminal: the rows, the collections, the hand by species, the moves.

The screen ``aves play --game cubirds`` draws: the four rows left to right, the deck
and the discard pile, each seat's collection (its species and cards) and hand size,
the player's hand by species with each species' flock numbers (small/big; ``*``
where a flock can fly home now), whose turn it is and the step of the turn, then the
legal moves numbered: each lay with the cards it would take. The flock step is asked
every turn, even when no flock can fly [D7]. A move can be typed short: ``P 2 left``
or ``P2L`` (a lay), ``draw``, ``nodraw``, ``fly M`` (or just ``M`` at the flock
step) and ``nofly``. At the end, the final rows and every seat's collection, by
rank (``outcome``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from aves_core.games.cubirds.cards import BIG, INDEX, NAMES, SMALL, SPECIES, Counts, text_of
from aves_core.games.cubirds.events import (
    CardsDealt,
    CardsDrawn,
    DrawDeclined,
    Event,
    FlockDeclined,
    Flown,
    Laid,
    LayUndone,
    NoDrawUndone,
    Reshuffled,
    RoundEnded,
    RowRefilled,
)
from aves_core.games.cubirds.game import CUBIRDS
from aves_core.games.cubirds.moves import Draw, Fly, Lay, Move, NoDraw, NoFly
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.rules import laid
from aves_core.games.cubirds.state import CubirdsState
from aves_core.games.cubirds.views import CubirdsView
from aves_core.kernel.errors import AvesError
from aves_core.kernel.terminal import Paint

# 256-colour codes: flamingo pink, owl brown, toucan orange, duck green, parrot red,
# magpie blue, reed warbler olive, robin rust.
_COLORS = dict(zip(SPECIES, (213, 137, 214, 35, 196, 75, 143, 166), strict=True))
_STEPS = {Phase.LAY: "lay", Phase.DRAW_OPTION: "draw?", Phase.FLOCK: "flock"}
_SHORT_LAY = re.compile(r"([a-z])\s*([0-9])\s*(l|r|left|right)")


def _bird(letter: str, paint: Paint) -> str:
    return paint(letter, _COLORS.get(letter, 250))


def _birds(cards: str, paint: Paint) -> str:
    return " ".join(_bird(letter, paint) for letter in cards)


def _ordinal(rank: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``."""
    return f"{rank}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(rank, 'th')}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _cards(count: int, letter: str, paint: Paint) -> str:
    """``2 parrots (P)``."""
    return f"{_plural(count, NAMES[INDEX[letter]])} ({_bird(letter, paint)})"


def _collection(collection: Counts, paint: Paint) -> str:
    """``3/7 species, 1/2 triples: F O O O T`` (how near each win it is)."""
    held = text_of(collection)
    species = sum(1 for count in collection if count)
    triples = sum(1 for count in collection if count >= 3)
    return (f"{species}/7 species, {triples}/2 triples: "
            f"{_birds(held, paint) if held else '-'}")


class CubirdsScreen:
    """The Cubirds table for ``aves play``."""

    help = ("a number, a lay like P 2 left (or P2L), draw, nodraw, fly M (or M), nofly, "
            "u to undo, q to stop")

    def table(self, view: CubirdsView, names: Sequence[str], paint: Paint) -> list[str]:
        """The rows, the piles, every seat's collection and hand size, the player's hand
        and whose turn it is."""

        def who(seat: int) -> str:
            return "you" if seat == view.seat else names[seat]

        lines = [""]
        for index, line in enumerate(view.rows):
            lines.append(f"row {index}:  {_birds(line, paint)}")
        pile = "  ".join(f"{_bird(letter, paint)}x{count}"
                         for letter, count in zip(SPECIES, view.discard, strict=True) if count)
        lines.append(f"deck: {_plural(view.deck_size, 'card')}   discard pile: "
                     + (f"{sum(view.discard)} ({pile})" if pile else "empty"))
        width = max(len(who(seat)) for seat in range(len(view.hand_sizes)))
        for seat, (size, collection) in enumerate(zip(view.hand_sizes, view.collections,
                                                      strict=True)):
            dealer = "  (dealer)" if seat == view.dealer else ""
            turn = "  <- to move" if seat == view.active else ""
            lines.append(f"{who(seat):<{width}}  hand {size:>2}   collection "
                         f"{_collection(collection, paint)}{dealer}{turn}")
        hand = view.hand
        if hand is not None:
            parts = []
            for index, count in enumerate(hand):
                if count:
                    ready = "*" if count >= SMALL[index] else ""
                    parts.append(f"{_bird(SPECIES[index], paint)}x{count}"
                                 f" ({SMALL[index]}/{BIG[index]}){ready}")
            lines.append(f"your hand ({sum(hand)}): {'  '.join(parts) or 'empty'}"
                         "   (small/big flock; * can fly home now)")
        if view.result is None and view.active is not None:
            steps = "  >  ".join(f"[{name}]" if phase is view.phase else name
                                 for phase, name in _STEPS.items())
            turn = "your turn" if view.active == view.seat else f"{who(view.active)}'s turn"
            lines.append(f"{turn}: {steps}")
        return lines

    def moves(self, view: CubirdsView, paint: Paint) -> list[str]:
        """The legal moves, numbered: the lays by species, a row each side (L, R) and
        the cards each would take; the draw option; the flocks and "no flock"."""
        moves = view.legal_moves
        if not moves:
            return []
        hand = view.hand or (0,) * 8
        if view.phase is Phase.LAY:
            lines = ["lay every card of one species at one end of a row (row and side: "
                     "L left, R right; +the cards it takes):"]
            by_species: dict[str, list[str]] = {}
            for number, move in enumerate(moves, 1):
                assert isinstance(move, Lay)
                taken = laid(view.rows[move.row], move.species, 0, move.side)[1]
                cell = f"[{number}] {move.row}{move.side[0].upper()}"
                if taken:
                    cell += "+" + "".join(_bird(letter, paint) for letter in taken)
                by_species.setdefault(move.species, []).append(cell)
            for letter, cells in by_species.items():
                plain = f"{letter} {NAMES[INDEX[letter]]} x{hand[INDEX[letter]]}"
                label = _bird(letter, paint) + plain[1:]  # coloured, padded as plain text
                lines.append(f"  {label}{' ' * max(1, 19 - len(plain))}" + "  ".join(cells))
            return lines
        cells = []
        for number, move in enumerate(moves, 1):
            if isinstance(move, Draw):
                cells.append(f"[{number}] draw 2 cards")
            elif isinstance(move, NoDraw):
                cells.append(f"[{number}] no draw")
            elif isinstance(move, Fly):
                index = INDEX[move.species]
                count = hand[index]
                kept = 2 if count >= BIG[index] else 1
                cells.append(f"[{number}] fly {_cards(count, move.species, paint)} home: "
                             f"{kept} to your collection, {count - kept} discarded")
            elif isinstance(move, NoFly):
                none = " (no species has its small flock)" if len(moves) == 1 else ""
                cells.append(f"[{number}] no flock{none}")
        what = ("nothing was taken: draw 2 cards from the deck, or not:"
                if view.phase is Phase.DRAW_OPTION
                else "fly a flock home, or not (asked every turn):")
        return [what, *("  " + cell for cell in cells)]

    def event(self, event: Event, names: Sequence[str], seat: int, paint: Paint) -> str:
        """One event in words."""

        def who(other: int) -> str:
            return "you" if other == seat else names[other]

        if isinstance(event, Laid):
            what = (f"{who(event.seat)}: lays {_cards(event.count, event.species, paint)} at "
                    f"the {event.side} of row {event.row}")
            if event.taken:
                return f"{what}, takes {_birds(event.taken, paint)}"
            return f"{what}, takes nothing"
        if isinstance(event, RowRefilled):
            return f"  row {event.row} shows one species: refilled with " \
                   f"{_birds(event.cards, paint)}"
        if isinstance(event, CardsDrawn):
            if event.cards is None:
                return f"  {who(event.seat)} draws {_plural(event.count, 'card')}"
            return f"  {who(event.seat)} draw{'' if event.seat == seat else 's'} " \
                   f"{_birds(event.cards, paint)}"
        if isinstance(event, DrawDeclined):
            return f"{who(event.seat)}: no draw"
        if isinstance(event, Flown):
            flock = _cards(event.kept + event.discarded, event.species, paint)
            return (f"{who(event.seat)}: flies {flock} home: {event.kept} to the collection, "
                    f"{event.discarded} discarded")
        if isinstance(event, FlockDeclined):
            return f"{who(event.seat)}: no flock"
        if isinstance(event, RoundEnded):
            thrown = text_of(event.discarded)
            return (f"  {who(event.seat)} ha{'ve' if event.seat == seat else 's'} no cards "
                    f"left: the round ends; the other hands are discarded "
                    f"({_birds(thrown, paint) if thrown else 'none'}); {who(event.seat)} "
                    f"deal{'' if event.seat == seat else 's'} and play"
                    f"{'' if event.seat == seat else 's'} first")
        if isinstance(event, CardsDealt):
            if event.cards is None:
                return ""
            return f"  you are dealt {_birds(event.cards, paint)}"
        if isinstance(event, Reshuffled):
            return f"  the deck is empty: the discard pile is shuffled into a new deck " \
                   f"of {_plural(event.size, 'card')}"
        if isinstance(event, LayUndone):
            return f"{who(event.seat)}: takes back the lay of {_bird(event.species, paint)}"
        if isinstance(event, NoDrawUndone):
            return f"{who(event.seat)}: takes back the no draw"
        return ""  # GameEnded: aves play shows the rows and collections (outcome), then who won

    def outcome(self, state: CubirdsState, names: Sequence[str], seat: int,
                paint: Paint) -> list[str]:
        """The final rows, then every seat's collection (species out of 7, triples out
        of 2, its cards), best rank first."""
        who = ["you" if other == seat else name for other, name in enumerate(names)]
        lines = ["", "the final rows:"]
        lines += [f"row {index}:  {_birds(line, paint)}" for index, line in enumerate(state.rows)]
        lines.append("final collections:")
        ranks = state.ranks or tuple(1 for _ in names)
        width = max(len(name) for name in who)
        for other in sorted(range(len(names)), key=lambda other: (ranks[other], other)):
            collection = state.collections[other]
            lines.append(f"  {_ordinal(ranks[other])}  {who[other]:<{width}}  "
                         f"{_plural(sum(collection), 'card'):>8}, "
                         f"{_collection(collection, paint)}")
        return lines

    def read_move(self, text: str, view: CubirdsView) -> Move | str | None:
        """``P 2 left``/``P2L`` (a lay), ``draw``, ``nodraw``, ``fly M``, ``M`` (at the
        flock step) and ``nofly`` for the viewer's seat."""
        parse_move, seat, words = CUBIRDS.parse_move, view.seat, text.strip().lower()
        try:
            if words in ("draw", "nodraw", "nofly"):
                return parse_move(f"{seat}:{words}")
            if words in ("no draw", "no flock", "no fly"):
                return parse_move(f"{seat}:{'nodraw' if words == 'no draw' else 'nofly'}")
            if words.startswith("fly "):
                return parse_move(f"{seat}:fly {words[4:].strip().upper()}")
            if view.phase is Phase.FLOCK and len(words) == 1 and words.isalpha():
                return parse_move(f"{seat}:fly {words.upper()}")
            found = _SHORT_LAY.fullmatch(words)
            if found:
                side = "left" if found[3].startswith("l") else "right"
                return parse_move(f"{seat}:lay {found[1].upper()} {found[2]} {side}")
        except AvesError as error:
            return f"{error} ({self.help})"
        return None
