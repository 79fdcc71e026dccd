"""One Streamlit server of the app on a free loopback port, for the tests that talk
to it over HTTP (the browser test, the protocol load client)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).parent.parent
# The browser tests drive Debian's chromium (never a downloaded one) with these flags.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


@contextmanager
def chromium() -> Iterator[object]:
    """A headless Chromium (Playwright's browser object) for one test module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def app_server(wait_seconds: float = 60, env: Mapping[str, str] | None = None,
               script: str = "app.py") -> Iterator[str]:
    """``streamlit run app.py`` on 127.0.0.1, yielding its URL once healthy; ``env``
    adds to the environment (``{"BEZIQUE_SERVED": "1"}``: served to many browsers,
    with ``script="app_served.py"``, as scripts/serve.sh runs it).
    Its output goes nowhere: a pipe nobody reads would stall the server once full."""
    port = free_port()
    env = {**os.environ, "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false", **(env or {})}
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", script, "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1",
         "--server.fileWatcherType", "none", "--server.runOnSave", "false"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + wait_seconds
        while True:
            try:
                with urllib.request.urlopen(url + "/_stcore/health", timeout=1) as reply:
                    if reply.status == 200:
                        break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail("streamlit did not start")
                time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def settle_page(page: Any, timeout_ms: int = 30_000) -> None:
    """Wait until the script run triggered by the last browser action has finished."""
    page.wait_for_timeout(200)
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"] "
        "[data-testid=\"stStatusWidgetRunningIcon\"]')"
        " && !document.querySelector('[data-testid=\"stAppViewBlockContainer\"] "
        "[data-stale=\"true\"]')", timeout=timeout_ms)


# What the Play page's progress line says while the computer works out a move in a worker.
THINKING = r"thinking|choosing your move|думает|выбирает ваш ход"


def settle_reply(page: Any, timeout_ms: int = 30_000) -> None:
    """Settle, and when the computer was still thinking, wait for the run its reply
    causes too: the page finishes its run while a worker thinks and runs again when the
    reply is in."""
    settle_page(page, timeout_ms)
    page.wait_for_function(
        "(pattern) => { const e = document.querySelector('.st-key-play_progress');"
        " return !e || !new RegExp(pattern).test(e.innerText); }",
        arg=THINKING, timeout=timeout_ms)
    settle_page(page, timeout_ms)


def no_exception(page: Any) -> None:
    """The page shows no Streamlit exception box."""
    found = page.locator('[data-testid="stException"]')
    assert found.count() == 0, found.first.inner_text()


PLAY_LEVEL = ".st-key-play_level input"


def open_play_settings(page: Any, timeout_ms: int = 120_000) -> None:
    """Open the Play page's fold that holds the opponent's level (English page)."""
    # While a run replaces the page, Streamlit may hold the old level box beside the new
    # one for a moment: wait for the one box.
    page.wait_for_function(
        f"() => document.querySelectorAll('{PLAY_LEVEL}').length <= 1", timeout=timeout_ms)
    box = page.locator(PLAY_LEVEL)
    # The fold may be open already: a click would close it while the box still shows.
    if not box.is_visible():
        page.get_by_text("Opponent and game log").first.click()
    box.wait_for(state="visible", timeout=timeout_ms)
    page.wait_for_timeout(500)   # the expander opens


def pick_play_level(page: Any, label: str, timeout_ms: int = 120_000,
                    attempts: int = 3) -> None:
    """Choose the opponent's level on the Play page. A run that redraws the box just as
    its list opens can leave the list empty (seen in full parallel runs), so the choice
    is tried again after Escape; in the end the box must show ``label``."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    box = page.locator(PLAY_LEVEL)
    for attempt in range(attempts):
        # When the computer leads, its reply's run would close the open list.
        settle_reply(page, timeout_ms)
        open_play_settings(page, timeout_ms)
        box.click()
        page.keyboard.type(label)   # filtered, the option is listed wherever the box sits
        try:
            page.get_by_role("option", name=label, exact=True).click(timeout=15_000)
            break
        except PlaywrightTimeout:
            page.keyboard.press("Escape")
            if attempt == attempts - 1:
                raise
    settle_reply(page, timeout_ms)
    assert box.input_value() == label
