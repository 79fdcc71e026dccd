"""The learner's path on the pages: the variant it runs through, the learner's progress
along it (read from the store by :mod:`puzzles.path`), and the "Continue" button that
opens the next step."""

from __future__ import annotations

import logging
import sqlite3

import streamlit as st

from app_pages import store_text, ui
from puzzles import path
from puzzles.identity import current_learner
from puzzles.store import ProgressStoreError, open_store

log = logging.getLogger("bezique.store")


def variant() -> str:
    """The game the learner chose on Home (the reference game until then)."""
    chosen = st.session_state.get("variant")
    names = ui.variants()
    return chosen if chosen in names else names[0]


def progress(game: str) -> path.PathProgress:
    """The learner's progress along ``game``'s path; with the store out of use, a
    warning and a fresh start (the path still leads, nothing is remembered)."""
    try:
        with open_store() as db:
            return path.read_progress(db, current_learner(), game)
    except (ProgressStoreError, sqlite3.Error) as exc:   # its text holds no credentials
        log.warning("%s", exc)
        st.warning(ui.t("rules.store_error", error=store_text.error_text(exc)))
        return path.PathProgress()


def go(step: path.Step) -> None:
    """Open the page of a step, with its query parameters (``rules?lesson=ID``)."""
    st.switch_page(ui.page_script(step.page), query_params=dict(step.params))


def continue_button(step: path.Step, key: str, primary: bool = True) -> None:
    """One button, "Continue: …", that opens the step, and why it comes now; today's
    review says what it is, "Today's review: 4 due"."""
    lang = ui.lang()
    label = step.label(lang) if step.kind == "review" else \
        ui.t("path.continue", step=step.label(lang))
    icon = ":material/replay:" if step.kind == "review" else ":material/east:"
    if st.button(label, key=key, type="primary" if primary else "secondary", icon=icon,
                 width="stretch"):
        go(step)
    st.caption(step.why(lang))


def record_guided_hand(game: str) -> None:
    """The Play page's guided hand reached the end of its deal: the path moves on."""
    try:
        with open_store() as db:
            path.record_guided_hand(db, current_learner(), game)
    except (ProgressStoreError, sqlite3.Error) as exc:   # its text holds no credentials
        log.warning("%s", exc)
        st.warning(ui.t("rules.store_error", error=store_text.error_text(exc)))
