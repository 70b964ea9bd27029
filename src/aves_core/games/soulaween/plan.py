"""Soulaween's setup draws (``draw_setup``), made from the seed by ``new_setup`` and as
explicit chance nodes (``SoulaweenSetupPlan``) for tools such as OpenSpiel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aves_core.games.soulaween.state import (
    CHARACTERS,
    HEI_BAI,
    STANCES,
    SoulaweenOptions,
    SoulaweenSetup,
)
from aves_core.kernel.chance import ChancePlan
from aves_core.kernel.errors import SetupError

__all__ = ["SoulaweenSetupPlan", "draw_setup"]


def draw_setup(options: SoulaweenOptions, draw: Callable[..., Any]) -> SoulaweenSetup:
    """The setup of ``options``, ``draw(what, choices, seat)`` making each choice they
    leave open, in this order: the first player (``first``, seat None), then in standard
    mode the characters not given (``character``), then the stances of Hei & Bai seats
    not given (``stance``). ``SetupError`` for options of no game."""
    first = draw("first", (0, 1), None)
    characters: list[str | None] = [None, None]
    if options.mode == "standard":
        given = options.characters or (None, None)
        characters = [given[seat] or draw("character", CHARACTERS, seat) for seat in (0, 1)]
    elif options.characters is not None and any(options.characters):
        raise SetupError("characters are for standard mode: set mode to standard",
                         code="bad_setup", path="characters")
    stances: list[str | None] = [None, None]
    wanted = options.stances or (None, None)
    for seat in (0, 1):
        if characters[seat] == HEI_BAI:
            stances[seat] = wanted[seat] or draw("stance", STANCES, seat)
        elif wanted[seat] is not None:
            raise SetupError(f"seat {seat} has no stance: only Hei & Bai stand as hei or "
                             "bai", code="bad_setup", path="stances")
    return SoulaweenSetup(first, (characters[0], characters[1]), (stances[0], stances[1]))


class SoulaweenSetupPlan(ChancePlan[SoulaweenSetup]):
    """The draws of ``draw_setup`` as chance nodes, each uniform over its choices."""

    max_outcomes = 3

    def __init__(self, options: SoulaweenOptions) -> None:
        self.options = options

    def _walk(self, drawn: tuple[int, ...]) -> tuple[list[tuple[Any, ...]], SoulaweenSetup]:
        """The draws met with ``drawn`` drawn, the next one among them, and the setup
        (a draw not made yet taken at its first choice)."""
        nodes: list[tuple[Any, ...]] = []

        def draw(*node: Any) -> Any:
            nodes.append(node)
            return node[1][drawn[len(nodes) - 1] if len(nodes) <= len(drawn) else 0]

        return nodes, draw_setup(self.options, draw)

    def length(self) -> int:
        """At most: the first player, and in standard mode each character and stance not
        given."""
        options = self.options
        given = (*(options.characters or (None, None)), *(options.stances or (None, None)))
        return 1 + (given.count(None) if options.mode == "standard" else 0)

    def done(self, drawn: tuple[int, ...]) -> bool:
        """Whether every node that applies is drawn."""
        return len(drawn) >= len(self._walk(drawn)[0])

    def outcomes(self, drawn: tuple[int, ...]) -> list[tuple[int, float]]:
        """Uniform over the next node's choices."""
        _, choices, _ = self._walk(drawn)[0][len(drawn)]
        return [(index, 1.0 / len(choices)) for index in range(len(choices))]

    def result(self, drawn: tuple[int, ...]) -> SoulaweenSetup:
        """The setup drawn."""
        return self._walk(drawn)[1]

    def text(self, drawn: tuple[int, ...], outcome: int) -> str:
        """``first player 0``, ``seat 1 character anubis``, ``seat 0 stance hei``."""
        kind, choices, seat = self._walk(drawn)[0][len(drawn)]
        if kind == "first":
            return f"first player {outcome}"
        return f"seat {seat} {kind} {choices[outcome]}"
