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
    """Type and commit; on a loaded machine a rerun still drawing the form may redraw the
    box under the typing, so the value is checked and typed again if it did not stay."""
    settle(page)
    box = page.locator(f".st-key-{key} input")
    for _ in range(3):
        box.fill(text)
        box.press("Enter")
        settle(page)
        if box.input_value() == text:
            return
    assert box.input_value() == text, f"{key} kept {box.input_value()!r}, not {text!r}"


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


def test_two_handed_after_rubicon_in_the_browser(server, browser, tmp_path) -> None:
    """App review 3, #1: the form opens on Rubicon; switched to the two-handed game, the
    pad keeps none of Rubicon's options: the seven of trumps and the last trick score
    10 each (001 §04)."""
    page = browser.new_page(viewport={"width": 1024, "height": 900})
    page.goto(f"{server}/scorepad?lang=en")
    page.get_by_role("heading", name="Score pad").first.wait_for(timeout=60_000)
    settle(page)
    pick(page, "sp_variant", "Two-handed Bezique")
    assert "50, as in Rubicon" not in page.locator('[data-testid="stMain"]').inner_text()
    type_into(page, "sp_name_0", "Vera")
    type_into(page, "sp_name_1", "Gleb")
    click(page, "sp_new")
    click(page, "sp_start_deal")
    pick(page, "sp_what", "seven of trumps (dix)")
    click(page, "sp_add")
    type_into(page, "sp_brisques_0", "80")
    type_into(page, "sp_brisques_1", "80")
    pick(page, "sp_last", "Vera")
    click(page, "sp_finish")
    main = page.locator('[data-testid="stMain"]')
    # Each line is waited for: on a loaded machine the run the click starts may begin after
    # settle() has looked, and "Deal score" is on the page before the deal ends.
    for line in ("The last trick scores 10", "The seven of trumps: 10", "Deal score 100 : 80"):
        try:
            main.get_by_text(line, exact=False).first.wait_for(timeout=30_000)
        except sync_api.TimeoutError:
            text = main.inner_text()
            pytest.fail(f"{line!r} is not on the page; it shows: "
                        + " | ".join(text.splitlines()[8:60]))
    settle(page)
    assert "Options" not in main.inner_text()
    page.screenshot(path=str(tmp_path / "two-handed.png"), full_page=True)
    page.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_short_csv_row_is_one_error_line(server, browser, tmp_path, lang: str) -> None:
    """Reliability review 3, m4: a CSV row without its value (probes-3's
    scorepad_short_row.csv) gives the pad's one error line, no traceback."""
    short = tmp_path / "short.csv"
    short.write_text("deal,entry,player,meld,cards,trick,played,value,points,rule,source,"
                     "explanation\n,variant,,rubicon\n,player,A\n,player,B\n1,deal\n"
                     "1,scores,A\n", encoding="utf-8")
    page = browser.new_page(viewport={"width": 1024, "height": 900})
    page.goto(f"{server}/scorepad?lang={lang}")
    page.get_by_role("heading", name=WORDS[lang]["title"]).first.wait_for(timeout=60_000)
    settle(page)
    page.locator(".st-key-sp_upload input[type=file]").set_input_files(str(short))
    alert = page.locator('[data-testid="stAlertContentError"]').first
    alert.wait_for(timeout=20_000)
    assert "value" in alert.inner_text()
    no_exception(page)
    assert "Traceback" not in page.locator('[data-testid="stMain"]').inner_text()
    page.close()
