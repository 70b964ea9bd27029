"""The browser shell, whatever the game, in a real headless Chromium against a real
``aves serve``: the history survives a reload and reaches a late spectator, Undo shows
only when it can work and a refusal is said in words where it covers nothing, the
lobby takes a person back to their seat and says what each table and option is, the
replay viewer plays a game with the game's own drawing and says each move in words,
every page fits a 390 px phone and passes axe-core with no serious or critical
violation, and the lobby's form works from the keyboard. Screenshots go to
``test-artifacts/screenshots`` (``shell-*.png``)."""

from __future__ import annotations

import json
import random
import re
import urllib.request
from typing import Any

import pytest
from browserkit import (
    PHONE,
    Page,
    create_table,
    serious_violations,
)
from hostserver import ServeProcess

from aves_core import replay


def post(server: ServeProcess, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(f"{server.url}api/{path}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


def seated_page(browser: Any, server: ServeProcess, table: str, seat: int, name: str,
                **options: Any) -> Page:
    """A page holding ``seat`` of ``table`` (its token put in the browser's storage, as
    the lobby does) and showing it."""
    token = post(server, f"tables/{table}/seats/{seat}/join", {})["token"]
    page = Page(browser, server.url, name, **options)
    page.page.evaluate("([key, token]) => localStorage.setItem(key, token)",
                       [f"aves:{table}:{seat}", token])
    page.page.goto(f"{server.url}#/table/{table}/seat/{seat}")
    page.page.wait_for_selector("#status, #result")
    return page


def log_lines(page: Page) -> list[str]:
    page.settled()
    lines: list[str] = page.page.locator("#log div").all_inner_texts()
    return lines


def soulaween_put(page: Page, chooser: random.Random) -> None:
    seen = page.events_seen()
    chooser.choice(page.page.query_selector_all(".cell.legal")).click()
    page.page.click(f"button[data-face={chooser.choice(['black', 'white'])}]")
    page.wait_past(seen)


def test_the_history_survives_a_reload_and_reaches_a_late_spectator(
        browser: Any, server: ServeProcess) -> None:
    table = post(server, "tables", {"game": "cubirds", "players": ["ann", "bo", "cy"],
                                    "bots": {"1": "greedy", "2": "greedy"}})["table"]
    me = seated_page(browser, server, table, 0, "shell-history")
    while len(log_lines(me)) < 6 and me.wait_for_turn_or_end():
        seen = me.events_seen()
        me.page.evaluate("window.avesClient.socket.send(JSON.stringify({type: 'move', "
                         "move: window.avesClient.view.legal_moves[0]}))")
        me.wait_past(seen)
    # Until the bots are done: at my turn (or the end) nothing moves while the page reloads.
    me.wait_for_turn_or_end()
    me.settled()
    before = log_lines(me)
    me.page.reload()
    me.page.wait_for_selector("#status, #result")
    after = log_lines(me)
    assert before == after
    assert len(after) >= 6  # a first load gets the whole history
    watcher = Page(browser, f"{server.url}#/table/{table}", "shell-history-watcher")
    watcher.page.wait_for_selector("#status, #result")
    late = log_lines(watcher)
    assert len(late) == len(after)
    me.shot("reloaded")
    for page in (me, watcher):
        page.close()


def test_undo_shows_only_when_it_can_work_and_a_refusal_is_said_in_words(
        browser: Any, server: ServeProcess) -> None:
    chooser = random.Random(4)
    # Hei & Bai may rotate after a put: the turn goes on, and the put may be taken back.
    table = post(server, "tables", {"game": "soulaween", "players": ["ann", "bo"],
                                    "options": {"mode": "standard",
                                                "characters": ["hei_bai", "hei_bai"]}})["table"]
    pages = [seated_page(browser, server, table, seat, f"shell-undo-{seat}") for seat in (0, 1)]
    for page in pages:
        page.settled()
        assert 0 == page.page.locator("#undo").count()  # nothing to take back yet
    mover = next(page for page in pages if page.page.query_selector("#status .you"))
    other = pages[1 - pages.index(mover)]
    soulaween_put(mover, chooser)
    mover.settled()
    mover.page.wait_for_selector("#undo")
    other.page.wait_for_function("window.avesClient.next > 0")
    other.settled()
    assert 0 == other.page.locator("#undo").count()  # it is not the other's move to undo
    mover.shot("undo-offered")
    seen = mover.events_seen()
    mover.page.click("#undo")
    mover.wait_past(seen)
    mover.settled()
    assert 0 == mover.page.locator("#undo").count()
    assert "took back" in " ".join(log_lines(mover))
    # An undo the policy refuses (sent by hand: the page offers none) is said in words,
    # below the status line, over nothing.
    mover.page.evaluate("window.avesClient.socket.send(JSON.stringify({type: 'undo'}))")
    mover.page.wait_for_selector("#notice:not([hidden])")
    words = mover.page.inner_text("#notice")
    assert "undo_not_allowed" not in words
    assert "cannot undo" in words
    notice = mover.page.locator("#notice").bounding_box()
    log = mover.page.locator("#log").bounding_box()
    assert notice is not None
    assert log is not None
    assert notice["y"] + notice["height"] <= log["y"]
    mover.shot("refused")
    for page in pages:
        page.close()


def test_a_second_click_while_a_move_is_on_its_way_sends_nothing(
        browser: Any, server: ServeProcess) -> None:
    """Clicking a move twice before the server answers (a double click, or the drawing
    clicked again while the answer is on its way) sends one move: the second is not
    sent to be refused as out of turn and said as an error."""
    table = post(server, "tables", {"game": "soulaween", "players": ["ann", "bo"]})["table"]
    pages = [seated_page(browser, server, table, seat, f"shell-twice-{seat}") for seat in (0, 1)]
    for page in pages:
        page.settled()
    mover = next(page for page in pages if page.page.query_selector("#status .you"))
    seen = mover.events_seen()
    mover.page.click(".cell.legal")
    # Both clicks in one turn of the page's loop: no answer can come between them.
    mover.page.evaluate("() => { const face = document.querySelector("
                        "'button[data-face=black]'); face.click(); face.click(); }")
    mover.wait_past(seen)
    mover.settled()
    # A refusal of a second move would follow the first's events on the same socket.
    mover.page.wait_for_timeout(1000)
    assert mover.page.locator("#notice:not([hidden])").count() == 0
    assert "not your turn" not in mover.page.inner_text("body").lower()
    for page in pages:
        page.close()


def test_your_tables_takes_a_person_back_to_their_seat(browser: Any, server: ServeProcess
                                                       ) -> None:
    me = Page(browser, server.url, "shell-your-tables")
    table = create_table(me, "aves", ["greedy"], {})
    me.wait_for_turn_or_end()
    hand = me.page.inner_text("#hand")
    me.page.goto(server.url)
    row = me.page.wait_for_selector(f"#your-tables a.resume[data-table='{table}']")
    assert row is not None
    text = me.page.inner_text("#your-tables")
    assert "AVES" in text
    assert "your move!" in text or "to move" in text
    me.shot("lobby")
    row.click()
    me.page.wait_for_selector("#status, #result")
    assert me.page.evaluate("window.avesClient.seat") == 0
    assert hand == me.page.inner_text("#hand")
    me.close()


def test_the_lobby_says_what_each_game_option_and_table_is(browser: Any, server: ServeProcess
                                                           ) -> None:
    table = post(server, "tables", {"game": "soulaween", "players": ["ann", "bo"],
                                    "bots": {"1": "greedy"}})["table"]
    me = Page(browser, server.url, "shell-lobby")
    me.page.wait_for_selector("#create")
    names = me.page.locator("#game option").all_inner_texts()
    assert {"AVES", "Soulaween", "Cubirds"} <= set(names)
    for game, option in (("aves", "crows"), ("soulaween", "mode"), ("cubirds", "row_cards")):
        me.page.select_option("#game", game)
        assert len(me.page.inner_text(f"#help-{option}")) > 20
    # Its row (the module's other tests have tables on this server too).
    row = me.page.locator(f"table.list tr[data-table='{table}']")
    listed = row.inner_text()
    assert "Soulaween" in listed
    assert "soulaween" not in listed  # the game's name, not its id
    assert "1 free seat" in listed
    assert 1 == row.locator(".badge.bot").count()
    me.close()


def test_the_lobby_form_works_from_the_keyboard(browser: Any, server: ServeProcess) -> None:
    me = Page(browser, server.url, "shell-keyboard")
    me.page.wait_for_selector("#create")
    me.page.focus("#game")
    for _ in range(40):
        me.page.keyboard.press("Tab")
        if me.page.evaluate("document.activeElement.id") == "create":
            break
    assert "create" == me.page.evaluate("document.activeElement.id")
    me.page.keyboard.press("Enter")
    me.page.wait_for_selector("#status, #result")
    me.close()


def test_the_replay_viewer_plays_with_the_games_drawing_and_says_each_move(
        browser: Any, server: ServeProcess) -> None:
    table = post(server, "tables", {"game": "soulaween", "players": ["ann", "bo"],
                                    "bots": {"0": "greedy", "1": "greedy"}})["table"]
    me = Page(browser, server.url, "shell-replay")
    me.page.wait_for_selector("#create")
    for _ in range(200):
        summary = json.load(urllib.request.urlopen(f"{server.url}api/tables/{table}"))
        if summary["result"]:
            break
        me.page.wait_for_timeout(50)
    total = replay(urllib.request.urlopen(f"{server.url}api/tables/{table}/log").read()).moves
    me.page.goto(f"{server.url}#/replay/{table}")
    me.page.wait_for_selector("#slider")
    # The game's own drawing, not a flat picture: Soulaween's mat of 16 cells.
    assert 16 == me.page.locator("#replay-board .cell").count()
    me.page.click("#next")
    said = me.page.inner_text("#said")
    assert re.search(r"\b(ann|bo)\b", said)  # the move in words, naming its player
    me.page.fill("#slider", str(total // 2))
    assert f"move {total // 2} of {total}" in me.page.inner_text("#position")
    assert 1 == me.page.locator("ol.movelist li.here").count()
    me.page.select_option("#speed", label="fastest")
    me.page.click("#play")
    me.page.wait_for_function(f"document.querySelector('#position').textContent.includes("
                              f"'move {total} of')")
    assert "Game over" in me.page.inner_text("#step-header")
    assert "▶ play" in me.page.inner_text("#play")  # it stops at the end
    me.shot("replay")
    assert [] == serious_violations(me)
    me.close()


@pytest.mark.parametrize(("game", "seats"), [
    ("aves", ["greedy"]), ("soulaween", ["greedy"]), ("cubirds", ["greedy"]),
    # A friend's seat: the table shows the friend's link, which must wrap on a phone.
    ("boxes", ["human", "greedy"])])
def test_the_lobby_and_a_table_fit_a_phone_and_pass_axe(browser: Any, server: ServeProcess,
                                                        game: str, seats: list[str]) -> None:
    me = Page(browser, server.url, f"shell-phone-{game}", viewport=PHONE)
    me.page.wait_for_selector("#create")
    assert [] == serious_violations(me)
    create_table(me, game, seats, {})
    me.settled()
    assert me.page.locator("code.share").count() == seats.count("human")
    wide = me.page.evaluate("document.scrollingElement.scrollWidth")
    assert wide <= PHONE["width"] + 1, f"the {game} table is {wide} px wide on a phone"
    me.shot("table")
    assert [] == serious_violations(me)
    me.page.click("#rules-button")
    me.page.wait_for_selector("dialog#rules[open]")
    assert len(me.page.inner_text("dialog#rules")) > 200
    me.shot("rules")
    me.close()


def test_a_token_that_no_longer_holds_the_seat_is_said_in_words(
        browser: Any, server: ServeProcess) -> None:
    table = post(server, "tables", {"game": "aves", "players": ["ann", "bo"]})["table"]
    me = Page(browser, server.url, "shell-bad-token")
    me.page.evaluate("key => localStorage.setItem(key, 'not-the-token')", f"aves:{table}:0")
    me.page.goto(f"{server.url}#/table/{table}/seat/0")
    me.page.wait_for_selector("#notice")
    words = me.page.inner_text("#main")
    assert "forbidden" not in words
    assert "token" in words
    assert "Watch the table" in words
    me.close()


def test_no_page_writes_null_and_a_missing_table_offers_no_seat(
        browser: Any, server: ServeProcess) -> None:
    # The replay viewer at move 0, a seat someone holds, a table that is not there.
    played = post(server, "tables", {"game": "soulaween", "players": ["ann", "bo"],
                                     "bots": {"0": "greedy", "1": "greedy"}})["table"]
    held = post(server, "tables", {"game": "soulaween", "players": ["ann", "bo"],
                                   "bots": {"1": "greedy"}})["table"]
    post(server, f"tables/{held}/seats/0/join", {})
    me = Page(browser, server.url, "shell-words")
    me.page.wait_for_selector("#create")
    for _ in range(200):
        if json.load(urllib.request.urlopen(f"{server.url}api/tables/{played}"))["result"]:
            break
        me.page.wait_for_timeout(50)
    me.page.goto(f"{server.url}#/replay/{played}")
    me.page.wait_for_selector("#slider")
    assert "The game is set up." in me.page.inner_text("#said")
    assert "null" not in me.page.inner_text("#main")
    me.page.goto(f"{server.url}#/table/{held}/join/0")
    me.page.wait_for_selector("text=Watch the table instead")
    words = me.page.inner_text("#main")
    assert "null" not in words
    assert "You cannot take seat 1: someone holds it already." in words
    me.page.goto(f"{server.url}#/table/no-such-table/seat/0")
    me.page.wait_for_selector("text=There is no such table.")
    words = me.page.inner_text("#main")
    assert "token" not in words
    assert "Take the seat" not in words
    me.close()


def test_new_game_starts_from_the_tables_players_bots_options_and_clock(
        browser: Any, server: ServeProcess) -> None:
    me = Page(browser, server.url, "shell-new-game")
    names = ["ann", "bo", "cy", "di", "ed", "flo"]
    create_table(me, "aves", ["random", "greedy", "human", "greedy", "random"],
                 {"crows": True}, names=names)
    first = me.page.evaluate("window.avesClient.table")
    me.page.click("#new-game")
    me.page.wait_for_selector("#create")
    assert me.page.input_value("#game") == "aves"
    assert me.page.input_value("#players") == "6"
    assert [me.page.input_value(f"#name-{seat}") for seat in range(6)] == names
    assert [me.page.locator(".seat .who").nth(seat).input_value() for seat in range(6)] == [
        "me", "random", "greedy", "human", "greedy", "random"]
    assert me.page.is_checked("#option-crows")
    me.page.click("#create")
    me.page.wait_for_function("(first) => window.avesClient.table "
                              "&& window.avesClient.table !== first", arg=first)
    second = me.page.evaluate("window.avesClient.table")
    summary = json.load(urllib.request.urlopen(f"{server.url}api/tables/{second}"))
    assert summary["players"] == names
    assert [seat["bot"] for seat in summary["seats"]] == [
        None, "random", "greedy", None, "greedy", "random"]
    assert summary["options"]["crows"] is True
    me.close()
    # The clock too, and the seat the page held is "me" again.
    table = post(server, "tables", {"game": "draft-cider", "players": ["ann", "bo", "cy"],
                                    "bots": {"0": "greedy", "2": "random"},
                                    "clock": {"kind": "realtime", "bank": 300, "bonus": 10}})
    held = seated_page(browser, server, table["table"], 1, "shell-new-game-clock")
    held.page.click("#new-game")
    held.page.wait_for_selector("#create")
    assert held.page.input_value("#clock") == "realtime-5"
    assert [held.page.locator(".seat .who").nth(seat).input_value() for seat in range(3)] == [
        "greedy", "me", "random"]
    held.close()


def test_seats_are_tagged_apart_and_lists_count_from_one(browser: Any,
                                                         server: ServeProcess) -> None:
    # A tag on a card or a cell ("playe…" cut two names alike), and the fallback's lists
    # numbered as the shell numbers seats, from 1.
    page = Page(browser, server.url, "shell-tags")
    page.page.wait_for_selector("#create")
    answer = page.page.evaluate("""async () => {
        const games = await import(new URL("static/games.js", document.baseURI).href);
        const kit = await import(new URL("static/kit.js", document.baseURI).href);
        const list = kit.readable([{ cards: 1 }, { cards: 2 }]);
        return {
          tags: games.seatTags(["you", "player 2", "player 3", "Andrea", "Anton", "Bo"]),
          start: list.getAttribute("start"),
          first: list.querySelector("li") !== null,
        };
    }""")
    assert ["you", "P2", "P3", "P4", "P5", "Bo"] == answer["tags"]
    assert answer["first"]
    assert answer["start"] in (None, "1")
    page.close()
