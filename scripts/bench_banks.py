"""Bytes on disk and load time of every shipped puzzle bank, largest first.

    python scripts/bench_banks.py

The load time is one cold read of the file as the app does it (parse, check every
record, keep its themes to the documented list), the median of five.
"""

from __future__ import annotations

import statistics
import sys
import time

from puzzles import bank
from puzzles.themes import documented


def load_seconds(path: object) -> float:
    times = []
    for _ in range(5):
        started = time.perf_counter()
        for rec in bank.read(path):   # type: ignore[arg-type]
            rec["themes"] = documented(rec)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> int:
    paths = sorted((p for suffix in bank.SUFFIXES for p in bank.HERE.glob(f"*{suffix}")),
                   key=lambda p: -p.stat().st_size)
    for path in paths:
        records = len(bank.read(path))
        print(f"{path.name:45} {path.stat().st_size:>9,} bytes {records:>5} puzzles "
              f"{load_seconds(path) * 1000:7.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
