"""No Thanks! as a game of aves-core, in a package of its own."""

from aves_no_thanks.game import NO_THANKS, NoThanks

__all__ = ["NO_THANKS", "NoThanks"]
