"""SearchBot: information-set Monte Carlo tree search over determinized states.

Each iteration draws a full state consistent with what the seat knows
(``determinize``: the unseen cards dealt uniformly into the unknown hand slots
and the deck), walks the one shared tree down the moves that state allows
(single-observer ISMCTS: a child's UCB uses how often it was *available*, not
how often its parent was visited), adds one node, plays the game out with
the fast ``playout_move`` policy, and credits every player's share of the win
to the moves that player made on the way. Untried moves are expanded best
first by GreedyBot's score and a node opens new moves only as its visits grow
(progressive widening), so a small budget is spent where it matters; at the
root, GreedyBot's judgement also adds a bonus that fades as a move's visits
grow (progressive bias), which keeps a small budget from trading a sound move
for a lucky one. The move played is the root's most visited child.

The bot is honest: it sees only its view and its redacted events. It is
seeded and deterministic for a given iteration budget; a time budget trades
that for a bound on thinking time.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from aves_core.games.aves.bots.greedy import playout_move, score_move
from aves_core.games.aves.bots.knowledge import Knowledge, determinize
from aves_core.kernel.errors import ArgumentError
from aves_core.games.aves.events import Event
from aves_core.games.aves.moves import Move
from aves_core.games.aves.rules import is_legal, legal_moves, ranking, unchecked_step
from aves_core.games.aves.state import GameState, Result
from aves_core.games.aves.views import PlayerView

__all__ = ["SearchBot"]


class _Node:
    __slots__ = ("available", "children", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # the seat that made the move leading here
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[Move, _Node] = {}


def _shares(result: Result, num_players: int) -> list[float]:
    share = 1.0 / len(result.winners)
    return [share if seat in result.winners else 0.0 for seat in range(num_players)]


class SearchBot:
    """ISMCTS with ``iterations`` per move, or as many as fit in ``seconds``."""

    uses_events = True

    def __init__(self, iterations: int = 500, *, seconds: float | None = None,
                 exploration: float = 0.7, widening: float = 1.5, prior: float = 3.0,
                 playout_moves: int = 200) -> None:
        if type(iterations) is not int or iterations < 1:
            raise ArgumentError(f"iterations must be a positive int, not {iterations!r}")
        if seconds is not None and (type(seconds) not in (int, float)
                                    or not 0 < seconds < math.inf):
            raise ArgumentError(f"seconds must be a positive finite number, not {seconds!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.widening = widening
        self.prior = prior
        self.playout_moves = playout_moves
        self.name = f"search{iterations}" if seconds is None else f"search{seconds:g}s"
        self.last_iterations = 0

    def choose(self, view: PlayerView, events: Sequence[Event], rng: random.Random) -> Move:
        """The root's most visited move after the search."""
        moves = view.legal_moves
        if len(moves) == 1:
            return moves[0]
        knowledge = Knowledge.from_events(view, events)
        root = _Node(mover=-1)
        self._root_order: list[Move] | None = None
        self._root_prior: dict[Move, float] = {}
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done < self.iterations if deadline is None else time.perf_counter() < deadline:
            self._iterate(root, determinize(knowledge, rng), knowledge, rng)
            done += 1
        self.last_iterations = done
        best = max(moves, key=lambda move: (root.children[move].visits
                                            if move in root.children else -1))
        return best

    def _iterate(self, root: _Node, state: GameState, knowledge: Knowledge,
                 rng: random.Random) -> None:
        path = [root]
        node = root
        while state.result is None:
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
                opened = self._untried(node is root, state, children, knowledge, rng)
                if opened is not None:
                    mover = state.active_player
                    assert mover is not None
                    child = children[opened] = _Node(mover)
                    child.available = 1
                    state = unchecked_step(state, opened)
                    path.append(child)
                    break
            move = self._select(node, available, node is root)
            node = children[move]
            state = unchecked_step(state, move)
            path.append(node)
        shares = self._playout(state, rng)
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.reward += shares[visited.mover]

    def _untried(self, at_root: bool, state: GameState, children: dict[Move, _Node],
                 knowledge: Knowledge, rng: random.Random) -> Move | None:
        """The next move to open, or None when every legal move is open already.

        At the root, GreedyBot's best first (the root's moves are the seat's own,
        the same in every drawn state, so they are scored once); deeper, the fast
        playout policy's choice, else a random unopened move."""
        if at_root:
            if self._root_order is None:
                player = state.active_player
                assert player is not None
                hand, circle = state.hands[player], state.circle
                scores = {move: score_move(hand, circle, move, knowledge.unseen)
                          for move in legal_moves(state)}
                self._root_order = sorted(scores, key=lambda move: -scores[move])
                low, high = min(scores.values()), max(scores.values())
                spread = high - low or 1.0
                self._root_prior = {move: (score - low) / spread
                                    for move, score in scores.items()}
            return next((move for move in self._root_order if move not in children), None)
        suggestion = playout_move(state, rng)
        if suggestion not in children:
            return suggestion
        untried = [move for move in legal_moves(state) if move not in children]
        return untried[rng.randrange(len(untried))] if untried else None

    def _select(self, node: _Node, moves: list[Move], at_root: bool) -> Move:
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
                # Progressive bias: GreedyBot's judgement counts while visits are few.
                value += self.prior * prior[move] / (child.visits + 1)
            if value > best:
                best, best_move = value, move
        return best_move

    def _playout(self, state: GameState, rng: random.Random) -> list[float]:
        num = state.num_players
        for _ in range(self.playout_moves):
            if state.result is not None:
                return _shares(state.result, num)
            state = unchecked_step(state, playout_move(state, rng))
        if state.result is not None:
            return _shares(state.result, num)
        return _shares(ranking(state.hands), num)  # a runaway game: judge it as if it ended
