"""aves-core 0.1's ``aves_core.serialize``, for code written for it: AVES's JSON is now
the game's (``AVES.move_to_json``, ``AVES.event_to_json``, ...), derived by the kernel
from the declared moves and events, through the one converter."""

from aves_core.games.aves.game import AVES
from aves_core.kernel.convert import FieldError, converter, structure

__all__ = ["FieldError", "converter", "event_from_json", "event_to_json", "structure",
           "structure_move", "unstructure", "unstructure_move"]

unstructure = converter.unstructure
unstructure_move = AVES.move_to_json
structure_move = AVES.move_from_json
event_to_json = AVES.event_to_json
event_from_json = AVES.event_from_json
