"""Puzzles hub: what the banks hold, the learner's rating and reviews due, and the
way to the Meld trainer and the Endgame puzzles."""

from __future__ import annotations

from collections import Counter

import pandas as pd
import streamlit as st

from puzzles import bank, srs
from puzzles import ui as pui
from puzzles.i18n import theme_name

store = pui.store()
lang, learner = pui.lang(), pui.learner()


def view() -> None:
    pui.header("puzzles.title", store)
    st.write(pui.t("puzzles.intro"))
    due = srs.due(store, learner)
    if due:
        st.info(pui.t("srs.due", count=len(due)))
    for kind, page in (("meld", "meld_trainer"), ("endgame", "endgame")):
        records = bank.load(kind)
        st.subheader(pui.t(f"hub.{kind}"))
        try:
            st.page_link(f"app_pages/{page}.py", label=pui.t("hub.open"), icon="➡️")
        except Exception:  # noqa: BLE001 - outside the app's router (tests)
            pass
        themes = Counter(t for r in records for t in r["themes"])
        st.dataframe(pd.DataFrame({
            pui.t("col.name"): [theme_name(t, lang) for t, _n in themes.most_common()],
            pui.t("col.attempts"): [n for _t, n in themes.most_common()],
        }), hide_index=True)


try:
    view()
finally:
    store.close()
