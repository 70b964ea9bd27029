"""Doors for AI authors: any registered game with an encoding (``Game.encoding``) as a
PettingZoo AEC environment (``aves_core.envs.pettingzoo``) and a Gymnasium
single-agent one (``aves_core.envs.gymnasium``). Each needs its optional extra
(``pip install 'aves-core[pettingzoo]'`` or ``'aves-core[gymnasium]'``); the
encodings of AVES and Soulaween are tabled in docs/ai.md.
"""
