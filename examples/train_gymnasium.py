"""A short training loop with the Gymnasium adapter: REINFORCE with a linear softmax
policy over the legal actions, one AVES seat against random bots, NumPy only.

    python examples/train_gymnasium.py [--game aves] [--episodes 200] [--seed 1]

It prints the win rate of each block of episodes. A few episodes show the loop
works (CI runs it so); a real agent needs many more, and a real network.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
import numpy.typing as npt

from aves_core.envs.gymnasium import AvesCoreGymEnv


def policy(weights: npt.NDArray[np.float64], observation: dict[str, Any]
           ) -> npt.NDArray[np.float64]:
    """Action probabilities: a softmax of linear scores over the legal actions."""
    scores = weights @ observation["observation"]
    scores = np.where(observation["action_mask"] == 1, scores, -np.inf)
    scores -= scores.max()
    probabilities: npt.NDArray[np.float64] = np.exp(scores)
    normalised: npt.NDArray[np.float64] = probabilities / probabilities.sum()
    return normalised


def train(game: str, episodes: int, seed: int, rate: float = 0.01) -> list[float]:
    """REINFORCE for ``episodes`` games; the win rate of each block of 10."""
    env = AvesCoreGymEnv(game=game, num_players=2, opponents="random", max_steps=200)
    rng = np.random.default_rng(seed)
    weights = np.zeros((env.num_actions, env.observation_size))
    wins: list[float] = []
    for episode in range(episodes):
        observation, _ = env.reset(seed=seed + episode)
        trajectory = []
        done, reward = False, 0.0
        while not done:
            probabilities = policy(weights, observation)
            action = int(rng.choice(len(probabilities), p=probabilities))
            trajectory.append((observation["observation"], action, probabilities))
            observation, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        for features, action, probabilities in trajectory:
            # The gradient of log pi(action) for a linear softmax.
            gradient = -np.outer(probabilities, features)
            gradient[action] += features
            weights += rate * reward * gradient
        wins.append(1.0 if reward > 0 else 0.0)
    return [float(np.mean(wins[start:start + 10])) for start in range(0, len(wins), 10)]


def main() -> None:
    """Train and print the win rate block by block."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="aves")
    parser.add_argument("--episodes", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for block, rate in enumerate(train(args.game, args.episodes, args.seed)):
        print(f"episodes {block * 10:4}-{block * 10 + 9:4}: win rate {rate:.1f}")


if __name__ == "__main__":
    main()
