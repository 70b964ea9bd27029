"""The rules of Cubirds (RULES-cubirds.md) as pure functions over frozen states: the
legal moves, the door's refusals in the order of CB17a, and the transition.

``REFUSALS`` are the door's checks in CB17a's order, each judging the whole move for
its code; a seat's move while the game awaits a reshuffle is ``not_your_turn``
(nobody is to move), ``draw`` when the draw option is not offered ``wrong_phase``,
and a reshuffle whose cards are not exactly the discard pile ``bad_reshuffle``,
checked last (CB17a does not list it).

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
    EMPTY,
    INDEX,
    SMALL,
    SPECIES,
    Counts,
    add,
    counts_of,
    flying_home,
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
_TURN_END, _ROUND_END, _DEAL = Phase.TURN_END, Phase.ROUND_END, Phase.DEAL
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


def is_legal(state: CubirdsState, move: Any) -> bool:
    """Whether the door lets ``move`` through, without its messages: the hot path's
    ``CUBIRDS.is_legal`` (the conformance kit checks that the two agree). A move that
    passes has a text, so ``bad_notation`` needs no check here."""
    if type(state) is not CubirdsState:
        raise ArgumentError(f"is_legal needs a CubirdsState, not {type(state).__name__}")
    kind = type(move)
    if kind is Reshuffle:
        return state.phase is _RESHUFFLE and _bad_reshuffle(state, move) is None
    if _WANTED.get(kind) is not state.phase or move.player != state.active:
        return False
    if kind is Lay or kind is Fly:
        species = INDEX.get(move.species)
        if species is None:
            return False
        held: int = state.hands[move.player][species]
        if kind is Fly:
            return held >= SMALL[species]
        return held > 0 and 0 <= move.row < ROWS and move.side in SIDES
    return True


# --- the transition ---------------------------------------------------------------------
# A move runs the automatic steps of the machine (refill, draw, turnEnd, roundEnd, deal)
# until it rests in a phase where a seat or chance moves next. A step takes the state it
# starts from and the zones the move has changed so far, and builds its state straight
# from its fields: playouts build millions, so none is built in between (no attrs.evolve).


def transition(state: CubirdsState, move: Move, events: list[Event] | None) -> CubirdsState:
    """The state after ``move``, which the door has judged legal; ``events``, when a
    list, hears what happened (unredacted)."""
    kind = type(move)
    if kind is Lay:
        return _lay(state, move, events)  # type: ignore[arg-type]
    if kind is Reshuffle:
        return _reshuffle(state, move.deck, events)  # type: ignore[union-attr]
    player: int = move.player  # type: ignore[union-attr]
    if kind is Draw:
        return _draw(state, player, 2, events)
    if kind is NoDraw:
        if events is not None:
            events.append(DrawDeclined(player))
            events.append(FlockDue(player))
        return _rest(state, _FLOCK, player)
    if kind is Fly:
        return _fly(state, player, INDEX[move.species], events)  # type: ignore[union-attr]
    if events is not None:
        events.append(FlockDeclined(player))
    return _turn_end(state, player, state.discard, state.hands, state.collections, events)


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


def _with(hand: Counts, cards: str) -> Counts:
    """``hand`` with ``cards`` (letters) added."""
    counts = list(hand)
    for card in cards:
        counts[INDEX[card]] += 1
    return tuple(counts)


def _rest(state: CubirdsState, phase: Phase, active: int | None,
          pending: Pending | None = None) -> CubirdsState:
    """``state``'s cards, resting in ``phase`` with ``active`` to move."""
    return CubirdsState(state.rows, state.deck, state.discard, state.hands,
                        state.collections, state.dealer, phase, active, pending)


def _lay(state: CubirdsState, move: Lay, events: list[Event] | None) -> CubirdsState:
    """CB6, CB7: the cards laid, the cards they enclose taken; then a refill (CB8), the
    draw option (CB9 [D5]) or the flock step."""
    player, letter, row, side = move.player, move.species, move.row, move.side
    species = INDEX[letter]
    hand = state.hands[player]
    count = hand[species]
    line, taken = laid(state.rows[row], letter, count, side)
    counts = list(hand)
    counts[species] = 0
    for card in taken:
        counts[INDEX[card]] += 1
    if events is not None:
        events.append(Laid(player, letter, count, row, side, taken))
    rows = _replace(state.rows, row, line)
    hands = _replace(state.hands, player, tuple(counts))
    if taken and line.count(letter) == len(line):  # CB8: the row shows one species
        return _refill(state, rows, hands, player, row, side, events)
    phase = _DRAW_OPTION if not taken and len(state.deck) + sum(state.discard) >= 2 else _FLOCK
    if events is not None:
        events.append(DrawOffered(player) if phase is _DRAW_OPTION else FlockDue(player))
    return CubirdsState(rows, state.deck, state.discard, hands, state.collections,
                        state.dealer, phase, player)


def _refill(state: CubirdsState, rows: tuple[str, ...], hands: tuple[Counts, ...],
            player: int, row: int, side: str, events: list[Event] | None) -> CubirdsState:
    """CB8 [D4]: cards from the deck at the laid end until the row shows two species."""
    deck = state.deck
    line = rows[row]
    # The row shows one species: the cards of it on top of the deck come, then the
    # first of another species (if the deck holds one), which ends the refill.
    other = deck.lstrip(line)
    drawn = len(deck) - len(other) + 1
    cards, deck = deck[:drawn], deck[drawn:]
    if cards:
        rows = _replace(rows, row, cards[::-1] + line if side == LEFT else line + cards)
        if events is not None:
            events.append(RowRefilled(row, side, cards))
    after = CubirdsState(rows, deck, state.discard, hands, state.collections, state.dealer,
                         _FLOCK, player)
    if other:
        if events is not None:
            events.append(FlockDue(player))
        return after
    if not any(state.discard):  # CB14 [D11]: no card anywhere: the game ends here
        return _exhausted(after, events)
    return _await(after, Pending("refill", None, row, side), events)


def _draw(state: CubirdsState, player: int, count: int, events: list[Event] | None
          ) -> CubirdsState:
    """CB9: ``count`` cards from the deck's top into the hand."""
    cards, deck = state.deck[:count], state.deck[count:]
    hands = state.hands
    if cards:
        hands = _replace(hands, player, _with(hands[player], cards))
        if events is not None:
            events.append(CardsDrawn(player, len(cards), text_of(counts_of(cards))))
    after = CubirdsState(state.rows, deck, state.discard, hands, state.collections,
                         state.dealer, _FLOCK, player)
    if len(cards) < count:  # the deck ran out: the discard pile holds the rest [D5]
        return _await(after, Pending("draw", count - len(cards)), events)
    if events is not None:
        events.append(FlockDue(player))
    return after


def _fly(state: CubirdsState, player: int, species: int, events: list[Event] | None
         ) -> CubirdsState:
    """CB10 [D6]: every card of the species is shown; 2 or 1 kept, the rest discarded."""
    hand = state.hands[player]
    count = hand[species]
    kept = flying_home(species, count)
    collection = list(state.collections[player])
    collection[species] += kept
    discard = list(state.discard)
    discard[species] += count - kept
    if events is not None:
        events.append(Flown(player, SPECIES[species], kept, count - kept))
    return _turn_end(state, player, tuple(discard),
                     _replace(state.hands, player, _replace(hand, species, 0)),
                     _replace(state.collections, player, tuple(collection)), events)


def winning_reason(collection: Counts) -> str | None:
    """Why ``collection`` wins (CB12): ``seven_species``, ``two_triples``, or None.
    Seven species are named first when a collection has both."""
    if sum(1 for count in collection if count) >= 7:
        return "seven_species"
    if sum(1 for count in collection if count >= 3) >= 2:
        return "two_triples"
    return None


def _turn_end(state: CubirdsState, player: int, discard: Counts, hands: tuple[Counts, ...],
              collections: tuple[Counts, ...], events: list[Event] | None) -> CubirdsState:
    """CB11: a win of the active seat's collection (the only one that can change [D8]),
    else an empty hand, else the next seat."""
    reason = winning_reason(collections[player])
    if reason is not None:
        return _ended(CubirdsState(state.rows, state.deck, discard, hands, collections,
                                   state.dealer, _TURN_END, player),
                      Result((player,), reason), events)
    if any(hands[player]):
        following = (player + 1) % len(hands)
        if events is not None:
            events.append(TurnStarted(following))
        return CubirdsState(state.rows, state.deck, discard, hands, collections, state.dealer,
                            _LAY, following)
    # CB13 [D9, D10]: the round ends; every other hand is discarded face up, and the
    # seat deals.
    thrown = tuple(map(sum, zip(*hands, strict=True)))
    if events is not None:
        events.append(RoundEnded(player, thrown))
    after = CubirdsState(state.rows, state.deck, add(discard, thrown), (EMPTY,) * len(hands),
                         collections, player, _ROUND_END, player)
    if len(after.deck) + sum(after.discard) < HAND_CARDS * len(hands):  # CB14: no deal
        return _exhausted(after, events)
    return _deal(after, HAND_CARDS * len(hands), events)


def _deal(state: CubirdsState, remaining: int, events: list[Event] | None) -> CubirdsState:
    """CB13: blocks of 8 in seat order, ``remaining`` cards still to deal; then the
    dealer lays."""
    deck, hands, dealer = state.deck, state.hands, state.dealer
    total = HAND_CARDS * len(hands)
    while remaining:
        seat, done = divmod(total - remaining, HAND_CARDS)
        need = HAND_CARDS - done
        cards, deck = deck[:need], deck[need:]
        if cards:
            hands = _replace(hands, seat, _with(hands[seat], cards))
            remaining -= len(cards)
            if events is not None:
                events.append(CardsDealt(seat, len(cards), text_of(counts_of(cards))))
        if len(cards) < need:
            return _await(CubirdsState(state.rows, deck, state.discard, hands,
                                       state.collections, dealer, _DEAL, dealer),
                          Pending("deal", remaining), events)
    if events is not None:
        events.append(TurnStarted(dealer))
    return CubirdsState(state.rows, deck, state.discard, hands, state.collections, dealer,
                        _LAY, dealer)


def _await(state: CubirdsState, pending: Pending, events: list[Event] | None
           ) -> CubirdsState:
    """A chance node: the deck is empty and a card is needed (CB15)."""
    assert not state.deck
    assert any(state.discard)
    if events is not None:
        events.append(ReshuffleDue(pending))
    return _rest(state, _RESHUFFLE, state.active, pending)


def _exhausted(state: CubirdsState, events: list[Event] | None) -> CubirdsState:
    """CB14 [D12]: every seat with the most collection cards wins."""
    sizes = [sum(collection) for collection in state.collections]
    most = max(sizes)
    return _ended(state, Result(tuple(seat for seat, size in enumerate(sizes) if size == most),
                                "deck_exhausted"), events)


def _ended(state: CubirdsState, result: Result, events: list[Event] | None) -> CubirdsState:
    """The game is over (CB12, CB14): nobody moves, every seat is ranked (CB16)."""
    if events is not None:
        events.append(GameEnded(result, ranks_of(result, state.collections) or ()))
    return CubirdsState(state.rows, state.deck, state.discard, state.hands,
                        state.collections, state.dealer, _GAME_END, None, None, result)


def _reshuffle(state: CubirdsState, deck: str, events: list[Event] | None) -> CubirdsState:
    """CB15: the shuffled discard pile is the deck; what needed a card goes on."""
    if events is not None:
        events.append(Reshuffled(len(deck)))
    pending, player = state.pending, state.active
    assert pending is not None
    assert player is not None
    # Back in the automatic phase that needed the card: refill, draw or deal.
    after = CubirdsState(state.rows, deck, EMPTY, state.hands, state.collections,
                         state.dealer, Phase(pending.kind), player)
    if pending.kind == "refill":
        assert pending.row is not None
        assert pending.side is not None
        return _refill(after, after.rows, after.hands, player, pending.row, pending.side,
                       events)
    assert pending.count is not None
    if pending.kind == "draw":
        return _draw(after, player, pending.count, events)
    return _deal(after, pending.count, events)


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
