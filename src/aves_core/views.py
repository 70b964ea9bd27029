"""AVES's player views, at the path of aves-core 0.1 (``aves_core.games.aves.views``)."""

from aves_core.games.aves.views import PlayerView, update_view, view_for, view_to_json

__all__ = ["PlayerView", "update_view", "view_for", "view_to_json"]
