"""Draft Cider in a real headless Chromium against a real ``aves serve``, played by
clicking: a card of the pool, then one of the lots of the player's orchard that light up
with the score they would reach.

A whole 6-player game by one person against five bots (three greedy, two random) at 1280
px, watched by a spectator, then the replay viewer on the finished table (each later
pool and the cards never dealt beside it); a whole 3-player game in easy mode by two
people, the second joining by the shared link on a 390 px phone; a pick by the keyboard
alone, and picks that travel from the pool to their lot when motion is allowed. Each
page shows every orchard with its eight lots and their running scores, the pool, whose
turn, the last card of every seat marked, and the result; the scores it shows are the
view's. No page ever receives a card still below the pool (a later pool, or a card never
dealt), no JavaScript error, no raw identifier in what the page says, no serious
axe-core violation, and at 390 px nothing is wider than the phone.

Screenshots go to ``test-artifacts/screenshots`` (``draft-cider-*.png``) to be looked
at: ``draft-cider-me-start.png``, ``-me-chosen.png`` (a card chosen, the accepting lots
lit with their scores), ``-me-chosen-mid.png`` (later, a lot that refuses it saying
why), ``-me-mid.png``, ``-me-over.png``, ``-watcher-mid.png``,
``-me-replay.png``, ``-friend-390-chosen.png``, ``-friend-390-over.png``,
``-friend-390-rules.png``.
"""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import browserkit as kit
from browserkit import PHONE, WIDE, finished_log, serious_violations
from hostserver import ServeProcess

from aves_core.kernel.log import read_log

RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|gameEnd|\b[a-z]+[A-Z][a-z]+\b|\ba [aeiouAEIOU]\w")
"""Identifiers that must never reach people (and "a" before a vowel)."""
CARD = re.compile(r"\b[GYR][1-5][1-5]\b")
MINUS = "\u2212"
"""The page writes negative scores with a minus sign."""
LOTS = ("mono", "feather", "tree", "unlucky", "forte", "couple", "stable", "bad")
CODES = re.compile(r"\b[GYR]\d\d\b|\b(?:red|gold|green) \d\d\b")
"""A card as its code (``Y41``) or as a colour and two digits ("red 13" reads as
thirteen): the page says sweetness and height."""


class Page(kit.Page):
    """A browser page that keeps every message its sockets receive; its screenshots are
    ``draft-cider-<name>-<label>.png``."""

    def __init__(self, browser: Any, url: str, name: str, *,
                 viewport: dict[str, int] | None = None, motion: bool = False) -> None:
        super().__init__(browser, "about:blank", f"draft-cider-{name}", viewport=viewport,
                         motion=motion)
        self.messages: list[str] = []
        self.page.on("websocket", lambda socket: socket.on(
            "framereceived", lambda payload: self.messages.append(payload)))
        self.page.goto(url)

    def view(self) -> dict[str, Any]:
        view: dict[str, Any] = self.page.evaluate("window.avesClient.view")
        return view


def people_text(page: Page) -> str:
    text: str = page.page.evaluate(
        "[...document.querySelectorAll('#board, #status, #result, #log')]"
        ".map((node) => node.innerText).join('\\n')")
    return text


def choose(page: Page) -> None:
    """Click the pool card that adds the most to the total."""
    cards = page.page.locator("#pool button.dc-pool-card")
    assert cards.count() >= 1
    gains = [int(cards.nth(index).get_attribute("data-best") or "0")
             for index in range(cards.count())]
    cards.nth(gains.index(max(gains))).click()
    page.page.wait_for_selector("button.dc-lot.accepts")


def wait_drawn(page: Page, seen: int, card: str | None) -> None:
    """Until the page has received the pick of ``card`` and drawn it: the card has left
    the pool (before, the page still offers the pool it had)."""
    page.wait_past(seen)
    page.page.wait_for_function(
        "card => !document.querySelector(`#pool [data-card='${card}']`)", arg=card)


def play_best(page: Page) -> dict[str, Any]:
    """One pick by clicking: the best pool card, then the lit lot with the best total;
    the move that was played."""
    view = page.view()
    choose(page)
    lots = page.page.locator("button.dc-lot.accepts")
    totals = [int(lots.nth(index).get_attribute("data-total") or "0")
              for index in range(lots.count())]
    lot = lots.nth(totals.index(max(totals)))
    chosen = page.page.locator("#pool button.dc-pool-card.chosen").get_attribute("data-card")
    name = lot.get_attribute("data-lot")
    seen = page.events_seen()
    lot.click()
    wait_drawn(page, seen, chosen)
    move = {"type": "pick", "player": view["seat"], "card": chosen, "lot": name}
    assert move in view["legal_moves"]
    return move


def check_table(page: Page) -> None:
    """Every orchard with its eight lots, each showing the view's running score, and the
    seat's total; the pool's cards are the view's."""
    view = page.view()
    players = len(view["orchards"])
    assert players == page.page.locator(".dc-orchard").count()
    for seat in range(players):
        orchard = page.page.locator(f"#orchard-{seat}")
        assert 8 == orchard.locator(".dc-lot").count()
        for index, lot in enumerate(LOTS):
            box = orchard.locator(f'.dc-lot[data-lot="{lot}"]')
            shown = box.locator(".dc-score").inner_text().replace(MINUS, "-")
            assert int(shown) == view["lot_scores"][seat][index]
            cards = box.locator(".dc-cards .dc-card")
            assert [cards.nth(i).get_attribute("data-card") for i in range(cards.count())] \
                == view["orchards"][seat][index]
        total = orchard.locator(".dc-total").inner_text().replace(MINUS, "-")
        assert total.split()[0] == str(view["scores"][seat])
    if view["result"] is None:
        pool = page.page.locator("#pool .dc-pool-cards .dc-card")
        assert [pool.nth(i).get_attribute("data-card") for i in range(pool.count())] \
            == view["pool"]


def nothing_hidden(page: Page, deck: list[str], pool: int) -> None:
    """No message this page received names a card still below the pool when it was sent
    (a later pool, or a card never dealt): its cards are all of the pools laid so far."""
    checked = 0
    for payload in page.messages:
        named = set(CARD.findall(payload))
        message = json.loads(payload)
        view = message.get("view") if isinstance(message, dict) else None
        laid = set(deck[:view["round"] * pool]) if isinstance(view, dict) else set(deck[:72])
        assert named <= laid, f"hidden cards reached {page.name}: {named - laid}"
        checked += isinstance(view, dict)
    assert checked >= 12


def test_a_whole_six_player_game_against_five_bots_watched_and_replayed(
        browser: Any, server: ServeProcess) -> None:
    me = Page(browser, server.url, "me", viewport=WIDE)
    table = kit.create_table(me, "draft-cider", ["greedy", "random"] * 2 + ["greedy"], {})
    watcher = Page(browser, f"{server.url}#/table/{table}", "watcher", viewport=WIDE)
    watcher.page.wait_for_selector("#status, #result")
    assert "watching" in watcher.page.inner_text("#status, #result")
    me.wait_for_turn_or_end()
    me.settled()
    me.shot("start")
    check_table(me)
    picks = 0
    shots: set[str] = set()
    while me.wait_for_turn_or_end():
        me.settled()
        if picks == 6:
            # Checked on my turn: the bots wait for me, so no event redraws the table
            # between reading the view and reading the page.
            check_table(me)
            me.shot("mid")
            # The watcher has had every event I have had, and drawn them.
            watcher.page.wait_for_function("n => window.avesClient.next >= n",
                                           arg=me.events_seen())
            watcher.settled()
            check_table(watcher)
            assert 0 == watcher.page.locator("#pool button, button.dc-lot").count()
            watcher.shot("mid")
        if picks == 0:
            choose(me)
            # The lit lots say the score they would reach; the others "not here".
            lit = me.page.locator("button.dc-lot.accepts")
            assert lit.count() >= 2  # unlucky and bad take any card
            assert "→" in lit.first.inner_text()
            assert "total" in lit.first.inner_text()
            me.shot("chosen")
            me.page.locator("#pool button.dc-pool-card.chosen").click()  # chosen again: none
            assert 0 == me.page.locator("button.dc-lot.accepts").count()
        if picks >= 4 and "chosen-mid" not in shots:
            choose(me)
            refused = me.page.locator(".dc-lot.refuses")
            if refused.count():  # a lot that refuses the card says why
                assert "not here: " in refused.first.inner_text()
                me.shot("chosen-mid")
                shots.add("chosen-mid")
            me.page.locator("#pool button.dc-pool-card.chosen").click()
        play_best(me)
        picks += 1
        assert picks <= 12, "more than 12 picks"
    me.settled()
    assert picks == 12
    check_table(me)
    assert me.page.query_selector("#result") is not None
    assert 6 == me.page.locator("#orchard-0 .dc-lots .dc-card").count() // 2  # 12 cards
    assert me.page.locator(".dc-card.just").count() == 6  # every seat's last card
    me.shot("over")
    assert [] == RAW.findall(people_text(me))
    assert [] == CODES.findall(people_text(me))
    assert [] == serious_violations(me)
    watcher.page.wait_for_selector("#result")
    watcher.settled()
    check_table(watcher)
    watcher.shot("over")
    # The deck below the pool (later pools, the 3 cards never dealt) reaches nobody.
    deck = list(read_log(finished_log(server, table)).setup.deck)
    unused = set(deck[72:])
    assert 3 == len(unused)
    for page in (me, watcher):
        nothing_hidden(page, deck, 12)
    # The replay viewer: each step drawn for a spectator, with what only the log knows.
    me.page.goto(f"{server.url}#/replay/{table}")
    me.page.wait_for_selector("#next")
    me.page.click("#next")
    assert "move 1 of" in me.page.inner_text("#position")
    me.page.wait_for_selector("#replay .dc-picture")
    assert 6 == me.page.locator("#replay .dc-picture .dc-standings li").count()
    # Below the pool: 75 cards less the pool of 12, the next five pools of 12 in turn,
    # then the 3 cards never dealt.
    assert me.page.locator("#replay .dc-picture .dc-undealt .dc-card").count() == 63
    later = me.page.locator("#replay .dc-picture .dc-later")
    assert 6 == later.count()
    assert "Round 2's pool" in later.first.inner_text()
    assert "Never dealt" in later.last.inner_text()
    assert unused == {later.last.locator(".dc-card").nth(i).get_attribute("data-card")
                      for i in range(3)}
    assert 1 == me.page.locator("#replay .dc-card.just").count()
    assert me.page.locator("#replay .dc-picture .dc-pool-cards .dc-card").count() == 11
    assert [] == CODES.findall(me.page.inner_text("#replay .dc-picture"))
    me.shot("replay")
    me.page.click("#last")
    me.page.wait_for_selector("#replay .result")
    assert "Game over" in me.page.inner_text("#replay")
    me.shot("replay-last")
    for page in (me, watcher):
        page.close()


def test_a_friend_joins_by_the_link_and_plays_on_a_phone(browser: Any,
                                                         server: ServeProcess) -> None:
    with urllib.request.urlopen(f"{server.url}api/games") as answer:
        games = {game["id"]: game for game in json.load(answer)["games"]}
    assert {"module": "games/draft-cider/web/index.js",
            "style": "games/draft-cider/web/style.css"} == games["draft-cider"]["web"]
    me = Page(browser, server.url, "host", viewport=WIDE)
    # Easy mode: a card in bad scores +1 (DC19).
    table = kit.create_table(me, "draft-cider", ["human", "random"], {"bad_points": "1"})
    link = me.page.locator("code.share").first.inner_text().strip()
    assert link.endswith(f"#/table/{table}/join/1")
    friend = Page(browser, link, "friend-390", viewport=PHONE)
    friend.page.wait_for_selector("#status, #result")
    assert 1 == friend.page.evaluate("window.avesClient.seat")
    picks = {0: 0, 1: 0}
    shots = set()
    while not me.page.query_selector("#result"):
        mover = next((page for page in (me, friend)
                      if page.page.query_selector("#status .you")), None)
        if mover is None:
            me.page.wait_for_timeout(50)
            continue
        mover.settled()
        seat = 0 if mover is me else 1
        if seat == 1 and "chosen" not in shots:
            choose(friend)
            shots.add("chosen")
            friend.shot("chosen")
            # Nothing is wider than the phone.
            assert friend.page.evaluate("document.documentElement.scrollWidth") <= 390
            friend.page.locator("#pool button.dc-pool-card.chosen").click()  # none chosen
        play_best(mover)
        picks[seat] += 1
        assert picks[seat] <= 12
    assert picks == {0: 12, 1: 12}
    for page in (me, friend):
        page.page.wait_for_selector("#result")
        page.settled()
        check_table(page)
        assert page.page.locator(".dc-card.just").count() == 3
    assert friend.page.evaluate("document.documentElement.scrollWidth") <= 390
    assert "a card in bad scores +1" in friend.page.inner_text(".dc-head")
    friend.shot("over")
    friend.page.click("#rules-button")
    friend.page.wait_for_selector("dialog#rules[open]")
    assert "lit lot" in friend.page.inner_text("dialog#rules")
    friend.shot("rules")
    assert [] == RAW.findall(people_text(friend))
    assert [] == serious_violations(friend)
    for page in (me, friend):
        page.close()


def test_a_pick_by_keyboard_and_one_that_travels_when_motion_is_allowed(
        browser: Any, server: ServeProcess) -> None:
    me = Page(browser, server.url, "motion", viewport=WIDE, motion=True)
    kit.create_table(me, "draft-cider", ["random"], {})
    me.page.evaluate("""() => { window.flown = []; new MutationObserver((changes) => {
        for (const change of changes) for (const node of change.addedNodes)
          if (node.classList && node.classList.contains("flying")
              && node.classList.contains("dc-card")) window.flown.push(node.dataset.card); })
        .observe(document.body, { childList: true }); }""")
    # The first pick by the keyboard alone: Enter on a pool card moves the focus to the
    # first lot that accepts it, and Enter there plays.
    assert me.wait_for_turn_or_end()
    me.settled()
    me.page.locator("#pool button.dc-pool-card").first.focus()
    me.page.keyboard.press("Enter")
    assert me.page.evaluate("document.activeElement.matches('button.dc-lot.accepts')")
    chosen = me.page.locator("#pool button.dc-pool-card.chosen").get_attribute("data-card")
    seen = me.events_seen()
    me.page.keyboard.press("Enter")
    wait_drawn(me, seen, chosen)
    assert me.wait_for_turn_or_end()
    me.settled()
    play_best(me)
    me.settled()
    assert me.page.evaluate("window.flown.length") >= 2  # a ghost card flew for each pick
    assert 2 == me.page.locator("#orchard-0 .dc-card").count()
    me.close()
