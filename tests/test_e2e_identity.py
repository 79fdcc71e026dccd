"""Served to a class, each browser is its own learner: a real server with
``BEZIQUE_SERVED=1`` and two Playwright browser contexts (two browsers, cookies
apart). A answers a meld puzzle; B sees none of it on Progress; A, reloaded (a new
session, found again by its cookie), still sees its own attempt.

Skipped when chromium or the playwright package is missing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from puzzles.i18n import tr

SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"

from app_server import CHROMIUM, app_server, settle_page  # noqa: E402

if not os.path.exists(CHROMIUM):
    pytest.skip("chromium is not installed", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")

NO_ATTEMPTS = tr("en", "p.no_attempts")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    store = tmp_path_factory.mktemp("served") / "progress.sqlite3"
    with app_server(env={"BEZIQUE_SERVED": "1", "BEZIQUE_PROGRESS_DB": str(store)}) as url:
        yield url


def settle(page) -> None:
    settle_page(page, 20_000)


def answer_a_meld_puzzle(page, server: str) -> None:
    page.goto(server + "/meld_trainer")
    page.wait_for_selector(".st-key-mt_check_btn button", timeout=60_000)
    settle(page)
    answer = page.locator("[class*='st-key-mt_answer_']")
    if answer.locator("[role=radiogroup]").count():
        answer.locator("label").first.click()
    else:
        answer.locator("input").first.click()
        page.locator("[role=option]").first.click()
        page.keyboard.press("Escape")
    settle(page)
    alerts = page.locator('[data-testid="stAlert"]').count()
    page.locator(".st-key-mt_check_btn button").click()
    page.wait_for_function("(n) => document.querySelectorAll('[data-testid=\"stAlert\"]')"
                           ".length > n", arg=alerts, timeout=20_000)
    settle(page)


def progress_text(page, server: str) -> str:
    page.goto(server + "/progress")
    page.wait_for_selector("h1", timeout=60_000)
    settle(page)
    page.wait_for_selector("[data-testid=stAlert], [data-testid=stDataFrame], "
                           "[data-testid=stVegaLiteChart]", timeout=30_000)
    assert page.locator('[data-testid="stException"]').count() == 0
    return page.locator('[data-testid="stMain"]').inner_text()


def test_two_browsers_keep_their_own_progress(server, browser) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    first = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    second = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    try:
        a = first.new_page()
        answer_a_meld_puzzle(a, server)
        assert any(c["name"] == "bezique_learner" for c in first.cookies())
        seen_by_a = progress_text(a, server)
        assert NO_ATTEMPTS not in seen_by_a
        a.screenshot(path=str(SCREENSHOTS / "identity-a-progress.png"), full_page=True)

        b = second.new_page()
        seen_by_b = progress_text(b, server)
        b.screenshot(path=str(SCREENSHOTS / "identity-b-progress.png"), full_page=True)
        assert NO_ATTEMPTS in seen_by_b
        # B's own cookie names another learner than A's.
        token_a = [c["value"] for c in first.cookies() if c["name"] == "bezique_learner"]
        for _wait in range(100):   # the cookie is set by a component once the page has run
            token_b = [c["value"] for c in second.cookies() if c["name"] == "bezique_learner"]
            if token_b:
                break
            b.wait_for_timeout(200)
        assert token_a and token_b and token_a != token_b
        # Nobody picks a learner through the URL.
        b.goto(server + "/progress?learner=guest&learner_id=1")
        settle(b)
        assert NO_ATTEMPTS in progress_text(b, server)

        # A comes back (a new session): the cookie finds its learner again.
        a.reload()
        again = progress_text(a, server)
        assert NO_ATTEMPTS not in again
        sidebar = a.locator('[data-testid="stSidebar"]').inner_text()
        assert "guest" not in sidebar.lower()
    finally:
        first.close()
        second.close()
