"""Tsukuru 10 Ten's rules: the door's checks in TK18a's order (``REFUSALS``), its quick
verdict on the moves playouts make, and the transition of a legal move (TK8-TK18a).

Each check judges the whole move for its own code (every token of a finish): a move
that breaks several rules gets the first code of TK18a it breaks. A check runs only
once every earlier one has passed (``aves_core.kernel.door``), so it may count on
them: ``not_held`` knows every tile exists, ``not_a_set`` that the tiles are held.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from typing import Any

from aves_core.games.tsukuru import events as ev
from aves_core.games.tsukuru.evaluator import TARGET, TileSet, arrangement_of, set_colours
from aves_core.games.tsukuru.listing import finish_score
from aves_core.games.tsukuru.moves import (
    SEAT_MOVES,
    TILES,
    Deal,
    Discard,
    Draw,
    Finish,
    FinishFrom,
    Get,
    Move,
)
from aves_core.games.tsukuru.phases import PHASES, Phase
from aves_core.games.tsukuru.setup import check_deal, deal_round, next_deal
from aves_core.games.tsukuru.state import TARGETS, Shown, TsukuruState, ranks_of
from aves_core.games.tsukuru.tiles import INDEX, PURPLE, Counts, add, colour_of, tiles_of
from aves_core.kernel.door import BAD_NOTATION, GAME_OVER, NOT_YOUR_TURN, refuse
from aves_core.kernel.errors import ArgumentError, SetupError
from aves_core.kernel.game import Result
from aves_core.kernel.notation import spec_of

__all__ = ["REFUSALS", "chance_move", "get_plan", "transition", "verdict"]

_TURN, _DRAWN, _DISCARD, _DEAL = Phase.TURN, Phase.DRAWN, Phase.DISCARD, Phase.DEAL
"""The phases the rules read on every move, as module names (docs/tsukuru.md, "Speed")."""
_ALLOWED: dict[type, tuple[Phase, ...]] = {
    cls: tuple(phase for phase, tags in PHASES.actions.items() if spec_of(cls).tag in tags)
    for cls in SEAT_MOVES}
"""The phases each kind of a seat's move belongs to (the phase machine's actions)."""

Token = tuple[tuple[str, ...], str | None]
"""A token read: its tiles (pairs of characters) and the colour it names, if any."""


# --- reading tokens ---------------------------------------------------------------------


@functools.lru_cache(maxsize=1 << 12)
def _split(token: str) -> Token:
    tiles, _, colour = token.partition("=")
    return tuple(tiles[index:index + 2] for index in range(0, len(tiles), 2)), colour or None


def _sorted(tiles: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(tiles, key=INDEX.__getitem__))


def _tokens(move: Get | Finish | FinishFrom) -> list[Token]:
    return [_split(move.tiles)] if type(move) is Get else list(map(_split, move.arrangement))  # type: ignore[union-attr]


def _taken(state: TsukuruState, move: Get | FinishFrom) -> str:
    """The last tile of the pile a get or a finishfrom takes (the door has checked it)."""
    return state.discards[move.source][-1]


def _hand(state: TsukuruState, move: Finish | FinishFrom) -> Counts:
    """The finisher's 8 concealed tiles, the taken one included."""
    concealed = state.concealed[move.player]
    return concealed if type(move) is Finish else add(concealed, _taken(state, move))  # type: ignore[arg-type]


def _sets(move: Get | Finish | FinishFrom, state: TsukuruState
          ) -> list[tuple[tuple[str, ...], str | None, str]]:
    """Each set a move declares or opens: its tiles, the colour it names and how a
    message writes it (a get's with the taken tile, in canonical order)."""
    if type(move) is Get:
        tiles, colour = _split(move.tiles)
        three = _sorted((_taken(state, move), *tiles))
        return [(three, colour, "".join(three))]
    return [(tiles, colour, "".join(tiles)) for tiles, colour in _tokens(move)
            if len(tiles) != 1]


def _singles(move: Finish | FinishFrom) -> list[tuple[str, str | None]]:
    """The one-tile tokens of a finish: a free purple and its colour, if well written."""
    return [(tiles[0], colour) for tiles, colour in _tokens(move) if len(tiles) == 1]


def _free(move: Finish | FinishFrom, state: TsukuruState) -> list[int]:
    """The finisher's tiles in none of its declared sets, as counts."""
    free = list(_hand(state, move))
    for tiles, _colour, _what in _sets(move, state):
        for tile in tiles:
            free[INDEX[tile]] -= 1
    return free


# --- the door (TK18a) ---------------------------------------------------------------------


def _wrong_phase(state: TsukuruState, move: Move) -> str | None:
    phase, kind = state.phase, type(move)
    if kind is Deal:
        return None if phase is _DEAL else "a deal comes only between rounds"
    if phase in _ALLOWED[kind]:
        return None
    if phase is _DRAWN:
        return "after a draw, finish or discard"
    if phase is _DISCARD:
        return "after opening a set, discard (no finish follows a get [D4])"
    if kind is Finish:
        return "finish comes after a draw; to finish with a discard, use finishfrom"
    return "draw, get or finishfrom first"


def _bad_seat(state: TsukuruState, move: Get | FinishFrom) -> str | None:
    if 0 <= move.source < state.num_players and move.source != move.player:
        return None
    return f"seat {move.source} is no opponent of seat {move.player}"


def _empty_pile(state: TsukuruState, move: Get | FinishFrom) -> str | None:
    if state.discards[move.source]:
        return None
    return f"seat {move.source} has discarded nothing this round"


def _unknown_tile(_state: TsukuruState, move: Move) -> str | None:
    if type(move) is Discard:
        return None if move.tile in INDEX else f"{move.tile!r:.10} is no tile"
    for tiles, _colour in _tokens(move):  # type: ignore[arg-type]
        for tile in tiles:
            if tile not in INDEX:
                return f"{tile} is no tile: R0-R7, B1-B7 or P5-P8"
    return None


def _not_canonical(_state: TsukuruState, move: Get | Finish | FinishFrom) -> str | None:
    """Each move has one text: tiles in canonical order within a token; a finish's sets
    ordered tile by tile, then its free purples by value."""
    if type(move) is Get:
        tiles, _colour = _split(move.tiles)
        if tiles == _sorted(tiles):
            return None
        return f"write the tiles in canonical order: {''.join(_sorted(tiles))}"
    written = _tokens(move)
    sets = sorted(((_sorted(tiles), colour) for tiles, colour in written if len(tiles) != 1),
                  key=lambda each: [INDEX[tile] for tile in each[0]])
    singles = sorted((each for each in written if len(each[0]) == 1),
                     key=lambda single: INDEX[single[0][0]])
    canonical = tuple("".join(tiles) + (f"={colour}" if colour else "")
                      for tiles, colour in (*sets, *singles))
    if move.arrangement == canonical:  # type: ignore[union-attr]
        return None
    return (f"write the sets in canonical order, then the free purples: "
            f"{' '.join(canonical)}")


def _not_held(state: TsukuruState, move: Move) -> str | None:
    concealed = state.concealed[move.player]  # type: ignore[union-attr]
    if type(move) is Discard:
        if concealed[INDEX[move.tile]]:
            return None
        return f"seat {move.player} holds no concealed {move.tile}"
    if type(move) is Get:
        tiles, _colour = _split(move.tiles)
        if all(concealed[INDEX[tile]] >= tiles.count(tile) for tile in tiles):
            return None
        return f"the concealed tiles hold no {' and '.join(tiles)}"
    hand = _hand(state, move)  # type: ignore[arg-type]
    needed = Counter(tile for tiles, _colour in _tokens(move)  # type: ignore[arg-type]
                     for tile in tiles)
    for tile, count in needed.items():
        if hand[INDEX[tile]] < count:
            return (f"seat {move.player}'s concealed tiles hold {hand[INDEX[tile]]} "  # type: ignore[union-attr]
                    f"{tile}, not {count}")
    return None


def _not_a_set(state: TsukuruState, move: Get | Finish | FinishFrom) -> str | None:
    if type(move) is Get:
        tiles, _colour = _split(move.tiles)
        if len(tiles) != 2:
            return f"a get names two concealed tiles, not {len(tiles)}"
        if set_colours(_sets(move, state)[0][0]):
            return None
        return (f"{_taken(state, move)} with {' and '.join(tiles)} is no set (three of one "
                "colour, a run or a triple)")
    for tiles, _colour, what in _sets(move, state):
        if not set_colours(tiles):
            return f"{what} is no set (three tiles of one colour, a run or a triple)"
    for tile, colour in _singles(move):  # type: ignore[arg-type]
        if colour is None:
            return f"{tile} alone is no set: tiles in no set are not written"
    return None


def _colour_required(state: TsukuruState, move: Get | Finish | FinishFrom) -> str | None:
    for tiles, colour, what in _sets(move, state):
        if colour is None and len(set_colours(tiles)) == 2:
            return f"{what} is three purples: name its colour ({what}=R or {what}=B)"
    if type(move) is Get or not state.options.advanced:
        return None
    free, named = _free(move, state), {tile for tile, _colour in _singles(move)}  # type: ignore[arg-type]
    for purple in ("P5", "P6", "P7", "P8"):
        if free[INDEX[purple]] and purple not in named:
            return (f"under advanced scoring name the colour of the free {purple} "
                    f"({purple}=R or {purple}=B)")
    return None


def _colour_forbidden(state: TsukuruState, move: Get | Finish | FinishFrom) -> str | None:
    for tiles, colour, what in _sets(move, state):
        colours = set_colours(tiles)
        if colour is not None and len(colours) == 1:
            return f"{what} takes its colour from its tiles: write no =colour"
        if colour is not None and colour not in colours:
            return f"a colour is R or B, not {colour}"
    if type(move) is Get:
        return None
    advanced = state.options.advanced
    for tile, colour in _singles(move):  # type: ignore[arg-type]
        if colour_of(tile) != PURPLE:
            return f"{tile}={colour}: only a free purple takes a colour"
        if not advanced:
            return f"{tile}={colour}: free purples take a colour under advanced scoring only"
        if colour not in ("R", "B"):
            return f"{tile}={colour}: a colour is R or B"
    return None


def _not_ten(state: TsukuruState, move: Finish | FinishFrom) -> str | None:
    arrangement = arrangement_of(move.arrangement)
    total = (sum(shape.value for shape in (*state.open_sets[move.player], *arrangement.sets))
             + sum(int(tile[1]) for tile in tiles_of(tuple(_free(move, state)))))
    return None if total == TARGET else f"the arrangement totals {total}, not {TARGET}"


def _bad_deal(_state: TsukuruState, move: Deal) -> str | None:
    try:
        check_deal(_split_deal(move.tiles))
    except SetupError as error:
        return error.message
    return None


_TOKENS = (Get, Finish, FinishFrom)
REFUSALS = (
    BAD_NOTATION,
    GAME_OVER,
    NOT_YOUR_TURN,
    refuse("wrong_phase", _wrong_phase),
    refuse("bad_seat", _bad_seat, Get, FinishFrom),
    refuse("empty_pile", _empty_pile, Get, FinishFrom),
    refuse("unknown_tile", _unknown_tile, Discard, *_TOKENS),
    refuse("not_canonical", _not_canonical, *_TOKENS),
    refuse("not_held", _not_held, Discard, *_TOKENS),
    refuse("not_a_set", _not_a_set, *_TOKENS),
    refuse("colour_required", _colour_required, *_TOKENS),
    refuse("colour_forbidden", _colour_forbidden, *_TOKENS),
    refuse("not_ten", _not_ten, Finish, FinishFrom),
    refuse("bad_deal", _bad_deal, Deal),
)
"""The door: each code a move can be refused with, in TK18a's order (a deal that is not
the 61 tiles: ``bad_deal``)."""


@functools.lru_cache(maxsize=1 << 12)
def get_plan(token: str, taken: str
              ) -> tuple[tuple[tuple[int, int], ...], TileSet, tuple[str, ...]] | None:
    """What a get of ``token`` with ``taken`` needs of the hand (kinds and counts), the
    set it opens and its two concealed tiles; None when the door refuses it whatever the
    hand holds (no text, an unknown tile, out of order, no set, a wrong colour)."""
    tiles, colour = _split(token)
    three = tuple(sorted((taken, *tiles), key=lambda tile: INDEX.get(tile, -1)))
    colours = set_colours(three)  # (): an unknown tile, not three tiles or no set
    if (not colours or not TILES.writes(token) or tiles != _sorted(tiles)
            or (colour is None) != (len(colours) == 1) or colour not in (None, *colours)):
        return None
    needs = tuple((INDEX[tile], tiles.count(tile)) for tile in dict.fromkeys(tiles))
    return needs, TileSet((three[0], three[1], three[2]), colour or colours[0]), tiles


def verdict(state: TsukuruState, move: Any) -> bool | None:
    """The door's verdict without its messages, quickly, on the moves playouts make: a
    draw, a discard, a get, and any seat's move out of turn or phase; None for a
    finish, a deal or a value that is no such move, which the door's checks judge."""
    kind = type(move)
    allowed = _ALLOWED.get(kind)
    if allowed is None or type(state) is not TsukuruState:
        return None
    player = move.player
    if state.phase not in allowed or player != state.active or state.result is not None:
        return False  # wrong_phase, not_your_turn or game_over
    if kind is Draw:
        return True
    concealed = state.concealed[player]
    if kind is Discard:
        index = INDEX.get(move.tile)
        return index is not None and concealed[index] > 0
    if kind is Finish:
        return None
    source = move.source
    if not (0 <= source < state.num_players and source != player and state.discards[source]):
        return False  # bad_seat or empty_pile
    if kind is FinishFrom:
        return None
    plan = get_plan(move.tiles, state.discards[source][-1])
    return plan is not None and all(concealed[index] >= count for index, count in plan[0])


# --- the transition ------------------------------------------------------------------------


def _replace(items: tuple[Any, ...], index: int, item: Any) -> tuple[Any, ...]:
    return items[:index] + (item,) + items[index + 1:]


def transition(state: TsukuruState, move: Move, events: list[ev.Event] | None
               ) -> TsukuruState:
    """The state after ``move``, which the door has judged legal; ``events``, when a
    list, hears what happened (unredacted)."""
    kind = type(move)
    if kind is Deal:
        return _deal(state, _split_deal(move.tiles), events)  # type: ignore[union-attr]
    player: int = move.player  # type: ignore[union-attr]
    concealed = state.concealed[player]
    # A draw and a discard (``_turn_end``) build their state in one call, not ``_with``.
    if kind is Draw:
        tile = state.deck[0]
        if events is not None:
            events += (ev.Drew(player, tile), ev.FinishOrDiscard(player))
        return TsukuruState(state.options, state.deck[1:],
                            _replace(state.concealed, player, add(concealed, tile)),
                            state.open_sets, state.discards, state.dealer, state.round,
                            state.turns, state.scores, _DRAWN, state.active, tile,
                            state.shown, state.ended, state.result)
    if kind is Discard:
        tile = move.tile  # type: ignore[union-attr]
        if events is not None:
            events.append(ev.Discarded(player, tile))
        return _turn_end(state, _replace(state.concealed, player, add(concealed, tile, -1)),
                         _replace(state.discards, player, state.discards[player] + (tile,)),
                         events)
    if kind is not Get:
        return _finish(state, move, events)  # type: ignore[arg-type]
    source: int = move.source  # type: ignore[union-attr]
    taken = state.discards[source][-1]
    plan = get_plan(move.tiles, taken)  # type: ignore[union-attr]
    assert plan is not None
    _needs, shape, tiles = plan
    for tile in tiles:
        concealed = add(concealed, tile, -1)
    if events is not None:
        events += (ev.Got(player, source, taken, shape.token(), shape.colour),
                   ev.DiscardDue(player))
    return _with(state, concealed=_replace(state.concealed, player, concealed),
                 open_sets=_replace(state.open_sets, player, state.open_sets[player] + (shape,)),
                 discards=_replace(state.discards, source, state.discards[source][:-1]),
                 phase=_DISCARD)


_FIELDS = tuple(field.name for field in TsukuruState.__attrs_attrs__)


def _with(state: TsukuruState, **changes: Any) -> TsukuruState:
    """``state`` with ``changes`` (``attrs.evolve``, without its generic cost: the step
    builds a state on every move)."""
    return TsukuruState(*[changes[name] if name in changes else getattr(state, name)
                          for name in _FIELDS])


def _turn_end(state: TsukuruState, concealed: tuple[Counts, ...],
              discards: tuple[tuple[str, ...], ...], events: list[ev.Event] | None
              ) -> TsukuruState:
    """After a discard, which left ``concealed`` and ``discards`` (TK9, TK11): the next
    seat's turn, or a dry round's end."""
    player = state.active
    assert player is not None
    turns = _replace(state.turns, player, state.turns[player] + 1)
    if not state.deck:
        if events is not None:
            events.append(ev.RoundDry(state.round))
        return _round_end(_with(state, concealed=concealed, discards=discards, turns=turns,
                                drawn=None, shown=None, ended="dry"), events)
    following = (player + 1) % state.num_players
    if events is not None:
        events.append(ev.TurnStarted(following))
    return TsukuruState(state.options, state.deck, concealed, state.open_sets, discards,
                        state.dealer, state.round, turns, state.scores, _TURN,
                        following, None, state.shown, state.ended, state.result)


def _finish(state: TsukuruState, move: Finish | FinishFrom, events: list[ev.Event] | None
            ) -> TsukuruState:
    """A finish (TK10, TK12): the finisher scores; the round ends."""
    player, concealed, discards = move.player, state.concealed[move.player], state.discards
    points = finish_score(state, move, concealed, state.options.advanced)
    source = taken = None
    if type(move) is FinishFrom:
        source, taken = move.source, discards[move.source][-1]
        concealed = add(concealed, taken)
        discards = _replace(discards, source, discards[source][:-1])
    opened = state.open_sets[player]
    scores = _replace(state.scores, player, state.scores[player] + points.points)
    shown = Shown(player, concealed, opened, arrangement_of(move.arrangement), points,
                  state.round, source)
    if events is not None:
        events.append(ev.Finished(player, source, taken, tiles_of(concealed),
                               tuple(shape.token() for shape in opened), move.arrangement,
                               points.points, points.parts, scores))
    return _round_end(_with(state, concealed=_replace(state.concealed, player, concealed),
                            discards=discards, scores=scores, shown=shown, ended="finish",
                            drawn=None), events)


def _round_end(state: TsukuruState, events: list[ev.Event] | None) -> TsukuruState:
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
            events.append(ev.DealDue(state.round + 1))
        return _with(state, phase=_DEAL, active=None)
    best = max(scores)
    result = Result(tuple(seat for seat, points in enumerate(scores) if points == best),
                    reason)
    if events is not None:
        events.append(ev.GameEnded(result, ranks_of(result, scores) or (), scores))
    return _with(state, phase=Phase.GAME_END, active=None, result=result)


def _split_deal(text: str) -> tuple[str, ...]:
    return tuple(text[index:index + 2] for index in range(0, len(text), 2))


def _deal(state: TsukuruState, deal: tuple[str, ...], events: list[ev.Event] | None
          ) -> TsukuruState:
    """The next round, dealt (TK4, TK5): the dealer's left neighbour deals."""
    dealer = (state.dealer + 1) % state.num_players
    dealt = deal_round(state, deal, dealer)
    if events is not None:
        events.append(ev.RoundStarted(dealt.round, dealer, len(dealt.deck)))
        events.extend(ev.Dealt(seat, tiles_of(dealt.concealed[seat]))
                      for seat in range(state.num_players))
        events.append(ev.TurnStarted(dealer))
    return dealt


def chance_move(state: TsukuruState, rng: random.Random) -> Deal:
    """The next round's deal: the 61 tiles shuffled by ``rng`` (TK4)."""
    if not isinstance(state, TsukuruState) or state.phase is not _DEAL:
        raise ArgumentError("a deal is drawn only while a round awaits it (phase deal)")
    return Deal("".join(next_deal(rng)))
