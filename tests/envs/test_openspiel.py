"""The OpenSpiel adapter's cases (openspiel_cases.py), run in a pytest process of
their own.

OpenSpiel 2.0.2 aborts the interpreter as it exits ("Fatal Python error:
PyThreadState_Get: ... the GIL is released", exit status 134) when its Python games
were registered in a process in which Hypothesis collected tests, as every whole
run of this suite does: the cases all pass, then the process dies. A process of
their own keeps that crash, which is OpenSpiel's, out of everyone else's run.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent


@pytest.mark.parametrize("cases", ["tsukuru", "not tsukuru"])
def test_the_openspiel_cases_pass_in_a_process_of_their_own(cases: str) -> None:
    # Two processes, so that a parallel run (pytest -n 2) shares them out: Tsukuru's
    # random games are long (about 900 moves) and take half of the time alone.
    if importlib.util.find_spec("pyspiel") is None:  # not imported here: see above
        pytest.skip("OpenSpiel is not installed (pip install 'aves-core[openspiel]')")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", cases,
         str(HERE / "openspiel_cases.py")],
        cwd=HERE.parent, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert " passed" in run.stdout
    assert "failed" not in run.stdout
