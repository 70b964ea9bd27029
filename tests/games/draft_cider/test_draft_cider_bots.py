"""Draft Cider's bots: each plays whole games legally, GreedyBot and the search beat
random play, GreedyBot's documented preferences (an intact tree kept, unlucky brought
to 13, the widest forte pair, growth and open halves valued, its last pick scored by
points alone), and the search never reads the deck below the pool: its draws are the
table as the view shows it with the unseen cards in a random order."""

from __future__ import annotations

import random

import attrs
import pytest

from aves_core.games.draft_cider.bots import (
    PRIOR,
    GreedyBot,
    playout_move,
    potential,
    sample,
    score_moves,
    unseen_cards,
)
from aves_core.games.draft_cider.cards import LOT_INDEX, LOTS
from aves_core.games.draft_cider.game import DRAFT_CIDER
from aves_core.games.draft_cider.lots import Orchard
from aves_core.games.draft_cider.moves import Pick
from aves_core.games.draft_cider.state import DraftCiderOptions, DraftCiderState
from aves_core.kernel.bots import make_bot
from aves_core.kernel.mcts import SearchBot
from aves_core.kernel.sim import play_game


def orchard_of(**lots: str) -> Orchard:
    """An orchard from its lots' cards written out: ``orchard_of(tree="Y44")``."""
    return tuple(tuple(lots.get(lot, "").split()) for lot in LOTS)


def table(mine: Orchard, pool: str, players: int = 2) -> DraftCiderState:
    """Round 1 of a game with seat 0 to pick from ``pool``, its orchard ``mine``, the
    others' empty."""
    base = DRAFT_CIDER.start(players, DRAFT_CIDER.new_setup(players, DraftCiderOptions(), 1,
                                                            first_player=0))
    empty = orchard_of()
    return attrs.evolve(base, pool=tuple(pool.split()), active=0,
                        orchards=(mine, *(empty,) * (players - 1)))


def choice(state: DraftCiderState, seed: int = 0) -> Pick:
    return GreedyBot().choose(DRAFT_CIDER.view(state, 0), (), random.Random(seed))


def midgame(players: int, seed: int, picks: int) -> DraftCiderState:
    """A state after ``picks`` random picks."""
    state = DRAFT_CIDER.start(players, DRAFT_CIDER.new_setup(players, DraftCiderOptions(),
                                                             seed))
    rng = random.Random(seed)
    for _ in range(picks):
        state = DRAFT_CIDER.apply(state, rng.choice(DRAFT_CIDER.legal_moves(state)))
    return state


# --- whole games ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 6])
def test_every_bot_plays_whole_games_legally(players: int) -> None:
    names = ["greedy", "search:8", "random", "greedy", "search:8", "random"][:players]
    bots = [make_bot(name, DRAFT_CIDER) for name in names]
    record, _ = play_game(DRAFT_CIDER, bots, names, DraftCiderOptions(), players, 500)
    assert record.moves == 12 * players
    assert record.reason == "most_points"


def test_greedy_and_search_beat_random() -> None:
    for name, games in (("greedy", 12), ("search:30", 6)):
        wins = 0.0
        for seed in range(games):
            bots = [make_bot(name, DRAFT_CIDER), make_bot("random", DRAFT_CIDER)]
            names = [name, "random"]
            if seed % 2:
                bots.reverse()
                names.reverse()
            record, _ = play_game(DRAFT_CIDER, bots, names, DraftCiderOptions(), seed, 500)
            wins += (names.index(name) in record.winners) / len(record.winners)
        assert wins >= 0.8 * games, name


def test_the_bots_are_made_by_name() -> None:
    factories = DRAFT_CIDER.bot_factories()
    assert set(factories) == {"random", "greedy", "search"}
    timed, counted = make_bot("search:5ms", DRAFT_CIDER), make_bot("search:7", DRAFT_CIDER)
    assert isinstance(timed, SearchBot)
    assert isinstance(counted, SearchBot)
    assert timed.seconds == pytest.approx(0.005)
    assert counted.iterations == 7
    assert counted.prior == PRIOR
    assert DRAFT_CIDER.search_hooks() is DRAFT_CIDER.search_hooks()


# --- GreedyBot's preferences --------------------------------------------------------------


def test_greedy_plants_its_tree_with_its_first_pick() -> None:
    state = DRAFT_CIDER.start(3, DRAFT_CIDER.new_setup(3, DraftCiderOptions(), 4))
    assert choice(attrs.evolve(state, active=0)).lot == "tree"


def test_greedy_keeps_its_tree_intact() -> None:
    # Y13 in mono or unlucky would cost the tree's 20: the bad lot's -1 is better.
    assert choice(table(orchard_of(tree="Y44"), "Y13")) == Pick(0, "Y13", "bad")


def test_greedy_brings_unlucky_to_13_and_keeps_it_reachable() -> None:
    mine = orchard_of(tree="Y44", unlucky="R51 G54")
    assert choice(table(mine, "R33 G22")) == Pick(0, "R33", "unlucky")  # 13 with 3: 9
    scores = score_moves(DRAFT_CIDER.view(table(mine, "R12 G51"), 0))
    # Sweetness 1 leaves 13 one card away; 5 makes 15, which can never score.
    assert scores[Pick(0, "R12", "unlucky")] > 0 > scores[Pick(0, "G51", "unlucky")]


def test_greedy_closes_a_forte_pair_with_the_widest_gap() -> None:
    mine = orchard_of(tree="Y44", forte="R11")
    assert choice(table(mine, "G13 G15")) == Pick(0, "G15", "forte")  # 2 x 4 = 8


def test_greedy_values_an_open_half_by_what_it_can_become() -> None:
    state = table(orchard_of(tree="Y44"), "R15 R13 G31")
    scores = score_moves(DRAFT_CIDER.view(state, 0))
    # An open forte half of height 5 may pair to 8 points, one of height 3 to 4 only.
    assert scores[Pick(0, "R15", "forte")] > scores[Pick(0, "R13", "forte")] > 0
    assert scores[Pick(0, "G31", "couple")] > 0  # a couple's pair is worth 7


def test_potential_growth_pairs_unlucky_and_the_empty_tree() -> None:
    coming = unseen_cards((), ())
    grown = orchard_of(mono="G11 G12 G13", feather="R22 Y22", stable="G13 R14")
    for lot in ("mono", "feather", "stable"):
        index = LOT_INDEX[lot]
        assert potential(grown, index, 5, coming) > 0
        assert potential(grown, index, 0, coming) == 0  # no pick left: no promise
    assert potential(grown, LOT_INDEX["mono"], 5, coming) > potential(
        orchard_of(mono="G11"), LOT_INDEX["mono"], 5, coming)
    unlucky = LOT_INDEX["unlucky"]
    assert potential(orchard_of(unlucky="R51 G54"), unlucky, 3, coming) > 0
    assert potential(orchard_of(unlucky="R51 G54 R33"), unlucky, 3, coming) == 0  # 13
    assert potential(orchard_of(unlucky="R51 G54 R43"), unlucky, 3, coming) == 0  # 14
    forte, couple = LOT_INDEX["forte"], LOT_INDEX["couple"]
    assert potential(orchard_of(forte="R11"), forte, 3, coming) > potential(
        orchard_of(forte="R13"), forte, 3, coming) > 0
    assert potential(orchard_of(forte="R11 R15"), forte, 3, coming) == 0  # no open half
    assert potential(orchard_of(couple="R11"), couple, 3, coming) > 0
    tree = LOT_INDEX["tree"]
    assert potential(orchard_of(mono="G11"), tree, 3, coming) > 0
    assert potential(orchard_of(mono="G11", feather="Y11", stable="R12"), tree, 3,
                     coming) == 0  # every colour outside: the tree can never be planted


def test_greedy_scores_its_last_pick_by_points_alone() -> None:
    mine = orchard_of(tree="Y44", mono="G11 G12", feather="R22 R21", unlucky="R51 G54",
                      forte="R15", couple="G31", stable="G13", bad="Y13")
    assert sum(len(cards) for cards in mine) == 11
    state = table(mine, "G23 R33 G34")
    view = DRAFT_CIDER.view(state, 0)
    scores = score_moves(view)
    for move, after in zip(view.legal_moves, view.score_after, strict=True):
        assert scores[move] == after - view.scores[0]


def test_greedy_breaks_ties_at_random() -> None:
    # Any lot but the tree takes R11 at the start for nothing but its first card's
    # promise; two cards that differ only in colour (neither the tree's) tie.
    state = table(orchard_of(tree="Y44"), "R12 G12")
    picks = {choice(state, seed) for seed in range(20)}
    assert {pick.card for pick in picks} == {"R12", "G12"}


# --- the search ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_drawn_state_shows_the_seat_its_own_view(players: int) -> None:
    rng = random.Random(players)
    for picks in (0, 1, 2 * players + 1, 12 * players - 1):
        state = midgame(players, players * 10 + picks, picks)
        seat = state.active
        assert seat is not None
        view = DRAFT_CIDER.view(state, seat)
        drawn = sample(view, rng)
        assert DRAFT_CIDER.view(drawn, seat) == view
        assert sorted(drawn.undealt) == sorted(state.undealt)
        assert drawn.first == state.first
        assert sorted(drawn.deck) == sorted(state.deck)


def test_the_search_never_reads_the_deck_below_the_pool() -> None:
    state = midgame(3, 8, 7)
    seat = state.active
    assert seat is not None
    other = DRAFT_CIDER.indistinguishable(state, seat, random.Random(9))
    assert other.undealt != state.undealt
    assert other.pool == state.pool
    view, twin = DRAFT_CIDER.view(state, seat), DRAFT_CIDER.view(other, seat)
    assert sample(view, random.Random(1)) == sample(twin, random.Random(1))
    moves = {make_bot("search:40", DRAFT_CIDER).choose(each, (), random.Random(3))
             for each in (view, twin)}
    assert len(moves) == 1


def test_playouts_finish_games_with_legal_moves() -> None:
    rng = random.Random(2)
    for players in (2, 4, 6):
        state = midgame(players, players, 0)
        while state.result is None:
            move = playout_move(state, rng)
            assert DRAFT_CIDER.is_legal(state, move)
            state = DRAFT_CIDER.step(state, move)
