"""Views and events: what each seat may know (RULES.md, "What each player may know").

Properties over random games of 2 to 6 players, with and without crows and Showdown:

- leak-freedom: two states that differ only in cards a seat cannot know give that seat
  equal views (objects, JSON and repr) and equal redacted events for the same move;
- no view or redacted event holds the code of a card its seat may not know;
- the fold: a client folding its redacted events stays equal to ``view_for``;
- ``apply_move_with_events`` is ``apply_move`` (states and errors) and says what happened;
- events are frozen values that round-trip through JSON.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import (
    games,
    is_match,
    moves_for,
    play,
    player_counts,
    seeds,
    variants,
)

from aves_core import (
    ArgumentError,
    AvesError,
    Card,
    GameState,
    IllegalMoveError,
    Move,
    Pass,
    Phase,
    Result,
    Return,
    Trade,
    Variant,
    apply_move,
    legal_moves,
    new_game,
)
from aves_core.games.aves.cards import canonical
from aves_core.games.aves.events import (
    CardDrawn,
    CardPlaced,
    CardReturned,
    CardsTaken,
    CircleRefilled,
    Event,
    GameEnded,
    Passed,
    ReturnDue,
    TradeUndone,
    TurnStarted,
    apply_move_with_events,
    events_for,
)
from aves_core.games.aves.game import AVES
from aves_core.games.aves.serialize import (
    converter,
    event_from_json,
    event_to_json,
    unstructure_move,
)
from aves_core.games.aves.views import PlayerView, update_view, view_for, view_to_json
from aves_core.kernel.game import Game

Seat = int | None

# --- helpers -------------------------------------------------------------------------


def seats_of(state: GameState) -> list[Seat]:
    """Every seat of the game, then the spectator (None)."""
    return [*range(state.num_players), None]


def visible_seats(state: GameState, seat: Seat) -> list[int]:
    """The seats whose hands ``seat`` may see: all under Showdown, else only its own."""
    if state.variant.showdown:
        return list(range(state.num_players))
    return [] if seat is None else [seat]


def known_codes(state: GameState, seat: Seat) -> set[str]:
    """The codes of every card ``seat`` may know in ``state``: the circle and visible hands."""
    known = {str(card) for card in state.circle}
    for owner in visible_seats(state, seat):
        known |= {str(card) for card in state.hands[owner]}
    return known


def hidden_codes(state: GameState, seat: Seat) -> set[str]:
    """The codes of cards hidden from ``seat`` (deck, other hands) that it cannot know
    otherwise (a crow it can see elsewhere is not a secret)."""
    hidden = {str(card) for card in state.deck}
    for owner in range(state.num_players):
        if owner not in visible_seats(state, seat):
            hidden |= {str(card) for card in state.hands[owner]}
    return hidden - known_codes(state, seat)


_CODE = re.compile(r"(?<![A-Za-z0-9])([ROYGBIV][1-6]|C0)(?![A-Za-z0-9])")


def codes_in(text: str) -> set[str]:
    """Every card code written in ``text``."""
    return set(_CODE.findall(text))


def view_texts(view: PlayerView) -> tuple[str, str]:
    """A view's repr and its JSON text, as a host would send it."""
    return repr(view), json.dumps(view_to_json(view))


def events_text(events: Iterable[Event]) -> str:
    """The repr and JSON of some events."""
    events = tuple(events)
    return repr(events) + json.dumps([event_to_json(event) for event in events])


def is_miss(state: GameState, move: Move) -> bool:
    """A trade that is not a match: the mover draws the deck's bottom card."""
    return isinstance(move, Trade) and not is_match(state, move)


def refills(state: GameState, move: Move) -> bool:
    """A match that leaves one card in the circle: the deck's top refills it."""
    return is_match(state, move) and len(state.circle) == 2


@st.composite
def hidden_alteration(
    draw: st.DrawFn,
    state: GameState,
    seat: Seat,
    pinned_deck: frozenset[int] = frozenset(),
    kept: tuple[int, Card] | None = None,
) -> GameState:
    """``state`` with the cards ``seat`` cannot know shuffled among their places.

    Without Showdown the deck and the hands of the other seats (every hand, for a
    spectator) are one pool, dealt back keeping each hand's size and canonical order;
    under Showdown only the deck is reordered. ``pinned_deck`` deck positions stay (cards
    a coming move will reveal); ``kept`` = (owner, card) keeps that card in that hand.
    """
    deck = list(state.deck)
    free = [index for index in range(len(deck)) if index not in pinned_deck]
    hidden = [] if state.variant.showdown else [
        owner for owner in range(state.num_players) if owner != seat]
    pool = [deck[index] for index in free]
    rest_of: dict[int, list[Card]] = {}
    for owner in hidden:
        rest = list(state.hands[owner])
        if kept is not None and kept[0] == owner:
            rest.remove(kept[1])
        rest_of[owner] = rest
        pool += rest
    shuffled = iter(draw(st.permutations(pool)))
    for index in free:
        deck[index] = next(shuffled)
    hands = list(state.hands)
    for owner in hidden:
        new = [next(shuffled) for _ in rest_of[owner]]
        if kept is not None and kept[0] == owner:
            new.append(kept[1])
        hands[owner] = canonical(new)
    return attrs.evolve(state, hands=tuple(hands), deck=tuple(deck))


def assert_same_picture(seat: Seat, one: GameState, other: GameState) -> None:
    """``seat`` sees ``one`` and ``other`` alike: equal views, JSON and repr."""
    view, view2 = view_for(one, seat), view_for(other, seat)
    assert view == view2
    assert view_texts(view) == view_texts(view2)


# --- leak-freedom ------------------------------------------------------------------------


@given(state=games(), data=st.data())
def test_hidden_cards_do_not_change_a_seats_view_or_events(
    state: GameState, data: st.DataObject
) -> None:
    seat: Seat = data.draw(st.sampled_from(seats_of(state)), label="seat")
    altered = data.draw(hidden_alteration(state, seat), label="altered")
    assert_same_picture(seat, state, altered)

    if state.active_player is None:
        return
    mover = state.active_player
    move = data.draw(st.sampled_from(legal_moves(state)), label="move")
    # Cards this move reveals to ``seat`` stay in place: the drawn card (to the drawer,
    # or to all under Showdown) and the refill (to all). The mover keeps its card.
    pinned: set[int] = set()
    if is_miss(state, move) and (mover == seat or state.variant.showdown):
        pinned.add(len(state.deck) - 1)
    if refills(state, move):
        pinned |= set(range(min(6, len(state.deck))))
    kept = (mover, move.card) if isinstance(move, Trade | Return) else None
    twin = data.draw(hidden_alteration(state, seat, frozenset(pinned), kept), label="twin")
    assert_same_picture(seat, state, twin)
    if move not in legal_moves(twin):
        assert mover != seat  # a seat's own moves depend only on what it knows
        return
    after, events = apply_move_with_events(state, move)
    after2, events2 = apply_move_with_events(twin, move)
    seen, seen2 = events_for(events, seat), events_for(events2, seat)
    if after.result is None and after2.result is None:
        assert seen == seen2
        assert events_text(seen) == events_text(seen2)
        assert_same_picture(seat, after, after2)
    else:
        # Whether and how the game ends depends on the hands: the result is news.
        assert seen[:-1] == seen2[:-1]
        assert isinstance(seen[-1], GameEnded | TurnStarted | ReturnDue)
        assert isinstance(seen2[-1], GameEnded | TurnStarted | ReturnDue)


@given(state=games(), data=st.data())
def test_a_seats_own_moves_give_equal_events_whatever_is_hidden(
    state: GameState, data: st.DataObject
) -> None:
    """The seat to move, in a state altered freely (nothing pinned): its legal moves are
    the same, and its events differ only in the cards the move reveals to it."""
    if state.active_player is None:
        return
    seat = state.active_player
    altered = data.draw(hidden_alteration(state, seat), label="altered")
    assert legal_moves(state) == legal_moves(altered)
    move = data.draw(st.sampled_from(legal_moves(state)), label="move")
    seen = events_for(apply_move_with_events(state, move)[1], seat)
    seen2 = events_for(apply_move_with_events(altered, move)[1], seat)
    assert len(seen) == len(seen2)

    def mask(event: Event) -> Event:
        if isinstance(event, CardDrawn):
            return CardDrawn(event.seat, None, event.public)
        if isinstance(event, CircleRefilled):
            return CircleRefilled(())
        if isinstance(event, GameEnded | TurnStarted):
            return Passed(-1)  # the end depends on the drawn card and the hidden hands
        return event

    assert [mask(event) for event in seen] == [mask(event) for event in seen2]


@given(state=games(), data=st.data())
def test_spectators_and_showdown_hide_exactly_what_the_rules_hide(
    state: GameState, data: st.DataObject
) -> None:
    """The spectator sees no hand without Showdown and every hand with it; a seat sees its
    own hand, and the others' only under Showdown; nobody sees the deck's order."""
    for seat in seats_of(state):
        view = view_for(state, seat)
        expected_hands = tuple(
            hand if owner in visible_seats(state, seat) else None
            for owner, hand in enumerate(state.hands))
        assert expected_hands == view.hands
        assert tuple(len(hand) for hand in state.hands) == view.hand_sizes
        assert state.circle == view.circle
        assert len(state.deck) == view.deck_size
        assert (state.phase, state.active_player, state.result, state.variant) == (
            view.phase, view.active_player, view.result, view.variant)
        mine = seat is not None and seat == state.active_player
        assert (legal_moves(state) if mine else ()) == view.legal_moves
        assert mine == view.is_my_turn
    # Reordering only the deck never changes anything anybody sees.
    reordered = attrs.evolve(state, deck=tuple(data.draw(st.permutations(state.deck))))
    for seat in seats_of(state):
        assert_same_picture(seat, state, reordered)


@given(state=games(), data=st.data())
def test_views_and_events_hold_no_hidden_card_code(
    state: GameState, data: st.DataObject
) -> None:
    move = data.draw(st.sampled_from(legal_moves(state))) if legal_moves(state) else None
    after, events = (state, ()) if move is None else apply_move_with_events(state, move)
    for seat in seats_of(state):
        view = view_for(state, seat)
        text_repr, text_json = view_texts(view)
        allowed = known_codes(state, seat)
        for text in (text_repr, text_json):
            found = codes_in(text)
            assert set() == found & hidden_codes(state, seat), text
            assert found <= allowed, text
            # The extraction works: every card the seat sees is written in its view.
            assert allowed == found
        # The events of a move carry only cards the seat knew before it or knows after.
        found = codes_in(events_text(events_for(events, seat)))
        assert found <= known_codes(state, seat) | known_codes(after, seat)
        # Cards taken from the circle were public when taken, even though they now sit
        # in a hidden hand; what was never shown must not appear.
        assert set() == found & (hidden_codes(after, seat) - known_codes(state, seat))


@given(state=games())
def test_view_json_written_by_hand_is_what_the_converter_writes(state: GameState) -> None:
    # view_to_json skips the converter for speed (a host sends a view to every seat on
    # every move), and unstructure_move is the declared moves' JSON: they must write
    # exactly what the kernel's generic view_to_json writes through it (the view's
    # fields, then every game's common fields), in the same key order, for every seat,
    # phase, variant and result.
    for seat in seats_of(state):
        view = view_for(state, seat)
        slow = Game.view_to_json(AVES, view)
        assert slow == {**converter.unstructure(view), **AVES.view_fields(view)}
        slow_moves = [AVES.notation.to_json(move) for move in view.legal_moves]
        assert slow_moves == slow["legal_moves"]
        assert [str(move) for move in view.legal_moves] == slow["legal_notation"]
        fast = view_to_json(view)
        assert fast == slow
        assert list(fast) == list(slow)
        assert json.dumps(fast) == json.dumps(slow)
        assert fast == AVES.view_to_json(view)
    assert [{"type": "trade", "player": 1, "card": "R2", "gap": 3},
            {"type": "return", "player": 0, "card": "C0", "gap": 0},
            {"type": "pass", "player": 2}] == [
        unstructure_move(move) for move in (Trade(1, Card.parse("R2"), 3),
                                            Return(0, Card.parse("C0"), 0), Pass(2))]


# --- the fold ------------------------------------------------------------------------------


@st.composite
def whole_games(draw: st.DrawFn) -> tuple[GameState, list[Move]]:
    """The start and moves of a random game played to its end (or 400 moves), by a
    policy that may prefer matches, so returns, refills and both endings happen."""
    variant = draw(variants())
    playout = play(
        draw(player_counts()), variant, draw(seeds()),
        crow_start=variant.crows and draw(st.booleans()),
        policy_seed=draw(seeds()),
        match_bias=draw(st.sampled_from((0.0, 0.5, 0.9, 1.0))),
        max_moves=400,
    )
    return playout.states[0], list(playout.moves)


@given(game=whole_games())
def test_a_client_folding_its_events_keeps_the_true_view(
    game: tuple[GameState, list[Move]]
) -> None:
    state, moves = game
    views = {seat: view_for(state, seat) for seat in seats_of(state)}
    first = dict(views)
    seen: dict[Seat, list[Event]] = {seat: [] for seat in views}
    for move in moves:
        expected_after = apply_move(state, move)
        state, events = apply_move_with_events(state, move)
        assert expected_after == state
        for seat in views:
            redacted = events_for(events, seat)
            seen[seat] += redacted
            views[seat] = update_view(views[seat], redacted)
            assert view_for(state, seat) == views[seat]
    # Folding the whole stream at once from the first view gives the same picture.
    for seat in views:
        assert view_for(state, seat) == update_view(first[seat], seen[seat])


def _expected_events(before: GameState, move: Move, after: GameState) -> list[Event]:
    """What RULES.md says happened, re-stated without the engine's event code."""
    expected: list[Event] = []
    seat = move.player
    if isinstance(move, Trade):
        circle = before.circle
        left, right = circle[move.gap], circle[(move.gap + 1) % len(circle)]
        expected.append(CardPlaced(seat, move.card, move.gap))
        if is_match(before, move):
            expected.append(CardsTaken(seat, (left, right), move.gap))
            if len(circle) == 2:
                expected.append(CircleRefilled(before.deck[:6]))
        else:
            expected.append(CardDrawn(seat, before.deck[-1], before.variant.showdown))
    elif isinstance(move, Return):
        expected.append(CardReturned(seat, move.card, move.gap))
    else:
        expected.append(Passed(seat))
    if after.phase is Phase.GAME_END:
        assert after.result is not None
        expected.append(GameEnded(after.result))
    elif after.phase is Phase.FORCED_RETURN:
        expected.append(ReturnDue(seat))
    else:
        expected.append(TurnStarted((seat + 1) % before.num_players))
    return expected


@given(game=whole_games())
def test_each_move_yields_the_events_of_what_happened(
    game: tuple[GameState, list[Move]]
) -> None:
    state, moves = game
    for move in moves:
        after, events = apply_move_with_events(state, move)
        assert _expected_events(state, move, after) == list(events)
        for seat in seats_of(state):
            redacted = events_for(events, seat)
            for full, shown in zip(events, redacted, strict=True):
                if isinstance(full, CardDrawn) and not (
                        state.variant.showdown or full.seat == seat):
                    assert CardDrawn(full.seat, None, False) == shown
                else:
                    assert full == shown
            for event in redacted:
                assert event == event_from_json(json.loads(json.dumps(event_to_json(event))))
        state = after


def _seeded_event_kinds() -> set[type]:
    kinds: set[type] = set()
    for seed in range(12):
        variant = Variant(crows=seed % 2 == 0, showdown=seed % 3 == 0)
        for bias in (0.0, 1.0):
            playout = play(2 + seed % 5, variant, seed, crow_start=variant.crows,
                           policy_seed=seed, match_bias=bias, max_moves=400)
            for before, move, _after in playout.steps():
                kinds |= {type(event) for event in apply_move_with_events(before, move)[1]}
    return kinds


def test_every_move_event_kind_occurs_in_seeded_games() -> None:
    """Seeded games reach every kind (so the property above checks each of them)."""
    expected = {CardPlaced, CardsTaken, CardDrawn, CardReturned, CircleRefilled, Passed,
                TurnStarted, ReturnDue, GameEnded}
    assert expected == _seeded_event_kinds()


@given(state=games(), data=st.data())
def test_apply_move_with_events_fails_exactly_as_apply_move(
    state: GameState, data: st.DataObject
) -> None:
    move = data.draw(moves_for(state), label="move")
    expected: GameState | IllegalMoveError
    try:
        expected = apply_move(state, move)
    except IllegalMoveError as error:
        expected = error
    if isinstance(expected, GameState):
        assert expected == apply_move_with_events(state, move)[0]
        return
    with pytest.raises(IllegalMoveError) as caught:
        apply_move_with_events(state, move)
    assert (expected.code, str(expected), expected.move, expected.phase) == (
        caught.value.code, str(caught.value), caught.value.move, caught.value.phase)


def test_apply_move_with_events_rejects_non_states_and_non_moves() -> None:
    state = new_game(3, seed=1)
    with pytest.raises(ArgumentError):
        apply_move_with_events("state", legal_moves(state)[0])  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        apply_move_with_events(state, "0:pass")  # type: ignore[arg-type]


# --- events as values ------------------------------------------------------------------------

_CARDS = st.sampled_from([Card.parse(f"{c}{n}") for c in "ROYGBIV" for n in range(1, 7)]
                         + [Card.parse("C0")])
_SEATS = st.integers(min_value=0, max_value=5)
_GAPS = st.integers(min_value=0, max_value=45)
_RESULTS = st.builds(
    Result,
    st.lists(_SEATS, min_size=1, max_size=6, unique=True).map(lambda s: tuple(sorted(s))),
    st.sampled_from(("seven_colors", "deck_empty")),
)
_PAIRS = st.tuples(_CARDS, _CARDS)

EVENTS: dict[str, st.SearchStrategy[Event]] = {
    "card_placed": st.builds(CardPlaced, _SEATS, _CARDS, _GAPS),
    "cards_taken": st.builds(CardsTaken, _SEATS, _PAIRS, _GAPS),
    "card_drawn": st.builds(CardDrawn, _SEATS, st.none() | _CARDS, st.booleans()),
    "card_returned": st.builds(CardReturned, _SEATS, _CARDS, _GAPS),
    "circle_refilled": st.builds(CircleRefilled,
                                 st.lists(_CARDS, max_size=6).map(tuple)),
    "passed": st.builds(Passed, _SEATS),
    "turn_started": st.builds(TurnStarted, _SEATS),
    "return_due": st.builds(ReturnDue, _SEATS),
    "game_ended": st.builds(GameEnded, _RESULTS),
    "trade_undone": st.builds(TradeUndone, _SEATS, _CARDS, _GAPS, _PAIRS),
}


@pytest.mark.parametrize("kind", sorted(EVENTS))
@given(data=st.data())
def test_every_event_kind_round_trips_through_json(kind: str, data: st.DataObject) -> None:
    event = data.draw(EVENTS[kind])
    encoded = event_to_json(event)
    assert kind == encoded["type"]
    assert "type" == next(iter(encoded))
    text = json.dumps(encoded)
    assert event == event_from_json(json.loads(text))
    assert encoded == event_to_json(event_from_json(json.loads(text)))


@pytest.mark.parametrize("kind", sorted(EVENTS))
@given(data=st.data())
def test_event_json_written_by_hand_is_what_the_converter_writes(
        kind: str, data: st.DataObject) -> None:
    # AVES's event_to_json is the kernel's, derived from the event classes (a path written
    # by hand stood here, and a host's move costs as much without it): the same keys,
    # in the same order.
    event = data.draw(EVENTS[kind])
    slow = Game.event_to_json(AVES, event)  # the kernel's, through the converter
    fast = event_to_json(event)
    assert slow == fast
    assert json.dumps(slow) == json.dumps(fast)


@pytest.mark.parametrize("kind", sorted(EVENTS))
@given(data=st.data())
def test_events_are_frozen_hashable_values(kind: str, data: st.DataObject) -> None:
    event = data.draw(EVENTS[kind])
    for field in attrs.fields(type(event)):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(event, field.name, None)
    assert attrs.evolve(event) == event
    assert hash(attrs.evolve(event)) == hash(event)


@pytest.mark.parametrize(
    "data",
    [
        {"type": "card_teleported", "seat": 0},
        {"type": "passed"},
        {"type": "passed", "seat": "0"},
        {"type": "passed", "seat": 0, "extra": 1},
        {"type": "card_placed", "seat": 0, "card": "Z9", "gap": 0},
        {"seat": 0},
        ["passed", 0],
    ],
)
def test_event_from_json_refuses_what_is_no_event(data: object) -> None:
    from aves_core.games.aves.serialize import FieldError

    with pytest.raises(FieldError):
        event_from_json(data)


def _some_events() -> tuple[Event, ...]:
    state = new_game(3, seed=5)
    misses = [move for move in legal_moves(state) if not is_match(state, move)]
    return apply_move_with_events(state, misses[0])[1]


@pytest.mark.parametrize("bad", ["0", 1.0, True, (0,), [0]])
def test_events_for_rejects_seats_that_are_not_ints(bad: object) -> None:
    with pytest.raises(AvesError):
        events_for(_some_events(), bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, -7, 6, 99])
def test_events_for_rejects_seats_that_no_game_has(bad: int) -> None:
    """No game has a seat below 0 or above 5 (at most 6 players); ``view_for`` refuses
    such seats, and ``events_for`` should too rather than answer as for a spectator."""
    with pytest.raises(AvesError):
        events_for(_some_events(), bad)


@pytest.mark.parametrize(
    "bad",
    [[object()], [Pass(0)], [None], [{"type": "passed", "seat": 0}], [new_game(2, seed=1)]],
)
def test_events_for_rejects_what_is_no_event(bad: Sequence[object]) -> None:
    events = [*_some_events(), *bad]
    with pytest.raises(AvesError):
        events_for(events, 0)  # type: ignore[arg-type]


def test_update_view_and_view_for_reject_bad_arguments() -> None:
    state = new_game(4, seed=2)
    view = view_for(state, 1)
    with pytest.raises(AvesError):
        update_view(view, [object()])  # type: ignore[list-item]
    with pytest.raises(AvesError):
        update_view(state, [])  # type: ignore[arg-type]
    for bad in (-1, 4, True, "0", 1.0):
        with pytest.raises(AvesError):
            view_for(state, bad)  # type: ignore[arg-type]
    with pytest.raises(AvesError):
        view_for(view, 1)  # type: ignore[arg-type]


def test_a_drawn_card_is_shown_to_its_drawer_only_unless_showdown() -> None:
    """A worked example: the card seat 0 draws, as each seat and the spectator see it."""
    for showdown in (False, True):
        state = new_game(3, Variant(showdown=showdown), seed=11, first_player=0)
        miss = next(move for move in legal_moves(state) if not is_match(state, move))
        _after, events = apply_move_with_events(state, miss)
        drawn = state.deck[-1]
        for seat in seats_of(state):
            shown = [event for event in events_for(events, seat) if isinstance(event, CardDrawn)]
            card = drawn if showdown or seat == 0 else None
            assert [CardDrawn(0, card, showdown)] == shown


def test_a_views_json_is_the_callers_to_change() -> None:
    """view_to_json writes each legal move from a cache: what a caller changes in the
    data it got never reaches the next view's."""
    state = new_game(3, seed=11)
    view = view_for(state, state.active_player)
    first = view_to_json(view)
    expected = json.loads(json.dumps(first))
    assert first["legal_moves"]
    first["legal_moves"][0]["gap"] = 99
    first["legal_notation"][0] = "changed"
    assert expected == view_to_json(view)
