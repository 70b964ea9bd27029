"""MaskablePPO (sb3-contrib) on the Gymnasium env: one seat learns with a masked MLP
policy on flat observations, and is measured along the way against the random and the
greedy bots (win rates with Wilson 95% intervals, and training steps per second).

Install, with a CPU build of torch (the default torch wheel pulls about 3 GB of CUDA
libraries, and this needs none of them)::

    pip install 'aves-core[gymnasium]'
    pip install torch --index-url https://download.pytorch.org/whl/cpu
    pip install sb3-contrib

Run (docs/ai.md, "Training with MaskablePPO", gives the curves these measured)::

    python examples/train_maskable_ppo.py --game soulaween --players 2 --steps 300000 \\
        --eval-every 50000 --eval-games 200 --seed 1 --out soulaween.csv

At step 0 and every ``--eval-every`` steps it prints a line: the steps so far, the
minutes, the training steps per second (wall time, evaluations left out) and per CPU
second of the process (what says more on a shared machine), and the win rates against
``random`` and ``greedy`` with their 95% intervals; ``--out`` keeps them as a CSV.

The learner's seat is drawn per episode in training; an evaluation plays the seats in
turn, the deterministic masked policy (``predict(..., action_masks=mask,
deterministic=True)``) on the same deals every time. ``--self-play K`` swaps in a
frozen copy of the learner as the opponent of some of the environments every K steps
(``--self-play-share`` of them; the bots of ``--opponents`` play the rest).

Without torch or sb3-contrib it says how to install them and exits with status 2.
"""

from __future__ import annotations

import argparse
import csv
import importlib
import math
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aves_core.envs.gymnasium import AvesCoreGymEnv

MISSING_EXIT = 2
"""The exit status when torch, sb3-contrib or gymnasium is missing."""

INSTALL = """\
examples/train_maskable_ppo.py needs {missing}, which {verb} not installed.
Install a CPU build of torch (no CUDA download), then sb3-contrib:

    pip install torch --index-url https://download.pytorch.org/whl/cpu
    pip install sb3-contrib
    pip install 'aves-core[gymnasium]'

(docs/ai.md, "Training with MaskablePPO")."""

REQUIRED = (("torch", "torch"), ("sb3_contrib", "sb3-contrib"), ("gymnasium", "gymnasium"))
"""The modules the training needs and the packages that bring them (sb3-contrib brings
stable-baselines3)."""

EVAL_BOTS = ("random", "greedy")
"""The bots every evaluation plays against."""


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line (see the module's docs)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="soulaween", help="a game with an encoding")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--steps", type=int, default=300_000,
                        help="the learner's environment steps to train for")
    parser.add_argument("--opponents", default="random",
                        help="the training opponents: a bot's name for every other seat, "
                             "or one name per other seat separated by commas")
    parser.add_argument("--self-play", type=int, default=0, metavar="K",
                        help="every K steps, a frozen copy of the learner becomes the "
                             "opponent of a share of the environments (0: never)")
    parser.add_argument("--self-play-share", type=float, default=0.5,
                        help="the share of the opponents that the frozen copy plays")
    parser.add_argument("--eval-every", type=int, default=50_000)
    parser.add_argument("--eval-games", type=int, default=200,
                        help="games against each of random and greedy per evaluation")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--envs", type=int, default=1,
                        help="environments in one process (a DummyVecEnv)")
    parser.add_argument("--n-steps", type=int, default=2048,
                        help="PPO's rollout: steps per update, over all the environments")
    parser.add_argument("--max-steps", type=int, default=500,
                        help="the learner's steps after which a game is truncated")
    parser.add_argument("--threads", type=int, default=1, help="torch's threads")
    parser.add_argument("--out", type=Path, help="a CSV file for the curve")
    parser.add_argument("--save", type=Path, help="where to save the trained model")
    args = parser.parse_args(argv)
    for name in ("players", "steps", "eval_every", "eval_games", "envs", "n_steps",
                 "max_steps", "threads"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.self_play < 0 or not 0.0 <= args.self_play_share <= 1.0:
        parser.error("--self-play is a number of steps >= 0, --self-play-share in [0, 1]")
    return args


def opponent_names(args: argparse.Namespace) -> list[str]:
    """The bots of ``--opponents``: one name per other seat."""
    names = [name.strip() for name in args.opponents.split(",")]
    return names * (args.players - 1) if len(names) == 1 else names


def make_env(args: argparse.Namespace, seat: int | str = "random",
             opponents: str | list[Any] | None = None) -> AvesCoreGymEnv:
    """The environment the script trains and evaluates on: ``args.game`` with flat
    observations (a float32 ``Box``, what ``MlpPolicy`` takes) and the mask from
    ``env.action_masks()``, the learner at ``seat`` (drawn per episode by default)
    against ``opponents`` (``--opponents`` by default). Needs gymnasium, not torch."""
    from aves_core.envs.gymnasium import AvesCoreGymEnv

    return AvesCoreGymEnv(game=args.game, num_players=args.players, seat=seat,
                          opponents=opponent_names(args) if opponents is None else opponents,
                          max_steps=args.max_steps, flat=True)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for the default ``z``)."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) \
        / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def missing_modules() -> list[str]:
    """The packages of ``REQUIRED`` that do not import."""
    missing = []
    for module, package in REQUIRED:
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append(package)
    return missing


def evaluate(model: Any, args: argparse.Namespace, bot: str, games: int) -> int:
    """The wins of the deterministic masked policy in ``games`` games against ``bot``
    at every other seat, the learner's seat taken in turn; the same deals (seeds) at
    every evaluation."""
    envs = [make_env(args, seat=seat, opponents=bot) for seat in range(args.players)]
    wins = 0
    for game in range(games):
        env = envs[game % args.players]
        observation, info = env.reset(seed=1_000_000 + game)
        done = False
        while not done:
            action, _ = model.predict(observation, action_masks=env.action_masks(),
                                      deterministic=True)
            observation, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        wins += bool(info.get("is_success", False))
    return wins


def main(argv: Sequence[str] | None = None) -> None:
    """Train, evaluate every ``--eval-every`` steps, print the curve and write it."""
    args = parse_args(argv)
    missing = missing_modules()
    if missing:
        names = ", ".join(missing[:-1]) + " and " + missing[-1] if missing[1:] else missing[0]
        print(INSTALL.format(missing=names,
                             verb="is" if len(missing) == 1 else "are"), file=sys.stderr)
        raise SystemExit(MISSING_EXIT)
    torch = importlib.import_module("torch")
    sb3_contrib = importlib.import_module("sb3_contrib")
    env_util = importlib.import_module("stable_baselines3.common.env_util")
    vec_env = importlib.import_module("stable_baselines3.common.vec_env")
    from aves_core.envs import self_play

    torch.set_num_threads(args.threads)
    train_env = env_util.make_vec_env(lambda: make_env(args), n_envs=args.envs,
                                      seed=args.seed, vec_env_cls=vec_env.DummyVecEnv)
    n_steps = max(args.n_steps // args.envs, 2)
    model = sb3_contrib.MaskablePPO("MlpPolicy", train_env, n_steps=n_steps,
                                    batch_size=min(64, n_steps * args.envs),
                                    seed=args.seed, device="cpu", verbose=0)
    rng = random.Random(args.seed)
    bots = opponent_names(args)
    rows: list[dict[str, Any]] = []
    columns = ["steps", "train_seconds", "wall_seconds", "steps_per_second",
               "train_cpu_seconds", "steps_per_cpu_second"]
    for bot in EVAL_BOTS:
        columns += [f"vs_{bot}_wins", f"vs_{bot}_games", f"vs_{bot}", f"vs_{bot}_lo",
                    f"vs_{bot}_hi"]
    print(f"MaskablePPO on {args.game}, {args.players} players, against {args.opponents}"
          f"{f', self-play every {args.self_play} steps' if args.self_play else ''}; "
          f"torch {torch.__version__}, sb3-contrib {sb3_contrib.__version__}, "
          f"{args.threads} torch thread(s), {args.envs} env(s)", flush=True)

    started = time.perf_counter()
    trained_for = cpu_for = 0.0

    def record() -> None:
        steps = int(model.num_timesteps)
        row: dict[str, Any] = {"steps": steps, "train_seconds": round(trained_for, 1),
                               "wall_seconds": round(time.perf_counter() - started, 1),
                               "steps_per_second": round(steps / trained_for, 1)
                               if trained_for else 0.0,
                               "train_cpu_seconds": round(cpu_for, 1),
                               "steps_per_cpu_second": round(steps / cpu_for, 1)
                               if cpu_for else 0.0}
        line = [f"steps {steps:>8,}", f"{row['wall_seconds'] / 60:5.1f} min",
                f"{row['steps_per_second']:6.0f} steps/s "
                f"({row['steps_per_cpu_second']:.0f} per CPU s)"]
        for bot in EVAL_BOTS:
            wins = evaluate(model, args, bot, args.eval_games)
            low, high = wilson(wins, args.eval_games)
            row |= {f"vs_{bot}_wins": wins, f"vs_{bot}_games": args.eval_games,
                    f"vs_{bot}": round(wins / args.eval_games, 3),
                    f"vs_{bot}_lo": round(low, 3), f"vs_{bot}_hi": round(high, 3)}
            line.append(f"vs {bot} {wins / args.eval_games:.3f} [{low:.3f}, {high:.3f}]")
        rows.append(row)
        print("  ".join(line), flush=True)
        if args.out is not None:
            with args.out.open("w", newline="") as out:
                writer = csv.DictWriter(out, fieldnames=columns)
                writer.writeheader()
                writer.writerows(rows)

    record()
    next_eval = args.eval_every
    next_refresh = args.self_play or math.inf
    while model.num_timesteps < args.steps:
        chunk = min(next_eval, next_refresh, args.steps) - model.num_timesteps
        began, began_cpu = time.perf_counter(), time.process_time()
        model.learn(total_timesteps=max(chunk, 1), reset_num_timesteps=False)
        trained_for += time.perf_counter() - began
        cpu_for += time.process_time() - began_cpu
        if model.num_timesteps >= next_refresh:
            frozen = self_play(model)
            for index in range(args.envs):
                spec = [frozen if rng.random() < args.self_play_share else bot
                        for bot in bots]
                train_env.env_method("set_opponents", spec, indices=[index])
            while next_refresh <= model.num_timesteps:
                next_refresh += args.self_play
        if model.num_timesteps >= next_eval or model.num_timesteps >= args.steps:
            record()
            while next_eval <= model.num_timesteps:
                next_eval += args.eval_every
    if args.save is not None:
        model.save(args.save)


if __name__ == "__main__":
    main()
