"""Time controls and seeds end to end, in a real headless Chromium against a real
``aves serve`` (which times the seats itself and plays a timed-out seat's move with
its stand-in bot).

The lobby's form offers a time control (none by default, real-time and turn-based
presets) with words for what happens when time runs out, chosen here with the keyboard;
it sends the control and never a seed. The table shows each seat's clock, the running
one counting down, and the lobby lists the control in words ("5 min + 10 s"). A table
of a 10 s bank whose player lets it run out: the stand-in bot plays for the seat, the
clock says "timed out" and the page tells the player, and the player's own move
(clicked) clears both. A seeded table says so in the lobby and on its page. axe-core
finds no serious or critical violation; screenshots at 1280 and 390 px go to
``test-artifacts/screenshots`` (``timecontrol-*.png``) to be looked at.
"""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest
from browserkit import PHONE, WIDE, Page, serious_violations
from hostserver import ServeProcess

PlaywrightError = pytest.importorskip("playwright.sync_api").Error

SEEDED = "Dealt from a chosen seed: whoever chose it knows every card"
TIMED_OUT = "Your time ran out: a bot played your move. Move to take your seat back."


def call(server: ServeProcess, method: str, path: str, body: Any = None) -> Any:
    request = urllib.request.Request(
        f"{server.url}api/{path}", method=method, headers={"Content-Type": "application/json"},
        data=None if body is None else json.dumps(body).encode())
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def seat_clock(page: Page, seat: int) -> dict[str, Any] | None:
    """Seat ``seat``'s clock as the page shows it (None when there is none)."""
    found: dict[str, Any] | None = page.page.evaluate(
        """seat => {
             const item = document.querySelector(`#clocks li[data-seat="${seat}"]`);
             if (!item) return null;
             const mark = item.querySelector(".clock-mark");
             return { time: item.querySelector("[role=timer]").textContent,
                      label: item.querySelector("[role=timer]").getAttribute("aria-label"),
                      running: item.classList.contains("running"),
                      timed_out: item.classList.contains("timed-out"),
                      mark: mark ? mark.textContent : null };
           }""", seat)
    return found


def seconds(text: str) -> int:
    """A clock's "m:ss" or "h:mm:ss" in seconds."""
    total = 0
    for part in text.split(":"):
        total = total * 60 + int(part)
    return total


def fits(page: Page) -> None:
    wide = page.page.evaluate("document.scrollingElement.scrollWidth")
    assert wide <= PHONE["width"] + 1, f"{page.name} is {wide} px wide on a phone"


def test_a_table_with_a_clock_from_the_lobby_form(browser: Any, server: ServeProcess) -> None:
    me = Page(browser, server.url, "timecontrol-lobby")
    sent: list[dict[str, Any]] = []
    me.page.on("request", lambda request: sent.append(json.loads(request.post_data or "{}"))
               if request.method == "POST" and request.url.endswith("/api/tables") else None)
    me.page.wait_for_selector("#create")
    me.page.select_option("#game", "aves")
    me.page.select_option("#players", "2")
    me.page.locator(".seat .who").nth(1).select_option("greedy")
    # No clock unless one is chosen; the choice is labelled and explained in words.
    assert "none" == me.page.input_value("#clock")
    assert "Time control" in me.page.inner_text("label[for=clock]")
    assert "No clock" in me.page.inner_text("#clock-help")
    groups = me.page.eval_on_selector_all("#clock optgroup",
                                          "(nodes) => nodes.map((node) => node.label)")
    assert ["Real time", "Turn-based"] == groups
    offered = me.page.locator("#clock option").all_inner_texts()
    assert {"No clock", "5 min + 10 s a move", "15 min + 30 s a move", "1 day a move",
            "3 days a move"} <= set(offered)
    # Chosen with the keyboard: the help says what happens when time runs out.
    me.page.focus("#clock")
    for _ in range(len(offered)):
        if me.page.input_value("#clock") == "realtime-5":
            break
        me.page.keyboard.press("ArrowDown")
    assert "realtime-5" == me.page.input_value("#clock")
    help_text = me.page.inner_text("#clock-help")
    assert "5 minutes for the whole game" in help_text
    assert "10 seconds more after each" in help_text
    assert "a bot plays that move for them" in help_text
    assert "take their seat back by making a move" in help_text
    assert "clock-help" == me.page.get_attribute("#clock", "aria-describedby")
    me.shot("form-1280")
    assert [] == serious_violations(me)
    # The choice stays when the game changes and back.
    me.page.select_option("#game", "soulaween")
    me.page.select_option("#game", "aves")
    assert "realtime-5" == me.page.input_value("#clock")
    me.page.select_option("#players", "2")
    me.page.locator(".seat .who").nth(1).select_option("greedy")
    me.page.focus("#create")
    me.page.keyboard.press("Enter")
    me.page.wait_for_selector("#status, #result")
    me.settled()
    table = me.page.evaluate("window.avesClient.table")
    # The form sent the control, and no seed (the default server refuses seeds).
    assert 1 == len(sent)
    assert {"kind": "realtime", "bank": 300, "bonus": 10} == sent[0]["clock"]
    assert "seed" not in sent[0]
    assert call(server, "GET", f"tables/{table}")["seeded"] is False
    assert me.page.locator("#seeded").is_hidden()
    assert "null" not in me.page.inner_text("main")
    # Both seats' clocks; the running one counts down.
    me.page.wait_for_selector("#clocks li.running")
    assert me.page.locator("#clocks li").count() == 2
    me.wait_for_turn_or_end()
    me.settled()
    mine = seat_clock(me, 0)
    assert mine is not None
    assert mine["running"], mine
    assert mine["label"].startswith("player 1 (you): ")
    assert "clock running" in mine["label"]
    bot = seat_clock(me, 1)
    assert bot is not None
    assert not bot["running"]
    assert "(bot)" in bot["label"]
    before = seconds(mine["time"])
    assert 280 <= before <= 300
    time.sleep(2.2)
    after = seat_clock(me, 0)
    assert after is not None
    assert after["running"]
    assert before - 3 <= seconds(after["time"]) <= before - 1
    assert "0:00" != after["time"]
    assert me.page.locator("#timed-out").is_hidden()
    me.shot("table-1280")
    assert [] == serious_violations(me)
    me.page.set_viewport_size(PHONE)
    me.page.wait_for_function("document.scrollingElement.scrollWidth <= 391")
    fits(me)
    me.shot("table-390")
    # The lobby lists the table's time control in words.
    me.page.set_viewport_size(WIDE)
    me.page.goto(f"{server.url}#/")
    row = me.page.locator(f"table.list tr[data-table='{table}']")
    row.wait_for()
    assert "clock: 5 min + 10 s" == row.locator(".table-clock").inner_text()
    assert 0 == row.locator(".table-seeded").count()
    me.close()


def test_the_lobby_and_the_table_say_a_table_was_dealt_from_a_chosen_seed(
        browser: Any, server: ServeProcess) -> None:
    seeded = call(server, "POST", "tables", {"game": "aves", "players": ["Ana", "Bo"], "seed": 7,
                                             "bots": {"1": "greedy"},
                                             "clock": {"kind": "turn", "per_move": 86400}})
    plain = call(server, "POST", "tables", {"game": "soulaween", "players": ["Ana", "Bo"],
                                            "clock": {"kind": "realtime", "bank": 900,
                                                      "bonus": 30}})
    for viewport, label in ((WIDE, "1280"), (PHONE, "390")):
        me = Page(browser, server.url, "timecontrol-seeded", viewport=viewport)
        row = me.page.locator(f"table.list tr[data-table='{seeded['table']}']")
        row.wait_for()
        assert SEEDED == row.locator(".table-seeded").inner_text()
        assert "1 day a move" in row.locator(".table-clock").inner_text()
        other = me.page.locator(f"table.list tr[data-table='{plain['table']}']")
        assert 0 == other.locator(".table-seeded").count()
        assert "15 min + 30 s" in other.locator(".table-clock").inner_text()
        if viewport is PHONE:
            fits(me)
        me.shot(f"lobby-{label}")
        assert [] == serious_violations(me)
        me.page.goto(f"{server.url}#/table/{seeded['table']}")
        me.page.wait_for_selector("#status, #result")
        me.settled()
        assert f"{SEEDED}." == me.page.inner_text("#seeded")
        assert me.page.locator("#clocks li").count() == 2
        if viewport is PHONE:
            fits(me)
        me.shot(f"seeded-table-{label}")
        assert [] == serious_violations(me)
        me.close()


def my_move_by_clicking(page: Page) -> bool:
    """A card of the hand, then a gap of the circle, clicked; False when the move could
    not be made (the stand-in bot was quicker: the seat's 2 s ran out again)."""
    seen = page.events_seen()
    try:
        page.page.locator("#hand .card.playable").first.click(timeout=1500)
        page.page.locator("#circle > .gap.legal").first.click(timeout=1500)
        page.wait_past(seen)
    except PlaywrightError:  # the page moved on under the click: try next turn
        return False
    return True


def test_a_seat_whose_time_runs_out_is_played_by_a_bot_until_it_moves(
        browser: Any, server: ServeProcess) -> None:
    table = call(server, "POST", "tables", {
        "game": "aves", "players": ["Ana", "Bo"], "bots": {"1": "greedy"},
        "clock": {"kind": "realtime", "bank": 10, "bonus": 2}})["table"]
    started = time.monotonic()
    me = Page(browser, server.url, "timecontrol-timeout")
    me.page.goto(f"{server.url}#/table/{table}/join/0")  # the seat taken in the page
    me.page.wait_for_selector("#status, #result")
    me.settled()
    assert 0 == me.page.evaluate("window.avesClient.seat")
    me.page.wait_for_selector("#status .you")
    me.settled()
    mine = seat_clock(me, 0)
    assert mine is not None
    assert mine["running"]
    assert not mine["timed_out"]
    assert seconds(mine["time"]) <= 10
    assert me.page.locator("#timed-out").is_hidden()
    before = me.events_seen()
    me.shot("my-time-runs")
    # The 10 s run out: the stand-in plays Ana's move, and the page says so.
    me.page.wait_for_selector("#clocks li[data-seat='0'].timed-out", timeout=25_000)
    me.settled()
    assert time.monotonic() - started >= 9.5
    assert me.events_seen() > before  # the game moved on
    # What happened says it, before the move the stand-in played ("You put ...").
    log = me.page.inner_text("#log").splitlines()
    said = log.index("Your time ran out: a bot played your move")
    assert log[said + 1].startswith("You "), log
    timed = seat_clock(me, 0)
    assert timed is not None
    assert "timed out" == timed["mark"]
    assert "timed out" in timed["label"]
    assert TIMED_OUT == me.page.inner_text("#timed-out")
    assert "status" == me.page.get_attribute("#timed-out", "role")
    summary = call(server, "GET", f"tables/{table}")
    assert summary["clocks"]["seats"][0]["timed_out"] is True
    me.shot("timed-out-1280")
    assert [] == serious_violations(me)
    me.page.set_viewport_size(PHONE)
    me.page.wait_for_function("document.scrollingElement.scrollWidth <= 391")
    fits(me)
    me.shot("timed-out-390")
    me.page.set_viewport_size(WIDE)
    # Ana moves herself (a card, then a gap, clicked): the mark and the notice go. Each of
    # her turns now has the 2 s bonus only, so the stand-in may be quicker: next turn then.
    cleared = False
    for _ in range(8):
        if not me.wait_for_turn_or_end():
            break
        me.settled()
        if not my_move_by_clicking(me):
            continue
        try:
            # Both at once: Ana's next timeout may come a few seconds later.
            me.page.wait_for_function(
                """() => { const mine = document.querySelector("#clocks li[data-seat='0']");
                           return mine && !mine.classList.contains("timed-out")
                             && !mine.querySelector(".clock-mark")
                             && document.querySelector("#timed-out").hidden; }""",
                timeout=3000)
        except PlaywrightError:  # the stand-in played this turn after all
            continue
        cleared = True
        break
    assert cleared, "Ana's own move never cleared the timed-out mark"
    me.shot("back-1280")
    me.close()
