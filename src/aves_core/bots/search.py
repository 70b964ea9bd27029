"""SearchBot, the generic information-set Monte Carlo tree search
(``aves_core.kernel.mcts``), under its public name."""

from aves_core.kernel.mcts import SearchBot

__all__ = ["SearchBot"]
