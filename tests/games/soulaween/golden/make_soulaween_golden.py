"""Build the Soulaween golden logs of ``tests/games/soulaween/golden`` from hand-chosen moves.

Run ``python tests/games/soulaween/golden/make_soulaween_golden.py`` to (re)write the
logs. It writes the logs only: each ``NAME.expected.json`` beside them is written by hand (the
reasoning, move by move, is in ``README.md``), never generated, so a change in the
engine cannot silently change what the tests expect.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

Data = dict[str, Any]


def header(first_player: int = 0, characters: list[Any] | None = None,
           stances: list[Any] | None = None, players: int = 2, **changes: Any) -> Data:
    """A generic-format header of a Soulaween game (simple mode unless characters)."""
    data: Data = {"format": "aves-core-log", "version": 1, "game": "soulaween",
                  "game_version": 1, "players": ["ann", "bo", "cy"][:players],
                  "setup": {"first_player": first_player,
                            "characters": characters or [None, None],
                            "stances": stances or [None, None]}}
    data.update(changes)
    return data


def move(text: str) -> Data:
    """A move object from the notation: ``0:put b3 white``, ``0:reap a2-d2``, ``1:keep``."""
    seat, _, rest = text.partition(":")
    words = rest.split()
    if words[0] == "put":
        return {"type": "put", "player": int(seat), "cell": words[1], "face": words[2]}
    if words[0] == "reap":
        ends = words[1].split("-")
        return {"type": "reap", "player": int(seat), "cells": CHAINS.get(words[1], ends)}
    return {"type": words[0], "player": int(seat)}


CHAINS = {"a2-d2": ["a2", "b2", "c2", "d2"], "a3-d3": ["a3", "b3", "c3", "d3"]}

# Seat 0 reaps the diagonal a1-d4 (black), the anti-diagonal a4-d1 (white), then the
# diagonal again (white): three tokens. See README.md for every flip.
SIMPLE_WIN = [
    "0:put a1 black", "1:put a4 white", "0:put b2 black", "1:put c1 white",
    "0:put c3 black", "1:put d2 white", "0:put d4 black",
    "1:put a1 white", "0:put b3 white", "1:put d4 white", "0:put c2 white",
    "1:put c4 white", "0:put d1 white",
    "1:put a3 black", "0:put d3 white", "1:put a4 black", "0:put b2 white",
    "1:put d1 black", "0:put c3 white",
]
# The cross: b2 black makes row 2 and column b black at once.
CROSS = ["0:put b3 black", "1:put b4 black", "0:put a2 white", "1:put c2 black",
         "0:put d2 black", "1:put b1 white", "0:put b2 black"]
# Little Death (seat 0) reaps the tilted L a1 a2 a3 b3.
SCYTHE = ["0:put a2 black", "1:put b3 white", "0:put a3 black", "1:put d1 white",
          "0:put a1 black"]
# Two Anubis: seat 0 reaps a black row (seat 1 may then reap black only), seat 1's
# white diagonal is not reaped, and seat 0 reaps it: white restricts now.
ANUBIS = ["0:put c3 black", "1:put b3 white", "0:put a3 black", "1:put a1 white",
          "0:put d3 black", "1:put b2 white", "0:put d1 black", "1:put c3 white",
          "0:put a4 black", "1:put d4 white", "0:put c1 black"]
# Two Hei & Bai: seat 0 puts as Bai then rotates to Hei, seat 1 puts as Hei and keeps.
HEI_BAI = ["0:put b2 white", "0:rotate", "1:put c3 black", "1:keep", "0:put a1 black",
           "0:keep"]

# Simple mode: the eight cells of one colour of a chessboard first (no two touch, so
# nothing flips), then the other eight; no chain ever forms, and the sixteenth put,
# black, fills the mat: every black piece is cleaned away.
CLEANUP = ["0:put a1 white", "1:put c1 black", "0:put b2 white", "1:put d2 black",
           "0:put a3 white", "1:put c3 black", "0:put b4 white", "1:put d4 white",
           "0:put b1 black", "1:put d1 white", "0:put a2 white", "1:put c2 black",
           "0:put b3 white", "1:put d3 black", "0:put a4 white", "1:put c4 black"]
# Little Death (seat 0) against Anubis: the square a1-b2 (Cloth), the L a1 a2 a3 b3
# (Scythe), then the white diagonal a1-d4 (Needle): one token of each kind.
EACH_KIND = ["0:put b2 black", "1:put a2 white", "0:put b1 white", "1:put d4 white",
             "0:put a1 black", "1:put a2 black", "0:put b3 white", "1:put a3 black",
             "0:put a1 black", "1:put a1 white", "0:put b2 white", "1:put d1 black",
             "0:put c3 white"]

STANDARD = {"little_death": ["little_death", "anubis"], "anubis": ["anubis", "anubis"],
            "hei_bai": ["hei_bai", "hei_bai"]}

LOGS: dict[str, tuple[Data, list[Any], Data | None]] = {
    "simple_three_tokens": (header(), SIMPLE_WIN, {"winners": [0],
                                                    "reason": "three_tokens"}),
    "choose_reap_pending": (header(), CROSS, None),
    "choose_reap_chosen": (header(), [*CROSS, "0:reap a2-d2"], None),
    "cleanup_full_mat": (header(), CLEANUP, None),
    "little_death_scythe": (header(characters=STANDARD["little_death"]), SCYTHE, None),
    "little_death_one_of_each_kind": (header(characters=STANDARD["little_death"]),
                                      EACH_KIND, {"winners": [0],
                                                  "reason": "one_of_each_kind"}),
    "anubis_latest_token_restricts": (header(characters=STANDARD["anubis"]), ANUBIS, None),
    "hei_bai_rotate_and_keep": (header(characters=STANDARD["hei_bai"],
                                       stances=["bai", "hei"]), HEI_BAI, None),
    "not_your_turn": (header(), ["1:put a1 black"], None),
    "cell_taken": (header(), ["0:put a1 black", "1:put a1 white"], None),
    "wrong_phase_put_before_rotating": (header(characters=STANDARD["hei_bai"],
                                               stances=["bai", "hei"]),
                                        ["0:put b2 white", "0:put a1 black"], None),
    "not_reapable": (header(), [*CROSS, "0:reap a3-d3"], None),
    "game_over_move_after_the_win": (header(), [*SIMPLE_WIN, "1:put a1 black"], None),
    "result_mismatch_game_not_over": (header(), CROSS[:3], {"winners": [0],
                                                            "reason": "three_tokens"}),
    "unknown_cell": (header(), [{"type": "put", "player": 0, "cell": "e5",
                                 "face": "black"}], None),
    "bad_setup_unknown_character": (header(characters=["zombie", None]), [], None),
    "bad_first_player": (header(first_player=2), [], None),
    "bad_players": (header(players=3), [], None),
    "unsupported_game_version": (header(game_version=2), [], None),
}


def write(name: str, head: Data, moves: list[Any], result: Data | None) -> None:
    objects = [move(item) if isinstance(item, str) else item for item in moves]
    lines = [json.dumps(head)] + [json.dumps(item) for item in objects]
    if result is not None:
        lines.append(json.dumps({"type": "result", **result}))
    (HERE / f"{name}.jsonl").write_text("\n".join(lines) + "\n")


def main() -> None:
    for name, (head, moves, result) in LOGS.items():
        write(name, head, moves, result)


if __name__ == "__main__":
    main()
