"""The review of a hand in a real browser (Playwright and Debian's chromium, 1024 px):
a deal played to its end for the learner on the Play page, reviewed by itself, its
flagged decisions drilled by themselves (each with "Don't drill this"), the drill
answered on the Review cards page (its themes named), the Themes page counting the
answer, and the review's heading in Russian. Screenshots go to ``screenshots/`` (git
ignores it). The server uses the suite's temporary progress database
(tests/conftest.py).
Skipped when chromium or the playwright package is missing."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

from app_server import CHROMIUM, app_server, no_exception, settle_page  # noqa: E402

if not os.path.exists(CHROMIUM):
    pytest.skip("chromium is not installed", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")

DEALS = 12  # deals played for the learner until one has a flagged decision (the deals are
#             random: six without a flag were seen once in CI)


@pytest.fixture(scope="module")
def store_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A progress store of this module's own: another browser test's saved game (a
    four-handed deal against the expert, say) must not be resumed here."""
    return tmp_path_factory.mktemp("review-store") / "progress.sqlite3"


@pytest.fixture(scope="module")
def server(store_path: Path):
    # The app as served: the learner's decisions judged in a worker as the deal goes on.
    with app_server(env={"BEZIQUE_PROGRESS_DB": str(store_path),
                         "BEZIQUE_REVIEW_WORKERS": "1"}) as url:
        yield url


def settle(page) -> None:
    settle_page(page, 120_000)


def shot(locator, tmp_path: Path, name: str) -> None:
    """A screenshot of one element (the app scrolls inside its own container)."""
    path = tmp_path / f"{name}.png"
    locator.scroll_into_view_if_needed()
    locator.screenshot(path=str(path))
    keep = ROOT / "screenshots"
    keep.mkdir(exist_ok=True)
    shutil.copy(path, keep / path.name)


def button(page, name: str):
    return page.get_by_role("button", name=name, exact=True).first


def reviewed_deal_with_a_flag(page) -> None:
    """Play deals for the learner until the review, made by itself at the end of a deal,
    flags a decision."""
    to_end = page.get_by_role("button", name="Play for me to the end of the deal",
                              exact=True, disabled=False)
    flagged = page.get_by_role("button", name="Don't drill this")
    clean = page.get_by_text("clearly cost points. Well played")
    for _ in range(DEALS):
        to_end.or_(flagged).or_(clean).first.wait_for(timeout=120_000)  # the computer
        if to_end.count():                                               # may move first
            to_end.first.click()
        flagged.or_(clean).first.wait_for(timeout=180_000)
        settle(page)
        no_exception(page)
        if flagged.count():
            return
        button(page, "Next deal").click()
        settle(page)
        # A game of 001 ends at 1000 points, often within three deals: then a new one.
        game_over = page.locator(".st-key-new_game_end button")
        if game_over.count():
            game_over.click()
            settle(page)
    pytest.fail(f"no decision flagged in {DEALS} deals")


def test_review_drill_answer_and_themes(server, browser, tmp_path, store_path):
    page = browser.new_page(viewport={"width": 1024, "height": 1400})
    page.goto(server + "/play?lang=en")
    page.get_by_role("heading", name="Play").first.wait_for(timeout=60_000)
    reviewed_deal_with_a_flag(page)
    page.get_by_role("heading", name="Review of this hand").first.wait_for()
    box = page.locator(".st-key-play_review_0")
    text = box.inner_text()
    assert "you chose" in text and "better:" in text
    assert "card:" not in text and "drill:" not in text   # no internal ids
    assert box.locator("iframe, img, svg").count() >= 1   # the position is drawn
    shot(box, tmp_path, "review_en")

    assert "In your review cards" in text   # drilled by itself, no click

    page.locator('[data-testid="stSidebarNav"]').get_by_text("Review cards").click()
    drill = page.locator(".st-key-rc_drill")
    drill.get_by_text("Your own position").wait_for(timeout=60_000)
    drill.locator('[role="radiogroup"] label').first.click()
    settle(page)
    button(page, "Check").click()
    page.get_by_text("In the game you chose").first.wait_for(timeout=120_000)
    page.get_by_text("Themes:").first.wait_for(timeout=10_000)
    no_exception(page)
    shot(drill, tmp_path, "drill_answered_en")

    page.locator('[data-testid="stSidebarNav"]').get_by_text("Themes").click()
    page.get_by_role("heading", name="Themes").first.wait_for(timeout=60_000)
    settle(page)
    no_exception(page)
    shot(page.locator('[data-testid="stDataFrame"]').first, tmp_path, "themes_en")

    # The answer is an attempt with the drill's themes: the Themes page's accuracy.
    from puzzles.store import open_store

    with open_store(store_path) as store:
        counted = [row for name in store.learners()
                   for row in store.accuracy(name, "theme:")]
    assert counted and all(row["attempts"] >= 1 for row in counted)

    page.locator('[data-testid="stSidebarNav"]').get_by_text("Play").first.click()
    # The Play page's run finished before the language changes: a click during a page
    # switch was once lost on a loaded CI machine.
    page.get_by_role("heading", name="Review of this hand").first.wait_for(timeout=60_000)
    settle(page)
    page.locator('[data-testid="stSidebar"]').get_by_text("Русский").click()
    page.get_by_role("heading", name="Разбор сдачи").first.wait_for(timeout=60_000)
    settle(page)
    no_exception(page)
    box = page.locator(".st-key-play_review_0")
    assert "вы выбрали" in box.inner_text()
    shot(box, tmp_path, "review_ru")
