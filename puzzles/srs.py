"""Opt-in spaced repetition of failed puzzles and weak meld kinds, scheduled by FSRS
(the ``fsrs`` package, py-fsrs 6).

Items are strings: ``puzzle:<id>`` for a failed puzzle, ``meld:<kind>`` for a meld
kind the learner missed. An item enters the schedule on a failure; every later
attempt at it is a review graded from the attempt's score. A due item is served
as a fresh, suit-permuted instance (see :func:`puzzles.trainer.fresh_instance`).
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from functools import cache

from fsrs import Card, Rating, Scheduler

from puzzles.store import ProgressStore, now_utc

SETTING = "srs"


@cache
def scheduler() -> Scheduler:
    return Scheduler(enable_fuzzing=False)


def grade(score: float) -> Rating:
    """FSRS grade of an attempt: failed → Again, solved with hints → Hard, with one
    hint → Good, clean → Easy."""
    if score < 0.25:
        return Rating.Again
    if score < 0.5:
        return Rating.Hard
    if score < 1.0:
        return Rating.Good
    return Rating.Easy


def enabled(store: ProgressStore, learner: str) -> bool:
    return store.setting(learner, SETTING, "off") == "on"


def set_enabled(store: ProgressStore, learner: str, on: bool) -> None:
    store.set_setting(learner, SETTING, "on" if on else "off")


def _card_id(item: str) -> int:
    return int(hashlib.sha256(item.encode("utf-8")).hexdigest()[:10], 16)


def review(store: ProgressStore, learner: str, item: str, score: float,
           at: datetime | None = None) -> datetime | None:
    """Record one review of ``item``; a new item is only scheduled when failed.
    Returns the next due time (``None`` when nothing is scheduled)."""
    if not enabled(store, learner):
        return None
    when = at or now_utc()
    rating = grade(score)

    def update(stored: str | None) -> tuple[str, datetime, bool] | None:
        if stored is None:
            if rating is not Rating.Again:
                return None
            card = Card(card_id=_card_id(item), due=when)
        else:
            card = Card.from_json(stored)
        card, _log = scheduler().review_card(card, rating, review_datetime=when)
        return card.to_json(), card.due, rating is Rating.Again

    # Read and write the card in one transaction: a concurrent review is not lost.
    return store.update_srs_card(learner, item, update)


def due(store: ProgressStore, learner: str, at: datetime | None = None) -> list[str]:
    if not enabled(store, learner):
        return []
    return store.due_items(learner, at)
