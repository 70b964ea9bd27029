"""AVES's JSON through the library's converter, at the path of aves-core 0.1
(``aves_core.games.aves.serialize``; the converter is ``aves_core.kernel.convert``)."""

from aves_core.games.aves.serialize import (
    FieldError,
    converter,
    event_from_json,
    event_to_json,
    structure,
    structure_move,
    unstructure,
    unstructure_move,
)

__all__ = [
    "FieldError",
    "converter",
    "event_from_json",
    "event_to_json",
    "structure",
    "structure_move",
    "unstructure",
    "unstructure_move",
]
