"""``aves play``: a game of any registered game in the terminal, against bots, and
several people at one terminal (``--people``).

The game's screen draws the table and numbers the legal moves. The player
types a number, a move (its short form, such as AVES's ``R3@2``, or the full
notation, ``0:trade R3@2``), ``u`` to undo where the game's undo policy
allows, or ``q`` to stop. Bad input asks again and says why. The log is
written as the game goes (JSON Lines, one flushed line per move), so it is
there at the end, on ``q`` and on Ctrl-C. At the end the game's screen shows
every seat's final state (when it has ``outcome``) and the command says who won,
by name; seats that share a name (two ``greedy`` bots) are told apart by their
seat number.

With ``--people ann,bo`` the people sit at seats 0, 1, ... and take turns at the
keyboard: before each person's turn the screen asks to pass it on and waits for
Enter, then shows that person the events since their last turn and their own view
only; where several people move at once (a sealed bid) each commits in turn, and
none sees another's commit (the screen is cleared between people on a terminal).
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from aves_core.bots import make_bot
from aves_core.cli.common import UsageError, add_game_arguments, game_of, options_of, players_of
from aves_core.kernel.errors import AvesError, IllegalMoveError
from aves_core.kernel.table import Table
from aves_core.kernel.terminal import OutcomeScreen, Paint, Screen, in_words, shown_names

__all__ = ["add_parser", "run_play", "shown_names"]


def add_parser(commands: Any) -> None:
    """Add ``play`` to the ``aves`` subcommands."""
    play = commands.add_parser(
        "play", help="play a game in the terminal against bots",
        description="Play against bots. Type a move's number or the move (AVES: R3@2), u to "
                    "undo, q to stop. The log is written to --log as the game goes.")
    add_game_arguments(play)
    play.add_argument("--players", type=int, metavar="N", help="number of players (AVES: 3)")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument("--bots",
                      help="the other seats' bots, comma-separated, in seat order (random, "
                           "search and the game's own, such as greedy); one name is used "
                           "for every seat (default: greedy where the game has it, else "
                           "search, else random)")
    play.add_argument("--seed", type=int, help="the setup's seed (random if not given)")
    play.add_argument("--name", default="you", help="your name in the log")
    play.add_argument("--people", metavar="NAMES",
                      help="several people at this terminal, comma-separated (seats 0, 1, "
                           "...; --bots names the other seats' bots): each is asked in turn, "
                           "and sees only what their seat may see")
    play.add_argument("--log", metavar="FILE",
                      help="the log file (default GAME-game-SEED.jsonl; AVES: aves-game-SEED)")
    play.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                      help="colour the cards and pieces: auto (default: when the output is a "
                           "terminal and NO_COLOR is not set), always or never")


class _Terminal:
    """Writes a game to the terminal through the game's screen."""

    def __init__(self, out: TextIO, screen: Screen[Any, Any, Any], paint: Paint,
                 names: tuple[str, ...], seat: int) -> None:
        self.out = out
        self.screen = screen
        self.paint = paint
        self.names = names
        self.seat = seat
        self.several = False
        """Whether several people share the terminal (the seat is whoever plays now)."""

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def lines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.say(line)

    def events(self, events: Iterable[Any]) -> None:
        for event in events:
            text = self.screen.event(event, self.names, self.seat, self.paint)
            if text:
                self.say(text)


def _read_move(text: str, view: Any, table: Table, screen: Screen[Any, Any, Any]) -> Any:
    """The move ``text`` names, or a reason (a str) it names none."""
    moves = view.legal_moves
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(moves):
            return moves[number - 1]
        return f"there is no move number {number} (1 to {len(moves)})"
    short = screen.read_move(text, view)
    if short is not None:
        return short
    try:
        return table.game.parse_move(text)
    except AvesError as error:
        return f"{error} ({screen.help})"


def run_play(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """``aves play``; returns the exit status."""
    game = game_of(args)
    screen = game.screen()
    if screen is None:
        raise UsageError(f"{game.facts.name} cannot be played in a terminal yet")
    if args.bots is None:
        offered = game.bot_factories()
        args.bots = next(name for name in ("greedy", "search", "random") if name in offered)
    players = players_of(game, args.players)
    game.check_players(players)
    people = _people(args, players)
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    others = players - len(people)
    if len(names) == 1:
        names *= others
    if len(names) != others:
        raise UsageError(f"--bots names {len(names)} bots for {others} other seats")
    bots = [make_bot(name, game) for name in names]
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    seats = list(names)
    for seat, name in sorted(people.items()):
        seats.insert(seat, name)
    table = Table(game, seats, options_of(game, args), seed=seed)
    path = Path(args.log or f"{game.id}-game-{seed}.jsonl")
    table.save(path)
    color = args.color == "always" or (args.color == "auto" and out.isatty()
                                        and "NO_COLOR" not in os.environ)
    terminal = _Terminal(out, screen, Paint(color), shown_names(table.players), args.seat)
    if args.people is None:
        others_text = ", ".join(f"{name} (seat {other})"
                                for other, name in enumerate(table.players)
                                if other != args.seat)
        terminal.say(f"{game.facts.name}, {players} players, seed {seed}: you are seat "
                     f"{args.seat}; {others_text}")
    else:
        everyone = ", ".join(name if name.endswith(f"(seat {seat})") else
                             f"{name} (seat {seat})"
                             for seat, name in enumerate(terminal.names))
        terminal.say(f"{game.facts.name}, {players} players, seed {seed}: {everyone}")
    try:
        for other, bot in zip([s for s in range(players) if s not in people], bots,
                              strict=True):
            events = table.replace_with_bot(other, bot)
            if args.people is None:
                terminal.events(events[args.seat])
        status = (_loop(table, terminal, stdin) if args.people is None
                  else _take_turns(table, terminal, stdin, sorted(people)))
        if table.result is not None:
            _show_end(table, terminal)
    except KeyboardInterrupt:
        terminal.say("\nstopped")
        status = 130
    finally:
        table.close()
    terminal.say(f"the game's log is in {path} (aves replay {path})")
    return status


def _people(args: argparse.Namespace, players: int) -> dict[int, str]:
    """The people's seats and names: ``--people`` at seats 0, 1, ..., else one at
    ``--seat``."""
    if args.people is None:
        if not 0 <= args.seat < players:
            raise UsageError(f"--seat must be 0 to {players - 1}")
        return {args.seat: args.name}
    names = [name.strip() for name in args.people.split(",")]
    if not all(names) or len(names) > players:
        raise UsageError(f"--people names 1 to {players} people, comma-separated")
    if args.seat != 0:
        raise UsageError("--people seats its people at 0, 1, ...: give no --seat")
    return dict(enumerate(names))


def _show_end(table: Table, terminal: _Terminal) -> None:
    """Every seat's final state (the screen's ``outcome``), then who won, by name."""
    result = table.result
    assert result is not None
    screen = terminal.screen
    if isinstance(screen, OutcomeScreen):
        # With several people at the terminal nobody is "you" (-1: no seat).
        terminal.lines(screen.outcome(table.state, terminal.names,
                                      -1 if terminal.several else terminal.seat,
                                      terminal.paint))
    winners = in_words("you" if winner == terminal.seat and not terminal.several
                       else terminal.names[winner] for winner in result.winners)
    terminal.say(f"game over: {winners or 'nobody'} won ({table.game.describe_result(result)})")


_CLEAR = "\x1b[2J\x1b[H"
"""Clears a terminal's screen: what one person typed and saw is gone for the next."""


def _take_turns(table: Table, terminal: _Terminal, stdin: TextIO, people: list[int]) -> int:
    """Several people at one terminal: each in turn, asked to take the keyboard, shown
    the events since their last turn and their own view, plays until another person is
    to move (or the game ends)."""
    terminal.several = True
    seen = dict.fromkeys(people, 0)
    current: int | None = None
    clear = terminal.out.isatty()
    while table.result is None:
        waiting = [seat for seat in table.to_move if seat in people]
        if not waiting:  # no person may move (only bots, which have moved): cannot be
            return 0
        seat = current if current in waiting else waiting[0]
        if seat != current:
            if current is not None or len(people) > 1:
                terminal.say(f"-- {terminal.names[seat]} (seat {seat}) to play: pass the "
                             "keyboard, then press Enter --")
                if not stdin.readline():
                    terminal.say("\nend of input: stopping")
                    return 0
                if clear:
                    terminal.out.write(_CLEAR)
            terminal.seat = current = seat
            terminal.say(f"{terminal.names[seat]} (seat {seat}):")
            terminal.events(table.events_since(seen[seat], seat))
        status = _turn(table, terminal, stdin)
        seen[seat] = table.event_count
        if status is not None:
            return status
    terminal.seat = current if current is not None else 0
    return 0


def _turn(table: Table, terminal: _Terminal, stdin: TextIO) -> int | None:
    """One line of the person at ``terminal.seat``: None to go on, else the exit status."""
    seat, screen = terminal.seat, terminal.screen
    view = table.view(seat)
    terminal.lines(screen.table(view, terminal.names, terminal.paint))
    terminal.lines(screen.moves(view, terminal.paint))
    terminal.out.write("> ")
    terminal.out.flush()
    line = stdin.readline()
    if not line:
        terminal.say("\nend of input: stopping")
        return 0
    text = line.strip()
    if text in ("q", "quit", "exit"):
        return 0
    if text in ("u", "undo"):
        if table.can_undo(seat):
            terminal.events(table.undo(seat)[seat])
        else:
            terminal.say(f"nothing to undo: {table.game.undo_rule}")
        return None
    if text in ("?", "h", "help") or not text:
        terminal.say(f"type {screen.help}")
        return None
    move = _read_move(text, view, table, screen)
    if isinstance(move, str):
        terminal.say(f"not a move: {move}")
        return None
    try:
        events = table.play(move)
    except IllegalMoveError as error:
        terminal.say(f"not legal ({error.code}): {error}")
        return None
    terminal.events(events[seat])
    return None


def _loop(table: Table, terminal: _Terminal, stdin: TextIO) -> int:
    while table.result is None:
        status = _turn(table, terminal, stdin)
        if status is not None:
            return status
    return 0
