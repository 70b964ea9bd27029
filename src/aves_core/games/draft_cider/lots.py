"""The eight lots of an orchard: which card each accepts next (``refusal``, and
``accepting`` for every card at once) and what each scores (DC10-DC18). An orchard is
eight lots in ``LOTS`` order, a lot its cards in placement order.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from aves_core.games.draft_cider.cards import COLOUR, DECK, HEIGHT, LOT_INDEX, LOTS, SWEETNESS
from aves_core.games.draft_cider.moves import Pick

__all__ = ["ODD_PRIMES", "Orchard", "accepting", "accepts", "bad_score", "couple_score",
           "empty_orchard", "feather_open", "feather_score", "forte_pair_score", "forte_score",
           "lot_score", "lot_scores", "mono_score", "orchard_score", "plant", "refusal",
           "scores_after", "stable_score", "tree_intact", "unlucky_score"]

Orchard = tuple[tuple[str, ...], ...]
"""Eight lots in ``LOTS`` order, each the tuple of its cards in placement order."""

ODD_PRIMES = (3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
"""``stable``'s score for 1..12 cards: the n-th odd prime (DC16, [D12])."""

_TREE = LOT_INDEX["tree"]
_UNLUCKY = LOT_INDEX["unlucky"]
_FORTE = LOT_INDEX["forte"]
_BAD = LOT_INDEX["bad"]
_TREE_SCORE = 20


def empty_orchard() -> Orchard:
    """Eight empty lots."""
    return ((),) * len(LOTS)


def plant(orchard: Orchard, index: int, card: str) -> Orchard:
    """``orchard`` with ``card`` added to the end of lot number ``index`` (DC8)."""
    return orchard[:index] + (orchard[index] + (card,),) + orchard[index + 1:]


def _colours_outside(orchard: Orchard) -> frozenset[str]:
    """The colours of the cards in the lots other than ``tree`` and ``bad`` (DC12)."""
    mono, feather, _tree, unlucky, forte, couple, stable, _bad = orchard
    # map in C: legal moves ask it of every orchard whose tree is empty
    return frozenset(map(COLOUR.__getitem__, mono + feather + unlucky + forte + couple + stable))


def tree_intact(orchard: Orchard) -> bool:
    """Whether the tree holds a card and no lot but ``tree`` and ``bad`` holds its
    colour: it is worth 20 (DC12, [D4])."""
    tree = orchard[_TREE]
    return bool(tree) and COLOUR[tree[0]] not in _colours_outside(orchard)


@functools.lru_cache(maxsize=4096)
def feather_open(cards: tuple[str, ...]) -> tuple[bool, bool]:
    """Which attributes the feather lot still keeps open: (sweetness, height) [D9].
    Kept for the feathers seen last: legal moves and observations ask it every move."""
    if not cards:
        return True, True
    first = cards[0]
    sweetness, height = SWEETNESS[first], HEIGHT[first]
    return (all(SWEETNESS[card] == sweetness for card in cards),
            all(HEIGHT[card] == height for card in cards))


def refusal(orchard: Orchard, lot: str, card: str) -> str | None:
    """Why ``lot`` of ``orchard`` does not accept ``card`` now (None: it does). ``lot``
    must be one of ``LOTS`` and ``card`` a card code."""
    cards = orchard[LOT_INDEX[lot]]
    if not cards:
        if lot == "tree" and COLOUR[card] in _colours_outside(orchard):
            return (f"a lot other than bad already holds a {card[0]} card: "
                    "the tree cannot take that colour")
        return None  # every other lot takes any first card
    last = cards[-1]
    if lot == "mono" and COLOUR[card] != COLOUR[last]:
        return f"mono holds {last[0]} cards: its first card fixed the colour"
    if lot == "feather":
        return _feather_refusal(cards, card)
    if lot == "tree":
        return "the tree holds one card and is full"
    if lot == "forte" and len(cards) % 2 and HEIGHT[card] == HEIGHT[last]:
        return f"forte pairs need different heights, and {last} has height {HEIGHT[last]}"
    if lot == "couple" and len(cards) % 2 and SWEETNESS[card] != SWEETNESS[last]:
        return f"couple pairs share a sweetness: {last} has {SWEETNESS[last]}"
    if lot == "stable" and abs(HEIGHT[card] - HEIGHT[last]) > 1:
        return f"stable needs a height within 1 of {last}'s {HEIGHT[last]}"
    return None


def _feather_refusal(cards: tuple[str, ...], card: str) -> str | None:
    sweet, high = feather_open(cards)
    first = cards[0]
    if (sweet and SWEETNESS[card] == SWEETNESS[first]) or (high and HEIGHT[card] == HEIGHT[first]):
        return None
    wanted = " or ".join(word for word, open_ in ((f"sweetness {SWEETNESS[first]}", sweet),
                                                  (f"height {HEIGHT[first]}", high)) if open_)
    return f"feather needs {wanted}"


def accepts(orchard: Orchard, lot: str, card: str) -> bool:
    """Whether ``lot`` of ``orchard`` accepts ``card`` now (DC10-DC17)."""
    return refusal(orchard, lot, card) is None


_ALL = frozenset(DECK)
_NONE: frozenset[str] = frozenset()
_OF_COLOUR = {colour: frozenset(card for card in DECK if COLOUR[card] == colour)
              for colour in "GYR"}
_OF_SWEETNESS = {value: frozenset(card for card in DECK if SWEETNESS[card] == value)
                 for value in range(1, 6)}
_OF_HEIGHT = {value: frozenset(card for card in DECK if HEIGHT[card] == value)
              for value in range(1, 6)}
_NOT_HEIGHT = {value: _ALL - cards for value, cards in _OF_HEIGHT.items()}
_NEAR_HEIGHT = {value: frozenset(card for card in DECK if abs(HEIGHT[card] - value) <= 1)
                for value in range(1, 6)}
_EITHER = {(sweetness, height): _OF_SWEETNESS[sweetness] | _OF_HEIGHT[height]
           for sweetness in range(1, 6) for height in range(1, 6)}
_TREE_FREE = {colours: frozenset(card for card in DECK if COLOUR[card] not in colours)
              for colours in (frozenset(chosen) for chosen in
                              ("", "G", "Y", "R", "GY", "GR", "YR", "GYR"))}


def accepting(orchard: Orchard) -> tuple[frozenset[str], ...]:
    """For each lot in ``LOTS`` order, the set of cards it accepts now: the same answer
    as ``accepts`` for every card, computed once per orchard (legal moves ask it for
    every pool card and lot)."""
    mono, feather, tree, _unlucky, forte, couple, stable, _bad = orchard
    if feather:
        sweet, high = feather_open(feather)
        first = feather[0]
        feathering = (_EITHER[SWEETNESS[first], HEIGHT[first]] if sweet and high
                      else _OF_SWEETNESS[SWEETNESS[first]] if sweet
                      else _OF_HEIGHT[HEIGHT[first]] if high else _NONE)
    else:
        feathering = _ALL
    return (_OF_COLOUR[COLOUR[mono[-1]]] if mono else _ALL,
            feathering,
            _NONE if tree else _TREE_FREE[_colours_outside(orchard)],
            _ALL,
            _NOT_HEIGHT[HEIGHT[forte[-1]]] if len(forte) % 2 else _ALL,
            _OF_SWEETNESS[SWEETNESS[couple[-1]]] if len(couple) % 2 else _ALL,
            _NEAR_HEIGHT[HEIGHT[stable[-1]]] if stable else _ALL,
            _ALL)


# --- what the lots score (DC10-DC18) ---------------------------------------------------
#
# Every lot but the tree scores from its own cards alone, most of them from their count
# alone. A view scores every seat's orchard and, for each legal move, the lot the move
# fills and the seat's new total, and the learning environments build a view on every
# step: so the formulas are plain arithmetic on counts, and the scores of a whole
# orchard are kept for the orchards seen last (``lot_scores``).


def mono_score(count: int) -> int:
    """``mono``: 1 + 2 + ... + n (DC10)."""
    return count * (count + 1) // 2


def feather_score(count: int) -> int:
    """``feather``: n(n - 1) (DC11)."""
    return count * (count - 1)


def unlucky_score(count: int, sweetness: int) -> int:
    """``unlucky``: n² when its sweetness sums to exactly 13, else 0 (DC13)."""
    return count * count if sweetness == 13 else 0


def forte_pair_score(first: str, second: str) -> int:
    """A ``forte`` pair: twice its difference in height (DC14)."""
    return 2 * abs(HEIGHT[first] - HEIGHT[second])


def forte_score(cards: tuple[str, ...]) -> int:
    """``forte``: the sum over its pairs (cards 1-2, 3-4, ...) (DC14)."""
    return sum(map(forte_pair_score, cards[::2], cards[1::2]))


def couple_score(count: int) -> int:
    """``couple``: 7 a pair (DC15)."""
    return 7 * (count // 2)


def stable_score(count: int) -> int:
    """``stable``: the n-th odd prime (DC16)."""
    return ODD_PRIMES[count - 1] if count else 0


def bad_score(count: int, bad_points: int) -> int:
    """``bad``: ``bad_points`` a card (DC17, DC19)."""
    return bad_points * count


def _sweetness(cards: tuple[str, ...]) -> int:
    return sum(map(SWEETNESS.__getitem__, cards))


def lot_score(orchard: Orchard, lot: str, bad_points: int) -> int:
    """``lot``'s formula on ``orchard`` as it stands (DC10-DC17)."""
    return lot_scores(orchard, bad_points)[LOT_INDEX[lot]]


@functools.lru_cache(maxsize=4096)
def lot_scores(orchard: Orchard, bad_points: int) -> tuple[int, ...]:
    """Every lot's score, in ``LOTS`` order. Kept for the orchards seen last: a move
    changes one orchard, so the views of a game score the others again."""
    mono, feather, _tree, unlucky, forte, couple, stable, bad = orchard
    return (mono_score(len(mono)),
            feather_score(len(feather)),
            _TREE_SCORE if tree_intact(orchard) else 0,
            unlucky_score(len(unlucky), _sweetness(unlucky)),
            forte_score(forte),
            couple_score(len(couple)),
            stable_score(len(stable)),
            bad_score(len(bad), bad_points))


def orchard_score(orchard: Orchard, bad_points: int) -> int:
    """The sum of the eight lot scores (DC18)."""
    return sum(lot_scores(orchard, bad_points))


def scores_after(orchard: Orchard, picks: Iterable[Pick], bad_points: int
                 ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each of ``picks`` into ``orchard``, the score of the lot that takes the card
    and the orchard's total then: the scores of ``plant(orchard, LOT_INDEX[pick.lot],
    pick.card)``, worked out from the orchard's own. Only the lot that takes the card
    changes, and the tree, which a card of its colour in any lot but ``tree`` and
    ``bad`` breaks (DC12)."""
    scores = lot_scores(orchard, bad_points)
    total = sum(scores)
    mono, feather, tree, unlucky, forte, couple, stable, bad = orchard
    # Most lots score their count alone: one answer for any card. Unlucky, forte and
    # the tree look at the card (None here).
    by_count = (mono_score(len(mono) + 1), feather_score(len(feather) + 1), None, None, None,
                couple_score(len(couple) + 1), stable_score(len(stable) + 1),
                bad_score(len(bad) + 1, bad_points))
    sweetness = _sweetness(unlucky)
    forte_open = forte[-1] if len(forte) % 2 else None  # a pair's first card
    kept = COLOUR[tree[0]] if scores[_TREE] else None  # an intact tree's colour
    lot_after: list[int] = []
    total_after: list[int] = []
    for pick in picks:
        index = LOT_INDEX[pick.lot]
        after = by_count[index]
        if after is None:
            card = pick.card
            if index == _UNLUCKY:
                after = unlucky_score(len(unlucky) + 1, sweetness + SWEETNESS[card])
            elif index == _FORTE:
                after = scores[_FORTE] + (0 if forte_open is None
                                          else forte_pair_score(forte_open, card))
            else:  # the tree's first card, or this one, and the colours outside unchanged
                intact = COLOUR[(tree or (card,))[0]] not in _colours_outside(orchard)
                after = _TREE_SCORE if intact else 0
        lot_after.append(after)
        if kept is not None and COLOUR[pick.card] == kept and index != _TREE and index != _BAD:
            total_after.append(total - scores[index] + after - _TREE_SCORE)  # a broken tree
        else:
            total_after.append(total - scores[index] + after)
    return tuple(lot_after), tuple(total_after)
