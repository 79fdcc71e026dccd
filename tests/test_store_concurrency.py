"""The progress store under concurrency, on SQLite and PostgreSQL (reliability
review F12, F13): opening a fresh store from several processes at once, and several
processes recording attempts for one learner."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from _store_backends import BACKENDS, Places, places_fixture

from puzzles.store import SCHEMA_VERSION, open_store

ROOT = Path(__file__).parent.parent
places = pytest.fixture(params=BACKENDS)(places_fixture)

OPENER = """
import json, sys, time
from puzzles.store import open_store, ProgressStoreError
start, step, targets = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3:]
out = []
for k, target in enumerate(targets):
    time.sleep(max(0.0, start + k * step - time.time()))
    try:
        open_store(target).close()
        out.append("ok")
    except ProgressStoreError as exc:
        out.append(str(exc))
print(json.dumps(out))
"""


def _run_all(script: str, argv: list[list[str]], timeout: float) -> list[str]:
    procs = [subprocess.Popen([sys.executable, "-c", script, *args], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for args in argv]
    outs = []
    for proc in procs:
        out, err = proc.communicate(timeout=timeout)
        assert proc.returncode == 0, err
        outs.append(out)
    return outs


def test_processes_opening_a_fresh_store_at_once_all_succeed(places: Places) -> None:
    """F12: three processes open each of 15 new stores at the same instant. Before the
    fix the loser's CREATE TABLE failed and was reported as a corrupted file."""
    targets = [places.new("race") for _ in range(15)]
    start = time.time() + 1.5     # after every process has imported the store
    outs = _run_all(OPENER, [[str(start), "0.1", *targets]] * 3, timeout=60)
    failures = [r for out in outs for r in json.loads(out) if r != "ok"]
    assert failures == []
    for target in targets[:3]:
        with open_store(target) as store:
            assert store.schema_version == SCHEMA_VERSION


WRITER = """
import sys, time
from puzzles.store import open_store
target, start, n, seed = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
puzzle = {"id": "m-x", "kind": "meld", "type": "spot", "rating": 1500, "themes": ["t"]}
with open_store(target) as store:
    time.sleep(max(0.0, start - time.time()))
    for k in range(n):
        store.record_attempt("ann", puzzle, float((k + seed) % 2),
                             scopes={"meld:bezique": float((k // 2 + seed) % 2)})
"""


def test_concurrent_attempts_each_start_from_the_last_committed_rating(
        places: Places) -> None:
    """F13: 3 processes x 500 attempts for one learner. Each attempt's rating_before is
    the rating_after of the attempt committed just before it; before the fix the
    rating was read outside the write transaction and updates were lost."""
    target = places.new("writers")
    open_store(target).close()
    start = time.time() + 1.5
    _run_all(WRITER, [[target, str(start), "500", str(seed)] for seed in range(3)],
             timeout=120)
    with open_store(target) as store:
        attempts = store.attempts("ann")
        assert len(attempts) == 1500
        assert attempts[0]["rating_before"] == 1500.0
        stale = [a["id"] for prev, a in zip(attempts, attempts[1:], strict=False)
                 if a["rating_before"] != prev["rating_after"]]
        assert stale == []
        assert store.rating("ann").rating == attempts[-1]["rating_after"]
        games = {r["scope"]: r["games"] for r in store.ratings("ann")}
        assert games == {"overall": 1500, "kind:meld": 1500, "theme:t": 1500,
                         "meld:bezique": 1500}
        # The puzzle's rating chain is whole too: each attempt saw the previous update.
        puzzle_games = store.conn.execute(
            "SELECT games FROM puzzle_ratings WHERE puzzle_id = 'm-x'").fetchone()[0]
        assert puzzle_games == 1500
        assert len({a["puzzle_rating"] for a in attempts}) > 1400


SRS_WRITER = """
import json, sys, time
from datetime import datetime, timedelta, UTC
from puzzles import srs
from puzzles.store import open_store
target, start, n, seed = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
t0 = datetime(2025, 1, 1, tzinfo=UTC)
scheduler = srs.scheduler()
review_card = scheduler.review_card
started_from = []   # the stored card each review started from (its last review time)

def logged(card, *args, **kwargs):
    started_from.append(None if card.last_review is None else card.last_review.isoformat())
    return review_card(card, *args, **kwargs)

scheduler.review_card = logged
with open_store(target) as store:
    time.sleep(max(0.0, start - time.time()))
    for k in range(n):
        srs.review(store, "ann", "meld:bezique", 0.0, t0 + timedelta(minutes=3 * k + seed))
print(json.dumps(started_from))
"""


def test_concurrent_srs_reviews_each_start_from_the_last_committed_card(
        places: Places) -> None:
    """F13, the SRS path: 3 processes x 150 failed reviews of one card. Each review
    starts from the card the previous review stored, so no two start from the same
    one; before the fix the card was read before the write transaction."""
    from puzzles import srs

    target = places.new("srs")
    with open_store(target) as store:
        srs.set_enabled(store, "ann", True)
    start = time.time() + 1.5
    outs = _run_all(SRS_WRITER, [[target, str(start), "150", str(seed)] for seed in range(3)],
                    timeout=120)
    started = [s for out in outs for s in json.loads(out)]
    assert len(started) == 450 and started.count(None) == 1
    assert len(set(started)) == 450     # a repeat means a review was overwritten
    with open_store(target) as store:
        assert store.srs_items("ann")[0]["lapses"] == 450
