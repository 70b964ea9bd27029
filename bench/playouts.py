"""Random playouts: moves per second of legal moves + the checked apply, for each game.

Each game is set up from its own seed; every move is chosen uniformly from the
legal moves and applied with the checked door, as a bot or host would call it:
for AVES ``legal_moves`` + ``apply_move`` (the public functions), for the other
games ``game.legal_moves`` + ``game.apply``. A game with chance during play
(Cubirds' reshuffles) has its chance moves drawn and applied with the checked
door too, in the time measured; the rate counts the seats' moves only. Games
stop at their end or at ``--max-moves``.

    python bench/playouts.py [--seconds 3] [--players 2 4 6] [--crows] [--game all]
    python bench/playouts.py --against cb140b0 [--rounds 3]
    python bench/playouts.py --game tsukuru --against 5e15dc8 --players 2 3 4

``--against REV`` measures one game (AVES unless ``--game`` names another) at
git revision REV and at the working tree in one run, in alternating rounds
(each in a fresh subprocess, the revision's code from a temporary git
worktree), and prints the best rate of each and their ratio: the way to show a
change made a game no slower, or how much faster.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


class Playouts:
    """Seeded random games of ``game_id`` one after another, without end, as an iterator
    that yields 1 after each seat's move (``games``: the games begun so far). AVES
    through its public functions (``legal_moves`` and ``apply_move``), another game
    through the Game protocol (``legal_moves`` and the checked ``apply``), its chance
    moves (if any) drawn and applied too. A game stops at its end or at ``max_moves``."""

    def __init__(self, game_id: str, num_players: int, crows: bool = False,
                 max_moves: int = 2000) -> None:
        self.game_id, self.num_players = game_id, num_players
        self.crows, self.max_moves = crows, max_moves
        self.games = 0
        self._moves = self._play()

    def __iter__(self) -> Iterator[int]:
        return self._moves

    def __next__(self) -> int:
        return next(self._moves)

    def _play(self) -> Iterator[int]:
        num_players = self.num_players
        rng = random.Random(num_players)
        choose = rng.choice
        chance: Callable[[Any], Any] | None = None
        if self.game_id == "aves":
            from aves_core import Variant, apply_move, legal_moves, new_game

            variant = Variant(crows=self.crows)

            def start(seed: int) -> Any:
                return new_game(num_players, variant, seed=seed)
            legal, apply = legal_moves, apply_move

            def over(state: Any) -> bool:
                return state.result is not None
        else:
            from aves_core import get_game
            from aves_core.kernel.chance import settle
            from aves_core.kernel.game import Chance

            game = get_game(self.game_id)
            options = game.default_options()

            def start(seed: int) -> Any:
                return game.start(num_players, game.new_setup(num_players, options, seed))
            legal, apply, result = game.legal_moves, game.apply, game.result

            def over(state: Any) -> bool:
                return result(state) is not None
            if game.facts.chance is Chance.PLAY:
                def chance(state: Any) -> Any:
                    return settle(game, state, rng)[0]
        while True:
            state = start(self.games)
            self.games += 1
            for _ in range(self.max_moves):
                if over(state):
                    break
                state = apply(state, choose(legal(state)))
                if chance is not None:
                    state = chance(state)
                yield 1


def playout_rate(game_id: str, num_players: int, seconds: float, max_moves: int = 2000,
                 crows: bool = False, clock: Callable[[], float] = time.perf_counter
                 ) -> tuple[float, int, int]:
    """``Playouts`` for about ``seconds`` of ``clock``: (moves/s, moves, games begun)."""
    playouts = Playouts(game_id, num_players, crows, max_moves)
    count = 0
    begin = clock()
    deadline = begin + seconds
    while clock() < deadline:
        for _ in range(100):
            count += next(playouts)
    return count / (clock() - begin), count, playouts.games


def _counts(game_id: str) -> list[int]:
    """The player counts measured when none are given: 2 4 6 for AVES, every count from
    the least to the most for another game."""
    from aves_core import get_game

    facts = get_game(game_id).facts
    return [2, 4, 6] if game_id == "aves" else list(range(facts.min_players,
                                                           facts.max_players + 1))


def _figures(game_id: str, num_players: int, args: argparse.Namespace
             ) -> tuple[float, int, int]:
    """One game's playouts at one player count: (moves/s, moves, games)."""
    return playout_rate(game_id, num_players, args.seconds, args.max_moves, args.crows)


def _report(name: str, num_players: int, figures: tuple[float, int, int]) -> None:
    rate, moves, games = figures
    print(f"{name:15} {num_players} players: {rate:10,.0f} moves/s  ({moves:,} moves, "
          f"{games:,} games, {moves / max(games, 1):.1f} moves/game)", flush=True)


def _child(source: Path, args: argparse.Namespace) -> dict[str, float]:
    """One round of ``args.game``'s playouts in a fresh process importing aves_core
    from ``source``; moves/s by player count."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    command = [sys.executable, str(HERE / "playouts.py"), "--json", "--game", args.game,
               "--seconds", str(args.seconds), "--max-moves", str(args.max_moves),
               "--players", *map(str, args.players), *(["--crows"] if args.crows else [])]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    data: dict[str, Any] = json.loads(done.stdout)
    if Path(data["module"]).resolve().is_relative_to(source.resolve()) is False:
        raise SystemExit(f"the child imported {data['module']}, not the code in {source}")
    return {key: float(value) for key, value in data["rates"].items()}


def against(args: argparse.Namespace) -> None:
    """``args.game`` at ``args.against`` and at the working tree, alternating rounds."""
    root = HERE.parent
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder) / "before"
        subprocess.run(["git", "-C", str(root), "worktree", "add", "--detach", str(tree),
                        args.against], check=True, capture_output=True)
        try:
            best: dict[str, dict[str, float]] = {"before": {}, "after": {}}
            for round_number in range(args.rounds):
                for label, source in (("before", tree / "src"), ("after", root / "src")):
                    for players, rate in _child(source, args).items():
                        best[label][players] = max(best[label].get(players, 0.0), rate)
                print(f"round {round_number + 1} of {args.rounds} done", file=sys.stderr)
        finally:
            subprocess.run(["git", "-C", str(root), "worktree", "remove", "--force", str(tree)],
                           check=False, capture_output=True)
    if args.game == "aves":
        print(f"AVES random playouts, crows={args.crows}, {args.seconds:g} s a count a "
              f"round, best of {args.rounds} alternating rounds")
    else:
        from aves_core import get_game

        print(f"{get_game(args.game).facts.name} random playouts, {args.seconds:g} s a count "
              f"a round, best of {args.rounds} alternating rounds")
    print(f"{'players':>8} {args.against[:12]:>14} {'working tree':>14} {'after/before':>13}")
    for players in map(str, args.players):
        before, after = best["before"][players], best["after"][players]
        print(f"{players:>8} {before:14,.0f} {after:14,.0f} {after / before:13.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per player count")
    parser.add_argument("--players", type=int, nargs="+", default=None,
                        help="player counts (default: 2 4 6 for AVES, every count from "
                             "the least to the most for another game)")
    parser.add_argument("--crows", action="store_true", help="AVES: the Greedy Crow variant")
    parser.add_argument("--max-moves", type=int, default=2000, help="cap on one game's moves")
    parser.add_argument("--game", default=None,
                        help="aves, soulaween, another id, or all (the default; with "
                             "--against, aves)")
    parser.add_argument("--against", metavar="REV",
                        help="compare one game (--game, AVES by default) with git "
                             "revision REV in one run")
    parser.add_argument("--rounds", type=int, default=3, help="rounds for --against")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    from aves_core import game_ids, get_game

    if args.against or args.json:  # --json: one round for --against, machine-readable
        args.game = args.game or "aves"
        if args.game == "all":
            parser.error("--against compares one game: name it with --game")
        args.players = args.players or _counts(args.game)
    if args.against:
        against(args)
        return
    if args.json:
        import aves_core

        rates = {str(n): _figures(args.game, n, args)[0] for n in args.players}
        print(json.dumps({"module": aves_core.__file__, "rates": rates}))
        return
    ids = list(game_ids()) if args.game in (None, "all") else [args.game]
    ids = [game_id for game_id in ids if not game_id.startswith("toy")]
    print(f"random playouts, {args.seconds:g} s each (AVES crows={args.crows})")
    for game_id in ids:
        for num_players in args.players or _counts(game_id):
            _report(get_game(game_id).facts.name, num_players,
                    _figures(game_id, num_players, args))


if __name__ == "__main__":
    main()
