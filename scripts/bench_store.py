"""What opening the progress store costs, as the app does it: open, one read, close.

    python scripts/bench_store.py                                  # a temporary SQLite file
    python scripts/bench_store.py postgresql://user:pw@127.0.0.1/db   # a PostgreSQL server

For PostgreSQL it measures with the process's connection pools (store_db.POOLS,
psycopg_pool) and without them (``Pools(keep=False)``: a new connection each time).
Prints milliseconds per open-read-close; bounded to ``--repeat`` rounds (default 50).
Writes one learner and one setting to the store it is given: never point it at a
learner's own store.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzles import store_db  # noqa: E402
from puzzles.store import open_store  # noqa: E402


def per_open_ms(target: str, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        with open_store(target) as store:
            store.setting("bench", "k")
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("target", nargs="?", help="a PostgreSQL URL (default: a temp SQLite file)")
    ap.add_argument("--repeat", type=int, default=50)
    args = ap.parse_args(argv)
    repeat = max(1, min(args.repeat, 1000))
    target = args.target or str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
    with open_store(target) as store:
        store.set_setting("bench", "k", "v")
    label = store_db.masked(target)
    if target.startswith(("postgresql://", "postgres://")):
        pooled = per_open_ms(target, repeat)
        store_db.POOLS.close()
        store_db.POOLS = store_db.Pools(keep=False)
        fresh = per_open_ms(target, repeat)
        store_db.POOLS.close()
        print(f"{label}: open + read + close, median of {repeat}: {pooled:.2f} ms with the "
              f"pool, {fresh:.2f} ms with a new connection each time")
    else:
        print(f"{label}: open + read + close, median of {repeat}: "
              f"{per_open_ms(target, repeat):.2f} ms (SQLite: a new connection each time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
