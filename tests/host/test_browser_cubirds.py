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
import random
import re
import urllib.request
from typing import Any

import browserkit as kit
import pytest
from browserkit import PHONE, WIDE, finished_log, serious_violations
from hostserver import ServeProcess

from aves_core import get_game, replay
from aves_core.games.cubirds.cards import counts_of
from aves_core.games.cubirds.events import (
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
from aves_core.games.cubirds.game import CUBIRDS
from aves_core.games.cubirds.moves import Lay
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.state import CubirdsState, Pending
from aves_core.kernel.game import Result

HIDDEN = ("cards_drawn", "cards_dealt")
"""The events whose cards are their seat's alone."""
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|drawOption|gameEnd|\b[a-z]+[A-Z][a-z]+\b|\ba [aeiouAEIOU]\w")
"""Identifiers that must never reach people (and "a" before a vowel)."""


class Page(kit.Page):
    """A browser page (browserkit's) that also keeps every message its sockets receive;
    its screenshots are ``cubirds-<name>-<label>.png``."""

    def __init__(self, browser: Any, url: str, name: str, *,
                 viewport: dict[str, int] | None = None, motion: bool = False) -> None:
        super().__init__(browser, "about:blank", f"cubirds-{name}", viewport=viewport,
                         motion=motion)
        self.messages: list[dict[str, Any]] = []
        self.page.on("websocket", lambda socket: socket.on(
            "framereceived", lambda payload: self.messages.append(json.loads(payload))))
        self.page.goto(url)

    def phase(self) -> str:
        phase: str = self.page.evaluate("window.avesClient.view.phase")
        return phase


def create_table(page: Page, seats: list[str]) -> str:
    """The lobby's form for Cubirds: ``seats`` holds, per seat after mine, "human" or a
    bot's name."""
    return kit.create_table(page, "cubirds", seats, {})


def people_text(page: Page) -> str:
    """What the page says to people: the board, the status, the result and the log."""
    text: str = page.page.evaluate(
        "[...document.querySelectorAll('#board, #status, #result, #log')]"
        ".map((node) => node.innerText).join('\\n')")
    return text


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
    # Against the greedy bot: a whole game in about a third of the moves a random one
    # takes (aves simulate: 63 against 205 on average), every step met all the same.
    table = create_table(me, ["greedy"])
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
    me.settled()
    assert not RAW.findall(people_text(me)), RAW.findall(people_text(me))
    me.shot("over")
    watcher.shot("over")
    log = finished_log(server, table, me)
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
        assert ["you", "player 2"][seat] in line
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
    # The move just made is highlighted on the board (step 1 is the dealer's lay), and
    # below it every hand, which only the log knows.
    me.page.wait_for_selector("#replay .bird.laid")
    assert 2 == me.page.locator("#everything .hand-line:not(.deck-line)").count()
    me.page.click("#next")
    assert "move 2 of" in me.page.inner_text("#position")
    me.shot("replay")
    me.page.click("#last")
    me.page.wait_for_selector("#replay .result")
    assert "Game over" in me.page.inner_text("#replay")
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


def test_the_drawing_narrates_every_event_helps_and_previews_a_lay_as_the_rules_play_it(
        browser: Any, server: ServeProcess) -> None:
    assert set(CUBIRDS.event_types) == {type(event) for event in EVENTS}
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
        _after, happened = CUBIRDS.apply_with_events(state, Lay(0, species, 1, side))
        laid = next(event for event in happened if isinstance(event, Laid))
        cases.append({"row": row, "species": species, "side": side, "taken": len(laid.taken),
                      "refill": any(isinstance(event, RowRefilled) for event in happened)})
    page = Page(browser, server.url, "module")
    page.page.wait_for_selector("#create")
    answer = page.page.evaluate("""async ([cases, events]) => {
        const drawing = await import(new URL("games/cubirds/web/index.js", document.baseURI).href);
        const kit = await import(new URL("static/kit.js", document.baseURI).href);
        const name = (seat) => (seat === 0 ? "you" : `player ${seat}`);
        const context = { seat: 0, name, el: kit.el, list: (seats) => kit.list(seats.map(name)) };
        const help = drawing.help(context);
        return {
            previews: cases.map((c) => { const p = drawing.preview(c.row, c.species, c.side);
                                         return { taken: p.taken.length, refill: p.refill }; }),
            lines: events.map((event) => drawing.narrate(event, context)),
            help: help.innerText || help.textContent,
        };
    }""", [cases, [game.event_to_json(event) for event in EVENTS]])
    assert [{"taken": case["taken"], "refill": case["refill"]} for case in cases] \
        == answer["previews"]
    lines = dict(zip((repr(event) for event in EVENTS), answer["lines"], strict=True))
    assert all(line.strip() for line in lines.values()), lines
    assert "you laid 2 parrots at the left of row 2 and took 1 flamingo, 1 owl" \
        == lines[repr(EVENTS[0])]
    assert "  player 1's lay left row 2 with one species: it was refilled at the left with " \
        "1 reed warbler, 1 robin" == lines[repr(EVENTS[2])]
    assert "Game over: you won (three birds of two species)" == lines[repr(EVENTS[17])]
    for line in lines.values():
        assert not RAW.findall(line), line
    words = answer["help"].split()
    assert 80 < len(words) < 280, len(words)
    assert "7 different species" in answer["help"]
    assert "player 1 drew 2 cards" == lines[repr(EVENTS[4])]  # another seat's: how many only
    assert "you drew 2 cards: 1 duck, 1 robin" == lines[repr(EVENTS[3])]
    assert "a new deck of 24 cards" in lines[repr(Reshuffled(24))]
    assert "player 1 was dealt 8 cards" == lines[repr(EVENTS[10])].strip()
    page.close()


# --- readable at 1280 and 390 px for 2 to 5 players ------------------------------------------

OVERLAPS = """() => {
    const boxes = (selector) => [...document.querySelectorAll(selector)].map((node) => {
        const r = node.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, what: selector,
                 text: node.innerText.trim().slice(0, 20) };
    });
    const cut = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
        && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    const pairs = (items, others) => {
        const found = [];
        items.forEach((a, i) => (others || items).forEach((b, j) => {
            if ((others || j > i) && cut(a, b)) found.push([a, b]);
        }));
        return found;
    };
    const cards = boxes("#rows .bird"), ends = boxes("#rows .end"), tags = boxes("#rows .tag");
    return {
        cards: pairs(cards), ends: pairs(ends, cards), tags: pairs(tags, cards),
        seats: pairs(boxes(".cubirds .seats .seat")),
        narrow: cards.filter((c) => c.right - c.left < 18).length,
        width: document.documentElement.scrollWidth,
        count: cards.length,
    };
}"""


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280", "390"])
def test_readable_at_both_widths_for_every_player_count(
        browser: Any, server: ServeProcess, players: int, viewport: dict[str, int]) -> None:
    width = viewport["width"]
    me = Page(browser, server.url, f"{players}p-{width}", viewport=viewport)
    create_table(me, ["greedy"] * (players - 1))
    chooser = random.Random(players)
    moves = 0
    while me.wait_for_turn_or_end() and moves < 45:
        me.settled()
        rows = me.page.evaluate("window.avesClient.view.rows")
        if moves >= 9 and max(map(len, rows)) >= 7:
            break
        play_move(me, chooser)
        moves += 1
    me.settled()
    found = me.page.evaluate(OVERLAPS)
    assert found["count"] >= 12
    assert [] == found["cards"], found["cards"][:3]
    assert [] == found["ends"], found["ends"][:3]
    assert [] == found["tags"], found["tags"][:3]
    assert [] == found["seats"], found["seats"][:3]
    assert 0 == found["narrow"]
    assert found["width"] <= width
    # Each seat is shown, bots as bots, each with its last move.
    assert players == me.page.locator(".cubirds .seats .seat").count()
    assert players - 1 == me.page.locator(".seat .badge.bot").count()
    me.shot("table")
    if me.page.query_selector("#hand .group.playable"):
        me.page.click("#hand .group.playable >> nth=0")
        me.shot("chosen")
    assert [] == serious_violations(me)
    if players == 2:
        # The rules, from the drawing's help, in the shell's dialog.
        me.page.click("#rules-button")
        me.page.wait_for_selector("#rules .cubirds-help")
        assert "7 different species" in me.page.inner_text("#rules")
        me.shot("rules", full_page=False)
        assert [] == serious_violations(me)
    me.close()


# --- the keyboard, the last moves, motion ------------------------------------------------------


FOCUSED = "(s) => Boolean(document.activeElement && document.activeElement.matches(s))"


def tab_to(page: Page, selector: str, limit: int = 160) -> None:
    """Press Tab until the element focused matches ``selector``."""
    for _press in range(limit):
        if page.page.evaluate(FOCUSED, selector):
            return
        page.page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def keyboard_move(page: Page, chooser: random.Random) -> str:
    """One move with the keyboard only (Tab and Enter); which step it was."""
    seen = page.events_seen()
    prompt = page.page.query_selector_all("#prompt button")
    if prompt:
        target = chooser.choice(prompt)
        kind = "flock" if page.page.query_selector("#nofly") else "draw"
        marker = f"kb-{chooser.randrange(10**9)}"
        target.evaluate("(node, m) => node.setAttribute('data-kb', m)", marker)
        tab_to(page, f'[data-kb="{marker}"]')
        page.page.keyboard.press("Enter")
    else:
        kind = "lay"
        species = chooser.choice(page.page.eval_on_selector_all(
            "#hand .group.playable", "(nodes) => nodes.map((n) => n.dataset.species)"))
        tab_to(page, f'#hand .group[data-species="{species}"]')
        page.page.keyboard.press("Enter")
        # The keyboard goes on to the first end where they may go.
        page.page.wait_for_function("document.activeElement.matches('.end.legal')")
        ends = page.page.eval_on_selector_all(
            ".end.legal", "(nodes) => nodes.map((n) => n.dataset.row + n.dataset.side)")
        end = chooser.choice(ends)
        tab_to(page, f'.end.legal[data-row="{end[0]}"][data-side="{end[1:]}"]')
        label = page.page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert label.startswith("lay your ")
        assert f"end of row {int(end[0]) + 1}" in label
        page.page.keyboard.press("Enter")
    page.wait_past(seen)
    page.settled()
    return kind


def test_turns_by_keyboard_only_and_each_seats_last_move_stays(
        browser: Any, server: ServeProcess) -> None:
    me = Page(browser, server.url, "keyboard")
    create_table(me, ["greedy", "random"])
    chooser = random.Random(12)
    kinds: set[str] = set()
    turns = 0
    while me.wait_for_turn_or_end() and turns < 8:
        me.settled()
        kind = keyboard_move(me, chooser)
        kinds.add(kind)
        turns += kind == "lay"
        assert not RAW.findall(people_text(me)), RAW.findall(people_text(me))
    assert {"lay", "flock"} <= kinds
    me.settled()
    # Every seat has laid: each panel says its last move, a tag marks each row end.
    for seat in range(3):
        assert "last: laid " in me.page.inner_text(f'.seat[data-seat="{seat}"] .last-move')
    tags = me.page.eval_on_selector_all("#rows .tag", "(nodes) => nodes.map((n) => n.textContent)")
    assert {"you", "P2", "P3"} == set(tags), tags
    me.shot("keyboard")
    me.close()


def test_a_lay_travels_when_motion_is_allowed(browser: Any, server: ServeProcess) -> None:
    me = Page(browser, server.url, "motion", motion=True)
    create_table(me, ["greedy"])
    me.page.wait_for_selector("#board")
    me.page.evaluate("""() => { window.flights = 0;
        new MutationObserver((changes) => { for (const change of changes) {
            for (const node of change.addedNodes) {
                if (node.classList && node.classList.contains('flying')) window.flights += 1; } } })
          .observe(document.body, { childList: true }); }""")
    chooser = random.Random(3)
    moves = 0
    while me.wait_for_turn_or_end() and moves < 6:
        me.settled()
        play_move(me, chooser)
        moves += 1
    me.settled()
    assert me.page.evaluate("window.flights") >= 2
    me.close()
