"""The learner's path through a variant, and the one next step on it.

A variant's path is, in this order:

1. its lessons in lesson order, each with its checks: the lessons of the variant and
   of the profiles it extends, the lessons they need first (``prerequisites``), and
   the general lessons whose prerequisites all lie on the path. Reference pages
   (front matter ``reference = true``: history, sources, the cheat-sheet, the
   comparison) are never on it, nor is a lesson about something the game does not
   have (its front matter ``needs``: the seven of trumps in Rubicon, brisques in the
   game with jokers, Cady's waiting melds in Fildinski); the lessons such a lesson
   needs first still are;
2. its meld drills (the Meld trainer): :data:`MELD_DRILLS` right answers among the
   puzzles of the variant's meld bank;
3. its endgame puzzles (the Endgame page): :data:`ENDGAME_PUZZLES` right answers
   among the variant's endgame bank;
4. its stock-play puzzles (the Stock play page): :data:`STOCK_PUZZLES` right answers
   among the variant's stock bank;
5. a guided hand (the Play page): one deal played to its end with hints at hand.

Before the next step, when anything is due (:mod:`puzzles.review_queue`: drills from the
learner's hands, failed lesson checks, review cards, puzzles to review), comes
"Today's review: N due" (:func:`review_step`, :func:`steps_now`). A kind of drill is one
row of :data:`DRILLS` (and its page in :data:`PAGES`): its step on the path, its right
answers counted, and its reviews due counted in today's review.

A bank is the variant's own, else that of the nearest profile it extends; a variant
with no bank of a kind skips that step. :func:`next_step` is a pure function of the
variant and a :class:`PathProgress`, which :func:`read_progress` reads from the
progress store (:mod:`puzzles.store`). No streamlit here: the pages draw the steps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from types import MappingProxyType

import lessons
from engine.rules.profile import load_profile, variant_lineage
from puzzles import bank, review_queue
from puzzles.i18n import tr
from puzzles.store import LessonProgress, ProgressStore

LANGS = ("en", "ru")
GENERAL = "general"          # the lessons' front-matter word for "every game"
MELD_DRILLS = 5              # right meld answers that complete a variant's drills
ENDGAME_PUZZLES = 3          # right endgame answers that complete its puzzles
STOCK_PUZZLES = 3            # right stock-play answers that complete its puzzles
GUIDED_SETTING = "path.guided_hand."   # + variant: a guided hand was played to the end

# What each kind of step opens: an app page (``app_pages/NAME.py``).
PAGES = {"lesson": "rules", "checks": "rules", "meld": "meld_trainer",
         "endgame": "endgame", "stock": "stock", "guided": "play", "done": "play",
         "review": "review_cards", review_queue.CARDS: "review_cards"}
# The path's drills, in order: (kind, right answers needed). A new kind of puzzle joins
# the path and today's review by a row here, its page in PAGES and its question types
# in puzzles.trainer.PRESENTED.
DRILLS = (("meld", MELD_DRILLS), ("endgame", ENDGAME_PUZZLES), ("stock", STOCK_PUZZLES))


@dataclass(frozen=True)
class Step:
    """One step of a path: its ``kind`` (``lesson``, ``checks``, ``meld``, ``endgame``,
    ``guided``, ``done``), the ``page`` it opens with its query ``params``, what the
    button says (``label``) and why it comes now (``why``), each by language."""

    kind: str
    page: str
    params: Mapping[str, str]
    labels: Mapping[str, str]
    whys: Mapping[str, str]
    lesson_id: str = ""      # the lesson of a ``lesson`` or ``checks`` step

    def label(self, lang: str) -> str:
        return self.labels.get(lang, self.labels["en"])

    def why(self, lang: str) -> str:
        return self.whys.get(lang, self.whys["en"])


@dataclass(frozen=True)
class PathProgress:
    """What the path needs to know of a learner: lesson progress by lesson id, right
    answers among the variant's puzzles by kind, whether a guided hand was played, and
    the reviews due now by source (:class:`puzzles.review_queue.Due`)."""

    lessons: Mapping[str, LessonProgress] = field(default_factory=lambda: MappingProxyType({}))
    solved: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    guided: bool = False
    due: tuple[review_queue.Due, ...] = ()


def path_lessons(variant: str, lang: str = "en") -> list[lessons.Lesson]:
    """The lessons of a variant's path, in lesson order (see the module's text)."""
    every = lessons.list_lessons(lang)
    by_id = {lesson.id: lesson for lesson in every}
    lineage = set(variant_lineage(variant))
    profile = load_profile(variant)
    wanted: set[str] = set()
    walked: set[str] = set()
    todo = [lesson.id for lesson in every if lesson.variant in lineage]
    while todo:
        lesson_id = todo.pop()
        if lesson_id in walked or lesson_id not in by_id or by_id[lesson_id].reference:
            continue
        walked.add(lesson_id)
        if lessons.applies_to(by_id[lesson_id], profile):
            wanted.add(lesson_id)
        todo.extend(by_id[lesson_id].prerequisites)
    for lesson in every:   # in order, so that a general lesson may follow another
        if lesson.variant == GENERAL and not lesson.reference and lesson.prerequisites \
                and all(pid in wanted for pid in lesson.prerequisites):
            wanted.add(lesson.id)
    return [lesson for lesson in every if lesson.id in wanted]


def lesson_after(variant: str, lesson_id: str | None, progress: PathProgress,
                 lang: str = "en") -> lessons.Lesson | None:
    """The lesson the Rules page's "Next lesson" opens: the one after ``lesson_id`` on
    the path; from a page off the path, the first lesson not yet complete. None at
    the path's end (the next step is then a drill, a puzzle or a hand)."""
    on_path = path_lessons(variant, lang)
    ids = [lesson.id for lesson in on_path]
    if lesson_id in ids:
        at = ids.index(lesson_id)
        return on_path[at + 1] if at + 1 < len(on_path) else None
    return next((lesson for lesson in on_path if not _complete(lesson.id, progress)), None)


def drill_ids(kind: str, variant: str) -> frozenset[str]:
    """The puzzle ids of a variant's bank of ``kind``: its own, else the nearest
    profile's it extends (empty when none has one)."""
    for name in variant_lineage(variant):
        found = bank.load(kind, name)
        if found:
            return frozenset(str(record["id"]) for record in found)
    return frozenset()


def due_reviews(store: ProgressStore, learner: str, variant: str,
                at: datetime | None = None) -> tuple[review_queue.Due, ...]:
    """The reviews due now for a learner playing ``variant``, by source: the Review
    cards page's, then each kind of :data:`DRILLS`."""
    return review_queue.due(store, learner, variant, [kind for kind, _need in DRILLS], at)


def read_progress(store: ProgressStore, learner: str, variant: str,
                  at: datetime | None = None) -> PathProgress:
    """A learner's progress along a variant's path, and the reviews due, read from the
    store."""
    right: dict[str, set[str]] = {kind: set() for kind, _need in DRILLS}
    ids = {kind: drill_ids(kind, variant) for kind, _need in DRILLS}
    for attempt in store.attempts(learner):
        kind = str(attempt["kind"])
        if kind in ids and attempt["correct"] and attempt["puzzle_id"] in ids[kind]:
            right[kind].add(str(attempt["puzzle_id"]))
    return PathProgress(
        lessons=MappingProxyType(store.lesson_progress(learner)),
        solved=MappingProxyType({kind: len(found) for kind, found in right.items()}),
        guided=bool(store.setting(learner, GUIDED_SETTING + variant)),
        due=due_reviews(store, learner, variant, at))


def record_guided_hand(store: ProgressStore, learner: str, variant: str) -> None:
    """A guided hand of ``variant`` was played to the end of its deal."""
    store.set_setting(learner, GUIDED_SETTING + variant, "done")


def _complete(lesson_id: str, progress: PathProgress) -> bool:
    found = progress.lessons.get(lesson_id)
    return found is not None and found.complete


def _both(key: str, **params: object) -> Mapping[str, str]:
    return MappingProxyType({lang: tr(lang, key, **params) for lang in LANGS})


def _titled(key: str, lesson_id: str, **params: object) -> Mapping[str, str]:
    """A label naming a lesson by its title in each language (never its id)."""
    return MappingProxyType({lang: tr(lang, key, title=lessons.get_lesson(lesson_id, lang).title,
                                      **params) for lang in LANGS})


def _game_titles(variant: str, key: str, **params: object) -> Mapping[str, str]:
    profile = load_profile(variant)
    return MappingProxyType({lang: tr(lang, key, game=profile.title_ru if lang == "ru"
                                      else profile.title, **params) for lang in LANGS})


def lesson_step(lesson: lessons.Lesson, number: int, total: int,
                progress: PathProgress) -> Step:
    """The step of one lesson: read it, or pass the checks it still waits for."""
    found = progress.lessons.get(lesson.id)
    passed = len({c.id for c in lesson.checks} & set(found.checks_passed)) if found else 0
    params = MappingProxyType({"lesson": lesson.id})
    if passed:
        return Step("checks", PAGES["checks"], params,
                    _titled("path.checks", lesson.id, passed=passed, total=len(lesson.checks)),
                    _both("path.why_checks", total=len(lesson.checks)), lesson.id)
    return Step("lesson", PAGES["lesson"], params,
                _titled("path.lesson", lesson.id, number=number, total=total),
                _both("path.why_lesson" if lesson.checks else "path.why_read"), lesson.id)


def next_step(variant: str, progress: PathProgress, lang: str = "en") -> Step:
    """The learner's next step on a variant's path: the first lesson not complete, else
    the drills, the puzzles, a guided hand, and at the end a free game (``done``).
    ``lang`` picks the lesson files the path is read from (their ids are shared)."""
    on_path = path_lessons(variant, lang)
    for number, lesson in enumerate(on_path, 1):
        if not _complete(lesson.id, progress):
            return lesson_step(lesson, number, len(on_path), progress)
    for kind, need in DRILLS:
        done = progress.solved.get(kind, 0)
        if drill_ids(kind, variant) and done < need:
            return Step(kind, PAGES[kind], MappingProxyType({}),
                        _both(f"path.{kind}", done=done, need=need), _both(f"path.why_{kind}"))
    if not progress.guided:
        return Step("guided", PAGES["guided"], MappingProxyType({"guided": "1"}),
                    _game_titles(variant, "path.guided"), _both("path.why_guided"))
    return Step("done", PAGES["done"], MappingProxyType({}), _game_titles(variant, "path.done"),
                _both("path.why_done"))


def review_step(progress: PathProgress) -> Step | None:
    """"Today's review: N due", when anything is due: it opens the Review cards page,
    or the trainer of the only kind of puzzle due."""
    count = review_queue.total(progress.due)
    if not count:
        return None
    first = progress.due[0].source   # the Review cards page's own come first
    return Step("review", PAGES.get(first, PAGES["review"]), MappingProxyType({}),
                _both("path.review", count=count), _both("path.why_review"))


def steps_now(variant: str, progress: PathProgress, lang: str = "en") -> list[Step]:
    """What Home offers, in order: today's review when anything is due, then the
    path's next step."""
    review = review_step(progress)
    return ([review] if review is not None else []) + [next_step(variant, progress, lang)]


def steps_done(variant: str, progress: PathProgress, lang: str = "en") -> tuple[int, int]:
    """How many of the path's steps are done, of how many (lessons, then each drill
    kind the variant has, then the guided hand)."""
    on_path: Sequence[lessons.Lesson] = path_lessons(variant, lang)
    done = sum(_complete(lesson.id, progress) for lesson in on_path)
    total = len(on_path) + 1
    for kind, need in DRILLS:
        if drill_ids(kind, variant):
            total += 1
            done += progress.solved.get(kind, 0) >= need
    return done + progress.guided, total
