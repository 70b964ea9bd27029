"""Boxes' values in the library's one cattrs converter, and the checks of JSON input.

Phases become their names, moves a tagged union on ``"type"``
(``{"type": "seal", "player": 2, "notes": [500, 100]}``, ``{"type": "examine",
"player": 1, "slot": "c3"}``), events likewise (``{"type": "committed", "seat": 1,
"notes": null}``). A setup is ``{"open_pile": ["Y50", ...36], "closed_pile": ["N0",
...24], "first": 2}`` and options ``{}`` (Boxes has none); a field of the wrong
shape is a ``FieldError`` naming its path (code ``schema``). The values of a setup
are ``start``'s to judge (``bad_pile``, ``bad_first``, with the bad field's path).
The kernel's ``Game`` reads moves (``move_tags``), setups and options from JSON with
these checks.
"""

from __future__ import annotations

from cattrs.strategies import configure_tagged_union

from aves_core.games.boxes.events import Event
from aves_core.games.boxes.moves import Move
from aves_core.games.boxes.phases import Phase
from aves_core.kernel.convert import converter, snake_case

__all__ = ["MOVE_TAGS"]

MOVE_TAGS = ("auction", "examine", "stop", "seal", "bid", "pass", "pay")
"""The ``"type"`` of each kind of move."""


def _register() -> None:
    converter.register_structure_hook(Phase, lambda value, _type: Phase(value))
    converter.register_unstructure_hook(Phase, lambda phase: phase.value)
    configure_tagged_union(Move, converter, tag_generator=lambda cls: cls.__name__.lower(),
                           tag_name="type")
    configure_tagged_union(Event, converter, tag_generator=snake_case, tag_name="type")


_register()
