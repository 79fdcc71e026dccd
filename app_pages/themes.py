"""Themes: every puzzle theme with its description, how many puzzles of the chosen
game carry it, and the learner's attempts and accuracy in it."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from app_pages import puzzle_parts as pz
from app_pages import puzzle_ui as pui
from puzzles import themes, trainer
from puzzles.identity import current_learner

store = pui.store()
lang, learner = pui.lang(), current_learner()


def theme_rows(variant: str) -> pd.DataFrame:
    """One row per documented theme: name, accuracy, attempts (bank puzzles and the
    learner's drills, :mod:`puzzles.drills`), puzzles, description; the numbers before
    the long description, so they are in sight on a narrow screen."""
    counts: dict[str, int] = {}
    for kind in trainer.PRESENTED:   # every trainer's kind: meld, endgame, stock
        for rec in pz.records(kind, variant):
            for theme in rec["themes"]:
                counts[theme] = counts.get(theme, 0) + 1
    mine = {row["name"]: row for row in store.accuracy(learner, "theme:")}
    rows = []
    for theme in themes.catalogue().values():
        done = mine.get(theme.id)
        rows.append((theme.name[lang], round(100 * done["accuracy"]) if done else None,
                     done["attempts"] if done else 0, counts.get(theme.id, 0),
                     theme.description[lang]))
    return pd.DataFrame(rows, columns=[pui.t(c) for c in (
        "col.name", "col.accuracy", "col.attempts", "col.puzzles", "col.description")])


def view() -> None:
    pui.header("themes.title", store)
    st.write(pui.t("themes.intro"))
    variant = st.session_state.get("variant", "two-handed")
    st.dataframe(theme_rows(variant), hide_index=True, column_config={
        pui.t("col.accuracy"): st.column_config.ProgressColumn(min_value=0, max_value=100,
                                                               format="%d%%"),
        pui.t("col.puzzles"): st.column_config.NumberColumn(format="%d"),
        pui.t("col.attempts"): st.column_config.NumberColumn(format="%d")})


try:
    view()
finally:
    store.close()
