"""Any registered game with an encoding as a Gymnasium single-agent environment: one
seat learns, aesthetic-free, and aves-core bots of the caller's choice play the rest.

::

    from aves_core.envs.gymnasium import AvesCoreGymEnv
    env = AvesCoreGymEnv(game="aves", num_players=3, seat=0, opponents="greedy")
    observation, info = env.reset(seed=1)
    mask = observation["action_mask"]
    observation, reward, terminated, truncated, info = env.step(int(mask.nonzero()[0][0]))

The observation is the learner's, as in the PettingZoo environment (a float32
vector and an int8 action mask; docs/ai.md). The bots move between the learner's
steps, so every step is the learner's turn; the reward is +1 for a win and -1
otherwise at the end, ``illegal_reward`` for an action the mask forbids (a random
legal move is played in its place). ``max_steps`` truncates a long game.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from aves_core.bots import Bot
from aves_core.envs.core import OBSERVATION_HIGH, Match, action_index
from aves_core.kernel.errors import ArgumentError

__all__ = ["AvesCoreGymEnv", "register_envs"]


class AvesCoreGymEnv(gymnasium.Env[dict[str, Any], Any]):
    """One learning seat against aves-core bots (see the module's docs)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (the API's name)

    def __init__(self, game: str = "aves", num_players: int | None = None, seat: int = 0,
                 opponents: str | list[str] = "random", options: Any = None,
                 max_steps: int = 500, illegal_reward: float = -1.0,
                 render_mode: str | None = None) -> None:
        if render_mode not in (None, "ansi"):
            raise ArgumentError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if type(max_steps) is not int or max_steps < 1:
            raise ArgumentError("max_steps must be an int >= 1")
        self.match = Match(game, num_players, options, illegal_reward)
        count = self.match.num_players
        if type(seat) is not int or not 0 <= seat < count:
            raise ArgumentError(f"seat must be a seat of the game, 0 to {count - 1}")
        others = [seat_ for seat_ in range(count) if seat_ != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ArgumentError(f"opponents: one bot for each of the {len(others)} other "
                                "seats, or one name for all")
        self.bots: dict[int, Bot] = self.match.bots(dict(zip(others, names, strict=True)))
        self.seat = seat
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, OBSERVATION_HIGH, (self.match.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.match.num_actions,), np.int8),
        })
        self.action_space = spaces.Discrete(self.match.num_actions)
        self._observation: dict[str, Any] | None = None

    @property
    def num_actions(self) -> int:
        """The size of the action space: the game's encoding and NOOP."""
        return self.match.num_actions

    @property
    def observation_size(self) -> int:
        """The length of the observation vector."""
        return self.match.size

    def _bots_play(self) -> None:
        table = self.match.live
        while table.result is None and self.seat not in table.to_move:
            mover = table.to_move[0]
            self.match.bot_move(mover, self.bots[mover])

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game (the same ``seed``, the same game and the same bots' choices);
        the bots move until it is the learner's turn."""
        super().reset(seed=seed)
        self.match.start(int(self.np_random.integers(2**62)))
        self.steps = 0
        self._bots_play()
        self._observation = self.match.observe(self.seat)
        return self._observation, {}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """The learner's action, then the bots' moves until its next turn or the end."""
        table = self.match.live
        if table.result is not None:
            raise ArgumentError("the game is over: call reset()")
        allowed = self.match.act(self.seat, action)
        info: dict[str, Any] = {} if allowed else {"illegal_action": action_index(action)}
        self._bots_play()
        self.steps += 1
        reward = 0.0 if allowed else self.match.illegal_reward
        terminated = table.result is not None
        if terminated:
            reward += self.match.rewards()[self.seat]
        truncated = not terminated and self.steps >= self.max_steps
        self._observation = self.match.observe(self.seat)
        return self._observation, reward, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions as a bool array the size of the action space:
        the mask of the last observation, as sb3-contrib's ``MaskablePPO`` asks for it
        (``get_action_masks`` calls ``env.action_masks()``)."""
        if self._observation is None:
            raise ArgumentError("call reset() before anything else")
        mask: npt.NDArray[np.bool_] = self._observation["action_mask"].astype(np.bool_)
        return mask

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``)."""
        return None if self.render_mode is None else self.match.render()


def register_envs() -> list[str]:
    """Register ``aves_core/<game>-v0`` for every game with an encoding, so that
    ``gymnasium.make("aves_core/aves-v0", num_players=3)`` works; the ids."""
    from aves_core.kernel.registry import all_games

    ids = []
    for game in all_games():
        if game.encoding(game.facts.min_players) is None:
            continue
        env_id = f"aves_core/{game.id}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=f"{__name__}:AvesCoreGymEnv",
                               kwargs={"game": game.id})
        ids.append(env_id)
    return ids


register_envs()
