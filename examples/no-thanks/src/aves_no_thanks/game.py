"""No Thanks! for aves-core, as a game of another package. Cards 3 to 35 are shuffled
and 9 put away unseen. The player to move takes the card turned up, with its chips, or
pays a chip onto it and the next player decides (with no chip, they must take); whoever
takes turns up the next card and decides again. Each scores the lowest card of each run
of consecutive cards, less their chips: the lowest wins (ties share). Players start with
11 chips (9 with six, 7 with seven). [decision] Chips are public: anyone could count them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TypeAlias

import attrs

import aves_core.author as aves

CARDS = tuple(range(3, 36))
CHIPS = {3: 11, 4: 11, 5: 11, 6: 9, 7: 7}


@aves.move("{player}:take", words="take the card and its chips")
class Take:
    """``player`` takes the card and every chip on it."""

    player: int


@aves.move("{player}:pass", words="no thanks! (pay a chip)")
class Pass:
    """``player`` pays a chip onto the card instead."""

    player: int


Move: TypeAlias = Take | Pass


@attrs.frozen
class Setup:
    """The shuffled cards (the last 9 put away) and the first player."""

    cards: tuple[int, ...]
    first: int


@attrs.frozen
class State:
    """The face-down cards (top first) and those put away, the card up and the chips on
    it, each seat's chips and cards, whose turn, and the result."""

    deck: tuple[int, ...]
    put_away: tuple[int, ...]
    card: int | None
    pot: int
    chips: tuple[int, ...]
    cards: tuple[tuple[int, ...], ...]
    active: int | None
    result: aves.Result | None = None
    num_players = property(lambda self: len(self.chips))


@attrs.frozen
class View:
    """All but the face-down cards (``deck``: how many) and those put away; at the end,
    each seat's score."""

    seat: int | None
    card: int | None
    pot: int
    deck: int
    chips: tuple[int, ...]
    cards: tuple[tuple[int, ...], ...]
    active: int | None
    result: aves.Result | None
    legal_moves: tuple[Move, ...]
    scores: tuple[int, ...] | None


def score(cards: Iterable[int], chips: int) -> int:
    """The lowest card of each run of consecutive cards, less the chips."""
    held = set(cards)
    return sum(card for card in held if card - 1 not in held) - chips


def no_chips(state: State, move: Pass) -> str | None:
    """With no chip left a seat must take."""
    return None if state.chips[move.player] else "with no chip left you must take"


class NoThanks(aves.Game[State, Move, View, aves.PlayEvent, aves.NoOptions, Setup]):
    """No Thanks! (``NO_THANKS``)."""

    facts = aves.GameFacts(id="no-thanks", name="No Thanks!", version=1, min_players=3,
                           max_players=7, hidden_information=True, chance=aves.Chance.SETUP,
                           reasons=("lowest_score",), reason_words={"lowest_score": "lowest score"},
                           summary="take the card or pay a chip not to; the lowest score wins",
                           setup_codes=("bad_setup",))
    phases = aves.PhaseMachine.one_phase("No Thanks!", ("take", "pass"), name="decide")
    refusals = (aves.GAME_OVER, aves.NOT_YOUR_TURN, aves.refuse("no_chips", no_chips, Pass))

    def new_setup(self, num_players: int, options: aves.NoOptions, seed: int | None, *,
                  first_player: int | None = None) -> Setup:
        """The cards shuffled, then a first player drawn, from ``seed``."""
        self.check_players(num_players)
        rng = random.Random(seed)
        cards = rng.sample(CARDS, len(CARDS))
        first = rng.randrange(num_players)
        return Setup(tuple(cards), first if first_player is None else first_player)

    def start(self, num_players: int, setup: Setup) -> State:
        """The first card turned up; every seat's chips."""
        self.check_players(num_players)
        if sorted(setup.cards) != list(CARDS) or setup.first not in range(num_players):
            raise aves.SetupError("a setup is the 33 cards and a seat", code="bad_setup")
        return State(setup.cards[1:-9], setup.cards[-9:], setup.cards[0], 0,
                     (CHIPS[num_players],) * num_players, ((),) * num_players, setup.first)

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        seat = state.active
        if seat is None:
            return ()
        return (Take(seat), Pass(seat)) if state.chips[seat] else (Take(seat),)

    def transition(self, state: State, move: Move, events: list[aves.PlayEvent] | None) -> State:
        seat, chips, cards = move.player, list(state.chips), list(state.cards)
        if isinstance(move, Pass):
            chips[seat] -= 1
            return attrs.evolve(state, pot=state.pot + 1, chips=tuple(chips),
                                active=(seat + 1) % state.num_players)
        chips[seat] += state.pot
        cards[seat] = tuple(sorted({*cards[seat], state.card or 0}))  # a card is up to take
        after = attrs.evolve(state, deck=state.deck[1:], card=(state.deck or (None,))[0],
                             pot=0, chips=tuple(chips), cards=tuple(cards))
        if after.card is not None:
            return after
        scores = tuple(map(score, cards, chips))
        winners = tuple(seat for seat in range(len(scores)) if scores[seat] == min(scores))
        return attrs.evolve(after, active=None, result=aves.Result(winners, "lowest_score"))

    def view(self, state: State, seat: int | None) -> View:
        over = state.result is not None
        return View(seat, state.card, state.pot, len(state.deck), state.chips, state.cards,
                    state.active, state.result,
                    self.legal_moves(state) if seat == state.active else (),
                    tuple(map(score, state.cards, state.chips)) if over else None)

    def indistinguishable(self, state: State, seat: int | None, rng: random.Random) -> State:
        """The face-down cards and those put away, shuffled together and dealt again."""
        unseen = rng.sample([*state.deck, *state.put_away], len(state.deck) + 9)
        return attrs.evolve(state, deck=tuple(unseen[:-9]), put_away=tuple(unseen[-9:]))

    def determinize(self, view: View, rng: random.Random) -> State:
        """The cards nobody has seen, drawn into the deck and put away at random."""
        seen = {card for held in view.cards for card in held} | {view.card}
        unseen = rng.sample([card for card in CARDS if card not in seen], view.deck + 9)
        return State(tuple(unseen[:-9]), tuple(unseen[-9:]), view.card, view.pot,
                     view.chips, view.cards, view.active, view.result)

    def invariants(self, state: State) -> Iterable[str]:
        """Every card accounted for, no purse below zero."""
        held = [*state.deck, *state.put_away, *(c for cards in state.cards for c in cards)]
        if state.card is not None:
            held.append(state.card)
        if min(state.chips) < 0 or sorted(held) != list(CARDS):
            yield f"chips {state.chips} and cards {sorted(held)} are not the game's"

    def all_moves(self, num_players: int, seat: int) -> Sequence[Move]:
        return (Take(seat), Pass(seat))

    def features(self, view: View) -> Sequence[float]:
        """The card, its chips, the cards left, the seat's chips, then a flag per card for
        the seat's own cards and another for the other seats'."""
        mine = set(view.cards[view.seat]) if view.seat is not None else set()
        theirs = {card for held in view.cards for card in held} - mine
        own = 0 if view.seat is None else view.chips[view.seat]
        return [(view.card or 0) / 5, min(view.pot / 8, 8.0), view.deck / 4, own / 8,
                *(float(card in mine) for card in CARDS),
                *(float(card in theirs) for card in CARDS)]


NO_THANKS = NoThanks()
"""The game (the entry point ``no-thanks`` names it)."""
