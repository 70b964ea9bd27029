"""Boxes' phases and the transitions between them, declared once (BX24).

A container is chosen, examined, auctioned (openly, or sealed and then openly among
the tied seats) and paid for; a sale leads to the next container or, after the sixth,
to the end; the auctioneer may take back its choice (docs/boxes.md, "Phases").

```mermaid
stateDiagram-v2
  direction LR

  state "chooseAuction" as chooseAuction
  state "examine" as examine
  state "openAuction" as openAuction
  state "sealedBid" as sealedBid
  state "payment" as payment
  state "gameEnd" as gameEnd

  chooseAuction --> examine: chosen
  examine --> openAuction: examined_open
  examine --> sealedBid: examined_sealed
  examine --> chooseAuction: taken_back
  sealedBid --> openAuction: tie
  sealedBid --> chooseAuction: sold
  sealedBid --> gameEnd: last_sold
  openAuction --> chooseAuction: sold
  openAuction --> gameEnd: last_sold
  openAuction --> payment: won
  payment --> chooseAuction: sold
  payment --> gameEnd: last_sold
  [*] --> chooseAuction
```
(``PHASES.diagram()`` draws the same machine from the declaration below.)
"""

from __future__ import annotations

import enum

from aves_core.kernel.phases import PhaseMachine

__all__ = ["PHASES", "Phase", "Trigger"]


class Phase(enum.Enum):
    """Where a game stands; the values are the names logs and views use (BX24)."""

    CHOOSE_AUCTION = "chooseAuction"
    EXAMINE = "examine"
    OPEN_AUCTION = "openAuction"
    SEALED_BID = "sealedBid"
    PAYMENT = "payment"
    GAME_END = "gameEnd"

    __hash__ = object.__hash__  # identity, in C: the rules look phases up on every move


class Trigger(enum.Enum):
    """What moves a game from one phase to the next."""

    CHOSEN = "chosen"  # the auctioneer chose the kind of auction
    EXAMINED_OPEN = "examined_open"  # every seat examined; the auction is open
    EXAMINED_SEALED = "examined_sealed"  # every seat examined; the auction is sealed
    TAKEN_BACK = "taken_back"  # the auctioneer took back its choice (an undo)
    TIE = "tie"  # the last commit came in: equal highest bids, an open auction follows
    WON = "won"  # an open auction's winner has more than one way to pay
    SOLD = "sold"  # the winner paid and took the container; the next one is laid out
    LAST_SOLD = "last_sold"  # the sixth container is sold: the game ends

    __hash__ = object.__hash__


_P, _T = Phase, Trigger
PHASES = PhaseMachine(
    "Boxes phases", Phase, Trigger,
    (
        (_T.CHOSEN, _P.CHOOSE_AUCTION, _P.EXAMINE),
        (_T.EXAMINED_OPEN, _P.EXAMINE, _P.OPEN_AUCTION),
        (_T.EXAMINED_SEALED, _P.EXAMINE, _P.SEALED_BID),
        (_T.TAKEN_BACK, _P.EXAMINE, _P.CHOOSE_AUCTION),
        # The last commit: a tie, or the one highest bid pays its notes (BX15, BX16).
        (_T.TIE, _P.SEALED_BID, _P.OPEN_AUCTION),
        (_T.SOLD, _P.SEALED_BID, _P.CHOOSE_AUCTION),
        (_T.LAST_SOLD, _P.SEALED_BID, _P.GAME_END),
        # An open auction won: a choice of notes, or the one way to pay at once (BX17).
        (_T.WON, _P.OPEN_AUCTION, _P.PAYMENT),
        (_T.SOLD, _P.OPEN_AUCTION, _P.CHOOSE_AUCTION),
        (_T.LAST_SOLD, _P.OPEN_AUCTION, _P.GAME_END),
        (_T.SOLD, _P.PAYMENT, _P.CHOOSE_AUCTION),
        (_T.LAST_SOLD, _P.PAYMENT, _P.GAME_END),
    ),
    initial=Phase.CHOOSE_AUCTION,
    final=(Phase.GAME_END,),
    actions={Phase.CHOOSE_AUCTION: ("auction",), Phase.EXAMINE: ("examine", "stop"),
             Phase.OPEN_AUCTION: ("bid", "pass"), Phase.SEALED_BID: ("seal",),
             Phase.PAYMENT: ("pay",)},
)
"""Boxes' declared phase machine and its compiled table (``PHASES.next``)."""
