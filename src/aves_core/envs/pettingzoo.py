"""Any registered game with an encoding as a PettingZoo AEC environment.

::

    from aves_core.envs.pettingzoo import env
    game = env(game="aves", num_players=4)
    game.reset(seed=7)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else int(mask.nonzero()[0][0])
        game.step(action)

Agents are ``player_0`` to ``player_{n-1}``. As in PettingZoo's classic envs (chess,
connect four, Texas hold'em), ``agent_selection`` is always the seat to move: after
each step the environment selects the next seat of the game's ``to_move``, and only
that seat steps. Where several seats move at once (a sealed bid, as in Boxes), they
are selected one after another in seat order, each acting from its own observation:
the table hides the others' sealed choices, so acting in turn tells a seat nothing.
That is PettingZoo's convention for AEC (one agent acts per step, whoever it is);
the parallel env below plays such a moment in one step instead.

The action space is the game's encoding and one more index, NOOP (the last), so that
the observations, masks and spaces are those of the parallel env, whose seats not to
move send NOOP. The selected agent is always a seat to move: its mask never allows
NOOP (a NOOP from it is a forbidden action like any other).

The observation is ``{"observation": float32 vector, "action_mask": int8 vector}``
built from the seat's view only (docs/ai.md tables the layout). Rewards come at the
end, to every agent at the step that ends the game: +1 to each winner, -1 to the
others; ``last()`` gives an agent what it earned since its own last step. At the end
every agent is terminated and its info says ``winners`` (the winning seats),
``rank`` (1 + the number of seats that did strictly better) and ``is_success`` (it
won); then ``agent_iter`` yields each agent once more, in seat order, and
``step(None)`` removes it. ``max_cycles`` counts rounds of the table: a game is
truncated once its agents have taken ``max_cycles * num_players`` steps (a round is
as many steps as seats, whoever took them). An action the mask forbids is replaced
by a random legal move and earns ``illegal_reward`` (its ``info`` says
``illegal_action``). ``render_mode="ansi"`` returns the table as text.

As in the classic envs, ``metadata["is_parallelizable"]`` is False (PettingZoo's
``aec_to_parallel`` wants every agent to step once a cycle): ``parallel_env`` is
the same game through PettingZoo's parallel API, where one step is one moment of
the game: every seat that may move then acts in that step, each from its
observation before the step, and the others send NOOP. In a sequential
game that is one seat a step; where several seats move at once (a sealed bid),
all of them act in the one step, none seeing the others' choices, and their moves
are played in seat order. ``max_cycles`` counts steps there.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from aves_core.envs.core import OBSERVATION_HIGH, Match, action_index
from aves_core.kernel.errors import ArgumentError

__all__ = ["AvesCoreEnv", "AvesCoreParallelEnv", "env", "parallel_env", "raw_env"]


class AvesCoreEnv(AECEnv):  # type: ignore[misc]
    """A game of aves-core as an AEC environment (see the module's docs)."""

    # Not parallelizable by PettingZoo's aec_to_parallel, which wants every agent to
    # step once a cycle (as the classic envs, this one steps the seat to move only):
    # parallel_env is the parallel API.
    metadata = {  # noqa: RUF012 (the API's name)
        "render_modes": ["ansi"], "name": "aves_core_v0", "is_parallelizable": False,
        "render_fps": 1}

    def __init__(self, game: str = "aves", num_players: int | None = None,
                 options: Any = None, max_cycles: int = 500, illegal_reward: float = -1.0,
                 render_mode: str | None = None, seed: int | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ArgumentError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if type(max_cycles) is not int or max_cycles < 1:
            raise ArgumentError("max_cycles must be an int >= 1")
        self.match = Match(game, num_players, options, illegal_reward)
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"aves_core_{self.match.game.id}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(self.match.num_players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict({
            "observation": spaces.Box(0.0, OBSERVATION_HIGH, (self.match.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.match.num_actions,), np.int8),
        })
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {agent: spaces.Discrete(self.match.num_actions)
                              for agent in self.possible_agents}
        # The games of reset() without a seed: from ``seed`` if given, else fresh.
        self._seed_rng = np.random.default_rng(seed)

    @property
    def num_actions(self) -> int:
        """The size of the action space: the game's encoding and NOOP."""
        return self.match.num_actions

    @property
    def observation_size(self) -> int:
        """The length of the observation vector."""
        return self.match.size

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; the same ``seed`` gives the same game."""
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
            for agent in self.possible_agents:
                self.action_spaces[agent].seed(seed)
        self.match.start(int(self._seed_rng.integers(2**62)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self.steps = 0
        self.agent_selection = self._mover()

    @property
    def cycles(self) -> int:
        """The whole rounds of the table played so far: steps // num_players."""
        return self.steps // self.match.num_players

    def _mover(self) -> str:
        """The agent to step now: the first in seat order of the seats to move."""
        to_move = self.match.to_move
        if not to_move:
            raise ArgumentError("no seat is to move while the game goes on")
        return self.possible_agents[min(to_move)]

    def observe(self, agent: str) -> dict[str, Any]:
        """What the agent's seat may see, and its mask."""
        return self.match.observe(self._seat[agent])

    def _clear_rewards(self) -> None:
        """Every agent's reward of the last step back to 0.0 (floats, as the others)."""
        for agent in self.rewards:
            self.rewards[agent] = 0.0

    def step(self, action: Any) -> None:
        """The selected agent's action, then the next seat to move is selected; at the
        game's end (or truncation) every agent is done, and steps once more with
        None to be removed."""
        if not self.agents:
            raise ArgumentError("the game is over: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        allowed = self.match.act(self._seat[agent], action)
        self.infos[agent] = {} if allowed else {"illegal_action": action_index(action)}
        if not allowed:
            self.rewards[agent] = self.match.illegal_reward
        self.steps += 1
        if self.match.result is not None:
            for seat, reward in enumerate(self.match.rewards()):
                name = self.possible_agents[seat]
                self.rewards[name] += reward
                self.terminations[name] = True
                self.infos[name] = {**self.infos[name], **self.match.final_info(seat)}
        elif self.steps >= self.max_cycles * self.match.num_players:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._mover()
        self._accumulate_rewards()
        if self.match.result is not None or self.truncations[agent]:
            self._deads_step_first()  # each agent in seat order, to step(None)
        if self.render_mode == "ansi":
            self.render()

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return self.match.render()

    def close(self) -> None:
        """Nothing to release."""


def raw_env(**kwargs: Any) -> AvesCoreEnv:
    """The environment with no wrapper."""
    return AvesCoreEnv(**kwargs)


def env(**kwargs: Any) -> AvesCoreEnv:
    """The AEC environment (its checks are its own: no wrapper is needed)."""
    return raw_env(**kwargs)


class AvesCoreParallelEnv(ParallelEnv):  # type: ignore[misc]
    """A game of aves-core through PettingZoo's parallel API: each step, every seat that
    may move acts (see the module's docs)."""

    metadata = {  # noqa: RUF012 (the API's name)
        "render_modes": ["ansi"], "name": "aves_core_v0", "render_fps": 1}

    def __init__(self, game: str = "aves", num_players: int | None = None,
                 options: Any = None, max_cycles: int = 500, illegal_reward: float = -1.0,
                 render_mode: str | None = None, seed: int | None = None) -> None:
        # The AEC environment checks the arguments and holds the spaces; this one
        # drives its match a step at a time.
        self._aec = AvesCoreEnv(game, num_players, options, max_cycles, illegal_reward,
                                render_mode, seed)
        self.match = self._aec.match
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": self._aec.metadata["name"]}
        self.possible_agents = self._aec.possible_agents[:]
        self.agents: list[str] = []
        self.observation_spaces = self._aec.observation_spaces
        self.action_spaces = self._aec.action_spaces
        self.steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """A new game; the same ``seed`` gives the same game. Every agent's
        observation, and empty infos."""
        self._aec.reset(seed, options)
        self.agents = self.possible_agents[:]
        self.steps = 0
        return ({agent: self.match.observe(seat) for seat, agent in enumerate(self.agents)},
                {agent: {} for agent in self.agents})

    def step(self, actions: dict[str, Any]) -> tuple[
            dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        """One moment of the game: the seats that may move now play their actions (in
        seat order; each chose from its observation before the step), the others'
        must be NOOP."""
        if not self.agents:
            raise ArgumentError("the game is over: call reset()")
        if not isinstance(actions, dict) or set(actions) != set(self.agents):
            raise ArgumentError(f"step needs one action for each of {self.agents}")
        noop = self.match.noop
        movers = self.match.to_move  # who may move in this moment, before any of them does
        rewards = dict.fromkeys(self.agents, 0.0)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        for seat, agent in enumerate(self.agents):
            action = actions[agent]
            if seat not in movers:
                allowed = action_index(action) == noop
            elif seat not in self.match.to_move:  # a move before it this step took its turn
                allowed = True
            else:
                allowed = self.match.act(seat, action)
            if not allowed:
                rewards[agent] = self.match.illegal_reward
                infos[agent] = {"illegal_action": action_index(action)}
        self.steps += 1
        over = self.match.result is not None
        if over:
            for agent, reward in zip(self.agents, self.match.rewards(), strict=True):
                rewards[agent] += reward
        truncated = not over and self.steps >= self.max_cycles
        observations = {agent: self.match.observe(seat)
                        for seat, agent in enumerate(self.agents)}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, truncated)
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return self.match.render()

    def close(self) -> None:
        """Nothing to release."""


def parallel_env(**kwargs: Any) -> AvesCoreParallelEnv:
    """The same game through PettingZoo's parallel API (each step, every seat that may
    move acts)."""
    return AvesCoreParallelEnv(**kwargs)
