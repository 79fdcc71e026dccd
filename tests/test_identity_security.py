"""Served to a class, safely (reliability review 3): a new token at every sign-in, up
and out, tokens that end, sign out everywhere and a new password (F1); a lockout that
holds however many guesses arrive together, with hashes bounded per process (F2); a
lock that says nothing of which names exist (m3); a tab that forgets the previous
learner's game and state (m1); a store outage that leaves the pages that do not need
it working (m5); empty anonymous learners forgotten (m9). The browser's own side (the
HttpOnly cookie) is tests/test_e2e_identity.py's."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from _store_backends import BACKENDS, Places, places_fixture
from app_helpers import APP, act_by_hand
from streamlit.testing.v1 import AppTest

from puzzles import accounts
from puzzles import identity as ident
from puzzles.store import (
    BROWSER_DAYS,
    SIGNED_IN_DAYS,
    is_named,
    open_store,
)

places = pytest.fixture(params=BACKENDS)(places_fixture)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
PASSWORD = "correct horse"


@pytest.fixture
def learner_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("BEZIQUE_PROGRESS_DB", str(path))
    monkeypatch.setenv(ident.SERVED_ENV, "1")
    return path


@pytest.fixture(autouse=True)
def no_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accounts, "FAILURE_DELAY", 0.0)


def browser(token: str | None = None, **state: object) -> AppTest:
    """A served tab whose browser sends ``token`` (as its cookie would)."""
    at = AppTest.from_file(APP, default_timeout=60)
    if token is not None:
        at.session_state[ident.TOKEN] = token
    for key, value in state.items():
        at.session_state[key] = value
    at.run()
    assert not at.exception
    return at


def press(at: AppTest, label: str) -> AppTest:
    [b for b in at.sidebar.button if b.label == label][0].click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def fill(at: AppTest, **values: str) -> None:
    for key, value in values.items():
        at.sidebar.text_input(key=key).input(value)


def sign_up(at: AppTest, name: str) -> AppTest:
    fill(at, identity_new_name=name, identity_new_password=PASSWORD)
    return press(at, "Create an account")


def sign_in(at: AppTest, name: str, password: str = PASSWORD) -> AppTest:
    fill(at, identity_in_name=name, identity_in_password=password)
    return press(at, "Sign in")


def signed_in(at: AppTest) -> str | None:
    return at.session_state[ident.SERVED_NAME]  # type: ignore[no-any-return]


def learner_of(token: str) -> str:
    with open_store() as db:
        return db.browser_learner(ident.token_hash(token))


# --- F1: session fixation ------------------------------------------------------------------

def test_sign_up_and_sign_in_give_the_browser_a_new_token(learner_db: Path) -> None:
    """A token planted in a browser (a shared computer's cookie, copied or set before)
    is worth nothing once someone signs in or up there."""
    planted = ident.new_token()
    at = browser(planted)
    anonymous = at.session_state[ident.SERVED_LEARNER]
    sign_up(at, "Ann")
    assert signed_in(at) == "Ann"
    assert at.session_state[ident.SERVED_LEARNER] == anonymous   # the record is kept
    assert at.session_state[ident.TOKEN] != planted
    assert learner_of(planted) != anonymous    # the planted copy: a new, empty learner
    # The victim signs in on another browser that carries a planted token.
    planted = ident.new_token()
    victim = browser(planted)
    sign_in(victim, "ann")
    assert signed_in(victim) == "Ann" and victim.session_state[ident.TOKEN] != planted
    attacker = browser(planted)
    assert signed_in(attacker) is None
    assert attacker.session_state[ident.SERVED_LEARNER] != anonymous


def test_sign_out_gives_a_new_token_and_the_old_one_names_nobody(learner_db: Path) -> None:
    at = sign_up(browser(), "Bea")
    token = at.session_state[ident.TOKEN]
    account = at.session_state[ident.SERVED_LEARNER]
    press(at, "Sign out")
    assert signed_in(at) is None and at.session_state[ident.TOKEN] != token
    assert at.session_state[ident.SERVED_LEARNER] != account
    assert signed_in(browser(token)) is None   # a copy of the old cookie


def test_sign_out_everywhere_ends_every_browser_of_the_account(learner_db: Path) -> None:
    first = sign_up(browser(), "Cid")
    second = sign_in(browser(), "cid")
    third = sign_in(browser(), "cid")
    assert signed_in(second) == signed_in(third) == "Cid"
    press(second, "Sign out everywhere")
    assert signed_in(second) is None
    assert "Signed out in every browser." in [s.value for s in second.sidebar.success]
    for other in (first, third):
        other.run()
        assert signed_in(other) is None


def test_a_new_password_signs_out_the_other_browsers(learner_db: Path) -> None:
    mine = sign_up(browser(), "Dan")
    other = sign_in(browser(), "dan")
    fill(mine, identity_old_password="wrong horse", identity_changed_password="new horse 2")
    press(mine, "Change the password")
    assert [e.value for e in mine.sidebar.error] == ["That is not your current password."]
    fill(mine, identity_old_password=PASSWORD, identity_changed_password="new horse 2")
    press(mine, "Change the password")
    assert signed_in(mine) == "Dan"
    assert "new horse 2" not in repr(mine.session_state)
    other.run()
    assert signed_in(other) is None
    assert signed_in(sign_in(browser(), "dan")) is None              # the old password
    assert signed_in(sign_in(browser(), "dan", "new horse 2")) == "Dan"


def test_tokens_end_in_the_store(places: Places) -> None:
    with open_store(places.new()) as db:
        learner = db.browser_learner(ident.token_hash(ident.new_token()), at=T0)
        accounts.create_local(db, "Eve", PASSWORD, learner)
        signed = ident.token_hash(ident.new_token())
        db.attach_browser(signed, learner, at=T0)
        assert db.open_browser(signed, T0 + timedelta(days=SIGNED_IN_DAYS - 1)).learner == \
            learner
        # A visit does not stretch a sign-in: it ends SIGNED_IN_DAYS after it.
        ended = db.open_browser(signed, T0 + timedelta(days=SIGNED_IN_DAYS, seconds=1))
        assert ended.learner != learner and not ended.signed_in
        # An anonymous browser lives BROWSER_DAYS after its last visit (its end moves on
        # once a day at most, and the cookie is sent again then).
        anon = ident.token_hash(ident.new_token())
        first = db.open_browser(anon, T0)
        assert not db.open_browser(anon, T0 + timedelta(hours=20)).renewed
        later = T0 + timedelta(days=BROWSER_DAYS - 10)
        renewed = db.open_browser(anon, later)
        assert renewed.learner == first.learner and renewed.renewed
        assert renewed.expires > first.expires
        gone = db.open_browser(anon, later + timedelta(days=BROWSER_DAYS, seconds=1))
        assert gone.learner != first.learner


def test_a_sign_in_from_before_tokens_ended_has_ended(tmp_path: Path) -> None:
    """Migration 9: a browser signed in with a token a script could read (no end in the
    store) is signed out; an anonymous one keeps its learner."""
    path = tmp_path / "p.sqlite3"
    with open_store(path) as db:
        learner = db.browser_learner(ident.token_hash(ident.new_token()))
        accounts.create_local(db, "Fay", PASSWORD, learner)
        old, anon = ident.token_hash(ident.new_token()), ident.token_hash(ident.new_token())
        db.attach_browser(old, learner)
        kept = db.browser_learner(anon)
        db.conn.execute("UPDATE browsers SET expires = NULL")
        assert db.open_browser(old).learner != learner
        assert db.open_browser(anon).learner == kept


# --- F2, m3: guessing -------------------------------------------------------------------------

class CountingHasher:
    """Argon2's hasher, counting the passwords checked and the hashes at once."""

    def __init__(self, real: object) -> None:
        self.real = real
        self.checked = 0
        self.now = self.most = 0
        self.lock = threading.Lock()

    def _run(self, method: str, *args: str) -> object:
        with self.lock:
            self.now += 1
            self.most = max(self.most, self.now)
            self.checked += method == "verify"
        try:
            time.sleep(0.01)   # a hash takes time: let the others pile up if they may
            return getattr(self.real, method)(*args)
        finally:
            with self.lock:
                self.now -= 1

    def verify(self, secret: str, password: str) -> bool:
        return bool(self._run("verify", secret, password))

    def hash(self, password: str) -> str:
        return str(self._run("hash", password))

    def check_needs_rehash(self, secret: str) -> bool:
        return bool(self.real.check_needs_rehash(secret))  # type: ignore[attr-defined]


def guess_together(target: str, name: str, count: int, right_last: bool) -> list[str]:
    results = [""] * count
    start = threading.Barrier(count)

    def guess(i: int) -> None:
        password = PASSWORD if right_last and i == count - 1 else f"guess {i:04d}"
        start.wait()
        try:
            with open_store(target) as db:
                accounts.sign_in_local(db, name, password)
            results[i] = "accepted"
        except accounts.AccountError as exc:
            results[i] = exc.reason

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.parametrize("known", [True, False])
def test_guesses_sent_together_check_at_most_five_passwords(
        places: Places, monkeypatch: pytest.MonkeyPatch, known: bool) -> None:
    hasher = CountingHasher(accounts._HASHER)
    monkeypatch.setattr(accounts, "_HASHER", hasher)
    target = places.new()
    with open_store(target) as db:
        if known:
            accounts.create_local(db, "Gus", PASSWORD,
                                  db.browser_learner(ident.token_hash(ident.new_token())))
    hasher.checked = hasher.most = 0
    results = guess_together(target, "Gus" if known else "Nobody", 16, right_last=False)
    assert hasher.checked == accounts.FREE_TRIES
    assert results.count("account.refused") == accounts.FREE_TRIES
    # The rest are locked, whether the name exists or not: the lock tells nothing.
    assert results.count("account.locked") == 16 - accounts.FREE_TRIES
    assert hasher.most <= accounts.HASHES_AT_ONCE
    # Locked, the right password waits too.
    with open_store(target) as db, pytest.raises(accounts.AccountError) as locked:
        accounts.sign_in_local(db, "Gus" if known else "Nobody", PASSWORD)
    assert locked.value.reason == "account.locked"


def test_the_right_password_among_many_is_checked_only_within_the_free_tries(
        places: Places) -> None:
    target = places.new()
    with open_store(target) as db:
        accounts.create_local(db, "Hal", PASSWORD,
                              db.browser_learner(ident.token_hash(ident.new_token())))
    results = guess_together(target, "Hal", 20, right_last=True)
    checked = results.count("account.refused") + results.count("accepted")
    assert checked <= accounts.FREE_TRIES
    assert results.count("account.locked") >= 20 - accounts.FREE_TRIES


def test_sign_ups_are_limited_per_process(learner_db: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accounts, "SIGN_UPS_PER_MINUTE", 2)
    monkeypatch.setattr(accounts, "_SIGN_UPS", type(accounts._SIGN_UPS)())
    with open_store() as db:
        for name in ("Ida", "Jon"):
            accounts.create_local(db, name, PASSWORD, db.browser_learner(name.lower()))
        with pytest.raises(accounts.AccountError) as busy:
            accounts.create_local(db, "Kim", PASSWORD, db.browser_learner("kim"))
    assert busy.value.reason == "account.busy" and 0 < busy.value.seconds <= 61


# --- m1: a new learner, a fresh tab --------------------------------------------------------------

def test_signing_in_and_out_clears_the_tab(learner_db: Path) -> None:
    with open_store() as db:
        accounts.create_local(db, "Lea", PASSWORD,
                              db.browser_learner(ident.token_hash(ident.new_token())))
    at = browser()
    at.switch_page("app_pages/play.py")
    at.run()
    before = at.session_state["play"]
    at.session_state["explainer_history"] = ["an anonymous learner's score"]
    at.session_state["mt_puzzle"] = "a puzzle being answered"
    sign_in(at, "lea")
    assert signed_in(at) == "Lea"
    assert at.session_state["play"] is not before       # the account's own game, or none
    assert at.session_state["explainer_history"] == []
    assert "mt_puzzle" not in at.session_state
    signed = at.session_state["play"]
    press(at, "Sign out")
    assert at.session_state["play"] is not signed
    assert at.session_state["lang"] == "en"             # the browser's settings stay


# --- m5: the store down --------------------------------------------------------------------------

def test_a_store_outage_leaves_the_pages_that_do_not_need_it(
        learner_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    at = browser()
    at.switch_page("app_pages/play.py")
    at.run()
    game = at.session_state["play"]
    monkeypatch.setenv("BEZIQUE_PROGRESS_DB", "/proc/no-such-folder/progress.sqlite3")
    act_by_hand(at)   # Play goes on in the tab, saying it cannot save
    assert not at.exception and at.session_state["play"] is game
    assert "cannot be saved right now" in " ".join(w.value for w in at.warning)
    assert any("cannot be reached just now" in c.value for c in at.sidebar.caption)
    for page, title in (("rules", "Rules"), ("explainer", "Score explainer")):
        at.switch_page(f"app_pages/{page}.py")
        at.run()
        assert not at.exception and [t.value for t in at.title][:1] == [title]
    # A first visit while the store is down: the pages that need a learner say why.
    fresh = browser()
    assert fresh.session_state[ident.SERVED_ERROR]
    fresh.switch_page("app_pages/rules.py")
    fresh.run()
    assert not fresh.exception and [t.value for t in fresh.title][:1] == ["Rules"]
    fresh.switch_page("app_pages/progress.py")
    fresh.run()
    assert not fresh.exception
    assert any("/proc/no-such-folder" in e.value for e in fresh.error)


# --- m9: empty anonymous learners -----------------------------------------------------------------

def test_empty_anonymous_learners_are_forgotten(places: Places) -> None:
    with open_store(places.new()) as db:
        empty = ident.token_hash(ident.new_token())
        busy = ident.token_hash(ident.new_token())
        empty_key = db.browser_learner(empty, at=T0)
        busy_key = db.browser_learner(busy, at=T0)
        db.set_setting(busy_key, "srs", "on")
        signed = db.browser_learner(ident.token_hash(ident.new_token()), at=T0)
        accounts.create_local(db, "Max", PASSWORD, signed)
        db.learner_id("Anna")   # a learner of one's own machine, named
        before = set(db.learners())
        assert db.prune_browsers(T0 + timedelta(days=1)) == 0   # not old enough yet
        assert db.prune_browsers(T0 + timedelta(days=3)) == 1
        assert set(db.learners()) == before - {empty_key}
        assert all(is_named(k) or k in (busy_key, signed) for k in db.learners())
        assert db.browser_learner(busy, at=T0 + timedelta(days=3)) == busy_key
        # The forgotten browser, back: a new learner, as it had nothing to lose.
        assert db.browser_learner(empty, at=T0 + timedelta(days=3)) != empty_key
