"""The wheel as users get it: run by ``.ci/run`` with the Python of a fresh virtual
environment into which the built wheel (not the checkout) was installed with ``[web]``,
from a folder outside the checkout.

It checks that what a user runs comes from the installed package, then:

- every installed game plays whole games between bots (``aves simulate``);
- ``aves serve`` starts, lists every game, and serves each game's drawing (its module
  and its style) and the page's own files;
- ``aves replay`` validates the examples' logs: ``sample-game.jsonl`` is valid (exit 0),
  ``disputed-game.jsonl`` is invalid at its seventh move (exit 1).

Usage: ``python wheel_smoke.py CHECKOUT`` (the checkout only gives the examples' logs).
Exits 0 when every check passes, 1 with a line saying which did not.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import NoReturn

import aves_core

BIN = Path(sys.executable).parent
AVES = str(BIN / "aves")


def fail(message: str) -> NoReturn:
    """Stop with ``message``: the run's one line of failure."""
    sys.exit(f"wheel smoke test: {message}")


def aves(*arguments: str) -> subprocess.CompletedProcess[str]:
    """The installed ``aves`` command's run (its output kept)."""
    return subprocess.run([AVES, *arguments], capture_output=True, text=True, timeout=300)


def check_installed(checkout: Path) -> None:
    """The package is the installed one, not the checkout's ``src``."""
    package = Path(aves_core.__file__).resolve()
    if checkout.resolve() in package.parents:
        fail(f"aves_core comes from the checkout ({package}), not from the wheel")
    if "site-packages" not in package.parts:
        fail(f"aves_core is not in a site-packages folder: {package}")
    version = aves("--version")
    if version.returncode != 0 or aves_core.__version__ not in version.stdout:
        fail(f"aves --version says {version.stdout!r}, not {aves_core.__version__}")


def installed_games() -> list[str]:
    """The ids ``aves games`` lists."""
    listed = aves("games")
    if listed.returncode != 0:
        fail(f"aves games exited {listed.returncode}: {listed.stderr}")
    return [line.split()[0] for line in listed.stdout.splitlines()
            if line and not line[0].isspace()]


def check_games_play(games: list[str]) -> None:
    """Whole games of each game between random bots."""
    for game in games:
        played = aves("simulate", "--game", game, "--games", "3", "--seed", "1")
        if played.returncode != 0 or "3 games" not in played.stdout:
            fail(f"aves simulate --game {game} exited {played.returncode}: "
                 f"{played.stdout[-500:]}{played.stderr[-500:]}")
        print(f"{game}: 3 games played")


def check_serve(games: list[str]) -> None:
    """``aves serve`` on a throwaway database serves the page and every drawing."""
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / "serve.out"
        with output.open("w") as sink:
            server = subprocess.Popen([AVES, "serve", "--port", "0", "--db",
                                       str(Path(folder) / "tables.db")],
                                      stdout=sink, stderr=subprocess.STDOUT)
        try:
            url = _address(output, server)
            listed = json.load(urllib.request.urlopen(f"{url}api/games", timeout=10))
            served = {game["id"]: game for game in listed["games"]}
            if sorted(served) != sorted(games):
                fail(f"aves serve lists {sorted(served)}, aves games {sorted(games)}")
            for game in games:
                web = served[game].get("web")
                if not web:
                    fail(f"aves serve gives {game} no drawing")
                for part in ("module", "style"):
                    _get(f"{url}{web[part]}", f"{game}'s {part}")
            for page in ("", "static/app.js", "static/style.css"):
                _get(f"{url}{page}", f"the page's {page or 'index'}")
            print(f"aves serve: the page and {len(games)} drawings served")
        finally:
            server.terminate()
            server.wait(timeout=30)


def _address(output: Path, server: subprocess.Popen[bytes]) -> str:
    """The address ``aves serve`` says to open, once it answers there."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            fail(f"aves serve stopped: {output.read_text()[-1000:]}")
        found = re.search(r"^Open (http://\S+/) in a browser$", output.read_text(),
                          re.MULTILINE)
        if found:  # printed as it starts: it may not listen yet
            try:
                with urllib.request.urlopen(found[1], timeout=5):
                    return found[1]
            except OSError:
                pass
        time.sleep(0.2)
    fail("aves serve printed no address, or did not answer there, within 60 s")


def _get(url: str, what: str) -> None:
    """Fail unless ``url`` answers 200 with a body."""
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            if answer.status != 200 or not answer.read():
                fail(f"{what} ({url}) answered {answer.status} with no body")
    except OSError as error:
        fail(f"{what} ({url}): {error}")


def check_replay(checkout: Path) -> None:
    """The examples' logs, validated by the installed ``aves replay``."""
    examples = checkout / "examples"
    valid = aves("replay", str(examples / "sample-game.jsonl"))
    if valid.returncode != 0 or "valid: 22 moves" not in valid.stdout:
        fail(f"aves replay sample-game.jsonl: {valid.returncode} {valid.stdout}")
    disputed = aves("replay", str(examples / "disputed-game.jsonl"))
    if disputed.returncode != 1 or "card_not_in_hand at move 7" not in disputed.stdout:
        fail(f"aves replay disputed-game.jsonl: {disputed.returncode} {disputed.stdout}")
    print("aves replay: the sample game is valid, the disputed one breaks at move 7")


def main() -> None:
    """Run every check against the installed wheel."""
    if len(sys.argv) != 2:
        fail("usage: python wheel_smoke.py CHECKOUT")
    checkout = Path(sys.argv[1])
    check_installed(checkout)
    games = installed_games()
    if len(games) < 6:
        fail(f"aves games lists {games}: six games are built in")
    check_games_play(games)
    check_serve(games)
    check_replay(checkout)
    print(f"the wheel of aves-core {aves_core.__version__} works from {Path.cwd()}")


if __name__ == "__main__":
    main()
