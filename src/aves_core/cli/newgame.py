"""``aves new-game NAME``: a package for a new game, ready to install, test and play.

It writes ``NAME/`` (or ``--dir``): a ``pyproject.toml`` whose entry point registers
the game with aves-core, the game (``src/aves_NAME/game.py``: a small whole game,
"Race to 21", to replace with the author's own rules), a drawing for the browser
(``src/aves_NAME/web/index.js``), tests that run the conformance kit and play it
(``tests/test_game.py``) and a README. As written, its tests pass, ``aves play``,
``aves serve`` and the learning environments play it, and the search bot plays it.
"""

from __future__ import annotations

import argparse
import keyword
import re
from pathlib import Path
from typing import Any, TextIO

from aves_core.cli.common import UsageError

__all__ = ["add_parser", "run"]

_ID = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")


def add_parser(commands: Any) -> None:
    """Add ``new-game`` to the ``aves`` subcommands."""
    parser = commands.add_parser(
        "new-game", help="write a package for a new game (a whole small game to start from)",
        description="Write NAME/: a Python package with a small whole game registered "
                    "with aves-core by entry point, its drawing for the browser and tests "
                    "that run the conformance kit. Then: cd NAME && pip install -e . && "
                    "python -m pytest.")
    parser.add_argument("name", help="the game's id: lower-case letters, digits and single "
                                     "hyphens, starting with a letter (no-thanks)")
    parser.add_argument("--dir", metavar="FOLDER",
                        help="where to write the package (default: ./NAME)")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """``aves new-game``; returns the exit status."""
    game_id = args.name
    if not _ID.fullmatch(game_id):
        raise UsageError(f"{game_id!r} is no game id: use lower-case letters, digits and "
                         "single hyphens, starting with a letter (my-game)")
    package = "aves_" + game_id.replace("-", "_")
    folder = Path(args.dir) if args.dir else Path(game_id)
    if folder.exists() and any(folder.iterdir()):
        raise UsageError(f"{folder} exists and is not empty: choose another --dir")
    title = " ".join(word.capitalize() for word in game_id.split("-"))
    names = {"id": game_id, "title": title, "package": package,
             "cls": re.sub(r"\W", "", title.title().replace(" ", "")) or "MyGame"}
    if keyword.iskeyword(names["cls"]) or not names["cls"].isidentifier():
        names["cls"] = "NewGame"
    files = {
        "pyproject.toml": _PYPROJECT,
        "README.md": _README,
        f"src/{package}/__init__.py": _INIT,
        f"src/{package}/game.py": _GAME,
        f"src/{package}/web/index.js": _DRAWING,
        "tests/test_game.py": _TESTS,
    }
    for name, template in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_fill(template, names))
    out.write(f"wrote {folder}/, a package for the game {game_id!r} ({title}):\n")
    for name in files:
        out.write(f"  {folder / name}\n")
    out.write(f"next: cd {folder} && pip install -e . && python -m pytest, then "
              f"aves play --game {game_id} or aves serve (docs/games.md says more)\n")
    return 0


def _fill(template: str, names: dict[str, str]) -> str:
    """The template with ``<<id>>``, ``<<title>>``, ``<<package>>`` and ``<<cls>>`` filled
    (the files are full of braces of their own)."""
    for key, value in names.items():
        template = template.replace(f"<<{key}>>", value)
    return template.lstrip("\n")


_PYPROJECT = '''
[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "<<package>>"
version = "0.1.0"
description = "<<title>>: a game for aves-core."
requires-python = ">=3.11"
dependencies = ["aves-core"]

[project.optional-dependencies]
test = ["pytest>=8"]

# aves-core finds the game through this entry point once the package is installed.
[project.entry-points."aves_core.games"]
<<id>> = "<<package>>.game:GAME"

[tool.setuptools.packages.find]
where = ["src"]

[tool.setuptools.package-data]
<<package>> = ["web/*"]
'''

_README = '''
# <<title>>

A game for [aves-core](https://pypi.org/project/aves-core/), written with its
author's surface (`aves_core.author`). As written it is "Race to 21": players in
turn add 1, 2 or 3 to a total; whoever brings it to exactly 21 wins. Replace the
rules in `src/<<package>>/game.py` with your own.

```sh
pip install -e '.[test]'
python -m pytest                     # the conformance kit, and the game's own tests
aves play --game <<id>>              # a game in the terminal against bots
aves serve                           # tables in the browser (src/<<package>>/web/)
aves simulate --game <<id>> --players 2 --games 100
```
'''

_INIT = '''
"""<<title>>: a game for aves-core."""

from <<package>>.game import GAME, <<cls>>

__all__ = ["GAME", "<<cls>>"]
'''

_GAME = '''
"""<<title>>, a game for aves-core. Replace these rules with your own.

Players in turn add 1, 2 or 3 to a total that starts at 0; whoever brings it to
exactly 21 wins. A move is ``0:add 3``; adding more than 3 is ``bad_amount``, passing
21 is ``too_far``. The first player is drawn from the seed (or given).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import TypeAlias

import attrs
import aves_core.author as aves

TARGET = 21


@aves.move("{player}:add {amount}", words="add {amount}")
class Add:
    """``player`` adds ``amount`` to the total."""

    player: int
    amount: int


Move: TypeAlias = Add


@attrs.frozen
class Setup:
    """Every random choice of the setup, recorded: here, who plays first."""

    first: int


@attrs.frozen
class State:
    """Everything about a game at one moment: the total, whose turn, the result."""

    total: int
    active: int | None
    num_players: int
    result: aves.Result | None = None


@attrs.frozen
class View:
    """What one seat (None: a spectator) may know: everything, in this game."""

    seat: int | None
    total: int
    active: int | None
    num_players: int
    result: aves.Result | None
    legal_moves: tuple[Move, ...]


def bad_amount(state: State, move: Add) -> str | None:
    """One adds 1, 2 or 3."""
    return None if 1 <= move.amount <= 3 else "add 1, 2 or 3"


def too_far(state: State, move: Add) -> str | None:
    """The total may not pass the target."""
    if state.total + move.amount > TARGET:
        return f"the total {state.total} would pass {TARGET}"
    return None


class <<cls>>(aves.Game[State, Move, View, aves.PlayEvent, aves.NoOptions, Setup]):
    """<<title>> (its one instance: ``GAME``)."""

    facts = aves.GameFacts(id="<<id>>", name="<<title>>", version=1, min_players=2,
                           max_players=4, hidden_information=False, chance=aves.Chance.SETUP,
                           reasons=("target",), reason_words={"target": f"reached {TARGET}"},
                           summary=f"add 1, 2 or 3 in turn; whoever reaches {TARGET} wins",
                           setup_codes=("bad_setup",))
    phases = aves.PhaseMachine.one_phase("<<title>>", ("add",))
    refusals = (aves.BAD_NOTATION, aves.GAME_OVER, aves.NOT_YOUR_TURN,
                aves.refuse("bad_amount", bad_amount), aves.refuse("too_far", too_far))

    def new_setup(self, num_players: int, options: aves.NoOptions, seed: int | None, *,
                  first_player: int | None = None) -> Setup:
        """Who plays first, drawn from ``seed`` unless given."""
        self.check_players(num_players)
        drawn = random.Random(seed).randrange(num_players)
        return Setup(drawn if first_player is None else first_player)

    def start(self, num_players: int, setup: Setup) -> State:
        """The total at 0; a setup that is no game is a SetupError naming its field."""
        self.check_players(num_players)
        if setup.first not in range(num_players):
            raise aves.SetupError("the first player is a seat", code="bad_setup",
                                  path="first")
        return State(0, setup.first, num_players)

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """Each amount that does not pass the target; nothing once the game is over."""
        if state.active is None:
            return ()
        return tuple(Add(state.active, amount) for amount in (1, 2, 3)
                     if state.total + amount <= TARGET)

    def transition(self, state: State, move: Move, events: list[aves.PlayEvent] | None
                   ) -> State:
        """A legal move (the door has judged it): the total grows; 21 wins."""
        total = state.total + move.amount
        if total == TARGET:
            return State(total, None, state.num_players, aves.Result((move.player,), "target"))
        return State(total, (move.player + 1) % state.num_players, state.num_players)

    def view(self, state: State, seat: int | None) -> View:
        """Everything, and the seat's moves when it is to move."""
        return View(seat, state.total, state.active, state.num_players, state.result,
                    self.legal_moves(state) if seat == state.active else ())

    def determinize(self, view: View, rng: random.Random) -> State:
        """The state itself: nothing is hidden (the search bot plays from this)."""
        return State(view.total, view.active, view.num_players, view.result)

    def all_moves(self, num_players: int, seat: int) -> Sequence[Move]:
        """Every move a seat may ever make: the learning environments' actions."""
        return tuple(Add(seat, amount) for amount in (1, 2, 3))

    def features(self, view: View) -> Sequence[float]:
        """What a learning agent observes: the total, and what is left to reach 21."""
        return [view.total / 4, (TARGET - view.total) / 4]

    def web_folder(self) -> Path:
        """The drawing for the browser: ``web/index.js``."""
        return Path(__file__).resolve().parent / "web"


GAME = <<cls>>()
"""The game (the entry point in pyproject.toml names it)."""
'''

_DRAWING = '''
// <<title>> in the browser: the total, and a button for each legal move. A drawing for
// aves-core's browser client (its docs/hosting.md, "Writing a drawing"); the shell
// draws the players, whose turn it is, the log and the result around it.

export function mount(root, context) {
  const { el } = context;
  return {
    update(view) {
      const moves = view.legal_moves || [];
      root.replaceChildren(el("div", { class: "panel" },
        el("p", { class: "total" }, `Total: ${view.total} of 21`),
        el("div", { class: "row", id: "moves" }, moves.map((move, index) =>
          el("button", { class: "primary move", "data-move": view.legal_notation[index],
                         onclick: () => context.play(move) },
             (view.legal_words || view.legal_notation)[index])))));
    },
  };
}

export function describe(view) {
  return "add 1, 2 or 3 to the total";
}
'''

_TESTS = '''
"""<<title>>'s tests: the conformance kit, a rule, and a whole game between bots."""

from __future__ import annotations

import pytest
from aves_core.author import IllegalMoveError, register_game
from aves_core.bots import make_bot
from aves_core.kernel.sim import play_game
from aves_core.testing import check_game

from <<package>>.game import GAME, TARGET, Add, State

register_game(GAME)  # installed, its entry point does this; the kit replays logs by id


def test_the_game_passes_the_conformance_kit() -> None:
    report = check_game(GAME, games=12)
    assert report.games == 12


def test_a_move_past_the_target_is_refused_as_too_far() -> None:
    state = State(TARGET - 2, 0, 2)
    assert GAME.legal_moves(state) == (Add(0, 1), Add(0, 2))
    with pytest.raises(IllegalMoveError) as refused:
        GAME.apply(state, Add(0, 3))
    assert refused.value.code == "too_far"
    assert str(refused.value) == f"0:add 3: the total {TARGET - 2} would pass {TARGET}"


def test_the_rules_check_in_their_order() -> None:
    state = State(TARGET - 2, 0, 2)
    with pytest.raises(IllegalMoveError) as refused:
        GAME.apply(state, Add(1, 5))  # out of turn and too much: the turn is checked first
    assert refused.value.code == "not_your_turn"


def test_a_reached_target_wins() -> None:
    after = GAME.apply(State(TARGET - 2, 1, 3), Add(1, 2))
    assert after.result is not None
    assert after.result.winners == (1,)


def test_the_search_bot_plays_a_whole_game() -> None:
    bots = [make_bot("search:100", GAME), make_bot("random", GAME)]
    record, _log = play_game(GAME, bots, ["search", "random"], GAME.default_options(), 7, 100)
    assert record.winners
'''
