"""The tests on every Python that aves-core claims (3.11, 3.12 and 3.13: pyproject.toml's
``requires-python`` and classifiers), each in a fresh virtual environment of nox's.

- ``tests-3.11``, ``tests-3.12``, ``tests-3.13``: the whole suite with the dev extra (every
  optional dependency, OpenSpiel and Ray included: both have wheels for all three), as
  the README's ``pytest -n 2`` runs it; PostgreSQL and Chromium as the README says.
- ``core-3.11``, ``core-3.12``, ``core-3.13``: the core tests, which need no service and no
  browser, on the package with its light extras (cli, web, pettingzoo, gymnasium) and
  the few test tools they use. The core is, by path::

      tests/kernel tests/games tests/envs tests/outside tests/test_docs_current.py

  less ``tests/kernel/test_simray.py`` (Ray) and ``tests/envs/test_openspiel.py``
  (OpenSpiel): the kernel, the six games, the learning environments on numpy, Gymnasium
  and PettingZoo, the games written from the docs as outside packages, and the docs'
  checks. Not tests/host (the web host against PostgreSQL, real ``aves serve``
  processes, the browser tests in Chromium). Ray and OpenSpiel are not installed, so
  nothing that needs them is collected. ``.ci/run`` runs core-3.12 and core-3.13 after
  its own full run on 3.11.

Arguments after ``--`` go to pytest (``nox -s core -- -x -k cubirds``); both sessions run
``-n 2`` unless told otherwise (``-- -n 0``). The Hypothesis profile is the caller's
(``AVES_HYPOTHESIS_PROFILE``, tests/conftest.py): 25 examples a property when unset;
.ci/run's sessions choose ``pythons``, 5 each.
Virtual environments are kept in .nox and reused when a session runs again (``nox -R``
skips the installs, ``--no-reuse-existing-virtualenvs`` starts afresh). The package is
installed in editable mode, as the README's dev install is: a plain ``pip install .``
builds in the checkout's build/, whose copies outlive the files they copied (the wheel
as users get it is .ci/run's own step).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import nox
from packaging.requirements import Requirement

PYTHONS = ["3.11", "3.12", "3.13"]

CORE_PATHS = ["tests/kernel", "tests/games", "tests/envs", "tests/outside",
              "tests/test_docs_current.py"]
CORE_IGNORED = ["tests/kernel/test_simray.py", "tests/envs/test_openspiel.py"]
CORE_EXTRAS = "cli,web,pettingzoo,gymnasium"
CORE_TOOLS = ["pytest", "pytest-xdist", "hypothesis", "jsonschema", "pexpect",
              # tests/kernel/test_new_game.py: ruff checks a new game's package, and the
              # host serves its drawing through Starlette's test client, which is httpx's.
              "ruff", "httpx"]
"""The test tools the core tests import, by name: their versions are the dev extra's."""

nox.options.sessions = ["tests"]
nox.options.reuse_venv = "yes"
# uv (the dev extra's nox[uv]) makes and fills an environment in seconds where virtualenv
# and pip take half a minute; virtualenv where uv is not installed.
nox.options.default_venv_backend = "uv|virtualenv"
# This project's machines reach package registries only: nox must not try to download a
# Python it cannot find (``--error-on-missing-interpreters``, which CI=true sets, makes a
# missing one fail the run; elsewhere it is skipped with a warning).
nox.options.download_python = "never"


def dev_requirements(*names: str) -> list[str]:
    """The dev extra's requirements of these names, with its version bounds."""
    dev = nox.project.load_toml("pyproject.toml")["project"]["optional-dependencies"]["dev"]
    found = {Requirement(text).name: text for text in dev}
    missing = [name for name in names if name not in found]
    if missing:
        raise ValueError(f"not in the dev extra of pyproject.toml: {', '.join(missing)}")
    return [found[name] for name in names]


def pyenv_answers_for(pythons: list[str]) -> None:
    """Let pyenv's shims answer for each of ``pythons`` that pyenv has installed.

    pyenv's ``python3.12`` shim runs a 3.12 only when 3.12 is among the active versions
    (``pyenv global``, .python-version or PYENV_VERSION); a machine with 3.11 active and
    3.12 and 3.13 installed beside it answers "command not found", and nox's discovery,
    which resolves shims the same way, finds no 3.12. So PYENV_VERSION is set, for nox
    and for the sessions, to the active versions followed by the newest installed
    release of each Python not among them. Nothing changes where pyenv is absent.
    """
    pyenv = shutil.which("pyenv")
    if pyenv is None:
        return
    try:
        root, active = (subprocess.run([pyenv, command], capture_output=True, text=True,
                                       check=True).stdout.strip()
                        for command in ("root", "version-name"))
    except (OSError, subprocess.CalledProcessError):
        return
    versions = Path(root) / "versions"
    installed = [path.name for path in versions.iterdir()] if versions.is_dir() else []
    releases = sorted((tuple(map(int, name.split("."))), name) for name in installed
                      if re.fullmatch(r"\d+\.\d+\.\d+", name))
    chosen = active.split(":")
    for python in pythons:
        if any(name == python or name.startswith(python + ".") for name in chosen):
            continue
        newest = [name for number, name in releases if number[:2] == tuple(
            map(int, python.split(".")))]
        if newest:
            chosen.append(newest[-1])
    os.environ["PYENV_VERSION"] = ":".join(chosen)


pyenv_answers_for(PYTHONS)


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The whole suite with the dev extra (PostgreSQL and Chromium where installed)."""
    session.install("-e", ".[dev]")
    session.run("python", "-m", "pytest", "-n", "2", *session.posargs)


@nox.session(python=PYTHONS)
def core(session: nox.Session) -> None:
    """The core tests (this file's docstring): no service, no browser, no Ray, no OpenSpiel."""
    session.install("-e", f".[{CORE_EXTRAS}]", *dev_requirements(*CORE_TOOLS))
    ignored = [f"--ignore={path}" for path in CORE_IGNORED]
    session.run("python", "-m", "pytest", "-n", "2", *CORE_PATHS, *ignored, *session.posargs)
