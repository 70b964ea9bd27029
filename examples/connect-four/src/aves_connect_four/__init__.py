"""Connect Four as a game of aves-core, in a package of its own."""

from aves_connect_four.game import CONNECT_FOUR, ConnectFour

__all__ = ["CONNECT_FOUR", "ConnectFour"]
