"""A failed lesson check as a review card: the same question again, later.

When a learner answers one of a lesson's checks wrongly, and spaced repetition is on
(:func:`puzzles.srs.enabled`), the check becomes a review card
``card:lessons:check:<lesson>:<check>``: it enters the schedule as failed, so FSRS
brings it back soon, and each later answer reschedules it like any review card. The
card re-asks the check: its question, options, pictures, answer and reasons are those
of :func:`lessons.evaluate_check` in the learner's language, and an answer is marked by
:func:`lessons.mark_check`, as on the lesson's page. A check that is gone from its
lesson leaves its card unserved (:func:`card` gives None).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

import lessons
from engine.errors import BeziqueError
from engine.notation.cards import Suit, parse_card
from puzzles import srs
from puzzles.i18n import tr
from puzzles.review_cards import ReviewCard
from puzzles.store import ProgressStore

SCOPE = "lessons"     # in place of a variant: a lesson's check reads the same in every game
TOPIC = "check"
PREFIX = srs.card_item(SCOPE, TOPIC, "")
# The pictures of a check (:attr:`lessons.CheckResult.cards`), in the lesson's order.
ROWS = ("hand", "opponent", "table", "trick", "tricks", "turn_up", "drawn")


def item_id(lesson_id: str, check_id: str) -> str:
    return srs.card_item(SCOPE, TOPIC, f"{lesson_id}:{check_id}")


def is_check(item: str) -> bool:
    return item.startswith(PREFIX)


def failed(store: ProgressStore, learner: str, lesson_id: str, check_id: str,
           at: datetime | None = None) -> str | None:
    """A check answered wrongly on its lesson's page: its card is reviewed as failed
    (a new one enters the schedule). Nothing when spaced repetition is off. Returns
    the card's item."""
    if not srs.enabled(store, learner):
        return None
    item = item_id(lesson_id, check_id)
    srs.review_card(store, learner, item, srs.card_rating(False), at)
    return item


def _check(item: str, lang: str) -> tuple[lessons.Lesson, lessons.Check] | None:
    lesson_id, _, check_id = item[len(PREFIX):].partition(":")
    try:
        lesson = lessons.get_lesson(lesson_id, lang)
    except KeyError:
        return None
    found = next((c for c in lesson.checks if c.id == check_id), None)
    return None if found is None else (lesson, found)


def card(item: str, lang: str = "en") -> ReviewCard | None:
    """The review card of a check's item, in ``lang`` (None when the check is gone or
    no longer evaluates)."""
    found = _check(item, lang) if is_check(item) else None
    if found is None:
        return None
    lesson, check = found
    try:
        result = lessons.evaluate_check(check, lang)
    except (BeziqueError, KeyError, ValueError):
        return None
    pictures = result.cards or {}
    rows = tuple((row, tuple(parse_card(face).id for face in pictures.get(row, ())))
                 for row in ROWS if pictures.get(row))
    trump = pictures.get("trump")
    # The verdict's first sentence for a right answer, as the lesson's page gives it.
    why_right = lessons.check_feedback(result, list(result.answer), True).why
    return ReviewCard(
        id=item, topic=TOPIC, rule_id=result.rules[0] if result.rules else "",
        title=tr(lang, "rc.check_title", title=lesson.title), question=result.prompt,
        options=result.options, labels=result.labels, answer=frozenset(result.answer),
        explanation=(why_right, *(x for x in result.explanation if x != why_right)),
        multiple=result.multiple,
        trump=Suit.parse(trump) if trump else None, rows=rows,
        why=tuple(result.why.items()), missed=tuple(result.missed.items()),
        lesson_id=lesson.id)


def answer(store: ProgressStore, learner: str, shown: ReviewCard,
           chosen: str | Iterable[str], lang: str = "en", seconds: float | None = None,
           at: datetime | None = None) -> tuple[bool, datetime]:
    """Mark an answer to a check's card as the lesson marks it, and reschedule the card
    (FSRS: wrong → Again, right → Good, or Easy when quick)."""
    found = _check(shown.id, lang)
    if found is None:
        right = shown.check(chosen)
    else:
        right, _result = lessons.mark_check(found[1], chosen, lang)
    due, _new = srs.review_card(store, learner, shown.id, srs.card_rating(right, seconds), at)
    return right, due


def due(store: ProgressStore, learner: str, at: datetime | None = None) -> list[str]:
    """The learner's check cards due at ``at``, the earliest due first."""
    return srs.card_due(store, learner, PREFIX, at)


__all__ = ["PREFIX", "ROWS", "SCOPE", "TOPIC", "answer", "card", "due", "failed",
           "is_check", "item_id"]
