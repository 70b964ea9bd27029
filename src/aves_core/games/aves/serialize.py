"""AVES's values in the library's one cattrs converter, and their JSON.

Cards become their codes (``"R3"``), phases their names, moves a tagged union
on ``"type"`` (``{"type": "trade", "player": 0, "card": "R3", "gap": 2}``),
events likewise (``{"type": "card_drawn", ...}``). The hooks are registered on
the kernel's converter when this module is imported.
"""

from __future__ import annotations

from typing import Any

from cattrs.strategies import configure_tagged_union

from aves_core.games.aves.cards import Card, card_for_code
from aves_core.games.aves.events import (
    CardDrawn,
    CardPlaced,
    CardReturned,
    CardsTaken,
    Event,
    TurnStarted,
)
from aves_core.games.aves.moves import (
    MAX_GAPS,
    PASSES,
    Move,
    Pass,
    Return,
    Trade,
    return_row,
    trade_row,
)
from aves_core.games.aves.phases import Phase
from aves_core.games.aves.state import Variant
from aves_core.kernel.convert import (
    FieldError,
    MismatchError,
    converter,
    describe,
    snake_case,
    structure,
    type_first,
)
from aves_core.kernel.game import Result

__all__ = [
    "FieldError",
    "converter",
    "event_from_json",
    "event_to_json",
    "structure",
    "structure_move",
    "unstructure",
    "unstructure_move",
]


def _structure_card(value: Any, _type: Any) -> Card:
    if type(value) is not str:
        raise MismatchError(f"expected a card code such as \"R3\", got {describe(value)}")
    return Card.parse(value)


def _structure_variant(value: Any, _type: Any) -> Variant:
    if type(value) is not dict:
        raise MismatchError(f"expected an object, got {describe(value)}")
    for key in ("crows", "showdown"):
        if key not in value:
            raise FieldError(f"the key {key!r} is missing", path=key)
        if type(value[key]) is not bool:
            raise FieldError(f"expected a boolean, got {describe(value[key])}", path=key)
    extra = sorted(set(value) - {"crows", "showdown"})
    if extra:
        raise FieldError(f"unknown key {extra[0]!r}", path=extra[0])
    return Variant(crows=value["crows"], showdown=value["showdown"])


def _register() -> None:
    converter.register_structure_hook(Card, _structure_card)
    converter.register_unstructure_hook(Card, str)
    converter.register_structure_hook(Phase, lambda value, _t: Phase(value))
    converter.register_unstructure_hook(Phase, lambda phase: phase.value)
    converter.register_structure_hook(Variant, _structure_variant)
    converter.register_unstructure_hook(Result, lambda r: {"winners": list(r.winners),
                                                           "reason": r.reason})
    configure_tagged_union(Move, converter, tag_generator=lambda cls: cls.__name__.lower(),
                           tag_name="type")
    configure_tagged_union(Event, converter, tag_generator=snake_case, tag_name="type")


_register()

_MOVE_TAGS = frozenset({"trade", "return", "pass"})


def unstructure(value: Any) -> Any:
    """A value as plain JSON-ready data."""
    return converter.unstructure(value)


def unstructure_move(move: Move) -> dict[str, Any]:
    """A move as its JSON object, ``"type"`` first."""
    # Built by hand: a mover's view holds some forty moves, and the host sends views
    # on every move; the converter's path (below, for anything else) is five times
    # slower. tests/test_views_events.py checks the two agree.
    kind = type(move)
    if kind is Trade or kind is Return:
        return {"type": "trade" if kind is Trade else "return", "player": move.player,
                "card": str(move.card), "gap": move.gap}  # type: ignore[union-attr]
    if kind is Pass:
        return {"type": "pass", "player": move.player}
    return type_first(converter.unstructure(move, unstructure_as=Move))


def event_to_json(event: Event) -> dict[str, Any]:
    """An event as its JSON object, ``"type"`` first (``"card_drawn"``, ...)."""
    # The events of every move, by hand: a host writes each seat's events on every move,
    # and the converter's tagged union took about 2.5 µs an event, this a fifth of it.
    # tests/games/aves/test_views_events.py checks the two agree for every kind.
    kind = type(event)
    if kind is CardPlaced or kind is CardReturned:
        return {"type": "card_placed" if kind is CardPlaced else "card_returned",
                "seat": event.seat, "card": str(event.card),  # type: ignore[union-attr]
                "gap": event.gap}  # type: ignore[union-attr]
    if kind is CardDrawn:
        card = event.card  # type: ignore[union-attr]
        return {"type": "card_drawn", "seat": event.seat,  # type: ignore[union-attr]
                "card": None if card is None else str(card),
                "public": event.public}  # type: ignore[union-attr]
    if kind is TurnStarted:
        return {"type": "turn_started", "seat": event.seat}  # type: ignore[union-attr]
    if kind is CardsTaken:
        return {"type": "cards_taken", "seat": event.seat,  # type: ignore[union-attr]
                "cards": tuple(map(str, event.cards)),  # type: ignore[union-attr]
                "gap": event.gap}  # type: ignore[union-attr]
    return type_first(converter.unstructure(event, unstructure_as=Event))


def event_from_json(data: Any) -> Event:
    """An event from its JSON object (FieldError if it is not one)."""
    return structure(data, Event)  # type: ignore[arg-type]


def structure_move(data: Any) -> Move:
    """A move from its JSON object; raise FieldError (path relative to the move)."""
    fast = _shared_move(data)
    if fast is not None:
        return fast
    if type(data) is not dict:
        raise FieldError(f"a move must be an object, got {describe(data)}")
    if "type" not in data:
        raise FieldError("the key 'type' is missing", path="type")
    tag = data["type"]
    if type(tag) is not str or tag not in _MOVE_TAGS:
        raise FieldError(f"unknown move type {describe(tag)} (trade, return or pass)",
                         path="type")
    return structure(data, Move)  # type: ignore[arg-type]


def _shared_move(data: Any) -> Move | None:
    """The shared move for a well-formed move object, else None.

    Replaying spends most of its parsing here, so a move whose every field is
    of the right type and in range skips the converter and comes from the
    engine's table of shared moves; anything else goes through cattrs, which
    also says what is wrong. The tests check both paths agree.
    """
    if type(data) is not dict:
        return None
    player = data.get("player")
    if type(player) is not int or not 0 <= player < 6:
        return None
    kind = data.get("type")
    if kind == "pass":
        return PASSES[player] if len(data) == 2 else None
    code = data.get("card")
    gap = data.get("gap")
    if len(data) != 4 or type(gap) is not int or not 0 <= gap < MAX_GAPS or type(code) is not str:
        return None
    card = card_for_code(code)
    if card is None:
        return None
    if kind == "trade":
        return trade_row(player, card)[gap]
    if kind == "return":
        return return_row(player, card)[gap]
    return None
