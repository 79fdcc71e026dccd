"""The learner's decisions judged in the background while the deal goes on, so that the
review of the hand (:mod:`app_pages.review_parts`) is ready when the deal ends instead of
taking up to ten seconds in the longest games (Chinese, eight-pack, joker).

Each decision is judged by :func:`engine.bots.review.judge` in a worker process, so on
a machine with two cores the bot's own thinking keeps its core. Whatever the worker has
not finished when the review is asked for is judged then, as without a worker: the
verdict is the same either way, because a position's estimates are seeded by the
position itself (:func:`engine.bots.review.position_seed`).

``BEZIQUE_REVIEW_WORKERS`` sets the number of worker processes (default 1; 0 judges
only when the review is asked for).

A worker ends with the app process that started it (:func:`watch_parent`): killed
(``kill -9``, the OOM killer), that process cannot stop it, and a worker left behind
would keep its memory, and multiprocessing's resource tracker, for good.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import sys
import threading
import time
import types
from collections.abc import Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from importlib.machinery import ModuleSpec

import streamlit as st

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
PARENT_POLL = 1.0             # seconds between a worker's looks at its parent
WORKER_NICE = 10              # background judging yields the cores to the clicks

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None


def worker_count() -> int:
    raw = os.environ.get(WORKERS_ENV, "1").strip()
    if raw.isdigit():
        return int(raw)
    log.warning("%s=%r is not a number of worker processes; judging in the background is off",
                WORKERS_ENV, raw)
    return 0


def _executor() -> ProcessPoolExecutor | None:
    global _pool
    with _lock:
        if _pool is None and worker_count() > 0:
            # spawn: the server runs threads, and a forked copy of them may deadlock
            _pool = ProcessPoolExecutor(worker_count(),
                                        mp_context=multiprocessing.get_context("spawn"),
                                        initializer=watch_parent, initargs=(os.getpid(),))
            with _plain_main():   # start the workers now, each one submit
                for _ in range(worker_count()):
                    _pool.submit(os.getpid)
        return _pool


@contextmanager
def _plain_main() -> Iterator[None]:
    """A stand-in main module while workers start. A spawned worker first runs its
    parent's main module again (as ``__mp_main__``) unless that module is a package's
    ``__main__``, and Streamlit makes the page run's script (``app.py``) the main
    module: every worker would run the whole app once, in bare mode, before its
    first job."""
    saved = sys.modules.get("__main__")
    stand_in = types.ModuleType("__main__")
    stand_in.__spec__ = ModuleSpec("app_pages.__main__", None)   # "nothing to run"
    sys.modules["__main__"] = stand_in
    try:
        yield
    finally:
        if sys.modules.get("__main__") is stand_in and saved is not None:
            sys.modules["__main__"] = saved


def watch_parent(parent: int) -> None:
    """In a worker, first thing: end as soon as ``parent`` (the app process) is no
    longer its parent, and run at a lower priority than the app. (Linux's
    PR_SET_PDEATHSIG would fire when the *thread* that made the worker ends, a page
    run's thread here, so the parent is watched instead.) Once the workers are gone,
    the resource tracker sees its last pipe close and ends."""
    if os.getppid() != parent:
        os._exit(0)
    threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()
    try:
        os.nice(WORKER_NICE)   # a learner's click waits for a core; a verdict can wait
    except OSError:
        pass


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(0)   # no cleanup to wait for: the worker holds nothing of its own


def _drop_pool() -> None:
    global _pool
    with _lock:
        _pool = None


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
    pool = _executor()
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
        log.warning("the review worker stopped (%s); decisions are judged on request", exc)
        _drop_pool()
        return
    seen[start] = len(deal.actions)
    while len(jobs) > KEPT_JOBS:
        jobs.pop(next(iter(jobs))).cancel()


def verdicts(wait_seconds: float = WAIT_SECONDS) -> dict[str, Decision]:
    """The session's verdicts from the worker (:func:`collect`)."""
    return collect(_jobs(), wait_seconds)
