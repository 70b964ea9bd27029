"""Bots: legal, honest, seeded; GreedyBot's documented heuristics; SearchBot's budgets;
``make_bot``; and the fast paths the search relies on (``playout_move``, ``unchecked_step``,
``is_legal``).

Honesty is checked from outside: a spy wrapped around each bot in ``play_game`` records
what it is given (only ever a ``PlayerView`` and that seat's redacted events, equal to
``view_for`` and ``events_for`` on the true game), and SearchBot chooses the same move for
two true states that differ only in cards its seat cannot see.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import Playout, games, moves_for, playouts, seeds

from aves_core import (
    AvesError,
    Card,
    GameState,
    Move,
    Pass,
    Phase,
    Return,
    Trade,
    Variant,
    apply_move,
    game_cards,
    legal_moves,
    states,
)
from aves_core.bots import Bot, RandomBot
from aves_core.bots.search import SearchBot
from aves_core.games.aves.bots.greedy import GreedyBot, hand_value, playout_move
from aves_core.games.aves.bots.knowledge import Knowledge, determinize
from aves_core.games.aves.cards import CROW
from aves_core.games.aves.events import EVENT_TYPES, Event, apply_move_with_events, events_for
from aves_core.games.aves.rules import is_legal, unchecked_step
from aves_core.games.aves.sim import BOT_NAMES, make_bot, play_game
from aves_core.games.aves.views import PlayerView, view_for
from aves_core.kernel.errors import ArgumentError

SEARCH_ITERATIONS = 30
"""A small iteration budget: enough to exercise the tree, cheap enough for many positions."""

VARIANTS = (Variant(), Variant(crows=True), Variant(showdown=True),
            Variant(crows=True, showdown=True))


def fresh_bot(name: str) -> Bot:
    """A new bot of each kind under test (search with a small budget)."""
    if name == "search":
        return SearchBot(SEARCH_ITERATIONS)
    return make_bot(name)


BOTS = ("random", "greedy", "search")


# --- situations from random games --------------------------------------------------


def history(playout: Playout, index: int) -> list[Event]:
    """The unredacted events of the first ``index`` moves of ``playout``."""
    found: list[Event] = []
    for before, move in zip(playout.states[:index], playout.moves[:index], strict=True):
        _after, events = apply_move_with_events(before, move)
        found.extend(events)
    return found


@st.composite
def positions(draw: st.DrawFn) -> tuple[GameState, list[Event]]:
    """A state where some seat is to move, with the game's events so far; often a forced
    return, or a seat holding crows, when the game has one."""
    playout = draw(playouts())
    moving = range(len(playout.moves)) if playout.moves else range(1)
    kinds = {
        "any": list(moving),
        "forcedReturn": [i for i in moving if playout.states[i].phase is Phase.FORCED_RETURN],
        "crow": [i for i in moving if any(card.is_crow for card in playout.states[i].hands[
            playout.states[i].active_player or 0])],
    }
    kind = draw(st.sampled_from(sorted(kinds)))
    index = draw(st.sampled_from(kinds[kind] or kinds["any"]))
    state = playout.states[index]
    assert state.result is None
    return state, history(playout, index)


@pytest.mark.parametrize("name", BOTS)
@given(position=positions(), seed=seeds())
def test_every_bot_returns_a_legal_move(
    name: str, position: tuple[GameState, list[Event]], seed: int
) -> None:
    state, events = position
    seat = state.active_player
    assert seat is not None
    view = view_for(state, seat)
    move = fresh_bot(name).choose(view, events_for(events, seat), random.Random(seed))
    assert move in view.legal_moves
    assert move in legal_moves(state)


# --- a spy in play_game --------------------------------------------------------------


class Spy:
    """Wraps a bot and records every call: what it was given and what it answered."""

    uses_events = True  # so that play_game hands it events, whatever the inner bot reads

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.calls: list[tuple[PlayerView, tuple[Event, ...], Move]] = []

    def choose(self, view: PlayerView, events: Sequence[Event], rng: random.Random) -> Move:
        assert type(view) is PlayerView
        assert all(isinstance(event, EVENT_TYPES) for event in events)
        given_events = tuple(events)  # play_game extends its list later: copy it now
        move: Move = self.bot.choose(view, events, rng)
        self.calls.append((view, given_events, move))
        return move


def spied_game(names: Sequence[str], variant: Variant, seed: int,
               max_moves: int = 400) -> tuple[list[Spy], list[GameState], list[Move]]:
    """One play_game with every seat spied on; the true states and moves from its log."""
    spies = [Spy(fresh_bot(name)) for name in names]
    _record, log = play_game(spies, list(names), variant, seed, max_moves)
    return spies, list(states(log)), list(log.moves)


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
@pytest.mark.parametrize("seed", [1, 2])
def test_bots_see_only_their_own_view_and_redacted_events(variant: Variant, seed: int) -> None:
    names = ("search", "greedy", "random", "greedy")[: 2 + seed]
    spies, true_states, moves = spied_game(names, variant, seed)
    calls = {id(spy): iter(spy.calls) for spy in spies}
    events: list[Event] = []
    for state, move in zip(true_states, moves, strict=False):
        seat = state.active_player
        assert seat is not None
        view, given_events, chosen = next(calls[id(spies[seat])])
        assert view_for(state, seat) == view
        assert events_for(events, seat) == given_events
        assert move == chosen
        if not variant.showdown:
            assert all(hand is None for other, hand in enumerate(view.hands) if other != seat)
        events.extend(apply_move_with_events(state, move)[1])
    for spy in spies:
        assert next(calls[id(spy)], None) is None  # no call the log does not account for
    # Watching changes nothing: the same bots unwrapped (most of which read no events, so
    # play_game may skip making them) play the same game.
    _record, log = play_game([fresh_bot(name) for name in names], list(names), variant, seed,
                             400)
    assert moves == list(log.moves)


@pytest.mark.parametrize("name", ["greedy", "search"])
def test_greedy_and_search_play_whole_games_with_crows_and_forced_returns(name: str) -> None:
    """Whole 3-player games with crows, every seat the bot under test: every answer is a
    legal move (play_game raises otherwise), and forced returns and crows in hand occur."""
    phases: set[Phase] = set()
    crow_turns = 0
    for seed in range(4):
        spies, _states, _moves = spied_game([name] * 3, Variant(crows=True), seed)
        for spy in spies:
            for view, _events, move in spy.calls:
                assert move in view.legal_moves
                phases.add(view.phase)
                hand = view.hand
                assert hand is not None
                crow_turns += any(card.is_crow for card in hand)
    assert Phase.FORCED_RETURN in phases
    assert crow_turns > 0


def test_search_chooses_the_same_whatever_the_hidden_cards() -> None:
    """Two true states that differ only in the cards seat 0 cannot see (the opponents'
    unknown cards and the deck) give the same view; with the same events and seed, SearchBot
    picks the same move in both."""
    for seed in range(50):
        _spies, true_states, moves = spied_game(["random"] * 3, Variant(crows=True), seed, 12)
        state = true_states[-1]
        if state.result is not None or state.active_player is None:
            continue
        seat = state.active_player
        events = [event for before, move in zip(true_states, moves, strict=False)
                  for event in apply_move_with_events(before, move)[1]]
        seen = events_for(events, seat)
        knowledge = Knowledge.from_events(view_for(state, seat), seen)
        rng = random.Random(seed)
        other = next((sample for sample in (determinize(knowledge, rng) for _ in range(20))
                      if sample != state), None)
        if other is None or len(view_for(state, seat).legal_moves) < 2:
            continue
        assert state.hands != other.hands or state.deck != other.deck
        assert view_for(state, seat) == view_for(other, seat)
        first = SearchBot(SEARCH_ITERATIONS).choose(view_for(state, seat), seen,
                                                    random.Random(5))
        second = SearchBot(SEARCH_ITERATIONS).choose(view_for(other, seat), seen,
                                                     random.Random(5))
        assert first == second
        return
    pytest.fail("no suitable position found")


@pytest.mark.parametrize("names", [("random", "random"), ("greedy", "random", "greedy"),
                                   ("search", "greedy", "random", "search")])
@pytest.mark.parametrize("variant", [Variant(), Variant(crows=True)], ids=str)
def test_the_same_seed_plays_the_same_game(names: tuple[str, ...], variant: Variant) -> None:
    first = play_game([fresh_bot(name) for name in names], names, variant, 17, 300)
    second = play_game([fresh_bot(name) for name in names], names, variant, 17, 300)
    assert first == second
    assert first[1].moves == second[1].moves


def test_a_search_bot_reused_for_the_same_question_gives_the_same_answer() -> None:
    spies, _states, _moves = spied_game(["random"] * 3, Variant(), 8, 10)
    bot = SearchBot(SEARCH_ITERATIONS)
    asked = 0
    for spy in spies:
        for view, events, _move in spy.calls:
            if len(view.legal_moves) > 1:
                answers = {bot.choose(view, events, random.Random(3)) for _ in range(3)}
                assert 1 == len(answers)
                asked += 1
    assert asked > 0


# --- GreedyBot's heuristics in hand-built positions ------------------------------------


def cards(text: str) -> list[Card]:
    return [Card.parse(code) for code in text.split()]


def position(
    hand: str,
    circle: str,
    *,
    players: int = 2,
    variant: Variant = Variant(),
    phase: Phase = Phase.PLAYER_TURN,
) -> GameState:
    """A state where seat 0 holds ``hand`` and is to move; the other seats hold three of
    the remaining cards each and the deck the rest (every card of the game is somewhere)."""
    mine, ring = cards(hand), cards(circle)
    rest = list(game_cards(players, variant.crows))
    for card in mine + ring:
        rest.remove(card)
    rest = [card for card in rest if not card.is_crow] + [card for card in rest if card.is_crow]
    hands = [tuple(sorted(mine))]
    for _ in range(1, players):
        hands.append(tuple(sorted(rest[:3])))
        rest = rest[3:]
    assert rest, "the deck must not be empty"
    return GameState(variant, phase, 0, tuple(hands), tuple(ring), tuple(rest))


def greedy_choices(state: GameState, tries: int = 20) -> set[Move]:
    """Every move GreedyBot picks over several seeds (it breaks ties at random)."""
    view = view_for(state, 0)
    return {GreedyBot().choose(view, (), random.Random(seed)) for seed in range(tries)}


def is_match(state: GameState, move: Move) -> bool:
    if not isinstance(move, Trade):
        return False
    circle = state.circle
    left, right = circle[move.gap], circle[(move.gap + 1) % len(circle)]
    return abs(left.number - right.number) == move.card.number


def test_greedy_takes_a_match_that_brings_a_new_colour_over_a_miss() -> None:
    # R1 matches between G1 and B2 (gap 0) and between V2 and G1 (gap 3); nothing else does.
    state = position("R1 O2 Y3", "G1 B2 I2 V2")
    assert {Trade(0, Card.parse("R1"), 0), Trade(0, Card.parse("R1"), 3)} >= greedy_choices(state)
    for move in greedy_choices(state):
        assert is_match(state, move)
        after = apply_move(state, move)
        assert len({c.color for c in after.hands[0]}) > len({c.color for c in state.hands[0]})


def test_greedy_prefers_the_match_bringing_colours_to_one_bringing_none() -> None:
    # Any card of the hand (all 1s) matches at gap 0, taking R2 and R3 (red is held), or at
    # gap 2, taking G3 and B2 (both new).
    state = position("R1 O1 Y1", "R2 R3 G3 B2 I2")
    choices = greedy_choices(state)
    assert choices
    assert all(isinstance(move, Trade) and 2 == move.gap for move in choices)


def test_greedy_places_a_card_of_a_doubled_colour_on_a_miss() -> None:
    # Every gap joins two 2s: no fruit card matches, every move is a miss.
    state = position("R1 R3 O2", "G2 B2 I2")
    assert not any(is_match(state, move) for move in legal_moves(state))
    choices = greedy_choices(state)
    assert choices
    assert all(isinstance(move, Trade) and move.card.color == Card.parse("R1").color
               for move in choices)


def test_greedy_sheds_a_crow_by_a_crow_match() -> None:
    # The crow fits gap 0 (G2 and B2); R1 matches too, at gaps 1 and 2, bringing two
    # colours, but a crow kept costs more.
    state = position("R1 C0", "G2 B2 I3", variant=Variant(crows=True))
    assert {Trade(0, CROW, 0)} == greedy_choices(state)


def test_greedy_never_takes_a_crow_when_another_match_exists() -> None:
    # C0 stands in the circle: R2 at gap 0 takes C0 and B2 (|0 - 2| = 2), Y3 at gap 3 takes
    # V3 and C0; only O1 at gap 1 (B2 and I3) takes no crow. A crow taken costs 20.
    state = position("R2 O1 Y3", "C0 B2 I3 V3", variant=Variant(crows=True))
    assert {Trade(0, Card.parse("O1"), 1)} == greedy_choices(state)


RETURNS = [
    # (hand of eight, the colours a return may give up, the highest card among them)
    ("R1 R2 R3 O1 O2 Y1 G1 B1", "RO", "R3"),
    ("R1 O2 O3 Y1 G1 B1 I1 V1", "O", "O3"),
    ("R1 O1 Y1 G3 B1 I1 V2 C0", "ROYGBIV", "G3"),  # no colour doubled: any fruit card
]


def forced_return(hand: str) -> GameState:
    return position(hand, "R4 O4 Y4", players=3, variant=Variant(crows="C0" in hand),
                    phase=Phase.FORCED_RETURN)


@pytest.mark.parametrize(("hand", "colours", "highest"), RETURNS)
def test_greedy_returns_a_card_of_a_doubled_colour(hand: str, colours: str, highest: str) -> None:
    choices = greedy_choices(forced_return(hand))
    assert choices
    for move in choices:
        assert isinstance(move, Return)
        assert str(move.card)[0] in colours


@pytest.mark.parametrize(("hand", "colours", "highest"), RETURNS)
def test_greedy_returns_the_highest_card_it_may_return(
    hand: str, colours: str, highest: str
) -> None:
    """greedy.py documents "the one of highest number (high numbers match fewer gaps for it
    later)", but ``score_move`` scores a return ``hand_value(rest) - 0.01 * number``, so the
    best score goes to the *lowest* number: it returns R1 or O1, not R3, in the first hand."""
    choices = greedy_choices(forced_return(hand))
    assert {Card.parse(highest)} == {move.card for move in choices if isinstance(move, Return)}


def test_greedy_takes_a_winning_match() -> None:
    # R1 between I1 and V2 completes the seven colours.
    state = position("R1 R2 O1 Y1 G1 B1", "I1 V2 O3 Y3", players=3)
    for move in greedy_choices(state):
        result = apply_move(state, move).result
        assert result is not None
        assert "seven_colors" == result.reason


def test_hand_value_follows_its_documentation() -> None:
    assert 0 == hand_value(())
    assert 10 + 1 == hand_value(cards("R1"))
    assert 2 * 10 + 3 == hand_value(cards("R1 R2 O1"))
    assert 10 + 1 - 20 == hand_value(cards("R1 C0"))
    assert 1000 == hand_value(cards("R1 O1 Y1 G1 B1 I1 V1"))
    assert 1000 > hand_value(cards("R1 O1 Y1 G1 B1 I1 V1 C0"))


# --- SearchBot's budgets -------------------------------------------------------------


def a_position_with_choices() -> tuple[PlayerView, tuple[Event, ...]]:
    spies, _states, _moves = spied_game(["random"] * 3, Variant(), 4, 6)
    for spy in spies:
        for view, events, _move in spy.calls:
            if len(view.legal_moves) > 1:
                return view, events
    raise AssertionError("no position with a choice")


def test_search_with_a_time_budget_returns_in_time_and_counts_its_iterations() -> None:
    view, events = a_position_with_choices()
    bot = SearchBot(10**9, seconds=0.05)
    start = time.perf_counter()
    move = bot.choose(view, events, random.Random(1))
    elapsed = time.perf_counter() - start
    assert move in view.legal_moves
    assert elapsed < 1.0  # a generous bound: the budget is 0.05 s
    assert bot.last_iterations > 0
    assert "search0.05s" == bot.name


def test_search_with_an_iteration_budget_runs_exactly_that_many() -> None:
    view, events = a_position_with_choices()
    bot = SearchBot(25)
    assert bot.choose(view, events, random.Random(1)) in view.legal_moves
    assert 25 == bot.last_iterations
    assert "search25" == bot.name


def test_search_answers_a_forced_choice_at_once() -> None:
    # Only crows in hand, and one gap of equal numbers: one legal move.
    state = position("C0 C0", "G2 B2 I3", variant=Variant(crows=True))
    view = view_for(state, 0)
    assert 1 == len(view.legal_moves)
    assert view.legal_moves[0] == SearchBot(5).choose(view, (), random.Random(0))


@pytest.mark.parametrize(
    "budget",
    [
        {"iterations": 0},
        {"iterations": -3},
        {"iterations": 2.5},
        {"iterations": True},
        {"iterations": "30"},
        {"seconds": 0},
        {"seconds": -0.1},
        {"seconds": float("nan")},
    ],
    ids=repr,
)
def test_search_rejects_bad_budgets(budget: dict[str, object]) -> None:
    with pytest.raises(ArgumentError):
        SearchBot(**budget)  # type: ignore[arg-type]


def test_search_rejects_an_endless_time_budget() -> None:
    """``seconds=inf`` passes the "must be positive" check today, and the search then never
    returns (its deadline is never reached): ``make_bot("search:infms")`` hangs a run."""
    with pytest.raises(ArgumentError):
        SearchBot(10**9, seconds=float("inf"))


def test_search_rejects_a_time_budget_that_is_not_a_number() -> None:
    """``seconds="0.05"`` raises a bare TypeError from a comparison today, not the
    ArgumentError that ``iterations="30"`` gets."""
    with pytest.raises(ArgumentError):
        SearchBot(30, seconds="0.05")  # type: ignore[arg-type]


# --- make_bot ------------------------------------------------------------------------


def test_make_bot_knows_its_bots() -> None:
    assert ("random", "greedy", "search") == BOT_NAMES
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("greedy"), GreedyBot)
    default = make_bot("search")
    assert isinstance(default, SearchBot)
    assert (SearchBot().iterations, None) == (default.iterations, default.seconds)
    counted = make_bot("search:800")
    assert isinstance(counted, SearchBot)
    assert (800, None) == (counted.iterations, counted.seconds)
    timed = make_bot("search:40ms")
    assert isinstance(timed, SearchBot)
    assert timed.seconds == pytest.approx(0.04)
    for name in ("random", "greedy", "search", "search:800", "search:40ms"):
        assert isinstance(make_bot(name), Bot)


@pytest.mark.parametrize(
    "spec",
    ["", "minimax", "Random", "greedy ", "search:abc", "search:0", "search:-5",
     "search:1.5", "search:ms", "search:-5ms", "search:0ms", "search:fastms",
     "search:", "random:", "greedy:"],
)
def test_make_bot_rejects_unknown_bots_and_bad_arguments(spec: str) -> None:
    with pytest.raises(AvesError):
        make_bot(spec)


def test_make_bot_rejects_an_endless_time_budget() -> None:
    """``search:infms`` gives a bot that never returns (see the SearchBot test above)."""
    with pytest.raises(AvesError):
        make_bot("search:infms")


# --- the fast paths the search relies on ---------------------------------------------


@given(state=games(), seed=seeds())
def test_playout_move_is_always_legal(state: GameState, seed: int) -> None:
    if state.result is not None:
        return
    rng = random.Random(seed)
    legal = legal_moves(state)
    for _ in range(5):
        move = playout_move(state, rng)
        assert move in legal
        assert is_legal(state, move)


@given(state=games())
def test_unchecked_step_equals_apply_move_for_every_legal_move(state: GameState) -> None:
    for move in legal_moves(state):
        assert apply_move(state, move) == unchecked_step(state, move)


@given(state=games(), data=st.data())
def test_is_legal_agrees_with_legal_moves(state: GameState, data: st.DataObject) -> None:
    legal = set(legal_moves(state))
    for _ in range(10):
        move = data.draw(moves_for(state))
        assert (move in legal) == is_legal(state, move)
    player = state.active_player
    if player is not None:
        assert is_legal(state, Pass(player)) == (Pass(player) in legal)
