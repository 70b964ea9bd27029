"""AVES's own bots: the greedy heuristics and what a seat knows."""
