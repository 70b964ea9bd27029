"""Tsukuru 10 Ten's legal moves, in a fixed order (TK8-TK10): in phase turn ``draw``,
then each opponent's gets and finishes with its last discard (by seat); in phase drawn
the finishes, then a discard of each concealed kind; in phase discard the discards.
Finishes come best-scoring first, ties in the evaluator's order. Moves are made once
and listed from tables; a hand is asked the evaluator's quick ``reaches`` first.
"""

from __future__ import annotations

import functools
import itertools
from typing import TYPE_CHECKING

from aves_core.games.tsukuru.evaluator import (
    TARGET,
    Arrangement,
    Score,
    TileSet,
    arrangement_of,
    finishes,
    open_value,
    reaches,
    score,
    set_colours,
)
from aves_core.games.tsukuru.moves import Discard, Draw, Finish, FinishFrom, Get, Move
from aves_core.games.tsukuru.phases import Phase
from aves_core.games.tsukuru.state import TsukuruState
from aves_core.games.tsukuru.tiles import COPIES, INDEX, KINDS, PURPLE, Counts, add

if TYPE_CHECKING:
    from aves_core.games.tsukuru.views import TsukuruView

__all__ = ["finish_score", "legal_moves", "moves_for", "seat_moves"]

_TURN, _DRAWN, _DISCARD = Phase.TURN, Phase.DRAWN, Phase.DISCARD


def _get_table() -> tuple[tuple[tuple[int, int, tuple[str, ...]], ...], ...]:
    """For each kind of taken tile, the pairs of concealed kinds that open a set with it
    and the ``get`` tokens each pair is written with (two for three purples)."""
    table = []
    for taken in KINDS:
        pairs = []
        for first, second in itertools.combinations_with_replacement(range(len(KINDS)), 2):
            three = tuple(sorted((taken, KINDS[first], KINDS[second]), key=INDEX.__getitem__))
            if not set_colours(three) or any(three.count(code) > COPIES[INDEX[code]]
                                             for code in three):
                continue
            pair = KINDS[first] + KINDS[second]
            purple = {code[0] for code in three} == {PURPLE}
            pairs.append((first, second, tuple(f"{pair}={colour}" for colour in "RB")
                          if purple else (pair,)))
        table.append(tuple(pairs))
    return tuple(table)


_GETS = _get_table()


@functools.cache
def seat_moves(player: int) -> tuple[Draw, tuple[Discard, ...], dict[tuple[int, str], Get]]:
    """A seat's draw, its discard of each kind, and its gets made so far by source and
    token."""
    return Draw(player), tuple(Discard(player, code) for code in KINDS), {}


def _gets(player: int, source: int, taken: str, concealed: Counts,
          made: dict[tuple[int, str], Get]) -> list[Get]:
    """Every set the taken tile opens with two concealed tiles (TK8); ``made``: the
    seat's gets made before, by source and token, to take them from and add to."""
    gets: list[Get] = []
    for first, second, tokens in _GETS[INDEX[taken]]:
        if concealed[first] and concealed[second] and (first != second
                                                       or concealed[first] > 1):
            for token in tokens:
                get = made.get((source, token))
                if get is None:
                    get = made[source, token] = Get(player, source, token)
                gets.append(get)
    return gets


def legal_moves(state: TsukuruState) -> tuple[Move, ...]:
    """Every legal move of the seat to move (the module's order); none while the game
    awaits a deal or is over."""
    player = state.active
    if player is None or state.result is not None:
        return ()
    return moves_for(state.phase, player, state.concealed[player], state.open_sets[player],
                     state.discards, state.options.advanced, state.dealer == player,
                     state.turns[player] == 0)


def _ranked(concealed: Counts, opened: tuple[TileSet, ...], advanced: bool, dealer: bool,
            heaven: bool) -> tuple[Arrangement, ...]:
    """The hand's finishing arrangements, the best-scoring first (ties in the
    evaluator's order): a person picks among them by comparing scores."""
    if not reaches(concealed, TARGET - open_value(opened)):
        return ()  # most hands: no finish, answered without listing arrangements
    found = finishes(concealed, opened, advanced)
    if not advanced or len(found) < 2:
        return found
    return tuple(sorted(found, key=lambda arrangement: -score(
        concealed, opened, arrangement, advanced=True, dealer=dealer, heaven=heaven).points))


def moves_for(phase: Phase, player: int, concealed: Counts, opened: tuple[TileSet, ...],
              discards: tuple[tuple[str, ...], ...], advanced: bool, dealer: bool = False,
              first_turn: bool = False) -> tuple[Move, ...]:
    """``player``'s legal moves from what it sees (``legal_moves``' order): its concealed
    tiles and open sets, every discard pile, the phase, the scoring, whether it deals
    and whether this is its first turn of the round."""
    draw, row, gets = seat_moves(player)
    if phase is _DISCARD:
        return tuple(itertools.compress(row, concealed))
    if phase is _DRAWN:
        discarding = tuple(itertools.compress(row, concealed))
        found = _ranked(concealed, opened, advanced, dealer, first_turn)
        if not found:
            return discarding
        return (*(Finish(player, arrangement.tokens()) for arrangement in found),
                *discarding)
    if phase is not _TURN:
        return ()
    moves: list[Move] = [draw]
    need = None  # what the concealed tiles must total: the open sets read once
    for source, pile in enumerate(discards):
        if source != player and pile:
            taken = pile[-1]
            moves += _gets(player, source, taken, concealed, gets)
            hand = add(concealed, taken)
            if need is None:
                need = TARGET - open_value(opened)
            if reaches(hand, need):
                moves += [FinishFrom(player, source, arrangement.tokens())
                          for arrangement in _ranked(hand, opened, advanced, dealer, False)]
    return tuple(moves)


def finish_score(table: TsukuruState | TsukuruView, move: Finish | FinishFrom,
                 concealed: Counts, advanced: bool) -> Score:
    """What ``move`` scores at ``table`` (a state, or the finisher's view), its finisher
    holding ``concealed`` before it takes a discard."""
    seat = move.player
    if type(move) is FinishFrom:
        concealed = add(concealed, table.discards[move.source][-1])
    return score(concealed, table.open_sets[seat], arrangement_of(move.arrangement),
                 advanced=advanced, dealer=table.dealer == seat,
                 heaven=type(move) is Finish and table.turns[seat] == 0)
