"""Tsukuru 10 Ten in a terminal: the short forms a person types, ``why`` a hand cannot
finish, finishes shown with their scores best first, and a whole game through
``aves play`` (tests/kernel/test_cli_play.py plays one to its end)."""

from __future__ import annotations

import attrs

from aves_core import get_game
from aves_core.games.tsukuru.moves import Discard, Draw, Finish, FinishFrom, Get
from aves_core.games.tsukuru.state import TsukuruOptions
from aves_core.games.tsukuru.terminal import TsukuruScreen
from aves_core.games.tsukuru.tiles import counts_of
from aves_core.kernel.terminal import Paint


def hand(text: str) -> tuple[int, ...]:
    return counts_of(text.split())


def test_short_forms_name_moves() -> None:
    game = get_game("tsukuru")
    state = game.start(3, game.new_setup(3, TsukuruOptions(), 1, first_player=0))
    state = attrs.evolve(state, concealed=(hand("B4 B5 R1 R1 R2 R6 R7"),
                                           *state.concealed[1:]),
                         discards=((), ("B3",), ()))
    screen = TsukuruScreen()
    view = game.view(state, 0)
    assert Draw(0) == screen.read_move("d", view)
    assert Get(0, 1, "B4B5") == screen.read_move("g 1 b4b5", view)
    assert Discard(0, "R7") == screen.read_move("r7", view)
    assert screen.read_move("0:draw", view) is None  # full notation is read as such
    why = screen.read_move("why", view)
    assert isinstance(why, str)
    assert "8 tiles totalling 10" in why


def test_finishes_show_their_score_part_by_part() -> None:
    game = get_game("tsukuru")
    state = game.start(4, game.new_setup(4, TsukuruOptions("advanced"), 1, first_player=0))
    hands = list(state.concealed)
    hands[2] = hand("B5 B5 B5 P5 R2 R2 R2")
    state = attrs.evolve(state, concealed=tuple(hands), active=2, turns=(1, 1, 0, 0),
                         discards=((), (), (), ("R5",)))
    view = game.view(state, 2)
    lines = TsukuruScreen().moves(view, Paint(False))
    finishes = [line for line in lines if "finish with R5" in line]
    assert finishes[0].endswith("-> 10 (Finish +2, Closed +1, No Ones +1, Half Color +1, "
                                "Multi +5)")
    assert isinstance(TsukuruScreen().read_move("f 3", view), FinishFrom)
    assert not isinstance(TsukuruScreen().read_move("f", view), Finish)  # no draw yet
