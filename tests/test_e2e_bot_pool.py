"""The Play page with the computer's moves and hints worked out in a worker process
(issue 56, item 5: app_pages.bot_worker), in a real browser: the expert answers through
the pool, the page says the computer is thinking (in English and in Russian) and stays
usable meanwhile: the sidebar opens another page at once, and back on Play the game goes
on by itself to the end of the deal. There the hand's review is worked out by the review
worker: the page says so and the learner goes on to the next deal at once (issue 55,
item 3). Screenshots in a temp dir and ``screenshots/`` (which git ignores).

The server has one bot worker, one review worker and the suite's temporary progress
database (tests/conftest.py). Skipped when chromium or the playwright package is missing."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_server import (
    CHROMIUM,
    app_server,
    no_exception,
    pick_play_level,
    settle_page,
)
from app_server import THINKING as SERVER_THINKING

if not os.path.exists(CHROMIUM):
    pytest.skip("chromium is not installed", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")

ROOT = Path(__file__).resolve().parents[1]
LONG = 300_000   # ms: a loaded machine, an expert's whole deal
THINKING = re.compile(SERVER_THINKING)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with app_server(env={"BEZIQUE_BOT_WORKERS": "1", "BEZIQUE_REVIEW_WORKERS": "1"}) as url:
        yield url


def shot(page, tmp_path: Path, name: str) -> None:
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    keep = ROOT / "screenshots"
    keep.mkdir(exist_ok=True)
    shutil.copy(path, keep / path.name)


def progress(page) -> str:
    return str(page.locator(".st-key-play_progress").inner_text())


def wait_thinking(page) -> str:
    """Wait until the page says the computer is working out a move; its words."""
    page.wait_for_function(
        "(pattern) => { const e = document.querySelector('.st-key-play_progress');"
        " return e && new RegExp(pattern).test(e.innerText); }",
        arg=THINKING.pattern, timeout=LONG)
    return progress(page)


def deal_over(page) -> None:
    page.locator(".st-key-next_deal button, .st-key-new_game_end button").first.wait_for(
        timeout=LONG)
    settle_page(page, LONG)


def test_the_expert_answers_through_the_pool_and_the_page_stays_usable(server, browser,
                                                                        tmp_path):
    page = browser.new_page(viewport={"width": 1280, "height": 1400}, locale="en-US")
    page.goto(server + "/play")
    page.locator(".st-key-play_table .bz-table").first.wait_for(timeout=LONG)
    settle_page(page, LONG)
    pick_play_level(page, "Expert", LONG)

    # The learner's moves by the helper, the expert's answers: all from the worker.
    page.locator(".st-key-to_end button").click()
    words = wait_thinking(page)
    assert "Computer is thinking…" in words or "Auto-play is choosing your move…" in words
    shot(page, tmp_path, "pool-thinking")
    no_exception(page)

    # Meanwhile the sidebar opens another page, without waiting for the computer.
    page.locator('[data-testid="stSidebarNav"]').get_by_text("Rules").click()
    page.get_by_role("heading", name="Rules").first.wait_for(timeout=60_000)
    settle_page(page, LONG)
    shot(page, tmp_path, "pool-rules-meanwhile")

    # Back on Play, the deal goes on by itself to its end.
    page.locator('[data-testid="stSidebarNav"]').get_by_text("Play").first.click()
    page.locator(".st-key-play_table .bz-table").first.wait_for(timeout=LONG)
    deal_over(page)
    no_exception(page)

    # The review of the hand is worked out meanwhile (or already in); the page does not
    # wait for it, and the learner goes on to the next deal.
    review = page.locator(".st-key-hand_review")
    review.get_by_text(re.compile(r"Reviewing your decisions|None of your|Trick \d+: you "
                                  r"chose")).first.wait_for(timeout=LONG)
    shot(page, tmp_path, "pool-deal-over")
    before = progress(page)
    page.locator(".st-key-next_deal button, .st-key-new_game_end button").first.click()
    page.wait_for_function(
        "(before) => document.querySelector('.st-key-play_progress').innerText != before",
        arg=before, timeout=60_000)
    settle_page(page, LONG)

    # A hint, worked out by the worker too, in the next deal.
    page.locator(".st-key-hint button:not([disabled])").wait_for(timeout=LONG)
    page.locator(".st-key-hint button:not([disabled])").click()
    page.get_by_text(re.compile(r"^Hint: ")).first.wait_for(timeout=LONG)
    shot(page, tmp_path, "pool-hint")

    # In Russian: the same thinking, in its words.
    page.get_by_text("Русский").first.click()
    settle_page(page, LONG)
    page.locator(".st-key-to_end button").click()
    words = wait_thinking(page)
    assert "Компьютер думает…" in words or "Автоигра выбирает ваш ход…" in words
    shot(page, tmp_path, "pool-thinking-ru")
    deal_over(page)
    no_exception(page)
    page.close()
