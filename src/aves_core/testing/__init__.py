"""The conformance kit: one call checks that a game keeps every property aves-core's
layers rely on (see ``aves_core.testing.conformance``).

>>> from aves_core import get_game
>>> from aves_core.testing import check_game
>>> report = check_game(get_game("aves"), games=2, max_moves=10)
>>> report.games, report.states > 0
(2, True)
"""

from aves_core.testing.conformance import ConformanceError, Report, check_game

__all__ = ["ConformanceError", "Report", "check_game"]
