"""Build the golden logs of ``tests/games/aves/golden`` from hand-chosen deals.

Run ``python tests/games/aves/golden/make_golden.py`` to (re)write the logs. It writes the
logs only: each ``NAME.expected.json`` beside them is a hand-checked file (the
reasoning is in ``README.md``), never generated, so a change in the engine
cannot silently change what the tests expect.

Every deal is written out card by card so that each situation is forced:
seat i gets ``deal[3i:3i+3]``, the circle the next 7 cards, the deck the rest
(``deck[0]`` the top, ``deck[-1]`` the bottom).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

Data = dict[str, Any]

COLOURS = "ROYGBIV"


# --- moves and headers -----------------------------------------------------


def trade(player: Any, card: Any, gap: Any) -> Data:
    """A trade move object (any value may be deliberately wrong)."""
    return {"type": "trade", "player": player, "card": card, "gap": gap}


def ret(player: Any, card: Any, gap: Any) -> Data:
    """A return move object."""
    return {"type": "return", "player": player, "card": card, "gap": gap}


def pas(player: Any) -> Data:
    """A pass move object."""
    return {"type": "pass", "player": player}


def cards(text: str) -> list[str]:
    """A deal written as space-separated card codes."""
    return text.split()


def game_cards(num_players: int, crows: bool) -> list[str]:
    """Every card of a game: numbers 1..N+1 (at most 6) of each colour, and 4 crows."""
    top = min(num_players + 1, 6)
    return [f"{c}{n}" for c in COLOURS for n in range(1, top + 1)] + ["C0"] * 4 * crows


def checked(deal: list[str], num_players: int, crows: bool) -> list[str]:
    """The deal, after checking it holds every card of the game exactly once."""
    assert Counter(deal) == Counter(game_cards(num_players, crows)), deal
    return deal


def header(
    players: Sequence[str],
    deal: list[str],
    first_player: Any = 0,
    *,
    crows: bool = False,
    showdown: bool = False,
    seed: Any = None,
) -> Data:
    """A log header (the JSON document without ``moves`` and ``result``)."""
    data: Data = {
        "format": "aves-log",
        "version": 1,
        "players": list(players),
        "variant": {"crows": crows, "showdown": showdown},
    }
    if seed is not None:
        data["seed"] = seed
    data["deal"] = deal
    data["first_player"] = first_player
    return data


def result(winners: list[int], reason: str) -> Data:
    """A recorded result."""
    return {"winners": winners, "reason": reason}


# --- writing ---------------------------------------------------------------


def write_json(name: str, head: Data, moves: list[Data], recorded: Data | None = None,
               *, result_first: bool = False) -> None:
    """A JSON document: one header key a line, one move a line."""
    fields = [f"{json.dumps(key)}: {json.dumps(value)}" for key, value in head.items()]
    result_field = [] if recorded is None else [f'"result": {json.dumps(recorded)}']
    if result_first:
        fields += result_field
    body = ",\n  ".join(json.dumps(move) for move in moves)
    fields.append(f'"moves": [\n  {body}\n ]' if moves else '"moves": []')
    if not result_first:
        fields += result_field
    (HERE / f"{name}.json").write_text("{\n " + ",\n ".join(fields) + "\n}\n")


def jsonl_text(head: Data, moves: list[Data], recorded: Data | None = None) -> str:
    """JSON Lines: a header line, a line per move, an optional result line."""
    lines = [json.dumps(head)] + [json.dumps(move) for move in moves]
    if recorded is not None:
        lines.append(json.dumps({"type": "result", **recorded}))
    return "\n".join(lines) + "\n"


def write_jsonl(name: str, head: Data, moves: list[Data], recorded: Data | None = None,
                *, tail: str = "") -> None:
    """A JSON Lines log, followed by ``tail`` (a cut-off last line, say)."""
    (HERE / f"{name}.jsonl").write_text(jsonl_text(head, moves, recorded) + tail)


def write_raw(name: str, data: bytes) -> None:
    """A file of exactly these bytes."""
    (HERE / name).write_bytes(data)


# --- the deals -------------------------------------------------------------

TWO = ["ann", "bo"]
SIX = ["ann", "bo", "cy", "di", "ed", "flo"]

# B, the base 2-player deal. Hands: 0 R1 O1 Y1 (all 1s), 1 R2 O2 Y2 (all 2s).
# Circle G3 G2 G1 B1 B2 B3 I1, numbers 3 2 1 1 2 3 1: gaps 0 1 3 4 differ by 1,
# gap 2 by 0, gaps 5 and 6 by 2. Deck I2 I3 V1 V2 V3 R3 O3 Y3 (bottom Y3).
DEAL_B = checked(cards("R1 O1 Y1  R2 O2 Y2  G3 G2 G1 B1 B2 B3 I1  I2 I3 V1 V2 V3 R3 O3 Y3"),
                 2, False)
HEAD_B = header(TWO, DEAL_B)
# A miss at the last gap, a match at the last gap, a match at gap 0, a miss at gap 1.
MOVES_B = [trade(0, "R1", 6), trade(1, "R2", 7), trade(0, "Y1", 0), trade(1, "O2", 1)]

# S, seven colours after the forced return. Seat 0 matches five times at gap 0
# (R1 and O1 taken back and played again); seat 1 plays 3s, which never match
# with 2 players, at the last gap. Seat 0 reaches R3 O1 O2 Y3 G2 B2 I2 V2.
DEAL_S = checked(cards("R1 O1 Y3  O3 G3 B3  R3 O2 G2 B2 I2 V2 Y1  R2 Y2 G1 B1 I1 I3 V1 V3"),
                 2, False)
HEAD_S = header(TWO, DEAL_S, 0, seed=7)
MOVES_S_TO_RETURN = [
    trade(0, "R1", 0), trade(1, "O3", 5), trade(0, "O1", 0), trade(1, "G3", 5),
    trade(0, "R1", 0), trade(1, "B3", 5), trade(0, "O1", 0), trade(1, "V3", 5),
    trade(0, "R1", 0),
]
MOVES_S = [*MOVES_S_TO_RETURN, ret(0, "O2", 2)]

# S with crows: seat 0 holds a crow instead of Y3 (now in the deck, under the
# three other crows), so the same moves bring seat 0 to R3 O1 O2 G2 B2 I2 V2 C0.
DEAL_S_CROW = checked(cards("R1 O1 C0  O3 G3 B3  R3 O2 G2 B2 I2 V2 Y1  "
                            "C0 C0 C0 R2 Y2 Y3 G1 B1 I1 I3 V1 V3"), 2, True)
HEAD_S_CROW = header(TWO, DEAL_S_CROW, 0, crows=True)

# T, the short refill. Seat 1 starts; three misses at the last gap, then nine
# matches at gap 0 (Y1, I1, B2 going round) empty the circle down to B2 with
# 5 cards left in the deck; seat 0 then holds R R O G G B I V.
DEAL_T = checked(cards("I2 Y1 R1  R3 Y3 B1  O2 G1 G2 G3 V3 V2 O3  Y2 V1 O1 I3 R2 I1 B2 B3"),
                 2, False)
HEAD_T = header(TWO, DEAL_T, 1)
MOVES_T_TO_RETURN = [
    trade(1, "R3", 6), trade(0, "I2", 7), trade(1, "B3", 8),
    trade(0, "Y1", 0), trade(1, "I1", 0), trade(0, "B2", 0), trade(1, "Y1", 0),
    trade(0, "I1", 0), trade(1, "B2", 0), trade(0, "Y1", 0), trade(1, "I1", 0),
    trade(0, "B2", 0),
]
MOVES_T = [*MOVES_T_TO_RETURN, ret(0, "R1", 5)]

# C1, crows: seat 1 holds only crows; a crow starts the circle next to G3.
DEAL_C1 = checked(cards("R3 O1 Y1  C0 C0 C0  C0 G3 G1 B2 I3 V1 O2  "
                        "R1 R2 O3 Y2 Y3 G2 B1 B3 I1 I2 V2 V3"), 2, True)
HEAD_C1 = header(TWO, DEAL_C1, 0, crows=True)
MOVES_C1 = [trade(0, "R3", 0), pas(1), trade(0, "O1", 0), trade(1, "C0", 1)]

# C2, crows: twelve misses at gap 0 next to a crow empty the deck; seat 0 keeps
# its crow to the end.
DEAL_C2 = checked(cards("C0 R1 Y1  B1 B2 Y2  C0 C0 R2 R3 C0 O2 O3  "
                        "B3 O1 V3 V2 V1 I3 I2 I1 G3 G2 G1 Y3"), 2, True)
HEAD_C2 = header(TWO, DEAL_C2, 0, crows=True)
MOVES_C2 = [
    trade(0, "Y1", 0), trade(1, "Y2", 0), trade(0, "Y3", 0), trade(1, "G1", 0),
    trade(0, "G2", 0), trade(1, "G3", 0), trade(0, "I1", 0), trade(1, "I2", 0),
    trade(0, "I3", 0), trade(1, "V1", 0), trade(0, "V2", 0), trade(1, "V3", 0),
]

# F, Showdown: one match, then eight misses at gap 0 next to R3 empty the deck.
DEAL_F = checked(cards("B2 R1 G1  I2 V2 B3  R3 O1 Y3 R2 O2 Y2 G2  O3 Y1 V3 V1 I3 I1 B1 G3"),
                 2, False)
HEAD_F = header(TWO, DEAL_F, 0, showdown=True)
MOVES_F = [
    trade(0, "B2", 1), trade(1, "B3", 0), trade(0, "Y3", 0), trade(1, "G3", 0),
    trade(0, "B1", 0), trade(1, "I1", 0), trade(0, "I3", 0), trade(1, "V1", 0),
    trade(0, "V3", 0),
]

# Six players, numbers 1..6: the seeds' example (a 3 between Y6 and V3), then
# five more matches at gap 0 leave one card and the circle is refilled.
DEAL_6 = checked(cards("R3 O1 Y1  R1 O2 Y2  R2 O4 Y4  R4 O5 Y5  O3 R5 O6  Y3 R6 G1  "
                       "G2 Y6 V3 G3 G6 B1 B6  "
                       "I1 I2 I3 I4 I5 I6 G4 G5 B2 B3 B4 B5 V1 V2 V4 V5 V6"), 6, False)
HEAD_6 = header(SIX, DEAL_6)
MOVES_6 = [trade(0, "R3", 1), trade(1, "R1", 0), trade(2, "R2", 0), trade(3, "R4", 0),
           trade(4, "O3", 0), trade(5, "Y3", 0)]

BAD_JSON_LINE = '{"type": "trade", "player": 0, "card": "O1"'


def build() -> None:
    """Write every golden log."""
    # --- legal games ---
    write_json("match_seed_example_6p", HEAD_6, MOVES_6[:1])
    write_jsonl("refill_6p", HEAD_6, MOVES_6)
    write_jsonl("trades_miss_match_gaps", HEAD_B, MOVES_B)
    write_jsonl("no_moves_header_only", header(TWO, DEAL_B, 1), [])
    write_json("seven_colors_after_return", HEAD_S, MOVES_S, result([0], "seven_colors"))
    write_jsonl("short_refill_return_shared_win", HEAD_T, MOVES_T, result([0, 1], "deck_empty"))
    write_jsonl("crows_pass_and_match", HEAD_C1, MOVES_C1)
    write_jsonl("deck_empty_crow_holder_loses", HEAD_C2, MOVES_C2)
    write_json("deck_empty_more_fruit_wins", HEAD_F, MOVES_F, result([0], "deck_empty"))

    # --- not JSON, cut off ---
    write_raw("not_json.json", b"this is not a move log\n")
    write_raw("binary_bytes.json", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\xff\xfe\x80")
    write_raw("empty.jsonl", b"")
    whole = (HERE / "seven_colors_after_return.json").read_text()
    write_raw("cut_document.json", whole[: whole.index('"moves"') + 40].encode())
    write_jsonl("truncated_after_moves", HEAD_B, MOVES_B[:2], tail=BAD_JSON_LINE)
    # A crash while writing the header of a game with a seat named "zoë", in the
    # middle of the two bytes of "ë": still a file cut off in its last line.
    write_raw("truncated_header_mid_character.jsonl",
              '{"format": "aves-log", "version": 1, "players": ["zoë'.encode()[:-1])

    # --- schema ---
    write_json("schema_unknown_top_key", {**HEAD_B, "comment": "friendly game"}, MOVES_B[:1])
    write_json("schema_missing_variant_flag", {**HEAD_B, "variant": {"crows": False}},
               MOVES_B[:1])
    write_jsonl("schema_unknown_key_in_move", HEAD_B,
                [MOVES_B[0], {**MOVES_B[1], "comment": "nice"}])
    write_jsonl("schema_unknown_move_type", HEAD_B, [{"type": "draw", "player": 0}])
    write_json("schema_gap_string", HEAD_B, [trade(0, "R1", "6")])
    write_jsonl("schema_gap_float", HEAD_B, [trade(0, "R1", 6.0)])
    write_json("schema_gap_bool", HEAD_B, [trade(0, "R1", True)])

    # --- the header ---
    write_json("unsupported_version", {**HEAD_B, "version": 2}, MOVES_B[:1])
    write_json("bad_players", header(["solo"], DEAL_B), [])
    write_json("bad_deal_repeated_card", header(TWO, [*DEAL_B[:-1], "R1"]), MOVES_B[:1])
    write_jsonl("bad_deal_crow_without_variant", header(TWO, [*DEAL_B, "C0"]), MOVES_B[:1])
    deal_1_to_7 = [f"{c}{n}" for c in COLOURS for n in range(1, 8)]
    write_json("bad_deal_6p_numbers_1_to_7", header(SIX, deal_1_to_7), [])
    write_json("bad_first_player", header(TWO, DEAL_B, 2), [trade(1, "R9", 99)])

    # --- moves that break a rule ---
    write_json("not_your_turn", HEAD_B, [trade(1, "R2", 5)])
    write_jsonl("not_your_turn_no_such_seat", HEAD_B, [MOVES_B[0], trade(7, "R2", 0)])
    write_json("wrong_phase_return_when_none_due", HEAD_B, [ret(0, "R1", 0)])
    write_jsonl("wrong_phase_trade_during_return", HEAD_S,
                [*MOVES_S_TO_RETURN, trade(0, "O2", 0)])
    write_jsonl("match_not_optional", HEAD_S, [*MOVES_S_TO_RETURN, trade(1, "I1", 0)])
    write_json("unknown_card_other_game", HEAD_B, [trade(0, "R4", 0)])
    write_jsonl("unknown_card_not_a_card", HEAD_B, [MOVES_B[0], trade(1, "Z9", 0)])
    write_json("unknown_card_crow_without_variant", HEAD_B, [trade(0, "C0", 2)])
    write_json("card_not_in_hand", HEAD_B, [trade(0, "R2", 5)])
    write_json("gap_out_of_range", HEAD_B, [trade(0, "R1", 7)])
    write_jsonl("gap_out_of_range_negative", HEAD_B, [MOVES_B[0], trade(1, "R2", -1)])
    write_jsonl("crow_needs_match", HEAD_C1, [*MOVES_C1[:2], trade(0, "C0", 0)])
    write_jsonl("crow_cannot_return", HEAD_S_CROW, [*MOVES_S_TO_RETURN, ret(0, "C0", 0)])
    write_jsonl("must_return_duplicate", HEAD_T, [*MOVES_T_TO_RETURN, ret(0, "O2", 5)])
    write_json("pass_not_allowed_fruit", HEAD_B, [pas(0)])
    write_jsonl("pass_not_allowed_crow_with_equal_gap", HEAD_C1, [*MOVES_C1[:3], pas(1)])
    write_jsonl("game_over_move_after_end", HEAD_S, [*MOVES_S, trade(1, "R3", 9)])
    write_json("result_mismatch_wrong_winner", HEAD_S, MOVES_S, result([1], "seven_colors"))
    write_jsonl("result_mismatch_game_not_over", HEAD_B, MOVES_B[:1], result([0], "deck_empty"))

    # --- which problem is reported ---
    write_json("priority_not_your_turn_first", HEAD_B, [trade(1, "R1", 9)])
    write_json("priority_wrong_phase_first", HEAD_B, [ret(0, "R2", 7)])
    write_json("priority_unknown_card_first", HEAD_B, [trade(0, "R4", 7)])
    write_json("priority_card_before_gap", HEAD_B, [trade(0, "R2", 7)])
    write_jsonl("priority_gap_before_crow", HEAD_C1, [*MOVES_C1[:2], trade(0, "C0", 6)])
    write_jsonl("priority_shape_before_rules", HEAD_B, [trade(1, "R2", "5")])
    write_jsonl("priority_first_problem_in_file_order", HEAD_B,
                [MOVES_B[0], trade(1, "R1", 7), {**trade(0, "O1", 0), "extra": 1}],
                tail=BAD_JSON_LINE)
    write_json("priority_result_checked_last", HEAD_B, [MOVES_B[0], trade(0, "O1", 0)],
               result([1], "seven_colors"), result_first=True)


if __name__ == "__main__":
    build()
