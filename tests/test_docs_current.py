"""The docs keep up with the games: every game of aves-core has a row in the README's
games table (its name, player counts and page), a page in docs/ that the README's
"More" list links, its encoding said where the README speaks of learning agents, its
bots in docs/bots.md, its browser tests in docs/hosting.md and its name in the
package's keywords. A game added without its docs fails here, and so does a version the
CHANGELOG does not name.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from aves_core import game_ids, get_game

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"

PAGES = {"aves": "rules.md"}
"""Pages not named after their game: AVES's page, docs/rules.md, came before the other
games and is linked from everywhere as such. Every other game's page is docs/<id>.md."""


def own_game_ids() -> list[str]:
    """The ids of aves-core's own games: registered, defined in ``aves_core.games``, and
    not a test's toy game (a game of another package, such as examples/no-thanks when it
    is installed, documents itself)."""
    return [game_id for game_id in game_ids()
            if not game_id.startswith("toy")
            and type(get_game(game_id)).__module__.startswith("aves_core.games.")]


GAMES = own_game_ids()


def page_of(game_id: str) -> str:
    """The game's page, relative to the checkout: ``docs/<id>.md`` (AVES: rules.md)."""
    return f"docs/{PAGES.get(game_id, game_id + '.md')}"


def section(text: str, title: str) -> str:
    """The text under the heading ``## title``, up to the next ``## `` heading."""
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def table_rows(text: str) -> list[list[str]]:
    """The cells of each row of the Markdown tables in ``text`` (headers and rules too)."""
    return [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in text.splitlines() if line.startswith("|")]


EN_DASH = "\N{EN DASH}"


def players(game: Any) -> str:
    """A game's player counts as the README writes them: ``2``, or 2 to 6 with an en
    dash between."""
    low, high = game.facts.min_players, game.facts.max_players
    return str(low) if low == high else f"{low}{EN_DASH}{high}"


def test_aves_core_has_its_six_games() -> None:
    assert 6 == len(GAMES), GAMES


@pytest.mark.parametrize("game_id", GAMES)
def test_the_readme_games_table_names_the_game_its_players_and_its_page(
        game_id: str) -> None:
    game = get_game(game_id)
    rows = table_rows(section(README.read_text(), "Games"))
    row = next((cells for cells in rows if cells[0] == game.facts.name), None)
    assert row is not None, f"{game.facts.name} has no row in the README's games table"
    assert players(game) == row[1]
    assert f"]({page_of(game_id)})" in row[-1]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_has_a_page_in_docs_that_the_readme_more_list_links(game_id: str) -> None:
    page = page_of(game_id)
    assert (ROOT / page).is_file(), f"{page} is missing"
    assert f"]({page})" in section(README.read_text(), "More")


def test_the_readme_more_list_links_every_page_in_docs() -> None:
    more = section(README.read_text(), "More")
    # docs/changelog.md is the CHANGELOG itself, included in the site: the list links
    # CHANGELOG.md.
    missing = [path.name for path in sorted(DOCS.glob("*.md"))
               if f"](docs/{path.name})" not in more and path.name != "changelog.md"]
    assert [] == missing


def test_the_readme_says_every_game_with_an_encoding_has_one() -> None:
    training = section(README.read_text(), "Training agents: PettingZoo, Gymnasium, "
                                           "OpenSpiel and Ray")
    first = training.strip().split("\n\n")[1]  # the paragraph under the heading
    encoded = [get_game(game_id).facts.name for game_id in GAMES
               if get_game(game_id).has_encoding]
    assert [] == [name for name in encoded if name not in first]


def test_the_readme_opening_names_every_game() -> None:
    opening = README.read_text().split("\n## ", 1)[0]
    assert [] == [game_id for game_id in GAMES
                  if f"**{get_game(game_id).facts.name}**" not in opening]


@pytest.mark.parametrize("game_id", GAMES)
def test_docs_bots_tables_the_games_bots(game_id: str) -> None:
    game = get_game(game_id)
    rows = table_rows(section((DOCS / "bots.md").read_text(), "Every game's bots"))
    row = next((cells for cells in rows if cells[0] == game.facts.name), None)
    assert row is not None, f"{game.facts.name} has no row in docs/bots.md's table"
    assert [f"`{name}`" for name in game.bot_factories()] == row[1].split(", ")


def test_docs_hosting_opening_names_every_game() -> None:
    opening = (DOCS / "hosting.md").read_text().split("\n\n")[1]
    assert [] == [game_id for game_id in GAMES if get_game(game_id).facts.name not in opening]


@pytest.mark.parametrize("game_id", GAMES)
def test_docs_hosting_names_the_games_browser_tests(game_id: str) -> None:
    name = f"test_browser_{game_id.replace('-', '_')}.py"
    assert (ROOT / "tests" / "host" / name).is_file()
    assert f"`{name}`" in (DOCS / "hosting.md").read_text()


def test_the_package_is_described_as_every_games_library() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "board games" in project["description"]
    keywords = project["keywords"]
    assert [] == [game_id for game_id in GAMES
                  if get_game(game_id).facts.name.lower() not in keywords]


CHANGELOG = ROOT / "CHANGELOG.md"
VERSION_HEADING = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (unreleased|\d{4}-\d{2}-\d{2})$",
                             re.MULTILINE)


def test_the_version_follows_the_changelog(capsys: pytest.CaptureFixture[str]) -> None:
    # The newest section of the CHANGELOG names the version; the package (and so the
    # wheel, whose version pyproject reads from __version__) and `aves --version` agree.
    from aves_core import __version__
    from aves_core.cli.app import main

    versions = VERSION_HEADING.findall(CHANGELOG.read_text(encoding="utf-8"))
    assert versions, "CHANGELOG.md has no '## [x.y.z] - date' section"
    assert versions[0][0] == __version__
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "aves_core.__version__"}
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out.strip() == f"aves-core {__version__}"


def test_the_changelog_has_a_section_per_version_newest_first() -> None:
    text = CHANGELOG.read_text(encoding="utf-8")
    headings = re.findall(r"^## .*$", text, re.MULTILINE)
    versions = VERSION_HEADING.findall(text)
    assert len(headings) == len(versions), f"a ## heading that names no version: {headings}"
    numbers = [tuple(int(part) for part in version.split(".")) for version, _ in versions]
    assert numbers == sorted(set(numbers), reverse=True)
