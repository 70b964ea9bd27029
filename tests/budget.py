"""How much work a test of fixed size does (games played, simulations run), chosen by
the purpose of the run, as the Hypothesis profile is (tests/conftest.py).

The README's command (profile ``default``) is what a developer waits on after each
change: it plays fewer games. CI (``AVES_HYPOTHESIS_PROFILE=ci``) plays the full
number on every submission, and ``thorough`` more where a test says so. Every test
runs under every profile; only how many games it plays changes.
"""

from __future__ import annotations

import os

PROFILE_VARIABLE = "AVES_HYPOTHESIS_PROFILE"
PROFILE = os.environ.get(PROFILE_VARIABLE, "default")
PROFILES = ("default", "ci", "thorough", "pythons")


def budget(default: int, ci: int, thorough: int | None = None) -> int:
    """``default`` under the README's quick run and the other Pythons' (``pythons``),
    ``ci`` under CI's profile, and ``thorough`` (else ``ci``) under the thorough one."""
    if PROFILE not in PROFILES:
        raise ValueError(f"{PROFILE_VARIABLE}={PROFILE!r}: choose one of {', '.join(PROFILES)}")
    if PROFILE in ("default", "pythons"):
        return default
    if PROFILE == "thorough" and thorough is not None:
        return thorough
    return ci
