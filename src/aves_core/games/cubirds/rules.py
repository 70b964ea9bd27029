"""The rules of Cubirds (RULES-cubirds.md) as pure functions over frozen states: the
legal moves, the door's refusals in the order of CB17a, and the transition.

``REFUSALS`` are the door's checks, each judging the whole move for its code, in
CB17a's order: ``bad_notation``, ``game_over``, ``not_your_turn`` (also any seat's
move while the game awaits a reshuffle: nobody is to move), ``wrong_phase`` (also
``draw`` when the draw option is not offered, and a reshuffle when none is due),
``unknown_species``, ``bad_row``, ``bad_side``, ``not_in_hand``,
``flock_too_small``, then ``bad_reshuffle`` (a reshuffle whose cards are not
exactly the discard pile; CB17a does not list it).

``transition`` plays a legal move and the automatic steps that follow it, in the
order of the rules: the enclosure and refill of a lay, the two cards of a draw, the
end of the turn (a win, else an empty hand ends the round: the other hands are
discarded and a new deal is made, else the next seat), until a seat must choose,
the game ends, or a card is needed from an empty deck. Then the state is a *chance
node* (phase ``reshuffle``, ``pending`` saying what for): ``chance_move`` shuffles
the discard pile, in canonical order, with the game's generator, and that
``Reshuffle`` makes it the deck and resumes the step that needed the card.
"""

from __future__ import annotations

import random
from typing import Any

from aves_core.games.cubirds.cards import (
    BIG,
    EMPTY,
    INDEX,
    SMALL,
    SPECIES,
    Counts,
    add,
    counts_of,
    text_of,
)
from aves_core.games.cubirds.events import (
    CardsDealt,
    CardsDrawn,
    DrawDeclined,
    DrawOffered,
    Event,
    FlockDeclined,
    FlockDue,
    Flown,
    GameEnded,
    Laid,
    Reshuffled,
    ReshuffleDue,
    RoundEnded,
    RowRefilled,
    TurnStarted,
)
from aves_core.games.cubirds.moves import (
    LEFT,
    SIDES,
    Draw,
    Fly,
    Lay,
    Move,
    NoDraw,
    NoFly,
    Reshuffle,
)
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.setup import MAX_PLAYERS, ROWS
from aves_core.games.cubirds.state import HAND_CARDS, CubirdsState, Pending, ranks_of
from aves_core.kernel.door import BAD_NOTATION, refuse
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result

_LAY, _DRAW_OPTION, _FLOCK = Phase.LAY, Phase.DRAW_OPTION, Phase.FLOCK
_RESHUFFLE, _GAME_END = Phase.RESHUFFLE, Phase.GAME_END
_WANTED = {Lay: _LAY, Draw: _DRAW_OPTION, NoDraw: _DRAW_OPTION, Fly: _FLOCK, NoFly: _FLOCK}
SEAT_MOVES = tuple(_WANTED)
"""The move classes a seat makes (all but Reshuffle)."""
_DOING = {_LAY: "lay", _DRAW_OPTION: "draw or not (draw, nodraw)",
          _FLOCK: "fly a flock home or not (fly, nofly)"}

# Moves are values: each is built once and shared. Legal lays and flocks depend only on
# the seat and which species its hand holds (enough of), so whole tuples are cached.
LAYS = tuple(tuple(tuple(Lay(player, letter, row, side) for row in range(ROWS)
                         for side in SIDES) for letter in SPECIES)
             for player in range(MAX_PLAYERS))
"""Every lay, by seat and species: ``LAYS[seat][species][2 * row + side]``."""
FLIES = tuple(tuple(Fly(player, letter) for letter in SPECIES) for player in range(MAX_PLAYERS))
"""Every flock, by seat and species."""
DRAWS = tuple((Draw(player), NoDraw(player)) for player in range(MAX_PLAYERS))
"""``draw`` and ``nodraw``, by seat."""
NOFLIES = tuple(NoFly(player) for player in range(MAX_PLAYERS))
"""``nofly``, by seat."""
_LAY_CACHE: dict[tuple[int, int], tuple[Move, ...]] = {}
_FLY_CACHE: dict[tuple[int, int], tuple[Move, ...]] = {}


# --- legal moves ----------------------------------------------------------------------


def legal_moves(state: CubirdsState) -> tuple[Move, ...]:
    """Every legal move of the seat to move, in a fixed order: lays by species
    (canonical order), row and side (left first); draw, nodraw; flies by species,
    then nofly. Nothing once the game is over or while it awaits a reshuffle."""
    if type(state) is not CubirdsState:
        raise ArgumentError(f"legal_moves needs a CubirdsState, not {type(state).__name__}")
    player = state.active
    if player is None:
        return ()
    return moves_for(state.phase, player, state.hands[player])


def moves_for(phase: Phase, player: int, hand: Counts) -> tuple[Move, ...]:
    """The legal moves of ``player``, to move in ``phase`` with ``hand`` (what a
    seat's view knows is enough: ``legal_moves`` and views share it)."""
    if phase is _LAY:
        mask = 0
        for index, count in enumerate(hand):
            if count:
                mask |= 1 << index
        moves = _LAY_CACHE.get((player, mask))
        if moves is None:
            moves = _LAY_CACHE[player, mask] = tuple(
                move for index, lays in enumerate(LAYS[player]) if mask >> index & 1
                for move in lays)
        return moves
    if phase is _DRAW_OPTION:
        return DRAWS[player]
    if phase is _FLOCK:
        mask = 0
        for index, count in enumerate(hand):
            if count >= SMALL[index]:
                mask |= 1 << index
        moves = _FLY_CACHE.get((player, mask))
        if moves is None:
            moves = _FLY_CACHE[player, mask] = (
                *(fly for index, fly in enumerate(FLIES[player]) if mask >> index & 1),
                NOFLIES[player])
        return moves
    return ()


# --- the door (CB17a) ------------------------------------------------------------------
# Each check runs only once every earlier one has passed (aves_core.kernel.door): a
# seat's move that reaches unknown_species is the active seat's, in its phase.


def _game_over(state: CubirdsState, _move: Move) -> str | None:
    result = state.result
    if result is None:
        return None
    winners = " and ".join(f"seat {seat}" for seat in result.winners)
    return f"the game is over ({result.reason}, won by {winners})"


def _not_your_turn(state: CubirdsState, move: Lay | Draw | NoDraw | Fly | NoFly
                   ) -> str | None:
    if state.phase is _RESHUFFLE:
        return (f"nobody is to move: the deck is empty and the discard pile is to be "
                f"reshuffled for {state.pending}")
    if move.player != state.active:
        return f"it is seat {state.active}'s turn, not seat {move.player}'s"
    return None


def _wrong_phase(state: CubirdsState, move: Move) -> str | None:
    phase = state.phase
    if type(move) is Reshuffle:
        if phase is _RESHUFFLE:
            return None
        return f"no reshuffle is due: seat {state.active} is to {_DOING[phase]}"
    if _WANTED[type(move)] is phase:
        return None
    if type(move) is Draw and phase is _FLOCK:
        return ("the draw option is not offered: cards were taken, or fewer than 2 cards "
                "are left to draw (CB9)")
    return f"seat {move.player} must {_DOING[phase]} now (phase {phase.value})"  # type: ignore[union-attr]


def _unknown_species(_state: CubirdsState, move: Lay | Fly) -> str | None:
    if move.species in INDEX:
        return None
    return f"{move.species!r:.20} is not a species: one of {' '.join(SPECIES)}"


def _bad_row(_state: CubirdsState, move: Lay) -> str | None:
    return None if 0 <= move.row < ROWS else f"the rows are 0 to 3, not {move.row}"


def _bad_side(_state: CubirdsState, move: Lay) -> str | None:
    return None if move.side in SIDES else f"a side is left or right, not {move.side!r:.20}"


def _not_in_hand(state: CubirdsState, move: Lay | Fly) -> str | None:
    if state.hands[move.player][INDEX[move.species]]:
        return None
    return f"seat {move.player} holds no {move.species}"


def _flock_too_small(state: CubirdsState, move: Fly) -> str | None:
    species = INDEX[move.species]
    held = state.hands[move.player][species]
    if held >= SMALL[species]:
        return None
    return f"{held} {move.species} are fewer than the small flock of {SMALL[species]}"


def _bad_reshuffle(state: CubirdsState, move: Reshuffle) -> str | None:
    deck = move.deck
    if set(deck).issubset(SPECIES) and counts_of(deck) == state.discard:
        return None
    return (f"the new deck must be the discard pile's cards ({text_of(state.discard)}) in "
            "some order")


REFUSALS = (
    BAD_NOTATION,
    refuse("game_over", _game_over),
    refuse("not_your_turn", _not_your_turn, *SEAT_MOVES),
    refuse("wrong_phase", _wrong_phase),
    refuse("unknown_species", _unknown_species, Lay, Fly),
    refuse("bad_row", _bad_row, Lay),
    refuse("bad_side", _bad_side, Lay),
    refuse("not_in_hand", _not_in_hand, Lay, Fly),
    refuse("flock_too_small", _flock_too_small, Fly),
    refuse("bad_reshuffle", _bad_reshuffle, Reshuffle),
)
"""The door: each code a move can be refused with, in the order of CB17a."""


# --- the transition ---------------------------------------------------------------------


def transition(state: CubirdsState, move: Move, events: list[Event] | None) -> CubirdsState:
    """The state after ``move``, which the door has judged legal; ``events``, when a
    list, hears what happened (unredacted)."""
    kind = type(move)
    if kind is Lay:
        return _lay(state, move, events)  # type: ignore[arg-type]
    if kind is Fly:
        return _fly(state, move.player, INDEX[move.species], events)  # type: ignore[union-attr]
    if kind is NoFly:
        if events is not None:
            events.append(FlockDeclined(move.player))  # type: ignore[union-attr]
        return _turn_end(state.rows, state.deck, state.discard, state.hands,
                         state.collections, state.dealer, move.player,  # type: ignore[union-attr]
                         events)
    if kind is Draw:
        return _draw(state.rows, state.deck, state.discard, state.hands, state.collections,
                     state.dealer, move.player, 2, events)  # type: ignore[union-attr]
    if kind is NoDraw:
        player = move.player  # type: ignore[union-attr]
        if events is not None:
            events.append(DrawDeclined(player))
            events.append(FlockDue(player))
        return CubirdsState(state.rows, state.deck, state.discard, state.hands,
                            state.collections, state.dealer, _FLOCK, player)
    return _reshuffle(state, move.deck, events)  # type: ignore[union-attr]


def laid(line: str, letter: str, count: int, side: str) -> tuple[str, str]:
    """The row ``line`` after ``count`` cards of ``letter`` are laid at ``side``, and the
    cards they take (CB7 [D3]): those between the laid cards and the nearest card of
    their species, walking inward; nothing when it is adjacent or there is none."""
    if side == LEFT:
        nearest = line.find(letter)
        taken = line[:nearest] if nearest > 0 else ""
        return letter * count + line[len(taken):], taken
    nearest = line.rfind(letter)
    taken = line[nearest + 1:] if nearest >= 0 else ""
    return line[:len(line) - len(taken)] + letter * count, taken


def _replace(items: tuple[Any, ...], index: int, item: Any) -> tuple[Any, ...]:
    return (*items[:index], item, *items[index + 1:])


def _lay(state: CubirdsState, move: Lay, events: list[Event] | None) -> CubirdsState:
    player, letter, row, side = move.player, move.species, move.row, move.side
    species = INDEX[letter]
    hand = state.hands[player]
    count = hand[species]
    line, taken = laid(state.rows[row], letter, count, side)
    counts = list(hand)
    counts[species] = 0
    for card in taken:
        counts[INDEX[card]] += 1
    hands = _replace(state.hands, player, tuple(counts))
    rows = _replace(state.rows, row, line)
    if events is not None:
        events.append(Laid(player, letter, count, row, side, taken))
    if taken:
        if line.count(letter) == len(line):  # CB8: the row shows one species
            return _refill(rows, state.deck, state.discard, hands, state.collections,
                           state.dealer, player, row, side, events)
        if events is not None:
            events.append(FlockDue(player))
        return CubirdsState(rows, state.deck, state.discard, hands, state.collections,
                            state.dealer, _FLOCK, player)
    if len(state.deck) + sum(state.discard) >= 2:  # CB9 [D5]
        if events is not None:
            events.append(DrawOffered(player))
        return CubirdsState(rows, state.deck, state.discard, hands, state.collections,
                            state.dealer, _DRAW_OPTION, player)
    if events is not None:
        events.append(FlockDue(player))
    return CubirdsState(rows, state.deck, state.discard, hands, state.collections,
                        state.dealer, _FLOCK, player)


def _refill(rows: tuple[str, ...], deck: str, discard: Counts, hands: tuple[Counts, ...],
            collections: tuple[Counts, ...], dealer: int, player: int, row: int, side: str,
            events: list[Event] | None) -> CubirdsState:
    """CB8 [D4]: cards from the deck at the laid end until the row shows two species."""
    line = rows[row]
    # The row shows one species: the cards of it on top of the deck come, then the
    # first of another species (if the deck holds one), which ends the refill.
    other = deck.lstrip(line)
    drawn = len(deck) - len(other) + 1
    cards, deck = deck[:drawn], deck[drawn:]
    if cards:
        line = cards[::-1] + line if side == LEFT else line + cards
        rows = _replace(rows, row, line)
        if events is not None:
            events.append(RowRefilled(row, side, cards))
    if other:
        if events is not None:
            events.append(FlockDue(player))
        return CubirdsState(rows, deck, discard, hands, collections, dealer, _FLOCK, player)
    if not any(discard):  # CB14 [D11]: no card anywhere: the game ends here
        return _exhausted(rows, deck, discard, hands, collections, dealer, events)
    return _await(rows, deck, discard, hands, collections, dealer, player,
                  Pending("refill", None, row, side), events)


def _draw(rows: tuple[str, ...], deck: str, discard: Counts, hands: tuple[Counts, ...],
          collections: tuple[Counts, ...], dealer: int, player: int, count: int,
          events: list[Event] | None) -> CubirdsState:
    """CB9: ``count`` cards from the deck's top into the hand."""
    cards, deck = deck[:count], deck[count:]
    if cards:
        drawn = counts_of(cards)
        hands = _replace(hands, player, add(hands[player], drawn))
        if events is not None:
            events.append(CardsDrawn(player, len(cards), text_of(drawn)))
    if len(cards) < count:  # the deck ran out: the discard pile holds the rest [D5]
        return _await(rows, deck, discard, hands, collections, dealer, player,
                      Pending("draw", count - len(cards)), events)
    if events is not None:
        events.append(FlockDue(player))
    return CubirdsState(rows, deck, discard, hands, collections, dealer, _FLOCK, player)


def _fly(state: CubirdsState, player: int, species: int, events: list[Event] | None
         ) -> CubirdsState:
    """CB10 [D6]: every card of the species is shown; 2 or 1 kept, the rest discarded."""
    hand = state.hands[player]
    count = hand[species]
    kept = 2 if count >= BIG[species] else 1
    collection = list(state.collections[player])
    collection[species] += kept
    discard = list(state.discard)
    discard[species] += count - kept
    hands = _replace(state.hands, player, _replace(hand, species, 0))
    collections = _replace(state.collections, player, tuple(collection))
    if events is not None:
        events.append(Flown(player, SPECIES[species], kept, count - kept))
    return _turn_end(state.rows, state.deck, tuple(discard), hands, collections,
                     state.dealer, player, events)


def winning_reason(collection: Counts) -> str | None:
    """Why ``collection`` wins (CB12): ``seven_species``, ``two_triples``, or None.
    Seven species are named first when a collection has both."""
    if sum(1 for count in collection if count) >= 7:
        return "seven_species"
    if sum(1 for count in collection if count >= 3) >= 2:
        return "two_triples"
    return None


def _turn_end(rows: tuple[str, ...], deck: str, discard: Counts, hands: tuple[Counts, ...],
              collections: tuple[Counts, ...], dealer: int, player: int,
              events: list[Event] | None) -> CubirdsState:
    """CB11: a win of the active seat's collection (the only one that can change [D8]),
    else an empty hand, else the next seat."""
    reason = winning_reason(collections[player])
    if reason is not None:
        result = Result((player,), reason)
        if events is not None:
            events.append(GameEnded(result, ranks_of(result, collections) or ()))
        return CubirdsState(rows, deck, discard, hands, collections, dealer, _GAME_END,
                            None, None, result)
    if any(hands[player]):
        following = (player + 1) % len(hands)
        if events is not None:
            events.append(TurnStarted(following))
        return CubirdsState(rows, deck, discard, hands, collections, dealer, _LAY, following)
    # CB13 [D9, D10]: the round ends; every other hand is discarded face up.
    thrown = EMPTY
    for hand in hands:
        thrown = add(thrown, hand)
    if events is not None:
        events.append(RoundEnded(player, thrown))
    discard = add(discard, thrown)
    empty = (EMPTY,) * len(hands)
    if len(deck) + sum(discard) < HAND_CARDS * len(hands):  # CB14: no new deal
        return _exhausted(rows, deck, discard, empty, collections, player, events)
    return _deal(rows, deck, discard, empty, collections, player, HAND_CARDS * len(hands),
                 events)


def _deal(rows: tuple[str, ...], deck: str, discard: Counts, hands: tuple[Counts, ...],
          collections: tuple[Counts, ...], dealer: int, remaining: int,
          events: list[Event] | None) -> CubirdsState:
    """CB13: blocks of 8 in seat order, ``remaining`` cards still to deal; then the
    dealer lays."""
    total = HAND_CARDS * len(hands)
    while remaining:
        seat, done = divmod(total - remaining, HAND_CARDS)
        need = HAND_CARDS - done
        cards, deck = deck[:need], deck[need:]
        if cards:
            dealt = counts_of(cards)
            hands = _replace(hands, seat, add(hands[seat], dealt))
            remaining -= len(cards)
            if events is not None:
                events.append(CardsDealt(seat, len(cards), text_of(dealt)))
        if len(cards) < need:
            return _await(rows, deck, discard, hands, collections, dealer, dealer,
                          Pending("deal", remaining), events)
    if events is not None:
        events.append(TurnStarted(dealer))
    return CubirdsState(rows, deck, discard, hands, collections, dealer, _LAY, dealer)


def _await(rows: tuple[str, ...], deck: str, discard: Counts, hands: tuple[Counts, ...],
           collections: tuple[Counts, ...], dealer: int, player: int, pending: Pending,
           events: list[Event] | None) -> CubirdsState:
    """A chance node: the deck is empty and a card is needed (CB15)."""
    assert not deck
    assert any(discard)
    if events is not None:
        events.append(ReshuffleDue(pending))
    return CubirdsState(rows, deck, discard, hands, collections, dealer, _RESHUFFLE, player,
                        pending)


def _exhausted(rows: tuple[str, ...], deck: str, discard: Counts, hands: tuple[Counts, ...],
               collections: tuple[Counts, ...], dealer: int, events: list[Event] | None
               ) -> CubirdsState:
    """CB14 [D12]: every seat with the most collection cards wins."""
    sizes = [sum(collection) for collection in collections]
    most = max(sizes)
    result = Result(tuple(seat for seat, size in enumerate(sizes) if size == most),
                    "deck_exhausted")
    if events is not None:
        events.append(GameEnded(result, ranks_of(result, collections) or ()))
    return CubirdsState(rows, deck, discard, hands, collections, dealer, _GAME_END, None, None,
                        result)


def _reshuffle(state: CubirdsState, deck: str, events: list[Event] | None) -> CubirdsState:
    """CB15: the shuffled discard pile is the deck; what needed a card goes on."""
    if events is not None:
        events.append(Reshuffled(len(deck)))
    pending = state.pending
    player = state.active
    assert pending is not None
    assert player is not None
    rows, hands, collections, dealer = state.rows, state.hands, state.collections, state.dealer
    if pending.kind == "refill":
        assert pending.row is not None
        assert pending.side is not None
        return _refill(rows, deck, EMPTY, hands, collections, dealer, player, pending.row,
                       pending.side, events)
    assert pending.count is not None
    if pending.kind == "draw":
        return _draw(rows, deck, EMPTY, hands, collections, dealer, player, pending.count,
                     events)
    return _deal(rows, deck, EMPTY, hands, collections, dealer, pending.count, events)


def chance_move(state: CubirdsState, rng: random.Random) -> Reshuffle:
    """The reshuffle ``state`` awaits: the discard pile, in canonical order, shuffled with
    ``rng`` (its next use, CB15). ``ArgumentError`` when no reshuffle is due."""
    if type(state) is not CubirdsState:
        raise ArgumentError(f"chance_move needs a CubirdsState, not {type(state).__name__}")
    if state.phase is not _RESHUFFLE:
        raise ArgumentError(f"no reshuffle is due (phase {state.phase.value})")
    cards = list(text_of(state.discard))
    rng.shuffle(cards)
    return Reshuffle("".join(cards))
