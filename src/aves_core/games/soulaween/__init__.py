"""Soulaween: put and flip soul pieces on a 4x4 mat; reap chains to win three tokens.

``SOULAWEEN`` (``aves_core.get_game("soulaween")``) is the game; the rules as
implemented, with every decision, are in docs/soulaween.md.
"""

__all__: list[str] = []  # the package itself holds no names: its modules do
