"""Helpers of the Draft Cider tests: games set up by hand, moves played by their
notation, scripted games in which each seat picks planned cards, and an independent
reference of the lots' rules and scores written from RULES-draft-cider.md (DC10-DC17),
so the tests never use lots.py to check lots.py."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence

from aves_core.games.draft_cider.cards import DECK
from aves_core.games.draft_cider.game import DRAFT_CIDER
from aves_core.games.draft_cider.moves import Pick
from aves_core.games.draft_cider.phases import Phase
from aves_core.games.draft_cider.rules import legal_moves
from aves_core.games.draft_cider.state import DraftCiderOptions, DraftCiderSetup, DraftCiderState
from aves_core.kernel.errors import IllegalMoveError

LOT_NAMES = ("mono", "feather", "tree", "unlucky", "forte", "couple", "stable", "bad")
"""DC3's order, written out again here."""

PRIMES = (3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
"""DC16's list of odd primes, copied from the RULES text."""


def colour(card: str) -> str:
    return card[0]


def sweet(card: str) -> int:
    return int(card[1])


def high(card: str) -> int:
    return int(card[2])


# --- the reference of the lots (from the RULES text) ------------------------------------


def ref_lot_score(name: str, cards: Sequence[str], orchard: Mapping[str, Sequence[str]],
                  bad_points: int = -1) -> int:
    """A lot's score as DC10-DC17 word it (the tree against the whole orchard)."""
    n = len(cards)
    if name == "mono":
        return sum(range(1, n + 1))  # 1, 3, 6, 10, ...
    if name == "feather":
        return n * (n - 1)
    if name == "tree":
        if not cards:
            return 0
        tree_colour = colour(cards[0])
        for other, held in orchard.items():
            if other in ("tree", "bad"):
                continue
            if any(colour(card) == tree_colour for card in held):
                return 0
        return 20
    if name == "unlucky":
        return n ** 2 if sum(sweet(card) for card in cards) == 13 else 0
    if name == "forte":
        total = 0
        for first, second in zip(cards[0::2], cards[1::2], strict=False):
            total += 2 * abs(high(first) - high(second))
        return total
    if name == "couple":
        pairs = [(a, b) for a, b in zip(cards[0::2], cards[1::2], strict=False)]
        return 7 * len(pairs)
    if name == "stable":
        return 0 if n == 0 else PRIMES[n - 1]
    assert name == "bad"
    return bad_points * n


def ref_score(orchard: Mapping[str, Sequence[str]], bad_points: int = -1) -> int:
    """A seat's score: the sum of its eight lots (DC18)."""
    return sum(ref_lot_score(name, orchard.get(name, []), orchard, bad_points)
               for name in LOT_NAMES)


def ref_lot_rule_holds(name: str, cards: Sequence[str]) -> bool:
    """Whether a lot's cards, in placement order, keep its placement rule (DC10-DC17;
    the tree's colour test depends on the moment of planting and is checked there)."""
    if name == "mono":
        return len({colour(card) for card in cards}) <= 1
    if name == "feather":
        if not cards:
            return True
        return (all(sweet(card) == sweet(cards[0]) for card in cards)
                or all(high(card) == high(cards[0]) for card in cards))
    if name == "tree":
        return len(cards) <= 1
    if name == "forte":
        return all(high(a) != high(b) for a, b in zip(cards[0::2], cards[1::2], strict=False))
    if name == "couple":
        return all(sweet(a) == sweet(b) for a, b in zip(cards[0::2], cards[1::2], strict=False))
    if name == "stable":
        return all(abs(high(a) - high(b)) <= 1 for a, b in itertools.pairwise(cards))
    return name in ("unlucky", "bad")


def ref_may_plant(orchard: Mapping[str, Sequence[str]], name: str, card: str) -> bool:
    """Whether the lot ``name`` takes ``card`` now, from the RULES text alone."""
    cards = orchard.get(name, [])
    if name == "tree":
        if cards:
            return False
        return not any(colour(other) == colour(card) for lot, held in orchard.items()
                       if lot not in ("tree", "bad") for other in held)
    return ref_lot_rule_holds(name, [*cards, card])


def as_dict(orchard: Sequence[Sequence[str]]) -> dict[str, list[str]]:
    """A state's orchard (eight tuples in DC3's order) as a dict of lists."""
    assert len(orchard) == 8
    return {name: list(cards) for name, cards in zip(LOT_NAMES, orchard, strict=True)}


def as_orchard(lots: Mapping[str, Sequence[str]]) -> tuple[tuple[str, ...], ...]:
    """A dict of lots as a state's orchard."""
    assert set(lots) <= set(LOT_NAMES)
    return tuple(tuple(lots.get(name, ())) for name in LOT_NAMES)


# --- games -------------------------------------------------------------------------------


def make(num_players: int = 2, first: int = 0, deck: Sequence[str] = DECK,
         bad_points: int = -1) -> DraftCiderState:
    """A game whose deck is ``deck`` (the canonical order by default)."""
    return DRAFT_CIDER.start(num_players, DraftCiderSetup(bad_points, tuple(deck), first))


def play(state: DraftCiderState, *texts: str) -> DraftCiderState:
    """``state`` after the moves written in notation, each checked."""
    for text in texts:
        state = DRAFT_CIDER.apply(state, DRAFT_CIDER.parse_move(text))
    return state


def code_of(state: DraftCiderState, text: str | Pick) -> str | None:
    """The refusal code of the move written ``text`` (or given as a value, as a log's
    JSON may carry one that has no text; None if it is legal); a refused move leaves
    the state as it was."""
    copy = DraftCiderState(state.options, state.deck, state.first, state.round, state.pool,
                           state.orchards, state.phase, state.active, state.result)
    move = text if isinstance(text, Pick) else DRAFT_CIDER.parse_move(text)
    try:
        DRAFT_CIDER.apply(state, move)
    except IllegalMoveError as error:
        assert copy == state
        return error.code
    return None


def message_of(state: DraftCiderState, text: str | Pick) -> str:
    """The message of the refusal of the move written ``text`` (or given as a value)."""
    try:
        DRAFT_CIDER.apply(state, text if isinstance(text, Pick) else DRAFT_CIDER.parse_move(text))
    except IllegalMoveError as error:
        return str(error)
    raise AssertionError(f"{text} was legal")


def seated(lots: Mapping[str, Sequence[str]], pool: Sequence[str], *, num_players: int = 2,
           bad_points: int = -1, active: int = 0) -> DraftCiderState:
    """A state in round 1 whose seat ``active`` has the orchard ``lots`` and the pool
    ``pool`` (the other seats' orchards empty): for trying single placements."""
    orchards = [as_orchard({})] * num_players
    orchards[active] = as_orchard(lots)
    used = [card for cards in lots.values() for card in cards]
    rest = [card for card in DECK if card not in used and card not in pool]
    deck = (*used, *pool, *rest)
    return DraftCiderState(DraftCiderOptions(bad_points), deck, active, 1, tuple(pool),
                           tuple(orchards), Phase.PICK, active)


def pick_order(num_players: int, first: int) -> list[int]:
    """The seats in the order they pick over the whole game (DC7)."""
    k = 2 if num_players in (3, 6) else 3
    order = []
    for round_ in range(1, 12 // k + 1):
        start = (first + round_ - 1) % num_players
        order += [(start + i) % num_players for i in range(k * num_players)]
    return order


def scripted(num_players: int, first: int, plans: Mapping[int, Sequence[tuple[str, str]]],
             bad_points: int = -1) -> tuple[DraftCiderState, DraftCiderState, list[Pick]]:
    """A whole game in which each seat picks the cards of its plan, in order, into the
    lots named (a seat without a plan, or past its plan's end, picks the first card of
    the pool no seat plans, into ``bad``). The deck is built so that each round's pool
    holds what its picks need, in pick order. Returns the start, the end and the picks."""
    planned = {card for plan in plans.values() for card, _lot in plan}
    spare = iter(card for card in DECK if card not in planned)
    cursor = dict.fromkeys(range(num_players), 0)
    picks: list[Pick] = []
    for seat in pick_order(num_players, first):
        plan = plans.get(seat, ())
        if cursor[seat] < len(plan):
            card, lot = plan[cursor[seat]]
        else:
            card, lot = next(spare), "bad"
        cursor[seat] += 1
        picks.append(Pick(seat, card, lot))
    used = [pick.card for pick in picks]
    deck = used + [card for card in DECK if card not in used]
    state = start = make(num_players, first, deck, bad_points)
    for pick in picks:
        state = DRAFT_CIDER.apply(state, pick)
    return start, state, picks


def random_game(num_players: int, seed: int, bad_points: int = -1) -> list[DraftCiderState]:
    """Every state of a random game."""
    rng = random.Random(seed)
    state = DRAFT_CIDER.start(num_players, DRAFT_CIDER.new_setup(
        num_players, DraftCiderOptions(bad_points), seed))
    states = [state]
    while state.result is None:
        state = DRAFT_CIDER.apply(state, rng.choice(legal_moves(state)))
        states.append(state)
    return states
