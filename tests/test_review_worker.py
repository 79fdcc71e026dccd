"""Judging a hand's decisions in the background (app_pages.review_worker): the verdicts a
worker process reaches are the ones the review reaches itself, and the review takes them
instead of judging again (a worker that fails: tests/test_review_later.py)."""

from __future__ import annotations

import random
from concurrent.futures import Future, wait
from types import SimpleNamespace

import pytest

from app_pages import review_worker
from engine.bots import review
from engine.bots.coach import BotPlayer
from engine.bots.review import Budget, decision_key, decisions_of, review_deal
from engine.rules.deal import Deal
from engine.rules.profile import load_profile

SMALL = Budget(deals=4, confirm_deals=8, hint_deals=2)


def played(variant: str = "rubicon", actions: int = 30, seed: int = 3) -> Deal:
    deal = Deal.new(load_profile(variant), random.Random(seed), dealer=1)
    bots = [BotPlayer("beginner", random.Random(seed + p)) for p in range(deal.profile.players)]
    while not deal.is_over and len(deal.actions) < actions:
        deal.apply(bots[deal.to_move].choose_in(deal, deal.to_move))
    return deal


def test_decisions_are_the_seats_choices_from_any_action_on():
    deal = played()
    every = list(decisions_of(deal, 0))
    assert every and all(p.to_move == 0 and len(p.legal_actions()) > 1 for p, _a in every)
    assert [a for p, a in every] == [deal.actions[len(p.actions)] for p, _a in every]
    later = list(decisions_of(deal, 0, start=15))
    assert [len(p.actions) for p, _a in later] == [len(p.actions) for p, _a in every
                                                  if len(p.actions) >= 15]


def test_review_takes_known_verdicts_instead_of_judging_again(monkeypatch):
    deal = played()
    first = review_deal(deal, 0, budget=SMALL)
    known = {decision_key(p.dumps(), a): d for (p, a), d in
             zip(decisions_of(deal, 0), sorted(first.decisions, key=lambda d: d.index),
                 strict=True)}

    def no_judging(*_args, **_kwargs):
        raise AssertionError("a known decision was judged again")
    monkeypatch.setattr(review, "judge", no_judging)
    again = review_deal(deal, 0, budget=SMALL, known=known)
    assert again.decisions == first.decisions


def test_a_worker_process_reaches_the_reviews_own_verdicts(monkeypatch):
    monkeypatch.setenv(review_worker.WORKERS_ENV, "1")
    deal = played(actions=16)
    state: dict = {}
    monkeypatch.setattr(review_worker, "st", SimpleNamespace(session_state=state))
    try:
        review_worker.catch_up(deal, 0, 1, SMALL)
        review_worker.catch_up(deal, 0, 1, SMALL)      # nothing new: nothing handed over
        jobs = state[review_worker.JOBS]
        assert len(jobs) == len(list(decisions_of(deal, 0)))
        wait(list(jobs.values()), timeout=120)          # the deal goes on meanwhile
        found = {key: job.result() for key, job in jobs.items()}
    finally:
        pool = review_worker.POOL.executor()
        review_worker.POOL.drop()
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    inline = review_deal(deal, 0, budget=SMALL)
    assert len(found) == len(inline.decisions)
    assert review_deal(deal, 0, budget=SMALL, known=found).decisions == inline.decisions


@pytest.mark.parametrize("raw, count", [("0", 0), ("2", 2), ("two", 0), (" 1 ", 1)])
def test_worker_count_reads_the_setting(monkeypatch, raw, count):
    monkeypatch.setenv(review_worker.WORKERS_ENV, raw)
    assert review_worker.worker_count() == count


class _Recorder:
    """A pool that records what it is handed."""

    def __init__(self) -> None:
        self.handed: list[int] = []

    def submit(self, _fn, position: str, *_args) -> Future:
        self.handed.append(len(Deal.loads(position).actions))
        return Future()


def test_only_new_decisions_are_handed_over_and_an_undo_starts_again(monkeypatch):
    pool = _Recorder()
    monkeypatch.setattr(review_worker.POOL, "executor", lambda: pool)
    monkeypatch.setattr(review_worker, "st", SimpleNamespace(session_state={}))
    full = played(actions=40)
    early = review.deal_prefix(full, 20)
    review_worker.catch_up(early, 0, 1, SMALL)
    first = list(pool.handed)
    assert first and max(first) < 20
    review_worker.catch_up(full, 0, 1, SMALL)
    assert pool.handed[len(first):] == [len(p.actions) for p, _a in decisions_of(full, 0, 20)]
    # An undo back to action 20, then other moves: a shorter deal resets what was seen.
    handed = len(pool.handed)
    review_worker.catch_up(early, 0, 1, SMALL)
    assert len(pool.handed) == handed          # the same positions are known already
    seen = review_worker.st.session_state[review_worker.SEEN]
    assert list(seen.values()) == [20]


PARENT = """
import os, sys, time
sys.path.insert(0, {root!r})
with open({ran!r}, "a") as ran:   # who runs this script: the parent only, not its worker
    ran.write(f"{{os.getpid()}}\\n")
if __name__ == "__main__":
    os.environ["BEZIQUE_REVIEW_WORKERS"] = "1"
    from multiprocessing import resource_tracker
    from app_pages import review_worker
    pool = review_worker.POOL.executor()
    worker = pool.submit(os.getpid).result()
    print(worker, resource_tracker._resource_tracker._pid, flush=True)
    time.sleep(600)
"""


def test_the_worker_and_its_tracker_end_with_a_killed_parent(tmp_path):
    """Reliability review 3, F4: an app process killed with kill -9 (or by the OOM
    killer) left its review worker and multiprocessing's resource tracker running. And
    each worker ran the parent's main script once on start (served, the whole app)."""
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    script, ran = tmp_path / "parent.py", tmp_path / "ran"
    script.write_text(PARENT.format(root=str(Path(__file__).resolve().parents[1]),
                                    ran=str(ran)))
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE,
                              text=True, start_new_session=True)
    try:
        children = [int(pid) for pid in parent.stdout.readline().split()]   # type: ignore[union-attr]
        assert len(children) == 2 and all(_alive(pid) for pid in children)
        # A worker starts without running its parent's main script (the app, served).
        assert ran.read_text().split() == [str(parent.pid)]
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 30   # a bound, not a figure: the watch polls each second
        while any(_alive(pid) for pid in children) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not [pid for pid in children if _alive(pid)]
    finally:
        try:
            os.killpg(parent.pid, signal.SIGKILL)   # whatever is left of the group
        except ProcessLookupError:
            pass


def _alive(pid: int) -> bool:
    """Running, not a zombie waiting for its (dead) parent's reaper."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
