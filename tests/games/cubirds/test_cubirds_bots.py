"""Cubirds' bots: legal over whole games, GreedyBot's documented preferences, what a seat
knows and the states drawn from it (consistent with the view, blind to hidden cards), the
search bot's determinism, and their strength (greedy and search beat random, search beats
greedy).

The strength tests here are short; the long one, with as many games as docs/cubirds.md's
table, runs when ``AVES_LONG_TESTS`` is set (about 4 minutes of one core).
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence

import pytest
from cubirds_helpers import make, parse_move, random_game, rest_of

from aves_core.games.cubirds.bots import (
    PLAYOUT_MOVES,
    GreedyBot,
    Knowledge,
    collection_value,
    hand_value,
    playout_move,
    sample,
    score_moves,
)
from aves_core.games.cubirds.cards import counts_of
from aves_core.games.cubirds.events import Event
from aves_core.games.cubirds.game import CUBIRDS
from aves_core.games.cubirds.moves import Draw, Fly, Lay, Move, NoDraw, NoFly
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.state import CubirdsOptions, CubirdsState
from aves_core.games.cubirds.views import CubirdsView, view_for
from aves_core.kernel.bots import Bot, make_bot
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.mcts import SearchBot
from aves_core.kernel.replay import replay
from aves_core.kernel.sim import play_game, wilson_interval


def position(hands: tuple[str, ...], rows: tuple[str, ...], *,
             collections: tuple[str, ...] | None = None, deck: str | None = None,
             phase: Phase = Phase.LAY, active: int = 0) -> CubirdsState:
    """A state for seat ``active`` to judge, the discard pile empty: the cards not placed
    are in the deck, unless ``deck`` is given (a game near its end: the rest is out of
    play, which no bot can tell)."""
    placed = (*rows, *hands, *(collections or ()))
    return make(hands, rows=rows, deck=rest_of(*placed) if deck is None else deck,
                discard="", collections=collections, phase=phase, active=active)


def greedy_choices(state: CubirdsState, seat: int = 0, tries: int = 6) -> set[str]:
    """Every move GreedyBot picks over several seeds (it breaks ties at random)."""
    view = view_for(state, seat)
    return {str(GreedyBot().choose(view, (), random.Random(seed))) for seed in range(tries)}


# --- legal over whole games --------------------------------------------------------------


class Checked:
    """A bot that checks what it is given: its own seat's view, and only that."""

    def __init__(self, bot: Bot, seat: int) -> None:
        self.bot = bot
        self.seat = seat
        self.uses_events = getattr(bot, "uses_events", True)

    def choose(self, view: CubirdsView, events: Sequence[Event], rng: random.Random) -> Move:
        assert isinstance(view, CubirdsView)
        assert view.seat == self.seat
        assert view.is_my_turn
        move: Move = self.bot.choose(view, events, rng)
        assert move in view.legal_moves
        return move


@pytest.mark.parametrize("row_cards", [3, 4])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bots_play_only_legal_moves_over_whole_games(players: int, row_cards: int) -> None:
    names = ("greedy", "search:12", "random", "greedy", "search:12")[:players]
    bots = [Checked(make_bot(name, CUBIRDS), seat) for seat, name in enumerate(names)]
    for seed in range(2):
        record, log = play_game(CUBIRDS, bots, names, CubirdsOptions(row_cards),
                                seed * 10 + players, 3000)
        assert record.reason in ("seven_species", "two_triples", "deck_exhausted")
        assert replay(log).valid  # the moves were legal, chance moves and all


def test_the_bots_are_named_and_refuse_bad_arguments() -> None:
    assert {"random", "greedy", "search"} == set(CUBIRDS.bot_factories())
    assert isinstance(make_bot("greedy", CUBIRDS), GreedyBot)
    search = make_bot("search:40", CUBIRDS)
    assert isinstance(search, SearchBot)
    assert (40, PLAYOUT_MOVES) == (search.iterations, search.playout_moves)
    assert isinstance(make_bot("search:40ms", CUBIRDS), SearchBot)
    with pytest.raises(ArgumentError):
        make_bot("greedy:3", CUBIRDS)


# --- GreedyBot's preferences ----------------------------------------------------------


ROWS = ("ODTP", "FTWM", "WRM", "PMW")


def test_greedy_lays_to_take_the_cards_that_complete_a_flock() -> None:
    # D at the left of row 0 takes one owl: three owls fly home, a new species. F at
    # the right of row 1 takes three cards that complete nothing.
    state = position(("DOOF", "PPPPPPPP"), ROWS)
    assert {"0:lay D 0 left"} == greedy_choices(state)
    scores = score_moves(view_for(state, 0))
    assert scores[parse_move("0:lay F 1 right")] > scores[parse_move("0:lay F 2 left")]


def test_greedy_lays_the_species_it_is_not_gathering() -> None:
    # Nothing takes: it lays its one reed warbler, never its four robins.
    state = position(("WRRRR", "PPPPPPPP"), ("OTD", "ODDT", "TPM", "DMF"))
    assert all(move.startswith("0:lay W") for move in greedy_choices(state, tries=12))


def test_greedy_gives_nothing_away() -> None:
    # W at the left of row 0 is beside a W: the next seat can take no more than before.
    # At the left of row 1 it encloses the row for anyone holding a W.
    state = position(("WRRRR", "PPPPPPPP"), ("WOTD", "OTD", "TPM", "DMF"))
    scores = score_moves(view_for(state, 0))
    assert scores[parse_move("0:lay W 0 left")] > scores[parse_move("0:lay W 1 left")]
    assert {"0:lay W 0 right"} == greedy_choices(state)  # taking three beats both


def test_greedy_draws_while_it_holds_cards() -> None:
    state = position(("DOOF", "PPPPPPPP"), ROWS, phase=Phase.DRAW_OPTION)
    assert {"0:draw"} == greedy_choices(state)


def test_greedy_ends_the_round_with_an_empty_hand() -> None:
    # Not drawing ends the round: eight new cards, and the other hand is thrown away.
    state = position(("", "PPPPPPPP"), ROWS, phase=Phase.DRAW_OPTION)
    assert {"0:nodraw"} == greedy_choices(state)


def test_greedy_ends_the_game_only_when_it_wins_it() -> None:
    # Four cards left: no new deal, so an empty hand that does not draw ends the game.
    ahead = position(("", "PPP"), ROWS, collections=("RRO", "F"), deck="MMMM",
                     phase=Phase.DRAW_OPTION)
    assert {"0:nodraw"} == greedy_choices(ahead)
    behind = position(("", "PPP"), ROWS, collections=("F", "RRO"), deck="MMMM",
                      phase=Phase.DRAW_OPTION)
    assert {"0:draw"} == greedy_choices(behind)


def test_greedy_flies_the_winning_flock_first() -> None:
    # Four owls fly two home: R R R O O O, two triples.
    state = position(("OOOODDDDFFF", "PPPPPPPP"), ROWS, collections=("RRRO", "F"),
                     phase=Phase.FLOCK)
    assert {"0:fly O"} == greedy_choices(state)


def test_greedy_flies_a_new_species_rather_than_keeping_the_flock() -> None:
    state = position(("DDDDFF", "PPPPPPPP"), ROWS, collections=("RO", "F"), phase=Phase.FLOCK)
    choices = greedy_choices(state)
    assert "0:nofly" not in choices
    assert choices <= {"0:fly F", "0:fly D"}


def test_the_values_are_as_documented() -> None:
    assert 1000 == collection_value(counts_of("FOTDPMW"))
    assert 1000 == collection_value(counts_of("RRROOO"))
    # 10 a species, 8 a card (up to 3) of the two largest species, 2 a card.
    assert 10 * 2 + 8 * (3 + 1) + 2 * 4 == collection_value(counts_of("RRRO"))
    assert 0 == hand_value(counts_of(""), counts_of("RO"))
    assert hand_value(counts_of("OO"), counts_of("")) > hand_value(counts_of("OW"), counts_of(""))


def test_greedy_never_reads_hidden_cards() -> None:
    # Two games that differ only in cards seat 0 cannot see: the same scores.
    for seed in range(4):
        for before, _move, _after, _events in random_game(3, seed)[:60:7]:
            if before.active != 0 or CUBIRDS.awaits_chance(before):
                continue
            other = CUBIRDS.indistinguishable(before, 0, random.Random(seed))
            assert score_moves(view_for(before, 0)) == score_moves(view_for(other, 0))


# --- what a seat knows, and the states drawn from it -------------------------------------


def decisions(players: int, seed: int, row_cards: int = 3
              ) -> list[tuple[CubirdsState, int, list[Event]]]:
    """Some states of a random game where a seat is to move, with that seat's events."""
    steps = random_game(players, seed, row_cards=row_cards)
    found = []
    for index in range(0, len(steps), 11):
        state = steps[index][0]
        if state.active is None or CUBIRDS.awaits_chance(state):
            continue
        seat = state.active
        events = [event for step in steps[:index] for event in CUBIRDS.events_for(step[3], seat)]
        found.append((state, seat, events))
    return found


@pytest.mark.parametrize(("players", "row_cards"), [(2, 3), (3, 4), (4, 3), (5, 3)])
def test_a_drawn_state_gives_the_seat_the_very_view_it_has(players: int, row_cards: int
                                                           ) -> None:
    for seed in range(3):
        for state, seat, events in decisions(players, seed, row_cards):
            knowledge = Knowledge.from_events(view_for(state, seat), events)
            rng = random.Random(seed)
            for _ in range(5):
                drawn = sample(knowledge, rng)
                assert view_for(drawn, seat) == view_for(state, seat)
                assert 110 == drawn.card_count()
                for other, known in enumerate(knowledge.known):
                    assert all(held >= want for held, want in
                               zip(drawn.hands[other], known, strict=True))


def test_the_true_hands_hold_what_the_seat_knows() -> None:
    for seed in range(3):
        for state, seat, events in decisions(3, seed):
            knowledge = Knowledge.from_events(view_for(state, seat), events)
            for hand, known in zip(state.hands, knowledge.known, strict=True):
                assert all(held >= want for held, want in zip(hand, known, strict=True))


def played(state: CubirdsState, *texts: str) -> tuple[CubirdsState, list[Event]]:
    """``state`` after the moves written in ``texts``, and all their events."""
    happened: list[Event] = []
    for text in texts:
        state, events = CUBIRDS.apply_with_events(state, parse_move(text))
        happened.extend(events)
    return state, happened


def test_cards_taken_in_the_open_stay_in_that_hand() -> None:
    # Seat 1 lays its parrot and takes O F from row 1 (E1): seat 0 knows it holds them.
    before = make(("DDW", "PRR"), rows=("FOT", "OFPM", "WRF", "OTD"), deck="MMWWRR", active=1)
    state, events = played(before, "1:lay P 1 left", "1:nofly")
    assert (Phase.LAY, 0) == (state.phase, state.active)
    knowledge = Knowledge.from_events(view_for(state, 0), CUBIRDS.events_for(events, 0))
    assert counts_of("FO") == knowledge.known[1]
    assert counts_of("DDW") == knowledge.known[0]  # its own hand
    rng = random.Random(1)
    for _ in range(50):
        drawn = sample(knowledge, rng)
        assert drawn.hands[1][0] >= 1
        assert drawn.hands[1][1] >= 1


def test_a_lay_forgets_the_known_cards_of_its_species_and_a_round_end_all() -> None:
    before = make(("DDW", "PRR"), rows=("FOT", "OFPM", "WRF", "OTD"), deck="MMWWRR", active=1)
    state, events = played(before, "1:lay P 1 left", "1:nofly", "0:lay W 2 left",
                           "0:nodraw", "0:nofly", "1:lay F 0 left")
    knowledge = Knowledge.from_events(view_for(state, 0), CUBIRDS.events_for(events, 0))
    assert counts_of("O") == knowledge.known[1]  # it laid its flamingo, kept the owl
    state, more = played(state, "1:nodraw", "1:nofly", "0:lay D 3 right", "0:nodraw",
                         "0:nofly")
    assert state.dealer == 0  # seat 0's hand was empty: the round ended
    knowledge = Knowledge.from_events(view_for(state, 0), CUBIRDS.events_for((*events, *more), 0))
    assert counts_of("") == knowledge.known[1]


def test_drawn_states_never_use_the_true_hidden_cards() -> None:
    # Two states that differ only in what seat 0 cannot see give the same draws.
    for seed in range(4):
        for state, seat, events in decisions(3, seed):
            other = CUBIRDS.indistinguishable(state, seat, random.Random(seed + 1))
            assert view_for(other, seat) == view_for(state, seat)
            first = Knowledge.from_events(view_for(state, seat), events)
            second = Knowledge.from_events(view_for(other, seat), events)
            draws = [sample(first, random.Random(draw)) for draw in range(3)]
            assert draws == [sample(second, random.Random(draw)) for draw in range(3)]


def test_the_unseen_cards_are_dealt_uniformly() -> None:
    # Seat 1's hand of 8 is drawn from the unseen cards: each species in proportion.
    state = random_game(2, 5)[0][0]
    seat = state.active
    assert seat is not None
    knowledge = Knowledge.from_events(view_for(state, seat), ())
    other = 1 - seat
    rng = random.Random(3)
    totals = [0] * 8
    draws = 3000
    for _ in range(draws):
        drawn = sample(knowledge, rng)
        totals = [total + held for total, held in zip(totals, drawn.hands[other], strict=True)]
    unseen = sum(knowledge.unseen)
    for species, total in enumerate(totals):
        expected = 8 * knowledge.unseen[species] / unseen
        assert abs(total / draws - expected) < 0.08 + 0.05 * expected


def test_knowledge_needs_a_seat_and_sample_needs_knowledge() -> None:
    state = random_game(2, 1)[0][0]
    with pytest.raises(ArgumentError):
        Knowledge.from_events(view_for(state, None), ())
    with pytest.raises(ArgumentError):
        sample(view_for(state, 0), random.Random(0))  # type: ignore[arg-type]


# --- the search bot ---------------------------------------------------------------------


def test_the_playout_policy_plays_legal_moves() -> None:
    rng = random.Random(2)
    for players in (2, 5):
        for before, _move, _after, _events in random_game(players, 3):
            if before.active is None or CUBIRDS.awaits_chance(before):
                continue
            move = playout_move(before, rng)
            assert CUBIRDS.is_legal(before, move)


def test_the_playout_policy_takes_draws_and_flies() -> None:
    rng = random.Random(0)
    # D at the right of row 0 takes O T P; W at the right of row 2 takes R M; nothing else
    # takes.
    state = position(("DW", "PPPPPPPP"), ("DOTP", "FTRM", "WRM", "PMF"))
    takes = [str(playout_move(state, rng)) for _ in range(200)]
    assert takes.count("0:lay D 0 right") > 150
    assert isinstance(playout_move(position(("DOOF", "PP"), ROWS, phase=Phase.DRAW_OPTION),
                                   rng), Draw)
    assert isinstance(playout_move(position(("", "PP"), ROWS, phase=Phase.DRAW_OPTION),
                                   rng), NoDraw)
    assert isinstance(playout_move(position(("DDF", "PP"), ROWS, phase=Phase.FLOCK), rng), NoFly)
    flown = playout_move(position(("DDDDFF", "PP"), ROWS, collections=("D", ""),
                                  phase=Phase.FLOCK), rng)
    assert isinstance(flown, Fly)
    assert flown.species == "F"


def test_the_search_bot_is_deterministic_for_a_seed_and_budget() -> None:
    for state, seat, events in decisions(3, 4)[:6]:
        view = view_for(state, seat)
        picks = {make_bot("search:30", CUBIRDS).choose(view, events, random.Random(9))
                 for _ in range(2)}
        assert 1 == len(picks)
        assert picks <= set(view.legal_moves)


def test_the_search_bot_is_blind_to_hidden_cards() -> None:
    for state, seat, events in decisions(2, 6)[:5]:
        other = CUBIRDS.indistinguishable(state, seat, random.Random(1))
        bot = make_bot("search:30", CUBIRDS)
        assert bot.choose(view_for(state, seat), events, random.Random(4)) == bot.choose(
            view_for(other, seat), events, random.Random(4))


def test_the_search_bot_thinks_at_the_one_move_flock_step_all_the_same() -> None:
    state = position(("DDF", "PP"), ROWS, phase=Phase.FLOCK)
    view = view_for(state, 0)
    assert (NoFly(0),) == view.legal_moves
    bot = make_bot("search:20", CUBIRDS)
    assert isinstance(bot, SearchBot)
    rng = random.Random(5)
    assert NoFly(0) == bot.choose(view, (), rng)
    assert 20 == bot.last_iterations  # D7: its time says nothing of the hand
    assert random.Random(5).random() == rng.random()  # and it drew nothing from the game's


def test_the_search_bot_settles_reshuffles_in_its_walks() -> None:
    # The deck is empty and the discard pile full: a draw or a refill in a walk
    # reshuffles, which the chance hook draws.
    state = make(("DOOF", "PPPPPPPP"), rows=ROWS, deck="")
    view = view_for(state, 0)
    move = make_bot("search:40", CUBIRDS).choose(view, (), random.Random(1))
    assert move in view.legal_moves
    assert isinstance(move, Lay)


# --- strength ---------------------------------------------------------------------------


def share(names: tuple[str, ...], hero: str, games: int, seed: int, players: int = 2
          ) -> tuple[float, int]:
    """``hero``'s win share over ``games`` seat-rotated games (a shared win splits), and
    the number of seats it played."""
    won = 0.0
    seats = 0
    for index in range(games):
        seating = tuple(names[(seat + index) % len(names)] for seat in range(players))
        bots = [make_bot(name, CUBIRDS) for name in seating]
        record, _log = play_game(CUBIRDS, bots, seating, CUBIRDS.default_options(),
                                 seed * 1000 + index, 3000)
        for seat, name in enumerate(seating):
            if name == hero:
                seats += 1
                if seat in record.winners:
                    won += 1 / len(record.winners)
    return won, seats


def test_greedy_beats_random() -> None:
    won, seats = share(("greedy", "random"), "greedy", 40, 1)
    assert wilson_interval(won, seats)[0] > 0.8


def test_search_beats_random() -> None:
    won, seats = share(("search:20", "random"), "search:20", 10, 2)
    assert wilson_interval(won, seats)[0] > 0.6


def test_search_holds_its_own_against_greedy() -> None:
    # A short check (the long test and docs/cubirds.md measure the margin): over a few
    # games the search bot wins at least its share of a coin toss less the noise.
    won, seats = share(("search:60", "greedy"), "search:60", 8, 3)
    assert won / seats >= 0.4


@pytest.mark.skipif(not os.environ.get("AVES_LONG_TESTS"),
                    reason="long: set AVES_LONG_TESTS=1 (about 4 minutes of one core)")
def test_search_beats_greedy_over_many_games() -> None:
    won, seats = share(("search:200", "greedy"), "search:200", 200, 1)
    assert wilson_interval(won, seats)[0] > 0.5
