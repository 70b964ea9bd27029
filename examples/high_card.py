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
from collections.abc import Iterable
from typing import Any, TypeAlias

import attrs

from aves_core.author import (
    GAME_OVER,
    NOT_YOUR_TURN,
    Chance,
    Game,
    GameFacts,
    PhaseMachine,
    Result,
    SetupError,
    move,
    register_game,
)

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
), initial=Phase.PLAYER_TURN, final=(Phase.GAME_END,),
    actions={Phase.PLAYER_TURN: ("keep", "swap")})


# --- values: moves, events, options, setup, state, view --------------------------------
# A move is declared by its text: the template gives str(), the strict reader and the JSON.


@move("{player}:keep", words="keep the card")
class Keep:
    """``player`` keeps their card. Every move names its seat in ``player``."""

    player: int


@move("{player}:swap", words="swap for the deck's top card")
class Swap:
    """``player`` swaps their card for the deck's top card."""

    player: int


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

    @property
    def phase(self) -> Phase:
        """The phase the game rests in."""
        return Phase.GAME_END if self.result is not None else Phase.PLAYER_TURN


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

    @property
    def phase(self) -> Phase:
        """The phase the game rests in."""
        return Phase.GAME_END if self.result is not None else Phase.PLAYER_TURN


MOVES = 4
"""A game's length: two turns each."""

# --- the game ---------------------------------------------------------------------------


class HighCard(Game[State, Move, View, Event, Options, Setup]):
    """High card for the kernel: its facts, its door and its rules."""

    facts = GameFacts(id="high-card", name="High card", version=1, min_players=2, max_players=2,
                      hidden_information=True, chance=Chance.SETUP,
                      reasons=("higher_card",),
                      summary="keep or swap a hidden card; the higher card wins",
                      setup_codes=("bad_deal", "bad_first_player"))
    phases = PHASES
    refusals = (GAME_OVER, NOT_YOUR_TURN)
    """The door: each code a bad move can get, in the order the rules check them."""

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

    def transition(self, state: State, move: Move, events: list[Event] | None) -> State:
        """A legal move: a swap draws the deck's top card; the fourth move ends the game.
        The door has judged the move; ``events`` (when a list) hears what happened."""
        hands = list(state.hands)
        deck = state.deck
        if isinstance(move, Swap):
            hands[move.player], deck = deck[0], deck[1:]
        if events is not None:
            events.append(Swapped(move.player, hands[move.player])
                          if isinstance(move, Swap) else Kept(move.player))
        played = state.played + 1
        if played < MOVES:
            return State((hands[0], hands[1]), deck, 1 - move.player, played)
        best = max(hands)
        result = Result(tuple(seat for seat in (0, 1) if hands[seat] == best), "higher_card")
        if events is not None:
            events.append(Ended(result))
        return State((hands[0], hands[1]), deck, None, played, result)

    def view(self, state: State, seat: int | None) -> View:
        """The seat's own card and nothing hidden: a view is built from what it may see."""
        hands = (state.hands[0] if seat == 0 else None, state.hands[1] if seat == 1 else None)
        return View(seat, hands, len(state.deck), state.active, state.played, state.result,
                    self.legal_moves(state) if seat == state.active else ())

    def events_for(self, events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
        """The card drawn on a swap is the swapper's alone."""
        return tuple(Swapped(event.seat, None)
                     if isinstance(event, Swapped) and event.seat != seat else event
                     for event in events)

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
