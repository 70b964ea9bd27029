"""AVES: trade fruit cards into a circle to collect seven colours of feathers."""

__all__: list[str] = []  # the package itself holds no names: its modules do
