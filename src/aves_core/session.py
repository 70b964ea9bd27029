"""The AVES table, at the path of aves-core 0.1: ``Table`` here is ``AvesTable``
(``aves_core.games.aves.table``); the kernel's ``Table`` plays any game."""

from aves_core.games.aves.table import AvesTable as Table
from aves_core.kernel.table import EventsBySeat, UndoError

__all__ = ["EventsBySeat", "Table", "UndoError"]
