"""Many games at once on Gymnasium's vector API: ``AvesCoreVectorEnv`` steps N games
of ``AvesCoreGymEnv`` with one batch of actions and gives batched numpy
observations, masks, rewards and flags, in one process or shared out among worker
processes.

::

    from aves_core.envs.vector import AvesCoreVectorEnv
    envs = AvesCoreVectorEnv(64, game="soulaween", opponents="random", processes=2)
    observations, infos = envs.reset(seed=0)
    masks = envs.action_masks()                      # (64, actions) bools
    actions = (np.random.random(masks.shape) * masks).argmax(axis=1)
    observations, rewards, terminations, truncations, infos = envs.step(actions)
    envs.close()

Every keyword but ``processes`` goes to each ``AvesCoreGymEnv`` (``flat=True`` for
the vector alone). A game that ends is reset on its next step, whose action is
ignored: Gymnasium's default autoreset (``AutoresetMode.NEXT_STEP``), as in
``SyncVectorEnv``. ``reset(seed=s)`` seeds game ``i`` with ``s + i``. Infos are
Gymnasium's vector infos: for each key, an array over the games and a ``_key``
array saying which games gave it (the last step's ``winners``, ``rank`` and
``is_success``, say).

With ``processes=P`` the games are shared out among P worker processes (N/P
each, stepped in one message a step), so that the games' Python runs on P
cores; one process is quicker where the games are cheap and the cores few.
"""

from __future__ import annotations

import multiprocessing
from multiprocessing.connection import Connection
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from aves_core.envs.gymnasium import AvesCoreGymEnv
from aves_core.kernel.errors import ArgumentError

__all__ = ["AvesCoreVectorEnv", "WorkerError"]


class WorkerError(ArgumentError):
    """A worker process of the vector env stopped."""

_Batch = tuple[Any, npt.NDArray[np.int8], npt.NDArray[np.float64], npt.NDArray[np.bool_],
               npt.NDArray[np.bool_], list[dict[str, Any]]]


class _Games:
    """Some games in this process, stepped together (NEXT_STEP autoreset)."""

    def __init__(self, count: int, kwargs: dict[str, Any]) -> None:
        self.envs = [AvesCoreGymEnv(**kwargs) for _ in range(count)]
        first = self.envs[0]
        self.flat = first.flat
        self.observations = np.zeros((count, first.observation_size), np.float32)
        self.masks = np.zeros((count, first.num_actions), np.int8)
        self.ended = np.zeros(count, np.bool_)

    def _put(self, index: int, observation: Any) -> None:
        env = self.envs[index]
        self.observations[index] = observation if self.flat else observation["observation"]
        self.masks[index] = env.action_masks()

    def reset(self, seeds: list[int | None]) -> _Batch:
        infos = []
        for index, (env, seed) in enumerate(zip(self.envs, seeds, strict=True)):
            observation, info = env.reset(seed=seed)
            self._put(index, observation)
            infos.append(info)
        self.ended[:] = False
        count = len(self.envs)
        return (self.observations.copy(), self.masks.copy(), np.zeros(count),
                np.zeros(count, np.bool_), np.zeros(count, np.bool_), infos)

    def step(self, actions: npt.NDArray[np.int64]) -> _Batch:
        count = len(self.envs)
        rewards = np.zeros(count)
        terminations = np.zeros(count, np.bool_)
        truncations = np.zeros(count, np.bool_)
        infos = []
        for index, env in enumerate(self.envs):
            if self.ended[index]:
                observation, info = env.reset()
            else:
                observation, rewards[index], terminations[index], truncations[index], \
                    info = env.step(int(actions[index]))
            self._put(index, observation)
            infos.append(info)
        self.ended = terminations | truncations
        return (self.observations.copy(), self.masks.copy(), rewards, terminations,
                truncations, infos)


def _serve(connection: Connection, count: int, kwargs: dict[str, Any]) -> None:
    """A worker process: its games, stepped on each message until ``close``."""
    games = _Games(count, kwargs)
    while True:
        command, argument = connection.recv()
        if command == "close":
            connection.close()
            return
        try:
            answer: Any = games.reset(argument) if command == "reset" else games.step(argument)
        except Exception as error:  # an error of the worker's games goes to the caller
            answer = error
        connection.send(answer)


class AvesCoreVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` games of ``AvesCoreGymEnv`` stepped as one (see the module's
    docs)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012 (the API's name)

    def __init__(self, num_envs: int, *, processes: int = 1, **kwargs: Any) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise ArgumentError(f"num_envs must be an int >= 1, not {num_envs!r:.40}")
        if type(processes) is not int or not 1 <= processes <= num_envs:
            raise ArgumentError(f"processes must be an int from 1 to num_envs "
                                f"({num_envs}), not {processes!r:.40}")
        single = AvesCoreGymEnv(**kwargs)  # checks the arguments here, not in a worker
        self.num_envs = num_envs
        self.single_observation_space = single.observation_space
        self.single_action_space = single.action_space
        self.observation_space = batch_space(single.observation_space, num_envs)
        self.action_space = batch_space(single.action_space, num_envs)
        self.flat = single.flat
        sizes = [num_envs // processes + (part < num_envs % processes)
                 for part in range(processes)]
        self._bounds = np.cumsum([0, *sizes])
        self._local: _Games | None = None
        self._workers: list[tuple[multiprocessing.process.BaseProcess, Connection]] = []
        if processes == 1:
            self._local = _Games(num_envs, kwargs)
        else:
            context = multiprocessing.get_context("spawn")
            for size in sizes:
                mine, theirs = context.Pipe()
                worker = context.Process(target=_serve, args=(theirs, size, kwargs),
                                         daemon=True)
                worker.start()
                theirs.close()
                self._workers.append((worker, mine))
        self._masks = np.zeros((num_envs, single.num_actions), np.int8)
        self._closed = False

    def _ask(self, command: str, arguments: list[Any]) -> tuple[
            Any, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_],
            dict[str, Any]]:
        """Every part's answer to ``command``, joined: the observations as the space
        says, rewards, terminations, truncations and Gymnasium's vector infos."""
        if self._closed:
            raise ArgumentError("the vector env is closed")
        if self._local is not None:
            parts = [self._local.reset(arguments[0]) if command == "reset"
                     else self._local.step(arguments[0])]
        else:
            try:
                for (_, connection), argument in zip(self._workers, arguments, strict=True):
                    connection.send((command, argument))
                parts = [connection.recv() for _, connection in self._workers]
            except (EOFError, OSError) as error:
                self.close()
                raise WorkerError("a worker process of the vector env stopped (its "
                                  "games are lost): run the script as a file, under "
                                  "if __name__ == '__main__' when it makes the env "
                                  f"({type(error).__name__})") from error
            for part in parts:
                if isinstance(part, Exception):
                    raise part
        observations = np.concatenate([part[0] for part in parts])
        self._masks = np.concatenate([part[1] for part in parts])
        infos: dict[str, Any] = {}
        index = 0
        for part in parts:
            for info in part[5]:
                infos = self._add_info(infos, info, index)
                index += 1
        shown: Any = observations if self.flat else {"observation": observations,
                                                      "action_mask": self._masks.copy()}
        return (shown, np.concatenate([part[2] for part in parts]),
                np.concatenate([part[3] for part in parts]),
                np.concatenate([part[4] for part in parts]), infos)

    def _split(self, values: Any) -> list[Any]:
        return [values[self._bounds[part]:self._bounds[part + 1]]
                for part in range(len(self._bounds) - 1)]

    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Every game anew: ``seed`` (an int) seeds game ``i`` with ``seed + i``; a list
        gives each its own."""
        if seed is None or isinstance(seed, int):
            seeds: list[int | None] = [None if seed is None else seed + index
                                       for index in range(self.num_envs)]
        elif isinstance(seed, list) and len(seed) == self.num_envs:
            seeds = list(seed)
        else:
            raise ArgumentError(f"seed is an int, None or a list of {self.num_envs} seeds")
        shown, _, _, _, infos = self._ask("reset", self._split(seeds))
        return shown, infos

    def step(self, actions: Any) -> tuple[Any, npt.NDArray[np.float64], npt.NDArray[np.bool_],
                                          npt.NDArray[np.bool_], dict[str, Any]]:
        """One action per game (an array of ``num_envs`` ints)."""
        batch = np.asarray(actions)
        if batch.shape != (self.num_envs,) or not np.issubdtype(batch.dtype, np.integer):
            raise ArgumentError(f"actions must be {self.num_envs} integers, one per game, "
                                f"not {actions!r:.60}")
        return self._ask("step", self._split(batch))

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Each game's legal actions now: a (num_envs, actions) bool array."""
        return self._masks.astype(np.bool_)

    @property
    def total_moves(self) -> int:
        """The seats' moves played so far in every game (for ``bench/envs.py``)."""
        if self._local is not None:
            return sum(env.match.total_moves for env in self._local.envs)
        raise ArgumentError("total_moves is counted only in one process")

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the worker processes."""
        if self._closed:
            return
        self._closed = True
        for worker, connection in self._workers:
            try:
                connection.send(("close", None))
                connection.close()
            except (BrokenPipeError, OSError):
                pass
            worker.join(timeout=5)
            if worker.is_alive():
                worker.terminate()
