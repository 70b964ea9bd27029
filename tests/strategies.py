"""Hypothesis strategies for aves-core, and the independent rule oracles they are checked against.

Strategies: ``variants``, ``player_counts``, ``seeds``, ``playouts`` (a whole
random game, every state and move kept), ``games`` (one state of such a game),
``arbitrary_moves`` (any move value, legal or not) and ``moves_for`` (moves
aimed at one state: legal ones, near misses and arbitrary ones).

Oracles: ``expected_legal_moves``, ``expected_error``, ``reference_apply`` and
the invariant checks re-state RULES.md directly. They share no code with the
engine beyond its public value types (Card, moves, GameState), so a property
that compares the engine with them compares two implementations of the rules.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import strategies as st

from aves_core import (
    Card,
    GameState,
    Move,
    Pass,
    Phase,
    Result,
    Return,
    Trade,
    Variant,
    apply_move,
    legal_moves,
    new_game,
    random_setup,
)

# --- the cards, re-stated from RULES.md ------------------------------------

COLOR_LETTERS = "ROYGBIV"
"""The fruit colours in canonical order."""
ALL_CARDS: tuple[Card, ...] = tuple(
    Card.parse(f"{letter}{number}") for letter in COLOR_LETTERS for number in range(1, 7)
) + (Card.parse("C0"),)
"""The 43 card codes that exist: 42 fruit cards and the crow."""
HAND_LIMIT = 7
REFILL_SIZE = 6

ERROR_CODES: tuple[str, ...] = (
    "game_over",
    "not_your_turn",
    "wrong_phase",
    "unknown_card",
    "card_not_in_hand",
    "gap_out_of_range",
    "crow_needs_match",
    "crow_cannot_return",
    "must_return_duplicate",
    "pass_not_allowed",
)
"""Every code an illegal move can raise, in LOG_FORMAT.md's priority order."""

MOVE_TYPE_NAMES: dict[type, str] = {Trade: "trade", Return: "return", Pass: "pass"}
"""A move's ``type`` in the log format."""


def code(card: Card) -> str:
    """A card's code, read through ``str`` only."""
    return str(card)


def is_crow(card: Card) -> bool:
    """True for a crow, judged by its code."""
    return code(card) == "C0"


def color_of(card: Card) -> str | None:
    """The colour letter of a fruit card, None for a crow."""
    return None if is_crow(card) else code(card)[0]


def number_of(card: Card) -> int:
    """The card's number (0 for a crow), read from its code."""
    return int(code(card)[1:])


def canonical_key(card: Card) -> tuple[int, int]:
    """Canonical order: colour R O Y G B I V, then number, crows last."""
    letter = color_of(card)
    return (len(COLOR_LETTERS), 0) if letter is None else (
        COLOR_LETTERS.index(letter), number_of(card)
    )


def expected_game_cards(num_players: int, crows: bool) -> Counter[str]:
    """The multiset of codes in a game of ``num_players``: numbers 1..N+1 (at most 6) of every
    colour, and four crows with the Greedy Crow variant."""
    top = min(num_players + 1, 6)
    cards = Counter(f"{letter}{n}" for letter in COLOR_LETTERS for n in range(1, top + 1))
    if crows:
        cards["C0"] = 4
    return cards


def codes(cards: Sequence[Card]) -> list[str]:
    """The codes of a sequence of cards, in order."""
    return [code(card) for card in cards]


def snapshot(state: GameState) -> tuple[object, ...]:
    """Everything about a state as plain strings and ints, independent of the engine's ``==``."""
    result = None if state.result is None else (tuple(state.result.winners), state.result.reason)
    return (
        state.variant.crows,
        state.variant.showdown,
        state.phase.value,
        state.active_player,
        tuple(tuple(codes(hand)) for hand in state.hands),
        tuple(codes(state.circle)),
        tuple(codes(state.deck)),
        result,
    )


# --- oracles ---------------------------------------------------------------


def is_match(state: GameState, move: Move) -> bool:
    """True if ``move`` is a trade whose card number is the difference of its gap's two cards."""
    if not isinstance(move, Trade):
        return False
    circle = state.circle
    k = len(circle)
    left, right = circle[move.gap], circle[(move.gap + 1) % k]
    return abs(number_of(left) - number_of(right)) == number_of(move.card)


def equal_gaps(circle: Sequence[Card]) -> list[int]:
    """The gaps whose two cards have equal numbers."""
    k = len(circle)
    return [g for g in range(k) if number_of(circle[g]) == number_of(circle[(g + 1) % k])]


def returnable(hand: Sequence[Card]) -> set[str]:
    """The codes a forced return may choose: a colour held twice if any, else any fruit."""
    counts = Counter(color_of(card) for card in hand if not is_crow(card))
    doubled = {code(card) for card in hand if not is_crow(card) and counts[color_of(card)] >= 2}
    return doubled or {code(card) for card in hand if not is_crow(card)}


def expected_legal_moves(state: GameState) -> tuple[Move, ...]:
    """The legal moves by RULES.md, in the documented order (card in canonical hand order, then
    gap ascending; equal cards, i.e. crows, once; a lone Pass when no trade exists)."""
    if state.phase is Phase.GAME_END:
        return ()
    player = state.active_player
    assert player is not None
    hand = sorted(set(state.hands[player]), key=canonical_key)
    k = len(state.circle)
    moves: list[Move] = []
    if state.phase is Phase.PLAYER_TURN:
        matching = equal_gaps(state.circle)
        for card in hand:
            gaps = matching if is_crow(card) else range(k)
            moves += [Trade(player, card, g) for g in gaps]
        return tuple(moves) if moves else (Pass(player),)
    allowed = returnable(state.hands[player])
    for card in hand:
        if code(card) in allowed:
            moves += [Return(player, card, g) for g in range(k)]
    return tuple(moves)


def expected_error(state: GameState, move: Move) -> str | None:
    """The code apply_move must raise for ``move``, or None if the move is legal.

    The rules are checked in LOG_FORMAT.md's priority order: game_over, not_your_turn,
    wrong_phase, unknown_card, card_not_in_hand, gap_out_of_range, then the rule the move
    breaks (crow_needs_match, crow_cannot_return, must_return_duplicate, pass_not_allowed).
    """
    if state.phase is Phase.GAME_END:
        return "game_over"
    if move.player != state.active_player:
        return "not_your_turn"
    wanted = Phase.FORCED_RETURN if isinstance(move, Return) else Phase.PLAYER_TURN
    if state.phase is not wanted:
        return "wrong_phase"
    hand = state.hands[move.player]
    if isinstance(move, Pass):
        has_fruit = any(not is_crow(card) for card in hand)
        crow_can_go = any(is_crow(card) for card in hand) and bool(equal_gaps(state.circle))
        return "pass_not_allowed" if has_fruit or crow_can_go else None
    card_code = code(move.card)
    if card_code not in expected_game_cards(state.num_players, state.variant.crows):
        return "unknown_card"
    if card_code not in codes(hand):
        return "card_not_in_hand"
    if not 0 <= move.gap < len(state.circle):
        return "gap_out_of_range"
    if isinstance(move, Trade):
        if is_crow(move.card) and move.gap not in equal_gaps(state.circle):
            return "crow_needs_match"
        return None
    if is_crow(move.card):
        return "crow_cannot_return"
    if card_code not in returnable(hand):
        return "must_return_duplicate"
    return None


def expected_ranking(hands: Sequence[Sequence[Card]]) -> Result:
    """The deck-empty result: best (no crow, distinct colours, fruit cards); ties share."""
    keys = [
        (
            not any(is_crow(card) for card in hand),
            len({color_of(card) for card in hand if not is_crow(card)}),
            sum(1 for card in hand if not is_crow(card)),
        )
        for hand in hands
    ]
    best = max(keys)
    return Result(tuple(seat for seat, key in enumerate(keys) if key == best), "deck_empty")


def holds_seven_colors(hand: Sequence[Card]) -> bool:
    """All seven fruit colours and no crow."""
    colors = {color_of(card) for card in hand}
    return None not in colors and len(colors) == len(COLOR_LETTERS)


def reference_apply(state: GameState, move: Move) -> GameState:
    """The state after a legal ``move``, computed straight from RULES.md with lists."""
    assert expected_error(state, move) is None, f"{move} is not legal"
    player = move.player
    hands = [list(hand) for hand in state.hands]
    circle = list(state.circle)
    deck = list(state.deck)
    hand = hands[player]
    phase = Phase.PLAYER_TURN
    if isinstance(move, Trade):
        x, g, k = move.card, move.gap, len(circle)
        a, b = circle[g], circle[(g + 1) % k]
        hand.remove(x)
        if abs(number_of(a) - number_of(b)) == number_of(x):
            hand += [a, b]
            circle = circle[:g] + [x] + circle[g + 2 :] if g < k - 1 else circle[1 : k - 1] + [x]
            if len(circle) == 1:
                circle += deck[:REFILL_SIZE]
                deck = deck[REFILL_SIZE:]
        else:
            hand.append(deck.pop())  # the bottom card, deck[-1]
            circle.insert(g + 1, x)
        if len(hand) > HAND_LIMIT:
            phase = Phase.FORCED_RETURN
    elif isinstance(move, Return):
        hand.remove(move.card)
        circle.insert(move.gap + 1, move.card)
    sorted_hands = tuple(tuple(sorted(h, key=canonical_key)) for h in hands)
    active: int | None = player
    result: Result | None = None
    if phase is Phase.FORCED_RETURN:
        pass
    elif holds_seven_colors(hand):
        phase, active, result = Phase.GAME_END, None, Result((player,), "seven_colors")
    elif not deck:
        phase, active, result = Phase.GAME_END, None, expected_ranking(hands)
    else:
        active = (player + 1) % len(hands)
    return GameState(
        state.variant, phase, active, sorted_hands, tuple(circle), tuple(deck), result
    )


# --- invariants --------------------------------------------------------------


def check_conservation(state: GameState) -> None:
    """The hands, circle and deck hold exactly the game's cards."""
    held = Counter(codes([card for hand in state.hands for card in hand]))
    held += Counter(codes(state.circle)) + Counter(codes(state.deck))
    assert expected_game_cards(state.num_players, state.variant.crows) == held


def check_sizes(state: GameState) -> None:
    """Hand limits by phase; at the start of a turn the circle has 2+ cards and the deck 1+."""
    sizes = [len(hand) for hand in state.hands]
    if state.phase is Phase.FORCED_RETURN:
        assert state.active_player is not None
        assert 8 == sizes[state.active_player]
        others = sizes[: state.active_player] + sizes[state.active_player + 1 :]
        assert all(size <= HAND_LIMIT for size in others), sizes
    else:
        assert all(size <= HAND_LIMIT for size in sizes), sizes
    assert all(size >= 1 for size in sizes), sizes
    if state.phase is Phase.PLAYER_TURN:
        assert len(state.circle) >= 2, codes(state.circle)
        assert len(state.deck) >= 1


def check_canonical(state: GameState) -> None:
    """Every hand is in canonical order."""
    for hand in state.hands:
        assert codes(sorted(hand, key=canonical_key)) == codes(hand)


def check_phase(state: GameState) -> None:
    """A resting state is never in circleRefill; the seat and result agree with the phase."""
    assert state.phase in {Phase.PLAYER_TURN, Phase.FORCED_RETURN, Phase.GAME_END}
    if state.phase is Phase.GAME_END:
        assert state.active_player is None
        assert state.result is not None
        assert list(state.result.winners) == sorted(set(state.result.winners))
    else:
        assert state.result is None
        assert state.active_player in range(state.num_players)


def check_invariants(state: GameState) -> None:
    """All the invariants of a resting state."""
    check_conservation(state)
    check_sizes(state)
    check_canonical(state)
    check_phase(state)


def check_result(before: GameState, move: Move, after: GameState) -> None:
    """An ended game's result follows RULES.md, given the last move that ended it."""
    result = after.result
    assert result is not None
    if result.reason == "seven_colors":
        assert (move.player,) == result.winners
        assert holds_seven_colors(after.hands[move.player])
    else:
        assert "deck_empty" == result.reason
        assert () == after.deck
        assert not holds_seven_colors(after.hands[move.player])
        assert expected_ranking(after.hands) == result
    assert Phase.GAME_END is not before.phase


# --- playing games -----------------------------------------------------------


def choose(rng: random.Random, state: GameState, match_bias: float) -> Move:
    """A legal move: with probability ``match_bias`` a matching trade when one exists."""
    legal = legal_moves(state)
    if match_bias and state.phase is Phase.PLAYER_TURN and rng.random() < match_bias:
        matches = [move for move in legal if is_match(state, move)]
        if matches:
            return rng.choice(matches)
    return rng.choice(legal)


class Playout:
    """A game played from a seeded ``new_game``: every state (``states[0]`` the new game) and
    every move (``moves[i]`` leads from ``states[i]`` to ``states[i + 1]``).

    A plain class, not a dataclass, so that Hypothesis prints a failing example as its short
    ``repr`` (the seeds and the moves in notation), not as every card of every state."""

    __slots__ = (
        "crow_start",
        "match_bias",
        "moves",
        "num_players",
        "policy_seed",
        "seed",
        "states",
        "variant",
    )

    def __init__(
        self,
        num_players: int,
        variant: Variant,
        seed: int,
        crow_start: bool,
        policy_seed: int,
        match_bias: float,
        states: tuple[GameState, ...],
        moves: tuple[Move, ...],
    ) -> None:
        assert len(states) == len(moves) + 1
        self.num_players = num_players
        self.variant = variant
        self.seed = seed
        self.crow_start = crow_start
        self.policy_seed = policy_seed
        self.match_bias = match_bias
        self.states = states
        self.moves = moves

    @property
    def final(self) -> GameState:
        """The last state reached."""
        return self.states[-1]

    def steps(self) -> list[tuple[GameState, Move, GameState]]:
        """(before, move, after) for every move played."""
        return list(zip(self.states[:-1], self.moves, self.states[1:], strict=True))

    def __repr__(self) -> str:
        return (
            f"Playout(num_players={self.num_players}, variant={self.variant!r}, "
            f"seed={self.seed}, crow_start={self.crow_start}, policy_seed={self.policy_seed}, "
            f"match_bias={self.match_bias}, "
            f"moves={[str(m) for m in self.moves]}, final phase {self.final.phase.value})"
        )


def start(num_players: int, variant: Variant, seed: int, crow_start: bool = False) -> GameState:
    """``new_game`` from ``seed``; with ``crow_start`` (and crows) the seeded deal is changed so
    that the first player holds three crows, the only way to make a pass likely (random play
    passes about once in 80,000 states)."""
    if not (crow_start and variant.crows):
        return new_game(num_players, variant, seed=seed)
    deal, first = random_setup(num_players, variant, seed)
    crows = [card for card in deal if is_crow(card)][:3]
    rest = list(deal)
    for crow in crows:
        rest.remove(crow)
    cards = rest[: 3 * first] + crows + rest[3 * first :]
    state = new_game(num_players, variant, deal=cards, first_player=first)
    assert all(is_crow(card) for card in state.hands[first])
    return state


def play(
    num_players: int,
    variant: Variant,
    seed: int,
    *,
    crow_start: bool = False,
    policy_seed: int = 0,
    match_bias: float = 0.0,
    max_moves: int = 200,
) -> Playout:
    """Play up to ``max_moves`` legal moves (fewer if the game ends) with ``choose``."""
    rng = random.Random(policy_seed)
    state = start(num_players, variant, seed, crow_start)
    states = [state]
    moves: list[Move] = []
    while state.phase is not Phase.GAME_END and len(moves) < max_moves:
        move = choose(rng, state, match_bias)
        state = apply_move(state, move)
        moves.append(move)
        states.append(state)
    return Playout(
        num_players,
        variant,
        seed,
        crow_start and variant.crows,
        policy_seed,
        match_bias,
        tuple(states),
        tuple(moves),
    )


# --- strategies ---------------------------------------------------------------


def variants() -> st.SearchStrategy[Variant]:
    """Any variant: with and without crows, with and without showdown."""
    return st.builds(Variant, crows=st.booleans(), showdown=st.booleans())


def player_counts() -> st.SearchStrategy[int]:
    """2 to 6 players."""
    return st.integers(min_value=2, max_value=6)


def seeds() -> st.SearchStrategy[int]:
    """A seed for new_game or a move policy."""
    return st.integers(min_value=0, max_value=2**32 - 1)


MATCH_BIASES = (0.0, 0.5, 0.9, 1.0)
"""How strongly a policy prefers matches: 0 plays uniformly, 0.9 hits every phase edge often."""


@st.composite
def playouts(
    draw: st.DrawFn,
    num_players: st.SearchStrategy[int] | None = None,
    variant: st.SearchStrategy[Variant] | None = None,
    max_moves: int = 150,
) -> Playout:
    """A random game from a seeded new_game, cut after a random number of moves (most end
    first: a game lasts about 20 to 60 moves); the policy often prefers matches, so refills,
    forced returns and both game ends are common."""
    n = draw(num_players if num_players is not None else player_counts())
    v = draw(variant if variant is not None else variants())
    seed = draw(seeds())
    crow_start = v.crows and draw(st.booleans())
    bias = draw(st.sampled_from(MATCH_BIASES))
    policy_seed = draw(seeds())
    length = draw(st.integers(min_value=0, max_value=max_moves))
    return play(
        n,
        v,
        seed,
        crow_start=crow_start,
        policy_seed=policy_seed,
        match_bias=bias,
        max_moves=length,
    )


def can_pass(state: GameState) -> bool:
    """True if a pass is legal (by the rules, not by asking the engine)."""
    player = state.active_player
    return player is not None and expected_error(state, Pass(player)) is None


_KINDS_OF_STATE = {
    "any": lambda state: True,
    "forcedReturn": lambda state: state.phase is Phase.FORCED_RETURN,
    "gameEnd": lambda state: state.phase is Phase.GAME_END,
    "pass": can_pass,
}


@st.composite
def games(draw: st.DrawFn, max_moves: int = 150) -> GameState:
    """One state of a random playout, often one in forcedReturn or gameEnd, or where the
    active player can only pass (when the playout has such states)."""
    states = draw(playouts(max_moves=max_moves)).states
    wanted = _KINDS_OF_STATE[draw(st.sampled_from(sorted(_KINDS_OF_STATE)))]
    candidates = [state for state in states if wanted(state)] or list(states)
    return draw(st.sampled_from(candidates))


def cards() -> st.SearchStrategy[Card]:
    """Any of the 43 card codes, whether or not it belongs to a given game."""
    return st.sampled_from(ALL_CARDS)


def any_seats() -> st.SearchStrategy[int]:
    """A seat number, often out of range (negative, or past the last seat)."""
    return st.integers(min_value=-2, max_value=7) | st.integers(min_value=-(2**40), max_value=2**40)


def any_gaps() -> st.SearchStrategy[int]:
    """A gap number, often out of range (negative or large)."""
    return st.integers(min_value=-2, max_value=48) | st.integers(
        min_value=-(2**40), max_value=2**40
    )


def arbitrary_moves() -> st.SearchStrategy[Move]:
    """Any move value, legal or not."""
    return st.one_of(
        st.builds(Trade, any_seats(), cards(), any_gaps()),
        st.builds(Return, any_seats(), cards(), any_gaps()),
        st.builds(Pass, any_seats()),
    )


@st.composite
def near_moves(draw: st.DrawFn, state: GameState) -> Move:
    """A move close to legal in ``state``: usually the right seat, a card of a hand (or any
    card) and a gap near the circle's range, of any type; it reaches the deep rule checks."""
    seat = draw(st.sampled_from(sorted({state.active_player or 0, *range(state.num_players)})))
    if draw(st.booleans()) and state.active_player is not None:
        seat = state.active_player
    # Each distinct card of the hand equally (so a crow is as likely as any fruit), or any card.
    card = draw(st.sampled_from(sorted(set(state.hands[seat]), key=canonical_key)) | cards())
    gap = draw(st.integers(min_value=-1, max_value=len(state.circle)))
    kind: type[Move] = draw(st.sampled_from((Trade, Return, Pass)))
    if state.phase is not Phase.GAME_END and draw(st.booleans()):
        kind = Return if state.phase is Phase.FORCED_RETURN else Trade  # the phase's own type
    if kind is Pass:
        return Pass(seat)
    if kind is Return:
        return Return(seat, card, gap)
    return Trade(seat, card, gap)


def moves_for(state: GameState) -> st.SearchStrategy[Move]:
    """Moves to try in ``state``: legal ones, near misses and arbitrary values."""
    legal = legal_moves(state)
    options = [near_moves(state), arbitrary_moves()]
    if legal:
        options.insert(0, st.sampled_from(legal))
    return st.one_of(options)
