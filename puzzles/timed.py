"""The timed recognition run: a fixed time, a stream of hands ("spot every legal
declaration"), one point per hand answered exactly, then a review of the misses.

A run is plain data (for ``st.session_state``); the clock is injected (``now``
in seconds, e.g. ``time.monotonic()``), so tests need no sleeping.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from puzzles import bank, meld_bank

SECONDS = 60
STREAM = 60   # hands prepared per run (more than anyone answers in a minute)


def start(rng: random.Random, seconds: int = SECONDS, now: float = 0.0) -> dict[str, Any]:
    spots = [r for r in bank.load("meld") if r["type"] == "spot"]
    chosen = rng.sample(spots, min(STREAM, len(spots)))
    items = [meld_bank.fresh_instance(r, rng) for r in chosen]
    return {"items": items, "index": 0, "score": 0, "answered": 0, "misses": [],
            "started": now, "seconds": seconds}


def left(run: Mapping[str, Any], now: float) -> float:
    return max(0.0, float(run["started"]) + float(run["seconds"]) - now)


def finished(run: Mapping[str, Any], now: float) -> bool:
    return left(run, now) <= 0 or run["index"] >= len(run["items"])


def current(run: Mapping[str, Any]) -> dict[str, Any] | None:
    items = run["items"]
    return items[run["index"]] if run["index"] < len(items) else None


def answer(run: Mapping[str, Any], given: Sequence[str], now: float) -> dict[str, Any]:
    """Score one hand; answers after the time is up are ignored."""
    new = dict(run, misses=list(run["misses"]))
    item = current(run)
    if item is None or finished(run, now):
        return new
    chosen = sorted(set(given))
    if chosen == item["answer"]:
        new["score"] += 1
    else:
        new["misses"].append({"id": item["id"], "position": item["position"],
                              "given": chosen, "answer": item["answer"]})
    new["answered"] += 1
    new["index"] += 1
    return new
