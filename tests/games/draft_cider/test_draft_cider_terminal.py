"""Draft Cider in a terminal: the choices grid (which lots take each pool card and what
the total gains, a broken tree marked), a card's choices in full, the short forms a
person types, the events in words, and a whole game through ``aves play`` to its end
with every orchard and the winners by name."""

# ruff: noqa: N802

from __future__ import annotations

import io
import re
from pathlib import Path

import attrs
import pytest

from aves_core import get_game
from aves_core.cli import main
from aves_core.games.draft_cider.events import Picked, PickUndone, PoolLaid
from aves_core.games.draft_cider.moves import Pick
from aves_core.games.draft_cider.state import DraftCiderOptions, DraftCiderState
from aves_core.games.draft_cider.terminal import DraftCiderScreen
from aves_core.kernel.replay import replay
from aves_core.kernel.terminal import Paint

PLAIN = Paint(False)
NAMES = ("ann", "bo", "cy")


def orchard(**lots: str) -> tuple[tuple[str, ...], ...]:
    order = ("mono", "feather", "tree", "unlucky", "forte", "couple", "stable", "bad")
    return tuple(tuple(lots.get(lot, "").split()) for lot in order)


def table(pool: str, mine: tuple[tuple[str, ...], ...]) -> DraftCiderState:
    """A 3-player game, seat 0 to pick from ``pool`` with the orchard ``mine``."""
    game = get_game("draft-cider")
    state = game.start(3, game.new_setup(3, DraftCiderOptions(), 1, first_player=0))
    assert isinstance(state, DraftCiderState)
    empty = orchard()
    return attrs.evolve(state, pool=tuple(pool.split()), orchards=(mine, empty, empty),
                        active=0)


def test_DC20_the_table_shows_every_orchard_its_lot_scores_and_the_pool() -> None:
    # E1's orchard for seat 0: 45 points.
    mine = orchard(tree="Y44", mono="G11 G25", feather="R32 G32 R35", unlucky="R51 G54 R33",
                   forte="R15 G21", bad="Y13")
    state = table("G43 Y12", mine)
    view = get_game("draft-cider").view(state, 1)
    lines = DraftCiderScreen().table(view, NAMES, PLAIN)
    text = "\n".join(lines)
    assert "round 1 of 6" in text
    assert "  ann: 45 points  <- to pick" in lines
    assert "    tree      20  Y44" in lines
    assert "    unlucky    9  R51 G54 R33  (sweetness 13 of 13)" in lines
    assert "    bad       -1  Y13" in lines
    assert "    empty: couple stable" in lines
    assert "  you: 0 points" in lines
    assert "pool: G43 Y12" in lines
    assert "ann to pick" == lines[-1]
    assert [] == DraftCiderScreen().moves(view, PLAIN)  # not bo's turn


def test_DC12_the_grid_shows_each_accepting_lot_and_marks_a_broken_tree() -> None:
    mine = orchard(tree="Y44", mono="G11 G25")
    state = table("Y12 G43", mine)
    view = get_game("draft-cider").view(state, 0)
    lines = DraftCiderScreen().moves(view, PLAIN)
    assert lines[1].split() == ["mono", "feather", "tree", "unlucky", "forte", "couple",
                                "stable", "bad"]
    y12 = lines[2].split()
    # Y12 in mono is refused (green), the tree is full; in stable it breaks the tree:
    # +3 for stable, -20 for the tree.
    assert y12[0] == "Y12"
    assert y12[1] == "-"
    assert y12[3] == "-"
    assert y12[7] == "[5]-17!"
    assert y12[8] == "[6]-1"
    g43 = lines[3].split()
    assert g43[1] == "[7]+3"  # mono G11 G25 G43: 3 -> 6


def test_a_card_alone_lists_its_choices_and_why_other_lots_refuse() -> None:
    mine = orchard(tree="Y44", mono="G11 G25")
    view = get_game("draft-cider").view(table("Y12 G43", mine), 0)
    text = DraftCiderScreen().read_move("y12", view)
    assert isinstance(text, str)
    assert "gold, sweetness 1, height 2" in text
    assert "[5] stable: 0 -> 3, your total 23 -> 6; your tree loses its 20" in text
    assert "[6] bad: 0 -> -1, your total 23 -> 22\n" in text
    assert "mono: no, mono holds G cards" in text
    assert "tree: no, the tree holds one card and is full" in text
    assert "not in the pool" in str(DraftCiderScreen().read_move("r55", view))


def test_short_forms_name_picks() -> None:
    view = get_game("draft-cider").view(table("Y12 G43", orchard()), 0)
    screen = DraftCiderScreen()
    assert Pick(0, "Y12", "feather") == screen.read_move("y12 fe", view)
    assert Pick(0, "G43", "bad") == screen.read_move("G43 bad", view)
    assert "could be feather or forte" in str(screen.read_move("y12 f", view))
    assert "names no lot" in str(screen.read_move("y12 zz", view))
    assert screen.read_move("0:pick Y12 bad", view) is None  # full notation
    assert screen.read_move("7", view) is None


def test_events_in_words() -> None:
    screen = DraftCiderScreen()
    assert "bo picks Y34 for feather (now 6)" == screen.event(
        Picked(1, "Y34", "feather", 6), NAMES, 0, PLAIN)
    assert "you pick Y34 for feather (now 6)" == screen.event(
        Picked(1, "Y34", "feather", 6), NAMES, 1, PLAIN)
    assert "round 2: the pool is G11 R55; cy picks first" == screen.event(
        PoolLaid(2, 2, ("G11", "R55")), NAMES, 0, PLAIN)
    assert "you take back G11 from mono" == screen.event(
        PickUndone(0, "G11", "mono", 0), NAMES, 0, PLAIN)


@pytest.mark.parametrize("players", [2, 6])
def test_a_whole_game_in_aves_play(players: int, tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    # Always the first listed move.
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 40))
    assert 0 == main(["play", "--game", "draft-cider", "--players", str(players),
                      "--seed", "3", "--bots", "random", "--log", str(log),
                      "--color", "never"])
    out = capsys.readouterr().out
    outcome = replay(log)
    assert outcome.valid
    assert outcome.result is not None
    lines = out.splitlines()
    assert lines[-2].startswith("game over: ")
    assert "(the most points)" in lines[-2]
    end = lines[lines.index("final scores:"):-2]
    assert any(line.startswith("  1st  ") for line in end)
    assert sum(1 for line in end if re.match(r"  \d(st|nd|rd|th)  ", line)) == players
    rounds = 6 if players == 6 else 4
    assert f"round {rounds} of {rounds}" in out
    assert [] == re.findall(r"\b[a-z]+(?:_[a-z]+)+\b", out.replace(str(log), "LOG"))
