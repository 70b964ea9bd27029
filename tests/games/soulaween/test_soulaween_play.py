"""``aves play --game soulaween``: a whole game typed through the command, and the screen."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from aves_core import replay
from aves_core.games.soulaween.game import SOULAWEEN
from aves_core.games.soulaween.moves import Put, Reap
from aves_core.games.soulaween.phases import Phase
from aves_core.games.soulaween.state import SoulaweenState
from aves_core.games.soulaween.terminal import SoulaweenScreen, token_name
from aves_core.games.soulaween.views import view_for
from aves_core.kernel.terminal import Paint


@pytest.mark.parametrize(("options", "seed"), [([], 3), (["-O", "mode=standard"], 6)])
def test_a_whole_game_typed_through_pipes_ends_and_its_log_replays(
        tmp_path: Path, options: list[str], seed: int) -> None:
    log = tmp_path / "game.jsonl"
    # Always the first listed move, for as long as the game asks.
    typed = "1\n" * 400
    done = subprocess.run(
        [sys.executable, "-m", "aves_core", "play", "--game", "soulaween", "--bots", "greedy",
         "--seed", str(seed), *options, "--log", str(log), "--color", "never"],
        input=typed, capture_output=True, text=True, timeout=120, check=False)
    assert (0, "") == (done.returncode, done.stderr)
    out = done.stdout
    assert out.startswith(f"Soulaween, 2 players, seed {seed}: you are seat 0; "
                          "greedy (seat 1)")
    assert out.rstrip().endswith(f"the game's log is in {log} (aves replay {log})")
    outcome = replay(log)
    assert outcome.valid
    assert outcome.result is not None
    # The end: the final mat, each seat's tokens by name, then who won, by name.
    state = outcome.state
    end = out[out.index("\nthe final mat:\n"):].splitlines()[2:]
    assert [f"  {4 - row}  {' '.join(line)}" for row, line in enumerate(state.mat)] \
        == end[:4]
    assert "     a b c d" == end[4]
    for seat, (name, line) in enumerate(zip(("you", "greedy"), end[5:7], strict=True)):
        tokens = [token_name(token) for token in state.tokens[seat]]
        assert line.startswith(f"{name} (")
        assert (f"tokens {', '.join(tokens)}" if tokens else "no tokens") in line
    winners = " and ".join(("you", "greedy")[seat] for seat in outcome.result.winners)
    why = {"three_tokens": "three tokens",
           "one_of_each_kind": "one token of each kind"}[outcome.result.reason]
    assert f"game over: {winners} won ({why})" == end[7]
    # No raw identifier reaches the player: token kinds, characters.
    assert "_" not in out.replace(str(log), "")
    if options:
        assert "Anubis (" in out  # seed 6: both seats are Anubis


def test_tokens_are_named_as_the_rules_name_them() -> None:
    assert ["Vulture", "Cloth", "Scythe", "Needle", "Anubis (black)", "Anubis (white)"] == [
        token_name(token) for token in ("vulture", "cloth", "scythe", "needle",
                                        "anubis_black", "anubis_white")]


def test_the_screen_reads_the_short_forms() -> None:
    screen = SoulaweenScreen()
    view = view_for(SoulaweenState(0, 0, ((), ()), (None, None), (None, None), (None, None),
                                   Phase.PLAYER_TURN, 0), 0)
    assert Put(0, "b3", "white") == screen.read_move("b3 w", view)
    assert Put(0, "b3", "black") == screen.read_move("B3 Black", view)
    assert Reap(0, ("a1", "b2", "c3", "d4")) == screen.read_move("a1-d4", view)
    assert screen.read_move("0:put a1 black", view) is None  # full notation: read elsewhere
    refused = screen.read_move("z9 w", view)
    assert isinstance(refused, str)
    assert refused.startswith("'z9' is not a cell")


def test_the_screen_draws_the_mat_with_rows_4_to_1() -> None:
    state = SoulaweenState(0b1, 0b1000_0000_0000_0000, (("vulture",), ()),
                           ("anubis", "hei_bai"), (None, "bai"), (None, "white"),
                           Phase.PLAYER_TURN, 1)
    lines = SoulaweenScreen().table(view_for(state, 1), ["ann", "bo"], Paint(False))
    assert ["", "  4  . . . W", "  3  . . . .", "  2  . . . .", "  1  B . . .",
            "     a b c d", "ann (Anubis): tokens Vulture",
            "you (Hei & Bai, Bai): no tokens; next token from white pieces only"] == lines


def test_the_screen_lists_a_reap_choice_and_names_patterns_as_the_notation_does() -> None:
    from aves_core.games.soulaween.events import PiecesReaped
    from aves_core.games.soulaween.state import SoulaweenSetup

    state = SOULAWEEN.start(2, SoulaweenSetup(0))
    for text in ["0:put b3 black", "1:put b4 black", "0:put a2 white", "1:put c2 black",
                 "0:put d2 black", "1:put b1 white", "0:put b2 black"]:
        state = SOULAWEEN.apply(state, SOULAWEEN.parse_move(text))
    screen = SoulaweenScreen()
    view = view_for(state, 0)
    assert ["choose the pattern to reap:", "  [1] reap a2-d2  [2] reap b1-b4"] == \
        screen.moves(view, Paint(False))
    assert Reap(0, ("b1", "b2", "b3", "b4")) == screen.read_move("b4-b1", view)
    square = PiecesReaped(1, ("a2", "a3", "b2", "b3"), "black", "cloth")
    assert "  bo reaps a2-b3 (black) and takes a Cloth token" == \
        screen.event(square, ["ann", "bo"], 0, Paint(False))
    anubis = PiecesReaped(0, ("a1", "b2", "c3", "d4"), "white", "anubis_white")
    assert "  you reap a1-d4 (white) and take an Anubis (white) token" == \
        screen.event(anubis, ["ann", "bo"], 0, Paint(False))
