"""Cubirds in a real headless Chromium against a real ``aves serve``, played by clicking.

A whole game against a bot: a species of the hand, then an end of a row; the draw
option and the flock step by their buttons. The flock step is asked at every one of
the person's turns (RULES-cubirds.md D7), also when only "no flock" is possible, and
the page never plays it by itself. A spectator watches the whole game: no hand in its
page, and no card of a hand in any message its socket receives; the person's socket
never carries the bot's drawn or dealt cards. Then the replay viewer steps through the
finished table. A friend takes the second seat by the shared link and sees only its own
hand. Screenshots go to ``test-artifacts/screenshots`` (``cubirds-*.png``) to be looked
at.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hostserver import ServeProcess

from aves_core import get_game, replay
from aves_core.games.cubirds import rules
from aves_core.games.cubirds.cards import counts_of
from aves_core.games.cubirds.events import (
    EVENT_TYPES,
    CardsDealt,
    CardsDrawn,
    DrawDeclined,
    DrawOffered,
    FlockDeclined,
    FlockDue,
    Flown,
    GameEnded,
    Laid,
    LayUndone,
    NoDrawUndone,
    Reshuffled,
    ReshuffleDue,
    RoundEnded,
    RowRefilled,
    TurnStarted,
)
from aves_core.games.cubirds.moves import Lay
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.state import CubirdsState, Pending
from aves_core.kernel.game import Result

playwright_api = pytest.importorskip("playwright.sync_api")

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
TURN_TIMEOUT_MS = 20_000
HIDDEN = ("cards_drawn", "cards_dealt")
"""The events whose cards are their seat's alone."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = next(filter(None, map(shutil.which, ("chromium", "chromium-browser",
                                                "google-chrome"))), None)
    if path is None:
        if os.environ.get("AVES_REQUIRE_BROWSER"):
            pytest.fail("Chromium is required (AVES_REQUIRE_BROWSER) but not installed")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServeProcess]:
    with ServeProcess(tmp_path / "tables.db", tmp_path) as running:
        yield running


class Page:
    """A browser page: its JavaScript errors, every message its sockets receive, and
    screenshots."""

    def __init__(self, browser: Any, url: str, name: str) -> None:
        self.context = browser.new_context(viewport={"width": 1200, "height": 900})
        self.page = self.context.new_page()
        self.page.set_default_timeout(TURN_TIMEOUT_MS)
        self.name = name
        self.errors: list[str] = []
        self.messages: list[dict[str, Any]] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("websocket", lambda socket: socket.on(
            "framereceived", lambda payload: self.messages.append(json.loads(payload))))
        self.page.goto(url)

    def shot(self, label: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"cubirds-{self.name}-{label}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def close(self) -> None:
        assert [] == self.errors, f"JavaScript errors on {self.name}: {self.errors}"
        self.context.close()

    def events_seen(self) -> int:
        seen: int = self.page.evaluate("window.avesClient.next")
        return seen

    def wait_past(self, seen: int) -> None:
        self.page.wait_for_function("n => window.avesClient.next > n", arg=seen)

    def wait_for_turn_or_end(self) -> bool:
        """True when it is this page's move, False when the game is over."""
        self.page.wait_for_selector("#result, #status .you")
        return self.page.query_selector("#result") is None

    def phase(self) -> str:
        phase: str = self.page.evaluate("window.avesClient.view.phase")
        return phase


def create_table(page: Page, seats: list[str]) -> str:
    """The lobby's form for Cubirds: ``seats`` holds, per seat after mine, "human" or a
    bot's name."""
    page.page.wait_for_selector("#create")
    page.page.select_option("#game", "cubirds")
    page.page.select_option("#players", str(len(seats) + 1))
    for index, who in enumerate(seats, start=1):
        page.page.locator(".seat .who").nth(index).select_option(who)
    page.page.click("#create")
    page.page.wait_for_selector("#status, #result")
    table: str = page.page.evaluate("window.avesClient.table")
    return table


def play_move(page: Page, chooser: random.Random) -> str:
    """One move by clicking, and which step it was: ``lay`` (a species of the hand, unless
    one is chosen already, then an end of a row), ``draw`` (draw 2 or not) or ``flock`` (a
    flock, more often than not when one can fly, else no flock)."""
    seen = page.events_seen()
    if page.page.query_selector("#nofly"):
        flies = page.page.query_selector_all("#prompt button.fly")
        button = chooser.choice(flies) if flies and chooser.random() < 0.8 else \
            page.page.query_selector("#nofly")
        kind = "flock"
    elif page.page.query_selector("#nodraw"):
        button = page.page.query_selector(chooser.choice(["#draw", "#nodraw"]))
        kind = "draw"
    else:
        if page.page.query_selector("#hand .group.selected") is None:
            chooser.choice(page.page.query_selector_all("#hand .group.playable")).click()
        page.page.wait_for_selector(".end.legal")
        button = chooser.choice(page.page.query_selector_all(".end.legal"))
        kind = "lay"
    button.click()
    page.wait_past(seen)
    return kind


def finished_log(server: ServeProcess, table: str) -> bytes:
    with urllib.request.urlopen(f"{server.url}api/tables/{table}/log") as answer:
        body: bytes = answer.read()
        return body


def check_messages(messages: list[dict[str, Any]], seat: int | None) -> int:
    """Every message a socket of ``seat`` (None: a spectator) received shows no card of
    another seat's hand; the number of events they held."""
    events = 0
    for message in messages:
        assert message["type"] != "error", message
        view = message["view"]
        assert seat == view["seat"]
        if seat is None:
            assert (None, [], []) == (view["hand"], view["legal_moves"],
                                      view["legal_notation"])
        else:
            assert len(view["hand"]) == 8
        for event in message.get("events", []):
            events += 1
            if event["type"] in HIDDEN and event["seat"] != seat:
                assert event["cards"] is None, event
    return events


# --- the drawing's folder ---------------------------------------------------------------------


def test_cubirds_names_its_drawing_and_the_host_serves_it(server: ServeProcess) -> None:
    folder = get_game("cubirds").web_folder()
    assert folder is not None
    games = json.load(urllib.request.urlopen(f"{server.url}api/games"))["games"]
    assert [{"module": "games/cubirds/web/index.js", "style": "games/cubirds/web/style.css"}] \
        == [game["web"] for game in games if game["id"] == "cubirds"]
    for name, media in (("index.js", "text/javascript"), ("style.css", "text/css")):
        with urllib.request.urlopen(f"{server.url}games/cubirds/web/{name}") as answer:
            assert answer.headers["content-type"].startswith(media)
            assert (folder / name).read_bytes() == answer.read()


# --- a whole game ------------------------------------------------------------------------


def test_a_whole_cubirds_game_by_clicking_against_a_bot_watched_and_replayed(
        browser: Any, server: ServeProcess) -> None:
    chooser = random.Random(4)
    me = Page(browser, server.url, "me")
    table = create_table(me, ["random"])
    watcher = Page(browser, f"{server.url}#/table/{table}", "watcher")
    watcher.page.wait_for_selector("#status, #result")
    assert "watching" in watcher.page.inner_text("#status, #result")
    turns = flocks = moves = 0
    shots: set[str] = set()

    def once(label: str, page: Page = me) -> None:
        if label not in shots:
            shots.add(label)
            page.shot(label)

    waited = False
    while me.wait_for_turn_or_end() and moves < 600:
        phase = me.phase()
        prompt = me.page.inner_text("#prompt")
        if phase == "lay":
            turns += 1
            assert "Lay birds" in prompt
            once("start")
            longest = max(len(row) for row in me.page.evaluate("window.avesClient.view.rows"))
            if longest >= 8:
                once("long-row")
            if me.page.query_selector(".bird.refilled"):
                once("refill")
            if me.page.query_selector(".note.reshuffled"):
                once("reshuffle")
            if me.page.query_selector(".note.round_ended"):
                once("round-end")
        elif phase == "drawOption":
            assert "draw 2 cards or not" in prompt
            assert ["Draw 2 cards", "Don't draw"] == [
                me.page.inner_text("#draw"), me.page.inner_text("#nodraw")]
            once("draw-option")
        else:
            # The flock step, at every turn: its prompt and "no flock", fly buttons or not.
            assert "flock" == phase
            flocks += 1
            assert "Fly a flock home or not?" in prompt
            assert "No flock" == me.page.inner_text("#nofly")
            flies = me.page.query_selector_all("#prompt button.fly")
            once("flock-fly" if flies else "flock")
            if not flies and not waited:
                # Only "no flock" is possible, and the page waits for the person all the same.
                seen = me.events_seen()
                me.page.wait_for_timeout(800)
                assert (seen, "flock") == (me.events_seen(), me.phase())
                assert me.page.query_selector("#nofly")
                waited = True
        if moves == 1:
            once("watching", watcher)
            assert 0 == watcher.page.locator("#hand, .group").count()
            assert 2 == watcher.page.locator(".seat .hand-size").count()
        if phase == "lay" and moves > 2 and "lay-chosen" not in shots:
            me.page.click("#hand .group.playable >> nth=0")
            if me.page.query_selector(".end.legal.takes"):
                me.page.hover(".end.legal.takes >> nth=0")  # the cards it would take
            once("lay-chosen")
        play_move(me, chooser)
        moves += 1
    me.page.wait_for_selector("#result #ranking")
    watcher.page.wait_for_selector("#result")
    me.shot("over")
    watcher.shot("over")
    log = finished_log(server, table)
    outcome = replay(log)
    assert outcome.valid
    assert outcome.result is not None
    assert {"start", "flock"} <= shots
    # The flock step came at every turn of mine, but a last one that ran out of cards.
    ended_mid_turn = outcome.result.reason == "deck_exhausted" and flocks == turns - 1
    assert flocks == turns or ended_mid_turn, (flocks, turns)
    # The result: each seat's rank and collection, beside the shell's "Game over".
    ranks = me.page.evaluate("window.avesClient.view.ranks")
    assert 2 == me.page.locator("#result .rank-line").count()
    assert 2 == me.page.locator(".seat .badge.rank").count()
    assert "1st" in me.page.inner_text("#ranking")
    for seat, rank in enumerate(ranks):
        assert rank in (1, 2)
        line = me.page.inner_text(f'#ranking .rank-line[data-seat="{seat}"]')
        assert ["you", "player 1"][seat] in line
        assert "in the collection" in line
    # What each socket was sent: the spectator no hand and no drawn or dealt card, the
    # person none of the bot's.
    assert check_messages(watcher.messages, None) > moves
    assert check_messages(me.messages, 0) > moves
    assert 0 == watcher.page.locator("#hand, .group").count()
    # The replay viewer on the finished table: each step pictured, every hand shown.
    me.page.goto(f"{server.url}#/replay/{table}")
    me.page.wait_for_selector("#next")
    assert 4 == me.page.locator("#replay .row-line").count()
    assert 2 == me.page.locator("#replay .seat").count()
    me.page.click("#next")
    me.page.click("#next")
    assert "move 2 of" in me.page.inner_text("#position")
    me.shot("replay")
    me.page.click("#last")
    me.page.wait_for_selector("#replay .result")
    assert "Won by" in me.page.inner_text("#replay")
    assert 2 == me.page.locator("#replay .badge.rank").count()
    assert f"move {outcome.moves} of {outcome.moves}" in me.page.inner_text("#position")
    me.shot("replay-last")
    for page in (me, watcher):
        page.close()


# --- a friend by the shared link -----------------------------------------------------------


def test_a_friend_takes_the_second_seat_by_the_link_and_sees_only_its_own_hand(
        browser: Any, server: ServeProcess) -> None:
    chooser = random.Random(9)
    me = Page(browser, server.url, "host")
    table = create_table(me, ["human"])
    link = me.page.locator("code.share").first.inner_text().strip()
    assert link.endswith(f"#/table/{table}/join/1")
    friend = Page(browser, link, "friend")
    friend.page.wait_for_selector("#status, #result")
    assert 1 == friend.page.evaluate("window.avesClient.seat")
    moves = 0
    seen_flock = False
    while moves < 24 and not me.page.query_selector("#result"):
        mover, other = next(((page, other) for page, other in ((me, friend), (friend, me))
                             if page.page.query_selector("#status .you")), (None, None))
        if mover is None or other is None:
            me.page.wait_for_timeout(50)
            continue
        # Each page shows its own hand, and only the size of the other's.
        for page in (mover, other):
            # One group a species held (none when a seat has laid its last cards: D9),
            # once the page has drawn the view it holds.
            page.page.wait_for_function(
                "(() => { const hand = window.avesClient.view.hand;"
                " return hand !== null && document.querySelectorAll('#hand .group').length"
                " === hand.filter(count => count > 0).length; })()")
            assert "in hand" in page.page.inner_text('.seat[data-seat="0"] .hand-size')
        if mover.phase() == "flock":
            # The other seat is told the step in words, with no button and no hint.
            other.page.wait_for_function("window.avesClient.view.phase === 'flock'")
            assert "may fly a flock home or not" in other.page.inner_text("#prompt")
            assert 0 == other.page.locator("#prompt button").count()
            if not seen_flock:
                other.shot("others-flock")
                seen_flock = True
        play_move(mover, chooser)
        moves += 1
    assert seen_flock
    me.shot("after")
    friend.shot("after")
    assert check_messages(me.messages, 0) > 0
    assert check_messages(friend.messages, 1) > 0
    for page in (me, friend):
        page.close()


# --- the drawing's own functions, in the page ----------------------------------------------

EVENTS = (Laid(0, "P", 2, 1, "left", "OF"), Laid(1, "R", 1, 0, "right"),
          RowRefilled(1, "left", "RW"), CardsDrawn(0, 2, "DR"), CardsDrawn(1, 2, None),
          DrawDeclined(1), Flown(0, "O", 2, 2), FlockDeclined(1),
          RoundEnded(1, (0, 1, 0, 2, 0, 0, 0, 3)), CardsDealt(0, 8, "FOTTDPMR"),
          CardsDealt(1, 8, None), Reshuffled(24), DrawOffered(0), FlockDue(1), TurnStarted(0),
          ReshuffleDue(Pending("refill", None, 2, "right")), ReshuffleDue(Pending("draw", 1)),
          GameEnded(Result((0,), "two_triples"), (1, 2)), LayUndone(0, "P", 2, 1, "left", "OF"),
          NoDrawUndone(0))


def test_the_drawing_narrates_every_event_and_previews_a_lay_as_the_rules_play_it(
        browser: Any, server: ServeProcess) -> None:
    assert set(EVENT_TYPES) == {type(event) for event in EVENTS}
    game = get_game("cubirds")
    # What a lay at each end would take and whether a refill follows, against the rules.
    chooser = random.Random(1)
    cases = []
    for _case in range(200):
        row = "".join(chooser.choice("FOTD") for _card in range(chooser.randint(2, 8)))
        species, side = chooser.choice("FOTDP"), chooser.choice(["left", "right"])
        state = CubirdsState(("MP", row, "WR", "PW"), "W" * 10, (0,) * 8,
                             (counts_of(species * 2 + "R"), counts_of("M")),
                             ((0,) * 8, (0,) * 8), 0, Phase.LAY, 0)
        _after, happened = rules.apply_move_with_events(state, Lay(0, species, 1, side))
        laid = next(event for event in happened if isinstance(event, Laid))
        cases.append({"row": row, "species": species, "side": side, "taken": len(laid.taken),
                      "refill": any(isinstance(event, RowRefilled) for event in happened)})
    page = Page(browser, server.url, "module")
    page.page.wait_for_selector("#create")
    answer = page.page.evaluate("""async ([cases, events]) => {
        const drawing = await import(new URL("games/cubirds/web/index.js", document.baseURI).href);
        const context = { seat: 0, name: (seat) => (seat === 0 ? "you" : `player ${seat}`) };
        return {
            previews: cases.map((c) => { const p = drawing.preview(c.row, c.species, c.side);
                                         return { taken: p.taken.length, refill: p.refill }; }),
            lines: events.map((event) => drawing.narrate(event, context)),
        };
    }""", [cases, [game.event_to_json(event) for event in EVENTS]])
    assert [{"taken": case["taken"], "refill": case["refill"]} for case in cases] \
        == answer["previews"]
    lines = dict(zip((repr(event) for event in EVENTS), answer["lines"], strict=True))
    assert all(line.strip() for line in lines.values()), lines
    assert "you laid 2 parrots at the left of row 1 and took 1 flamingo, 1 owl" \
        == lines[repr(EVENTS[0])]
    assert "player 1 drew 2 cards" == lines[repr(EVENTS[4])]  # another seat's: how many only
    assert "you drew 2 cards: 1 duck, 1 robin" == lines[repr(EVENTS[3])]
    assert "a new deck of 24 cards" in lines[repr(Reshuffled(24))]
    assert "player 1 was dealt 8 cards" == lines[repr(EVENTS[10])].strip()
    page.close()
