"""Setting up a game of Draft Cider: the seeded setup (DC5), the check of a recorded
setup, and round 1 laid out (DC6, DC7).

``new_setup`` draws from ``random.Random(seed)``, in this order: (1) the 75 cards in
canonical order, shuffled; (2) only when no first player is given, the first picker
(``randrange(N)``) [D16]. Every later pool comes from the recorded deck, so there is
no chance after setup and replay draws nothing.
"""

from __future__ import annotations

import random

from aves_core.games.draft_cider.cards import DECK, INDEX
from aves_core.games.draft_cider.lots import empty_orchard
from aves_core.games.draft_cider.phases import Phase
from aves_core.games.draft_cider.state import (
    BAD_POINTS,
    DraftCiderOptions,
    DraftCiderSetup,
    DraftCiderState,
    cards_per_round,
)
from aves_core.kernel.errors import ArgumentError, SetupError, require_int

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "check_deck", "check_players", "new_setup", "start"]

MIN_PLAYERS, MAX_PLAYERS = 2, 6


def check_players(num_players: object) -> int:
    """``num_players`` if it is 2 to 6 (``bad_players`` otherwise, DC1)."""
    require_int(num_players, "num_players")
    assert isinstance(num_players, int)
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise SetupError(f"Draft Cider is for 2 to 6 players, not {num_players}",
                         code="bad_players")
    return num_players


def new_setup(num_players: int, options: DraftCiderOptions, seed: int | None, *,
              first_player: int | None = None) -> DraftCiderSetup:
    """The shuffled deck and the first picker, drawn from ``random.Random(seed)`` in
    DC5's order; a given ``first_player`` is not drawn [D16], so the deck is the same
    either way."""
    count = check_players(num_players)
    if not isinstance(options, DraftCiderOptions):
        raise ArgumentError(f"options must be DraftCiderOptions, not {type(options).__name__}")
    if seed is not None:
        require_int(seed, "seed")
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    first = rng.randrange(count) if first_player is None else first_player
    setup = DraftCiderSetup(options.bad_points, tuple(deck), first)
    start(count, setup)  # a bad first player is a SetupError now
    return setup


def check_deck(deck: object, path: str = "deck") -> tuple[str, ...]:
    """``deck`` if it is the 75 cards, each once, in some order (``bad_deck``)."""
    if type(deck) is not tuple or len(deck) != len(DECK):
        raise SetupError(f"a deck is the {len(DECK)} cards", code="bad_deck", path=path)
    for card in deck:
        if type(card) is not str or card not in INDEX:
            raise SetupError(f"a deck holds cards such as Y34, not {card!r:.10}",
                             code="bad_deck", path=path)
    if len(set(deck)) != len(DECK):
        raise SetupError("a deck holds each of the 75 cards once", code="bad_deck", path=path)
    return deck


def start(num_players: int, setup: DraftCiderSetup) -> DraftCiderState:
    """Round 1 laid out (DC6): the pool is ``deck[0:kN]`` and ``first`` picks. A setup
    that is none is a ``SetupError``, checked in this order: ``bad_players``,
    ``bad_options``, ``bad_first``, ``bad_deck``."""
    count = check_players(num_players)
    if not isinstance(setup, DraftCiderSetup):
        raise ArgumentError(f"a Draft Cider setup is a DraftCiderSetup, not "
                            f"{type(setup).__name__}")
    if type(setup.bad_points) is not int or setup.bad_points not in BAD_POINTS:
        raise SetupError(f"bad_points is -1, 0 or 1, not {setup.bad_points!r:.20}",
                         code="bad_options", path="bad_points")
    first = setup.first
    if type(first) is not int or not 0 <= first < count:
        raise SetupError(f"the first picker is a seat 0 to {count - 1}, not {first!r:.20}",
                         code="bad_first", path="first")
    deck = check_deck(setup.deck)
    pool = deck[:cards_per_round(count) * count]
    return DraftCiderState(DraftCiderOptions(setup.bad_points), deck, first, 1, pool,
                           (empty_orchard(),) * count, Phase.PICK, first)
