"""Soulaween: one named test for every rule and every [decision] of RULES-soulaween.md,
and for each interpretation of docs/soulaween.md.

States are drawn as pictures of the mat, rows 4 down to 1, columns a to d (``B``
black, ``W`` white, ``.`` empty), as ``str(state)`` shows them.
"""

from __future__ import annotations

import json

import pytest

from aves_core import IllegalMoveError, NotationError, SetupError, Table, replay
from aves_core.games.soulaween.board import CELL_NAMES, PATTERNS, parse_pattern
from aves_core.games.soulaween.events import (
    GameEnded,
    MatCleaned,
    MoveUndone,
    PiecesFlipped,
    PiecesReaped,
    ReapDue,
    RotationDue,
    TurnStarted,
)
from aves_core.games.soulaween.game import SOULAWEEN
from aves_core.games.soulaween.moves import Keep, Put, Reap, Rotate
from aves_core.games.soulaween.phases import Phase
from aves_core.games.soulaween.rules import legal_moves, reapable
from aves_core.games.soulaween.state import (
    SoulaweenOptions,
    SoulaweenSetup,
    SoulaweenState,
)
from aves_core.kernel.convert import FieldError
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result


def mat(picture: str, *, active: int = 0, characters: tuple[str | None, str | None] = (None, None),
        stances: tuple[str | None, str | None] = (None, None),
        tokens: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
        restrictions: tuple[str | None, str | None] = (None, None)) -> SoulaweenState:
    """A state in playerTurn from a picture of the mat (rows 4 to 1, columns a to d)."""
    rows = picture.split()
    assert 4 == len(rows)
    black = white = 0
    for row_from_top, text in enumerate(rows):
        row = 3 - row_from_top
        for column, letter in enumerate(text):
            if letter == "B":
                black |= 1 << (row * 4 + column)
            elif letter == "W":
                white |= 1 << (row * 4 + column)
    return SoulaweenState(black, white, tokens, characters, stances, restrictions,
                          Phase.PLAYER_TURN, active)


def put(state: SoulaweenState, text: str) -> SoulaweenState:
    return SOULAWEEN.apply(state, SOULAWEEN.parse_move(text))


def code_of(state: SoulaweenState, text: str) -> str:
    with pytest.raises(IllegalMoveError) as error:
        SOULAWEEN.apply(state, SOULAWEEN.parse_move(text))
    return error.value.code


# --- components -------------------------------------------------------------------------


def test_decision_the_mat_is_4x4_with_cells_a1_to_d4() -> None:
    assert 16 == len(CELL_NAMES)
    assert ("a1", "d1", "a4", "d4") == (CELL_NAMES[0], CELL_NAMES[3], CELL_NAMES[12],
                                        CELL_NAMES[15])
    with pytest.raises(NotationError) as error:
        SOULAWEEN.parse_move("0:put e1 black")
    assert "unknown_cell" == error.value.code


def test_decision_the_faces_are_black_and_white() -> None:
    state = SOULAWEEN.start(2, SoulaweenSetup(0))
    assert {"black", "white"} == {move.face for move in legal_moves(state)
                                  if isinstance(move, Put)}
    with pytest.raises(NotationError, match="'red' is not a face"):
        SOULAWEEN.parse_move("0:put a1 red")


# A full mat but for c1, with no pattern on it and none a put on c1 makes.
NEARLY_FULL = "BBWW WWBB BBWW WW.B"


def test_decision_the_supply_never_runs_out() -> None:
    # Fifteen pieces on the mat: the last empty cell still takes a piece of either face.
    assert ["0:put c1 black", "0:put c1 white"] == [
        str(move) for move in legal_moves(mat(NEARLY_FULL))]


def test_soulaween_is_for_two_players() -> None:
    for count in (1, 3):
        with pytest.raises(SetupError) as error:
            SOULAWEEN.start(count, SoulaweenSetup(0))
        assert "bad_players" == error.value.code


def test_the_first_player_is_given_or_drawn_from_the_seed() -> None:
    new_setup = SOULAWEEN.new_setup
    drawn = {new_setup(2, SoulaweenOptions(), seed).first_player for seed in range(40)}
    assert {0, 1} == drawn
    assert all(new_setup(2, SoulaweenOptions(), seed) == new_setup(2, SoulaweenOptions(), seed)
               for seed in range(10))
    assert 1 == SOULAWEEN.new_setup(2, SoulaweenOptions(), 3, first_player=1).first_player
    assert 1 == SOULAWEEN.start(2, SoulaweenSetup(1)).active
    with pytest.raises(SetupError) as error:
        SOULAWEEN.start(2, SoulaweenSetup(2))
    assert ("bad_first_player", "first_player") == (error.value.code, error.value.path)


# --- a turn, simple mode --------------------------------------------------------------------


def test_put_on_an_empty_cell_with_either_face() -> None:
    state = SOULAWEEN.start(2, SoulaweenSetup(0))
    assert 32 == len(legal_moves(state))  # 16 cells, 2 faces
    after = put(state, "0:put b3 white")
    assert "white" == after.face_at("b3")
    assert 1 == after.active


def test_a_put_on_a_taken_cell_is_refused() -> None:
    state = mat(".... .B.. .... ....")
    assert "cell_taken" == code_of(state, "0:put b3 white")


def test_the_put_flips_its_orthogonal_neighbours_and_not_itself() -> None:
    state = mat(".... .B.. B.W. .W..")  # b2's neighbours: b3 B, a2 B, c2 W, b1 W
    after, events = SOULAWEEN.apply_with_events(state, SOULAWEEN.parse_move("0:put b2 black"))
    assert ".... .W.. WBB. .B.." == " ".join(after.mat)  # b2 keeps its face
    assert PiecesFlipped(("a2", "b1", "b3", "c2")) in events


def test_the_put_flips_nothing_diagonal() -> None:
    state = mat(".... B.B. .... B.B.")  # b2's diagonal neighbours only
    assert ".... B.B. .W.. B.B." == " ".join(put(state, "0:put b2 white").mat)


def test_a_chain_is_four_of_one_face_in_a_row_column_or_diagonal() -> None:
    chains = [pattern for pattern in PATTERNS if pattern.kind == "chain"]
    assert ["a1-a4", "a1-d1", "a1-d4", "a2-d2", "a3-d3", "a4-d1", "a4-d4", "b1-b4",
            "c1-c4", "d1-d4"] == [str(pattern) for pattern in chains]
    # A diagonal chain is reaped like a row (a1's neighbours a2 and b1 are empty).
    after = put(mat("...B ..B. .B.. ...."), "0:put a1 black")
    assert (("vulture",), 0) == (after.tokens[0], after.black | after.white)


def test_the_reap_is_forced_whoever_made_the_chain() -> None:
    # Seat 0 puts white on b4; its flip turns b3 black and completes the black row 3,
    # which seat 0 must reap though it put white.
    after = put(mat(".... BWBB .... ...."), "0:put b4 white")
    assert ".W.. .... .... ...." == " ".join(after.mat)
    assert ("vulture",) == after.tokens[0]


def test_decision_one_reapable_pattern_is_reaped_at_once() -> None:
    after, events = SOULAWEEN.apply_with_events(mat(".... BBW. .... ...."),
                                           SOULAWEEN.parse_move("0:put d3 black"))
    assert (Phase.PLAYER_TURN, 1) == (after.phase, after.active)  # no choice to make
    assert PiecesReaped(0, ("a3", "b3", "c3", "d3"), "black", "vulture") in events


# b2 black turns a2, c2, b1 and b3 black: row 2 and column b both become chains.
CROSS = ".B.. .W.. W.WB .W.."


def test_decision_several_patterns_the_player_chooses_one() -> None:
    after, events = SOULAWEEN.apply_with_events(mat(CROSS), SOULAWEEN.parse_move("0:put b2 black"))
    assert (Phase.CHOOSE_REAP, 0) == (after.phase, after.active)
    assert ReapDue(0) == events[-1]
    assert ["0:reap a2-d2", "0:reap b1-b4"] == [str(move) for move in legal_moves(after)]
    chosen = put(after, "0:reap a2-d2")
    # One chain a turn: the column's other three pieces stay on the mat.
    assert ".B.. .B.. .... .B.." == " ".join(chosen.mat)
    assert (("vulture",), 1) == (chosen.tokens[0], chosen.active)


def test_the_reap_must_be_a_pattern_the_player_may_reap() -> None:
    state = put(mat(CROSS), "0:put b2 black")
    assert "not_reapable" == code_of(state, "0:reap a3-d3")  # not a chain on the mat
    assert "not_reapable" == code_of(state, "0:reap a2-b3")  # a square: not for them
    assert "wrong_phase" == code_of(state, "0:put c3 white")
    assert "not_your_turn" == code_of(state, "1:reap a2-d2")


def test_reaped_pieces_leave_the_mat_and_the_reaper_takes_a_token() -> None:
    after = put(mat(".... BBW. .... ...."), "0:put d3 black")
    assert 0 == after.black | after.white
    assert (("vulture",), ()) == after.tokens


def test_cleanup_removes_the_face_put_when_no_cell_is_empty() -> None:
    state = mat(NEARLY_FULL)
    after, events = SOULAWEEN.apply_with_events(state, SOULAWEEN.parse_move("0:put c1 white"))
    cleaned = [event for event in events if isinstance(event, MatCleaned)]
    assert 1 == len(cleaned)
    assert "white" == cleaned[0].face
    assert (0, 8) == (after.white, bin(after.black).count("1"))
    assert TurnStarted(1) == events[-1]


def test_no_cleanup_while_a_cell_is_empty() -> None:
    state = mat("BBWW WWBB BBWW WW..")
    after, events = SOULAWEEN.apply_with_events(state, SOULAWEEN.parse_move("0:put c1 black"))
    assert not any(isinstance(event, MatCleaned) for event in events)
    assert 1 == bin(after.empty).count("1")


def test_every_turn_starts_with_an_empty_cell() -> None:
    # The cleanup removes at least the piece just put: its face is the face put.
    for face in ("black", "white"):
        after = put(mat(NEARLY_FULL), f"0:put c1 {face}")
        assert after.empty


def test_three_tokens_win_at_once_at_the_end_of_the_reap() -> None:
    state = mat(".... BBW. .... ....", tokens=(("vulture", "vulture"), ()))
    after, events = SOULAWEEN.apply_with_events(state, SOULAWEEN.parse_move("0:put d3 black"))
    assert Result((0,), "three_tokens") == after.result
    assert (Phase.GAME_END, None) == (after.phase, after.active)
    assert GameEnded(Result((0,), "three_tokens")) == events[-1]
    assert "game_over" == code_of(after, "1:put a1 black")
    assert () == legal_moves(after)


def test_the_win_comes_before_the_cleanup() -> None:
    # d1, the last empty cell: black there turns c1 black and row 1 is a chain.
    state = mat("WWBB BBWW WWBB BBW.", tokens=(("vulture", "vulture"), ()))
    after, events = SOULAWEEN.apply_with_events(state, SOULAWEEN.parse_move("0:put d1 black"))
    assert after.result is not None
    assert not any(isinstance(event, MatCleaned) for event in events)


def test_decision_the_rules_give_no_draw() -> None:
    # A game the host stops at a cap has no result; simulation counts it as move_limit.
    from aves_core.bots import RandomBot
    from aves_core.kernel.sim import play_game

    record, log = play_game(SOULAWEEN, [RandomBot(), RandomBot()], ["a", "b"],
                            SoulaweenOptions(), 1, 5)
    assert ("move_limit", 5, ()) == (record.reason, record.moves, record.winners)
    assert replay(log).valid


def test_the_error_codes_in_their_order() -> None:
    state = SOULAWEEN.start(2, SoulaweenSetup(0))
    assert "not_your_turn" == code_of(state, "1:put a1 black")
    assert "wrong_phase" == code_of(state, "0:rotate")
    assert "wrong_phase" == code_of(state, "0:reap a1-d1")
    with pytest.raises(ArgumentError):
        SOULAWEEN.apply(state, "0:put a1 black")  # type: ignore[arg-type]


def test_a_move_of_no_text_is_bad_notation_before_any_rule() -> None:
    # A move value whose field has no text (a seat -1, a cell off the mat, a reap's cells
    # twice or out of a reap's shape), as a caller may build one, is refused before the
    # game's end, the turn and the phase: the notation is judged first.
    state = SOULAWEEN.start(2, SoulaweenSetup(0))
    over = mat(".... BBW. .... ....", tokens=(("vulture", "vulture"), ()))
    over = put(over, "0:put d3 black")
    assert over.result is not None
    for move in (Put(-1, "a1", "black"), Put(1, "z9", "black"), Put(1, "a1", "grey"),
                 Reap(1, ("a1", "a1", "a2", "a3")), Reap(1, ("a1", "b2", "c3")),
                 Rotate(-2)):
        assert "bad_notation" == SOULAWEEN.refusal(state, move).code  # type: ignore[union-attr]
        assert "bad_notation" == SOULAWEEN.refusal(over, move).code  # type: ignore[union-attr]
    assert "not_your_turn" == SOULAWEEN.refusal(state, Put(1, "a1", "black")).code  # type: ignore[union-attr]


# --- standard mode: characters --------------------------------------------------------------


def test_decision_characters_are_given_or_drawn_and_both_may_hold_the_same() -> None:
    standard = SoulaweenOptions("standard")
    drawn = {SOULAWEEN.new_setup(2, standard, seed).characters for seed in range(60)}
    assert {character for pair in drawn for character in pair} == {
        "little_death", "anubis", "hei_bai"}
    assert any(first == second for first, second in drawn)  # the same one for both
    given = SOULAWEEN.new_setup(2, SoulaweenOptions("standard", ("anubis", "anubis")), 1)
    assert ("anubis", "anubis") == given.characters
    half = SOULAWEEN.new_setup(2, SoulaweenOptions("standard", ("anubis", None)), 1)
    assert "anubis" == half.characters[0]
    assert half.characters[1] is not None


def test_decision_simple_mode_is_both_players_without_a_character() -> None:
    assert (None, None) == SOULAWEEN.new_setup(2, SoulaweenOptions(), 4).characters
    with pytest.raises(SetupError) as error:
        SOULAWEEN.new_setup(2, SoulaweenOptions("simple", ("anubis", None)), 4)
    assert ("bad_setup", "characters") == (error.value.code, error.value.path)


def test_a_setup_gives_both_players_a_character_or_neither() -> None:
    # Standard mode: each player has one; simple mode: neither. One against none is no game.
    for characters in (("anubis", None), (None, "hei_bai")):
        with pytest.raises(SetupError) as error:
            SOULAWEEN.start(2, SoulaweenSetup(0, characters, (None, None)))
        assert ("bad_setup", "characters") == (error.value.code, error.value.path)
    with pytest.raises(SetupError) as error:
        SOULAWEEN.start(2, SoulaweenSetup(0, ("anubis", "ghost"), (None, None)))
    assert ("bad_setup", "characters[1]") == (error.value.code, error.value.path)


def test_a_setup_is_drawn_once_and_replays_alike() -> None:
    # Everything drawn is recorded: the setup alone gives the game, its JSON reads back,
    # and the options it was made with draw it again from the same seed.
    for options in (SoulaweenOptions(), SoulaweenOptions("standard"),
                    SoulaweenOptions("standard", ("hei_bai", None))):
        for seed in range(8):
            setup = SOULAWEEN.new_setup(2, options, seed)
            assert setup == SOULAWEEN.new_setup(2, options, seed)
            assert setup == SOULAWEEN.setup_from_json(
                json.loads(json.dumps(SOULAWEEN.setup_to_json(setup))))
            assert SOULAWEEN.start(2, setup) == SOULAWEEN.start(2, setup)
            again = SOULAWEEN.options_of(setup)
            assert setup == SOULAWEEN.new_setup(2, again, seed)


def test_the_options_read_back_from_json() -> None:
    for options in (SoulaweenOptions(), SoulaweenOptions("standard"),
                    SoulaweenOptions("standard", ("anubis", None)),
                    SoulaweenOptions("standard", ("hei_bai", "hei_bai"), ("bai", None))):
        data = json.loads(json.dumps(SOULAWEEN.options_to_json(options)))
        assert options == SOULAWEEN.options_from_json(data)
    assert SoulaweenOptions("standard", ("anubis", "anubis")) == SOULAWEEN.options_from_json(
        {"mode": "standard", "characters": ["anubis", "anubis"]})


def test_the_options_refuse_what_is_no_option() -> None:
    for bad, path in (({"mode": "hard"}, "mode"),
                      ({"characters": ["zombie", None]}, "characters[0]"),
                      ({"stances": [None, "up"]}, "stances[1]"),
                      ({"mode": "simple", "extra": 1}, "extra"),
                      ({"characters": ["anubis"]}, "characters"),
                      ({"characters": "ab"}, "characters"), ([], "")):
        with pytest.raises(FieldError) as error:
            SOULAWEEN.options_from_json(bad)
        assert path == error.value.path, bad


LITTLE = ("little_death", None)


def test_little_death_reaps_a_square_for_the_cloth() -> None:
    # a1 black turns a2 and b1 black: the square a1-b2 is black.
    after = put(mat(".... .... WB.. .W..", characters=LITTLE), "0:put a1 black")
    assert ("cloth",) == after.tokens[0]


def test_little_death_reaps_a_tilted_l_for_the_scythe() -> None:
    # a1 black turns a2 black: a1 a2 a3 b3 is an L.
    after = put(mat(".... BB.. W... ....", characters=LITTLE), "0:put a1 black")
    assert ("scythe",) == after.tokens[0]
    assert 0 == after.black


def test_little_death_reaps_a_chain_for_the_needle() -> None:
    after = put(mat("...B ..B. .B.. ....", characters=LITTLE), "0:put a1 black")
    assert ("needle",) == after.tokens[0]


def test_decision_a_tilted_l_is_the_l_tetromino_in_its_8_orientations() -> None:
    shapes = set()
    for pattern in PATTERNS:
        if pattern.kind == "tilted_l":
            cells = [(CELL_NAMES.index(cell) % 4, CELL_NAMES.index(cell) // 4)
                     for cell in pattern.cells]
            low_c, low_r = min(c for c, _ in cells), min(r for _, r in cells)
            shapes.add(frozenset((c - low_c, r - low_r) for c, r in cells))
    assert 8 == len(shapes)
    assert 48 == sum(1 for pattern in PATTERNS if pattern.kind == "tilted_l")
    assert "tilted_l" == parse_pattern("c1-d1-d2-d3").kind  # a reflected, turned one


def test_little_death_cannot_reap_a_kind_it_holds_and_is_not_forced_to() -> None:
    state = mat(".... .... WB.. .W..", characters=LITTLE, tokens=(("cloth",), ()))
    after, events = SOULAWEEN.apply_with_events(state, SOULAWEEN.parse_move("0:put a1 black"))
    assert not any(isinstance(event, PiecesReaped) for event in events)
    assert ("....", "....", "BB..", "BB..") == after.mat  # the square stays
    assert (1, ("cloth",)) == (after.active, after.tokens[0])


def test_little_death_takes_one_token_a_turn() -> None:
    # The cross gives two chains and several Ls: one choice, one token.
    state = put(mat(CROSS, characters=LITTLE), "0:put b2 black")
    choices = [str(move) for move in legal_moves(state)]
    assert {"0:reap a2-d2", "0:reap b1-b4", "0:reap a2-b2-b3-b4"} <= set(choices)
    after = put(state, "0:reap a2-d2")
    assert ("needle",) == after.tokens[0]
    assert 1 == after.active


def test_little_death_wins_with_one_token_of_each_kind() -> None:
    state = mat("...B ..B. .B.. ....", characters=LITTLE, tokens=(("cloth", "scythe"), ()))
    after = put(state, "0:put a1 black")
    assert Result((0,), "one_of_each_kind") == after.result


ANUBIS = ("anubis", None)


def test_the_anubis_token_shows_the_face_reaped_and_restricts_the_opponent() -> None:
    after = put(mat(".... BBW. .... ....", characters=ANUBIS), "0:put d3 black")
    assert ("anubis_black",) == after.tokens[0]
    assert (None, "black") == after.restrictions


def test_patterns_of_the_other_face_force_nothing_for_the_restricted_player() -> None:
    # Seat 1 may only take a token from black pieces: its white row is not reaped.
    state = mat(".... WWB. .... ....", active=1, characters=ANUBIS,
                tokens=(("anubis_black",), ()), restrictions=(None, "black"))
    after = put(state, "1:put d3 white")
    assert ((), 0) == (after.tokens[1], after.active)
    assert "WWWW" == after.mat[1]
    assert () == reapable(after, 1)


def test_the_restriction_ends_when_the_restricted_player_takes_a_token() -> None:
    state = mat(".... BBW. .... ....", active=1, characters=ANUBIS,
                tokens=(("anubis_black",), ()), restrictions=(None, "black"))
    after = put(state, "1:put d3 black")
    assert (("vulture",), (None, None)) == (after.tokens[1], after.restrictions)


def test_only_the_latest_anubis_token_restricts() -> None:
    # Anubis reaps white while its black token still restricts: white restricts now.
    state = mat(".... WWB. .... ....", characters=ANUBIS, tokens=(("anubis_black",), ()),
                restrictions=(None, "black"))
    after = put(state, "0:put d3 white")
    assert (None, "white") == after.restrictions


def test_hei_flips_orthogonal_neighbours_and_bai_diagonal_ones() -> None:
    picture = ".... B.B. .B.. B.B."
    hei = put(mat(picture, characters=("hei_bai", None), stances=("hei", None)),
              "0:put b3 white")
    bai = put(mat(picture, characters=("hei_bai", None), stances=("bai", None)),
              "0:put b3 white")
    assert ".... WWW. .W.. B.B." == " ".join(hei.mat)  # a3, c3 and b2 flipped
    assert ".... BWB. .B.. B.B." == " ".join(bai.mat)  # a4, c4, a2, c2 are empty
    bai_corner = put(mat(".... B.B. .... B.B.", characters=("hei_bai", None),
                         stances=("bai", None)), "0:put b2 white")
    assert ".... W.W. .W.. W.W." == " ".join(bai_corner.mat)


def test_hei_and_bai_rotate_or_keep_at_the_end_of_each_turn() -> None:
    state = mat("...." " ...." " ...." " ....", characters=("hei_bai", None),
                stances=("hei", None))
    after, events = SOULAWEEN.apply_with_events(state, SOULAWEEN.parse_move("0:put a1 black"))
    assert (Phase.CHOOSE_ROTATION, 0) == (after.phase, after.active)
    assert RotationDue(0) == events[-1]
    assert [Rotate(0), Keep(0)] == list(legal_moves(after))
    rotated = SOULAWEEN.apply(after, Rotate(0))
    assert (("bai", None), 1) == (rotated.stances, rotated.active)
    kept = SOULAWEEN.apply(after, Keep(0))
    assert (("hei", None), 1) == (kept.stances, kept.active)
    assert "wrong_phase" == code_of(SOULAWEEN.start(2, SoulaweenSetup(0)), "0:keep")


def test_decision_the_cleanup_comes_before_the_rotation() -> None:
    state = mat(NEARLY_FULL, characters=("hei_bai", None), stances=("hei", None))
    _after, events = SOULAWEEN.apply_with_events(state, SOULAWEEN.parse_move("0:put c1 white"))
    kinds = [type(event).__name__ for event in events]
    assert kinds.index("MatCleaned") < kinds.index("RotationDue")


def test_decision_stances_are_given_or_drawn_for_hei_and_bai_only() -> None:
    options = SoulaweenOptions("standard", ("hei_bai", "anubis"))
    new_setup = SOULAWEEN.new_setup
    assert {new_setup(2, options, seed).stances[0] for seed in range(30)} == {"hei", "bai"}
    assert ("bai", None) == new_setup(2, SoulaweenOptions("standard", ("hei_bai", "anubis"),
                                                          ("bai", None)), 1).stances
    with pytest.raises(SetupError) as error:
        SOULAWEEN.new_setup(2, SoulaweenOptions("standard", ("anubis", "anubis"), ("hei", None)), 1)
    assert ("bad_setup", "stances") == (error.value.code, error.value.path)
    with pytest.raises(SetupError) as error:
        SOULAWEEN.start(2, SoulaweenSetup(0, ("hei_bai", "anubis"), (None, None)))
    assert ("bad_setup", "stances") == (error.value.code, error.value.path)


# --- undo ---------------------------------------------------------------------------------


def test_a_seat_may_undo_its_own_moves_of_the_turn_in_progress() -> None:
    table = Table(SOULAWEEN, ["ann", "bo"], setup=SoulaweenSetup(0, ("hei_bai", "anubis"),
                                                                ("hei", None)))
    before = table.view(0)
    table.play(Put(0, "a1", "black"))  # a rotation is due: the turn goes on
    assert table.can_undo(0)
    assert not table.can_undo(1)
    events = table.undo(0)
    assert (MoveUndone(0, before.state),) == events[1]
    assert before == table.view(0)


HEI_BAI_CROSS = ["0:put b3 black", "0:keep", "1:put b4 black", "0:put a2 white", "0:keep",
                 "1:put c2 black", "0:put d2 black", "0:keep", "1:put b1 white"]


def test_a_seat_may_undo_its_reap_choice_and_then_its_put() -> None:
    # Hei (seat 0) against Anubis: the cross, then b2 black: a reap to choose, then a
    # rotation to decide. Seat 0 takes back the reap, then the put.
    table = Table(SOULAWEEN, ["ann", "bo"], setup=SoulaweenSetup(0, ("hei_bai", "anubis"),
                                                                ("hei", None)))
    for text in HEI_BAI_CROSS:
        table.play(SOULAWEEN.parse_move(text))
    views = [table.view(seat) for seat in (0, 1, None)]
    table.play(SOULAWEEN.parse_move("0:put b2 black"))
    assert "chooseReap" == table.state.phase.value
    chosen = [table.view(seat) for seat in (0, 1, None)]
    table.play(SOULAWEEN.parse_move("0:reap b1-b4"))
    assert ("chooseRotation", ("vulture",)) == (table.state.phase.value, table.state.tokens[0])
    assert not table.can_undo(1)
    events = table.undo(0)
    assert chosen == [table.view(seat) for seat in (0, 1, None)]
    # Each client is told the state before the reap.
    for seat, before in zip((0, 1, None), chosen, strict=True):
        assert (MoveUndone(0, before.state),) == events[seat]
    assert table.can_undo(0)
    table.undo(0)
    assert views == [table.view(seat) for seat in (0, 1, None)]


def test_no_undo_of_a_rotation_a_win_or_another_seats_move() -> None:
    state = SOULAWEEN.start(2, SoulaweenSetup(0, ("hei_bai", "hei_bai"), ("hei", "hei")))
    put_move = SOULAWEEN.parse_move("0:put a1 black")
    after, events = SOULAWEEN.apply_with_events(state, put_move)
    assert SOULAWEEN.undo(state, put_move, events, after, 1) is None  # not seat 1's
    kept, kept_events = SOULAWEEN.apply_with_events(after, Keep(0))
    assert SOULAWEEN.undo(after, Keep(0), kept_events, kept, 0) is None  # the turn passed
    winning = mat(".... BBW. .... ....", tokens=(("vulture", "vulture"), ()))
    winning_put = SOULAWEEN.parse_move("0:put d3 black")
    won, won_events = SOULAWEEN.apply_with_events(winning, winning_put)
    assert won.result is not None
    assert SOULAWEEN.undo(winning, winning_put, won_events, won, 0) is None


def test_no_undo_once_the_turn_has_passed() -> None:
    table = Table(SOULAWEEN, ["ann", "bo"], setup=SoulaweenSetup(0))
    table.play(Put(0, "a1", "black"))
    assert not table.can_undo(0)
    from aves_core import UndoError

    with pytest.raises(UndoError, match="only a seat's own move of the turn still in "
                                        "progress"):
        table.undo(0)


# --- notation and JSON ------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "cells"), [
    ("0:put b3 white", None),
    ("1:reap a1-d4", ("a1", "b2", "c3", "d4")),  # a chain by its two ends
    ("0:reap b2-c3", ("b2", "b3", "c2", "c3")),  # a square by two opposite corners
    ("0:reap a1-a2-a3-b3", ("a1", "a2", "a3", "b3")),  # a tilted L by its four cells
    ("0:reap a1-b1-c2-d4", ("a1", "b1", "c2", "d4")),  # no pattern: read, and not reapable
    ("0:rotate", None),
    ("1:keep", None),
])
def test_the_notation_reads_and_writes_moves(text: str, cells: tuple[str, ...] | None) -> None:
    move = SOULAWEEN.parse_move(text)
    assert text == str(move)
    assert cells is None or cells == move.cells  # type: ignore[union-attr]
    assert move == eval(repr(move), {"parse_move": SOULAWEEN.parse_move})


@pytest.mark.parametrize(("text", "canonical"), [
    (" 1 : put  a1   black ", "1:put a1 black"),
    ("01:put a1 black", "1:put a1 black"),
    ("1:put a1 Black", "1:put a1 black"),
    ("1:reap d4-a1", "1:reap a1-d4"),
    ("1:reap a1-b2-c3-d4", "1:reap a1-d4"),
    ("1:reap d4-c3-b2-a1", "1:reap a1-d4"),
    ("0:reap c3-b2", "0:reap b2-c3"),
    ("0:reap b3-c2", "0:reap b2-c3"),  # a square by its other two opposite corners
    ("0:reap b3-a1-a2-a3", "0:reap a1-a2-a3-b3"),
    ("0:reap d4-c2-a1-b1", "0:reap a1-b1-c2-d4"),
])
def test_one_text_per_move_any_other_text_is_bad_notation(text: str, canonical: str) -> None:
    # The old reader took stray spaces, leading zeros, another case and a reap's cells
    # in any order or form; a move now has one text (GAME-DONE.md), which the terminal's
    # friendlier reader still finds from those forms.
    with pytest.raises(NotationError) as error:
        SOULAWEEN.parse_move(text)
    assert "bad_notation" == error.value.code
    assert canonical == str(SOULAWEEN.parse_move(canonical))


@pytest.mark.parametrize(("text", "code"), [
    ("0:put z9 white", "unknown_cell"),
    ("0:put a1 grey", "bad_notation"),
    ("0:reap a1-b3", "bad_notation"),  # two cells that are no chain's ends nor corners
    ("0:reap a1-a2-a3", "bad_notation"),
    ("0:reap a1-a2-a3-a4-b1", "bad_notation"),
    ("0:reap a1-a1-a2-a3", "bad_notation"),  # four different cells
    ("0:reap a1-a2-a3-e9", "unknown_cell"),
    ("put a1 black", "bad_notation"),
    ("", "bad_notation"),
])
def test_the_notation_refuses_what_is_no_move(text: str, code: str) -> None:
    with pytest.raises(NotationError) as error:
        SOULAWEEN.parse_move(text)
    assert code == error.value.code


def test_a_reap_of_four_cells_that_form_no_pattern_is_not_reapable() -> None:
    # The notation reads any four cells, as a log's JSON does; the rules refuse them.
    state = put(mat(CROSS), "0:put b2 black")
    move = SOULAWEEN.parse_move("0:reap a1-b1-c2-d4")
    assert move == SOULAWEEN.move_from_json(SOULAWEEN.move_to_json(move))
    with pytest.raises(IllegalMoveError, match="a1-b1-c2-d4 is no pattern; seat 0 may reap "
                                               "a2-d2, b1-b4") as error:
        SOULAWEEN.apply(state, move)
    assert "not_reapable" == error.value.code


def test_moves_read_back_from_json_and_bad_fields_are_named() -> None:
    for move in (Put(0, "b3", "white"), Reap(1, ("a1", "b2", "c3", "d4")), Rotate(0),
                 Keep(1)):
        data = json.loads(json.dumps(SOULAWEEN.move_to_json(move)))
        assert move == SOULAWEEN.move_from_json(data)
    assert {"type": "put", "player": 0, "cell": "b3", "face": "white"} == \
        SOULAWEEN.move_to_json(Put(0, "b3", "white"))
    for data, code, path in [
        ({"type": "put", "player": 0, "cell": "z9", "face": "white"}, "unknown_cell", "cell"),
        ({"type": "put", "player": 0, "cell": "a1", "face": "grey"}, "schema", "face"),
        ({"type": "put", "player": True, "cell": "a1", "face": "white"}, "schema", "player"),
        ({"type": "reap", "player": 0, "cells": ["a1"]}, "schema", "cells"),
        ({"type": "reap", "player": 0, "cells": ["a1", "b2", "a1", "d4"]}, "schema",
         "cells[2]"),
        ({"type": "reap", "player": 0, "cells": ["a1", "b2", "c3", "d5"]}, "unknown_cell",
         "cells[3]"),
        ({"type": "reap", "player": 0, "cells": ["a1", "b2", "c3", 4]}, "schema", "cells[3]"),
        ({"type": "reap", "player": 0, "cells": "a1-d4"}, "schema", "cells"),
        ({"type": "put", "player": 0, "cell": "b3"}, "schema", "face"),
        ({"type": "put", "player": 0, "cell": 3, "face": "white"}, "schema", "cell"),
        ({"type": "rotate"}, "schema", "player"),
        ({"type": "fly", "player": 0}, "schema", "type"),
        ({"type": "keep", "player": 0, "x": 1}, "schema", "x"),
    ]:
        with pytest.raises(FieldError) as error:
            SOULAWEEN.move_from_json(data)
        assert (code, path) == (error.value.code, error.value.path), data


def test_the_game_facts() -> None:
    facts = SOULAWEEN.facts
    assert ("soulaween", "Soulaween", 1, 2, 2, False) == (
        facts.id, facts.name, facts.version, facts.min_players, facts.max_players,
        facts.hidden_information)
    assert ("setup", ("three_tokens", "one_of_each_kind")) == (facts.chance.value,
                                                               facts.reasons)
    assert ["random", "greedy", "search"] == list(SOULAWEEN.bot_factories())


def test_anubis_and_hei_and_bai_reap_chains_only_and_hei_and_bai_takes_vulture_tokens() -> None:
    # a1 black turns a2 and b1 black: the square a1-b2 is black, a pattern for Little
    # Death only; then a chain, reaped by every character.
    for character, stances, token in (("anubis", (None, None), "anubis_black"),
                                      ("hei_bai", ("hei", None), "vulture")):
        square = put(mat(".... .... WB.. .W..", characters=(character, "anubis"),
                         stances=stances), "0:put a1 black")
        assert ((), ("....", "....", "BB..", "BB..")) == (square.tokens[0], square.mat)
        chain = put(mat("...B ..B. .B.. ....", characters=(character, "anubis"),
                        stances=stances), "0:put a1 black")
        assert (token,) == chain.tokens[0]


def test_every_seat_and_the_spectator_see_everything() -> None:
    # No hidden information: each view holds the whole state, the events are as they are.
    state = put(mat(CROSS, characters=("anubis", "hei_bai"), stances=(None, "bai")),
                "0:put b2 black")
    _after, events = SOULAWEEN.apply_with_events(state, SOULAWEEN.parse_move("0:reap a2-d2"))
    for seat in (0, 1, None):
        view = SOULAWEEN.view(state, seat)
        assert (seat, state) == (view.seat, view.state)
        assert (legal_moves(state) if seat == 0 else ()) == view.legal_moves
        assert events == SOULAWEEN.events_for(events, seat)
        assert state is SOULAWEEN.indistinguishable(state, seat, None)  # type: ignore[arg-type]
    for bad in (2, -1, "0"):
        with pytest.raises(ArgumentError):
            SOULAWEEN.view(state, bad)  # type: ignore[arg-type]
    from aves_core import AvesError

    with pytest.raises(AvesError, match="'z9' is not a cell"):
        state.face_at("z9")


def test_the_replay_report_and_the_result_in_words() -> None:
    state = mat(".... BBW. .... ....", characters=("anubis", "little_death"),
                tokens=(("anubis_white", "anubis_white"), ()))
    after = put(state, "0:put d3 black")
    report = SOULAWEEN.replay_report(after, 5)
    assert {"valid": True, "game": "soulaween", "moves": 5, "phase": "gameEnd",
            "active_player": None, "to_move": [], "winners": [0], "reason": "three_tokens",
            "mat": ["....", "....", "....", "...."],
            "tokens": [["anubis_white", "anubis_white", "anubis_black"], []],
            "characters": ["anubis", "little_death"], "stances": [None, None],
            "restrictions": [None, "black"]} == report
    assert "three tokens" == SOULAWEEN.describe_result(Result((0,), "three_tokens"))
    assert "one token of each kind" == SOULAWEEN.describe_result(
        Result((1,), "one_of_each_kind"))


def test_str_of_a_state_is_a_readable_mat() -> None:
    state = mat("B... .W.. .... ...B", characters=("anubis", "hei_bai"),
                stances=(None, "bai"), tokens=(("anubis_white",), ()),
                restrictions=(None, "white"))
    assert str(state) == "\n".join([
        "4 B . . .",
        "3 . W . .",
        "2 . . . .",
        "1 . . . B",
        "  a b c d",
        "seat 0: anubis; anubis_white",
        "seat 1: hei_bai (bai); no token; must reap white",
        "playerTurn: seat 0 to move",
    ])


def test_every_test_the_docs_name_exists() -> None:
    # docs/soulaween.md names the test of each rule and decision: each must be real.
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent  # tests/games/soulaween
    page = (root.parents[2] / "docs" / "soulaween.md").read_text()
    named = set(re.findall(r"`(test_\w+)`", page))
    defined = set()
    for path in root.glob("test_soulaween*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", path.read_text(), re.MULTILINE))
    assert len(named) > 30
    assert set() == named - defined
