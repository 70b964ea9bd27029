"""SearchBot: information-set Monte Carlo tree search for any game with search hooks.

Each iteration draws a full state consistent with what the seat knows (the
game's ``sample``: for AVES, the unseen cards dealt uniformly into the
unknown hand slots and the deck; for a perfect-information game, the true
state, which makes this plain MCTS), walks the one shared tree down the moves
that state allows (single-observer ISMCTS: a child's UCB uses how often it
was *available*, not how often its parent was visited), adds one node, plays
the game out with the game's fast ``playout_move`` policy, and credits every
player's share of the win to the moves that player made on the way. Untried
moves are expanded best first by the game's ``root_scores`` at the root (and
by the playout policy's choice below it), and a node opens new moves only as
its visits grow (progressive widening), so a small budget is spent where it
matters; at the root, the scores also add a bonus that fades as a move's
visits grow (progressive bias), which keeps a small budget from trading a
sound move for a lucky one. The move played is the root's most visited child.

A game with chance during play gives a ``chance`` hook: every step of a walk
or a playout is followed by the chance moves it leads to, drawn at random, so
the tree holds the seats' moves only and each iteration meets a fresh draw.

The bot is honest: it sees only its view and its redacted events. It is
seeded and deterministic for a given iteration budget; a time budget trades
that for a bound on thinking time. In a game of hidden information it thinks
as long with one legal move as with many (``steady``): a bot that answered a
forced move at once would tell the other seats, by its speed alone, that it
had no choice, which is hidden information (Cubirds asks for its flock step
every turn so that nobody learns whether a hand holds a flock).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Game, Result
from aves_core.kernel.registry import game_for_view
from aves_core.kernel.search import SearchHooks

__all__ = ["SearchBot"]

AnyGame = Game[Any, Any, Any, Any, Any, Any]


class _Node:
    __slots__ = ("available", "children", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # the seat that made the move leading here
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[Any, _Node] = {}


def _shares(result: Result, num_players: int) -> list[float]:
    share = 1.0 / len(result.winners)
    return [share if seat in result.winners else 0.0 for seat in range(num_players)]


class SearchBot:
    """ISMCTS with ``iterations`` per move, or as many as fit in ``seconds``.

    ``game`` is the game it plays; by default the game whose views it is given.
    ``steady``: search even when there is one legal move, so that the time taken
    says nothing of the choices the seat had (None: in games of hidden
    information). The search's draws then come from a copy of ``rng``, so the
    moves and the caller's generator are those of a bot that answered at once.
    """

    uses_events = True

    def __init__(self, iterations: int = 500, *, seconds: float | None = None,
                 exploration: float = 0.7, widening: float = 1.5, prior: float = 3.0,
                 playout_moves: int = 200, game: AnyGame | None = None,
                 steady: bool | None = None) -> None:
        if type(iterations) is not int or iterations < 1:
            raise ArgumentError(f"iterations must be a positive int, not {iterations!r}")
        if seconds is not None and (type(seconds) not in (int, float)
                                    or not 0 < seconds < math.inf):
            raise ArgumentError(f"seconds must be a positive finite number, not {seconds!r}")
        if game is not None and not isinstance(game, Game):
            raise ArgumentError(f"game must be a Game, not {type(game).__name__}")
        if steady is not None and type(steady) is not bool:
            raise ArgumentError(f"steady must be a bool or None, not {steady!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.widening = widening
        self.prior = prior
        self.playout_moves = playout_moves
        self.game = game
        self.steady = steady
        self.name = f"search{iterations}" if seconds is None else f"search{seconds:g}s"
        self.last_iterations = 0
        self._hooks: SearchHooks[Any, Any, Any] | None = None
        self._steady = False
        self._move_seat: Callable[[Any], int | None] | None = None
        self._root_moves: tuple[Any, ...] = ()

    def _hooks_for(self, view: Any) -> SearchHooks[Any, Any, Any]:
        if self._hooks is None:
            game = self.game if self.game is not None else game_for_view(view)
            hooks = game.search_hooks()
            if hooks is None:
                raise ArgumentError(f"{game.facts.name} supplies no search hooks: "
                                    "SearchBot cannot play it")
            self._steady = (game.facts.hidden_information if self.steady is None
                            else self.steady)
            # Where several seats move at once, a node's mover is its move's seat.
            self._move_seat = game.mover if game.facts.simultaneous_moves else None
            self._hooks = hooks
        return self._hooks

    def choose(self, view: Any, events: Sequence[Any], rng: random.Random) -> Any:
        """The root's most visited move after the search."""
        moves = view.legal_moves
        hooks = self._hooks_for(view)
        if len(moves) == 1:
            if self._steady:
                # Spend the budget all the same (see the class's docstring), on a copy
                # of the generator: the games played stay those of an instant answer.
                spare = random.Random()
                try:
                    spare.setstate(rng.getstate())
                except NotImplementedError:  # a SystemRandom: nothing to reproduce
                    spare = rng
                self._search(hooks, view, events, spare)
            return moves[0]
        root = self._search(hooks, view, events, rng)
        return max(moves, key=lambda move: (root.children[move].visits
                                            if move in root.children else -1))

    def _search(self, hooks: SearchHooks[Any, Any, Any], view: Any, events: Sequence[Any],
                rng: random.Random) -> _Node:
        """The root after the iterations of the budget."""
        knowledge = hooks.knowledge(view, events)
        root = _Node(mover=-1)
        # The seat's own moves: where several seats move at once, the drawn state's
        # legal moves hold the others' too.
        self._root_moves = tuple(view.legal_moves)
        self._root_order: list[Any] | None = None
        self._root_prior: dict[Any, float] = {}
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        sample = hooks.sample
        done = 0
        while done < self.iterations if deadline is None else time.perf_counter() < deadline:
            self._iterate(hooks, root, sample(knowledge, rng), knowledge, rng)
            done += 1
        self.last_iterations = done
        return root

    def _iterate(self, hooks: SearchHooks[Any, Any, Any], root: _Node, state: Any,
                 knowledge: Any, rng: random.Random) -> None:
        path = [root]
        node = root
        result, step, is_legal, chance = hooks.result, hooks.step, hooks.is_legal, hooks.chance
        while result(state) is None:
            children = node.children
            # Which of this node's moves the drawn state allows (its availability).
            # The root's moves are the seat's own, legal in every drawn state.
            available = list(children) if node is root else [
                move for move in children if is_legal(state, move)]
            for move in available:
                children[move].available += 1
            # Progressive widening: a node opens a new move only once it has been
            # visited enough (or when none of its moves is possible here), so a
            # small budget deepens the most promising moves instead of trying all.
            if not available or len(children) < self.widening * math.sqrt(node.visits + 1):
                opened = self._untried(hooks, node is root, state, children, knowledge, rng)
                if opened is not None:
                    mover = (hooks.mover(state) if self._move_seat is None
                             else self._move_seat(opened))
                    assert mover is not None
                    child = children[opened] = _Node(mover)
                    child.available = 1
                    state = step(state, opened)
                    if chance is not None:
                        state = chance(state, rng)
                    path.append(child)
                    break
            move = self._select(node, available, node is root)
            node = children[move]
            state = step(state, move)
            if chance is not None:
                state = chance(state, rng)
            path.append(node)
        shares = self._playout(hooks, state, rng)
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.reward += shares[visited.mover]

    def _untried(self, hooks: SearchHooks[Any, Any, Any], at_root: bool, state: Any,
                 children: dict[Any, _Node], knowledge: Any, rng: random.Random) -> Any:
        """The next move to open, or None when every legal move is open already.

        At the root, the best by the game's ``root_scores`` first (the root's moves
        are the seat's own, the same in every drawn state, so they are scored
        once); deeper, the playout policy's choice, else a random unopened move."""
        if at_root:
            if self._root_order is None:
                scores: Mapping[Any, float] = (
                    hooks.root_scores(state, knowledge) if hooks.root_scores is not None
                    else dict.fromkeys(self._root_moves, 0.0))
                if self._move_seat is not None:
                    own = set(self._root_moves)
                    scores = {move: score for move, score in scores.items() if move in own}
                self._root_order = sorted(scores, key=lambda move: -scores[move])
                low, high = min(scores.values()), max(scores.values())
                spread = high - low or 1.0
                self._root_prior = {move: (score - low) / spread
                                    for move, score in scores.items()}
            return next((move for move in self._root_order if move not in children), None)
        suggestion = hooks.playout_move(state, rng)
        if suggestion not in children:
            return suggestion
        untried = [move for move in hooks.legal_moves(state) if move not in children]
        return untried[rng.randrange(len(untried))] if untried else None

    def _select(self, node: _Node, moves: list[Any], at_root: bool) -> Any:
        best_move = moves[0]
        best = -math.inf
        c = self.exploration
        prior = self._root_prior if at_root and self.prior else None
        for move in moves:
            child = node.children[move]
            if not child.visits:
                return move
            value = child.reward / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits)
            if prior is not None:
                # Progressive bias: the game's judgement counts while visits are few.
                value += self.prior * prior[move] / (child.visits + 1)
            if value > best:
                best, best_move = value, move
        return best_move

    def _playout(self, hooks: SearchHooks[Any, Any, Any], state: Any, rng: random.Random
                 ) -> list[float]:
        num = hooks.num_players(state)
        result, step, policy, chance = (hooks.result, hooks.step, hooks.playout_move,
                                        hooks.chance)
        for _ in range(self.playout_moves):
            outcome = result(state)
            if outcome is not None:
                return _shares(outcome, num)
            state = step(state, policy(state, rng))
            if chance is not None:
                state = chance(state, rng)
        outcome = result(state)
        if outcome is not None:
            return _shares(outcome, num)
        return _shares(hooks.cutoff(state), num)  # a runaway game: judge it as if it ended
