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

This module imports streamlit (as :mod:`app_pages.puzzle_ui` does) and nothing of ``app_pages``,
so that pages and the puzzle modules share it without an import cycle.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets

import streamlit as st

from puzzles.i18n import tr
from puzzles.store import DEFAULT_LEARNER, clean_name, is_named

SERVED_ENV = "BEZIQUE_SERVED"
COOKIE = "bezique_learner"
COOKIE_MAX_AGE = 400 * 24 * 3600   # the longest lifetime browsers allow a cookie

LEARNER = "learner"                # own machine: the key picked in the switcher
SERVED_LEARNER = "identity_learner"  # served: the key resolved for this run
SERVED_NAME = "identity_name"      # served: the account's name, or None (anonymous)
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

    Served, it is the one resolved from the browser (or its account) on this run; a
    page run before that is a bug and raises KeyError rather than fall back on a
    learner shared by everyone."""
    if served():
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
