"""Bots: players that see only what their seat may see, for any game.

The public home of the kernel's bots (``aves_core.kernel.bots``): the ``Bot``
protocol, ``RandomBot``, ``make_bot`` and ``standard_bots``; the generic
information-set Monte Carlo tree search is ``aves_core.bots.search.SearchBot``.
They live in the kernel so that a game's own bots can build on them without a
game reaching above the kernel.
"""

from aves_core.kernel.bots import Bot, RandomBot, make_bot, standard_bots

__all__ = ["Bot", "RandomBot", "make_bot", "standard_bots"]
