"""The app's one error boundary (app.py), and what it should never need to catch: every
page opens in both languages, every lesson's text, checks and examples are computed
without an exception, and a page that fails shows a kind message with a reference
while its traceback goes to the log under the same reference."""

from __future__ import annotations

import logging
import re

import pytest

pytest.importorskip("streamlit")
from app_helpers import run_page  # noqa: E402

import lessons  # noqa: E402
from app_pages import ui  # noqa: E402
from app_pages.i18n import LANGUAGES, translate  # noqa: E402
from engine.text.meld_lines import explain_melds  # noqa: E402
from lessons import sample_deal  # noqa: E402

PAGES = ("home", "rules", "explainer", "play", "replay", "puzzle_hub", "meld_trainer",
         "review_cards", "endgame", "progress")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_every_page_opens_without_an_exception(page: str, lang: str) -> None:
    at = run_page(page, lang)   # asserts no exception; conftest: nothing reached the boundary
    assert not at.error, [e.value for e in at.error]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_is_computed_without_an_exception(lang: str) -> None:
    """What the Rules and Explainer pages compute from the lessons, unguarded."""
    for lesson in lessons.list_lessons(lang):
        assert lessons.segments(lesson, lessons.body_with_anchors(lesson))
        for check in lesson.checks:
            result = lessons.evaluate_check(check, lang)
            right, _ = lessons.mark_check(check, list(result.answer) if result.multiple
                                          else result.answer[0], lang)
            assert right, f"{lesson.id}/{check.id} ({lang})"
        for example in lesson.examples:
            explain_melds(example.request(), lang)
    assert lessons.glossary() and lessons.grouped()
    assert sample_deal.moments(lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_failing_page_shows_a_kind_message_and_logs_the_traceback(
        lang: str, monkeypatch: pytest.MonkeyPatch,
        page_failures: list[logging.LogRecord]) -> None:
    def broken(*_args: object, **_kwargs: object) -> str:
        raise RuntimeError("a bug in the card pictures")

    monkeypatch.setattr(ui, "cards_html", broken)   # the Home page draws cards first
    at = run_page("home", lang)
    assert not at.exception
    [shown] = [e.value for e in at.error]
    reference = re.escape("{ref}")
    pattern = re.escape(translate(lang, "error.page")).replace(reference, "([0-9a-f]{8})")
    found = re.fullmatch(pattern, shown)
    assert found, shown
    assert "Traceback" not in shown and "RuntimeError" not in shown
    [record] = page_failures
    assert found.group(1) in record.getMessage()
    assert record.exc_info and isinstance(record.exc_info[1], RuntimeError)
    page_failures.clear()   # the failure was the point
