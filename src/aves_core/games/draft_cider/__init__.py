"""Draft Cider: draft apple cards from a pool and plant each in one of eight lots of
your orchard (docs/draft-cider.md). The game is ``game.DRAFT_CIDER``."""

__all__: list[str] = []  # the package itself holds no names: its modules do
