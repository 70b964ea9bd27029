"""AVES: trade fruit cards into a circle to collect seven colours of feathers (docs/rules.md).

``game.AVES`` is the game; ``aves_core`` re-exports its values for compatibility.
"""

__all__: list[str] = []  # the package itself holds no names: its modules do
