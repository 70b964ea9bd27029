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
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, Literal

from aves_core.kernel.errors import ArgumentError, BigInt, LogError, log_error

__all__ = ["Entry", "Format", "decode_json", "read_entries"]

Format = Literal["json", "jsonl"]
Entry = tuple[Literal["header", "move", "result"], Any]

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


def _lines(stream: IO[bytes]) -> Iterator[tuple[bytes | None, bool]]:
    """The lines of a binary stream (split at ``\\n`` only, without it), each with
    whether a newline ended it; None for a line over the length limit.

    Reads in blocks, so memory stays within a block and the longest line."""
    carry = b""
    while True:
        block = stream.read(_BLOCK_BYTES)
        if not block:
            break
        parts = (carry + block).split(b"\n") if carry else block.split(b"\n")
        carry = parts.pop()
        for part in parts:
            if len(part) >= MAX_LINE_BYTES:
                yield None, False
                return
            yield part, True
        if len(carry) >= MAX_LINE_BYTES:
            yield None, False
            return
    if carry:
        yield carry, False


def _line_entries(lines: Iterator[tuple[bytes | None, bool]]) -> Iterator[Entry]:
    header_seen = result_seen = False
    moves = 0
    for raw, complete in lines:
        if raw is None:
            index, what = _where(header_seen, moves)
            raise log_error("schema", f"{what} is longer than {MAX_LINE_BYTES:,} bytes", index)
        try:
            # Only the first line of a file can start with a byte order mark.
            data = _decode(raw.decode("utf-8" if header_seen else "utf-8-sig"))
        except (ValueError, RecursionError) as error:  # UnicodeDecodeError is a ValueError
            if not raw.strip():
                continue  # blank lines carry nothing
            index, what = _where(header_seen, moves)
            problem = _line_problem(error, what, index)
            if complete:
                raise problem from None
            # A crash while appending can cut a line anywhere, even inside a
            # character: an unfinished last line is a cut, whatever it holds.
            raise log_error("truncated",
                            f"the file ends in the middle of a line ({what} is cut off)",
                            index) from None
        if result_seen:
            raise log_error("schema", "the result line must be the last line", moves)
        if not header_seen:
            header_seen = True
            yield "header", data
        elif type(data) is dict and data.get("type") == "result":
            result_seen = True
            yield "result", {key: value for key, value in data.items() if key != "type"}
        else:
            moves += 1
            yield "move", data
    if not header_seen:
        raise log_error("not_json", "the log is empty")


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
    except ValueError:
        return "json"
    return "jsonl" if isinstance(data, dict) and "moves" not in data else "json"


def _format_of(path: Path) -> Format | None:
    suffix = path.suffix.lower()
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
        return _file_entries(Path(source), fmt)
    raise ArgumentError(f"a log source is a path or the log's text, not {type(source).__name__}")


def _text_entries(text: str, fmt: Format | None) -> Iterator[Entry]:
    if fmt is None:
        fmt = _sniff(text.lstrip().split("\n", 1)[0])
    if fmt == "json":
        if len(text) > MAX_DOCUMENT_BYTES:
            raise log_error("schema", f"the log is {len(text):,} characters: a JSON document "
                            f"is read whole, up to {MAX_DOCUMENT_BYTES:,}; use JSON Lines")
        return _document_entries(text)
    # Through a stream, so text is split exactly as a file is: at \n only, lines capped.
    return _line_entries(_lines(io.BytesIO(text.encode("utf-8"))))


def _file_entries(path: Path, fmt: Format | None) -> Iterator[Entry]:
    try:
        stream = path.open("rb")
    except FileNotFoundError:
        raise log_error("unreadable", f"no such file: {path}") from None
    except IsADirectoryError:
        raise log_error("unreadable", f"{path} is a directory, not a log file") from None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        reason = getattr(error, "strerror", None) or str(error)
        raise log_error("unreadable", f"cannot read {str(path)!r}: {reason}") from None
    return _stream_entries(stream, path, fmt)


def _stream_entries(stream: IO[bytes], path: Path, fmt: Format | None) -> Iterator[Entry]:
    with stream:
        try:
            fmt = fmt or _format_of(path)
            if fmt is None:
                first = stream.readline(MAX_LINE_BYTES)
                stream.seek(0)
                fmt = _sniff(first.decode("utf-8", "replace"))
            if fmt == "jsonl":
                yield from _line_entries(_lines(stream))
                return
            size = os.fstat(stream.fileno()).st_size
            if size > MAX_DOCUMENT_BYTES:
                raise log_error("schema", f"{path} is {size:,} bytes: a .json log is read "
                                f"whole, up to {MAX_DOCUMENT_BYTES:,}; write JSON Lines instead")
            yield from _document_entries(_decode_utf8(stream.read(), "the log"))
        except OSError as error:
            raise log_error("unreadable", f"cannot read {path}: {error.strerror}") from None
