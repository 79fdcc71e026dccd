"""Streamlit glue shared by the puzzle pages (the only puzzles module that imports
streamlit): language, the progress store, card rows; who the learner is
comes from :mod:`puzzles.identity`."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

import streamlit as st

from app_pages import store_text
from app_pages.ui import cards_html
from engine.notation.cards import parse_card
from puzzles.i18n import tr
from puzzles.identity import current_learner, current_name
from puzzles.store import ProgressStore, ProgressStoreError, open_store
from puzzles.trainer import show_cards

log = logging.getLogger("bezique.store")


def lang() -> str:
    value = st.session_state.get("lang", "en")
    return value if value in ("en", "ru") else "en"


def t(key: str, **params: object) -> str:
    return tr(lang(), key, **params)


def store() -> ProgressStore:
    """Open the learner's progress file, or show why it cannot be used and stop."""
    try:
        return open_store()
    except ProgressStoreError as exc:   # its text holds no credentials
        log.warning("%s", exc)
        key, params = store_text.db_error(exc)
        st.error(t(key, **params))
        st.stop()
        raise  # not reached: st.stop() raises


def cards(tokens: Iterable[str], label: str = "") -> None:
    """A row of card pictures (the app's renderer), with a text line."""
    tokens = list(tokens)
    text = show_cards(tokens, lang()) if tokens else t("q.nothing")
    pictures = cards_html([parse_card(x) for x in tokens], width=40) if tokens else ""
    st.markdown(f"**{label}** {text}" if label else text)
    if pictures:
        st.html(pictures)


def header(title_key: str, st_store: ProgressStore | None) -> None:
    """The page's title and the learner's rating line. A page whose answers rerun only a
    fragment passes None and draws :func:`learner_line` inside the fragment: drawn
    outside, the rating stayed stale after an answer and on the next puzzle (review 2,
    defect 9)."""
    st.title(t(title_key))
    if st_store is not None:
        learner_line(st_store)


def learner_line(st_store: ProgressStore | None = None) -> None:
    """"Learner: you · rating 1315", read from the store now (a new connection when
    ``st_store`` is None, as in a fragment's rerun, where the page's own is closed)."""
    if st_store is None:
        with store() as db:
            learner_line(db)
        return
    try:
        rating = st_store.rating(current_learner())
    except ProgressStoreError as exc:   # drawn in a fragment: say why here, as store() does
        log.warning("%s", exc)
        key, params = store_text.db_error(exc)
        st.error(t(key, **params))
        return
    st.caption(t("learner", name=current_name(), rating=round(rating.rating)))


def init(prefix: str, defaults: dict[str, Any]) -> None:
    for key, value in defaults.items():
        st.session_state.setdefault(f"{prefix}{key}", value)
