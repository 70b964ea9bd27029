"""Tsukuru 10 Ten's bots: each plays legal moves from its view alone, GreedyBot beats
random play, and the search bot's hooks draw states consistent with the view."""

from __future__ import annotations

import random

from aves_core import get_game
from aves_core.games.tsukuru.bots import GreedyBot, sample, score_moves, unseen_tiles
from aves_core.games.tsukuru.state import TsukuruOptions
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
