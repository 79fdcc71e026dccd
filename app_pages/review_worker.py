"""The learner's decisions judged in the background while the deal goes on, so that the
review of the hand (:mod:`app_pages.review_parts`) is ready when the deal ends instead of
taking up to ten seconds in the longest games (Chinese, eight-pack, joker).

Each decision is judged by :func:`engine.bots.review.judge` in a worker process, so on
a machine with two cores the bot's own thinking keeps its core. Whatever the worker has
not finished when the review is asked for is judged then, as without a worker: the
verdict is the same either way, because a position's estimates are seeded by the
position itself (:func:`engine.bots.review.position_seed`).

``BEZIQUE_REVIEW_WORKERS`` sets the number of worker processes (default 1; 0 judges
only when the review is asked for). They run in a pool of their own
(:class:`app_pages.worker_pool.WorkerPool`), below the pages and the bot's workers in
priority: a verdict can wait, a bot's move is awaited.
"""

from __future__ import annotations

import logging
from concurrent.futures import Executor, Future, wait
from concurrent.futures.process import BrokenProcessPool

import streamlit as st

from app_pages.worker_pool import WorkerPool
from engine.bots.review import Budget, Decision, decision_key, decisions_of, judge, position_seed
from engine.notation.actions import Action
from engine.rules.deal import Deal
from engine.rules.replay import deal_prefix

log = logging.getLogger("bezique.review")
WORKERS_ENV = "BEZIQUE_REVIEW_WORKERS"
JOBS = "review_jobs"          # session: decision key -> its verdict, when ready
SEEN = "review_seen"          # session: deal -> actions already handed to the worker
KEPT_JOBS = 600               # about four of the longest deals
WAIT_SECONDS = 15.0           # a review waits this long for verdicts being worked out
WORKER_NICE = 10              # background judging yields the cores to the clicks

POOL = WorkerPool("review", WORKERS_ENV, lambda: 1, WORKER_NICE)


def worker_count() -> int:
    return POOL.size()


def judge_saved(position: str, seat: int, action: Action, deal_number: int,
                budget: Budget) -> Decision:
    """:func:`judge` on a position's save (what crosses to the worker process)."""
    return judge(Deal.loads(position), seat, action, budget, deal_number)


Jobs = dict[str, Future[Decision]]


def _jobs() -> Jobs:
    return st.session_state.setdefault(JOBS, {})  # type: ignore[no-any-return]


def hand_over(pool: Executor, jobs: Jobs, deal: Deal, seat: int, deal_number: int,
              budget: Budget, start: int = 0) -> None:
    """Submit to ``pool`` each decision of ``seat`` in ``deal`` from action ``start`` on
    that ``jobs`` does not hold yet."""
    for position, action in decisions_of(deal, seat, start):
        hand_over_one(pool, jobs, position, seat, action, deal_number, budget)


def hand_over_one(pool: Executor, jobs: Jobs, position: Deal, seat: int, action: Action,
                  deal_number: int, budget: Budget) -> None:
    """Submit one decision (``action`` taken by ``seat`` at ``position``) unless
    ``jobs`` holds it."""
    saved = position.dumps()
    key = decision_key(saved, action)
    if key not in jobs:
        jobs[key] = pool.submit(judge_saved, saved, seat, action, deal_number, budget)


def collect(jobs: Jobs, wait_seconds: float | None) -> dict[str, Decision]:
    """The verdicts ``jobs`` has reached, after waiting up to ``wait_seconds`` (None:
    as long as it takes) for those being worked out; the ones not started are
    withdrawn (the review judges them itself, without waiting in the worker's queue)."""
    for future in jobs.values():
        future.cancel()          # only the ones still queued are cancelled
    wait([f for f in jobs.values() if not f.cancelled()], timeout=wait_seconds)
    found: dict[str, Decision] = {}
    for key, future in list(jobs.items()):
        if not future.done() or future.cancelled():
            jobs.pop(key)
            continue
        error = future.exception()
        if error is not None:      # judged again in the page, where an error shows
            log.warning("the review worker failed on a decision: %r", error)
            jobs.pop(key)
            continue
        found[key] = future.result()
    return found


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


def verdicts(wait_seconds: float = WAIT_SECONDS) -> dict[str, Decision]:
    """The session's verdicts from the worker (:func:`collect`)."""
    return collect(_jobs(), wait_seconds)
