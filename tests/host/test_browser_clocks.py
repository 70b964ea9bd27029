"""The seats' clocks in the browser shell, in a real headless Chromium against a real
``aves serve``. The server does not send clocks yet, so the messages that carry them
are handed to the page's own socket handling (``avesClient.receive``): each seat's
clock shows beside its name, the running one counts down from the moment its message
arrived (whatever the server's ``now``), a low clock and a timed-out seat say so in
text as well as colour, a turn-based deadline days away reads "2 d 3 h", every clock
has a label in words, and nothing shows without clocks. Screenshots go to
``test-artifacts/screenshots`` (``clocks-*.png``) and ``/tmp/clocks.png``."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

from browserkit import PHONE, Page, serious_violations
from hostserver import ServeProcess

# Whatever the server's clock says: the page never compares it with its own.
FAR_OFF_NOW = 1.0


def post(server: ServeProcess, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(f"{server.url}api/{path}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


def ana_at_her_seat(browser: Any, server: ServeProcess, name: str, **options: Any) -> Page:
    """Ana's page at seat 0 of a Soulaween table whose seat 1 (Bo) nobody took: nothing
    moves by itself while the test hands the page its messages."""
    table = post(server, "tables", {"game": "soulaween", "players": ["Ana", "Bo"]})["table"]
    token = post(server, f"tables/{table}/seats/0/join", {})["token"]
    page = Page(browser, server.url, name, **options)
    page.page.evaluate("([key, token]) => localStorage.setItem(key, token)",
                       [f"aves:{table}:0", token])
    page.page.goto(f"{server.url}#/table/{table}/seat/0")
    page.page.wait_for_selector("#status")
    page.settled()
    return page


def hand(page: Page, kind: str, clocks: dict[str, Any] | None) -> None:
    """Give the page a message of ``kind`` (welcome or events) as its socket would, with
    ``clocks`` (None: the key is absent), and wait until it is drawn."""
    page.page.evaluate(
        """([kind, clocks]) => {
             const app = window.avesClient;
             const message = kind === "welcome"
               ? { type: "welcome", seat: app.seat, view: app.view, next: app.next, undo: app.undo }
               : { type: "events", events: [], next: app.next, view: app.view, undo: app.undo };
             if (clocks !== null) message.clocks = clocks;
             app.receive(message);
           }""", [kind, clocks])
    page.settled()


def seat_clock(page: Page, seat: int) -> dict[str, Any]:
    """Seat ``seat``'s clock as the page shows it: its text, label, classes and tag."""
    found: dict[str, Any] = page.page.evaluate(
        """seat => {
             const item = document.querySelector(`#clocks li[data-seat="${seat}"]`);
             if (!item) return null;
             const timer = item.querySelector("[role=timer]");
             const mark = item.querySelector(".clock-mark");
             const words = [...item.children].map((child) => child.textContent).filter(Boolean);
             return { text: words.join(" "), time: timer.textContent,
                      label: timer.getAttribute("aria-label"), classes: [...item.classList],
                      mark: mark ? mark.textContent : null };
           }""", seat)
    return found


REALTIME = {"control": {"kind": "realtime", "bank": 300, "bonus": 10}, "now": FAR_OFF_NOW,
            "seats": [{"seat": 0, "remaining": 252.0, "running": True, "timed_out": False},
                      {"seat": 1, "remaining": 25.0, "running": False, "timed_out": True}]}


def test_each_seat_has_its_clock_and_the_running_one_counts_down(
        browser: Any, server: ServeProcess) -> None:
    page = ana_at_her_seat(browser, server, "clocks")
    assert page.page.locator("#clocks").is_hidden()  # the table has no time control
    hand(page, "events", REALTIME)
    ana, bo = seat_clock(page, 0), seat_clock(page, 1)
    assert "▶ Ana (you) 4:12" == ana["text"]
    assert "Ana (you): 4 minutes 12 seconds left, clock running" == ana["label"]
    assert "running" in ana["classes"]
    assert "low" not in ana["classes"]
    assert ana["mark"] is None
    assert "Bo 0:25 timed out" == bo["text"]
    assert "Bo: 25 seconds left, timed out" == bo["label"]
    assert {"low", "timed-out"} <= set(bo["classes"])
    assert "running" not in bo["classes"]
    time.sleep(1.5)
    assert seat_clock(page, 0)["time"] in ("4:11", "4:10")  # 252 - 1.5 s, rounded up
    assert "0:25" == seat_clock(page, 1)["time"]  # a clock that does not run stays
    page.shot("realtime")
    assert [] == serious_violations(page)
    page.close()


def test_a_low_running_clock_a_long_deadline_and_no_clocks(
        browser: Any, server: ServeProcess) -> None:
    page = ana_at_her_seat(browser, server, "clocks")
    low = {**REALTIME, "seats": [
        {"seat": 0, "remaining": 3.2, "running": True, "timed_out": False},
        {"seat": 1, "remaining": 300.0, "running": False, "timed_out": False}]}
    hand(page, "events", low)
    assert {"running", "low"} <= set(seat_clock(page, 0)["classes"])
    # The welcome of a reconnection brings the clocks too; a turn-based deadline days away.
    turn = {"control": {"kind": "turn", "per_move": 259_200}, "now": FAR_OFF_NOW, "seats": [
        {"seat": 0, "remaining": 259_200.0, "running": False, "timed_out": False},
        {"seat": 1, "remaining": 183_600.0, "running": True, "timed_out": False}]}
    hand(page, "welcome", turn)
    assert "▶ Bo 2 d 3 h" == seat_clock(page, 1)["text"]
    assert "Bo: 2 days 3 hours left, clock running" == seat_clock(page, 1)["label"]
    assert "Ana (you) 3 d 0 h" == seat_clock(page, 0)["text"]
    page.shot("turn")
    hand(page, "events", None)  # no time control: nothing shows
    assert page.page.locator("#clocks").is_hidden()
    assert 0 == page.page.locator("#clocks li").count()
    page.close()


def test_the_clocks_fit_a_phone(browser: Any, server: ServeProcess) -> None:
    page = ana_at_her_seat(browser, server, "clocks", viewport=PHONE)
    hand(page, "events", REALTIME)
    assert page.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    boxes = [page.page.locator(f'#clocks li[data-seat="{seat}"]').bounding_box()
             for seat in (0, 1)]
    for box in boxes:
        assert box is not None
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= PHONE["width"]
    page.shot("phone")
    page.close()
