"""AVES's setup as explicit chance nodes (``Game.setup_plan``), for tools such as
OpenSpiel that draw chance one outcome at a time.

One node per card of the deal, in deal order (seat 0's three cards, seat 1's,
..., the circle's seven, then the deck top first), whose outcome is the *kind*
of card dealt (its rank: 0-41 fruit, 42 a crow) with probability (copies of
that kind left) / (cards left); then one node for the first player, uniform
over the seats. So the deal is a uniform shuffle, as ``random_setup`` draws
it, and the four identical crows are one outcome.
"""

from __future__ import annotations

from collections import Counter

from aves_core.games.aves.cards import CARDS_BY_RANK, game_cards
from aves_core.games.aves.state import AvesSetup, Variant
from aves_core.kernel.chance import ChancePlan

__all__ = ["AvesSetupPlan"]


class AvesSetupPlan(ChancePlan[AvesSetup]):
    """The deal card by card (outcome: the card's rank), then the first player."""

    max_outcomes = 43

    def __init__(self, num_players: int, variant: Variant) -> None:
        self.num_players = num_players
        self.variant = variant
        self.cards = Counter(card.rank for card in game_cards(num_players, variant.crows))
        self.size = sum(self.cards.values())

    def length(self) -> int:
        """Every card, and the first player."""
        return self.size + 1

    def outcomes(self, drawn: tuple[int, ...]) -> list[tuple[int, float]]:
        """A kind of card left, as likely as its copies left; or a seat."""
        if len(drawn) == self.size:
            return [(seat, 1.0 / self.num_players) for seat in range(self.num_players)]
        left = self.cards - Counter(drawn)
        total = self.size - len(drawn)
        return [(rank, count / total) for rank, count in sorted(left.items())]

    def result(self, drawn: tuple[int, ...]) -> AvesSetup:
        """The ``AvesSetup`` of the drawn deal and first player."""
        deal = tuple(CARDS_BY_RANK[rank] for rank in drawn[:self.size])
        return AvesSetup(self.variant, deal, drawn[self.size])

    def text(self, drawn: tuple[int, ...], outcome: int) -> str:
        """``deal R3`` or ``first player 1``."""
        if len(drawn) >= self.size:
            return f"first player {outcome}"
        return f"deal {CARDS_BY_RANK[outcome]}"
