"""``aves play``: a game of AVES in the terminal against bots.

The circle is drawn with coloured cards and numbered gaps, the player's hand
below it, then the legal moves, numbered. The player types a number, a move
(``R3@2``, or the full notation ``0:trade R3@2``), ``u`` to undo where the
undo policy allows, or ``q`` to stop. Bad input asks again and says why. The
log is written as the game goes (JSON Lines, one flushed line per move), so it
is there at the end, on ``q`` and on Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import random
from pathlib import Path
from typing import Any, TextIO

from aves_core.games.aves.cards import Card
from aves_core.kernel.errors import AvesError, IllegalMoveError
from aves_core.games.aves.events import (
    CardDrawn,
    CardPlaced,
    CardReturned,
    CardsTaken,
    CircleRefilled,
    Event,
    GameEnded,
    Passed,
    ReturnDue,
    TradeUndone,
)
from aves_core.games.aves.moves import Move, Return, Trade, parse_move
from aves_core.games.aves.phases import Phase
from aves_core.kernel.table import Table
from aves_core.kernel.sim import BOT_NAMES, make_bot
from aves_core.games.aves.state import Variant
from aves_core.games.aves.views import PlayerView

__all__ = ["add_parser", "run_play"]

# 256-colour codes for R O Y G B I V, and grey for crows.
_COLORS = {"R": 196, "O": 208, "Y": 226, "G": 40, "B": 33, "I": 63, "V": 171, "C": 244}
_SHORT_MOVE = "a number, a move like R3@2, u to undo, q to stop"


def add_parser(commands: Any) -> None:
    """Add ``play`` to the ``aves`` subcommands."""
    play = commands.add_parser(
        "play", help="play a game in the terminal against bots",
        description="Play AVES against bots. Type a move's number or the move (R3@2), u to "
                    "undo, q to stop. The log is written to --log as the game goes.")
    play.add_argument("--players", type=int, default=3, metavar="N")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument("--bots", default="greedy",
                      help=f"the other seats' bots, comma-separated, in seat order "
                           f"({', '.join(BOT_NAMES)}); one name is used for every seat")
    play.add_argument("--crows", action="store_true", help="the Greedy Crow variant")
    play.add_argument("--showdown", action="store_true", help="the Showdown variant")
    play.add_argument("--seed", type=int, help="the deal's seed (random if not given)")
    play.add_argument("--name", default="you", help="your name in the log")
    play.add_argument("--log", metavar="FILE", help="the log file (default aves-game-SEED.jsonl)")
    play.add_argument("--color", choices=("auto", "always", "never"), default="auto")


class _Screen:
    """Writes the game to the terminal."""

    def __init__(self, out: TextIO, color: bool, names: tuple[str, ...], seat: int) -> None:
        self.out = out
        self.color = color
        self.names = names
        self.seat = seat

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def card(self, card: Card | None) -> str:
        if card is None:
            return "??"
        code = str(card)
        if not self.color:
            return code
        return f"\033[1;38;5;{_COLORS[code[0]]}m{code}\033[0m"

    def who(self, seat: int) -> str:
        return "you" if seat == self.seat else self.names[seat]

    def table(self, view: PlayerView) -> None:
        circle = view.circle
        parts = []
        for gap, card in enumerate(circle):
            parts.append(f"{self.card(card)} ({gap})")
        self.say()
        self.say(f"circle: {' '.join(parts)}  <- gap {len(circle) - 1} joins "
                 f"{circle[-1]} to {circle[0]}")
        others = []
        for other, size in enumerate(view.hand_sizes):
            if other == self.seat:
                continue
            hand = view.hands[other]
            shown = " ".join(self.card(card) for card in hand) if hand is not None else ""
            others.append(f"{self.names[other]} {size}" + (f" [{shown}]" if shown else ""))
        self.say(f"deck: {view.deck_size}   others: {', '.join(others)}")
        hand = view.hand or ()
        self.say(f"your hand: {' '.join(self.card(card) for card in hand)}")

    def moves(self, view: PlayerView) -> None:
        circle = view.circle
        k = len(circle)
        cells = []
        for number, move in enumerate(view.legal_moves, 1):
            if isinstance(move, Trade | Return):
                mark = ""
                left, right = circle[move.gap], circle[(move.gap + 1) % k]
                if isinstance(move, Trade) and abs(left.number - right.number) == move.card.number:
                    mark = "*"
                cells.append(f"[{number}] {self.card(move.card)}@{move.gap}{mark}")
            else:
                cells.append(f"[{number}] pass")
        what = "return a card" if view.phase is Phase.FORCED_RETURN else "your move"
        self.say(f"{what} (* takes the two cards beside the gap):")
        for start in range(0, len(cells), 8):
            self.say("  " + "  ".join(cells[start:start + 8]))

    def events(self, events: tuple[Event, ...]) -> None:
        for event in events:
            text = self._event(event)
            if text:
                self.say(text)

    def _event(self, event: Event) -> str:
        if isinstance(event, CardPlaced):
            return f"{self.who(event.seat)}: {self.card(event.card)} into gap {event.gap}"
        if isinstance(event, CardsTaken):
            first, second = event.cards
            return f"  match: takes {self.card(first)} and {self.card(second)}"
        if isinstance(event, CardDrawn):
            if event.card is None:
                return "  miss: draws a card from the deck"
            return f"  miss: draws {self.card(event.card)} from the deck"
        if isinstance(event, CircleRefilled):
            return "  the circle is refilled: " + " ".join(map(self.card, event.cards))
        if isinstance(event, CardReturned):
            return (f"{self.who(event.seat)}: returns {self.card(event.card)} to gap "
                    f"{event.gap} (hand limit)")
        if isinstance(event, Passed):
            return f"{self.who(event.seat)}: passes (only crows, no equal pair)"
        if isinstance(event, ReturnDue):
            if event.seat == self.seat:
                return "  you hold 8 cards and must return one"
            return f"  {self.who(event.seat)} holds 8 cards and must return one"
        if isinstance(event, TradeUndone):
            return f"{self.who(event.seat)}: takes back {self.card(event.card)}"
        if isinstance(event, GameEnded):
            winners = " and ".join(self.who(seat) for seat in event.result.winners)
            why = ("all seven colours" if event.result.reason == "seven_colors"
                   else "the deck ran out; best hand")
            return f"game over: {winners} won ({why})"
        return ""


def _read_move(text: str, view: PlayerView) -> Move | str:
    """The move ``text`` names, or a reason it names none."""
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(view.legal_moves):
            return view.legal_moves[number - 1]
        return f"there is no move number {number} (1 to {len(view.legal_moves)})"
    if ":" not in text and "@" in text:  # the short form R3@2
        kind = "return" if view.phase is Phase.FORCED_RETURN else "trade"
        text = f"{view.seat}:{kind} {text}"
    elif text.lower() == "pass":
        text = f"{view.seat}:pass"
    try:
        return parse_move(text)
    except AvesError as error:
        return f"{error} ({_SHORT_MOVE})"


def run_play(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """``aves play``; returns the exit status."""
    if not 2 <= args.players <= 6:
        raise ValueError(f"AVES is for 2 to 6 players, not {args.players}")
    if not 0 <= args.seat < args.players:
        raise ValueError(f"--seat must be 0 to {args.players - 1}")
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    if len(names) == 1:
        names *= args.players - 1
    if len(names) != args.players - 1:
        raise ValueError(f"--bots names {len(names)} bots for {args.players - 1} other seats")
    bots = [make_bot(name) for name in names]
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    players = list(names)
    players.insert(args.seat, args.name)
    table = Table(players, Variant(crows=args.crows, showdown=args.showdown), seed=seed)
    path = Path(args.log or f"aves-game-{seed}.jsonl")
    table.save(path)
    color = args.color == "always" or (args.color == "auto" and out.isatty()
                                        and "NO_COLOR" not in os.environ)
    screen = _Screen(out, color, table.players, args.seat)
    screen.say(f"AVES, {args.players} players, seed {seed}: you are seat {args.seat}; "
               f"{', '.join(f'{n} ({s})' for s, n in enumerate(table.players) if s != args.seat)}")
    try:
        for other, bot in zip([s for s in range(args.players) if s != args.seat], bots,
                              strict=True):
            screen.events(table.replace_with_bot(other, bot)[args.seat])
        status = _loop(table, screen, stdin, args.seat)
    except KeyboardInterrupt:
        screen.say("\nstopped")
        status = 130
    finally:
        table.close()
    screen.say(f"the game's log is in {path} (aves replay {path})")
    return status


def _loop(table: Table, screen: _Screen, stdin: TextIO, seat: int) -> int:
    while table.state.result is None:
        view = table.view(seat)
        screen.table(view)
        screen.moves(view)
        out = screen.out
        out.write("> ")
        out.flush()
        line = stdin.readline()
        if not line:
            screen.say("\nend of input: stopping")
            return 0
        text = line.strip()
        if text in ("q", "quit", "exit"):
            return 0
        if text in ("u", "undo"):
            if table.can_undo(seat):
                screen.events(table.undo(seat)[seat])
            else:
                screen.say("nothing to undo: only a match that left you a card to return, "
                           "and drew nothing from the deck, can be taken back")
            continue
        if text in ("?", "h", "help") or not text:
            screen.say(f"type {_SHORT_MOVE}")
            continue
        move = _read_move(text, view)
        if isinstance(move, str):
            screen.say(f"not a move: {move}")
            continue
        try:
            events = table.play(move)
        except IllegalMoveError as error:
            screen.say(f"not legal ({error.code}): {error}")
            continue
        screen.events(events[seat])
    return 0
