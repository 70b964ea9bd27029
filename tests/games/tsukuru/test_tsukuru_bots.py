"""Tsukuru 10 Ten's bots: each plays legal moves from its view alone, GreedyBot beats
random play, and the search bot's hooks draw states consistent with the view."""

from __future__ import annotations

import random

from aves_core import get_game
from aves_core.games.tsukuru.bots import (
    GreedyBot,
    keep_value,
    playout_move,
    sample,
    score_moves,
    search_hooks,
    unseen_tiles,
)
from aves_core.games.tsukuru.evaluator import finishes
from aves_core.games.tsukuru.moves import Discard, Draw, Finish, FinishFrom
from aves_core.games.tsukuru.phases import Phase
from aves_core.games.tsukuru.state import TsukuruOptions, TsukuruSetup, TsukuruState
from aves_core.games.tsukuru.tiles import INDEX, KINDS, counts_of, full_set
from aves_core.kernel.bots import make_bot
from aves_core.kernel.sim import play_game


def test_greedy_finishes_whenever_it_can() -> None:
    game = get_game("tsukuru")
    rng = random.Random(3)
    for seed in range(30):
        state = game.start(3, game.new_setup(3, TsukuruOptions("advanced"), seed))
        chance = game.chance_generator(3, TsukuruOptions("advanced"), seed)
        for _ in range(200):
            if state.result is not None:
                break
            if game.awaits_chance(state):
                state = game.apply(state, game.chance_move(state, chance))
                continue
            view = game.view(state, state.active)
            move = GreedyBot().choose(view, (), rng)
            finishing = [m for m in view.legal_moves if type(m).__name__.startswith("Finish")]
            if finishing:
                scores = score_moves(view)
                assert move in finishing
                assert scores[move] == max(scores.values())
            state = game.apply(state, move)


def test_sample_deals_exactly_the_unseen_tiles() -> None:
    game = get_game("tsukuru")
    state = game.start(4, game.new_setup(4, TsukuruOptions(), 11))
    view = game.view(state, state.active)
    drawn = sample(view, random.Random(1))
    assert game.view(drawn, state.active) == view
    assert drawn.tile_count() == 61
    hidden = sum(unseen_tiles(view))
    assert hidden == len(state.deck) + sum(sum(state.concealed[seat]) for seat in range(4)
                                           if seat != state.active)


def test_greedy_beats_random() -> None:
    game = get_game("tsukuru")
    wins = 0
    for seed in range(20):
        names = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        seats = [make_bot(name, game) for name in names]
        record, _log = play_game(game, seats, names, TsukuruOptions(), seed, 3000)
        wins += names.index("greedy") in record.winners
    assert wins >= 17



def _drawn(hand: list[str], drawn: str, other: tuple[str, ...] = ()) -> TsukuruState:
    """A 2-player game whose dealer, seat 0, has drawn ``drawn`` to ``hand`` (seat 1
    holds ``other``, then tiles in canonical order)."""
    rest = list(full_set())
    for code in (*hand, drawn, *other):
        rest.remove(code)
    second = [*other, *rest[:7 - len(other)]]
    rest = rest[7 - len(other):]
    deal = (*hand, *second, drawn, *rest)
    game = get_game("tsukuru")
    state = game.apply(game.start(2, TsukuruSetup("basic", "target", deal, 0)), Draw(0))
    assert isinstance(state, TsukuruState)
    return state


def _waits_after(concealed: tuple[int, ...], code: str) -> bool:
    """Whether the seven tiles left by discarding ``code`` finish with some next tile."""
    left = list(concealed)
    left[INDEX[code]] -= 1
    return any(finishes(tuple(count + (index == extra) for index, count in enumerate(left)))
               for extra in range(len(KINDS)))


def test_the_playout_policy_discards_to_keep_a_wait() -> None:
    # Of R1 R4 R5 B1 B3 B4 B5 B7 only the seven without B7 can finish with one more
    # tile; the former policy (fewest partners for a set) could throw R1 or B1.
    state = _drawn(["R1", "R4", "R5", "B1", "B3", "B4", "B5"], "B7")
    concealed = state.concealed[0]
    assert state.phase is Phase.DRAWN
    assert not any(type(move) is Finish for move in get_game("tsukuru").legal_moves(state))
    assert [code for code in KINDS if concealed[INDEX[code]]
            and _waits_after(concealed, code)] == ["B7"]
    for seed in range(5):
        assert playout_move(state, random.Random(seed)) == Discard(0, "B7")
    # keep_value misses this wait (it needs a set with the new tile: B3B4B5 and B2B3B4,
    # or B4B5B6), but the seven without B7 come nearest to one.
    kept = keep_value(counts_of(["R1", "R4", "R5", "B1", "B3", "B4", "B5"]), ())
    for code in ("R1", "R4", "R5", "B1", "B3", "B4", "B5"):
        hand = ["R1", "R4", "R5", "B1", "B3", "B4", "B5", "B7"]
        hand.remove(code)
        assert keep_value(counts_of(hand), ()) < kept


def test_the_search_looks_no_further_than_the_round() -> None:
    # Seat 1 holds R1 R1 R1 B1 B1 B1 R3: seat 0's B7 finishes it (0 + 0 + 3 + 7).
    game = get_game("tsukuru")
    hooks = search_hooks(game)
    assert hooks.chance is not None
    state = _drawn(["R1", "R4", "R5", "B1", "B3", "B4", "B5"], "B7",
                   ("R1", "R1", "R1", "B1", "B1", "B1", "R3"))
    assert hooks.result(state) is None
    state = game.apply(state, Discard(0, "B7"))
    finish = next(move for move in game.legal_moves(state) if type(move) is FinishFrom)
    over = hooks.chance(game.apply(state, finish), random.Random(1))
    assert over.phase is Phase.DEAL  # no next deal: the search stops at the round's end
    result = hooks.result(over)
    assert result is not None
    assert result.winners == (1,)
