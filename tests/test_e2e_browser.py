"""End to end in a real browser: start ``streamlit run app.py`` and drive it with
Playwright and Debian's chromium, at 1024 px. Plays a whole deal by clicking the cards
on the table (one by the keyboard, one illegal play-off card refused), switches the
language, answers an endgame puzzle wrongly (the refutation stepped on the table)
and then rightly, and uses the score explainer, taking screenshots (a temp dir, and
``screenshots/`` which git ignores). The click-to-settled times of the cards played
are printed and written to ``screenshots/timings.txt``.

The server uses the suite's temporary progress database (tests/conftest.py).
Skipped when chromium or the playwright package is missing."""

from __future__ import annotations

import os
import re
import shutil
import statistics
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

from app_server import CHROMIUM, no_exception, settle_page  # noqa: E402

if not os.path.exists(CHROMIUM):
    pytest.skip("chromium is not installed", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")


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
    # A loaded CI machine (xdist, other servers) runs slower, and the move that ends a
    # deal reviews the whole deal at the game's floor of deals (the suite runs no review
    # worker): searches counted in deals take longer under load instead of getting weaker.
    settle_page(page, 180_000)


def move_number(page) -> int:
    text = page.locator(".st-key-play_progress").inner_text(timeout=20_000)
    return int(re.findall(r"(\d+)\s*$", text.strip())[0])


def click_and_wait_for_move(page, locator, act=None, patient: bool = False) -> bool:
    """Click ``locator`` (or do ``act()``, e.g. keys) and wait until the move number
    changes and the page has settled. ``patient``: a click on a card drawn just before
    the page changed may be refused (the card was no longer playable); then return
    False and let the caller look again."""
    before = move_number(page)
    if act is not None:
        act()
    else:
        locator.click()
    try:
        page.wait_for_function(
            "(n) => { const e = document.querySelector('.st-key-play_progress');"
            " if (!e) return false; const m = e.innerText.trim().match(/(\\d+)\\s*$/);"
            " return m && Number(m[1]) !== n; }", arg=before, timeout=20_000)
    except sync_api.TimeoutError:
        if not patient:
            raise
        settle(page)
        return False
    settle(page)
    return True


PICK = "[data-pick]:not(.is-illegal)"
WIDTH = {"width": 1024, "height": 1400}


def table_answered(page, key: str) -> None:
    """Wait until the table ``key`` has no click waiting for the page's answer."""
    page.locator(f".st-key-{key} .bz-root.is-waiting").wait_for(state="detached",
                                                                timeout=30_000)
    settle(page)


def table_cards(page, key: str, which: str = PICK):
    """The cards one may click on the table component ``key`` (its shadow DOM is open:
    Playwright's CSS pierces it)."""
    return page.locator(f".st-key-{key} {which}")


def wait_for_an_action(page) -> None:
    """A cold server can still be sending the page: wait until a card, a declaration
    or draw button, or the end of the deal is there."""
    page.wait_for_selector(f".st-key-play_table {PICK}, [class*='st-key-act_'] button, "
                           ".st-key-next_deal button, .st-key-new_game_end button",
                           timeout=60_000)


def deal_over(page) -> bool:
    return bool(page.locator(".st-key-next_deal button, .st-key-new_game_end button").count())


def play_one(page, timings: list[float], keyboard: bool = False) -> None:
    """One action by hand: a card clicked on the table, else the first declaration
    (or draw) button."""
    wait_for_an_action(page)
    settle(page)
    cards = table_cards(page, "play_table")
    if cards.count():
        start = time.perf_counter()
        if keyboard and cards.count() > 1:
            def keys() -> None:
                cards.first.focus()
                page.keyboard.press("ArrowRight")
                page.keyboard.press("Enter")

            moved = click_and_wait_for_move(page, None, keys, patient=True)
        else:
            moved = click_and_wait_for_move(page, cards.first, patient=True)
        if moved:
            timings.append((time.perf_counter() - start) * 1000)
    else:
        # patient too: a button drawn just before the page changed may no longer act
        click_and_wait_for_move(page, page.locator("[class*='st-key-act_'] button").first,
                                patient=True)
    no_exception(page)


def test_play_a_deal_switch_language_use_explainer(server, browser, tmp_path):
    shots = Shots(tmp_path)
    page = browser.new_page(viewport=WIDTH, locale="en-US")
    page.goto(server + "/play")
    page.wait_for_selector(".st-key-play_progress", timeout=30_000)
    settle(page)
    assert page.get_by_role("heading", name="Play").count() >= 1
    shots.take(page, "01-play-start")

    # A whole deal by hand, on the table: cards clicked (one by the keyboard), the
    # declarations and draws by their buttons; one illegal play-off card refused.
    timings: list[float] = []
    refused = False
    for number in range(200):
        if deal_over(page):
            break
        illegal = table_cards(page, "play_table", "[data-pick].is-illegal")
        if not refused and illegal.count():
            try:
                why = illegal.first.get_attribute("title", timeout=5_000)   # on hover
                illegal.first.click(force=True, timeout=5_000)  # aria-disabled: still clicks
            except sync_api.TimeoutError:
                # The table redrew between the count and the click (the bot's answer
                # arrived): look again on the next turn rather than race it.
                settle(page)
                continue
            assert why
            page.get_by_text("Not allowed").first.wait_for(timeout=20_000)
            shots.take(page, "02-playoff-refused")
            refused = True
        play_one(page, timings, keyboard=number == 3)
        if number == 6:
            shots.take(page, "02-after-manual-moves")
    assert deal_over(page), "the deal did not end by hand"
    page.get_by_text("Review of the deal").first.wait_for(timeout=20_000)
    shots.take(page, "04-deal-over")
    report = (f"click-to-settled, a card on Play (n={len(timings)}): median "
              f"{statistics.median(timings):.0f} ms, max {max(timings):.0f} ms")
    print(report)
    (ROOT / "screenshots").mkdir(exist_ok=True)
    (ROOT / "screenshots" / "timings.txt").write_text(report + "\n", "utf-8")
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
    page.get_by_text("Выбрано карт: 0").first.wait_for(timeout=20_000)
    # the deck is a card table: click the pictures (alt text in Russian letters), as
    # fast as a learner may; the table queues the clicks the page has not answered yet
    for label in ("К♦", "Д♦", "В♦", "Д♠"):      # король, дама, валет
        page.locator(f".st-key-ex_pick_hand [data-pick] img[alt^='{label}#1']").first.click()
    page.get_by_text("Выбрано карт: 4").first.wait_for(timeout=30_000)
    table_answered(page, "ex_pick_hand")
    page.get_by_text("козырный марьяж").first.wait_for(timeout=20_000)
    page.get_by_text("безик", exact=True).first.wait_for(timeout=20_000)
    no_exception(page)
    shots.take(page, "06-explainer-russian")

    # An impossible selection: a card in hand and on the table.
    page.get_by_role("tab", name="Карты на столе").click()
    # the king of diamonds is in the hand: on the table it is dimmed, and says why
    king = page.locator(".st-key-ex_pick_table [data-pick].is-illegal img[alt^='К♦#1']")
    king.first.wait_for(timeout=20_000)
    page.locator(".st-key-ex_pick_table [data-pick] img[alt^='К♣#1']").first.click()
    page.get_by_text("Выбрано карт: 5").first.wait_for(timeout=20_000)
    table_answered(page, "ex_pick_table")
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
    page.get_by_text("Вы пришли сюда за этим правилом").first.wait_for(timeout=20_000)
    assert page.get_by_text("play.trick_winner").count() == 0     # only in a tooltip
    no_exception(page)
    Shots(tmp_path).take(page, "08-rules-from-link")
    page.close()


def _wait_in_view(page, selector: str, timeout: int) -> None:
    """Wait until the element's top edge is on screen, below the app's top bar."""
    page.wait_for_function(
        "(s) => { const e = document.querySelector(s); if (!e) return false;"
        " const y = e.getBoundingClientRect().top; return y >= 40 && y <= innerHeight - 100; }",
        arg=selector, timeout=timeout)


def test_sources_differ_chip_and_link_open_the_row(server, browser, tmp_path):
    """A lesson's "Sources differ" chip opens in place, its link opens the comparison
    at that row, scrolled into view; a ?differ= link in a new tab does the same."""
    pytest.importorskip("lessons")
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/rules?lesson=dix&lang=en")
    chip = page.locator("[class*='st-key-rules_differ_dix_'] summary").first
    chip.wait_for(timeout=60_000)
    settle(page)
    chip.click()
    page.get_by_text("001 §04: 10 once per physical seven").first.wait_for(timeout=10_000)
    Shots(tmp_path).take(page, "09-rules-chip-open")
    page.get_by_role("button", name="Read it among all the differences").first.click()
    row = ".st-key-rules_differ_row_dix_open"
    page.wait_for_selector(row, timeout=20_000)
    settle(page)
    page.wait_for_function(
        "(s) => { const e = document.querySelector(s); if (!e) return false;"
        " const y = e.getBoundingClientRect().top; return y >= 40 && y < 300; }",
        arg=row, timeout=10_000)
    assert page.locator(f"{row} details[open], {row}[open]").count() or \
        page.get_by_text("Two-handed copies (item 8)").first.is_visible()
    no_exception(page)
    page.close()

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/rules?lesson=disagreements&differ=tie&lang=ru")
    page.wait_for_selector(".st-key-rules_differ_row_tie_open", timeout=60_000)
    settle(page)
    # the scroll runs once the fold is drawn: wait for it, however long that takes; folds
    # drawn above it later move it, and the page brings it back: it ends in view
    _wait_in_view(page, ".st-key-rules_differ_row_tie_open", 20_000)
    page.wait_for_timeout(2_000)
    _wait_in_view(page, ".st-key-rules_differ_row_tie_open", 10_000)
    assert page.get_by_text("Побеждает взявший последнюю взятку.").first.is_visible()
    no_exception(page)
    page.close()


def choose_variant(page, title: str) -> None:
    """Pick a variant in the Play page's selectbox (this starts a new game)."""
    option = page.locator("[role=option]").filter(has_text=re.compile(f"^{re.escape(title)}$"))
    for attempt in range(4):
        # A script run that redraws the selectbox closes its open list: wait for the page
        # to settle, open the list, and open it again if it closed before the click.
        settle(page)
        page.locator(".st-key-play_variant [role=combobox]").click()
        try:
            option.click(timeout=5_000)
            break
        except sync_api.TimeoutError:
            if attempt == 3:
                raise
            page.keyboard.press("Escape")
    page.wait_for_function(
        "(t) => { const e = document.querySelector('.st-key-play_variant input');"
        " return e && e.value === t; }", arg=title, timeout=20_000)
    settle(page)


def hand_moves(page, count: int) -> None:
    for _ in range(count):
        wait_for_an_action(page)
        blanche = page.locator(".st-key-act_blanche button")
        if blanche.count():
            click_and_wait_for_move(page, blanche)
        else:
            play_one(page, [])


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


def hinted_card(page) -> str:
    """Take hints until the last one names the card; return its text (``Q♠``)."""
    named = re.compile(r"Play (\S+)$")
    for _ in range(4):
        found = page.get_by_text(named)
        if found.count():
            return named.search(found.last.inner_text().strip()).group(1)
        button = page.locator(".st-key-eg_hint_btn button")
        if button.is_disabled():
            break
        shown = page.locator('[data-testid="stAlert"]').count()
        button.click()
        page.wait_for_function("(n) => document.querySelectorAll('[data-testid=\"stAlert\"]')"
                               ".length > n", arg=shown, timeout=20_000)
        settle(page)
    page.get_by_text(named).last.wait_for(timeout=20_000)
    return named.search(page.get_by_text(named).last.inner_text().strip()).group(1)


def click_card_named(page, name: str) -> None:
    page.locator(f".st-key-eg_table [data-pick] img[alt^='{name}#']").first.click()
    settle(page)


def test_solve_one_puzzle_of_each_kind(server, browser, tmp_path):
    """A meld puzzle answered and checked; an endgame puzzle answered wrongly (the
    engine's refutation stepped on the table), retried and solved, by clicking cards."""
    shots = Shots(tmp_path)
    page = browser.new_page(viewport=WIDTH, locale="en-US")
    page.goto(server + "/meld_trainer")
    page.wait_for_selector(".st-key-mt_check_btn button", timeout=60_000)
    settle(page)
    alerts = page.locator('[data-testid="stAlert"]')
    before = alerts.count()
    answer = page.locator("[class*='st-key-mt_answer_']")
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
                           ".length > n", arg=before, timeout=60_000)
    no_exception(page)
    shots.take(page, "13-meld-puzzle-checked")

    # An endgame puzzle that asks for the best card (a "value" one is skipped).
    page.goto(server + "/endgame")
    page.wait_for_selector(f".st-key-eg_table {PICK}, .st-key-eg_value_btn button",
                           timeout=60_000)
    settle(page)
    for _ in range(30):
        if not page.locator(".st-key-eg_value_btn button").count() and \
                page.get_by_text("Find the best card").count():
            break
        page.locator(".st-key-eg_next_btn button").click()
        settle(page)
    if page.locator(".st-key-eg_value_btn button").count():      # only "value" ones: answer
        page.locator(".st-key-eg_value_input input").fill("10")
        page.keyboard.press("Enter")
        settle(page)
        page.locator(".st-key-eg_value_btn button").click()
        table_cards(page, "eg_table").first.wait_for(timeout=60_000)
        settle(page)
    best = hinted_card(page)
    legal = table_cards(page, "eg_table")
    names = [legal.nth(i).locator("img").get_attribute("alt").split("#")[0]
             for i in range(legal.count())]
    wrong = next((n for n in names if n != best), None)
    if wrong is not None:
        click_card_named(page, wrong)                       # a wrong answer: refuted
        settle(page)
        refuted = page.locator(".st-key-eg_ref_step")
        for _wait in range(150):     # a card tying with the hinted one is not refuted
            if refuted.count() or table_cards(page, "eg_table").count() or \
                    page.get_by_text("the most possible").count():
                break
            page.wait_for_timeout(200)
    if wrong is not None and refuted.count():
        refuted.wait_for(timeout=60_000)
        page.locator(".st-key-eg_ref_step_table [data-pick], "
                     ".st-key-eg_ref_step_table img").first.wait_for(timeout=60_000)
        slider = page.locator(".st-key-eg_ref_step input").first    # react-aria: a range input
        slider.focus()
        page.keyboard.press("ArrowRight")
        settle(page)
        no_exception(page)
        shots.take(page, "14-endgame-refuted")
        page.locator(".st-key-eg_retry button").first.click()      # retry, then the right card
        table_cards(page, "eg_table").first.wait_for(timeout=60_000)
        settle(page)
    for _ in range(24):
        for _wait in range(150):          # my turn again, or the puzzle is over
            if page.get_by_text("the most possible").count() or \
                    table_cards(page, "eg_table").count():
                break
            page.wait_for_timeout(200)
        if page.get_by_text("the most possible").count():
            break
        if not table_cards(page, "eg_table").count():   # a hint read too early: again
            retry = page.locator(".st-key-eg_retry button")
            if not retry.count():         # still redrawing under load: look again
                settle(page)
                continue
            retry.first.click()
            table_cards(page, "eg_table").first.wait_for(timeout=60_000)
        settle(page)
        page.wait_for_timeout(300)        # the hints are redrawn with the table
        shown = page.locator(".st-key-eg_table [data-pick]").count()
        click_card_named(page, hinted_card(page))
        for _wait in range(100):          # my card leaves my hand, or the puzzle ends
            if page.get_by_text("the most possible").count() or \
                    page.locator(".st-key-eg_table [data-pick]").count() < shown:
                break
            page.wait_for_timeout(200)
        settle(page)
        no_exception(page)
    page.get_by_text("the most possible").first.wait_for(timeout=60_000)
    assert page.get_by_text("the most possible").count() == 1
    shots.take(page, "15-endgame-solved")
    page.close()


def test_three_and_four_handed_at_1280_px_with_a_hint(server, browser, tmp_path):
    """004: three seats and two partnerships laid out at 1280 px (no sideways
    scrolling), the other seats named, a few moves played and a hint shown."""
    shots = Shots(tmp_path)
    page = browser.new_page(viewport={"width": 1280, "height": 1500}, locale="en-US")
    page.goto(server + "/play")
    page.wait_for_selector(".st-key-play_progress", timeout=30_000)
    settle(page)
    for title, seats in (("Three-handed Bezique", ("Left opponent", "Right opponent")),
                         ("Four-handed Bezique", ("Left opponent", "Partner",
                                                  "Right opponent"))):
        choose_variant(page, title)
        for seat in seats:
            page.get_by_text(seat).first.wait_for(timeout=20_000)
        hand_moves(page, 3)
        wait_for_an_action(page)
        # while a run redraws the page the old button can still be there beside the new
        # one: wait until the page shows one Hint button, then press it
        page.wait_for_function("() => document.querySelectorAll('.st-key-hint button')"
                               ".length === 1", timeout=20_000)
        settle(page)
        shown = page.locator('[data-testid="stAlert"]').count()
        page.locator(".st-key-hint button").first.click()
        page.wait_for_function("(n) => document.querySelectorAll('[data-testid=\"stAlert\"]')"
                               ".length > n", arg=shown, timeout=30_000)
        settle(page)
        no_exception(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
        shots.take(page, f"15-{title.split()[0].lower()}-1280")
    page.close()
