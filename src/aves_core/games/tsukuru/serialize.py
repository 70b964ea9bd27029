"""Tsukuru 10 Ten's values in the library's one cattrs converter, and the checks of JSON
input.

Phases become their names, moves a tagged union on ``"type"`` (``{"type": "get",
"player": 0, "source": 2, "tiles": "B4B5"}``, ``{"type": "finish", "player": 0,
"arrangement": ["R1R2R3", "B4B5B6"]}``, ``{"type": "deal", "tiles": "R3B5..."}``),
events likewise (``{"type": "drew", "seat": 1, "tile": null}``). Counts are lists of
19 ints in canonical order; the deck, piles and deals lists of tile codes. A setup is
``{"scoring": "basic", "end": "target", "deal": ["R3", ...], "dealer": 2}`` and
options ``{"scoring": "advanced", "end": "rounds"}``; a field of the wrong shape is a
``FieldError`` naming its path (code ``schema``), an option of no allowed value code
``bad_options``. The values of a setup are ``start``'s to judge (``bad_deal``,
``bad_dealer``). The kernel's ``Game`` reads moves (``move_tags``), setups and
options from JSON with these checks.
"""

from __future__ import annotations

from cattrs.strategies import configure_tagged_union

from aves_core.games.tsukuru.events import Event
from aves_core.games.tsukuru.moves import Move
from aves_core.games.tsukuru.phases import Phase
from aves_core.kernel.convert import converter, snake_case

__all__ = ["MOVE_TAGS"]

MOVE_TAGS = ("draw", "discard", "get", "finish", "finishfrom", "deal")
"""The ``"type"`` of each kind of move."""


def _register() -> None:
    converter.register_structure_hook(Phase, lambda value, _type: Phase(value))
    converter.register_unstructure_hook(Phase, lambda phase: phase.value)
    configure_tagged_union(Move, converter, tag_generator=lambda cls: cls.__name__.lower(),
                           tag_name="type")
    configure_tagged_union(Event, converter, tag_generator=snake_case, tag_name="type")


_register()
