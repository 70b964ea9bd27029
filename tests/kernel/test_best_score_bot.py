"""The kernel's ``BestScoreBot``: a game's greedy bot from how it scores a view's moves
(Cubirds, Tsukuru and Draft Cider use it)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import attrs
import pytest

from aves_core.kernel.bots import BestScoreBot, Bot


@attrs.frozen
class View:
    legal_moves: tuple[str, ...]
    scores: tuple[float, ...]


class ByTable(BestScoreBot[View, str]):
    def scores(self, view: View) -> Mapping[str, float]:
        return dict(zip(view.legal_moves, view.scores, strict=True))


class Counting(random.Random):
    """A generator that counts its choices."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.drawn = 0

    def choice(self, seq: Any) -> Any:
        self.drawn += 1
        return super().choice(seq)


def test_the_best_move_is_played_without_drawing() -> None:
    rng = Counting(1)
    assert "b" == ByTable().choose(View(("a", "b", "c"), (1.0, 3.0, 2.0)), (), rng)
    assert 0 == rng.drawn  # seeded games stay as they were before the bot was shared


def test_moves_within_a_billionth_of_the_best_tie_and_one_is_drawn() -> None:
    view = View(("a", "b", "c", "d"), (2.0, 2.0 - 1e-10, 1.0, 2.0))
    chosen = {ByTable().choose(view, (), random.Random(seed)) for seed in range(60)}
    assert {"a", "b", "d"} == chosen
    rng = Counting(2)
    ByTable().choose(view, (), rng)
    assert 1 == rng.drawn


def test_it_is_a_bot_named_greedy_that_reads_no_events() -> None:
    bot = ByTable()
    assert isinstance(bot, Bot)
    assert ("greedy", False) == (bot.name, bot.uses_events)


def test_a_subclass_must_say_how_it_scores() -> None:
    with pytest.raises(NotImplementedError):
        BestScoreBot[View, str]().choose(View(("a",), (1.0,)), (), random.Random(0))
