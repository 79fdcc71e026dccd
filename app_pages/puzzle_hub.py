"""Puzzles hub: what the banks hold by theme (and how often this learner tried each),
a theme and difficulty filter for each trainer, the learner's rating and reviews due."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from app_pages import puzzle_parts as pz
from app_pages import puzzle_ui as pui
from app_pages import ui as app_ui
from puzzles import srs
from puzzles.i18n import theme_name
from puzzles.identity import current_learner

store = pui.store()
lang, learner = pui.lang(), current_learner()


def view() -> None:
    pui.header("puzzles.title", store)
    st.write(pui.t("puzzles.intro"))
    due = srs.due(store, learner)
    if due:
        st.info(pui.t("srs.due", count=len(due)))
    variant = st.session_state.get("variant", "two-handed")
    tried = {row["name"]: row["attempts"] for row in store.accuracy(learner, "theme:")}
    for kind, page in (("meld", "meld_trainer"), ("endgame", "endgame"), ("stock", "stock")):
        st.subheader(pui.t(f"hub.{kind}"))
        pz.filter_controls(kind, variant)
        found = pz.pool(kind, variant)
        if found is not None:
            st.caption(app_ui.t("pz.filtered", count=len(found)))
        st.page_link(f"app_pages/{page}.py", label=pui.t("hub.open"), icon=":material/east:")
        themes = pz.theme_counts(kind, variant)
        # D13: the bank's count and the learner's own attempts, each under its own name
        st.dataframe(pd.DataFrame({
            pui.t("col.name"): [theme_name(t, lang) for t, _n in themes],
            app_ui.t("pz.puzzles_col"): [n for _t, n in themes],
            app_ui.t("pz.tried_col"): [tried.get(t, 0) for t, _n in themes],
        }), hide_index=True)
    st.subheader(pui.t("hub.cards"))
    from puzzles import review_queue

    queue = review_queue.session_queue(store, learner, variant, lang)
    st.caption(pui.t("rc.counts", due=queue.due, new=queue.new, seen=queue.seen,
                     total=queue.total))
    st.page_link(app_ui.page_script("review_cards"), label=pui.t("hub.open"),
                 icon=":material/east:")


try:
    view()
finally:
    store.close()
