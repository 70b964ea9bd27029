"""How long ``aves serve`` waits for a client: the limits, and where they come from.

uvicorn alone waits forever for a request's head (its keep-alive timeout runs only
between requests, and any byte stops it) and for a request's body. The host
bounds both: ``aves_core.host.protocol`` closes a connection whose head is late;
the application answers 408 to a body that is late. An operator sets the limits
with ``aves serve --timeout-head/--timeout-body/--timeout-keep-alive`` or the
environment variables below (the options win); ``aves serve`` passes them on to
its workers through the same variables.

Nothing here imports a web library: the ``aves`` command line reads the defaults.
"""

from __future__ import annotations

import math
import os

__all__ = ["BODY_TIMEOUT", "BODY_VARIABLE", "HEAD_TIMEOUT", "HEAD_VARIABLE",
           "KEEP_ALIVE_TIMEOUT", "KEEP_ALIVE_VARIABLE", "seconds"]

HEAD_TIMEOUT = 10.0
"""Seconds a connection has to send a request's whole head (request line and
headers), counted from its opening or from the end of the previous response: a
total, however the bytes trickle in. Then it is closed (with a 408 if part of a
head came). A browser sends a head in one packet."""
BODY_TIMEOUT = 30.0
"""Seconds a request's body has to arrive whole once its head has (then a 408,
``request_timeout``, and the connection closes). A move is under 100 bytes; the
largest body, a 1 MiB log for the replay viewer, needs about 35 KB/s."""
KEEP_ALIVE_TIMEOUT = 5
"""Seconds a connection may stay idle after a response (uvicorn's
``timeout_keep_alive``, whole seconds; its default)."""

HEAD_VARIABLE = "AVES_TIMEOUT_HEAD"
"""The environment variable for ``HEAD_TIMEOUT`` (``aves serve --timeout-head``)."""
BODY_VARIABLE = "AVES_TIMEOUT_BODY"
"""The environment variable for ``BODY_TIMEOUT`` (``aves serve --timeout-body``)."""
KEEP_ALIVE_VARIABLE = "AVES_TIMEOUT_KEEP_ALIVE"
"""The environment variable for ``KEEP_ALIVE_TIMEOUT`` (``aves serve --timeout-keep-alive``)."""


def seconds(variable: str, default: float) -> float:
    """The limit the environment ``variable`` sets, ``default`` when it is unset or
    empty; a ValueError naming the variable when it is not a positive number."""
    text = os.environ.get(variable, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value < math.inf:
        raise ValueError(f"{variable} must be a positive number of seconds, not {text!r}")
    return value
