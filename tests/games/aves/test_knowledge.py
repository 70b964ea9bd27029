"""Knowledge and determinize: what one seat knows of a game, and full states drawn from it.

Over random games (2 to 6 players, every variant, uniform and match-preferring play, and
games with undos through ``Table``), the knowledge of every seat is checked against the
true state (RULES.md, "What each player may know"): a known card really is in its hand,
the unseen cards are exactly the other hands' unknown cards and the deck, and every
determinized state looks the same as the true one from that seat. A fixed situation checks
that ``determinize`` deals the unseen cards uniformly, and bad inputs raise an AvesError.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import (
    Playout,
    check_conservation,
    choose,
    player_counts,
    playouts,
    seeds,
    variants,
)

from aves_core import (
    ArgumentError,
    AvesError,
    Card,
    GameState,
    Move,
    Phase,
    Trade,
    Variant,
    legal_moves,
    new_game,
)
from aves_core.games.aves.bots.knowledge import Knowledge, determinize
from aves_core.games.aves.cards import game_cards
from aves_core.games.aves.events import (
    CardDrawn,
    CardPlaced,
    CardsTaken,
    Event,
    Passed,
    TradeUndone,
    apply_move_with_events,
    events_for,
)
from aves_core.games.aves.table import AvesTable as Table
from aves_core.games.aves.views import view_for

SAMPLES_PER_SITUATION = 3
"""How many determinized states each random situation checks."""


# --- helpers -----------------------------------------------------------------------


def game_events(playout: Playout) -> list[tuple[Event, ...]]:
    """The unredacted events of each move of ``playout`` (the host's record)."""
    found: list[tuple[Event, ...]] = []
    for before, move, after in playout.steps():
        state, events = apply_move_with_events(before, move)
        assert after == state
        found.append(events)
    return found


def events_until(per_move: Sequence[tuple[Event, ...]], index: int) -> list[Event]:
    """Every event of the first ``index`` moves, in order."""
    return [event for events in per_move[:index] for event in events]


def match_first(rng: random.Random, state: GameState, bias: float) -> Move:
    """A legal move: with probability ``bias`` a matching trade when there is one (a
    cheaper ``strategies.choose`` for the long games of the undo property)."""
    legal = legal_moves(state)
    if state.phase is Phase.PLAYER_TURN and rng.random() < bias:
        circle = state.circle
        k = len(circle)
        matches = [move for move in legal if isinstance(move, Trade)
                   and abs(circle[move.gap].number - circle[(move.gap + 1) % k].number)
                   == move.card.number]
        if matches:
            return rng.choice(matches)
    return rng.choice(legal)


def knowledge_of(state: GameState, events: Sequence[Event], seat: int) -> Knowledge:
    """What ``seat`` knows of ``state`` after seeing ``events`` as events_for redacts them."""
    return Knowledge.from_events(view_for(state, seat), events_for(events, seat))


def is_sub_multiset(part: Sequence[Card], whole: Sequence[Card]) -> bool:
    return not Counter(part) - Counter(whole)


def check_knowledge(state: GameState, knowledge: Knowledge, seat: int) -> None:
    """The knowledge of ``seat`` fits the true ``state``."""
    assert seat == knowledge.seat
    assert view_for(state, seat) == knowledge.view
    assert state.num_players == len(knowledge.known)
    assert state.hands[seat] == knowledge.known[seat]
    unknown: Counter[Card] = Counter(state.deck)
    for owner, hand in enumerate(state.hands):
        known = knowledge.known[owner]
        assert is_sub_multiset(known, hand), (owner, known, hand)
        assert len(hand) - len(known) == knowledge.unknown_slots(owner)
        unknown += Counter(hand) - Counter(known)
    # The true arrangement is one of the possible ones: the unseen cards fill exactly the
    # other hands' unknown slots and the deck.
    assert unknown == Counter(knowledge.unseen)
    assert tuple(sorted(knowledge.unseen)) == knowledge.unseen  # canonical order
    if state.variant.showdown:
        assert state.hands == knowledge.known
        assert tuple(sorted(state.deck)) == knowledge.unseen


def check_sample(state: GameState, knowledge: Knowledge, sample: GameState) -> None:
    """A determinized state looks like ``state`` from the seat and keeps the known cards."""
    seat = knowledge.seat
    assert view_for(state, seat) == view_for(sample, seat)
    assert state.hands[seat] == sample.hands[seat]
    assert state.circle == sample.circle
    assert len(state.deck) == len(sample.deck)
    for owner, hand in enumerate(sample.hands):
        assert is_sub_multiset(knowledge.known[owner], hand)
        assert tuple(sorted(hand)) == hand  # hands stay canonical
    check_conservation(sample)
    hidden: Counter[Card] = Counter(sample.deck)
    for owner, hand in enumerate(sample.hands):
        hidden += Counter(hand) - Counter(knowledge.known[owner])
    assert Counter(knowledge.unseen) == hidden


@st.composite
def situations(draw: st.DrawFn) -> tuple[Playout, int]:
    """A random game and a moment of it (an index into its states)."""
    playout = draw(playouts())
    index = draw(st.integers(min_value=0, max_value=len(playout.moves)))
    return playout, index


# --- properties over random games --------------------------------------------------


@given(situations(), seeds())
def test_every_seat_knows_only_true_cards_and_the_rest_is_unseen(
    situation: tuple[Playout, int], sample_seed: int
) -> None:
    playout, index = situation
    per_move = game_events(playout)
    events = events_until(per_move, index)
    state = playout.states[index]
    rng = random.Random(sample_seed)
    for seat in range(state.num_players):
        knowledge = knowledge_of(state, events, seat)
        check_knowledge(state, knowledge, seat)
        for _ in range(SAMPLES_PER_SITUATION):
            check_sample(state, knowledge, determinize(knowledge, rng))


@given(playouts(), seeds())
def test_knowledge_holds_after_every_move_of_a_game(playout: Playout, sample_seed: int) -> None:
    """The same checks after every move of one game, for the seat that just moved and the
    next one (the seats whose knowledge changes most)."""
    per_move = game_events(playout)
    rng = random.Random(sample_seed)
    for index in range(0, len(playout.states), 3):
        state = playout.states[index]
        events = events_until(per_move, index)
        seats = {state.active_player or 0, (index + sample_seed) % state.num_players}
        for seat in seats:
            knowledge = knowledge_of(state, events, seat)
            check_knowledge(state, knowledge, seat)
            check_sample(state, knowledge, determinize(knowledge, rng))


@given(playouts(variant=st.builds(Variant, crows=st.booleans(), showdown=st.just(True))))
def test_under_showdown_only_the_deck_is_unseen(playout: Playout) -> None:
    per_move = game_events(playout)
    events = events_until(per_move, len(playout.moves))
    state = playout.final
    for seat in range(state.num_players):
        knowledge = knowledge_of(state, events, seat)
        assert state.hands == knowledge.known
        assert tuple(sorted(state.deck)) == knowledge.unseen
        assert all(knowledge.unknown_slots(owner) == 0 for owner in range(state.num_players))
        sample = determinize(knowledge, random.Random(0))
        assert state.hands == sample.hands
        assert Counter(state.deck) == Counter(sample.deck)


@given(player_counts(), variants(), seeds(), seeds())
def test_knowledge_follows_undone_matches(
    num_players: int, variant: Variant, seed: int, policy_seed: int
) -> None:
    """Games on a ``Table`` where every match into eight cards is taken back once (the
    TradeUndone event) and then replayed: the knowledge stays true for every seat."""
    table = Table([f"p{seat}" for seat in range(num_players)], variant, seed=seed)
    rng = random.Random(policy_seed)
    since_undo = 99
    for step in range(100):
        state = table.state
        if state.result is not None:
            break
        seat = state.active_player
        assert seat is not None
        if table.can_undo(seat) and rng.random() < 0.7:
            table.undo(seat)
            since_undo = 0
        else:
            table.play(match_first(rng, state, 0.9))
            since_undo += 1
        if since_undo > 1 and step % 10:
            continue  # check right after each undo and the move after, and every tenth move
        observers = range(num_players) if step % 10 == 0 else {seat, (seat + 1) % num_players}
        for observer in observers:
            knowledge = Knowledge.from_events(table.view(observer),
                                              table.events_since(0, observer))
            check_knowledge(table.state, knowledge, observer)
            check_sample(table.state, knowledge, determinize(knowledge, rng))


def test_a_game_with_an_undo_is_among_those_checked() -> None:
    """The undo property above is not vacuous: a fixed seed takes back a match, and an
    opponent who saw it knows the placed card is back in the matcher's hand."""
    for seed in range(300):
        table = Table(["a", "b", "c"], seed=seed)
        rng = random.Random(seed)
        seat = table.state.active_player
        while seat is not None and not table.can_undo(seat):
            table.play(choose(rng, table.state, 1.0))
            seat = table.state.active_player
        if seat is None:
            continue
        events = table.undo(seat)
        undo = next(event for event in events[seat] if isinstance(event, TradeUndone))
        other = (seat + 1) % 3
        knowledge = Knowledge.from_events(table.view(other), table.events_since(0, other))
        check_knowledge(table.state, knowledge, other)
        assert undo.card in knowledge.known[seat]
        return
    pytest.fail("no seed in 0..299 reaches an undoable match")


# --- uniformity ------------------------------------------------------------------------


def _situation_with_partial_knowledge() -> tuple[GameState, list[Event], int]:
    """A fixed 3-player moment where seat 0 knows some, not all, of seat 1's cards."""
    for seed in range(1000):
        rng = random.Random(seed)
        state = new_game(3, seed=seed)
        events: list[Event] = []
        while state.result is None and len(events) < 200:
            move = choose(rng, state, 1.0)
            state, more = apply_move_with_events(state, move)
            events.extend(more)
            if state.phase is not Phase.PLAYER_TURN or state.active_player != 0:
                continue
            knowledge = knowledge_of(state, events, 0)
            crows = any(card.is_crow for card in knowledge.unseen)
            if knowledge.known[1] and knowledge.unknown_slots(1) >= 2 and not crows:
                return state, events, 0
    raise AssertionError("no such situation in 1000 seeds")


def test_determinize_deals_the_unseen_cards_uniformly() -> None:
    """Each unseen card lands in an opponent's unknown slots, and at the bottom of the deck
    (the next card drawn), with the frequency a uniform deal gives. The run is seeded and
    the bound is 5 standard deviations, so the test cannot flake."""
    state, events, seat = _situation_with_partial_knowledge()
    knowledge = knowledge_of(state, events, seat)
    unseen = knowledge.unseen
    total = len(unseen)
    assert total == len(set(unseen))  # no crows: every unseen card is distinct
    samples = 4000
    rng = random.Random(2024)
    in_hand: list[Counter[Card]] = [Counter() for _ in range(state.num_players)]
    at_bottom: Counter[Card] = Counter()
    for _ in range(samples):
        sample = determinize(knowledge, rng)
        for owner in range(state.num_players):
            if owner != seat:
                in_hand[owner].update(Counter(sample.hands[owner])
                                      - Counter(knowledge.known[owner]))
        at_bottom[sample.deck[-1]] += 1

    def within(count: int, probability: float) -> bool:
        mean = samples * probability
        sigma = math.sqrt(samples * probability * (1 - probability))
        return abs(count - mean) <= 5 * sigma

    for owner in range(state.num_players):
        if owner == seat:
            continue
        slots = knowledge.unknown_slots(owner)
        for card in unseen:
            assert within(in_hand[owner][card], slots / total), (owner, card, in_hand[owner])
        assert sum(in_hand[owner].values()) == samples * slots
    for card in unseen:
        assert within(at_bottom[card], 1 / total), (card, at_bottom)
    # Chi-square of the bottom card over the unseen cards (df = total - 1): a uniform deal
    # gives about total - 1; 5 sigma above is far beyond any seeded fluctuation.
    expected = samples / total
    chi2 = sum((at_bottom[card] - expected) ** 2 / expected for card in unseen)
    df = total - 1
    assert chi2 < df + 5 * math.sqrt(2 * df), chi2


def test_determinize_uses_its_rng_and_nothing_else() -> None:
    state, events, seat = _situation_with_partial_knowledge()
    knowledge = knowledge_of(state, events, seat)
    first = [determinize(knowledge, random.Random(7)) for _ in range(3)]
    assert all(sample == first[0] for sample in first)
    different = {determinize(knowledge, random.Random(seed)) for seed in range(20)}
    assert len(different) > 1


# --- bad inputs ----------------------------------------------------------------------


def _opening() -> tuple[GameState, list[Event]]:
    """A 3-player game after a few moves, and its events."""
    state = new_game(3, seed=11)
    rng = random.Random(3)
    events: list[Event] = []
    for _ in range(4):
        state, more = apply_move_with_events(state, choose(rng, state, 1.0))
        events.extend(more)
    assert state.result is None
    return state, events


def test_a_spectators_view_is_refused() -> None:
    state, events = _opening()
    with pytest.raises(ArgumentError):
        Knowledge.from_events(view_for(state, None), events_for(events, None))


def test_what_is_not_a_view_is_refused() -> None:
    state, events = _opening()
    with pytest.raises(ArgumentError):
        Knowledge.from_events(state, events)  # type: ignore[arg-type]


def test_determinize_refuses_what_is_not_knowledge() -> None:
    state, _events = _opening()
    with pytest.raises(ArgumentError):
        determinize(view_for(state, 0), random.Random(0))  # type: ignore[arg-type]


def test_events_that_put_a_card_in_two_places_are_refused() -> None:
    state, events = _opening()
    view = view_for(state, 0)
    mine = state.hands[0][0]
    in_circle = state.circle[0]
    for taken in ((mine, state.deck[0]), (in_circle, state.deck[0])):
        bad = [*events_for(events, 0), CardsTaken(1, taken, 0)]
        with pytest.raises(AvesError):
            Knowledge.from_events(view, bad)


def test_events_that_give_a_hand_more_cards_than_it_holds_are_refused() -> None:
    """Events saying an opponent took four cards of the deck, when its hand holds three,
    do not fit the view. Nothing refuses them today: ``from_events`` accepts them (seat 1
    gets -1 unknown slots) and ``determinize`` then returns a state whose hands do not
    match the view (seat 1 gets 17 cards, seat 2 none), instead of raising."""
    state = new_game(3, seed=1)
    view = view_for(state, 0)
    deck = state.deck
    bad = [CardsTaken(1, (deck[0], deck[1]), 0), CardsTaken(1, (deck[2], deck[3]), 0)]
    try:
        knowledge = Knowledge.from_events(view, bad)
        sample = determinize(knowledge, random.Random(0))
    except AvesError:
        return  # refused, as it should be
    pytest.fail(f"accepted: determinize gave hand sizes {[len(h) for h in sample.hands]} "
                f"for a view showing {list(view.hand_sizes)}")


def test_an_event_of_a_seat_outside_the_game_is_refused() -> None:
    """An event of seat 7 in a 3-player game raises IndexError today, not an AvesError."""
    state, events = _opening()
    bad = [*events_for(events, 0), CardsTaken(7, (state.deck[0], state.deck[1]), 0)]
    with pytest.raises(AvesError):
        Knowledge.from_events(view_for(state, 0), bad)


def test_what_is_not_an_event_is_refused() -> None:
    """``events_for`` and ``update_view`` refuse a non-event; ``from_events`` silently
    skips it today."""
    state, events = _opening()
    bad: list[object] = [*events_for(events, 0), "R3 taken"]
    with pytest.raises(AvesError):
        Knowledge.from_events(view_for(state, 0), bad)  # type: ignore[arg-type]


def test_redacted_draws_reveal_nothing() -> None:
    """A redacted draw and a card placed that was not known leave an opponent's
    known cards alone; a public draw (Showdown) is known."""
    state = new_game(2, seed=4)
    view = view_for(state, 0)
    bottom = state.deck[-1]
    quiet: list[Event] = [CardDrawn(1, None, False)]
    assert () == Knowledge.from_events(view, quiet).known[1]
    shown = Knowledge.from_events(view, [CardDrawn(1, bottom, True)])
    assert (bottom,) == shown.known[1]
    assert bottom not in shown.unseen
    placed = Knowledge.from_events(view, [CardDrawn(1, bottom, True),
                                         CardPlaced(1, state.hands[1][0], 0)])
    assert (bottom,) == placed.known[1]


def test_a_pass_shows_a_hand_of_crows() -> None:
    """Only a hand of crows can pass, so after a pass every card of it is known."""
    crows = [Card.parse("C0")] * 3
    fruit = [card for card in game_cards(2, True) if card.color is not None]
    deal = fruit[:3] + crows + fruit[3:10] + fruit[10:] + [Card.parse("C0")]
    state = new_game(2, Variant(crows=True), deal=deal, first_player=1)
    view = view_for(state, 0)
    knowledge = Knowledge.from_events(view, [Passed(1)])
    assert (Card.parse("C0"),) * 3 == knowledge.known[1]
    assert 0 == knowledge.unknown_slots(1)
    sample = determinize(knowledge, random.Random(1))
    assert state.hands[1] == sample.hands[1]


def test_the_true_state_after_real_moves_is_possible() -> None:
    """A plain seeded game checked move by move for every seat, as a quick smoke test that
    does not depend on Hypothesis."""
    state = new_game(4, Variant(crows=True), seed=99)
    rng = random.Random(1)
    events: list[Event] = []
    while state.result is None and len(events) < 600:
        move = choose(rng, state, 0.8)
        state, more = apply_move_with_events(state, move)
        events.extend(more)
        for seat in range(4):
            knowledge = knowledge_of(state, events, seat)
            check_knowledge(state, knowledge, seat)
    assert any(isinstance(event, CardsTaken) for event in events)
