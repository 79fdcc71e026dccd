"""The Score pad page in a real browser (Playwright and Debian's chromium, 1024 px),
in English and in Russian: a new Rubicon pad, a declaration with its cards, the same
one refused with its rule's explanation, the deal's end as written on paper and the
settlement of 003's example (600); a screenshot of each language goes to ``screenshots/``
(git ignores it). The server uses the suite's temporary progress database.
Skipped when chromium or the playwright package is missing."""

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

WORDS = {
    "en": {"title": "Score pad", "start": "Start the pad", "deal": "Start the deal",
           "record": "Record", "refused": "Not recorded", "paper": "as written on paper",
           "finish": "Finish the deal", "settled": "Anna scores 600 for the game",
           "names": ("Anna", "Boris"), "cards": "KH QH"},
    "ru": {"title": "Запись счёта", "start": "Начать запись", "deal": "Начать сдачу",
           "record": "Записать", "refused": "Не записано", "paper": "как записано на бумаге",
           "finish": "Закончить сдачу", "settled": "Анна получает за партию 600 очков",
           "names": ("Анна", "Борис"), "cards": "Кч Дч"},
}


def settle(page) -> None:
    settle_page(page, 30_000)


def type_into(page, key: str, text: str) -> None:
    box = page.locator(f".st-key-{key} input")
    box.fill(text)
    box.press("Enter")
    settle(page)


def click(page, key: str) -> None:
    page.locator(f".st-key-{key} button").first.click()
    settle(page)
    no_exception(page)


def pick(page, key: str, option: str) -> None:
    settle(page)
    for attempt in range(3):   # a rerun may redraw the list while it opens: open it again
        page.locator(f".st-key-{key}").click()
        try:
            page.get_by_role("option", name=option, exact=True).click(timeout=5_000)
            break
        except sync_api.TimeoutError:
            if attempt == 2:
                raise
            page.keyboard.press("Escape")
            settle(page)
    settle(page)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_score_pad_in_the_browser(server, browser, tmp_path, lang: str) -> None:
    words = WORDS[lang]
    page = browser.new_page(viewport={"width": 1024, "height": 900})
    page.goto(f"{server}/scorepad?lang={lang}")
    page.get_by_role("heading", name=words["title"]).first.wait_for(timeout=60_000)
    settle(page)
    no_exception(page)
    type_into(page, "sp_name_0", words["names"][0])
    type_into(page, "sp_name_1", words["names"][1])
    click(page, "sp_new")
    click(page, "sp_start_deal")
    pick(page, "sp_what", "козырный марьяж" if lang == "ru" else "trump marriage")
    type_into(page, "sp_trick", "1")
    type_into(page, "sp_cards", words["cards"])
    click(page, "sp_add")
    page.get_by_text("40").first.wait_for(timeout=20_000)
    # The same two cards again, nothing played since: refused, with its reason.
    pick(page, "sp_what", "козырный марьяж" if lang == "ru" else "trump marriage")
    type_into(page, "sp_trick", "2")
    type_into(page, "sp_cards", words["cards"])
    click(page, "sp_add")
    alert = page.locator('[data-testid="stAlertContentError"]').first
    alert.wait_for(timeout=20_000)
    assert words["refused"] in alert.inner_text()
    # The end of the deal as the paper has it: 1290 : 1200, brisques 60 : 100.
    page.get_by_text(words["paper"]).click()
    settle(page)
    type_into(page, "sp_brisques_0", "60")
    type_into(page, "sp_brisques_1", "100")
    type_into(page, "sp_score_0", "1290")
    type_into(page, "sp_score_1", "1200")
    click(page, "sp_finish")
    page.get_by_text(words["settled"]).first.wait_for(timeout=20_000)
    keep = ROOT / "screenshots"
    keep.mkdir(exist_ok=True)
    shot = tmp_path / f"scorepad-{lang}.png"
    page.screenshot(path=str(shot), full_page=True)
    shutil.copy(shot, keep / shot.name)
    page.close()
