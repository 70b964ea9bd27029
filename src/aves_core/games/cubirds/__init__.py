"""Cubirds: collect flocks of birds (RULES-cubirds.md); ``CUBIRDS`` is the game."""
