"""Tsukuru 10 Ten as a kernel game (``TSUKURU``): its facts, door, chance, views and
parts; the kernel derives the rest from ``moves``, ``events`` and ``rules``. Between
rounds the state awaits the next deal (``Chance.PLAY``), a chance move the log records
as ``*:deal ...``. The rules have no move cap (TK18): simulations stop at theirs.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from aves_core.games.tsukuru import listing, rules, setup
from aves_core.games.tsukuru.events import Event, events_for
from aves_core.games.tsukuru.moves import Move
from aves_core.games.tsukuru.phases import PHASES, Phase
from aves_core.games.tsukuru.state import (
    REASONS,
    TARGETS,
    TsukuruOptions,
    TsukuruSetup,
    TsukuruState,
)
from aves_core.games.tsukuru.tiles import counts_of, tiles_of
from aves_core.games.tsukuru.views import TsukuruView, view_for
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Chance, Game, GameFacts, Result

__all__ = ["TSUKURU", "TsukuruGame"]

_DEAL = Phase.DEAL  # read on every move: Phase.DEAL goes through the enum's __getattr__


class TsukuruGame(Game[TsukuruState, Move, TsukuruView, Event, TsukuruOptions,
                       TsukuruSetup]):
    """Tsukuru 10 Ten for the kernel (its one instance is ``TSUKURU``)."""

    facts = GameFacts(
        id="tsukuru",
        name="Tsukuru 10 Ten",
        version=1,
        min_players=2,
        max_players=4,
        # D11: hands that did not finish are never revealed, even after the game.
        public_log=False,
        hidden_information=True,
        chance=Chance.PLAY,
        reasons=REASONS,
        reason_words={"target": "reached the target score",
                      "rounds": "every seat dealt twice: the most points win"},
        summary="draw and discard tiles to make a hand whose sets and tiles total "
                "exactly 10",
        setup_codes=("bad_options", "bad_dealer", "bad_deal"),
    )
    phases = PHASES
    refusals = rules.REFUSALS
    undo_rule = "nothing can be taken back: every move shows or takes a tile"
    parts: Mapping[str, str] = {"screen": ".terminal:TsukuruScreen",
                                "encoding": ".encoding:TsukuruEncoding",
                                "bots": ".bots:bot_factories", "search": ".bots:search_hooks"}

    # The rules' functions are the game's: plain functions, one call each on the hot path.
    new_setup = staticmethod(setup.new_setup)
    start = staticmethod(setup.start)
    legal_moves = staticmethod(listing.legal_moves)
    transition = staticmethod(rules.transition)
    chance_move = staticmethod(rules.chance_move)
    chance_generator = staticmethod(setup.chance_generator)
    view = staticmethod(view_for)
    events_for = staticmethod(events_for)

    def all_moves(self, num_players: int, seat: int) -> tuple[Move, ...]:
        """``encoding.all_moves``: every move ``seat`` could make, in the order of its
        action indices. The encoding's table of finishes takes a tenth of a second to
        build, so it is imported when first asked for, not by every ``aves`` command."""
        from aves_core.games.tsukuru.encoding import all_moves

        return all_moves(num_players, seat)

    def options_of(self, setup_: TsukuruSetup) -> TsukuruOptions:
        """The options that give this setup."""
        return TsukuruOptions(setup_.scoring, setup_.end)

    def is_legal(self, state: TsukuruState, move: Move) -> bool:
        """``rules.verdict``, the door's verdict on a draw, a discard, a get or a move out
        of turn or phase without its messages; the door's checks for the rest."""
        verdict = rules.verdict(state, move)
        return Game.is_legal(self, state, move) if verdict is None else verdict

    def awaits_chance(self, state: TsukuruState) -> bool:
        """True in phase ``deal``: a round ended and the next awaits its tiles."""
        return state.phase is _DEAL

    def indistinguishable(self, state: TsukuruState, seat: int | None, rng: random.Random
                          ) -> TsukuruState:
        """``state`` with what ``seat`` cannot see redrawn: the other seats' concealed
        tiles (every seat's, for a spectator) and the deck pooled, shuffled and dealt
        back in the same sizes. The last finisher's tiles stay: they were shown."""
        if type(state) is not TsukuruState:
            raise ArgumentError(f"indistinguishable needs a TsukuruState, not "
                                f"{type(state).__name__}")
        # Between a finish and the next deal the finisher's tiles lie open (TK19).
        shown = state.shown.seat if state.ended == "finish" and state.shown else None
        hidden = [owner for owner in range(state.num_players) if owner not in (seat, shown)]
        pool = list(state.deck) + [tile for owner in hidden
                                   for tile in tiles_of(state.concealed[owner])]
        rng.shuffle(pool)
        concealed = list(state.concealed)
        position = 0
        for owner in hidden:
            size = sum(concealed[owner])
            concealed[owner] = counts_of(pool[position:position + size])
            position += size
        return TsukuruState(state.options, tuple(pool[position:]), tuple(concealed),
                            state.open_sets, state.discards, state.dealer, state.round,
                            state.turns, state.scores, state.phase, state.active,
                            state.drawn if state.active == seat else None, state.shown,
                            state.ended, state.result)

    def invariants(self, state: TsukuruState) -> list[str]:
        """The 61 tiles in the zones (TK3); a turn never starts with an empty deck
        (TK11)."""
        problems = [] if state.tile_count() == 61 else [
            f"the zones hold {state.tile_count()} tiles, not 61"]
        if state.phase is Phase.TURN and not state.deck:
            problems.append("a turn starts with an empty deck")
        return problems

    def state_report(self, state: TsukuruState) -> dict[str, Any]:
        """The scoring and its target, round, dealer, scores, ranks, every seat's
        concealed tiles, open sets and discards, the deck (top first) and the last
        finish."""
        shown = state.shown
        return {
            "scoring": state.options.scoring,
            "target": TARGETS[state.options.scoring],
            "round": state.round,
            "dealer": state.dealer,
            "scores": list(state.scores),
            "ranks": None if state.ranks is None else list(state.ranks),
            "concealed": [list(tiles_of(tiles)) for tiles in state.concealed],
            "open_sets": [[str(shape) for shape in sets] for sets in state.open_sets],
            "discards": [list(pile) for pile in state.discards],
            "deck": list(state.deck),
            "last_finish": None if shown is None else {
                "seat": shown.seat, "round": shown.round,
                "arrangement": list(shown.arrangement.tokens()),
                "points": shown.score.points, "parts": [list(part)
                                                        for part in shown.score.parts]},
        }

    def describe_result(self, result: Result) -> str:
        """``the target score`` or ``every seat dealt twice``."""
        return {"target": "the target score",
                "rounds": "every seat dealt twice; the most points"}.get(
                    result.reason, result.reason.replace("_", " "))


TSUKURU = TsukuruGame()
"""The game of Tsukuru 10 Ten."""
