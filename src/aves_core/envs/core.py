"""What the PettingZoo and Gymnasium adapters share: one game at a kernel ``Table``,
observations built from a seat's *view* through the game's encoding, and the rule
for an action the mask forbids.

Seats take their steps in turn, seat 0 to seat n-1, one step each per *cycle*; a
seat that is not to move has one legal action, ``NOOP`` (the last index), so both
the AEC loop and the parallel API fit a turn-based game. An action the mask
forbids is not played: a legal move drawn from the game's seeded generator is
played in its place, and the seat is given ``illegal_reward`` (the mistake is
reported in its ``info``). The engine's own path is untouched: the adapters only
call ``Table.play`` with legal moves.

A game with chance during play (``Chance.PLAY``) never stops at a chance node
here: the table settles the chance moves after every move (an agent's or a
bot's), drawn from the game's ``chance_generator`` of the episode's seed, so
the same ``reset(seed=...)`` gives the same episode, chance included.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

from aves_core.bots import Bot, make_bot
from aves_core.kernel.encoding import OBSERVATION_HIGH, Encoding
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.registry import get_game
from aves_core.kernel.table import Table

__all__ = ["OBSERVATION_HIGH", "Match", "action_index"]


def action_index(action: Any) -> int:
    """An action as an int index: a Python or numpy integer, or a 0-d numpy array of
    integers (what a policy's ``predict`` gives); a bool, a float or an array of
    another shape is an ArgumentError."""
    if isinstance(action, np.ndarray) and action.shape == () \
            and np.issubdtype(action.dtype, np.integer):
        return int(action)
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise ArgumentError(f"an action is an int index, not {action!r:.40}")
    return int(action)



class Match:
    """One game of ``game_id`` for ``num_players`` seats, for the adapters."""

    def __init__(self, game_id: str, num_players: int | None, options: Any,
                 illegal_reward: float) -> None:
        self.game = get_game(game_id)
        self.num_players = self.game.facts.min_players if num_players is None \
            else num_players
        self.game.check_players(self.num_players)
        encoding = self.game.encoding(self.num_players)
        if encoding is None:
            raise ArgumentError(f"{self.game.facts.name} has no encoding for learning "
                                "agents (Game.encoding)")
        self.encoding: Encoding[Any, Any] = encoding
        self.options = self.game.default_options() if options is None else (
            self.game.options_from_json(options) if isinstance(options, dict) else options)
        if type(illegal_reward) not in (int, float):
            raise ArgumentError("illegal_reward must be a number")
        self.illegal_reward = float(illegal_reward)
        self.noop = self.encoding.num_actions
        self.num_actions = self.noop + 1
        self.size = self.encoding.observation_size
        self.table: Table | None = None
        self.rng = random.Random(0)
        self.total_moves = 0

    def start(self, seed: int) -> None:
        """A new game from ``seed`` (its setup, its chance during play and the generator
        for illegal actions)."""
        setup = self.game.new_setup(self.num_players, self.options, seed)
        players = [f"player_{seat}" for seat in range(self.num_players)]
        self.table = Table(self.game, players, setup=setup, seed=seed)
        self.rng = random.Random(seed)

    @property
    def live(self) -> Table:
        """The table (an error before the first reset)."""
        if self.table is None:
            raise ArgumentError("call reset() before anything else")
        return self.table

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats that may move now (empty once the game is over)."""
        return self.live.to_move

    @property
    def result(self) -> Any:
        """How the game ended (the kernel's ``Result``), or None while it goes on."""
        return self.live.result

    def observe(self, seat: int) -> dict[str, npt.NDArray[Any]]:
        """The seat's observation and action mask, from its view alone."""
        view = self.live.view(seat)
        observation = np.zeros(self.size, dtype=np.float32)
        self.encoding.observe(view, observation)
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if view.legal_moves:
            for move in view.legal_moves:
                mask[self.encoding.action_index(move)] = 1
        else:
            mask[self.noop] = 1
        return {"observation": observation, "action_mask": mask}

    def act(self, seat: int, action: Any) -> bool:
        """Play the seat's action (nothing for NOOP when it is not to move); whether the
        action was one the mask allowed."""
        table = self.live
        view = table.view(seat)
        index = action_index(action)
        if not view.legal_moves:
            return index == self.noop
        try:
            move = self.encoding.move_of(index, view)
            allowed = True
        except ArgumentError:
            move = self.rng.choice(view.legal_moves)
            allowed = False
        table.play(move)
        self.total_moves += 1
        return allowed

    def rewards(self) -> list[float]:
        """+1 for a winner and -1 for the others once the game is over (0 for all if
        nobody won); 0 while it goes on."""
        result = self.live.result
        if result is None or not result.winners:
            return [0.0] * self.num_players
        return [1.0 if seat in result.winners else -1.0 for seat in range(self.num_players)]

    def bots(self, specs: dict[int, str]) -> dict[int, Bot]:
        """Bots for the given seats, by name (``random``, ``greedy``, ``search:200``)."""
        return {seat: make_bot(spec, self.game) for seat, spec in specs.items()}

    def bot_move(self, seat: int, bot: Bot) -> None:
        """The bot at ``seat`` moves, from its own view and events (none for a bot
        with ``uses_events = False``: its history is not rebuilt)."""
        table = self.live
        view = table.view(seat)
        events = table.events_since(0, seat) if getattr(bot, "uses_events", True) else ()
        table.play(bot.choose(view, events, self.rng))
        self.total_moves += 1

    def render(self) -> str:
        """The table as text."""
        return str(self.game.state_text(self.live.state))
