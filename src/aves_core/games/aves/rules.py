"""The rules of AVES as pure functions: new_game, legal_moves, the door's checks and
the transition of a legal move.

The door is data (``REFUSALS``, checked in the order of RULES.md by the kernel's
``aves_core.kernel.door``); ``is_legal`` judges the same moves without building the
list of legal moves or a refusal, and ``apply_move`` is ``is_legal``, then
``transition``, which also writes the events a host tells its clients. Nothing here
mutates its input; every state returned is new.

Legal moves are built once per (seat, card) and shared, so ``legal_moves`` is
mostly tuple slicing: moves are values, and equal moves may be the same object.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterable
from operator import attrgetter

from aves_core.games.aves.cards import (
    CARDS_BY_RANK,
    CROW_SUIT,
    Card,
    canonical,
    game_cards,
    max_number,
)
from aves_core.games.aves.events import (
    CardDrawn,
    CardPlaced,
    CardReturned,
    CardsTaken,
    CircleRefilled,
    Event,
    GameEnded,
    Passed,
    ReturnDue,
    TurnStarted,
)
from aves_core.games.aves.moves import PASSES, Move, Pass, Return, Trade, return_row, trade_row
from aves_core.games.aves.phases import Phase
from aves_core.games.aves.state import GameState, Result, Variant
from aves_core.kernel.door import NOT_YOUR_TURN, refuse
from aves_core.kernel.errors import ArgumentError, SetupError, require_int

__all__ = [
    "CIRCLE_SIZE",
    "HAND_LIMIT",
    "HAND_SIZE",
    "REFUSALS",
    "apply_move",
    "is_legal",
    "legal_moves",
    "new_game",
    "random_setup",
    "transition",
]

HAND_SIZE = 3
"""Cards dealt to each seat."""
CIRCLE_SIZE = 7
"""Cards dealt to the circle."""
HAND_LIMIT = 7
"""The most cards a hand keeps at the end of a turn; at 8 a card must be returned."""
REFILL_SIZE = 6
"""Cards added to a circle that a match has left with one card."""

_PLAYER_TURN = Phase.PLAYER_TURN
_FORCED_RETURN = Phase.FORCED_RETURN
_GAME_END = Phase.GAME_END
_RANK = attrgetter("rank")


# --- setting up ----------------------------------------------------------


def random_setup(
    num_players: int, variant: Variant = Variant(), seed: int | None = None
) -> tuple[tuple[Card, ...], int]:
    """A shuffled deal and a first player drawn from ``seed`` (the same on every run):
    the deck is shuffled first, then the first player drawn, both from one
    ``random.Random(seed)`` (``seed=None``: the system's randomness)."""
    _check(num_players, variant, seed)
    rng = random.Random(seed)
    deal = list(game_cards(num_players, variant.crows))
    rng.shuffle(deal)
    return tuple(deal), rng.randrange(num_players)


def new_game(
    num_players: int,
    variant: Variant = Variant(),
    *,
    seed: int | None = None,
    deal: Iterable[Card] | None = None,
    first_player: int | None = None,
) -> GameState:
    """Set up a game of ``num_players`` seats (2 to 6).

    With ``deal`` the cards are dealt in that order (seat i gets ``deal[3i:3i+3]``,
    the circle the next 7, the rest is the deck, top first); without it they are
    shuffled from ``seed``. ``first_player`` is drawn from ``seed`` when not given.
    Raises ``SetupError`` with code ``bad_players``, ``bad_deal`` or ``bad_first_player``.
    """
    if deal is None:
        cards, drawn = random_setup(num_players, variant, seed)
    else:
        _check(num_players, variant, seed)
        cards = _checked_deal(deal, num_players, variant)
        drawn = random.Random(seed).randrange(num_players) if first_player is None else 0
    if first_player is None:
        first_player = drawn
    elif not 0 <= require_int(first_player, "first_player") < num_players:
        raise SetupError(
            f"first_player must be a seat from 0 to {num_players - 1}, not {first_player!r}",
            code="bad_first_player", path="first_player",
        )
    dealt = HAND_SIZE * num_players
    hands = tuple(canonical(cards[start:start + HAND_SIZE]) for start in range(0, dealt, HAND_SIZE))
    return GameState(variant, _PLAYER_TURN, first_player, hands,
                     cards[dealt:dealt + CIRCLE_SIZE], cards[dealt + CIRCLE_SIZE:])


def _check(num_players: object, variant: object, seed: object) -> None:
    require_int(num_players, "num_players")
    assert isinstance(num_players, int)
    if not 2 <= num_players <= 6:
        raise SetupError(f"AVES is for 2 to 6 players, not {num_players}", code="bad_players")
    if not isinstance(variant, Variant):
        raise ArgumentError(f"variant must be a Variant, not {type(variant).__name__}")
    if seed is not None:
        require_int(seed, "seed")


def _checked_deal(deal: Iterable[Card], num_players: int, variant: Variant) -> tuple[Card, ...]:
    if isinstance(deal, str | bytes) or not isinstance(deal, Iterable):
        raise ArgumentError(f"deal must be a sequence of Card, not {type(deal).__name__}")
    cards = tuple(deal)
    if set(map(type, cards)) - {Card}:
        for card in cards:
            if not isinstance(card, Card):
                raise ArgumentError(f"deal must hold Card values (Card.parse('R3')), not "
                                    f"{type(card).__name__} {card!r}")
    ranks = list(map(_RANK, cards))
    if sorted(ranks) != deal_ranks(num_players, variant.crows):
        expected = Counter(game_cards(num_players, variant.crows))
        given = Counter(cards)
        missing = canonical((expected - given).elements())
        extra = canonical((given - expected).elements())
        parts = []
        if missing:
            parts.append("missing " + " ".join(map(str, missing)))
        if extra:
            parts.append("not of this game or repeated: " + " ".join(map(str, extra)))
        raise SetupError(
            f"the deal must hold each of this game's {expected.total()} cards exactly once: "
            + "; ".join(parts),
            code="bad_deal", path="deal",
        )
    return tuple(map(CARDS_BY_RANK.__getitem__, ranks))  # the shared instances


@functools.cache
def deal_ranks(num_players: int, crows: bool) -> list[int]:
    """The ranks of a game's cards in canonical order (a deal's, sorted). Shared:
    do not change it."""
    return [card.rank for card in game_cards(num_players, crows)]


# --- legal moves ---------------------------------------------------------

def _equal_gaps(circle: tuple[Card, ...]) -> list[int]:
    """The gaps whose two cards have equal numbers (where a crow may go)."""
    k = len(circle)
    return [g for g in range(k) if circle[g].number == circle[(g + 1) % k].number]


def _returnable(hand: tuple[Card, ...]) -> list[Card]:
    """The cards a forced return may choose: a colour held twice if any, never a crow."""
    counts = [0] * 8
    for card in hand:
        counts[card.suit] += 1
    fruit = [card for card in hand if card.suit != CROW_SUIT]
    return [card for card in fruit if counts[card.suit] >= 2] or fruit


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move, in a fixed order: by card in canonical hand order, then by
    gap ascending; a lone ``Pass`` when the active player can trade nothing; and
    nothing once the game is over."""
    if type(state) is not GameState:
        raise ArgumentError(f"legal_moves needs a GameState, not {type(state).__name__}")
    player = state.active_player
    if player is None:
        return ()
    return moves_for(state.phase, player, state.hands[player], state.circle)


def moves_for(
    phase: Phase, player: int, hand: tuple[Card, ...], circle: tuple[Card, ...]
) -> tuple[Move, ...]:
    """The legal moves of ``player`` holding ``hand`` in ``phase``: all that a seat's
    own view needs, so clients and bots compute them without the full state."""
    k = len(circle)
    moves: list[Move] = []
    if phase is _PLAYER_TURN:
        for card in hand:
            if card.color is None:  # crows sort last and are alike: one set of moves
                row = trade_row(player, card)
                moves += [row[gap] for gap in _equal_gaps(circle)]
                break
            moves += trade_row(player, card)[:k]
        return tuple(moves) if moves else (PASSES[player],)
    if phase is _FORCED_RETURN:
        for card in _returnable(hand):
            moves += return_row(player, card)[:k]
    return tuple(moves)


# --- the door ------------------------------------------------------------


def _game_over(state: GameState, _move: Move) -> str | None:
    result = state.result
    if result is None:
        return None
    return (f"the game is over ({result.reason}, won by seat "
            f"{', '.join(map(str, result.winners))})")


def _wrong_phase(state: GameState, move: Move) -> str | None:
    if state.phase is (_FORCED_RETURN if type(move) is Return else _PLAYER_TURN):
        return None
    if state.phase is _FORCED_RETURN:
        expected = f"must return a card first, for example {legal_moves(state)[0]}"
    else:
        expected = "has no card to return; it is time to trade"
    return f"seat {move.player} {expected} (phase {state.phase.value})"


def _unknown_card(state: GameState, move: Trade | Return) -> str | None:
    card = move.card
    known = (state.variant.crows if card.suit == CROW_SUIT
             else card.number <= max_number(len(state.hands)))
    return None if known else f"{card} is not a card of this game"


def _card_not_in_hand(state: GameState, move: Trade | Return) -> str | None:
    hand = state.hands[move.player]
    if move.card in hand:
        return None
    return (f"seat {move.player} does not hold {move.card}; "
            f"their hand is {' '.join(map(str, hand))}")


def _gap_out_of_range(state: GameState, move: Trade | Return) -> str | None:
    k = len(state.circle)
    if 0 <= move.gap < k:
        return None
    return f"gap {move.gap} is not in the circle of {k} cards (gaps 0 to {k - 1})"


def _crow_needs_match(state: GameState, move: Trade) -> str | None:
    equal = _equal_gaps(state.circle)
    if move.card.suit != CROW_SUIT or move.gap in equal:
        return None
    return ("a crow may only go between two cards of equal number "
            f"(such gaps: {', '.join(map(str, equal)) or 'none'})")


def _crow_cannot_return(_state: GameState, move: Return) -> str | None:
    return "a crow can never be returned" if move.card.suit == CROW_SUIT else None


def _must_return_duplicate(state: GameState, move: Return) -> str | None:
    choices = _returnable(state.hands[move.player])
    if move.card in choices:
        return None
    return ("a card of a colour held twice must be returned: one of "
            f"{' '.join(map(str, choices))}")


def _pass_not_allowed(state: GameState, move: Pass) -> str | None:
    moves = legal_moves(state)
    if moves == (PASSES[move.player],):
        return None
    return (f"seat {move.player} cannot pass while a trade is possible, "
            f"for example {moves[0]}")


REFUSALS = (
    refuse("game_over", _game_over),
    NOT_YOUR_TURN,  # a seat that does not exist, or a negative one, is not the active seat
    refuse("wrong_phase", _wrong_phase),
    refuse("unknown_card", _unknown_card, Trade, Return),
    refuse("card_not_in_hand", _card_not_in_hand, Trade, Return),
    refuse("gap_out_of_range", _gap_out_of_range, Trade, Return),
    refuse("crow_needs_match", _crow_needs_match, Trade),
    refuse("crow_cannot_return", _crow_cannot_return, Return),
    refuse("must_return_duplicate", _must_return_duplicate, Return),
    refuse("pass_not_allowed", _pass_not_allowed, Pass),
)
"""Every rule a move can break, in the order of LOG_FORMAT.md ("Which problem is
reported"): a move breaking several gets the first listed code."""


def is_legal(state: GameState, move: Move) -> bool:
    """True exactly when ``move`` is in ``legal_moves(state)``, without building that
    list or raising: the door's ``REFUSALS``, fused (the kit checks they agree)."""
    if type(state) is not GameState:
        raise ArgumentError(f"is_legal needs a GameState, not {type(state).__name__}")
    player = state.active_player
    kind = type(move)
    if kind is not Trade and kind is not Return and kind is not Pass:
        return False  # no AVES move at all
    if player is None or move.player != player:
        return False
    if kind is Pass:
        return state.phase is _PLAYER_TURN and legal_moves(state) == (PASSES[player],)
    assert isinstance(move, Trade | Return)
    circle = state.circle
    k = len(circle)
    card = move.card
    if not 0 <= move.gap < k or card not in state.hands[player]:
        return False
    if kind is Trade:
        if state.phase is not _PLAYER_TURN:
            return False
        return card.suit != CROW_SUIT or circle[move.gap].number == circle[move.gap + 1 - k].number
    return state.phase is _FORCED_RETURN and card in _returnable(state.hands[player])


def apply_move(state: GameState, move: Move) -> GameState:
    """The state after ``move``, or ``IllegalMoveError`` with the first code of
    ``REFUSALS`` it breaks. Automatic phases (the circle refill) are passed through:
    the state returned rests in ``playerTurn``, ``forcedReturn`` or ``gameEnd``."""
    if type(state) is not GameState:
        raise ArgumentError(f"apply_move needs a GameState, not {type(state).__name__}")
    if is_legal(state, move):
        return transition(state, move)
    if type(move) is not Trade and type(move) is not Return and type(move) is not Pass:
        raise ArgumentError(f"a move must be a Trade, Return or Pass, not {type(move).__name__}")
    from aves_core.games.aves.game import AVES  # the door is the game's, which imports this

    raise AVES.door.refused(state, move)


# --- the transition of a legal move --------------------------------------------


def transition(state: GameState, move: Move, events: list[Event] | None = None) -> GameState:
    """The state after ``move``, known to be legal: no check here, so an illegal move
    gives a wrong state, not an error (searches play only legal moves). When
    ``events`` is a list, what happened is appended to it."""
    if type(move) is Trade:
        return _trade(state, move.player, CARDS_BY_RANK[move.card.rank], move.gap, events)
    player = move.player
    if type(move) is Return:
        card, gap = CARDS_BY_RANK[move.card.rank], move.gap
        hand = list(state.hands[player])
        hand.remove(card)
        if events is not None:
            events.append(CardReturned(player, card, gap))
        circle = state.circle[: gap + 1] + (card,) + state.circle[gap + 1 :]
        return _end_turn(state.variant, player, _replace_hand(state.hands, player, hand),
                         circle, state.deck, events)
    if events is not None:
        events.append(Passed(player))
    return _end_turn(state.variant, player, state.hands, state.circle, state.deck, events)


unchecked_step = transition
"""``apply_move`` without its checks, for searches that only play legal moves."""


def _replace_hand(
    hands: tuple[tuple[Card, ...], ...], player: int, hand: list[Card]
) -> tuple[tuple[Card, ...], ...]:
    hand.sort(key=_RANK)
    return hands[:player] + (tuple(hand),) + hands[player + 1 :]


def _trade(state: GameState, player: int, card: Card, gap: int, events: list[Event] | None
           ) -> GameState:
    """The fruit trade: a match takes both neighbours, a miss draws."""
    circle = state.circle
    deck = state.deck
    k = len(circle)
    left = circle[gap]
    right = circle[gap + 1] if gap + 1 < k else circle[0]
    hand = list(state.hands[player])
    hand.remove(card)
    if events is not None:
        events.append(CardPlaced(player, card, gap))
    if abs(left.number - right.number) == card.number:
        hand += (left, right)
        if events is not None:
            events.append(CardsTaken(player, (left, right), gap))
        if gap + 1 < k:
            circle = circle[:gap] + (card,) + circle[gap + 2 :]
        else:  # the last gap joins the last card to the first: both leave the ends
            circle = circle[1 : k - 1] + (card,)
        if len(circle) == 1:  # through the automatic phase circleRefill
            if events is not None:
                events.append(CircleRefilled(deck[:REFILL_SIZE]))
            circle += deck[:REFILL_SIZE]
            deck = deck[REFILL_SIZE:]
    else:
        drawn = deck[-1]
        hand.append(drawn)
        deck = deck[:-1]
        if events is not None:
            events.append(CardDrawn(player, drawn, state.variant.showdown))
        circle = circle[: gap + 1] + (card,) + circle[gap + 1 :]
    hands = _replace_hand(state.hands, player, hand)
    if len(hand) > HAND_LIMIT:
        if events is not None:
            events.append(ReturnDue(player))
        return GameState(state.variant, _FORCED_RETURN, player, hands, circle, deck, None)
    return _end_turn(state.variant, player, hands, circle, deck, events)


def _end_turn(
    variant: Variant,
    player: int,
    hands: tuple[tuple[Card, ...], ...],
    circle: tuple[Card, ...],
    deck: tuple[Card, ...],
    events: list[Event] | None,
) -> GameState:
    """The end-of-turn check: seven colours, then an empty deck, else the next seat."""
    hand = hands[player]
    if len(hand) == 7 and len({card.suit for card in hand} - {CROW_SUIT}) == 7:
        result = Result((player,), "seven_colors")
    elif not deck:
        result = ranking(hands)
    else:
        nxt = (player + 1) % len(hands)
        if events is not None:
            events.append(TurnStarted(nxt))
        return GameState(variant, _PLAYER_TURN, nxt, hands, circle, deck, None)
    if events is not None:
        events.append(GameEnded(result))
    return GameState(variant, _GAME_END, None, hands, circle, deck, result)


def ranking(hands: tuple[tuple[Card, ...], ...]) -> Result:
    """The deck-empty result: best (no crow, distinct colours, fruit cards) wins; ties share."""
    keys = []
    for hand in hands:
        suits = {card.suit for card in hand}
        crows = CROW_SUIT in suits
        if crows:
            suits.discard(CROW_SUIT)
        fruit = len(hand) - (sum(1 for card in hand if card.suit == CROW_SUIT) if crows else 0)
        keys.append((not crows, len(suits), fruit))
    best = max(keys)
    return Result(tuple(seat for seat, key in enumerate(keys) if key == best), "deck_empty")
