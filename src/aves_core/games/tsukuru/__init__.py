"""Tsukuru 10 Ten, the fourth game: a Mahjong-like game of rounds, open sets and a hand
evaluator (docs/tsukuru.md)."""

__all__: list[str] = []  # the package itself holds no names: its modules do
