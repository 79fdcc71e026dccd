"""Spaced repetition of failed puzzles, weak meld kinds and failed lesson checks,
scheduled by FSRS (the ``fsrs`` package, py-fsrs 6). It is on unless the learner turned
it off (:func:`enabled`): review is on by default in Duolingo and Anki, and a learner
who never found the switch never saw a mistake again (app review 3, #8).

Items are strings: ``puzzle:<id>`` for a failed puzzle, ``meld:<kind>`` for a meld
kind the learner missed. An item enters the schedule on a failure; every later
attempt at it is a review graded from the attempt's score. A due item is served
as a fresh, suit-permuted instance (see :func:`puzzles.trainer.fresh_instance`).

Review cards (``card:...``, :mod:`puzzles.review_cards`) share the store and the
scheduler: a card enters the schedule when first answered, right or wrong
(:func:`review_card`), or due at once when it is a mistake brought back (a drill, a
failed lesson check: :func:`enter_card`); they are served on the Review cards page and
kept out of the puzzles' due list (:func:`due`).
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from functools import cache

from fsrs import Card, Rating, Scheduler

from puzzles.store import ProgressStore, now_utc

SETTING = "srs"
CARD_PREFIX = "card:"
FAST_SECONDS = 10.0   # a right review card answered this quickly is graded Easy


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
    """On unless the learner turned it off (an explicit "off" is kept)."""
    return store.setting(learner, SETTING, "on") != "off"


def set_enabled(store: ProgressStore, learner: str, on: bool) -> None:
    store.set_setting(learner, SETTING, "on" if on else "off")


def _card_id(item: str) -> int:
    return int(hashlib.sha256(item.encode("utf-8")).hexdigest()[:10], 16)


def _schedule(store: ProgressStore, learner: str, item: str, rating: Rating, when: datetime,
              create: bool) -> tuple[datetime | None, bool]:
    """Review ``item`` with ``rating`` in one transaction; a new item is scheduled only
    when ``create``. Returns the next due time (None: nothing stored) and whether the
    item was new."""
    new = False

    def update(stored: str | None) -> tuple[str, datetime, bool] | None:
        nonlocal new
        if stored is None:
            if not create:
                return None
            new = True
            card = Card(card_id=_card_id(item), due=when)
        else:
            card = Card.from_json(stored)
        card, _log = scheduler().review_card(card, rating, review_datetime=when)
        return card.to_json(), card.due, rating is Rating.Again

    # Read and write the card in one transaction: a concurrent review is not lost.
    return store.update_srs_card(learner, item, update), new


def review(store: ProgressStore, learner: str, item: str, score: float,
           at: datetime | None = None) -> datetime | None:
    """Record one review of ``item``; a new item is only scheduled when failed.
    Returns the next due time (``None`` when nothing is scheduled)."""
    if not enabled(store, learner):
        return None
    rating = grade(score)
    return _schedule(store, learner, item, rating, at or now_utc(),
                     create=rating is Rating.Again)[0]


def due(store: ProgressStore, learner: str, at: datetime | None = None) -> list[str]:
    """The puzzles and meld kinds due (review cards have their own page)."""
    if not enabled(store, learner):
        return []
    return [i for i in store.due_items(learner, at) if not i.startswith(CARD_PREFIX)]


# --- review cards ------------------------------------------------------------------------

def card_item(variant: str, topic: str, name: str) -> str:
    """A review card's schedule item: ``card:<variant>:<topic>:<name>``."""
    return f"{CARD_PREFIX}{variant}:{topic}:{name}"


def card_rating(right: bool, seconds: float | None = None) -> Rating:
    """A review card's grade: wrong → Again; right → Easy when answered within
    :data:`FAST_SECONDS`, else Good."""
    if not right:
        return Rating.Again
    return Rating.Easy if seconds is not None and seconds <= FAST_SECONDS else Rating.Good


def review_card(store: ProgressStore, learner: str, item: str, rating: Rating,
                at: datetime | None = None) -> tuple[datetime, bool]:
    """Schedule a review card from one answer (a new card enters the schedule now).
    Returns the next due time and whether the card was new."""
    when, new = _schedule(store, learner, item, rating, at or now_utc(), create=True)
    assert when is not None
    return when, new


def enter_card(store: ProgressStore, learner: str, item: str,
               at: datetime | None = None) -> datetime:
    """Put a review card in the schedule unanswered, due at once (a drill the learner
    asked for); one already scheduled keeps its schedule. Returns its due time."""
    when = at or now_utc()

    def update(stored: str | None) -> tuple[str, datetime, bool] | None:
        if stored is not None:
            return None
        return Card(card_id=_card_id(item), due=when).to_json(), when, False

    return store.update_srs_card(learner, item, update) or when


def card_due(store: ProgressStore, learner: str, prefix: str = CARD_PREFIX,
             at: datetime | None = None) -> list[str]:
    """Review cards under ``prefix`` due at ``at``, the earliest due first."""
    return [i for i in store.due_items(learner, at) if i.startswith(prefix)]


def card_items(store: ProgressStore, learner: str, prefix: str = CARD_PREFIX) -> set[str]:
    """Review cards under ``prefix`` already in the learner's schedule."""
    return {row["item"] for row in store.srs_items(learner) if row["item"].startswith(prefix)}
