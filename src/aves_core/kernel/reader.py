"""Reading log files and texts into a stream of raw entries, never trusting them.

A reader yields ``("header", data)``, then ``("move", data)`` for each move
and ``("result", data)`` if one is recorded, where ``data`` is parsed JSON not
yet checked for shape. Problems of the file itself (not JSON, cut off, too
large, unreadable) are raised as ``LogError`` at the point they are met, so
every complete move before them is still seen. JSON Lines files are read one
bounded line at a time.
"""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal, cast

from aves_core.kernel.errors import ArgumentError, BigInt, LogError, log_error

__all__ = ["Entry", "Format", "JsonLines", "decode_json", "read_entries"]

Format = Literal["json", "jsonl"]
"""A log's two forms: one JSON document, or JSON Lines."""
Entry = tuple[Literal["header", "move", "result"], Any]
"""One entry of a log as read: its kind and its JSON value."""

MAX_LINE_BYTES = 1 << 20
"""The longest JSON Lines line read (1 MiB); a move's line is under 100 bytes."""
MAX_DOCUMENT_BYTES = 64 << 20
"""The largest ``.json`` document read whole (64 MiB); larger logs belong in JSON Lines."""
_BIG_INT_DIGITS = 4300  # Python's default limit on the digits of an int read from text


def _parse_int(text: str) -> int:
    if len(text) <= _BIG_INT_DIGITS:
        return int(text)
    big = BigInt(-(10**_BIG_INT_DIGITS) if text.startswith("-") else 10**_BIG_INT_DIGITS)
    big.digits = len(text.lstrip("-"))
    return big


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in JSON")


def _object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise ValueError(f"the key {key!r} appears twice in one object")
            seen.add(key)
    return data


_DECODER = json.JSONDecoder(
    object_pairs_hook=_object_without_duplicates,
    parse_int=_parse_int,
    parse_constant=_refuse_constant,
)
# Without the parse_int hook: faster, and safe while Python's own limit on integer
# literals (4,300 digits by default) refuses the huge ones, which then go to _DECODER.
_FAST_DECODER = json.JSONDecoder(
    object_pairs_hook=_object_without_duplicates,
    parse_constant=_refuse_constant,
)


def _decode(text: str) -> Any:
    if sys.get_int_max_str_digits() == _BIG_INT_DIGITS:
        try:
            return _FAST_DECODER.decode(text)
        except ValueError as error:
            if "integer string conversion" not in str(error):
                raise
    return _DECODER.decode(text)


def decode_json(text: str, *, move_index: int | None = None, what: str = "the log") -> Any:
    """Parse JSON strictly (no NaN, no repeated keys); a LogError on failure."""
    try:
        return _decode(text)
    except RecursionError:
        # Deeper than any field of a log can be: the shape is wrong, not the syntax.
        raise log_error("schema", f"{what} is nested too deeply to be a log",
                        move_index) from None
    except ValueError as error:
        raise log_error("not_json", f"{what} is not JSON: {error}", move_index) from None


def _decode_utf8(raw: bytes, what: str, move_index: int | None = None) -> str:
    try:
        # Only the first line of a file can start with a byte order mark.
        return raw.decode("utf-8-sig" if move_index is None else "utf-8")
    except UnicodeDecodeError:
        raise log_error("not_json", f"{what} is binary data, not UTF-8 text",
                        move_index) from None


# --- JSON documents --------------------------------------------------------


def _document_entries(text: str) -> Iterator[Entry]:
    if not text.strip():
        raise log_error("not_json", "the log is empty")
    data = decode_json(text)
    if type(data) is not dict:
        yield "header", data  # the header check reports it
        return
    yield "header", {key: value for key, value in data.items() if key not in ("moves", "result")}
    if "moves" not in data:
        raise log_error("schema", "the key 'moves' is missing", path="moves")
    moves = data["moves"]
    if type(moves) is not list:
        raise log_error("schema", "moves must be a list", path="moves")
    for move in moves:
        yield "move", move
    if "result" in data:
        yield "result", data["result"]


# --- JSON Lines --------------------------------------------------------------


_BLOCK_BYTES = 1 << 16


def _blocks(chunks: Iterator[bytes]) -> Iterator[tuple[list[bytes | None], bool]]:
    """The lines of a stream of byte chunks (split at ``\\n`` only, without it), a
    chunk's worth at a time, each list with whether a newline ended its lines:
    only the last line of a file can lack one. None stands for a line over the
    length limit, and ends the lines. Memory stays within a chunk and the
    longest line."""
    carry = b""
    for chunk in chunks:
        parts: list[bytes | None] = (carry + chunk).split(b"\n") if carry \
            else chunk.split(b"\n")  # type: ignore[assignment]
        last = parts.pop()
        assert last is not None
        carry = last
        for index, part in enumerate(parts):
            if len(part) >= MAX_LINE_BYTES:  # type: ignore[arg-type]
                yield [*parts[:index], None], False
                return
        if len(carry) >= MAX_LINE_BYTES:
            yield [*parts, None], False
            return
        yield parts, True
    if carry:
        yield [carry], False


def _whole(data: bytes) -> Iterator[tuple[list[bytes | None], bool]]:
    """``_blocks`` of data read whole, split at once (most logs are one block)."""
    lines = data.split(b"\n")
    carry = lines.pop()
    if len(carry) >= MAX_LINE_BYTES or max(map(len, lines), default=0) >= MAX_LINE_BYTES:
        return _blocks(iter((data,)))
    # The lines are all bytes: None only ever marks an over-long line, refused above.
    blocks: list[tuple[list[bytes | None], bool]] = [(cast(list[bytes | None], lines), True)]
    if carry:
        blocks.append(([carry], False))
    return iter(blocks)


class JsonLines:
    """The entries of a JSON Lines log, read line by line as they are drawn.

    Iterating gives ``("header", data)``, ``("move", data)`` and
    ``("result", data)`` entries of parsed JSON. Replay, once it has the
    header, draws the moves through ``moves`` instead: the same checks and
    errors, but each move line looked up in a cache of lines already parsed,
    for a log repeats the same few hundred move lines over and over, and
    decoding JSON is most of what reading a line costs.
    """

    def __init__(self, blocks: Iterator[tuple[list[bytes | None], bool]]) -> None:
        self._blocks = blocks
        self._pending: list[bytes | None] = []  # the lines of the block being read
        self._position = 0  # the next of them
        self._complete = True  # whether a newline ended them
        self._header_seen = False
        self._result_seen = False
        self._moves = 0
        self.result: Any = None
        """The result line's object (without ``"type"``), once it has been read."""

    def __iter__(self) -> JsonLines:
        return self

    def __next__(self) -> Entry:
        # A method, not a generator kept in an attribute: that would make a cycle,
        # and an open file that only the cycle collector closes.
        while True:
            while self._position >= len(self._pending):
                if not self._refill():
                    if not self._header_seen:
                        raise log_error("not_json", "the log is empty")
                    raise StopIteration
            raw = self._pending[self._position]
            self._position += 1
            data = self._line(raw, self._complete)
            if data is None:
                continue
            if not self._header_seen:
                self._header_seen = True
                return "header", data
            if type(data) is dict and data.get("type") == "result":
                self._result_seen = True
                self.result = {key: value for key, value in data.items() if key != "type"}
                return "result", self.result
            self._moves += 1
            return "move", data

    def _line(self, raw: bytes | None, complete: bool) -> Any:
        """A line's JSON, or None for a blank line; LogError for a bad line."""
        if raw is None:
            index, what = _where(self._header_seen, self._moves)
            raise log_error("schema", f"{what} is longer than {MAX_LINE_BYTES:,} bytes", index)
        try:
            # Only the first line of a file can start with a byte order mark.
            data = _decode(raw.decode("utf-8" if self._header_seen else "utf-8-sig"))
        except (ValueError, RecursionError) as error:  # UnicodeDecodeError is a ValueError
            if not raw.strip():
                return None  # blank lines carry nothing
            index, what = _where(self._header_seen, self._moves)
            problem = _line_problem(error, what, index)
            if complete:
                raise problem from None
            # A crash while appending can cut a line anywhere, even inside a
            # character: an unfinished last line is a cut, whatever it holds.
            raise log_error("truncated",
                            f"the file ends in the middle of a line ({what} is cut off)",
                            index) from None
        if self._result_seen:
            raise log_error("schema", "the result line must be the last line", self._moves)
        return data

    def _refill(self) -> bool:
        """The next block's lines; False at the end of the file."""
        for pending, complete in self._blocks:
            self._pending, self._complete, self._position = pending, complete, 0
            return True
        self._pending, self._position = [], 0
        return False

    def moves(self, parse: Callable[[Any, int], Any], cache: dict[bytes, Any],
              problems: list[LogError]) -> Iterator[list[Any]]:
        """The moves after the header, a list a block: each move parsed by
        ``parse(data, index)`` (which raises LogError for a bad move) or found in
        ``cache`` by its line's bytes; a result line is kept in ``result``. The
        header must have been drawn. The moves stop at the first problem: the list
        of the moves before it comes last, and the problem goes to ``problems``.

        Lists, not one move at a time: the consumer walks them at C speed
        (``itertools.chain``), where a generator would resume once a move.
        """
        if not self._header_seen:
            raise ValueError("the header comes first")
        get = cache.get
        room = _CACHE_LINES - len(cache)
        index = self._moves
        while True:
            pending, complete = self._pending, self._complete
            lines = pending[self._position:] if self._position else pending
            self._position = len(pending)
            batch: list[Any] = []
            append = batch.append
            try:
                for raw in lines:
                    move = get(raw)  # type: ignore[arg-type]
                    if move is not None and not self._result_seen:
                        append(move)
                        continue
                    self._moves = index + len(batch)
                    data = _RESULT_LINES.get(raw)  # type: ignore[arg-type]
                    if data is None or self._result_seen:
                        data = self._line(raw, complete)
                    if data is None:
                        continue
                    if type(data) is dict and data.get("type") == "result":
                        if len(_RESULT_LINES) < _CACHE_LINES:
                            # Decoding is a function of the bytes alone, and nothing
                            # changes the decoded line: keep it for the next log.
                            _RESULT_LINES[raw] = data  # type: ignore[index]
                        self._result_seen = True
                        self.result = {key: value for key, value in data.items()
                                       if key != "type"}
                        continue
                    move = parse(data, self._moves)
                    if room > 0:
                        # Parsing is a function of the line's bytes alone, so a line
                        # that parsed once parses to the same move every time.
                        cache[raw] = move  # type: ignore[index]
                        room -= 1
                    append(move)
                index += len(batch)
                self._moves = index
                yield batch
                if not self._refill():
                    return
            except LogError as error:
                problems.append(error)
                yield batch
                return


_CACHE_LINES = 1 << 16
"""The most move lines a cache keeps: every move line of a 6-player game fits."""
_RESULT_LINES: dict[bytes, Any] = {}
"""Result lines already decoded, by their bytes (a game has few possible results)."""


def _where(header_seen: bool, moves: int) -> tuple[int | None, str]:
    """The move index of the line being read, and how to name the line."""
    if header_seen:
        return moves, f"the line of move {moves}"
    return None, "the header line"


def _line_problem(error: BaseException, what: str, index: int | None) -> LogError:
    if isinstance(error, UnicodeDecodeError):
        return log_error("not_json", f"{what} is binary data, not UTF-8 text", index)
    if isinstance(error, RecursionError):
        return log_error("schema", f"{what} is nested too deeply to be a log", index)
    return log_error("not_json", f"{what} is not JSON: {error}", index)


# --- sources -------------------------------------------------------------


def _sniff(first_line: str) -> Format:
    """JSON Lines when the first line is a whole JSON object without moves."""
    try:
        data = json.loads(first_line)
    except (ValueError, RecursionError):  # RecursionError: "[[[[..." nested too deep
        # Read as one document, whose reader says what is wrong with it (LogError).
        return "json"
    return "jsonl" if isinstance(data, dict) and "moves" not in data else "json"


def _format_of(name: str) -> Format | None:
    suffix = os.path.splitext(name)[1].lower()
    if suffix in (".jsonl", ".ndjson"):
        return "jsonl"
    if suffix == ".json":
        return "json"
    return None


def read_entries(source: str | bytes | os.PathLike[str], fmt: Format | None = None
                 ) -> Iterator[Entry]:
    """The raw entries of a log given as a path, or as its text (str or bytes).

    A ``str`` whose first non-blank character is ``{`` is the log's text;
    any other ``str`` names a file. ``fmt`` is taken from a file's suffix
    (``.jsonl``: JSON Lines) or sniffed from the first line when not given.
    """
    if fmt not in (None, "json", "jsonl"):
        raise ArgumentError(f"fmt must be 'json', 'jsonl' or None, not {fmt!r}")
    if isinstance(source, bytes):  # bytes are always the log's text, never a path
        return _text_entries(_decode_utf8(source, "the log"), fmt)
    if isinstance(source, str) and source.lstrip().startswith("{"):
        return _text_entries(source, fmt)
    if isinstance(source, str | os.PathLike):
        return _file_entries(os.fspath(source), fmt)
    raise ArgumentError(f"a log source is a path or the log's text, not {type(source).__name__}")


def _text_entries(text: str, fmt: Format | None) -> Iterator[Entry]:
    if fmt is None:
        fmt = _sniff(text.lstrip().split("\n", 1)[0])
    if fmt == "json":
        if len(text) > MAX_DOCUMENT_BYTES:
            raise log_error("schema", f"the log is {len(text):,} characters: a JSON document "
                            f"is read whole, up to {MAX_DOCUMENT_BYTES:,}; use JSON Lines")
        return _document_entries(text)
    # As bytes, so text is split exactly as a file is: at \n only, lines capped.
    return JsonLines(_whole(text.encode("utf-8")))


def _file_entries(name: str, fmt: Format | None) -> Iterator[Entry]:
    # A raw descriptor, read at once when the file fits in a block (most logs do) and
    # closed before returning: a file object costs more than reading a short log. A
    # longer file is streamed through an unbuffered FileIO. A Path is built only for
    # messages, for the same reason.
    try:
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise log_error("unreadable", f"no such file: {Path(name)}") from None
    except IsADirectoryError:
        raise log_error("unreadable", f"{Path(name)} is a directory, not a log file") from None
    except (OSError, ValueError, TypeError) as error:  # ValueError: a NUL in the name
        reason = getattr(error, "strerror", None) or str(error)
        raise log_error("unreadable", f"cannot read {str(Path(name))!r}: {reason}") from None
    whole = False
    try:
        # A regular file smaller than a block is read in one read of its size and a
        # byte more: a short read is its end. Anything else is read a block at a time.
        size = os.fstat(fd).st_size
        if size < _BLOCK_BYTES:
            first = os.read(fd, size + 1)
            whole = len(first) <= size
        else:
            first = os.read(fd, _BLOCK_BYTES)
        if not whole and len(first) < _BLOCK_BYTES:
            whole = not os.read(fd, _BLOCK_BYTES)
        fmt = fmt or _format_of(name)
        if fmt is None:
            # The first line decides: read on to its end (within the line limit).
            while not whole and b"\n" not in first and len(first) < MAX_LINE_BYTES:
                more = os.read(fd, _BLOCK_BYTES)
                whole = not more
                first += more
            fmt = _sniff(first[:MAX_LINE_BYTES].split(b"\n", 1)[0].decode("utf-8", "replace"))
        if fmt == "json" and size > MAX_DOCUMENT_BYTES:
            raise log_error("schema", f"{Path(name)} is {size:,} bytes: a .json log is read "
                            f"whole, up to {MAX_DOCUMENT_BYTES:,}; write JSON Lines instead")
        stream = None if whole else io.FileIO(fd, "r", closefd=True)
    except IsADirectoryError:
        os.close(fd)
        raise log_error("unreadable", f"{Path(name)} is a directory, not a log file") from None
    except OSError as error:
        os.close(fd)
        raise log_error("unreadable", f"cannot read {Path(name)}: {error.strerror}") from None
    except LogError:
        os.close(fd)
        raise
    if stream is None:
        os.close(fd)
        if fmt == "jsonl":
            return JsonLines(_whole(first))
        return _document_file_entries(iter((first,)))
    chunks = _chunks(stream, name, first)
    if fmt == "jsonl":
        return JsonLines(_blocks(chunks))
    return _document_file_entries(chunks)


def _chunks(stream: io.FileIO, name: str, first: bytes) -> Iterator[bytes]:
    """``first``, then the rest of the file in blocks; the file is closed at the end
    (or, if the reader is dropped before, when the file object is)."""
    with stream:
        yield first
        while True:
            try:
                block = stream.read(_BLOCK_BYTES)
            except OSError as error:
                raise log_error("unreadable",
                                f"cannot read {Path(name)}: {error.strerror}") from None
            if not block:
                return
            yield block


def _document_file_entries(chunks: Iterator[bytes]) -> Iterator[Entry]:
    yield from _document_entries(_decode_utf8(b"".join(chunks), "the log"))
