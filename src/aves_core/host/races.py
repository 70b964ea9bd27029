"""A seat's action beaten to the store by another worker's action, tried again.

A worker checks a seat's token and its action under the table's lock, after catching
up with the store; another worker may still store an action at the same index first.
The append is then refused (a conflict), the table is rebuilt from the store, and
the action may be tried again after what the other worker stored (``retried``):

- the seat's token is checked again first, on the table as it is now: if the other
  action was the seat's leave (or a leave came with it), the token is dead and the
  answer is a 403, so a seat's move is never stored after its leave;
- then the action is tried again only while ``still_fits`` says so (a move of a
  simultaneous phase while it is still legal; a leave always), else the conflict
  stands.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aves_core.host.errors import HostError

__all__ = ["RACE_RETRIES", "retried"]

RACE_RETRIES = 8
"""How often an action beaten to the store by another worker's action is tried again
after it (each time only while its seat's token holds and it still fits)."""


async def retried(act: Callable[[], Awaitable[None]], authorize: Callable[[], Awaitable[None]],
                  still_fits: Callable[[], bool]) -> None:
    """``act()``; after a conflict (the table rebuilt from the store by then),
    ``authorize()`` again (it raises if the seat's token died meanwhile) and, while
    ``still_fits()``, ``act()`` again, at most ``RACE_RETRIES`` times."""
    for attempt in range(RACE_RETRIES + 1):
        try:
            await act()
            return
        except HostError as error:
            if error.code != "conflict" or attempt == RACE_RETRIES:
                raise
            # Authorized before the race, perhaps not after it: a leave stored by
            # another worker in between kills the token (a 403, not a move after it).
            await authorize()
            if not still_fits():
                raise
