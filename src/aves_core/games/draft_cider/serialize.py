"""Draft Cider's values in the library's one cattrs converter.

Phases become their names, the move a tagged object (``{"type": "pick", "player": 1,
"card": "Y34", "lot": "feather"}``), events likewise (``{"type": "picked", "seat": 1,
"card": "Y34", "lot": "feather", "score": 2}``). Orchards are lists of eight lists of
card codes. A setup is ``{"bad_points": -1, "deck": ["Y34", ...], "first": 2}`` and
options ``{"bad_points": 0}``; a field of the wrong shape is a ``FieldError`` naming
its path (code ``schema``), an option ``bad_points`` other than -1, 0 and 1 (a
string too) code ``bad_options`` at the path ``bad_points`` (DC19). The values of a
setup are ``start``'s to judge (``bad_options``, ``bad_deck``, ``bad_first``).
"""

from __future__ import annotations

from typing import Any

from cattrs.strategies import configure_tagged_union

from aves_core.games.draft_cider.events import Event
from aves_core.games.draft_cider.moves import Pick
from aves_core.games.draft_cider.phases import Phase
from aves_core.games.draft_cider.state import BAD_POINTS, DraftCiderOptions
from aves_core.kernel.convert import FieldError, converter, snake_case

__all__ = ["MOVE_TAGS"]

MOVE_TAGS = ("pick",)
"""The ``"type"`` of each kind of move."""


def _register() -> None:
    converter.register_structure_hook(Phase, lambda value, _type: Phase(value))
    converter.register_unstructure_hook(Phase, lambda phase: phase.value)
    # One kind of move, so no tagged union: the tag is written and read here (the
    # kernel's move_from_json has checked it is "pick").
    unstructure_pick = converter.get_unstructure_hook(Pick)
    structure_pick = converter.get_structure_hook(Pick)

    def unstructure(move: Pick) -> dict[str, Any]:
        return {"type": "pick", **unstructure_pick(move)}

    def structure(data: Any, _type: type) -> Pick:
        if type(data) is dict and data.get("type") == "pick":
            data = {key: value for key, value in data.items() if key != "type"}
        move: Pick = structure_pick(data, Pick)
        return move

    converter.register_unstructure_hook(Pick, unstructure)
    converter.register_structure_hook(Pick, structure)
    configure_tagged_union(Event, converter, tag_generator=snake_case, tag_name="type")
    # Any bad_points but -1, 0 and 1 is bad_options at the path "bad_points" (DC19; the
    # options' own check would be reported with no path, a string as a schema error).
    structure_options = converter.get_structure_hook(DraftCiderOptions)

    def structure_checked(data: Any, _type: type) -> DraftCiderOptions:
        if type(data) is dict and "bad_points" in data:
            value = data["bad_points"]
            if type(value) is not int or value not in BAD_POINTS:
                raise FieldError(f"bad_points is -1, 0 or 1, not {value!r:.20}",
                                 path="bad_points", code="bad_options")
        options: DraftCiderOptions = structure_options(data, DraftCiderOptions)
        return options

    converter.register_structure_hook(DraftCiderOptions, structure_checked)


_register()
