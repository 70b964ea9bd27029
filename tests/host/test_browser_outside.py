"""The games of other packages in a real browser, against a real ``aves serve`` that
finds them by their entry points: No Thanks! and Connect Four (examples/) through the
shell's fallback drawing, and the game ``aves new-game`` writes through its own
drawing. Each is played to its end by clicking, a spectator watches, and the
replay viewer steps through it. Screenshots go to ``test-artifacts/screenshots``."""

from __future__ import annotations

import json
import os
import random
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import PHONE, Page, create_table, finished_log
from hostserver import ServeProcess

from aves_core.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _installed(folder: Path, packages: dict[str, tuple[str, str, Path]]) -> str:
    """Dist-info folders whose entry points name the games, as pip writes them, and the
    PYTHONPATH that finds them and their code."""
    paths = [str(folder)]
    for game_id, (package, name, source) in packages.items():
        info = folder / f"{package}-1.0.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package}\n"
                                       "Version: 1.0.0\n")
        (info / "entry_points.txt").write_text(
            f"[aves_core.games]\n{game_id} = {package}.game:{name}\n")
        paths.append(str(source))
    return os.pathsep.join(paths)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    folder = tmp_path_factory.mktemp("outside")
    assert 0 == main(["new-game", "race-demo", "--dir", str(folder / "race-demo")])
    packages = {
        "no-thanks": ("aves_no_thanks", "NO_THANKS", EXAMPLES / "no-thanks" / "src"),
        "connect-four": ("aves_connect_four", "CONNECT_FOUR",
                         EXAMPLES / "connect-four" / "src"),
        "race-demo": ("aves_race_demo", "GAME", folder / "race-demo" / "src"),
    }
    (folder / "site").mkdir()
    path = _installed(folder / "site", packages)
    with ServeProcess(folder / "tables.db", folder, python_path=path) as running:
        yield running


def _play_to_the_end(me: Page, chooser: random.Random, shots: str) -> int:
    """Click legal moves at random until the game is over; the moves made."""
    moves = 0
    while me.wait_for_turn_or_end():
        buttons = me.page.query_selector_all("#moves button.move")
        assert buttons
        if moves == 0:
            me.shot(f"{shots}-to-move")
        seen = me.events_seen()
        chooser.choice(buttons).click()
        me.wait_past(seen)
        moves += 1
    me.page.wait_for_selector("#result")
    me.shot(f"{shots}-over")
    return moves


@pytest.mark.parametrize(("game_id", "bots", "words"), [
    ("no-thanks", ["random", "search"], ["take the card and its chips",
                                         "no thanks! (pay a chip)"]),
    ("connect-four", ["search"], ["drop a disc in column"]),
])
def test_an_outside_game_is_played_to_its_end_through_the_fallback(
        browser: Any, server: ServeProcess, game_id: str, bots: list[str],
        words: list[str]) -> None:
    games = json.load(urllib.request.urlopen(f"{server.url}api/games"))["games"]
    assert [None] == [game["web"] for game in games if game["id"] == game_id]
    me = Page(browser, server.url, f"outside-{game_id}")
    table = create_table(me, game_id, bots, {}, names=["Ann", "Bo", "Cy"][:len(bots) + 1])
    watcher = Page(browser, f"{server.url}#/table/{table}", f"outside-{game_id}-watcher",
                   viewport=PHONE)
    watcher.page.wait_for_selector("#view-data")
    assert me.wait_for_turn_or_end()
    labels = [button.inner_text() for button in me.page.query_selector_all(
        "#moves button.move")]
    # each move in its words, its notation beneath
    assert all(any(label.startswith(word) for label in labels) for word in words[:1])
    assert "0:" in " ".join(labels)
    assert "you" in me.page.inner_text("#view-data")
    if game_id == "connect-four":  # the grid's rows as a board, one under another
        assert "......." in me.page.inner_text("#view-data pre.data-grid")
    moves = _play_to_the_end(me, random.Random(3), f"outside-{game_id}")
    assert moves > 0
    log = me.page.inner_text("#log")
    assert "you: " in log  # the kernel's account of each move, in words
    assert any(word in log for word in words)
    watcher.page.wait_for_selector("#result")
    watcher.shot("over")
    # the server replays the log (the game is registered there, not in this process)
    request = urllib.request.Request(f"{server.url}api/replay",
                                     data=finished_log(server, table), method="POST")
    assert json.load(urllib.request.urlopen(request))["valid"]
    me.page.goto(f"{server.url}#/replay/{table}")
    me.page.wait_for_selector("#next")
    me.page.click("#last")
    assert "Game over" in me.page.inner_text("#replay")
    me.shot("replay")
    for page in (me, watcher):
        page.close()


def test_the_game_aves_new_game_writes_is_played_through_its_own_drawing(
        browser: Any, server: ServeProcess) -> None:
    games = json.load(urllib.request.urlopen(f"{server.url}api/games"))["games"]
    assert [game["web"] for game in games if game["id"] == "race-demo"] != [None]
    me = Page(browser, server.url, "new-game")
    create_table(me, "race-demo", ["random"], {})
    assert me.wait_for_turn_or_end()
    assert "of 21" in me.page.inner_text("#board")  # the drawing's own words
    assert ["add 1", "add 2", "add 3"] == [button.inner_text() for button in
                                           me.page.query_selector_all("#moves button")]
    assert "add 1, 2 or 3 to the total" in me.page.inner_text("#status")  # its describe
    assert _play_to_the_end(me, random.Random(5), "new-game") > 0
    me.close()
