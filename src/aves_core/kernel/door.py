"""The checked door as data: a game's refusals, listed in its rules' order.

A game declares ``refusals``, an ordered tuple of ``Refusal(code, check, moves)``:
each ``check(state, move)`` says why the move breaks that rule (a short sentence)
or None. The kernel runs them in order and refuses a move with the first code it
breaks, so refusal order is data, read off the rules ("codes, checked in this
order") and tested once, here in the kernel. A check runs only after every
earlier one has passed, so it may count on them (``not_held`` after
``unknown_tile`` knows every tile exists), and it judges the whole move (every
token of a finish), not its first part.

The game then writes its ``transition(state, move, events)`` for legal moves, and
the kernel derives the rest: ``apply`` (the door, then the transition),
``is_legal`` (no check refuses), ``apply_with_events`` and ``step``; a refusal's
message starts with the move's text. The checks every game needs are given:

- ``BAD_NOTATION``: a field whose value has no text (``aves_core.kernel.notation``);
- ``GAME_OVER``: the game has a result;
- ``NOT_YOUR_TURN``: the move's seat is not among ``to_move`` (a chance move, which
  no seat makes, is left to its phase);
- ``WRONG_PHASE``: the move's tag is not among those its phase accepts, as the
  phase machine declares them (``PhaseMachine(actions=...)``);
- ``UNLISTED`` (``illegal_move``): the move is not among ``legal_moves``: the last
  resort of a game that names no rule of its own.

A ``check`` may also be the name of a method of the game (``"not_ten"``), for a
check that needs the game itself.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from aves_core.kernel.errors import ArgumentError, IllegalMoveError

if TYPE_CHECKING:
    pass

__all__ = [
    "BAD_NOTATION",
    "GAME_OVER",
    "NOT_YOUR_TURN",
    "STANDARD",
    "UNLISTED",
    "WRONG_PHASE",
    "Door",
    "Refusal",
    "quoted",
    "refuse",
]

Check = Callable[[Any, Any], "str | None"]


@attrs.frozen
class _Standard:
    """A check the kernel runs for any game: ``judge(game, state, move)``."""

    name: str
    judge: Callable[[Any, Any, Any], str | None]


@attrs.frozen
class Refusal:
    """One rule of the door: its stable ``code``, the ``check`` that says why a move
    breaks it (or None), and the move classes it judges (``moves``; empty: all)."""

    code: str
    check: Check | str | _Standard
    moves: tuple[type, ...] = ()


def refuse(code: str, check: Check | str, *moves: type) -> Refusal:
    """``Refusal(code, check, moves)``: ``refuse("not_held", not_held, Discard, Get)``."""
    return Refusal(code, check, moves)


def _unwritten(game: Any, _state: Any, move: Any) -> str | None:
    spec = game.notation.by_class.get(type(move)) if game.move_types else None
    return None if spec is None else spec.unwritten(move)


def _over(game: Any, state: Any, _move: Any) -> str | None:
    return None if game.result(state) is None else "the game is over"


def _out_of_turn(game: Any, state: Any, move: Any) -> str | None:
    seat = game.mover(move)
    if seat is None:
        return None  # a chance move: its phase says whether it is due
    to_move = game.to_move(state)
    if seat in to_move:
        return None
    if not to_move:
        return f"it is nobody's turn, not seat {seat}'s"
    if len(to_move) == 1:
        return f"it is seat {to_move[0]}'s turn, not seat {seat}'s"
    return f"seat {seat} may not move now (seats {', '.join(map(str, to_move))} may)"


def _wrong_phase(game: Any, state: Any, move: Any) -> str | None:
    door: Door = game.door
    phase = game.phase_name(state)
    accepted = door.actions.get(phase)
    if accepted is None:
        return None  # the machine declares no moves for any phase: nothing to judge
    tag = door.tag(type(move))
    if tag in accepted:
        return None
    where = [name for name, tags in door.actions.items() if tag in tags]
    places = " or ".join(where) if where else "no phase"
    return f"{tag} is a move of {places}, not of {phase}"


def _unlisted(game: Any, state: Any, move: Any) -> str | None:
    return None if move in game.legal_moves(state) else "it is not one of the legal moves"


BAD_NOTATION = Refusal("bad_notation", _Standard("bad_notation", _unwritten))
"""A field with no text: the move is no move of the notation (``bad_notation``)."""
GAME_OVER = Refusal("game_over", _Standard("game_over", _over))
"""The game is over (``game_over``)."""
NOT_YOUR_TURN = Refusal("not_your_turn", _Standard("not_your_turn", _out_of_turn))
"""The move's seat may not move now (``not_your_turn``)."""
WRONG_PHASE = Refusal("wrong_phase", _Standard("wrong_phase", _wrong_phase))
"""The phase does not accept moves of this kind (``wrong_phase``)."""
UNLISTED = Refusal("illegal_move", _Standard("illegal_move", _unlisted))
"""Not among the legal moves (``illegal_move``), for a game that names no rule."""

STANDARD = (BAD_NOTATION, GAME_OVER, NOT_YOUR_TURN, WRONG_PHASE, UNLISTED)
"""The door of a game that declares none: each standard check, then ``UNLISTED``."""


class Door:
    """One game's refusals compiled: for each move class, its checks in order."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.refusals: tuple[Refusal, ...] = tuple(game.refusals) or STANDARD
        self.codes: tuple[str, ...] = tuple(dict.fromkeys(r.code for r in self.refusals))
        """The door's codes in order, each once."""
        self.move_types: tuple[type, ...] = tuple(game.move_types)
        self._tags = ({cls: game.notation.by_class[cls].tag for cls in self.move_types}
                      if self.move_types else {})
        # Without declared move classes a move's tag is unknown: no phase check then.
        self.actions = _actions(game, set(self._tags.values())) if self.move_types else {}
        self._bound = [(refusal.code, _bind(game, refusal.check), refusal.moves)
                       for refusal in self.refusals]
        self._checks: dict[type, tuple[tuple[str, Check], ...]] = {}
        for cls in self.move_types:
            self.checks(cls)

    def tag(self, cls: type) -> str:
        """The tag of a move class (its JSON ``"type"``)."""
        tag = self._tags.get(cls)
        return cls.__name__.lower() if tag is None else tag

    def checks(self, cls: type) -> tuple[tuple[str, Check], ...]:
        """The (code, check) pairs that judge a move of class ``cls``, in order."""
        found = self._checks.get(cls)
        if found is None:
            spec = self.game.notation.by_class.get(cls) if self.move_types else None
            found = self._checks[cls] = tuple(
                (code, _remembered(spec.judge)
                 if refusal is BAD_NOTATION and spec is not None else check)
                for refusal, (code, check, moves) in zip(self.refusals, self._bound,
                                                        strict=True)
                if not moves or issubclass(cls, moves))
        return found

    def admits(self, move: object) -> bool:
        """Whether ``move`` is a value of one of the game's move classes (any value,
        for a game that declares none)."""
        return not self.move_types or type(move) in self._tags

    def breaks(self, state: Any, move: Any) -> tuple[str, str] | None:
        """The first (code, reason) ``move`` breaks in ``state``, or None."""
        for code, check in self.checks(type(move)):
            why = check(state, move)
            if why is not None:
                return code, why
        return None

    def refused(self, state: Any, move: Any) -> IllegalMoveError:
        """The error of the first refusal ``move`` breaks (an ``ArgumentError`` for a
        value of no move class of the game)."""
        game = self.game
        if not self.admits(move):
            raise ArgumentError(f"not a {game.facts.name} move: {type(move).__name__}")
        broken = self.breaks(state, move)
        if broken is None:
            raise AssertionError(f"{game.id}: is_legal refuses {game.move_text(move)}, but "
                                 "no refusal of the game's door does: they must agree")
        code, why = broken
        return IllegalMoveError(f"{quoted(game.move_text(move))}: {why}", code=code, move=move,
                                phase=_phase(game, state))


def _bind(game: Any, check: Check | str | _Standard) -> Check:
    if isinstance(check, _Standard):
        return functools.partial(check.judge, game)  # no frame of its own: every move
    if isinstance(check, str):
        bound: Check = getattr(game, check)
        return bound
    return check


def _actions(game: Any, tags: set[str]) -> dict[str, frozenset[str]]:
    """Each resting phase's accepted tags, by the phase's name; empty when the machine
    declares none. A tag that is no move's is the declaration's error."""
    machine = getattr(game, "phases", None)
    declared = getattr(machine, "actions", None) or {}
    actions = {phase.value: frozenset(names) for phase, names in declared.items()}
    if not any(actions.values()):
        return {}
    if tags:
        unknown = sorted(set().union(*actions.values()) - tags)
        if unknown:
            raise ArgumentError(f"{game.id}: the phase machine's actions name {unknown[0]!r}, "
                                f"which is no move's tag ({', '.join(sorted(tags))})")
    resting = {phase.value for phase in machine.phases} - {  # type: ignore[union-attr]
        phase.value for phase in machine.automatic}  # type: ignore[union-attr]
    return {phase: tags_ for phase, tags_ in actions.items() if phase in resting}


def _remembered(judge: Check) -> Check:
    """BAD_NOTATION's check of one move class, remembering its answers: whether a move
    has a text depends on the move alone, the door asks it of every move, and a game's
    moves are few and mostly shared, so an answer costs a look-up (a few thousand kept)."""
    answers: dict[Any, str | None] = {}

    def check(state: Any, move: Any) -> str | None:
        try:
            return answers[move]
        except KeyError:
            if len(answers) >= 4096:
                answers.clear()
            why = answers[move] = judge(state, move)
            return why
        except TypeError:  # a value no dict can hold (a field of unhashable values)
            return judge(state, move)

    return check


def quoted(text: str) -> str:
    """``text`` as a message shows it: as it is when every character of it is printable,
    else its ``repr``. A move's fields may hold any string a client sent (a lone
    surrogate, a control character), and a message holding one could not be encoded
    as UTF-8 or would hide what was sent: the ``repr`` is ASCII-safe and shows it."""
    return text if text.isprintable() else repr(text)


def _phase(game: Any, state: Any) -> Any:
    """The game's own phase value for ``state`` (its name if it is no enum's)."""
    name = game.phase_name(state)
    machine = getattr(game, "phases", None)
    try:
        return machine.phases(name) if machine is not None else name
    except ValueError:
        return name

