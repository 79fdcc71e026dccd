"""The third app review's Play and Game log defects in a real browser
(../shared/reviews/app-review-3.md): the level chosen is the level played, in a new
browser session too (#2); the Game log's slider thumb agrees with the board and the
review of a deal opens at its end (#4); a second click on a card already sent gives no
false refusal (#5); every table fits a phone, 390 x 844 (#10), with screenshots in a temp
dir and ``screenshots/`` (which git ignores).

The server uses the suite's temporary progress database (tests/conftest.py). Skipped
when chromium or the playwright package is missing."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from app_server import (
    CHROMIUM,
    PLAY_LEVEL,
    no_exception,
    open_play_settings,
    pick_play_level,
    settle_reply,
)

if not os.path.exists(CHROMIUM):
    pytest.skip("chromium is not installed", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")

from engine.rules.profile import load_profile  # noqa: E402
from puzzles.store import open_store  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 1400}
PICK = ".st-key-play_table [data-pick]:not(.is-illegal)"


def settle(page) -> None:
    settle_reply(page, 120_000)   # a loaded machine: an expert's answer, four seats


def shot(page, tmp_path: Path, name: str, locator: str | None = None) -> None:
    path = tmp_path / f"{name}.png"
    if locator:
        page.locator(locator).first.screenshot(path=str(path))
    else:
        page.screenshot(path=str(path), full_page=True)
    keep = ROOT / "screenshots"
    keep.mkdir(exist_ok=True)
    shutil.copy(path, keep / path.name)


def open_play(browser, server: str, viewport=DESK, locale: str = "en-US"):
    page = browser.new_page(viewport=viewport, locale=locale)
    page.goto(server + "/play")
    page.locator(".st-key-play_table .bz-table").first.wait_for(timeout=120_000)
    settle(page)
    return page


def click_and_wait(page, button: str) -> None:
    """Click the Play page's button ``button`` and wait until the game has moved on."""
    progress = page.locator(".st-key-play_progress").inner_text()
    page.locator(f".st-key-{button} button").click()
    page.wait_for_function(
        "(before) => { const e = document.querySelector('.st-key-play_progress');"
        " return e && e.innerText !== before; }", arg=progress, timeout=180_000)
    settle(page)


def play_to_end(page) -> None:
    click_and_wait(page, "to_end")
    page.locator(".st-key-new_game_end button, .st-key-next_deal button").first.wait_for(
        timeout=180_000)
    settle(page)


def pick_variant(page, title: str) -> None:
    page.locator(".st-key-play_variant").click()
    page.keyboard.type(title[:12])
    page.get_by_role("option", name=title, exact=True).click()
    settle(page)
    page.locator(".st-key-play_table .bz-table").first.wait_for(timeout=120_000)
    settle(page)


def level_shown(page) -> str:
    open_play_settings(page)
    return page.locator(PLAY_LEVEL).input_value()


def latest_saved_level(page, wanted: str) -> bool:
    """Whether the game saved last is played by ``wanted`` (waiting for the page's run
    that saves it)."""
    for _ in range(60):
        with open_store() as store:
            saved = store.latest_game("guest")
        if saved is not None and saved.level == wanted:
            return True
        page.wait_for_timeout(1000)
    return False


# --- #2 the level --------------------------------------------------------------------------

def test_the_expert_chosen_plays_every_new_game_in_a_new_session_too(server, browser):
    page = open_play(browser, server)
    pick_play_level(page, "Expert")
    assert level_shown(page) == "Expert" and latest_saved_level(page, "expert")
    page.locator(".st-key-new_game button").click()
    settle(page)
    assert latest_saved_level(page, "expert")
    page.close()
    # A new browser session: "Welcome back", the level box and the games agree.
    context = browser.new_context(viewport=DESK, locale="en-US")
    page = context.new_page()
    page.goto(server + "/play")
    page.locator(".st-key-play_table .bz-table").first.wait_for(timeout=120_000)
    settle(page)
    assert level_shown(page) == "Expert"
    page.locator(".st-key-new_game button").click()
    settle(page)
    assert level_shown(page) == "Expert" and latest_saved_level(page, "expert")
    pick_variant(page, "Rubicon Bezique")
    assert level_shown(page) == "Expert" and latest_saved_level(page, "expert")
    no_exception(page)
    context.close()


# --- #4 the Game log's slider ------------------------------------------------------------

def thumb(page) -> tuple[int, int]:
    slider = page.locator(".st-key-replay_step input[type=range]").first
    return int(slider.input_value()), int(slider.get_attribute("max") or 0)


def review_shown(page) -> None:
    """Wait for the review's findings: a costly decision's box or "none cost points"."""
    page.locator(".st-key-replay_review_0, .st-key-replay_review "
                 "[data-testid=stAlertContentSuccess]").first.wait_for(timeout=120_000)
    settle(page)


def test_the_replay_thumb_agrees_with_the_board_and_the_review_opens_at_the_end(
        server, browser, tmp_path):
    page = open_play(browser, server)
    play_to_end(page)
    page.get_by_role("link", name="Game log").first.click()
    page.locator(".st-key-replay_step input[type=range]").first.wait_for(state="attached",
                                                                        timeout=120_000)
    page.locator(".st-key-replay_review").wait_for(timeout=120_000)   # the deal's end
    settle(page)
    # The Play page reviewed the deal when it ended (issue 53): the Game log in the
    # same tab shows that review at once, at the deal's end.
    review_shown(page)
    step, last = thumb(page)
    assert step == last
    with page.expect_download() as download:
        page.locator(".st-key-replay_download button").click()
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    page.locator(".st-key-replay_step input[type=range]").first.focus()
    page.keyboard.press("Home")
    page.get_by_text("The start of the deal.").first.wait_for(timeout=60_000)
    settle(page)
    assert thumb(page) == (0, last)
    # The same game loaded from its file (same length: the same slider) opens at its
    # end, the thumb too (old main: thumb at 0 while the board showed the last step).
    page.locator("[data-testid=stFileUploaderDropzoneInput]").set_input_files(str(saved))
    page.get_by_text("Game loaded").first.wait_for(timeout=60_000)
    settle(page)
    assert thumb(page) == (last, last)
    page.close()
    # A new tab has no review yet: the Game log offers one for any game, here the file,
    # and it opens at the end of the deal (old main: back to step 0).
    page = browser.new_page(viewport=DESK, locale="en-US")
    page.goto(server + "/replay")
    page.locator("[data-testid=stFileUploaderDropzoneInput]").set_input_files(str(saved))
    page.get_by_text("Game loaded").first.wait_for(timeout=60_000)
    settle(page)
    assert thumb(page) == (last, last)
    page.get_by_role("button", name="Review my decisions in this deal").click()
    settle(page)
    review_shown(page)
    assert thumb(page) == (last, last)
    assert page.get_by_text("The start of the deal.").count() == 0
    shot(page, tmp_path, "review3-replay-review")
    no_exception(page)
    page.close()


# --- #5 a second click -------------------------------------------------------------------

def test_a_second_click_on_a_card_sent_gives_no_refusal(server, browser):
    page = open_play(browser, server)
    pick_play_level(page, "Expert")
    pick_variant(page, "Four-handed Bezique")
    page.locator(PICK).first.wait_for(timeout=120_000)
    settle(page)
    card = page.locator(PICK).first
    name = card.locator("img").get_attribute("alt")
    card.click()
    page.wait_for_timeout(300)                       # while the bots answer
    again = page.locator(f".st-key-play_table [data-pick] img[alt='{name}']")
    if again.count():   # (a fast machine may have answered already)
        try:
            again.click(timeout=5_000)
        except sync_api.TimeoutError:   # answered between the count and the click
            assert again.count() == 0
    page.locator(".st-key-play_table .bz-root.is-waiting").wait_for(state="detached",
                                                                     timeout=120_000)
    settle(page)
    errors = page.locator('[data-testid="stAlertContentError"]')
    assert errors.count() == 0, errors.first.inner_text()
    assert page.locator(f".st-key-play_table [data-pick] img[alt='{name}']").count() == 0
    no_exception(page)
    page.close()


# --- #10 the phone -----------------------------------------------------------------------

def boxes(page, selector: str) -> list[dict]:
    return page.locator(selector).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,"
        " width: r.width, text: (e.innerText || e.getAttribute('alt') || '').slice(0, 40)}; })")


def overlap(a: dict, b: dict) -> bool:
    return (min(a["right"], b["right"]) - max(a["left"], b["left"]) > 1
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 1)


def check_fits(page, where: str, key: str = "play_table") -> None:
    """Every box and card of the table within the 390 px screen, nothing to scroll
    sideways; four seats: the trick and the two side seats apart, each seat wide
    enough to read (a label of a few words a line)."""
    width = page.viewport_size["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width, where
    table = f".st-key-{key} .bz-table"
    for item in boxes(page, f"{table} .bz-box") + boxes(page, f"{table} img"):
        assert item["left"] >= -0.5 and item["right"] <= width + 0.5, (where, item)
    sides = boxes(page, f"{table} .bz-four > .bz-side")
    middle = boxes(page, f"{table} .bz-four > .bz-mid .bz-box")
    if sides:
        assert all(side["width"] >= 140 for side in sides), (where, sides)
        parts = sides + middle
        for i, a in enumerate(parts):
            for b in parts[i + 1:]:
                assert not overlap(a, b), (where, a, b)


@pytest.mark.parametrize(("variant", "lang"), [
    ("two-handed", "en"), ("joker", "en"), ("three-handed", "en"),
    ("four-handed", "ru"), ("fildinski-four-handed", "ru")])   # Russian: the longest labels
def test_every_table_fits_a_phone(server, browser, tmp_path, variant, lang):
    profile = load_profile(variant)
    page = open_play(browser, server, PHONE, "ru-RU" if lang == "ru" else "en-US")
    pick_variant(page, profile.title_ru if lang == "ru" else profile.title)
    check_fits(page, f"{variant}: start")
    shot(page, tmp_path, f"review3-phone-{variant}-start", ".st-key-play_table")
    page.locator(".st-key-autoplay_n input").fill("12")
    page.locator(".st-key-autoplay_n input").press("Tab")
    settle(page)
    click_and_wait(page, "autoplay")
    check_fits(page, f"{variant}: mid-deal")
    shot(page, tmp_path, f"review3-phone-{variant}-mid", ".st-key-play_table")
    # The same deal in the Game log (a new session: the game is listed first, at its
    # last step), every hand face up.
    log = browser.new_page(viewport=PHONE, locale=page.evaluate("() => navigator.language"))
    log.goto(server + "/replay")
    log.locator(".st-key-replay_table .bz-table").first.wait_for(timeout=120_000)
    settle(log)
    check_fits(log, f"{variant}: the Game log", "replay_table")
    shot(log, tmp_path, f"review3-phone-{variant}-log", ".st-key-replay_table")
    log.close()
    play_to_end(page)
    check_fits(page, f"{variant}: end")
    shot(page, tmp_path, f"review3-phone-{variant}-end", ".st-key-play_table")
    no_exception(page)
    page.close()
