"""One citation form per lesson: a source cited in the text by a topic, "(002, advice)",
carries the same topic in the lesson's sources list ("002, 'Безик вдвоем' (advice)"),
in both languages (the strategy lesson once said "advice" in one place and "strategy"
in the other)."""

from __future__ import annotations

import re

import pytest

import lessons
from engine.text.citations import citation_text

INLINE = re.compile(r"\((\d{3}), ([^\d\W][\w\- ]*?)\)")
LISTED = re.compile(r"^(\d{3}), '[^']+' \(([^)]+)\)$")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_inline_topic_matches_the_sources_list(lang: str) -> None:
    bad = []
    for lesson in lessons.list_lessons(lang):
        topics: dict[str, set[str]] = {}
        for source in lesson.sources:
            m = LISTED.match(source)
            if m:
                topics.setdefault(m.group(1), set()).add(m.group(2))
        for number, word in INLINE.findall(lesson.body_markdown):
            if number in topics and word not in topics[number]:
                bad.append((lesson.id, number, word, sorted(topics[number])))
    assert not bad


def test_strategy_cites_002_advice_in_one_form() -> None:
    en = lessons.get_lesson("strategy", "en")      # the section named in English there
    assert "002, 'Two-handed Bezique' (advice)" in en.sources
    assert "(002, advice)" in en.body_markdown
    ru = lessons.get_lesson("strategy", "ru")
    assert "002, 'Безик вдвоем' (советы)" in ru.sources and "(002, советы)" in ru.body_markdown
    assert citation_text("002, 'Безик вдвоем' (advice)", "ru") == "002, 'Безик вдвоем' (советы)"
