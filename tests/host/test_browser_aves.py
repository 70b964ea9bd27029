"""AVES's drawing in a real headless Chromium against a real ``aves serve``.

The circle is measured on the page: from 1 to 30 cards, at 1280 and 390 px, no two
cards, gap markers or the deck overlap, and a six-seat table driven to a circle of 20
cards or more (five of its seats then played by bots) shows the same, its six seat
panels in even rows. Forced return marks exactly the cards the rules let the player
return and says in words why another may not go; the match rule stays while a card is
chosen and match gaps carry a ✓ beside their own style. Cards carry their colour's
letter and name; a whole game is played with the keyboard only; the axe-core check
finds no serious or critical violation; cards fly when motion is allowed; each seat's
last move stays marked; the rules panel opens; the log's words; the replay viewer
mounts the drawing and shows every hand. Screenshots at 1280 and 390 px go to
``test-artifacts/screenshots`` (``aves-*.png``) to be looked at.

Games are driven over REST where a test needs a position (a seeded table, every seat
joined), then shown to the browser, which catches up on the whole history.
"""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest
from browserkit import PHONE, WIDE, Page, serious_violations
from hostserver import ServeProcess

RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|playerTurn|forcedReturn|\b[ROYGBIVC]\d\b|\ba [aeiouAEIOU]\w")
"""What must never reach people: identifiers, card codes, "a" before a vowel."""

LETTERS = {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue", "I": "indigo",
           "V": "violet"}


# --- the table over REST --------------------------------------------------------------


def call(server: ServeProcess, method: str, path: str, body: Any = None,
         token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(f"{server.url}api/{path}", method=method, headers=headers,
                                     data=None if body is None else json.dumps(body).encode())
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


class Table:
    """A seeded table whose seats are all joined here, driven move by move."""

    def __init__(self, server: ServeProcess, players: list[str], seed: int,
                 bots: dict[str, str] | None = None, options: dict[str, Any] | None = None) -> None:
        self.server = server
        body: dict[str, Any] = {"game": "aves", "players": players, "seed": seed}
        if bots:
            body["bots"] = bots
        if options:
            body["options"] = options
        self.id: str = call(server, "POST", "tables", body)["table"]
        self.tokens = {
            seat: call(server, "POST", f"tables/{self.id}/seats/{seat}/join", {})["token"]
            for seat in range(len(players)) if str(seat) not in (bots or {})}

    def view(self, seat: int) -> dict[str, Any]:
        answer: dict[str, Any] = call(self.server, "GET", f"tables/{self.id}/seats/{seat}/view",
                                      token=self.tokens[seat])["view"]
        return answer

    def play(self, seat: int, move: dict[str, Any]) -> None:
        call(self.server, "POST", f"tables/{self.id}/seats/{seat}/moves", move,
             token=self.tokens[seat])

    def leave(self, seat: int) -> None:
        call(self.server, "POST", f"tables/{self.id}/seats/{seat}/leave", {},
             token=self.tokens[seat])


def number(code: str) -> int:
    return int(code[1:])


def is_match(circle: list[str], move: dict[str, Any]) -> bool:
    gap, k = move["gap"], len(circle)
    return abs(number(circle[gap]) - number(circle[(gap + 1) % k])) == number(move["card"])


def choose(view: dict[str, Any], *, match: bool) -> dict[str, Any]:
    """The first legal move that matches (or, with ``match`` False, misses), else the first."""
    moves: list[dict[str, Any]] = view["legal_moves"]
    trades = [move for move in moves if move["type"] == "trade"]
    wanted = [move for move in trades if is_match(view["circle"], move) == match]
    return (wanted or moves)[0]


def seated_page(browser: Any, table: Table, seat: int, name: str, **options: Any) -> Page:
    """A page holding ``seat`` (its token in the browser's storage, as the lobby keeps it)."""
    page = Page(browser, table.server.url, name, **options)
    page.page.evaluate("([key, token]) => localStorage.setItem(key, token)",
                       [f"aves:{table.id}:{seat}", table.tokens[seat]])
    page.page.goto(f"{table.server.url}#/table/{table.id}/seat/{seat}")
    page.page.wait_for_selector("#status, #result")
    page.settled()
    return page


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    found: list[dict[str, float]] = page.page.eval_on_selector_all(
        selector, "(nodes) => nodes.map((node) => { const r = node.getBoundingClientRect();"
                  " return { left: r.left, top: r.top, right: r.right, bottom: r.bottom,"
                  " what: node.getAttribute('aria-label') || node.className }; })")
    return found


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5)


def overlaps(page: Page) -> list[str]:
    """Every pair of the circle's cards, gap markers and deck that overlap, and anything
    of the circle outside the page's width."""
    things = (boxes(page, "#circle > .card") + boxes(page, "#circle > .gap")
              + boxes(page, "#deck"))
    width: float = page.page.evaluate("document.documentElement.clientWidth")
    found = [f"{a['what']} / {b['what']}" for index, a in enumerate(things)
             for b in things[index + 1:] if overlap(a, b)]
    found += [f"{thing['what']} outside the page" for thing in things
              if thing["left"] < 0 or thing["right"] > width]
    return found


def seat_rows(page: Page) -> list[int]:
    """How many seat panels each row holds."""
    tops = [round(box["top"]) for box in boxes(page, ".aves-seat")]
    return [tops.count(top) for top in sorted(set(tops))]


def people_text(page: Page) -> str:
    text: str = page.page.evaluate(
        "[...document.querySelectorAll('#board, #status, #result, #log')]"
        ".map((node) => node.innerText).join('\\n')")
    return text


# --- the circle at every size ----------------------------------------------------------


SWEEP = """async ([width, sizes]) => {
  const drawing = await import('./games/aves/web/index.js');
  const kit = await import('./static/kit.js');
  const host = document.createElement('div');
  host.style.width = width + 'px';
  document.getElementById('main').replaceChildren(host);
  const deck = [1, 2, 3, 4, 5].flatMap((n) => [...'ROYGBIV'].map((c) => c + n));
  const problems = [];
  for (const k of sizes) {
    const root = document.createElement('div');
    host.replaceChildren(root);
    const context = { el: kit.el, seat: 0, players: ['ann','bo','cy','di','ed','flo'],
      name: (s) => (s === 0 ? 'you' : ['ann','bo','cy','di','ed','flo'][s]), play: () => {} };
    const board = drawing.mount(root, context);
    const circle = deck.slice(0, k);
    const move = { type: 'trade', player: 0, card: 'V6' };
    const view = { seat: 0, phase: 'playerTurn', active_player: 0, to_move: [0], result: null,
      hands: [['V6','R6','O6'], null, null, null, null, null], hand_sizes: [3,3,3,3,3,3],
      circle, deck_size: 10, legal_moves: circle.map((_, gap) => ({ ...move, gap })),
      legal_notation: circle.map(() => '') };
    board.update(view, [], { live: false });
    root.querySelector('[data-card="V6"]').click();
    const things = [...root.querySelectorAll('#circle > .card, #circle > .gap, #deck')]
      .map((node) => [node.getAttribute('aria-label') || node.className,
                      node.getBoundingClientRect()]);
    const frame = root.querySelector('#circle').getBoundingClientRect();
    for (let i = 0; i < things.length; i++) {
      const [a, r] = things[i];
      if (r.left < frame.left - 0.5 || r.right > frame.right + 0.5
          || frame.right > host.getBoundingClientRect().right + 0.5) {
        problems.push(`${k}: ${a} outside`);
      }
      for (let j = i + 1; j < things.length; j++) {
        const [b, s] = things[j];
        if (Math.min(r.right, s.right) - Math.max(r.left, s.left) > 0.5
            && Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top) > 0.5) {
          problems.push(`${k}: ${a} / ${b}`);
        }
      }
    }
    const gaps = root.querySelectorAll('#circle > .gap').length;
    if (gaps !== k) problems.push(`${k}: ${gaps} gap markers`);
    const limit = width < 600 ? (k <= 24 ? 620 : 800) : 520;
    if (frame.height > limit) problems.push(`${k}: the ring is ${frame.height} px tall`);
  }
  return problems;
}"""


@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280", "390"])
def test_no_card_gap_marker_or_deck_overlaps_at_any_circle_size(
        browser: Any, server: ServeProcess, viewport: dict[str, int]) -> None:
    page = Page(browser, server.url, f"aves-sweep-{viewport['width']}", viewport=viewport)
    page.page.wait_for_selector("#main")
    width = 1030 if viewport is WIDE else 335
    assert [] == page.page.evaluate(SWEEP, [width, list(range(1, 31))])
    page.close()


def six_seat_table(server: ServeProcess) -> Table:
    """Six seats, every move a miss, until the circle holds 20 cards or more and it is seat
    0's turn (a seed whose first player makes that fall before the deck runs out); then
    seats 1 to 5 leave, and bots play them."""
    for seed in range(20):
        table = Table(server, ["ann", "bo", "cy", "di", "ed", "flo"], seed=seed)
        for _ in range(200):
            view = table.view(0)
            if view["result"] is not None:
                break
            if (len(view["circle"]) >= 20 and view["to_move"] == [0]
                    and view["phase"] == "playerTurn"):
                for seat in range(1, 6):
                    table.leave(seat)
                return table
            seat = view["to_move"][0]
            table.play(seat, choose(table.view(seat), match=False))
    raise AssertionError("no seed gave seat 0 a turn with 20 cards in the circle")


def test_a_six_seat_circle_of_twenty_cards_reads_at_1280_and_390_px(
        browser: Any, server: ServeProcess) -> None:
    table = six_seat_table(server)
    me = seated_page(browser, table, 0, "aves-six")
    k = len(table.view(0)["circle"])
    assert me.page.locator("#circle > .card").count() == k >= 20
    assert me.page.locator("#circle > .gap").count() == k
    assert [] == overlaps(me)
    assert seat_rows(me) == [3, 3]
    assert me.page.locator(".aves-seat .badge.bot").count() == 5
    me.shot("six-1280")
    me.page.set_viewport_size(PHONE)
    me.page.wait_for_function(
        "document.querySelector('#circle').getBoundingClientRect().right <= 390")
    assert [] == overlaps(me)
    assert seat_rows(me) == [2, 2, 2]
    me.shot("six-390")
    # A card chosen: its gaps are buttons, still with nothing overlapping.
    me.page.locator("#hand .card.playable").first.click()
    assert me.page.locator("#circle > .gap.legal").count() == k
    assert [] == overlaps(me)
    me.shot("six-390-chosen")
    me.page.set_viewport_size(WIDE)
    me.page.wait_for_function(
        "document.querySelector('#circle').getBoundingClientRect().width > 500")
    assert [] == overlaps(me)
    me.shot("six-1280-chosen")
    me.close()


# --- forced return, the match rule ----------------------------------------------------------


def forced_return_table(server: ServeProcess) -> Table:
    """Two seats; seat 0 takes every match it can, seat 1 misses, until seat 0 holds 8
    cards and must return one of a colour it holds twice (not any card)."""
    for seed in range(30):
        table = Table(server, ["ann", "bo"], seed=seed)
        for _ in range(60):
            view = table.view(0)
            if view["result"] is not None:
                break
            if view["phase"] == "forcedReturn" and view["to_move"] == [0]:
                legal = {move["card"] for move in view["legal_moves"]}
                if len(legal) < len(set(view["hands"][0])):
                    return table
                break
            seat = view["to_move"][0]
            table.play(seat, choose(table.view(seat), match=seat == 0))
    raise AssertionError("no seed led to a forced return")


def test_forced_return_marks_exactly_the_legal_cards_and_says_why_not(
        browser: Any, server: ServeProcess) -> None:
    table = forced_return_table(server)
    view = table.view(0)
    legal = sorted(move["card"] for move in view["legal_moves"])
    legal_cards = sorted(set(legal))
    hand = view["hands"][0]
    for viewport, label in ((WIDE, "1280"), (PHONE, "390")):
        me = seated_page(browser, table, 0, f"aves-return-{label}", viewport=viewport)
        marked = sorted(me.page.eval_on_selector_all(
            "#hand .card.playable", "(nodes) => nodes.map((node) => node.dataset.card)"))
        assert marked == legal_cards
        forbidden = sorted(me.page.eval_on_selector_all(
            "#hand .card.forbidden", "(nodes) => nodes.map((node) => node.dataset.card)"))
        assert forbidden == sorted(code for code in hand if code not in legal_cards)
        grouped = sorted(me.page.eval_on_selector_all(
            "#hand .hand-group.may .card", "(nodes) => nodes.map((node) => node.dataset.card)"))
        assert grouped == marked
        assert "May be returned" in me.page.inner_text("#hand")
        assert "hold twice" in me.page.inner_text("#rule")
        me.page.locator(f'#hand [data-card="{forbidden[0]}"]').click()
        note = me.page.inner_text("#hand-note")
        assert "only a card of a colour you hold twice" in note
        assert LETTERS[legal_cards[0][0]] in note
        assert me.page.locator("#circle > .gap.legal").count() == 0
        me.shot("forbidden")
        me.page.locator(f'#hand [data-card="{legal_cards[0]}"]').click()
        assert me.page.locator("#circle > .gap.legal").count() == len(view["circle"])
        assert me.page.locator("#circle > .gap.match").count() == 0
        assert "hold twice" in me.page.inner_text("#rule")
        assert "return" in me.page.inner_text("#status").lower()
        assert [] == serious_violations(me)
        me.shot("chosen")
        if viewport is PHONE:
            seen = me.events_seen()
            me.page.locator("#circle > .gap.legal").first.click()
            me.wait_past(seen)
            me.settled()
            assert me.page.locator("#hand .card").count() == 7
            assert "returned" in me.page.inner_text(".aves-seat[data-seat='0'] .seat-last")
        me.close()


def test_the_match_rule_stays_while_a_card_is_chosen_and_match_gaps_carry_a_tick(
        browser: Any, server: ServeProcess) -> None:
    table = Table(server, ["ann", "bo"], seed=0)
    if table.view(0)["to_move"] != [0]:
        table.play(1, choose(table.view(1), match=False))
    view = table.view(0)
    circle = view["circle"]
    counts: dict[str, int] = {}
    for move in view["legal_moves"]:
        counts[move["card"]] = counts.get(move["card"], 0) + int(is_match(circle, move))
    card = max(counts, key=lambda code: counts[code])
    assert counts[card] > 0, "choose a seed whose first hand has a match"
    me = seated_page(browser, table, 0, "aves-match")
    assert "difference of its two neighbours" in me.page.inner_text("#rule")
    me.page.locator(f'#hand [data-card="{card}"]').click()
    assert "difference of its two neighbours" in me.page.inner_text("#rule")
    matches = me.page.locator("#circle > .gap.match")
    assert matches.count() == counts[card]
    for index in range(matches.count()):
        gap = matches.nth(index)
        assert "✓" in gap.inner_text()
        assert "a match, you take" in (gap.get_attribute("aria-label") or "")
    style = me.page.eval_on_selector_all(
        "#circle > .gap.legal", "(nodes) => nodes.map((node) => { const s = getComputedStyle(node);"
        " return [node.classList.contains('match'), s.backgroundColor, s.borderStyle]; })")
    match_styles = {tuple(s[1:]) for s in style if s[0]}
    other_styles = {tuple(s[1:]) for s in style if not s[0]}
    assert match_styles
    assert not match_styles & other_styles
    assert "marked ✓" in me.page.inner_text("#chosen-hint")
    me.shot("match-chosen")
    me.close()


# --- cards, words, the keyboard, axe ---------------------------------------------------------


def test_cards_carry_their_letter_and_name_and_the_page_passes_axe(
        browser: Any, server: ServeProcess) -> None:
    table = six_seat_table(server)
    for viewport, label in ((WIDE, "1280"), (PHONE, "390")):
        me = seated_page(browser, table, 0, f"aves-axe-{label}", viewport=viewport)
        cards = me.page.eval_on_selector_all(
            "#circle > .card, #hand .card", "(nodes) => nodes.map((node) =>"
            " [node.dataset.card, node.querySelector('.l').textContent,"
            " node.getAttribute('aria-label'), node.getAttribute('title')])")
        assert len(cards) > 20
        for code, letter, label_text, title in cards:
            name = "crow" if code[0] == "C" else f"{LETTERS[code[0]]} {code[1:]}"
            assert letter == ("crow" if code[0] == "C" else code[0])
            assert label_text.startswith(name)
            assert title.startswith(name)
        assert [] == serious_violations(me)
        me.page.locator("#hand .card.playable").first.click()
        assert [] == serious_violations(me)
        me.close()


NARRATE = """async () => {
  const drawing = await import('./games/aves/web/index.js');
  const names = ['you', 'Bo', 'Cy'];
  const context = { seat: 0, name: (s) => names[s],
                    list: (seats) => seats.map((s) => names[s]).join(' and ') };
  const events = [
    { type: 'card_placed', seat: 1, card: 'I4', gap: 3 },
    { type: 'cards_taken', seat: 1, cards: ['R2', 'B6'], gap: 3 },
    { type: 'card_placed', seat: 0, card: 'O1', gap: 0 },
    { type: 'card_drawn', seat: 0, card: 'V2', public: false },
    { type: 'card_drawn', seat: 2, card: null, public: false },
    { type: 'return_due', seat: 1 },
    { type: 'card_returned', seat: 1, card: 'C0', gap: 2 },
    { type: 'circle_refilled', cards: ['R1', 'C0'] },
    { type: 'passed', seat: 2 },
    { type: 'turn_started', seat: 0 },
    { type: 'trade_undone', seat: 0, card: 'Y3', gap: 1, cards: ['G1', 'G4'] },
    { type: 'game_ended', result: { winners: [0, 2], reason: 'deck_empty' } },
    { type: 'game_ended', result: { winners: [1], reason: 'seven_colors' } },
  ];
  return { lines: events.map((event) => drawing.narrate(event, context)),
           describe: [drawing.describe({ seat: 0, phase: 'forcedReturn',
                                         hands: [['O1', 'O2', 'I1', 'I3', 'R1']],
                                         legal_moves: [{ type: 'return', card: 'O1', gap: 0 }] }),
                      drawing.describe({ seat: 0, phase: 'playerTurn', hands: [['O1']],
                                         legal_moves: [{ type: 'trade', card: 'O1', gap: 0 }] })] };
}"""


def test_the_log_names_who_did_it_in_words_and_indents_consequences(
        browser: Any, server: ServeProcess) -> None:
    page = Page(browser, server.url, "aves-words")
    page.page.wait_for_selector("#main")
    said = page.page.evaluate(NARRATE)
    lines = said["lines"]
    assert lines == [
        "Bo put indigo 4 into gap 3",
        "  A match: Bo took red 2 and blue 6",
        "You put orange 1 into gap 0",
        "  No match: you drew violet 2 from the deck",
        "  No match: Cy drew a card from the deck",
        "  Bo now holds 8 cards and must return one",
        "Bo returned crow to gap 2 (hand limit)",
        "  One card was left: the deck refilled the circle with red 1 and crow",
        "Cy passed (only crows in hand, and no gap between equal numbers)",
        "",
        "You took back yellow 3: green 1 and green 4 went back to the circle",
        "Game over: you and Cy share the win with the best hand when the deck ran out",
        "Game over: Bo won by collecting all seven colours",
    ]
    for line in lines:
        assert not RAW.search(line), line
    assert said["describe"] == [
        "you hold 8 cards: return an orange or indigo card (a colour you hold twice) to any gap",
        "choose a card of your hand, then a gap of the circle (✓ marks a match)"]
    page.close()


def keyboard_move(page: Page) -> None:
    """One move with Tab, Enter (and Space): a card of the hand, then a gap (or Pass)."""
    seen = page.events_seen()
    target = "#hand button.playable, #pass"
    for _ in range(80):
        if page.page.evaluate(f"!!document.activeElement.matches('{target}')"):
            break
        page.page.keyboard.press("Tab")
    else:
        raise AssertionError("Tab never reached a card of the hand")
    passing = page.page.evaluate("document.activeElement.id === 'pass'")
    page.page.keyboard.press("Enter")
    if not passing:
        for _ in range(80):
            if page.page.evaluate("!!document.activeElement.matches('#circle .gap.legal')"):
                break
            page.page.keyboard.press("Tab")
        else:
            raise AssertionError("Tab never reached a gap")
        page.page.keyboard.press("Space")
    page.wait_past(seen)


def test_a_whole_game_with_the_keyboard_only(browser: Any, server: ServeProcess) -> None:
    table = Table(server, ["ann", "bo"], seed=11, bots={"1": "random"},
                  options={"crows": True, "showdown": False})
    me = seated_page(browser, table, 0, "aves-keyboard")
    moves = 0
    while me.wait_for_turn_or_end():
        me.settled()
        keyboard_move(me)
        moves += 1
        assert moves < 200
    me.settled()
    assert moves > 3
    assert not RAW.search(people_text(me)), RAW.search(people_text(me))
    me.shot("keyboard-end")
    me.close()


# --- motion, last moves, help, replay ------------------------------------------------------


def test_cards_fly_and_every_seats_last_move_stays_marked(
        browser: Any, server: ServeProcess) -> None:
    table = Table(server, ["ann", "bo", "cy"], seed=5, bots={"1": "random", "2": "random"})
    me = seated_page(browser, table, 0, "aves-motion", motion=True)
    me.page.evaluate("""() => { window.flights = 0; new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes)
          if (node.classList && node.classList.contains('flying')) window.flights += 1;
      }).observe(document.body, { childList: true }); }""")
    for _ in range(2):
        me.wait_for_turn_or_end()
        me.settled()
        seen = me.events_seen()
        me.page.locator("#hand .card.playable").first.click()
        me.page.locator("#circle .gap.legal").first.click()
        me.wait_past(seen)
        me.page.wait_for_function("window.flights > 0")
    me.wait_for_turn_or_end()
    me.settled()
    assert me.page.evaluate("window.flights") >= 4
    for seat in range(3):
        last = me.page.inner_text(f".aves-seat[data-seat='{seat}'] .seat-last")
        assert last.startswith("last: put "), last
    marks = me.page.eval_on_selector_all("#circle > .card .who",
                                         "(nodes) => nodes.map((node) => node.textContent)")
    # A card stays marked while it lies in the circle (a later match may take it away).
    assert marks
    assert set(marks) <= {"you", "bo", "cy"}
    me.shot("last-moves")
    # A reload replays the history: the same marks and lines.
    before = me.page.inner_text(".aves-seats")
    me.page.reload()
    me.page.wait_for_selector("#status, #result")
    me.settled()
    assert me.page.inner_text(".aves-seats") == before
    me.close()


def test_the_rules_panel_opens_from_the_table(browser: Any, server: ServeProcess) -> None:
    table = Table(server, ["ann", "bo"], seed=0)
    for viewport, label in ((WIDE, "1280"), (PHONE, "390")):
        me = seated_page(browser, table, 0, f"aves-rules-{label}", viewport=viewport)
        me.page.click("#rules-button")
        me.page.wait_for_selector("dialog#rules[open]")
        text = me.page.inner_text("dialog#rules")
        for words in ("seven colours", "difference of the two neighbours", "Hand limit 7",
                      "keyboard"):
            assert words in text
        assert len(me.page.inner_text("dialog#rules .aves-help").split()) < 250
        assert [] == serious_violations(me)
        me.shot("rules")
        me.close()


def test_the_replay_viewer_draws_the_circle_and_every_hand(
        browser: Any, server: ServeProcess) -> None:
    table = Table(server, ["ann", "bo", "cy"], seed=2, bots={"1": "random", "2": "random"})
    for _ in range(300):
        view = table.view(0)
        if view["result"] is not None:
            break
        if view["to_move"] == [0]:
            table.play(0, choose(view, match=False))
    viewer = Page(browser, f"{server.url}#/replay/{table.id}", "aves-replay")
    viewer.page.wait_for_selector("#replay-board #circle")
    for _ in range(5):
        viewer.page.click("#next")
    viewer.page.wait_for_function(
        "document.querySelector('#position').textContent.startsWith('move 5')")
    viewer.page.wait_for_selector("#replay-board #circle > .card.recent")
    assert viewer.page.locator("#replay-board #circle > .gap").count() == viewer.page.locator(
        "#replay-board #circle > .card").count()
    assert viewer.page.locator("#replay-board #hand").count() == 0
    rows = viewer.page.locator("#everything .hand-row")
    assert rows.count() == 3
    for index in range(3):
        assert rows.nth(index).locator(".card").count() >= 3
    assert "The deck:" in viewer.page.inner_text("#everything")
    assert [] == serious_violations(viewer)
    viewer.shot("step-5")
    viewer.close()
