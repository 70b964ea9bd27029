"""Edges of Tsukuru's setup (RULES-tsukuru.md TK1, TK4, TK5, TK15, TK18a, D2) that the
other tests leave unproved, found by mutation testing.

``tools/mutation.py tsukuru --module setup.py`` runs mutmut on ``games/tsukuru/setup.py``
with the tests of this folder; each test here kills mutants that survived them
(GAME-DONE.md, "Proof"): a setup without a seed, the checks of arguments, each setup
code's message and path, and the state a deal starts.
"""

# ruff: noqa: N802

from __future__ import annotations

import random

import attrs
import pytest

from aves_core.games.tsukuru import setup
from aves_core.games.tsukuru.evaluator import Arrangement, Score
from aves_core.games.tsukuru.phases import Phase
from aves_core.games.tsukuru.state import Shown, TsukuruOptions, TsukuruSetup
from aves_core.games.tsukuru.tiles import COPIES, counts_of, full_set
from aves_core.kernel.errors import ArgumentError, SetupError


def setup_error(num_players: int, made: TsukuruSetup) -> SetupError:
    with pytest.raises(SetupError) as caught:
        setup.start(num_players, made)
    return caught.value


def test_D2_a_setup_without_a_seed_is_drawn_from_the_systems_randomness() -> None:
    for players in (2, 3, 4):
        made = setup.new_setup(players, TsukuruOptions(), None)
        assert sorted(made.deal) == sorted(full_set())
        assert made.dealer in range(players)
        assert setup.start(players, made).active == made.dealer
        assert isinstance(setup.chance_generator(players, TsukuruOptions(), None),
                          random.SystemRandom)


def test_TK1_TK15_the_setup_functions_check_their_arguments() -> None:
    options = TsukuruOptions()
    for call in (lambda: setup.new_setup(5, options, 1),
                 lambda: setup.chance_generator(5, options, 1),
                 lambda: setup.start(5, setup.new_setup(2, options, 1))):
        with pytest.raises(SetupError, match=r"^Tsukuru 10 Ten is for 2 to 4 players, not 5$"):
            call()
    with pytest.raises(SetupError, match=r"not 1$"):
        setup.check_players(1)
    assert [setup.check_players(players) for players in (2, 3, 4)] == [2, 3, 4]
    with pytest.raises(ArgumentError, match=r"^num_players must be an int, not str '2'$"):
        setup.new_setup("2", options, 1)  # type: ignore[arg-type]
    for call in (lambda: setup.new_setup(2, "basic", 1),  # type: ignore[arg-type]
                 lambda: setup.chance_generator(2, "basic", 1)):  # type: ignore[arg-type]
        with pytest.raises(ArgumentError, match=r"^options must be TsukuruOptions, not str$"):
            call()
    for call in (lambda: setup.new_setup(2, options, "x"),  # type: ignore[arg-type]
                 lambda: setup.chance_generator(2, options, "x")):  # type: ignore[arg-type]
        with pytest.raises(ArgumentError, match=r"^seed must be an int, not str 'x'$"):
            call()
    with pytest.raises(ArgumentError, match=r"^a Tsukuru setup is a TsukuruSetup, not str$"):
        setup.start(2, "setup")  # type: ignore[arg-type]


def test_D2_a_seeded_games_later_deals_continue_its_generator() -> None:
    rng = random.Random(5)
    first = list(full_set())
    rng.shuffle(first)
    dealer = rng.randrange(4)
    made = setup.new_setup(4, TsukuruOptions(), 5)
    assert (made.deal, made.dealer) == (tuple(first), dealer)
    later = list(full_set())
    rng.shuffle(later)
    chance = setup.chance_generator(4, TsukuruOptions(), 5)
    assert setup.next_deal(chance) == tuple(later)


def test_TK18a_each_setup_code_says_what_is_wrong_and_names_its_field() -> None:
    made = setup.new_setup(2, TsukuruOptions(), 1)
    cases = (
        (attrs.evolve(made, scoring=3), "bad_options", "scoring",  # type: ignore[arg-type]
         "scoring is basic or advanced, not 3"),
        (attrs.evolve(made, end="x"), "bad_options", "end", "end is target or rounds, not 'x'"),
        (attrs.evolve(made, dealer="0"), "bad_dealer", "dealer",  # type: ignore[arg-type]
         "the dealer is a seat 0 to 1, not '0'"),
        (attrs.evolve(made, dealer=-1), "bad_dealer", "dealer",
         "the dealer is a seat 0 to 1, not -1"),
        (attrs.evolve(made, deal=made.deal[:-1]), "bad_deal", "deal", "a deal is the 61 tiles"),
        (attrs.evolve(made, deal=(*made.deal[:-1], "X9")), "bad_deal", "deal",
         "a deal holds tiles, not 'X9'"),
        (attrs.evolve(made, deal=(*made.deal[:-1], 9)), "bad_deal", "deal",
         "a deal holds tiles, not 9"),
        (attrs.evolve(made, deal=(*made.deal[:-1], "R0")), "bad_deal", "deal",
         "a deal holds every tile exactly as often as the game has it (four of each red "
         "and blue 1-7, one R0, one of each purple)"),
    )
    for bad, code, path, message in cases:
        error = setup_error(2, bad)
        assert (error.code, error.path, str(error)) == (code, path, message)
    for dealer in (0, 1):
        assert setup.start(2, attrs.evolve(made, dealer=dealer)).dealer == dealer
    with pytest.raises(SetupError) as caught:
        setup.check_deal(list(made.deal), "setup.deal")
    assert (caught.value.code, caught.value.path) == ("bad_deal", "setup.deal")
    assert setup.check_deal(made.deal) == made.deal


def test_TK4_TK5_round_one_starts_with_the_dealer_and_nothing_played() -> None:
    made = setup.new_setup(3, TsukuruOptions("advanced", "rounds"), 2, first_player=1)
    state = setup.start(3, made)
    assert state.options == TsukuruOptions("advanced", "rounds")
    assert (state.round, state.dealer, state.active, state.phase) == (1, 1, 1, Phase.TURN)
    assert state.scores == (0, 0, 0)
    assert state.turns == (0, 0, 0)
    assert state.open_sets == ((), (), ())
    assert state.discards == ((), (), ())
    assert (state.drawn, state.shown, state.ended, state.result) == (None, None, None, None)
    assert state.deck == made.deal[21:]
    assert sum(map(sum, state.concealed)) == 21


def test_TK4_TK19_a_later_round_keeps_the_scores_and_the_last_finish_shown() -> None:
    """A new round deals fresh hands, clears the open sets, discards and turns, and
    keeps the scores; the last finish stays shown until the end of this round."""
    state = setup.start(2, setup.new_setup(2, TsukuruOptions(), 3, first_player=0))
    shown = Shown(0, counts_of(["R1"]), (), Arrangement(), Score(1, (("finish", 1),)), 1)
    played = attrs.evolve(state, scores=(1, 0), shown=shown, turns=(3, 2), round=1,
                          discards=(("B1",), ("B2",)), phase=Phase.DEAL, active=None,
                          ended="finish")
    deal = setup.next_deal(random.Random(8))
    dealt = setup.deal_round(played, deal, 1)
    assert (dealt.round, dealt.dealer, dealt.active, dealt.phase) == (2, 1, 1, Phase.TURN)
    assert dealt.scores == (1, 0)
    assert dealt.shown == shown
    assert dealt.turns == (0, 0)
    assert dealt.discards == ((), ())
    assert dealt.open_sets == ((), ())
    assert dealt.concealed == (counts_of(deal[:7]), counts_of(deal[7:14]))
    assert dealt.deck == deal[14:]
    assert (dealt.drawn, dealt.ended, dealt.result) == (None, None, None)
    assert sum(COPIES) == dealt.tile_count()


def test_TK15_TK18a_options_read_from_json_name_the_bad_field() -> None:
    """An option's bad value, read from JSON (a host's table request, a log's header),
    is ``bad_options`` at that option's path, not at no path at all."""
    from aves_core import get_game
    from aves_core.kernel.convert import FieldError

    game = get_game("tsukuru")
    for data, path in (({"scoring": "x"}, "scoring"), ({"end": "never"}, "end"),
                       ({"end": "rounds"}, "end")):
        with pytest.raises(FieldError) as caught:
            game.options_from_json(data)
        assert (caught.value.code, caught.value.path) == ("bad_options", path)
    assert game.options_from_json({"scoring": "advanced", "end": "rounds"}) == \
        TsukuruOptions("advanced", "rounds")
