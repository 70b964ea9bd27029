"""Bots: players that see only what their seat may see, for any game (the kernel's
part: the protocol, the random bot, making bots by name).

A bot is given its seat's view (the game's ``view(state, seat)``), the
events its seat has seen (as the game's ``events_for`` redacted them) and a
``random.Random``; it returns one of the view's legal moves. It never
receives a full state, so it cannot peek.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, runtime_checkable

from aves_core.kernel.errors import ArgumentError

if TYPE_CHECKING:
    from aves_core.kernel.game import Game

__all__ = ["BestScoreBot", "Bot", "RandomBot", "make_bot", "standard_bots"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a legal move from what one seat knows.

    A bot may set ``uses_events = False`` to tell simulators that it never
    reads ``events``, so they can skip making them, and ``uses_view = False`` to
    say it reads nothing of its view but ``legal_moves`` (and ``seat``): a
    simulator may then show it just those, without building the view.
    """

    def choose(self, view: Any, events: Sequence[Any], rng: random.Random) -> Any:
        """One of ``view.legal_moves``."""
        ...


class RandomBot:
    """Plays a legal move drawn uniformly at random."""

    name = "random"
    uses_events = False  # a hint to simulators: it never reads its events
    uses_view = False  # ... nor anything of its view but the legal moves

    def choose(self, view: Any, events: Sequence[Any], rng: random.Random) -> Any:
        """A uniformly random legal move."""
        return rng.choice(view.legal_moves)


class _Offering(Protocol):
    """A view that lists its seat's legal moves."""

    @property
    def legal_moves(self) -> Sequence[Any]:
        """The moves the seat may make now."""
        ...


V = TypeVar("V", bound=_Offering)
M = TypeVar("M")


class BestScoreBot(Generic[V, M]):
    """Plays the legal move its ``scores`` rate best, ties at random: a game's greedy
    bot, given how the game scores a view's moves.

    A subclass names the scoring: ``scores(view)`` maps each of ``view.legal_moves`` to
    a number. Moves within 1e-9 of the best tie; one best move is played without
    drawing from ``rng``, so seeded games stay as they were.
    """

    name = "greedy"
    uses_events = False  # a hint to simulators: it never reads its events

    def scores(self, view: V) -> Mapping[M, float]:
        """Each of ``view.legal_moves`` with its score (higher is better)."""
        raise NotImplementedError

    def choose(self, view: V, events: Sequence[Any], rng: random.Random) -> M:
        """The best of ``view.legal_moves`` by ``scores``."""
        scores = self.scores(view)
        top = max(scores.values())
        best: list[M] = [move for move in view.legal_moves if scores[move] >= top - 1e-9]
        return best[0] if len(best) == 1 else rng.choice(best)


_BUDGET = re.compile(r"(?P<count>[1-9][0-9]{0,8})(?P<ms>ms)?", re.ASCII)
"""A search bot's budget: iterations, or milliseconds with ``ms``."""

def standard_bots(game: Game[Any, Any, Any, Any, Any, Any], *,
                  greedy: Callable[[], Bot] | None = None,
                  **search: Any) -> dict[str, Callable[[str], Bot]]:
    """The bots of a game by name: ``random``; ``greedy`` when the game gives its
    ``greedy`` (a function of no argument making its greedy bot); ``search`` when the
    game supplies search hooks (``search``: 500 iterations a move, ``search:800``,
    ``search:40ms``), with the ``SearchBot`` settings the game tunes
    (``playout_moves=40``, ``widening=...``) set on each one made."""
    from aves_core.kernel.mcts import SearchBot

    unknown = sorted(name for name in search if not hasattr(SearchBot(), name))
    if unknown:
        raise ArgumentError(f"SearchBot has no setting {unknown[0]!r}")

    def make_random(argument: str) -> Bot:
        if argument:
            raise ValueError("random takes no argument")
        return RandomBot()

    bots: dict[str, Callable[[str], Bot]] = {"random": make_random}
    if greedy is not None:
        make = greedy

        def make_greedy(argument: str) -> Bot:
            if argument:
                raise ValueError("greedy takes no argument")
            return make()

        bots["greedy"] = make_greedy
    if game.search_hooks() is not None:

        def make_search(argument: str) -> Bot:
            if not argument:
                bot = SearchBot(game=game)
            else:
                # ASCII digits only: int() would also read " 10", "4_999" and other
                # scripts' digits, so two spellings would name one bot.
                budget = _BUDGET.fullmatch(argument)
                if budget is None:
                    raise ValueError(argument)
                bot = (SearchBot(10**9, seconds=int(budget["count"]) / 1000, game=game)
                       if budget["ms"] else SearchBot(int(budget["count"]), game=game))
            for name, value in search.items():
                setattr(bot, name, value)
            return bot

        bots["search"] = make_search
    return bots


def make_bot(spec: str, game: Game[Any, Any, Any, Any, Any, Any]) -> Bot:
    """A bot of ``game`` from its name: ``random``, ``search`` (500 iterations a move),
    ``search:800``, ``search:40ms``, or a name of the game's own (``greedy``, which
    each of the six games of aves-core has)."""
    factories = game.bot_factories()
    if type(spec) is not str:
        raise ArgumentError(f"a bot is named by a str, not {type(spec).__name__}")
    name, colon, argument = spec.partition(":")
    factory = factories.get(name)
    if factory is None:
        raise ArgumentError(f"unknown bot {spec!r} for {game.facts.name}: choose from "
                            f"{', '.join(factories)}")
    try:
        if colon and not argument:
            # "search:" would be "search": one bot would have two names.
            raise ValueError("an empty argument")
        return factory(argument)
    except ValueError:
        raise ArgumentError(f"bad bot argument in {spec!r}: only search takes one "
                            "(search:800 iterations, or search:40ms)") from None
