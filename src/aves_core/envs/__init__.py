"""Doors for AI authors: any registered game with an encoding (``Game.encoding``) as a
PettingZoo AEC environment (``aves_core.envs.pettingzoo``), a Gymnasium
single-agent one (``aves_core.envs.gymnasium``) and a Python OpenSpiel game
(``aves_core.envs.openspiel``). Each needs its optional extra (``pip install
'aves-core[pettingzoo]'``, ``'aves-core[gymnasium]'``, ``'aves-core[openspiel]'``);
the encodings of AVES and Soulaween are tabled in docs/ai.md.
"""
