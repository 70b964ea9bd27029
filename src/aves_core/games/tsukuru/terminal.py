"""Tsukuru 10 Ten in a terminal (docs/tsukuru.md, "In the terminal"): the table, the
numbered moves with each finish's score, the events in words and the short forms
``d``, ``B7``, ``g 2 B4B5``, ``f``, ``f 3`` and ``why``.
"""

from __future__ import annotations

from collections.abc import Sequence

from aves_core.games.tsukuru.evaluator import TARGET, totals
from aves_core.games.tsukuru.events import (
    Dealt,
    Discarded,
    Drew,
    Event,
    Finished,
    Got,
    RoundDry,
    RoundStarted,
)
from aves_core.games.tsukuru.game import TSUKURU
from aves_core.games.tsukuru.moves import Discard, Draw, Finish, FinishFrom, Get, Move
from aves_core.games.tsukuru.phases import Phase
from aves_core.games.tsukuru.state import TsukuruState
from aves_core.games.tsukuru.tiles import tiles_of
from aves_core.games.tsukuru.views import TsukuruView
from aves_core.kernel.errors import AvesError
from aves_core.kernel.terminal import Paint, ordinal, plural

__all__ = ["TsukuruScreen"]

_COLORS = {"R": 196, "B": 33, "P": 129}
_STEPS = {Phase.TURN: "draw / get / finish with a discard", Phase.DRAWN: "finish or discard",
          Phase.DISCARD: "discard"}


def _tile(code: str, paint: Paint) -> str:
    return paint(code, _COLORS.get(code[0], 250))


def _tiles(codes: Sequence[str], paint: Paint) -> str:
    return " ".join(_tile(code, paint) for code in codes)


class TsukuruScreen:
    """``aves play``'s drawing of Tsukuru 10 Ten."""

    help = ("a number, d (draw), a tile to discard (B7), g SEAT TILES (g 2 B4B5), f (the "
            "best finish), f SEAT (the best finish with that seat's discard), why, q to stop")

    def table(self, view: TsukuruView, names: Sequence[str], paint: Paint) -> list[str]:
        """The round, every seat's sets and discards, the last finish, the player's tiles
        and whose turn it is."""

        def who(seat: int) -> str:
            return "you" if seat == view.seat else names[seat]

        scoring = "advanced" if view.scoring == "advanced" else "basic"
        lines = ["", f"round {view.round} ({scoring} scoring); deck: "
                 f"{plural(view.deck_size, 'tile')}"]
        width = max(len(who(seat)) for seat in range(len(view.hand_sizes)))
        for seat, size in enumerate(view.hand_sizes):
            pile = view.discards[seat]
            shown = (" ".join([*(_tile(code, paint) for code in pile[:-1]),
                               f"[{_tile(pile[-1], paint)}]"]) if pile else "-")
            opened = "  ".join(str(shape) for shape in view.open_sets[seat])
            marks = ("  (dealer)" if seat == view.dealer else "") + (
                "  <- to move" if seat == view.active else "")
            lines.append(f"{who(seat):<{width}}  {plural(view.scores[seat], 'point'):>9}  "
                         f"hand {size}  open: {opened or '-'}  discards: {shown}{marks}")
        if view.shown is not None:
            shown_ = view.shown
            lines.append(f"last finish: {who(shown_.seat)} in round {shown_.round}, "
                         f"{_tiles(tiles_of(shown_.tiles), paint)}: "
                         f"{shown_.arrangement or 'no set'} -> {shown_.score.points} "
                         f"({shown_.score})")
        if view.concealed is not None:
            codes = list(tiles_of(view.concealed))
            if view.drawn is not None:
                codes.remove(view.drawn)
            mine = _tiles(codes, paint) + (f"  *{_tile(view.drawn, paint)}"
                                           if view.drawn else "")
            lines.append(f"your tiles: {mine or '-'}")
        if view.result is None and view.active is not None:
            turn = "your turn" if view.active == view.seat else f"{who(view.active)}'s turn"
            lines.append(f"{turn}: {_STEPS.get(view.phase, view.phase.value)}")
        return lines

    def moves(self, view: TsukuruView, paint: Paint) -> list[str]:
        """The legal moves, numbered: the finishes (with their scores, best first), the
        gets, the draw, the discards."""
        lines = []
        discards = []
        scores = iter(view.finish_scores)  # each finish's score, in the moves' order
        for number, move in enumerate(view.legal_moves, 1):
            if isinstance(move, Finish | FinishFrom):
                points = next(scores)
                source = (f" with {view.discards[move.source][-1]} from seat {move.source}"
                          if isinstance(move, FinishFrom) else "")
                lines.append(f"  [{number}] finish{source}: {' '.join(move.arrangement)} = "
                             f"{TARGET} -> {points.points} ({points})")
            elif isinstance(move, Get):
                lines.append(f"  [{number}] get {view.discards[move.source][-1]} from seat "
                             f"{move.source} with {move.tiles}")
            elif isinstance(move, Draw):
                lines.append(f"  [{number}] draw a tile")
            elif isinstance(move, Discard):
                discards.append(f"[{number}] {_tile(move.tile, paint)}")
        if discards:
            lines.append("  discard: " + "  ".join(discards))
        return lines

    def event(self, event: Event, names: Sequence[str], seat: int, paint: Paint) -> str:
        """One event in words."""

        def who(other: int) -> str:
            return "you" if other == seat else names[other]

        if isinstance(event, Drew):
            tile = f" {_tile(event.tile, paint)}" if event.tile else " a tile"
            return f"{who(event.seat)}: draw{'' if event.seat == seat else 's'}{tile}"
        if isinstance(event, Discarded):
            return f"  {who(event.seat)} discard{'' if event.seat == seat else 's'} " \
                   f"{_tile(event.tile, paint)}"
        if isinstance(event, Got):
            return (f"{who(event.seat)}: take{'' if event.seat == seat else 's'} "
                    f"{_tile(event.tile, paint)} from {who(event.source)} and open "
                    f"{event.opened}")
        if isinstance(event, Finished):
            taken = (f" with {_tile(event.taken, paint)} from {who(event.source)}"
                     if event.taken and event.source is not None else "")
            parts = ", ".join(f"{code.replace('_', ' ')} +{points}"
                              for code, points in event.parts)
            return (f"{who(event.seat)}: finish{'' if event.seat == seat else 'es'}{taken}: "
                    f"{_tiles(event.tiles, paint)}, {' '.join(event.arrangement) or 'no set'}"
                    f" -> {plural(event.points, 'point')} ({parts})")
        if isinstance(event, RoundDry):
            return f"  the deck is empty: round {event.round} ends and nobody scores"
        if isinstance(event, RoundStarted):
            return f"round {event.round}: {who(event.dealer)} deal" \
                   f"{'' if event.dealer == seat else 's'} and move" \
                   f"{'' if event.dealer == seat else 's'} first"
        if isinstance(event, Dealt) and event.tiles is not None:
            return f"  you are dealt {_tiles(event.tiles, paint)}"
        return ""

    def outcome(self, state: TsukuruState, names: Sequence[str], seat: int,
                paint: Paint) -> list[str]:
        """The rounds played and the final scores, best rank first."""
        who = ["you" if other == seat else name for other, name in enumerate(names)]
        ranks = state.ranks or tuple(1 for _ in names)
        width = max(len(name) for name in who)
        lines = ["", f"{plural(state.round, 'round')} played", "final scores:"]
        for other in sorted(range(len(names)), key=lambda other: (ranks[other], other)):
            lines.append(f"  {ordinal(ranks[other])}  {who[other]:<{width}}  "
                         f"{plural(state.scores[other], 'point')}")
        return lines

    def read_move(self, text: str, view: TsukuruView) -> Move | str | None:
        """``d``, a tile (a discard), ``g SEAT TILES``, ``f``, ``f SEAT`` and ``why``."""
        seat = view.seat
        words = text.strip().split()
        if not words or seat is None:
            return None
        head = words[0].lower()
        try:
            if head in ("d", "draw") and len(words) == 1:
                return TSUKURU.parse_move(f"{seat}:draw")
            if head == "why":
                return self.why(view)
            if head == "g" and len(words) == 3:
                return TSUKURU.parse_move(f"{seat}:get {words[1]} {words[2].upper()}")
            if head == "f" and len(words) <= 2:
                source = int(words[1]) if len(words) == 2 else None
                for move in view.legal_moves:
                    if (isinstance(move, Finish) and source is None) or (isinstance(
                            move, FinishFrom) and move.source == source):
                        return move
                return self.why(view) if source is None else \
                    f"no finish with seat {source}'s discard ({self.why(view)})"
            if len(words) == 1 and len(head) == 2 and head[0] in "rbp" and head[1].isdigit():
                return TSUKURU.parse_move(f"{seat}:discard {head.upper()}")
        except (AvesError, ValueError) as error:
            return f"{error} ({self.help})"
        return None

    def why(self, view: TsukuruView) -> str:
        """Why the hand cannot finish now: the totals its arrangements reach."""
        if view.concealed is None or view.seat is None:
            return "a spectator holds no tiles"
        reached = totals(view.concealed, view.open_sets[view.seat])
        if TARGET in reached and view.phase is Phase.DRAWN:
            return "your hand finishes: pick a finish"
        size = sum(view.concealed) + 3 * len(view.open_sets[view.seat])
        if size < 8:
            return (f"your {size} tiles total {', '.join(map(str, reached))} as they can "
                    f"be arranged; a finish needs 8 tiles totalling {TARGET}: draw, or "
                    "finish with a discard")
        return (f"your tiles' arrangements total {', '.join(map(str, reached))}: none is "
                f"{TARGET}")
