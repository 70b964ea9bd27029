"""``aves play --game cubirds``: a whole game in a pseudo-terminal (pexpect) against bots,
checked against its log; short moves, bad input and undo; and the screen's pieces (the
table, the numbered moves, the events, the short forms) on their own.
"""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import attrs

# pexpect ships no type information (no stubs, no py.typed); it is a dev dependency.
import pexpect  # type: ignore[import-untyped]
from cubirds_helpers import make, parse_move

from aves_core.games.cubirds.events import (
    CardsDealt,
    CardsDrawn,
    DrawDeclined,
    Event,
    FlockDeclined,
    Flown,
    GameEnded,
    Laid,
    LayUndone,
    NoDrawUndone,
    Reshuffled,
    RoundEnded,
    RowRefilled,
)
from aves_core.games.cubirds.moves import Fly, Lay, NoFly
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.terminal import CubirdsScreen
from aves_core.games.cubirds.views import view_for
from aves_core.kernel.game import Result
from aves_core.kernel.log import read_log
from aves_core.kernel.replay import replay
from aves_core.kernel.terminal import Paint

PROMPT = r"\n> "
ANSI = re.compile(r"\x1b\[[0-9;]*m")
TIMEOUT = 60
PLAIN = Paint(False)
SCREEN = CubirdsScreen()
NAMES = ("you", "greedy", "random")


def spawn(log: Path, *args: str, color: str = "never") -> pexpect.spawn:
    """``aves play --game cubirds`` in a pseudo-terminal, its output kept."""
    env = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    child = pexpect.spawn(
        sys.executable, ["-m", "aves_core", "play", "--game", "cubirds", "--color", color,
                         "--log", str(log), *args],
        encoding="utf-8", timeout=TIMEOUT, env=env, dimensions=(60, 200))
    child.logfile_read = io.StringIO()
    return child


def transcript(child: pexpect.spawn) -> str:
    text: str = child.logfile_read.getvalue()
    return text.replace("\r\n", "\n")


def finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    status: int = child.exitstatus
    return status


def shown_lays(text: str, name: str) -> list[tuple[str, int, str]]:
    """The lays the screen reports for one seat: (species, row, side)."""
    names = {"flamingo": "F", "owl": "O", "toucan": "T", "duck": "D", "parrot": "P",
             "magpie": "M", "reed warbler": "W", "robin": "R"}
    found = []
    for line in text.splitlines():
        lay = re.fullmatch(rf"{re.escape(name)}: lays \d+ ([a-z ]+?)s? \((\w)\) at the "
                           r"(left|right) of row (\d), takes .*", line)
        if lay:
            assert names[lay[1]] == lay[2]
            found.append((lay[2], int(lay[4]), lay[3]))
    return found


def logged_lays(log: Path, seats: tuple[int, ...]) -> list[tuple[str, int, str]]:
    return [(move.species, move.row, move.side) for move in read_log(log).moves
            if isinstance(move, Lay) and move.player in seats]


def test_a_whole_game_against_bots_in_the_terminal(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    child = spawn(log, "--seed", "5", "--players", "3", "--bots", "greedy,random")
    answers = flock_steps = lone_nofly = 0
    while True:
        index = child.expect([PROMPT, r"game over: [^\r\n]*"])
        if index == 1:
            break
        assert answers < 400, "the game does not end"
        screen = transcript(child).rsplit("\nrow 0:", 1)[-1]
        if "fly a flock home, or not (asked every turn):" in screen:
            flock_steps += 1
            lone_nofly += "[1] no flock (no species has its small flock)" in screen
        child.sendline("1")
        answers += 1
    assert 0 == finish(child)
    text = transcript(child)
    assert text.startswith("Cubirds, 3 players, seed 5: you are seat 0; greedy (seat 1), "
                           "random (seat 2)")
    assert ANSI.search(text) is None
    assert text.rstrip().endswith(f"the game's log is in {log} (aves replay {log})")
    outcome = replay(log)
    assert outcome.valid, outcome.problem
    assert outcome.result is not None
    moves = read_log(log).moves
    assert answers == sum(1 for move in moves if getattr(move, "player", None) == 0)
    # D7: the flock step was asked at every one of the player's turns, even with no flock.
    assert flock_steps == sum(1 for move in moves if isinstance(move, Fly | NoFly)
                              and move.player == 0)
    assert lone_nofly > 0
    # Every lay, the bots' and the player's, is on the screen in order.
    assert logged_lays(log, (1,)) == shown_lays(text, "greedy")
    assert logged_lays(log, (2,)) == shown_lays(text, "random")
    assert logged_lays(log, (0,)) == shown_lays(text, "you")
    for part in ("row 3:", "deck: ", "discard pile: ", "your hand (", "(small/big flock",
                 "your turn: [lay]  >  draw?  >  flock", "collection "):
        assert part in text
    # The end: the final rows, every collection by rank, then who won, by name.
    state = outcome.state
    end = text[text.index("\nthe final rows:\n"):].splitlines()[2:]
    assert [f"row {index}:  {' '.join(row)}" for index, row in enumerate(state.rows)] \
        == end[:4]
    assert "final collections:" == end[4]
    ranks = state.ranks
    order = sorted(range(3), key=lambda seat: (ranks[seat], seat))
    for seat, line in zip(order, end[5:8], strict=True):
        held = "".join(letter * count for letter, count in zip("FOTDPMWR",
                                                               state.collections[seat],
                                                               strict=True))
        assert re.fullmatch(rf"  {ranks[seat]}(st|nd|rd)  {NAMES[seat]} +"
                            rf"{len(held)} cards?, \d/7 species, \d/2 triples: "
                            rf"{' '.join(held) or '-'}", line), line
    winners = " and ".join(NAMES[seat] for seat in outcome.result.winners)
    why = {"seven_species": "seven species in a collection",
           "two_triples": "three cards of two species in a collection",
           "deck_exhausted": "no more cards; the largest collection"}[outcome.result.reason]
    assert f"game over: {winners} won ({why})" == end[8]


def test_short_moves_bad_input_and_undo(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    child = spawn(log, "--seed", "5", "--players", "3", "--bots", "greedy,random")
    child.expect(PROMPT)
    for typed, reason in [
        ("foo", r"not a move: 'foo' is not a move"),
        ("99", r"not a move: there is no move number 99 \(1 to \d+\)"),
        ("draw", r"not legal \(wrong_phase\)"),
        ("X0L", r"not legal \(unknown_species\)"),
        ("fly T", r"not legal \(wrong_phase\)"),
        ("u", r"nothing to undo"),
        ("", r"type a number, a lay like P 2 left"),
    ]:
        child.sendline(typed)
        child.expect(reason)
        child.expect(PROMPT)
    # Seed 5: seat 0 holds one toucan and row 0 has none; laid there it takes nothing.
    child.sendline("T0L")
    child.expect(r"you: lays 1 toucan \(T\) at the left of row 0, takes nothing")
    child.expect(r"nothing was taken: draw 2 cards from the deck, or not:")
    child.expect(PROMPT)
    child.sendline("u")
    child.expect(r"you: takes back the lay of T")
    child.expect(r"your turn: \[lay\]")
    child.expect(PROMPT)
    child.sendline("t 0 left")
    child.expect(PROMPT)
    child.sendline("nodraw")
    child.expect(r"you: no draw")
    child.expect(PROMPT)
    child.sendline("nofly")
    child.expect(r"you: no flock")
    child.expect(PROMPT)
    child.sendline("q")
    assert 0 == finish(child)
    assert replay(log).valid
    mine = [str(move) for move in read_log(log).moves if getattr(move, "player", None) == 0]
    assert ["0:lay T 0 left", "0:nodraw", "0:nofly"] == mine


def test_colours_when_asked(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    child = spawn(log, "--seed", "2", "--players", "2", "--bots", "greedy", color="always")
    child.expect(PROMPT)
    child.sendline("q")
    assert 0 == finish(child)
    assert "\x1b[1;38;5;" in transcript(child)


# --- the screen's pieces ------------------------------------------------------------------


STATE = make(("PPRRD", "OOW", "MMM"), rows=("FOT", "OFPM", "WRF", "OTD"), deck="MMW",
             collections=("F", "TT", "DDD"), active=0, dealer=2)


def test_the_table_shows_rows_piles_collections_and_the_hand_by_species() -> None:
    lines = SCREEN.table(view_for(STATE, 0), NAMES, PLAIN)
    assert "row 1:  O F P M" in lines
    assert any(line.startswith("deck: 3 cards   discard pile: ") for line in lines)
    assert any(re.fullmatch(r"you\s+hand  5   collection 1/7 species, 0/2 triples: F"
                            r"  <- to move", line) for line in lines)
    assert any(re.fullmatch(r"random\s+hand  3   collection 1/7 species, 1/2 triples: "
                            r"D D D  \(dealer\)", line) for line in lines)
    hand = next(line for line in lines if line.startswith("your hand"))
    assert hand.startswith("your hand (5): Dx1 (4/6)  Px2 (4/6)  Rx2 (6/9)")
    assert lines[-1] == "your turn: [lay]  >  draw?  >  flock"
    spectator = SCREEN.table(view_for(STATE, None), NAMES, PLAIN)
    assert not any(line.startswith("your hand") for line in spectator)


def test_the_moves_are_numbered_with_what_each_lay_takes() -> None:
    view = view_for(STATE, 0)
    lines = SCREEN.moves(view, PLAIN)
    parrots = next(line for line in lines if line.strip().startswith("P parrot x2"))
    number = 1 + view.legal_moves.index(parse_move("0:lay P 1 left"))
    assert f"[{number}] 1L+OF" in parrots
    flock = make(("PPPPRRD", "OOW", "MMM"), rows=STATE.rows, deck="MMW", phase=Phase.FLOCK)
    assert ["fly a flock home, or not (asked every turn):",
            "  [1] fly 4 parrots (P) home: 1 to your collection, 3 discarded",
            "  [2] no flock"] == SCREEN.moves(view_for(flock, 0), PLAIN)
    lone = make(("PRRD", "OOW", "MMM"), rows=STATE.rows, deck="MMW", phase=Phase.FLOCK)
    assert ["fly a flock home, or not (asked every turn):",
            "  [1] no flock (no species has its small flock)"] == SCREEN.moves(
                view_for(lone, 0), PLAIN)
    offer = make(("PRRD", "OOW", "MMM"), rows=STATE.rows, deck="MMW",
                 phase=Phase.DRAW_OPTION)
    assert ["  [1] draw 2 cards", "  [2] no draw"] == SCREEN.moves(view_for(offer, 0),
                                                                   PLAIN)[1:]
    assert [] == SCREEN.moves(view_for(STATE, 1), PLAIN)


def test_the_events_in_words() -> None:
    said: dict[Event, str] = {
        Laid(1, "P", 2, 1, "left", "OF"): "greedy: lays 2 parrots (P) at the left of row 1, "
                                           "takes O F",
        Laid(0, "W", 1, 3, "right"): "you: lays 1 reed warbler (W) at the right of row 3, "
                                      "takes nothing",
        RowRefilled(0, "left", "RW"): "  row 0 shows one species: refilled with R W",
        CardsDrawn(1, 2, None): "  greedy draws 2 cards",
        CardsDrawn(0, 2, "DR"): "  you draw D R",
        DrawDeclined(2): "random: no draw",
        Flown(0, "O", 2, 2): "you: flies 4 owls (O) home: 2 to the collection, 2 discarded",
        FlockDeclined(1): "greedy: no flock",
        RoundEnded(1, (0, 2, 0, 0, 0, 0, 1, 0)): "  greedy has no cards left: the round "
        "ends; the other hands are discarded (O O W); greedy deals and plays first",
        CardsDealt(0, 8, "FOOTDDPR"): "  you are dealt F O O T D D P R",
        CardsDealt(1, 8, None): "",
        Reshuffled(40): "  the deck is empty: the discard pile is shuffled into a new deck "
                        "of 40 cards",
        LayUndone(0, "W", 1, 3, "right"): "you: takes back the lay of W",
        NoDrawUndone(0): "you: takes back the no draw",
        GameEnded(Result((0, 2), "deck_exhausted"), (1, 3, 1)): "",  # aves play says it
    }
    for event, words in said.items():
        assert words == SCREEN.event(event, NAMES, 0, PLAIN)


def test_the_short_forms() -> None:
    lay = view_for(STATE, 0)
    assert parse_move("0:lay P 2 left") == SCREEN.read_move("P2L", lay)
    assert parse_move("0:lay R 0 right") == SCREEN.read_move("r 0 right", lay)
    assert parse_move("0:draw") == SCREEN.read_move("draw", lay)  # apply judges the phase
    assert parse_move("0:nodraw") == SCREEN.read_move("no draw", lay)
    assert parse_move("0:nofly") == SCREEN.read_move("nofly", lay)
    assert parse_move("0:fly M") == SCREEN.read_move("fly m", lay)
    assert SCREEN.read_move("M", lay) is None  # a lone letter is a flock at the flock step
    flock = view_for(make(("PPPPRRD", "OOW", "MMM"), rows=STATE.rows, deck="MMW",
                          phase=Phase.FLOCK), 0)
    assert parse_move("0:fly P") == SCREEN.read_move("p", flock)
    assert SCREEN.read_move("0:lay P 2 left", lay) is None  # full notation: not a short form


def test_the_outcome_shows_the_rows_and_every_collection_by_rank() -> None:
    over = attrs.evolve(make(("PP", "O", ""), rows=STATE.rows, deck="",
                             collections=("FFOO", "TTTDDD", "FOOW"), dealer=1),
                        phase=Phase.GAME_END, active=None,
                        result=Result((1,), "deck_exhausted"))
    assert ["", "the final rows:", "row 0:  F O T", "row 1:  O F P M", "row 2:  W R F",
            "row 3:  O T D", "final collections:",
            "  1st  greedy   6 cards, 2/7 species, 2/2 triples: T T T D D D",
            "  2nd  you      4 cards, 2/7 species, 0/2 triples: F F O O",
            "  2nd  random   4 cards, 3/7 species, 0/2 triples: F O O W"] == \
        SCREEN.outcome(over, NAMES, 0, PLAIN)
