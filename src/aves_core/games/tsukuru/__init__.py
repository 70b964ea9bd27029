"""Tsukuru 10 Ten, the fourth game: a Mahjong-like game of rounds, open sets and a hand
evaluator (../shared/RULES-tsukuru.md)."""
