"""Boxes in a terminal: the short forms a person types, the container's slots as a seat
sees them, the sealed auction (who committed, who is still to commit, the seat's own
commit and nobody else's), the open auction, the payment, the events in words and the
final wealth (tests/kernel/test_cli_play.py plays whole games through ``aves play``,
one with two people at one terminal)."""

from __future__ import annotations

import re

from boxes_helpers import all_stop, make, play

from aves_core import get_game
from aves_core.cli.play import shown_names
from aves_core.games.boxes.events import (
    AuctionChosen,
    AuctionWon,
    BidMade,
    Committed,
    Event,
    Examined,
    ExamineStopped,
    Paid,
    Passed,
    Revealed,
    Sold,
    Undone,
)
from aves_core.games.boxes.moves import Auction, Bid, Examine, Pass, Pay, Seal, Stop
from aves_core.games.boxes.terminal import BoxesScreen
from aves_core.games.boxes.views import view_for
from aves_core.kernel.terminal import OutcomeScreen, Paint

NAMES = ("ann", "bo", "cy")
PLAIN = Paint(False)
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b|[a-z]+[A-Z][a-z]+")


def text(lines: list[str]) -> str:
    return "\n".join(lines)


def test_the_game_gives_its_screen_and_it_draws_the_end() -> None:
    screen = get_game("boxes").screen()
    assert isinstance(screen, BoxesScreen)
    assert isinstance(screen, OutcomeScreen)


def test_short_forms_name_moves() -> None:
    screen = BoxesScreen()
    state = make(3, first=0)
    view = view_for(state, 0)
    assert Auction(0, "open") == screen.read_move("open", view)
    assert Auction(0, "sealed") == screen.read_move("Sealed", view)
    state = play(state, "0:auction sealed")
    view = view_for(state, 0)
    assert Examine(0, "c3") == screen.read_move("e c3", view)
    assert Examine(0, "o5") == screen.read_move("o5", view)
    assert Examine(0, "c1") == screen.read_move("examine c1", view)
    assert Stop(0) == screen.read_move("stop", view)
    assert screen.read_move("0:stop", view) is None  # full notation is read as such
    state = all_stop(state)
    view = view_for(state, 1)
    # Notes in any order, as a person counts them; none, 0 and a bare seal.
    assert Seal(1, (500, 100, 50)) == screen.read_move("seal 100 500 50", view)
    assert Seal(1, ()) == screen.read_move("seal none", view)
    assert Seal(1, ()) == screen.read_move("seal 0", view)
    bare = screen.read_move("seal", view)
    assert isinstance(bare, str)
    assert "seal 500 100" in bare
    wrong = screen.read_move("seal five", view)
    assert isinstance(wrong, str)
    assert "numbers" in wrong
    assert Bid(1, 350) == screen.read_move("bid 350", view)
    assert Bid(1, 1000) == screen.read_move("b 1,000", view)
    assert Pass(1) == screen.read_move("pass", view)
    assert Pay(1, (500, 200)) == screen.read_move("pay 200 500", view)
    assert screen.read_move("", view) is None
    assert screen.read_move("open", view_for(state, None)) is None  # a spectator


def test_slots_show_the_cards_this_seat_saw_and_where_others_looked() -> None:
    state = play(make(3, first=0), "0:auction sealed", "0:examine c1", "0:examine o2",
                 "0:stop", "1:examine c2", "1:examine o2", "1:stop")
    screen = BoxesScreen()
    mine = text(screen.table(view_for(state, 0), NAMES, PLAIN))
    # Canonical piles: c1 Y250, c2 Y250, o2 Y100.
    assert "c1 Y250   c2 ?   c3 -   c4 -" in mine
    assert "o1 -   o2 Y100   o3 -" in mine
    assert re.search(r"bo .*examined: c2 o2", mine)
    assert re.search(r"you .*examined: c1 o2 .*\(auctioneer\)", mine)
    spectator = text(screen.table(view_for(state, None), NAMES, PLAIN))
    assert "Y250" not in spectator
    assert "Y100" not in spectator
    assert "c1 ?   c2 ?" in spectator
    assert "cy chooses" not in spectator
    assert [] == SNAKE.findall(mine + spectator)


def test_the_sealed_auction_says_who_committed_and_only_the_seats_own_commit() -> None:
    state = all_stop(play(make(3, first=0), "0:auction sealed"))
    state = play(state, "1:seal 500 200")
    screen = BoxesScreen()
    bo = text(screen.table(view_for(state, 1), NAMES, PLAIN))
    assert "sealed auction: committed: you; still to commit: ann and cy" in bo
    assert "your commit (hidden until all have committed): 500 200 (700)" in bo
    ann = view_for(state, 0)
    ann_text = text(screen.table(ann, NAMES, PLAIN))
    assert "committed: bo; still to commit: you and cy" in ann_text
    assert "700" not in ann_text
    assert "your commit" not in ann_text
    moves = text(screen.moves(ann, PLAIN))
    assert "[1] seal none (a bid of 0)" in moves
    assert f"[{len(ann.legal_moves)}] seal all 4x500 4x200 4x100 4x50 (3,400)" in moves
    assert ann.legal_moves[-1] == Seal(0, (500,) * 4 + (200,) * 4 + (100,) * 4 + (50,) * 4)
    # Money does not move before the reveal: bo still shows 3,400.
    assert re.search(r"you\s+3,400 ECU", bo)


def test_the_open_auction_and_a_payment_with_notes_lost() -> None:
    screen = BoxesScreen()
    state = all_stop(play(make(3, first=0), "0:auction open"))
    opener = view_for(state, 0)
    moves = text(screen.moves(opener, PLAIN))
    assert "open the auction: bid 0 to 3,400 in 50s" in moves
    assert "[1] bid 0" in moves
    assert "[69] bid 3,400 (all your money)" in moves
    assert "pass" not in moves  # the opener must bid
    state = play(state, "0:bid 100", "1:bid 150")
    cy = view_for(state, 2)
    table = text(screen.table(cy, NAMES, PLAIN))
    assert "open auction: standing bid 150 by bo; still in: ann, bo and you" in table
    moves = text(screen.moves(cy, PLAIN))
    assert "raise: bid 200 to 3,400 in 50s (type bid 350) or pass:" in moves
    assert f"[{len(cy.legal_moves)}] pass (out of this auction)" in moves
    state = play(state, "2:pass", "0:pass")
    # bo won at 150 with four of each note: several ways to pay.
    bo = view_for(state, 1)
    paying = screen.moves(bo, PLAIN)
    assert paying[0].startswith("you won at 150: pay it with your notes")
    assert "pay 200 (200), 50 lost" in text(paying)
    assert "pay 100 50 (150)" in text(paying)
    ann = text(screen.table(view_for(state, 0), NAMES, PLAIN))
    assert "bo won at 150 and chooses the notes to pay" in ann


def test_events_in_words_hide_what_the_seat_may_not_see() -> None:
    screen = BoxesScreen()

    def said(event: Event, seat: int = 0) -> str:
        return screen.event(event, NAMES, seat, PLAIN)

    assert "you choose a sealed auction" == said(AuctionChosen(0, "sealed"))
    assert "bo chooses an open auction" == said(AuctionChosen(1, "open"))
    assert "  you examine c3: N500" == said(Examined(0, 1, "c3", "N500"))
    assert "  bo examines c3" == said(Examined(1, 1, "c3", None))
    assert "  bo stops examining" == said(ExamineStopped(1))
    assert "  you commit 500 2x200 (900) face down" == said(Committed(0, (500, 200, 200)))
    assert "  bo commits a sealed bid" == said(Committed(1, None))
    assert ("sealed bids revealed: you 500 (500), bo 500 (500), cy none (0); you and bo "
            "tie and bid on openly") == said(Revealed(((500,), (500,), ()), (0, 1)))
    assert "  cy bids 350" == said(BidMade(2, 350))
    assert "  cy passes" == said(Passed(2))
    assert "bo wins the container at 150" == said(AuctionWon(1, 150))
    assert "  bo pays 200 (200): 50 lost, no change" == said(Paid(1, (200,)))
    assert "  bo takes container 2 behind the screen" == said(Sold(2, 1, None))
    assert said(Sold(2, 0, ("N0",) * 10)).startswith("  you take container 2 behind your "
                                                     "screen: N0 N0")
    assert "bo takes back the last move" == said(Undone(1, "examine", "open", 1, 3, (), None,
                                                        None, None))
    # Seats that share a name are told apart by their seat (as aves play names them).
    assert "  random (seat 2) passes" == screen.event(
        Passed(2), shown_names(("you", "random", "random")), 0, PLAIN)


def test_the_end_shows_every_seats_wealth_part_by_part_best_first() -> None:
    game = get_game("boxes")
    state = game.start(3, game.new_setup(3, game.default_options(), 4))
    while state.result is None:
        state = game.apply(state, game.legal_moves(state)[0])
    lines = BoxesScreen().outcome(state, NAMES, 0, PLAIN)
    assert lines[1] == "final wealth:"
    assert state.wealth is not None
    wealth = state.wealth
    best = max(range(3), key=lambda seat: (wealth[seat], -seat))
    assert lines[2].startswith(f"  1st  {'you' if best == 0 else NAMES[best]}")
    assert sum("cards:" in line for line in lines) == 3
    assert all(" ECU = notes " in line for line in lines[2::2])
