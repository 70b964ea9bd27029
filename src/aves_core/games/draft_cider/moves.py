"""Draft Cider's one move, ``Pick``, with its notation (RULES-draft-cider.md,
"Notation").

``1:pick Y34 feather``: seat 1 takes Y34 from the pool and plants it at the end of
its ``feather`` lot (DC8). ``str(move)`` writes a move and ``parse_move`` reads it
back; text of another shape is a ``NotationError`` (``bad_notation``). The card and
the lot are kept as written and judged by the rules (``not_in_pool``,
``unknown_lot``, ``lot_refuses``), not when a move is built: only types are checked
here.
"""

from __future__ import annotations

import re
from typing import TypeAlias

import attrs

from aves_core.kernel.errors import ArgumentError, NotationError, require_int

__all__ = ["Move", "Pick", "parse_move"]


def _int_field(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    require_int(value, f"a move's {attribute.name}")


def _str_field(_instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if type(value) is not str:
        raise ArgumentError(f"a move's {attribute.name} must be a str, not "
                            f"{type(value).__name__} {value!r:.40}")


@attrs.frozen(repr=False, cache_hash=True)
class Pick:
    """``player`` takes ``card`` from the pool and adds it to the end of its ``lot``
    (DC8)."""

    player: int = attrs.field(validator=_int_field)
    card: str = attrs.field(validator=_str_field)
    lot: str = attrs.field(validator=_str_field)

    def __str__(self) -> str:
        return f"{self.player}:pick {self.card} {self.lot}"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


Move: TypeAlias = Pick
"""Any move (Draft Cider has one kind)."""

_NOTATION = re.compile(r"\s*(?P<player>-?\d{1,30})\s*:\s*pick\s+(?P<card>\S+)\s+(?P<lot>\S+)\s*")


def parse_move(text: str) -> Move:
    """Read a move: ``SEAT:pick CARD LOT``, for example ``1:pick Y34 feather``."""
    if not isinstance(text, str):
        raise ArgumentError(f"a move's text must be a str, not {type(text).__name__}")
    found = _NOTATION.fullmatch(text)
    if found is None:
        raise NotationError(f"{text[:40]!r} is not a move: write SEAT:pick CARD LOT, for "
                            "example 1:pick Y34 feather")
    return Pick(int(found["player"]), found["card"], found["lot"])
