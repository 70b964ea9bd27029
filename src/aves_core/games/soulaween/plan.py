"""Soulaween's setup as explicit chance nodes (``Game.setup_plan``), for tools such
as OpenSpiel that draw chance one outcome at a time.

One node for the first player (seat 0 or 1, uniform); in standard mode, one for
each character not given (uniform over the three), then one for each Hei & Bai
stance not given (uniform over two). A stance node exists only for a seat whose
character is Hei & Bai, so characters are drawn first.
"""

from __future__ import annotations

from typing import Any

from aves_core.games.soulaween.state import (
    CHARACTERS,
    HEI_BAI,
    STANCES,
    SoulaweenOptions,
    SoulaweenSetup,
)
from aves_core.kernel.chance import ChancePlan
from aves_core.kernel.game import Game

__all__ = ["SoulaweenSetupPlan"]

# Each node: (what it draws, its choices, the seat or None for the first player).
Node = tuple[str, tuple[Any, ...], int | None]


class SoulaweenSetupPlan(ChancePlan[SoulaweenSetup]):
    """The first player, then the characters and stances not given."""

    max_outcomes = 3

    def __init__(self, game: Game[Any, Any, Any, Any, SoulaweenOptions, SoulaweenSetup],
                 num_players: int, options: SoulaweenOptions) -> None:
        self.game, self.num_players, self.options = game, num_players, options
        given = options.characters or (None, None)
        self.nodes: list[Node] = [("first", (0, 1), None)]
        if options.mode == "standard":
            self.nodes += [("character", CHARACTERS, seat) for seat in (0, 1)
                           if given[seat] is None]
            wanted = options.stances or (None, None)
            self.nodes += [("stance", STANCES, seat) for seat in (0, 1) if wanted[seat] is None]

    def _characters(self, drawn: tuple[int, ...]) -> list[Any]:
        characters = list(self.options.characters or (None, None))
        for (kind, choices, seat), outcome in zip(self.nodes, drawn, strict=False):
            if kind == "character" and seat is not None:
                characters[seat] = choices[outcome]
        return characters

    def _live(self, drawn: tuple[int, ...]) -> list[Node]:
        # Characters come before stances, so the nodes that apply are known in time.
        fixed = [node for node in self.nodes if node[0] != "stance"]
        if len(drawn) < len(fixed):
            return fixed
        characters = self._characters(drawn)
        return fixed + [(kind, choices, seat) for kind, choices, seat in self.nodes
                        if kind == "stance" and seat is not None
                        and characters[seat] == HEI_BAI]

    def length(self) -> int:
        """At most: the first player, two characters and two stances."""
        return len(self.nodes)

    def done(self, drawn: tuple[int, ...]) -> bool:
        """Whether every node that applies is drawn."""
        return len(drawn) >= len(self._live(drawn))

    def outcomes(self, drawn: tuple[int, ...]) -> list[tuple[int, float]]:
        """Uniform over the next node's choices."""
        _, choices, _ = self._live(drawn)[len(drawn)]
        return [(index, 1.0 / len(choices)) for index in range(len(choices))]

    def result(self, drawn: tuple[int, ...]) -> SoulaweenSetup:
        """The setup: ``new_setup`` with every drawn choice given."""
        options = self.options
        characters = self._characters(drawn)
        stances = list(options.stances or (None, None))
        for (kind, choices, seat), outcome in zip(self._live(drawn), drawn, strict=True):
            if kind == "stance" and seat is not None:
                stances[seat] = choices[outcome]
        if options.mode == "standard":
            options = SoulaweenOptions("standard", (characters[0], characters[1]),
                                       (stances[0], stances[1]))
        return self.game.new_setup(self.num_players, options, 0, first_player=drawn[0])

    def text(self, drawn: tuple[int, ...], outcome: int) -> str:
        """``first player 0``, ``seat 1 character anubis``, ``seat 0 stance hei``."""
        kind, choices, seat = self._live(drawn)[len(drawn)]
        if kind == "first":
            return f"first player {outcome}"
        return f"seat {seat} {kind} {choices[outcome]}"
