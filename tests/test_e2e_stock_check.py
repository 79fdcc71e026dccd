"""A ``stock_play`` lesson check in a real browser (issue 53 item 2): the learner answers
by clicking a card of the table, as on Play; a wrong card gets the engine's evidence
against it, the right one passes. Playwright with Debian's chromium; skipped without."""

from __future__ import annotations

import os

import pytest
from app_server import CHROMIUM, no_exception, settle_page

import lessons
from engine.notation.actions import Action
from lessons import stock_check

if not os.path.exists(CHROMIUM):
    pytest.skip("chromium is not installed", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")


def test_a_stock_check_answered_wrong_then_right_on_the_table(server, browser):
    lesson = lessons.get_lesson("strategy", "en")
    check = next(c for c in lesson.checks if c.kind == "stock_play")
    record = stock_check.record_of(check)
    right = Action.parse(record["answer"]).cards[0]
    wrong = Action.parse(record["options"][0]["move"]).cards[0]
    table = f".st-key-check_strategy_{check.id.replace('-', '_')}_en_table"
    page = browser.new_page(viewport={"width": 1100, "height": 1400}, locale="en-US")
    page.goto(server + "/rules?lesson=strategy&lang=en")
    page.locator(f"{table} [data-pick='{right}']").first.wait_for(timeout=90_000)
    settle_page(page, 20_000)
    page.locator(f"{table} [data-pick='{wrong}']").first.click()
    page.get_by_text("ways the unseen cards may lie you do better").first.wait_for(
        timeout=60_000)
    settle_page(page, 20_000)
    page.locator(f"{table} [data-pick='{right}']").first.click()
    page.get_by_text("Right: The expert's search").first.wait_for(timeout=60_000)
    assert page.get_by_text("Not quite").count() == 0
    settle_page(page, 20_000)
    no_exception(page)
    page.close()
