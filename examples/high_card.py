"""Adding a game to aves-core: High card, a whole game in one file.

Two players each hold one hidden card (1 to 6) dealt from a shuffled deck; in
turn each may ``keep`` it or ``swap`` it for the deck's top card, which only
they see; after four moves the higher card wins (a tie is shared). Small, but
it has what matters: hidden information, chance recorded in the setup, events
that must be redacted, and a phase machine.

The game is a ``Game`` subclass: its facts, its phases (declared once with
``transitions``), its moves, events, setup, state and view as frozen attrs
values, and the methods of the protocol. Registered, it gets everything else
from the kernel: logs and replay, tables with bots, simulation, ``aves replay``
and ``aves simulate --game high-card``, and the conformance kit.

    python examples/high_card.py

registers the game, runs the conformance kit on it, plays a table of two random
bots and replays the table's log. To ship a game in a package of its own,
point an entry point of the group ``aves_core.games`` at its instance (see
docs/games.md); ``aves games`` then lists it.
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
from aves_core.kernel.errors import ArgumentError, IllegalMoveError, NotationError, SetupError
from aves_core.kernel.game import Chance, Game, GameFacts, Result, ViewStatus
from aves_core.kernel.phases import PhaseMachine
from aves_core.kernel.registry import register_game

# --- the phases, declared once (the game's states.inc.php) --------------------------


class Phase(enum.Enum):
    """Where a game stands."""

    PLAYER_TURN = "playerTurn"
    GAME_END = "gameEnd"


class Trigger(enum.Enum):
    """What moves a game from one phase to the next."""

    NEXT_TURN = "next_turn"
    END_GAME = "end_game"


PHASES = PhaseMachine("High card", Phase, Trigger, (
    (Trigger.NEXT_TURN, Phase.PLAYER_TURN, Phase.PLAYER_TURN),
    (Trigger.END_GAME, Phase.PLAYER_TURN, Phase.GAME_END),
), initial=Phase.PLAYER_TURN, final=(Phase.GAME_END,), actions={Phase.PLAYER_TURN: ("keep",
                                                                                    "swap")})


# --- values: moves, events, options, setup, state, view --------------------------------
# Frozen attrs classes: hashable, comparable, and JSON through the one converter.


@attrs.frozen
class Keep:
    """``player`` keeps their card. Every move names its seat in ``player``."""

    player: int

    def __str__(self) -> str:
        return f"{self.player}:keep"


@attrs.frozen
class Swap:
    """``player`` swaps their card for the deck's top card."""

    player: int

    def __str__(self) -> str:
        return f"{self.player}:swap"


Move: TypeAlias = Keep | Swap


@attrs.frozen
class Kept:
    """``seat`` kept its card."""

    seat: int


@attrs.frozen
class Swapped:
    """``seat`` swapped; ``card`` is what it drew, None for the seats that may not see it."""

    seat: int
    card: int | None


@attrs.frozen
class Ended:
    """The game is over."""

    result: Result


Event: TypeAlias = Kept | Swapped | Ended


@attrs.frozen
class Options:
    """High card has no options (a game's variants go here)."""


@attrs.frozen
class Setup:
    """Every random choice, recorded: the shuffled cards (two hands, then the deck) and
    the first player. A game is its setup and its moves."""

    deal: tuple[int, ...]
    first_player: int


@attrs.frozen
class State:
    """Everything about a game at one moment (the host's eyes only)."""

    hands: tuple[int, int]
    deck: tuple[int, ...]
    active: int | None
    played: int
    result: Result | None = None


@attrs.frozen
class View:
    """What one seat (None: a spectator) may know: its own card, never the other's."""

    seat: int | None
    hands: tuple[int | None, int | None]
    deck_size: int
    active: int | None
    played: int
    result: Result | None
    legal_moves: tuple[Move, ...]


# JSON for moves and events: a tagged union on "type" in the library's one converter.
configure_tagged_union(Move, converter, tag_generator=lambda cls: cls.__name__.lower(),
                       tag_name="type")
configure_tagged_union(Event, converter, tag_generator=snake_case, tag_name="type")

MOVES = 4
"""A game's length: two turns each."""

# --- the game ---------------------------------------------------------------------------


class HighCard(Game[State, Move, View, Event, Options, Setup]):
    """High card for the kernel: every method of the protocol the game needs."""

    facts = GameFacts(id="high-card", name="High card", version=1, min_players=2, max_players=2,
                      hidden_information=True, chance=Chance.SETUP,
                      reasons=("higher_card",),
                      summary="keep or swap a hidden card; the higher card wins",
                      setup_codes=("bad_deal", "bad_first_player"))
    phases = PHASES
    move_type = Move
    event_type = Event
    options_type = Options
    setup_type = Setup
    state_type = State
    view_type = View

    def default_options(self) -> Options:
        """No options."""
        return Options()

    def new_setup(self, num_players: int, options: Options, seed: int | None, *,
                  first_player: int | None = None) -> Setup:
        """The cards shuffled and a first player drawn, both from ``seed``."""
        self.check_players(num_players)
        rng = random.Random(seed)
        deal = list(range(1, 7))
        rng.shuffle(deal)
        drawn = rng.randrange(2)
        return Setup(tuple(deal), drawn if first_player is None else first_player)

    def start(self, num_players: int, setup: Setup) -> State:
        """The dealt game; a setup that is no game is a SetupError naming its field."""
        self.check_players(num_players)
        if sorted(setup.deal) != list(range(1, 7)):
            raise SetupError("the deal is the cards 1 to 6", code="bad_deal", path="deal")
        if setup.first_player not in (0, 1):
            raise SetupError("the first player is 0 or 1", code="bad_first_player",
                             path="first_player")
        return State((setup.deal[0], setup.deal[1]), setup.deal[2:], setup.first_player, 0)

    def options_of(self, setup: Setup) -> Options:
        """No options."""
        return Options()

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """Keep or swap for the seat to move; nothing once the game is over."""
        if state.active is None:
            return ()
        return (Keep(state.active), Swap(state.active))

    def apply(self, state: State, move: Move) -> State:
        """The checked door: a stable code for each way a move can be wrong."""
        if not isinstance(move, Keep | Swap):
            raise ArgumentError(f"a High card move is Keep or Swap, not {type(move).__name__}")
        if state.result is not None:
            raise IllegalMoveError(f"{move}: the game is over", code="game_over", move=move)
        if move.player != state.active:
            raise IllegalMoveError(f"{move}: it is seat {state.active}'s turn",
                                   code="not_your_turn", move=move)
        return self.step(state, move)

    def step(self, state: State, move: Move) -> State:
        """``apply`` without the checks (for searches that play legal moves only)."""
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
        """``apply``, and what happened, unredacted: the host's record."""
        after = self.apply(state, move)
        events: list[Event] = [Swapped(move.player, after.hands[move.player])
                               if isinstance(move, Swap) else Kept(move.player)]
        if after.result is not None:
            events.append(Ended(after.result))
        return after, tuple(events)

    def result(self, state: State) -> Result | None:
        """How the game ended, or None."""
        return state.result

    def to_move(self, state: State) -> tuple[int, ...]:
        """The seat to move (a simultaneous game would give several)."""
        return () if state.active is None else (state.active,)

    def phase_name(self, state: State) -> str:
        """The phase the state rests in."""
        return "gameEnd" if state.result is not None else "playerTurn"

    def view(self, state: State, seat: int | None) -> View:
        """The seat's own card and nothing hidden: a view is built from what it may see."""
        hands = (state.hands[0] if seat == 0 else None, state.hands[1] if seat == 1 else None)
        return View(seat, hands, len(state.deck), state.active, state.played, state.result,
                    self.legal_moves(state) if seat == state.active else ())

    def view_status(self, view: View) -> ViewStatus:
        """The phase, the seat to move and the result a view shows (every game's view JSON
        carries them, so a client can follow a game it does not know)."""
        phase = "gameEnd" if view.result is not None else "playerTurn"
        return ViewStatus(phase, () if view.active is None else (view.active,), view.result)

    def events_for(self, events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
        """The card drawn on a swap is the swapper's alone."""
        return tuple(Swapped(event.seat, None)
                     if isinstance(event, Swapped) and event.seat != seat else event
                     for event in events)

    def update_view(self, view: View, events: Iterable[Event]) -> View:
        """A client's view kept in step by the events its seat was sent."""
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
        """What the seat cannot know redrawn: the cards it does not hold, shuffled between
        the other hand and the deck (the conformance kit checks views cannot tell)."""
        hidden = [card for owner, card in enumerate(state.hands) if owner != seat]
        hidden += state.deck
        rng.shuffle(hidden)
        hands = list(state.hands)
        for owner in (0, 1):
            if owner != seat:
                hands[owner] = hidden.pop()
        return State((hands[0], hands[1]), tuple(hidden), state.active, state.played,
                     state.result)

    def state_report(self, state: State) -> dict[str, Any]:
        """Every card, for ``aves replay --json`` and the browser's replay viewer (a log
        holds the whole deal, so its replay shows it)."""
        return {"hands": list(state.hands), "deck": list(state.deck), "played": state.played}

    def parse_move(self, text: str) -> Move:
        """``0:keep`` or ``1:swap`` (``str(move)`` writes them)."""
        if not isinstance(text, str):
            raise ArgumentError(f"a move's text is a str, not {type(text).__name__}")
        found = re.fullmatch(r"(\d):(keep|swap)", text)
        if found is None:
            raise NotationError(f"{text!r} is not a move: write SEAT:keep or SEAT:swap")
        kind = Keep if found[2] == "keep" else Swap
        return kind(int(found[1]))


HIGH_CARD = HighCard()
"""The game; ``register_game(HIGH_CARD)`` makes it known by its id."""


def main() -> None:
    """Register the game, check it with the kit, play a table of bots and replay its log."""
    from aves_core import Table, replay
    from aves_core.bots import RandomBot
    from aves_core.kernel.log import dump_log
    from aves_core.testing import check_game

    register_game(HIGH_CARD)
    report = check_game(HIGH_CARD, games=50)
    print(f"conformance kit: {report.games} games, {report.states} states, "
          f"{report.tried} moves tried: every property holds")
    table = Table(HIGH_CARD, ["ann", "bo"], seed=7)
    table.replace_with_bot(0, RandomBot())
    table.replace_with_bot(1, RandomBot())
    print(dump_log(table.log, "jsonl"), end="")
    outcome = replay(dump_log(table.log, "jsonl"))
    print(f"replayed: valid={outcome.valid}, {outcome.moves} moves, {outcome.result}")


if __name__ == "__main__":
    main()
