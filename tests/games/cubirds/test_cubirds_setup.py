"""Cubirds' setup: the seeded deal drawn in CB4's order (checked against a re-derivation
written here with ``random.Random``), the check of a recorded deal (CB5), the deck sizes,
the option of CB19, the setup's text and JSON, the chance generator and the setup plan.
"""

# The tests are named after the rules they prove (test_CB7_..., test_D3_...), in capitals
# as RULES-cubirds.md writes them.
# ruff: noqa: N802

from __future__ import annotations

import json
import random

import attrs
import pytest

from aves_core import SetupError, dump_log, replay
from aves_core.games.cubirds.cards import COUNTS, SPECIES, TOTAL, counts_of
from aves_core.games.cubirds.game import CUBIRDS
from aves_core.games.cubirds.moves import Reshuffle
from aves_core.games.cubirds.setup import chance_generator, new_setup, setup_plan, start
from aves_core.games.cubirds.state import CubirdsOptions, CubirdsSetup
from aves_core.kernel.convert import FieldError
from aves_core.kernel.errors import ArgumentError, NotationError

CANONICAL = "F" * 7 + "O" * 10 + "T" * 10 + "D" * 13 + "P" * 13 + "M" * 17 + "W" * 20 + "R" * 20


def derive(num_players: int, row_cards: int, seed: int
           ) -> tuple[list[str], str, int, int, random.Random]:
    """CB4 by hand: the rows, the stock, the dealer, the set-aside count, the generator."""
    rng = random.Random(seed)
    cards = list(CANONICAL)
    rng.shuffle(cards)
    rows: list[str] = []
    aside: list[str] = []
    position = 0
    for _ in range(4):
        row: list[str] = []
        while len(row) < row_cards:
            card = cards[position]
            position += 1
            (aside if card in row else row).append(card)
        rows.append("".join(row))
    stock = sorted(cards[position:] + aside, key="FOTDPMWR".index)
    rng.shuffle(stock)
    dealer = rng.randrange(num_players)
    return rows, "".join(stock), dealer, len(aside), rng


@pytest.mark.parametrize("row_cards", [3, 4])
@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_CB4_the_setup_is_drawn_in_order_from_the_seed(num_players: int, row_cards: int) -> None:
    for seed in range(12):
        rows, stock, dealer, _aside, _rng = derive(num_players, row_cards, seed)
        setup = new_setup(num_players, CubirdsOptions(row_cards), seed)
        assert CubirdsSetup(row_cards, tuple(rows), stock, dealer) == setup


def test_CB4_hands_then_collections_then_the_deck_and_the_dealer_plays_first() -> None:
    setup = new_setup(3, CubirdsOptions(), 11)
    state = start(3, setup)
    stock = setup.stock
    for seat in range(3):
        assert counts_of(stock[8 * seat:8 * seat + 8]) == state.hands[seat]
        assert counts_of(stock[24 + seat]) == state.collections[seat]
    assert (stock[27:], setup.rows, setup.dealer) == (state.deck, state.rows, state.active)
    assert (state.dealer, state.phase.value, sum(state.discard)) == (setup.dealer, "lay", 0)


def test_D1_set_aside_cards_go_back_before_shuffle_B() -> None:
    asides = []
    for seed in range(30):
        _rows, _stock, _dealer, aside, _rng = derive(2, 3, seed)
        asides.append(aside)
        setup = new_setup(2, CubirdsOptions(), seed)
        left = tuple(count - held for count, held in zip(COUNTS, counts_of("".join(setup.rows)),
                                                         strict=True))
        assert left == counts_of(setup.stock)  # every card not in a row is in the stock
        assert all(len(set(row)) == len(row) == 3 for row in setup.rows)
    assert max(asides) > 0  # some seeds set cards aside


def test_D1_rows_have_three_cards_by_default_and_four_with_the_option() -> None:
    assert {3} == {len(row) for row in new_setup(2, CubirdsOptions(), 4).rows}
    assert {4} == {len(row) for row in new_setup(2, CubirdsOptions(4), 4).rows}


def test_D2_a_given_dealer_replaces_the_drawn_one_which_is_drawn_all_the_same() -> None:
    for seed in range(10):
        drawn = new_setup(4, CubirdsOptions(), seed)
        for dealer in range(4):
            given = new_setup(4, CubirdsOptions(), seed, first_player=dealer)
            assert attrs.evolve(drawn, dealer=dealer) == given
        # The reshuffles that follow do not depend on the option.
        assert (chance_generator(4, CubirdsOptions(), seed).random()
                == derive(4, 3, seed)[4].random())


def test_D2_hands_go_in_seat_order_not_from_the_dealer() -> None:
    setup = new_setup(3, CubirdsOptions(), 2)
    hands = {start(3, attrs.evolve(setup, dealer=dealer)).hands for dealer in range(3)}
    assert 1 == len(hands)


def test_D2_the_same_seed_gives_the_same_deal_and_others_differ() -> None:
    assert new_setup(2, CubirdsOptions(), 9) == new_setup(2, CubirdsOptions(), 9)
    assert len({new_setup(2, CubirdsOptions(), seed).stock for seed in range(20)}) == 20
    unseeded = new_setup(2, CubirdsOptions(), None)
    start(2, unseeded)


@pytest.mark.parametrize(("num_players", "row_cards", "deck"),
                         [(2, 3, 80), (3, 3, 71), (4, 3, 62), (5, 3, 53),
                          (2, 4, 76), (3, 4, 67), (4, 4, 58), (5, 4, 49)])
def test_CB5_the_deck_after_setup(num_players: int, row_cards: int, deck: int) -> None:
    state = start(num_players, new_setup(num_players, CubirdsOptions(row_cards), 1))
    assert deck == len(state.deck) == 110 - 4 * row_cards - 9 * num_players
    assert TOTAL == state.card_count()


GOOD = new_setup(3, CubirdsOptions(), 3)


def _swap(stock: str, old: str, new: str) -> str:
    return stock.replace(old, new, 1)


ROW = "must be 3 cards of as many species (letters FOTDPMWR), not"
HOLD = "the deal must hold the 110 cards exactly:"


@pytest.mark.parametrize(("change", "code", "path", "message"), [
    ({"rows": GOOD.rows[:3]}, "bad_deal", "rows", "the deal has four rows"),
    ({"rows": [*GOOD.rows]}, None, None, None),  # a list reads as the tuple it names
    ({"rows": (GOOD.rows[0], GOOD.rows[1] + "X", *GOOD.rows[2:])}, "bad_deal", "rows[1]",
     f"row 1 {ROW} 'MPWX'"),
    ({"rows": (GOOD.rows[0], GOOD.rows[1][:2], *GOOD.rows[2:])}, "bad_deal", "rows[1]",
     f"row 1 {ROW} 'MP'"),
    ({"rows": (*GOOD.rows[:2], GOOD.rows[2][0] * 3, GOOD.rows[3])}, "bad_deal", "rows[2]",
     f"row 2 {ROW} 'RRR'"),
    ({"rows": ("xyz", *GOOD.rows[1:])}, "bad_deal", "rows[0]", f"row 0 {ROW} 'xyz'"),
    ({"rows": (3, *GOOD.rows[1:])}, "bad_deal", "rows[0]", f"row 0 {ROW} 3"),
    ({"stock": GOOD.stock + "F"}, "bad_deal", "stock", f"{HOLD} 8 of F, not 7"),
    ({"stock": GOOD.stock[:-1]}, "bad_deal", "stock", f"{HOLD} 9 of O, not 10"),
    ({"stock": _swap(GOOD.stock, "R", "W")}, "bad_deal", "stock", f"{HOLD} 21 of W, not 20"),
    ({"stock": GOOD.stock.lower()}, "bad_deal", "stock",
     "the stock must be species letters (FOTDPMWR)"),
    ({"dealer": 3}, "bad_dealer", "dealer", "the dealer is a seat 0 to 2, not 3"),
    ({"dealer": -1}, "bad_dealer", "dealer", "the dealer is a seat 0 to 2, not -1"),
    ({"dealer": True}, "bad_dealer", "dealer", "the dealer is a seat 0 to 2, not True"),
    ({"row_cards": 4}, "bad_deal", "rows[0]",  # rows of 3 under the option of 4
     "row 0 must be 4 cards of as many species (letters FOTDPMWR), not 'MDT'"),
    ({"row_cards": 5}, "bad_options", "row_cards", "row_cards is 3 or 4, not 5"),
])
def test_CB5_a_recorded_deal_is_checked(change: dict[str, object], code: str | None,
                                        path: str | None, message: str | None) -> None:
    setup = attrs.evolve(GOOD, **change)  # type: ignore[arg-type]
    if code is None:
        assert start(3, GOOD) == start(3, setup)
        return
    with pytest.raises(SetupError) as error:
        start(3, setup)
    assert (code, path, message) == (error.value.code, error.value.path, str(error.value))


def test_CB5_start_refuses_what_is_no_setup() -> None:
    with pytest.raises(ArgumentError, match=r"^a Cubirds setup is a CubirdsSetup, not str$"):
        start(3, "FOT")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^options must be CubirdsOptions, not dict$"):
        new_setup(3, {"row_cards": 3}, 1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^seed must be an int, not str '7'$"):
        new_setup(3, CubirdsOptions(), "7")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^seed must be an int, not float 7.0$"):
        chance_generator(3, CubirdsOptions(), 7.0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^options must be CubirdsOptions, not NoneType$"):
        chance_generator(3, None, 7)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^num_players must be an int, not str '3'$"):
        start("3", GOOD)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match=r"^Cubirds is for 2 to 5 players, not 6$"):
        setup_plan(6, CubirdsOptions())
    with pytest.raises(SetupError) as error:
        new_setup(3, CubirdsOptions(), 1, first_player=3)
    assert "bad_dealer" == error.value.code


def test_CB5_the_deal_and_the_logged_reshuffles_replay_without_a_generator(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cubirds_helpers import random_game

    steps = random_game(3, 4)
    moves = tuple(move for _before, move, _after, _events in steps)
    assert any(isinstance(move, Reshuffle) for move in moves)
    final = steps[-1][2]
    setup = new_setup(3, CubirdsOptions(), 4)
    log = CUBIRDS.make_log(("a", "b", "c"), setup, 4, moves, final.result)
    text = dump_log(log, "jsonl")
    assert '{"type": "reshuffle", "deck": "' in text

    def no_chance(*_args: object) -> None:
        raise AssertionError("replay drew a random number")

    monkeypatch.setattr(random.Random, "shuffle", no_chance)
    monkeypatch.setattr(random.Random, "randrange", no_chance)
    outcome = replay(text)
    assert (True, final, len(moves)) == (outcome.valid, outcome.state, outcome.moves)


def test_the_setup_text_round_trips() -> None:
    setup = CubirdsSetup(3, ("FOT", "DPM", "WRF", "OTD"), "RRWM", 2)
    assert "*:deal rows=FOT/DPM/WRF/OTD stock=RRWM dealer=2" == setup.text()
    assert setup == CubirdsSetup.parse(setup.text())
    full = new_setup(4, CubirdsOptions(4), 6)
    assert full == CubirdsSetup.parse(full.text())
    for text in ("*:deal rows=FOT stock=RR", "deal rows=FOT/DPM/WRF/OTD stock=RR dealer=1",
                 "*:deal rows=FOT/DPM/WRF/OTD stock=rr dealer=1"):
        with pytest.raises(NotationError):
            CubirdsSetup.parse(text)


def test_the_setup_json_round_trips_and_names_bad_fields() -> None:
    data = CUBIRDS.setup_to_json(GOOD)
    assert ["dealer", "row_cards", "rows", "stock"] == sorted(data)
    assert list(GOOD.rows) == json.loads(json.dumps(data))["rows"]
    assert GOOD == CUBIRDS.setup_from_json(json.loads(json.dumps(data)))
    for bad, path in [({**data, "rows": "FOT"}, "rows"), ({**data, "dealer": "2"}, "dealer"),
                      ({**data, "rows": ["FOT", 3, "WRF", "OTD"]}, "rows[1]"),
                      ({**data, "deck": ""}, "deck"), ({"rows": data["rows"]}, "row_cards")]:
        with pytest.raises(FieldError) as error:
            CUBIRDS.setup_from_json(bad)
        assert ("schema", path) == (error.value.code, error.value.path)
    with pytest.raises(FieldError):
        CUBIRDS.setup_from_json([data])


def test_CB19_the_options_json() -> None:
    assert CubirdsOptions(4) == CUBIRDS.options_from_json({"row_cards": 4})
    assert CubirdsOptions() == CUBIRDS.options_from_json({})
    assert {"row_cards": 3} == CUBIRDS.options_to_json(CubirdsOptions())
    for bad, code in [({"row_cards": 5}, "bad_options"), ({"row_cards": "3"}, "schema"),
                      ({"row_cards": True}, "schema"), ({"rows": 3}, "schema")]:
        with pytest.raises(FieldError) as error:
            CUBIRDS.options_from_json(bad)
        assert code == error.value.code
        assert error.value.path in ("row_cards", "rows")
    with pytest.raises(ArgumentError):
        CubirdsOptions("3")  # type: ignore[arg-type]


def test_the_chance_generator_continues_the_setups_generator() -> None:
    for seed in (0, 5, 123):
        for count, row_cards in ((2, 3), (5, 4)):
            expected = derive(count, row_cards, seed)[4]
            generator = chance_generator(count, CubirdsOptions(row_cards), seed)
            assert [expected.random() for _ in range(3)] == [generator.random()
                                                             for _ in range(3)]
            assert CUBIRDS.chance_generator(count, CubirdsOptions(row_cards), seed).random() \
                == derive(count, row_cards, seed)[4].random()
    assert isinstance(chance_generator(2, CubirdsOptions(), None), random.SystemRandom)


def _sample(plan: object, rng: random.Random) -> tuple[int, ...]:
    drawn: tuple[int, ...] = ()
    while not plan.done(drawn):  # type: ignore[attr-defined]
        outcomes = plan.outcomes(drawn)  # type: ignore[attr-defined]
        assert abs(1.0 - sum(probability for _outcome, probability in outcomes)) < 1e-9
        assert len(outcomes) <= plan.max_outcomes  # type: ignore[attr-defined]
        values = [outcome for outcome, _probability in outcomes]
        weights = [probability for _outcome, probability in outcomes]
        drawn = (*drawn, rng.choices(values, weights)[0])
    return drawn


@pytest.mark.parametrize("row_cards", [3, 4])
@pytest.mark.parametrize("num_players", [2, 5])
def test_the_setup_plan_draws_valid_deals(num_players: int, row_cards: int) -> None:
    plan = CUBIRDS.setup_plan(num_players, CubirdsOptions(row_cards))
    rng = random.Random(num_players)
    for _ in range(5):
        drawn = _sample(plan, rng)
        assert len(drawn) <= plan.length()
        setup = plan.result(drawn)
        assert row_cards == setup.row_cards
        start(num_players, setup)
        assert plan.text(drawn[:-1], drawn[-1]).startswith("dealer ")


def test_the_setup_plan_is_shuffle_A_card_by_card_set_asides_included() -> None:
    plan = setup_plan(2, CubirdsOptions())
    assert 110 + 98 + 1 == plan.length()  # at most every card of A, the stock, the dealer
    assert 110 + 94 + 1 == setup_plan(2, CubirdsOptions(4)).length()
    first = dict(plan.outcomes(()))
    assert {index: count / 110 for index, count in enumerate(COUNTS)} == first
    # F, then F again (set aside), then O and T: row 0 is FOT after four draws, and both
    # flamingos are gone from shuffle A: the next F is 5 of the 106 cards left.
    drawn = (0, 0, 1, 2)
    nxt = dict(plan.outcomes(drawn))
    assert 5 / 106 == nxt[0]
    assert 9 / 106 == nxt[1]
    assert "F" == plan.text((), 0)
    rows_only = drawn + (3, 4, 5) + (6, 7, 0) + (1, 2, 3)
    # Mid-row 3: still shuffle A, whose flamingos were drawn three times (one set aside).
    assert 4 / 99 == dict(plan.outcomes(rows_only[:11]))[0]
    assert "F" == plan.text(rows_only[:11], 0)
    assert not plan.done(rows_only)
    # The rows are done: the stock is drawn from the 98 cards not in a row (set-aside
    # flamingo back), then the dealer.
    stock_first = dict(plan.outcomes(rows_only))
    assert 5 / 98 == stock_first[0]
    left = list(COUNTS)
    for card in "FOT" + "DPM" + "WRF" + "OTD":
        left[SPECIES.index(card)] -= 1
    stock = tuple(index for index, count in enumerate(left) for _ in range(count))
    assert [(0, 0.5), (1, 0.5)] == plan.outcomes(rows_only + stock)
    setup = plan.result(rows_only + stock + (1,))
    assert (("FOT", "DPM", "WRF", "OTD"), 1) == (setup.rows, setup.dealer)
    assert plan.done(rows_only + stock + (1,))
