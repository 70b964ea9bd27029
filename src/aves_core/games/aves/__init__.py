"""AVES: trade fruit cards into a circle to collect seven colours of feathers."""
