"""Any registered game with an encoding as a Gymnasium single-agent environment: one
seat learns and opponents of the caller's choice play the rest.

::

    from aves_core.envs.gymnasium import AvesCoreGymEnv
    env = AvesCoreGymEnv(game="aves", num_players=3, seat=0, opponents="greedy")
    observation, info = env.reset(seed=1)
    mask = observation["action_mask"]
    observation, reward, terminated, truncated, info = env.step(int(mask.nonzero()[0][0]))

The observation is the learner's, as in the PettingZoo environment (a float32
vector and an int8 action mask; docs/ai.md); ``flat=True`` gives the vector alone
(a ``Box``, what an MLP policy takes), the mask then coming from ``action_masks()``
(as sb3-contrib's ``MaskablePPO`` reads it) and ``info["action_mask"]``. The
opponents move between the learner's steps, so every step is the learner's turn;
the reward is +1 for a win and -1 otherwise at the end, ``illegal_reward`` for an
action the mask forbids (a random legal move is played in its place), and the last
step's info says who won, the scores, the learner's rank and ``is_success``.
``max_steps`` truncates a long game.

Opponents are bots by name (``"random"``, ``"greedy"``, ``"search:200"``), ``Bot``
objects, callables from a view to a move, or ``ObservationPolicy`` objects that act
on (observation, mask) as the learner does (``self_play(model)`` is a frozen copy of
a model); ``set_opponents`` changes them between episodes. ``seat="random"`` draws
the learner's seat each episode (``info["seat"]`` at reset says which).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from aves_core.envs.core import OBSERVATION_HIGH, Match, Opponent, action_index, opponent_of
from aves_core.kernel.errors import ArgumentError

__all__ = ["AvesCoreGymEnv", "register_envs"]


class AvesCoreGymEnv(gymnasium.Env[Any, Any]):
    """One learning seat against opponents of the caller's choice (see the module's
    docs)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (the API's name)

    def __init__(self, game: str = "aves", num_players: int | None = None,
                 seat: int | str = 0, opponents: Any = "random", options: Any = None,
                 max_steps: int = 500, illegal_reward: float = -1.0,
                 render_mode: str | None = None, flat: bool = False) -> None:
        if render_mode not in (None, "ansi"):
            raise ArgumentError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if type(max_steps) is not int or max_steps < 1:
            raise ArgumentError("max_steps must be an int >= 1")
        if type(flat) is not bool:
            raise ArgumentError(f"flat must be True or False, not {flat!r:.40}")
        self.match = Match(game, num_players, options, illegal_reward)
        count = self.match.num_players
        if seat != "random" and (type(seat) is not int or not 0 <= seat < count):
            raise ArgumentError(f"seat must be a seat of the game, 0 to {count - 1}, or "
                                "'random' (drawn each episode)")
        self.seat_choice = seat
        self.seat: int = seat if isinstance(seat, int) else 0
        self.set_opponents(opponents)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.flat = self.match.flat = flat
        vector = spaces.Box(0.0, OBSERVATION_HIGH, (self.match.size,), np.float32)
        self.observation_space: spaces.Space[Any] = vector if flat else spaces.Dict({
            "observation": vector,
            "action_mask": spaces.Box(0, 1, (self.match.num_actions,), np.int8),
        })
        self.action_space = spaces.Discrete(self.match.num_actions)
        self._mask: npt.NDArray[np.int8] | None = None
        self.steps = 0

    def set_opponents(self, opponents: Any) -> None:
        """The opponents from the next episode on: one for all the other seats or a list
        of one per other seat (in seat order, the learner's left out). Each is a bot's
        name (``"random"``, ``"greedy"``, ``"search:200"``), a ``Bot``, an
        ``ObservationPolicy`` (``self_play`` makes one of a frozen model) or a callable
        from the seat's view to one of its legal moves."""
        others = self.match.num_players - 1
        specs = list(opponents) if isinstance(opponents, list | tuple) else [opponents] * others
        if len(specs) != others:
            raise ArgumentError(f"opponents: one for each of the {others} other seats, or "
                                "one for all")
        self.opponents: list[Opponent] = [opponent_of(spec, self.match.game)
                                          for spec in specs]

    @property
    def num_actions(self) -> int:
        """The size of the action space: the game's encoding and NOOP."""
        return self.match.num_actions

    @property
    def observation_size(self) -> int:
        """The length of the observation vector."""
        return self.match.size

    def _shown(self) -> tuple[Any, dict[str, Any]]:
        """The learner's observation as the space says, and the step's info so far."""
        shown = self.match.observe(self.seat)
        self._mask = mask = shown["action_mask"]
        if self.flat:
            return shown["observation"], {"action_mask": mask.astype(np.bool_)}
        return shown, {}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Any, dict[str, Any]]:
        """A new game (the same ``seed``, the same game, seat and opponents' choices);
        the opponents move until it is the learner's turn."""
        super().reset(seed=seed)
        match = self.match
        if self.seat_choice == "random":
            self.seat = int(self.np_random.integers(match.num_players))
        others = [other for other in range(match.num_players) if other != self.seat]
        match.start(int(self.np_random.integers(2**62)),
                    dict(zip(others, self.opponents, strict=True)))
        self.steps = 0
        match.opponents_until(self.seat)
        observation, info = self._shown()
        info["seat"] = self.seat
        return observation, info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The learner's action, then the opponents' moves until its next turn or the
        end. The last step's info holds ``final_info``: winners, scores, rank,
        ``is_success`` and the reason."""
        match = self.match
        index = action_index(action)
        if match.result is not None:
            raise ArgumentError("the game is over: call reset()")
        allowed = match.advance(self.seat, index)
        self.steps += 1
        observation, info = self._shown()
        reward = 0.0
        if not allowed:
            reward = match.illegal_reward
            info["illegal_action"] = index
        if match.result is None:
            return observation, reward, False, self.steps >= self.max_steps, info
        reward += match.rewards()[self.seat]
        info.update(match.final_info(self.seat))
        return observation, reward, True, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions as a bool array the size of the action space:
        the mask of the last observation, as sb3-contrib's ``MaskablePPO`` asks for it
        (``get_action_masks`` calls ``env.action_masks()``)."""
        if self._mask is None:
            raise ArgumentError("call reset() before anything else")
        return self._mask.astype(np.bool_)

    def legal_actions(self) -> list[int]:
        """The learner's allowed action indices now, ascending: the mask's ones, without
        reading the mask (cheaper where the action space is large)."""
        if self._mask is None:
            raise ArgumentError("call reset() before anything else")
        return self.match.legal_actions(self.seat)

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``)."""
        return None if self.render_mode is None else self.match.render()


def register_envs() -> list[str]:
    """Register ``aves_core/<game>-v0`` for every game with an encoding, so that
    ``gymnasium.make("aves_core/aves-v0", num_players=3)`` works; the ids."""
    from aves_core.kernel.registry import all_games

    ids = []
    for game in all_games():
        if not game.has_encoding:
            continue
        env_id = f"aves_core/{game.id}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=f"{__name__}:AvesCoreGymEnv",
                               kwargs={"game": game.id})
        ids.append(env_id)
    return ids


register_envs()
