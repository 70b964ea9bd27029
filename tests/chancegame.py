"""Reshuffle: a tiny card game with chance during play, to test every layer with it.

Eight cards (1, 1, 2, 2, 3, 3, 4, 4) are shuffled; each of two seats holds two
hidden cards and the other four are the deck. In turn a seat ``play``s a card
from its hand face up onto the pile (its value adds to the seat's score), then
``draw``s the deck's top card, which only it sees, or ``pass``es while it
still holds a card. The first seat whose score reaches the target (10) wins.

When a seat draws from an empty deck, the game stops at a **chance node**
(phase ``reshuffle``): nobody is to move until whoever runs the game draws the
chance move ``*:reshuffle 3142`` (the pile shuffled into the new deck, top
first) with ``chance_move``; applying it makes the pile the deck and completes
the draw. The log records the chance move, so replay draws nothing. Its events
say that the pile was reshuffled and how many cards the deck holds, never in
what order.

``GAME`` (id ``toy-chance``) keeps every property of the conformance kit;
``LEAKY_RESHUFFLE`` tells everyone the new deck's order, and ``CARELESS_UNDO``
lets anybody take back anything (the Table must still never undo a chance move).
"""

from __future__ import annotations

import enum
import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, TypeAlias

import attrs
from cattrs.strategies import configure_tagged_union

from aves_core.kernel.chance import ChancePlan
from aves_core.kernel.convert import converter, snake_case
from aves_core.kernel.encoding import EncodingError
from aves_core.kernel.errors import ArgumentError, IllegalMoveError, NotationError, SetupError
from aves_core.kernel.game import Chance, Game, GameFacts, Result
from aves_core.kernel.phases import PhaseMachine
from aves_core.kernel.registry import register_game
from aves_core.kernel.search import SearchHooks
from aves_core.kernel.terminal import Paint

__all__ = ["CARDS", "CARELESS_UNDO", "GAME", "LEAKY_RESHUFFLE", "Draw", "Pass", "Phase", "Play",
           "Reshuffle", "Reshuffled", "State"]

CARDS = (1, 1, 2, 2, 3, 3, 4, 4)
HAND = 2


class Phase(enum.Enum):
    """Where a game stands; ``reshuffle`` is the chance node."""

    PLAY = "play"
    DRAW = "draw"
    RESHUFFLE = "reshuffle"
    GAME_END = "gameEnd"


class Trigger(enum.Enum):
    """What moves a game from phase to phase."""

    PLAYED = "played"
    REACHED = "reached"
    DREW = "drew"
    DECK_EMPTY = "deck_empty"
    RESHUFFLED = "reshuffled"


PHASES = PhaseMachine("Reshuffle", Phase, Trigger, (
    (Trigger.PLAYED, Phase.PLAY, Phase.DRAW),
    (Trigger.REACHED, Phase.PLAY, Phase.GAME_END),
    (Trigger.DREW, Phase.DRAW, Phase.PLAY),
    (Trigger.DECK_EMPTY, Phase.DRAW, Phase.RESHUFFLE),
    (Trigger.RESHUFFLED, Phase.RESHUFFLE, Phase.PLAY),
), initial=Phase.PLAY, final=(Phase.GAME_END,), actions={
    Phase.PLAY: ("play",), Phase.DRAW: ("draw", "pass"), Phase.RESHUFFLE: ("reshuffle",)})


# --- moves and events ------------------------------------------------------------------


@attrs.frozen
class Play:
    """``player`` plays ``card`` from its hand onto the pile."""

    player: int
    card: int

    def __str__(self) -> str:
        return f"{self.player}:play {self.card}"


@attrs.frozen
class Draw:
    """``player`` draws the deck's top card."""

    player: int

    def __str__(self) -> str:
        return f"{self.player}:draw"


@attrs.frozen
class Pass:
    """``player`` ends its turn without drawing."""

    player: int

    def __str__(self) -> str:
        return f"{self.player}:pass"


@attrs.frozen
class Reshuffle:
    """The chance move: the pile shuffled into the new deck, top first. No seat makes
    it, so it has no ``player``."""

    deck: tuple[int, ...]

    def __str__(self) -> str:
        return "*:reshuffle " + "".join(map(str, self.deck))


Move: TypeAlias = Play | Draw | Pass | Reshuffle


@attrs.frozen
class Played:
    """``seat`` played ``card`` face up."""

    seat: int
    card: int


@attrs.frozen
class Unplayed:
    """``seat`` took back its play of ``card`` (an undo)."""

    seat: int
    card: int


@attrs.frozen
class Drew:
    """``seat`` drew ``card`` (None for the seats that may not see it)."""

    seat: int
    card: int | None


@attrs.frozen
class Passed:
    """``seat`` passed."""

    seat: int


@attrs.frozen
class DeckEmpty:
    """``seat`` must draw but the deck is empty: the pile is to be reshuffled."""

    seat: int


@attrs.frozen
class Reshuffled:
    """The pile became the deck of ``size`` cards: in an order nobody is told."""

    size: int


@attrs.frozen
class Ended:
    """The game is over."""

    result: Result


Event: TypeAlias = Played | Unplayed | Drew | Passed | DeckEmpty | Reshuffled | Ended

configure_tagged_union(Move, converter, tag_generator=lambda cls: cls.__name__.lower(),
                       tag_name="type")
configure_tagged_union(Event, converter, tag_generator=snake_case, tag_name="type")


# --- options, setup, state, view --------------------------------------------------------


@attrs.frozen
class Options:
    """The score that wins."""

    target: int = 10


@attrs.frozen
class Setup:
    """Every random choice of the setup: the shuffled cards (seat 0's two, seat 1's
    two, then the deck top first) and the first player."""

    target: int
    deal: tuple[int, ...]
    first_player: int


@attrs.frozen
class State:
    """A game at one moment; hands and the pile are kept sorted (the pile was seen)."""

    hands: tuple[tuple[int, ...], tuple[int, ...]]
    deck: tuple[int, ...]
    pile: tuple[int, ...]
    scores: tuple[int, int]
    active: int
    phase: Phase
    target: int
    result: Result | None = None


@attrs.frozen
class View:
    """What a seat (None: a spectator) may know: its own hand, never the deck's order."""

    seat: int | None
    hand: tuple[int, ...]
    hand_sizes: tuple[int, int]
    deck_size: int
    pile: tuple[int, ...]
    scores: tuple[int, int]
    active: int
    """Whose turn it is (at a chance node too: the seat whose draw waits)."""
    to_move: tuple[int, ...]
    """The seat that may move now: none at a chance node or once over."""
    phase: str
    target: int
    result: Result | None
    legal_moves: tuple[Move, ...]


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    index = cards.index(card)
    return cards[:index] + cards[index + 1:]


def _with(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    return tuple(sorted((*cards, card)))


def _pair(seat: int, mine: Any, theirs: Any) -> tuple[Any, Any]:
    return (mine, theirs) if seat == 0 else (theirs, mine)


def _seat_moves(phase: Phase, seat: int, hand: tuple[int, ...]) -> tuple[Move, ...]:
    if phase is Phase.PLAY:
        return tuple(Play(seat, card) for card in sorted(set(hand)))
    if phase is Phase.DRAW:
        return (Draw(seat), Pass(seat)) if hand else (Draw(seat),)
    return ()


class ReshufflePlan(ChancePlan[Move]):
    """The new deck drawn card by card: each node's outcome is the next card's value,
    as likely as its copies left in the pile."""

    max_outcomes = 5  # card values 1 to 4 (0 is never drawn)

    def __init__(self, pile: tuple[int, ...]) -> None:
        self.pile = Counter(pile)
        self.size = len(pile)

    def length(self) -> int:
        """One node a card."""
        return self.size

    def outcomes(self, drawn: tuple[int, ...]) -> list[tuple[int, float]]:
        """The values left, as likely as their copies left."""
        left = self.pile - Counter(drawn)
        total = self.size - len(drawn)
        return [(card, count / total) for card, count in sorted(left.items())]

    def result(self, drawn: tuple[int, ...]) -> Move:
        """The deck in the drawn order."""
        return Reshuffle(tuple(drawn))

    def text(self, drawn: tuple[int, ...], outcome: int) -> str:
        """``deck card 2: 3``."""
        return f"deck card {len(drawn) + 1}: {outcome}"


# --- the game ----------------------------------------------------------------------------


class ReshuffleGame(Game[State, Move, View, Event, Options, Setup]):
    """Reshuffle for the kernel (see the module's docstring)."""

    facts = GameFacts(id="toy-chance", name="Reshuffle", version=1, min_players=2,
                      max_players=2, hidden_information=True, chance=Chance.PLAY,
                      reasons=("target",),
                      summary="play cards to reach the target; the pile is reshuffled "
                              "when the deck runs out",
                      setup_codes=("bad_deal", "bad_first_player", "bad_target"))
    phases = PHASES
    move_type = Move
    event_type = Event
    options_type = Options
    setup_type = Setup
    state_type = State
    view_type = View
    undo_rule = "only a seat's own play, before it draws or passes"

    # setup

    def default_options(self) -> Options:
        """Target 10."""
        return Options()

    def _shuffled(self, rng: random.Random) -> tuple[tuple[int, ...], int]:
        deal = list(CARDS)
        rng.shuffle(deal)
        return tuple(deal), rng.randrange(2)

    def new_setup(self, num_players: int, options: Options, seed: int | None, *,
                  first_player: int | None = None) -> Setup:
        """The cards shuffled, then the first player drawn, from ``seed``."""
        self.check_players(num_players)
        deal, drawn = self._shuffled(random.SystemRandom() if seed is None
                                     else random.Random(seed))
        return Setup(options.target, deal, drawn if first_player is None else first_player)

    def start(self, num_players: int, setup: Setup) -> State:
        """The dealt game (``SetupError`` naming the bad field)."""
        self.check_players(num_players)
        if sorted(setup.deal) != list(CARDS):
            raise SetupError("the deal is the cards 1, 1, 2, 2, 3, 3, 4, 4", code="bad_deal",
                             path="deal")
        if setup.first_player not in (0, 1):
            raise SetupError("the first player is 0 or 1", code="bad_first_player",
                             path="first_player")
        if not 1 <= setup.target <= 40:
            raise SetupError("the target is 1 to 40", code="bad_target", path="target")
        deal = setup.deal
        hands = (tuple(sorted(deal[:HAND])), tuple(sorted(deal[HAND:2 * HAND])))
        return State(hands, deal[2 * HAND:], (), (0, 0), setup.first_player, Phase.PLAY,
                     setup.target)

    def options_of(self, setup: Setup) -> Options:
        """The target."""
        return Options(setup.target)

    # chance

    def awaits_chance(self, state: State) -> bool:
        """Whether the pile waits to be reshuffled."""
        return state.phase is Phase.RESHUFFLE

    def chance_move(self, state: State, rng: random.Random) -> Reshuffle:
        """The pile shuffled by ``rng``."""
        if state.phase is not Phase.RESHUFFLE:
            raise ArgumentError("no reshuffle is due")
        deck = list(state.pile)
        rng.shuffle(deck)
        return Reshuffle(tuple(deck))

    def chance_generator(self, num_players: int, options: Options, seed: int | None
                         ) -> random.Random:
        """The setup's generator, continued after the deal (as Cubirds does)."""
        if seed is None:
            return random.SystemRandom()
        rng = random.Random(seed)
        self._shuffled(rng)
        return rng

    def chance_plan(self, state: State) -> ChancePlan[Move]:
        """The new deck card by card."""
        return ReshufflePlan(state.pile)

    # play

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """The active seat's moves; none at a chance node or once over."""
        if state.result is not None:
            return ()
        return _seat_moves(state.phase, state.active, state.hands[state.active])

    def apply(self, state: State, move: Move) -> State:
        """The checked door: a stable code for each way a move can be wrong."""
        if not isinstance(move, Play | Draw | Pass | Reshuffle):
            raise ArgumentError(f"a Reshuffle move is Play, Draw, Pass or Reshuffle, not "
                                f"{type(move).__name__}")
        if state.result is not None:
            raise IllegalMoveError(f"{move}: the game is over", code="game_over", move=move)
        if isinstance(move, Reshuffle):
            if state.phase is not Phase.RESHUFFLE:
                raise IllegalMoveError(f"{move}: no reshuffle is due", code="no_chance",
                                       move=move, phase=state.phase)
            if tuple(sorted(move.deck)) != state.pile:
                raise IllegalMoveError(f"{move}: the new deck must be the pile "
                                       f"{''.join(map(str, state.pile))}, reshuffled",
                                       code="bad_reshuffle", move=move, phase=state.phase)
            return self.step(state, move)
        if state.phase is Phase.RESHUFFLE:
            raise IllegalMoveError(f"{move}: the pile is being reshuffled; nobody moves now",
                                   code="awaits_chance", move=move, phase=state.phase)
        if move.player != state.active:
            raise IllegalMoveError(f"{move}: it is seat {state.active}'s turn",
                                   code="not_your_turn", move=move, phase=state.phase)
        if move not in _seat_moves(state.phase, state.active, state.hands[state.active]):
            code = ("not_in_hand" if isinstance(move, Play) and state.phase is Phase.PLAY
                    else "must_draw" if isinstance(move, Pass) and state.phase is Phase.DRAW
                    else "wrong_phase")
            raise IllegalMoveError(f"{move}: not now ({code})", code=code, move=move,
                                   phase=state.phase)
        return self.step(state, move)

    def step(self, state: State, move: Move) -> State:
        """``apply`` without the checks."""
        seat = state.active
        if isinstance(move, Play):
            hands = list(state.hands)
            hands[seat] = _without(hands[seat], move.card)
            scores = list(state.scores)
            scores[seat] += move.card
            won = scores[seat] >= state.target
            return State((hands[0], hands[1]), state.deck, _with(state.pile, move.card),
                         (scores[0], scores[1]), seat,
                         Phase.GAME_END if won else Phase.DRAW, state.target,
                         Result((seat,), "target") if won else None)
        if isinstance(move, Pass):
            return attrs.evolve(state, active=1 - seat, phase=Phase.PLAY)
        deck, pile = state.deck, state.pile
        if isinstance(move, Reshuffle):
            deck, pile = move.deck, ()
        elif not deck:
            return attrs.evolve(state, phase=Phase.RESHUFFLE)
        hands = list(state.hands)
        hands[seat] = _with(hands[seat], deck[0])
        return State((hands[0], hands[1]), deck[1:], pile, state.scores, 1 - seat,
                     Phase.PLAY, state.target)

    def apply_with_events(self, state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
        """``apply``, and what happened, unredacted."""
        after = self.apply(state, move)
        seat = state.active
        events: list[Event] = []
        if isinstance(move, Play):
            events.append(Played(seat, move.card))
        elif isinstance(move, Pass):
            events.append(Passed(seat))
        elif after.phase is Phase.RESHUFFLE:
            events.append(DeckEmpty(seat))
        else:
            if isinstance(move, Reshuffle):
                events.append(Reshuffled(len(move.deck)))
            drawn = (move.deck if isinstance(move, Reshuffle) else state.deck)[0]
            events.append(Drew(seat, drawn))
        if after.result is not None:
            events.append(Ended(after.result))
        return after, tuple(events)

    def result(self, state: State) -> Result | None:
        """How the game ended, or None."""
        return state.result

    def to_move(self, state: State) -> tuple[int, ...]:
        """The active seat; nobody at a chance node or once over."""
        if state.result is not None or state.phase is Phase.RESHUFFLE:
            return ()
        return (state.active,)

    def phase_name(self, state: State) -> str:
        """The phase's name."""
        return state.phase.value

    # what a seat may know

    def view(self, state: State, seat: int | None) -> View:
        """The seat's own hand, the hand sizes, the pile, the deck's size."""
        return View(seat, () if seat is None else state.hands[seat],
                    (len(state.hands[0]), len(state.hands[1])), len(state.deck), state.pile,
                    state.scores, state.active, self.to_move(state), state.phase.value,
                    state.target, state.result,
                    self.legal_moves(state) if seat == state.active else ())

    def events_for(self, events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
        """A drawn card is its drawer's alone."""
        return tuple(Drew(event.seat, None)
                     if isinstance(event, Drew) and event.seat != seat else event
                     for event in events)

    def update_view(self, view: View, events: Iterable[Event]) -> View:
        """The view after the seat's events."""
        hand, sizes, deck_size = view.hand, list(view.hand_sizes), view.deck_size
        pile, scores, active, phase = view.pile, list(view.scores), view.active, view.phase
        result = view.result
        for event in events:
            if isinstance(event, Played | Unplayed):
                sign = 1 if isinstance(event, Played) else -1
                if event.seat == view.seat:
                    hand = _without(hand, event.card) if sign > 0 else _with(hand, event.card)
                sizes[event.seat] -= sign
                pile = _with(pile, event.card) if sign > 0 else _without(pile, event.card)
                scores[event.seat] += sign * event.card
                phase = Phase.DRAW.value if sign > 0 else Phase.PLAY.value
            elif isinstance(event, Drew):
                if event.card is not None:
                    hand = _with(hand, event.card)
                sizes[event.seat] += 1
                deck_size -= 1
                active, phase = 1 - event.seat, Phase.PLAY.value
            elif isinstance(event, Passed):
                active, phase = 1 - event.seat, Phase.PLAY.value
            elif isinstance(event, DeckEmpty):
                phase = Phase.RESHUFFLE.value
            elif isinstance(event, Reshuffled):
                deck_size, pile = event.size, ()
            else:
                phase, result = Phase.GAME_END.value, event.result
        to_move = () if result is not None or phase == Phase.RESHUFFLE.value else (active,)
        legal = (_seat_moves(Phase(phase), active, hand)
                 if to_move and view.seat == active else ())
        return View(view.seat, hand, (sizes[0], sizes[1]), deck_size, pile,
                    (scores[0], scores[1]), active, to_move, phase, view.target, result, legal)

    def indistinguishable(self, state: State, seat: int | None, rng: random.Random) -> State:
        """The other hands and the deck redrawn from the cards the seat does not see."""
        hidden = list(state.deck)
        for owner in (0, 1):
            if owner != seat:
                hidden += state.hands[owner]
        rng.shuffle(hidden)
        hands = list(state.hands)
        for owner in (0, 1):
            if owner != seat:
                size = len(hands[owner])
                hands[owner] = tuple(sorted(hidden[:size]))
                hidden = hidden[size:]
        return attrs.evolve(state, hands=(hands[0], hands[1]), deck=tuple(hidden))

    # undo

    def undo(self, before: State, move: Move, events: Sequence[Event], after: State,
             seat: int) -> tuple[Event, ...] | None:
        """A seat may take back its own play while it has not drawn or passed."""
        if isinstance(move, Play) and move.player == seat and after.phase is Phase.DRAW:
            return (Unplayed(seat, move.card),)
        return None

    # text

    def parse_move(self, text: str) -> Move:
        """``0:play 3``, ``1:draw``, ``0:pass`` or ``*:reshuffle 3142``."""
        if not isinstance(text, str):
            raise ArgumentError(f"a move's text is a str, not {type(text).__name__}")
        found = re.fullmatch(r"([01]):(?:play ([1-4])|(draw)|(pass))|\*:reshuffle ([1-4]+)",
                             text)
        if found is None:
            raise NotationError(f"{text!r} is not a move: write SEAT:play CARD, SEAT:draw, "
                                "SEAT:pass or *:reshuffle CARDS")
        if found[5] is not None:
            return Reshuffle(tuple(int(card) for card in found[5]))
        seat = int(found[1])
        if found[2] is not None:
            return Play(seat, int(found[2]))
        return Draw(seat) if found[3] else Pass(seat)

    # bots, encoding, terminal

    def search_hooks(self) -> SearchHooks[State, Move, View]:
        """A state drawn from the seat's view, random playouts, chance settled."""
        return SearchHooks(
            knowledge=lambda view, events: view,
            sample=_sample,
            legal_moves=self.legal_moves,
            is_legal=lambda state, move: move in self.legal_moves(state),
            step=self.step,
            mover=lambda state: None if state.phase in (Phase.RESHUFFLE, Phase.GAME_END)
            else state.active,
            result=self.result,
            num_players=lambda state: 2,
            playout_move=lambda state, rng: rng.choice(self.legal_moves(state)),
            cutoff=_cutoff,
            chance=self._settle,
        )

    def _settle(self, state: State, rng: random.Random) -> State:
        while state.phase is Phase.RESHUFFLE:
            state = self.step(state, self.chance_move(state, rng))
        return state

    def encoding(self, num_players: int) -> ReshuffleEncoding:
        """Six actions, seventeen observation values."""
        self.check_players(num_players)
        return ReshuffleEncoding()

    def screen(self) -> ReshuffleScreen:
        """The table as text for ``aves play``."""
        return ReshuffleScreen()


def _sample(view: View, rng: random.Random) -> State:
    seat = view.seat if view.seat is not None else 0
    unseen = list((Counter(CARDS) - Counter(view.hand) - Counter(view.pile)).elements())
    rng.shuffle(unseen)
    other = 1 - seat
    theirs = tuple(sorted(unseen[:view.hand_sizes[other]]))
    hands = _pair(seat, view.hand, theirs)
    return State(hands, tuple(unseen[view.hand_sizes[other]:]), view.pile, view.scores,
                 view.active, Phase(view.phase), view.target, view.result)


def _cutoff(state: State) -> Result:
    best = max(state.scores)
    return Result(tuple(seat for seat in (0, 1) if state.scores[seat] == best), "target")


class ReshuffleEncoding:
    """Actions: play card c is c - 1, draw 4, pass 5. Observation (17): my hand's
    counts of 1-4, the pile's counts, the deck's size /8, my score and theirs /10, the
    phase one-hot (play, draw, reshuffle, gameEnd), my turn, their hand's size /2."""

    num_actions = 6
    observation_size = 17

    def action_index(self, move: Move) -> int:
        """The move's index (a chance move has none)."""
        if isinstance(move, Play):
            return move.card - 1
        if isinstance(move, Draw):
            return 4
        if isinstance(move, Pass):
            return 5
        raise EncodingError(f"{move} is no seat's move")

    def move_of(self, index: int, view: View) -> Move:
        """The legal move with this index."""
        for move in view.legal_moves:
            if self.action_index(move) == index:
                return move
        raise EncodingError(f"action {index} is not legal here")

    def observe(self, view: View, out: Any) -> None:
        """The seat's observation, from its view."""
        seat = view.seat if view.seat is not None else 0
        for card in view.hand:
            out[card - 1] += 1
        for card in view.pile:
            out[4 + card - 1] += 1
        out[8] = view.deck_size / 8
        out[9], out[10] = view.scores[seat] / 10, view.scores[1 - seat] / 10
        out[11 + [phase.value for phase in Phase].index(view.phase)] = 1
        out[15] = float(view.seat == view.active and bool(view.legal_moves))
        out[16] = view.hand_sizes[1 - seat] / 2

    def describe(self) -> list[tuple[str, str]]:
        """The layout."""
        return [("action 0-3", "play card 1-4"), ("action 4", "draw"), ("action 5", "pass"),
                ("obs 0-3", "my hand"), ("obs 4-7", "the pile"), ("obs 8", "deck size /8"),
                ("obs 9-10", "scores /10"), ("obs 11-14", "phase"), ("obs 15", "my turn"),
                ("obs 16", "their hand size /2")]


class ReshuffleScreen:
    """Reshuffle in a terminal."""

    help = "a number, play N, draw or pass"

    def table(self, view: View, names: Sequence[str], paint: Paint) -> list[str]:
        """Scores, pile, deck and the player's hand."""
        scores = ", ".join(f"{name} {score}" for name, score in zip(names, view.scores,
                                                                   strict=True))
        return [f"scores: {scores} (target {view.target}); pile: "
                f"{' '.join(map(str, view.pile)) or '-'}; deck: {view.deck_size} cards",
                f"your hand: {' '.join(map(str, view.hand)) or '-'}"]

    def moves(self, view: View, paint: Paint) -> list[str]:
        """The legal moves, numbered."""
        return [f"  {number}. {move}" for number, move in enumerate(view.legal_moves, 1)]

    def event(self, event: Event, names: Sequence[str], seat: int, paint: Paint) -> str:
        """One event in words."""
        if isinstance(event, Reshuffled):
            return f"the pile is reshuffled into a new deck of {event.size} cards"
        if isinstance(event, Drew):
            what = "a card" if event.card is None else str(event.card)
            return f"{names[event.seat]} draws {what}"
        if isinstance(event, Played):
            return f"{names[event.seat]} plays {event.card}"
        if isinstance(event, Ended):
            return f"{names[event.result.winners[0]]} wins"
        return ""

    def read_move(self, text: str, view: View) -> Move | str | None:
        """``play 3``, ``draw``, ``pass``."""
        seat = view.seat if view.seat is not None else 0
        found = re.fullmatch(r"play ([1-4])|(draw)|(pass)", text)
        if found is None:
            return None
        move: Move = (Play(seat, int(found[1])) if found[1] else Draw(seat) if found[2]
                      else Pass(seat))
        return move if move in view.legal_moves else f"{move} is not legal now"


class LeakyReshuffle(ReshuffleGame):
    """Tells everyone the new deck's order (its events carry the chance move)."""

    facts = attrs.evolve(ReshuffleGame.facts, id="toy-chance-leaky")

    def encoding(self, num_players: int) -> None:  # type: ignore[override]
        return None  # kept out of the AI adapters, which serve every game with one

    def apply_with_events(self, state: State, move: Move) -> tuple[State, tuple[Any, ...]]:
        after, events = super().apply_with_events(state, move)
        if isinstance(move, Reshuffle):
            return after, (*events, move)
        return after, events

    def update_view(self, view: View, events: Iterable[Any]) -> View:
        return super().update_view(view, [event for event in events
                                          if not isinstance(event, Reshuffle)])

    def event_to_json(self, event: Any) -> dict[str, Any]:
        if isinstance(event, Reshuffle):
            return {"type": "deck", "deck": list(event.deck)}
        return super().event_to_json(event)

    def event_from_json(self, data: Any) -> Any:
        if type(data) is dict and data.get("type") == "deck":
            return Reshuffle(tuple(data["deck"]))
        return super().event_from_json(data)


class CarelessUndo(ReshuffleGame):
    """Lets any seat take back any move, chance moves too: a policy the Table must not
    follow past a chance move."""

    facts = attrs.evolve(ReshuffleGame.facts, id="toy-chance-careless")

    def encoding(self, num_players: int) -> None:  # type: ignore[override]
        return None  # kept out of the AI adapters, which serve every game with one

    def undo(self, before: State, move: Move, events: Sequence[Event], after: State,
             seat: int) -> tuple[Event, ...] | None:
        return ()


GAME = register_game(ReshuffleGame())
LEAKY_RESHUFFLE = register_game(LeakyReshuffle())
CARELESS_UNDO = register_game(CarelessUndo())
