"""Soulaween's drawing in a real headless Chromium against a real ``aves serve``.

The chosen cell is highlighted and the face chooser opens on it; a whole game is
played with the keyboard only (Tab and Enter), after which no raw identifier
(``anubis_black``, ``playerTurn``, snake_case) is in the page; each seat's last move
stays on the mat and in its seat panel; a put travels and flipped pieces turn over
when motion is allowed; the axe-core check finds no serious or critical violation;
the rules panel; the drawing's words for every token and event; the replay viewer
highlights the move just made. Screenshots at 1280 and 390 px go to
``test-artifacts/screenshots`` (``soulaween-*.png``) to be looked at.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from browserkit import (
    PHONE,
    WIDE,
    Page,
    create_table,
    finished_log,
    serious_violations,
)
from hostserver import ServeProcess

from aves_core import replay

RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|playerTurn|chooseReap|chooseRotation|gameEnd"
                 r"|\ba [aeiouAEIOU]\w")
"""Identifiers that must never reach people (and "a" before a vowel)."""
FOCUSED = "(s) => Boolean(document.activeElement && document.activeElement.matches(s))"
CELLS = "(nodes) => nodes.map((n) => n.dataset.cell)"
COUNT_FLIGHTS = """() => { window.flights = 0;
    new MutationObserver((changes) => { for (const change of changes) {
        for (const node of change.addedNodes) {
            if (node.classList && node.classList.contains('flying')) window.flights += 1; } } })
      .observe(document.body, { childList: true }); }"""
"""Counts the ghosts that ``context.fly`` sends across the page."""


def people_text(page: Page) -> str:
    """What the page says to people: the board, the status, the result and the log."""
    text: str = page.page.evaluate(
        "[...document.querySelectorAll('#board, #status, #result, #log')]"
        ".map((node) => node.innerText).join('\\n')")
    return text


def box(page: Page, selector: str) -> dict[str, float]:
    found: dict[str, float] = page.page.eval_on_selector(
        selector, "(node) => { const r = node.getBoundingClientRect();"
                  " return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; }")
    return found


def gap_between(a: dict[str, float], b: dict[str, float]) -> float:
    """How far apart two boxes are (0 when they touch or overlap)."""
    dx = max(0.0, max(a["left"], b["left"]) - min(a["right"], b["right"]))
    dy = max(0.0, max(a["top"], b["top"]) - min(a["bottom"], b["bottom"]))
    return float((dx * dx + dy * dy) ** 0.5)


def highlight(page: Page, cell: str) -> str:
    style: str = page.page.eval_on_selector(
        f'.cell[data-cell="{cell}"]',
        "(node) => { const s = getComputedStyle(node), b = node.querySelector('button');"
        " const t = b ? getComputedStyle(b) : s;"
        " return [s.outline, s.boxShadow, s.backgroundColor, t.outline, t.backgroundColor,"
        " t.borderStyle, t.borderColor].join(' | '); }")
    return style


def tab_to(page: Page, selector: str, limit: int = 120) -> None:
    """Press Tab until the element focused matches ``selector``."""
    for _press in range(limit):
        if page.page.evaluate(FOCUSED, selector):
            return
        page.page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def keyboard_move(page: Page, chooser: random.Random) -> None:
    """One move with the keyboard only: Tab to a reap, rotate or keep button, or to an
    empty cell, Enter, then (the chooser of the face is focused) Enter or Tab Enter."""
    seen = page.events_seen()
    buttons = page.page.query_selector_all("#actions button")
    if buttons:
        target = chooser.choice(buttons)
        marker = f"kb-{chooser.randrange(10**9)}"
        target.evaluate("(node, m) => node.setAttribute('data-kb', m)", marker)
        tab_to(page, f'[data-kb="{marker}"]')
        page.page.keyboard.press("Enter")
    else:
        cells = page.page.eval_on_selector_all(".cell.legal", CELLS)
        cell = chooser.choice(cells)
        tab_to(page, f'button.spot[data-cell="{cell}"]')
        page.page.keyboard.press("Enter")
        page.page.wait_for_selector("#faces button[data-face]")
        assert page.page.evaluate("document.activeElement.dataset.face") == "black"
        if chooser.random() < 0.5:
            page.page.keyboard.press("Tab")
            assert page.page.evaluate("document.activeElement.dataset.face") == "white"
        page.page.keyboard.press("Enter")
    page.wait_past(seen)
    page.settled()


def click_move(page: Page, chooser: random.Random) -> None:
    seen = page.events_seen()
    buttons = page.page.query_selector_all("#actions button")
    if buttons:
        chooser.choice(buttons).click()
    else:
        chooser.choice(page.page.query_selector_all(".cell.legal")).click()
        page.page.click(f"button[data-face={chooser.choice(['black', 'white'])}]")
    page.wait_past(seen)


def my_turn(page: Page) -> bool:
    """Waits for this page's move (True) or the end (False), every message drawn."""
    playing = page.wait_for_turn_or_end()
    page.settled()
    return playing and page.page.query_selector("#result") is None


# --- the chosen cell and its chooser -----------------------------------------------------


@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280", "390"])
def test_the_chosen_cell_is_highlighted_and_the_faces_open_on_it(
        browser: Any, server: ServeProcess, viewport: dict[str, int]) -> None:
    width = viewport["width"]
    me = Page(browser, server.url, f"soulaween-{width}", viewport=viewport)
    create_table(me, "soulaween", ["greedy"], {"mode": "standard"})
    chooser = random.Random(2)
    assert my_turn(me)
    # A put to choose, with pieces on the mat (a rotation of Hei & Bai comes first).
    while not (me.page.query_selector(".cell.legal") and me.page.query_selector(".soul")):
        click_move(me, chooser)
        assert my_turn(me)
    me.shot("start")
    cells = me.page.eval_on_selector_all(".cell.legal", CELLS)
    assert len(cells) >= 2
    # Every corner of the mat: the chooser opens beside the cell, and inside the page.
    corners = [name for name in dict.fromkeys(("a4", "d4", "a1", "d1", *cells)) if name in cells]
    for index, cell in enumerate(corners[:4]):
        plain = highlight(me, cell)
        me.page.click(f'.cell[data-cell="{cell}"]')
        me.page.wait_for_selector("#faces")
        assert 1 == me.page.locator(".cell.chosen").count()
        chosen = highlight(me, cell)
        assert plain != chosen, (plain, chosen)
        assert "rgb(232, 185, 60)" in chosen  # the gold of the highlight
        other = next(name for name in cells if name != cell)
        assert chosen != highlight(me, other)
        cell_box = box(me, f'.cell[data-cell="{cell}"]')
        for face in ("black", "white"):
            button = box(me, f'#faces button[data-face="{face}"]')
            assert gap_between(cell_box, button) < 100, (cell, face, cell_box, button)
            assert button["left"] >= 0, (cell, face, button)
            assert button["right"] <= width, (cell, face, button)
            assert face in me.page.inner_text(f'#faces button[data-face="{face}"]')
        if index == 0:
            me.shot("chosen")
            assert [] == serious_violations(me)
        me.page.keyboard.press("Escape")
        me.page.wait_for_selector("#faces", state="detached")
    me.page.click(f'.cell[data-cell="{cells[0]}"]')
    me.page.click('#faces button[data-face="white"]')
    assert my_turn(me)
    me.shot("after-put")
    assert [] == serious_violations(me)
    # The rules, from the drawing's help, in the shell's dialog.
    me.page.click("#rules-button")
    me.page.wait_for_selector("#rules .soulaween-help")
    assert "3 tokens" in me.page.inner_text("#rules")
    me.shot("rules", full_page=False)
    assert [] == serious_violations(me)
    me.close()


# --- a whole game with the keyboard -------------------------------------------------------


def test_a_whole_game_with_the_keyboard_only_says_everything_in_words(
        browser: Any, server: ServeProcess) -> None:
    me = Page(browser, server.url, "soulaween-keyboard")
    table = create_table(me, "soulaween", ["greedy"], {"mode": "standard"})
    chooser = random.Random(5)
    moves = 0
    shots: set[str] = set()
    while my_turn(me) and moves < 200:
        kind = "reap" if me.page.query_selector("button.reap") else \
            "rotate" if me.page.query_selector("#rotate") else "put"
        if kind not in shots:
            shots.add(kind)
            me.shot(f"to-{kind}")
        if moves == 3:
            # Each seat's last move stays: a marker on its cell and a line in its panel.
            for seat in (0, 1):
                assert "last: put a" in me.page.inner_text(f'.seat[data-seat="{seat}"] .last-move')
            assert me.page.locator(".cell .marker").count() >= 1
            assert "bot" in me.page.inner_text('.seat[data-seat="1"] .seat-head').lower()
        keyboard_move(me, chooser)
        moves += 1
        text = people_text(me)
        assert not RAW.findall(text), RAW.findall(text)
    me.page.wait_for_selector("#result .tokens")
    me.settled()
    me.shot("over")
    # The reap that won stays on the mat, ringed, and said.
    assert 4 == me.page.locator(".cell.winning").count()
    assert 4 == me.page.locator(".cell.winning .soul").count()
    assert "The winning reap: " in me.page.inner_text("#winning-reap")
    text = people_text(me)
    assert not RAW.findall(text), RAW.findall(text)
    assert "token" in text
    log = me.page.inner_text("#log")
    assert re.search(r"\b(you|player 2) put a (black|white) piece on [a-d][1-4]", log)
    assert "flipped" not in log or re.search(r"(you|player 2) flipped", log)
    outcome = replay(finished_log(server, table))
    assert outcome.valid
    assert outcome.result is not None
    assert [] == serious_violations(me)
    me.close()


# --- animation ----------------------------------------------------------------------------


def test_a_put_travels_from_its_seat_when_motion_is_allowed(
        browser: Any, server: ServeProcess) -> None:
    me = Page(browser, server.url, "soulaween-motion", motion=True)
    create_table(me, "soulaween", ["greedy"], {"mode": "simple"})
    assert my_turn(me)
    if not me.page.evaluate("typeof window.avesClient === 'object'"):
        pytest.skip("the shell exposes no client")
    me.page.evaluate(COUNT_FLIGHTS)
    chooser = random.Random(8)
    for _move in range(4):
        click_move(me, chooser)
        if not my_turn(me):
            break
    assert me.page.evaluate("window.flights") >= 2  # my puts and the bot's
    me.close()


# --- the drawing's own words ---------------------------------------------------------------


def test_tokens_events_and_help_in_words(browser: Any, server: ServeProcess) -> None:
    page = Page(browser, server.url, "soulaween-module")
    page.page.wait_for_selector("#create")
    answer = page.page.evaluate("""async () => {
        const drawing = await import(
            new URL("games/soulaween/web/index.js", document.baseURI).href);
        const kit = await import(new URL("static/kit.js", document.baseURI).href);
        const name = (seat) => (seat === 0 ? "you" : "Bo");
        const context = { seat: 0, name, el: kit.el, players: ["Ann", "Bo"],
                          list: (seats) => seats.map(name).join(" and ") };
        const events = [
          { type: "piece_put", seat: 1, cell: "b3", face: "black" },
          { type: "pieces_flipped", cells: ["a3", "b2"] },
          { type: "pieces_reaped", seat: 1, cells: ["a1", "b2", "c3", "d4"], face: "black",
            token: "anubis_black" },
          { type: "mat_cleaned", face: "black", cells: ["a1", "a2"] },
          { type: "rotation_due", seat: 1 },
          { type: "rotated", seat: 1, stance: "bai" },
          { type: "piece_put", seat: 0, cell: "c1", face: "white" },
          { type: "reap_due", seat: 0 },
          { type: "pieces_reaped", seat: 0, cells: ["a1", "a2", "b1", "b2"], face: "white",
            token: "cloth" },
          { type: "kept", seat: 0 },
          { type: "move_undone", seat: 0, state: {} },
          { type: "game_ended", result: { winners: [0], reason: "one_of_each_kind" } },
        ];
        const help = drawing.help(context);
        return {
          tokens: ["vulture", "cloth", "scythe", "needle", "anubis_black", "anubis_white"]
            .map(drawing.tokenWords),
          lines: events.map((event) => drawing.narrate(event, context)),
          describe: ["playerTurn", "chooseReap", "chooseRotation"].map((phase) => drawing.describe(
            { phase, seat: 0, state: { restrictions: ["white", null], stances: ["hei", null] } },
            context)),
          help: help.innerText || help.textContent,
        };
    }""")
    assert ["Teacher Vulture token", "Cloth token", "Scythe token", "Needle token",
            "Anubis token (black)", "Anubis token (white)"] == answer["tokens"]
    lines = answer["lines"]
    assert "Bo put a black piece on b3" == lines[0]
    assert "  Bo flipped a3 and b2" == lines[1]
    assert "  Bo reaped a1, b2, c3 and d4 (black) and took an Anubis token (black)" == lines[2]
    assert lines[3].startswith("  Bo filled the mat: every black piece left it")
    assert "Bo turned to Bai" == lines[5]
    assert "  you must choose which pattern to reap" == lines[7]
    assert "you reaped a1, a2, b1 and b2 (white) and took a Cloth token" == lines[8]
    assert "you kept the stance" == lines[9]
    assert "you took back your last move" == lines[10]
    assert "Game over: you won with one token of each kind" == lines[11]
    for line in [*lines, *answer["describe"]]:
        assert not RAW.findall(line), line
    assert "white pieces" in answer["describe"][0]
    assert "turn to Bai or stay Hei" == answer["describe"][2]
    words = answer["help"].split()
    assert 80 < len(words) < 280, len(words)
    assert "3 tokens" in answer["help"]
    assert "Teacher Vulture token: each reap earns one" in answer["help"]
    page.close()


# --- the replay viewer ---------------------------------------------------------------------


def test_the_replay_viewer_highlights_the_move_just_made(
        browser: Any, server: ServeProcess) -> None:
    me = Page(browser, server.url, "soulaween-replay")
    table = create_table(me, "soulaween", ["greedy"], {"mode": "simple"})
    chooser = random.Random(11)
    moves = 0
    while my_turn(me) and moves < 200:
        click_move(me, chooser)
        moves += 1
    me.page.goto(f"{server.url}#/replay/{table}")
    me.page.wait_for_selector("#next")
    # The viewer mounts this drawing (a spectator's seats and mat), and below it the
    # seats as the log knows them.
    me.page.wait_for_selector("#replay .soulaween .seat")
    assert 2 == me.page.locator("#replay .soulaween .seat").count()
    assert "hides nothing" in me.page.inner_text("#everything")
    me.page.click("#next")
    me.page.click("#next")
    me.page.wait_for_selector("#replay .soul.last")
    assert 1 == me.page.locator("#replay .soul.last").count()
    me.shot("replay")
    me.page.click("#last")
    me.page.wait_for_selector("#replay .soul.last, #replay .cell.newest")
    me.shot("replay-last")
    me.close()
