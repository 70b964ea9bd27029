"""A toy game with hidden information, and leaky versions of it, to test the kit.

High card: two players each hold one hidden card (1 to 6) dealt from a shuffled
deck; in turn each may ``keep`` or ``swap`` (trade their card for the deck's top
card, which only they see); after four moves the higher card wins, a tie is
shared. ``TOY`` keeps every property of the conformance kit; ``LEAKY_VIEW``,
``LEAKY_EVENTS``, ``LEAKY_REPR`` and ``BAD_FOLD`` each break one, as a careless
game would.
"""

from __future__ import annotations

import enum
import random
import re
from collections.abc import Iterable
from typing import Any, TypeAlias

import attrs
from cattrs.strategies import configure_tagged_union

from aves_core.kernel.convert import converter, snake_case
from aves_core.kernel.errors import IllegalMoveError, NotationError, SetupError
from aves_core.kernel.game import Chance, Game, GameFacts, Result
from aves_core.kernel.phases import PhaseMachine
from aves_core.kernel.registry import register_game


class Phase(enum.Enum):
    PLAYER_TURN = "playerTurn"
    GAME_END = "gameEnd"


class Trigger(enum.Enum):
    NEXT_TURN = "next_turn"
    END_GAME = "end_game"


PHASES = PhaseMachine("High card", Phase, Trigger, (
    (Trigger.NEXT_TURN, Phase.PLAYER_TURN, Phase.PLAYER_TURN),
    (Trigger.END_GAME, Phase.PLAYER_TURN, Phase.GAME_END),
), initial=Phase.PLAYER_TURN, final=(Phase.GAME_END,), actions={Phase.PLAYER_TURN: ("keep",
                                                                                    "swap")})


@attrs.frozen
class Keep:
    player: int

    def __str__(self) -> str:
        return f"{self.player}:keep"


@attrs.frozen
class Swap:
    player: int

    def __str__(self) -> str:
        return f"{self.player}:swap"


Move: TypeAlias = Keep | Swap


@attrs.frozen
class Kept:
    seat: int


@attrs.frozen
class Swapped:
    seat: int
    card: int | None  # None where redacted


@attrs.frozen
class Ended:
    result: Result


Event: TypeAlias = Kept | Swapped | Ended


@attrs.frozen
class Options:
    pass


@attrs.frozen
class Setup:
    deal: tuple[int, ...]
    first_player: int


@attrs.frozen
class State:
    hands: tuple[int, int]
    deck: tuple[int, ...]
    active: int | None
    played: int
    result: Result | None = None


@attrs.frozen
class View:
    seat: int | None
    hands: tuple[int | None, int | None]
    deck_size: int
    active: int | None
    played: int
    result: Result | None
    legal_moves: tuple[Move, ...]


@attrs.frozen
class SecretView(View):
    secret: tuple[int, ...] = attrs.field(default=(), eq=False)


configure_tagged_union(Move, converter, tag_generator=lambda cls: cls.__name__.lower(),
                       tag_name="type")
configure_tagged_union(Event, converter, tag_generator=snake_case, tag_name="type")

MOVES = 4


class HighCard(Game[State, Move, View, Event, Options, Setup]):
    """The honest game."""

    facts = GameFacts(id="toy", name="High card", version=1, min_players=2, max_players=2,
                      hidden_information=True, chance=Chance.SETUP,
                      reasons=("higher_card",))
    phases = PHASES
    move_type = Move
    event_type = Event
    options_type = Options
    setup_type = Setup
    state_type = State
    view_type = View

    def default_options(self) -> Options:
        return Options()

    def new_setup(self, num_players: int, options: Options, seed: int | None, *,
                  first_player: int | None = None) -> Setup:
        self.check_players(num_players)
        rng = random.Random(seed)
        deal = list(range(1, 7))
        rng.shuffle(deal)
        drawn = rng.randrange(2)
        return Setup(tuple(deal), drawn if first_player is None else first_player)

    def start(self, num_players: int, setup: Setup) -> State:
        self.check_players(num_players)
        if sorted(setup.deal) != list(range(1, 7)):
            raise SetupError("the deal is the cards 1 to 6", code="bad_deal", path="deal")
        if setup.first_player not in (0, 1):
            raise SetupError("the first player is 0 or 1", code="bad_first_player",
                             path="first_player")
        return State((setup.deal[0], setup.deal[1]), setup.deal[2:], setup.first_player, 0)

    def options_of(self, setup: Setup) -> Options:
        return Options()

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        if state.active is None:
            return ()
        return (Keep(state.active), Swap(state.active))

    def apply(self, state: State, move: Move) -> State:
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move}: not now", code="not_your_turn", move=move)
        return self.step(state, move)

    def step(self, state: State, move: Move) -> State:
        hands = list(state.hands)
        deck = state.deck
        if isinstance(move, Swap):
            hands[move.player], deck = deck[0], deck[1:]
        played = state.played + 1
        if played == MOVES:
            best = max(hands)
            result = Result(tuple(seat for seat in (0, 1) if hands[seat] == best),
                            "higher_card")
            return State((hands[0], hands[1]), deck, None, played, result)
        return State((hands[0], hands[1]), deck, 1 - move.player, played)

    def apply_with_events(self, state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
        after = self.apply(state, move)
        events: list[Event] = [Swapped(move.player, after.hands[move.player])
                               if isinstance(move, Swap) else Kept(move.player)]
        if after.result is not None:
            events.append(Ended(after.result))
        return after, tuple(events)

    def result(self, state: State) -> Result | None:
        return state.result

    def to_move(self, state: State) -> tuple[int, ...]:
        return () if state.active is None else (state.active,)

    def phase_name(self, state: State) -> str:
        return "gameEnd" if state.result is not None else "playerTurn"

    def view(self, state: State, seat: int | None) -> View:
        hands = (state.hands[0] if seat == 0 else None, state.hands[1] if seat == 1 else None)
        return View(seat, hands, len(state.deck), state.active, state.played, state.result,
                    self.legal_moves(state) if seat == state.active else ())

    def events_for(self, events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
        return tuple(Swapped(event.seat, None)
                     if isinstance(event, Swapped) and event.seat != seat else event
                     for event in events)

    def update_view(self, view: View, events: Iterable[Event]) -> View:
        hands = list(view.hands)
        deck_size, active, played, result = view.deck_size, view.active, view.played, view.result
        for event in events:
            if isinstance(event, Swapped):
                if event.seat == view.seat:
                    hands[event.seat] = event.card
                deck_size -= 1
            if isinstance(event, Kept | Swapped):
                played += 1
                active = 1 - event.seat
            if isinstance(event, Ended):
                active, result = None, event.result
        legal = (Keep(view.seat), Swap(view.seat)) if active is not None \
            and view.seat == active else ()
        return View(view.seat, (hands[0], hands[1]), deck_size, active, played, result, legal)

    def indistinguishable(self, state: State, seat: int | None, rng: random.Random) -> State:
        # The cards the seat does not hold, shuffled between the other hand and the deck.
        hidden = [card for owner, card in enumerate(state.hands) if owner != seat]
        hidden += state.deck
        rng.shuffle(hidden)
        hands = list(state.hands)
        for owner in (0, 1):
            if owner != seat:
                hands[owner] = hidden.pop()
        return State((hands[0], hands[1]), tuple(hidden), state.active, state.played,
                     state.result)

    def parse_move(self, text: str) -> Move:
        found = re.fullmatch(r"(\d):(keep|swap)", text)
        if found is None:
            raise NotationError(f"{text!r} is not a move")
        kind = Keep if found[2] == "keep" else Swap
        return kind(int(found[1]))


class LeakyView(HighCard):
    """Shows every hand in every view."""

    facts = attrs.evolve(HighCard.facts, id="toy-leaky-view")

    def view(self, state: State, seat: int | None) -> View:
        view = super().view(state, seat)
        return attrs.evolve(view, hands=state.hands)


class LeakyEvents(HighCard):
    """Sends the card drawn on a swap to everybody."""

    facts = attrs.evolve(HighCard.facts, id="toy-leaky-events")

    def events_for(self, events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
        return tuple(events)

    def update_view(self, view: View, events: Iterable[Event]) -> View:
        # Folds as the honest game does (ignoring the cards it should not have been sent).
        return super().update_view(view, super().events_for(events, view.seat))


class LeakyRepr(HighCard):
    """Views that compare equal but carry the deck in a field their repr shows."""

    facts = attrs.evolve(HighCard.facts, id="toy-leaky-repr")
    view_type = SecretView

    def view(self, state: State, seat: int | None) -> View:
        view = super().view(state, seat)
        return SecretView(**attrs.asdict(view, recurse=False), secret=state.deck)

    def update_view(self, view: View, events: Iterable[Event]) -> View:
        folded = super().update_view(view, events)
        return SecretView(**attrs.asdict(folded, recurse=False))

    def view_to_json(self, view: View) -> dict[str, Any]:
        data = super().view_to_json(view)
        data.pop("secret", None)
        return data


class BadFold(HighCard):
    """Forgets to count a swap's card out of the deck when folding events."""

    facts = attrs.evolve(HighCard.facts, id="toy-bad-fold")

    def update_view(self, view: View, events: Iterable[Event]) -> View:
        folded = super().update_view(view, events)
        if any(isinstance(event, Swapped) for event in events):
            folded = attrs.evolve(folded, deck_size=folded.deck_size + 1)
        return folded


TOY = register_game(HighCard())
LEAKY_VIEW = register_game(LeakyView())
LEAKY_EVENTS = register_game(LeakyEvents())
LEAKY_REPR = register_game(LeakyRepr())
BAD_FOLD = register_game(BadFold())
