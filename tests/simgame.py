"""Sealed: a tiny game of simultaneous sealed bids, to test every layer with them.

Two to four seats start with ``coins`` coins each (4 by default). The game has three
rounds. In each, the caller (seat ``(first + round) mod N``) first ``call``s the
round's prize, 1 or 2 points (``0:call 2``); then every seat ``bid``s at once
(``1:bid 3``, 0 up to its coins), in any order. A bid is hidden from the other seats
until the last bid comes in: they learn only that the seat has bid, and in which
order. Then all bids are revealed together: the one highest bid, if no other seat
bid as much, wins the prize and pays its coins; a tie at the top wins nothing and
nobody pays. After the third round the most points win (equal points share).

The caller may take back its call while nobody has bid. A bid is final.

``GAME`` (id ``toy-sealed``) keeps every property of the conformance kit;
``LEAKY_BIDS`` tells everyone each bid as it comes in.
"""

from __future__ import annotations

import enum
import random
import re
from collections.abc import Iterable, Sequence
from typing import Any, TypeAlias

import attrs
from cattrs.strategies import configure_tagged_union

from aves_core.kernel.convert import converter, snake_case
from aves_core.kernel.encoding import EncodingError
from aves_core.kernel.errors import ArgumentError, IllegalMoveError, NotationError, SetupError
from aves_core.kernel.game import Chance, Game, GameFacts, Result
from aves_core.kernel.phases import PhaseMachine
from aves_core.kernel.registry import register_game
from aves_core.kernel.search import SearchHooks
from aves_core.kernel.terminal import Paint

__all__ = ["GAME", "LEAKY_BIDS", "Bid", "Call", "Committed", "Revealed", "State", "View"]

ROUNDS = 3
MAX_COINS = 9


class Phase(enum.Enum):
    """Where a game stands; in ``bid`` several seats may move."""

    CALL = "call"
    BID = "bid"
    GAME_END = "gameEnd"


class Trigger(enum.Enum):
    """What moves a game from phase to phase."""

    CALLED = "called"
    UNCALLED = "uncalled"
    REVEALED = "revealed"
    LAST_REVEALED = "last_revealed"


PHASES = PhaseMachine("Sealed", Phase, Trigger, (
    (Trigger.CALLED, Phase.CALL, Phase.BID),
    (Trigger.UNCALLED, Phase.BID, Phase.CALL),
    (Trigger.REVEALED, Phase.BID, Phase.CALL),
    (Trigger.LAST_REVEALED, Phase.BID, Phase.GAME_END),
), initial=Phase.CALL, final=(Phase.GAME_END,), actions={
    Phase.CALL: ("call",), Phase.BID: ("bid",)})


# --- moves and events ------------------------------------------------------------------


@attrs.frozen
class Call:
    """``player``, the caller, sets the round's prize."""

    player: int
    prize: int

    def __str__(self) -> str:
        return f"{self.player}:call {self.prize}"


@attrs.frozen
class Bid:
    """``player`` bids ``amount`` coins, sealed."""

    player: int
    amount: int

    def __str__(self) -> str:
        return f"{self.player}:bid {self.amount}"


Move: TypeAlias = Call | Bid


@attrs.frozen
class Called:
    """``seat`` called a prize of ``prize`` points."""

    seat: int
    prize: int


@attrs.frozen
class Uncalled:
    """``seat`` took back its call (an undo)."""

    seat: int


@attrs.frozen
class Committed:
    """``seat`` bid: ``amount`` for itself, None for everyone else."""

    seat: int
    amount: int | None


@attrs.frozen
class Revealed:
    """Every bid of the round at once, and the seat that won the prize (None: a tie)."""

    bids: tuple[int, ...]
    winner: int | None


@attrs.frozen
class Ended:
    """The game is over."""

    result: Result


Event: TypeAlias = Called | Uncalled | Committed | Revealed | Ended

configure_tagged_union(Move, converter, tag_generator=lambda cls: cls.__name__.lower(),
                       tag_name="type")
configure_tagged_union(Event, converter, tag_generator=snake_case, tag_name="type")


# --- options, setup, state, view --------------------------------------------------------


@attrs.frozen
class Options:
    """Each seat's coins at the start."""

    coins: int = 4


@attrs.frozen
class Setup:
    """The coins and the first caller (drawn from the seed)."""

    coins: int
    first_caller: int


@attrs.frozen
class State:
    """A game at one moment. ``bids[s]`` is seat s's sealed bid this round (None: not
    yet); ``order`` the seats in the order their bids came."""

    coins: tuple[int, ...]
    points: tuple[int, ...]
    round: int
    first_caller: int
    phase: Phase
    prize: int = 0
    bids: tuple[int | None, ...] = ()
    order: tuple[int, ...] = ()
    last_bids: tuple[int, ...] | None = None
    last_winner: int | None = None
    result: Result | None = None

    @property
    def caller(self) -> int:
        """The seat that calls this round's prize."""
        return (self.first_caller + self.round) % len(self.coins)


@attrs.frozen
class View:
    """What a seat (None: a spectator) may know: everything but the others' sealed
    bids, of which it knows only who has bid."""

    seat: int | None
    phase: str
    to_move: tuple[int, ...]
    coins: tuple[int, ...]
    points: tuple[int, ...]
    round: int
    caller: int
    prize: int
    committed: tuple[int, ...]
    """The seats that have bid this round, in the order they bid."""
    my_bid: int | None
    last_bids: tuple[int, ...] | None
    last_winner: int | None
    result: Result | None
    legal_moves: tuple[Move, ...]


def _seat_moves(state: State, seat: int) -> tuple[Move, ...]:
    if state.result is not None:
        return ()
    if state.phase is Phase.CALL:
        return (Call(seat, 1), Call(seat, 2)) if seat == state.caller else ()
    if state.bids[seat] is not None:
        return ()
    return tuple(Bid(seat, amount) for amount in range(state.coins[seat] + 1))


def _to_move(state: State) -> tuple[int, ...]:
    if state.result is not None:
        return ()
    if state.phase is Phase.CALL:
        return (state.caller,)
    return tuple(seat for seat, bid in enumerate(state.bids) if bid is None)


def _winners(points: Sequence[int]) -> tuple[int, ...]:
    best = max(points)
    return tuple(seat for seat, value in enumerate(points) if value == best)


# --- the game ----------------------------------------------------------------------------


class SealedGame(Game[State, Move, View, Event, Options, Setup]):
    """Sealed for the kernel (see the module's docstring)."""

    facts = GameFacts(id="toy-sealed", name="Sealed", version=1, min_players=2,
                      max_players=4, hidden_information=True, chance=Chance.SETUP,
                      reasons=("most_points",), simultaneous_moves=True,
                      summary="call a prize, then everyone bids for it at once, sealed",
                      setup_codes=("bad_coins", "bad_first_caller"))
    phases = PHASES
    move_type = Move
    event_type = Event
    options_type = Options
    setup_type = Setup
    state_type = State
    view_type = View
    undo_rule = "only the caller's call, while nobody has bid"

    # setup

    def default_options(self) -> Options:
        """Four coins."""
        return Options()

    def new_setup(self, num_players: int, options: Options, seed: int | None, *,
                  first_player: int | None = None) -> Setup:
        """The first caller drawn from ``seed``."""
        self.check_players(num_players)
        rng = random.SystemRandom() if seed is None else random.Random(seed)
        drawn = rng.randrange(num_players)
        return Setup(options.coins, drawn if first_player is None else first_player)

    def start(self, num_players: int, setup: Setup) -> State:
        """The game before the first call (``SetupError`` naming the bad field)."""
        self.check_players(num_players)
        if not 0 <= setup.coins <= MAX_COINS:
            raise SetupError(f"coins are 0 to {MAX_COINS}", code="bad_coins", path="coins")
        if not 0 <= setup.first_caller < num_players:
            raise SetupError("the first caller is a seat", code="bad_first_caller",
                             path="first_caller")
        return State((setup.coins,) * num_players, (0,) * num_players, 0,
                     setup.first_caller, Phase.CALL)

    def options_of(self, setup: Setup) -> Options:
        """The coins."""
        return Options(setup.coins)

    # play

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """The moves of every seat that may move now, seat by seat."""
        return tuple(move for seat in _to_move(state) for move in _seat_moves(state, seat))

    def mover(self, move: Move) -> int | None:
        """The seat that makes ``move``."""
        return move.player

    def apply(self, state: State, move: Move) -> State:
        """The checked door: a stable code for each way a move can be wrong."""
        if not isinstance(move, Call | Bid):
            raise ArgumentError(f"a Sealed move is Call or Bid, not {type(move).__name__}")
        if state.result is not None:
            raise IllegalMoveError(f"{move}: the game is over", code="game_over", move=move)
        if not 0 <= move.player < len(state.coins) or move.player not in _to_move(state):
            raise IllegalMoveError(f"{move}: seat {move.player} may not move now",
                                   code="not_your_turn", move=move, phase=state.phase)
        if move not in _seat_moves(state, move.player):
            code = ("wrong_phase" if isinstance(move, Call) != (state.phase is Phase.CALL)
                    else "bad_amount")
            raise IllegalMoveError(f"{move}: not now ({code})", code=code, move=move,
                                   phase=state.phase)
        return self.step(state, move)

    def step(self, state: State, move: Move) -> State:
        """``apply`` without the checks; the reveal comes with the last bid."""
        if isinstance(move, Call):
            return attrs.evolve(state, phase=Phase.BID, prize=move.prize,
                                bids=(None,) * len(state.coins), order=())
        bids = list(state.bids)
        bids[move.player] = move.amount
        order = (*state.order, move.player)
        if any(bid is None for bid in bids):
            return attrs.evolve(state, bids=tuple(bids), order=order)
        return _reveal(state, tuple(bid for bid in bids if bid is not None))

    def apply_with_events(self, state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
        """``apply``, and what happened, unredacted."""
        after = self.apply(state, move)
        if isinstance(move, Call):
            return after, (Called(move.player, move.prize),)
        events: list[Event] = [Committed(move.player, move.amount)]
        if after.phase is not Phase.BID:
            assert after.last_bids is not None
            events.append(Revealed(after.last_bids, after.last_winner))
        if after.result is not None:
            events.append(Ended(after.result))
        return after, tuple(events)

    def result(self, state: State) -> Result | None:
        """How the game ended, or None."""
        return state.result

    def to_move(self, state: State) -> tuple[int, ...]:
        """The caller; while bidding, every seat that has not bid yet."""
        return _to_move(state)

    def phase_name(self, state: State) -> str:
        """The phase's name."""
        return state.phase.value

    # what a seat may know

    def view(self, state: State, seat: int | None) -> View:
        """Everything but the others' sealed bids."""
        mine = (state.bids[seat] if seat is not None and state.phase is Phase.BID
                else None)
        return View(seat, state.phase.value, _to_move(state), state.coins, state.points,
                    state.round, state.caller, state.prize,
                    state.order if state.phase is Phase.BID else (), mine, state.last_bids,
                    state.last_winner, state.result,
                    () if seat is None else _seat_moves(state, seat))

    def events_for(self, events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
        """A sealed bid is its bidder's alone until the reveal."""
        return tuple(Committed(event.seat, None)
                     if isinstance(event, Committed) and event.seat != seat else event
                     for event in events)

    def update_view(self, view: View, events: Iterable[Event]) -> View:
        """The view after the seat's events."""
        state = _known(view)
        for event in events:
            if isinstance(event, Called):
                state = self.step(state, Call(event.seat, event.prize))
            elif isinstance(event, Uncalled):
                state = attrs.evolve(state, phase=Phase.CALL, prize=0, bids=(), order=())
            elif isinstance(event, Committed):
                # Another seat's bid is unknown: 0 stands in, and the reveal replaces it.
                bids = list(state.bids)
                bids[event.seat] = 0 if event.amount is None else event.amount
                state = attrs.evolve(state, bids=tuple(bids),
                                     order=(*state.order, event.seat))
            elif isinstance(event, Revealed):
                before = attrs.evolve(state, bids=event.bids, order=())
                state = _reveal(before, event.bids)
        view_seat = view.seat
        known = self.view(state, view_seat)
        mine = view.my_bid
        if view_seat is not None and state.phase is Phase.BID:
            mine = state.bids[view_seat]
        return attrs.evolve(known, my_bid=mine if state.phase is Phase.BID else None)

    def indistinguishable(self, state: State, seat: int | None, rng: random.Random) -> State:
        """The other seats' sealed bids redrawn among the bids they could have made."""
        if state.phase is not Phase.BID:
            return state
        bids = tuple(bid if bid is None or other == seat
                     else rng.randrange(state.coins[other] + 1)
                     for other, bid in enumerate(state.bids))
        return attrs.evolve(state, bids=bids)

    # undo

    def undo(self, before: State, move: Move, events: Sequence[Event], after: State,
             seat: int) -> tuple[Event, ...] | None:
        """The caller may take back its call while nobody has bid."""
        if isinstance(move, Call) and move.player == seat and not after.order:
            return (Uncalled(seat),)
        return None

    # text

    def parse_move(self, text: str) -> Move:
        """``0:call 2`` or ``1:bid 3``."""
        if not isinstance(text, str):
            raise ArgumentError(f"a move's text is a str, not {type(text).__name__}")
        found = re.fullmatch(r"([0-3]):(?:call ([12])|bid ([0-9]))", text)
        if found is None:
            raise NotationError(f"{text!r} is not a move: write SEAT:call 1|2 or "
                                "SEAT:bid COINS")
        seat = int(found[1])
        return Call(seat, int(found[2])) if found[2] else Bid(seat, int(found[3]))

    # bots, encoding, terminal

    def search_hooks(self) -> SearchHooks[State, Move, View]:
        """The other seats' bids sampled from what the seat knows; random playouts."""
        return SearchHooks(
            knowledge=lambda view, events: view,
            sample=_sample,
            legal_moves=self.legal_moves,
            is_legal=lambda state, move: move in self.legal_moves(state),
            step=self.step,
            mover=lambda state: (_to_move(state) or (None,))[0],
            result=self.result,
            num_players=lambda state: len(state.coins),
            playout_move=lambda state, rng: rng.choice(self.legal_moves(state)),
            cutoff=lambda state: Result(_winners(state.points), "most_points"),
        )

    def encoding(self, num_players: int) -> SealedEncoding:
        """Twelve actions, seventeen observation values."""
        self.check_players(num_players)
        return SealedEncoding()

    def screen(self) -> SealedScreen:
        """The table as text for ``aves play``."""
        return SealedScreen()


def _reveal(state: State, bids: tuple[int, ...]) -> State:
    """The round's end: the one highest bid wins the prize and pays."""
    best = max(bids)
    winner = bids.index(best) if bids.count(best) == 1 else None
    coins, points = list(state.coins), list(state.points)
    if winner is not None:
        coins[winner] -= best
        points[winner] += state.prize
    last_round = state.round + 1 == ROUNDS
    return State(tuple(coins), tuple(points), state.round + (not last_round),
                 state.first_caller, Phase.GAME_END if last_round else Phase.CALL,
                 last_bids=bids, last_winner=winner,
                 result=Result(_winners(points), "most_points") if last_round else None)


def _known(view: View) -> State:
    """A state holding what the view shows (others' bids as 0)."""
    num = len(view.coins)
    first = (view.caller - view.round) % num
    bids: tuple[int | None, ...] = ()
    if view.phase == Phase.BID.value:
        bids = tuple((view.my_bid if seat == view.seat else 0) if seat in view.committed
                     else None for seat in range(num))
    return State(view.coins, view.points, view.round, first, Phase(view.phase), view.prize,
                 bids, view.committed if view.phase == Phase.BID.value else (),
                 view.last_bids, view.last_winner, view.result)


def _sample(view: View, rng: random.Random) -> State:
    """A state the seat cannot tell from the true one: others' bids drawn at random."""
    state = _known(view)
    if state.phase is not Phase.BID:
        return state
    return attrs.evolve(state, bids=tuple(
        bid if bid is None or seat == view.seat else rng.randrange(state.coins[seat] + 1)
        for seat, bid in enumerate(state.bids)))


class SealedEncoding:
    """Actions: call 1 is 0, call 2 is 1, bid b is 2 + b. Observation (17): my coins /9,
    the seats' points /6 counting from me (4), phase one-hot (call, bid, gameEnd), the
    prize /2, whether I may move, which seats have bid, counting from me (4), my bid /9,
    the round /3."""

    num_actions = 2 + MAX_COINS + 1
    observation_size = 17

    def action_index(self, move: Move) -> int:
        """The move's index."""
        if isinstance(move, Call):
            return move.prize - 1
        if isinstance(move, Bid):
            return 2 + move.amount
        raise EncodingError(f"{move!r} is no Sealed move")

    def move_of(self, index: int, view: View) -> Move:
        """The legal move with this index."""
        for move in view.legal_moves:
            if self.action_index(move) == index:
                return move
        raise EncodingError(f"action {index} is not legal here")

    def observe(self, view: View, out: Any) -> None:
        """The seat's observation, from its view."""
        seat = view.seat if view.seat is not None else 0
        num = len(view.coins)
        out[0] = view.coins[seat] / MAX_COINS
        for offset in range(num):
            out[1 + offset] = view.points[(seat + offset) % num] / 6
        out[5 + [phase.value for phase in Phase].index(view.phase)] = 1
        out[8] = view.prize / 2
        out[9] = float(bool(view.legal_moves))
        for other in view.committed:
            out[10 + (other - seat) % num] = 1
        out[14] = (view.my_bid or 0) / MAX_COINS
        out[15] = view.round / ROUNDS
        out[16] = float(view.my_bid is not None)

    def describe(self) -> list[tuple[str, str]]:
        """The layout."""
        return [("action 0-1", "call 1 or 2"), ("action 2-11", "bid 0-9"),
                ("obs 0", "my coins /9"), ("obs 1-4", "points from me /6"),
                ("obs 5-7", "phase"), ("obs 8", "prize /2"), ("obs 9", "my move"),
                ("obs 10-13", "who has bid, from me"), ("obs 14", "my bid /9"),
                ("obs 15", "round /3"), ("obs 16", "I have bid")]


class SealedScreen:
    """Sealed in a terminal."""

    help = "a number, call N or bid N"

    def table(self, view: View, names: Sequence[str], paint: Paint) -> list[str]:
        """Coins, points, the prize and who has bid."""
        seats = ", ".join(f"{name} {coins} coins {points} pt" for name, coins, points
                          in zip(names, view.coins, view.points, strict=True))
        lines = [f"round {view.round + 1} of {ROUNDS}: {seats}"]
        if view.phase == Phase.BID.value:
            bid = ", ".join(names[seat] for seat in view.committed) or "nobody"
            lines.append(f"prize {view.prize}; has bid: {bid}"
                         + ("" if view.my_bid is None else f"; your bid: {view.my_bid}"))
        return lines

    def moves(self, view: View, paint: Paint) -> list[str]:
        """The legal moves, numbered."""
        return [f"  {number}. {move}" for number, move in enumerate(view.legal_moves, 1)]

    def event(self, event: Event, names: Sequence[str], seat: int, paint: Paint) -> str:
        """One event in words."""
        if isinstance(event, Called):
            return f"{names[event.seat]} calls a prize of {event.prize}"
        if isinstance(event, Committed):
            what = "" if event.amount is None else f" {event.amount}"
            return f"{names[event.seat]} bids{what}"
        if isinstance(event, Revealed):
            bids = ", ".join(f"{name} {bid}" for name, bid in zip(names, event.bids,
                                                                 strict=True))
            won = "nobody" if event.winner is None else names[event.winner]
            return f"bids revealed: {bids}; {won} wins the prize"
        return ""

    def read_move(self, text: str, view: View) -> Move | str | None:
        """``call 2`` or ``bid 3``."""
        seat = view.seat if view.seat is not None else 0
        found = re.fullmatch(r"call ([12])|bid ([0-9])", text)
        if found is None:
            return None
        move: Move = Call(seat, int(found[1])) if found[1] else Bid(seat, int(found[2]))
        return move if move in view.legal_moves else f"{move} is not legal now"


class LeakyBids(SealedGame):
    """Tells everyone each sealed bid as it comes in."""

    facts = attrs.evolve(SealedGame.facts, id="toy-sealed-leaky")

    def encoding(self, num_players: int) -> None:  # type: ignore[override]
        return None  # kept out of the AI adapters, which serve every game with one

    def events_for(self, events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
        return tuple(events)

    def update_view(self, view: View, events: Iterable[Event]) -> View:
        return super().update_view(view, super().events_for(events, view.seat))


GAME = register_game(SealedGame())
LEAKY_BIDS = register_game(LeakyBids())
