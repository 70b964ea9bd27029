"""Build the Draft Cider golden logs of ``tests/games/draft_cider/golden`` from
hand-chosen orchards and moves.

Run ``python tests/games/draft_cider/golden/make_draft_cider_golden.py`` to (re)write
the logs. It writes the logs only: each ``NAME.expected.json`` beside them is written by
hand (the reasoning, seat by seat and lot by lot, is in ``README.md``), never generated,
so a change in the engine cannot silently change what the tests expect. Nothing here
imports the engine.

A whole game is given as each seat's twelve picks (``card lot``) in the order it makes
them. The deck is then built so that those picks can be made (RULES-draft-cider.md
DC6-DC7): round r's pool is the cards picked in round r, in the order they are picked
(seat (first + r - 1) mod N first, then clockwise, k times round), and every card no
seat picks follows, **in canonical order** (``G11 ... R55``), so the README can say what
the deck holds without listing a shuffle.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

Data = dict[str, Any]

NAMES = ["ann", "bo", "cy", "dee", "eve", "fay", "gus"]
CANONICAL = [f"{colour}{sweetness}{height}" for colour in "GYR" for sweetness in range(1, 6)
             for height in range(1, 6)]


def per_round(count: int) -> int:
    """k (DC4): 2 with 3 or 6 players, else 3."""
    return 2 if count in (3, 6) else 3


def game(count: int, first: int, picks: list[str]) -> tuple[list[str], list[str]]:
    """The deck and the moves of a whole game in which seat s makes the picks
    ``picks[s]`` (twelve ``card lot``, comma-separated) in that order."""
    plans = [[pick.split() for pick in plan.split(",")] for plan in picks]
    assert len(plans) == count, picks
    assert all(len(plan) == 12 for plan in plans), picks
    k = per_round(count)
    head: list[str] = []
    moves: list[str] = []
    for round_ in range(12 // k):
        opener = (first + round_) % count
        made = dict.fromkeys(range(count), 0)
        for seat in [(opener + i) % count for i in range(count)] * k:
            card, lot = plans[seat][round_ * k + made[seat]]
            made[seat] += 1
            head.append(card)
            moves.append(f"{seat}:pick {card} {lot}")
    return deck(head), moves


def deck(head: list[str]) -> list[str]:
    """``head``, then every card it does not name in canonical order: 75 cards."""
    assert len(set(head)) == len(head), head
    assert set(head) <= set(CANONICAL), head
    cards = head + [card for card in CANONICAL if card not in head]
    assert sorted(cards) == sorted(CANONICAL)
    return cards


def header(cards: list[str], count: int, first: int, bad_points: int = -1,
           **changes: Any) -> Data:
    data: Data = {"format": "aves-core-log", "version": 1, "game": "draft-cider",
                  "game_version": 1, "players": NAMES[:count],
                  "setup": {"bad_points": bad_points, "deck": cards, "first": first}}
    for key, value in changes.items():
        if key in ("bad_points", "deck", "first"):
            data["setup"][key] = value
        else:
            data[key] = value
    return data


def move(text: str) -> Data:
    """A move object from its notation ``SEAT:pick CARD LOT``."""
    seat, _, words = text.partition(":")
    verb, card, lot = words.split()
    assert verb == "pick", text
    return {"type": "pick", "player": int(seat), "card": card, "lot": lot}


# --- SIX: 6 players, first 3 (k = 2, six rounds, pools of 12). Each seat fills one lot with
# twelve cards and reaches its maximum; three cards are never used (G24 R45 R55).
SIX_DECK, SIX = game(6, 3, [
    # seat 0: stable, heights 1 2 2 2 2 3 3 4 4 4 4 5 (41)
    "Y51 stable, Y52 stable, G32 stable, G42 stable, G52 stable, G53 stable, "
    "Y53 stable, G54 stable, G44 stable, G34 stable, Y54 stable, Y55 stable",
    # seat 1: couple, six pairs of equal sweetness (42)
    "Y22 couple, Y24 couple, Y32 couple, Y34 couple, Y41 couple, Y42 couple, "
    "Y44 couple, Y45 couple, R51 couple, R52 couple, R53 couple, R54 couple",
    # seat 2: forte, six pairs of heights 1 and 5 (48)
    "G21 forte, G25 forte, G35 forte, G31 forte, G41 forte, G45 forte, "
    "G55 forte, G51 forte, Y21 forte, Y25 forte, Y35 forte, Y31 forte",
    # seat 3: mono, twelve red cards (78)
    "R15 mono, R21 mono, R22 mono, R24 mono, R25 mono, R31 mono, "
    "R32 mono, R34 mono, R35 mono, R41 mono, R42 mono, R44 mono",
    # seat 4: feather, twelve cards of height 3 (132)
    "G13 feather, G23 feather, G33 feather, G43 feather, Y13 feather, Y23 feather, "
    "Y33 feather, Y43 feather, R13 feather, R23 feather, R33 feather, R43 feather",
    # seat 5: unlucky, eleven of sweetness 1 and one of 2: 13 (144)
    "G11 unlucky, G12 unlucky, G14 unlucky, G15 unlucky, Y11 unlucky, G22 unlucky, "
    "Y12 unlucky, Y14 unlucky, Y15 unlucky, R11 unlucky, R12 unlucky, R14 unlucky",
])
assert SIX_DECK[72:] == ["G24", "R45", "R55"]

# --- SHARED: 3 players, first 2 (k = 2, six rounds, pools of 6; E4's order). Seat 0 is
# E1's orchard (tree kept, 45), seat 1 plants a green tree and loses it (45), seat 2 a
# twelve-card stable (41): seats 0 and 1 share the win.
SHARED_DECK, SHARED = game(3, 2, [
    "Y44 tree, G11 mono, G25 mono, R32 feather, G32 feather, R35 feather, "
    "R51 unlucky, G54 unlucky, R33 unlucky, R15 forte, G21 forte, Y13 bad",
    "G43 tree, Y41 feather, Y42 feather, Y43 feather, R41 feather, G41 feather, "
    "G42 feather, Y51 unlucky, R52 unlucky, Y31 unlucky, R11 forte, R14 forte",
    "G13 stable, G14 stable, G15 stable, G24 stable, G23 stable, G22 stable, "
    "G33 stable, G34 stable, G35 stable, G44 stable, G45 stable, G55 stable",
])
assert SHARED[:6] == ["2:pick G13 stable", "0:pick Y44 tree", "1:pick G43 tree",
                      "2:pick G14 stable", "0:pick G11 mono", "1:pick Y41 feather"]

# --- BAD: 2 players, first 1 (k = 3, four rounds, pools of 6). Seat 0 puts its twelve
# cards in bad; seat 1 has 2 in stable, 9 in unlucky (sum 45) and 1 in bad.
BAD_DECK, BAD = game(2, 1, [
    "R11 bad, R12 bad, R13 bad, R14 bad, R15 bad, R21 bad, "
    "R22 bad, R23 bad, R24 bad, R25 bad, R31 bad, R32 bad",
    "G33 stable, G34 stable, G11 bad, Y51 unlucky, Y52 unlucky, Y53 unlucky, "
    "Y54 unlucky, Y55 unlucky, G51 unlucky, G52 unlucky, G53 unlucky, G54 unlucky",
])

# --- CANON: the canonical order (4 players, first 1: k = 3, pools of 12).
CANON = list(CANONICAL)
ROUND_ONE_4P = ["1:pick G11 bad", "2:pick G12 bad", "3:pick G13 bad", "0:pick G14 bad",
                "1:pick G15 bad", "2:pick G21 bad", "3:pick G22 bad", "0:pick G23 bad",
                "1:pick G24 bad", "2:pick G25 bad", "3:pick G31 bad", "0:pick G32 bad"]

ROUND_ONE = SHARED[:6]
TWO_ROUNDS = SHARED[:12]

LOGS: dict[str, tuple[Data, list[str] | list[Any]]] = {
    # whole games
    "six_maxima_6p": (header(SIX_DECK, 6, 3), SIX),
    "shared_win_3p": (header(SHARED_DECK, 3, 2), SHARED),
    "bad_minus_2p": (header(BAD_DECK, 2, 1), BAD),
    "bad_zero_2p": (header(BAD_DECK, 2, 1, bad_points=0), BAD),
    "bad_plus_2p": (header(BAD_DECK, 2, 1, bad_points=1), BAD),
    # games under way
    "round_two_3p": (header(SHARED_DECK, 3, 2), ROUND_ONE),
    "tree_after_bad": (header(SHARED_DECK, 3, 2),
                       ["2:pick G13 stable", "0:pick G11 bad", "1:pick Y41 feather",
                        "2:pick G14 stable", "0:pick G43 tree", "1:pick Y44 mono"]),
    "round_two_4p": (header(CANON, 4, 1), ROUND_ONE_4P),
    # refusals (DC19b)
    "game_over": (header(SHARED_DECK, 3, 2), [*SHARED, "2:pick G12 bad"]),
    "not_your_turn": (header(SHARED_DECK, 3, 2), ["0:pick Y44 tree"]),
    "not_your_turn_no_such_seat": (header(SHARED_DECK, 3, 2), ["9:pick G13 stable"]),
    "not_in_pool_taken": (header(SHARED_DECK, 3, 2), ["2:pick G13 stable", "0:pick G13 mono"]),
    "not_in_pool_later_pool": (header(SHARED_DECK, 3, 2), ["2:pick G15 stable"]),
    "bad_notation_no_card": (header(SHARED_DECK, 3, 2), ["2:pick Z99 orchard"]),
    "unknown_lot": (header(SHARED_DECK, 3, 2), ["2:pick G13 orchard"]),
    "lot_refuses_tree_colour": (header(SHARED_DECK, 3, 2),
                                ["2:pick G13 stable", "0:pick G11 mono", "1:pick Y41 feather",
                                 "2:pick G14 stable", "0:pick G43 tree"]),
    "lot_refuses_tree_full": (header(SHARED_DECK, 3, 2),
                              [*ROUND_ONE[:4], "0:pick G11 tree"]),
    "lot_refuses_mono": (header(SHARED_DECK, 3, 2), [*ROUND_ONE, "0:pick R32 mono"]),
    "lot_refuses_feather_open": (header(SHARED_DECK, 3, 2),
                                 [*ROUND_ONE, "0:pick G25 mono", "1:pick G15 feather"]),
    "lot_refuses_feather_closed": (header(SHARED_DECK, 3, 2),
                                   [*TWO_ROUNDS, "1:pick G32 feather"]),
    "lot_refuses_forte": (header(SHARED_DECK, 3, 2), [*SHARED[:32], "0:pick G55 forte"]),
    "lot_refuses_couple": (header(SIX_DECK, 6, 3), [*SIX[:21], "1:pick R24 couple"]),
    "lot_refuses_stable": (header(SIX_DECK, 6, 3), [*SIX[:9], "0:pick G25 stable"]),
    "move_written_as_notation": (header(SHARED_DECK, 3, 2), ["=2:pick G13 stable"]),
    "result_mismatch": (header(BAD_DECK, 2, 1, bad_points=1), BAD),
    # the setup
    "bad_players": (header(SHARED_DECK, 7, 2), []),
    "bad_options": (header(SHARED_DECK, 3, 2, bad_points=2), []),
    "bad_first": (header(SHARED_DECK, 3, 3), []),
    "bad_first_negative": (header(SHARED_DECK, 3, -1), []),
    "bad_first_before_deck": (header(SHARED_DECK[:74], 3, 5), []),
    "bad_deck_short": (header(SHARED_DECK[:74], 3, 2), []),
    "bad_deck_repeated": (header([*SHARED_DECK[:74], SHARED_DECK[0]], 3, 2), []),
    "bad_deck_unknown_card": (header([*SHARED_DECK[:74], "Y60"], 3, 2), []),
}


def line(text: str) -> Any:
    """A move object; ``=TEXT``: the notation itself, as a string (no move object)."""
    return text[1:] if text.startswith("=") else move(text)


# The result line each log records (a whole game's, checked by replay; a wrong one).
RESULTS: dict[str, list[int]] = {
    "six_maxima_6p": [5], "shared_win_3p": [0, 1], "bad_minus_2p": [1], "bad_zero_2p": [1],
    "bad_plus_2p": [0],
    "result_mismatch": [1],  # bad_plus_2p's moves, recorded as if bad were still -1
}


def main() -> None:
    for name, (head, moves) in LOGS.items():
        lines = [json.dumps(head), *(json.dumps(line(text)) for text in moves)]
        if name in RESULTS:
            lines.append(json.dumps({"type": "result", "winners": RESULTS[name],
                                     "reason": "most_points"}))
        (HERE / f"{name}.jsonl").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
