"""Cubirds: collect flocks of birds (docs/cubirds.md); ``CUBIRDS`` is the game."""

__all__: list[str] = []  # the package itself holds no names: its modules do
