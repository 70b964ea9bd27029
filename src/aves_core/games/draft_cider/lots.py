"""The eight lots of an orchard: which card each accepts next (``refusal``, and
``accepting`` for every card at once) and what each scores (DC10-DC18). An orchard is
eight lots in ``LOTS`` order, a lot its cards in placement order.
"""

from __future__ import annotations

from aves_core.games.draft_cider.cards import COLOUR, DECK, HEIGHT, LOT_INDEX, LOTS, SWEETNESS

__all__ = ["ODD_PRIMES", "Orchard", "accepting", "accepts", "empty_orchard", "feather_open",
           "lot_score", "lot_scores", "orchard_score", "plant", "refusal", "tree_intact"]

Orchard = tuple[tuple[str, ...], ...]
"""Eight lots in ``LOTS`` order, each the tuple of its cards in placement order."""

ODD_PRIMES = (3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
"""``stable``'s score for 1..12 cards: the n-th odd prime (DC16, [D12])."""

_TREE = LOT_INDEX["tree"]
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
    return frozenset(COLOUR[card] for index, cards in enumerate(orchard)
                     if index != _TREE and index != _BAD for card in cards)


def tree_intact(orchard: Orchard) -> bool:
    """Whether the tree holds a card and no lot but ``tree`` and ``bad`` holds its
    colour: it is worth 20 (DC12, [D4])."""
    tree = orchard[_TREE]
    return bool(tree) and COLOUR[tree[0]] not in _colours_outside(orchard)


def feather_open(cards: tuple[str, ...]) -> tuple[bool, bool]:
    """Which attributes the feather lot still keeps open: (sweetness, height) [D9]."""
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


def lot_score(orchard: Orchard, lot: str, bad_points: int) -> int:
    """``lot``'s formula on ``orchard`` as it stands (DC10-DC17)."""
    cards = orchard[LOT_INDEX[lot]]
    n = len(cards)
    if lot == "mono":
        return n * (n + 1) // 2
    if lot == "feather":
        return n * (n - 1) if n else 0
    if lot == "tree":
        return _TREE_SCORE if tree_intact(orchard) else 0
    if lot == "unlucky":
        return n * n if sum(SWEETNESS[card] for card in cards) == 13 else 0
    if lot == "forte":
        return sum(2 * abs(HEIGHT[cards[i]] - HEIGHT[cards[i + 1]])
                   for i in range(0, n - 1, 2))
    if lot == "couple":
        return 7 * (n // 2)
    if lot == "stable":
        return ODD_PRIMES[n - 1] if n else 0
    return bad_points * n


def lot_scores(orchard: Orchard, bad_points: int) -> tuple[int, ...]:
    """Every lot's score, in ``LOTS`` order."""
    return tuple(lot_score(orchard, lot, bad_points) for lot in LOTS)


def orchard_score(orchard: Orchard, bad_points: int) -> int:
    """The sum of the eight lot scores (DC18)."""
    return sum(lot_scores(orchard, bad_points))
