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
