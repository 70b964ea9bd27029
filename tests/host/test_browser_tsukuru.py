"""Tsukuru 10 Ten in a real headless Chromium against a real ``aves serve``, played by
clicking: Draw, a tile of the hand to discard it, a Take button, a Finish button (each
with its score); a whole game against a greedy bot, at 1280 px and at 390 px, with no
JavaScript error, no raw identifier in what the page says, no serious axe-core
violation, and no tile of the bot's hand in any message the person's socket receives.
Screenshots go to ``test-artifacts/screenshots`` (``tsukuru-*.png``) to be looked at."""

from __future__ import annotations

import json
import re
from typing import Any

import browserkit as kit
import pytest
from browserkit import PHONE, WIDE, serious_violations
from hostserver import ServeProcess

RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|gameEnd|turnEnd|roundEnd|\b[a-z]+[A-Z][a-z]+\b")
"""Identifiers that must never reach people."""
CODES = re.compile(r"\b(?:[RBP]\d){2,}\b|\b[RBP]\d=[RB]\b")
"""Finishes and sets as the notation writes them (``R5R6P7``, ``P8=R``): said in words."""


class Page(kit.Page):
    """A browser page that keeps every message its sockets receive."""

    def __init__(self, browser: Any, url: str, name: str, *,
                 viewport: dict[str, int] | None = None, motion: bool = False) -> None:
        super().__init__(browser, "about:blank", f"tsukuru-{name}", viewport=viewport,
                         motion=motion)
        self.messages: list[dict[str, Any]] = []
        self.page.on("websocket", lambda socket: socket.on(
            "framereceived", lambda payload: self.messages.append(json.loads(payload))))
        self.page.goto(url)


def people_text(page: Page) -> str:
    text: str = page.page.evaluate(
        "[...document.querySelectorAll('#board, #status, #result, #log')]"
        ".map((node) => node.innerText).join('\\n')")
    return text


def play_move(page: Page) -> str:
    """One move by clicking: a finish when one is offered, else Draw, else the first
    tile of the hand that may be discarded; which it was."""
    seen = page.events_seen()
    finish = page.page.query_selector("#moves button.finish")
    if finish is not None:
        kind = "finish"
        button = finish
    elif page.page.query_selector("#draw") is not None:
        kind, button = "draw", page.page.query_selector("#draw")
    else:
        kind = "discard"
        button = page.page.query_selector("#hand .tile.playable")
    assert button is not None
    button.click()
    page.wait_past(seen)
    return kind


@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280", "390"])
def test_a_whole_tsukuru_game_by_clicking_against_a_bot(
        browser: Any, server: ServeProcess, viewport: dict[str, int]) -> None:
    width = str(viewport["width"])
    me = Page(browser, server.url, f"me-{width}", viewport=viewport)
    kit.create_table(me, "tsukuru", ["greedy"], {})
    me.wait_for_turn_or_end()
    me.shot("start")
    kinds: list[str] = []
    shots = {"draw": False, "finish": False}
    while me.wait_for_turn_or_end():
        me.settled()
        if not shots["finish"] and me.page.query_selector("#moves button.finish"):
            me.shot("finish-offered")
            shots["finish"] = True
            assert [] == CODES.findall(people_text(me))
        if len(kinds) == 6:  # the table: the deck, and each seat's labelled rows
            me.shot("mid-game", full_page=False)
            deck = me.page.evaluate("window.avesClient.view.deck_size")
            assert f"{deck} tiles in the deck" in me.page.inner_text("#deck")
            for seat in (0, 1):
                panel = me.page.inner_text(f".tk-seat[data-seat='{seat}']").lower()
                assert "open sets" in panel
                assert "discards" in panel
        kind = play_move(me)
        kinds.append(kind)
        if kind == "draw" and not shots["draw"]:
            me.wait_for_turn_or_end()
            me.settled()
            me.shot("drawn")
            shots["draw"] = True
        assert len(kinds) < 600, "the game did not end"
    me.settled()
    me.shot("over")
    # The end: the target, and every seat's points, on the board and in the result.
    view = me.page.evaluate("window.avesClient.view")
    target = {"basic": 4, "advanced": 25}[view["scoring"]]
    for where in ("#standings", "#result"):
        me.page.wait_for_selector(f"{where} >> text=Target: {target} points")
        words = me.page.inner_text(where)
        for seat, points in enumerate(view["scores"]):
            name = "You" if seat == 0 and where == "#standings" else (
                "you" if seat == 0 else "player 2")
            assert f"{name}: {points} point" in words, (where, words)
    assert [] == CODES.findall(people_text(me))
    assert {"draw", "discard"} <= set(kinds)
    assert me.page.query_selector("#result") is not None
    assert me.page.query_selector("#last-finish") is not None or "nobody scores" in \
        people_text(me)
    assert [] == RAW.findall(people_text(me))
    assert [] == serious_violations(me)
    # The bot's concealed tiles never reach the person: its draws and deals come hidden.
    for message in me.messages:
        for event in message.get("events", []):
            if event.get("type") == "drew" and event.get("seat") == 1:
                assert event["tile"] is None
            if event.get("type") == "dealt" and event.get("seat") == 1:
                assert event["tiles"] is None
        view = message.get("view")
        if view is not None:
            assert view["seat"] in (0, None)
    me.close()


def test_why_a_hand_cannot_finish_is_said_on_request(browser: Any,
                                                     server: ServeProcess) -> None:
    me = Page(browser, server.url, "why")
    kit.create_table(me, "tsukuru", ["greedy"], {})
    assert me.wait_for_turn_or_end()
    me.settled()
    why = me.page.query_selector("#why")
    if why is None:  # a finish is offered at once: nothing to explain
        me.close()
        return
    why.click()
    text = me.page.inner_text("#why-text")
    assert "total" in text
    assert "exactly 10" in text
    me.shot("why")
    me.close()


def test_a_spectator_sees_no_tile_of_any_hand_and_the_replay_shows_every_step(
        browser: Any, server: ServeProcess) -> None:
    me = Page(browser, server.url, "host")
    table = kit.create_table(me, "tsukuru", ["greedy"], {})
    watcher = Page(browser, f"{server.url}#/table/{table}", "watcher")
    watcher.page.wait_for_selector("#status, #result")
    assert "watching" in watcher.page.inner_text("#status, #result")
    moves = 0
    while me.wait_for_turn_or_end() and moves < 600:
        me.settled()
        play_move(me)
        moves += 1
        if moves == 3:
            watcher.settled()
            assert 0 == watcher.page.locator("#hand").count()  # no hand for a spectator
            watcher.shot("watching")
    watcher.page.wait_for_selector("#result")
    watcher.shot("over")
    # The spectator's socket never carried a concealed tile: draws and deals hidden.
    for message in watcher.messages:
        for event in message.get("events", []):
            if event.get("type") == "drew":
                assert event["tile"] is None
            if event.get("type") == "dealt":
                assert event["tiles"] is None
        view = message.get("view")
        if view is not None:
            assert view["concealed"] is None
    # The replay viewer: the log knows every hand, and each step is drawn.
    me.page.goto(f"{server.url}#/replay/{table}")
    me.page.wait_for_selector("#next")
    me.page.click("#next")
    assert "move 1 of" in me.page.inner_text("#position")
    # Beside the board as the seat saw it, the picture of what only the log knows.
    assert 2 == me.page.locator("#replay .tk-picture .tk-seat").count()
    assert me.page.locator("#replay .tk-picture .tk-seat .tile").count() >= 14
    me.shot("replay")
    me.page.click("#last")
    me.page.wait_for_selector("#replay .result")
    assert "Game over" in me.page.inner_text("#replay")
    me.shot("replay-last")
    for page in (me, watcher):
        page.close()


def test_a_friend_takes_the_second_seat_by_the_link(browser: Any,
                                                    server: ServeProcess) -> None:
    me = Page(browser, server.url, "friend-host")
    table = kit.create_table(me, "tsukuru", ["human"], {})
    link = me.page.locator("code.share").first.inner_text().strip()
    assert link.endswith(f"#/table/{table}/join/1")
    friend = Page(browser, link, "friend")
    friend.page.wait_for_selector("#status, #result")
    assert 1 == friend.page.evaluate("window.avesClient.seat")
    moves = 0
    while moves < 12 and not me.page.query_selector("#result"):
        mover = next((page for page in (me, friend)
                      if page.page.query_selector("#status .you")), None)
        if mover is None:
            me.page.wait_for_timeout(100)
            continue
        mover.settled()
        play_move(mover)
        moves += 1
    # Each sees its own tiles only: the other's concealed tiles never reach it.
    for page, seat in ((me, 0), (friend, 1)):
        view = page.page.evaluate("window.avesClient.view")
        assert view["seat"] == seat
        assert view["concealed"] is not None
        for message in page.messages:
            for event in message.get("events", []):
                if event.get("type") == "drew" and event.get("seat") != seat:
                    assert event["tile"] is None
    friend.shot("after")
    for page in (me, friend):
        page.close()


def test_tiles_travel_when_drawn_and_discarded(browser: Any, server: ServeProcess) -> None:
    # Motion allowed: a drawn tile flies from the deck, a discard to its pile. The test
    # draws and discards by name: its first move may be offered as a finish from the
    # bot's discard, which moves no tile.
    me = Page(browser, server.url, "motion", motion=True)
    kit.create_table(me, "tsukuru", ["greedy"], {})
    assert me.wait_for_turn_or_end()
    me.settled()
    me.page.evaluate("""window.flights = []; new MutationObserver((changes) => {
        for (const change of changes) for (const node of change.addedNodes) if (node.classList
            && node.classList.contains('flying')) window.flights.push(node.className); })
        .observe(document.body, { childList: true })""")
    # Each click's own tile travels first (the page draws this seat's move before the
    # bot's answer, whose flights may follow in the same wait): the drawn tile into the
    # hand, then the discard onto the pile.
    for button, what, lands in (("#draw", "the drawn tile", "drawn"),
                                ("#hand .tile.playable", "the discard", "last")):
        seen = me.events_seen()
        me.page.locator(button).first.click()
        me.wait_past(seen)
        me.settled()
        flights: list[str] = me.page.evaluate("window.flights.splice(0)")
        assert flights, f"{what} did not travel"
        assert {"tile", lands} <= set(flights[0].split()), (what, flights)
    me.close()
