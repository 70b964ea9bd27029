"""The sockets that follow a worker's tables, and what each is sent.

Every socket of a table is a ``Subscriber``: a bounded queue of encoded messages and
the number of the next event it should get. After every change the host
``publish``es: each subscriber gets one ``events`` message with the events it has
not had, redacted for its seat, and its view after them; a message is encoded once
for all the sockets of one seat at one point. A subscriber whose queue is full
reads too slowly: what it had not read is dropped and it is told to close.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from aves_core.host.live import TOO_SLOW, LiveTable, Subscriber
from aves_core.host.wire import encode, padded

__all__ = ["Fanout"]

EventsJson = Callable[[LiveTable, int | None, int], dict[str, Any]]
"""A seat's events from a number on, with its view, as JSON (``Lobby._events_json``)."""


class Fanout:
    """The subscribers of each table of one worker. ``unfollowed(table_id)`` is called
    when a table's last subscriber goes."""

    def __init__(self, unfollowed: Callable[[str], None]) -> None:
        self.tables: dict[str, dict[int, Subscriber]] = {}
        self._unfollowed = unfollowed

    def subscribe(self, table_id: str, seat: int | None, since: int,
                  queue_size: int, pad: int = 0) -> Subscriber:
        """A new subscriber of ``seat`` (None: a spectator) from event ``since`` on, its
        messages padded to a multiple of ``pad`` bytes."""
        subscriber = Subscriber(seat, asyncio.Queue(queue_size + 1), since, pad=pad)
        self.tables.setdefault(table_id, {})[id(subscriber)] = subscriber
        return subscriber

    def remove(self, table_id: str, subscriber: Subscriber) -> None:
        """Send nothing more to ``subscriber`` (its socket closed)."""
        subscribers = self.tables.get(table_id)
        if subscribers is not None:
            subscribers.pop(id(subscriber), None)
            if not subscribers:
                del self.tables[table_id]
                self._unfollowed(table_id)

    def close(self, table_id: str, subscriber: Subscriber, why: dict[str, Any]) -> None:
        """Tell a socket to close (``SEAT_LEFT``, ``TOO_SLOW``): what it had not read yet
        is dropped, and it gets nothing more."""
        while not subscriber.queue.empty():
            subscriber.queue.get_nowait()
        subscriber.queue.put_nowait(why)
        self.remove(table_id, subscriber)

    def publish(self, live: LiveTable, events_json: EventsJson, queue_size: int) -> None:
        """Send each subscriber of the table the events it has not had, redacted, and its
        view after them. (Events only ever append, an undo too: the numbers hold.)"""
        subscribers = self.tables.get(live.record.id)
        if not subscribers:
            return
        count = live.table.event_count
        texts: dict[tuple[int | None, int], str] = {}
        for subscriber in list(subscribers.values()):
            if subscriber.next >= count:
                continue
            key = (subscriber.seat, subscriber.next)
            text = texts.get(key)
            if text is None:
                text = texts[key] = padded(encode({"type": "events", **events_json(
                    live, subscriber.seat, subscriber.next)}), subscriber.pad)
            subscriber.next = count
            if subscriber.queue.qsize() >= queue_size:
                self.close(live.record.id, subscriber, TOO_SLOW)
            else:
                subscriber.queue.put_nowait(text)
