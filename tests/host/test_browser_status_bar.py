"""The status bar of every game's table, in a real headless Chromium on a phone
(390 x 844) against a real ``aves serve``: scrolled down to the bottom of the page,
whose turn it is and what to do stay on the screen, with the turn's actions (the
buttons a drawing marks ``data-status-action``), and a stand-in in the bar plays the
drawing's move. Screenshots go to ``test-artifacts/screenshots``
(``status-<game>-scrolled.png``)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browserkit import PHONE, Page, create_table
from hostserver import ServeProcess

GAMES = [("aves", ["greedy", "greedy", "greedy", "greedy", "greedy"]),
         ("soulaween", ["greedy"]), ("cubirds", ["greedy", "greedy"]),
         ("tsukuru", ["greedy", "greedy"]), ("boxes", ["greedy", "greedy"]),
         ("draft-cider", ["greedy", "greedy"])]


def in_view(page: Page, selector: str) -> bool:
    """Whether the element is wholly within the screen as it is scrolled now."""
    box = page.page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def my_turn_on_a_phone(browser: Any, server: ServeProcess, name: str, game: str,
                       seats: list[str]) -> Page:
    """A new table of ``game`` (me, then ``seats``) on a phone, at my first turn."""
    me = Page(browser, server.url, name, viewport=PHONE)
    create_table(me, game, seats, {})
    assert me.wait_for_turn_or_end()
    me.settled()
    return me


@pytest.mark.parametrize(("game", "seats"), GAMES, ids=[game for game, _ in GAMES])
def test_the_status_bar_stays_in_view_with_the_turns_actions(
        browser: Any, server: ServeProcess, game: str, seats: list[str]) -> None:
    me = my_turn_on_a_phone(browser, server, f"status-{game}", game, seats)
    me.page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    me.page.wait_for_timeout(100)
    assert me.page.evaluate("document.scrollingElement.scrollTop") > 0, "nothing to scroll"
    assert in_view(me, "#status"), f"{game}: the turn line scrolled away"
    assert "Your move" in me.page.inner_text("#status-bar")
    # A default name as the lobby gives it, in every game: "player 2", never "Player 2".
    assert not re.search(r"\bPlayer \d", me.page.inner_text("#main"))
    marked = me.page.locator("#board button[data-status-action]")
    mirrored = me.page.locator("#status-actions button")
    assert mirrored.count() == marked.count()
    assert mirrored.all_inner_texts() == marked.all_inner_texts()
    if mirrored.count():
        assert in_view(me, "#status-actions")
    wide = me.page.evaluate("document.scrollingElement.scrollWidth")
    assert wide <= PHONE["width"] + 1, f"the {game} table is {wide} px wide on a phone"
    me.shot("scrolled", full_page=False)
    if mirrored.count():  # the stand-in plays the drawing's own move
        seen = me.events_seen()
        mirrored.first.click()
        me.wait_past(seen)
    me.close()


def test_a_drawing_without_actions_shows_no_empty_bar_row(browser: Any,
                                                          server: ServeProcess) -> None:
    # Draft Cider drafts by clicking its cards: no action buttons, no empty row.
    me = Page(browser, server.url, "status-none", viewport=PHONE)
    create_table(me, "draft-cider", ["greedy"], {})
    me.settled()
    assert me.page.locator("#status-actions").is_hidden()
    me.close()


# What each game puts in a player's hands: the part of the table a turn is played from.
OWN = {"aves": "#hand", "soulaween": "#mat", "cubirds": "#hand", "tsukuru": "#hand",
       "boxes": "#container", "draft-cider": "#pool"}


@pytest.mark.parametrize(("game", "seats"), GAMES, ids=[game for game, _ in GAMES])
def test_your_own_hand_starts_on_the_first_screen_of_a_phone(
        browser: Any, server: ServeProcess, game: str, seats: list[str]) -> None:
    me = my_turn_on_a_phone(browser, server, f"fold-{game}", game, seats)
    me.page.evaluate("window.scrollTo(0, 0)")
    box = me.page.locator(OWN[game]).first.bounding_box()
    assert box is not None
    assert box["y"] + min(box["height"], 80) <= PHONE["height"], (
        f"{game}: {OWN[game]} starts at {box['y']:.0f} px, below the first screen")
    me.shot("first-screen", full_page=False)
    me.close()
