"""The sidebar's "who is learning": it settles the learner of this run (see
:mod:`puzzles.identity` for the two modes) and offers what each mode allows.

* Own machine: a switcher between the default learner and named ones, and a form to
  add a learner.
* Served: the browser's token (an HttpOnly cookie, kept in session state until the
  browser sends it back) names the browser's learner. Signed in, the learner is the
  account's. Sign-in goes through the identity provider when ``.streamlit/secrets.toml``
  has an ``[auth]`` section (``st.login``), else through a local name and password
  (:mod:`puzzles.accounts`): signing in, up or out gives the browser a new token, and a
  signed-in learner may sign out everywhere or change the password.

When the learner changes in a tab (a sign-in, a sign-out, another learner picked), the
tab forgets what it held for the one before (the game on Play, a puzzle, a review):
nothing of one learner is shown to, or saved for, the next.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping

import streamlit as st

from app_pages import store_text, ui
from puzzles import accounts
from puzzles import identity as ident
from puzzles.i18n import tr
from puzzles.store import (
    BROWSER_DAYS,
    DEFAULT_LEARNER,
    SIGNED_IN_DAYS,
    Browser,
    ProgressStore,
    ProgressStoreError,
    is_named,
    open_store,
)

log = logging.getLogger("bezique.identity")
PICK = "learner_pick"        # the switcher's widget (its options are the store's learners)
NEW_NAME = "learner_new"
MESSAGE = "identity_msg"     # a refusal to show once: (message key, params)


def t(key: str, **params: object) -> str:
    return tr(str(st.session_state.get("lang", "en")), key, **params)


OWNER = "identity_owner"     # the learner this tab's state belongs to
# What a tab keeps when its learner changes: the identity's own keys and the settings
# of the browser, not of the learner.
KEPT = ("lang", "lang_pick", "four_colour")
KEPT_PREFIXES = ("identity_", "learner", "FormSubmitter:")   # a form's button: its own


def sidebar() -> None:
    """Settle the learner of this run, then draw the sidebar's controls."""
    if ident.served():
        served_sidebar()
    else:
        local_sidebar()
    settle_owner()


def settle_owner() -> None:
    """A tab whose learner changed starts afresh: every key but :data:`KEPT` goes."""
    try:
        learner = ident.current_learner()
    except (KeyError, ProgressStoreError):   # none yet (the store is down): nothing held
        return
    owner = st.session_state.get(OWNER)
    if owner is not None and owner != learner:
        for key in list(st.session_state):
            if key not in KEPT and not str(key).startswith(KEPT_PREFIXES):
                del st.session_state[key]
        ui.setup_state()
    st.session_state[OWNER] = learner


# --- own machine ------------------------------------------------------------------------

def _picked() -> None:
    st.session_state[ident.LEARNER] = st.session_state[PICK]


def _add() -> None:
    """The add form's callback: switch to the learner of that name, made if new (a
    name differing only in case is the same learner)."""
    try:
        name = accounts.check_new_name(str(st.session_state.get(NEW_NAME, "")))
    except accounts.AccountError as exc:
        st.session_state[MESSAGE] = (exc.reason, {})
        return
    try:
        with open_store() as db:
            known = {key.casefold(): key for key in db.learners() if is_named(key)}
            key = known.get(name.casefold()) or name
            db.learner_id(key)
    except ProgressStoreError as exc:   # a callback's error would miss the app's boundary
        st.session_state[MESSAGE] = store_text.db_error(exc)
        return
    st.session_state[ident.LEARNER] = key


def local_sidebar() -> None:
    current = ident.current_learner()
    try:
        with open_store() as db:
            named = sorted((k for k in db.learners() if is_named(k) and k != DEFAULT_LEARNER),
                           key=str.casefold)
    except ProgressStoreError as exc:   # the pages say why; the default learner still works
        st.caption(store_text.error_text(exc))
        named = []
    keys = [DEFAULT_LEARNER, *named]
    if current not in keys:
        keys.append(current)
    lang = str(st.session_state.get("lang", "en"))
    st.session_state[PICK] = current
    st.selectbox(t("identity.learner"), keys, key=PICK, on_change=_picked,
                 format_func=lambda key: ident.display_name(key, lang).capitalize()
                 if key == DEFAULT_LEARNER else key, help=t("identity.local_help"))
    with st.expander(t("identity.add")):
        with st.form("learner_add", clear_on_submit=True, border=False):
            st.text_input(t("identity.new_name"), key=NEW_NAME, max_chars=40)
            st.form_submit_button(t("identity.add_button"), on_click=_add)
    _message()


def _message() -> None:
    message = st.session_state.pop(MESSAGE, None)
    if message is not None:
        key, params = message
        (st.success if key.startswith("identity.") else st.error)(t(key, **params))


# --- served -----------------------------------------------------------------------------

COOKIE_GRANT = "identity_cookie"   # (token, end, code) of the cookie the page is to take
PRUNE_EVERY = 600.0                # seconds between two prunings of empty learners
_pruned = [0.0]
_prune_lock = threading.Lock()
_warned: list[bool] = []


def browser_token() -> str:
    """This browser's token: the one this tab was given (a sign-in, up or out), else
    the cookie's, else a new one."""
    token = st.session_state.get(ident.TOKEN)
    if not ident.is_token(token):
        sent = st.context.cookies.get(ident.COOKIE)
        token = sent if ident.is_token(sent) else ident.new_token()
        st.session_state[ident.TOKEN] = token
    return str(token)


def keep_cookie(token: str, browser: Browser) -> None:
    """Have the browser keep ``token`` as its HttpOnly cookie, as long as the store
    keeps it, when it does not send it yet or its end moved on: a one-time code the
    page posts to the cookie endpoint (drawn again until it is traded)."""
    grant = st.session_state.get(COOKIE_GRANT)
    wanted = (token, browser.expires)
    if grant is None or grant[:2] != wanted:
        if st.context.cookies.get(ident.COOKIE) == token and not browser.renewed:
            return
        if not ident.has_cookie_route():
            if not _warned:
                _warned.append(True)
                log.warning("served without the cookie endpoint (run app_served.py, as "
                            "scripts/serve.sh does): a browser keeps its learner only while "
                            "its tab is open")
            return
        days = SIGNED_IN_DAYS if browser.signed_in else BROWSER_DAYS
        grant = (*wanted, ident.grant_cookie(token, days * 24 * 3600))
        st.session_state[COOKIE_GRANT] = grant
    if ident.pending(grant[2]):
        # The code has the URL-safe alphabet only (secrets.token_urlsafe): safe in a script.
        st.html(f"""<script>(function () {{
  fetch("{ident.COOKIE_PATH}", {{method: "POST", body: "{grant[2]}",
    credentials: "same-origin", cache: "no-store"}}).catch(function () {{}});
}})();</script>""", unsafe_allow_javascript=True)


def oidc_providers() -> list[str]:
    """The identity providers of ``.streamlit/secrets.toml``'s ``[auth]`` section: named
    ones (``[auth.NAME]``), or ``""`` for the one configured in ``[auth]`` itself; empty
    when there is no such section (local accounts are used instead)."""
    if not st.secrets.load_if_toml_exists():
        return []
    auth = st.secrets.get("auth")
    if not isinstance(auth, Mapping) or not auth:
        return []
    named = [name for name, value in auth.items() if isinstance(value, Mapping)]
    return named or [""]


def resolve(db: ProgressStore, token: str, providers: list[str]
            ) -> tuple[Browser, str, str | None]:
    """The browser, the key of this run's learner and the account's name (None: not
    signed in)."""
    hashed = ident.token_hash(token)
    browser = db.open_browser(hashed)
    if providers and st.user.get("is_logged_in"):
        issuer, subject = str(st.user.get("iss") or ""), str(st.user.get("sub") or "")
        shown = str(st.user.get("name") or st.user.get("email") or "")
        provided = accounts.oidc_account(db, issuer, subject, shown, browser.learner)
        if provided.learner == browser.learner:
            # The new account took the browser's record: once signed out, the browser
            # starts afresh instead of showing the account's record to the next person.
            db.detach_browser(hashed)
        return browser, provided.learner, provided.display
    if providers:
        return browser, browser.learner, None
    account = db.account_of(browser.learner)
    return browser, browser.learner, None if account is None else account.display


def served_sidebar() -> None:
    token = browser_token()
    providers = oidc_providers()
    try:
        with open_store() as db:
            browser, learner, name = resolve(db, token, providers)
            _prune(db)
    except ProgressStoreError as exc:
        # The tab goes on with the learner it had; pages that need the store say why.
        log.warning("the sidebar cannot resolve the learner: %s", exc)
        st.session_state[ident.SERVED_ERROR] = str(exc)
        st.caption(t("identity.store_down"))
        _message()
        return
    st.session_state[ident.SERVED_ERROR] = None
    st.session_state[ident.SERVED_LEARNER] = learner
    st.session_state[ident.SERVED_NAME] = name
    keep_cookie(token, browser)
    if name is not None:
        st.caption(t("identity.signed_in", name=name))
        if not providers:
            st.button(t("identity.sign_out"), key="identity_sign_out", on_click=_sign_out)
            account_settings()
        elif st.button(t("identity.sign_out"), key="identity_sign_out"):
            st.logout()   # the provider's session ends; the browser keeps its own token
    elif providers:
        st.caption(t("identity.anonymous"))
        for provider in providers:
            label = (t("identity.sign_in_with", provider=provider.capitalize())
                     if provider else t("identity.sign_in"))
            if st.button(label, key=f"identity_login_{provider}"):
                st.login(provider or None)
    else:
        st.caption(t("identity.anonymous"))
        local_accounts()
    _message()


def _prune(db: ProgressStore) -> None:
    """Forget ended tokens and empty anonymous learners, every :data:`PRUNE_EVERY`
    seconds at most in a process."""
    with _prune_lock:
        if time.monotonic() - _pruned[0] < PRUNE_EVERY:
            return
        _pruned[0] = time.monotonic()
    db.prune_browsers()


def _new_token(db: ProgressStore, learner: str | None) -> None:
    """Give this browser a new token: signed in to ``learner``, or (None) a new
    anonymous one made on the next run. The old token names nobody any more, so a
    copy of it, planted before or taken since, is worth nothing."""
    old = st.session_state.get(ident.TOKEN)
    token = ident.new_token()
    if learner is not None:
        db.attach_browser(ident.token_hash(token), learner)
    if ident.is_token(old):
        db.forget_browser(ident.token_hash(str(old)))
    st.session_state[ident.TOKEN] = token


def _sign_out() -> None:
    """Leave a local account: the browser gets a new token and an empty learner (the
    record stays the account's)."""
    _store_action(lambda db: _new_token(db, None))


def _sign_out_everywhere() -> None:
    """Every browser signed in to this account is signed out, this one too."""
    learner = str(st.session_state[ident.SERVED_LEARNER])

    def everywhere(db: ProgressStore) -> None:
        db.forget_browsers(learner)
        _new_token(db, None)
        st.session_state[MESSAGE] = ("identity.signed_out_everywhere", {})

    _store_action(everywhere)


def _store_action(action: Callable[[ProgressStore], None]) -> None:
    """Run a callback's store work; its error is shown (a callback's error would miss
    the app's boundary)."""
    try:
        with open_store() as db:
            action(db)
    except ProgressStoreError as exc:
        st.session_state[MESSAGE] = store_text.db_error(exc)


IN_NAME, IN_PASSWORD = "identity_in_name", "identity_in_password"
NEW_NAME_ACCOUNT, NEW_PASSWORD = "identity_new_name", "identity_new_password"
OLD_PASSWORD, CHANGED_PASSWORD = "identity_old_password", "identity_changed_password"


def _form_values(name_key: str, password_key: str) -> tuple[str, str]:
    """A form's name and password; the password leaves the session state at once."""
    name, password = (str(st.session_state.get(k) or "") for k in (name_key, password_key))
    st.session_state[password_key] = ""
    return name, password


def _refused(exc: accounts.AccountError) -> None:
    st.session_state[MESSAGE] = (exc.reason, {"seconds": exc.seconds,
                                              "min": accounts.MIN_PASSWORD,
                                              "max": accounts.MAX_PASSWORD})


def _sign_in() -> None:
    """The sign-in form's callback (before the run that settles the learner)."""
    name, password = _form_values(IN_NAME, IN_PASSWORD)
    try:
        with open_store() as db:
            account = accounts.sign_in_local(db, name, password)
            _new_token(db, account.learner)
    except accounts.AccountError as exc:
        _refused(exc)
    except ProgressStoreError as exc:   # a callback's error would miss the app's boundary
        st.session_state[MESSAGE] = store_text.db_error(exc)


def _create() -> None:
    """The sign-up form's callback: the account keeps this browser's learner."""
    name, password = _form_values(NEW_NAME_ACCOUNT, NEW_PASSWORD)
    learner = str(st.session_state[ident.SERVED_LEARNER])
    try:
        with open_store() as db:
            accounts.create_local(db, name, password, learner)
            _new_token(db, learner)
    except accounts.AccountError as exc:
        _refused(exc)
    except ProgressStoreError as exc:
        st.session_state[MESSAGE] = store_text.db_error(exc)


def _change_password() -> None:
    """The new password, once the current one is given; the account's other browsers
    are signed out, and this one gets a new token."""
    current = str(st.session_state.get(OLD_PASSWORD) or "")
    new = str(st.session_state.get(CHANGED_PASSWORD) or "")
    st.session_state[OLD_PASSWORD] = st.session_state[CHANGED_PASSWORD] = ""
    learner = str(st.session_state[ident.SERVED_LEARNER])
    try:
        with open_store() as db:
            accounts.change_password(db, learner, current, new)
            db.forget_browsers(learner)
            _new_token(db, learner)
    except accounts.AccountError as exc:
        _refused(accounts.AccountError("account.wrong_current") if exc.reason ==
                 "account.refused" else exc)
        return
    except ProgressStoreError as exc:
        st.session_state[MESSAGE] = store_text.db_error(exc)
        return
    st.session_state[MESSAGE] = ("identity.password_changed", {})


def local_accounts() -> None:
    """Sign in to a local account, or make one of this browser's learner."""
    with st.expander(t("identity.sign_in")):
        with st.form("identity_sign_in", clear_on_submit=True, border=False):
            st.text_input(t("identity.name"), key=IN_NAME, max_chars=40)
            st.text_input(t("identity.password"), key=IN_PASSWORD, type="password",
                          max_chars=accounts.MAX_PASSWORD)
            st.form_submit_button(t("identity.sign_in"), on_click=_sign_in)
    with st.expander(t("identity.create")):
        st.caption(t("identity.create_help"))
        with st.form("identity_create", clear_on_submit=True, border=False):
            st.text_input(t("identity.name"), key=NEW_NAME_ACCOUNT, max_chars=40)
            st.text_input(t("identity.password"), key=NEW_PASSWORD, type="password",
                          max_chars=accounts.MAX_PASSWORD,
                          help=t("identity.password_help", min=accounts.MIN_PASSWORD))
            st.form_submit_button(t("identity.create"), on_click=_create)


def account_settings() -> None:
    """A signed-in local account: a new password, and signing out every browser."""
    with st.expander(t("identity.account")):
        with st.form("identity_password", clear_on_submit=True, border=False):
            st.text_input(t("identity.current_password"), key=OLD_PASSWORD, type="password",
                          max_chars=accounts.MAX_PASSWORD)
            st.text_input(t("identity.new_password"), key=CHANGED_PASSWORD, type="password",
                          max_chars=accounts.MAX_PASSWORD,
                          help=t("identity.password_help", min=accounts.MIN_PASSWORD))
            st.form_submit_button(t("identity.change_password"), on_click=_change_password)
        st.caption(t("identity.everywhere_help"))
        st.button(t("identity.sign_out_everywhere"), key="identity_sign_out_everywhere",
                  on_click=_sign_out_everywhere)
