"""Build the Tsukuru 10 Ten golden logs of ``tests/games/tsukuru/golden`` from
hand-chosen deals and moves.

Run ``python tests/games/tsukuru/golden/make_tsukuru_golden.py`` to (re)write the logs.
It writes the logs only: each ``NAME.expected.json`` beside them is written by hand (the
reasoning, move by move, is in ``README.md``), never generated, so a change in the
engine cannot silently change what the tests expect. Nothing here imports the engine:
a deal is built by counting tiles.

A deal is given as each seat's seven tiles and the head of the deck (top first); the
rest of the deck is every tile not named, in canonical order (``R0``-``R7``,
``B1``-``B7``, ``P5``-``P8``), so that the README can say what the deck holds without
listing a shuffle. The recorded deal is the hands in seat order, then the deck (TK4).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

Data = dict[str, Any]

KINDS = ["R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "B1", "B2", "B3", "B4", "B5", "B6",
         "B7", "P5", "P6", "P7", "P8"]
COPIES = [1, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1, 1, 1]
NAMES = ["ann", "bo", "cy", "dee", "eve"]


def rest(*zones: list[str]) -> list[str]:
    """Every tile of the game that ``zones`` do not hold, in canonical order."""
    left = []
    for kind, count in zip(KINDS, COPIES, strict=True):
        used = sum(zone.count(kind) for zone in zones)
        assert used <= count, f"{used} tiles {kind}, the game has {count}"
        left += [kind] * (count - used)
    return left


def deal(hands: list[str], deck_head: str) -> list[str]:
    """The 61 tiles: the hands (seven each, in seat order), the deck's head, the rest."""
    held = [hand.split() for hand in hands]
    assert all(len(hand) == 7 for hand in held), hands
    head = deck_head.split()
    tiles = [tile for hand in held for tile in hand] + head + rest(*held, head)
    assert len(tiles) == 61
    return tiles


def header(tiles: list[str], count: int, *, scoring: str = "basic", dealer: int = 0,
           **changes: Any) -> Data:
    data: Data = {"format": "aves-core-log", "version": 1, "game": "tsukuru",
                  "game_version": 1, "players": NAMES[:count],
                  "setup": {"scoring": scoring, "end": "target", "deal": tiles,
                            "dealer": dealer}}
    for key, value in changes.items():
        if key in ("scoring", "end", "deal", "dealer"):
            data["setup"][key] = value
        else:
            data[key] = value
    return data


def move(text: str) -> Data:
    """A move object from the notation (``*:deal`` followed by the tiles, spaced)."""
    seat, _, rest_of_text = text.partition(":")
    words = rest_of_text.split()
    if seat == "*":
        assert words[0] == "deal"
        return {"type": "deal", "tiles": "".join(words[1:])}
    player = int(seat)
    verb = words[0]
    if verb == "draw":
        return {"type": "draw", "player": player}
    if verb == "discard":
        return {"type": "discard", "player": player, "tile": words[1]}
    if verb == "get":
        return {"type": "get", "player": player, "source": int(words[1]), "tiles": words[2]}
    if verb == "finish":
        return {"type": "finish", "player": player, "arrangement": words[1:]}
    assert verb == "finishfrom", text
    return {"type": "finishfrom", "player": player, "source": int(words[1]),
            "arrangement": words[2:]}


# --- BASE: two players, basic scoring, seat 0 deals. Seat 0 can finish with B6 (E2's
# hand); seat 1 holds a purple. Every refusal of a turn is made on this deal.
BASE = deal(["R0 R1 R2 R3 B3 B4 B5", "B1 B1 B1 R5 R5 R5 P5"], "B6 R7")
# --- GOD: two players, advanced scoring, seat 0 deals and draws the fourth red 5.
GOD = deal(["B5 B5 B5 B5 R5 R5 R5", "R1 R2 R3 R4 R6 R7 B1"], "R5")

# --- DRY: BASE again; each seat draws and throws back what it drew until the deck is
# empty (47 tiles: seat 0 draws the last), and the round ends dry (TK11).
DRY = [text for index, tile in enumerate(BASE[14:])
       for text in (f"{index % 2}:draw", f"{index % 2}:discard {tile}")]
# --- ROUNDS: two players, advanced scoring, end=rounds. In each of the four rounds the
# dealer holds E2's hand, draws B6 and finishes on its first turn; seats take turns to
# deal (TK5), so each finishes twice; round 4 = 2N ends the game (TK16).
E2_FIRST = deal(["R0 R1 R2 R3 B3 B4 B5", "B1 B1 B1 R5 R5 R5 P5"], "B6")
E2_SECOND = deal(["B1 B1 B1 R5 R5 R5 P5", "R0 R1 R2 R3 B3 B4 B5"], "B6")
ROUNDS = ["0:draw", "0:finish R1R2R3 B4B5B6",
          "*:deal " + " ".join(E2_SECOND), "1:draw", "1:finish R1R2R3 B4B5B6",
          "*:deal " + " ".join(E2_FIRST), "0:draw", "0:finish R1R2R3 B4B5B6",
          "*:deal " + " ".join(E2_SECOND), "1:draw", "1:finish R1R2R3 B4B5B6"]

# --- PURPLE: two players, basic scoring, seat 1 deals. Seat 1 throws its purple 5, which
# opens a set of three purples with seat 0's P6 and P7 (E1's get, TK6's named colour).
PURPLE = deal(["P6 P7 R1 R1 R2 R2 R3", "P5 B1 B1 B2 B2 B3 B3"], "B4")

LOGS: dict[str, tuple[Data, list[str]]] = {
    "get_three_purples": (header(PURPLE, 2, dealer=1),
                          ["1:draw", "1:discard P5", "0:get 1 P6P7=B", "0:discard R3"]),
    "colour_required": (header(PURPLE, 2, dealer=1), ["1:draw", "1:discard P5",
                                                      "0:get 1 P6P7"]),
    "dry_round": (header(BASE, 2), DRY),
    "rounds": (header(E2_FIRST, 2, scoring="advanced", end="rounds"), ROUNDS),
    "god_ten": (header(GOD, 2, scoring="advanced"), ["0:draw", "0:finish R5R5R5 B5B5B5"]),
    "game_over": (header(GOD, 2, scoring="advanced"),
                  ["0:draw", "0:finish R5R5R5 B5B5B5", "1:draw"]),
    "not_your_turn": (header(BASE, 2), ["1:draw"]),
    "wrong_phase": (header(BASE, 2), ["0:discard R0"]),
    "bad_seat": (header(BASE, 2), ["0:get 0 B4B5"]),
    "empty_pile": (header(BASE, 2), ["0:get 1 B4B5"]),
    "unknown_tile": (header(BASE, 2), ["0:draw", "0:discard B9"]),
    "not_held": (header(BASE, 2), ["0:draw", "0:discard R7"]),
    "not_canonical": (header(BASE, 2), ["0:draw", "0:finish B4B5B6 R1R2R3"]),
    "not_a_set": (header(BASE, 2), ["0:draw", "0:finish R0R1R3"]),
    "not_ten": (header(BASE, 2), ["0:draw", "0:finish R0R1R2 B4B5B6"]),
    "colour_forbidden": (header(BASE, 2), ["0:draw", "0:discard B6", "1:draw",
                                           "1:finish P5=R"]),
    "finish_basic": (header(BASE, 2), ["0:draw", "0:finish R1R2R3 B4B5B6"]),
    "bad_players": (header(BASE, 5), []),
    "bad_dealer": (header(BASE, 2, dealer=2), []),
    "bad_options": (header(BASE, 2, scoring="expert"), []),
    "bad_deal": (header(BASE, 2, deal=[*BASE[:-1], "R0"]), []),
}


def main() -> None:
    for name, (head, moves) in LOGS.items():
        lines = [json.dumps(head), *(json.dumps(move(text)) for text in moves)]
        (HERE / f"{name}.jsonl").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
