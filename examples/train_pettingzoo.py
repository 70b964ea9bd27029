"""A short self-play loop with the PettingZoo adapter: every seat shares one linear
softmax policy, trained by REINFORCE on the end-of-game rewards, NumPy only.

    python examples/train_pettingzoo.py [--game soulaween] [--players 2] [--episodes 100]

Each seat's observation is its own (seat-relative) view, so one policy serves all
seats. Only the seat to move steps (as in PettingZoo's classic envs), so every step
is a choice of the game; a forced move (one legal action) teaches nothing and is
left out of the update. A few episodes show the loop works (CI runs it so).
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
import numpy.typing as npt

from aves_core.envs.pettingzoo import env as make_env


def policy(weights: npt.NDArray[np.float64], observation: dict[str, Any]
           ) -> npt.NDArray[np.float64]:
    """Action probabilities: a softmax of linear scores over the legal actions."""
    scores = weights @ observation["observation"]
    scores = np.where(observation["action_mask"] == 1, scores, -np.inf)
    scores -= scores.max()
    probabilities: npt.NDArray[np.float64] = np.exp(scores)
    normalised: npt.NDArray[np.float64] = probabilities / probabilities.sum()
    return normalised


def train(game: str, players: int, episodes: int, seed: int, rate: float = 0.01
          ) -> list[int]:
    """Self-play for ``episodes`` games; the length of each game in agent steps."""
    env = make_env(game=game, num_players=players, max_cycles=150)
    rng = np.random.default_rng(seed)
    weights = np.zeros((env.num_actions, env.observation_size))
    lengths = []
    for episode in range(episodes):
        env.reset(seed=seed + episode)
        steps: dict[str, list[tuple[Any, int, Any]]] = {agent: [] for agent in env.agents}
        returns = dict.fromkeys(env.agents, 0.0)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            returns[agent] += reward
            if termination or truncation:
                env.step(None)
                continue
            probabilities = policy(weights, observation)
            action = int(rng.choice(len(probabilities), p=probabilities))
            if observation["action_mask"].sum() > 1:
                steps[agent].append((observation["observation"], action, probabilities))
            env.step(action)
        for agent, trajectory in steps.items():
            for features, action, probabilities in trajectory:
                gradient = -np.outer(probabilities, features)
                gradient[action] += features
                weights += rate * returns[agent] * gradient
        lengths.append(env.steps)
    return lengths


def main() -> None:
    """Train and print the games' lengths."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="soulaween")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    lengths = train(args.game, args.players, args.episodes, args.seed)
    print(f"{len(lengths)} self-play games, {np.mean(lengths):.1f} steps on average")


if __name__ == "__main__":
    main()
