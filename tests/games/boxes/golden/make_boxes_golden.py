"""Build the Boxes golden logs of ``tests/games/boxes/golden`` from hand-chosen deals and
moves.

Run ``python tests/games/boxes/golden/make_boxes_golden.py`` to (re)write the logs. It
writes the logs only: each ``NAME.expected.json`` beside them is written by hand (the
reasoning, move by move, is in ``README.md``), never generated, so a change in the
engine cannot silently change what the tests expect. Nothing here imports the engine:
a deal is built by listing each container's ten cards.

A deal is given container by container, each as its ten cards slot by slot (``c1``-``c4``
closed, ``o1``-``o6`` open); the recorded setup is then the open pile (the six open cards
of container 1, then of container 2, ...), the closed pile likewise (BX6), and the first
auctioneer.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

Data = dict[str, Any]

NAMES = ["ann", "bo", "cy", "dee", "eve"]
COLOURS = "YBRG"
OPEN_CARDS = Counter({**{f"{c}{v}": 1 for c in COLOURS for v in (50, 100, 150, 200)},
                      "N10": 20})
CLOSED_CARDS = Counter({**{f"{c}250": 2 for c in COLOURS}, "N500": 2, "N0": 14})


def piles(containers: list[str]) -> tuple[list[str], list[str]]:
    """The open and closed piles of six containers, each written ``c1 c2 c3 c4 / o1 ...
    o6`` (BX6); every card of the game exactly once (BX2)."""
    assert len(containers) == 6
    open_pile: list[str] = []
    closed_pile: list[str] = []
    for text in containers:
        closed, opened = (part.split() for part in text.split("/"))
        assert (len(closed), len(opened)) == (4, 6), text
        closed_pile += closed
        open_pile += opened
    assert Counter(open_pile) == OPEN_CARDS, Counter(open_pile) - OPEN_CARDS
    assert Counter(closed_pile) == CLOSED_CARDS, Counter(closed_pile) - CLOSED_CARDS
    return open_pile, closed_pile


# --- CANON: both piles in BX5's canonical order (the cards never matter where it is used).
CANON = piles(["Y250 Y250 B250 B250 / Y50 Y100 Y150 Y200 B50 B100",
               "R250 R250 G250 G250 / B150 B200 R50 R100 R150 R200",
               "N500 N500 N0 N0 / G50 G100 G150 G200 N10 N10",
               "N0 N0 N0 N0 / N10 N10 N10 N10 N10 N10",
               "N0 N0 N0 N0 / N10 N10 N10 N10 N10 N10",
               "N0 N0 N0 N0 / N10 N10 N10 N10 N10 N10"])
# --- WEALTH: containers 1 and 5 together hold E4's cards and five more (N0 N0 N10 N10 N10);
# container 2 all six greens; container 3 both yellow 250s, a red 250 and a gold bar.
WEALTH = piles(["R250 B250 N500 N0 / R50 R150 B50 B100 N10 N10",
                "G250 G250 N0 N0 / G50 G100 G150 G200 N10 N10",
                "Y250 Y250 R250 N500 / Y50 Y100 Y150 R100 R200 B150",
                "N0 N0 N0 N0 / N10 N10 N10 N10 N10 N10",
                "B250 N0 N0 N0 / B200 Y200 N10 N10 N10 N10",
                "N0 N0 N0 N0 / N10 N10 N10 N10 N10 N10"])
# --- MIRROR: containers 1 and 2, 3 and 4, 5 and 6 are the same but for colour (yellow and
# blue in 1 and 3, red and green in 2 and 4), so two seats that win one of each pair at
# the same prices end equal.
MIRROR = piles(["Y250 Y250 B250 B250 / Y50 Y100 Y150 Y200 B50 B100",
                "R250 R250 G250 G250 / R50 R100 R150 R200 G50 G100",
                "N500 N0 N0 N0 / B150 B200 N10 N10 N10 N10",
                "N500 N0 N0 N0 / G150 G200 N10 N10 N10 N10",
                "N0 N0 N0 N0 / N10 N10 N10 N10 N10 N10",
                "N0 N0 N0 N0 / N10 N10 N10 N10 N10 N10"])


def header(deal: tuple[list[str], list[str]], count: int, first: int, **setup: Any) -> Data:
    """A generic-format header of a Boxes game (``setup``: fields replaced)."""
    open_pile, closed_pile = deal
    data: Data = {"format": "aves-core-log", "version": 1, "game": "boxes",
                  "game_version": 1, "players": NAMES[:count],
                  "setup": {"open_pile": open_pile, "closed_pile": closed_pile,
                            "first": first}}
    data["setup"].update(setup)
    return data


def notes_of(words: list[str]) -> list[int]:
    return [] if words == ["none"] else [int(word) for word in words]


def move(text: str) -> Data | str:
    """A move object from the notation (``"text"``, quoted: the text itself)."""
    if text.startswith('"'):
        return text.strip('"')
    seat, _, rest = text.partition(":")
    words = rest.split()
    player = int(seat)
    verb = words[0]
    if verb == "auction":
        return {"type": "auction", "player": player, "kind": words[1]}
    if verb == "examine":
        return {"type": "examine", "player": player, "slot": words[1]}
    if verb in ("stop", "pass"):
        assert len(words) == 1, text
        return {"type": verb, "player": player}
    if verb == "bid":
        return {"type": "bid", "player": player, "amount": int(words[1])}
    assert verb in ("seal", "pay"), text
    return {"type": verb, "player": player, "notes": notes_of(words[1:])}


def stops(auctioneer: int, count: int) -> list[str]:
    """Every seat stops examining at once, the auctioneer first, then clockwise (BX9)."""
    return [f"{(auctioneer + d) % count}:stop" for d in range(count)]


def open_to(auctioneer: int, count: int) -> list[str]:
    """The auctioneer chooses open, nobody looks, it bids 0 and everyone else passes: it
    wins at 0 and pays nothing, automatically (BX12, BX17)."""
    return [f"{auctioneer}:auction open", *stops(auctioneer, count), f"{auctioneer}:bid 0",
            *(f"{(auctioneer + d) % count}:pass" for d in range(1, count))]


# E2 (3 players, seat 0 the auctioneer): the sealed tie, its open auction and payment.
E2_TIE = ["0:auction sealed", *stops(0, 3), "0:seal 500 100", "1:seal 200 200 200",
          "2:seal 500"]
E2 = [*E2_TIE, "1:bid 650", "0:bid 700", "1:pass", "0:pay 500 200"]
# E3 in container 1 (3 players, seat 1 the auctioneer): seat 2 wins at 150.
E3_BIDS = ["1:auction open", *stops(1, 3), "1:bid 100", "2:bid 150"]
E3 = [*E3_BIDS, "0:pass", "1:pass"]
# E1 (3 players, seat 0 the auctioneer).
E1 = ["0:auction sealed", "0:examine c2", "0:examine o1", "0:examine c4", "0:examine o3",
      "0:examine o6", "1:examine c1", "1:examine c2", "1:examine c3"]
SEALED_3 = ["0:auction sealed", *stops(0, 3)]

# Collections with 4 players (WEALTH, seat 0 first): seat 0 wins containers 1 and 5.
FOUR = [*open_to(0, 4)[:1], "0:examine c1", "0:examine o1", "0:stop", "1:examine o6",
        "1:stop", "2:stop", "3:stop", "0:bid 0", "1:pass", "2:pass", "3:pass",
        "1:auction sealed", *stops(1, 4), "1:seal 200 100", "2:seal none", "3:seal 200",
        "0:seal none",
        "2:auction open", *stops(2, 4), "2:bid 100", "3:bid 250", "0:pass", "1:pass",
        "2:bid 300", "3:pass", "2:pay 200 100",
        *open_to(3, 4),
        "0:auction sealed", *stops(0, 4), "2:seal none", "0:seal 50", "3:seal none",
        "1:seal none",
        "1:auction open", *stops(1, 4), "1:bid 0", "2:bid 50", "3:pass", "0:pass", "1:pass",
        "2:pay 50"]
# Collections with 2 players (WEALTH, seat 0 first): seat 0 again wins containers 1 and 5.
TWO = [*open_to(0, 2),
       "1:auction sealed", *stops(1, 2), "0:seal none", "1:seal none", "0:pass",
       "0:auction open", *stops(0, 2), "0:bid 100", "1:bid 500", "0:pass", "1:pay 500",
       *open_to(1, 2),
       "0:auction sealed", *stops(0, 2), "1:seal 100", "0:seal 200 50",
       *open_to(1, 2)]
# A shared win (MIRROR, 2 players, seat 0 first).
SHARED = ["0:auction open", *stops(0, 2), "0:bid 0", "1:bid 100", "0:pass", "1:pay 100",
          "1:auction open", *stops(1, 2), "1:bid 0", "0:bid 100", "1:pass", "0:pay 50 50",
          "0:auction sealed", *stops(0, 2), "1:seal 200", "0:seal 100 50",
          "1:auction sealed", *stops(1, 2), "0:seal 200", "1:seal 100",
          *open_to(0, 2), *open_to(1, 2)]

LOGS: dict[str, tuple[Data, list[str]]] = {
    # auctions and payments
    "sealed_tie": (header(CANON, 3, 0), E2),
    "sealed_tie_other_order": (header(CANON, 3, 0),
                               [*E2_TIE[:4], "2:seal 500", "1:seal 200 200 200",
                                "0:seal 500 100", *E2[7:]]),
    "sealed_tie_holder_after_auctioneer": (header(CANON, 3, 1),
                                           ["1:auction sealed", *stops(1, 3), "0:seal 200",
                                            "1:seal 100", "2:seal 200", "0:pass",
                                            "2:pay 100 100"]),
    "sealed_order_a": (header(CANON, 3, 0), [*SEALED_3, "0:seal 500", "1:seal 200 100",
                                             "2:seal none"]),
    "sealed_order_b": (header(CANON, 3, 0), [*SEALED_3, "2:seal none", "0:seal 500",
                                             "1:seal 200 100"]),
    "sealed_commit_moves_no_money": (header(CANON, 3, 0), [*SEALED_3, "1:seal 500 500"]),
    "lost_change": (header(CANON, 3, 1), [*E3, "2:pay 200"]),
    "automatic_payment_all_notes": (header(CANON, 2, 0), ["0:auction open", *stops(0, 2),
                                                          "0:bid 3400", "1:pass"]),
    # whole games
    "collections_4p": (header(WEALTH, 4, 0), FOUR),
    "collections_2p": (header(WEALTH, 2, 0), TWO),
    "shared_win": (header(MIRROR, 2, 0), SHARED),
    # refusals (BX25), each the log's last move
    "game_over": (header(MIRROR, 2, 0), [*SHARED, "0:auction open"]),
    "not_your_turn": (header(CANON, 3, 0), ["1:auction open"]),
    "not_your_turn_after_commit": (header(CANON, 3, 0), [*SEALED_3, "0:seal 500",
                                                         "1:seal 100", "1:examine c1"]),
    "wrong_phase": (header(CANON, 3, 0), ["0:stop"]),
    "wrong_phase_opener_passes": (header(CANON, 3, 0), ["0:auction open", *stops(0, 3),
                                                        "0:pass"]),
    "wrong_phase_before_bad_notation": (header(CANON, 3, 0), ["0:auction open",
                                                              "0:bid -50"]),
    "bad_notation": (header(CANON, 3, 0), ["0:auction open", *stops(0, 3), "0:bid -50"]),
    "unknown_slot": (header(CANON, 3, 0), ["0:auction open", "0:examine c7"]),
    "already_examined": (header(CANON, 3, 0), ["0:auction open", "0:examine c1",
                                               "0:examine c1"]),
    "too_few_actions": (header(CANON, 3, 0), [*E1, "1:examine c4"]),
    "bad_bid": (header(CANON, 3, 1), [*E3_BIDS, "0:bid 120"]),
    "bad_bid_above_money": (header(CANON, 2, 0), ["0:auction open", *stops(0, 2),
                                                  "0:bid 3450"]),
    "not_a_raise": (header(CANON, 3, 0), [*E2_TIE, "1:bid 600"]),
    "already_committed": (header(CANON, 3, 0), [*SEALED_3, "0:seal 500", "0:seal 200"]),
    "notes_not_held": (header(CANON, 3, 0), [*SEALED_3, "0:seal 500 500 500 500 500"]),
    "notes_not_held_after_paying": (header(CANON, 2, 0),
                                    ["0:auction open", *stops(0, 2), "0:bid 3400",
                                     "1:pass", "1:auction sealed", *stops(1, 2),
                                     "0:seal 50"]),
    "bad_payment": (header(CANON, 3, 1), [*E3, "2:pay 200 50"]),
    "bad_payment_short": (header(CANON, 3, 1), [*E3, "2:pay 100"]),
    # problems of form
    "move_written_as_notation": (header(CANON, 3, 0), ['"0:auction open"']),
    "bad_players": (header(CANON, 5, 0), []),
    "bad_first": (header(CANON, 3, 3), []),
    "bad_pile": (header(CANON, 3, 0, open_pile=["Y50", *CANON[0][:-1]]), []),
}


def main() -> None:
    for name, (head, moves) in LOGS.items():
        lines = [json.dumps(head), *(json.dumps(move(text)) for text in moves)]
        (HERE / f"{name}.jsonl").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
