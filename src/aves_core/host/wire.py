"""The host's JSON on the wire: the text of a socket message, written by orjson.

A host encodes every seat's view and events on every move (four messages a move at a
four-seat table), so the encoder is on the hot path: the standard library's
``json.dumps`` took about 30 µs for a mover's 3 KB message and a tenth of the server's
time; orjson writes the same text in about 2.5 µs. orjson was chosen over msgspec
(also well kept, and as fast to bytes) because it was the faster of the two to a
``str`` (the ASGI text frame a socket sends) on these dicts, and it is one compiled
wheel with no dependencies. What orjson cannot write (an integer beyond 64 bits, a
lone surrogate in a string) is written by ``json.dumps``, so every message the
standard library could send is still sent (the same JSON values; orjson writes NaN as
null, which ``json.dumps`` would write as the invalid ``NaN``). That text escapes
every non-ASCII character (``\\ud800``): a lone surrogate has no UTF-8, and a text
frame must be UTF-8, so a message holding one (a client's own text, echoed in a
refusal) is sent, never dropped with the connection.
"""

from __future__ import annotations

import json
from typing import Any

from aves_core.kernel.game import Game

try:
    import orjson
except ImportError:  # pragma: no cover - the web extra installs it
    orjson = None  # type: ignore[assignment]

__all__ = ["SEALED_BUCKET", "bucket", "encode", "padded"]

SEALED_BUCKET = 4096
"""The bytes a seat's message is padded to a multiple of, at a game whose seats move at
once (sealed bids): the seat's own bid is in its view and events, and without padding
their size would tell it to anyone watching the network (TLS hides the text, not the
length). The others' messages never hold it. A committer's messages in a sealed phase
are well under one bucket of bytes, so they all have one size."""

_OPTIONS = 0 if orjson is None else orjson.OPT_NON_STR_KEYS  # {1: x} as json.dumps: {"1": x}


def encode(message: Any) -> str:
    """A message as compact JSON text (as Starlette's ``send_json`` writes it: no spaces,
    non-ASCII characters as they are), always encodable as UTF-8."""
    if orjson is not None:
        try:
            return orjson.dumps(message, option=_OPTIONS).decode()
        except TypeError:  # orjson.JSONEncodeError: what only json.dumps can write
            pass
    # ensure_ascii: the text is ASCII, so it always encodes (see the module's note).
    return json.dumps(message, separators=(",", ":"))


def padded(text: str, bucket: int) -> str:
    """``text`` (JSON) with spaces after it, which JSON allows, up to a multiple of
    ``bucket`` bytes of UTF-8 (0: as it is)."""
    if not bucket:
        return text
    return text + " " * (-len(text.encode()) % bucket)


def bucket(game: Game[Any, Any, Any, Any, Any, Any], seat: int | None) -> int:
    """The bytes a message to ``seat`` (None: a spectator) of a table of ``game`` is
    padded to a multiple of: ``SEALED_BUCKET`` for a seat where seats move at once (its
    sealed bid is in its messages), else 0 (the size tells nothing hidden)."""
    return SEALED_BUCKET if seat is not None and game.facts.simultaneous_moves else 0
