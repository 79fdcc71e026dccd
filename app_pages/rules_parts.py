"""Pieces of the Rules page. The lessons package is optional: every call is guarded,
so a lesson being written never breaks the page."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import streamlit as st

from app_pages import ui
from engine.errors import BeziqueError
from engine.session import explain_melds


@dataclass(frozen=True)
class Catalogue:
    lessons: tuple[Any, ...]
    fallback: bool          # English shown because the language has no lessons yet

    def __bool__(self) -> bool:
        return bool(self.lessons)

    def get(self, lesson_id: str) -> Any:
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        return self.lessons[0]

    def title(self, lesson_id: str) -> str:
        return str(self.get(lesson_id).title)


def lessons_for(lang: str) -> Catalogue:
    found = ui.lesson_list(lang)
    if found or lang == "en":
        return Catalogue(found, False)
    return Catalogue(ui.lesson_list("en"), True)


def take_query_params(ids: list[str]) -> None:
    """Open the lesson named in the URL (``?lesson=ID&rule=RULE``), once per link."""
    wanted = st.query_params.get("lesson")
    rule = st.query_params.get("rule", "")
    marker = f"{wanted}|{rule}"
    if wanted in ids and st.session_state.get("rules_qp_seen") != marker:
        st.session_state["rules_qp_seen"] = marker
        st.session_state["rules_lesson"] = wanted
        st.session_state["rules_rule"] = rule
    if st.session_state.get("rules_lesson") not in ids:
        st.session_state["rules_lesson"] = ids[0]


def paragraph_for(lesson: Any, rule: str | None) -> Any:
    if not rule:
        return None
    for paragraph in getattr(lesson, "paragraphs", ()):
        if rule in paragraph.rules:
            return paragraph
    return None


_FENCED = re.compile(r"^```bezique-[a-z]+[^\n]*\n.*?^```[ \t]*$\n?", re.M | re.S)


def body(lesson: Any) -> str:
    """The lesson text with rule anchors; example and check blocks are drawn apart."""
    module = ui.lessons_module()
    try:
        text = str(module.body_with_anchors(lesson))
    except Exception:  # noqa: BLE001
        text = str(getattr(lesson, "body_markdown", ""))
    return _FENCED.sub("", text)


def show_example(example: Any) -> None:
    with st.container(border=True):
        st.markdown(f"**{ui.t('rules.example', id=example.id)}**")
        try:
            request = example.request()
            legal, refused = explain_melds(request, ui.lang())
        except BeziqueError as exc:
            st.warning(ui.t("explainer.impossible", reason=exc))
            return
        hand = [*request.get("hand", []), *request.get("table", [])]
        from engine.cards import parse_card

        ui.show_cards([parse_card(c).id for c in hand], 40)
        for line in legal:
            st.markdown(f"✅ **{ui.meld(line.meld)}** +{line.points}: " + "; ".join(line.lines))
        for line in refused:
            st.markdown(f"⛔ **{ui.meld(line.meld)}**: " + "; ".join(line.lines))


def show_check(check: Any) -> None:
    module = ui.lessons_module()
    lang = ui.lang()
    try:
        result = module.evaluate_check(check, lang)
    except Exception:  # noqa: BLE001 - a check that cannot be evaluated is skipped
        return
    labels = dict(zip(result.options, result.labels, strict=False))
    key = ui.widget_key("check", f"{check.id}_{lang}")
    with st.container(border=True):
        st.markdown(result.prompt)
        if result.multiple:
            st.pills(ui.t("rules.checks"), list(result.options), key=key, selection_mode="multi",
                     format_func=lambda v: labels.get(v, v), label_visibility="collapsed")
        else:
            st.radio(ui.t("rules.checks"), list(result.options), key=key, index=None,
                     format_func=lambda v: labels.get(v, v), label_visibility="collapsed")
        if st.button(ui.t("rules.check_button"), key=key + "_go"):
            chosen = st.session_state.get(key)
            if chosen:
                right, _ = module.mark_check(check, chosen, lang)
                (st.success if right else st.error)(ui.t("rules.right" if right else "rules.wrong"))
                st.markdown("\n".join(f"- {line}" for line in result.explanation))


def glossary(query: str) -> list[Any]:
    module = ui.lessons_module()
    try:
        if query:
            return list(module.search_glossary(query[:60]))
        return list(module.glossary())
    except Exception:  # noqa: BLE001
        return []


def definition(entry: Any) -> str:
    return str(entry.definition_ru if ui.lang() == "ru" else entry.definition_en)


def disagreements() -> list[dict[str, str]]:
    module = ui.lessons_module()
    try:
        return list(module.disagreements_table(ui.lang()))
    except Exception:  # noqa: BLE001
        return []
