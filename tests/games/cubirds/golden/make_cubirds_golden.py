"""Build the Cubirds golden logs of ``tests/games/cubirds/golden`` from hand-chosen deals
and moves.

Run ``python tests/games/cubirds/golden/make_cubirds_golden.py`` to (re)write the logs.
It writes the logs only: each ``NAME.expected.json`` beside them is written by hand (the
reasoning, move by move, is in ``README.md``), never generated, so a change in the
engine cannot silently change what the tests expect. Nothing here imports the engine:
a deal is built by counting letters.

A deal is given as its rows, each seat's hand (8 cards), each seat's collection card
and the head of the deck (top first); the rest of the deck is every card not named, in
canonical order (``F O T D P M W R``), so that the README can say what the deck holds
without listing a shuffle. The stock of the recorded setup is then the hands in seat
order, the collection cards, the deck (CB4).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

Data = dict[str, Any]

SPECIES = "FOTDPMWR"
COUNTS = (7, 10, 10, 13, 13, 17, 20, 20)
NAMES = ["ann", "bo", "cy", "dee", "eve", "fay"]


def rest(*zones: str) -> str:
    """Every card of the game that ``zones`` do not hold, in canonical order."""
    left = []
    for letter, count in zip(SPECIES, COUNTS, strict=True):
        used = sum(zone.count(letter) for zone in zones)
        assert used <= count, f"{used} cards of {letter}, the game has {count}"
        left.append(letter * (count - used))
    return "".join(left)


def deal(rows: list[str], hands: list[str], collections: list[str], deck_head: str,
         dealer: int, *, whole_deck: bool = False) -> Data:
    """A setup object: the stock is the hands, the collection cards, then the deck (its
    head, then the rest in canonical order; ``whole_deck``: the head is all of it)."""
    assert all(len(hand) == 8 for hand in hands), hands
    assert len(collections) == len(hands)
    assert all(len(card) == 1 for card in collections)
    tail = rest(*rows, *hands, *collections, deck_head)
    assert not (whole_deck and tail), f"cards left over: {tail}"
    stock = "".join(hands) + "".join(collections) + deck_head + tail
    assert len("".join(rows)) + len(stock) == 110
    return {"row_cards": len(rows[0]), "rows": rows, "stock": stock, "dealer": dealer}


def header(setup: Data, players: int, **changes: Any) -> Data:
    """A generic-format header of a Cubirds game."""
    data: Data = {"format": "aves-core-log", "version": 1, "game": "cubirds",
                  "game_version": 1, "players": NAMES[:players], "setup": setup}
    data.update(changes)
    return data


def move(text: str) -> Data:
    """A move object from the notation: ``0:lay P 2 left``, ``0:draw``, ``0:nodraw``,
    ``0:fly M``, ``0:nofly``, ``*:reshuffle FF``."""
    seat, _, rest_of_text = text.partition(":")
    words = rest_of_text.split()
    if seat == "*":
        assert words[0] == "reshuffle"
        return {"type": "reshuffle", "deck": words[1]}
    player = int(seat)
    if words[0] == "lay":
        return {"type": "lay", "player": player, "species": words[1], "row": int(words[2]),
                "side": words[3]}
    if words[0] == "fly":
        return {"type": "fly", "player": player, "species": words[1]}
    assert words[0] in ("draw", "nodraw", "nofly"), text
    assert len(words) == 1, text
    return {"type": words[0], "player": player}


# --- BASE: two players, rows of 3, seat 0 deals. Seat 0 collects owls then flamingos:
# two triples in three turns. The refusals are made on this deal too.
BASE = deal(rows=["TDM", "FOT", "PWR", "ODT"],
            hands=["OOOOFFFR", "DDDPPPWW"],
            collections=["O", "P"],
            deck_head="WMFF",
            dealer=0)
TWO_TRIPLES = [
    "0:lay R 0 right", "0:draw", "0:fly O",
    "1:lay D 2 left", "1:nodraw", "1:nofly",
    "0:lay W 1 right", "0:nodraw", "0:fly F",
    "1:lay P 3 right", "1:nodraw", "1:nofly",
    "0:lay M 1 right", "0:draw", "0:fly F",
]

# --- SEVEN: two players, rows of 3. Seat 0 flies six species home, one a turn; seat 1
# builds a block of ducks, parrots and magpies at the right of row 0, which seat 0 takes
# at once by laying its robin at that end.
SEVEN = deal(rows=["WRT", "FOW", "RMD", "POT"],
             hands=["FFOOORTW", "DDDDPPPP"],
             collections=["W", "R"],
             deck_head="TWMMTWMMMWRWRR",
             dealer=0)
SEVEN_SPECIES = [
    "0:lay W 1 right", "0:draw", "0:fly F",
    "1:lay D 0 right", "1:draw", "1:nofly",
    "0:lay W 1 right", "0:draw", "0:fly O",
    "1:lay P 0 right", "1:draw", "1:nofly",
    "0:lay W 1 right", "0:draw", "0:fly T",
    "1:lay M 0 right", "1:draw", "1:nofly",
    "0:lay R 0 right", "0:fly D",
    "1:lay R 2 left", "1:nodraw", "1:nofly",
    "0:lay W 1 right", "0:nodraw", "0:fly P",
    "1:lay W 1 right", "1:draw", "1:nofly",
    "0:lay T 3 right", "0:nodraw", "0:fly M",
]

# --- ROUND: three players, rows of 3, seat 0 deals. Seat 1 holds eight reed warblers,
# lays them all, and ends the round: it deals and plays again.
ROUND = deal(rows=["FOT", "DPM", "WRF", "OTD"],
             hands=["PPFOTDRR", "WWWWWWWW", "OODDPPMM"],
             collections=["R", "F", "T"],
             deck_head="OOTTDDPP" "RRRMMWWF" "DDMMMPPT",
             dealer=0)
ROUND_END = [
    "0:lay P 1 right", "0:nofly",
    "1:lay W 3 right", "1:nodraw", "1:nofly",
    "1:lay R 2 left", "1:nofly",
]

# --- DRAIN: five players, rows of 4, seat 0 deals. The deck is 18 robins, 18 reed
# warblers and 13 magpies and nothing else, so three refills empty it.
DRAIN = deal(rows=["TDOR", "FPDW", "OTFM", "FOTP"],
             hands=["RFFOODDD", "WFFOODDD", "MTTOODDP", "MMTTTDDP", "PPPPPPPP"],
             collections=["T", "T", "O", "D", "P"],
             deck_head="R" * 18 + "W" * 18 + "M" * 13,
             dealer=0, whole_deck=True)
REFILL_FINDS_NO_CARD = [
    "0:lay R 0 left", "0:nofly",
    "1:lay W 1 left", "1:nofly",
    "2:lay M 2 left",
]
DRAIN_WITH_FLOCKS = [
    "0:lay R 0 left", "0:fly F",
    "1:lay W 1 left", "1:fly F",
    "2:lay M 2 left",
    "*:reshuffle FF",
    "2:fly T",
    "3:lay M 3 left", "3:draw",
    "*:reshuffle TT",
    "3:nofly",
    "4:lay P 3 right", "4:nofly",
]

LOGS: dict[str, tuple[Data, list[Any], Data | None]] = {
    # Whole games and their ends.
    "two_triples": (header(BASE, 2), TWO_TRIPLES, {"winners": [0], "reason": "two_triples"}),
    "seven_species": (header(SEVEN, 2), SEVEN_SPECIES,
                      {"winners": [0], "reason": "seven_species"}),
    "round_end_dealer_plays_twice": (header(ROUND, 3), ROUND_END, None),
    "refill_finds_no_card": (header(DRAIN, 5), REFILL_FINDS_NO_CARD,
                             {"winners": [0, 1, 2, 3, 4], "reason": "deck_exhausted"}),
    "reshuffle_due_mid_refill": (header(DRAIN, 5), DRAIN_WITH_FLOCKS[:5], None),
    "reshuffle_mid_refill": (header(DRAIN, 5), DRAIN_WITH_FLOCKS[:6], None),
    "reshuffle_due_mid_draw": (header(DRAIN, 5), DRAIN_WITH_FLOCKS[:9], None),
    "reshuffle_mid_draw": (header(DRAIN, 5), DRAIN_WITH_FLOCKS[:10], None),
    "no_new_deal": (header(DRAIN, 5), DRAIN_WITH_FLOCKS,
                    {"winners": [1], "reason": "deck_exhausted"}),
    # Refused moves, in the order of CB17a.
    "game_over": (header(BASE, 2), [*TWO_TRIPLES, "1:lay W 0 left"], None),
    "not_your_turn": (header(BASE, 2), ["1:lay D 2 left"], None),
    "not_your_turn_at_a_chance_node": (header(DRAIN, 5), [*DRAIN_WITH_FLOCKS[:5], "2:fly T"],
                                       None),
    "wrong_phase": (header(BASE, 2), ["0:fly O"], None),
    "wrong_phase_draw_not_offered": (header(BASE, 2), ["0:lay O 1 right", "0:draw"], None),
    "wrong_phase_no_reshuffle_due": (header(BASE, 2), ["*:reshuffle FF"], None),
    "unknown_species": (header(BASE, 2), ["0:lay X 0 left"], None),
    "bad_row": (header(BASE, 2), ["0:lay R 4 left"], None),
    "bad_side": (header(BASE, 2), ["0:lay R 0 up"], None),
    "not_in_hand": (header(BASE, 2), ["0:lay P 0 left"], None),
    "flock_too_small": (header(BASE, 2), ["0:lay R 0 right", "0:draw", "0:fly W"], None),
    "bad_reshuffle": (header(DRAIN, 5), [*DRAIN_WITH_FLOCKS[:5], "*:reshuffle MM"], None),
    "move_written_as_notation": (header(BASE, 2), ["0:lay R 0 right"], None),
    # Bad headers and setups.
    "bad_players": (header(BASE, 6), [], None),
    "bad_options": (header({**BASE, "row_cards": 5}, 2), [], None),
    "bad_dealer": (header({**BASE, "dealer": 2}, 2), [], None),
    "bad_deal_row_repeats_a_species": (header({**BASE, "rows": ["TDM", "FOO", "PWR", "ODT"]},
                                              2), [], None),
    "bad_deal_card_missing": (header({**BASE, "stock": BASE["stock"][:-1]}, 2), [], None),
}
# A move written in its notation is a string, not a move object: the log keeps it as text.
RAW = {"move_written_as_notation"}


def write(name: str, head: Data, moves: list[Any], result: Data | None) -> None:
    objects = [item if name in RAW else move(item) for item in moves]
    lines = [json.dumps(head)] + [json.dumps(item) for item in objects]
    if result is not None:
        lines.append(json.dumps({"type": "result", **result}))
    (HERE / f"{name}.jsonl").write_text("\n".join(lines) + "\n")


def main() -> None:
    for name, (head, moves, result) in LOGS.items():
        write(name, head, moves, result)


if __name__ == "__main__":
    main()
