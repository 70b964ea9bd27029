"""Every registered game with an encoding as a Python OpenSpiel game, so that
OpenSpiel's own tools (``random_sim_test``, MCTS, IS-MCTS, CFR on small trees, its
RL environment) run on it.

::

    import pyspiel
    import aves_core.envs.openspiel  # registers the games
    game = pyspiel.load_game("python_aves_core_aves", {"players": 4, "crows": True})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])

Game ``g`` is ``python_aves_core_<g>`` (a ``-`` in its id becomes ``_``). Its
parameters: ``players`` (OpenSpiel's name for the number of seats; default the
game's least), ``max_moves`` (default 1,000) and one for each option of the game:
an option whose default is a bool, int, float or str as itself (AVES: ``crows``,
``showdown``; Soulaween: ``mode``), an option of one value a seat as a str of the
seats' values joined by ``:`` with an empty value for none, empty for the default
(Soulaween: ``characters="anubis:hei_bai"``, ``stances=":bai"``): OpenSpiel's game
strings allow no commas.

- **Chance** is explicit. The setup is the game's ``setup_plan``: one chance node
  per random choice, drawn as ``new_setup`` draws it. AVES: one node per card of
  the deal, in deal order, whose outcome is the *kind* of card dealt (its rank:
  0-41 fruit, 42 a crow) with probability (copies of that kind left) / (cards
  left), then one node for the first player, so the deal is a uniform shuffle
  (``aves_core.games.aves.plan``). Soulaween: one node for the first player; in
  standard mode one for each character not given and one for each Hei & Bai
  stance not given (``aves_core.games.soulaween.plan``). A game without a plan of
  its own: one node drawing the seed of ``new_setup`` (uniform over 1,024 seeds).
  A game with chance during play (``Chance.PLAY``) stops at chance nodes after
  the setup too: each is the game's ``chance_plan`` of the state (a reshuffle
  card by card), and applying its last outcome applies the chance move; seats'
  moves and chance moves alternate in OpenSpiel's ``history()`` as they came.
- **Actions** are the encoding's indices (``num_distinct_actions`` is
  ``encoding.num_actions``); the legal actions are those of the seat's view.
- **Returns** at the end only: +1 to each winner, -1 to the others. A shared win
  (AVES's best-hand ties) gives +1 to several seats, so AVES is general-sum for any
  number of players; Soulaween always has one winner: zero-sum. A game still going
  after ``max_moves`` moves ends there with 0 for everyone (AVES has no bound of
  its own: forced returns can go on); random play ends far sooner (AVES: under 30
  moves, Soulaween: under 50).
- **Observations** are built from ``game.view(state, seat)`` only, never the state:
  the tensor is ``encoding.observe(view)``; the string is the view's JSON without
  its legal moves. The information state adds the history: its string is the
  observation string and then every event the seat has seen (``events_for``, so
  another seat's drawn card stays hidden, and a reshuffle's order too), which is
  perfect recall; its tensor is
  the observation tensor (a fixed-size vector cannot hold a history of any length:
  it is the current knowledge of the seat, not perfect recall). Before the setup
  is drawn every seat sees only how far the dealing has come.
- ``resample_from_infostate(seat, sampler)`` redraws what the seat cannot know with
  ``game.indistinguishable`` (seeded from the sampler), for IS-MCTS. The sample
  keeps the events as the seat saw them, so no other seat's secret survives in it;
  its OpenSpiel ``history()`` is the original's (its chance outcomes are not those of
  the redrawn cards: do not replay a sample from its history). It is a Python
  method, so it serves the Python IS-MCTS (``open_spiel.python.algorithms.ismcts``),
  not the C++ ``pyspiel.ISMCTSBot`` (with OpenSpiel 2.0.2 the C++ search bots,
  ``pyspiel.ISMCTSBot`` and ``pyspiel.MCTSBot``, crash on every Python game, its
  own ``python_kuhn_poker`` too: use the Python ones).

``AvesCoreSpielState.kernel_view``, ``kernel_events`` and ``apply_kernel_move`` let
an aves-core bot sit at an OpenSpiel table (``bench/openspiel_match.py``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt
import pyspiel

from aves_core.kernel.chance import SEED_OUTCOMES, ChancePlan
from aves_core.kernel.encoding import Encoding
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Chance, Game
from aves_core.kernel.registry import all_games, get_game

__all__ = ["AvesCoreSpielGame", "AvesCoreSpielState", "game_name", "register_games"]

AnyGame = Game[Any, Any, Any, Any, Any, Any]
MAX_MOVES = 1000
"""The default ``max_moves``."""
PLAY_NODES_PER_MOVE = 256
"""For a game with chance during play, the chance nodes the adapter allows after each
seat's move in ``max_chance_nodes_in_history`` (a game's plans are not known before
its states are: a bound, as OpenSpiel asks, not a count)."""


def game_name(game_id: str) -> str:
    """The OpenSpiel short name of an aves-core game."""
    return "python_aves_core_" + game_id.replace("-", "_")


# --- the game ----------------------------------------------------------------------


@attrs.frozen(eq=False)
class _Snapshot:
    """A state's whole Python side, immutable, so OpenSpiel's clone (a deepcopy of
    the state's ``__dict__``) shares it; pickled by value for ``serialize``."""

    drawn: tuple[int, ...]
    """The chance outcomes so far (until the setup is complete)."""
    state: Any
    """The kernel state, None while the setup is drawn."""
    events: tuple[tuple[Any, ...], ...]
    """The events of each move, unredacted (redacted for one seat in a sample)."""
    moves: int
    """The seats' moves (``max_moves`` counts these, not chance moves)."""
    cut: bool = False
    """Ended by ``max_moves``."""
    chance: tuple[int, ...] = ()
    """The outcomes drawn so far of the chance node the kernel state awaits."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Snapshot:
        return self


def _parameters(game: AnyGame) -> dict[str, Any]:
    params: dict[str, Any] = {"players": game.facts.min_players, "max_moves": MAX_MOVES}
    options = game.default_options()
    if attrs.has(type(options)):
        for field in attrs.fields(type(options)):
            value = getattr(options, field.name)
            if field.name in params:
                continue
            if type(value) in (bool, int, float, str):
                params[field.name] = value
            elif value is None or type(value) is tuple:
                params[field.name] = ""  # seats' values joined by ":"; empty: the default
    return params


def _options(game: AnyGame, values: dict[str, Any]) -> Any:
    defaults = _parameters(game)
    data: dict[str, Any] = {}
    for name, default in defaults.items():
        if name in ("players", "max_moves"):
            continue
        value = values[name]
        if type(default) is str and default == "" and type(value) is str:
            if value:
                data[name] = [item or None for item in value.split(":")]
        else:
            data[name] = value
    return game.options_from_json(data)


def _game_type(game: AnyGame) -> Any:
    facts = game.facts
    kind = pyspiel.GameType
    return kind(
        short_name=game_name(game.id),
        long_name=f"Python aves-core {facts.name}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=(kind.ChanceMode.DETERMINISTIC if facts.chance is Chance.NONE
                     else kind.ChanceMode.EXPLICIT_STOCHASTIC),
        information=(kind.Information.IMPERFECT_INFORMATION if facts.hidden_information
                     else kind.Information.PERFECT_INFORMATION),
        utility=(kind.Utility.ZERO_SUM if facts.zero_sum else kind.Utility.GENERAL_SUM),
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=facts.max_players,
        min_num_players=facts.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


class AvesCoreSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One aves-core game as an OpenSpiel game (see the module's docs)."""

    def __init__(self, game_id: str, params: dict[str, Any] | None = None) -> None:
        self.kernel: AnyGame = get_game(game_id)
        defaults = _parameters(self.kernel)
        given = dict(params or {})
        unknown = set(given) - set(defaults)
        if unknown:
            raise ArgumentError(f"{game_name(game_id)} has no parameter {sorted(unknown)}")
        values = {**defaults, **given}
        self.num_seats = int(values["players"])
        self.kernel.check_players(self.num_seats)
        self.max_moves = int(values["max_moves"])
        if self.max_moves < 1:
            raise ArgumentError("max_moves must be at least 1")
        self.options = _options(self.kernel, values)
        encoding = self.kernel.encoding(self.num_seats)
        if encoding is None:
            raise ArgumentError(f"{self.kernel.facts.name} has no encoding")
        self.encoding: Encoding[Any, Any] = encoding
        self.plan: ChancePlan[Any] = self.kernel.setup_plan(self.num_seats, self.options)
        self.in_play = self.kernel.facts.chance is Chance.PLAY
        zero_sum = self.kernel.facts.zero_sum
        # A game with chance during play draws from plans not known before its states:
        # the seed plan's count bounds them (a bound is what OpenSpiel asks for).
        outcomes = max(self.plan.max_outcomes, SEED_OUTCOMES if self.in_play else 0)
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.num_actions,
            max_chance_outcomes=outcomes,
            num_players=self.num_seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.max_moves)
        super().__init__(_game_type(self.kernel), info, values)

    def new_initial_state(self, *_: Any) -> AvesCoreSpielState:
        """The state before the first chance node of the setup."""
        return AvesCoreSpielState(self)

    def max_chance_nodes_in_history(self) -> int:
        """The setup's chance nodes; with chance during play, a bound of
        ``PLAY_NODES_PER_MOVE`` more after each seat's move."""
        return self.plan.length() + (self.max_moves * PLAY_NODES_PER_MOVE if self.in_play
                                     else 0)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None
                         ) -> _Observer:
        """The observer of OpenSpiel's observation API: the information state when
        ``iig_obs_type.perfect_recall``, else the observation; public only (a
        spectator's view) when it asks for no private information."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return _Observer(self, perfect_recall=bool(kind.perfect_recall),
                         public=kind.private_info == pyspiel.PrivateInfoType.NONE)


# --- states --------------------------------------------------------------------------


class AvesCoreSpielState(pyspiel.State):  # type: ignore[misc]
    """A state of an aves-core game for OpenSpiel: the setup's chance nodes, then the
    kernel state (see the module's docs)."""

    def __init__(self, game: AvesCoreSpielGame) -> None:
        super().__init__(game)
        # The one attribute: OpenSpiel clones and serializes a state by its __dict__.
        self._at = _Snapshot((), None, (), 0)

    @property
    def _game(self) -> AvesCoreSpielGame:
        game: AvesCoreSpielGame = self.get_game()
        return game

    def _started(self, drawn: tuple[int, ...]) -> _Snapshot:
        game = self._game
        state = game.kernel.start(game.num_seats, game.plan.result(drawn))
        return _Snapshot(drawn, state, (), 0)

    def _awaits_chance(self) -> bool:
        """A chance node after the setup (a game with chance during play)."""
        game = self._game
        return game.in_play and game.kernel.awaits_chance(self._at.state)

    # the kernel's side

    @property
    def kernel_state(self) -> Any:
        """The kernel state (None while the setup is drawn): the whole truth."""
        return self._at.state

    def kernel_view(self, seat: int | None) -> Any:
        """What ``seat`` may know (None while the setup is drawn)."""
        state = self._at.state
        return None if state is None else self._game.kernel.view(state, seat)

    def kernel_events(self, seat: int | None) -> tuple[Any, ...]:
        """Every event so far as ``seat`` saw them (for an aves-core bot)."""
        events_for = self._game.kernel.events_for
        return tuple(event for step in self._at.events for event in events_for(step, seat))

    def apply_kernel_move(self, move: Any) -> None:
        """Play a kernel move (through its action index, so OpenSpiel's history has it)."""
        self.apply_action(self._game.encoding.action_index(move))

    # OpenSpiel's API

    def current_player(self) -> int:
        """The seat to move, CHANCE while the setup or a chance move is drawn, TERMINAL
        at the end."""
        at = self._at
        if at.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if at.cut:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._awaits_chance():
            return int(pyspiel.PlayerId.CHANCE)
        to_move = self._game.kernel.to_move(at.state)
        return int(pyspiel.PlayerId.TERMINAL) if not to_move else to_move[0]

    def _legal_actions(self, player: int) -> list[int]:
        """The indices of the seat's legal moves, ascending."""
        view = self._game.kernel.view(self._at.state, player)
        index = self._game.encoding.action_index
        return sorted(index(move) for move in view.legal_moves)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next chance node's outcomes and their probabilities."""
        at = self._at
        if at.state is None:
            return self._game.plan.outcomes(at.drawn)
        return self._game.kernel.chance_plan(at.state).outcomes(at.chance)

    def _apply_action(self, action: int) -> None:
        """A chance outcome, or the mover's action."""
        at = self._at
        game = self._game
        if at.state is None:
            drawn = (*at.drawn, int(action))
            self._at = (self._started(drawn) if game.plan.done(drawn)
                        else _Snapshot(drawn, None, (), 0))
            return
        kernel = game.kernel
        if self._awaits_chance():
            chance = (*at.chance, int(action))
            plan = kernel.chance_plan(at.state)
            if not plan.done(chance):
                self._at = attrs.evolve(at, chance=chance)
                return
            state, events = kernel.apply_with_events(at.state, plan.result(chance))
            self._at = _Snapshot(at.drawn, state, (*at.events, events), at.moves)
            return
        seat = kernel.to_move(at.state)[0]
        move = game.encoding.move_of(int(action), kernel.view(at.state, seat))
        state, events = kernel.apply_with_events(at.state, move)
        moves = at.moves + 1
        self._at = _Snapshot(at.drawn, state, (*at.events, events), moves,
                             cut=moves >= game.max_moves and kernel.result(state) is None)

    def _action_to_string(self, player: int, action: int) -> str:
        """A chance outcome as text, or the move's notation."""
        game = self._game
        if player == pyspiel.PlayerId.CHANCE:
            if self._at.state is None:
                return game.plan.text(self._at.drawn, int(action))
            return game.kernel.chance_plan(self._at.state).text(self._at.chance, int(action))
        state = self._at.state
        if state is not None and player >= 0:
            try:
                return game.kernel.move_text(
                    game.encoding.move_of(int(action), game.kernel.view(state, player)))
            except ArgumentError:
                pass
        return f"action {action}"

    def is_terminal(self) -> bool:
        """Over, or cut by ``max_moves``."""
        at = self._at
        return at.state is not None and (at.cut or self._game.kernel.result(at.state)
                                         is not None)

    def returns(self) -> list[float]:
        """+1 to each winner and -1 to the others at the end; 0 before (and when cut)."""
        count = self._game.num_seats
        state = self._at.state
        result = None if state is None or self._at.cut else self._game.kernel.result(state)
        if result is None or not result.winners:
            return [0.0] * count
        return [1.0 if seat in result.winners else -1.0 for seat in range(count)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any
                                ) -> AvesCoreSpielState:
        """A state ``player_id`` cannot tell from this one: ``indistinguishable`` with a
        generator seeded from ``probability_sampler`` (see the module's docs)."""
        clone: AvesCoreSpielState = self.clone()
        at = self._at
        if at.state is None:
            return clone
        seed = int(float(probability_sampler()) * 2**53)
        kernel = self._game.kernel
        state = kernel.indistinguishable(at.state, player_id, random.Random(seed))
        events = tuple(kernel.events_for(step, player_id) for step in at.events)
        clone._at = _Snapshot(at.drawn, state, events, at.moves, at.cut, at.chance)
        return clone

    def __str__(self) -> str:
        """The whole state as text (for debugging: it shows every hidden card)."""
        at = self._at
        if at.state is None:
            return f"setup: {len(at.drawn)} of {self._game.plan.length()} chance nodes drawn"
        text = str(self._game.kernel.state_text(at.state))
        if at.chance:
            text += f"\nchance: {list(at.chance)} drawn"
        return text


class _Observer:
    """OpenSpiel's Python observer: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, game: AvesCoreSpielGame, perfect_recall: bool, public: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        self.public = public
        self.tensor: npt.NDArray[np.float32] = np.zeros(game.encoding.observation_size,
                                                        np.float32)
        self.dict = {"observation": self.tensor}

    def _seat(self, player: int) -> int | None:
        return None if self.public else player

    def set_from(self, state: AvesCoreSpielState, player: int) -> None:
        """The seat's observation tensor, from its view alone (zero during the setup)."""
        self.tensor.fill(0.0)
        view = state.kernel_view(self._seat(player))
        if view is not None:
            self.game.encoding.observe(view, self.tensor)

    def string_from(self, state: AvesCoreSpielState, player: int) -> str:
        """The seat's view as JSON, with every event it saw for the information state."""
        seat = self._seat(player)
        view = state.kernel_view(seat)
        if view is None:
            return f"setup {len(state._at.drawn)}"
        kernel = self.game.kernel
        data = kernel.view_to_json(view)
        data.pop("legal_moves", None)
        text = json.dumps(data, separators=(",", ":"), sort_keys=True)
        if not self.perfect_recall:
            return text
        events = [kernel.event_to_json(event) for event in state.kernel_events(seat)]
        return text + "\n" + json.dumps(events, separators=(",", ":"), sort_keys=True)


_CREATORS: dict[str, Any] = {}


def register_games(games: Sequence[AnyGame] | None = None) -> list[str]:
    """Register every game with an encoding (or those given) with OpenSpiel, once;
    their short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game in all_games() if games is None else games:
        if not game.has_encoding:
            continue
        name = game_name(game.id)
        if name not in registered:
            game_id = game.id

            def create(params: Any = None, game_id: str = game_id) -> AvesCoreSpielGame:
                return AvesCoreSpielGame(game_id, params)

            _CREATORS[name] = create  # kept alive: OpenSpiel's registry outlives Python
            pyspiel.register_game(_game_type(game), create)
        names.append(name)
    return names


register_games()
