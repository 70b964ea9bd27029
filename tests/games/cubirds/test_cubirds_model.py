"""Cubirds against an independent model of its rules.

The model below is written again from RULES-cubirds.md, sharing no code with the
engine: cards are letters in plain lists (a row left to right, the deck top first,
hands, collections and the discard pile in any order), the enclosure is a walk along
the row, and the automatic part of a turn (enclosure, refill, draw, end of turn, round
end, new deal) is one generator that stops where a card is needed from an empty deck
and goes on when the reshuffle arrives (CB15). The model deals from the seed itself
(CB4, [D1], [D2]) and draws its own reshuffles from the same generator; the engine's
chance moves are fed to both, and must be the model's.

Over random games of 2 to 5 players and both ``row_cards``, the two must agree after
every move: rows, hands, collections, deck, discard pile, dealer, phase, the seat to
move, what a pending reshuffle is for, the legal moves, the result and the ranks. At
every state a few moves drawn from a wider space (other seats, unknown species, rows
and sides out of range, forged reshuffles) must be refused with CB17a's code, the
first in its order, or accepted, as the model says. A disagreement is a bug in one of
them, and the message says where.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aves_core import IllegalMoveError, NotationError
from aves_core.games.cubirds.game import CUBIRDS
from aves_core.games.cubirds.moves import Move
from aves_core.games.cubirds.state import CubirdsOptions, CubirdsState

parse_move = CUBIRDS.parse_move

# CB2, from the table of RULES-cubirds.md.
ORDER = "FOTDPMWR"
SMALL = {"F": 2, "O": 3, "T": 3, "D": 4, "P": 4, "M": 5, "W": 6, "R": 6}
BIG = {"F": 3, "O": 4, "T": 4, "D": 6, "P": 6, "M": 7, "W": 9, "R": 9}
CARDS = {"F": 7, "O": 10, "T": 10, "D": 13, "P": 13, "M": 17, "W": 20, "R": 20}
HAND = 8

Steps = Generator[None, None, None]


def canonical(cards: list[str] | str) -> str:
    """Cards in the table's order (how hands and the pile are shown, CB18)."""
    return "".join(sorted(cards, key=ORDER.index))


class Model:
    """The whole game, plainly."""

    def __init__(self, players: int, row_cards: int, seed: int) -> None:
        self.players = players
        self.rng = random.Random(seed)  # [D2]
        cards = [letter for letter in ORDER for _ in range(CARDS[letter])]
        self.rng.shuffle(cards)  # CB4.1, shuffle A
        self.rows: list[list[str]] = []
        aside: list[str] = []
        while len(self.rows) < 4:
            row: list[str] = []
            while len(row) < row_cards:
                card = cards.pop(0)
                if card in row:
                    aside.append(card)  # [D1]
                else:
                    row.append(card)
            self.rows.append(row)
        stock = list(canonical(cards + aside))
        self.rng.shuffle(stock)  # CB4.2, shuffle B
        self.hands = [stock[HAND * seat:HAND * seat + HAND] for seat in range(players)]
        self.collections = [[stock[HAND * players + seat]] for seat in range(players)]
        self.deck = stock[(HAND + 1) * players:]
        self.discard: list[str] = []
        self.dealer = self.rng.randrange(players)  # CB4.3
        self.phase = "lay"
        self.active: int | None = self.dealer
        self.result: tuple[tuple[int, ...], str] | None = None
        self.ranks: tuple[int, ...] | None = None
        self.pending: tuple[Any, ...] | None = None
        self.steps: Steps | None = None

    # --- what may be played --------------------------------------------------------

    def legal(self) -> set[str]:
        seat = self.active
        if seat is None or self.phase in ("reshuffle", "gameEnd"):
            return set()
        hand = self.hands[seat]
        if self.phase == "lay":  # CB6: a species held, a row, a side
            return {f"{seat}:lay {letter} {row} {side}" for letter in set(hand)
                    for row in range(4) for side in ("left", "right")}
        if self.phase == "drawOption":  # CB9
            return {f"{seat}:draw", f"{seat}:nodraw"}
        assert self.phase == "flock"  # CB10
        return {f"{seat}:fly {letter}" for letter in set(hand)
                if hand.count(letter) >= SMALL[letter]} | {f"{seat}:nofly"}

    def refusal(self, text: str) -> str | None:
        """CB17a's code for a move (text that parses), the first in its order; None if
        legal."""
        words = text.replace(":", " ").split()
        # One text per move: a negative seat or row, or a species not in capitals, is no
        # move's text, refused before anything else.
        if words[0].startswith("-") or (words[1] in ("lay", "fly", "reshuffle")
                                        and not words[2].isupper()) \
                or (words[1] == "lay" and words[3].startswith("-")):
            return "bad_notation"
        if self.result is not None:
            return "game_over"
        if words[0] == "*":  # a reshuffle: only when one is due, of the discard pile
            if self.phase != "reshuffle":
                return "wrong_phase"
            return None if set(words[2]) <= set(ORDER) \
                and canonical(words[2]) == canonical(self.discard) else "bad_reshuffle"
        seat, verb = int(words[0]), words[1]
        if self.phase == "reshuffle" or seat != self.active:
            return "not_your_turn"
        wanted = {"lay": "lay", "draw": "drawOption", "nodraw": "drawOption",
                  "fly": "flock", "nofly": "flock"}[verb]
        if wanted != self.phase:
            return "wrong_phase"
        if verb in ("lay", "fly"):
            letter = words[2]
            if letter not in SMALL:
                return "unknown_species"
            if verb == "lay" and not 0 <= int(words[3]) <= 3:
                return "bad_row"
            if verb == "lay" and words[4] not in ("left", "right"):
                return "bad_side"
            held = self.hands[seat].count(letter)
            if held == 0:
                return "not_in_hand"
            if verb == "fly" and held < SMALL[letter]:
                return "flock_too_small"
        return None

    # --- playing ---------------------------------------------------------------------

    def play(self, text: str) -> None:
        words = text.replace(":", " ").split()
        if words[0] == "*":
            assert self.steps is not None
            assert self.phase == "reshuffle"
            assert canonical(words[2]) == canonical(self.discard)
            self.deck, self.discard = list(words[2]), []
            self.resume()
            return
        seat, verb = int(words[0]), words[1]
        assert seat == self.active
        if verb == "lay":
            self.steps = self.lay(seat, words[2], int(words[3]), words[4])
        elif verb == "draw":
            self.steps = self.draw(seat)
        elif verb == "nodraw":
            self.phase = "flock"
            return
        elif verb == "fly":
            self.steps = self.fly(seat, words[2])
        else:
            self.steps = self.end_of_turn(seat, flew=False)
        self.resume()

    def resume(self) -> None:
        """Run the automatic steps until a seat must choose, the game ends, or a card is
        needed from an empty deck (then the steps wait for the reshuffle)."""
        assert self.steps is not None
        try:
            next(self.steps)
        except StopIteration:
            self.steps = None
            self.pending = None
        else:
            self.phase = "reshuffle"

    def card(self, why: tuple[Any, ...]) -> Generator[None, None, str | None]:
        """CB15: the deck's top card; the discard pile reshuffled first when the deck is
        empty; None when there is no card at all."""
        if not self.deck:
            if not self.discard:
                return None
            self.pending = why
            yield
            self.pending = None
        return self.deck.pop(0)

    def lay(self, seat: int, letter: str, row: int, side: str) -> Steps:
        hand = self.hands[seat]
        laid = [card for card in hand if card == letter]
        self.hands[seat] = [card for card in hand if card != letter]
        line = self.rows[row]
        # CB7: walk inward from the laid end to the nearest card of the species.
        walk = list(range(len(line))) if side == "left" else list(range(len(line) - 1, -1, -1))
        between: list[int] = []
        for position in walk:
            if line[position] == letter:
                break
            between.append(position)
        else:
            between = []  # no other card of the species: nothing is enclosed
        taken = [line[position] for position in sorted(between)]
        line = [card for position, card in enumerate(line) if position not in between]
        line = laid + line if side == "left" else line + laid
        self.rows[row] = line
        self.hands[seat] += taken  # [D3]
        if taken:
            while len(set(line)) == 1:  # CB8 [D4]: refill at the laid end
                card = yield from self.card(("refill", None, row, side))
                if card is None:  # CB14 [D11]
                    self.exhausted()
                    return
                if side == "left":
                    line.insert(0, card)
                else:
                    line.append(card)
            self.phase = "flock"
        elif len(self.deck) + len(self.discard) >= 2:  # CB9 [D5]
            self.phase = "drawOption"
        else:
            self.phase = "flock"

    def draw(self, seat: int) -> Steps:
        for drawn in range(2):
            card = yield from self.card(("draw", 2 - drawn, None, None))
            assert card is not None  # offered only with 2 cards to draw [D5]
            self.hands[seat].append(card)
        self.phase = "flock"

    def fly(self, seat: int, letter: str) -> Steps:
        count = self.hands[seat].count(letter)
        kept = 2 if count >= BIG[letter] else 1  # CB10 [D6]
        self.hands[seat] = [card for card in self.hands[seat] if card != letter]
        self.collections[seat] += [letter] * kept
        self.discard += [letter] * (count - kept)
        yield from self.end_of_turn(seat, flew=True)

    def end_of_turn(self, seat: int, *, flew: bool) -> Steps:
        collection = self.collections[seat]
        if len(set(collection)) >= 7:  # CB12
            self.win(seat, "seven_species")
            return
        if sum(1 for letter in set(collection) if collection.count(letter) >= 3) >= 2:
            self.win(seat, "two_triples")
            return
        assert flew or len(set(collection)) < 7  # [D8]: only a flock changes a collection
        if self.hands[seat]:  # CB11
            self.phase, self.active = "lay", (seat + 1) % self.players
            return
        # CB13 [D9, D10]: the round ends.
        for other in range(self.players):
            self.discard += self.hands[other]
            self.hands[other] = []
        self.dealer = seat
        if len(self.deck) + len(self.discard) < HAND * self.players:  # CB14
            self.exhausted()
            return
        for other in range(self.players):
            for dealt in range(HAND):
                left = HAND * self.players - HAND * other - dealt
                card = yield from self.card(("deal", left, None, None))
                assert card is not None
                self.hands[other].append(card)
        self.phase, self.active = "lay", seat

    def win(self, seat: int, reason: str) -> None:
        self.result = ((seat,), reason)
        self.ranks = tuple(1 if other == seat else 2 for other in range(self.players))
        self.phase, self.active = "gameEnd", None

    def exhausted(self) -> None:
        sizes = [len(collection) for collection in self.collections]
        self.result = (tuple(seat for seat, size in enumerate(sizes) if size == max(sizes)),
                       "deck_exhausted")  # [D12]
        self.ranks = tuple(1 + sum(1 for other in sizes if other > size) for size in sizes)
        self.phase, self.active = "gameEnd", None

    def reshuffle(self) -> str:
        """CB15: the discard pile, in canonical order, shuffled: the generator's next use."""
        cards = list(canonical(self.discard))
        self.rng.shuffle(cards)
        return "".join(cards)


def letters(counts: tuple[int, ...]) -> str:
    return "".join(letter * count for letter, count in zip(ORDER, counts, strict=True))


def agree(model: Model, state: CubirdsState, where: str) -> None:
    assert ["".join(row) for row in model.rows] == list(state.rows), where
    assert "".join(model.deck) == state.deck, where
    assert canonical(model.discard) == letters(state.discard), where
    assert [canonical(hand) for hand in model.hands] == [letters(h) for h in state.hands], where
    assert [canonical(c) for c in model.collections] == \
        [letters(c) for c in state.collections], where
    assert (model.phase, model.dealer) == (state.phase.value, state.dealer), where
    to_move = () if model.active is None or model.phase == "reshuffle" else (model.active,)
    assert to_move == CUBIRDS.to_move(state), where
    pending = state.pending
    assert model.pending == (None if pending is None else (
        pending.kind, pending.count, pending.row, pending.side)), where
    legal = [str(move) for move in CUBIRDS.legal_moves(state)]
    assert model.legal() == set(legal), where
    assert len(legal) == len(set(legal)), where
    result = state.result
    assert model.result == (None if result is None else (result.winners, result.reason)), where
    assert model.ranks == state.ranks, where
    assert 110 == sum(map(len, model.rows)) + len(model.deck) + len(model.discard) \
        + sum(map(len, model.hands)) + sum(map(len, model.collections)), where


def probes(model: Model, rng: random.Random) -> list[str]:
    """A few moves from a space wider than the legal moves, as text that parses."""
    seats = list(range(-1, model.players + 1))
    found = []
    for _ in range(3):
        seat = rng.choice(seats if rng.random() < 0.3 else [model.active or 0])
        verb = rng.choice(["lay", "lay", "fly", "draw", "nodraw", "nofly", "*"])
        letter = rng.choice("FOTDPMWRXf")
        if verb == "lay":
            found.append(f"{seat}:lay {letter} {rng.choice([0, 1, 2, 3, -1, 4])} "
                         f"{rng.choice(['left', 'right', 'up'])}")
        elif verb == "fly":
            found.append(f"{seat}:fly {letter}")
        elif verb == "*":
            pile = list(canonical(model.discard))
            change = rng.choice(["same", "more", "less", "other"])
            if change == "more":
                pile.append(letter)
            elif change == "less" and pile:
                pile.pop()
            elif change == "other" and pile:
                pile[0] = letter
            rng.shuffle(pile)
            found.append(f"*:reshuffle {''.join(pile) or 'X'}")
        else:
            found.append(f"{seat}:{verb}")
    return found


def refused_with(state: CubirdsState, text: str) -> str | None:
    try:
        CUBIRDS.apply(state, parse_move(text))
    except (IllegalMoveError, NotationError) as error:
        return error.code
    return None


def play_out(players: int, row_cards: int, seed: int, max_moves: int,
             seen: dict[str, set[str]] | None = None) -> int:
    """Play one random game on both, checking after every move; the moves played."""
    options = CubirdsOptions(row_cards)
    setup = CUBIRDS.new_setup(players, options, seed)
    state = CUBIRDS.start(players, setup)
    chance = CUBIRDS.chance_generator(players, options, seed)
    model = Model(players, row_cards, seed)
    rng = random.Random(seed)
    for index in range(max_moves):
        where = f"{players} players, row_cards {row_cards}, seed {seed}, before move {index}"
        agree(model, state, where)
        for text in probes(model, rng):
            assert model.refusal(text) == refused_with(state, text), f"{where}: {text}"
        if state.result is not None:
            if seen is not None:
                seen["ends"].add(state.result.reason)
            return index
        if CUBIRDS.awaits_chance(state):
            move: Move = CUBIRDS.chance_move(state, chance)
            assert str(move) == f"*:reshuffle {model.reshuffle()}", where
            if seen is not None:
                seen["reshuffles"].add(model.pending[0])  # type: ignore[index]
        else:
            move = rng.choice(CUBIRDS.legal_moves(state))
        state = CUBIRDS.apply(state, move)
        model.play(str(move))
    return max_moves


CASES = [(players, row_cards) for players in (2, 3, 4, 5) for row_cards in (3, 4)]


@pytest.mark.parametrize(("players", "row_cards"), CASES)
def test_the_engine_agrees_with_the_model(players: int, row_cards: int) -> None:
    seen: dict[str, set[str]] = {"ends": set(), "reshuffles": set()}
    moves = 0
    for seed in range(4):
        moves += play_out(players, row_cards, 1000 * players + 10 * row_cards + seed, 3000,
                          seen)
    assert moves > 400
    assert seen["ends"]
    assert seen["reshuffles"]


def test_the_model_meets_every_end_and_every_reshuffle() -> None:
    seen: dict[str, set[str]] = {"ends": set(), "reshuffles": set()}
    for seed in range(40):
        play_out(2 + seed % 4, 3 + seed % 2, seed, 3000, seen)
    assert {"seven_species", "two_triples", "deck_exhausted"} == seen["ends"]
    assert {"refill", "draw", "deal"} == seen["reshuffles"]


@given(st.sampled_from(CASES), st.integers(0, 2**32))
def test_the_engine_agrees_with_the_model_on_any_seed(case: tuple[int, int], seed: int) -> None:
    play_out(*case, seed, 400)
