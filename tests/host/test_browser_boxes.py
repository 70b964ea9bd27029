"""Boxes in a real headless Chromium against a real ``aves serve``, played by clicking.

A whole game of 4 seats: two people (two browser pages, the second joining by the
shared link) and two bots, at 1280 px and at 390 px. The auctioneer's choice by its
buttons; examining by clicking a face-down box, then Stop; a sealed bid built note by
note (a click adds a note, a click in the bid takes it back, the total, Commit), while
the table says who has committed and who is still thinking, both people's pages able
to commit at once; the reveal of every bid at once; the open auction's Bid buttons,
the typed amount and Pass; the payment's buttons. No page ever holds a card or a
commit its seat may not see (every message each socket received is checked), and a
spectator, watching the whole game, sees nothing hidden. The replay viewer steps
through the finished table. No JavaScript error, no raw identifier in what the page
says, no serious axe-core violation.

Screenshots go to ``test-artifacts/screenshots`` to be looked at, among them
``boxes-ann-1280-sealed-building.png`` (a bid being built), ``boxes-bo-1280-committed.png``
(the committed and still-thinking badges), ``boxes-ann-1280-reveal.png``,
``boxes-ann-1280-open-auction.png``, ``boxes-ann-1280-payment.png``,
``boxes-ann-390-sealed-building.png`` (the phone), ``boxes-watcher-1280-watching.png``,
``boxes-ann-1280-over.png`` and ``boxes-ann-1280-replay.png``.
"""

from __future__ import annotations

import json
import re
from typing import Any

import browserkit as kit
import pytest
from browserkit import PHONE, WIDE, finished_log, serious_violations
from hostserver import ServeProcess

from aves_core import replay

RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|sealedBid|openAuction|chooseAuction|gameEnd"
                 r"|\b[a-z]+[A-Z][a-z]+\b|\ba [aeiouAEIOU]\w")
"""Identifiers that must never reach people (and "a" before a vowel)."""


class Page(kit.Page):
    """A browser page that keeps every message its sockets receive; its screenshots are
    ``boxes-<name>-<label>.png``."""

    def __init__(self, browser: Any, url: str, name: str, *,
                 viewport: dict[str, int] | None = None) -> None:
        super().__init__(browser, "about:blank", f"boxes-{name}", viewport=viewport)
        self.messages: list[dict[str, Any]] = []
        self.shots: set[str] = set()
        self.page.on("websocket", lambda socket: socket.on(
            "framereceived", lambda payload: self.messages.append(json.loads(payload))))
        self.page.goto(url)

    def once(self, label: str) -> None:
        """A screenshot the first time ``label`` is seen."""
        if label not in self.shots:
            self.shots.add(label)
            self.settled()
            self.shot(label)

    def phase(self) -> str:
        phase: str = self.page.evaluate("window.avesClient.view.phase")
        return phase


def people_text(page: Page) -> str:
    text: str = page.page.evaluate(
        "[...document.querySelectorAll('#board, #status, #result, #log')]"
        ".map((node) => node.innerText).join('\\n')")
    return text


def my_move(page: Page) -> bool:
    return page.page.query_selector("#status .you") is not None


def play_move(page: Page, looks: dict[int, int]) -> str:
    """One move of this page's seat by clicking, and which it was."""
    board = page.page
    seen = page.events_seen()
    view = board.evaluate("window.avesClient.view")
    phase = str(view["phase"])
    if phase == "chooseAuction":
        kind = "sealed" if view["container"] % 2 else "open"
        board.click(f"#choose-{kind}")
    elif phase == "examine":
        done = looks.get(view["container"], 0)
        slots = board.query_selector_all("#container button.bx-slot.playable")
        if done < 2 and slots:
            page.once("examine")
            slots[(done * 3 + view["container"]) % len(slots)].click()
            looks[view["container"]] = done + 1
            board.wait_for_function("n => window.avesClient.next > n", arg=seen)
            page.once("examined")
            return "examine"
        board.click("#stop")
    elif phase == "sealedBid":
        notes = board.locator("#my-notes button.bx-note")
        held = notes.count()
        if held:
            # The largest note, the smallest, the largest again; then one taken back.
            first = int(notes.first.inner_text())
            notes.first.click()
            notes.last.click()
            if notes.count():
                notes.first.click()
            board.locator("#bid-notes button.bx-note").last.click()
            total = board.inner_text("#bid-total")
            assert total.startswith("Total: ")
            assert int(total[7:].split()[0].replace(",", "")) >= first
        else:  # no notes: a bid of 0
            assert "Total: 0 ECU" in board.inner_text("#bid-total")
        page.once("sealed-building")
        board.click("#commit")
    elif phase == "openAuction":
        if view["auction"] == "open":  # no earlier container's sealed bids beside it
            assert board.query_selector("#reveal") is None, view["container"]
        if view["standing"] is not None and my_move(page):
            assert f"bid more than {view['standing']:,} ECU, or pass" in board.inner_text(
                "#status")
        standing = view["standing"]
        if standing is not None and standing >= 600 and board.query_selector("#pass"):
            page.once("open-auction")
            board.click("#pass")
        elif board.query_selector("#bid-amount") and standing is not None and standing < 300:
            page.once("open-auction-typed")
            board.fill("#bid-amount", str(standing + 100))
            board.click("#bid")
        elif board.query_selector(".bid-quick"):
            board.click(".bid-quick")
        else:
            board.click("#pass")
    else:
        page.once("payment")
        board.click("#payments button")
    page.wait_past(seen)
    return phase


def check_secrets(page: Page, seat: int | None) -> None:
    """No message a socket of ``seat`` (None: a spectator) received holds another seat's
    examined card, sealed notes or won cards."""
    for message in page.messages:
        for event in message.get("events", []):
            kind = event.get("type")
            if kind == "examined" and event["seat"] != seat:
                assert event["card"] is None
            if kind == "committed" and event["seat"] != seat:
                assert event["notes"] is None
            if kind == "sold" and event["seat"] != seat:
                assert event["cards"] is None
        view = message.get("view")
        if view is not None:
            assert view["seat"] == seat
            for look in view["looks"]:
                if look["seat"] != seat:
                    assert look["card"] is None
            if seat is None:
                assert view["my_commit"] is None
                assert view["my_containers"] == []


@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280", "390"])
def test_a_whole_boxes_game_by_two_people_and_two_bots(
        browser: Any, server: ServeProcess, viewport: dict[str, int]) -> None:
    width = str(viewport["width"])
    ann = Page(browser, server.url, f"ann-{width}", viewport=viewport)
    table = kit.create_table(ann, "boxes", ["human", "random", "random"], {})
    link = ann.page.locator("code.share").first.inner_text().strip()
    assert link.endswith(f"#/table/{table}/join/1")
    bo = Page(browser, link, f"bo-{width}", viewport=viewport)
    bo.page.wait_for_selector("#status, #result")
    assert 1 == bo.page.evaluate("window.avesClient.seat")
    wide = viewport is WIDE
    watcher = Page(browser, f"{server.url}#/table/{table}", f"watcher-{width}",
                   viewport=viewport) if wide else None
    ann.once("start")
    looks: dict[Page, dict[int, int]] = {ann: {}, bo: {}}
    kinds: list[str] = []
    both_sealed = False
    while not ann.page.query_selector("#result"):
        movers = [page for page in (ann, bo) if my_move(page)]
        if not movers:
            ann.page.wait_for_timeout(80)
            continue
        if len(movers) == 2 and movers[0].phase() == "sealedBid":
            both_sealed = True
            assert "also to move" in ann.page.inner_text("#status")
        mover = movers[0]
        mover.settled()
        kind = play_move(mover, looks[mover])
        kinds.append(kind)
        if kind == "sealedBid":
            other = bo if mover is ann else ann
            mover.settled()
            if mover.page.query_selector("#auction .badge, #seats .badge.thinking"):
                mover.once("committed")
            other.settled()
            if my_move(other) and other.phase() == "sealedBid":
                # The other person's page says who has committed, not what.
                assert "committed" in other.page.inner_text("#seats").lower()
                other.once("other-still-thinking")
        for page in (ann, bo):
            if page.page.query_selector("#reveal"):
                page.once("reveal")
        if watcher is not None and len(kinds) == 6:
            watcher.once("watching")
            assert 0 == watcher.page.locator("#mine, #bid-notes, #my-commit").count()
            assert 0 == watcher.page.locator("#container .bx-card").count()
        assert len(kinds) < 500, "the game did not end"
    # The drawing fits a phone: nothing wider than the page (bo's page has no share link,
    # which is the shell's).
    assert viewport["width"] >= bo.page.evaluate("document.documentElement.scrollWidth")
    for page in (ann, bo):
        page.page.wait_for_selector("#result")
        page.settled()
        page.once("over")
        assert page.page.query_selector("#final") is not None
        assert [] == RAW.findall(people_text(page)), people_text(page)
        # A default name as the lobby gives it, everywhere: "player 3", never "Player 3".
        assert not re.search(r"\bPlayer \d", people_text(page)), people_text(page)
    assert {"chooseAuction", "examine", "sealedBid", "openAuction"} <= set(kinds)
    assert both_sealed
    assert [] == serious_violations(ann)
    check_secrets(ann, 0)
    check_secrets(bo, 1)
    outcome = replay(finished_log(server, table, ann))
    assert outcome.valid
    if watcher is not None:
        watcher.page.wait_for_selector("#result")
        watcher.once("over")
        check_secrets(watcher, None)
        # The replay viewer: a spectator's steps, and the log's picture beside them.
        ann.page.goto(f"{server.url}#/replay/{table}")
        ann.page.wait_for_selector("#next")
        for _ in range(12):
            ann.page.click("#next")
        assert "move 12 of" in ann.page.inner_text("#position")
        assert 4 == ann.page.locator("#replay .bx-picture .bx-seat").count()
        assert 0 == ann.page.locator("#replay #container .bx-card").count()
        ann.shot("replay")
        ann.page.click("#last")
        ann.page.wait_for_selector("#replay .result")
        # Every seat's cards, all 60 (a repeated no-colour card is shown once with its count).
        assert 60 == ann.page.evaluate(
            "[...document.querySelectorAll('#replay .bx-picture .bx-card')].reduce("
            "(total, node) => total + (parseInt(node.getAttribute('aria-label')) || 1), 0)")
        ann.shot("replay-last")
        watcher.close()
    ann.close()
    bo.close()
