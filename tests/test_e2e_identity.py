"""Served to a class, each browser is its own learner: a real server with
``BEZIQUE_SERVED=1`` (``app_served.py``, as scripts/serve.sh runs it) and Playwright
browser contexts (browsers, cookies apart). A answers a meld puzzle; B sees none of it
on Progress; A, reloaded (a new session, found again by its cookie), still sees its
own attempt. The cookie is HttpOnly with an end, and a new one at every sign-in, up
and out: a cookie planted before a sign-in is not signed in (review 3, F1).

Skipped when chromium or the playwright package is missing."""

from __future__ import annotations

import os
import secrets
import time
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
    with app_server(env={"BEZIQUE_SERVED": "1", "BEZIQUE_PROGRESS_DB": str(store),
                         "BEZIQUE_REVIEW_WORKERS": "0"}, script="app_served.py") as url:
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


def learner_cookie(context, old: str | None = None) -> dict:
    """The browser's learner cookie, once it is set (and differs from ``old``): the page
    posts a one-time code after its run, and the answer sets it."""
    for _wait in range(150):
        found = [c for c in context.cookies() if c["name"] == "bezique_learner"]
        if found and found[0]["value"] != old:
            return found[0]
        time.sleep(0.2)
    raise AssertionError("the learner cookie was not set")


def sidebar_text(page) -> str:
    return page.locator('[data-testid="stSidebar"]').inner_text()


def account_form(page, expander: str, name_key: str, password_key: str, name: str) -> None:
    page.locator('[data-testid="stSidebar"]').get_by_text(expander, exact=True).first.click()
    page.locator(f".st-key-{name_key} input").fill(name)
    page.locator(f".st-key-{password_key} input").fill("correct horse 7")
    page.locator(f".st-key-{password_key} input").press("Enter")
    page.wait_for_function("() => document.querySelector('[data-testid=\"stSidebar\"]')"
                           ".innerText.includes('Signed in as')", timeout=60_000)
    settle(page)


def test_the_cookie_is_httponly_and_renewed_at_sign_up_in_and_out(server, browser) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    name = "Zoe" + secrets.token_hex(3)
    first = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    victim = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    attacker = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    try:
        a = first.new_page()
        a.goto(server + "/")
        a.wait_for_selector('[data-testid="stSidebar"]', timeout=60_000)
        settle(a)
        anonymous = learner_cookie(first)
        assert anonymous["httpOnly"] and anonymous["sameSite"] == "Lax"
        lifetime = anonymous["expires"] - time.time()
        assert 170 * 86400 < lifetime <= 181 * 86400     # BROWSER_DAYS, not 400 days
        assert a.evaluate("document.cookie").find("bezique_learner") < 0   # scripts cannot
        account_form(a, "Create an account", "identity_new_name", "identity_new_password",
                     name)
        signed = learner_cookie(first, anonymous["value"])
        assert signed["httpOnly"] and signed["expires"] - time.time() <= 15 * 86400
        a.locator('[data-testid="stSidebar"]').get_by_text("Account", exact=True).click()
        settle(a)
        a.screenshot(path=str(SCREENSHOTS / "identity-signed-up.png"), full_page=True)
        a.locator(".st-key-identity_sign_out button").click()
        # The run the click starts may not have begun when settle's 200 ms are up (a
        # loaded machine still showed "Signed in as" then), so wait for its result.
        a.wait_for_function("() => !document.querySelector('[data-testid=\"stSidebar\"]')"
                            ".innerText.includes('Signed in as')", timeout=60_000)
        settle(a)
        assert "Signed in as" not in sidebar_text(a)
        assert learner_cookie(first, signed["value"])["value"] != anonymous["value"]
        a.screenshot(path=str(SCREENSHOTS / "identity-signed-out.png"), full_page=True)

        # Fixation: the victim's browser carries a cookie the attacker chose; signing in
        # there gives it a new one, and the attacker's copy is nobody.
        planted = secrets.token_urlsafe(32)
        for context in (victim, attacker):
            context.add_cookies([{"name": "bezique_learner", "value": planted,
                                  "url": server}])
        v = victim.new_page()
        v.goto(server + "/")
        v.wait_for_selector('[data-testid="stSidebar"]', timeout=60_000)
        settle(v)
        account_form(v, "Sign in", "identity_in_name", "identity_in_password", name)
        assert learner_cookie(victim, planted)["value"] != planted
        v.screenshot(path=str(SCREENSHOTS / "identity-signed-in.png"), full_page=True)
        x = attacker.new_page()
        x.goto(server + "/progress")
        x.wait_for_selector('[data-testid="stSidebar"]', timeout=60_000)
        settle(x)
        assert "Signed in as" not in sidebar_text(x)
    finally:
        for context in (first, victim, attacker):
            context.close()
