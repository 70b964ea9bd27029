"""Boxes' bots: legal over whole games, GreedyBot's documented preferences, what a seat
knows and the states drawn from it (consistent with the view, blind to unseen cards and
to the others' sealed commits), the search bot's determinism and steady thinking, and
their strength against random (the table of docs/boxes.md is measured with
``aves tournament``)."""

from __future__ import annotations

import random

import attrs
import pytest
from boxes_helpers import all_stop, make, play, random_game, with_notes

from aves_core.games.boxes.bots import (
    GreedyBot,
    Knowledge,
    commit_for,
    container_value,
    holding_value,
    least_payment,
    score_moves,
)
from aves_core.games.boxes.game import BOXES
from aves_core.games.boxes.moves import Auction, Bid, Examine, Move, Pass, Pay, Seal, Stop
from aves_core.games.boxes.phases import Phase
from aves_core.games.boxes.rules import legal_moves, step
from aves_core.games.boxes.search import finish, playout_move, sample
from aves_core.games.boxes.state import BoxesState
from aves_core.games.boxes.views import view_for
from aves_core.kernel.bots import make_bot
from aves_core.kernel.mcts import SearchBot
from aves_core.kernel.sim import play_game


def plain(state: BoxesState) -> BoxesState:
    """A drawn state as a plain ``BoxesState`` (without the search's horizon)."""
    return BoxesState(**{field.name: getattr(state, field.name)
                         for field in attrs.fields(BoxesState)})


def greedy(state: BoxesState, seat: int) -> Move:
    return GreedyBot().choose(view_for(state, seat), (), random.Random(0))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_bot_plays_whole_games_legally(players: int) -> None:
    names = ["greedy", "random", "search:15", "greedy"][:players]
    bots = [make_bot(name, BOXES) for name in names]
    record, log = play_game(BOXES, bots, names, BOXES.default_options(), players, 2000)
    assert record.reason == "most_wealth"
    assert len(log.moves) == record.moves


def test_greedy_examines_closed_slots_first_and_never_stops_early() -> None:
    # A closed card varies far more (0, 250 or 500) than an open one: more information
    # per action even at twice the cost; looking is free, so it looks while it can.
    state = play(make(2), "0:auction open")
    seen = []
    while state.phase is Phase.EXAMINE and state.examiner == 0:
        move = greedy(state, 0)
        assert isinstance(move, Examine)
        seen.append(move.slot)
        state = play(state, str(move))
    assert [slot[0] for slot in seen] == ["c", "c", "c", "o"]


def test_greedy_chooses_open_when_it_is_the_richest_else_sealed() -> None:
    state = make(3)
    assert greedy(state, 0) == Auction(0, "open")
    poorer = with_notes(state, (3, 4, 4, 4), (4, 4, 4, 4), (4, 4, 4, 4))
    assert greedy(poorer, 0) == Auction(0, "sealed")


def test_greedy_opens_at_0_raises_by_50_while_it_pays_off_then_passes() -> None:
    state = all_stop(play(make(2), "0:auction open"))
    assert greedy(state, 0) == Bid(0, 0)
    state = play(state, "0:bid 0")
    value = container_value(Knowledge.of(view_for(state, 1)))
    assert greedy(state, 1) == Bid(1, 50)
    high = play(state, "1:bid 50", f"0:bid {int(value) // 50 * 50}")
    assert greedy(high, 1) == Pass(1)


def test_greedy_commits_below_its_value_with_the_fewest_notes() -> None:
    state = all_stop(play(make(2), "0:auction sealed"))
    view = view_for(state, 0)
    value = container_value(Knowledge.of(view))
    move = greedy(state, 0)
    assert isinstance(move, Seal)
    assert sum(move.notes) <= 0.8 * value < sum(move.notes) + 50
    assert move.notes == commit_for(state.notes[0], 0.8 * value)
    assert commit_for((4, 4, 4, 4), 750) == (500, 200, 50)
    assert commit_for((0, 0, 1, 1), 1000) == (100, 50)


def test_greedy_pays_with_the_least_waste_then_the_fewest_notes() -> None:
    assert least_payment((1, 2, 0, 0), 150) == (200,)
    assert least_payment((1, 2, 2, 0), 400) == (200, 200)
    assert least_payment((1, 0, 0, 0), 50) == (500,)
    state = all_stop(play(make(2), "0:auction open"))
    state = play(with_notes(state, (1, 2, 2, 0), (0, 0, 0, 0)), "0:bid 400", "1:pass")
    assert state.phase is Phase.PAYMENT
    assert greedy(state, 0) == Pay(0, (200, 200))


def test_cards_are_worth_their_ecu_their_collections_and_their_promise() -> None:
    cards = ["Y250", "Y250", "B250", "B250", "Y50", "Y100", "Y150", "Y200", "B50", "B100"]
    assert holding_value(cards, 3, 0) == sum(int(card[1:]) for card in cards) + 3 * 250
    assert holding_value(["Y250"], 3, 5) > 250  # a start of a collection is worth more
    assert holding_value(["Y250"], 3, 0) == 250


def test_scores_are_empty_when_the_seat_may_not_move() -> None:
    assert score_moves(view_for(make(3), 1)) == {}


def test_knowledge_knows_the_examined_cards_and_nothing_else() -> None:
    state = play(make(2), "0:auction sealed", "0:examine c1", "0:examine o2")
    knowledge = Knowledge.of(view_for(state, 0))
    assert knowledge.closed[0] == "Y250"
    assert knowledge.open[1] == "Y100"
    assert sum(card is not None for card in knowledge.closed + knowledge.open) == 2
    assert len(knowledge.closed_unseen) == 23
    assert len(knowledge.open_unseen) == 35
    assert "Y100" not in knowledge.open_unseen
    other = Knowledge.of(view_for(state, 1))
    assert all(card is None for card in other.closed + other.open)


@pytest.mark.parametrize("players", [2, 4])
def test_a_drawn_state_shows_the_seat_its_own_view(players: int) -> None:
    rng = random.Random(players)
    for state in random_game(players, players)[::3]:
        if state.result is not None:
            continue
        for seat in BOXES.to_move(state):
            view = view_for(state, seat)
            drawn = sample(Knowledge.of(view), rng)
            seen = view_for(plain(drawn), seat)
            if state.phase is Phase.SEALED_BID:
                # Every other seat's commit is drawn, made or not: the seat alone is to
                # move in the drawn state.
                assert seen.to_move == (seat,)
                assert set(seen.committed) == set(range(players)) - {seat}
                assert seen.committed[:len(view.committed)] == view.committed
                seen = attrs.evolve(seen, to_move=view.to_move, committed=view.committed)
            assert seen == view
            assert sorted(drawn.open_pile) == sorted(state.open_pile)
            assert sorted(drawn.closed_pile) == sorted(state.closed_pile)
            for move in view.legal_moves:
                assert BOXES.is_legal(drawn, move)


def test_sampling_reads_no_hidden_card_and_no_hidden_commit() -> None:
    # Two states the seat cannot tell apart (unseen cards and others' commits redrawn)
    # give the same drawn states from the same generator.
    for players in (2, 3, 4):
        states = random_game(players, 10 + players)
        sealed = [state for state in states if state.phase is Phase.SEALED_BID
                  and any(notes is not None for notes in state.commits)]
        for state in [*states[::7], *sealed[:5]]:
            if state.result is not None:
                continue
            for seat in BOXES.to_move(state):
                other = BOXES.indistinguishable(state, seat, random.Random(seat))
                first = sample(Knowledge.of(view_for(state, seat)), random.Random(1))
                second = sample(Knowledge.of(view_for(other, seat)), random.Random(1))
                assert first == second


def test_a_drawn_sealed_auction_holds_a_commit_for_every_other_seat() -> None:
    # Seat 2 committed, seat 1 has not: both commits are drawn (by the policy, from
    # what each knows in the drawn state), so that no seat answers seat 0's commit in
    # the search's tree; seat 0's own stays to be made.
    state = all_stop(play(make(3), "0:auction sealed"))
    state = play(state, "2:seal 500 200")
    view = view_for(state, 0)
    for seed in range(10):
        drawn = sample(Knowledge.of(view), random.Random(seed))
        assert drawn.commits[0] is None
        assert drawn.commits[1] is not None
        assert drawn.commits[2] is not None
        assert drawn.order == (2, 1)
        assert BOXES.to_move(drawn) == (0,)


def test_playouts_finish_games_with_legal_moves() -> None:
    rng = random.Random(3)
    for players in (2, 4):
        state = BOXES.start(players, BOXES.new_setup(players, BOXES.default_options(), 3))
        while state.result is None:
            move = playout_move(state, rng)
            assert move in legal_moves(state)
            state = step(state, move)


def test_the_search_ends_a_game_by_a_quick_model_of_the_auctions_left() -> None:
    state = make(2)
    state = all_stop(play(state, "0:auction open"))
    state = play(state, "0:bid 0", "1:pass")
    assert len(state.sales) == 1
    # Seat 0 holds 2,100 ECU of cards; whoever keeps money buys the five containers
    # left for nothing, since the other cannot bid.
    assert finish(with_notes(state, (4, 4, 4, 4), (0, 0, 0, 0))).winners == (0,)
    assert finish(with_notes(state, (0, 0, 0, 0), (4, 4, 4, 4))).winners == (1,)
    assert finish(state).reason == "most_wealth"


def test_search_is_deterministic_and_thinks_as_long_with_one_move() -> None:
    state = all_stop(play(make(2), "0:auction sealed"))
    view = view_for(state, 1)
    moves = {SearchBot(30, game=BOXES).choose(view, (), random.Random(4))
             for _ in range(2)}
    assert len(moves) == 1
    # A payment of 0 is automatic; a seat with one legal move: a raise it cannot make.
    forced = all_stop(play(with_notes(make(2), (0, 0, 0, 0), (4, 4, 4, 4)),
                           "0:auction open"))
    forced = play(forced, "0:bid 0", "1:bid 50")
    view = view_for(forced, 0)
    assert view.legal_moves == (Pass(0),)
    bot = SearchBot(25, game=BOXES)
    rng = random.Random(5)
    before = rng.getstate()
    assert bot.choose(view, (), rng) == Pass(0)
    assert bot.last_iterations == 25
    assert rng.getstate() == before


def test_greedy_and_search_beat_random() -> None:
    for name, games in (("greedy", 20), ("search:30", 6)):
        wins = 0.0
        for seed in range(games):
            bots = [make_bot(name, BOXES), make_bot("random", BOXES)]
            names = [name, "random"]
            if seed % 2:
                bots.reverse()
                names.reverse()
            record, _ = play_game(BOXES, bots, names, BOXES.default_options(), seed, 2000)
            seat = names.index(name)
            wins += (seat in record.winners) / len(record.winners)
        assert wins >= 0.8 * games, name


def test_stop_is_scored_below_every_look() -> None:
    state = play(make(2), "0:auction open")
    scores = score_moves(view_for(state, 0))
    assert all(scores[move] > scores[Stop(0)] for move in scores if move != Stop(0))


def test_the_searchs_tree_holds_the_seats_own_moves_only() -> None:
    # After each move of the seat, the others answer by the policy until the seat is to
    # move again or the container in play is sold (then the walk is judged).
    hooks = BOXES.search_hooks()
    assert hooks is not None
    rng = random.Random(2)
    for players in (2, 4):
        state = BOXES.start(players, BOXES.new_setup(players, BOXES.default_options(), 2))
        view = view_for(state, state.auctioneer)
        knowledge = hooks.knowledge(view, ())
        for _ in range(20):
            drawn = hooks.sample(knowledge, rng)
            seat = view.seat
            while hooks.result(drawn) is None:
                assert BOXES.to_move(plain(drawn)) == (seat,)
                drawn = hooks.step(drawn, rng.choice(hooks.legal_moves(drawn)))
            assert len(drawn.sales) == 1
