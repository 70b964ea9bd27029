"""Setting up a game of Cubirds: the seeded deal (CB4), the check of a recorded deal
(CB5), the generator of a seeded game's reshuffles, and the setup and a reshuffle as
chance plans for explicit-chance tools.

``new_setup`` draws from ``random.Random(seed)``, in this order [D2]: shuffle A
(the 110 cards in canonical order; the rows are built from its front, a card of a
species already in the row set aside [D1]), shuffle B (every card not in a row,
in canonical order: the stock, top first), and the dealer (``randrange(N)``,
drawn even when one is given). The setup records the deal, so replay draws
nothing. ``chance_generator`` continues that generator past those three draws, so
a seeded game's reshuffles are "the generator's next use" (CB15).
"""

from __future__ import annotations

import random

from aves_core.games.cubirds.cards import (
    COUNTS,
    EMPTY,
    INDEX,
    SPECIES,
    TOTAL,
    counts_of,
    full_deck,
    text_of,
)
from aves_core.games.cubirds.moves import Move, Reshuffle
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.state import (
    HAND_CARDS,
    ROW_CARDS,
    CubirdsOptions,
    CubirdsSetup,
    CubirdsState,
)
from aves_core.kernel.chance import ChancePlan
from aves_core.kernel.errors import ArgumentError, SetupError, require_int

MIN_PLAYERS, MAX_PLAYERS = 2, 5
ROWS = 4
"""The rows on the table."""


def _check_players(num_players: object) -> int:
    require_int(num_players, "num_players")
    assert isinstance(num_players, int)
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise SetupError(f"Cubirds is for 2 to 5 players, not {num_players}", code="bad_players")
    return num_players


def _check_options(options: object) -> CubirdsOptions:
    if not isinstance(options, CubirdsOptions):
        raise ArgumentError(f"options must be CubirdsOptions, not {type(options).__name__}")
    return options


def _draw_setup(num_players: int, row_cards: int, rng: random.Random
                ) -> tuple[tuple[str, ...], str, int]:
    """CB4's three draws from ``rng``: the rows (shuffle A), the stock (shuffle B) and
    the dealer."""
    cards = list(full_deck())
    rng.shuffle(cards)  # shuffle A
    rows: list[str] = []
    aside: list[str] = []
    front = iter(cards)
    for _row in range(ROWS):
        row = ""
        while len(row) < row_cards:
            card = next(front)
            if card in row:
                aside.append(card)  # its species is in the row already: set aside [D1]
            else:
                row += card
        rows.append(row)
    stock = list(text_of(counts_of([*front, *aside])))  # canonical order
    rng.shuffle(stock)  # shuffle B
    dealer = rng.randrange(num_players)
    return tuple(rows), "".join(stock), dealer


def new_setup(num_players: int, options: CubirdsOptions, seed: int | None, *,
              first_player: int | None = None) -> CubirdsSetup:
    """The deal drawn from ``random.Random(seed)`` in CB4's order [D2]; a given
    ``first_player`` is the dealer instead of the drawn one (which is drawn all the
    same)."""
    count = _check_players(num_players)
    _check_options(options)
    if seed is not None:
        require_int(seed, "seed")
    rows, stock, dealer = _draw_setup(count, options.row_cards, random.Random(seed))
    setup = CubirdsSetup(options.row_cards, rows, stock,
                         dealer if first_player is None else first_player)
    start(count, setup)  # a bad first player is a SetupError now
    return setup


def chance_generator(num_players: int, options: CubirdsOptions, seed: int | None
                     ) -> random.Random:
    """The generator a seeded game's reshuffles are drawn from: ``random.Random(seed)``
    after the setup's three draws, so that each reshuffle is "the generator's next use"
    (CB15); ``seed`` None: the system's randomness."""
    count = _check_players(num_players)
    _check_options(options)
    if seed is None:
        return random.SystemRandom()
    require_int(seed, "seed")
    rng = random.Random(seed)
    _draw_setup(count, options.row_cards, rng)
    return rng


def start(num_players: int, setup: CubirdsSetup) -> CubirdsState:
    """The dealt game (CB4): seat i's hand is ``stock[8i:8i+8]``, its collection
    ``stock[8N+i]``, the deck the rest; the dealer lays first. A setup that is no
    deal is a ``SetupError``, checked in the order of CB17a: ``bad_players``,
    ``bad_options``, ``bad_dealer``, ``bad_deal`` (CB5)."""
    count = _check_players(num_players)
    if not isinstance(setup, CubirdsSetup):
        raise ArgumentError(f"a Cubirds setup is a CubirdsSetup, not {type(setup).__name__}")
    row_cards = setup.row_cards
    if type(row_cards) is not int or row_cards not in ROW_CARDS:
        raise SetupError(f"row_cards is 3 or 4, not {row_cards!r:.20}", code="bad_options",
                         path="row_cards")
    dealer = setup.dealer
    if type(dealer) is not int or not 0 <= dealer < count:
        raise SetupError(f"the dealer is a seat 0 to {count - 1}, not {dealer!r:.20}",
                         code="bad_dealer", path="dealer")
    rows, stock = setup.rows, setup.stock
    _check_deal(rows, stock, row_cards)
    hands = tuple(counts_of(stock[HAND_CARDS * seat:HAND_CARDS * (seat + 1)])
                  for seat in range(count))
    base = HAND_CARDS * count
    collections = tuple(counts_of(stock[base + seat]) for seat in range(count))
    return CubirdsState(rows, stock[base + count:], EMPTY, hands, collections, dealer,
                        Phase.LAY, dealer)


def _check_deal(rows: object, stock: object, row_cards: int) -> None:
    if type(rows) is not tuple or len(rows) != ROWS:
        raise SetupError("the deal has four rows", code="bad_deal", path="rows")
    cards = ""
    for index, row in enumerate(rows):
        if type(row) is not str or len(row) != row_cards or len(set(row)) != row_cards \
                or not set(row).issubset(SPECIES):
            raise SetupError(f"row {index} must be {row_cards} cards of as many species "
                             f"(letters {SPECIES}), not {row!r:.20}", code="bad_deal",
                             path=f"rows[{index}]")
        cards += row
    if type(stock) is not str or not set(stock).issubset(SPECIES):
        raise SetupError(f"the stock must be species letters ({SPECIES})", code="bad_deal",
                         path="stock")
    held = counts_of(cards + stock)
    for index, letter in enumerate(SPECIES):
        have, want = held[index], COUNTS[index]
        if have != want:
            raise SetupError(f"the deal must hold the 110 cards exactly: {have} of {letter}, "
                             f"not {want}", code="bad_deal", path="stock")


# --- the setup and a reshuffle as chance plans ------------------------------------------


def _proportional(counts: list[int]) -> list[tuple[int, float]]:
    """Each species with cards left, with its share of them."""
    total = sum(counts)
    return [(index, count / total) for index, count in enumerate(counts) if count]


class SetupPlan(ChancePlan[CubirdsSetup]):
    """The setup of CB4 drawn one card at a time, with its exact probabilities.

    First shuffle A's cards as the rows examine them (an outcome is the species of
    the next card of A, in proportion to the cards of A not yet examined; one of a
    species already in the row is set aside), until the four rows are complete;
    then the stock card by card (in proportion to the cards not in a row: the
    set-aside cards are back, [D1]); then the dealer, each seat equally likely.
    The set-aside draws are part of the plan because they change what the later
    rows can draw: a plan that skipped them would not give shuffle A's
    distribution.
    """

    max_outcomes = 8

    def __init__(self, num_players: int, row_cards: int) -> None:
        self.num_players = num_players
        self.row_cards = row_cards
        self.stock_size = TOTAL - ROWS * row_cards

    def length(self) -> int:
        """At most every card of A, then the stock, then the dealer."""
        return TOTAL + self.stock_size + 1

    def _read(self, drawn: tuple[int, ...]
              ) -> tuple[list[str], list[int], tuple[int, ...] | None]:
        """The rows so far, the cards left to draw the next card from, and the outcomes
        drawn since the rows were complete (None while a row is being built)."""
        rows: list[str] = [""]
        left = list(COUNTS)
        for position, outcome in enumerate(drawn):
            left[outcome] -= 1  # a card of shuffle A, taken or set aside
            letter = SPECIES[outcome]
            if letter in rows[-1]:
                continue
            rows[-1] += letter
            if len(rows[-1]) < self.row_cards:
                continue
            if len(rows) < ROWS:
                rows.append("")
                continue
            # The rows are complete: the set-aside cards are back for shuffle B.
            after = drawn[position + 1:]
            left = list(COUNTS)
            for card in "".join(rows) + "".join(SPECIES[index]
                                                for index in after[:self.stock_size]):
                left[INDEX[card]] -= 1
            return rows, left, after
        return rows, left, None

    def done(self, drawn: tuple[int, ...]) -> bool:
        """Rows, stock and dealer drawn."""
        after = self._read(drawn)[2]
        return after is not None and len(after) > self.stock_size

    def _dealer_next(self, drawn: tuple[int, ...]) -> bool:
        after = self._read(drawn)[2]
        return after is not None and len(after) == self.stock_size

    def outcomes(self, drawn: tuple[int, ...]) -> list[tuple[int, float]]:
        """The next card's species (in proportion), or the dealer (uniform)."""
        if self._dealer_next(drawn):
            return [(seat, 1.0 / self.num_players) for seat in range(self.num_players)]
        return _proportional(self._read(drawn)[1])

    def result(self, drawn: tuple[int, ...]) -> CubirdsSetup:
        """The deal drawn."""
        rows, _left, after = self._read(drawn)
        assert after is not None
        stock = "".join(SPECIES[outcome] for outcome in after[:self.stock_size])
        return CubirdsSetup(self.row_cards, tuple(rows), stock, after[self.stock_size])

    def text(self, drawn: tuple[int, ...], outcome: int) -> str:
        """``F`` (a card), or ``dealer 2``."""
        return f"dealer {outcome}" if self._dealer_next(drawn) else SPECIES[outcome]


class ReshufflePlan(ChancePlan[Move]):
    """A reshuffle of the discard pile drawn one card at a time, top first, each
    species in proportion to its cards left (the distribution of CB15's shuffle)."""

    max_outcomes = 8

    def __init__(self, discard: tuple[int, ...]) -> None:
        self.discard = discard

    def length(self) -> int:
        """One node a card."""
        return sum(self.discard)

    def outcomes(self, drawn: tuple[int, ...]) -> list[tuple[int, float]]:
        """The next card's species, in proportion to the cards left."""
        left = list(self.discard)
        for outcome in drawn:
            left[outcome] -= 1
        return _proportional(left)

    def result(self, drawn: tuple[int, ...]) -> Reshuffle:
        """The new deck."""
        return Reshuffle("".join(SPECIES[outcome] for outcome in drawn))

    def text(self, drawn: tuple[int, ...], outcome: int) -> str:
        """The card's letter."""
        return SPECIES[outcome]


def setup_plan(num_players: int, options: CubirdsOptions) -> SetupPlan:
    """``SetupPlan`` for a game of ``num_players`` with ``options``."""
    return SetupPlan(_check_players(num_players), _check_options(options).row_cards)


def chance_plan(state: CubirdsState) -> ReshufflePlan:
    """``ReshufflePlan`` of the reshuffle ``state`` awaits (``ArgumentError`` if none)."""
    if type(state) is not CubirdsState or state.phase is not Phase.RESHUFFLE:
        raise ArgumentError("chance_plan needs a CubirdsState that awaits a reshuffle")
    return ReshufflePlan(state.discard)
