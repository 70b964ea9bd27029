"""The end of ``aves play`` for every game it draws, read as a newcomer reads it: each
game played to its end (the first listed move, typed through standard input), then
every seat's final state, then who won, by name, in a sentence; and no raw identifier
(a phase such as ``playerTurn``, a reason such as ``deck_empty``, a token such as
``anubis_black``) anywhere in what was printed."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from aves_core.cli import main
from aves_core.cli.play import shown_names
from aves_core.kernel.log import read_log
from aves_core.kernel.registry import get_game
from aves_core.kernel.replay import replay, states
from aves_core.kernel.terminal import in_words

# A game, its options, and the line that opens its final state.
GAMES = [
    ("aves", ["--players", "3", "--seed", "7"], "final hands:"),
    ("aves", ["--players", "4", "--seed", "3", "--crows", "--bots", "random"], "final hands:"),
    ("soulaween", ["--seed", "5", "-O", "mode=standard"], "the final mat:"),
    ("cubirds", ["--players", "3", "--seed", "5", "--bots", "greedy,random"],
     "the final rows:"),
    ("tsukuru", ["--players", "3", "--seed", "5", "--bots", "greedy,random", "-O",
                 "scoring=advanced"], "final scores:"),
]
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


@pytest.mark.parametrize(("game_id", "args", "opening"), GAMES)
def test_a_whole_game_ends_with_every_seats_state_and_the_winners_by_name(
        game_id: str, args: list[str], opening: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 600))
    assert 0 == main(["play", "--game", game_id, *args, "--log", str(log),
                      "--color", "never"])
    out = capsys.readouterr().out
    outcome = replay(log)
    assert outcome.valid
    result = outcome.result
    assert result is not None
    lines = out.splitlines()
    assert f"the game's log is in {log} (aves replay {log})" == lines[-1]
    names = ["you", *shown_names(read_log(log).players)[1:]]
    winners = in_words(names[seat] for seat in result.winners)
    game = get_game(game_id)
    assert f"game over: {winners} won ({game.describe_result(result)})" == lines[-2]
    # The final state comes just before, each seat by name.
    end = lines[lines.index(opening):-2]
    for name in names:
        assert any(line.lstrip().startswith(name) or f"  {name} " in line
                   for line in end), (name, end)
    # Nothing raw: no phase name, no snake_case identifier, no seat numbers for names.
    text = out.replace(str(log), "LOG")
    phases = {game.phase_name(state) for state in states(log)}
    assert [] == [phase for phase in phases if phase != phase.lower() and phase in text]
    assert [] == SNAKE.findall(text)
    assert "player 1" not in text
    assert "seat 0 won" not in text


def test_names_in_words() -> None:
    assert "" == in_words([])
    assert "Ann" == in_words(["Ann"])
    assert "Ann and Bo" == in_words(["Ann", "Bo"])
    assert "Ann, Bo and Cy" == in_words(["Ann", "Bo", "Cy"])
    assert "Ann, Bo, Cy and Di" == in_words(iter(["Ann", "Bo", "Cy", "Di"]))


def test_seats_that_share_a_name_are_told_apart_by_their_seat() -> None:
    assert ("you", "greedy (seat 1)", "search", "greedy (seat 3)") == shown_names(
        ["you", "greedy", "search", "greedy"])
    assert ("ann", "bo") == shown_names(["ann", "bo"])
