"""Today's review: what is due for a learner from every source, and the Review cards
page's one queue of cards.

Sources, in the order they are served:

1. **drills**, the learner's own positions from the review of their hands
   (:mod:`puzzles.drills`), of the game being played;
2. **failed lesson checks** (:mod:`puzzles.check_cards`), whatever the game;
3. the game's **review cards** that are due (:mod:`puzzles.review_cards`), then new
   ones up to the daily limit;
4. the **puzzles** and weak melds due for review, one count per kind of puzzle, each
   served by its own trainer first (:func:`puzzles.trainer.due_reviews`).

The first three are served on the Review cards page (:data:`CARDS`). The kinds of
puzzle are the caller's: the path passes its table of drills (:data:`puzzles.path.DRILLS`),
so a new kind of puzzle on the path is counted here by that table alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from puzzles import check_cards, drills, srs, trainer
from puzzles import review_cards as rc
from puzzles.store import ProgressStore, now_utc

CARDS = "cards"   # the sources served on the Review cards page


@dataclass(frozen=True)
class Due:
    """How many reviews of one source are due: :data:`CARDS` or a kind of puzzle."""

    source: str
    count: int


def due(store: ProgressStore, learner: str, variant: str, kinds: Iterable[str],
        at: datetime | None = None) -> tuple[Due, ...]:
    """What is due now, by source (only those with something due), the Review cards
    page's first. Puzzle reviews count only while spaced repetition is on."""
    when = at or now_utc()
    cards = (len(drills.due(store, learner, variant, when))
             + len(check_cards.due(store, learner, when))
             + rc.session_queue(store, learner, variant, at=when).due)
    found = [Due(CARDS, cards)]
    if srs.enabled(store, learner):
        found += [Due(kind, len(trainer.due_reviews(store, learner, kind, variant, when)))
                  for kind in kinds]
    return tuple(d for d in found if d.count)


def total(found: Iterable[Due]) -> int:
    return sum(d.count for d in found)


def belongs(item: str, variant: str) -> bool:
    """Whether a review card is served on the Review cards page of ``variant``."""
    return item.startswith(f"{rc.PREFIX}{variant}:") or check_cards.is_check(item)


def by_id(item: str, lang: str = "en") -> rc.ReviewCard | None:
    """A review card of the page: a failed check's, or one of a game's deck."""
    return check_cards.card(item, lang) if check_cards.is_check(item) else rc.by_id(item, lang)


def session_queue(store: ProgressStore, learner: str, variant: str, lang: str = "en",
                  at: datetime | None = None) -> rc.Queue:
    """The page's cards after the drills: failed checks due, the game's due cards,
    then its new ones (:func:`puzzles.review_cards.session_queue`)."""
    when = at or now_utc()
    checks = [card for card in (check_cards.card(item, lang)
                                for item in check_cards.due(store, learner, when))
              if card is not None]
    deck = rc.session_queue(store, learner, variant, lang, when)
    return rc.Queue(tuple(checks) + deck.cards, deck.due + len(checks), deck.new, deck.seen,
                    deck.total)


def answer(store: ProgressStore, learner: str, card: rc.ReviewCard, chosen: object,
           lang: str = "en", seconds: float | None = None,
           at: datetime | None = None) -> tuple[bool, datetime]:
    """Mark an answer and reschedule the card: a check's as its lesson marks it."""
    if check_cards.is_check(card.id):
        return check_cards.answer(store, learner, card, chosen, lang,  # type: ignore[arg-type]
                                  seconds, at)
    return rc.answer(store, learner, card, chosen, seconds, at)


__all__ = ["CARDS", "Due", "answer", "belongs", "by_id", "due", "session_queue", "total"]
