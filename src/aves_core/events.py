"""AVES's events, at the path of aves-core 0.1 (``aves_core.games.aves.events``)."""

from aves_core.games.aves.events import (
    CardDrawn,
    CardPlaced,
    CardReturned,
    CardsTaken,
    CircleRefilled,
    Event,
    GameEnded,
    Passed,
    ReturnDue,
    TradeUndone,
    TurnStarted,
    apply_move_with_events,
    events_for,
)

__all__ = [
    "CardDrawn",
    "CardPlaced",
    "CardReturned",
    "CardsTaken",
    "CircleRefilled",
    "Event",
    "GameEnded",
    "Passed",
    "ReturnDue",
    "TradeUndone",
    "TurnStarted",
    "apply_move_with_events",
    "events_for",
]
