"""End to end in a real browser: start ``streamlit run app.py`` and drive it with
Playwright and Debian's chromium. Plays a whole deal (a few cards clicked by hand,
the rest by auto-play), switches the language and uses the score explainer, taking
screenshots (a temp dir, and ``screenshots/`` which git ignores).

Skipped when chromium or the playwright package is missing."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

if not os.path.exists(CHROMIUM):
    pytest.skip("chromium is not installed", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def server():
    port = _free_port()
    env = {**os.environ, "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1",
         "--server.fileWatcherType", "none", "--server.runOnSave", "false"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                with urllib.request.urlopen(url + "/_stcore/health", timeout=1) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.2)
        else:
            pytest.fail("streamlit did not start")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


class Shots:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.keep = ROOT / "screenshots"
        self.keep.mkdir(exist_ok=True)

    def take(self, page, name: str) -> None:
        path = self.folder / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        shutil.copy(path, self.keep / path.name)


def settle(page) -> None:
    """Wait until the script run triggered by the last click has finished."""
    page.wait_for_timeout(150)
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"] "
        "[data-testid=\"stStatusWidgetRunningIcon\"]')"
        " && !document.querySelector('[data-testid=\"stAppViewBlockContainer\"] "
        "[data-stale=\"true\"]')", timeout=20_000)


def move_number(page) -> int:
    text = page.locator(".st-key-play_progress").inner_text(timeout=20_000)
    return int(re.findall(r"(\d+)\s*$", text.strip())[0])


def no_exception(page) -> None:
    found = page.locator('[data-testid="stException"]')
    assert found.count() == 0, found.first.inner_text()


def click_and_wait_for_move(page, locator) -> None:
    before = move_number(page)
    locator.click()
    page.wait_for_function(
        "(n) => { const e = document.querySelector('.st-key-play_progress');"
        " if (!e) return false; const m = e.innerText.trim().match(/(\\d+)\\s*$/);"
        " return m && Number(m[1]) !== n; }", arg=before, timeout=20_000)
    settle(page)


def test_play_a_deal_switch_language_use_explainer(server, browser, tmp_path):
    shots = Shots(tmp_path)
    page = browser.new_page(viewport={"width": 1400, "height": 1700}, locale="en-US")
    page.goto(server + "/play")
    page.wait_for_selector(".st-key-play_progress", timeout=30_000)
    settle(page)
    assert page.get_by_role("heading", name="Play").count() >= 1
    shots.take(page, "01-play-start")

    # A few moves by hand: click a card, or draw after winning a trick.
    for _ in range(4):
        wait_for_an_action(page)
        cards = page.locator("[class*='st-key-card_'] button:not([disabled])")
        if cards.count():
            click_and_wait_for_move(page, cards.first)
        else:
            click_and_wait_for_move(page, page.locator(".st-key-act_draw button"))
        no_exception(page)
    shots.take(page, "02-after-manual-moves")

    # Auto-play in steps, then to the end of the deal.
    page.locator(".st-key-autoplay_n input").fill("20")
    page.locator(".st-key-autoplay_n input").press("Enter")
    settle(page)
    click_and_wait_for_move(page, page.locator(".st-key-autoplay button"))
    shots.take(page, "03-after-autoplay")
    click_and_wait_for_move(page, page.locator(".st-key-to_end button"))
    no_exception(page)
    page.get_by_text("The deal is over.").first.wait_for(timeout=20_000)
    shots.take(page, "04-deal-over")
    # A single deal can reach the target (1000) with big melds: then the game is over
    # and the page offers a new game instead of deal 2 (the deals are not seeded here).
    # A click that lands while the server is still finishing a run can be dropped
    # under load (CI once timed out here), so a missed click is tried again.
    for attempt in range(3):
        if page.locator(".st-key-next_deal button").count():
            page.locator(".st-key-next_deal button").click()
        try:
            page.wait_for_function(
                "() => { const e = document.querySelector('.st-key-play_progress');"
                " return (e && /Deal 2\\b/.test(e.innerText))"
                " || !!document.querySelector('.st-key-new_game_end button'); }",
                timeout=20_000)
            break
        except sync_api.TimeoutError:
            if attempt == 2:
                raise
            settle(page)
    settle(page)
    no_exception(page)

    # Switch to Russian in the sidebar.
    page.locator('[data-testid="stSidebar"]').get_by_text("Русский").click()
    page.get_by_role("heading", name="Игра").first.wait_for(timeout=20_000)
    settle(page)
    no_exception(page)
    shots.take(page, "05-play-russian")

    # The score explainer, still in Russian, same session.
    page.locator('[data-testid="stSidebarNav"]').get_by_text("Объяснение очков").click()
    page.get_by_role("heading", name="Объяснение очков").first.wait_for(timeout=20_000)
    settle(page)
    for label in ("K♦", "Q♦", "J♦"):
        page.locator(".st-key-ex_hand_D button").filter(has_text=label).first.click()
        settle(page)
    page.locator(".st-key-ex_hand_S button").filter(has_text="Q♠").first.click()
    settle(page)
    page.get_by_text("козырный марьяж").first.wait_for(timeout=20_000)
    page.get_by_text("безик", exact=True).first.wait_for(timeout=20_000)
    no_exception(page)
    shots.take(page, "06-explainer-russian")

    # An impossible selection: a card in hand and on the table.
    page.get_by_role("tab", name="Карты на столе").click()
    page.locator(".st-key-ex_table_D button").filter(has_text="K♦").first.click()
    settle(page)
    page.get_by_text("Такая позиция невозможна").first.wait_for(timeout=20_000)
    no_exception(page)
    shots.take(page, "07-explainer-impossible")
    page.close()


def test_rules_link_opens_the_lesson(server, browser, tmp_path):
    pytest.importorskip("lessons")
    import lessons

    lesson_id, anchor = lessons.rule_anchor("play.trick_winner")
    page = browser.new_page(viewport={"width": 1400, "height": 1700}, locale="ru-RU")
    page.goto(f"{server}/rules?lesson={lesson_id}&rule=play.trick_winner#{anchor}")
    page.get_by_role("heading", name="Правила").first.wait_for(timeout=30_000)
    settle(page)
    page.get_by_text("play.trick_winner").first.wait_for(timeout=20_000)
    no_exception(page)
    Shots(tmp_path).take(page, "08-rules-from-link")
    page.close()


def choose_variant(page, title: str) -> None:
    """Pick a variant in the Play page's selectbox (this starts a new game)."""
    page.locator(".st-key-play_variant [role=combobox]").click()
    page.locator("[role=option]").filter(has_text=re.compile(f"^{re.escape(title)}$")).click()
    page.wait_for_function(
        "(t) => { const e = document.querySelector('.st-key-play_variant input');"
        " return e && e.value === t; }", arg=title, timeout=20_000)
    settle(page)


def wait_for_an_action(page) -> None:
    """A cold server can still be sending the page: wait until a card, the draw
    button or the carte blanche button is there."""
    page.wait_for_selector("[class*='st-key-card_'] button:not([disabled]), "
                           ".st-key-act_draw button, .st-key-act_blanche button",
                           timeout=60_000)


def hand_moves(page, count: int) -> None:
    for _ in range(count):
        wait_for_an_action(page)
        blanche = page.locator(".st-key-act_blanche button")
        cards = page.locator("[class*='st-key-card_'] button:not([disabled])")
        if blanche.count():
            click_and_wait_for_move(page, blanche)
        elif cards.count():
            click_and_wait_for_move(page, cards.first)
        else:
            click_and_wait_for_move(page, page.locator(".st-key-act_draw button"))
        no_exception(page)


def test_rubicon_to_the_settlement_and_four_handed_tricks(server, browser, tmp_path):
    shots = Shots(tmp_path)
    page = browser.new_page(viewport={"width": 1400, "height": 1700}, locale="en-US")
    page.goto(server + "/play")
    page.wait_for_selector(".st-key-play_progress", timeout=30_000)
    settle(page)

    # Rubicon: no turn-up, trumps not fixed until the first marriage; one deal settled.
    choose_variant(page, "Rubicon Bezique")
    page.get_by_text("not fixed yet").first.wait_for(timeout=20_000)
    shots.take(page, "09-rubicon-start")
    hand_moves(page, 4)
    click_and_wait_for_move(page, page.locator(".st-key-to_end button"))
    page.get_by_text("Settlement of the game").first.wait_for(timeout=60_000)
    page.get_by_text("Game score").first.wait_for(timeout=20_000)
    no_exception(page)
    shots.take(page, "10-rubicon-settlement")

    # Four-handed Rubicon: partner opposite, opponents left and right, team scores.
    page.locator(".st-key-new_game_end button").click()
    settle(page)
    choose_variant(page, "Four-handed Rubicon Bezique")
    page.get_by_text("Left opponent").first.wait_for(timeout=20_000)
    page.get_by_text("You & partner").first.wait_for(timeout=20_000)
    shots.take(page, "11-four-handed-start")
    hand_moves(page, 8)
    no_exception(page)
    shots.take(page, "12-four-handed-tricks")
    page.close()


def test_solve_one_puzzle_of_each_kind(server, browser, tmp_path):
    """A meld puzzle answered and checked, and an endgame puzzle played out."""
    shots = Shots(tmp_path)
    page = browser.new_page(viewport={"width": 1400, "height": 1700}, locale="en-US")
    page.goto(server + "/meld_trainer")
    page.wait_for_selector(".st-key-mt_check_btn button", timeout=60_000)
    settle(page)
    alerts = page.locator('[data-testid="stAlert"]')
    before = alerts.count()
    answer = page.locator(".st-key-mt_answer")
    if answer.locator("[role=radiogroup]").count():
        answer.locator("label").first.click()
    else:
        answer.locator("input").first.click()
        page.locator("[role=option]").first.click()
        page.keyboard.press("Escape")
    settle(page)
    page.locator(".st-key-mt_check_btn button").click()
    settle(page)
    page.wait_for_function("(n) => document.querySelectorAll('[data-testid=\"stAlert\"]')"
                           ".length > n", arg=before, timeout=20_000)
    no_exception(page)
    shots.take(page, "13-meld-puzzle-checked")

    page.goto(server + "/endgame")
    page.wait_for_selector("[class*='st-key-eg_play_'] button, .st-key-eg_value_btn button",
                           timeout=60_000)
    settle(page)
    if page.locator(".st-key-eg_value_btn button").count():
        page.locator(".st-key-eg_value_input input").fill("10")
        page.keyboard.press("Enter")
        settle(page)
        page.locator(".st-key-eg_value_btn button").click()
        settle(page)
    for _ in range(12):
        plays = page.locator("[class*='st-key-eg_play_'] button:not([disabled])")
        if not plays.count():
            break
        plays.first.click()
        settle(page)
        no_exception(page)
    assert page.locator("[class*='st-key-eg_play_'] button:not([disabled])").count() == 0
    shots.take(page, "14-endgame-puzzle-done")
