"""The conformance kit: the properties every game of aves-core keeps, checked by one call.

``check_game(game)`` plays seeded random games of ``game`` and checks, at every
state reached, what AVES proves of itself:

- **legal moves agree with the checked apply**: ``apply`` accepts a move exactly
  when it is in ``legal_moves`` (moves of other states are tried too), raises
  ``IllegalMoveError`` and nothing else otherwise, and ``is_legal``, ``step``
  and ``apply_with_events`` agree with it; ``is_legal`` answers False for a value
  that is no move and raises ``ArgumentError`` for a state that is none;
- **nothing mutates**: no state is changed by anything done to it;
- **determinism from the setup**: the same seed gives the same setup, the same
  setup and moves the same states;
- **replay round trip**: the game's log, written as JSON and JSON Lines, reads
  back equal and replays valid to the same state;
- **the door**: a refused move's error has one of the game's declared codes
  (``refusals``) and a message that starts with the move's text, and ``refusal``
  gives the same error as ``apply``;
- **one text per move**: every text one slip away from a move's text (a stray
  space, a tab, a leading zero, another script's digit, another case) is refused
  as ``bad_notation`` or is exactly the text of the move it reads as;
- **the phase machine**: every step from one resting phase to another follows a
  declared transition (through automatic phases only), and every legal move is of
  a kind its phase declares it accepts;
- **invariants**: no state breaks what the game's ``invariants`` name;
- **the encoding** (with NumPy, for a game that has one): observations lie in the
  adapters' box and legal moves have distinct action indices that name them back;
- **event folding agrees with views**, for a game that folds (``update_view``):
  every seat's (and a spectator's) view, folded with its redacted events, is its
  view of the next state; undo events fold back to the view before;
- **no hidden information**: states a seat cannot tell apart (the game's
  ``indistinguishable``) give that seat equal views, equal view JSON and
  ``repr``, and equal redacted events wherever its next views are equal;
- **common view fields**: every view's JSON carries ``seat``, ``phase``,
  ``to_move``, ``result``, ``legal_moves`` and ``legal_notation`` as the state
  and the game's notation give them (``Game.view_fields``);
- notation, JSON and result sanity: moves, events, setups and options
  round-trip, results name real seats and the game's reasons;
- **chance during play** (``Chance.PLAY``): random games settle every chance
  node with the game's ``chance_generator`` of the seed. A chance node has no
  seat to move, no legal move and no result, refuses every seat's move, and no
  seat's view offers a move there; its chance move names no seat, is the same
  for the same generator, is accepted by ``apply`` (``step`` and
  ``apply_with_events`` agree), round-trips through text and JSON, is never
  undone, and its events fold into every view; the log with its chance moves
  replays through the same states; and the no-leak checks run across chance
  moves too: in states a seat cannot tell apart, and between chance moves
  whose outcomes it cannot tell apart (a reshuffle's events must not give the
  new deck's order). The first state (after ``start``) awaits no chance: a
  random choice made before the first move belongs in the setup.
- **unseen choices**: two moves of one seat that leave a watcher's next views equal
  give that watcher equal events (a sealed bid's or a face-down discard's events
  say that it was made, never what it was); where several seats may move at once,
  each seat's view lists its own moves only.

The random games choose their moves by turns with each of the kit's policies
(``aves_core.testing.policies``: uniform, kinds first, a stubborn preference that
runs resources out, long games), so rare states are reached too.

A failure raises ``ConformanceError`` (an ``AssertionError``) that names the
property, the game, the seed and the move. No test framework is needed: call it
from any test (``assert check_game(get_game("soulaween")).states > 0``).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from aves_core.kernel.errors import ArgumentError, IllegalMoveError, NotationError
from aves_core.kernel.game import Chance, Game
from aves_core.kernel.log import dump_log, read_log
from aves_core.kernel.replay import replay, states
from aves_core.testing.declared import PhaseRoutes, encoding_problem, text_variants
from aves_core.testing.policies import POLICIES, policy

__all__ = ["ConformanceError", "Report", "check_game"]

AnyGame = Game[Any, Any, Any, Any, Any, Any]


class ConformanceError(AssertionError):
    """A game breaks a property of the kit; the message says which, where and how."""


@attrs.define
class Report:
    """What ``check_game`` checked: games played, states and moves examined."""

    game: str
    games: int = 0
    states: int = 0
    moves: int = 0
    tried: int = 0
    """Candidate moves tried against ``apply`` (legal and not)."""
    chance_moves: int = 0
    """Chance moves drawn and checked (their states are among ``states``)."""
    phases: set[str] = attrs.field(factory=set)
    """The resting phases the random games reached."""
    kinds: set[str] = attrs.field(factory=set)
    """The kinds of move (tags) the random games played."""


class _Checker:
    """One game's checks; ``where`` says which game, seed and move the checks are at."""

    def __init__(self, game: AnyGame, report: Report, rng: random.Random,
                 num_players: int) -> None:
        self.game = game
        self.report = report
        self.rng = rng
        self.where = ""
        self.pool: list[Any] = []  # moves seen anywhere: most are illegal elsewhere
        machine = getattr(game, "phases", None)
        self.routes = PhaseRoutes(machine) if machine is not None else None
        self.folds = type(game).update_view is not Game.update_view
        self.codes = game.door.codes if game.refusals else None
        self.encoding = _encoding(game, num_players)

    def fail(self, prop: str, detail: str) -> ConformanceError:
        return ConformanceError(f"{self.game.id}: {prop}: {detail} ({self.where})")

    def expect(self, condition: bool, prop: str, detail: str) -> None:
        if not condition:
            raise self.fail(prop, detail)

    # --- one state ------------------------------------------------------------

    def state(self, state: Any, num_players: int) -> tuple[Any, ...]:
        """Every check of one state; returns its legal moves."""
        game = self.game
        self.report.states += 1
        legal = game.legal_moves(state)
        result = game.result(state)
        to_move = game.to_move(state)
        awaits = game.awaits_chance(state)
        self.expect(isinstance(legal, tuple), "legal moves", "legal_moves must be a tuple")
        if awaits:
            self.expect(game.facts.chance is Chance.PLAY, "chance node",
                        f"the state awaits chance but the game's facts say chance is "
                        f"{game.facts.chance.value!r}, not 'play'")
            self.expect(result is None and not to_move and not legal, "chance node",
                        f"a state awaiting chance has result {result}, to_move {to_move} "
                        f"and {len(legal)} legal moves: it must have none of them")
        else:
            self.expect((result is None) == bool(to_move) == bool(legal), "game end",
                        f"result {result}, to_move {to_move} and {len(legal)} legal moves "
                        "disagree on whether the game is over")
        if result is not None:
            self.expect(result.reason in game.facts.reasons, "result",
                        f"reason {result.reason!r} is not one of {game.facts.reasons}")
            self.expect(bool(result.winners) and all(0 <= seat < num_players
                                                     for seat in result.winners),
                        "result", f"winners {result.winners} are not seats")
        phases = {phase.value for phase in game.phases.phases}
        resting = phases - {phase.value for phase in game.phases.automatic}
        phase = game.phase_name(state)
        self.expect(phase in resting, "phases",
                    f"phase {phase!r} is not a resting phase of {phases}")
        self.report.phases.add(phase)
        if self.routes is not None:
            for move in legal:
                problem = self.routes.move_problem(phase, game.door.tag(type(move)))
                self.expect(problem is None, "phase machine", str(problem))
        broken = list(game.invariants(state))
        self.expect(not broken, "invariants", "; ".join(map(str, broken)))
        self.moves_agree(state, legal, awaits)
        self.views(state, num_players)
        if not awaits:  # a chance node's no-leak checks need its chance move: chance()
            self.hidden(state, legal, num_players)
        return legal

    def moves_agree(self, state: Any, legal: tuple[Any, ...], awaits: bool = False) -> None:
        game = self.game
        before = copy.deepcopy(state)
        text = repr(state)
        candidates = list(legal)
        if self.pool:
            candidates += self.rng.sample(self.pool, min(len(self.pool), 24))
        legal_set = set(legal)
        prop = "chance node" if awaits else "legal moves agree"
        for move in candidates:
            if awaits and game.mover(move) is None:
                continue  # another node's chance move may fit this one: see chance()
            self.report.tried += 1
            is_legal = move in legal_set
            self.expect(game.is_legal(state, move) == is_legal, prop,
                        f"is_legal says {not is_legal} for {game.move_text(move)}, "
                        f"legal_moves says {is_legal}")
            try:
                after = game.apply(state, move)
            except IllegalMoveError as error:
                self.expect(not is_legal, prop,
                            f"apply refused {game.move_text(move)}, a legal move")
                self.refused(state, move, error)
                continue
            except Exception as error:  # anything else is a bug: say which
                raise self.fail(prop, f"apply raised {type(error).__name__}: "
                                f"{error} for {game.move_text(move)}") from error
            self.expect(is_legal, prop,
                        f"apply accepted {game.move_text(move)}, which is not in legal_moves"
                        + (" (the state awaits chance: no seat may move)" if awaits else ""))
            self.expect(game.step(state, move) == after, "step",
                        f"step and apply disagree on {game.move_text(move)}")
            with_events, _events = game.apply_with_events(state, move)
            self.expect(with_events == after, "apply with events",
                        f"apply_with_events and apply disagree on {game.move_text(move)}")
            self.round_trips(move)
        try:
            junk = game.is_legal(state, ("not", "a", "move"))
        except Exception as error:  # a public function's bad argument: never a crash
            raise self.fail(prop, f"is_legal raised {type(error).__name__} for a value "
                            "that is no move: it is simply not legal") from error
        self.expect(junk is False, prop, "is_legal says a value that is no move is legal")
        try:
            game.is_legal(None, legal[0] if legal else None)
        except ArgumentError:
            pass
        except Exception as error:
            raise self.fail(prop, f"is_legal raised {type(error).__name__} for a state "
                            "that is None: an ArgumentError says what is wrong") from error
        else:
            raise self.fail(prop, "is_legal accepted None as a state")
        self.expect(state == before and repr(state) == text, "nothing mutates",
                    "a state changed while its moves were tried")
        self.pool.extend(legal[:8])

    def refused(self, state: Any, move: Any, error: IllegalMoveError) -> None:
        """A refusal names a declared code, starts with the move's text, and is what
        ``refusal`` says too."""
        game = self.game
        text = game.move_text(move)
        self.expect(str(error).startswith(text), "the door",
                    f"the refusal of {text} does not start with its text: {error}")
        if self.codes is not None:
            self.expect(error.code in self.codes, "the door",
                        f"{text} was refused with {error.code!r}, which the game's refusals "
                        f"do not declare ({', '.join(self.codes)})")
        again = game.refusal(state, move)
        self.expect(again is not None and again.code == error.code, "the door",
                    f"refusal says {again and again.code!r} of {text}, apply {error.code!r}")

    def round_trips(self, move: Any) -> None:
        game = self.game
        text = game.move_text(move)
        self.expect(game.parse_move(text) == move, "notation", f"{text!r} does not read back")
        for variant in text_variants(text):
            try:
                read = game.parse_move(variant)
            except NotationError:
                continue
            except Exception as error:
                raise self.fail("notation", f"parse_move({variant!r}) raised "
                                f"{type(error).__name__}: {error}") from error
            self.expect(game.move_text(read) == variant, "one text per move",
                        f"{variant!r} reads as {game.move_text(read)!r}: a move has one text, "
                        "and any other text is bad_notation")
        data = json.loads(json.dumps(game.move_to_json(move)))
        self.expect(game.move_from_json(data) == move, "move JSON",
                    f"{data} does not read back as {text}")

    def views(self, state: Any, num_players: int) -> None:
        game = self.game
        for seat in [*range(num_players), None]:
            view = game.view(state, seat)
            if self.encoding is not None and seat is not None:
                problem = encoding_problem(self.encoding, view, tuple(view.legal_moves))
                self.expect(problem is None, "encoding", f"seat {seat}: {problem}")
            data = game.view_to_json(view)
            json.dumps(data)  # must be JSON-ready
            mine = tuple(view.legal_moves)
            self.common_fields(state, seat, data, mine)
            if seat is not None and seat in game.to_move(state):
                expected = tuple(move for move in game.legal_moves(state)
                                 if game.mover(move) == seat)
                self.expect(mine == expected, "views",
                            f"seat {seat}'s view lists other moves than legal_moves")
            else:
                self.expect(not mine, "views", f"seat {seat} may not move but its view "
                            "lists moves")

    def common_fields(self, state: Any, seat: int | None, data: Any,
                      moves: tuple[Any, ...]) -> None:
        """The view JSON's fields every game shares agree with the state (a client that
        knows no game follows any game by them)."""
        game = self.game
        result = game.result(state)
        expected = {
            "seat": seat,
            "phase": game.phase_name(state),
            "to_move": list(game.to_move(state)),
            "result": None if result is None else {"winners": list(result.winners),
                                                   "reason": result.reason},
            "legal_moves": [game.move_to_json(move) for move in moves],
            "legal_notation": [game.move_text(move) for move in moves],
        }
        if game.move_types and game.notation.has_words:
            expected["legal_words"] = [game.move_words(move) or game.move_text(move)
                                       for move in moves]
        for key, value in expected.items():
            self.expect(type(data) is dict and data.get(key, ...) == value,
                        "common view fields", f"seat {seat}'s view JSON has {key} "
                        f"{data.get(key, 'missing') if type(data) is dict else data!r:.80}, "
                        f"not {value!r:.80}")

    def hidden(self, state: Any, legal: tuple[Any, ...], num_players: int) -> None:
        """States a seat cannot tell apart look the same to it, and so do the events
        of the same move (``legal``: at a chance node, its chance move) in each."""
        game = self.game
        for seat in [*range(num_players), None]:
            other = game.indistinguishable(state, seat, self.rng)
            mine, theirs = game.view(state, seat), game.view(other, seat)
            self.expect(mine == theirs, "no hidden information",
                        f"seat {seat} sees a difference between states it may not tell apart")
            self.expect(repr(mine) == repr(theirs), "no hidden information",
                        f"the repr of seat {seat}'s view shows what it may not know")
            self.expect(game.view_to_json(mine) == game.view_to_json(theirs),
                        "no hidden information",
                        f"the JSON of seat {seat}'s view shows what it may not know")
            other_legal = set(game.legal_moves(other))
            for move in legal[:12]:
                chance = game.mover(move) is None
                if not chance and move not in other_legal:
                    continue
                after, events = game.apply_with_events(state, move)
                try:
                    after_other, events_other = game.apply_with_events(other, move)
                except IllegalMoveError:
                    if chance:  # the chance move does not fit the redrawn state
                        continue
                    raise
                self.same_events(seat, move, (after, events), (after_other, events_other))
        if legal:
            self.unseen_choices(state, legal, num_players)

    def unseen_choices(self, state: Any, legal: tuple[Any, ...], num_players: int) -> None:
        """No seat learns from its events which of its moves another seat chose while
        its views cannot tell them apart (a face-down discard, a sealed bid)."""
        game = self.game
        by_mover: dict[int | None, list[Any]] = {}
        for move in legal:
            by_mover.setdefault(game.mover(move), []).append(move)
        for mover, moves in by_mover.items():
            if len(moves) < 2:
                continue
            picked = [moves[0], *self.rng.sample(moves[1:], min(len(moves) - 1, 4))]
            applied = [game.apply_with_events(state, move) for move in picked]
            for watcher in [*range(num_players), None]:
                if watcher == mover:
                    continue
                for move, other in zip(picked[1:], applied[1:], strict=True):
                    self.same_events(watcher, move, applied[0], other,
                                     f"{game.move_text(picked[0])} (against "
                                     f"{game.move_text(move)}, the same seat's choice)")

    def same_events(self, seat: int | None, move: Any, one: tuple[Any, Any],
                    two: tuple[Any, Any], what: str = "") -> None:
        """Where ``seat``'s next views are equal, its redacted events must be too."""
        game = self.game
        (after, events), (after_other, events_other) = one, two
        if game.view(after, seat) != game.view(after_other, seat):
            return  # the move shows the seat something new: fine to differ
        seen = game.events_for(events, seat)
        seen_other = game.events_for(events_other, seat)
        self.expect(seen == seen_other and repr(seen) == repr(seen_other)
                    and [game.event_to_json(e) for e in seen]
                    == [game.event_to_json(e) for e in seen_other],
                    "no hidden information",
                    f"seat {seat}'s events of {what or game.move_text(move)} show what it "
                    "may not know")

    def chance(self, state: Any, num_players: int, generator: random.Random) -> Any:
        """Every check of a chance node's chance move; returns the move, drawn from
        ``generator``."""
        game = self.game
        self.report.chance_moves += 1
        copied = random.Random()
        try:
            copied.setstate(generator.getstate())
        except NotImplementedError:  # a SystemRandom: no seed can fix the game
            raise self.fail("chance generator", "chance_generator gave a generator no seed "
                            "fixes (random.SystemRandom) for the seed of a setup") from None
        move = game.chance_move(state, generator)
        text = game.move_text(move)
        self.expect(game.chance_move(state, copied) == move, "chance move",
                    f"the same generator drew {text} and then another chance move")
        self.expect(game.mover(move) is None, "chance move",
                    f"the chance move {text} names seat {game.mover(move)}: no seat makes it")
        try:
            after = game.apply(state, move)
        except IllegalMoveError as error:
            raise self.fail("chance move", f"apply refused the drawn chance move {text}: "
                            f"{error.code}: {error}") from None
        self.expect(game.step(state, move) == after, "step",
                    f"step and apply disagree on the chance move {text}")
        after_events, events = game.apply_with_events(state, move)
        self.expect(after_events == after, "apply with events",
                    f"apply_with_events and apply disagree on the chance move {text}")
        self.round_trips(move)
        self.pool.append(move)
        self.hidden(state, (move,), num_players)
        # The chance outcome is hidden information too: outcomes a seat cannot tell
        # apart (the same card drawn, the rest of a new deck unseen) must give it the
        # same events.
        for _ in range(3):
            other_move = game.chance_move(state, self.rng)
            other = game.apply_with_events(state, other_move)
            for seat in [*range(num_players), None]:
                self.same_events(seat, move, (after, events), other,
                                 f"the chance move {text} (against {game.move_text(other_move)})")
        return move

    # --- one move ---------------------------------------------------------------

    def step(self, before: Any, move: Any, num_players: int) -> Any:
        """Apply a legal move and check the events fold into every view, undo too."""
        game = self.game
        self.report.moves += 1
        after, events = game.apply_with_events(before, move)
        self.report.kinds.add(game.door.tag(type(move)))
        if self.routes is not None:
            problem = self.routes.step_problem(game.phase_name(before), game.phase_name(after))
            self.expect(problem is None, "phase machine",
                        f"{game.move_text(move)}: {problem}")
        for event in events:
            data = json.loads(json.dumps(game.event_to_json(event)))
            self.expect(game.event_from_json(data) == event, "event JSON",
                        f"{data} does not read back")
        for seat in [*range(num_players), None] if self.folds else ():
            folded = game.update_view(game.view(before, seat), game.events_for(events, seat))
            self.expect(folded == game.view(after, seat), "event folding agrees with views",
                        f"seat {seat}'s view folded with its events of "
                        f"{game.move_text(move)} is not its view after")
        for seat in range(num_players):
            undo = game.undo(before, move, events, after, seat)
            if undo is not None and game.mover(move) is None:
                raise self.fail("undo", f"seat {seat} may undo the chance move "
                                f"{game.move_text(move)}: chance is never taken back")
            if undo is None or not self.folds:
                continue
            for watcher in [*range(num_players), None]:
                folded = game.update_view(game.view(after, watcher),
                                          game.events_for(undo, watcher))
                self.expect(folded == game.view(before, watcher), "undo",
                            f"seat {watcher}'s view folded with the undo of "
                            f"{game.move_text(move)} by seat {seat} is not its view before")
        return after


def _encoding(game: AnyGame, num_players: int) -> Any:
    """The game's encoding for the kit's checks, where NumPy is there to run it."""
    try:
        import numpy  # noqa: F401 - only whether it is there
    except ImportError:  # pragma: no cover - the adapters' extra is not installed
        return None
    return game.encoding(num_players)


def _player_counts(game: AnyGame, num_players: int | Sequence[int] | None) -> list[int]:
    if num_players is None:
        return list(range(game.facts.min_players, game.facts.max_players + 1))
    if isinstance(num_players, int):
        return [num_players]
    return list(num_players)


def check_game(game: AnyGame, *, num_players: int | Sequence[int] | None = None,
               options: Iterable[Any] | None = None, games: int = 12, seed: int = 0,
               max_moves: int = 120, policies: Sequence[str] = tuple(POLICIES)) -> Report:
    """Play ``games`` seeded random games of ``game`` (for each player count and each of
    ``options``, by default every count the game allows and its default options; each
    game's moves chosen by the next of ``policies``) and check every property of the
    kit; raise ``ConformanceError`` at the first failure."""
    if not isinstance(game, Game):
        raise ArgumentError(f"check_game needs a Game, not {type(game).__name__}")
    unknown = [name for name in policies if name not in POLICIES]
    if unknown or not policies:
        raise ArgumentError(f"no move policy {unknown[0] if unknown else 'given'!r}: choose "
                            f"from {', '.join(POLICIES)}")
    report = Report(game.id)
    counts = _player_counts(game, num_players)
    option_list = list(options) if options is not None else [game.default_options()]
    for index in range(games):
        count = counts[index % len(counts)]
        chosen = option_list[(index // len(counts)) % len(option_list)]
        _check_one(game, report, count, chosen, seed * 1_000_003 + index, max_moves,
                   policies[index % len(policies)])
    return report


def _check_one(game: AnyGame, report: Report, num_players: int, options: Any, seed: int,
               max_moves: int, policy_name: str = "uniform") -> None:
    rng = random.Random(seed)  # the moves'; the checks draw from their own
    choose = policy(policy_name)
    checker = _Checker(game, report, random.Random(~seed), num_players)
    checker.where = f"{num_players} players, options {options!r}, seed {seed}, setup"
    setup = game.new_setup(num_players, options, seed)
    checker.expect(game.new_setup(num_players, options, seed) == setup, "determinism",
                   "the same seed gave two setups")
    checker.expect(game.setup_from_json(json.loads(json.dumps(game.setup_to_json(setup))))
                   == setup, "setup JSON", "the setup does not read back from its JSON")
    checker.expect(game.options_from_json(game.options_to_json(options)) == options,
                   "options JSON", "the options do not read back from their JSON")
    state = game.start(num_players, setup)
    checker.expect(game.start(num_players, setup) == state, "determinism",
                   "the same setup started two states")
    checker.expect(not game.awaits_chance(state), "chance node",
                   "the first state awaits chance: a random choice made before the first "
                   "move belongs in the setup")
    generator = game.chance_generator(num_players, options, seed)
    reached: list[Any] = [state]
    moves: list[Any] = []
    played = drawn = 0  # the seats' moves, and chance moves in a row
    while True:
        checker.where = (f"{num_players} players, seed {seed}, {policy_name} moves, before "
                         f"move {len(moves)}")
        legal = checker.state(state, num_players)
        if game.awaits_chance(state):
            drawn += 1
            checker.expect(drawn <= 100, "chance node", "100 chance moves in a row: the "
                           "chance moves never lead to a seat's move or the end")
            move = checker.chance(state, num_players, generator)
        else:
            if not legal or played == max_moves:
                break
            move = choose(game, state, legal, rng)
            played += 1
            drawn = 0
        state = checker.step(state, move, num_players)
        reached.append(state)
        moves.append(move)
    checker.where = f"{num_players} players, seed {seed}, the replay of {len(moves)} moves"
    again = game.start(num_players, setup)
    for move in moves:
        again = game.apply(again, move)
    checker.expect(again == state, "determinism", "the same moves reached another state")
    _check_log(checker, game, num_players, setup, seed, moves, reached)
    report.games += 1


def _check_log(checker: _Checker, game: AnyGame, num_players: int, setup: Any, seed: int,
               moves: list[Any], reached: list[Any]) -> None:
    state = reached[-1]
    names = tuple(f"p{seat}" for seat in range(num_players))
    log = game.make_log(names, setup, seed, tuple(moves), game.result(state))
    for fmt in ("json", "jsonl"):
        text = dump_log(log, fmt)
        checker.expect(read_log(text) == log, "replay round trip",
                       f"the {fmt} log does not read back equal")
        outcome = replay(text)
        checker.expect(outcome.valid, "replay round trip",
                       f"the {fmt} log of a legal game replays with {outcome.problem}")
        checker.expect(outcome.state == state and outcome.moves == len(moves),
                       "replay round trip", f"the {fmt} log replays to another state")
    checker.expect(replay(log).state == state, "replay round trip",
                   "the log value replays to another state")
    checker.expect(list(states(log)) == reached, "replay round trip",
                   "the log's states (its chance moves included) are not those played")
