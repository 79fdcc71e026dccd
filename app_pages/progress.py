"""Progress: rating over time, accuracy per theme and per meld kind, ratings, the
review schedule and the queue of failed puzzles to replay."""

from __future__ import annotations

import random

import pandas as pd
import streamlit as st

from app_pages import path_parts, ui
from app_pages import puzzle_parts as pz
from app_pages import puzzle_ui as pui
from puzzles import bank, drills, path, trainer
from puzzles.identity import current_learner

store = pui.store()
lang, learner = pui.lang(), current_learner()


def replay(puzzle_id: str) -> None:
    record = trainer.replay(puzzle_id, random.Random())
    if record is None:
        return
    if record["kind"] == "meld":
        st.session_state["mt_mode"] = record["type"]
        st.session_state["mt_puzzle"] = record
        st.session_state["mt_hints"] = 0
        st.session_state["mt_result"] = None
        st.session_state["mt_round"] = st.session_state.get("mt_round", 0) + 1   # D2
        target = "app_pages/meld_trainer.py"
    else:
        st.session_state["eg_puzzle"] = record
        st.session_state["eg_state"] = trainer.endgame_start(record)
        st.session_state["eg_hints"] = 0
        st.session_state["eg_guess"] = None
        st.session_state["eg_recorded"] = None
        target = "app_pages/endgame.py"
    st.session_state["progress_replay"] = target


def review_name(item: str) -> str:
    """A review item (``puzzle:ID`` or ``meld:KIND``) in words."""
    prefix, _, name = item.partition(":")
    if prefix == "card":   # a review card: its title and game, never its id
        from puzzles.review_queue import by_id

        card = by_id(item, lang)
        game = name.split(":", 1)[0]
        own = item.startswith(drills.prefix(game))
        title = card.title if card is not None else pui.t("rc.drill" if own else "rc.title")
        return f"{title} ({ui.variant_title(game)})" if game in ui.variants() else title
    return pz.describe(name) if prefix == "puzzle" else pz.scope_name(item)


def accuracy_table(prefix: str) -> pd.DataFrame:
    rows = store.accuracy(learner, prefix)
    return pd.DataFrame({
        pui.t("col.name"): [pz.scope_name(prefix + r["name"]) for r in rows],
        pui.t("col.attempts"): [r["attempts"] for r in rows],
        pui.t("col.accuracy"): [round(100 * r["accuracy"]) for r in rows],
    })


def lesson_table() -> pd.DataFrame:
    """Mastery per lesson: the lessons of the chosen game's path and any other lesson
    begun, by title in the learner's language, with the share of checks passed."""
    game = path_parts.variant()
    started = store.lesson_progress(learner)
    shown = path.path_lessons(game, lang)
    shown += [les for les in ui.lesson_list(lang) if les.id in started and les not in shown]
    rows = []
    for lesson in shown:
        found = started.get(lesson.id)
        passed = len({c.id for c in lesson.checks} & set(found.checks_passed)) if found else 0
        total = len(lesson.checks)
        done = found is not None and found.complete
        rows.append((lesson.title, f"{passed} / {total}" if total else "—",
                     100 if done else round(100 * passed / total) if total else 0))
    return pd.DataFrame(rows, columns=[pui.t("col.lesson"), pui.t("col.checks"),
                                       pui.t("col.mastery")])


def rating_chart(ratings: list[float]) -> None:
    """The rating after each attempt, as a Vega-Lite spec written out: st.line_chart
    builds it through altair, whose schema validation took 250 ms of every rerun."""
    name = pui.t("col.rating")
    st.vega_lite_chart(spec={
        "data": {"values": [{"n": n, "r": round(r)} for n, r in enumerate(ratings, 1)]},
        "mark": {"type": "line", "point": len(ratings) < 30, "tooltip": True},
         "encoding": {"x": {"field": "n", "type": "quantitative", "title": pui.t("col.attempt"),
                            "axis": {"tickMinStep": 1, "format": "d"}},
                      # "d": 1300, never "1,300" (a separator Russian does not use)
                      "y": {"field": "r", "type": "quantitative", "title": name,
                            "scale": {"zero": False}, "axis": {"format": "d"}}}},
        height=260)


def view() -> None:
    pui.header("progress.title", store)
    target = st.session_state.pop("progress_replay", None)
    if target:
        st.switch_page(target)
    st.subheader(pui.t("p.lessons", game=ui.variant_title(path_parts.variant())))
    st.dataframe(lesson_table(), hide_index=True, column_config={
        pui.t("col.mastery"): st.column_config.ProgressColumn(min_value=0, max_value=100,
                                                              format="%d%%")})
    attempts = store.attempts(learner)
    if not attempts:
        st.info(pui.t("p.no_attempts"))
    else:
        st.subheader(pui.t("p.rating"))
        rating_chart([a["rating_after"] for a in attempts])
        for prefix, title in (("theme:", "p.themes"), ("meld:", "p.melds")):
            st.subheader(pui.t(title))
            table = accuracy_table(prefix)
            if not table.empty:
                # A percentage bar per row: no chart axis to misread at 0 % (D14)
                st.dataframe(table, hide_index=True, column_config={
                    pui.t("col.accuracy"): st.column_config.ProgressColumn(
                        min_value=0, max_value=100, format="%d%%")})
        st.subheader(pui.t("p.ratings"))
        ratings = store.ratings(learner)
        st.dataframe(pd.DataFrame({
            pui.t("col.scope"): [pz.scope_name(r["scope"]) for r in ratings],
            pui.t("col.rating"): [round(r["rating"]) for r in ratings],
            pui.t("col.rd"): [round(r["rd"]) for r in ratings],
            pui.t("col.attempts"): [r["games"] for r in ratings],
        }), hide_index=True, column_config={   # plain numbers: no "1,375" in Russian
            pui.t(col): st.column_config.NumberColumn(format="%d")
            for col in ("col.rating", "col.rd", "col.attempts")})
    st.subheader(pui.t("p.queue"))
    # A drill is rescheduled in its own queue (puzzles.drills), not replayed from here; a
    # puzzle no longer in the banks (the first banks, from random deals, were replaced by
    # positions of expert games) cannot be replayed: its attempts stay in the history.
    failed = [p for p in store.failed_puzzles(learner)
              if not drills.is_drill_puzzle(p) and bank.by_id(p) is not None]
    if not failed:
        st.write(pui.t("p.empty_queue"))
    for puzzle_id in failed[:20]:
        cols = st.columns([3, 1])
        cols[0].markdown(pz.describe(puzzle_id))
        cols[1].button(pui.t("p.replay"), key=f"progress_replay_{puzzle_id}", on_click=replay,
                       args=(puzzle_id,))
    items = store.srs_items(learner)
    if items:
        st.subheader(pui.t("p.srs"))
        st.dataframe(pd.DataFrame({pui.t("col.review"): [review_name(i["item"]) for i in items],
                                   pui.t("col.due"): [pz.when(i["due"]) for i in items]}),
                     hide_index=True)
    runs = store.timed_runs(learner)
    if runs:
        st.subheader(pui.t("p.timed"))
        st.dataframe(pd.DataFrame({pui.t("col.when"): [pz.when(r["at"]) for r in runs],
                                   pui.t("col.score"): [r["score"] for r in runs],
                                   pui.t("col.attempts"): [r["total"] for r in runs]}),
                     hide_index=True)


try:
    view()
finally:
    store.close()
