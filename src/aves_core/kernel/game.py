"""The game protocol: everything a game supplies so that every layer can play it.

A game is one object, an instance of a ``Game`` subclass, that holds its facts as
data (``GameFacts``) and its rules as methods over its own frozen values. Logs,
replay, tables, simulation, bots, the command line and the conformance kit reach a
game only through these methods. Most of them are derived from declarations
(docs/games.md, "A game in a page"): the type parameters give the value classes and
the moves' notation (``kernel/notation.py``), ``refusals`` and ``transition`` give
the checked door (``kernel/door.py``), the state's attributes give ``result``,
``to_move`` and ``phase_name``; a game overrides any of them where it has something
better.

The contracts every game keeps (the conformance kit checks them):

- ``apply(state, move)`` returns a new state, or raises ``IllegalMoveError`` with the
  first listed code the move breaks; it accepts a move exactly when the move is in
  ``legal_moves(state)`` and never mutates its input; ``step`` is ``apply`` unchecked.
- A game is its setup and its moves: the same setup and moves give the same states,
  the same seed the same setup; replay never uses a random number generator.
- ``view(state, seat)`` and the seat's events (``events_for``) hold nothing ``seat``
  may not know; a game that folds events into views (``update_view``) folds right.
- Every move names its seat in ``player``, but a chance move (``mover`` is None); a
  state awaiting chance has no seat to move, no legal move and no result.
- Every step from one resting phase to another follows the declared phase machine.
- A simultaneous game's ``to_move`` gives every seat that may move; a hidden commit
  is redacted by ``events_for`` until the game's reveal (docs/games.md).
"""

from __future__ import annotations

import abc
import functools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from aves_core.kernel.convert import (
    FieldError,
    converter,
    describe,
    json_object,
    snake_case,
    structure,
    type_first,
)
from aves_core.kernel.derive import (
    check_count,
    common_fields,
    derive_types,
    drawing_beside,
    part_of,
    phase_of,
    report_of,
    result_of_json,
    seats_to_move,
    tag_of,
)
from aves_core.kernel.door import Door, Refusal
from aves_core.kernel.errors import ArgumentError, IllegalMoveError
from aves_core.kernel.facts import (
    Chance,
    GameEnded,
    GameFacts,
    MovePlayed,
    Result,
    ViewStatus,
)
from aves_core.kernel.notation import Notation

if TYPE_CHECKING:
    from aves_core.kernel.bots import Bot
    from aves_core.kernel.chance import ChancePlan
    from aves_core.kernel.encoding import Encoding
    from aves_core.kernel.log import LogLike
    from aves_core.kernel.phases import PhaseMachine
    from aves_core.kernel.search import SearchHooks
    from aves_core.kernel.terminal import Screen

__all__ = ["Chance", "Game", "GameFacts", "Result", "ViewStatus"]

S = TypeVar("S")  # the game's state
M = TypeVar("M")  # a move
V = TypeVar("V")  # a seat's view
E = TypeVar("E")  # an event
O = TypeVar("O")  # the options a game is set up with  # noqa: E741 - a short name like the others
U = TypeVar("U")  # the recorded setup


class Game(abc.ABC, Generic[S, M, V, E, O, U]):
    """One game's rules over its own frozen values (see the module's docstring).

    Type parameters: the state, a move, a view, an event, the options the game
    is set up with and the recorded setup. Subclasses set the class attributes
    and implement the abstract methods; the others have defaults built on them.
    """

    facts: GameFacts
    phases: PhaseMachine[Any, Any]
    move_types: tuple[type, ...] = ()
    """The game's move classes, each declared with ``@move``: they give the notation
    (``parse_move``, ``move_text``) and the moves' JSON. Derived from the ``Move`` type
    parameter when it is a union of declared classes."""
    event_types: tuple[type, ...] = ()
    """The game's event classes (JSON: tagged on ``"type"`` with the class name in snake
    case). Derived from the ``Event`` type parameter."""
    plays_events: bool = False
    """Whether the game's events are the kernel's ``PlayEvent`` (``MovePlayed``,
    ``GameEnded``): then the kernel records them and ``transition`` records nothing."""
    refusals: tuple[Refusal, ...] = ()
    """The door's checks in the rules' order (``aves_core.kernel.door``); none declared:
    the standard checks, then ``illegal_move`` for a move not among the legal ones."""
    move_type: Any
    """The union of the game's move classes (the ``Move`` type parameter)."""
    move_tags: tuple[str, ...] = ()
    """The ``"type"`` of each kind of move: ``move_from_json`` names them when a move's
    type is unknown (derived from ``move_types``)."""
    event_type: Any
    """The union of the game's event classes (the ``Event`` type parameter)."""
    options_type: type[O]
    setup_type: type[U]
    state_type: type[S]
    view_type: type[V]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Read the value classes off the type parameters where the class names none."""
        super().__init_subclass__(**kwargs)
        derive_types(cls, Game)

    @functools.cached_property
    def notation(self) -> Notation:
        """The notation of the game's declared moves (``move_types``)."""
        return Notation(self.facts.name, self.move_types)

    @functools.cached_property
    def event_tags(self) -> dict[str, type]:
        """Each declared event class by its JSON ``"type"`` (its name in snake case)."""
        return {snake_case(cls): cls for cls in self.event_types}

    @functools.cached_property
    def door(self) -> Door:
        """The game's refusals, compiled by move class (``refusals``)."""
        return Door(self)

    @property
    def id(self) -> str:
        """The game's id (``facts.id``): how logs, the registry and the CLI name it."""
        return self.facts.id

    def __repr__(self) -> str:
        return f"<game {self.facts.id!r}: {self.facts.name}>"

    # --- setup ------------------------------------------------------------

    def default_options(self) -> O:
        """The options a game is set up with when none are given: by default the options
        type made with no arguments (``NoOptions()`` for a game without any)."""
        return self.options_type()

    @abc.abstractmethod
    def new_setup(self, num_players: int, options: O, seed: int | None, *,
                  first_player: int | None = None) -> U:
        """A setup drawn from ``seed`` (the same for the same seed; None: the system's
        randomness), with ``first_player`` starting when given. Raises ``SetupError``
        or ``ArgumentError`` for bad arguments."""

    @abc.abstractmethod
    def start(self, num_players: int, setup: U) -> S:
        """The state before the first move (``SetupError`` if ``setup`` is no game)."""

    def options_of(self, setup: U) -> O:
        """The options a setup was made with: by default its ``options`` attribute, else
        the default options (a game without options)."""
        options: O | None = getattr(setup, "options", None)
        return self.default_options() if options is None else options

    def check_players(self, num_players: int) -> None:
        """Raise ``SetupError`` (``bad_players``) unless the game is for this many."""
        check_count(self.facts, num_players)

    # --- play ---------------------------------------------------------------

    @abc.abstractmethod
    def legal_moves(self, state: S) -> tuple[M, ...]:
        """Every legal move, in the game's fixed order; empty once the game is over."""

    def transition(self, state: S, move: M, events: list[E] | None) -> S:
        """The state after ``move``, known to be legal (the door has judged it); when
        ``events`` is a list, append to it what happened, unredacted. The rules of a
        move, from which ``apply``, ``step`` and ``apply_with_events`` are derived."""
        raise NotImplementedError(f"{self.id}: the game must give transition (or apply, "
                                  "step and apply_with_events)")

    def apply(self, state: S, move: M) -> S:
        """The state after ``move``, or ``IllegalMoveError`` with the first code of
        ``refusals`` the move breaks (``ArgumentError`` for a value that is no move)."""
        if not self.is_legal(state, move):
            raise self.door.refused(state, move)
        return self.transition(state, move, None)

    def step(self, state: S, move: M) -> S:
        """``apply`` without its checks, for searches that only play legal moves."""
        return self.transition(state, move, None)

    def apply_with_events(self, state: S, move: M) -> tuple[S, tuple[E, ...]]:
        """``apply`` that also says what happened, unredacted (the host's record)."""
        if not self.is_legal(state, move):
            raise self.door.refused(state, move)
        events: list[E] = []
        after = self.transition(state, move, events)
        if self.plays_events:  # the kernel tells the move, and the end
            played: Any = MovePlayed(self.mover(move), self.move_text(move),
                                     self.move_words(move))
            events.append(played)
            result = self.result(after)
            if result is not None:
                ended: Any = GameEnded(result)
                events.append(ended)
        return after, tuple(events)

    def refusal(self, state: S, move: M) -> IllegalMoveError | None:
        """Why ``apply`` would refuse ``move``: the error of the first listed refusal it
        breaks, or None for a legal move."""
        try:
            self.apply(state, move)
        except IllegalMoveError as error:
            return error
        return None

    def result(self, state: S) -> Result | None:
        """How the game ended, or None while it goes on (``state.result``)."""
        result: Result | None = getattr(state, "result", None)
        return result

    def scores(self, state: S) -> tuple[float, ...] | None:
        """Each seat's score, where the game keeps one: by default the state's
        ``scores`` (a tuple), else None. The learning environments report it at the
        end and rank the seats by it after the winners."""
        scores = getattr(state, "scores", None)
        return scores if isinstance(scores, tuple) else None

    def to_move(self, state: S) -> tuple[int, ...]:
        """The seats that may move now (one in a sequential game); empty once over.
        By default the state's ``to_move``, else its ``active_player`` or ``active``."""
        return seats_to_move(state)

    def phase_name(self, state: S) -> str:
        """The name of the phase ``state`` rests in (one of ``phases``): by default the
        state's ``phase`` (a str, or an enum whose value is one)."""
        return phase_of(self, state)

    def replay_all(self, num_players: int, setup: U, moves: Iterable[M]
                   ) -> tuple[S, int, IllegalMoveError | None]:
        """``start`` then ``apply_all``: replay's whole work, which a game may fuse
        (a ``SetupError`` is raised before any move is drawn)."""
        return self.apply_all(self.start(num_players, setup), moves)

    def is_legal(self, state: S, move: M) -> bool:
        """True exactly when ``move`` is in ``legal_moves(state)``, judged by the door:
        no refusal applies (False for any value that is no move; ``ArgumentError`` for a
        state of another type)."""
        if not isinstance(state, self.state_type):
            raise ArgumentError(f"is_legal needs a {self.state_type.__name__}, not "
                                f"{type(state).__name__}")
        door = self.door
        if not door.move_types:  # no declared moves: the legal moves are the judge
            return move in self.legal_moves(state)
        if not door.admits(move):
            return False
        return all(check(state, move) is None for _code, check in door.checks(type(move)))

    def mover(self, move: M) -> int | None:
        """The seat that makes ``move``; None for a chance move, which no seat makes."""
        player: int | None = getattr(move, "player", None)
        return player

    def apply_all(self, state: S, moves: Iterable[M]) -> tuple[S, int, IllegalMoveError | None]:
        """Apply ``moves`` in order until one is illegal: the last state reached, how
        many moves were applied and the error of the move that was not (or None).

        Replay spends its time here; a game may override it with a faster
        validator, provided it agrees with ``apply`` move for move.
        """
        count = 0
        apply = self.apply
        try:
            for move in moves:
                state = apply(state, move)
                count += 1
        except IllegalMoveError as error:
            return state, count, error
        return state, count, None

    # --- chance during play (Chance.PLAY) ----------------------------------------

    def awaits_chance(self, state: S) -> bool:
        """Whether ``state`` waits for a chance move (then no seat is to move and there
        is no result yet). Only a game whose ``facts.chance`` is ``Chance.PLAY`` ever
        does; ``aves_core.kernel.chance.settle`` plays them."""
        return False

    def chance_move(self, state: S, rng: random.Random) -> M:
        """The chance move ``state`` awaits, drawn from ``rng`` (``ArgumentError``
        when it awaits none)."""
        raise ArgumentError(f"{self.facts.name} has no chance moves during play")

    def chance_generator(self, num_players: int, options: O, seed: int | None
                         ) -> random.Random:
        """The generator the chance moves of a game set up from ``seed`` are drawn from,
        so that the same seed gives the same game: ``random.Random(seed)`` unless the
        game continues the generator of its setup. ``seed`` None (a host's table):
        the system's randomness, which nobody can predict."""
        return random.SystemRandom() if seed is None else random.Random(seed)

    def chance_plan(self, state: S) -> ChancePlan[M]:
        """The chance move ``state`` awaits as a sequence of chance nodes with their
        probabilities (for explicit-chance tools such as OpenSpiel): by default one
        node drawing a seed of ``chance_move``'s generator."""
        from aves_core.kernel.chance import SeedPlan

        return SeedPlan(lambda seed: self.chance_move(state, random.Random(seed)))

    def setup_plan(self, num_players: int, options: O) -> ChancePlan[U]:
        """The setup drawn as a sequence of chance nodes (``chance_plan``'s setup
        counterpart): by default one node drawing the seed of ``new_setup``."""
        from aves_core.kernel.chance import SeedPlan

        return SeedPlan(lambda seed: self.new_setup(num_players, options, seed))

    # --- what a seat may know ---------------------------------------------------

    @abc.abstractmethod
    def view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may know of ``state`` (None: a spectator). The view has a
        ``legal_moves`` attribute: the seat's moves when it may move, else empty."""

    def events_for(self, events: Iterable[E], seat: int | None) -> tuple[E, ...]:
        """The events as ``seat`` may see them (None: a spectator): by default all of
        them, for a game whose events tell nothing hidden (the kit checks it does)."""
        return tuple(events)

    def update_view(self, view: V, events: Iterable[E]) -> V:
        """The view after ``events`` (as ``events_for`` gave them to its seat): optional.
        A game need not keep views in step by events (its views are rebuilt from
        states); where it does, the conformance kit checks the fold."""
        raise NotImplementedError(f"{self.id} does not fold events into views")

    def invariants(self, state: S) -> Iterable[str]:
        """What is wrong with ``state``, for the conformance kit (nothing by default):
        every card, tile or coin accounted for, no count below zero. A game that
        names them lets the kit's random games find the states that break them."""
        return ()

    def indistinguishable(self, state: S, seat: int | None, rng: random.Random) -> S:
        """A state ``seat`` cannot tell from ``state``: what it may not know redrawn
        at random from the state itself (for the conformance kit, which checks the seat's
        views of both are equal: so it finds a view that shows too much, which a state
        drawn from the view could not). Perfect information: ``state``."""
        if self.facts.hidden_information:
            raise NotImplementedError(f"{self.id} has hidden information: it must say "
                                      "what a seat cannot know (indistinguishable)")
        return state

    # --- undo ---------------------------------------------------------------

    undo_rule = "nothing can be taken back"
    """The undo policy in words, for the message of a refused undo."""

    def undo(self, before: S, move: M, events: Sequence[E], after: S, seat: int
             ) -> tuple[E, ...] | None:
        """Whether ``seat`` may take back ``move`` (which led from ``before`` to
        ``after`` with ``events``): the events that tell every client, or None when
        the undo policy forbids it. By default nothing can be undone."""
        return None

    # --- text and JSON --------------------------------------------------------

    def parse_move(self, text: str) -> M:
        """A move from its text notation (``NotationError`` otherwise): exactly the texts
        ``move_text`` writes, from the declared moves' templates."""
        move: M = self.notation.parse(text)
        return move

    def move_text(self, move: M) -> str:
        """A move's text notation (``parse_move`` reads it back)."""
        return str(move)

    def move_words(self, move: M) -> str | None:
        """A move said to a person (``take the card``), where its declaration gives
        words; None where it gives none (its text says it)."""
        return self.notation.words(move) if self.move_types else None

    def move_to_json(self, move: M) -> dict[str, Any]:
        """A move as its JSON object, ``"type"`` first."""
        if self.move_types:
            return self.notation.to_json(move)
        return type_first(converter.unstructure(move, unstructure_as=self.move_type))

    def move_from_json(self, data: Any) -> M:
        """A move from its JSON object (``FieldError`` with the bad field's path)."""
        if self.move_types:
            declared: M = self.notation.from_json(data)
            return declared
        tags = self.move_tags
        if tags:
            json_object(data, "a move")
            if "type" not in data:
                raise FieldError("the key 'type' is missing", path="type")
            tag = data["type"]
            if type(tag) is not str or tag not in tags:
                raise FieldError(f"unknown move type {describe(tag)} ({', '.join(tags)})",
                                 path="type")
        move: M = structure(data, self.move_type)
        return move

    def event_to_json(self, event: E) -> dict[str, Any]:
        """An event as its JSON object, ``"type"`` first."""
        if self.event_types:
            kind: type = type(event)
            return {"type": tag_of(kind), **converter.unstructure(event)}
        return type_first(converter.unstructure(event, unstructure_as=self.event_type))

    def event_from_json(self, data: Any) -> E:
        """An event from its JSON object (``FieldError`` if it is not one)."""
        if self.event_types:
            json_object(data, "an event")
            kind = self.event_tags.get(data.get("type"))
            if kind is None:
                raise FieldError(f"unknown event type {describe(data.get('type'))} "
                                 f"({', '.join(self.event_tags)})", path="type")
            declared: E = structure({key: value for key, value in data.items()
                                     if key != "type"}, kind)
            return declared
        event: E = structure(data, self.event_type)
        return event

    def view_to_json(self, view: V) -> dict[str, Any]:
        """A view as JSON-ready data: the view's own fields, then (in place where the view
        has a field of that name) the fields every game's view carries (``view_fields``)."""
        data: dict[str, Any] = converter.unstructure(view)
        data.update(self.view_fields(view))
        return data

    def view_fields(self, view: V) -> dict[str, Any]:
        """The fields of a view's JSON that are the same for every game, so a client can
        follow any game without knowing it: ``seat`` (None: a spectator), ``phase``,
        ``to_move`` (the seats that may move now), ``result`` (None, or ``{"winners",
        "reason"}``), ``legal_moves`` (the seat's moves as the JSON objects to send) and
        ``legal_notation`` (the same moves in their text notation, in the same order);
        and ``legal_words`` (each move said to a person, its text where it has no
        words) for a game whose moves declare words."""
        return common_fields(self, view, self.view_status(view))

    def view_status(self, view: V) -> ViewStatus:
        """The phase, the seats that may move now and the result ``view`` shows.

        By default read from the view's attributes: ``phase`` (a str, or an enum whose
        value is one), ``to_move`` (seats) or else ``active_player`` or ``active`` (a
        seat or None), and ``result``. A game whose view keeps them elsewhere (or names
        them otherwise) overrides this; the conformance kit checks the answer agrees
        with ``phase_name``, ``to_move`` and ``result`` of the state.
        """
        result: Result | None = getattr(view, "result", None)
        return ViewStatus(phase_of(self, view), seats_to_move(view), result)

    def web_folder(self) -> Path | None:
        """The folder of the game's drawing for the browser client (an ES module
        ``index.js`` and, optionally, its ``style.css``; see docs/hosting.md), which
        the web host serves at ``games/<id>/web/``: by default the ``web`` folder beside
        the module of the game's class, when it holds an ``index.js``. None: the
        client's fallback, the view as readable data and the legal moves as buttons."""
        return drawing_beside(type(self))

    def setup_to_json(self, setup: U) -> dict[str, Any]:
        """A setup as the JSON object of a log's ``setup`` key."""
        data: dict[str, Any] = converter.unstructure(setup)
        return data

    def setup_from_json(self, data: Any) -> U:
        """A setup from its JSON object, checked for shape (``FieldError``)."""
        return structure(json_object(data, "the setup"), self.setup_type)

    def options_to_json(self, options: O) -> dict[str, Any]:
        """Options as a JSON object."""
        data: dict[str, Any] = converter.unstructure(options)
        return data

    def options_from_json(self, data: Any) -> O:
        """Options from a JSON object (``FieldError``)."""
        return structure(json_object(data, "the options"), self.options_type)

    def result_from_json(self, data: Any) -> Result:
        """A recorded result, checked for shape and for a reason of this game."""
        return result_of_json(data, self.facts.reasons)

    def state_report(self, state: S) -> dict[str, Any]:
        """The game-specific part of ``aves replay --json``'s report on a state."""
        return {}

    def replay_report(self, state: S, moves: int) -> dict[str, Any]:
        """``aves replay --json``'s report on a valid log that reached ``state``."""
        return {**report_of(self, state, moves), **self.state_report(state)}

    def make_log(self, players: tuple[str, ...], setup: U, seed: int | None,
                 moves: tuple[M, ...] = (), result: Result | None = None) -> LogLike:
        """A log value of this game (a ``MoveLog`` unless the game has its own class)."""
        from aves_core.kernel.log import MoveLog

        return MoveLog(game=self.id, players=players, setup=setup, seed=seed, moves=moves,
                       result=result)

    def describe_result(self, result: Result) -> str:
        """Why the game ended, in a few words (``aves replay``'s and ``aves play``'s
        account): the reason's words in ``facts.reason_words``, else its code in words."""
        return self.facts.reason_words.get(result.reason) or result.reason.replace("_", " ")

    # --- bots, search, the terminal -------------------------------------------------

    parts: Mapping[str, str] = {}
    """Where the game's own players and drawings are, ``"module:name"`` (a module
    relative to the game's package when it starts with a dot), imported the first time
    they are asked for: ``"screen"`` (a ``Screen`` class), ``"encoding"`` (an
    ``Encoding`` class, made with the number of players: an ``ActionTable`` subclass
    with the game too), ``"greedy"`` (a bot class),
    ``"bots"`` (a function of the game giving its bots by name, instead of
    ``standard_bots``), ``"search"`` (a function of the game giving its
    ``SearchHooks``). ``{"screen": ".terminal:BoxesScreen"}``."""

    def part(self, name: str) -> Any:
        """The part ``parts`` names (imported now), or None when it names none."""
        return part_of(self, name)

    def bot_factories(self) -> Mapping[str, Callable[[str], Bot]]:
        """The game's bots by name; each factory takes the text after ``name:``.
        Every game has ``random``; ``search`` when it has ``search_hooks``;
        ``greedy`` when its ``parts`` name one (or the bots its ``"bots"`` part gives)."""
        from aves_core.kernel.bots import standard_bots

        make = self.part("bots")
        if make is not None:
            made: Mapping[str, Callable[[str], Bot]] = make(self)
            return made
        return standard_bots(self, greedy=self.part("greedy"))

    def encoding(self, num_players: int) -> Encoding[V, M] | None:
        """The game's fixed action indices and observation layout for learning agents
        (``aves_core.envs``): the ``"encoding"`` part, else one from ``all_moves`` and
        ``features`` when the game gives them (``FeatureEncoding``), else None."""
        if not self._declares_encoding():
            return None
        self.check_players(num_players)
        # Made once per player count and shared (an encoding is read, never changed):
        # a table of every move can take a game's whole setup time to build.
        made: dict[int, Encoding[V, M]] = self.__dict__.setdefault("_encodings", {})
        if num_players not in made:
            from aves_core.kernel.encoding import ActionTable, FeatureEncoding

            kind: Any = self.part("encoding") or FeatureEncoding
            # An ActionTable reads its actions off the game; another class is made with
            # the number of players alone.
            made[num_players] = (kind(self, num_players) if issubclass(kind, ActionTable)
                                 else kind(num_players))
        return made[num_players]

    @property
    def has_encoding(self) -> bool:
        """Whether ``encoding`` gives one (without making it, unless the game writes
        its own ``encoding``)."""
        if type(self).encoding is not Game.encoding:
            return self.encoding(self.facts.min_players) is not None
        return self._declares_encoding()

    def _declares_encoding(self) -> bool:
        return self.part("encoding") is not None or (
            type(self).all_moves is not Game.all_moves
            and type(self).features is not Game.features)

    def all_moves(self, num_players: int, seat: int) -> Sequence[M]:
        """Every move ``seat`` could ever make, in a fixed order: its action indices (the
        same number for every seat)."""
        raise NotImplementedError(f"{self.id} does not list all its moves")

    def features(self, view: V) -> Sequence[float]:
        """What a learning agent observes of a view: a fixed number of values, each from
        0 to 8 (``OBSERVATION_HIGH``)."""
        raise NotImplementedError(f"{self.id} gives no features")

    def search_hooks(self) -> SearchHooks[Any, Any, Any] | None:
        """What the generic search bot needs to play this game, made once: the
        ``"search"`` part's, else, when the game gives ``determinize``, the hooks of
        ``aves_core.kernel.search.view_hooks``, else None."""
        hooks: SearchHooks[Any, Any, Any] | None = self.__dict__.get("_search_hooks")
        if hooks is None:
            make = self.part("search")
            if make is None and type(self).determinize is not Game.determinize:
                from aves_core.kernel.search import view_hooks as make
            if make is None:
                return None
            hooks = self.__dict__["_search_hooks"] = make(self)
        return hooks

    def determinize(self, view: V, rng: random.Random) -> S:
        """A state ``view``'s seat cannot tell from the true one, what it may not know
        drawn at random (for a game of perfect information, the state itself): all the
        search bot needs of a game (``search_hooks``). The state has ``num_players``."""
        raise NotImplementedError(f"{self.id} cannot draw a state from a view")

    def screen(self) -> Screen[Any, Any, Any] | None:
        """How ``aves play`` draws this game in a terminal: the ``"screen"`` part, else
        its views as readable lines and its moves numbered in words (``ViewScreen``)."""
        kind = self.part("screen")
        if kind is not None:
            made: Screen[Any, Any, Any] = kind()
            return made
        from aves_core.kernel.terminal import ViewScreen

        return ViewScreen(self)

    def state_text(self, state: S) -> str:
        """A readable picture of a state (``str`` of it by default)."""
        return str(state)

