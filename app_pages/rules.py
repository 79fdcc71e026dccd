"""Rules: the lessons (from the ``lessons`` package), a glossary and where the sources
disagree. ``?lesson=ID&rule=RULE`` opens a lesson at the paragraph of a rule."""

import streamlit as st

from app_pages import rules_parts as parts
from app_pages import ui

st.title(ui.t("rules.title"))
module = ui.lessons_module()
if module is None:
    st.info(ui.t("rules.coming"))
    st.stop()

catalogue = parts.lessons_for(ui.lang())
if not catalogue:
    st.info(ui.t("rules.none"))
    st.stop()
if catalogue.fallback:
    st.caption(ui.t("rules.fallback_en"))

ids = [lesson.id for lesson in catalogue.lessons]
parts.take_query_params(ids)
lesson_id = st.selectbox(ui.t("rules.pick"), ids, key="rules_lesson",
                         format_func=catalogue.title)
lesson = catalogue.get(lesson_id)

rule = st.session_state.get("rules_rule")
paragraph = parts.paragraph_for(lesson, rule)
if paragraph is not None:
    with st.container(border=True):
        st.markdown(ui.t("rules.rule_here", rule=rule))
        st.markdown(paragraph.markdown)

st.markdown(parts.body(lesson), unsafe_allow_html=True)
if lesson.sources:
    st.caption(ui.t("rules.sources", sources=", ".join(lesson.sources)))

if lesson.examples:
    st.subheader(ui.t("rules.examples"))
    for example in lesson.examples:
        parts.show_example(example)

if lesson.checks:
    st.subheader(ui.t("rules.checks"))
    for check in lesson.checks:
        parts.show_check(check)

with st.expander(ui.t("rules.glossary")):
    query = st.text_input(ui.t("rules.glossary_search"), key="rules_glossary_q", max_chars=60)
    for entry in parts.glossary(query):
        st.markdown(f"**{entry.term(ui.lang())}** — {parts.definition(entry)}")

with st.expander(ui.t("rules.disagreements")):
    rows = parts.disagreements()
    if rows:
        st.table(rows)
