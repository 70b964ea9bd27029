"""The conformance kit's checks of what a game declares: its phase machine, its
notation and its encoding agree with what the game does.

- ``PhaseRoutes``: every step from one resting phase to another follows the
  declared machine (through automatic phases only), and every legal move is of a
  kind its phase accepts (``PhaseMachine(actions=...)``);
- ``text_variants``: texts one small slip away from a move's text (a space, a tab,
  a leading zero, another script's digit, another case), each of which must be
  refused or be exactly the text of the move it reads as (one text per move);
- ``encoding_problem``: a seat's observation fits the adapters' box, and its legal
  moves have distinct action indices that name them back.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from typing import Any

from aves_core.kernel.encoding import OBSERVATION_HIGH

__all__ = ["PhaseRoutes", "encoding_problem", "text_variants"]


class PhaseRoutes:
    """The resting phases each resting phase may lead to in one step, read off the
    declared transitions (through automatic phases only)."""

    def __init__(self, machine: Any) -> None:
        edges: dict[str, set[str]] = {}
        for _trigger, source, dest in machine.transitions:
            edges.setdefault(source.value, set()).add(dest.value)
        automatic = {phase.value for phase in machine.automatic}
        self.routes: dict[str, frozenset[str]] = {}
        for phase in machine.phases:
            if phase.value in automatic:
                continue
            found: set[str] = set()
            seen: set[str] = set()
            stack = list(edges.get(phase.value, ()))
            while stack:
                here = stack.pop()
                if here in seen:
                    continue
                seen.add(here)
                if here in automatic:
                    stack.extend(edges.get(here, ()))
                else:
                    found.add(here)
            self.routes[phase.value] = frozenset(found)
        self.actions = {phase.value: frozenset(tags) for phase, tags in machine.actions.items()}
        self.declares_actions = any(self.actions.values())

    def step_problem(self, before: str, after: str) -> str | None:
        """Why a step from phase ``before`` to ``after`` breaks the machine, or None (a
        step that stays in its phase is a move within it)."""
        if before == after or after in self.routes.get(before, ()):
            return None
        reachable = ", ".join(sorted(self.routes.get(before, ()))) or "nothing"
        return (f"the step went from phase {before!r} to {after!r}, which the phase machine "
                f"does not declare (from {before!r} it leads to {reachable})")

    def move_problem(self, phase: str, tag: str) -> str | None:
        """Why a legal move of kind ``tag`` in ``phase`` breaks the declared actions."""
        if not self.declares_actions or tag in self.actions.get(phase, ()):
            return None
        accepted = ", ".join(sorted(self.actions.get(phase, ()))) or "no move"
        return (f"a legal {tag} move in phase {phase!r}, which declares it accepts "
                f"{accepted}")


_OTHER_DIGITS = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def text_variants(text: str) -> Iterator[str]:
    """Texts one slip away from ``text``: stray or doubled whitespace, a tab, spaces
    around the colon, a leading zero, another script's digits, another case."""
    yield f" {text}"
    yield f"{text} "
    yield text.replace(":", " : ", 1)
    if " " in text:
        yield text.replace(" ", "  ", 1)
        yield text.replace(" ", "\t", 1)
    number = re.search(r"[0-9]+", text)
    if number is not None:
        yield f"{text[:number.start()]}0{text[number.start():]}"
        yield text[:number.start()] + text[number.start()].translate(_OTHER_DIGITS) \
            + text[number.start() + 1:]
    if text.upper() != text:
        yield text.upper()
    if text.lower() != text:
        yield text.lower()


def encoding_problem(encoding: Any, view: Any, legal: tuple[Any, ...]) -> str | None:
    """What is wrong with ``encoding`` at ``view`` (whose seat's moves are ``legal``),
    or None. Needs NumPy, as the adapters do."""
    import numpy as np

    out = np.zeros(encoding.observation_size, dtype=np.float32)
    encoding.observe(view, out)
    if not all(math.isfinite(value) and 0.0 <= value <= OBSERVATION_HIGH
               for value in out.tolist()):
        worst = min(out.tolist()) if min(out.tolist()) < 0 else max(out.tolist())
        return (f"an observation value {worst} is outside 0 to {OBSERVATION_HIGH} (the "
                "adapters' observation box)")
    seen: dict[int, Any] = {}
    for move in legal:
        index = encoding.action_index(move)
        if not 0 <= index < encoding.num_actions:
            return f"action index {index} of {move} is outside 0 to {encoding.num_actions - 1}"
        if index in seen:
            return f"{move} and {seen[index]} share action index {index}"
        seen[index] = move
        if encoding.move_of(index, view) != move:
            return f"action index {index} of {move} names {encoding.move_of(index, view)}"
    return None
