"""What the browser tests share: Debian's Chromium driven by Playwright, a page that
collects JavaScript errors and takes screenshots, the lobby's form, and the axe-core
accessibility check.

Screenshots go to ``test-artifacts/screenshots`` to be looked at. A full page's
screenshot costs Chromium a third of a second, and the tests take about two hundred: the
README's quick run takes none unless ``AVES_SCREENSHOTS=1`` asks for them; CI's profile
(``AVES_HYPOTHESIS_PROFILE=ci``, tests/budget.py) takes them all. ``.ci/run`` sets
``AVES_REQUIRE_BROWSER=1``: there, a missing browser fails the tests instead of skipping
them.
"""

from __future__ import annotations

import os
import shutil
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from budget import PROFILE
from hostserver import ServeProcess

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
SCREENSHOTS_VARIABLE = "AVES_SCREENSHOTS"
TAKE_SCREENSHOTS = os.environ.get(
    SCREENSHOTS_VARIABLE, "0" if PROFILE in ("default", "pythons") else "1") == "1"
"""Whether ``Page.shot`` writes its file (``AVES_SCREENSHOTS=1`` or ``0`` says; else
CI's and the thorough profile take them, the quick ones do not)."""
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
TURN_TIMEOUT_MS = 20_000
WIDE = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def chromium_path() -> str | None:
    """Debian's Chromium, or any on the PATH."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def launch_browser() -> Iterator[Any]:
    """A headless Chromium for a module's tests (skips, or fails under
    ``AVES_REQUIRE_BROWSER``, when there is none)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    path = chromium_path()
    if path is None:
        if os.environ.get("AVES_REQUIRE_BROWSER"):
            pytest.fail("Chromium is required (AVES_REQUIRE_BROWSER) but not installed")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    with sync_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def serve(tmp_path: Path) -> Iterator[ServeProcess]:
    """A real ``aves serve`` on an SQLite file of ``tmp_path``."""
    with ServeProcess(tmp_path / "tables.db", tmp_path) as running:
        yield running


class Page:
    """A browser page with its console errors collected and a screenshot helper.

    ``viewport`` is ``WIDE`` (1280 px) or ``PHONE`` (390 px); ``motion=False`` asks the
    page for reduced motion (no animation: the tests that play fast use it)."""

    def __init__(self, browser: Any, url: str, name: str, *,
                 viewport: dict[str, int] | None = None, motion: bool = False) -> None:
        self.context = browser.new_context(
            viewport=viewport or WIDE, reduced_motion="no-preference" if motion else "reduce")
        self.page = self.context.new_page()
        self.page.set_default_timeout(TURN_TIMEOUT_MS)
        self.name = name
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(url)

    def shot(self, label: str, *, full_page: bool = True) -> Path:
        """A screenshot, ``<name>-<label>.png`` (when ``TAKE_SCREENSHOTS``); its path."""
        path = SCREENSHOTS / f"{self.name}-{label}.png"
        if full_page:  # from the top, where a sticky status bar belongs (taken or not)
            self.page.evaluate("window.scrollTo(0, 0)")
        if TAKE_SCREENSHOTS:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(path), full_page=full_page)
        return path

    def close(self) -> None:
        assert [] == self.errors, f"JavaScript errors on {self.name}: {self.errors}"
        self.context.close()

    def events_seen(self) -> int:
        seen: int = self.page.evaluate("window.avesClient.next")
        return seen

    def wait_past(self, seen: int) -> None:
        """Until the page has received an event after the first ``seen``."""
        self.page.wait_for_function("n => window.avesClient.next > n", arg=seen)

    def wait_for_turn_or_end(self) -> bool:
        """True when it is this page's move, False when the game is over."""
        self.page.wait_for_selector("#result, #status .you")
        return self.page.query_selector("#result") is None

    def settled(self) -> None:
        """Until the page has drawn every message it received (animations included)."""
        self.page.wait_for_function("window.avesClient.idle === true")


def create_table(page: Page, game: str, seats: list[str], options: dict[str, Any],
                 names: list[str] | None = None) -> str:
    """Fill the lobby's form: ``seats`` holds, per seat after the first (me), "human" or
    a bot's name; ``names`` the players' names, by seat (the form's "player 1", ...
    without). The table's id, once the page shows it."""
    page.page.wait_for_selector("#create")
    page.page.select_option("#game", game)
    page.page.select_option("#players", str(len(seats) + 1))
    for seat, name in enumerate(names or []):
        page.page.fill(f"#name-{seat}", name)
    for index, who in enumerate(seats, start=1):
        page.page.locator(".seat .who").nth(index).select_option(who)
    for key, value in options.items():
        if type(value) is bool:
            page.page.set_checked(f"#option-{key}", value)
        else:
            page.page.select_option(f"#option-{key}", value)
    page.page.click("#create")
    page.page.wait_for_selector("#status, #result")
    table: str = page.page.evaluate("window.avesClient.table")
    return table


def finished_log(server: ServeProcess, table: str, seat_page: Page | None = None) -> bytes:
    """A finished table's log, as the host exports it: with the token of a seat that
    ``seat_page``'s browser holds (where the game's rules keep some of the log hidden
    for good, only the table's seats get it)."""
    request = urllib.request.Request(f"{server.url}api/tables/{table}/log")
    if seat_page is not None:
        token = seat_page.page.evaluate(
            "(table) => { const key = Object.keys(localStorage).find("
            "(name) => name.startsWith(`aves:${table}:`)); "
            "return key ? localStorage.getItem(key) : null; }", table)
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request) as answer:
        body: bytes = answer.read()
        return body


def serious_violations(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now, one line
    each (the rule, its help and the first offending element)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page.page)
    found = []
    for violation in results.response["violations"]:
        if violation.get("impact") in ("serious", "critical"):
            nodes = violation.get("nodes") or [{}]
            found.append(f"{violation['id']}: {violation['help']} "
                         f"({len(nodes)} times, e.g. {nodes[0].get('html', '')[:160]})")
    return found
