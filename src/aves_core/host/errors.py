"""The host's one error: a request it refuses, with an HTTP status and a stable code."""

from __future__ import annotations

from typing import Any

from aves_core.kernel.errors import AvesError

__all__ = ["HostError"]


class HostError(AvesError):
    """A request the host refuses: an HTTP ``status`` and a stable ``code``."""

    def __init__(self, status: int, code: str, message: str,
                 extra: dict[str, Any] | None = None) -> None:
        super().__init__(message, code=code)
        self.status = status
        self.extra = extra or {}
