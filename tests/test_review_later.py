"""The review at the end of a deal worked out by the review workers, never on the page's
thread (app_pages.review_worker.review_later, app_pages.review_parts): the Play page
draws at once and says it is reviewing, the review appears once the workers are done,
the learner can go on to the next deal meanwhile, and the drills it finds join the
review cards once. The workers run below the pages' CPU priority.

The pool is a stand-in here that works a job out only when the test says so (a job
"in the worker" is one not worked out yet); one test uses a real worker process."""

from __future__ import annotations

import os
import time
from concurrent.futures import Future
from types import SimpleNamespace
from typing import Any

import pytest
from app_helpers import run_page
from test_hand_review import SMALL, blundered_game

from app_pages import review_parts, review_worker
from app_pages.session import PlaySession
from engine.bots.review import decision_key, decisions_of, review_deal
from engine.rules.game import Game
from puzzles import drills
from puzzles.store import open_store

WAIT = 120   # seconds: a bound for a thread to finish, never a figure
WAITING = "Reviewing your decisions… It shows here when ready; you may play on meanwhile."


class HeldPool:
    """A pool whose jobs are worked out when the test calls :meth:`work` (in order)."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Future[Any], Any, tuple[Any, ...]]] = []
        self.fail: set[int] = set()   # job numbers that fail as a dead worker's would
        self.fail_all = False

    def submit(self, fn: Any, *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.jobs.append((future, fn, args))
        return future

    def work(self, review: Future[Any]) -> Any:
        """Work out every job handed over, and those handed over meanwhile, until
        ``review`` is done; its result."""
        deadline = time.monotonic() + WAIT
        while not review.done() and time.monotonic() < deadline:
            for number, (future, fn, args) in enumerate(list(self.jobs)):
                if future.done():
                    continue
                if number in self.fail or self.fail_all:
                    future.set_exception(RuntimeError("worker gone"))
                else:
                    future.set_result(fn(*args))
            time.sleep(0.02)
        return review.result(timeout=0)


@pytest.fixture
def pool(monkeypatch: pytest.MonkeyPatch) -> HeldPool:
    held = HeldPool()
    monkeypatch.setenv(review_worker.WORKERS_ENV, "1")
    monkeypatch.setattr(review_worker.POOL, "executor", lambda: held)
    return held


@pytest.fixture
def add_found_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many drills each call of drills.add_found added."""
    calls: list[int] = []
    real = drills.add_found

    def counted(*args: Any, **kwargs: Any) -> list[drills.Drill]:
        added = real(*args, **kwargs)
        calls.append(len(added))
        return added
    monkeypatch.setattr(drills, "add_found", counted)
    return calls


def ended_deal() -> PlaySession:
    return PlaySession.loads(blundered_game(), "club")


def the_review(at: Any) -> Future[Any]:
    pending = at.session_state[review_parts.PENDING]
    assert len(pending) == 1
    return next(iter(pending.values()))


def due(learner: str) -> int:
    with open_store() as store:
        return len(drills.due(store, learner, "two-handed"))


def test_the_page_does_not_wait_for_the_review_and_shows_it_once_in(pool, add_found_calls):
    learner = "later-shown"
    at = run_page("play", play=ended_deal(), hand_review_budget=SMALL, learner=learner)
    # Drawn without any verdict worked out: the page says it is reviewing, and the
    # learner may go on.
    assert pool.jobs and not any(f.done() for f, _fn, _args in pool.jobs)
    assert WAITING in [i.value for i in at.info]
    assert at.button(key="next_deal")
    assert "hand_reviews" not in at.session_state or not at.session_state["hand_reviews"]
    job = the_review(at)
    at.run()                                 # the page looks again: still working
    assert not at.exception and the_review(at) is job and not job.done()
    assert add_found_calls == [] and due(learner) == 0

    found, _message = pool.work(job)
    assert found.decisions == review_deal(Game.loads(blundered_game()).deal, 0,
                                          budget=SMALL).decisions   # the page's own review
    shown = found.flagged[:review_parts.SHOWN]
    assert shown and add_found_calls == [len(shown)] and due(learner) == len(shown)

    at.run()                                 # the page looks again: the review is in
    assert not at.exception
    assert next(iter(at.session_state["hand_reviews"].values())) == found
    assert WAITING not in [i.value for i in at.info]
    assert "In your review cards: it comes back by itself." in [c.value for c in at.caption]
    assert at.button(key="play_review_0_decline")
    at.run()
    assert not at.exception
    assert add_found_calls == [len(shown)] and due(learner) == len(shown)   # added once
    assert not at.session_state[review_parts.PENDING]


def test_the_learner_goes_on_meanwhile_and_the_drills_still_join(pool, add_found_calls):
    learner = "later-gone-on"
    at = run_page("play", play=ended_deal(), hand_review_budget=SMALL, learner=learner)
    job = the_review(at)
    at.button(key="next_deal").click().run()           # at once, the review not in
    assert not at.exception and not job.done()
    assert at.session_state["play"].deal.actions == [] or not at.session_state[
        "play"].deal.is_over
    found, _message = pool.work(job)
    shown = found.flagged[:review_parts.SHOWN]
    assert add_found_calls == [len(shown)] and due(learner) == len(shown)
    at.run()
    assert not at.exception and add_found_calls == [len(shown)]


def test_the_review_asked_for_by_the_button_does_not_wait_either(pool, add_found_calls):
    learner = "later-asked"
    with open_store() as store:
        drills.set_auto(store, learner, False)     # no review by itself: a button
    at = run_page("play", play=ended_deal(), hand_review_budget=SMALL, learner=learner)
    assert not at.session_state[review_parts.PENDING]   # its decisions judged meanwhile only
    at.button(key="play_review_offer").click().run()
    assert not at.exception and WAITING in [i.value for i in at.info]
    job = the_review(at)
    handed = len(pool.jobs)
    at.run()                                   # asked for once: nothing handed over again
    assert len(pool.jobs) == handed and not job.done()
    pool.work(job)
    at.run()
    assert not at.exception and at.session_state["hand_reviews"]
    assert add_found_calls == [0] and due(learner) == 0   # the drills left to the learner
    assert at.button(key="play_review_0_drill")


def test_a_failed_verdict_is_judged_again_in_a_worker(pool, monkeypatch):
    deal = Game.loads(blundered_game()).deal
    monkeypatch.setattr(review_worker, "st", SimpleNamespace(session_state={}))
    job = review_worker.review_later(deal, 0, 1, SMALL, lambda review: "then")
    assert job is not None
    pool.fail = {0}
    found, said = pool.work(job)
    assert said == "then"
    assert found.decisions == review_deal(deal, 0, budget=SMALL).decisions
    # the failed decision went to the pool again, in one job with the rest known
    fn, args = pool.jobs[-1][1:]
    assert fn is review_worker.review_saved
    assert len(args[4]) == len(list(decisions_of(deal, 0))) - 1


def test_a_review_that_failed_is_offered_again_not_redone_by_itself(pool):
    at = run_page("play", play=ended_deal(), hand_review_budget=SMALL, learner="later-failed")
    job = the_review(at)
    pool.fail_all = True
    with pytest.raises(RuntimeError):
        pool.work(job)
    at.run()
    assert not at.exception and at.button(key="play_review_offer")
    handed = len(pool.jobs)
    at.run()
    assert len(pool.jobs) == handed and not at.session_state[review_parts.PENDING]


def test_review_workers_run_below_the_pages_and_reach_the_same_review(monkeypatch):
    monkeypatch.setenv(review_worker.WORKERS_ENV, "1")
    deal = Game.loads(blundered_game()).deal
    monkeypatch.setattr(review_worker, "st", SimpleNamespace(session_state={}))
    review_worker.POOL.drop()
    try:
        pool = review_worker.POOL.executor()
        assert pool is not None
        worker_nice = pool.submit(os.nice, 0).result(timeout=WAIT)
        assert worker_nice == os.nice(0) + review_worker.WORKER_NICE > os.nice(0)
        job = review_worker.review_later(deal, 0, 1, SMALL, lambda review: None)
        assert job is not None
        found, _ = job.result(timeout=WAIT)
        jobs = review_worker.st.session_state[review_worker.JOBS]
        assert set(jobs) == {decision_key(p.dumps(), a) for p, a in decisions_of(deal, 0)}
    finally:
        pool = review_worker.POOL.executor()
        review_worker.POOL.drop()
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    assert found.decisions == review_deal(deal, 0, budget=SMALL).decisions
