"""Cubirds' phases and the transitions between them, declared once: the machine of a turn
(RULES-cubirds.md CB6-CB15), drawn in docs/cubirds.md, "Phases" (``PHASES.diagram()``
draws it from this declaration). A seat rests in ``lay``, ``drawOption`` or ``flock``,
the game in ``reshuffle`` (a chance node) or ``gameEnd``; the other phases are automatic
and chain inside one move.
"""

from __future__ import annotations

import enum

from aves_core.kernel.phases import PhaseMachine

__all__ = ["PHASES", "Phase", "Trigger"]


class Phase(enum.Enum):
    """Where a game stands; the values are the names logs and views use."""

    LAY = "lay"
    REFILL = "refill"
    DRAW_OPTION = "drawOption"
    DRAW = "draw"
    FLOCK = "flock"
    TURN_END = "turnEnd"
    ROUND_END = "roundEnd"
    DEAL = "deal"
    RESHUFFLE = "reshuffle"
    GAME_END = "gameEnd"

    __hash__ = object.__hash__  # identity, in C: the rules look phases up on every move


class Trigger(enum.Enum):
    """What moves a game from one phase to the next."""

    TOOK = "took"  # the lay enclosed cards: they were taken
    NOTHING_TAKEN = "nothing_taken"  # nothing taken, two cards can be drawn
    NOTHING_TO_DRAW = "nothing_to_draw"  # nothing taken, fewer than two cards left
    TWO_SPECIES = "two_species"  # the row shows two species (refilled or not)
    DECK_EMPTY = "deck_empty"  # a card is needed and the deck is empty: reshuffle
    EXHAUSTED = "exhausted"  # no card at all for a refill, or too few for a deal
    DRAW = "draw"  # the seat draws two cards
    NODRAW = "nodraw"  # the seat declines
    DRAWN = "drawn"  # both cards are drawn
    FLY = "fly"  # a flock flew home
    NOFLY = "nofly"  # no flock this turn
    WIN = "win"  # the active seat's collection wins
    HAND_EMPTY = "hand_empty"  # the active seat's hand is empty: the round ends
    NEXT_TURN = "next_turn"
    DEAL = "deal"  # enough cards for a new deal
    DEALT = "dealt"  # every seat holds 8 new cards: the dealer lays
    RESUME_REFILL = "resume_refill"  # reshuffled: the refill goes on
    RESUME_DRAW = "resume_draw"  # reshuffled: the draw goes on
    RESUME_DEAL = "resume_deal"  # reshuffled: the deal goes on

    __hash__ = object.__hash__


_P, _T = Phase, Trigger
PHASES = PhaseMachine(
    "Cubirds phases", Phase, Trigger,
    (
        (_T.TOOK, _P.LAY, _P.REFILL),
        (_T.NOTHING_TAKEN, _P.LAY, _P.DRAW_OPTION),
        (_T.NOTHING_TO_DRAW, _P.LAY, _P.FLOCK),
        (_T.TWO_SPECIES, _P.REFILL, _P.FLOCK),
        (_T.DECK_EMPTY, _P.REFILL, _P.RESHUFFLE),
        (_T.EXHAUSTED, _P.REFILL, _P.GAME_END),
        (_T.DRAW, _P.DRAW_OPTION, _P.DRAW),
        (_T.NODRAW, _P.DRAW_OPTION, _P.FLOCK),
        (_T.DRAWN, _P.DRAW, _P.FLOCK),
        (_T.DECK_EMPTY, _P.DRAW, _P.RESHUFFLE),
        (_T.FLY, _P.FLOCK, _P.TURN_END),
        (_T.NOFLY, _P.FLOCK, _P.TURN_END),
        (_T.WIN, _P.TURN_END, _P.GAME_END),
        (_T.HAND_EMPTY, _P.TURN_END, _P.ROUND_END),
        (_T.NEXT_TURN, _P.TURN_END, _P.LAY),
        (_T.DEAL, _P.ROUND_END, _P.DEAL),
        (_T.EXHAUSTED, _P.ROUND_END, _P.GAME_END),
        (_T.DEALT, _P.DEAL, _P.LAY),
        (_T.DECK_EMPTY, _P.DEAL, _P.RESHUFFLE),
        (_T.RESUME_REFILL, _P.RESHUFFLE, _P.REFILL),
        (_T.RESUME_DRAW, _P.RESHUFFLE, _P.DRAW),
        (_T.RESUME_DEAL, _P.RESHUFFLE, _P.DEAL),
    ),
    initial=Phase.LAY,
    final=(Phase.GAME_END,),
    automatic=(Phase.REFILL, Phase.DRAW, Phase.TURN_END, Phase.ROUND_END, Phase.DEAL),
    actions={Phase.LAY: ("lay",), Phase.DRAW_OPTION: ("draw", "nodraw"),
             Phase.FLOCK: ("fly", "nofly"), Phase.RESHUFFLE: ("reshuffle",)},
)
"""Cubirds' declared phase machine and its compiled table (``PHASES.next``)."""
