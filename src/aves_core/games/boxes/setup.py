"""Setting up a game of Boxes: the seeded deal (BX5) and the check of a recorded one.

``new_setup`` draws from ``random.Random(seed)`` in BX5's order [D3]: (1) the open
pile shuffled from its canonical order, (2) the closed pile likewise, (3) only
when no first auctioneer is given, ``randrange(N)``. The setup records both pile
orders and the first auctioneer, so ``start`` and replay draw nothing.
"""

from __future__ import annotations

import random
from collections import Counter

from aves_core.games.boxes.cards import CLOSED_CANONICAL, OPEN_CANONICAL, START_NOTES
from aves_core.games.boxes.state import BoxesOptions, BoxesSetup, BoxesState
from aves_core.kernel.errors import ArgumentError, SetupError, require_int

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "SETUP_CODES", "new_setup", "start"]

MIN_PLAYERS, MAX_PLAYERS = 2, 4
SETUP_CODES = ("bad_pile", "bad_first")
"""The codes of a setup that is no deal: a pile that is not exactly its cards, a first
auctioneer that is not a seat."""


def check_players(num_players: object) -> int:
    """``num_players`` if it is 2 to 4 (``bad_players`` otherwise, [D1])."""
    require_int(num_players, "num_players")
    assert isinstance(num_players, int)
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise SetupError(f"Boxes is for 2 to 4 players, not {num_players}", code="bad_players")
    return num_players


def new_setup(num_players: int, options: BoxesOptions, seed: int | None, *,
              first_player: int | None = None) -> BoxesSetup:
    """The deal drawn from ``random.Random(seed)`` (None: the system's randomness) in
    BX5's order; ``first_player``, when given, is the first auctioneer and nothing is
    drawn for it [D3]."""
    count = check_players(num_players)
    if not isinstance(options, BoxesOptions):
        raise ArgumentError(f"options must be BoxesOptions, not {type(options).__name__}")
    if seed is not None:
        require_int(seed, "seed")
    if first_player is not None:
        require_int(first_player, "first_player")
    rng: random.Random = random.SystemRandom() if seed is None else random.Random(seed)
    open_pile = list(OPEN_CANONICAL)
    rng.shuffle(open_pile)  # (1)
    closed_pile = list(CLOSED_CANONICAL)
    rng.shuffle(closed_pile)  # (2)
    first = rng.randrange(count) if first_player is None else first_player  # (3)
    setup = BoxesSetup(tuple(open_pile), tuple(closed_pile), first)
    start(count, setup)  # a first player that is no seat is a SetupError now
    return setup


def _check_pile(pile: object, canonical: tuple[str, ...], name: str) -> tuple[str, ...]:
    if type(pile) is not tuple:
        raise SetupError(f"{name} must be a list of card codes", code="bad_pile", path=name)
    known = set(canonical)
    for index, card in enumerate(pile):
        if card not in known:
            raise SetupError(f"{card!r:.20} is not a card of the {name} "
                             f"({', '.join(sorted(known))})", code="bad_pile",
                             path=f"{name}[{index}]")
    if Counter(pile) != Counter(canonical):
        have, want = Counter(pile), Counter(canonical)
        wrong = sorted(card for card in known if have[card] != want[card])[0]
        raise SetupError(f"the {name} must hold {len(canonical)} cards exactly: "
                         f"{have[wrong]} of {wrong}, not {want[wrong]}", code="bad_pile",
                         path=name)
    return pile


def start(num_players: int, setup: BoxesSetup) -> BoxesState:
    """The game before the first move: container 1 laid out, the first auctioneer to
    choose. A setup that is no deal is a ``SetupError`` naming the bad field:
    ``bad_players``, ``bad_pile`` (``open_pile``, ``closed_pile``), ``bad_first``."""
    count = check_players(num_players)
    if not isinstance(setup, BoxesSetup):
        raise ArgumentError(f"a Boxes setup is a BoxesSetup, not {type(setup).__name__}")
    open_pile = _check_pile(setup.open_pile, OPEN_CANONICAL, "open_pile")
    closed_pile = _check_pile(setup.closed_pile, CLOSED_CANONICAL, "closed_pile")
    first = setup.first
    if type(first) is not int or not 0 <= first < count:
        raise SetupError(f"the first auctioneer is a seat 0 to {count - 1}, not "
                         f"{first!r:.20}", code="bad_first", path="first")
    return BoxesState(open_pile, closed_pile, first, (START_NOTES,) * count)
