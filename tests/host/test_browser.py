"""The browser client in a real headless Chromium against a real ``aves serve``.

Whole games of AVES and Soulaween are played by clicking, as a player would: a
table created from the lobby's form, a friend joining by the shared link in a
second browser, a spectator watching, the server killed and restarted in the
middle of a game (the page reconnects and goes on), and the replay viewer
stepping through a finished table's log and an uploaded one. Each test saves
screenshots to ``test-artifacts/screenshots`` to be looked at.

Needs Chromium (``apt-get install chromium``) and Playwright's Python package (the
dev extra). ``.ci/run`` sets ``AVES_REQUIRE_BROWSER=1``: there, a missing browser
fails these tests instead of skipping them.
"""

from __future__ import annotations

import json
import os
import random
import re
import urllib.request
from pathlib import Path
from typing import Any

from browserkit import (
    PHONE,
    Page,
    create_table,
    finished_log,
    serious_violations,
)
from hostserver import ServeProcess

from aves_core import replay

GOLDEN = Path(__file__).resolve().parents[1] / "games" / "aves" / "golden"


def play_aves_move(page: Page, chooser: random.Random) -> None:
    """One move by clicking: Pass, or a playable card (unless one is chosen already) and
    then one of its golden gaps."""
    seen = page.events_seen()
    if page.page.query_selector("#pass"):
        page.page.click("#pass")
    else:
        if page.page.query_selector("#hand .card.selected") is None:
            chooser.choice(page.page.query_selector_all("#hand .card.playable")).click()
        page.page.wait_for_selector(".gap.legal")
        chooser.choice(page.page.query_selector_all(".gap.legal")).click()
    page.wait_past(seen)


def play_soulaween_move(page: Page, chooser: random.Random) -> None:
    """One move by clicking: a reap, rotate or keep button, or an empty cell and a face."""
    seen = page.events_seen()
    buttons = page.page.query_selector_all("button.reap, #rotate, #keep")
    if buttons:
        chooser.choice(buttons).click()
    else:
        chooser.choice(page.page.query_selector_all(".cell.legal")).click()
        page.page.click(f"button[data-face={chooser.choice(['black', 'white'])}]")
    page.wait_past(seen)


# --- whole games ------------------------------------------------------------------------


def test_a_whole_aves_game_with_a_friend_and_a_bot_and_a_spectator(
        browser: Any, server: ServeProcess) -> None:
    chooser = random.Random(7)
    me = Page(browser, server.url, "aves-me")
    table = create_table(me, "aves", ["human", "greedy"], {"crows": True})
    me.shot("table")
    link = me.page.locator("code.share").first.inner_text().strip()
    assert link.endswith(f"#/table/{table}/join/1")
    friend = Page(browser, link, "aves-friend")
    friend.page.wait_for_selector("#status, #result")
    watcher = Page(browser, f"{server.url}#/table/{table}", "aves-watcher")
    watcher.page.wait_for_selector("#status, #result")
    assert "watching" in watcher.page.inner_text("#status")
    moves = 0
    while moves < 400:
        mover = next((page for page in (me, friend)
                      if page.page.query_selector("#status .you")), None)
        if me.page.query_selector("#result"):
            break
        if mover is None:  # the bot's move, or a page still receiving the last one
            me.page.wait_for_timeout(50)
            continue
        if moves == 2:
            mover.page.click("#hand .card.playable >> nth=0")
            mover.shot("card-chosen")
        play_aves_move(mover, chooser)
        moves += 1
        if moves == 3:
            watcher.shot("watching")
            # The spectator is shown no card of any hand while play goes on.
            assert 0 == watcher.page.locator(".seats .card").count()
            assert 0 == watcher.page.locator("#hand").count()
    me.page.wait_for_selector("#result .outcome")
    friend.page.wait_for_selector("#result")
    watcher.page.wait_for_selector("#result")
    for page in (me, friend, watcher):
        page.shot("over")
    outcome = replay(finished_log(server, table))
    assert outcome.valid
    assert outcome.result is not None
    assert outcome.moves >= moves
    shown = me.page.inner_text("#result")
    for winner in outcome.result.winners:
        assert (["you", "player 2", "player 3"][winner]) in shown
    for page in (me, friend, watcher):
        page.close()


def test_a_whole_soulaween_game_in_standard_mode_against_a_bot(
        browser: Any, server: ServeProcess) -> None:
    chooser = random.Random(3)
    me = Page(browser, server.url, "soulaween-me")
    table = create_table(me, "soulaween", ["greedy"], {"mode": "standard"})
    moves = 0
    shots: set[str] = set()
    while me.wait_for_turn_or_end() and moves < 300:
        kind = "reap" if me.page.query_selector("button.reap") else \
            "rotate" if me.page.query_selector("#rotate") else "put"
        if kind not in shots:
            shots.add(kind)
            me.shot(f"to-{kind}")
        play_soulaween_move(me, chooser)
        moves += 1
    me.page.wait_for_selector("#result .tokens")
    me.shot("over")
    outcome = replay(finished_log(server, table))
    assert outcome.valid
    assert outcome.result is not None
    characters = json.loads(finished_log(server, table))["setup"]["characters"]
    assert None not in characters  # standard mode: each player has a character
    me.close()


# --- a game without a drawing: the shell's fallback --------------------------------------

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def high_card_package(folder: Path) -> str:
    """examples/high_card.py installed the way pip installs a game of another package: a
    dist-info folder whose entry point registers it (the PYTHONPATH that finds both)."""
    info = folder / "high_card-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: high-card\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[aves_core.games]\nhigh-card = high_card:HIGH_CARD\n")
    return os.pathsep.join((str(folder), str(EXAMPLES)))


SCREEN = {"width": 1280, "height": 800}
NAMES = ["Ann", "Bo"]


def shown(page: Page, root: str) -> dict[str, str]:
    """The names and values of the readable data drawn in ``root`` (its first level)."""
    pairs: dict[str, str] = page.page.evaluate(
        """root => Object.fromEntries([...document.querySelectorAll(`${root} > dl.data > dt`)]
             .map((dt) => [dt.textContent, dt.nextElementSibling.innerText]))""", root)
    return pairs


def by_seat(page: Page, root: str, field: str) -> list[tuple[str, str]] | None:
    """The data field ``field`` of ``root`` as (name, value) pairs when it is shown as a
    per-seat list, each entry beside its seat's name; None when it is not."""
    pairs: list[list[str]] | None = page.page.evaluate(
        """([root, field]) => {
             const dt = [...document.querySelectorAll(`${root} > dl.data > dt`)]
               .find((each) => each.textContent === field);
             const seats = dt && dt.nextElementSibling.querySelector(":scope > dl.per-seat");
             return seats ? [...seats.querySelectorAll(":scope > dt")]
               .map((each) => [each.textContent, each.nextElementSibling.innerText]) : null;
           }""", [root, field])
    return None if pairs is None else [(name, value) for name, value in pairs]


def wide_and_phone(page: Page, label: str) -> None:
    """Screenshots at 1280 and at 390 px (a phone), where nothing is wider than the page."""
    page.shot(label)
    page.page.set_viewport_size(PHONE)
    width = page.page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.name}'s {label} is {width} px wide on a phone"
    page.shot(f"{label}-phone")
    page.page.set_viewport_size(SCREEN)


def test_a_game_without_a_drawing_is_played_to_its_end_by_its_move_buttons(
        browser: Any, tmp_path: Path) -> None:
    chooser = random.Random(2)
    with ServeProcess(tmp_path / "tables.db", tmp_path,
                      python_path=high_card_package(tmp_path)) as server:
        games = json.load(urllib.request.urlopen(f"{server.url}api/games"))["games"]
        assert [None] == [game["web"] for game in games if game["id"] == "high-card"]
        me = Page(browser, server.url, "fallback", viewport=SCREEN)
        table = create_table(me, "high-card", ["random"], {}, names=NAMES)
        watcher = Page(browser, f"{server.url}#/table/{table}", "fallback-watcher",
                       viewport=PHONE)
        watcher.page.wait_for_selector("#view-data")
        assert "watching" in watcher.page.inner_text("#status, #result")
        # The spectator's view as data: each hand beside its player's name, no card shown;
        # whose turn by name.
        assert [("Ann", "—"), ("Bo", "—")] == by_seat(watcher, "#view-data", "hands")
        assert shown(watcher, "#view-data")["active"] in NAMES
        assert re.fullmatch(r"(Ann|Bo) to move\.", watcher.page.inner_text("#moves p"))
        moves = 0
        while me.wait_for_turn_or_end():
            buttons = me.page.query_selector_all("#moves button.move")
            # Each legal move a button in the game's words over its notation, which is
            # what the button plays.
            assert [("keep the card", "0:keep"), ("swap for the deck's top card", "0:swap")] == [
                (button.query_selector(".move-words").inner_text(),
                 button.query_selector(".move-notation").inner_text())
                for button in buttons]
            assert ["0:keep", "0:swap"] == [button.get_attribute("data-move") for button in buttons]
            assert "Your move: keep the card or swap for the deck's top card" \
                == me.page.inner_text("#status")
            # The view beside them, seats by name: my card, not Bo's, and my turn.
            data = shown(me, "#view-data")
            assert "you" == data["active"]
            hands = by_seat(me, "#view-data", "hands")
            assert hands is not None
            assert ["you", "Bo"] == [name for name, _ in hands]
            assert hands[0][1] in list("123456")
            assert "—" == hands[1][1]
            assert "legal words" not in data  # said on the buttons
            just = me.page.query_selector("#last-events")
            if just is not None:  # Bo's move, by name
                assert just.inner_text().startswith("Just now: Bo: ")
            if moves == 0:
                wide_and_phone(me, "to-move")
                assert [] == serious_violations(me)
            seen = me.events_seen()
            chooser.choice(buttons).click()
            me.wait_past(seen)
            moves += 1
        me.page.wait_for_selector("#result")
        assert 2 == moves  # four moves in all: two each
        # The server replays the log (the game is registered there, not in this process).
        request = urllib.request.Request(f"{server.url}api/replay",
                                         data=finished_log(server, table), method="POST")
        replayed = json.load(urllib.request.urlopen(request))
        assert (True, 5) == (replayed["valid"], len(replayed["steps"]))
        winners = replayed["steps"][-1]["report"]["winners"]
        mine = " and ".join(["you", "Bo"][seat] for seat in winners)
        theirs = " and ".join(NAMES[seat] for seat in winners)
        # The result, "Just now" and the log name the seats; the reason is in words.
        assert f"{mine} won (higher card)" in me.page.inner_text("#result")
        assert f"Game over: {mine} won (higher card)" in me.page.inner_text("#last-events")
        log = me.page.inner_text("#log")
        assert 2 == log.count("you: kept") + log.count("you: swapped")
        assert 2 == log.count("Bo: kept") + log.count("Bo: swapped (card hidden)")
        assert f"Game over: {mine} won (higher card)" in log
        assert "—" == shown(me, "#view-data")["active"]
        wide_and_phone(me, "over")
        assert [] == serious_violations(me)
        # A spectator is told the same with the players' names.
        watcher.page.wait_for_selector("#result")
        assert f"{theirs} won (higher card)" in watcher.page.inner_text("#result")
        log = watcher.page.inner_text("#log")
        assert (2, 2) == (log.count("Ann: "), log.count("Bo: "))
        assert "you" not in log
        watcher.shot("over")
        # The replay viewer pictures each step as data, seats by name: the board as a
        # spectator sees it and, below, every hand the log knows.
        me.page.goto(f"{server.url}#/replay/{table}")
        me.page.wait_for_selector("#next")
        for step in range(1, 5):
            me.page.click("#next")
            assert f"move {step} of 4" in me.page.inner_text("#position")
            # The hands are per seat; the deck (two cards after two swaps) is not.
            assert 1 == me.page.locator("#everything dl.per-seat").count()
        assert f"Game over: {theirs} won (higher card)." == me.page.inner_text("#step-header")
        report = replayed["steps"][-1]["report"]
        assert [(name, str(card)) for name, card in zip(NAMES, report["hands"], strict=True)] \
            == by_seat(me, "#everything > .fallback-view", "hands")
        assert [("Ann", "—"), ("Bo", "—")] == by_seat(me, "#replay-board #view-data", "hands")
        listed = me.page.locator("ol.movelist li").all_inner_texts()
        assert 4 == len(listed)
        assert all(line.split(":")[0] in NAMES for line in listed)
        wide_and_phone(me, "replay")
        assert [] == serious_violations(me)
        for page in (me, watcher):
            page.close()


SEAT_RULE = """async () => {
  const kit = await import("./static/kit.js");
  const fallback = await import("./static/fallback.js");
  const players = ["Ann", "Bo", "Cy"];
  const name = (seat) => (seat === 0 ? "you" : players[seat]);
  const context = { players, name, list: (seats) => kit.list(seats.map(name)), el: kit.el,
                    game: { name: "Test", reasons: {} }, replay: false, play: () => {} };
  const data = kit.readable({
    first_player: 1, dealer: 2, winners: [0, 2], next_player: 7, active: true, player: "Zed",
    num_players: 2, to_move: [], chips: [3, 0, 7], hand_sizes: [[1], [2], [3]], deck: [4, 5, 6],
    scores: [1, 2], looks: [{ seat: 1, card: 5 }],
    sets: [{ tiles: ["R1", "R2", "R3"] }] }, context);
  const fields = {};
  for (const dt of data.querySelectorAll(":scope > dt")) {
    const dd = dt.nextElementSibling;
    const seats = dd.querySelector(":scope > dl.per-seat");
    fields[dt.textContent] = seats
      ? [...seats.querySelectorAll(":scope > dt")].map((each) => each.textContent) : dd.textContent;
  }
  const root = document.createElement("div");
  const view = { phase: "bid", to_move: [0], result: null,
    legal_moves: [{ type: "take" }, { type: "pass" }], legal_notation: ["0:take", "0:pass"],
    legal_words: ["take the card", "0:pass"] };
  fallback.mount(root, context).update(view, []);
  const buttons = [...root.querySelectorAll("button.move")].map((button) =>
    [button.dataset.move, button.querySelector(".move-words")?.textContent ?? null]);
  const said = [{ type: "bid_won", seat: 1, winner: 2, scores: [1, 2, 3], card: null },
                { type: "ended", result: { winners: [0, 1], reason: "most_chips" } }]
    .map((event) => fallback.narrate(event, context));
  const prompts = [fallback.describe(view),
                   fallback.describe({ ...view, legal_words: ["take the card", "pass"] })];
  return { fields, buttons, said, prompts };
}"""


def test_the_fallback_says_seat_fields_and_per_seat_lists_by_name(
        browser: Any, server: ServeProcess) -> None:
    # The rule of docs/hosting.md ("The fallback"), on data of a made-up game for three.
    page = Page(browser, server.url, "fallback-rule")
    page.page.wait_for_selector("#create")
    found = page.page.evaluate(SEAT_RULE)
    assert {
        # Seat fields: a seat number, or a list of them, by name; any other value as it is.
        "first player": "Bo", "dealer": "Cy", "winners": "you and Cy", "next player": "7",
        "active": "yes", "player": "Zed", "num players": "2", "to move": "none",
        # Per-seat lists: plural, one entry per player, each beside its seat's name.
        "chips": ["you", "Bo", "Cy"], "hand sizes": ["you", "Bo", "Cy"],
        # Not per seat: a singular name, or a length other than the players'.
        "deck": "4, 5, 6", "scores": "1, 2",
        # A seat field at any depth; a per-seat list only in the view itself.
        "looks": "seatBocard5", "sets": "tilesR1, R2, R3",
    } == found["fields"]
    # A move's words on its button, its notation kept; a move without words by its text.
    assert [["0:take", "take the card"], ["0:pass", None]] == found["buttons"]
    # "Your move: ..." says a few moves in words when each has them.
    assert ["choose one of your moves (bid)", "take the card or pass"] == found["prompts"]
    assert ["Bo: bid won (winner Cy, scores you 1, Bo 2, Cy 3, card hidden)",
            "Game over: you and Bo won (most chips)"] == found["said"]
    page.close()


# --- a server that goes away ------------------------------------------------------------


def test_the_page_reconnects_after_the_server_is_killed_and_the_game_goes_on(
        browser: Any, tmp_path: Path) -> None:
    # A server of its own, which it kills: the module's goes on for the other tests.
    with ServeProcess(tmp_path / "tables.db", tmp_path) as server:
        reconnect_after_a_kill(browser, server)


def reconnect_after_a_kill(browser: Any, server: ServeProcess) -> None:
    chooser = random.Random(11)
    me = Page(browser, server.url, "reconnect")
    # The deal is random: a game may end in its first moves (the deck runs out), and
    # the kill must come while it goes on, at this page's turn. Then nothing can move
    # while the server is down.
    for _attempt in range(10):
        me.page.goto(f"{server.url}#/")
        table = create_table(me, "aves", ["greedy"], {})
        going = me.wait_for_turn_or_end()
        if going:
            play_aves_move(me, chooser)
            going = me.wait_for_turn_or_end()
        if going:
            break
    assert going, "ten games in a row ended within two moves"
    before = me.page.inner_text("#hand")
    seen = me.events_seen()
    server.kill()
    # The page says so, and retries less and less often while nothing listens.
    me.page.wait_for_selector("#connection:not([hidden])")
    assert "lost" in me.page.inner_text("#connection")
    me.shot("disconnected")
    me.page.wait_for_timeout(2500)
    tries = me.page.evaluate("window.avesClient.retries")
    assert 2 <= tries <= 3  # 0.5 s, then 1 s, then 2 s: not 2.5 times a second
    server.start()
    me.page.wait_for_function("s => window.avesClient.socket && "
                              "window.avesClient.socket.readyState === 1", arg=None)
    assert me.wait_for_turn_or_end()
    me.page.wait_for_selector("#connection", state="hidden")
    me.shot("reconnected")
    assert before == me.page.inner_text("#hand")  # nothing lost, nothing repeated
    assert seen == me.events_seen()
    while me.wait_for_turn_or_end():
        play_aves_move(me, chooser)
    assert replay(finished_log(server, table)).valid
    me.close()


# --- the replay viewer ---------------------------------------------------------------------


def test_the_replay_viewer_steps_through_a_finished_table_and_an_uploaded_log(
        browser: Any, server: ServeProcess) -> None:
    chooser = random.Random(5)
    me = Page(browser, server.url, "replay")
    table = create_table(me, "aves", ["random"], {})
    while me.wait_for_turn_or_end():
        play_aves_move(me, chooser)
    total = replay(finished_log(server, table)).moves
    me.page.goto(f"{server.url}#/")
    me.page.click(f'a[href="#/replay/{table}"]')
    me.page.wait_for_selector("#next")
    assert f"move 0 of {total}" in me.page.inner_text("#position")
    me.page.click("#next")
    me.page.click("#next")
    assert f"move 2 of {total}" in me.page.inner_text("#position")
    me.page.keyboard.press("ArrowLeft")
    assert f"move 1 of {total}" in me.page.inner_text("#position")
    me.page.click("#last")
    me.page.wait_for_selector("#replay .result")
    me.shot("finished-table")
    # An uploaded log that breaks a rule: the viewer names the move and stops there.
    me.page.set_input_files("#log-file", str(GOLDEN / "card_not_in_hand.json"))
    me.page.wait_for_selector("#problem")
    expected = replay((GOLDEN / "card_not_in_hand.json").read_bytes()).problem
    assert expected is not None
    assert f"move {expected.move_index}: {expected.code}" in me.page.inner_text("#problem")
    me.shot("broken-log")
    me.page.set_input_files("#log-file", str(GOLDEN / "not_json.json"))
    me.page.wait_for_selector("#replay >> text=Not a readable log")
    me.close()
