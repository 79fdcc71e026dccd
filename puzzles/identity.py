"""Who the learner is: the one accessor every page asks, :func:`current_learner`.

Two modes, chosen by the one who starts the app:

* **Own machine** (the default, ``streamlit run app.py``): no sign-in. The learner is
  the default one (key ``guest``, shown as "you") or a learner named in the sidebar's
  switcher (a family sharing a computer); the key lives in ``st.session_state``.
* **Served** (``BEZIQUE_SERVED=1``, which ``scripts/serve.sh`` exports): every browser
  is its own learner from its first visit. The browser keeps a random token in a
  cookie; the store maps the token's SHA-256 to a learner (``browsers``), and an
  account (a local name and password, or an OpenID Connect identity) carries the
  learner to other devices. ``app_pages/identity.py`` resolves the learner once per
  run and writes it here; nothing from the URL or a widget can name it.

The cookie is HttpOnly, so no script of the page can read it, and only an HTTP
response can set it: the server grants a one-time code for a token
(:func:`grant_cookie`), the page posts the code to :data:`COOKIE_PATH`, and that
endpoint (``app_pages/cookie_route.py``, mounted by ``app_served.py``, which
``scripts/serve.sh`` runs) answers with the cookie (:func:`redeem`). Signing in, up or
out always gives the browser a new token (a token planted or copied before is worth
nothing after), and every token ends (``puzzles.store.BROWSER_DAYS``,
``SIGNED_IN_DAYS``) in the store as in the cookie.

This module imports streamlit (as :mod:`app_pages.puzzle_ui` does) and nothing of ``app_pages``,
so that pages and the puzzle modules share it without an import cycle.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import threading
import time
from dataclasses import dataclass

import streamlit as st

from puzzles.i18n import tr
from puzzles.store import (
    DEFAULT_LEARNER,
    ProgressStoreUnavailable,
    clean_name,
    is_named,
)

SERVED_ENV = "BEZIQUE_SERVED"
COOKIE = "bezique_learner"
COOKIE_PATH = "/_bezique/cookie"   # where the page trades a one-time code for the cookie
GRANT_SECONDS = 300.0              # a code not traded by then is void

LEARNER = "learner"                # own machine: the key picked in the switcher
SERVED_LEARNER = "identity_learner"  # served: the key resolved for this run
SERVED_NAME = "identity_name"      # served: the account's name, or None (anonymous)
SERVED_ERROR = "identity_error"    # served: why no learner could be resolved yet
TOKEN = "identity_token"           # served: this browser's token

_TOKEN_FORM = re.compile(r"[A-Za-z0-9_-]{43}")


def served() -> bool:
    """Whether the app serves many browsers (a class, a club), by ``$BEZIQUE_SERVED``."""
    return os.environ.get(SERVED_ENV, "").strip().lower() not in ("", "0", "false", "no")


def new_token() -> str:
    return secrets.token_urlsafe(32)


def is_token(text: object) -> bool:
    """Whether ``text`` has the form of a token this app gives (any other cookie value
    is ignored and replaced)."""
    return isinstance(text, str) and _TOKEN_FORM.fullmatch(text) is not None


def token_hash(token: str) -> str:
    """What the store keeps of a token: a leaked store row cannot be replayed as a cookie."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def current_learner() -> str:
    """The key of the learner this session acts for: pass it to every store call.

    Served, it is the one resolved from the browser (or its account); while the store
    cannot be reached before any was, the store's error (pages that need a learner
    show it in their place); a page run before the sidebar is a bug and raises
    KeyError rather than fall back on a learner shared by everyone."""
    if served():
        if SERVED_LEARNER not in st.session_state and st.session_state.get(SERVED_ERROR):
            raise ProgressStoreUnavailable(str(st.session_state[SERVED_ERROR]))
        return str(st.session_state[SERVED_LEARNER])
    return clean_name(str(st.session_state.get(LEARNER) or DEFAULT_LEARNER))


def display_name(key: str, lang: str) -> str:
    """A learner as shown: a typed name as it is; the default learner and an anonymous
    browser as "you" in ``lang`` (never the key)."""
    return key if is_named(key) and key != DEFAULT_LEARNER else tr(lang, "guest")


def current_name() -> str:
    """The current learner as shown, in the page's language."""
    lang = str(st.session_state.get("lang", "en"))
    if served():
        account = st.session_state.get(SERVED_NAME)
        return str(account) if account else tr(lang, "guest")
    return display_name(current_learner(), lang)


# --- the HttpOnly cookie: one-time codes, traded at COOKIE_PATH ------------------------

@dataclass(frozen=True, slots=True)
class Grant:
    """A token the browser may take as its cookie, for ``max_age`` seconds, until
    ``deadline`` (a ``time.monotonic()``)."""

    token: str
    max_age: int
    deadline: float


_grants: dict[str, Grant] = {}
_grants_lock = threading.Lock()
_route: list[bool] = []   # set once the cookie endpoint is mounted in this process


def grant_cookie(token: str, max_age: int) -> str:
    """A one-time code for which :data:`COOKIE_PATH` sets ``token`` as the cookie. The
    codes live in this process: the page's request reaches it, as its websocket does
    (nginx keeps a browser on one process)."""
    code = secrets.token_urlsafe(24)
    now = time.monotonic()
    with _grants_lock:
        for old in [c for c, g in _grants.items() if g.deadline < now]:
            del _grants[old]
        _grants[code] = Grant(token, max_age, now + GRANT_SECONDS)
    return code


def redeem(code: str) -> Grant | None:
    """The grant of ``code``, once (None: unknown, used or void)."""
    with _grants_lock:
        grant = _grants.pop(code, None)
    return grant if grant is not None and grant.deadline >= time.monotonic() else None


def pending(code: str) -> bool:
    """Whether ``code`` may still be traded."""
    with _grants_lock:
        grant = _grants.get(code)
    return grant is not None and grant.deadline >= time.monotonic()


def route_mounted() -> None:
    _route.append(True)


def has_cookie_route() -> bool:
    """Whether this process serves :data:`COOKIE_PATH` (``app_served.py``); without it
    (``streamlit run app.py``) no cookie is set and a browser is its learner only
    while its tab is open."""
    return bool(_route)
