"""Doors for AI authors: any registered game with an encoding (``Game.encoding``) as a
PettingZoo AEC environment (``aves_core.envs.pettingzoo``), a Gymnasium
single-agent one (``aves_core.envs.gymnasium``) and a Python OpenSpiel game
(``aves_core.envs.openspiel``). Each needs its optional extra (``pip install
'aves-core[pettingzoo]'``, ``'aves-core[gymnasium]'``, ``'aves-core[openspiel]'``);
the encodings are tabled in docs/ai.md. ``ObservationPolicy`` and ``self_play`` make
opponents of policies over observations (a trained model, a frozen copy of the
learner).
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for type checkers and the API reference; at run time, lazily below
    from aves_core.envs.core import ObservationPolicy, self_play

__all__ = ["ObservationPolicy", "self_play"]


def __getattr__(name: str) -> Any:
    # Lazily, so that importing the package needs no extra until a name is used.
    if name in __all__:
        from aves_core.envs import core

        return getattr(core, name)
    raise AttributeError(f"module 'aves_core.envs' has no attribute {name!r}")
