"""The learner's decisions judged in the background while the deal goes on, so that the
review of the hand (:mod:`app_pages.review_parts`) is ready soon after the deal ends,
and the page never waits for it.

Each decision is judged by :func:`engine.bots.review.judge` in a worker process, so on
a machine with two cores the bot's own thinking keeps its core. The verdict is the same
as the page's own, because a position's estimates are seeded by the position itself
(:func:`engine.bots.review.position_seed`).

``BEZIQUE_REVIEW_WORKERS`` sets the number of worker processes (default 1; 0: the
page judges the whole hand when the review is asked for, and waits for it). They run
in a pool of their own (:class:`app_pages.worker_pool.WorkerPool`) at a lower CPU
priority (``nice`` :data:`WORKER_NICE`) than the pages and the bot's workers: a
verdict can wait, a click or a bot's move is awaited.

When the deal ends, the review itself is worked out there too (:func:`review_later`):
the page hands over what is left, does not wait, and shows the review once every
verdict is in; the learner can go on to the next deal meanwhile. A small thread of
the app process then puts the verdicts together (no search: a replay of the deal) and
does what the review leads to (the drills it finds), whether or not the page is still
open.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import streamlit as st

from app_pages.worker_pool import WorkerPool
from engine.bots.review import (
    Budget,
    Decision,
    HandReview,
    decision_key,
    decisions_of,
    judge,
    position_seed,
    review_deal,
)
from engine.notation.actions import Action
from engine.rules.deal import Deal
from engine.rules.replay import deal_prefix

log = logging.getLogger("bezique.review")
WORKERS_ENV = "BEZIQUE_REVIEW_WORKERS"
JOBS = "review_jobs"          # session: decision key -> its verdict, when ready
SEEN = "review_seen"          # session: deal -> actions already handed to the worker
KEPT_JOBS = 600               # about four of the longest deals
WORKER_NICE = 10              # background judging yields the cores to the clicks

POOL = WorkerPool("review", WORKERS_ENV, lambda: 1, WORKER_NICE)
# Puts a review together once its verdicts are in, and stores what it found: off the
# pages' threads and off the pool's own thread (which hands the workers' answers out).
FINISH = ThreadPoolExecutor(1, thread_name_prefix="review-finish")
T = TypeVar("T")


def worker_count() -> int:
    return POOL.size()


def judge_saved(position: str, seat: int, action: Action, deal_number: int,
                budget: Budget) -> Decision:
    """:func:`judge` on a position's save (what crosses to the worker process)."""
    return judge(Deal.loads(position), seat, action, budget, deal_number)


Jobs = dict[str, Future[Decision]]


def _jobs() -> Jobs:
    return st.session_state.setdefault(JOBS, {})  # type: ignore[no-any-return]


def review_saved(saved: str, seat: int, deal_number: int, budget: Budget,
                 known: dict[str, Decision]) -> HandReview:
    """:func:`review_deal` on a deal's save, with the verdicts ``known`` already."""
    return review_deal(Deal.loads(saved), seat, deal_number, budget, known)


def hand_over(pool: Executor, jobs: Jobs, deal: Deal, seat: int, deal_number: int,
              budget: Budget, start: int = 0) -> Jobs:
    """Submit to ``pool`` each decision of ``seat`` in ``deal`` from action ``start`` on
    that ``jobs`` does not hold yet; those decisions' jobs."""
    return dict(hand_over_one(pool, jobs, position, seat, action, deal_number, budget)
                for position, action in decisions_of(deal, seat, start))


def hand_over_one(pool: Executor, jobs: Jobs, position: Deal, seat: int, action: Action,
                  deal_number: int, budget: Budget) -> tuple[str, Future[Decision]]:
    """Submit one decision (``action`` taken by ``seat`` at ``position``) unless
    ``jobs`` holds it; its key and job."""
    saved = position.dumps()
    key = decision_key(saved, action)
    if key not in jobs:
        jobs[key] = pool.submit(judge_saved, saved, seat, action, deal_number, budget)
    return key, jobs[key]


def catch_up(deal: Deal, seat: int, deal_number: int, budget: Budget) -> None:
    """Hand the worker every decision of ``seat`` in ``deal`` it has not been given yet."""
    pool = POOL.executor()
    if pool is None or not deal.actions:
        return
    start = position_seed(deal_prefix(deal, 0))
    seen: dict[int, int] = st.session_state.setdefault(SEEN, {})
    jobs = _jobs()
    try:
        # After an undo the deal is shorter: what is played next is new.
        hand_over(pool, jobs, deal, seat, deal_number, budget,
                  min(seen.get(start, 0), len(deal.actions)))
    except BrokenProcessPool as exc:   # the worker died (memory): judge on request instead
        POOL.drop_broken(exc)
        return
    seen[start] = len(deal.actions)
    while len(jobs) > KEPT_JOBS:
        jobs.pop(next(iter(jobs))).cancel()


def review_later(deal: Deal, seat: int, deal_number: int, budget: Budget,
                 then: Callable[[HandReview], T]) -> Future[tuple[HandReview, T]] | None:
    """The review of ``seat``'s decisions in ``deal``, worked out by the workers: every
    decision not handed over yet is, and once all verdicts are in, the review is put
    together (:func:`review_deal` with them known: the same review as in the page) and
    ``then(review)`` runs, both in :data:`FINISH`'s thread. The future holds the review
    and what ``then`` returned. None without workers (the caller reviews in the page).

    A decision whose job failed or was dropped is judged in a worker too, with the
    rest known (:func:`review_saved`); only without any worker left, in that thread."""
    pool = POOL.executor()
    if pool is None:
        return None
    mine: Jobs = {}
    try:
        mine = hand_over(pool, _jobs(), deal, seat, deal_number, budget)
    except BrokenProcessPool as exc:   # a worker died: what is missing goes to new ones
        POOL.drop_broken(exc)
    result: Future[tuple[HandReview, T]] = Future()
    saved = deal.dumps()
    left = [len(mine)]
    lock = threading.Lock()

    def one_done(_future: Future[Decision]) -> None:
        with lock:
            left[0] -= 1
            last = left[0] == 0
        if last:
            _in_finish(result, _finish, saved, seat, deal_number, budget, mine, then, result)

    if not mine:
        _in_finish(result, _finish, saved, seat, deal_number, budget, mine, then, result)
    for future in list(mine.values()):
        future.add_done_callback(one_done)
    return result


def _in_finish(result: Future[Any], fn: Callable[..., None], *args: Any) -> None:
    """``fn(*args)`` in :data:`FINISH`'s thread; an error it raises ends ``result`` (the
    page says so), as ``fn`` ends it itself when all goes well."""
    def failed(step: Future[None]) -> None:
        error = step.exception()
        if error is not None and not result.done():
            result.set_exception(error)
    FINISH.submit(fn, *args).add_done_callback(failed)


def _conclude(review: HandReview, then: Callable[[HandReview], T],
              result: Future[tuple[HandReview, T]]) -> None:
    result.set_result((review, then(review)))


def _finish(saved: str, seat: int, deal_number: int, budget: Budget, mine: Jobs,
            then: Callable[[HandReview], T], result: Future[tuple[HandReview, T]]) -> None:
    known: dict[str, Decision] = {}
    for key, future in mine.items():
        if future.cancelled():
            continue
        error = future.exception()
        if error is not None:
            log.warning("the review worker failed on a decision: %r", error)
            if isinstance(error, BrokenProcessPool):
                POOL.drop_broken(error)
            continue
        known[key] = future.result()
    deal = Deal.loads(saved)
    wanted = {decision_key(p.dumps(), a) for p, a in decisions_of(deal, seat)}
    if wanted <= known.keys():
        _conclude(review_deal(deal, seat, deal_number, budget, known), then, result)
        return
    # Some verdicts are missing: one more job judges them, with the rest known.
    again = POOL.submit(review_saved, saved, seat, deal_number, budget, known)
    if again is None:
        log.warning("no review worker: the review is finished in the app process")
        _conclude(review_deal(deal, seat, deal_number, budget, known), then, result)
        return
    again.add_done_callback(
        lambda job: _in_finish(result, lambda: _conclude(job.result(), then, result)))
