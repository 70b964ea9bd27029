"""The games aves-core plays, one folder each."""
