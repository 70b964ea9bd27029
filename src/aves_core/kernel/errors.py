"""One error tree for everything aves-core rejects.

Every error carries a stable ``code`` (the strings of the log format's error
table, plus ``bad_argument`` and ``bad_notation``) so that a host can branch
on it without parsing messages. Each class also subclasses the builtin that
fits, so ``except ValueError`` keeps working for callers who know nothing of
aves-core.
"""

from __future__ import annotations

from typing import Any

import attrs

__all__ = [
    "ArgumentError",
    "AvesError",
    "BigInt",
    "IllegalMoveError",
    "LogError",
    "LogProblem",
    "NotationError",
    "SetupError",
]


class AvesError(Exception):
    """Base class of every error aves-core raises on purpose."""

    code: str = "aves_error"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message


class ArgumentError(AvesError, TypeError):
    """An argument of the wrong type was passed to a public function."""

    code = "bad_argument"


class NotationError(AvesError, ValueError):
    """A card or move text could not be parsed."""

    code = "bad_notation"


class SetupError(AvesError, ValueError):
    """A game cannot be set up: code ``bad_players`` or one of the game's own (its
    ``facts.setup_codes``); ``path`` names the bad field of the setup, if one is."""

    def __init__(self, message: str, *, code: str | None = None, path: str | None = None
                 ) -> None:
        super().__init__(message, code=code)
        self.path = path


class IllegalMoveError(AvesError, ValueError):
    """A move is not legal in the given state; ``code`` says which rule it breaks,
    ``move`` is the move and ``phase`` the phase (the game's own enum) it came in."""

    def __init__(
        self,
        message: str,
        *,
        code: str,
        move: Any = None,
        phase: Any = None,
    ) -> None:
        super().__init__(message, code=code)
        self.move = move
        self.phase = phase


class BigInt(int):
    """An integer literal too long to read exactly (over 4,300 digits).

    JSON allows any integer, but converting a huge literal costs time that grows
    with the square of its length, so the log reader keeps such a literal as
    this stand-in: far out of every range the format allows, and written as
    ``<a 10000-digit number>`` so that messages stay one short line.
    """

    digits: int = 0

    def __str__(self) -> str:
        sign = "-" if self < 0 else ""
        return f"<a {sign}{self.digits}-digit number>"

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return str(self)


def require_int(value: object, what: str) -> int:
    """Return ``value`` if it is a true ``int`` (not a bool), else raise ArgumentError."""
    # bool is an int subclass, and a seat of True is a mistake; BigInt is a real integer.
    if type(value) is not int and type(value) is not BigInt:
        raise ArgumentError(f"{what} must be an int, not {type(value).__name__} {value!r}")
    return value


@attrs.frozen
class LogProblem:
    """What is wrong with a log: a stable ``code``, a message, and where it is.

    ``move_index`` is the 0-based index of the move the problem is in, or None
    for the header, the file as a whole and ``result_mismatch``; ``path`` names
    the bad field when there is one (``moves[17].gap``).
    """

    code: str
    message: str
    move_index: int | None = None
    path: str | None = None

    def describe(self) -> str:
        """The message, with the path of the bad field when there is one, on one line."""
        text = f"{self.message} (at {self.path})" if self.path else self.message
        return one_line(text)

    def __str__(self) -> str:
        where = f"move {self.move_index}: " if self.move_index is not None else ""
        return f"{where}{self.describe()}"


class LogError(AvesError, ValueError):
    """A log that cannot be read or replayed; ``problem`` says what and where."""

    def __init__(self, problem: LogProblem) -> None:
        super().__init__(str(problem), code=problem.code)
        self.problem = problem
        self.move_index = problem.move_index
        self.path = problem.path


def one_line(text: str) -> str:
    """``text`` with line breaks and other unprintable characters escaped."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


def log_error(code: str, message: str, move_index: int | None = None,
              path: str | None = None) -> LogError:
    """A LogError for one problem."""
    return LogError(LogProblem(code, message, move_index, path))
