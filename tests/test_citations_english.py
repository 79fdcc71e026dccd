"""English pages cite in English (review 2, defect 8: "Source: 000 'заявления'",
"0 (nothing) is another source's figure (003 'козыри'; 004 'Рубикон')"): every
lesson, check, engine explanation and review card rendered in English names the
sources' sections in English; the Russian pages keep the sources' own headings."""

from __future__ import annotations

import random
import re

import pytest

import lessons
from engine.rules.deal import Deal
from engine.rules.profile import load_profile, variant_names
from engine.text.citations import SECTIONS_EN, citation_text, cyrillic_words
from puzzles.review_cards import build_deck

# A citation in running text: "(003, 'козыри'; 004, 'Рубикон')", "**000, 'сдача'**",
# "Source: 000 'заявления'"; quotations in «» are the sources' words, not citations.
CITED = re.compile(r"\(\s*\d{3}\b[^()]*\)|\*\*\d{3}\b[^*]*\*\*|\b\d{3}(?:,)? '[^']+'")


def citations_in(text: str) -> list[str]:
    return [m.group(0) for m in CITED.finditer(text)]


def assert_english(text: str, where: str) -> None:
    for cited in citations_in(text):
        assert not cyrillic_words(cited), f"{where}: {cited!r}"


def test_the_reviews_examples() -> None:
    # one form, with the comma the sources page shows
    assert citation_text("000 'заявления'", "en") == "000, 'declarations'"
    assert citation_text("003 'козыри'; 004 'Рубикон'", "en") == "003, 'trumps'; 004, 'Rubicon'"
    assert citation_text("003 'козыри'; 004 'Рубикон'", "ru") == "003, 'козыри'; 004, 'Рубикон'"


def test_every_section_name_is_english() -> None:
    for ru, en in SECTIONS_EN.items():
        assert ru and not cyrillic_words(en), (ru, en)


@pytest.mark.parametrize("lesson_id", [lesson.id for lesson in lessons.list_lessons("en")])
def test_a_lesson_and_its_checks_cite_in_english(lesson_id: str) -> None:
    lesson = lessons.get_lesson(lesson_id, "en")
    assert_english(lesson.body_markdown, lesson_id)
    assert_english(lesson.summary, lesson_id)
    for source in lesson.sources:
        assert not cyrillic_words(source), f"{lesson_id} sources: {source!r}"
    for check in lesson.checks:
        assert_english(check.prompt, f"{lesson_id} check {check.id}")


def test_russian_lessons_keep_the_sources_headings() -> None:
    ru = lessons.get_lesson("variant-rubicon", "ru")
    assert "'Рубикон'" in ru.body_markdown


@pytest.mark.parametrize("variant", variant_names())
def test_explanations_and_review_cards_cite_in_english(variant: str) -> None:
    profile = load_profile(variant)
    rng = random.Random(7)
    deal = Deal.new(profile, rng, dealer=0)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    for event in deal.events:
        cited = event.cited("en")
        assert not cyrillic_words(cited), f"{variant} {event.type}: {cited!r}"
        for line in event.explain("en"):
            assert_english(line, f"{variant} {event.type}")
    for _, where in profile.citations:
        assert not cyrillic_words(citation_text(where, "en")), where
    for card in build_deck(profile, "en"):
        for text in (card.question, *card.explanation, *card.notes,
                     *(reason for _, reason in card.why)):
            assert_english(text, f"{variant} review card {card.id}")
            if "another source's figure" in text:
                assert not cyrillic_words(text), text
