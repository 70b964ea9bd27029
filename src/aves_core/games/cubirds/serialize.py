"""Cubirds' values in the library's one cattrs converter, and the checks of JSON input.

Phases become their names, moves a tagged union on ``"type"``
(``{"type": "lay", "player": 0, "species": "P", "row": 2, "side": "left"}``,
``{"type": "reshuffle", "deck": "WRMP..."}``), events likewise
(``{"type": "cards_drawn", "seat": 1, "count": 2, "cards": null}``). Counts are
lists of eight ints in canonical order; rows, the deck and drawn cards strings of
species letters. A setup is ``{"row_cards": 3, "rows": ["FOT", "DPM", "WRF",
"OTD"], "stock": "...", "dealer": 2}`` and options ``{"row_cards": 3}``; a field of
the wrong shape is a ``FieldError`` naming its path (code ``schema``), a
``row_cards`` that is not 3 or 4 code ``bad_options``. The values of a setup are
``start``'s to judge (``bad_deal``, ``bad_dealer``). The kernel's ``Game`` reads
moves (``move_tags``) and setups from JSON with these checks.
"""

from __future__ import annotations

from typing import Any

from cattrs.strategies import configure_tagged_union

from aves_core.games.cubirds.events import Event
from aves_core.games.cubirds.moves import Move
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.state import ROW_CARDS, CubirdsOptions
from aves_core.kernel.convert import FieldError, converter, json_object, snake_case, structure

__all__ = ["MOVE_TAGS", "structure_options"]

MOVE_TAGS = ("lay", "draw", "nodraw", "fly", "nofly", "reshuffle")
"""The ``"type"`` of each kind of move."""


def _register() -> None:
    converter.register_structure_hook(Phase, lambda value, _type: Phase(value))
    converter.register_unstructure_hook(Phase, lambda phase: phase.value)
    configure_tagged_union(Move, converter, tag_generator=lambda cls: cls.__name__.lower(),
                           tag_name="type")
    configure_tagged_union(Event, converter, tag_generator=snake_case, tag_name="type")


_register()


def _check_row_cards(data: dict[str, Any]) -> None:
    value = data.get("row_cards")
    if type(value) is int and value not in ROW_CARDS:
        raise FieldError(f"row_cards is 3 or 4, not {value}", path="row_cards",
                         code="bad_options")


def structure_options(data: Any) -> CubirdsOptions:
    """Options from their JSON object (``row_cards`` may be left out: 3)."""
    _check_row_cards(json_object(data, "the options"))
    return structure(data, CubirdsOptions)
