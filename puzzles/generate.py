"""Reproducible puzzle generation: ``generate(kind, seed, count)`` is a pure
function of its arguments (deal seeds are drawn from ``random.Random(seed)``).

Meld banks mix the three question types (40 % spot, 30 % best, 30 % legal, with
legal/refused balanced); endgame banks take at most two puzzles of each type
from one deal and aim for half ``best`` (unique first card) puzzles.

Two shipped banks are unions of runs (``bezique puzzles generate``)::

    --kind endgame --variant rubicon-four-handed --types best --count 60 \
        --min-tricks 4 --max-tricks 6 --seed 1     # 4-6 tricks left
    --kind endgame --variant rubicon-four-handed --types best --count 60 \
        --min-tricks 7 --max-tricks 9 --seed 2     # 7-9 tricks left (issue #22)
    --kind meld --variant eight-pack --count 100 --seed 1
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any

from engine.rules.profile import load_profile
from puzzles import endgame, meld_bank
from puzzles.simulate import declare_spots

KINDS = ("meld", "endgame")
MELD_SHARE = {"spot": 0.4, "best": 0.3, "legal": 0.3}
ENDGAME_SHARE = {"best": 0.5, "value": 0.5}
PER_DEAL = 2
MAX_DEALS_PER_PUZZLE = 200   # give up when a variant cannot supply puzzles

Progress = Callable[[int, int], None]


def _quotas(share: dict[str, float], count: int) -> dict[str, int]:
    quotas = {k: int(count * v) for k, v in share.items()}
    first = next(iter(quotas))
    quotas[first] += count - sum(quotas.values())
    return quotas


def _take(pool: list[dict[str, Any]], quota: dict[str, int], got: dict[str, list[Any]],
          seen: set[str], rng: random.Random, key: Callable[[dict[str, Any]], str]) -> None:
    rng.shuffle(pool)
    taken: dict[str, int] = {}
    for rec in pool:
        group = key(rec)
        if rec["type"] not in quota or rec["id"] in seen or \
                len(got[rec["type"]]) >= quota[rec["type"]]:
            continue
        if taken.get(group, 0) >= PER_DEAL:
            continue
        if rec["type"] == "legal":
            legal = sum(1 for r in got["legal"] if r["answer"]["legal"])
            refused = len(got["legal"]) - legal
            if rec["answer"]["legal"] and legal > refused + 2:
                continue
            if not rec["answer"]["legal"] and refused > legal + 2:
                continue
        if rec["type"] == "spot" and not rec["answer"] and rng.random() > 0.15:
            continue
        taken[group] = taken.get(group, 0) + 1
        seen.add(rec["id"])
        got[rec["type"]].append(rec)


def _deal_seeds(seed: int) -> Iterator[int]:
    rng = random.Random(seed)
    while True:
        yield rng.randrange(2 ** 31)


def generate(kind: str, seed: int, count: int, variant: str = "two-handed",
             progress: Progress | None = None, *, types: Sequence[str] | None = None,
             min_tricks: int = 2, max_tricks: int | None = None) -> list[dict[str, Any]]:
    """``count`` puzzles of ``kind`` ("meld" or "endgame"), sorted by id.

    ``types`` keeps only those question types (Rubicon-family endgames keep
    ``best``: their values mix the last trick and brisques); ``min_tricks`` and
    ``max_tricks`` bound the tricks left in endgame positions."""
    if kind not in KINDS:
        raise ValueError(f"unknown puzzle kind {kind!r}; expected one of {', '.join(KINDS)}")
    profile = load_profile(variant)
    share = MELD_SHARE if kind == "meld" else ENDGAME_SHARE
    if types is not None:
        unknown = sorted(set(types) - set(share))
        if unknown or not types:
            raise ValueError(f"unknown {kind} puzzle type(s) {', '.join(unknown) or '(none)'}; "
                             f"expected some of {', '.join(share)}")
        share = {t: 1.0 / len(set(types)) for t in share if t in types}
    if min_tricks < 1 or (max_tricks is not None and max_tricks < min_tricks):
        raise ValueError("need 1 <= min_tricks <= max_tricks")
    quota = _quotas(share, count)
    got: dict[str, list[dict[str, Any]]] = {k: [] for k in quota}
    seen: set[str] = set()
    pick = random.Random(seed ^ 0x5EED)
    deals = 0
    patience = 2 * count + 20
    for deal_seed in _deal_seeds(seed):
        total = sum(len(v) for v in got.values())
        if total >= count or deals > MAX_DEALS_PER_PUZZLE * max(count, 1):
            break
        deals += 1
        if kind == "meld":
            pool = []
            for spot in declare_spots(profile, deal_seed, greed=0.3, hoard=0.9):
                for recs in meld_bank.records_from(spot).values():
                    pool.extend(recs)
            _take(pool, quota, got, seen, pick, key=lambda r: r["type"])
        else:
            pool = endgame.records_from_deal(profile, deal_seed, min_tricks, max_tricks)
            _take(pool, quota, got, seen, pick, key=lambda r: r["type"])
        # When one type runs dry (a variant without refusals, say), let the others fill.
        if deals == patience:
            short = count - sum(len(v) for v in got.values())
            for k in quota:
                quota[k] = max(quota[k], len(got[k]) + short)
        if progress is not None:
            progress(min(count, sum(len(v) for v in got.values())), count)
    out = [r for recs in got.values() for r in recs][:count]
    return sorted(out, key=lambda r: r["id"])


class ProgressBar:
    """A one-line progress bar on stderr (no dependency)."""

    def __init__(self, stream: IO[str] | None = None, width: int = 30) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.start = time.perf_counter()
        self.last = -1.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        filled = self.width * done // max(total, 1)
        rate = done / max(now - self.start, 1e-9) * 60
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} "
                          f"puzzles, {rate:.0f}/min")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()
