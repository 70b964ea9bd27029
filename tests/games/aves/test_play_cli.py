"""``aves play`` driven as a user drives it: through a pseudo-terminal (pexpect), typing
numbers, short moves, bad input, ``u``, ``q`` and Ctrl-C; and once through plain pipes.

The transcripts are checked against the game's log: every bot move and every move typed is
shown, the log is written as the game goes and replays valid, and the last line names it.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

# pexpect ships no type information (no stubs, no py.typed); it is a dev dependency.
import pexpect  # type: ignore[import-untyped]
import pytest

from aves_core import Phase, Return, Trade, Variant, game_cards, load_log, replay
from aves_core.cli import main
from aves_core.games.aves.sim import make_bot
from aves_core.games.aves.table import AvesTable as Table

PROMPT = r"\n> "
ANSI = re.compile(r"\x1b\[[0-9;]*m")
TIMEOUT = 30


def spawn(log: Path, *args: str, color: str = "never") -> pexpect.spawn:
    """``aves play`` in a pseudo-terminal, its output kept in ``child.logfile_read``."""
    env = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    child = pexpect.spawn(
        sys.executable, ["-m", "aves_core", "play", "--color", color, "--log", str(log), *args],
        encoding="utf-8", timeout=TIMEOUT, env=env, dimensions=(60, 200))
    child.logfile_read = io.StringIO()
    return child


def transcript(child: pexpect.spawn) -> str:
    """Everything the child wrote, with the terminal's CRLF made plain newlines."""
    text: str = child.logfile_read.getvalue()
    return text.replace("\r\n", "\n")


def finish(child: pexpect.spawn) -> int:
    """Wait for the child to exit; its exit status."""
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus is None
    status: int = child.exitstatus
    return status


def shown_moves(text: str, seat_name: str) -> list[str]:
    """The trades and returns the screen reports for one player (or for every seat of a
    name several seats share: ``greedy (seat 1)``, ``greedy (seat 2)``), as ``R3@2`` or
    ``^R3@2`` (a return)."""
    name = re.escape(seat_name) + r"(?: \(seat \d\))?"
    found = []
    for line in text.splitlines():
        trade = re.fullmatch(rf"{name}: (\w\d) into gap (\d+)", line)
        if trade:
            found.append(f"{trade[1]}@{trade[2]}")
        back = re.fullmatch(rf"{name}: returns (\w\d) to gap (\d+) \(hand limit\)", line)
        if back:
            found.append(f"^{back[1]}@{back[2]}")
    return found


def logged_moves(log: Path, seats: Sequence[int]) -> list[str]:
    """The log's trades and returns by ``seats``, written as ``shown_moves`` writes them."""
    found = []
    for move in load_log(log).moves:
        if move.player in seats and isinstance(move, Trade | Return):
            mark = "^" if isinstance(move, Return) else ""
            found.append(f"{mark}{move.card}@{move.gap}")
    return found


def assert_valid_log(log: Path) -> None:
    assert log.exists()
    outcome = replay(log)
    assert outcome.valid, outcome.problem
    assert 0 == main(["replay", str(log)])  # what `aves replay` answers


def last_line(text: str) -> str:
    return [line for line in text.splitlines() if line.strip()][-1]


def undo_script(seeds: range = range(200)) -> tuple[int, list[str]] | None:
    """A seed and the move numbers to type (seat 0 of 3, greedy bots, preferring matches)
    until seat 0 makes a match into eight cards that revealed nothing, which it may undo.

    The game is replayed in process exactly as ``aves play`` sets it up: a ``Table`` seeded
    with the seed, and greedy bots given seats 1 and 2 in order."""
    for seed in seeds:
        table = Table(["you", "greedy", "greedy"], Variant(), seed=seed)
        for other in (1, 2):
            table.replace_with_bot(other, make_bot("greedy"))
        typed: list[str] = []
        while table.state.result is None and len(typed) < 40:
            view = table.view(0)
            assert view.is_my_turn
            if view.phase is Phase.FORCED_RETURN:
                if table.can_undo(0):
                    return seed, typed
                number = 1
            else:
                circle, k = view.circle, len(view.circle)
                matches = [number for number, move in enumerate(view.legal_moves, 1)
                           if isinstance(move, Trade) and abs(
                               circle[move.gap].number - circle[(move.gap + 1) % k].number)
                           == move.card.number]
                number = matches[0] if matches else 1
            typed.append(str(number))
            table.play(view.legal_moves[number - 1])
    return None


# --- whole games -----------------------------------------------------------------------


def play_to_the_end(child: pexpect.spawn, limit: int = 400) -> int:
    """Answer 1 at every prompt until the game is over; the number of answers."""
    answers = 0
    while True:
        index = child.expect([PROMPT, r"game over: [^\r\n]*"])
        if index == 1:
            return answers
        assert answers < limit, "the game does not end"
        child.sendline("1")
        answers += 1


def test_a_whole_game_against_greedy_bots(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    child = spawn(log, "--seed", "7", "--players", "3")
    answers = play_to_the_end(child)
    assert 0 == finish(child)
    text = transcript(child)
    assert text.startswith("AVES, 3 players, seed 7: you are seat 0; greedy (seat 1), "
                           "greedy (seat 2)")
    assert f"the game's log is in {log} (aves replay {log})" == last_line(text)
    assert ANSI.search(text) is None
    assert_valid_log(log)
    outcome = replay(log)
    assert outcome.result is not None
    # The end: every seat's final hand with its colours counted, then who won, by name.
    names = ["you", "greedy (seat 1)", "greedy (seat 2)"]
    end = text[text.index("\nfinal hands:\n"):].splitlines()[2:]
    state = outcome.state
    for name, hand, line in zip(names, state.hands, end, strict=False):
        colours = len({card.color for card in hand})
        assert re.fullmatch(rf"  {re.escape(name)} +{' '.join(map(str, hand))} +"
                            rf"{colours} colours?, {len(hand)} fruit cards?", line), line
    winners = [names[seat] for seat in outcome.result.winners]
    why = {"seven_colors": "collected all seven colours",
           "deck_empty": "the deck ran out; best hand"}[outcome.result.reason]
    assert f"game over: {' and '.join(winners)} won ({why})" == end[3]
    assert answers == sum(1 for move in load_log(log).moves if move.player == 0)
    # Every bot move and every move typed is on the screen, in order.
    assert logged_moves(log, [1, 2]) == shown_moves(text, "greedy")
    assert logged_moves(log, [0]) == shown_moves(text, "you")
    assert re.search(r"^greedy \(seat 1\): \w\d into gap \d+$", text, re.MULTILINE)
    assert re.search(r"^greedy \(seat 2\): \w\d into gap \d+$", text, re.MULTILINE)


def test_colours_when_asked_and_the_same_game_without_them(tmp_path: Path) -> None:
    texts = []
    for color in ("always", "never"):
        log = tmp_path / f"{color}.jsonl"
        child = spawn(log, "--seed", "3", "--players", "4", "--crows", color=color)
        for answer in ("1", "2", "1"):
            child.expect(PROMPT)
            child.sendline(answer)
        child.expect(PROMPT)
        child.sendline("q")
        assert 0 == finish(child)
        text = transcript(child)
        texts.append(text.replace(str(log), "LOG"))
        assert_valid_log(log)
    coloured, plain = texts
    assert "\x1b[1;38;5;" in coloured
    assert "\x1b[0m" in coloured
    assert ANSI.search(plain) is None
    assert plain == ANSI.sub("", coloured)


def test_showdown_shows_the_other_hands(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    child = spawn(log, "--seed", "5", "--players", "2", "--showdown")
    child.expect(PROMPT)
    child.sendline("q")
    assert 0 == finish(child)
    text = transcript(child)
    assert re.search(r"others: greedy \d+ cards \[(\w\d ?)+\]", text)


# --- bad input and commands -----------------------------------------------------------


def hand_shown(text: str) -> list[str]:
    """The codes of the last hand shown."""
    lines = [line for line in text.splitlines() if line.startswith("your hand: ")]
    return lines[-1].removeprefix("your hand: ").split()


def test_bad_input_asks_again_and_says_why(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    child = spawn(log, "--seed", "11", "--players", "3")
    child.expect(PROMPT)
    hand = hand_shown(transcript(child))
    absent = next(str(card) for card in game_cards(3, False) if str(card) not in hand)
    bad = [
        ("foo", r"not a move: 'foo' is not a move: write SEAT:trade CARD@GAP"),
        ("99", r"not a move: there is no move number 99 \(1 to \d+\)"),
        ("0", r"not a move: there is no move number 0 \(1 to \d+\)"),
        (f"{absent}@0", r"not legal \(card_not_in_hand\): 0:trade " + absent + "@0"),
        (f"{hand[0]}@99", r"not legal \(gap_out_of_range\)"),
        (f"0:return {hand[0]}@0", r"not legal \(wrong_phase\)"),
        (f"1:trade {hand[0]}@0", r"not legal \(not_your_turn\)"),
        ("Z9@1", r"not a move: '0:trade Z9@1' is not a move of AVES: 'Z9' is not a card"),
        ("", r"type a number, a move like R3@2, u to undo, q to stop"),
        ("u", r"nothing to undo"),
    ]
    for typed, reason in bad:
        child.sendline(typed)
        child.expect(reason)
        child.expect(PROMPT)  # asked again
        assert hand == hand_shown(transcript(child))  # and nothing was played
    child.sendline(f"{hand[0]}@0")  # a short move that is legal
    child.expect(rf"you: {hand[0]} into gap 0")
    child.expect(PROMPT)
    child.sendline("q")
    assert 0 == finish(child)
    assert_valid_log(log)
    assert 1 == sum(1 for move in load_log(log).moves if move.player == 0)


def test_undo_takes_back_a_match_into_eight_cards(tmp_path: Path) -> None:
    script = undo_script()
    assert script is not None, "no seed in 0..199 lets seat 0 match into eight cards"
    seed, typed = script
    log = tmp_path / "game.jsonl"
    child = spawn(log, "--seed", str(seed), "--players", "3")
    for number in typed[:-1]:
        child.expect(PROMPT)
        child.sendline(number)
    child.expect(PROMPT)
    before = hand_shown(transcript(child))
    child.sendline(typed[-1])
    child.expect(r"you holds? 8 cards and must return one")
    child.expect(r"return a card to the circle \(the hand limit is 7\):")
    child.expect(PROMPT)
    assert 8 == len(hand_shown(transcript(child)))
    moves_before_undo = len(load_log(log).moves)
    child.sendline("u")
    child.expect(r"you: takes back (\w\d)")
    child.expect(r"your move \(")
    child.expect(PROMPT)
    assert before == hand_shown(transcript(child))
    assert moves_before_undo - 1 == len(load_log(log).moves)  # the log forgets it at once
    child.sendline("u")  # nothing left to take back
    child.expect("nothing to undo")
    child.expect(PROMPT)
    child.sendline("q")
    assert 0 == finish(child)
    assert_valid_log(log)
    assert len(typed) - 1 == sum(1 for move in load_log(log).moves if move.player == 0)


def test_q_stops_and_leaves_a_valid_log(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    child = spawn(log, "--seed", "2", "--players", "2", "--crows")
    for _ in range(3):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    child.sendline("q")
    assert 0 == finish(child)
    text = transcript(child)
    assert f"the game's log is in {log} (aves replay {log})" == last_line(text)
    assert_valid_log(log)
    assert 3 == sum(1 for move in load_log(log).moves if move.player == 0)
    assert load_log(log).result is None


def test_ctrl_c_stops_with_130_and_keeps_the_log(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    child = spawn(log, "--seed", "4", "--players", "3")
    for _ in range(2):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    child.sendcontrol("c")
    child.expect("stopped")
    assert 130 == finish(child)
    text = transcript(child)
    assert "Traceback" not in text
    assert f"the game's log is in {log} (aves replay {log})" == last_line(text)
    assert_valid_log(log)
    assert 2 == sum(1 for move in load_log(log).moves if move.player == 0)


def test_the_default_log_name_is_made_from_the_seed(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    child = pexpect.spawn(sys.executable, ["-m", "aves_core", "play", "--seed", "31",
                                           "--color", "never"],
                          cwd=str(tmp_path), encoding="utf-8", timeout=TIMEOUT, env=env)
    child.logfile_read = io.StringIO()
    child.expect(PROMPT)
    child.sendline("q")
    assert 0 == finish(child)
    assert "the game's log is in aves-game-31.jsonl (aves replay aves-game-31.jsonl)" == (
        last_line(transcript(child)))
    assert_valid_log(tmp_path / "aves-game-31.jsonl")


# --- plain pipes -------------------------------------------------------------------------


def play_through_pipes(log: Path, text: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "aves_core", "play", "--log", str(log), *args],
        input=text, capture_output=True, timeout=TIMEOUT, check=False, text=True)


def test_end_of_input_through_pipes_stops_cleanly(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    run = play_through_pipes(log, "foo\n1\n", "--seed", "9", "--players", "3")
    assert 0 == run.returncode, run.stderr
    assert "" == run.stderr
    out = run.stdout
    assert "not a move: 'foo' is not a move" in out
    assert "end of input: stopping" in out
    assert f"the game's log is in {log} (aves replay {log})" == last_line(out)
    assert ANSI.search(out) is None  # --color auto: not a terminal, no colours
    assert_valid_log(log)
    assert 1 == sum(1 for move in load_log(log).moves if move.player == 0)
    assert logged_moves(log, [1, 2]) == shown_moves(out, "greedy")


def test_no_input_at_all_stops_at_the_first_prompt(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    run = play_through_pipes(log, "", "--seed", "9", "--players", "2", "--seat", "1")
    assert 0 == run.returncode, run.stderr
    assert "end of input: stopping" in run.stdout
    assert_valid_log(log)
    assert all(move.player == 0 for move in load_log(log).moves)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "7"], "2 to 6 players"),
        (["--players", "3", "--seat", "3"], "--seat must be 0 to 2"),
        (["--players", "3", "--bots", "greedy,random,random"], "3 bots for 2 other seats"),
        (["--bots", "minimax"], "unknown bot 'minimax'"),
        (["--bots", "search:"], "'search:'"),
    ],
)
def test_bad_arguments_exit_2_without_a_traceback(
    tmp_path: Path, args: list[str], message: str
) -> None:
    run = play_through_pipes(tmp_path / "game.jsonl", "", "--seed", "1", *args)
    assert 2 == run.returncode
    assert message in run.stderr
    assert "Traceback" not in run.stderr
