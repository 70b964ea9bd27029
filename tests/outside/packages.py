"""The two games of other packages in examples/ (No Thanks! and Connect Four), found
the way pip installs them: each package's code on the path and a dist-info folder
whose entry point names the game (what ``pip install examples/no-thanks`` writes).
``.ci/run`` also installs them with pip, for real."""

from __future__ import annotations

import os
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PACKAGES = {
    "no-thanks": ("aves_no_thanks", "NO_THANKS"),
    "connect-four": ("aves_connect_four", "CONNECT_FOUR"),
}
"""Each game's id, its package and the name of its instance."""


def installed(folder: Path) -> str:
    """Write into ``folder`` the dist-info of both packages; return the PYTHONPATH that
    finds them and their code (for a subprocess: ``aves`` or ``aves serve``)."""
    for game_id, (package, name) in PACKAGES.items():
        info = folder / f"{package}-1.0.0.dist-info"
        info.mkdir(exist_ok=True)
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package}\n"
                                       "Version: 1.0.0\n")
        (info / "entry_points.txt").write_text(
            f"[aves_core.games]\n{game_id} = {package}.game:{name}\n")
    return os.pathsep.join([str(folder), *(str(EXAMPLES / game_id / "src")
                                          for game_id in PACKAGES)])
