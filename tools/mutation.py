"""Mutation testing of a game's rules module with that game's own tests (mutmut).

GAME-DONE.md asks that mutmut's mutants of a game's rules module be killed by
that game's own tests (at least 95%; the survivors equivalent or only changing a
message's wording). This script runs it in a throw-away copy of the working
tree, so the tree itself never holds mutmut's ``mutants/`` folder:

    python tools/mutation.py cubirds            # games/cubirds/rules.py, tests/games/cubirds
    python tools/mutation.py soulaween --module rules.py --children 2
    python tools/mutation.py aves --show        # also print each surviving mutant's diff
    python tools/mutation.py tsukuru --tests tests/games/tsukuru -k "not conformance"
    python tools/mutation.py tsukuru --mutants 'aves_core.games.tsukuru.rules.x__refuse*'

``--tests`` and ``-k`` choose a quicker test selection while working on survivors (the
score GAME-DONE asks for is the default: the game's whole test folder); ``--mutants``
runs only the mutants whose names match (mutmut's globs), the others left unchecked.

It prints the counts (killed, survived, no tests, timeouts) and the score,
killed / (killed + survived + timeouts), and the names of the survivors. It
needs mutmut (``pip install mutmut``; not in the dev extra: a slow, deliberate
run, not a CI step).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _copy_tree(target: Path) -> None:
    """The working tree as git sees it (tracked and new files, nothing ignored)."""
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], check=True, capture_output=True).stdout
    for name in filter(None, listed.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="the game's id (its folder under src/aves_core/games)")
    parser.add_argument("--module", default="rules.py", help="the module to mutate")
    parser.add_argument("--children", type=int, default=2, help="mutmut's parallel runs")
    parser.add_argument("--show", action="store_true", help="print the survivors' diffs")
    parser.add_argument("--tests", nargs="+", metavar="PATH",
                        help="the tests to run (paths or node ids; default the game's folder)")
    parser.add_argument("-k", dest="keyword", help="pytest's -k expression, to narrow them")
    parser.add_argument("--mutants", nargs="+", default=[], metavar="NAME",
                        help="run only these mutants (names or globs, as mutmut run takes)")
    args = parser.parse_args()
    module = f"src/aves_core/games/{args.game}/{args.module}"
    folder_tests = f"tests/games/{args.game}/"
    selection = args.tests or [folder_tests]
    if not (ROOT / module).is_file() or not (ROOT / folder_tests).is_dir():
        raise SystemExit(f"no {module} or no {folder_tests}")
    for path in selection:
        if not (ROOT / path.split("::")[0]).exists():
            raise SystemExit(f"no {path}")
    if args.keyword:
        selection = [*selection, "-k", args.keyword]
    tests = " ".join(selection)
    mutmut = shutil.which("mutmut", path=str(Path(sys.executable).parent)) or "mutmut"
    with tempfile.TemporaryDirectory(prefix="aves-mutation-") as folder:
        work = Path(folder)
        _copy_tree(work)
        with (work / "pyproject.toml").open("a") as config:
            config.write(f'\n[tool.mutmut]\nsource_paths = ["src"]\nonly_mutate = ["{module}"]\n'
                         f'pytest_add_cli_args_test_selection = {json.dumps(selection)}\n'
                         'pytest_add_cli_args = ["-p", "no:xdist", "-q"]\n'
                         'also_copy = ["tests", "examples", "docs", "README.md"]\n')
        subprocess.run([mutmut, "run", "--max-children", str(args.children), *args.mutants],
                       cwd=work,
                       check=False, stdout=subprocess.DEVNULL)
        subprocess.run([mutmut, "export-cicd-stats"], cwd=work, check=True,
                       stdout=subprocess.DEVNULL)
        stats = json.loads((work / "mutants" / "mutmut-cicd-stats.json").read_text())
        results = subprocess.run([mutmut, "results"], cwd=work, capture_output=True,
                                 text=True, check=False).stdout
        survivors = [line.strip().split(":")[0] for line in results.splitlines()
                     if line.strip().endswith("survived")]
        killed, survived = stats.get("killed", 0), stats.get("survived", 0)
        timeouts = stats.get("timeout", 0)
        judged = killed + survived + timeouts
        print(f"{module} with {tests}: {judged} mutants judged, {killed} killed, "
              f"{survived} survived, {timeouts} timed out, {stats.get('no_tests', 0)} "
              f"reached by no test")
        print(f"score: {killed / judged:.1%}" if judged else "score: no mutant judged")
        for name in survivors:
            print(f"survived: {name}")
            if args.show:
                shown = subprocess.run([mutmut, "show", name], cwd=work, capture_output=True,
                                       text=True, check=False)
                print(shown.stdout)


if __name__ == "__main__":
    main()
