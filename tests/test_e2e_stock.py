"""End to end in a real browser: the stock-play trainer (issue 53) on the shipped
two-handed bank. Each puzzle is answered by a card clicked on the table or a choice
button, the first option on one puzzle and the last on the next, until one answer
was judged right and one wrong (the wrong one answered by the evidence sentence).
Screenshots go to a temp dir and ``screenshots/``. Skipped without chromium."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

from app_server import CHROMIUM, no_exception, settle_page  # noqa: E402

if not os.path.exists(CHROMIUM):
    pytest.skip("chromium is not installed", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")

CHOICES = ".st-key-st_table [data-pick], [class*='st-key-st_move_'] button"


def _shot(page, folder: Path, name: str) -> None:
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    (ROOT / "screenshots").mkdir(exist_ok=True)
    shutil.copy(path, ROOT / "screenshots" / path.name)


def test_one_stock_puzzle_right_and_one_wrong(server, browser, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1024, "height": 1400}, locale="en-US")
    page.goto(server + "/stock?lang=en")
    page.get_by_text("Stock-play puzzles").first.wait_for(timeout=60_000)
    settle_page(page, 60_000)
    seen: dict[str, bool] = {}
    for turn in range(12):
        page.locator(CHOICES).first.wait_for(timeout=60_000)
        choices = page.locator(CHOICES)
        choices.nth(0 if turn % 2 == 0 else choices.count() - 1).click()
        page.locator("[data-testid=stAlertContentSuccess], "
                     "[data-testid=stAlertContentError]").first.wait_for(timeout=60_000)
        settle_page(page, 60_000)
        no_exception(page)
        right = page.locator("[data-testid=stAlertContentSuccess]").count() > 0
        if right not in seen:
            _shot(page, tmp_path, f"stock_{'right' if right else 'wrong'}")
            text = page.locator("[data-testid=stAlertContent" +
                                ("Success]" if right else "Error]")).first.inner_text()
            seen[right] = text.startswith("Right") if right else \
                "ways the unseen cards may lie" in text
        if len(seen) == 2:
            break
        page.get_by_role("button", name="Next puzzle").click()
        settle_page(page, 60_000)
    assert seen == {True: True, False: True}
    page.close()
