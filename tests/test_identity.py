"""Learners of their own: the store keeps each learner's record apart (on SQLite and on
PostgreSQL), browsers and accounts map to learners, local accounts keep only a
password's hash and refuse wrong ones, and the app's sidebar adds and switches
learners on one's own machine and gives each served browser its own learner."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from _store_backends import BACKENDS, Places, places_fixture
from app_helpers import APP
from streamlit.testing.v1 import AppTest

from puzzles import accounts
from puzzles import identity as ident
from puzzles.store import DEFAULT_LEARNER, is_named, open_store

places = pytest.fixture(params=BACKENDS)(places_fixture)
PUZZLE = {"id": "m-two", "kind": "meld", "type": "spot", "rating": 1300,
          "themes": ["spot_all"], "melds": ["bezique"]}
T0 = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def learner_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("BEZIQUE_PROGRESS_DB", str(path))
    return path


@pytest.fixture(autouse=True)
def no_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accounts, "FAILURE_DELAY", 0.0)


# --- the store: two learners ---------------------------------------------------------------

def fill(store, learner: str, tag: str) -> None:
    """One of everything for ``learner``, marked with ``tag``."""
    store.record_attempt(learner, {**PUZZLE, "id": f"m-{tag}"}, 0.0, at=T0)
    store.set_setting(learner, "srs", tag)
    store.put_srs_card(learner, f"item-{tag}", "{}", T0, lapse=False)
    store.pass_lesson_check(learner, f"lesson-{tag}", "c1", ["c1", "c2"], at=T0)
    store.record_timed_run(learner, 30.0, 3, 5, [tag], at=T0)
    store.save_score_pad(learner, "{}", "rubicon", f"pad {tag}")


def test_each_learner_sees_only_their_own_record(places: Places) -> None:
    with open_store(places.new()) as store:
        a = store.browser_learner(ident.token_hash(ident.new_token()))
        b = store.browser_learner(ident.token_hash(ident.new_token()))
        assert a != b and not is_named(a) and not is_named(b)
        fill(store, a, "a")
        fill(store, b, "b")
        for learner, mine, other in ((a, "a", "b"), (b, "b", "a")):
            assert [row["puzzle_id"] for row in store.attempts(learner)] == [f"m-{mine}"]
            assert store.failed_puzzles(learner) == [f"m-{mine}"]
            assert store.seen(learner) == {f"m-{mine}"}
            assert {row["scope"] for row in store.ratings(learner)} >= {"overall"}
            assert [r["name"] for r in store.accuracy(learner, "theme:")] == ["spot_all"]
            assert store.setting(learner, "srs") == mine
            assert [row["item"] for row in store.srs_items(learner)] == [f"item-{mine}"]
            assert store.srs_card(learner, f"item-{other}") is None
            assert store.due_items(learner, T0 + timedelta(days=1)) == [f"item-{mine}"]
            assert list(store.lesson_progress(learner)) == [f"lesson-{mine}"]
            assert [run["misses"] for run in store.timed_runs(learner)] == [[mine]]
            pads = store.score_pads(learner)
            assert [pad["title"] for pad in pads] == [f"pad {mine}"]
        # One learner's pad id cannot be read, overwritten or deleted by another.
        pad_a = store.score_pads(a)[0]["id"]
        with pytest.raises(Exception, match="no score pad"):
            store.score_pad(b, pad_a)
        with pytest.raises(Exception, match="no score pad"):
            store.save_score_pad(b, "{}", "rubicon", "taken", pad_id=pad_a)
        store.delete_score_pad(b, pad_a)
        assert store.score_pads(a)[0]["id"] == pad_a
        # The ratings moved apart: a's attempt changed a's rating only.
        store.record_attempt(a, {**PUZZLE, "id": "m-x"}, 1.0, at=T0)
        assert store.rating(a).rating != store.rating(b).rating


def test_browsers_map_to_learners_and_sign_in_moves_them(places: Places) -> None:
    with open_store(places.new()) as store:
        token = ident.token_hash(ident.new_token())
        learner = store.browser_learner(token)
        assert store.browser_learner(token) == learner       # the same browser again
        other = store.browser_learner(ident.token_hash(ident.new_token()))
        store.attach_browser(token, other)                    # signed in to other's record
        assert store.browser_learner(token) == other
        fresh = store.detach_browser(token)                   # signed out: an empty record
        assert fresh not in (learner, other) and store.browser_learner(token) == fresh
        assert store.attempts(fresh) == [] and store.lesson_progress(fresh) == {}
        assert store.schema_version >= 6


def test_only_a_hash_of_the_token_is_kept(tmp_path: Path) -> None:
    token = ident.new_token()
    path = tmp_path / "p.sqlite3"
    with open_store(path) as store:
        store.browser_learner(ident.token_hash(token))
    with sqlite3.connect(path) as conn:
        kept = [row[0] for row in conn.execute("SELECT token_hash FROM browsers")]
    assert kept == [ident.token_hash(token)] and token not in kept[0]
    assert ident.is_token(token) and not ident.is_token("guest") and not ident.is_token(None)


# --- local accounts ------------------------------------------------------------------------

def test_local_account_keeps_a_hash_and_refuses_wrong_passwords(places: Places) -> None:
    with open_store(places.new()) as store:
        learner = store.browser_learner(ident.token_hash(ident.new_token()))
        store.record_attempt(learner, PUZZLE, 1.0, at=T0)   # done before signing up
        account = accounts.create_local(store, " Anna ", "correct horse", learner)
        assert account.learner == learner and account.display == "Anna"
        stored = store.account(accounts.LOCAL, "anna")
        assert stored is not None and stored.secret is not None
        assert stored.secret.startswith("$argon2id$") and "correct horse" not in stored.secret
        with pytest.raises(accounts.AccountError) as refused:
            accounts.sign_in_local(store, "Anna", "wrong horse")
        assert refused.value.reason == "account.refused"
        with pytest.raises(accounts.AccountError) as unknown:   # the same refusal
            accounts.sign_in_local(store, "Boris", "correct horse")
        assert unknown.value.reason == "account.refused"
        # Any case of the name signs in, to the record kept from before the sign-up.
        signed = accounts.sign_in_local(store, "aNNA", "correct horse")
        assert signed.learner == learner
        assert [row["puzzle_id"] for row in store.attempts(signed.learner)] == ["m-two"]
        # Names are unique whatever their case.
        other = store.browser_learner(ident.token_hash(ident.new_token()))
        with pytest.raises(accounts.AccountError) as taken:
            accounts.create_local(store, "ANNA", "another password", other)
        assert taken.value.reason == "account.taken"
        for name, password, reason in (("", "long enough", "account.bad_name"),
                                       ("#b-1", "long enough", "account.bad_name"),
                                       ("Vera", "short", "account.short_password")):
            with pytest.raises(accounts.AccountError) as bad:
                accounts.create_local(store, name, password, other)
            assert bad.value.reason == reason


def test_the_password_is_nowhere_in_the_store_file(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    with open_store(path) as store:
        learner = store.browser_learner(ident.token_hash(ident.new_token()))
        accounts.create_local(store, "Anna", "a-very-plain-secret", learner)
        with pytest.raises(accounts.AccountError):
            accounts.sign_in_local(store, "Anna", "a-very-wrong-secret")
    for file in tmp_path.iterdir():
        data = file.read_bytes()
        assert b"a-very-plain-secret" not in data and b"a-very-wrong-secret" not in data


def test_repeated_wrong_passwords_lock_the_account_for_a_while(places: Places) -> None:
    with open_store(places.new()) as store:
        learner = store.browser_learner(ident.token_hash(ident.new_token()))
        accounts.create_local(store, "Anna", "correct horse", learner)
        now = datetime.now(UTC)
        for _ in range(accounts.FREE_TRIES):
            with pytest.raises(accounts.AccountError) as refused:
                accounts.sign_in_local(store, "anna", "wrong horse", at=now)
            assert refused.value.reason == "account.refused"
        # Locked: even the right password waits, and says how long.
        with pytest.raises(accounts.AccountError) as locked:
            accounts.sign_in_local(store, "anna", "correct horse", at=now)
        assert locked.value.reason == "account.locked"
        assert 0 < locked.value.seconds <= accounts.FIRST_LOCK + 1
        later = now + timedelta(seconds=accounts.FIRST_LOCK + 1)
        assert accounts.sign_in_local(store, "anna", "correct horse", at=later).learner == \
            learner
        stored = store.account(accounts.LOCAL, "anna")
        assert stored is not None and stored.failures == 0   # a right one clears the count


def test_oidc_account_keeps_the_browser_record(places: Places) -> None:
    with open_store(places.new()) as store:
        learner = store.browser_learner(ident.token_hash(ident.new_token()))
        first = accounts.oidc_account(store, "https://id.example", "sub-1", "Ann", learner)
        assert first.learner == learner and first.display == "Ann"
        elsewhere = store.browser_learner(ident.token_hash(ident.new_token()))
        again = accounts.oidc_account(store, "https://id.example", "sub-1", "Ann", elsewhere)
        assert again.learner == learner     # another device: the same record
        other = accounts.oidc_account(store, "https://other.example", "sub-1", "X", elsewhere)
        assert other.learner == elsewhere   # same subject, other issuer: another person


# --- the app -------------------------------------------------------------------------------

def texts(at: AppTest) -> str:
    parts = [str(getattr(e, "value", "")) for kind in ("markdown", "caption", "title", "info")
             for e in getattr(at, kind)]
    parts += [str(e.value) for e in at.sidebar.caption]
    parts += [o for box in at.sidebar.selectbox for o in box.options]
    return "\n".join(parts)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_own_machine_adds_and_switches_learners(learner_db: Path, lang: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ident.SERVED_ENV, raising=False)
    name = f"Kid {lang} {ident.new_token()[:6]}"
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = lang
    at.run()
    assert not at.exception
    picker = at.sidebar.selectbox(key="learner_pick")
    assert picker.value == DEFAULT_LEARNER
    shown = "You" if lang == "en" else "Вы"
    assert picker.options[0] == shown
    at.sidebar.text_input(key="learner_new").input(name)
    at.sidebar.button[0].click().run()
    assert not at.exception and at.session_state["learner"] == name
    # The new learner's record is empty while the default learner keeps its own.
    with open_store() as db:
        db.record_attempt(DEFAULT_LEARNER, {**PUZZLE, "id": "m-own"}, 0.0)
    at.switch_page("app_pages/progress.py")
    at.run()
    assert not at.exception
    assert {i.value for i in at.info} == {_no_attempts(lang)}
    # Switch back: the default learner, shown by a friendly name, never "guest".
    at.sidebar.selectbox(key="learner_pick").select(DEFAULT_LEARNER).run()
    assert not at.exception and _no_attempts(lang) not in {i.value for i in at.info}
    at.switch_page("app_pages/rules.py")
    at.run()
    page = texts(at)
    assert "guest" not in page and "гость" not in page.lower()
    assert ("Learner: you" if lang == "en" else "Ученик: вы") in page
    # The same name in another case is the same learner, not a second one.
    at.sidebar.text_input(key="learner_new").input(name.upper())
    at.sidebar.button[0].click().run()
    assert at.session_state["learner"] == name
    assert at.sidebar.selectbox(key="learner_pick").options.count(name) == 1


def _no_attempts(lang: str) -> str:
    from puzzles.i18n import tr
    return tr(lang, "p.no_attempts")


def served_app(monkeypatch: pytest.MonkeyPatch, **state: object) -> AppTest:
    monkeypatch.setenv(ident.SERVED_ENV, "1")
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in state.items():
        at.session_state[key] = value
    return at


def test_served_sessions_are_learners_of_their_own(learner_db: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    first = served_app(monkeypatch, learner=DEFAULT_LEARNER)
    first.query_params["learner"] = DEFAULT_LEARNER   # neither is trusted when served
    first.run()
    second = served_app(monkeypatch)
    second.run()
    assert not first.exception and not second.exception
    a, b = first.session_state[ident.SERVED_LEARNER], second.session_state[ident.SERVED_LEARNER]
    assert a != b and DEFAULT_LEARNER not in (a, b)
    with open_store() as db:
        db.record_attempt(a, {**PUZZLE, "id": "m-a"}, 0.0)
    second.switch_page("app_pages/progress.py")
    second.run()
    assert {i.value for i in second.info} == {_no_attempts("en")}
    first.switch_page("app_pages/progress.py")
    first.run()
    assert _no_attempts("en") not in {i.value for i in first.info}
    # Served, nobody switches learners by name: there is no switcher.
    assert not [box for box in first.sidebar.selectbox if box.key == "learner_pick"]


def test_served_sign_up_sign_out_and_sign_in(learner_db: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    name = f"Ann {ident.new_token()[:6]}"
    at = served_app(monkeypatch)
    at.run()
    learner = at.session_state[ident.SERVED_LEARNER]
    forms = at.sidebar.text_input
    forms[2].input(name)
    forms[3].input("correct horse")
    [b for b in at.sidebar.button if b.label == "Create an account"][0].click().run()
    assert not at.exception
    assert at.session_state[ident.SERVED_LEARNER] == learner     # the record is kept
    assert f"Signed in as {name}" in [c.value for c in at.sidebar.caption]
    [b for b in at.sidebar.button if b.label == "Sign out"][0].click().run()
    assert at.session_state[ident.SERVED_LEARNER] != learner
    assert at.session_state[ident.SERVED_NAME] is None
    # Another browser signs in to the account, with the name in another case.
    other = served_app(monkeypatch)
    other.run()
    other.sidebar.text_input[0].input(name.lower())
    other.sidebar.text_input[1].input("wrong horse")
    [b for b in other.sidebar.button if b.label == "Sign in"][0].click().run()
    assert [e.value for e in other.sidebar.error] == ["Wrong name or password."]
    assert other.sidebar.text_input[1].value == ""   # the form cleared the password
    assert "wrong horse" not in repr(other.session_state)
    assert other.session_state[ident.SERVED_LEARNER] != learner
    other.sidebar.text_input[0].input(name.lower())
    other.sidebar.text_input[1].input("correct horse")
    [b for b in other.sidebar.button if b.label == "Sign in"][0].click().run()
    assert not other.exception and other.session_state[ident.SERVED_LEARNER] == learner
    # The password is in no widget's state once the form is sent.
    assert "correct horse" not in repr(other.session_state)


AUTH = {"redirect_uri": "http://localhost:8501/oauth2callback", "cookie_secret": "x" * 32,
        "client_id": "bezique", "client_secret": "not-a-secret",
        "server_metadata_url": "https://id.example/.well-known/openid-configuration"}


def test_served_with_an_identity_provider(learner_db: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``[auth]`` in the secrets the sidebar offers the provider's sign-in, not a
    password; a signed-in user is the same learner in every browser."""
    anonymous = served_app(monkeypatch)
    anonymous.secrets["auth"] = AUTH
    anonymous.run()
    assert not anonymous.exception
    assert [b.label for b in anonymous.sidebar.button] == ["Sign in"]
    assert not anonymous.sidebar.text_input          # no password form
    user = {"is_logged_in": True, "iss": "https://id.example", "sub": "s-1", "name": "Ann"}
    seen = []
    for _ in range(2):   # two browsers of the same person
        at = served_app(monkeypatch)
        at.secrets["auth"] = AUTH
        at.user = dict(user)
        at.run()
        assert not at.exception
        assert "Signed in as Ann" in [c.value for c in at.sidebar.caption]
        seen.append(at.session_state[ident.SERVED_LEARNER])
    assert seen[0] == seen[1] != anonymous.session_state[ident.SERVED_LEARNER]
