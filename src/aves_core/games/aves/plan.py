"""AVES's setup as explicit chance nodes (``Game.setup_plan``; docs/ai.md): one per card
of the deal in deal order, its outcome the card's kind (rank) as likely as its copies
left, then the first player, uniform: the shuffle ``random_setup`` draws."""

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
