"""Boxes (Art of Games, 2014): auctions of containers of face-down boxes, examined,
bid for openly or sealed, for the most wealth (docs/boxes.md)."""

__all__: list[str] = []  # the package itself holds no names: its modules do
