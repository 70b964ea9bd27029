"""Tsukuru 10 Ten's rules: legal moves, the checked door that names the rule a bad move
breaks, and the step that applies a legal one (RULES-tsukuru.md TK8-TK18a).

``apply_move`` refuses a move with an ``IllegalMoveError`` whose code is the first of
TK18a's that applies: ``game_over``, ``not_your_turn``, ``wrong_phase``, ``bad_seat``,
``empty_pile``, ``unknown_tile``, ``not_canonical``, ``not_held``, ``not_a_set``,
``colour_required``, ``colour_forbidden``, ``not_ten`` (``bad_notation`` for a token of
no tile shape, as the parser would say; ``bad_deal`` for a deal that is not the 61
tiles). ``step`` applies a move known to be legal.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

import attrs

from aves_core.games.tsukuru.evaluator import (
    TARGET,
    Arrangement,
    TileSet,
    finishes,
    open_value,
    reaches,
    score,
    set_colours,
)
from aves_core.games.tsukuru.events import (
    DealDue,
    Dealt,
    DiscardDue,
    Discarded,
    Drew,
    Event,
    Finished,
    FinishOrDiscard,
    GameEnded,
    Got,
    RoundDry,
    RoundStarted,
    TurnStarted,
)
from aves_core.games.tsukuru.moves import Deal, Discard, Draw, Finish, FinishFrom, Get, Move
from aves_core.games.tsukuru.phases import Phase
from aves_core.games.tsukuru.setup import check_deal, deal_round, next_deal
from aves_core.games.tsukuru.state import TARGETS, Shown, TsukuruState, ranks_of
from aves_core.games.tsukuru.tiles import (
    COPIES,
    INDEX,
    KINDS,
    PURPLE,
    Counts,
    colour_of,
    tiles_of,
)
from aves_core.kernel.errors import ArgumentError, IllegalMoveError, SetupError
from aves_core.kernel.game import Result

__all__ = [
    "apply_move",
    "apply_move_with_events",
    "chance_move",
    "is_legal",
    "legal_moves",
    "moves_for",
    "read_arrangement",
    "step",
]

_TOKEN = re.compile(r"(?:[A-Z][0-9])+(?:=[A-Z])?")
_TURN, _DRAWN, _DISCARD, _DEAL = Phase.TURN, Phase.DRAWN, Phase.DISCARD, Phase.DEAL
"""The phases the rules read on every move (``Phase.TURN`` goes through the enum
metaclass's ``__getattr__`` hook on each read, ten times a module name's cost)."""
_PURPLES = tuple(code for code in KINDS if code[0] == PURPLE)


class _RefusalError(Exception):
    """A move's refusal: its TK18a code and the message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


# --- legal moves --------------------------------------------------------------------


def _add(counts: Counts, code: str, amount: int = 1) -> Counts:
    index = INDEX[code]
    return counts[:index] + (counts[index] + amount,) + counts[index + 1:]


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
    """Every legal move of the seat to move, in a fixed order: in phase turn ``draw``,
    then each opponent's gets and finishes with its last discard (by seat); in phase
    drawn the finishes, then a discard of each concealed kind; in phase discard the
    discards. None while the game awaits a deal or is over."""
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


_SeatMoves = tuple[Draw, tuple[Discard, ...], dict[tuple[int, str], Get]]
_SEAT_MOVES: dict[int, _SeatMoves] = {}
"""Seats 0 to 7's draws, discards by kind and gets by source and token, each made once
(moves are frozen values); for another seat they are built each time, so that it fails
the same way."""


def _seat_moves(player: int) -> _SeatMoves | None:
    made = _SEAT_MOVES.get(player) if type(player) is int else None
    if made is None and type(player) is int and 0 <= player < 8:
        made = _SEAT_MOVES[player] = (Draw(player),
                                      tuple(Discard(player, code) for code in KINDS), {})
    return made


def moves_for(phase: Phase, player: int, concealed: Counts, opened: tuple[TileSet, ...],
              discards: tuple[tuple[str, ...], ...], advanced: bool, dealer: bool = False,
              first_turn: bool = False) -> tuple[Move, ...]:
    """``player``'s legal moves from what it sees (``legal_moves``' order): its concealed
    tiles and open sets, every discard pile, the phase, the scoring, whether it deals
    and whether this is its first turn of the round. Finishes come best-scoring first."""
    made = (_seat_moves(player) if type(concealed) is tuple and len(concealed) == len(KINDS)
            else None)
    gets: dict[tuple[int, str], Get]
    if made is None:  # a seat or a hand the tables do not hold: built, as it always was
        draw, gets = None, {}
        discarding = tuple(Discard(player, code) for code, count
                           in zip(KINDS, concealed, strict=True) if count)
    else:  # no turn starts with a discard: the turn's listing needs none
        draw, row, gets = made
        discarding = () if phase is _TURN else tuple(itertools.compress(row, concealed))
    if phase is _DISCARD:
        return discarding
    if phase is _DRAWN:
        found = _ranked(concealed, opened, advanced, dealer, first_turn)
        if not found:
            return discarding
        return (*(Finish(player, arrangement.tokens()) for arrangement in found),
                *discarding)
    if phase is not _TURN:
        return ()
    moves: list[Move] = [draw or Draw(player)]
    need = None  # what the concealed tiles must total: the open sets read once
    for source, pile in enumerate(discards):
        if source != player and pile:
            taken = pile[-1]
            moves += _gets(player, source, taken, concealed, gets)
            hand = _add(concealed, taken)
            if need is None:
                need = TARGET - open_value(opened)
            if reaches(hand, need):
                moves += [FinishFrom(player, source, arrangement.tokens())
                          for arrangement in _ranked(hand, opened, advanced, dealer, False)]
    return tuple(moves)


def is_legal(state: TsukuruState, move: Move) -> bool:
    """Whether ``apply_move`` would accept ``move`` (False for a value that is no
    Tsukuru move; ``ArgumentError`` for a state that is no ``TsukuruState``)."""
    if not isinstance(state, TsukuruState):
        raise ArgumentError(f"is_legal needs a TsukuruState, not {type(state).__name__}")
    if not isinstance(move, _MOVE_TYPES):
        return False
    try:
        _refuse(state, move)
    except _RefusalError:
        return False
    return True


# --- the checked door -----------------------------------------------------------------

_MOVE_TYPES = (Draw, Discard, Get, Finish, FinishFrom, Deal)  # a union is built per call
_ALLOWED = {Draw: (Phase.TURN,), Get: (Phase.TURN,), FinishFrom: (Phase.TURN,),
            Finish: (Phase.DRAWN,), Discard: (Phase.DRAWN, Phase.DISCARD)}


def apply_move(state: TsukuruState, move: Move) -> TsukuruState:
    """The state after ``move``; an ``IllegalMoveError`` naming TK18a's code if it is
    not legal (the state is never changed)."""
    return _checked(state, move, None)


def apply_move_with_events(state: TsukuruState, move: Move
                           ) -> tuple[TsukuruState, tuple[Event, ...]]:
    """``apply_move``, and what happened as unredacted events."""
    events: list[Event] = []
    return _checked(state, move, events), tuple(events)


def step(state: TsukuruState, move: Move) -> TsukuruState:
    """The state after a move known to be legal (unchecked: for playouts)."""
    return _step(state, move, None)


def _checked(state: TsukuruState, move: Move, events: list[Event] | None) -> TsukuruState:
    if not isinstance(state, TsukuruState):
        raise ArgumentError(f"state must be a TsukuruState, not {type(state).__name__}")
    if not isinstance(move, _MOVE_TYPES):
        raise ArgumentError(f"not a Tsukuru move: {type(move).__name__}")
    try:
        _refuse(state, move)
    except _RefusalError as refusal:
        raise IllegalMoveError(f"{move}: {refusal.message}", code=refusal.code, move=move,
                               phase=state.phase) from None
    return _step(state, move, events)


def _refuse(state: TsukuruState, move: Move) -> None:
    """Raise the move's ``_RefusalError`` (TK18a's first code that applies), if any."""
    if state.result is not None:
        raise _RefusalError("game_over", "the game is over")
    if type(move) is Deal:
        if state.phase is not Phase.DEAL:
            raise _RefusalError("wrong_phase", "a deal comes only between rounds")
        try:
            check_deal(_split_deal(move.tiles))
        except SetupError as error:
            raise _RefusalError("bad_deal", error.message) from None
        return
    player = move.player  # type: ignore[union-attr]
    if state.phase is _DEAL or player != state.active:
        who = "nobody" if state.phase is Phase.DEAL else f"seat {state.active}"
        raise _RefusalError("not_your_turn", f"it is {who}'s turn, not seat {player}'s")
    phase, kind = state.phase, type(move)
    if phase not in _ALLOWED[kind]:
        raise _RefusalError("wrong_phase", _wrong_phase(kind, phase))
    concealed = state.concealed[player]
    if kind is Discard:
        tile = move.tile  # type: ignore[union-attr]
        if tile not in INDEX:
            raise _RefusalError("unknown_tile", f"{tile!r:.10} is no tile")
        if not concealed[INDEX[tile]]:
            raise _RefusalError("not_held", f"seat {player} holds no concealed {tile}")
        return
    if kind is Draw:
        return
    if kind is Finish:
        read_arrangement(state, player, move.arrangement, concealed)  # type: ignore[union-attr]
        return
    source = move.source  # type: ignore[union-attr]
    if type(source) is not int or not 0 <= source < state.num_players or source == player:
        raise _RefusalError("bad_seat", f"seat {source} is no opponent of seat {player}")
    pile = state.discards[source]
    if not pile:
        raise _RefusalError("empty_pile", f"seat {source} has discarded nothing this round")
    taken = pile[-1]
    if kind is Get:
        _check_get(move.tiles, taken, concealed)  # type: ignore[union-attr]
    else:
        read_arrangement(state, player, move.arrangement,  # type: ignore[union-attr]
                         _add(concealed, taken))


def _wrong_phase(kind: type, phase: Phase) -> str:
    if phase is Phase.DRAWN:
        return "after a draw, finish or discard"
    if phase is Phase.DISCARD:
        return "after opening a set, discard (no finish follows a get [D4])"
    if kind is Finish:
        return "finish comes after a draw; to finish with a discard, use finishfrom"
    return "draw, get or finishfrom first"


def _split(token: str) -> tuple[tuple[str, ...], str | None]:
    """A token's tiles and its colour (None if it names none); ``bad_notation`` for a
    token of no tile shape."""
    if type(token) is not str or _TOKEN.fullmatch(token) is None:
        raise _RefusalError("bad_notation", f"{token!r:.20} is no token of tiles (like B4B5, "
                                       "P5P6P7=B or P8=R)")
    tiles, _, colour = token.partition("=")
    return tuple(tiles[index:index + 2] for index in range(0, len(tiles), 2)), colour or None


def _sorted(tiles: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(tiles, key=INDEX.__getitem__))


def _check_known(tiles: tuple[str, ...]) -> None:
    for tile in tiles:
        if tile not in INDEX:
            raise _RefusalError("unknown_tile", f"{tile} is no tile: R0-R7, B1-B7 or P5-P8")


_GET_PLANS: dict[tuple[str, str], tuple[tuple[tuple[int, int], ...], str, TileSet,
                                         tuple[str, ...]]] = {}
"""Each get accepted so far by its token and taken tile (a few hundred exist): the kinds
and counts it needs, the refusal if the hand lacks them, the set it opens, its tiles.
The rest of the door's checks depend on the token and the tile alone."""


def _check_get(token: str, taken: str, concealed: Counts) -> None:
    plan = _GET_PLANS.get((token, taken)) if type(token) is str else None
    if plan is not None:
        needs, lacking, _shape, _tiles = plan
        for index, count in needs:
            if concealed[index] < count:
                raise _RefusalError("not_held", lacking)
        return
    tiles, colour = _split(token)
    _check_known(tiles)
    if len(tiles) != 2:
        raise _RefusalError("not_a_set", f"a get names two concealed tiles, not {len(tiles)}")
    if tiles != _sorted(tiles):
        raise _RefusalError("not_canonical", f"write the tiles in canonical order: "
                                        f"{''.join(_sorted(tiles))}")
    lacking = f"the concealed tiles hold no {' and '.join(tiles)}"
    if any(concealed[INDEX[tile]] < tiles.count(tile) for tile in tiles):
        raise _RefusalError("not_held", lacking)
    colours = set_colours(_sorted((taken, *tiles)))
    if not colours:
        raise _RefusalError("not_a_set", f"{taken} with {' and '.join(tiles)} is no set (three of "
                                    "one colour, a run or a triple)")
    _check_colour(colour, colours, f"{''.join(_sorted((taken, *tiles)))}")
    _GET_PLANS[token, taken] = (tuple((INDEX[tile], tiles.count(tile)) for tile in set(tiles)),
                                lacking, _opened(token, taken)[0], tiles)


def _opened(token: str, taken: str) -> tuple[TileSet, tuple[str, ...]]:
    """The set a get opens (the taken tile and two concealed ones, TK8) and those two."""
    plan = _GET_PLANS.get((token, taken)) if type(token) is str else None
    if plan is not None:
        return plan[2], plan[3]
    tiles, colour = _split(token)
    three = _sorted((taken, *tiles))
    return TileSet((three[0], three[1], three[2]), colour or set_colours(three)[0]), tiles


def _check_colour(colour: str | None, colours: tuple[str, ...], what: str) -> None:
    if len(colours) == 2 and colour is None:
        raise _RefusalError("colour_required", f"{what} is three purples: name its colour "
                                          f"({what}=R or {what}=B)")
    if colour is not None and len(colours) == 1:
        raise _RefusalError("colour_forbidden", f"{what} takes its colour from its tiles: "
                                           "write no =colour")
    if colour is not None and colour not in colours:
        raise _RefusalError("colour_forbidden", f"a colour is R or B, not {colour}")


def read_arrangement(state: TsukuruState, player: int, tokens: Any, concealed: Counts
                     ) -> Arrangement:
    """The arrangement a finish declares, checked against the seat's 8 concealed tiles
    ``concealed`` (with the drawn or taken tile) in TK18a's order; a ``_RefusalError`` if it
    is none."""
    if type(tokens) is not tuple:
        raise _RefusalError("bad_notation", "an arrangement is a list of tokens")
    written = [_split(token) for token in tokens]
    for tiles, _colour in written:
        _check_known(tiles)
    sets = [(tiles, colour) for tiles, colour in written if len(tiles) != 1]
    singles = [(tiles[0], colour) for tiles, colour in written if len(tiles) == 1]
    _check_order(tokens, sets, singles)
    needed: dict[str, int] = {}
    for tiles, _colour in written:
        for tile in tiles:
            needed[tile] = needed.get(tile, 0) + 1
    for tile, count in needed.items():
        if concealed[INDEX[tile]] < count:
            raise _RefusalError("not_held", f"seat {player}'s concealed tiles hold "
                                       f"{concealed[INDEX[tile]]} {tile}, not {count}")
    shapes = []
    for tiles, colour in sets:
        colours = set_colours(tiles)
        if not colours:
            raise _RefusalError("not_a_set", f"{''.join(tiles)} is no set (three tiles of one "
                                        "colour, a run or a triple)")
        _check_colour(colour, colours, "".join(tiles))
        shapes.append(TileSet((tiles[0], tiles[1], tiles[2]), colour or colours[0]))
    for tile, colour in singles:
        if colour is None:
            raise _RefusalError("not_a_set", f"{tile} alone is no set: tiles in no set are "
                                        "not written")
    advanced = state.options.advanced
    free = list(concealed)
    for tiles, _colour in sets:
        for tile in tiles:
            free[INDEX[tile]] -= 1
    named = {tile for tile, _colour in singles}
    if advanced:
        for purple in _PURPLES:
            if free[INDEX[purple]] and purple not in named:
                raise _RefusalError("colour_required", f"under advanced scoring name the colour "
                                                  f"of the free {purple} ({purple}=R or "
                                                  f"{purple}=B)")
    for tile, colour in singles:
        if colour_of(tile) != PURPLE or not advanced or colour not in ("R", "B"):
            why = ("only a free purple takes a colour" if colour_of(tile) != PURPLE
                   else "free purples take a colour under advanced scoring only"
                   if not advanced else "a colour is R or B")
            raise _RefusalError("colour_forbidden", f"{tile}={colour}: {why}")
    opened = state.open_sets[player]
    total = (sum(shape.value for shape in (*opened, *shapes))
             + sum(int(tile[1]) for tile in tiles_of(tuple(free))))
    if total != TARGET:
        raise _RefusalError("not_ten", f"the arrangement totals {total}, not {TARGET}")
    return Arrangement(tuple(shapes), tuple((tile, colour) for tile, colour in singles
                                            if colour is not None))


def _check_order(tokens: tuple[str, ...], sets: list[tuple[tuple[str, ...], str | None]],
                 singles: list[tuple[str, str | None]]) -> None:
    """Each finish has one text: tiles in canonical order within a token, the sets
    ordered tile by tile, then the free purples by value."""
    ordered = sorted(((_sorted(tiles), colour) for tiles, colour in sets),
                     key=lambda written: [INDEX[tile] for tile in written[0]])
    canonical = (*("".join(tiles) + (f"={colour}" if colour else "")
                   for tiles, colour in ordered),
                 *(tile + (f"={colour}" if colour else "")
                   for tile, colour in sorted(singles, key=lambda single: INDEX[single[0]])))
    if tuple(tokens) != canonical:
        raise _RefusalError("not_canonical", f"write the sets in canonical order, then the free "
                                        f"purples: {' '.join(canonical)}")


def _split_deal(text: str) -> tuple[str, ...]:
    return tuple(text[index:index + 2] for index in range(0, len(text), 2))


# --- the step --------------------------------------------------------------------------


def _replace(items: tuple[Any, ...], index: int, item: Any) -> tuple[Any, ...]:
    return items[:index] + (item,) + items[index + 1:]


def _step(state: TsukuruState, move: Move, events: list[Event] | None) -> TsukuruState:
    kind = type(move)
    if kind is Deal:
        return _deal(state, _split_deal(move.tiles), events)  # type: ignore[union-attr]
    player: int = move.player  # type: ignore[union-attr]
    concealed = state.concealed[player]
    # A draw and a discard (``_turn_end``) build their state in one call, not ``_with``.
    if kind is Draw:
        tile = state.deck[0]
        if events is not None:
            events += (Drew(player, tile), FinishOrDiscard(player))
        return TsukuruState(state.options, state.deck[1:],
                            _replace(state.concealed, player, _add(concealed, tile)),
                            state.open_sets, state.discards, state.dealer, state.round,
                            state.turns, state.scores, _DRAWN, state.active, tile,
                            state.shown, state.ended, state.result)
    if kind is Discard:
        tile = move.tile  # type: ignore[union-attr]
        if events is not None:
            events.append(Discarded(player, tile))
        return _turn_end(state, _replace(state.concealed, player, _add(concealed, tile, -1)),
                         _replace(state.discards, player, state.discards[player] + (tile,)),
                         events)
    if kind is Finish:
        return _finish(state, player, move, concealed, None, None,  # type: ignore[arg-type]
                       events)
    source: int = move.source  # type: ignore[union-attr]
    taken = state.discards[source][-1]
    discards = _replace(state.discards, source, state.discards[source][:-1])
    if kind is Get:
        shape, tiles = _opened(move.tiles, taken)  # type: ignore[union-attr]
        for tile in tiles:
            concealed = _add(concealed, tile, -1)
        if events is not None:
            events += (Got(player, source, taken, shape.token(), shape.colour),
                       DiscardDue(player))
        return _with(state, concealed=_replace(state.concealed, player, concealed),
                     open_sets=_replace(state.open_sets, player,
                                        state.open_sets[player] + (shape,)),
                     discards=discards, phase=_DISCARD)
    return _finish(_with(state, discards=discards), player, move,  # type: ignore[arg-type]
                   _add(concealed, taken), source, taken, events)


_FIELDS = tuple(field.name for field in attrs.fields(TsukuruState))


def _with(state: TsukuruState, **changes: Any) -> TsukuruState:
    """``state`` with ``changes`` (``attrs.evolve``, without its generic cost: the step
    builds a state on every move)."""
    return TsukuruState(*[changes[name] if name in changes else getattr(state, name)
                          for name in _FIELDS])


def _turn_end(state: TsukuruState, concealed: tuple[Counts, ...],
              discards: tuple[tuple[str, ...], ...], events: list[Event] | None
              ) -> TsukuruState:
    """After a discard, which left ``concealed`` and ``discards`` (TK9, TK11): the next
    seat's turn, or a dry round's end."""
    player = state.active
    assert player is not None
    turns = _replace(state.turns, player, state.turns[player] + 1)
    if not state.deck:
        if events is not None:
            events.append(RoundDry(state.round))
        return _round_end(_with(state, concealed=concealed, discards=discards, turns=turns,
                                drawn=None, shown=None, ended="dry"), events)
    following = (player + 1) % state.num_players
    if events is not None:
        events.append(TurnStarted(following))
    return TsukuruState(state.options, state.deck, concealed, state.open_sets, discards,
                        state.dealer, state.round, turns, state.scores, _TURN,
                        following, None, state.shown, state.ended, state.result)


def _finish(state: TsukuruState, player: int, move: Finish | FinishFrom, concealed: Counts,
            source: int | None, taken: str | None, events: list[Event] | None
            ) -> TsukuruState:
    """A finish (TK10, TK12): the finisher scores; the round ends."""
    arrangement = read_arrangement(state, player, move.arrangement, concealed)
    opened = state.open_sets[player]
    heaven = type(move) is Finish and state.turns[player] == 0
    points = score(concealed, opened, arrangement, advanced=state.options.advanced,
                   dealer=player == state.dealer, heaven=heaven)
    scores = _replace(state.scores, player, state.scores[player] + points.points)
    shown = Shown(player, concealed, opened, arrangement, points, state.round, source)
    if events is not None:
        events.append(Finished(player, source, taken, tiles_of(concealed),
                               tuple(shape.token() for shape in opened), move.arrangement,
                               points.points, points.parts, scores))
    return _round_end(_with(state, concealed=_replace(state.concealed, player, concealed),
                            scores=scores, shown=shown, ended="finish", drawn=None), events)


def _round_end(state: TsukuruState, events: list[Event] | None) -> TsukuruState:
    """After a round (TK16): the game ends at the target, or after round 2N with
    ``end=rounds``; otherwise the next round awaits its deal."""
    options, scores = state.options, state.scores
    reason = None
    if max(scores) >= TARGETS[options.scoring]:
        reason = "target"
    elif options.end == "rounds" and state.round >= 2 * state.num_players:
        reason = "rounds"
    if reason is None:
        if events is not None:
            events.append(DealDue(state.round + 1))
        return _with(state, phase=Phase.DEAL, active=None)
    best = max(scores)
    result = Result(tuple(seat for seat, points in enumerate(scores) if points == best),
                    reason)
    if events is not None:
        events.append(GameEnded(result, ranks_of(result, scores) or (), scores))
    return _with(state, phase=Phase.GAME_END, active=None, result=result)


def _deal(state: TsukuruState, deal: tuple[str, ...], events: list[Event] | None
          ) -> TsukuruState:
    """The next round, dealt (TK4, TK5): the dealer's left neighbour deals."""
    dealer = (state.dealer + 1) % state.num_players
    dealt = deal_round(state, deal, dealer)
    if events is not None:
        events.append(RoundStarted(dealt.round, dealer, len(dealt.deck)))
        events.extend(Dealt(seat, tiles_of(dealt.concealed[seat]))
                      for seat in range(state.num_players))
        events.append(TurnStarted(dealer))
    return dealt


def chance_move(state: TsukuruState, rng: random.Random) -> Deal:
    """The next round's deal: the 61 tiles shuffled by ``rng`` (TK4)."""
    if not isinstance(state, TsukuruState) or state.phase is not Phase.DEAL:
        raise ArgumentError("a deal is drawn only while a round awaits it (phase deal)")
    return Deal("".join(next_deal(rng)))
