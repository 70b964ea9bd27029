"""A short training loop with the OpenSpiel adapter: OpenSpiel's own tabular
Q-learners play Soulaween against each other through its RL environment (chance
nodes, the setup, are sampled by the environment).

    python examples/train_openspiel.py [--episodes 200] [--game python_aves_core_soulaween]

It prints each seat's average return over the last episodes. A few episodes show
the loop works (CI runs it so); tabular learning needs far more to mean anything.
"""

from __future__ import annotations

import argparse

from open_spiel.python import rl_environment
from open_spiel.python.algorithms import tabular_qlearner

import aves_core.envs.openspiel  # noqa: F401  (registers the games)


def train(game: str, episodes: int, seed: int) -> list[float]:
    """Q-learning self-play; each seat's mean return over the episodes."""
    env = rl_environment.Environment(
        game, chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed))
    actions = env.action_spec()["num_actions"]
    players = env.num_players
    agents = [tabular_qlearner.QLearner(player_id=seat, num_actions=actions)
              for seat in range(players)]
    totals = [0.0] * players
    for _ in range(episodes):
        step = env.reset()
        while not step.last():
            seat = step.observations["current_player"]
            step = env.step([agents[seat].step(step).action])
        for seat, agent in enumerate(agents):
            agent.step(step)  # the learners see the end and its rewards
            totals[seat] += step.rewards[seat]
    return [total / max(episodes, 1) for total in totals]


def main() -> None:
    """Train and print the mean returns."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="python_aves_core_soulaween")
    parser.add_argument("--episodes", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    returns = train(args.game, args.episodes, args.seed)
    print(f"{args.episodes} episodes of {args.game}: mean returns "
          + ", ".join(f"seat {seat} {value:+.2f}" for seat, value in enumerate(returns)))


if __name__ == "__main__":
    main()
