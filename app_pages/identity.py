"""The sidebar's "who is learning": it settles the learner of this run (see
:mod:`puzzles.identity` for the two modes) and offers what each mode allows.

* Own machine: a switcher between the default learner and named ones, and a form to
  add a learner.
* Served: the browser's token (a cookie, kept in session state until the browser
  sends it back) names the browser's learner. Signed in, the learner is the
  account's. Sign-in goes through the identity provider when ``.streamlit/secrets.toml``
  has an ``[auth]`` section (``st.login``), else through a local name and password
  (:mod:`puzzles.accounts`).
"""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from puzzles import accounts
from puzzles import identity as ident
from puzzles.i18n import tr
from puzzles.store import DEFAULT_LEARNER, ProgressStore, ProgressStoreError, is_named, open_store

PICK = "learner_pick"        # the switcher's widget (its options are the store's learners)
NEW_NAME = "learner_new"
MESSAGE = "identity_msg"     # a refusal to show once: (message key, params)


def t(key: str, **params: object) -> str:
    return tr(str(st.session_state.get("lang", "en")), key, **params)


def sidebar() -> None:
    """Settle the learner of this run, then draw the sidebar's controls."""
    if ident.served():
        served_sidebar()
    else:
        local_sidebar()


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
        st.session_state[MESSAGE] = ("p.db_error", {"error": str(exc)})
        return
    st.session_state[ident.LEARNER] = key


def local_sidebar() -> None:
    current = ident.current_learner()
    try:
        with open_store() as db:
            named = sorted((k for k in db.learners() if is_named(k) and k != DEFAULT_LEARNER),
                           key=str.casefold)
    except ProgressStoreError as exc:   # the pages say why; the default learner still works
        st.caption(str(exc))
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
        st.error(t(key, **params))


# --- served -----------------------------------------------------------------------------

def browser_token() -> str:
    """This browser's token: the cookie's, else one made now and kept in session state
    (so the first visit has its own learner before the cookie comes back), with the
    script that stores it in the cookie."""
    token = st.session_state.get(ident.TOKEN)
    sent = st.context.cookies.get(ident.COOKIE)
    if not ident.is_token(token):
        token = sent if ident.is_token(sent) else ident.new_token()
        st.session_state[ident.TOKEN] = token
    if sent != token:
        # The token has the URL-safe alphabet only (ident.is_token): safe inside the script.
        st.html(f"""<script>(function () {{
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = "{ident.COOKIE}={token}; Path=/; Max-Age={ident.COOKIE_MAX_AGE}; "
    + "SameSite=Lax" + secure;
}})();</script>""", unsafe_allow_javascript=True)
    return str(token)


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


def resolve(db: ProgressStore, token: str, providers: list[str]) -> tuple[str, str | None]:
    """The key of this run's learner and the account's name (None: not signed in)."""
    browser = ident.token_hash(token)
    learner = db.browser_learner(browser)
    if providers and st.user.get("is_logged_in"):
        issuer, subject = str(st.user.get("iss") or ""), str(st.user.get("sub") or "")
        shown = str(st.user.get("name") or st.user.get("email") or "")
        provided = accounts.oidc_account(db, issuer, subject, shown, learner)
        if provided.learner == learner:
            # The new account took the browser's record: once signed out, the browser
            # starts afresh instead of showing the account's record to the next person.
            db.detach_browser(browser)
        return provided.learner, provided.display
    if providers:
        return learner, None
    account = db.account_of(learner)
    return learner, None if account is None else account.display


def served_sidebar() -> None:
    token = browser_token()
    providers = oidc_providers()
    with open_store() as db:
        learner, name = resolve(db, token, providers)
        st.session_state[ident.SERVED_LEARNER] = learner
        st.session_state[ident.SERVED_NAME] = name
        if name is not None:
            st.caption(t("identity.signed_in", name=name))
            if st.button(t("identity.sign_out"), key="identity_sign_out"):
                sign_out(db, token, providers)
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


def sign_out(db: ProgressStore, token: str, providers: list[str]) -> None:
    """Leave the account: the provider forgets the browser (OpenID Connect), or the
    browser gets a new, empty learner (a local account: its record stays the account's)."""
    if providers:
        st.logout()
    else:
        db.detach_browser(ident.token_hash(token))
        st.rerun()


IN_NAME, IN_PASSWORD = "identity_in_name", "identity_in_password"
NEW_NAME_ACCOUNT, NEW_PASSWORD = "identity_new_name", "identity_new_password"


def _form_values(name_key: str, password_key: str) -> tuple[str, str]:
    """A form's name and password; the password leaves the session state at once."""
    name, password = (str(st.session_state.get(k) or "") for k in (name_key, password_key))
    st.session_state[password_key] = ""
    return name, password


def _sign_in() -> None:
    """The sign-in form's callback (before the run that settles the learner)."""
    name, password = _form_values(IN_NAME, IN_PASSWORD)
    token = str(st.session_state[ident.TOKEN])
    try:
        with open_store() as db:
            account = accounts.sign_in_local(db, name, password)
            db.attach_browser(ident.token_hash(token), account.learner)
    except accounts.AccountError as exc:
        st.session_state[MESSAGE] = (exc.reason, {"seconds": exc.seconds})
    except ProgressStoreError as exc:   # a callback's error would miss the app's boundary
        st.session_state[MESSAGE] = ("p.db_error", {"error": str(exc)})


def _create() -> None:
    """The sign-up form's callback: the account keeps this browser's learner."""
    name, password = _form_values(NEW_NAME_ACCOUNT, NEW_PASSWORD)
    learner = str(st.session_state[ident.SERVED_LEARNER])
    try:
        with open_store() as db:
            accounts.create_local(db, name, password, learner)
    except accounts.AccountError as exc:
        st.session_state[MESSAGE] = (exc.reason, {"min": accounts.MIN_PASSWORD,
                                                  "max": accounts.MAX_PASSWORD})
    except ProgressStoreError as exc:
        st.session_state[MESSAGE] = ("p.db_error", {"error": str(exc)})


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
