"""Setting up a game of Tsukuru 10 Ten (TK4): the seeded setup, the checks of a recorded
setup and of a deal, a dealt round, and the generator of a seeded game's later deals.
``random.Random(seed)`` draws round 1's deal, then the first dealer (drawn even when one
is given), then each later round's deal [D2]; the log records every deal.
"""

from __future__ import annotations

import random

from aves_core.games.tsukuru.phases import Phase
from aves_core.games.tsukuru.state import HAND_TILES, TsukuruOptions, TsukuruSetup, TsukuruState
from aves_core.games.tsukuru.tiles import COPIES, INDEX, counts_of, full_set
from aves_core.kernel.errors import ArgumentError, SetupError, require_int

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "chance_generator", "check_deal", "check_players",
           "deal_round", "new_setup", "next_deal", "start"]

MIN_PLAYERS, MAX_PLAYERS = 2, 4


def check_players(num_players: object) -> int:
    """``num_players`` if it is 2 to 4 (``bad_players`` otherwise)."""
    require_int(num_players, "num_players")
    assert isinstance(num_players, int)
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise SetupError(f"Tsukuru 10 Ten is for 2 to 4 players, not {num_players}",
                         code="bad_players")
    return num_players


def next_deal(rng: random.Random) -> tuple[str, ...]:
    """A round's deal: the 61 tiles in canonical order, shuffled by ``rng`` (TK4)."""
    tiles = list(full_set())
    rng.shuffle(tiles)
    return tuple(tiles)


def new_setup(num_players: int, options: TsukuruOptions, seed: int | None, *,
              first_player: int | None = None) -> TsukuruSetup:
    """Round 1's deal and the first dealer, drawn from ``random.Random(seed)`` in TK4's
    order [D2]; a given ``first_player`` is the dealer instead of the drawn one (which
    is drawn all the same)."""
    count, _rng, deal, dealer = _draws(num_players, options, seed)
    setup = TsukuruSetup(options.scoring, options.end, deal,
                         dealer if first_player is None else first_player)
    start(count, setup)  # a bad first player is a SetupError now
    return setup


def chance_generator(num_players: int, options: TsukuruOptions, seed: int | None
                     ) -> random.Random:
    """The generator a seeded game's later deals are drawn from: ``random.Random(seed)``
    after the setup's two draws; ``seed`` None: the system's randomness."""
    _count, rng, _deal, _dealer = _draws(num_players, options, seed)
    return random.SystemRandom() if seed is None else rng


def _draws(num_players: int, options: TsukuruOptions, seed: int | None
           ) -> tuple[int, random.Random, tuple[str, ...], int]:
    """The arguments checked: the number of players, ``random.Random(seed)`` after its
    two draws, and those draws (round 1's deal and the first dealer)."""
    count = check_players(num_players)
    if not isinstance(options, TsukuruOptions):
        raise ArgumentError(f"options must be TsukuruOptions, not {type(options).__name__}")
    if seed is not None:
        require_int(seed, "seed")
    rng = random.Random(seed)
    deal = next_deal(rng)
    return count, rng, deal, rng.randrange(count)


def check_deal(deal: object, path: str = "deal") -> tuple[str, ...]:
    """``deal`` if it is the 61 tiles in some order (``bad_deal`` otherwise)."""
    if type(deal) is not tuple or len(deal) != len(full_set()):
        raise SetupError("a deal is the 61 tiles", code="bad_deal", path=path)
    for tile in deal:
        if type(tile) is not str or tile not in INDEX:
            raise SetupError(f"a deal holds tiles, not {tile!r:.10}", code="bad_deal",
                             path=path)
    if counts_of(deal) != COPIES:
        raise SetupError("a deal holds every tile exactly as often as the game has it "
                         "(four of each red and blue 1-7, one R0, one of each purple)",
                         code="bad_deal", path=path)
    return deal


def start(num_players: int, setup: TsukuruSetup) -> TsukuruState:
    """Round 1, dealt (TK4): seat i's concealed tiles are ``deal[7i:7i+7]``, the deck the
    rest; the dealer moves first. A setup that is none is a ``SetupError``, checked in
    TK18a's order: ``bad_players``, ``bad_options``, ``bad_dealer``, ``bad_deal``."""
    count = check_players(num_players)
    if not isinstance(setup, TsukuruSetup):
        raise ArgumentError(f"a Tsukuru setup is a TsukuruSetup, not {type(setup).__name__}")
    options = TsukuruOptions(setup.scoring, setup.end)  # bad_options
    dealer = setup.dealer
    if type(dealer) is not int or not 0 <= dealer < count:
        raise SetupError(f"the dealer is a seat 0 to {count - 1}, not {dealer!r:.20}",
                         code="bad_dealer", path="dealer")
    deal = check_deal(setup.deal)
    empty = ((),) * count
    return deal_round(TsukuruState(options, (), ((0,) * len(COPIES),) * count, empty, empty,
                                   dealer, 0, (0,) * count, (0,) * count, Phase.DEAL, None),
                      deal, dealer)


def deal_round(state: TsukuruState, deal: tuple[str, ...], dealer: int) -> TsukuruState:
    """The next round of ``state`` dealt from ``deal`` (TK4): seven tiles a seat in seat
    order, the rest the deck; ``dealer`` moves first."""
    count = state.num_players
    concealed = tuple(counts_of(deal[HAND_TILES * seat:HAND_TILES * (seat + 1)])
                      for seat in range(count))
    empty = ((),) * count
    return TsukuruState(state.options, deal[HAND_TILES * count:], concealed, empty, empty,
                        dealer, state.round + 1, (0,) * count, state.scores, Phase.TURN,
                        dealer, None, state.shown)
