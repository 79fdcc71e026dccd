"""Drills that climb: which puzzle of a bank comes next, from rating buckets (as lichess
picks its puzzles), and the difficulty labels of the puzzle pages.

* **A puzzle's difficulty** is its rating (:mod:`puzzles.difficulty`) and, for an
  endgame, a person's term for its size: :data:`PER_TRICK` points for every trick left
  beyond two. The fitted endgame model gives the tricks left almost no weight
  (``difficulty_fit.toml``): its simulated solvers see one to three tricks ahead and never
  miscount. A person must follow every card of every trick, and without this term 7- and
  8-trick "how many points?" questions were labelled easy while 2-trick endings were
  labelled hard (app review 3, #9).
* **Labels.** *Easy*, *medium* and *hard* are the thirds of that difficulty among the
  puzzles asked together (:func:`group`): one meld question (the Meld trainer asks one
  kind of question at a time), or all the endgames of a bank.
* **The learner's bucket.** Buckets are :data:`BUCKET` points of difficulty wide. A
  learner is served from the bucket of :func:`target`: the difficulty the learner's
  rating for the kind expects them to solve about nine times in ten (:data:`EASE`); when
  it holds nothing unseen, the nearest bucket that does. A new learner (rated 1500)
  starts at the easy end of every bank, and climbs as the rating rises.
* **Endgames start small.** At most :data:`FIRST_TRICKS` tricks left while the learner's
  endgame rating is no higher than a new learner's, and one trick more for every
  :data:`TRICK_STEP` points above it (:func:`max_tricks`).
* **Nothing to declare, now and then.** A spot question whose answer is "nothing can be
  declared" comes at most once in :data:`NONE_EVERY` meld questions, and once in as many
  right answers (:func:`nothing_allowed`): it is answered by checking with nothing
  chosen, which teaches little.

No streamlit here: :func:`puzzles.trainer.pick` and the pages' filter use these.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from puzzles.glicko2 import new_learner

BUCKET = 100          # difficulty points of one bucket
PER_TRICK = 80        # a person's difficulty of one more trick to follow (beyond two)
EASE = 450            # target = rating - EASE: an expected score of about 0.9 (Glicko-2,
#                       against a puzzle of deviation 200)
FIRST_TRICKS = 3      # endgames start with two or three tricks left
TRICK_STEP = 30       # rating points above a new learner's for each trick more
NONE_EVERY = 5        # "nothing can be declared" at most once in this many questions
BANDS = ("easy", "medium", "hard")


def tricks_left(record: Mapping[str, Any]) -> int:
    """The tricks left in an endgame puzzle (the longest hand); 0 for other kinds."""
    if record.get("kind") != "endgame":
        return 0
    hands = record.get("position", {}).get("hands", ())
    return max((len(hand) for hand in hands), default=0)


def difficulty(record: Mapping[str, Any]) -> float:
    """The puzzle's place on the ladder: its rating, plus :data:`PER_TRICK` for every
    trick left beyond two (endgames)."""
    return float(record["rating"]) + PER_TRICK * max(0, tricks_left(record) - 2)


def bucket(value: float) -> int:
    return math.floor(value / BUCKET)


def group(record: Mapping[str, Any]) -> str:
    """The puzzles a label is relative to: a meld question's type, a bank's endgames."""
    return f"meld:{record.get('type')}" if record.get("kind") == "meld" \
        else str(record.get("kind"))


def band_limits(records: Iterable[Mapping[str, Any]]) -> dict[str, tuple[float, float]]:
    """For each :func:`group` of ``records``, the difficulties closing its first and
    second thirds: up to the first is easy, up to the second medium, the rest hard
    (puzzles of equal difficulty share a label)."""
    values: dict[str, list[float]] = {}
    for record in records:
        values.setdefault(group(record), []).append(difficulty(record))
    limits = {}
    for name, found in values.items():
        found.sort()
        count = len(found)
        limits[name] = (found[(count - 1) // 3], found[(2 * count - 1) // 3])
    return limits


def band(record: Mapping[str, Any], limits: Mapping[str, tuple[float, float]]) -> str:
    """The label of a puzzle: easy, medium or hard (see :func:`band_limits`)."""
    low, high = limits.get(group(record), (0.0, 0.0))
    value = difficulty(record)
    return "easy" if value <= low else "medium" if value <= high else "hard"


def target(rating: float) -> float:
    """The difficulty a learner of ``rating`` is served from (see the module's text)."""
    return rating - EASE


def max_tricks(rating: float) -> int:
    """The most tricks left in an endgame served to a learner of this endgame rating."""
    above = max(0.0, rating - new_learner().rating)
    return FIRST_TRICKS + math.floor(above / TRICK_STEP)


def nothing_to_declare(record: Mapping[str, Any] | None) -> bool:
    """A spot question whose answer is "nothing can be declared"."""
    return record is not None and record.get("type") == "spot" and not record.get("answer")


def nothing_allowed(attempts: Sequence[Mapping[str, Any]],
                    record_of: Callable[[str], Mapping[str, Any] | None]) -> bool:
    """Whether a "nothing can be declared" question may come now: none among the
    learner's last ``NONE_EVERY - 1`` meld attempts, nor among their last as many right
    meld answers (``attempts`` oldest first, as the store lists them)."""
    melds = [a for a in attempts if a.get("kind") == "meld"]
    right = [a for a in melds if a.get("correct")]
    recent = melds[-(NONE_EVERY - 1):] + right[-(NONE_EVERY - 1):]
    return not any(nothing_to_declare(record_of(str(a["puzzle_id"]))) for a in recent)


def choose(pool: Sequence[Mapping[str, Any]], rating: float, rng: random.Random, *,
           seen: Iterable[str] = (), climb: bool = True,
           nothing: bool = True) -> Mapping[str, Any] | None:
    """The next puzzle of ``pool`` for a learner of ``rating`` (for the pool's kind):
    unseen first; "nothing can be declared" only when ``nothing``; with ``climb`` (no
    difficulty chosen by the learner) endgames no longer than :func:`max_tricks`; then
    from the bucket nearest :func:`target`, at random within it."""
    if not pool:
        return None
    done = set(seen)
    found = [r for r in pool if r["id"] not in done] or list(pool)
    if not nothing:
        found = [r for r in found if not nothing_to_declare(r)] or found
    if climb:
        most = max_tricks(rating)
        small = [r for r in found if tricks_left(r) <= most]
        found = small or [r for r in found
                          if tricks_left(r) == min(tricks_left(x) for x in found)]
    wanted = bucket(target(rating))
    nearest = min(abs(bucket(difficulty(r)) - wanted) for r in found)
    # ties: the easier bucket first, so that a learner between two is not pushed up
    closest = [r for r in found if abs(bucket(difficulty(r)) - wanted) == nearest]
    lower = [r for r in closest if bucket(difficulty(r)) <= wanted]
    return rng.choice(lower or closest)


__all__ = ["BANDS", "BUCKET", "EASE", "FIRST_TRICKS", "NONE_EVERY", "PER_TRICK",
           "TRICK_STEP", "band", "band_limits", "bucket", "choose", "difficulty", "group",
           "max_tricks", "nothing_allowed", "nothing_to_declare", "target", "tricks_left"]
