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
    ("boxes", ["--players", "3", "--seed", "5", "--bots", "random"], "final wealth:"),
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


@pytest.mark.parametrize("game_id", ["tsukuru", "cubirds", "aves", "boxes"])
def test_the_table_tells_two_bots_of_one_name_apart(
        game_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # Every line of the screen, the table's rows included ("last finish: greedy" said
    # nothing), names each of two greedy bots by its seat.
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    main(["play", "--game", game_id, "--players", "3", "--seed", "1", "--bots", "greedy",
          "--log", str(tmp_path / "game.jsonl"), "--color", "never"])
    out = capsys.readouterr().out
    assert "greedy (seat 1)" in out
    for line in out.splitlines():
        assert not re.match(r"^greedy\b(?! \(seat)", line), line


# --- several people at one terminal (Sealed, the toy of sealed bids of simgame.py) ------


def _first_caller_zero_seed() -> int:
    from simgame import GAME as SEALED

    return next(seed for seed in range(100)
                if SEALED.new_setup(3, SEALED.default_options(), seed).first_caller == 0)


def test_several_people_take_turns_and_none_sees_anothers_sealed_bid(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    # Enter at each hand-over; ann calls and bids 3, bo bids 1, cy bids 0; then the
    # first listed move (any line is Enter at a hand-over).
    lines = ["", "call 2", "bid 3", "", "bid 1", "", "bid 0", *["1"] * 80]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert 0 == main(["play", "--game", "toy-sealed", "--players", "3", "--people",
                      "ann,bo,cy", "--seed", str(_first_caller_zero_seed()), "--log",
                      str(log), "--color", "never"])
    out = capsys.readouterr().out
    assert replay(log).valid
    before_reveal = out[:out.index("bids revealed")]
    # ann sees her own bid; bo and cy are told only that she bid.
    assert 1 == before_reveal.count("ann bids 3")
    bo = before_reveal[before_reveal.index("-- bo (seat 1) to play"):]
    assert "ann bids\n" in bo
    assert "ann bids 3" not in bo
    assert "prize 2; has bid: ann\n" in bo  # and no "your bid" of anyone else's
    cy = before_reveal[before_reveal.index("-- cy (seat 2) to play"):]
    assert "bo bids\n" in cy
    assert "bo bids 1" not in cy
    assert "bids revealed: ann 3, bo 1, cy 0; ann wins the prize" in out
    assert "you" not in out.split("game over")[-1]
    assert "you" not in out[out.index("bids revealed"):]  # nobody is "you" at the end
    assert re.search(r"game over: .+ won \(", out)


def test_people_and_bots_share_a_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 80))
    log = tmp_path / "game.jsonl"
    assert 0 == main(["play", "--game", "toy-sealed", "--players", "4", "--people", "ann,bo",
                      "--bots", "random", "--seed", "2", "--log", str(log),
                      "--color", "never"])
    outcome = replay(log)
    assert outcome.result is not None
    assert read_log(log).players == ("ann", "bo", "random", "random")
    out = capsys.readouterr().out
    assert "ann (seat 0), bo (seat 1), random (seat 2), random (seat 3)" in out


def test_two_people_commit_boxes_sealed_bids_in_turn_none_seeing_the_others(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    boxes = get_game("boxes")
    seed = next(seed for seed in range(100)
                if boxes.new_setup(3, boxes.default_options(), seed).first == 0)
    log = tmp_path / "game.jsonl"
    # Enter at each hand-over; ann chooses a sealed auction and stops examining, bo
    # stops and (still at the keyboard: both may move now) commits 500 200; ann commits
    # 500; then the first listed move (any line is Enter at a hand-over).
    lines = ["", "sealed", "stop", "", "stop", "seal 200 500", "", "seal 500", *["1"] * 600]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert 0 == main(["play", "--game", "boxes", "--players", "3", "--people", "ann,bo",
                      "--bots", "random", "--seed", str(seed), "--log", str(log),
                      "--color", "never"])
    out = capsys.readouterr().out
    outcome = replay(log)
    assert outcome.valid
    assert outcome.result is not None
    assert read_log(log).players == ("ann", "bo", "random")
    before = out[:out.index("sealed bids revealed")]
    # bo sees only that the bot committed, and commits his own.
    bo = before[before.index("-- bo (seat 1) to play"):]
    assert "  random commits a sealed bid" in bo
    assert "  you commit 500 200 (700) face down" in bo
    # ann, handed the keyboard after him, is told only that bo committed.
    ann = bo[bo.index("-- ann (seat 0) to play"):]
    assert "  bo commits a sealed bid" in ann
    assert "700" not in ann
    assert "committed: random and bo; still to commit: you" in ann
    assert "  you commit 500 (500) face down" in ann
    revealed = out[out.index("sealed bids revealed"):].splitlines()[0]
    assert revealed.startswith("sealed bids revealed: you 500 (500), bo 500 200 (700), random")
    end = out.split("game over")[-1]
    assert "you" not in end
    assert "final wealth:" in out
    assert "you" not in out[out.index("final wealth:"):]  # several people: nobody is "you"
    assert re.search(r"game over: .+ won \(the most wealth\)", out)
    assert [] == SNAKE.findall(out.replace(str(log), "LOG"))


@pytest.mark.parametrize(("args", "message"), [
    (["--people", "ann,,bo"], "--people names 1 to 3 people"),
    (["--people", "a,b,c,d"], "--people names 1 to 3 people"),
    (["--people", "ann,bo", "--seat", "1"], "give no --seat"),
    (["--people", "ann", "--bots", "random,random,random"],
     "--bots names 3 bots for 2 other seats"),
])
def test_bad_people_are_usage_errors(args: list[str], message: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    import simgame  # noqa: F401 - registers "toy-sealed" (whichever test ran before)

    assert 2 == main(["play", "--game", "toy-sealed", "--players", "3", *args])
    assert message in capsys.readouterr().err


def test_a_game_without_a_screen_plays_in_the_terminal_by_its_views(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import toygame  # noqa: F401 - registers "toy", High card without a screen of its own

    log = tmp_path / "toy.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("2\n1\n"))
    assert 0 == main(["play", "--game", "toy", "--seed", "3", "--log", str(log),
                      "--color", "never"])
    out = capsys.readouterr().out
    assert replay(log).valid
    # The view's fields as words, one entry per seat beside the seat's name, whose turn
    # by name, and each move in its words with its notation.
    assert "High card: player turn\n  hands: you 1; random —\n  deck size: 4\n" in out
    assert "  to move: you\n   1. keep the card  (0:keep)\n" \
           "   2. swap for the deck's top card  (0:swap)\n" in out
    assert "> you: swapped (card 4)\nrandom: kept\n" in out
    assert "game over: you won (higher card)" in out
